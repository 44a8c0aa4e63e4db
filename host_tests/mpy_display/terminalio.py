"""A stand-in for CircuitPython's terminalio under micropython (memory measurements): FONT, a
6x12 built-in font. On the device its bitmap is in flash, so nothing of it is on the heap here
either (a displayio.Bitmap with no pixels), but the glyph objects that ``get_glyph`` makes on
every call, as the device's does; its tiles are the characters from 32 on, in order."""

import displayio


class _FlashBitmap(displayio.Bitmap):
    def __init__(self):  # (no pixel data: the device's is in flash)
        self.width = 6 * 95
        self.height = 12


class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y


class BuiltinFont:
    def __init__(self):
        self.bitmap = _FlashBitmap()

    def get_bounding_box(self):
        return 6, 12

    def get_glyph(self, codepoint):
        if not 32 <= codepoint < 127:
            codepoint = 63  # "?"
        return Glyph(self.bitmap, codepoint - 32, 6, 12, 0, -2, 6, 0)


FONT = BuiltinFont()
