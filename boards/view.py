"""The displayio screen, shared by every board profile (device and desktop simulator).

Layout on 160x128 pixels: an 8-pixel status bar on top (mines left, state, timer) and the board
below as one TileGrid of 20x15 cells of 8x8 pixels over the sprite sheet from ``boards.tiles``.
Boards larger than that scroll with the cursor; smaller ones are centred, and a puzzle (puzzle
mode) of at most 10x7 cells is drawn at scale 2: 16-pixel tiles. The status bar uses
``boards.font.TextLine`` (a 5x7 font: terminalio's 12-pixel text does not fit in 8 pixels); the
menus and pages are ``boards.text_screen`` (made while one is in front; its code is loaded only
then, mines.phases) and so are the end-of-game panel's lines. Its displayio objects are made
at start by ``boards.view_setup``, whose code is then let go: the class keeps only what a frame
runs.

Redraw is a diff (Tatham's draw state): the board's TileGrid itself holds the tile each screen
cell shows now (read back, not kept twice), and a cell is written only when the wanted tile
differs. Text is remade only when what it shows changed; nothing is allocated in a frame where
nothing changed. ``draw()`` returns True when
anything changed, so the caller refreshes only then.
"""

from mines._const import const

from boards.tiles import BLANK, CURSOR, LIT, OVER, SPIN, SPIN_FRAMES, START, TILE
from mines.flow.states import GENERATING, LOST, MENU, READY, WON
from mines.engine.game import COVERED

# Names for the type checker alone: mypy takes TYPE_CHECKING for typing's (true), the compiler
# folds the block away (0), so nothing is imported or interned on the device.
TYPE_CHECKING = const(0)
if TYPE_CHECKING:
    from typing import Optional  # noqa: F401
    import displayio  # noqa: F401
    from boards.font import TextLine  # noqa: F401
    from boards.text_screen import TextScreen  # noqa: F401

COLS = 20  # board cells in view
ROWS = 15
BAR = 8  # status bar height, pixels
PANEL_LINES = const(4)  # the end-of-game panel's most lines
PANEL_PAD = const(2)  # pixels of band above and below the panel's lines
_LINE_H = const(12)  # the panel's lines, pixels apart (boards.text_screen.LINE_H)
_MARGIN = const(2)  # cells kept between the cursor and the edge of the view when scrolling
_STATE_CHARS = const(17)  # status bar: a longer state takes the whole bar (26)
_COORD = const(32)  # packing base for the board's draw key: above any width, height or offset
_SPIN_SLOWDOWN = const(2)  # the spinner shows a picture for 1 << this many frames
_GAMES = const(1 << 20)  # packing base for the panel's key (state, games played): above any count
_PANEL_X = const(2)  # the panel's left margin, pixels

_WHITE = const(0xFFFFFF)
_RED = const(0xFF2020)
_YELLOW = const(0xFFFF00)
_GREEN = const(0x40FF40)
_STATE_COLOURS = (_WHITE, _WHITE, _YELLOW, _WHITE, _YELLOW, _GREEN, _RED)


def _span(bitmap, start, end, value):
    """Pixels start..end-1 of a one-pixel-thin ``bitmap`` (a row or a column) set to ``value``.
    (Bitmaps and TileGrids are indexed by one int here and below: an (x, y) index would be a
    tuple made on every write.)"""
    for i in range(start, end):
        bitmap[i] = value


class View:
    """Everything on screen. ``width`` and ``height`` are the display's, in pixels."""

    # Its objects and draw state, made by boards.view_setup (start-up code, let go after):
    # declared here for the type checker alone (a bare annotation costs nothing at run time).
    width: int  # the display's, pixels
    height: int
    root: "displayio.Group"
    board_group: "displayio.Group"
    zoom: "displayio.Group"  # the board and cursor; scale 2 for a small puzzle
    grid: "displayio.TileGrid"
    cursor: "displayio.TileGrid"
    _across: "displayio.Bitmap"  # the line along the bottom edge: columns in view
    _down: "displayio.TileGrid"  # the one along the right edge: rows in view
    _progress_bitmap: "displayio.Bitmap"  # one row, shown BAR times
    _bar: "displayio.Group"
    mines_label: "TextLine"
    state_label: "TextLine"
    time_label: "TextLine"
    panel: "displayio.Group"
    _band: "displayio.Group"
    panel_lines: tuple  # two boards.text_screen.Text while the panel shows, else ()
    text: "Optional[TextScreen]"  # the text screen in front, if one is
    # the draw state: what the screen shows now
    ox: int  # first board column and row in view
    oy: int
    _a0: int  # the position lines as drawn, pixels
    _a1: int
    _d0: int
    _d1: int
    _board_where: int
    _board_what: int
    _board_mark: int
    _board_game: object
    _progress_drawn: int
    _bar_state: int
    _bar_left: int
    _bar_sec: int
    _bar_progress: int
    _bar_start: int
    _bar_message: "Optional[str]"
    _panel_h: int
    _panel_key: int

    def __init__(self, display, width=160, height=128):
        from boards import forget, view_setup
        view_setup.build(self, display, width, height)
        del view_setup
        forget("boards.view_setup")  # its code is needed only to make the screen

    # -- drawing -------------------------------------------------------------------------

    def draw(self, m, frame=0):
        """Bring the screen up to date with midend ``m``. ``frame`` counts frames (animation).
        Returns True when something changed on screen."""
        changed = False
        screen_up = m.screen is not None
        bar_up = m.state != MENU
        if self.board_group.hidden != screen_up or self._bar.hidden == bar_up:
            self.board_group.hidden = screen_up
            self._bar.hidden = not bar_up
            changed = True
        if bar_up:
            changed |= self._draw_bar(m)
        text = self.text
        if screen_up:
            self._board_game = None  # (not held behind a menu: a puzzle's game pins its code)
            if text is None:
                from boards.text_screen import open_on
                text = open_on(self)
            changed |= text.draw(m, BAR if bar_up else 0)
        else:
            if text is not None:  # its Labels and objects back to the heap for the game
                self.root.remove(text.group)
                self.text = None
                changed = True
            changed |= self._draw_board(m, frame)
        changed |= self._set_panel(m)
        return changed

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
            status = m.status()
            wide = len(status) > _STATE_CHARS   # the whole bar: no mines, no time
            changed |= self.mines_label.set("" if wide else ("*%03d" % left) if left >= 0
                                            else "*-%02d" % (-left))
            changed |= self.time_label.set("" if wide else "%03d" % sec)
            changed |= self.state_label.set(status, _STATE_COLOURS[m.state])
        p = progress * self.width // 100 if m.state == GENERATING else 0
        if p != self._progress_drawn:
            bm = self._progress_bitmap
            lo, hi = min(p, self._progress_drawn), max(p, self._progress_drawn)
            v = 1 if p > self._progress_drawn else 0
            for x in range(lo, hi):
                bm[x] = v
            self._progress_drawn = p
            changed = True
        return changed

    def _draw_board(self, m, frame):
        changed = False
        state = m.state
        w, h = m.board_width(), m.board_height()
        # the cursor kept in view, _MARGIN cells from the edges where the board allows
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
        # the lines that show which part of a larger board is in view (plain ints, no
        # tuples: this runs every frame and allocates nothing)
        a0 = a1 = d0 = d1 = 0
        if w > COLS:
            a0 = ox * self.width // w
            a1 = (ox + COLS) * self.width // w
        if a0 != self._a0 or a1 != self._a1:
            _span(self._across, self._a0, self._a1, 0)
            _span(self._across, a0, a1, 1)
            self._a0, self._a1 = a0, a1
            changed = True
        if h > ROWS:
            span = ROWS * TILE
            d0 = oy * span // h
            d1 = (oy + ROWS) * span // h
        if d0 != self._d0 or d1 != self._d1:
            _span(self._down, self._d0, self._d1, 0)
            _span(self._down, d0, d1, 1)
            self._d0, self._d1 = d0, d1
            changed = True
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
        hidden = game is None or state == READY or state == GENERATING
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
        if state == GENERATING:
            tile = SPIN + (frame >> _SPIN_SLOWDOWN) % SPIN_FRAMES
        if self.cursor[0] != tile:
            self.cursor[0] = tile
            changed = True
        # the mine that went off is under the cursor: show it (until the cursor moves)
        lost = state == LOST and game.boom == (m.cy + 1) * game.stride + m.cx + 1
        if self.cursor.hidden != lost:
            self.cursor.hidden = lost
            changed = True
        return changed

    def _draw_cells(self, m, hidden):
        """Write the tiles that differ from the draw state. True if any did."""
        w, h = m.board_width(), m.board_height()
        ox, oy = self.ox, self.oy
        grid = self.grid  # (it holds the tiles drawn: the draw state)
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
                        elif lit and row + sx in lit:
                            t += LIT
                if k == start and t == covered:
                    t = START
                if grid[k] != t:
                    grid[k] = t
                    changed = True
                k += 1
        return changed

    def _set_panel(self, m):
        """The end-of-game panel: m.result_lines() on a band over the board, at the bottom, or
        at the top while the cursor is in the lower half (the arrows move it out of the way)."""
        state = m.state
        changed = False
        show = (state == WON or state == LOST) and m.screen is None
        if show:
            key = state * _GAMES + m.finished  # a new result: new lines (not every frame)
            if key != self._panel_key:
                self._panel_key = key
                from boards.text_screen import show_result
                show_result(self, m)
                changed = True
            top = self.height - self._panel_h
            if self.cursor.y * self.zoom.scale >= (BAR + self.height) // 2:
                top = BAR
            if self._band.y != top:
                head, rest = self.panel_lines
                self._band.y = top
                head.move(_PANEL_X, top + PANEL_PAD)
                rest.move(_PANEL_X, top + PANEL_PAD + _LINE_H)
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
