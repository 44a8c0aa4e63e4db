"""The pen-and-paper maker's case analysis (``MakerCases``): the same deductions as
``mines.engine.groups.CaseAnalysis``, found cheaper in the maker's states. Imported by the maker
after ``cache``, each compiled apart where a 96K heap still finds room."""

from array import array

from mines._const import const
from mines.engine.groups import CHANGED, MAX_GROUP, NUM, UNK, SAME, CaseAnalysis
from mines.puzzle.cache import CachedLayouts

# How the last ``test`` was told (``MakerCases.how``, read by the maker, which repeats them).
_BY_ANALYSIS = const(0)
_BY_BIG = const(1)
_BY_STATE = const(2)
_ANALYSE = const(2)   # (what ``test`` returns when the analysis must tell)


class MakerCases(CaseAnalysis):
    """The maker's case analysis: the same deductions as ``CaseAnalysis``, found cheaper in
    the maker's states, where most cells are known (about 18 unknown in 300 at 20x15 Hard):
    the groups are grown from the unknown cells (found by ``find``, in C) instead of from every
    known number, and the totals the groups can make are sums of their lowest and highest
    counts when no count set has a gap (every total in between is then reachable)."""

    def __init__(self, solver, layouts_class=CachedLayouts, mark=None):
        # The groups are collected in the solver's stack, as the hints' are: empty whenever
        # groups are (a test collects at a fixed point, and the solver runs its analysis only
        # once the stack is empty; what it learns goes on the stack after the last look).
        # Room for 16 groups, grown in ``collect`` (the most seen: 7, 20x15 Hard, 300 seeds).
        # The counts kept on a group's cells go to the solver's ``src`` (the maker's
        # ``when``, ``why`` and ``src2`` too): its entries at unknown cells are free (written
        # when a cell becomes known), and every state the maker goes back to (``fresh``) has
        # each group enumerated again before its counts are read.
        # Room for 64 layout masks and totals, grown as needed (the most a maker's analysis
        # was seen to take: 47 masks, 50 totals, 20x15 Hard, 300 seeds).
        # No ``layouts.cid`` (a board's bytes): the totals are made in their own room. The
        # marks in ``mark`` when lent (the maker's board's ``inside``, zero while it walks).
        CaseAnalysis.__init__(self, solver, layouts_class, solver.stack, 16, solver.src, 64, 0,
                              mark)
        self.by_unknown = True
        self.nfront = 0
        self.nfound = 0
        self._c = -1
        self._q = -1
        self._chg = 0
        self._fm = 0
        self.fresh = 1   # 1: every group counts as changed (the solver's state was copied back)
        self._was_fresh = 1
        self._stamp = 0
        self._checked = 0
        self.near = (0,) + solver.offsets   # a cell and its neighbours
        self.how = 0   # how the last ``test`` was told: _BY_ANALYSIS, _BY_BIG or _BY_STATE

    def collect(self, stamp, slice_units, resume):
        """Step 1 (groups), until the slice is used up (False) or done (True: ``ngroups``,
        ``nfront``): each unknown cell next to a number, not yet taken, starts a group grown
        breadth first through the numbers, as from the numbers."""
        # (The most used locals first: the first 16 take a byte less an access.)
        s = self.s
        work = s.work
        st = s.st
        mu = s.mu
        mark = self.mark
        gcells = self.gcells
        b = y = 0
        if resume:
            q = self._q
            nf = self.nfront
            changed = self._chg
            c = self._c
            ng = self.ngroups
            fm = self._fm
        else:
            q = -1
            nf = 0
            changed = 0
            c = -1
            ng = 0
            fm = 0
        flags = s.flags
        offsets = s.offsets
        gstart = self.gstart
        mine = s.board.mine
        room = len(self.cset)
        done = False   # (c is -1 both before the first unknown cell and after the last)
        while work < slice_units:
            if q < 0:
                c = st.find(b"\x00", c + 1)   # the next unknown cell
                if c < 0:
                    done = True
                    break
                work += 3
                if mark[c] == stamp:
                    continue
                work += 5
                for d in offsets:
                    if st[c + d] == NUM:
                        break
                else:
                    continue   # touches no number: interior
                mark[c] = stamp
                if ng == room:
                    # Room for twice as many, in place (as ``CaseAnalysis``'s).
                    more = array("H", bytes(2 * ng))
                    gstart.extend(more)
                    self.cset.extend(more)
                    self.pool.extend(more)
                    room += ng
                gstart[ng] = nf
                ng += 1
                gcells[nf] = c
                q = nf
                nf += 1
                fm += mine[c]
                changed = self.fresh
            while q < nf and work < slice_units:
                x = gcells[q]
                q += 1
                work += 8
                for d in offsets:
                    b = x + d
                    if st[b] == NUM and mu[b] & 15 and mark[b] != stamp:
                        mark[b] = stamp
                        changed |= flags[b] & CHANGED
                        work += 8
                        for e in offsets:
                            y = b + e
                            if st[y] == UNK and mark[y] != stamp:
                                mark[y] = stamp
                                gcells[nf] = y
                                nf += 1
                                fm += mine[y]
            if q >= nf:
                # As in CaseAnalysis: a group none of whose numbers changed is the same.
                self.pool[ng - 1] = 0 if changed or not self.reuse else SAME
                q = -1
        s.work = work
        self.ngroups = ng
        self.nfront = nf
        self._c = c
        self._q = q
        self._chg = changed
        self._fm = fm
        if done:
            self.fresh = 0
            # (totals go up to nf: their table grown in place, which ``_analyses`` holds)
            reach = self.totals.reach
            if nf + 2 > len(reach):
                reach.extend(bytes(nf + 2 - len(reach)))
            # The solution's mines and safe cells in the interior (``CachedLayouts._seen``).
            lay = self.layouts
            lay.imines = s.mines_left - fm
            lay.isafe = s.unknown - nf - lay.imines
            return True
        return False

    def test(self, cells, j, slice_units, resume):
        # The maker's Hard test: do the clues decide the grid at the level, those of a state
        # that is a fixed point of the pair rule (the maker's ranges are built at Medium), made
        # of clues with one solution less the clue on c = cells[j]? Returns None when the
        # slice is used up (called again with ``resume`` 1), else 1 (decided) or 0, or
        # ANALYSE: the caller runs the solver at the level, and then the analysis's ``decided`` tells
        # (the maker's ``_make``, after it). ``how`` says
        # which:
        #
        # BY_BIG: a group past the analysis's bound is never decided (0). The analysis does not
        # enumerate it, nothing it learns elsewhere touches the group's numbers (else they would
        # be one group), and the mine count only decides a group whole, all mines or all safe,
        # which the solution is not (each of its numbers would have been decided). The groups
        # are collected as an analysis collects them (the next one takes them, ``collected``),
        # and a slice that ends with a group past the bound ends the test.
        #
        # BY_STATE: c and its neighbours are all known (1), told first. Every solution agrees
        # with the state's deductions, so it keeps c's number, and is one of the clues with c:
        # the solution is the only one. And no group is past the bound: with c's number the
        # state is still a fixed point (it touches no unknown cell), the very state a solve of
        # the clues with c reaches at Medium, and those clues are decided at the level, which
        # no group past the bound would let be (BY_BIG). With every group within the bound
        # the analysis is exact (the projection of every clue and the count on each cell), so
        # it finds the only solution.
        #
        # BY_ANALYSIS: the analysis, stopped at a group that shows a second solution (the
        # layouts' ``watch``), and learning nothing when it proves every cell (``ask``).
        s = self.s
        st = s.st
        c = cells[j]
        if not resume:
            self.layouts.twin = 0
            if self.known_around(cells, j, 1):
                self.how = _BY_STATE
                return 1
            self.how = _BY_BIG
            if s.unknown <= MAX_GROUP:
                self._checked = -1   # (no group is larger: nothing collected)
            else:
                self._was_fresh = self.fresh
                self._stamp = self.new_stamp()
                self._checked = 0
        g = self._checked
        if g >= 0:
            done = self.collect(self._stamp, slice_units, resume)
            gstart = self.gstart
            ng = self.ngroups
            gstart[ng] = self.nfront   # (the group under way ends there so far)
            s.work += ng - g
            self.collected = 1
            while g < ng:
                if gstart[g + 1] - gstart[g] > MAX_GROUP:
                    # Not analysing the state collected: the next analysis collects anew
                    # and takes the same groups as changed as it would have.
                    if self.collected:
                        self.collected = 0
                        self.fresh = self._was_fresh
                    return 0
                g += 1
            if not done:
                self._checked = ng - 1 if ng else 0   # (the last one may grow yet)
                return None
        for d in self.near:
            x = c + d
            if st[x] == UNK and g >= 0 and self.mark[x] == self._stamp:
                # (a second solution shows in x's group if anywhere: it goes first, when among
                # the first 64 cells; a piece of at most 9 + 64 + 32 units)
                gcells = self.gcells
                p = 0
                while p < 64 and gcells[p] != x:
                    p += 1
                g = 0
                while p < 64 and gstart[g + 1] <= p:
                    g += 1
                self.first = g
                s.work += 9 + p + g
                break
        self.how = _BY_ANALYSIS
        self.layouts.watch = 1
        self.ask = 1
        self.decided = 0
        return _ANALYSE

    def known_around(self, cells, j, n):
        # Whether each of cells[j:j + n] and its 8 neighbours are all known (in any state the
        # clues imply: then in the fixed point too, ``test``'s BY_STATE).
        st = self.s.st
        near = self.near
        for j in range(j, j + n):
            c = cells[j]
            self.s.work += 9
            for d in near:
                if st[c + d] == UNK:
                    return False
        return True

    def gaps(self, ng):
        """``ng`` when no group's possible counts have a gap, the group when one has, -2 when
        more have (``totals`` then, also past 64 groups: this loop is one piece of a slice)."""
        if ng > 64:
            return -2
        cset = self.cset
        gapped = ng
        for g in range(ng):
            c = cset[g]
            if c:
                while not c & 1:
                    c >>= 1
                if c & (c + 1):
                    if gapped < ng:
                        return -2
                    gapped = g
        self.s.work += 3 * ng
        return gapped

    def by_sums(self, g, n, c_set, low, high, t0, t1):
        """The counts group g can have when the others (no gap in any one's counts) make every
        total from their lowest to their highest (``low``, ``high``: the sums over all groups):
        k is possible if some total of theirs lies in [t0 - k, t1 - k] (the interior takes the
        rest: t0 = mines left - interior, t1 = mines left)."""
        low -= self._low(g)
        high -= self._high(g)
        # max(t0 - k, low) <= min(t1 - k, high), that is t0 - high <= k <= t1 - low.
        k0 = t0 - high
        k1 = t1 - low
        if k1 > n:
            k1 = n
        if k0 < 0:
            k0 = 0
        self.s.work += 6
        if k0 > k1:
            return 0
        possible = (2 << k1) - (1 << k0)
        return possible & c_set if c_set else possible

    def interior(self, stamp, is_mine, slice_units, resume):
        """Every cell of the interior (unknown, in no group) is a mine (``is_mine``) or safe:
        onto ``found`` after ``nfound``, until the slice is used up (False) or done (True)."""
        s = self.s
        st = s.st
        mark = self.mark
        found = self.found
        nfound = self.nfound
        c = self._c if resume else -1
        work = s.work
        done = False
        while work < slice_units:
            c = st.find(b"\x00", c + 1)
            if c < 0:
                done = True
                break
            if mark[c] != stamp:
                found[nfound] = c * 2 + is_mine
                nfound += 1
            work += 2
        s.work = work
        self.nfound = nfound
        self._c = c
        return done
