"""The solver: plays Minesweeper from what a player can see, never guessing.

It keeps, for every cell, what is known (unknown, safe, a revealed number, a mine), and in one
byte how many neighbours are still unknown and how many are known mines. When a cell becomes
known, only its 8 neighbours are updated and only the numbers among them are queued again: the
solver is incremental and never rescans the board while it plays.

Rules, by level (``presets``):
  SINGLE  a number whose remaining mines are 0 (all unknown neighbours safe) or equal to its
          unknown neighbours (all mines);
  PAIRS   two numbers within 2 cells of each other: the mines in their shared unknown cells lie in
          a range [lo, hi] that both numbers allow; a side whose count is then fixed at "none" or
          "all" is decided. This covers the subset rule, 1-2-1 and 1-1-x. It runs once the single
          rule leaves 0 < r < u for every number (callers queue every number they change);
  FULL    also the total mine count and exact case analysis over groups of frontier cells
          (``groups``), each group of at most ``groups.MAX_GROUP`` cells.
Every rule is sound and monotone (knowing more never loses a deduction), so the cells proven from
any reachable state do not depend on the order the rules fire in; the generator relies on that.

Two ways to play: oracle (a ``Board`` as the truth: a cell proven safe opens at once, its
number read from the board; the generator's) and view (from the numbers a player sees,
``give_clue``: a cell proven safe stays covered, SAFE; ``tools/solve.py``'s and the hints').
Every cell that becomes known is recorded in ``order`` with the rule that proved it (``why``), so
a hint can re-run that rule around the cell and show which numbers prove it.
"""

from array import array

from mines.engine.presets import FULL, PAIRS

from mines._const import const

# Cell states (``Solver.st``).
UNK = const(0)   # covered and not known
SAFE = const(1)  # known safe, number not known (view mode)
NUM = const(2)   # open, its number known (``clue``)
MINE = const(3)  # known mine
WALL = const(4)  # the border ring

# Bits of ``Solver.flags`` (per cell). ``groups`` repeats CHANGED (a test checks it).
QUEUED = const(1)        # an open number on the single rule's stack
PAIR_QUEUED = const(2)   # an open number on the pair rule's stack
FORGOTTEN = const(4)     # ``perturb.revise``: a deduction being taken back
RENUMBERED = const(8)    # ``perturb.revise``: an open number whose value a move changed
CHANGED = const(16)      # the number's neighbourhood or value changed since the last case analysis
ALL_FLAGS = const(31)
# ``perturb`` (repeated there; a test checks it): a cell the generator has put in its
# list of cells to move, between choosing them and moving them (the solver idle meanwhile).
PICKED = const(32)

# Why a cell became known (``Solver.why``).
WHY_GIVEN = const(0)   # opened by the player / given as a clue
WHY_SINGLE = const(1)
WHY_PAIR = const(2)
WHY_FULL = const(3)

# What ``Solver.run`` yields.
RUNNING = const(0)  # a slice of work is done; more remains
STUCK = const(1)    # nothing more can be proven at this level
SOLVED = const(2)   # no unknown cell is left

_POPCOUNT = b"\0\1\1\2\1\2\2\3\1\2\2\3\2\3\3\4"   # of a nibble (16 bytes, not 256)
# j at (1 << j) % 37, j < 24 (distinct for j < 36): ``Solver.run`` walks the bits of a mask.
_LOG37 = bytearray(37)
for _j in range(24):
    _LOG37[(1 << _j) % 37] = _j


# Per cell B within 2 of a number A (j = 0..23: ``Solver.poffs``), A's neighbours (bit k:
# offset k) that touch B; backwards, B's that touch A (a test derives them).
_SHARE_A = b"\x01\x03\x07\x06\x04\t\n\x1d\x12\x14)c\xc6\x94(H\xb8P\x90 `\xe0\xc0\x80"
_SHARE_B = bytes(reversed(_SHARE_A))


class Solver:
    """Solver state for one board size; buffers are made once and reused by ``reset``.

    ``board``: the ``Board`` giving the size (and, in oracle mode, the truth).
    ``oracle``: True to read numbers from ``board`` as cells are proven safe.
    ``lent``: None, or (bytearray, array("H")) as ``why`` and ``pstack``, used by no other.
    ``packed``: ``src2`` is ``src``, a pair's other number in ``why`` (see ``perturb.revise``).
    ``narrow`` (packed; the generator's in a game's buffers): ``src`` and ``when`` a byte a
    cell, modulo 256 (``perturb`` tells them back; lent to no hinter).
    ``when``: None, or a buffer of the board's size to be ``when`` (none made).
    """

    def __init__(self, board, oracle=True, lent=None, packed=False, narrow=False, when=None):
        self.board = board
        self.oracle = oracle
        size = board.size
        self.size = size
        self.offsets = board.offsets
        # Room past the end, all WALL (set here; nothing writes there): a pair partner up to 2
        # cells past the border ring has an index in [-2 * stride - 2, size + 2 * stride + 2),
        # negative ones wrapping to the end: no bounds check.
        self.st = st = bytearray(size + 2 * board.stride + 2)
        for i in range(size, len(st)):
            st[i] = WALL
        # An open number's value: an oracle's are its board's counts (a move renumbers both).
        self.clue = board.count if oracle else bytearray(size)
        # Among the 8 neighbours: known mines << 4 | unknown cells (each 0..8). A neighbour
        # found a mine adds 15, found safe takes 1 (``perturb`` and the readers use the same).
        self.mu = mu = bytearray(size)
        self.flags = bytearray(size)
        # Lists of cells, each cell at most once (a number is on a stack once, by the QUEUED
        # and PAIR_QUEUED flags): an entry per cell of the board, not the border.
        # (Zeros read from ``mu``: array("H", bytes(n)) would hold the n bytes twice.)
        z = memoryview(mu)
        cells = board.width * board.height
        self.stack = array("H", z[:cells])
        self.pstack = array("H", z[:cells]) if lent is None else lent[1]
        self.order = array("H", z[:cells])   # cells in the order they became known
        # The position of a known cell in ``order`` (``narrow``: modulo 256).
        self.when = when if when is not None else bytearray(size) if narrow else array("H", z)
        self.why = bytearray(size) if lent is None else lent[0]
        # The number(s) a deduction came from (the same twice but for the pair rule), for
        # ``revise`` to find what a changed number invalidates.
        self.src = bytearray(size) if narrow else array("H", z)
        self.src2 = self.src if packed else array("H", z)
        self.packed = packed
        self.narrow = narrow
        self._cursor = -1
        self._write = 0
        self._phase = 0
        self._moved = None
        self._nmoved = 0
        stride = board.stride
        self.poffs = poffs = array("h")
        for j in range(25):
            if j != 12:
                poffs.append((j // 5 - 2) * stride + j % 5 - 2)
        self.share_a = _SHARE_A
        self.share_b = _SHARE_B
        self.cells = cells
        self.sp = 0
        self.psp = 0
        self.nknown = 0
        self.unknown = 0
        self.total_mines = -1
        self.mines_left = -1
        self.work = 0
        self.cases = None
        self.epoch = 0
        self._kinds = None
        self.reset()

    def reset(self, total_mines=-1):
        """Everything unknown again. ``total_mines``: the mine count a player is told (-1: not
        told; level FULL then reasons without it). Costs a few block copies (two a row)."""
        board = self.board
        if self._kinds is None:
            # The state of a board with nothing known, made once (a few rows: ``Board.rows``):
            # (the kinds of row, each row's kind).
            self._kinds = board.rows(WALL, UNK)
        st = self.st
        mu = self.mu
        kinds, row_kind = self._kinds
        stride = board.stride
        a = 0
        for k in row_kind:
            b = a + stride
            st[a:b] = kinds[k]
            mu[a:b] = kinds[k + 1]   # (no known mine)
            a = b
        board.clear(self.flags)
        self.epoch += 1
        if self.cases is not None:
            self.cases.abandon()
        self.sp = 0
        self.psp = 0
        self.nknown = 0
        self.unknown = self.cells
        self.total_mines = total_mines
        self.mines_left = total_mines

    # --- learning ---

    def _learn(self, c, is_mine, why, source, other):
        """Cell c (unknown) is now known: a mine, or safe (opened in oracle mode). ``why`` is
        the rule that proved it; ``source`` and ``other`` the numbers it fired on (a hint
        re-runs that rule there to show the numbers that prove the cell)."""
        st = self.st
        k = self.nknown
        self.order[k] = c
        self.nknown = k + 1
        self.why[c] = why
        if self.narrow:
            self.when[c] = k & 255
            self.src[c] = source & 255
        else:
            self.when[c] = k
            self.src2[c] = other
            self.src[c] = source   # (after: packed, src2 is src)
        self.unknown -= 1
        mu = self.mu
        flags = self.flags
        stack = self.stack
        sp = self.sp
        t = 15 if is_mine else -1
        for d in self.offsets:
            n = c + d
            v = mu[n] + t
            mu[n] = v
            if v & 15 and st[n] == NUM and not flags[n] & QUEUED:
                flags[n] |= QUEUED
                stack[sp] = n
                sp += 1
        if is_mine:
            st[c] = MINE
            self.mines_left -= 1
        elif self.oracle:
            st[c] = NUM
            self.clue[c] = self.board.count[c]
            if mu[c] & 15 and not flags[c] & QUEUED:
                flags[c] |= QUEUED
                stack[sp] = c
                sp += 1
        else:
            st[c] = SAFE
        self.sp = sp
        self.work += 9

    def open(self, c):
        """The player opens cell c (oracle mode): it must not be a mine."""
        if self.st[c] == UNK:
            self._learn(c, 0, WHY_GIVEN, c, c)

    def give_clue(self, c, value):
        """View mode: unknown cell c shows the number ``value`` (0..8)."""
        if self.st[c] != UNK:
            return
        oracle = self.oracle
        self.oracle = False
        self._learn(c, 0, WHY_GIVEN, c, c)   # known safe, neighbours updated
        self.oracle = oracle
        self.st[c] = NUM
        self.clue[c] = value
        if self.mu[c] & 15:
            self.flags[c] |= QUEUED
            self.stack[self.sp] = c
            self.sp += 1

    def mark_mine(self, c):
        """View mode: a cell the player knows to be a mine (counts as known)."""
        if self.st[c] == UNK:
            self._learn(c, 1, WHY_GIVEN, c, c)

    def learn_from_group(self, c, is_mine, source):
        """Used by ``groups``: a cell proven by case analysis."""
        if self.st[c] == UNK:
            self._learn(c, is_mine, WHY_FULL, source, source)

    # --- solving ---

    def run(self, level, slice_units):
        """Solve at ``level`` as far as possible; a generator that yields RUNNING after about
        ``slice_units`` work units, STUCK when nothing more follows, SOLVED when no cell is
        unknown. After STUCK or SOLVED it may be resumed (the caller may have changed the state
        meanwhile, e.g. by ``perturb.revise``)."""
        st = self.st
        mu = self.mu
        clue = self.clue
        flags = self.flags
        stack = self.stack
        pstack = self.pstack
        offsets = self.offsets
        o0, o1, o2, o3, o4, o5, o6, o7 = offsets
        poffs = self.poffs
        share_a = self.share_a
        share_b = self.share_b
        log37 = _LOG37
        learn = self._learn
        order = self.order
        when = self.when
        why = self.why
        src = self.src
        src2 = self.src2
        low = 255 if self.narrow else 0xFFFF
        count = self.board.count
        popcount = _POPCOUNT
        pairs = level >= PAIRS
        packed = self.packed
        while True:
            if self.work >= slice_units:
                yield RUNNING   # the caller sets ``work`` back to 0 before resuming
            if self.sp:
                # The single rule: pop numbers whose neighbourhood changed until the stack is
                # empty or the slice used up; learning is written out, the counters in locals
                # (most of the solver's time is here).
                sp = self.sp
                psp = self.psp
                work = self.work
                nknown = self.nknown
                unknown = self.unknown
                oracle = self.oracle
                while sp and work < slice_units:
                    sp -= 1
                    a = stack[sp]
                    f = flags[a] & PAIR_QUEUED
                    flags[a] = f | CHANGED
                    work += 1
                    v = mu[a]
                    u = v & 15
                    if not u:
                        continue
                    r = clue[a] - (v >> 4)
                    if r and r != u:
                        if pairs and not f:
                            flags[a] = PAIR_QUEUED | CHANGED
                            pstack[psp] = a
                            psp += 1
                        continue
                    # All mines (r == u) or all safe (r == 0): ``_learn`` written out.
                    sa = a & low
                    t = 15 if r else -1
                    for d in offsets:
                        c = a + d
                        if st[c]:   # not UNK
                            continue
                        order[nknown] = c
                        when[c] = nknown & low
                        nknown += 1
                        why[c] = WHY_SINGLE
                        src[c] = sa
                        src2[c] = sa
                        unknown -= 1
                        work += 9
                        for e in offsets:
                            n = c + e
                            v = mu[n] + t
                            mu[n] = v
                            if v & 15 and st[n] == NUM and not flags[n] & QUEUED:
                                flags[n] |= QUEUED
                                stack[sp] = n
                                sp += 1
                        if r:
                            st[c] = MINE
                            self.mines_left -= 1
                            continue
                        if not oracle:
                            st[c] = SAFE
                            continue
                        st[c] = NUM
                        clue[c] = count[c]
                        if mu[c] & 15:
                            flags[c] |= QUEUED
                            stack[sp] = c
                            sp += 1
                self.sp = sp
                self.psp = psp
                self.work = work
                self.nknown = nknown
                self.unknown = unknown
                continue
            if not self.unknown:
                yield SOLVED   # (numbers left on the pair stack have nothing left to decide)
                continue
            if self.psp:
                # The pair rule, once the single rule has nothing left.
                psp = self.psp - 1
                self.psp = psp
                a = pstack[psp]
                flags[a] &= ALL_FLAGS ^ PAIR_QUEUED   # off the pair stack; the other flags stay
                ra = mu[a]
                ua = ra & 15
                if not ua:
                    self.work += 1
                    continue
                ra = clue[a] - (ra >> 4)
                # a's unknown neighbours (bit k: offsets[k]); the partners next to two (bit j:
                # the j-th of ``_pair_tables``; c1: one) but not one (bits 6-8, 11-12, 15-17).
                # (One cell shared decides nothing: 0 < r < u for both, so lo = 0 and hi = 1.)
                mask = cand = c1 = 0
                if not st[a + o0]:
                    mask, c1 = 1, 0xca7
                if not st[a + o1]:
                    mask, cand, c1 = mask | 2, cand | c1 & 0x194e, c1 | 0x194e
                if not st[a + o2]:
                    mask, cand, c1 = mask | 4, cand | c1 & 0x329c, c1 | 0x329c
                if not st[a + o3]:
                    mask, cand, c1 = mask | 8, cand | c1 & 0x1c4e0, c1 | 0x1c4e0
                if not st[a + o4]:
                    mask, cand, c1 = mask | 16, cand | c1 & 0x72380, c1 | 0x72380
                if not st[a + o5]:
                    mask, cand, c1 = mask | 32, cand | c1 & 0x394c00, c1 | 0x394c00
                if not st[a + o6]:
                    mask, cand, c1 = mask | 64, cand | c1 & 0x729800, c1 | 0x729800
                if not st[a + o7]:
                    mask, cand = mask | 128, cand | c1 & 0xe53000
                cand &= ~((mask & 7) << 6 | (mask & 24) << 8 | (mask & 224) << 10)
                self.work += 29
                while cand:
                    # The next partner, j ascending.
                    j = cand & -cand
                    cand ^= j
                    j = log37[j % 37]
                    b = a + poffs[j]
                    if st[b] != NUM:
                        continue
                    rb = mu[b]
                    ub = rb & 15
                    if not ub:
                        continue
                    s = mask & share_a[j]
                    s = popcount[s & 15] + popcount[s >> 4]   # 2 or more
                    rb = clue[b] - (rb >> 4)
                    only_a = ua - s
                    only_b = ub - s
                    # The mines x in the shared cells: lo <= x <= hi.
                    lo = ra - only_a
                    if rb - only_b > lo:
                        lo = rb - only_b
                    if lo < 0:
                        lo = 0
                    hi = s
                    if ra < hi:
                        hi = ra
                    if rb < hi:
                        hi = rb
                    if only_a and (ra == lo or ra - hi == only_a):
                        is_mine = 0 if ra == lo else 1
                        c = a
                        shared = share_a[j]
                    elif only_b and (rb == lo or rb - hi == only_b):
                        is_mine = 0 if rb == lo else 1
                        c = b
                        shared = share_b[j]
                    else:
                        continue
                    # c's unknown cells outside the shared ones are decided.
                    for d in offsets:
                        n = c + d
                        if not st[n] and not shared & 1:
                            learn(n, is_mine, WHY_PAIR | j << 2 if packed else WHY_PAIR, a, b)
                        shared >>= 1
                    break   # back to the single rule
                continue
            if not self.unknown:
                yield SOLVED
                continue
            if level >= FULL:
                cases = self.cases
                if cases is None:
                    from mines.engine.groups import CaseAnalysis
                    cases = self.cases = CaseAnalysis(self)
                epoch = self.epoch
                found = cases.step(slice_units)
                while found is None:
                    yield RUNNING
                    if self.epoch != epoch:
                        break   # reset meanwhile: start over from the top
                    found = cases.step(slice_units)
                if found or self.epoch != epoch:
                    continue
            yield STUCK

    def solve(self, level):
        """Run to the end without slicing; returns SOLVED or STUCK."""
        self.work = 0
        for status in self.run(level, 1 << 28):
            if status != RUNNING:
                return status
            self.work = 0
        return STUCK
