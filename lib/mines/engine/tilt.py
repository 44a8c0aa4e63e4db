"""The counter-tilt's odds for a kind of board (``set_odds``), and the typical work to make one.

Used once, when the generator begins a board of a new kind, and let go at once
(``perturb.start_odds``): its tables and arithmetic are code the rest of the making does without.
What the tilt is and how it was calibrated: the notes of ``perturb``.
"""

import gc
import math

from mines._const import const

# perturb.CLASSES and STARTS, repeated (perturb imports this module; a test checks them).
_CLASSES = const(12)
_STARTS = const(5)
_DROP = const(60)   # perturb's: where ``gen.odds`` holds the chances to give up a mine
_TILTED = const(120)   # and the kinds of start tilted

# The counter-tilt, 13 bytes a row: width, height, mines, then per cell class (see
# ``perturb.cell_class``) minus the log-odds, in 1/64ths, of a cell taking a mine (in hex). Calibrated
# with tools/spread.py on each board listed.
_TILT = (
    b"\x10\x10\x28" b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"   # 16x16/40
    b"\x14\x0f\x2d" b"\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00"   # 20x15/45
    b"\x1e\x10\x63" b"\x04\x02\x01\x01\x00\x00\x00\x00\x01\x01"   # 30x16/99
    b"\x1e\x18\xd8" b"\x16\x08\x05\x06\x02\x00\x03\x01\x04\x05"   # 30x24/216
    b"\x1e\x10\xaa" b"\x2f\x0d\x07\x05\x06\x03\x02\x00\x02\x05"   # 30x16/170
    b"\x10\x10\x63" b"\x3e\x15\x0a\x04\x08\x01\x01\x00\x00\x03"   # 16x16/99
    b"\x09\x09\x23" b"\x63\x28\x16\x03\x16\x09\x05\x00\x02\x06"   # 9x9/35
)
_ROW = const(13)
# The start's terms (version 1), 38 bytes a row: width, height, mines, then per kind of start
# (``perturb.start_kind``) 7 terms: added to the class's for the corners and for the cells 0, 1, 2 and 3+
# in from the nearest side, and for the cells touching the start's 3x3 area, on an edge and
# inside, instead of it (near the start no edge pull: its numbers decide those cells first).
# Each is 128 (0x80) minus the log-odds in 1/128ths, in hex. Calibrated with tools/spread.py
# --calibrate (docs/spread.md; it prints a row in decimal); Beginner and Intermediate keep only
# terms past 3/128.
_START = (
    b"\x09\x09\x0a"   # 9x9/10
    b"\x81\x81\x80\x81\x81\x82\x7b"
    b"\x80\x80\x80\x80\x80\x80\x80"
    b"\x80\x80\x80\x80\x80\x80\x80"
    b"\x80\x80\x80\x80\x80\x80\x80"
    b"\x80\x80\x80\x80\x80\x80\x80"
    b"\x14\x0f\x2d"   # 20x15/45
    b"\x7f\x82\x81\x81\x82\x83\x79"
    b"\x7e\x81\x80\x80\x81\x83\x7e"
    b"\x7f\x81\x80\x80\x80\x80\x80"
    b"\x7e\x81\x80\x80\x80\x80\x81"
    b"\x7e\x80\x80\x80\x81\x80\x80"
    b"\x10\x10\x28"   # 16x16/40
    b"\x82\x81\x7f\x80\x81\x82\x7a"
    b"\x80\x80\x80\x80\x80\x80\x80"
    b"\x80\x80\x80\x80\x80\x80\x80"
    b"\x80\x80\x80\x80\x80\x80\x80"
    b"\x80\x80\x80\x80\x80\x80\x80"
    b"\x1e\x10\x63"   # 30x16/99
    b"\x81\x82\x82\x81\x81\x82\x78"
    b"\x81\x80\x81\x7f\x7f\x82\x7e"
    b"\x7d\x80\x81\x7f\x7f\x83\x81"
    b"\x80\x80\x81\x7f\x7f\x81\x80"
    b"\x7f\x80\x80\x7f\x7f\x82\x81"
    b"\x1e\x10\xaa"   # 30x16/170
    b"\x73\x82\x81\x82\x80\x8a\x79"
    b"\x71\x80\x82\x81\x7f\x87\x85"
    b"\x6e\x7f\x80\x81\x7e\x8c\x85"
    b"\x74\x7f\x80\x80\x7d\x89\x86"
    b"\x75\x7e\x7f\x80\x7d\x88\x86"
    b"\x10\x10\x63"   # 16x16/99
    b"\x76\x81\x82\x82\x83\x8b\x77"
    b"\x73\x80\x81\x82\x81\x86\x84"
    b"\x70\x7e\x80\x82\x81\x8a\x86"
    b"\x75\x7e\x81\x81\x7f\x87\x85"
    b"\x77\x7c\x81\x80\x7e\x87\x87"
    b"\x0c\x0c\x38"   # 12x12/56
    b"\x79\x81\x80\x7f\x81\x8b\x7a"
    b"\x77\x7f\x80\x7f\x7f\x87\x85"
    b"\x77\x7b\x7e\x7f\x80\x8a\x87"
    b"\x7e\x7e\x7d\x7d\x7c\x87\x87"
    b"\x7d\x79\x7e\x7f\x7c\x89\x87"
    b"\x09\x09\x23"   # 9x9/35
    b"\x9c\x82\x75\x6f\x6f\x93\x79"
    b"\x99\x7c\x76\x70\x6c\x8d\x8b"
    b"\x71\x76\x75\x7a\x7e\x99\x92"
    b"\xa6\x76\x74\x6e\x67\x8f\x8c"
    b"\x6a\x74\x79\x7b\x7f\x9a\x96"
    b"\x10\x10\x73"   # 16x16/115
    b"\x5f\x84\x81\x7e\x7f\x8b\x7b"
    b"\x5f\x82\x80\x7e\x7d\x89\x86"
    b"\x51\x7f\x7f\x7f\x7c\x8d\x88"
    b"\x5f\x81\x7f\x7c\x7b\x8c\x88"
    b"\x58\x7f\x7f\x7e\x7b\x8c\x89"
)
_SROW = const(38)
_RING_OF = b"\x00\x01\x01\x01\x02\x02\x02\x03\x03\x04"   # each cell class's ring (0 the corners)


def _nearest(table, row, w, h, mines):
    """The rows of ``table`` (``row`` bytes each) for this board: (lo, hi, t), the two rows
    nearest in density below and above and the weight of ``hi`` (the board's own row: lo = hi;
    past the densest: the densest); lo -1 below the sparsest."""
    d = mines / (w * h)
    lo = hi = -1
    dlo = dhi = 0.0
    for r in range(0, len(table), row):
        if table[r] == w and table[r + 1] == h and table[r + 2] == mines:
            return r, r, 0.0
        rd = table[r + 2] / (table[r] * table[r + 1])
        if rd <= d and (lo < 0 or rd > dlo):
            lo = r
            dlo = rd
        if rd > d and (hi < 0 or rd < dhi):
            hi = r
            dhi = rd
    if lo < 0 or hi < 0:
        return lo, lo, 0.0
    return lo, hi, (d - dlo) / (dhi - dlo)


def set_odds(gen, mines, version):
    """The counter-tilt for this board kind (once per kind, not per board): per kind of start
    (version 1; version 0 has one) and class, the chance out of 256 that a cell takes a mine,
    in ``gen.odds``, and that it gives one up (the inverse odds), ``_DROP`` further on; from
    ``_TILTED`` on, a byte per kind of start whose odds are not all 255. ``start_odds``
    picks the start's. A board listed takes its row; another the two rows nearest in density
    below and above, interpolated (or the row below, past the densest); none below the
    sparsest."""
    w = gen.width
    h = gen.height
    lo, hi, t = _nearest(_TILT, _ROW, w, h, mines)
    slo = -1
    n = 10   # classes: version 0 knows no start
    if version:
        slo, shi, st = _nearest(_START, _SROW, w, h, mines)
        n = _CLASSES
    odds = gen.odds
    for k in range(2 * n * (_STARTS if version else 1)):
        # Minus the log-odds of class c for start kind s; the first pass over a start kind finds
        # the least (``top``, its likeliest class) and the most (``low``).
        s = k // (2 * n)
        c = k % (2 * n)
        if not c:
            top = low = None
        if c >= n:
            c -= n
        v = 0.0
        if c < 10 and lo >= 0:
            v = (1 - t) * _TILT[lo + 3 + c] + t * _TILT[hi + 3 + c]
        if slo >= 0:
            g = 3 + 7 * s + (c - 5 if c >= 10 else _RING_OF[c])
            v += ((1 - st) * _START[slo + g] + st * _START[shi + g] - 128) / 2
        if k % (2 * n) < n:
            if top is None or v < top:
                top = v
            if low is None or v > low:
                low = v
        else:
            odds[s * _CLASSES + c] = int(255 * math.exp((top - v) / 64) + 0.5)
            odds[_DROP + s * _CLASSES + c] = int(255 * math.exp((v - low) / 64) + 0.5)
            odds[_TILTED + s] = top != low
    # Its floats are garbage, strewn over the heap: collected now (a quiet moment, once per
    # board kind), the board's own allocations find room without a search past them.
    gc.collect()



def typical_work(width, height, mines):
    """About the median work units to make such a board (for the progress bar): per cell 12,
    plus 4000 (density - 0.15) ** 1.5 above 15% (a fit to the bench's medians from 12% to 43%)."""
    cells = width * height
    d = mines / cells - 0.15
    extra = 4000 * d ** 1.5 if d > 0 else 0
    return int(cells * (12 + extra)) + 1
