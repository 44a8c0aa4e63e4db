"""Level FULL of the solver: exact case analysis over frontier groups, and the total mine count.

A *group* is a connected set of unknown cells next to open numbers: two cells are in one group
when some number touches both. Each group of at most ``MAX_GROUP`` cells is enumerated exactly
(backtracking on an explicit stack, pruned by every number it touches); for each possible count of
mines in the group we keep which cells are mines in every case (AND) and in some case (OR). The
cells touching no number (the *interior*) share the mines left over. Together with the total mine
count, a count of a group is possible only if the other groups and the interior can make up the
rest; a cell that is a mine (or safe) in every possible case is proven.

Within the bound this finds every cell that the visible numbers and the total force. A group over
the bound is left for later (it only constrains the others through its size), so the cost stays
predictable: at most 2**MAX_GROUP leaves, and the work is sliced like the rest of the solver.
"""

from array import array

from mines.solver import NUM, UNK

MAX_GROUP = 16


class CaseAnalysis:
    """Buffers for the analysis of one board size, made once."""

    def __init__(self, solver):
        self.s = solver
        size = solver.size
        self.mark = bytearray(size)
        self.gcells = array("H", bytes(2 * size))       # frontier cells, group after group
        self.gstart = array("H", bytes(2 * (size + 1)))  # group g is gcells[gstart[g]:gstart[g+1]]
        self.cset = array("I", bytes(4 * size))          # exact groups: bit k set if k mines possible
        self.pool = array("H", bytes(2 * (size + 1)))    # where group g's AND/OR masks start
        self.andm = array("H", bytes(4 * size + 2))
        self.orm = array("H", bytes(4 * size + 2))
        self.cid = bytearray(size)                       # constraint number + 1 during enumeration
        top = MAX_GROUP * 8
        self.cons = array("H", bytes(2 * top))
        self.need = array("b", bytes(top))
        self.free = bytearray(top)
        self.cellcons = bytearray(top)
        self.ncc = bytearray(MAX_GROUP)
        self.tried = bytearray(MAX_GROUP + 1)
        self.reach = bytearray(size + 2)
        self.reach2 = bytearray(size + 2)
        self.found = array("H", bytes(2 * size))        # deductions: cell * 2 + is_mine
        self.ngroups = 0

    def run(self, slice_units):
        """A generator: yields None after each slice of about ``slice_units`` work units, then
        True if it proved at least one cell (already applied to the solver), else False."""
        s = self.s
        st = s.st
        unk = s.unk
        offsets = s.offsets
        order = s.order
        mark = self.mark
        gcells = self.gcells
        gstart = self.gstart
        # 1. Collect the groups, breadth first from every number with unknown neighbours.
        ng = 0
        nf = 0
        for i in range(s.nknown):
            a = order[i]
            if st[a] != NUM or not unk[a]:
                continue
            for d in offsets:
                c = a + d
                if st[c] != UNK or mark[c]:
                    continue
                gstart[ng] = nf
                ng += 1
                mark[c] = 1
                gcells[nf] = c
                nf += 1
                q = nf - 1
                while q < nf:
                    x = gcells[q]
                    q += 1
                    s.work += 8
                    for d2 in offsets:
                        b = x + d2
                        if st[b] == NUM and unk[b]:
                            s.work += 8
                            for d3 in offsets:
                                y = b + d3
                                if st[y] == UNK and not mark[y]:
                                    mark[y] = 1
                                    gcells[nf] = y
                                    nf += 1
                    if s.work >= slice_units:
                        yield None
            s.work += 1
        gstart[ng] = nf
        for i in range(nf):
            mark[gcells[i]] = 0
        self.ngroups = ng
        # 2. Enumerate each group within the bound.
        pos = 0
        for g in range(ng):
            self.pool[g] = pos
            n = gstart[g + 1] - gstart[g]
            if n > MAX_GROUP:
                self.cset[g] = 0
                continue
            for _ in self._enumerate(g, pos, slice_units):
                yield None
            if not self.cset[g]:
                yield False   # no layout fits these numbers: nothing can be proven
                return
            pos += n + 1
        # 3. Which counts each group can really have, given the total; then what is forced.
        yield self._conclude(nf)

    def _enumerate(self, g, pos, slice_units):
        """Every layout of group g consistent with its numbers: fills cset[g] and the AND / OR
        masks per mine count at andm/orm[pos:pos + n + 1]. A generator yielding between slices."""
        s = self.s
        st = s.st
        unk = s.unk
        clue = s.clue
        mk = s.mk
        offsets = s.offsets
        cid = self.cid
        cons = self.cons
        need = self.need
        free = self.free
        cellcons = self.cellcons
        ncc = self.ncc
        tried = self.tried
        base = self.gstart[g]
        n = self.gstart[g + 1] - base
        ncons = 0
        for p in range(n):
            c = self.gcells[base + p]
            t = 0
            for d in offsets:
                b = c + d
                if st[b] == NUM and unk[b]:
                    m = cid[b]
                    if not m:
                        cons[ncons] = b
                        need[ncons] = clue[b] - mk[b]
                        free[ncons] = unk[b]
                        ncons += 1
                        m = cid[b] = ncons
                    cellcons[p * 8 + t] = m - 1
                    t += 1
            ncc[p] = t
            tried[p] = 0
        for i in range(ncons):
            cid[cons[i]] = 0
        andm = self.andm
        orm = self.orm
        for k in range(n + 1):
            andm[pos + k] = 0xFFFF
            orm[pos + k] = 0
        s.work += 10 * n
        cset = 0
        cur = 0
        cnt = 0
        k = 0
        while k >= 0:
            if k == n:
                cset |= 1 << cnt
                andm[pos + cnt] &= cur
                orm[pos + cnt] |= cur
                k -= 1
                continue
            t = tried[k]
            q0 = k * 8
            q1 = q0 + ncc[k]
            if t:
                v = t - 1   # undo the value tried last at k
                for q in range(q0, q1):
                    m = cellcons[q]
                    free[m] += 1
                    need[m] += v
                if v:
                    cur ^= 1 << k
                    cnt -= 1
                if t == 2:
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
                cur |= 1 << k
                cnt += 1
            s.work += 3
            if ok:
                k += 1
            if s.work >= slice_units:
                yield None
        self.cset[g] = cset

    def _counts(self, g):
        """(lowest, highest) possible mine count of group g: exact, or 0..size when over bound."""
        cset = self.cset[g]
        n = self.gstart[g + 1] - self.gstart[g]
        if not cset:
            return 0, n
        lo = 0
        while not cset >> lo & 1:
            lo += 1
        hi = n
        while not cset >> hi & 1:
            hi -= 1
        return lo, hi

    def _reach(self, skip, top):
        """Mark in ``reach`` every total the groups other than ``skip`` can make; returns the
        highest. Over-bound groups may hold any count from 0 to their size."""
        reach = self.reach
        other = self.reach2
        for i in range(top + 1):
            reach[i] = 0
        reach[0] = 1
        high = 0
        gstart = self.gstart
        for h in range(self.ngroups):
            if h == skip:
                continue
            n = gstart[h + 1] - gstart[h]
            cset = self.cset[h]
            for i in range(high + n + 1):
                other[i] = 0
            for i in range(high + 1):
                if reach[i]:
                    for k in range(n + 1):
                        if not cset or cset >> k & 1:
                            other[i + k] = 1
            high += n
            for i in range(high + 1):
                reach[i] = other[i]
            self.s.work += high + 1
        return high

    def _conclude(self, nf):
        s = self.s
        ng = self.ngroups
        gstart = self.gstart
        gcells = self.gcells
        interior = s.unknown - nf
        left = s.mines_left
        nfound = 0
        found = self.found
        lo_sum = 0
        hi_sum = 0
        for g in range(ng):
            lo, hi = self._counts(g)
            lo_sum += lo
            hi_sum += hi
        # The total restricts the groups only when some mix of their counts would not fit.
        restricted = s.total_mines >= 0 and (lo_sum < left - interior or hi_sum > left)
        for g in range(ng):
            cset = self.cset[g]
            n = gstart[g + 1] - gstart[g]
            if restricted:
                high = self._reach(g, nf)
                ok = 0
                for k in range(n + 1):
                    if cset and not cset >> k & 1:
                        continue
                    # k mines here, and the other groups make some total t with the interior
                    # holding left - k - t mines, 0 <= that <= interior.
                    t0 = left - k - interior
                    if t0 < 0:
                        t0 = 0
                    t1 = left - k
                    if t1 > high:
                        t1 = high
                    for t in range(t0, t1 + 1):
                        if self.reach[t]:
                            ok |= 1 << k
                            break
                if not ok:
                    return False   # the numbers and the total contradict: prove nothing
            else:
                ok = cset
            base = gstart[g]
            if cset:
                pos = self.pool[g]
                am = 0xFFFF
                om = 0
                for k in range(n + 1):
                    if ok >> k & 1:
                        am &= self.andm[pos + k]
                        om |= self.orm[pos + k]
                for p in range(n):
                    if am >> p & 1:
                        found[nfound] = gcells[base + p] * 2 + 1
                        nfound += 1
                    elif not om >> p & 1:
                        found[nfound] = gcells[base + p] * 2
                        nfound += 1
            elif restricted and (ok == 1 or ok == 1 << n):
                for p in range(n):
                    found[nfound] = gcells[base + p] * 2 + (0 if ok == 1 else 1)
                    nfound += 1
        if s.total_mines >= 0 and interior:
            # The interior holds left - t mines for some total t the groups can make.
            if restricted:
                high = self._reach(-1, nf)
                i_lo = interior + 1
                i_hi = -1
                for t in range(high + 1):
                    if self.reach[t]:
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
                st = s.st
                mark = self.mark
                for i in range(nf):
                    mark[gcells[i]] = 1
                inside = s.board.inside
                for c in range(s.size):
                    if inside[c] and st[c] == UNK and not mark[c]:
                        found[nfound] = c * 2 + is_mine
                        nfound += 1
                for i in range(nf):
                    mark[gcells[i]] = 0
                s.work += s.size
        for i in range(nfound):
            v = found[i]
            s.learn_from_group(v >> 1, v & 1, v >> 1)
        return nfound > 0
