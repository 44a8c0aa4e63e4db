"""The displayio screen, shared by every board profile (device and desktop simulator).

Layout on 160x128 pixels: an 8-pixel status bar on top (mines left, state, timer) and the board
below as one TileGrid of 20x15 cells of 8x8 pixels over the sprite sheet from ``boards.tiles``.
Boards larger than that scroll with the cursor; smaller ones are centred. The menu, the status
bar and the end-of-game panel are ``boards.font.TextLine``s: one TileGrid per line over a 5x7
font drawn in code.

Redraw is a diff (Tatham's draw state): ``_drawn`` holds the tile each screen cell shows now, and
a cell is written only when the wanted tile differs. Text is remade only when what it shows
changed, and then only the characters that differ are written; nothing is allocated in a frame
where nothing changed. ``draw()`` returns True when anything changed, so the caller refreshes
only then.
"""

import displayio

from boards import tiles
from boards.font import Font, TextLine
from mines import midend as M

COLS = 20
ROWS = 15
TILE = 8
BAR = 8
_MARGIN = 2  # cells kept between the cursor and the edge of the view when scrolling

_WHITE = 0xFFFFFF
_RED = 0xFF2020
_YELLOW = 0xFFFF00
_GREY = 0xA0A0A0
_STATE_COLOURS = (_WHITE, _WHITE, _YELLOW, _WHITE, _YELLOW, 0x40FF40, _RED)


class View:
    """Everything on screen. ``width`` and ``height`` are the display's, in pixels."""

    def __init__(self, display, width=160, height=128):
        self.display = display
        self.width = width
        self.height = height
        font = Font()
        self.font = font
        palette = tiles.make_palette()
        sheet = tiles.make_sheet()
        self.root = displayio.Group()

        # background
        bg_bitmap = displayio.Bitmap(1, 1, 1)
        bg_palette = displayio.Palette(1)
        bg_palette[0] = tiles.BACKGROUND
        bg = displayio.TileGrid(bg_bitmap, pixel_shader=bg_palette, width=1, height=1,
                                tile_width=1, tile_height=1)
        self._bg_group = displayio.Group(scale=max(width, height))
        self._bg_group.append(bg)
        self.root.append(self._bg_group)

        # board and cursor
        self.board_group = displayio.Group()
        self.grid = displayio.TileGrid(sheet, pixel_shader=palette, width=COLS, height=ROWS,
                                       tile_width=TILE, tile_height=TILE,
                                       default_tile=tiles.BLANK)
        self.cursor = displayio.TileGrid(sheet, pixel_shader=palette, width=1, height=1,
                                         tile_width=TILE, tile_height=TILE,
                                         default_tile=tiles.CURSOR)
        self.board_group.append(self.grid)
        self.board_group.append(self.cursor)
        self.root.append(self.board_group)
        self._drawn = bytearray(COLS * ROWS)
        for i in range(COLS * ROWS):
            self._drawn[i] = tiles.BLANK
        self.ox = 0  # first board column and row in view
        self.oy = 0
        self._board_where = self._board_what = self._board_mark = -2
        self._board_game = None

        # status bar; its background doubles as the progress bar while a board is being made
        self._progress_bitmap = displayio.Bitmap(width, BAR, 2)
        progress_palette = displayio.Palette(2)
        progress_palette[0] = 0x000000
        progress_palette[1] = 0x006000
        self._bar = displayio.Group()
        self._bar.append(displayio.TileGrid(self._progress_bitmap, pixel_shader=progress_palette))
        self._progress_drawn = 0
        self.mines_label = TextLine(font, 5, _RED, 1, 0)
        self.state_label = TextLine(font, 17, _WHITE, width // 2, 0, align=1)
        self.time_label = TextLine(font, 3, _RED, width - 1, 0, align=2)
        for lab in (self.mines_label, self.state_label, self.time_label):
            self._bar.append(lab.group)
        self.root.append(self._bar)

        # end-of-game panel and pause notice: two lines on a black band
        self.panel = displayio.Group()
        band = displayio.Bitmap(width, 20, 1)
        band_palette = displayio.Palette(1)
        band_palette[0] = 0x000000
        self._band = displayio.TileGrid(band, pixel_shader=band_palette, y=height - 20)
        self.panel.append(self._band)
        self.panel1 = TextLine(font, 26, _WHITE, width // 2, height - 19, align=1)
        self.panel2 = TextLine(font, 26, _GREY, width // 2, height - 10, align=1)
        for lab in (self.panel1, self.panel2):
            self.panel.append(lab.group)
        self.root.append(self.panel)

        # menu
        self.menu = displayio.Group()
        title = TextLine(font, 13, _YELLOW, width // 2, 11, align=1, scale=2)
        title.set("PyGamer Mines")
        self.menu.append(title.group)
        self.menu_labels = []
        for r in range(M.MENU_ROWS):
            lab = TextLine(font, 24, _WHITE, 8, 31 + 10 * r)
            self.menu_labels.append(lab)
            self.menu.append(lab.group)
        self.menu_hint = TextLine(font, 26, _GREY, width // 2, height - 9, align=1)
        self.menu_hint0 = TextLine(font, 26, _GREY, width // 2, height - 18, align=1)
        self.menu.append(self.menu_hint.group)
        self.menu.append(self.menu_hint0.group)
        self.root.append(self.menu)

        self._menu_version = -1
        self._menu_message = None
        self._menu_ready = False
        self._bar_state = self._bar_left = self._bar_sec = self._bar_progress = -1000
        self._bar_message = None
        self._panel_key = -1
        self._spin = 0
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
        in_menu = m.state == M.MENU
        if self.menu.hidden == in_menu:
            self.menu.hidden = not in_menu
            self.board_group.hidden = in_menu
            changed = True
        changed |= self._draw_bar(m)
        if in_menu:
            changed |= self._draw_menu(m)
            changed |= self._set_panel(m)
            return changed
        changed |= self._draw_board(m, frame)
        changed |= self._set_panel(m)
        return changed

    def _draw_menu(self, m):
        ready = m.prepared()
        if (m.menu_version == self._menu_version and m.message is self._menu_message
                and ready == self._menu_ready):
            return False
        self._menu_version, self._menu_message, self._menu_ready = m.menu_version, m.message, ready
        lines = m.menu_lines()
        for r in range(M.MENU_ROWS):
            name, value = lines[r]
            sel = r == m.row
            if r == M.ROW_START:
                text = "> Play <" if sel else "  Play"
            elif sel:
                text = "%-7s< %s >" % (name, value)
            else:
                text = "%-7s  %s" % (name, value)
            self._text(self.menu_labels[r], text, _YELLOW if sel else _WHITE)
        first = ""
        if m.message:
            hint = m.message
            if len(hint) > 26:  # a long message (a parameter check) takes two lines
                cut = hint.rfind(" ", 0, 27)
                if cut < 1:
                    cut = 26
                first, hint = hint[:cut], hint[cut:].strip()
        elif m.quick and m.prepared():
            hint = "Board ready: A to play"
        else:
            hint = "Arrows: choose  A: play"
        self._text(self.menu_hint0, first, _YELLOW)
        self._text(self.menu_hint, hint, _YELLOW if m.message else _GREY)
        return True

    def _draw_bar(self, m):
        changed = False
        left = m.mines_left()
        sec = m.seconds()
        # strings are made only when what they show changed: nothing is allocated per frame
        if (m.state != self._bar_state or left != self._bar_left or sec != self._bar_sec
                or m.message is not self._bar_message or m.progress != self._bar_progress):
            self._bar_state, self._bar_left, self._bar_sec = m.state, left, sec
            self._bar_message, self._bar_progress = m.message, m.progress
            changed |= self._draw_bar_text(m, left, sec)
        p = m.progress * self.width // 100 if m.state == M.GENERATING else 0
        if p != self._progress_drawn:
            bm = self._progress_bitmap
            lo, hi = min(p, self._progress_drawn), max(p, self._progress_drawn)
            v = 1 if p > self._progress_drawn else 0
            for x in range(lo, hi):
                for y in range(BAR):
                    bm[x, y] = v
            self._progress_drawn = p
            changed = True
        return changed

    def _draw_bar_text(self, m, left, sec):
        changed = False
        if m.state == M.MENU:
            changed |= self._text(self.mines_label, "")
            changed |= self._text(self.time_label, "")
            changed |= self._text(self.state_label, "")
        else:
            changed |= self._text(self.mines_label, ("*%03d" % left) if left >= 0 else
                                  "*-%02d" % (-left))
            changed |= self._text(self.time_label, "%03d" % sec)
            changed |= self._text(self.state_label, m.status(), _STATE_COLOURS[m.state])
        return changed

    def _scroll(self, m):
        """Keep the cursor in view, _MARGIN cells from the edges where the board allows."""
        w, h = m.width, m.height
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
        w, h = m.width, m.height
        if state == M.PAUSED:
            if not self.board_group.hidden:
                self.board_group.hidden = True
                changed = True
            return changed
        if self.board_group.hidden:
            self.board_group.hidden = False
            changed = True
        self._scroll(m)
        gx = (self.width - min(w, COLS) * TILE) // 2
        gy = BAR + (self.height - BAR - min(h, ROWS) * TILE) // 2
        if self.grid.x != gx or self.grid.y != gy:
            self.grid.x = gx
            self.grid.y = gy
            changed = True
        game = m.game
        hidden = game is None or state == M.READY or state == M.GENERATING
        # what the cells depend on, packed in small ints (no tuple per frame)
        where = ((self.ox * 32 + self.oy) * 32 + w) * 32 + h
        what = -1 if hidden else game.version
        mark = (m.start_x + 1) * 64 + m.start_y + 1
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
        tile = tiles.CURSOR
        if state == M.GENERATING:
            tile = tiles.SPIN + (frame >> 2) % 4
        if self.cursor[0] != tile:
            self.cursor[0] = tile
            changed = True
        return changed

    def _draw_cells(self, m, hidden):
        """Write the tiles that differ from the draw state. True if any did."""
        w, h = m.width, m.height
        ox, oy = self.ox, self.oy
        drawn = self._drawn
        grid = self.grid
        covered = 9  # mines.game.COVERED
        shown = None
        stride = 0
        if not hidden:
            shown = m.game.shown
            stride = m.game.board.stride
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
                    t = tiles.BLANK
                elif shown is None:
                    t = covered
                else:
                    t = shown[row + sx]
                if k == start and t == covered:
                    t = tiles.START
                if drawn[k] != t:
                    drawn[k] = t
                    grid[sx, sy] = t
                    changed = True
                k += 1
        return changed

    def _set_panel(self, m):
        state = m.state
        changed = False
        if state == M.WON or state == M.LOST:
            key = state * 100000 + m.played  # a new result: new lines (not every frame)
            if key != self._panel_key:
                self._panel_key = key
                a, b = m.result_lines()
                changed |= self._text(self.panel1, a, 0x40FF40 if state == M.WON else _RED)
                changed |= self._text(self.panel2, b)
            show = True
        elif state == M.PAUSED:
            self._panel_key = -1
            changed |= self._text(self.panel1, "Paused", _YELLOW)
            changed |= self._text(self.panel2, "START: go on  SELECT: menu")
            show = True
        else:
            show = False
        if self.panel.hidden == show:
            self.panel.hidden = not show
            changed = True
        if state == M.PAUSED:
            y = (self.height - 20) // 2
        else:
            y = self.height - 20
        if self._band.y != y:
            self._band.y = y
            self.panel1.move(self.width // 2, y + 1)
            self.panel2.move(self.width // 2, y + 10)
            changed = True
        return changed
