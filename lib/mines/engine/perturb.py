"""How the generator changes a board when the solver is stuck: which cells move, where to;
and, once they moved, what the solver must take back (``revise_begin``, ``revise``).

Functions of the ``Generator`` (``gen``), as its methods would be, and of its ``Solver``
(``self``, in ``revise_begin`` and ``revise``); they live apart from the generator so that each
module stays small enough to compile on the device, and in one module, not two, for the
module's own heap (its object, dict and names: about 100 bytes a module).

The counter-tilt. Among all no-guess boards, mines sit more often on the edges and in the
corners than a uniform layout puts them (edge cells have fewer neighbours, so their numbers
decide more), and the perturbations and doors add pulls of their own that change with density
and size (at 43% without a tilt: corners +40%, the edge cells next to a corner +11%). So where a
mine is placed or moved to, each cell class (by distance to the nearest side and end, up to 3:
10 classes) is taken at odds exp(L / 64) relative to the others, and where a mine is taken from,
at the inverse odds. L per class is in ``tilt._TILT``, calibrated on every preset it lists with
tools/spread.py (thousands of boards each); other boards use the two rows nearest in density,
interpolated, and boards sparser than every row are not tilted.

Where the player starts (version 1, issue 21). ``tilt._TILT`` evens the spread out over starts drawn
at random; a given start pulls on its own (at 43% with the start in the centre the cells that
touch the opened 3x3 held 11% too many mines and the edges 4% too few; with the start in a
corner, the cells that touch it 6% too few and the far corners 10% too many). ``tilt._START`` adds,
per board kind and kind of start (``start_kind``: a corner, an edge near a corner, an edge,
inside near a corner, inside), a term for the corners and for each ring; the cells that touch
the start's 3x3 take two terms of their own (on an edge, inside) instead of their class's: near
the start there is no edge pull to cancel. Version 0 (the boards of older codes) has none.
The odds come from those tables once per board kind (``tilt.set_odds``, a module loaded for
that alone and let go at once), and are drawn from byte tables in the generator meanwhile.
"""

from mines import phases
from mines._const import const
from mines.engine.solver import (ALL_FLAGS, CHANGED, FORGOTTEN, PAIR_QUEUED, QUEUED, RENUMBERED,
                                 WHY_FULL, WHY_GIVEN, WHY_PAIR)

# solver's states, folded by the compiler (checked by host_tests/test_solver.py).
UNK = const(0)
NUM = const(2)
MINE = const(3)
PICKED = const(32)   # a bit of the solver's ``flags``: the cell is in ``gen.moved`` already

_TRIES = const(24)  # random picks of a far cell before falling back to a scan
CLASSES = const(12)   # 10 cell classes; version 1 also the cells touching the start's 3x3: edge, inside
# A bytes literal: a tuple of ints, even one passed to bytes(), stays in the module's
# constants as long as the module is loaded (4 bytes an entry).
_CLASS_OF = b"\x00\x01\x02\x03\x00\x04\x05\x06\x00\x00\x07\x08\x00\x00\x00\x09"
STARTS = const(5)
# In ``gen.odds``: where the chances to give up a mine begin, and the kinds of start tilted.
_DROP = const(60)   # CLASSES * STARTS
_TILTED = const(120)


def start_kind(w, h, x, y):
    """The kind of start (x, y) on a w x h board, by its distances to the sides (a <= b): 0 a
    corner (a = b = 0), 1 an edge within 2 of a corner (a = 0, b <= 2), 2 an edge, 3 inside within
    2 of a corner (b <= 2), 4 inside."""
    a = w - 1 - x
    if x < a:
        a = x
    b = h - 1 - y
    if y < b:
        b = y
    if a > b:
        a, b = b, a
    if not a:
        return 0 if not b else (1 if b <= 2 else 2)
    return 3 if b <= 2 else 4


def start_odds(gen, mines):
    """The counter-tilt for this board (``gen.version``, ``mines``, the start ``gen._sx``,
    ``gen._sy``): ``tilt.set_odds`` (and the typical work, for progress) when the board kind
    changed; ``gen.odds_at``, where the start's odds begin in ``gen.odds`` (those to give up
    a mine ``_DROP`` further on); ``gen.skip``: version 1's cells at odds 255 take or give up a mine
    without a draw, version 0's all draw (256); 0: untilted, no draws at all."""
    v = gen.version
    if gen._tilt_for != mines * 2 + v:
        # Its tables and arithmetic (1.3K of code) serve this alone: loaded, used, let go.
        from mines.engine import tilt
        tilt.set_odds(gen, mines, v)
        gen._tilt_for = mines * 2 + v
        gen._typical = tilt.typical_work(gen.width, gen.height, mines)
        tilt = None
        if phases.UNLOAD:
            phases.forget("mines.engine.tilt")
    s = 0
    if v:
        s = start_kind(gen.width, gen.height, gen._sx, gen._sy)
    gen.odds_at = s * CLASSES
    gen.skip = (255 if v else 256) if gen.odds[_TILTED + s] else 0


def cell_class(gen, x, y):
    """The class of cell (x, y) for the counter-tilt, from its distances to the nearest side
    and end (a <= b, each counted up to 3): (0, 0) a corner is 0, (0, 1) 1, (0, 2) 2, (0, 3+) 3,
    (1, 1) 4, (1, 2) 5, (1, 3+) 6, (2, 2) 7, (2, 3+) 8, (3+, 3+) 9; version 1: 10 and 11 for
    a cell that touches the start's 3x3 area, on an edge and inside (x, y and the start in the
    generator's mirrored frame)."""
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
    if gen.version and -2 <= x - gen._sx <= 2 and -2 <= y - gen._sy <= 2:
        return 11 if a else 10
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
    changed: the earliest open number touching any of them. (The caller counts its 20 work
    units.)"""
    s = gen.solver
    st = s.st
    when = s.when
    order = s.order
    offsets = gen.board.offsets
    # (A narrow solver's ``when`` is modulo 256: the position is the one that holds the cell.)
    keep = when[c]
    while order[keep] != c:
        keep += 256
    for d in offsets:
        x = c + d
        if st[x] != UNK:
            continue
        for e in offsets:
            y = x + e
            if st[y] == NUM:
                k = when[y]
                while order[k] != y:
                    k += 256
                if k < keep:
                    keep = k
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
    if st[number] == MINE:
        # A door in a wall of known mines: that mine moves away, as far as it can.
        moved[0] = number
        flags[number] |= PICKED
        gen.fill = False
        gen.need = 1
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
    """A random cell that can take part in a move (unknown, not yet picked, holding a mine if
    ``gen.fill`` else none, and with ``far`` touching no open number), at the counter-tilt's
    odds; -1 after a few misses."""
    s = gen.solver
    st = s.st
    flags = s.flags
    mine = gen.board.mine
    rng = gen.rng
    cells = s.cells
    w = gen.width
    stride = gen.board.stride
    want = 1 if gen.fill else 0
    skip = gen.skip
    for _ in range(_TRIES):
        r = rng.bits30()
        k = r % cells
        y = k // w
        c = (y + 1) * stride + k - y * w + 1
        s.work += 5
        if st[c] != UNK or flags[c] & PICKED or mine[c] != want or (
                far and touches_number(gen, c)):
            continue
        if not skip:
            return c
        o = gen.odds[gen.odds_at + (_DROP if want else 0) + cell_class(gen, k - y * w, y)]
        # (Version 1 takes the chance out of 256 from the same draw's top bits.)
        if o >= skip or (r >> 22 if skip == 255 else rng.below(256)) < o:
            return c
    return -1


def scan(gen, far, pos, end, found):
    """Add to the candidates (the solver's stack, from index ``found`` on) every cell in
    pos..end-1 that ``pick`` could take (before its odds); returns the new count."""
    cand = gen.solver.stack
    want = 1 if gen.fill else 0
    st = gen.solver.st
    flags = gen.solver.flags
    mine = gen.board.mine
    if end > gen.board.size:
        end = gen.board.size
    for c in range(pos, end):
        # As ``pick`` takes them.
        if st[c] == UNK and not flags[c] & PICKED and mine[c] == want and not (
                far and touches_number(gen, c)):
            cand[found] = c
            found += 1
    gen.solver.work += 5 * (end - pos)
    return found


def take_found(gen, n):
    """Move one of the ``gen.found`` cells ``scan`` listed, drawn at random, to
    ``moved[n]``; returns n + 1. Version 1 draws at the counter-tilt's odds here too, up to 8
    misses (the last far cells, often the far corners, took their mines untilted)."""
    s = gen.solver
    cand = s.stack
    stride = gen.board.stride
    found = gen.found
    misses = 0
    while True:
        r = gen.rng.bits30()
        j = r % found
        c = cand[j]
        if gen.skip != 255 or misses == 8:
            break
        s.work += 3
        misses += 1
        y = c // stride
        o = gen.odds[gen.odds_at + (_DROP if gen.fill else 0)
                     + cell_class(gen, c - y * stride - 1, y - 1)]
        if o == 255 or r >> 22 < o:
            break
    found -= 1
    cand[j] = cand[found]
    gen.found = found
    gen.moved[n] = c
    s.flags[c] |= PICKED
    return n + 1


def touches_number(gen, c):
    st = gen.solver.st
    for d in gen.board.offsets:
        if st[c + d] == NUM:
            return True
    return False


# --- Taking back what the solver learnt, after mines moved ------------------------------------
# ``revise_begin`` then ``revise`` (sliced: call until it returns True, with a budget of cells
# per call): after mines moved under some open numbers, forget exactly the deductions that used
# an old value of those numbers, directly or through other forgotten cells (and,
# conservatively, every case-analysis deduction after the first changed number), keep the rest
# in their order, and queue the numbers next to what changed, so the solver goes on from a
# state it could have reached from the start of the new board.
#
# A packed solver (the generator's and a hinter's own: ``Solver(..., packed=True)``) keeps no
# ``src2``: a pair deduction's ``why`` is WHY_PAIR | j << 2, its other number at ``poffs[j]``
# from its first.


def revise_begin(self, cells, n):
    """Mines were moved on ``cells[0:n]`` (unknown cells, or in the end game known ones, which
    are then forgotten with all that depended on them). Every open number touching them now
    shows a new value; ``revise`` then forgets exactly the deductions that depended on an old
    value, directly or through other forgotten cells, and keeps the rest. ``cells`` must stay
    as it is until ``revise`` is done. Returns the position in ``order`` of the first changed
    number: nothing learnt before it changes."""
    st = self.st
    when = self.when
    order = self.order
    flags = self.flags
    clue = self.clue
    count = self.board.count
    offsets = self.offsets
    keep = self.nknown
    for i in range(n):
        c = cells[i]
        if st[c] != UNK:
            # A known cell whose mine moved (the end game): what was learnt of it is wrong.
            flags[c] |= FORGOTTEN
            k = when[c]
            while order[k] != c:   # (a narrow solver's: modulo 256)
                k += 256
            if k < keep:
                keep = k
        for d in offsets:
            y = c + d
            if st[y] == NUM:
                flags[y] |= RENUMBERED
                clue[y] = count[y]
                k = when[y]
                while order[k] != y:
                    k += 256
                if k < keep:
                    keep = k
    self._moved = cells
    self._nmoved = n
    self._cursor = keep
    self._write = keep
    self._phase = 0
    self.psp = 0        # the pair stack (empty when stuck) lists the cells forgotten
    self.work += 10 * n
    return keep


def revise(self, budget):
    """Carry on with ``revise_begin``'s work, about ``budget`` cells a call. Returns True when
    done: the numbers next to what changed are queued again and solving can go on."""
    st = self.st
    flags = self.flags
    order = self.order
    offsets = self.offsets
    forgot = self.pstack
    if self._phase == 0:
        # In order, so a cell's sources and their neighbourhoods are judged before it. A
        # forgotten cell keeps FORGOTTEN (and a changed number RENUMBERED) until the walk ends.
        why = self.why
        src = self.src
        src2 = self.src2
        when = self.when
        packed = self.packed
        narrow = self.narrow
        low = 255 if narrow else 0xFFFF
        poffs = self.poffs
        mu = self.mu
        nforgot = self.psp
        k = self._cursor
        out = self._write
        end = k + budget
        if end > self.nknown:
            end = self.nknown
        while k < end:
            c = order[k]
            k += 1
            f = flags[c]
            bad = f & FORGOTTEN
            if not bad:
                w = why[c]
                if w == WHY_FULL:
                    bad = 1   # it used the whole board: assume the worst
                elif w != WHY_GIVEN:
                    a = src[c]
                    if narrow:   # a byte of it: the number within 128 of c (``Solver``)
                        a = c - 128 + ((a - c + 128) & 255)
                    b = a if packed else src2[c]
                    if packed and w & 3 == WHY_PAIR:
                        b = a + poffs[w >> 2]   # (see ``Solver``)
                    if (flags[a] | flags[b]) & (FORGOTTEN | RENUMBERED):
                        bad = 1
                    else:
                        for d in offsets:
                            if (flags[a + d] | flags[b + d]) & FORGOTTEN:
                                bad = 1
                                break
            if not bad:
                order[out] = c
                when[c] = out & low
                out += 1
                continue
            flags[c] = f | FORGOTTEN
            forgot[nforgot] = c
            nforgot += 1
            # Known cell c becomes unknown again: its neighbours' counters follow (``mu``).
            if st[c] == MINE:
                self.mines_left += 1
                for d in offsets:
                    mu[c + d] -= 15
            else:
                for d in offsets:
                    mu[c + d] += 1
            st[c] = UNK
            self.unknown += 1
        self.work += 4 * (k - self._cursor) + 5 * (nforgot - self.psp)
        self._cursor = k
        self._write = out
        self.psp = nforgot
        if k < self.nknown:
            return False
        self.nknown = out
        self._phase = 1
        self._cursor = 0
        return False
    # Queue the numbers next to a forgotten cell, and the changed numbers; every other number
    # was already looked at in the stuck state and nothing around it changed.
    mu = self.mu
    stack = self.stack
    sp = self.sp
    i = self._cursor
    end = i + budget
    nforgot = self.psp
    if end > nforgot:
        end = nforgot
    while i < end:
        c = forgot[i]
        i += 1
        flags[c] &= QUEUED | PAIR_QUEUED
        for d in offsets:
            y = c + d
            if st[y] == NUM and mu[y] & 15 and not flags[y] & QUEUED:
                flags[y] |= QUEUED
                stack[sp] = y
                sp += 1
    self.work += 9 * (i - self._cursor)
    self._cursor = i
    self.sp = sp
    if i < nforgot:
        return False
    moved = self._moved
    for j in range(self._nmoved):
        c = moved[j]
        for d in offsets:
            y = c + d
            if flags[y] & RENUMBERED:
                flags[y] &= ALL_FLAGS ^ RENUMBERED ^ CHANGED
                if st[y] == NUM and mu[y] & 15 and not flags[y] & QUEUED:
                    flags[y] |= QUEUED
                    stack[sp] = y
                    sp += 1
    self.work += 9 * self._nmoved
    self.sp = sp
    self.psp = 0
    return True
