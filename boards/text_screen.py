"""Text screens - menus and pages (mines.menus) - drawn with adafruit_display_text's ``Label``
in the built-in ``terminalio.FONT`` (6x12 pixels a character), as CircuitPython games do.

Layout on 160x128: a title, up to ``rows_fit`` rows that scroll with the cursor (the selected
row in yellow, marked "<" ">" around a value it can change), and a footer at the bottom saying
what the buttons do (or a message): one line, or two for a long message (one row fewer then).

Memory: a Label holds one TileGrid per character (about 100 bytes each on the device), so the
rows are three multi-line Labels (the rows above the cursor, the cursor's row, the rows below)
rather than one Label a row, and every Label is emptied while the board is in front (``clear``).
Labels are set only when their text or colour changed: a frame where nothing changed allocates
nothing.
"""

import displayio
import terminalio
from adafruit_display_text.label import Label

CHAR_W = 6  # terminalio.FONT cell, pixels
LINE_H = 12
ROW_PITCH = 11  # pixels from one menu row to the next: a cell's top row is blank, so its
# descenders (last row) may share it
CELL_TOP = 5  # a Label's y is this far below the top of its characters' cells
TITLE_GAP = 1  # pixels between the title and the first row
FOOTER_LINES = 2
LABEL_X = 4  # left margin, pixels
# Label's line spacing is a float factor of LINE_H truncated to whole pixels: aim half a pixel
# above ROW_PITCH so that single-precision floats (the device's) still give ROW_PITCH.
_ROW_SPACING = (ROW_PITCH + 0.5) / LINE_H

WHITE = 0xFFFFFF
YELLOW = 0xFFFF00
GREY = 0xA0A0A0


def wrap(text, columns):
    """``text`` cut at a space into lines of at most ``columns`` characters (two at most; a
    word too long for a line is cut)."""
    if len(text) <= columns:
        return text, ""
    cut = text.rfind(" ", 0, columns + 1)
    if cut < 1:
        cut = columns
    return text[:cut], text[cut:].strip()[:columns]


def row_text(name, value, selected):
    """A menu row: "Label   value" (values from the ninth character: the widest label is 7),
    the selected one "Label < value >", or "> Label <" for a row without a value."""
    if selected:
        return "%-6s< %s >" % (name, value) if value else "> %s <" % name
    return "%-8s%s" % (name, value) if value else "  " + name


class TextScreen:
    """The labels of the text screen in front, ``width`` x ``height`` pixels, below ``top``
    pixels left to the status bar (``draw``'s argument)."""

    def __init__(self, width=160, height=128):
        self.width = width
        self.height = height
        self.columns = width // CHAR_W
        self.group = displayio.Group()
        self.title = self._label(YELLOW, 1)
        self.above = self._label(WHITE, _ROW_SPACING)
        self.selected = self._label(YELLOW, 1)
        self.below = self._label(WHITE, _ROW_SPACING)
        self.footer = self._label(GREY, 1)
        self._top = -1
        self._first = 0  # the first menu row in view
        self._key = None

    def _label(self, colour, spacing):
        lab = Label(terminalio.FONT, text="", color=colour, line_spacing=spacing)
        self.group.append(lab)
        return lab

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
        """Empty every label (their characters' TileGrids go back to the heap). True if any
        held text."""
        changed = False
        for lab in (self.title, self.above, self.selected, self.below, self.footer):
            changed |= self._set(lab, "")
        self._key = None
        return changed

    def rows_fit(self, top, footer_lines=1):
        """How many menu rows fit between the title and a footer of ``footer_lines`` lines."""
        room = self.height - footer_lines * LINE_H - top - LINE_H - TITLE_GAP
        return room // ROW_PITCH

    def draw(self, m, top):
        """Show midend ``m``'s screen below ``top`` pixels. True if anything changed."""
        screen = m.screen
        if top == self._top and m.screen_version == self._key:
            return False
        self._key = m.screen_version
        self._top = top
        x = LABEL_X
        changed = self._set(self.title, screen.title)
        self.title.x, self.title.y = x, top + CELL_TOP
        a, b = wrap(m.footer(), self.columns)
        changed |= self._set(self.footer, a + "\n" + b if b else a,
                             YELLOW if m.message else GREY)
        self.footer.x = x
        self.footer.y = self.height - (2 if b else 1) * LINE_H + CELL_TOP
        fit = self.rows_fit(top, 2 if b else 1)
        lines = screen.lines(m.settings)
        sel = screen.row
        first = self._first
        if sel >= 0:
            if sel < first:
                first = sel
            elif sel >= first + fit:
                first = sel - fit + 1
        first = max(0, min(first, len(lines) - fit))
        self._first = first
        end = min(len(lines), first + fit)
        cut = sel if first <= sel < end else end  # rows before the cursor's
        above = "\n".join(row_text(n, v, False)[:self.columns] for n, v in lines[first:cut])
        below = "\n".join(row_text(n, v, False)[:self.columns] for n, v in lines[cut + 1:end])
        selected = row_text(lines[sel][0], lines[sel][1], True) if cut < end else ""
        y = top + LINE_H + TITLE_GAP + CELL_TOP
        changed |= self._set(self.above, above)
        changed |= self._set(self.selected, selected[:self.columns])
        changed |= self._set(self.below, below)
        self.above.x, self.above.y = x, y
        self.selected.x, self.selected.y = x, y + (cut - first) * ROW_PITCH
        self.below.x, self.below.y = x, y + (cut + 1 - first) * ROW_PITCH
        return changed
