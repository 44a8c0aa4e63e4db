"""The status bar's font: 5x7 pixels, drawn in code, and ``TextLine``: a line of text as one
TileGrid. (Every other text is in terminalio.FONT, the same way: see boards/text_screen.py.)

The built-in terminalio font is 12 pixels tall; the status bar is 8. This one fits: capitals and
digits use 7 rows, descenders (g j p q y) an eighth. Every character is a 6x8 tile (5 columns of
ink and one of space) of one shared 2-colour Bitmap, so a line of text is one TileGrid over it
and changing the text only rewrites tile numbers: nothing is allocated, where a Label remakes a
TileGrid per character. Unknown characters show as "?".
"""

from mines._const import const

CELL_W = 6  # a character's width on screen, pixels
CELL_H = 8
FIRST = 32  # the space: the first codepoint with a tile of its own
CODES = const(96)  # codepoints FIRST..FIRST + CODES - 1 (printable ASCII) are looked up
_UNKNOWN = const(31)  # "?" - FIRST: every other codepoint shows its tile


class TextLine:
    """Up to ``grid.width`` characters in ``colour`` (0xRRGGBB, palette entry 1; 0 is
    see-through) over the font's bitmap; ``index``: the font's tile of each codepoint
    FIRST..FIRST + CODES - 1 (boards.glyphs.draw). ``align``: 0 left, 1 centre, 2 right of
    ``x`` (pixels; ``group``, what to add to a displayio Group, starts there); the top row is at
    pixel 0. Made at start by boards.view_setup (its displayio objects with it)."""

    def __init__(self, index, palette, grid, group, colour, x, align):
        self.index = index
        self.palette = palette
        self.grid = grid
        self.group = group
        self.colour = colour
        self.x = x
        self.align = align
        self.text = ""

    def set(self, text, colour=None):
        """Show ``text`` (cut to the grid's width); True if anything changed."""
        grid = self.grid
        if len(text) > grid.width:
            text = text[:grid.width]
        changed = False
        if colour is not None and colour != self.colour:
            self.palette[1] = colour
            self.colour = colour
            changed = True
        if text == self.text:
            return changed
        old = self.text
        index = self.index
        for i in range(max(len(old), len(text))):
            t = 0
            if i < len(text):
                t = ord(text[i]) - FIRST
                t = index[t if 0 <= t < CODES else _UNKNOWN]
            if i >= len(old) or grid[i] != t:
                grid[i] = t
        self.text = text
        x = self.x
        if self.align:  # centred (1) or to the right (2) of x
            x -= len(text) * CELL_W * self.align // 2
        self.group.x = x
        return True
