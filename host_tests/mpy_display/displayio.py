"""A stand-in for CircuitPython's displayio under micropython, for memory measurements: each
object allocates on the heap what the device's holds (tools/memory.py, README "Memory").

Sizes are CircuitPython 10's structs (shared-module/displayio/*.h) on the SAMD51 (32-bit
pointers), rounded up to the collector's 16-byte blocks. Each object takes ``STRUCT_SCALE``
times its device struct on the host heap (2: host objects are about twice the device's, as the
rest of the host heap is): its Python attributes, padded with a bytearray to that size when
they take less (``calibrate`` measures them). Its data - bitmap pixels, tile numbers, palette
colours - is a bytearray of the device's size (bytes do not grow with pointer size).
Nothing is drawn.
"""

import gc

import sys
STRUCT_SCALE = 1 if sys.maxsize < 2**32 else 2
_BLOCK = 16


def _blocks(n):
    return (n + _BLOCK - 1) // _BLOCK * _BLOCK


_PAD = {}  # class -> host bytes of padding that make an object STRUCT_SCALE x the device's


def _pad(obj, device_bytes):
    pad = _PAD.get(type(obj), 0)
    obj._struct = bytearray(pad) if pad else None


def calibrate(count=16):
    """Measure ``count`` bare objects of each class and set the padding."""
    for cls, make, device in ((Bitmap, lambda: Bitmap(1, 1, 1), _BITMAP),
                              (Palette, lambda: Palette(1), _PALETTE),
                              (TileGrid, lambda: TileGrid(_PROBE, width=1, height=1), _TILEGRID),
                              (Group, lambda: Group(), _GROUP + _LIST)):
        _PAD[cls] = 0
        probes = [None] * count
        gc.collect()
        before = gc.mem_alloc()
        for i in range(count):
            probes[i] = make()
        gc.collect()
        host = (gc.mem_alloc() - before) // count - _data_bytes(probes[0])
        probes = None
        want = STRUCT_SCALE * _blocks(device)
        _PAD[cls] = want - host - _BLOCK if want - host > _BLOCK else 0
        HOST[cls.__name__] = (host + (_PAD[cls] + _BLOCK if _PAD[cls] else 0), want)


HOST = {}  # class name -> (host bytes of an object, padding included; the bytes wanted)


def _data_bytes(obj):
    data = getattr(obj, "_data", None)
    n = len(data) if data is not None else 0
    tiles = getattr(obj, "_tiles", None)
    return n + (len(tiles) if tiles is not None else 0)


# Device struct sizes, bytes (32-bit): see each class.
_BITMAP = 36  # base, width, height, data, stride, bits_per_value, x_shift, x_mask, area, ...
_PALETTE = 14  # base, colors, color_count, two flags
_COLOUR = 16  # _displayio_color_t: rgb888, cached colorspace and colour, flags
_TILEGRID = 86  # base, bitmap, shader, geometry, tiles, inverts, transform, three areas, flags
_GROUP = 46  # base, members, transform, area, x, y, scale, flags
_LIST = 16  # mp_obj_list_t: base, alloc, len, items


class Bitmap:
    def __init__(self, width, height, value_count):
        bits = 1
        while (1 << bits) < value_count:
            bits *= 2  # 1, 2, 4, 8 (the device's 16 and 32 are not used here)
        self.width = width
        self.height = height
        self._bits = bits
        self._stride = (width * bits + 31) // 32  # 32-bit words a row
        self._data = bytearray(_blocks(self._stride * 4 * height))
        _pad(self, _BITMAP)

    def _bit(self, key):
        """The bit offset of a pixel: ``key`` is (x, y) or one int y * width + x. Rows of 32-bit
        little-endian words, the first pixel in the lowest bits, as the device stores them."""
        if isinstance(key, int):
            x = key % self.width
            y = key // self.width
        else:
            x = key[0]
            y = key[1]
        return y * self._stride * 32 + x * self._bits

    def __setitem__(self, key, value):
        # no slices, no tuples: like the device's, a write allocates nothing
        bit = self._bit(key)
        i = bit >> 3
        mask = ((1 << self._bits) - 1) << (bit & 7)
        self._data[i] = (self._data[i] & ~mask) | (value << (bit & 7) & mask)

    def __getitem__(self, key):
        bit = self._bit(key)
        return (self._data[bit >> 3] >> (bit & 7)) & ((1 << self._bits) - 1)

    def fill(self, value):
        for y in range(self.height):
            for x in range(self.width):
                self[x, y] = value


class Palette:
    def __init__(self, color_count, dither=False):
        self._data = bytearray(_blocks(_COLOUR * color_count))  # colours, 16 bytes each
        self._transparent = 0
        _pad(self, _PALETTE)

    def __len__(self):
        return len(self._data) // _COLOUR

    def __setitem__(self, i, colour):
        for k in range(3):
            self._data[_COLOUR * i + k] = colour >> (8 * k) & 0xFF

    def __getitem__(self, i):
        d = self._data
        return d[_COLOUR * i] | d[_COLOUR * i + 1] << 8 | d[_COLOUR * i + 2] << 16

    def make_transparent(self, i):
        self._transparent |= 1 << i

    def make_opaque(self, i):
        self._transparent &= ~(1 << i)


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.x = x
        self.y = y
        self.hidden = False
        # The tile numbers: in the struct up to 4, else an array of one byte each (the device
        # takes two past 255 tiles in the bitmap; ours never have that many).
        n = width * height
        self._tiles = bytearray(_blocks(n) if n > 4 else n)
        if default_tile:
            for i in range(n):
                self._tiles[i] = default_tile
        _pad(self, _TILEGRID)

    def _index(self, key):
        if isinstance(key, tuple):
            return key[1] * self.width + key[0]
        return key

    def __setitem__(self, key, tile):
        self._tiles[self._index(key)] = tile

    def __getitem__(self, key):
        return self._tiles[self._index(key)]


class Group:
    def __init__(self, scale=1, x=0, y=0):
        self._scale = scale  # not through ``scale``: a subclass (Label) redefines it
        self.x = x
        self.y = y
        self.hidden = False
        self._members = []
        _pad(self, _GROUP + _LIST)

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = value

    def append(self, item):
        self._members.append(item)

    def insert(self, i, item):
        self._members.insert(i, item)

    def pop(self, i=-1):
        return self._members.pop(i)

    def remove(self, item):
        self._members.remove(item)

    def index(self, item):
        return self._members.index(item)

    def __len__(self):
        return len(self._members)

    def __getitem__(self, i):
        return self._members[i]

    def __setitem__(self, i, item):
        self._members[i] = item

    def __delitem__(self, i):
        del self._members[i]


class Display:
    """The built-in display: ``root_group``, ``refresh()``, ``auto_refresh`` (no heap: the
    device's display object lives outside it)."""

    def __init__(self):
        self.root_group = None
        self.auto_refresh = False
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1


_PROBE = Bitmap(1, 1, 1)
calibrate()
