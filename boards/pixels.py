"""A minimal NeoPixel strip, kept all game long by the PyGamer and PyBadge profiles (boards.device
makes it at start-up and is let go; this is what stays)."""


class Pixels:
    """``n`` pixels: ``pixels[i] = (r, g, b)`` (0..255 each), ``show()``, ``len()``.
    ``write(pin, buf)`` sends the GRB bytes (``neopixel_write.neopixel_write``) to ``pin``, a
    DigitalInOut set to output."""

    def __init__(self, write, pin, n):
        self._write = write
        self._pin = pin
        self._buf = bytearray(3 * n)
        self._n = n

    def __len__(self):
        return self._n

    def __setitem__(self, i, rgb):
        b = self._buf
        b[3 * i] = rgb[1]  # GRB order
        b[3 * i + 1] = rgb[0]
        b[3 * i + 2] = rgb[2]

    def show(self):
        self._write(self._pin, self._buf)
