"""Text screens - menus and pages (mines.flow.menus) - and the lines of the end-of-game panel, in
the built-in ``terminalio.FONT`` (6x12 pixels a character).

A line of text is a TileGrid over the font's own bitmap, one tile per character cell: a byte of
RAM a character (the bitmap is in the device's flash), and changing the text writes tile numbers,
allocating nothing. A whole menu takes about 2K this way, where adafruit_display_text's Label,
a TileGrid per character (about 100 bytes each on the device) and 10K of code, took 13K. On the
desktop, Blinka's ``terminalio.FONT`` has no bitmap to tile (its ``bitmap`` is the class): the
glyphs are drawn into a sheet of our own there (``_sheet``).

Layout on 160x128: a title, up to ``rows_fit`` rows that scroll with the cursor, and a footer at
the bottom saying what the buttons do (or a message): one line, or two for a long message (one
row fewer then). The cursor's row sits on a highlight bar; a row whose value left/right change
shows "<" and ">" around the value. A ``TextScreen`` exists only while a text screen is in
front (boards.view makes it and lets it go), and this module's code with it (mines.phases).
``show_result`` and ``open_on`` are functions of the ``boards.view.View`` (``view``), as its
methods would be: kept here, they load only with a text screen or the end panel.
"""

import displayio
import terminalio

from mines._const import const
from mines.flow.menus import PAGE_ROWS
from mines.flow.states import WON

CHAR_W = 6  # terminalio.FONT cell, pixels
LINE_H = 12
ROW_PITCH = 11  # pixels from one menu row to the next: a cell's top row is blank, so its
# descenders (last row) may share it
TITLE_GAP = 1  # pixels between the title and the first row
TEXT_X = 4  # left margin, pixels
VALUE_COLUMN = 8  # characters: where values start (a value row's name has 6 at most)
_FIRST = const(32)  # the space: the first character with a tile
_CODES = const(95)  # printable ASCII, 32..126
_PAD = " " * VALUE_COLUMN

WHITE = 0xFFFFFF
YELLOW = 0xFFFF00
GREY = 0xA0A0A0
_GREEN = const(0x40FF40)  # the end panel's first line: won (boards.view's colours)
_RED = const(0xFF2020)  # lost
BAR = 0x203880  # the cursor's row

# The arrows, 5x7 pixels, drawn in the middle of a CHAR_W x ROW_PITCH cell.
_ARROWS = ("...#. ..#.. .#... #.... .#... ..#.. ...#.",
           ".#... ..#.. ...#. ....# ...#. ..#.. .#...")
_ARROW_TOP = const(2)


def _sheet():
    """terminalio.FONT's bitmap, whose tile k is character 32 + k (fontio: "all font glyphs
    starting with ASCII"); where it has none to tile (Blinka's), a sheet drawn from its glyphs
    in the same order."""
    font = terminalio.FONT
    bitmap = font.bitmap
    if isinstance(bitmap, displayio.Bitmap):
        return bitmap
    sheet = displayio.Bitmap(CHAR_W * _CODES, LINE_H, 2)
    # (the stubs declare no fields for fontio.Glyph, a named tuple on the device)
    glyphs = [font.get_glyph(_FIRST + k) for k in range(_CODES)]
    base = LINE_H + min([g.dy for g in glyphs if g is not None])  # type: ignore[attr-defined]
    for k in range(_CODES):  # (the baseline: the lowest descender ends the cell)
        g = glyphs[k]
        if g is None:
            continue
        dx, dy, w, h = g.dx, g.dy, g.width, g.height  # type: ignore[attr-defined]
        top = base - dy - h
        for y in range(h):
            for x in range(w):
                if g.bitmap[x, y] and 0 <= x + dx < CHAR_W and 0 <= top + y < LINE_H:
                    sheet[k * CHAR_W + x + dx, top + y] = 1
    return sheet


_SHEET = None  # the font's bitmap: looked up by the first Text


class Text:
    """``lines`` lines of ``columns`` characters in ``colour`` (0xRRGGBB) on a see-through
    ground, their top-left corner at (``x``, ``y``) pixels, ``pitch`` pixels between lines (a
    line is a TileGrid of its own when that is not LINE_H). ``grids``: what to add to a Group.
    ``colour`` may be changed (``set_colour``); ``set(k, text)`` writes line k."""

    def __init__(self, columns, lines, colour, x=0, y=0, pitch=LINE_H):
        global _SHEET
        if _SHEET is None:
            _SHEET = _sheet()
        self.palette = displayio.Palette(2)
        self.palette.make_transparent(0)
        self.palette[1] = colour
        self.colour = colour
        self.columns = columns
        each = pitch != LINE_H
        self.lines = lines
        self.grids = [displayio.TileGrid(
            _SHEET, pixel_shader=self.palette, width=columns, height=1 if each else lines,
            tile_width=CHAR_W, tile_height=LINE_H, default_tile=0,
            x=x, y=y + k * pitch) for k in range(lines if each else 1)]
        self._each = each

    def set_colour(self, colour):
        """True if that changed the colour."""
        if colour == self.colour:
            return False
        self.palette[1] = colour
        self.colour = colour
        return True

    def set(self, k, text):
        """Line ``k`` shows ``text`` (cut to the columns). True if a character changed."""
        columns = self.columns
        if self._each:
            grid, at = self.grids[k], 0
        else:
            grid, at = self.grids[0], k * columns
        changed = False
        n = len(text)
        for i in range(columns):
            t = ord(text[i]) - _FIRST if i < n else 0
            if not 0 <= t < _CODES:
                t = 31  # "?"
            if grid[at + i] != t:
                grid[at + i] = t
                changed = True
        return changed

    def read(self, k):
        """The text line ``k`` shows (tests read it)."""
        grid, at = (self.grids[k], 0) if self._each else (self.grids[0], k * self.columns)
        return "".join([chr(_FIRST + grid[at + i]) for i in range(self.columns)]).rstrip()

    def move(self, x, y, pitch=LINE_H):
        for k in range(len(self.grids)):
            self.grids[k].x = x
            self.grids[k].y = y + k * pitch


def wrap(text, columns):
    """``text`` cut at its newline, else at a space, into lines of at most ``columns``
    characters (two at most; a word too long for a line is cut)."""
    cut = text.find("\n")
    if cut < 0:
        if len(text) <= columns:
            return text, ""
        cut = text.rfind(" ", 0, columns + 1)
        if cut < 1:
            cut = columns
    return text[:cut][:columns], text[cut:].strip()[:columns]


def show_result(view, m):
    """The end-of-game panel of midend ``m`` on ``view`` (a boards.view.View): the first
    boards.view.PANEL_LINES of m.result_lines(), the first green for a win and red for a loss,
    the rest grey, each cut to the screen's width, on a band of their height (the view places
    it: its y is left -1). Its two Texts are made the first time and kept in view.panel_lines."""
    from boards.view import PANEL_LINES, PANEL_PAD
    lines = m.result_lines()[:PANEL_LINES]
    columns = view.width // CHAR_W
    if not view.panel_lines:
        view.panel_lines = (Text(columns, 1, WHITE), Text(columns, PANEL_LINES - 1, GREY))
        for text in view.panel_lines:
            for grid in text.grids:
                view.panel.append(grid)
    head, rest = view.panel_lines
    head.set_colour(_GREEN if m.state == WON else _RED)
    head.set(0, wrap(lines[0], columns)[0])
    for k in range(1, PANEL_LINES):
        rest.set(k - 1, wrap(lines[k], columns)[0] if k < len(lines) else "")
    view._panel_h = len(lines) * LINE_H + 2 * PANEL_PAD
    view._band.y = -1


def open_on(view):
    """A TextScreen in front on ``view`` (a boards.view.View), at the top; returns it
    (view.text). (Every screen opened after the board was in front is a new one, and keeping
    the last one shown would pin its module's code once the phase lets it go.)"""
    text = view.text = TextScreen(view.width, view.height)
    view.root.append(text.group)
    return text


class TextScreen:
    """The text screen in front, ``width`` x ``height`` pixels, below ``top`` pixels left to the
    status bar (``draw``'s argument)."""

    def __init__(self, width=160, height=128):
        self.width = width
        self.height = height
        self.columns = width // CHAR_W
        self.group = displayio.Group()
        # the highlight bar, and the arrows (a sheet of two CHAR_W x ROW_PITCH tiles)
        bar = displayio.Bitmap(width, ROW_PITCH, 1)
        bar_palette = displayio.Palette(1)
        bar_palette[0] = BAR
        self.bar = displayio.TileGrid(bar, pixel_shader=bar_palette)
        arrows = displayio.Bitmap(2 * CHAR_W, ROW_PITCH, 2)
        for k in range(2):
            rows = _ARROWS[k].split()
            for y in range(len(rows)):
                for x in range(len(rows[y])):
                    if rows[y][x] == "#":
                        arrows[k * CHAR_W + x, _ARROW_TOP + y] = 1
        arrow_palette = displayio.Palette(2)
        arrow_palette[1] = YELLOW
        arrow_palette.make_transparent(0)
        self.left = displayio.TileGrid(arrows, pixel_shader=arrow_palette, tile_width=CHAR_W,
                                       tile_height=ROW_PITCH, default_tile=0)
        self.right = displayio.TileGrid(arrows, pixel_shader=arrow_palette, tile_width=CHAR_W,
                                        tile_height=ROW_PITCH, default_tile=1)
        columns = self.columns
        self.title = Text(columns, 1, YELLOW, TEXT_X)
        self.rows = Text(columns, self.rows_fit(0), WHITE, TEXT_X, pitch=ROW_PITCH)
        self.footer = Text(columns, 2, GREY, TEXT_X)
        for grid in [self.bar, self.left, self.right] + self.title.grids + self.rows.grids + \
                self.footer.grids:
            self.group.append(grid)
        self._top = -1
        self.first = 0  # the first menu row in view
        self.in_view = 0
        self.shown = None  # the screen whose rows first scrolls: another one starts at the top
        self._key = None

    def rows_fit(self, top, footer_lines=1):
        """How many menu rows fit between the title and a footer of ``footer_lines`` lines."""
        room = self.height - footer_lines * LINE_H - top - LINE_H - TITLE_GAP
        return room // ROW_PITCH

    def text(self):
        """What the screen shows, a line a row: title, rows (names, then values from column
        VALUE_COLUMN), footer (tests read it)."""
        return [t.read(k) for t in (self.title, self.rows, self.footer) for k in range(t.lines)]

    def draw(self, m, top):
        """Show midend ``m``'s screen below ``top`` pixels. True if anything changed."""
        screen = m.screen
        if top == self._top and m.screen_version == self._key:
            return False
        self._key = m.screen_version
        self._top = top
        columns = self.columns
        title, rows, footer = self.title, self.rows, self.footer
        title.move(TEXT_X, top)
        title.set(0, screen.title)
        a, b = wrap(m.footer(), columns)
        footer.set_colour(YELLOW if m.message else GREY)
        footer.set(0, a)
        footer.set(1, b)
        footer.move(TEXT_X, self.height - (2 if b else 1) * LINE_H)
        fit = self.rows_fit(top, 2 if b else 1)
        lines = screen.lines(m.settings)
        sel = screen.row
        if screen is not self.shown:
            self.shown = screen
            self.first = 0
        first = self.first
        if sel >= 0:
            if sel < first:
                first = sel
            elif sel >= first + fit:
                first = sel - fit + 1
        else:   # a page: where the midend scrolled it, PAGE_ROWS lines at most
            fit = min(fit, PAGE_ROWS)
            first = screen.top
        first = max(0, min(first, len(lines) - fit))
        self.first = first
        end = min(len(lines), first + fit)
        self.in_view = end - first  # the rows shown (tests read it)
        y0 = top + LINE_H + TITLE_GAP
        rows.move(TEXT_X, y0, ROW_PITCH)
        indent = "  " if sel >= 0 else ""
        for k in range(len(rows.grids)):
            text = ""
            if first + k < end:
                name, value = lines[first + k]
                if value:
                    text = (name[:VALUE_COLUMN - 2] + _PAD)[:VALUE_COLUMN] + value
                else:
                    text = indent + name
            rows.set(k, text)
        on_row = first <= sel < end
        self.bar.hidden = not on_row
        value = lines[sel][1] if on_row else ""
        self.left.hidden = self.right.hidden = not value
        if on_row:
            y = y0 + (sel - first) * ROW_PITCH
            self.bar.y = self.left.y = self.right.y = y
            # the arrows next to the value, a cell clear of the longest name (6 characters)
            self.left.x = TEXT_X + (VALUE_COLUMN - 1) * CHAR_W
            self.right.x = TEXT_X + (VALUE_COLUMN + min(len(value), columns)) * CHAR_W
        return True
