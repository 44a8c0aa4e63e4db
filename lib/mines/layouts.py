"""Exact enumeration of one frontier group's mine layouts, for ``mines.groups``.

Backtracking on an explicit stack (no recursion), pruned by every open number that touches the
group; for each possible count of mines in the group it keeps the cells that are mines in every
layout (AND mask) and in some layout (OR mask). Sliced: ``step`` stops when the solver's work
counter reaches the slice and carries on at the next call.
"""

from array import array

try:
    from micropython import const
except ImportError:   # CPython
    def const(value):  # type: ignore[misc]  # the stub is generic; this is the identity
        return value

NUM = const(2)   # the solver's state of an open number (mines.solver.NUM; checked by a test)


class GroupLayouts:
    """Enumeration buffers for one board size, made once. ``cases``: the ``CaseAnalysis``
    whose groups (``gcells``, ``gstart``) are enumerated. After ``start`` and ``step`` returned
    True: ``cset`` has bit k set if the group can hold k mines, and ``andm`` / ``orm`` at
    [pos + k] are the group's AND / OR masks for k mines (bit p: the group's p-th cell)."""

    def __init__(self, cases, max_group):
        self.cases = cases
        self.s = cases.s
        cells = self.s.cells
        # Each exact group of n cells takes n + 1 masks: one per frontier cell and one per
        # group, and a group has a number of its own besides its cells (``CaseAnalysis``), so
        # at most one per cell of the board.
        self.andm = array("H", bytes(2 * cells))
        self.orm = array("H", bytes(2 * cells))
        self.cid = bytearray(self.s.size)                # constraint number + 1 during enumeration
        top = max_group * 8
        self.cons = array("H", bytes(2 * top))
        self.need = array("b", bytes(top))
        self.free = bytearray(top)
        self.cellcons = bytearray(top)
        self.ncc = bytearray(max_group)
        self.tried = bytearray(max_group + 1)
        self.cset = 0
        self._n = 0
        self._k = 0
        self._cur = 0
        self._cnt = 0
        self._pos = 0

    def start(self, g, pos):
        """Set up the enumeration of group g, its AND / OR masks at andm/orm[pos:pos + n + 1]:
        list the numbers touching it and, per cell, which of them it counts for."""
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
        base = self.cases.gstart[g]
        n = self.cases.gstart[g + 1] - base
        ncons = 0
        for p in range(n):
            c = self.cases.gcells[base + p]
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
        self._n = n
        self._pos = pos
        self._k = 0
        self._cur = 0
        self._cnt = 0
        self.cset = 0

    def step(self, slice_units):
        """Backtrack through group layouts, pruned by every number, until the slice is used up
        (returns False) or every layout has been seen (returns True)."""
        s = self.s
        need = self.need
        free = self.free
        cellcons = self.cellcons
        ncc = self.ncc
        tried = self.tried
        andm = self.andm
        orm = self.orm
        n = self._n
        pos = self._pos
        k = self._k
        cur = self._cur
        cnt = self._cnt
        cset = self.cset
        work = s.work
        while k >= 0:
            if work >= slice_units:
                break
            if k == n:
                cset |= 1 << cnt
                andm[pos + cnt] &= cur
                orm[pos + cnt] |= cur
                k -= 1
                work += 3
                continue
            t = tried[k]
            q0 = k * 8
            q1 = q0 + ncc[k]
            # Charged by what it costs: the undo and the try each walk the cell's numbers
            # (measured against the device estimate by tools/bench.py).
            work += 3 + 3 * (q1 - q0)
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
            if ok:
                k += 1
        s.work = work
        self._k = k
        self._cur = cur
        self._cnt = cnt
        self.cset = cset
        return k < 0

