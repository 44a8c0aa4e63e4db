"""The displayio screen, shared by every board profile (device and desktop simulator).

Layout on 160x128 pixels: an 8-pixel status bar on top (mines left, state, timer) and the board
below as one TileGrid of 20x15 cells of 8x8 pixels over the sprite sheet from ``boards.tiles``.
Boards larger than that scroll with the cursor; smaller ones are centred, and a puzzle (puzzle
mode) of at most 10x7 cells is drawn at scale 2: 16-pixel tiles. The status bar uses
``boards.font.TextLine`` (a 5x7 font: terminalio's 12-pixel text does not fit in 8 pixels); the
menus and pages are ``boards.text_screen`` (made while one is in front; its code is loaded only
then, mines.phases) and so are the end-of-game panel's lines.

Redraw is a diff (Tatham's draw state): ``_drawn`` holds the tile each screen cell shows now, and
a cell is written only when the wanted tile differs. Text is remade only when what it shows
changed; nothing is allocated in a frame where nothing changed. ``draw()`` returns True when
anything changed, so the caller refreshes only then.
"""

from mines._const import const
import displayio

from boards.tiles import BACKGROUND, BLANK, CURSOR, LIT, OVER, SPIN, SPIN_FRAMES, START, TILE
from boards.font import Font, TextLine
# (numbers only: nothing here holds the text screen's code, which leaves the heap with it)
from boards.text_screen import CHAR_W, LINE_H
from mines.flow import midend as M
from mines.engine.game import COVERED

COLS = 20  # board cells in view
ROWS = 15
BAR = 8  # status bar height, pixels
_MARGIN = const(2)  # cells kept between the cursor and the edge of the view when scrolling
_MINES_CHARS = const(5)  # status bar fields, characters: "*045", the state, "123"
_STATE_CHARS = const(17)  # longer takes the whole bar (26)
_TIME_CHARS = const(3)
_PANEL_LINES = const(4)  # the end-of-game panel's most lines
_PANEL_PAD = const(2)  # pixels of band above and below the panel's lines
_BAND_SCALE = const(4)  # the band's bitmap drawn 4 times larger
_COORD = const(32)  # packing base for the board's draw key: above any width, height or offset
_SPIN_SLOWDOWN = const(2)  # the spinner shows a picture for 1 << this many frames
_GAMES = const(1 << 20)  # packing base for the panel's key (state, games played): above any count
_PANEL_X = const(2)  # the panel's left margin, pixels

_WHITE = const(0xFFFFFF)
_RED = const(0xFF2020)
_YELLOW = const(0xFFFF00)
_GREY = const(0xA0A0A0)
_GREEN = const(0x40FF40)
_BLACK = const(0x000000)
_PROGRESS = const(0x006000)
_STATE_COLOURS = (_WHITE, _WHITE, _YELLOW, _WHITE, _YELLOW, _GREEN, _RED)


def _span(bitmap, start, end, value):
    """Pixels start..end-1 of a one-pixel-thin ``bitmap`` (a row or a column) set to ``value``.
    (Bitmaps and TileGrids are indexed by one int here and below: an (x, y) index would be a
    tuple made on every write.)"""
    for i in range(start, end):
        bitmap[i] = value


class View:
    """Everything on screen. ``width`` and ``height`` are the display's, in pixels."""

    def __init__(self, display, width=160, height=128):
        self.display = display
        self.width = width
        self.height = height
        font = Font()
        self.font = font
        from boards import forget, tiles
        palette = tiles.make_palette()
        sheet = tiles.make_sheet()
        del tiles
        forget("boards.tiles")  # its drawings and code are needed only to make the sheet
        self.root = displayio.Group()

        # background: one pixel scaled up to the whole screen
        bg_bitmap = displayio.Bitmap(1, 1, 1)
        bg_palette = displayio.Palette(1)
        bg_palette[0] = BACKGROUND
        bg = displayio.TileGrid(bg_bitmap, pixel_shader=bg_palette, width=1, height=1,
                                tile_width=1, tile_height=1)
        self._bg_group = displayio.Group(scale=max(width, height))
        self._bg_group.append(bg)
        self.root.append(self._bg_group)

        # board and cursor, in a Group whose scale is 2 for a small puzzle (``zoom``): 16-pixel
        # tiles drawn from the same 8-pixel sheet, no other bitmap
        self.board_group = displayio.Group()
        self.zoom = displayio.Group()
        self.grid = displayio.TileGrid(sheet, pixel_shader=palette, width=COLS, height=ROWS,
                                       tile_width=TILE, tile_height=TILE,
                                       default_tile=BLANK)
        self.cursor = displayio.TileGrid(sheet, pixel_shader=palette, width=1, height=1,
                                         tile_width=TILE, tile_height=TILE,
                                         default_tile=CURSOR)
        self.zoom.append(self.grid)
        self.zoom.append(self.cursor)
        self.board_group.append(self.zoom)
        # where the view is on a board larger than the screen: a line along the bottom edge
        # (columns in view) and one along the right edge (rows in view)
        # (the column is a TileGrid of one-pixel tiles over a two-pixel bitmap: a bitmap one
        # pixel wide would take a 32-bit word a row)
        self._across = displayio.Bitmap(width, 1, 2)
        dots = displayio.Bitmap(2, 1, 2)
        dots[1] = 1
        marks = displayio.Palette(2)
        marks[1] = _YELLOW
        marks.make_transparent(0)
        self._across_grid = displayio.TileGrid(self._across, pixel_shader=marks, y=height - 1)
        self._down = displayio.TileGrid(dots, pixel_shader=marks, width=1, height=ROWS * TILE,
                                        tile_width=1, tile_height=1, x=width - 1, y=BAR)
        self.board_group.append(self._across_grid)
        self.board_group.append(self._down)
        self._a0 = self._a1 = self._d0 = self._d1 = 0  # the lines as drawn, pixels
        self.root.append(self.board_group)
        self._drawn = bytearray(COLS * ROWS)
        for i in range(COLS * ROWS):
            self._drawn[i] = BLANK
        self.ox = 0  # first board column and row in view
        self.oy = 0
        self._board_where = self._board_what = self._board_mark = -2
        self._board_game = None

        # status bar; its background doubles as the progress bar while a board is being made
        self._progress_bitmap = displayio.Bitmap(width, BAR, 2)
        progress_palette = displayio.Palette(2)
        progress_palette[0] = _BLACK
        progress_palette[1] = _PROGRESS
        self._bar = displayio.Group()
        self._bar.append(displayio.TileGrid(self._progress_bitmap, pixel_shader=progress_palette))
        self._progress_drawn = 0
        self.mines_label = TextLine(font, _MINES_CHARS, _RED, 1, 0)
        self.state_label = TextLine(font, width // 6, _WHITE, width // 2, 0, align=1)
        self.time_label = TextLine(font, _TIME_CHARS, _RED, width - 1, 0, align=2)
        for lab in (self.mines_label, self.state_label, self.time_label):
            self._bar.append(lab.group)
        self.root.append(self._bar)

        # end-of-game panel: lines on a black band at the bottom, over the board
        self.panel = displayio.Group()
        # (a sixteenth of the pixels in a Group of scale 4: 12 pixels a line, 2 above and
        # below, are multiples of 4)
        band = displayio.Bitmap(width // _BAND_SCALE,
                                (_PANEL_LINES * LINE_H + 2 * _PANEL_PAD) // _BAND_SCALE, 1)
        band_palette = displayio.Palette(1)
        band_palette[0] = _BLACK
        self._band = displayio.Group(scale=_BAND_SCALE, y=height)
        self._band.append(displayio.TileGrid(band, pixel_shader=band_palette))
        self.panel.append(self._band)
        # while it shows, a boards.text_screen.Text of the first line (green or red) and one of
        # the rest
        self.panel_lines = ()  # type: tuple
        self._panel_h = 0
        self.root.append(self.panel)

        # menus and pages: a boards.text_screen.TextScreen while one is in front (None while the
        # board is), the last one's scroll kept for the next
        self.text = None
        self._text_kept = (None, 0)

        self._bar_state = self._bar_left = self._bar_sec = self._bar_progress = -1000
        self._bar_start = -1000
        self._bar_message = None
        self._panel_key = -1
        display.root_group = self.root

    @staticmethod
    def _text(line, text, colour=None):
        """Set a line's text (and colour); True if it changed."""
        return line.set(text, colour)

    # -- drawing -------------------------------------------------------------------------

    def draw(self, m, frame=0):
        """Bring the screen up to date with midend ``m``. ``frame`` counts frames (animation).
        Returns True when something changed on screen."""
        changed = False
        screen_up = m.screen is not None
        bar_up = m.state != M.MENU
        if self.board_group.hidden != screen_up or self._bar.hidden == bar_up:
            self.board_group.hidden = screen_up
            self._bar.hidden = not bar_up
            changed = True
        if bar_up:
            changed |= self._draw_bar(m)
        text = self.text
        if screen_up:
            if text is None:
                text = self._open_text()
            changed |= text.draw(m, BAR if bar_up else 0)
        else:
            if text is not None:  # its Labels and objects back to the heap for the game
                self._close_text(text)
                changed = True
            changed |= self._draw_board(m, frame)
        changed |= self._set_panel(m)
        return changed

    def _open_text(self):
        from boards.text_screen import TextScreen
        text = self.text = TextScreen(self.width, self.height)
        text.shown, text.first = self._text_kept
        self.root.append(text.group)
        return text

    def _close_text(self, text):
        self._text_kept = (text.shown, text.first)
        self.root.remove(text.group)
        self.text = None

    def _draw_bar(self, m):
        changed = False
        left = m.mines_left()
        sec = m.seconds()
        progress = m.progress()
        # strings are made only when what they show changed: nothing is allocated per frame
        if (m.state != self._bar_state or left != self._bar_left or sec != self._bar_sec
                or m.message is not self._bar_message or progress != self._bar_progress
                or m.start_x != self._bar_start):
            self._bar_state, self._bar_left, self._bar_sec = m.state, left, sec
            self._bar_message, self._bar_progress = m.message, progress
            self._bar_start = m.start_x
            changed |= self._draw_bar_text(m, left, sec)
        p = progress * self.width // 100 if m.state == M.GENERATING else 0
        if p != self._progress_drawn:
            bm = self._progress_bitmap
            lo, hi = min(p, self._progress_drawn), max(p, self._progress_drawn)
            v = 1 if p > self._progress_drawn else 0
            for x in range(lo, hi):
                for y in range(BAR):
                    bm[y * self.width + x] = v
            self._progress_drawn = p
            changed = True
        return changed

    def _draw_bar_text(self, m, left, sec):
        status = m.status()
        wide = len(status) > _STATE_CHARS   # the whole bar: no mines, no time
        changed = self._text(self.mines_label, "" if wide else ("*%03d" % left) if left >= 0
                             else "*-%02d" % (-left))
        changed |= self._text(self.time_label, "" if wide else "%03d" % sec)
        changed |= self._text(self.state_label, status, _STATE_COLOURS[m.state])
        return changed

    def _draw_position(self, m, w, h):
        """The lines that show which part of a larger board is in view. True if they moved.
        (Plain ints, no tuples: this runs every frame and allocates nothing.)"""
        changed = False
        a0 = a1 = d0 = d1 = 0
        if w > COLS:
            a0 = self.ox * self.width // w
            a1 = (self.ox + COLS) * self.width // w
        if a0 != self._a0 or a1 != self._a1:
            _span(self._across, self._a0, self._a1, 0)
            _span(self._across, a0, a1, 1)
            self._a0, self._a1 = a0, a1
            changed = True
        if h > ROWS:
            span = ROWS * TILE
            d0 = self.oy * span // h
            d1 = (self.oy + ROWS) * span // h
        if d0 != self._d0 or d1 != self._d1:
            _span(self._down, self._d0, self._d1, 0)
            _span(self._down, d0, d1, 1)
            self._d0, self._d1 = d0, d1
            changed = True
        return changed

    def _scroll(self, m):
        """Keep the cursor in view, _MARGIN cells from the edges where the board allows."""
        w, h = m.board_width(), m.board_height()
        ox, oy = self.ox, self.oy
        if w <= COLS:
            ox = 0
        else:
            if m.cx - ox < _MARGIN:
                ox = m.cx - _MARGIN
            elif m.cx - ox > COLS - 1 - _MARGIN:
                ox = m.cx - (COLS - 1 - _MARGIN)
            ox = max(0, min(w - COLS, ox))
        if h <= ROWS:
            oy = 0
        else:
            if m.cy - oy < _MARGIN:
                oy = m.cy - _MARGIN
            elif m.cy - oy > ROWS - 1 - _MARGIN:
                oy = m.cy - (ROWS - 1 - _MARGIN)
            oy = max(0, min(h - ROWS, oy))
        self.ox, self.oy = ox, oy

    def _draw_board(self, m, frame):
        changed = False
        state = m.state
        w, h = m.board_width(), m.board_height()
        self._scroll(m)
        changed |= self._draw_position(m, w, h)
        # Puzzle mode: a puzzle that fits at twice the size is drawn so (grid and cursor
        # positions are then in 16-pixel units' halves: the zoom Group doubles them).
        z = 2 if m.mode and 2 * TILE * w <= self.width and 2 * TILE * h <= self.height - BAR else 1
        if self.zoom.scale != z:
            self.zoom.scale = z
            changed = True
        gx = (self.width - min(w, COLS) * TILE * z) // 2 // z
        gy = (BAR + (self.height - BAR - min(h, ROWS) * TILE * z) // 2 + z - 1) // z
        if self.grid.x != gx or self.grid.y != gy:
            self.grid.x = gx
            self.grid.y = gy
            changed = True
        game = m.game
        hidden = game is None or state == M.READY or state == M.GENERATING
        # what the cells depend on, packed in small ints (no tuple per frame)
        where = ((self.ox * _COORD + self.oy) * _COORD + w) * _COORD + h
        what = -1 if hidden else game.version
        if not hidden and m.assist is not None:   # the numbers proving a hint are lit
            what += (m.assist.marks_version & 255) << 20
        mark = (m.start_x + 1) * _COORD + m.start_y + 1
        if (where != self._board_where or what != self._board_what or mark != self._board_mark
                or game is not self._board_game):
            self._board_where, self._board_what, self._board_mark = where, what, mark
            self._board_game = game
            changed |= self._draw_cells(m, hidden)
        # cursor
        cx = gx + (m.cx - self.ox) * TILE
        cy = gy + (m.cy - self.oy) * TILE
        if self.cursor.x != cx or self.cursor.y != cy:
            self.cursor.x = cx
            self.cursor.y = cy
            changed = True
        tile = CURSOR
        if state == M.GENERATING:
            tile = SPIN + (frame >> _SPIN_SLOWDOWN) % SPIN_FRAMES
        if self.cursor[0] != tile:
            self.cursor[0] = tile
            changed = True
        # the mine that went off is under the cursor: show it (until the cursor moves)
        lost = state == M.LOST and game.boom == (m.cy + 1) * game.stride + m.cx + 1
        if self.cursor.hidden != lost:
            self.cursor.hidden = lost
            changed = True
        return changed

    def _draw_cells(self, m, hidden):
        """Write the tiles that differ from the draw state. True if any did."""
        w, h = m.board_width(), m.board_height()
        ox, oy = self.ox, self.oy
        drawn = self._drawn
        grid = self.grid
        covered = COVERED
        shown = None
        stride = 0
        lit = None
        over = None
        if not hidden:
            shown = m.game.shown
            stride = m.game.stride
            if m.assist is not None and m.assist.game is m.game:
                lit = m.assist.marks
            over = getattr(m.game, "overfull", None) or None  # (not in a puzzle)
        start = -1
        if m.start_x >= 0:
            start = (m.start_y - oy) * COLS + (m.start_x - ox)
        changed = False
        vis_w = min(w, COLS)
        vis_h = min(h, ROWS)
        k = 0
        for sy in range(ROWS):
            row = (sy + oy + 1) * stride + ox + 1
            for sx in range(COLS):
                if sx >= vis_w or sy >= vis_h:
                    t = BLANK
                elif shown is None:
                    t = covered
                else:
                    t = shown[row + sx]
                    if t <= 8:
                        if over is not None and row + sx in over:
                            t += OVER
                        elif lit is not None and lit[row + sx]:
                            t += LIT
                if k == start and t == covered:
                    t = START
                if drawn[k] != t:
                    drawn[k] = t
                    grid[k] = t
                    changed = True
                k += 1
        return changed

    def _set_panel(self, m):
        """The end-of-game panel: m.result_lines() on a band over the board, at the bottom, or
        at the top while the cursor is in the lower half (the arrows move it out of the way)."""
        state = m.state
        changed = False
        show = (state == M.WON or state == M.LOST) and m.screen is None
        if show:
            key = state * _GAMES + m.finished  # a new result: new lines (not every frame)
            if key != self._panel_key:
                self._panel_key = key
                from boards.text_screen import Text, wrap
                lines = m.result_lines()[:_PANEL_LINES]
                columns = self.width // CHAR_W
                if not self.panel_lines:
                    self.panel_lines = (Text(columns, 1, _WHITE),
                                        Text(columns, _PANEL_LINES - 1, _GREY))
                    for text in self.panel_lines:
                        for grid in text.grids:
                            self.panel.append(grid)
                head, rest = self.panel_lines
                head.set_colour(_GREEN if state == M.WON else _RED)
                head.set(0, wrap(lines[0], columns)[0])
                for k in range(1, _PANEL_LINES):
                    rest.set(k - 1, wrap(lines[k], columns)[0] if k < len(lines) else "")
                self._panel_h = len(lines) * LINE_H + 2 * _PANEL_PAD
                self._band.y = -1
                changed = True
            top = self.height - self._panel_h
            if self.cursor.y * self.zoom.scale >= (BAR + self.height) // 2:
                top = BAR
            if self._band.y != top:
                head, rest = self.panel_lines
                self._band.y = top
                head.move(_PANEL_X, top + _PANEL_PAD)
                rest.move(_PANEL_X, top + _PANEL_PAD + LINE_H)
                changed = True
            show = True
        if self.panel.hidden == show:
            self.panel.hidden = not show
            changed = True
            if not show:  # the lines' TileGrids back to the heap
                for text in self.panel_lines:
                    for grid in text.grids:
                        self.panel.remove(grid)
                self.panel_lines = ()
                self._panel_key = -1
        return changed
