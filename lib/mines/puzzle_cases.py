"""The pen-and-paper maker's case analysis (``MakerCases``): the same deductions as
``mines.groups.CaseAnalysis``, found cheaper in the maker's states. Imported by the maker after
``mines.puzzle_cache``, each compiled apart where a 96K heap still finds room."""

from mines.groups import CHANGED, NUM, UNK, _SAME, CaseAnalysis
from mines.puzzle_cache import CachedLayouts


class MakerCases(CaseAnalysis):
    """The maker's case analysis: the same deductions as ``CaseAnalysis``, found cheaper in
    the maker's states, where most cells are known (about 18 unknown in 300 at 20x15 Hard):
    the groups are grown from the unknown cells (found by ``find``, in C) instead of from every
    known number, and the totals the groups can make are sums of their lowest and highest
    counts when no count set has a gap (every total in between is then reachable)."""

    def __init__(self, solver, layouts_class=CachedLayouts):
        CaseAnalysis.__init__(self, solver, layouts_class)
        self.by_unknown = True
        self.nfront = 0
        self.nfound = 0
        self._c = -1
        self._q = -1
        self._chg = 0
        self._near = (0,) + solver.offsets   # a cell and its neighbours
        self._i = 0
        self._far = 0
        # 1 + the pair tables' index of each cell within 2 of a cell x, at its offset + _j0.
        self._j0 = j0 = 2 * solver.board.stride + 2
        self._jtab = jtab = bytearray(2 * j0 + 1)
        for j in range(24):
            jtab[solver.poffs[j] + j0] = j + 1
        self.fresh = 1   # 1: every group counts as changed (the solver's state was copied back)

    def collect(self, stamp, slice_units, resume):
        """Step 1 (groups), until the slice is used up (False) or done (True: ``ngroups``,
        ``nfront``): each unknown cell next to a number, not yet taken, starts a group grown
        breadth first through the numbers, as from the numbers."""
        s = self.s
        st = s.st
        unk = s.unk
        flags = s.flags
        offsets = s.offsets
        mark = self.mark
        gcells = self.gcells
        gstart = self.gstart
        if resume:
            c = self._c
            q = self._q
            ng = self.ngroups
            nf = self.nfront
            changed = self._chg
        else:
            c = -1
            q = -1
            ng = 0
            nf = 0
            changed = 0
        work = s.work
        while work < slice_units:
            if q < 0:
                c = st.find(b"\x00", c + 1)   # the next unknown cell
                if c < 0:
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
                gstart[ng] = nf
                ng += 1
                gcells[nf] = c
                q = nf
                nf += 1
                changed = self.fresh
            while q < nf and work < slice_units:
                x = gcells[q]
                q += 1
                work += 8
                for d in offsets:
                    b = x + d
                    if st[b] == NUM and unk[b] and mark[b] != stamp:
                        mark[b] = stamp
                        changed |= flags[b] & CHANGED
                        work += 8
                        for e in offsets:
                            y = b + e
                            if st[y] == UNK and mark[y] != stamp:
                                mark[y] = stamp
                                gcells[nf] = y
                                nf += 1
            if q >= nf:
                # As in CaseAnalysis: a group none of whose numbers changed is the same.
                self.pool[ng - 1] = 0 if changed or not self.reuse else _SAME
                q = -1
        s.work = work
        self.ngroups = ng
        self.nfront = nf
        self._c = c
        self._q = q
        self._chg = changed
        if c < 0:
            self.fresh = 0
            return True
        return False

    def gaps(self, ng):
        """``ng`` when no group's possible counts have a gap, the group when one has, -2 when
        more have (``totals`` then, also past 80 groups: this loop is one piece of a slice)."""
        if ng > 80:
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
        while work < slice_units:
            c = st.find(b"\x00", c + 1)
            if c < 0:
                break
            if mark[c] != stamp:
                found[nfound] = c * 2 + is_mine
                nfound += 1
            work += 2
        s.work = work
        self.nfound = nfound
        self._c = c
        return c < 0

    def second(self, c, total, resume, slice_units):
        """Whether the clues shown have a second solution of the simplest kind, so that no
        level decides the grid (the solver is sound): a mine and a safe unknown cell next to the
        same clues (swapped: every clue and the mine count stay), or an unknown cell next to no
        clue (the mine count not used, ``total`` 0: flipped). Only pairs with a cell x next to
        ``c`` or c itself (no clue there: maybe a mine) are looked for: the maker asks when the
        clue on c is left out of clues that have one solution, so every second solution is told
        apart by c. Returns 1 (found), 0, or with the count used, when such an x touches no
        clue, 2 + x's truth (``apart`` then looks for an unknown cell of the other touching
        none); -1 when the slice is used up first (called again with ``resume`` 1). Each x is
        a piece of a slice of at most 90 units."""
        s = self.s
        st = s.st
        mine = s.board.mine
        offsets = s.offsets
        share_a = s.share_a
        share_b = s.share_b
        jtab = self._jtab
        near = self._near
        i = self._i if resume else 0
        far = self._far if resume else 0
        while i < 9:
            if s.work >= slice_units:
                self._i = i
                self._far = far
                return -1
            x = c + near[i]
            i += 1
            if st[x] != UNK:
                continue
            m = 0
            k = 1
            for d in offsets:
                if st[x + d] == NUM:
                    m |= k
                    if m == k:
                        a = x + d   # x's first clue: a partner is next to it
                k <<= 1
            s.work += 10
            t = mine[x]
            if not m:
                if not total:
                    return 1
                far = 2 + t
                continue
            x0 = x - self._j0
            for d in offsets:
                v = a + d
                if st[v] != UNK or mine[v] == t:
                    continue
                j = jtab[v - x0] - 1
                if j < 0 or m & ~share_a[j]:
                    continue   # v is x itself, or a clue of x's is not next to v
                # x's clues are all v's neighbours: are v's all x's?
                mv = 0
                k = 1
                for d2 in offsets:
                    if st[v + d2] == NUM:
                        mv |= k
                    k <<= 1
                s.work += 10
                if not mv & ~share_b[j]:
                    return 1
        return far

    def apart(self, t, c, slice_units):
        """After ``second`` returned 2 + t: an unknown cell of truth 1 - t touching no clue,
        from the unknown cell after c (-1: the first) until the slice is used up. Returns -2
        (found), -1 (none), else the cell to go on from."""
        s = self.s
        st = s.st
        mine = s.board.mine
        offsets = s.offsets
        work = s.work
        while work < slice_units:
            c = st.find(b"\x00", c + 1)
            if c < 0:
                break
            work += 2
            if mine[c] == t:
                continue
            work += 6
            for d in offsets:
                if st[c + d] == NUM:
                    break
            else:
                c = -2
                break
        s.work = work
        return c
