"""How the generator changes a board when the solver is stuck: which cells move, where to.

Functions of the ``Generator`` (``gen``), as its methods would be; they live apart so that each
module stays small enough to compile on the device.

The counter-tilt. Among all no-guess boards, mines sit more often on the edges and in the
corners than a uniform layout puts them (edge cells have fewer neighbours, so their numbers
decide more): measured on uniformly random 9x9/20 boards kept only when solvable, corners held
15% and edges 9% more than their share. A generator that keeps what solves inherits that pull,
and at 35-45% mines it reaches +40% in the corners. So where a mine is placed or moved to, each
cell class (corner, edge, 1, 2, 3+ cells in) is taken at odds ``exp(-K * (density - 0.2) ** 2)``
relative to the others, and where a mine is taken from, at the inverse odds; below 20% mines
nothing is tilted. K per class was calibrated with tools/bench.py's spread table on the dense
presets and 30x24/216.
"""

import math

from mines.solver import MINE, NUM, UNK

_TRIES = 24   # random picks of a far cell before falling back to a scan
# Per cell class (corner, edge, 1, 2 and 3+ cells from an edge): K of the counter-tilt.
_TILT_K = (34.0, 3.5, 1.0, 0.0, 1.2)


def set_odds(gen, mines):
    """The counter-tilt's odds for this density (floats once per board kind, not per cell);
    sets ``gen.tilted``, ``gen.add_odds`` and ``gen.drop_odds`` (chances out of 256 per class)."""
    d = mines / (gen.width * gen.height) - 0.2
    if d < 0:
        d = 0.0
    weights = [math.exp(-k * d * d) for k in _TILT_K]
    top = max(weights)
    low = min(weights)
    for c in range(5):
        gen.add_odds[c] = int(255 * weights[c] / top + 0.5)
        gen.drop_odds[c] = int(255 * low / weights[c] + 0.5)
    gen.tilted = d > 0


def typical_work(width, height, mines):
    """About the median work units to make such a board (for the progress bar): per cell 12,
    plus 4000 (density - 0.15) ** 1.5 above 15% (a fit to the bench's medians from 12% to 43%)."""
    cells = width * height
    d = mines / cells - 0.15
    extra = 4000 * d ** 1.5 if d > 0 else 0
    return int(cells * (12 + extra)) + 1


def cell_class(gen, x, y):
    """The class of cell (x, y) for the counter-tilt: 0 a corner, 1 on an edge, 2, 3 one or
    two cells in, 4 further in."""
    w1 = gen.width - 1
    h1 = gen.height - 1
    if (x == 0 or x == w1) and (y == 0 or y == h1):
        return 0
    r = x if x < y else y
    if w1 - x < r:
        r = w1 - x
    if h1 - y < r:
        r = h1 - y
    return r + 1 if r < 3 else 4


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
    (marked in ``picked``), decide ``fill`` and how many far cells must change
    (``need``); returns u."""
    s = gen.solver
    b = gen.board
    st = s.st
    rng = gen.rng
    moved = gen.moved
    picked = gen.picked
    u = 0
    m = 0
    gen.first_far = 0
    if st[number] == MINE:
        # A door in a wall of known mines: that mine moves away, as far as it can.
        moved[0] = number
        picked[number] = 1
        gen.fill = False
        gen.need = 1
        gen.first_far = 1
        s.work += 12
        return 1
    for d in b.offsets:
        c = number + d
        if st[c] == UNK:
            moved[u] = c
            picked[c] = 1
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
    picked = gen.picked
    mine = gen.board.mine
    if end > gen.board.size:
        end = gen.board.size
    for c in range(pos, end):
        # ``movable``, written out: this loop may walk the whole board.
        if st[c] == UNK and not picked[c] and mine[c] == want and not (
                far and touches_number(gen, c)):
            cand[found] = c
            found += 1
    gen.solver.work += 5 * (end - pos)
    return found


def movable(gen, c, want, far):
    """Can cell c take part in a move: unknown, not yet picked, holding a mine (``want`` 1)
    or not (0), and with ``far``, touching no open number?"""
    if gen.solver.st[c] != UNK or gen.picked[c] or gen.board.mine[c] != want:
        return False
    return not (far and touches_number(gen, c))


def touches_number(gen, c):
    st = gen.solver.st
    for d in gen.board.offsets:
        if st[c + d] == NUM:
            return True
    return False
