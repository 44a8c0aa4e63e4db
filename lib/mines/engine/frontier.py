"""Counting the mine layouts a player's view allows, group by group: the ground both the mine
probabilities (``mines.help.probability``) and the kind boards' mercy (``kinds``) stand on.

The covered cells (flags included: flags are not trusted) split into the *frontier*, cells next to
an open number, and the *interior*. Frontier cells form *groups*: two cells are in one group when a
number touches both. Each group of at most ``MAX_CELLS`` cells is enumerated exactly (backtracking
on an explicit stack, pruned by every number it touches); for each mine count k of the group we
keep the number of layouts ``N[k]`` and, per cell, how many of them put a mine there. A group too
big, or whose enumeration passes its share of the work bound, or that finds no room in the count
pools, is *loose*: its cells are counted as if no number constrained them (the answer is then marked
inexact). Optionally, the first layout found for each count is kept (``keep_firsts``), and one
cell can be forced safe (``safe_cell``), for rebuilding a board around a guess.

Sliced: ``begin`` then ``step(units)`` until it returns True. Buffers are made once per board
size, the count pools and the first layouts' room when first needed (most views fill less than
one pool). Counts are 16-bit: a count passes 65535 only for a group of 19 cells or more
(C(18, 9) = 48620), whose every layout costs at least 22 work units, so past 1.4 million units
of work; every bound here is far below that (``max_work``: ``MAX_WORK``, ``kinds.RESCUE_WORK``).
"""

from mines._const import const
from array import array

from mines.engine.game import BAD_FLAG, BLOWN, COVERED, FLAG

MAX_CELLS = 30          # the largest group enumerated exactly: (n + 1) ** 2 fills one pool
POOL = 961              # count slots of one pool ((n + 1) ** 2 per group of n), 1.9K
POOLS = 3               # pools, each made when a view first needs it (in pieces, not one
                        # buffer: a heap that loads and lets go of code has more room in small
                        # holes than in one big one)
FIRSTS = 3000           # bytes for the first layout per count ((n + 1) * n per group)
MAX_WORK = 50000        # work units for all enumerations of one view (under a second on the device)
LOOSE = 0xFFFF          # ``gbase`` of a loose group; else its pool << 10 | where it starts

_ROLE_NONE = const(0)
ROLE_INTERIOR = 1
_ROLE_FRONT = const(2)


class Frontier:
    """Groups and layout counts for views of one board size (``board`` gives the geometry)."""

    def __init__(self, board, max_work=MAX_WORK, gcells=None):
        """``gcells``: an array('H') of a cell per cell of the board for the groups' cells, lent
        by a caller that leaves it alone from a count's ``begin`` until its answer is read
        (None: made here)."""
        self.board = board
        self.max_work = max_work   # work units for all enumerations of one view
        self.base_work = max_work
        size = board.size
        cells = board.width * board.height
        self.role = bytearray(size)
        # Per group, at most one per two cells: each group has a number of its own besides its
        # cells (every number next to a group's cell joins it), and numbers are not covered.
        groups = cells // 2
        self.gcells = array("H", bytes(2 * cells)) if gcells is None else gcells
        self.gstart = array("H", bytes(2 * (groups + 1)))
        self.gbase = array("H", bytes(2 * groups))    # where group g's counts start: LOOSE
        # 16-bit counts, up to POOL slots each: made when a view first needs one, as large as
        # that view's groups can fill (grown when a later view needs more).
        self.pools = [None] * POOLS
        self.used = array("H", bytes(2 * POOLS))    # slots used in each pool
        self.firsts = None   # ``keep_firsts``: the first layouts (up to FIRSTS bytes) and where
        self.fbase = None    # each group's start (made as large as a view needs)
        top = MAX_CELLS * 8
        self.cons = array("H", bytes(2 * top))
        self.need = array("b", bytes(top))
        self.free = bytearray(top)
        self.cellcons = bytearray(top)
        self.ncc = bytearray(MAX_CELLS)
        self.tried = bytearray(MAX_CELLS + 1)
        self.val = bytearray(MAX_CELLS)
        self.cid = bytearray(size)
        self.done = True
        self._job = None
        self.work = 0
        self._clear()

    def _clear(self):
        self.error = None    # "inconsistent: ..." when no layout fits the numbers
        self.exact = True    # False when some group is loose
        self.ngroups = 0
        self.nfront = 0
        self.interior = 0    # covered cells touching no number
        self.known = 0       # mines the view shows (blown)
        self.total = -1

    def begin(self, shown, total=-1, safe_cell=-1, keep_firsts=False, max_work=0):
        """Start on view ``shown`` (the game's padded tile bytes). ``total``: the mine count (-1:
        not told). ``safe_cell``: a padded index whose layouts must leave it safe (-1: none).
        ``keep_firsts``: keep one layout per count of each group (``first``). ``max_work``: the
        bound for this view's enumerations (0: the one it was made with)."""
        # (A count cut short may have left its marks; the hinter's exact counting works in
        # them between counts: ``mines.help.counting``.)
        self.cid[:] = self.board.zeros
        self._clear()
        self.max_work = max_work or self.base_work
        self.shown = shown
        self.total = total
        self.safe_cell = safe_cell
        self.keep_firsts = keep_firsts
        self.work = 0
        self.done = False
        self._job = self._work()

    def step(self, units=200):
        """About ``units`` work units. Returns True when the counts are ready."""
        if self.done:
            return True
        self._limit = self.work + units
        for _ in self._job:
            break
        return self.done

    def run(self):
        while not self.step(1 << 20):
            pass
        return self

    # -- reading the answer ---------------------------------------------------------------------

    def size_of(self, g):
        return self.gstart[g + 1] - self.gstart[g]

    def counts(self, g):
        """(pool, at): group g's counts (an exact group's): the layouts with k mines at
        ``pool[at + k * (n + 1) + n]``, and of those with a mine on its p-th cell at
        ``pool[at + k * (n + 1) + p]``."""
        b = self.gbase[g]
        return self.pools[b >> 10], b & 1023

    def layouts(self, g, k):
        """Layouts of group g with k mines (exact groups only)."""
        n = self.size_of(g)
        pool, at = self.counts(g)
        return pool[at + k * (n + 1) + n]

    def mine_layouts(self, g, k, p):
        """Of those, the layouts with a mine on the group's p-th cell."""
        n = self.size_of(g)
        pool, at = self.counts(g)
        return pool[at + k * (n + 1) + p]

    def first(self, g, k, p):
        """1 if the first layout found of group g with k mines has a mine on its p-th cell."""
        n = self.size_of(g)
        return self.firsts[self.fbase[g] + k * n + p]

    # -- the work -------------------------------------------------------------------------------

    def _work(self):
        b = self.board
        shown = self.shown
        inside = b.inside
        offsets = b.offsets
        role = self.role
        size = b.size
        # 1. Which covered cells touch a number; the numbers' own sanity.
        role[:] = b.zeros   # _ROLE_NONE everywhere
        known = 0
        for i in range(size):
            if i & 15 == 0:   # (before the border's ``continue``: every 16 cells)
                self.work += 16
                if self.work >= self._limit:
                    yield
            if not inside[i]:
                continue
            t = shown[i]
            if t == BLOWN:
                known += 1
            elif t <= 8:
                self.work += 10   # its eight neighbours read
                covered = 0
                mines = 0
                for d in offsets:
                    u = shown[i + d]
                    if u == COVERED or u == FLAG or u == BAD_FLAG:
                        covered += 1
                        role[i + d] = _ROLE_FRONT
                    elif u == BLOWN:
                        mines += 1
                if mines > t or mines + covered < t:
                    self.error = "inconsistent: the %d at (%d, %d) has %d mine(s) and %d covered " \
                                 "cell(s) around it" % (t, b.x_of(i), b.y_of(i), mines, covered)
        self.known = known
        if self.error:
            self.done = True
            yield
            return
        interior = 0
        for i in range(size):
            if inside[i] and role[i] == _ROLE_NONE:
                t = shown[i]
                if t == COVERED or t == FLAG or t == BAD_FLAG:
                    role[i] = ROLE_INTERIOR
                    interior += 1
            if i & 15 == 0:
                self.work += 16
                if self.work >= self._limit:
                    yield
        self.interior = interior
        # 2. Groups, breadth first through the numbers.
        gcells = self.gcells
        gstart = self.gstart
        ng = 0
        nf = 0
        for i in range(size):
            if role[i] != _ROLE_FRONT:
                continue
            role[i] = _ROLE_FRONT + 1   # taken
            gstart[ng] = nf
            ng += 1
            gcells[nf] = i
            nf += 1
            q = nf - 1
            while q < nf:
                x = gcells[q]
                q += 1
                for d in offsets:
                    a = x + d
                    if shown[a] > 8 or not inside[a]:
                        continue
                    for e in offsets:
                        y = a + e
                        if role[y] == _ROLE_FRONT:
                            role[y] = _ROLE_FRONT + 1
                            gcells[nf] = y
                            nf += 1
                self.work += 20
                if self.work >= self._limit:
                    yield
        gstart[ng] = nf
        self.ngroups = ng
        self.nfront = nf
        # 3. Count each group's layouts, in the first pool with room for them. The room the
        # groups that may be counted need (``need``: from the group at hand on) sizes the pools
        # and the first layouts' buffer to this view.
        used = self.used
        for k in range(POOLS):
            used[k] = 0
        need = 0
        fneed = 0
        for g in range(ng):
            n = gstart[g + 1] - gstart[g]
            if n <= MAX_CELLS:
                need += (n + 1) * (n + 1)
                fneed += (n + 1) * n
        if self.keep_firsts:
            if self.firsts is None or len(self.firsts) < fneed and len(self.firsts) < FIRSTS:
                self.firsts = None
                self.firsts = bytearray(fneed if fneed < FIRSTS else FIRSTS)
            if self.fbase is None or len(self.fbase) < ng:
                self.fbase = array("H", bytes(2 * ng))
        firsts_used = 0
        for g in range(ng):
            n = gstart[g + 1] - gstart[g]
            slots = (n + 1) * (n + 1)
            fslots = (n + 1) * n if self.keep_firsts else 0
            rest = need   # (this group's and the later ones')
            if n <= MAX_CELLS:
                need -= slots
            share = (self.max_work - self.work) // (ng - g)
            c = 0
            while c < POOLS and used[c] + slots > POOL:
                c += 1
            if n > MAX_CELLS or c == POOLS or firsts_used + fslots > FIRSTS or share <= 0:
                self.gbase[g] = LOOSE
                self.exact = False
                continue
            pool_used = used[c]
            self.gbase[g] = c << 10 | pool_used
            if fslots:
                self.fbase[g] = firsts_used
            pool = self.pools[c]
            if pool is None or len(pool) < pool_used + slots:
                size = pool_used + rest
                grown = array("H", bytes(2 * (size if size < POOL else POOL)))
                if pool_used:
                    grown[:pool_used] = pool[:pool_used]   # (this view's groups before it)
                pool = self.pools[c] = grown
            zero = array("H", bytes(2 * (n + 1)))   # (a row of zeros: one small block a group)
            for s in range(pool_used, pool_used + slots, n + 1):
                pool[s:s + n + 1] = zero
            self.work += n + 1
            for _ in self._enum_start(g):
                yield
            stop = self.work + share
            while not self._enum_step(stop):
                if self.work >= stop:
                    break
                yield
            if self._k >= 0:   # over its share of the work: loose
                self.gbase[g] = LOOSE
                self.exact = False
                continue
            found = 0
            for k in range(n + 1):
                found += pool[pool_used + k * (n + 1) + n]
            if not found:
                c = gcells[gstart[g]]
                self.error = "inconsistent: no layout of mines fits the numbers around (%d, %d)" % (
                    b.x_of(c), b.y_of(c))
                break
            used[c] = pool_used + slots
            firsts_used += fslots
        self.done = True
        yield

    def _enum_start(self, g):
        """Set up group g's enumeration: the numbers touching it and, per cell, which of them
        it counts for (a generator: yields when the slice's units are spent)."""
        b = self.board
        shown = self.shown
        offsets = b.offsets
        inside = b.inside
        role = self.role
        cid = self.cid
        cons = self.cons
        need = self.need
        free = self.free
        cellcons = self.cellcons
        ncc = self.ncc
        base = self.gstart[g]
        n = self.gstart[g + 1] - base
        ncons = 0
        self._safe_pos = -1
        for p in range(n):
            c = self.gcells[base + p]
            if c == self.safe_cell:
                self._safe_pos = p
            t = 0
            for d in offsets:
                a = c + d
                v = shown[a]
                if v <= 8 and inside[a]:
                    m = cid[a]
                    if not m:
                        left = v
                        covered = 0
                        for e in offsets:
                            u = shown[a + e]
                            if u == BLOWN:
                                left -= 1
                            elif role[a + e] > ROLE_INTERIOR:
                                covered += 1
                        cons[ncons] = a
                        need[ncons] = left
                        free[ncons] = covered
                        ncons += 1
                        m = cid[a] = ncons
                    cellcons[p * 8 + t] = m - 1
                    t += 1
            ncc[p] = t
            self.tried[p] = 0
            self.val[p] = 0
            self.work += 10
            if self.work >= self._limit:
                yield
        for i in range(ncons):
            cid[cons[i]] = 0
        self._n = n
        self._g = g
        self._k = 0
        self._cnt = 0

    def _enum_step(self, stop):
        """Backtrack through the group's layouts until the work reaches ``stop`` or the slice's
        limit (returns False) or every layout has been counted (True)."""
        need = self.need
        free = self.free
        cellcons = self.cellcons
        ncc = self.ncc
        tried = self.tried
        val = self.val
        n = self._n
        g = self._g
        pool, base = self.counts(g)
        row = n + 1
        firsts = self.firsts if self.keep_firsts else None
        fbase = self.fbase[g] if firsts is not None else 0
        safe = self._safe_pos
        k = self._k
        cnt = self._cnt
        work = self.work
        limit = self._limit
        if stop < limit:
            limit = stop
        while k >= 0:
            if work >= limit:
                break
            if k == n:
                at = base + cnt * row
                if firsts is not None and not pool[at + n]:
                    f = fbase + cnt * n
                    for p in range(n):
                        firsts[f + p] = val[p]
                pool[at + n] += 1
                for p in range(n):
                    if val[p]:
                        pool[at + p] += 1
                work += 3 + n
                k -= 1
                continue
            t = tried[k]
            q0 = k * 8
            q1 = q0 + ncc[k]
            work += 3 + 3 * (q1 - q0)
            if t:
                v = t - 1   # undo the value tried last at k
                for q in range(q0, q1):
                    m = cellcons[q]
                    free[m] += 1
                    need[m] += v
                if v:
                    val[k] = 0
                    cnt -= 1
                if t == 2 or k == safe:
                    tried[k] = 0
                    k -= 1
                    continue
            tried[k] = t + 1
            ok = True
            for q in range(q0, q1):
                m = cellcons[q]
                free[m] -= 1
                need[m] -= t
                if need[m] < 0 or need[m] > free[m]:
                    ok = False
            if t:
                val[k] = 1
                cnt += 1
            if ok:
                k += 1
        self.work = work
        self._k = k
        self._cnt = cnt
        return k < 0
