"""Text screens - menus and pages (mines.menus) - drawn with adafruit_display_text's ``Label``
in the built-in ``terminalio.FONT`` (6x12 pixels a character), as CircuitPython games do.

Layout on 160x128: a title, up to ``rows_fit`` rows that scroll with the cursor (the selected
row in yellow, marked "<" ">" around a value it can change), and a footer at the bottom saying
what the buttons do (or a message): one line, or two for a long message (one row fewer then). Labels are set only when their text or
colour changed, so a frame where nothing changed allocates nothing.
"""

import displayio
import terminalio
from adafruit_display_text.label import Label

CHAR_W = 6  # terminalio.FONT cell, pixels
LINE_H = 12
ROW_PITCH = 11  # pixels from one menu row to the next: a cell's top row is blank, so its
# descenders (last row) may share it
_CELL_TOP = 5  # a Label's y is this far below the top of its characters' cells
TITLE_GAP = 1  # pixels between the title and the first row
FOOTER_LINES = 2
LABEL_X = 4  # left margin, pixels

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


class TextScreen:
    """A group holding the labels of one text screen at a time, ``width`` x ``height`` pixels,
    its top ``top`` pixels left to the status bar when the caller passes it to ``draw``. Menu
rows read "Label   value", values from the ninth character on (the widest label is 7)."""

    def __init__(self, width=160, height=128, max_rows=9):
        self.width = width
        self.height = height
        self.columns = width // CHAR_W
        self.group = displayio.Group()
        self.title = self._label(YELLOW)
        self.rows = [self._label(WHITE) for _ in range(max_rows)]
        self.footer = [self._label(GREY) for _ in range(FOOTER_LINES)]
        self._top = -1
        self._first = 0  # the first menu row in view
        self._key = None

    def _label(self, colour):
        lab = Label(terminalio.FONT, text="", color=colour)
        self.group.append(lab)
        return lab

    @staticmethod
    def _set(lab, text, colour):
        changed = False
        if lab.text != text:
            lab.text = text
            changed = True
        if lab.color != colour:
            lab.color = colour
            changed = True
        return changed

    def _place(self, top):
        """Put the labels in their places below ``top`` pixels (the status bar's, or 0)."""
        self._top = top
        x = LABEL_X
        self.title.x, self.title.y = x, top + _CELL_TOP
        y = top + LINE_H + TITLE_GAP
        for lab in self.rows:
            lab.x, lab.y = x, y + _CELL_TOP
            y += ROW_PITCH
        y = self.height - FOOTER_LINES * LINE_H
        for lab in self.footer:
            lab.x, lab.y = x, y + _CELL_TOP
            y += LINE_H

    def rows_fit(self, top, footer_lines=1):
        """How many menu rows fit between the title and a footer of ``footer_lines`` lines."""
        room = self.height - footer_lines * LINE_H - top - LINE_H - TITLE_GAP
        return min(len(self.rows), room // ROW_PITCH)

    def draw(self, m, top):
        """Show midend ``m``'s screen below ``top`` pixels. True if anything changed."""
        screen = m.screen
        key = m.screen_version
        if top != self._top:
            self._place(top)
            key = None
        if key is not None and key == self._key:
            return False
        self._key = m.screen_version
        changed = self._set(self.title, screen.title, YELLOW)
        a, b = wrap(m.footer(), self.columns)
        fit = self.rows_fit(top, 2 if b else 1)
        lines = screen.lines(m.settings)
        sel = screen.row
        first = self._first
        if sel >= 0:
            if sel < first:
                first = sel
            elif sel >= first + fit:
                first = sel - fit + 1
        if first > max(0, len(lines) - fit):
            first = max(0, len(lines) - fit)
        self._first = first
        for k in range(len(self.rows)):
            r = first + k
            text = ""
            colour = WHITE
            if k < fit and r < len(lines):
                name, value = lines[r]
                if r == sel:
                    colour = YELLOW
                    text = "%-6s< %s >" % (name, value) if value else "> %s <" % name
                else:
                    text = "%-8s%s" % (name, value) if value else "  " + name
            changed |= self._set(self.rows[k], text[:self.columns], colour)
        colour = YELLOW if m.message else GREY
        changed |= self._set(self.footer[0], a if b else "", colour)
        changed |= self._set(self.footer[1], b or a, colour)
        return changed
