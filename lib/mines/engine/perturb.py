"""How the generator changes a board when the solver is stuck: which cells move, where to.

Functions of the ``Generator`` (``gen``), as its methods would be; they live apart so that each
module stays small enough to compile on the device.

The counter-tilt. Among all no-guess boards, mines sit more often on the edges and in the
corners than a uniform layout puts them (edge cells have fewer neighbours, so their numbers
decide more), and the perturbations and doors add pulls of their own that change with density
and size (at 43% without a tilt: corners +40%, the edge cells next to a corner +11%). So where a
mine is placed or moved to, each cell class (by distance to the nearest side and end, up to 3:
10 classes) is taken at odds exp(L / 64) relative to the others, and where a mine is taken from,
at the inverse odds. L per class is in ``_TILT``, calibrated on every preset it lists with
tools/spread.py (thousands of boards each); other boards use the two rows nearest in density,
interpolated, and boards sparser than every row are not tilted.
"""

import math

from mines._const import const

# solver's states, folded by the compiler (checked by host_tests/test_solver.py).
UNK = const(0)
NUM = const(2)
MINE = const(3)
PICKED = const(32)   # a bit of the solver's ``flags``: the cell is in ``gen.moved`` already

_TRIES = const(24)  # random picks of a far cell before falling back to a scan
CLASSES = 10
_CLASS_OF = bytes((0, 1, 2, 3, 0, 4, 5, 6, 0, 0, 7, 8, 0, 0, 0, 9))
# The counter-tilt, 13 bytes a row: width, height, mines, then per cell class (see
# ``cell_class``) minus the log-odds, in 1/64ths, of a cell taking a mine. Calibrated with
# tools/spread.py on each board listed.
_TILT = bytes((
    16, 16, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    20, 15, 45, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    30, 16, 99, 4, 2, 1, 1, 0, 0, 0, 0, 1, 1,
    30, 24, 216, 22, 8, 5, 6, 2, 0, 3, 1, 4, 5,
    30, 16, 170, 47, 13, 7, 5, 6, 3, 2, 0, 2, 5,
    16, 16, 99, 62, 21, 10, 4, 8, 1, 1, 0, 0, 3,
    9, 9, 35, 99, 40, 22, 3, 22, 9, 5, 0, 2, 6,
))
_ROW = const(13)


def set_odds(gen, mines):
    """The counter-tilt's odds for this board (once per board kind, not per cell); sets
    ``gen.tilted``, ``gen.add_odds`` and ``gen.drop_odds`` (chances out of 256 per class).
    A board listed in ``_TILT`` takes its row; another the two rows nearest in density below
    and above, interpolated (or the row below, past the densest); none below the sparsest."""
    w = gen.width
    h = gen.height
    d = mines / (w * h)
    lo = hi = -1
    dlo = dhi = 0.0
    for r in range(0, len(_TILT), _ROW):
        if _TILT[r] == w and _TILT[r + 1] == h and _TILT[r + 2] == mines:
            lo = hi = r
            break
        rd = _TILT[r + 2] / (_TILT[r] * _TILT[r + 1])
        if rd <= d and (lo < 0 or rd > dlo):
            lo = r
            dlo = rd
        if rd > d and (hi < 0 or rd < dhi):
            hi = r
            dhi = rd
    gen.tilted = lo >= 0
    if lo < 0:
        return
    t = 0.0
    if hi < 0:
        hi = lo
    elif hi != lo:
        t = (d - dlo) / (dhi - dlo)
    # Minus the log-odds per class, interpolated: the least (``top``) is the likeliest class.
    top = low = None
    for c in range(3, _ROW):
        v = (1 - t) * _TILT[lo + c] + t * _TILT[hi + c]
        if top is None or v < top:
            top = v
        if low is None or v > low:
            low = v
    for c in range(3, _ROW):
        v = (1 - t) * _TILT[lo + c] + t * _TILT[hi + c]
        gen.add_odds[c - 3] = int(255 * math.exp((top - v) / 64) + 0.5)
        gen.drop_odds[c - 3] = int(255 * math.exp((v - low) / 64) + 0.5)
    gen.tilted = top != low


def typical_work(width, height, mines):
    """About the median work units to make such a board (for the progress bar): per cell 12,
    plus 4000 (density - 0.15) ** 1.5 above 15% (a fit to the bench's medians from 12% to 43%)."""
    cells = width * height
    d = mines / cells - 0.15
    extra = 4000 * d ** 1.5 if d > 0 else 0
    return int(cells * (12 + extra)) + 1


def cell_class(gen, x, y):
    """The class of cell (x, y) for the counter-tilt, from its distances to the nearest side
    and end (a <= b, each counted up to 3): (0, 0) a corner is 0, (0, 1) 1, (0, 2) 2, (0, 3+) 3,
    (1, 1) 4, (1, 2) 5, (1, 3+) 6, (2, 2) 7, (2, 3+) 8, (3+, 3+) 9."""
    a = gen.width - 1 - x
    if x < a:
        a = x
    b = gen.height - 1 - y
    if y < b:
        b = y
    if a > b:
        a, b = b, a
    if a > 3:
        a = 3
    if b > 3:
        b = 3
    return _CLASS_OF[a * 4 + b]


def mirror(gen, part, r):
    """Mirror the board (mines and counts, the padding included) in place: ``part`` 4 swaps x
    and y (square boards), 1 flips x, 2 flips y; each is its own inverse, so it swaps pairs of
    cells. Does rows r.. (a slice's worth); returns the next row, the board's padded height
    when done."""
    b = gen.board
    mine = b.mine
    count = b.count
    stride = b.stride
    rows = gen.height + 2
    end = r + 1 + 160 // stride
    if end > rows:
        end = rows
    while r < end:
        i = r * stride
        if part == 1:
            j = i + stride - 1
            lo = i
            hi = i + stride // 2
        elif part == 2:
            if 2 * r >= rows - 1:
                return rows
            j = (rows - 1 - r) * stride
            lo = i
            hi = i + stride
        else:
            j = (r + 1) * stride + r
            lo = i + r + 1
            hi = i + stride
        for k in range(lo, hi):
            t = mine[k]
            mine[k] = mine[j]
            mine[j] = t
            t = count[k]
            count[k] = count[j]
            count[j] = t
            if part == 1:
                j -= 1
            elif part == 2:
                j += 1
            else:
                j += stride
        gen.solver.work += hi - lo
        r += 1
    return r


def keep_if_changed(gen, c):
    """The position in ``solver.order`` to roll back to if number c's covered neighbours
    changed: the earliest open number touching any of them."""
    s = gen.solver
    st = s.st
    when = s.when
    offsets = gen.board.offsets
    keep = when[c]
    for d in offsets:
        x = c + d
        if st[x] != UNK:
            continue
        for e in offsets:
            y = x + e
            if st[y] == NUM and when[y] < keep:
                keep = when[y]
    s.work += 20
    return keep


def make_decidable(gen, number):
    """Make open number ``number`` (or a wall mine: a door) decidable: put its covered neighbours in ``moved[0:u]``
    (marked PICKED in the solver's ``flags``), decide ``fill`` and how many far cells must change
    (``need``); returns u."""
    s = gen.solver
    b = gen.board
    st = s.st
    rng = gen.rng
    moved = gen.moved
    flags = s.flags
    u = 0
    m = 0
    gen.first_far = 0
    if st[number] == MINE:
        # A door in a wall of known mines: that mine moves away, as far as it can.
        moved[0] = number
        flags[number] |= PICKED
        gen.fill = False
        gen.need = 1
        gen.first_far = 1
        s.work += 12
        return 1
    for d in b.offsets:
        c = number + d
        if st[c] == UNK:
            moved[u] = c
            flags[c] |= PICKED
            u += 1
            m += b.mine[c]
    # Fill with probability m / u: on average no mine moves between here and far away.
    gen.fill = rng.below(u) < m
    gen.need = u - m if gen.fill else m
    gen.first_far = u
    s.work += 12
    return u


def move(gen, u, n):
    """Make moved[0:u] all mines (``fill``) or all safe, taking the difference from or to
    moved[u:n]; the board's counts follow."""
    b = gen.board
    moved = gen.moved
    mine = b.mine
    fill = gen.fill
    for i in range(n):
        c = moved[i]
        if i < u:
            if fill and not mine[c]:
                b.add_mine(c)
            elif not fill and mine[c]:
                b.remove_mine(c)
        elif fill:
            b.remove_mine(c)
        else:
            b.add_mine(c)
    gen.solver.work += 10 * n


def pick(gen, far):
    """A random cell ``movable`` accepts; -1 after a few misses."""
    s = gen.solver
    w = gen.width
    stride = gen.board.stride
    want = 1 if gen.fill else 0
    for _ in range(_TRIES):
        k = gen.rng.below(s.cells)
        y = k // w
        c = (y + 1) * stride + k - y * w + 1
        s.work += 5
        if movable(gen, c, want, far):
            if not gen.tilted:
                return c
            odds = gen.drop_odds if want else gen.add_odds
            if gen.rng.below(256) < odds[cell_class(gen, k - y * w, y)]:
                return c
    return -1


def scan(gen, far, pos, end, found):
    """Add to ``cand`` (from index ``found`` on) every cell in pos..end-1 that ``movable``
    accepts; returns the new count."""
    cand = gen.cand
    want = 1 if gen.fill else 0
    st = gen.solver.st
    flags = gen.solver.flags
    mine = gen.board.mine
    if end > gen.board.size:
        end = gen.board.size
    for c in range(pos, end):
        # ``movable``, written out: this loop may walk the whole board.
        if st[c] == UNK and not flags[c] & PICKED and mine[c] == want and not (
                far and touches_number(gen, c)):
            cand[found] = c
            found += 1
    gen.solver.work += 5 * (end - pos)
    return found


def movable(gen, c, want, far):
    """Can cell c take part in a move: unknown, not yet picked, holding a mine (``want`` 1)
    or not (0), and with ``far``, touching no open number?"""
    s = gen.solver
    if s.st[c] != UNK or s.flags[c] & PICKED or gen.board.mine[c] != want:
        return False
    return not (far and touches_number(gen, c))


def touches_number(gen, c):
    st = gen.solver.st
    for d in gen.board.offsets:
        if st[c + d] == NUM:
            return True
    return False
