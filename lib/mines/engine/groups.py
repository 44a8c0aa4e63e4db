"""Level FULL of the solver: exact case analysis over frontier groups, and the total mine count.

A *group* is a connected set of unknown cells next to open numbers: two cells are in one group
when some number touches both. Each group of at most ``MAX_GROUP`` cells is enumerated exactly
(backtracking on an explicit stack, pruned by every number it touches); for each possible count of
mines in the group we keep which cells are mines in every case (AND) and in some case (OR). The
cells touching no number (the *interior*) share the mines left over. Together with the total mine
count, a count of a group is possible only if the other groups and the interior can make up the
rest; a cell that is a mine (or safe) in every possible case is proven.

Within the bound this finds every cell that the visible numbers and the total force. A group over
the bound only constrains the others through its size, so the cost stays predictable: at most
2**MAX_GROUP leaves, sliced like the rest of the solver.
"""

from array import array

from mines.engine.layouts import GroupLayouts, TotalCounts
from mines._const import const

# The solver's cell states (solver.UNK and NUM), repeated: this module does not import the
# solver (the generator imports this first, while the heap is in one piece).
UNK = const(0)
NUM = const(2)
CHANGED = const(16)   # solver.CHANGED, a bit of ``Solver.flags``

MAX_GROUP = 15   # so a group's possible counts (0..15) fit in 16 bits (and in 4 bits each)
SAME = 0xFFFF   # in ``pool``: the group is unchanged since the last analysis


class CaseAnalysis:
    """Buffers for the analysis of one board size, made once."""

    def __init__(self, solver, layouts_class=GroupLayouts, gcells=None, groups=0, counts=None,
                 masks=0, cid=1, mark=None):
        """``gcells``: an array('H') of a cell per cell of the board to collect the groups in,
        free while an analysis runs (the hints lend their solver's stack; None: made here).
        ``groups``: room for this many groups to begin with, doubled when an analysis finds
        more (0: for the most a board can have, never grown: the puzzle maker's).
        ``masks``: room for this many layout masks (``GroupLayouts``) and totals
        (``TotalCounts``) to begin with, grown when an analysis needs more (0: one per cell,
        never grown; a hinter that borrows the solver needs that: mines.help.hints walks and
        counts in them). The generator's analyses see a dozen groups and 100 frontier cells
        at most.
        ``counts``: a buffer of the board's size whose entries at unknown cells are free (the
        generator's solver's ``when``: written when a cell becomes known, and then its group
        changes, so it is enumerated again before the entry is read; None: made).
        ``cid``: 0 for no ``layouts.cid`` (a board's bytes a hinter borrows, the totals' room).
        ``mark``: a board's bytes, all 0, free while an analysis may run (the generator lends
        its board's ``inside``); None: made."""
        self.s = solver
        size = solver.size
        # == stamp: taken into a group in this analysis
        self.mark = bytearray(size) if mark is None else mark
        self.stamp = 0
        self.reuse = True   # False: enumerate every group every time (tests compare the two)
        # True in the puzzle maker's subclass (``puzzle_cases.MakerCases``): groups grown from
        # the unknown cells and totals by sums, where they can be (the same deductions).
        self.by_unknown = False
        self.collected = 0   # 1: the groups are collected already (the maker's)
        self.first = 0       # the group the next analysis enumerates first (then in order)
        # Per frontier cell: at most one per cell of the board. Per group: at most one per two
        # cells (each group has a number of its own besides its cells, and numbers are not
        # frontier cells).
        cells = solver.cells
        groups = groups or cells // 2
        # Frontier cells, group after group (read until the analysis ends; the hints' queue).
        self.gcells = array("H", bytes(2 * cells)) if gcells is None else gcells
        self.gstart = array("H", bytes(2 * (groups + 1)))  # group g: gcells[gstart[g]:gstart[g+1]]
        self.cset = array("H", bytes(2 * groups))          # exact groups: bit k set if k mines possible
        self.pool = array("H", bytes(2 * groups))          # where group g's AND/OR masks start
        # On each cell of an enumerated group: its lowest and highest mine count (lo << 4 | hi),
        # read back when the group comes again unchanged.
        self.counts = bytearray(size) if counts is None else counts
        self.masks = masks if masks < cells else 0
        self.cid = cid
        # (the puzzle maker's keeps a cache: mines.puzzle.cache)
        self.layouts = layouts_class(self, MAX_GROUP)
        # The totals are made in the layouts' constraint marks (a board's size): free after
        # the enumerations, cleared before the next ones.
        self.totals = TotalCounts(self, self.layouts.cid)
        # Deductions (cell * 2 + is_mine) go on the solver's pair stack, empty while it runs.
        self.found = solver.pstack
        self.ngroups = 0
        # ask 1 (the puzzle maker's tests): an analysis that proves every unknown cell says so
        # in ``decided`` and learns none of them (the maker goes back from the state at once).
        self.ask = 0
        self.decided = 0
        self.busy = False
        self.gen = None
        self._slice = 0

    def step(self, slice_units):
        """Advance the analysis by about one slice. Returns None while it goes on, then True if
        it proved at least one cell (already applied to the solver) or False. The generator
        behind it lives as long as this object, so an analysis allocates nothing."""
        if self.gen is None or self._slice != slice_units:
            self.gen = self._analyses(slice_units)
            self._slice = slice_units
        self.busy = True
        r = next(self.gen)
        if r is not None:
            self.busy = False
        return r

    def abandon(self):
        """Drop an analysis cut off half way (the solver was reset meanwhile)."""
        if self.busy:
            self.gen = None   # its marks carry an old stamp: the next analysis ignores them
            self.busy = False

    def _collect_groups(self, slice_units):
        """An analysis's part 1, its own generator (code in pieces under 2K: each is one
        allocation at load), made once with the analysis's: groups in ``gcells``, ``gstart``,
        ``ngroups``, under ``stamp``; yields None, then the frontier's size."""
        s = self.s
        st = s.st
        mu = s.mu
        offsets = s.offsets
        order = s.order
        mark = self.mark
        gcells = self.gcells
        gstart = self.gstart
        cset = self.cset
        pool = self.pool
        room = len(cset)   # groups the tables have room for
        flags = s.flags
        while True:
            # 1. Collect the groups, breadth first from each number with unknown neighbours.
            # ``mark``: the stamp on every cell and number taken (walked once, never cleared).
            ng = 0
            nf = 0
            # (The work counter in a local, written back at each yield.)
            work = s.work
            if self.collected:
                # (the maker's: ``MakerCases.test`` collected this state's groups just now)
                self.collected = 0
                stamp = self.stamp
            else:
                stamp = self.new_stamp()
                if self.by_unknown:
                    # (the maker's: ``puzzle_cases.MakerCases.collect``)
                    ng = 0
                    while not self.collect(stamp, slice_units, ng):
                        ng = 1
                        yield None
                    work = s.work
            if self.by_unknown:
                ng = self.ngroups
                nf = self.nfront
            for i in range(0 if self.by_unknown else s.nknown):
                a = order[i]
                work += 1
                if work >= slice_units:
                    s.work = work
                    yield None
                    work = s.work
                if st[a] != NUM or not mu[a] & 15 or mark[a] == stamp:
                    continue
                mark[a] = stamp
                if ng == room:
                    # Room for twice as many, in place (never the maker's: it has room).
                    more = array("H", bytes(2 * ng))
                    gstart.extend(more)
                    cset.extend(more)
                    pool.extend(more)
                    room += ng
                gstart[ng] = nf
                changed = flags[a] & CHANGED
                ng += 1
                for d in offsets:
                    y = a + d
                    if st[y] == UNK and mark[y] != stamp:
                        mark[y] = stamp
                        gcells[nf] = y
                        nf += 1
                q = gstart[ng - 1]
                while q < nf:
                    x = gcells[q]
                    q += 1
                    work += 8
                    for d2 in offsets:
                        b = x + d2
                        if st[b] == NUM and mu[b] & 15 and mark[b] != stamp:
                            mark[b] = stamp
                            changed |= flags[b] & CHANGED
                            work += 8
                            for d3 in offsets:
                                y = b + d3
                                if st[y] == UNK and mark[y] != stamp:
                                    mark[y] = stamp
                                    gcells[nf] = y
                                    nf += 1
                    if work >= slice_units:
                        s.work = work
                        yield None
                        work = s.work
                # A group none of whose numbers changed since the last analysis is the same
                # group, and that analysis proved nothing in it (or it would have changed).
                pool[ng - 1] = 0 if changed or not self.reuse else SAME
            s.work = work
            gstart[ng] = nf
            self.ngroups = ng
            yield nf

    def _analyses(self, slice_units):
        s = self.s
        st = s.st
        mark = self.mark
        gcells = self.gcells
        gstart = self.gstart
        cset = self.cset
        pool = self.pool
        counts = self.counts
        flags = s.flags
        found = self.found
        layouts = self.layouts
        totals = self.totals
        reach = totals.reach
        collect = self._collect_groups(slice_units)
        while True:
            nf = next(collect)
            while nf is None:
                yield None
                nf = next(collect)
            ng = self.ngroups
            stamp = self.stamp
            # 2. Enumerate each group within the bound; an unchanged one only when the total
            # mine count ties the groups together (then every group's cases are needed).
            if self.cid:
                layouts.cid[:] = s.board.zeros   # (the last totals were made there)
            interior = s.unknown - nf
            left = s.mines_left
            pos = 0
            ok = True
            every = False
            first = self.first   # (the maker's: the group to enumerate first)
            self.first = 0
            while True:
                for g in range(first, first + ng):
                    if g >= ng:
                        g -= ng
                    n = gstart[g + 1] - gstart[g]
                    if n > MAX_GROUP:
                        cset[g] = 0
                        pool[g] = 0
                        continue
                    if pool[g] == SAME and not every:
                        cset[g] = 0
                        continue
                    if every and pool[g] != SAME:
                        continue   # enumerated on the first pass
                    pool[g] = pos
                    layouts.start(g, pos)
                    while not layouts.step(slice_units):
                        yield None
                    c_set = layouts.cset
                    cset[g] = c_set
                    if not c_set:
                        ok = False   # no layout fits these numbers: prove nothing
                        break
                    pos += n + 1
                    # Keep its lowest and highest count on its cells for the next analysis.
                    lo = 0
                    while not c_set >> lo & 1:
                        lo += 1
                    hi = n
                    while not c_set >> hi & 1:
                        hi -= 1
                    base = gstart[g]
                    for p in range(n):
                        counts[gcells[base + p]] = lo << 4 | hi
                if not ok or every:
                    break
                lo_sum = 0
                hi_sum = 0
                for g in range(ng):
                    lo_sum += self._low(g)
                    hi_sum += self._high(g)
                # The total restricts the groups only when some mix of their counts would not
                # fit; then the unchanged groups are needed too.
                restricted = s.total_mines >= 0 and (lo_sum < left - interior or hi_sum > left)
                if not restricted:
                    break
                every = True
            if not ok:
                yield False
                continue
            # 3. Which counts each group can really have, given the total; then what is forced.
            gapped = self.gaps(ng) if restricted and self.by_unknown else -2
            nfound = 0
            for g in range(ng):
                if s.work >= slice_units:
                    yield None
                c_set = cset[g]
                n = gstart[g + 1] - gstart[g]
                # Charged by what it costs: the cells are walked below only for an exact group
                # or a forced one (charged there), so a big group is no indivisible piece.
                s.work += 3 + 2 * n if c_set else 3
                possible = c_set
                if restricted and (gapped == ng or gapped == g):
                    possible = self.by_sums(g, n, c_set, lo_sum, hi_sum, left - interior, left)
                    if not possible:
                        ok = False
                        break
                elif restricted:
                    totals.start(g, nf)
                    while not totals.step():
                        if s.work >= slice_units:
                            yield None
                    high = totals.high
                    possible = 0
                    for k in range(n + 1):
                        if c_set and not c_set >> k & 1:
                            continue
                        # k mines here; the other groups make some total t; the interior holds
                        # left - k - t mines, 0 <= that <= interior.
                        t0 = left - k - interior
                        if t0 < 0:
                            t0 = 0
                        t1 = left - k
                        if t1 > high:
                            t1 = high
                        s.work += 2 + t1 - t0
                        if s.work >= slice_units:
                            yield None
                        for t in range(t0, t1 + 1):
                            if reach[t]:
                                possible |= 1 << k
                                break
                    if not possible:
                        ok = False
                        break
                base = gstart[g]
                if c_set:
                    pos = self.pool[g]
                    am = 0xFFFF
                    om = 0
                    for k in range(n + 1):
                        if possible >> k & 1:
                            am &= layouts.andm[pos + k]
                            om |= layouts.orm[pos + k]
                    for p in range(n):
                        if am >> p & 1:
                            found[nfound] = gcells[base + p] * 2 + 1
                            nfound += 1
                        elif not om >> p & 1:
                            found[nfound] = gcells[base + p] * 2
                            nfound += 1
                elif restricted and (possible == 1 or possible == 1 << n):
                    for p in range(n):
                        found[nfound] = gcells[base + p] * 2 + (0 if possible == 1 else 1)
                        nfound += 1
                        s.work += 2
                        if s.work >= slice_units:
                            yield None
            if not ok:
                yield False
                continue
            if s.total_mines >= 0 and interior:
                # The interior holds left - t mines for some total t the groups can make.
                if restricted and gapped == ng:
                    i_lo = left - (hi_sum if hi_sum < left else left)
                    i_hi = left - (lo_sum if lo_sum > left - interior else left - interior)
                elif restricted:
                    totals.start(-1, nf)
                    while not totals.step():
                        if s.work >= slice_units:
                            yield None
                    i_lo = interior + 1
                    i_hi = -1
                    for t in range(totals.high + 1):
                        if reach[t]:
                            i = left - t
                            if 0 <= i <= interior:
                                if i < i_lo:
                                    i_lo = i
                                if i > i_hi:
                                    i_hi = i
                else:
                    i_lo = left - hi_sum
                    i_hi = left - lo_sum
                if i_hi == 0 or i_lo == interior:
                    is_mine = 1 if i_lo == interior else 0
                    if self.by_unknown:
                        self.nfound = nfound
                        c = 0
                        while not self.interior(stamp, is_mine, slice_units, c):
                            c = 1
                            yield None
                        nfound = self.nfound
                    for c in range(0 if self.by_unknown else s.size):
                        if st[c] == UNK and mark[c] != stamp:
                            found[nfound] = c * 2 + is_mine
                            nfound += 1
                        if c & 63 == 0:
                            s.work += 64
                            if s.work >= slice_units:
                                yield None
            if self.ask and nfound == s.unknown:
                self.decided = 1
                yield False
                continue
            # From here on, a change is news to the next analysis (every flag can go: the
            # stacks are empty, a revision's marks cleared).
            s.board.clear(flags)
            for i in range(nfound):
                v = found[i]
                s.learn_from_group(v >> 1, v & 1, v >> 1)
                if s.work >= slice_units:
                    yield None
            yield nfound > 0

    def new_stamp(self):
        """The stamp of a new collection of the groups (``mark``): the marks of every earlier
        one then count as not taken."""
        stamp = self.stamp + 1
        if stamp > 127:   # (128 and up: ``layouts.start``'s constraint numbers)
            self.s.board.clear(self.mark)
            stamp = 1
        self.stamp = stamp
        return stamp

    def _low(self, g):
        """Lowest possible mine count of group g (0 when over the bound)."""
        if self.pool[g] == SAME:
            return self.counts[self.gcells[self.gstart[g]]] >> 4
        cset = self.cset[g]
        lo = 0
        if cset:
            while not cset >> lo & 1:
                lo += 1
        return lo

    def _high(self, g):
        """Highest possible mine count of group g (its size when over the bound)."""
        if self.pool[g] == SAME:
            return self.counts[self.gcells[self.gstart[g]]] & 15
        cset = self.cset[g]
        hi = self.gstart[g + 1] - self.gstart[g]
        if cset:
            while not cset >> hi & 1:
                hi -= 1
        return hi
