"""Text screens - menus and pages (mines.menus) - drawn with adafruit_display_text's ``Label``
in the built-in ``terminalio.FONT`` (6x12 pixels a character), as CircuitPython games do.

Layout on 160x128: a title, up to ``rows_fit`` rows that scroll with the cursor, and a footer at
the bottom saying what the buttons do (or a message): one line, or two for a long message (one
row fewer then). The cursor's row sits on a highlight bar; a row whose value left/right change
shows "<" and ">" around the value.

Memory: a Label holds one TileGrid per character (about 100 bytes each on the device; not for
a space here: ``_Font`` gives it no size, so it only moves the next character on), and remakes
them all when its text changes. So the rows are two multi-line Labels -
the names, and the values from the ninth character on - that change only when a value or the
rows in view do; moving the cursor moves the bar and the arrows (TileGrids of their own) and
allocates nothing. A TextScreen and its Labels exist only while a text screen is in front:
``clear`` drops the Labels and boards.view drops the TextScreen when the board comes to the
front, and once no Label is left (the end-of-game panel's go with the panel) it drops this
module and adafruit_display_text's too (``forget_labels``): a board being made or played does
not carry the text code in the heap. The next text screen imports them again (from the
deployed .mpy files, quickly).
"""

import sys

import displayio
import terminalio

from mines.menus import PAGE_ROWS

CHAR_W = 6  # terminalio.FONT cell, pixels
LINE_H = 12
ROW_PITCH = 11  # pixels from one menu row to the next: a cell's top row is blank, so its
# descenders (last row) may share it
CELL_TOP = 5  # a Label's y is this far below the top of its characters' cells
TITLE_GAP = 1  # pixels between the title and the first row
LABEL_X = 4  # left margin, pixels
VALUE_COLUMN = 8  # characters: where values start (a value row's name has 6 at most)
# Label's line spacing is a float factor of LINE_H truncated to whole pixels: aim half a pixel
# above ROW_PITCH so that single-precision floats (the device's) still give ROW_PITCH.
_ROW_SPACING = (ROW_PITCH + 0.5) / LINE_H

WHITE = 0xFFFFFF
YELLOW = 0xFFFF00
GREY = 0xA0A0A0
BAR = 0x203880  # the cursor's row

# The arrows, 5x7 pixels, drawn in the middle of a CHAR_W x ROW_PITCH cell.
_ARROWS = ("...#. ..#.. .#... #.... .#... ..#.. ...#.",
           ".#... ..#.. ...#. ....# ...#. ..#.. .#...")
_ARROW_TOP = 2


class _Space:
    """terminalio.FONT's space as a Label reads a glyph (fontio.Glyph's fields), but empty:
    a Label makes no TileGrid for a glyph of no width or height, and still moves on by its
    ``shift_x``."""

    def __init__(self, glyph):
        self.bitmap = glyph.bitmap
        self.tile_index = glyph.tile_index
        self.width = 0
        self.height = 0
        self.dx = glyph.dx
        self.dy = glyph.dy
        self.shift_x = glyph.shift_x
        self.shift_y = glyph.shift_y


class _Font:
    """terminalio.FONT for the Labels, but with the space as an advance alone: a Label holds a
    TileGrid per character, spaces included (about 100 bytes each on the device), and a space
    draws nothing on a see-through ground. Every other glyph is terminalio.FONT's own."""

    def __init__(self):
        self._font = terminalio.FONT
        self._space = _Space(terminalio.FONT.get_glyph(32))

    def get_bounding_box(self):
        return self._font.get_bounding_box()

    def get_glyph(self, codepoint):
        return self._space if codepoint == 32 else self._font.get_glyph(codepoint)


_FONT = _Font()


def new_label(colour, spacing=1.0):
    """An empty terminalio Label (adafruit_display_text imported when the first is made)."""
    from adafruit_display_text.label import Label
    return Label(_FONT, text="", color=colour, line_spacing=spacing)


def forget_labels():
    """Drop adafruit_display_text's modules from the heap when they were loaded from .mpy files
    (quick to load again, in a few pieces; a .py would be compiled again, in many): call it
    only once no Label is left (a Label alive would keep its code, and the next import would
    load a second copy)."""
    module = sys.modules.get("adafruit_display_text.label")
    if module is not None and getattr(module, "__file__", "").endswith(".mpy"):
        from boards import forget
        forget("adafruit_display_text.label")
        forget("adafruit_display_text")


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


def _column(lines, first, end, values, columns, indent):
    """The names (or the values) of rows first..end-1, one a line; ``indent`` puts two spaces
    before rows without a value (a menu's actions; a page's lines are not indented)."""
    out = []
    for k in range(first, end):
        name, value = lines[k]
        if values:
            out.append(value[:columns - VALUE_COLUMN - 2])
        else:
            out.append(name[:VALUE_COLUMN - 2] if value else (indent + name)[:columns])
    return "\n".join(out).rstrip("\n")


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
        for grid in (self.bar, self.left, self.right):
            self.group.append(grid)
        self.labels = ()  # type: tuple  # (title, names, values, footer): made by draw
        self._top = -1
        self._first = 0  # the first menu row in view
        self._shown = None  # the screen whose rows _first scrolls: another one starts at the top
        self._key = None

    def _label(self, colour, spacing):
        lab = new_label(colour, spacing)
        self.group.append(lab)
        return lab

    def _make_labels(self):
        self.labels = (self._label(YELLOW, 1), self._label(WHITE, _ROW_SPACING),
                       self._label(WHITE, _ROW_SPACING), self._label(GREY, 1))
        return self.labels

    # The Labels while a text screen is in front (None while the board is).
    @property
    def title(self):
        return self.labels[0] if self.labels else None

    @property
    def names(self):
        return self.labels[1] if self.labels else None

    @property
    def values(self):
        return self.labels[2] if self.labels else None

    @property
    def footer(self):
        return self.labels[3] if self.labels else None

    @staticmethod
    def _set(lab, text, colour=None):
        changed = False
        if lab.text != text:
            lab.text = text
            changed = True
        if colour is not None and lab.color != colour:
            lab.color = colour
            changed = True
        return changed

    def clear(self):
        """Drop the Labels (and their characters' TileGrids) while the board is in front. True
        if there were any."""
        labels = self.labels
        for lab in labels:
            self.group.remove(lab)
        self.labels = ()
        self._key = None
        return bool(labels)

    def rows_fit(self, top, footer_lines=1):
        """How many menu rows fit between the title and a footer of ``footer_lines`` lines."""
        room = self.height - footer_lines * LINE_H - top - LINE_H - TITLE_GAP
        return room // ROW_PITCH

    def draw(self, m, top):
        """Show midend ``m``'s screen below ``top`` pixels. True if anything changed."""
        screen = m.screen
        if top == self._top and m.screen_version == self._key:
            return False
        title, names, values, footer = self.labels or self._make_labels()
        self._key = m.screen_version
        self._top = top
        x = LABEL_X
        changed = self._set(title, screen.title)
        title.x, title.y = x, top + CELL_TOP
        a, b = wrap(m.footer(), self.columns)
        changed |= self._set(footer, a + "\n" + b if b else a,
                             YELLOW if m.message else GREY)
        footer.x = x
        footer.y = self.height - (2 if b else 1) * LINE_H + CELL_TOP
        fit = self.rows_fit(top, 2 if b else 1)
        lines = screen.lines(m.settings)
        sel = screen.row
        if screen is not self._shown:
            self._shown = screen
            self._first = 0
        first = self._first
        if sel >= 0:
            if sel < first:
                first = sel
            elif sel >= first + fit:
                first = sel - fit + 1
        else:   # a page: where the midend scrolled it, PAGE_ROWS lines at most
            fit = min(fit, PAGE_ROWS)
            first = screen.top
        first = max(0, min(first, len(lines) - fit))
        self._first = first
        end = min(len(lines), first + fit)
        y0 = top + LINE_H + TITLE_GAP
        columns = self.columns
        indent = "  " if sel >= 0 else ""
        changed |= self._set(names, _column(lines, first, end, False, columns, indent))
        changed |= self._set(values, _column(lines, first, end, True, columns, indent))
        names.x, names.y = x, y0 + CELL_TOP
        values.x, values.y = x + VALUE_COLUMN * CHAR_W, y0 + CELL_TOP
        on_row = first <= sel < end
        self.bar.hidden = not on_row
        value = lines[sel][1] if on_row else ""
        self.left.hidden = self.right.hidden = not value
        if on_row:
            y = y0 + (sel - first) * ROW_PITCH
            self.bar.y = self.left.y = self.right.y = y
            # the arrows next to the value, a cell clear of the longest name (6 characters)
            self.left.x = x + (VALUE_COLUMN - 1) * CHAR_W
            self.right.x = x + (VALUE_COLUMN + min(len(value), columns)) * CHAR_W
        return True
