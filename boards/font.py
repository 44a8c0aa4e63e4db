"""The status bar's font: 5x7 pixels, drawn in code, and ``TextLine``: a line of text as one
TileGrid. (Every other text is in terminalio.FONT, the same way: see boards/text_screen.py.)

The built-in terminalio font is 12 pixels tall; the status bar is 8. This one fits: capitals and
digits use 7 rows, descenders (g j p q y) an eighth. Every character is a 6x8 tile (5 columns of
ink and one of space) of one shared 2-colour Bitmap, so a line of text is one TileGrid over it
and changing the text only rewrites tile numbers: nothing is allocated, where a Label remakes a
TileGrid per character. Unknown characters show as "?".
"""

import displayio

from mines._const import const

CELL_W = 6  # a character's width on screen, pixels
CELL_H = 8
FIRST = 32  # the space: the first codepoint with a tile of its own
CODES = const(96)  # codepoints FIRST..FIRST + CODES - 1 (printable ASCII) are looked up


class Font:
    """The 5x7 font: ``bitmap`` holds one 6x8 tile per character, ``tile(codepoint)``."""

    def __init__(self):
        from boards import forget, glyphs
        # (the index: codepoint - FIRST -> tile, a byte each, every unknown one "?"'s tile)
        self.bitmap, self._index, self._unknown = glyphs.draw()
        del glyphs
        forget("boards.glyphs")  # the drawings (and the code that reads them) made the bitmap

    def tile(self, codepoint):
        c = codepoint - FIRST
        return self._index[c] if 0 <= c < CODES else self._unknown


class TextLine:
    """Up to ``size`` characters in ``colour`` (0xRRGGBB) on a see-through (or ``background``)
    ground. ``align``: 0 left, 1 centre, 2 right of ``x`` (pixels); ``y`` is the top row.
    ``group`` is what to add to a displayio Group; ``scale`` 1 or 2."""

    def __init__(self, font, size, colour, x=0, y=0, align=0, background=None, scale=1):
        self.font = font
        self.size = size
        palette = displayio.Palette(2)
        palette[0] = background if background is not None else 0
        if background is None:
            palette.make_transparent(0)
        palette[1] = colour
        self.palette = palette
        self.grid = displayio.TileGrid(font.bitmap, pixel_shader=palette, width=size, height=1,
                                       tile_width=CELL_W, tile_height=CELL_H, default_tile=0)
        self.group = displayio.Group(scale=scale)
        self.group.append(self.grid)
        self.scale = scale
        self.x = x
        self.y = y
        self.align = align
        self.text = ""
        self.colour = colour
        self._place(0)

    def _place(self, n):
        w = n * CELL_W * self.scale
        if self.align == 1:
            x = self.x - w // 2
        elif self.align == 2:
            x = self.x - w
        else:
            x = self.x
        self.group.x = x
        self.group.y = self.y

    def move(self, x, y):
        self.x = x
        self.y = y
        self._place(len(self.text))

    def set(self, text, colour=None):
        """Show ``text`` (cut to ``size``); True if anything changed."""
        if len(text) > self.size:
            text = text[:self.size]
        changed = False
        if colour is not None and colour != self.colour:
            self.palette[1] = colour
            self.colour = colour
            changed = True
        if text == self.text:
            return changed
        old = self.text
        grid = self.grid
        font = self.font
        for i in range(max(len(old), len(text))):
            t = font.tile(ord(text[i])) if i < len(text) else 0
            if i >= len(old) or grid[i] != t:
                grid[i] = t
        self.text = text
        self._place(len(text))
        return True
