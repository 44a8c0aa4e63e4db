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
_KEY_CELLS = const(15)   # the cache's groups: at most this many cells (groups.MAX_GROUP) ...
_KEY_CONS = const(40)    # ... and numbers (a bigger group is enumerated every time)


class GroupLayouts:
    """Enumeration buffers for one board size, made once. ``cases``: the ``CaseAnalysis``
    whose groups (``gcells``, ``gstart``) are enumerated. After ``start`` and ``step`` returned
    True: ``cset`` has bit k set if the group can hold k mines, and ``andm`` / ``orm`` at
    [pos + k] are the group's AND / OR masks for k mines (bit p: the group's p-th cell)."""

    def __init__(self, cases, max_group):
        self.cases = cases
        self.s = cases.s
        cells = self.s.cells
        # Each exact group of n cells takes n + 1 masks: at most 2 per frontier cell.
        self.andm = array("H", bytes(4 * cells + 4))
        self.orm = array("H", bytes(4 * cells + 4))
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
        self._ncons = 0
        self._base = 0
        self._look = 0
        self._fill = -1
        self.slots = 0   # the cache of whole enumerations (``use_cache``): none by default
        self.hits = 0

    def use_cache(self, slots):
        """Keep the last ``slots`` enumerations, by content: a group whose cells, numbers and
        their mines still to place are all the same as one kept has the same layouts, copied
        instead of enumerated. (The pen-and-paper maker sees most groups again and again; the
        sweeper keeps none.) About 240 bytes a slot; allocated here, once."""
        self.slots = slots
        self._kn = bytearray(slots)              # 0: empty (or being filled)
        self._kncons = bytearray(slots)
        self._kcells = array("H", bytes(2 * slots * _KEY_CELLS))
        self._kcons = array("H", bytes(2 * slots * _KEY_CONS))
        self._kneed = bytearray(slots * _KEY_CONS)  # need << 4 | free
        self._kcset = array("H", bytes(2 * slots))
        self._kmask = array("H", bytes(4 * slots * (_KEY_CELLS + 1)))   # AND then OR masks
        self._next = 0
        self._fill = -1

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
        s.work += 10 * n
        self._n = n
        self._pos = pos
        self._k = 0
        self._cur = 0
        self._cnt = 0
        self.cset = 0
        self._ncons = ncons
        self._fill = -1
        self._base = base
        # 1 + the next cache slot to look at (0: no look-up): ``step`` looks first.
        self._look = 1 if self.slots and n <= _KEY_CELLS and ncons <= _KEY_CONS else 0
        for k in range(n + 1):
            andm[pos + k] = 0xFFFF
            orm[pos + k] = 0

    def _cached(self, slice_units):
        """The cache (``use_cache``), from slot ``_look`` - 1 on: copy a kept enumeration of
        this group and return True; or take the next slot for it (``_fill``, kept when ``step``
        finishes) and return False; or None when the slice is used up first (called again)."""
        s = self.s
        base = self._base
        gcells = self.cases.gcells
        cons = self.cons
        need = self.need
        free = self.free
        n = self._n
        ncons = self._ncons
        kn = self._kn
        kcells = self._kcells
        kcons = self._kcons
        kneed = self._kneed
        first = gcells[base]
        for slot in range(self._look - 1, self.slots):
            if kn[slot] != n or self._kncons[slot] != ncons or kcells[slot * _KEY_CELLS] != first:
                continue
            if s.work >= slice_units:
                self._look = slot + 1
                return None
            s.work += 2 + n + ncons
            a = slot * _KEY_CELLS
            for p in range(1, n):
                if kcells[a + p] != gcells[base + p]:
                    break
            else:
                a = slot * _KEY_CONS
                for i in range(ncons):
                    if kcons[a + i] != cons[i] or kneed[a + i] != need[i] << 4 | free[i]:
                        break
                else:
                    # The same group: its layouts, as enumerated before.
                    pos = self._pos
                    andm = self.andm
                    orm = self.orm
                    kmask = self._kmask
                    a = slot * 2 * (_KEY_CELLS + 1)
                    for k in range(n + 1):
                        andm[pos + k] = kmask[a + k]
                        orm[pos + k] = kmask[a + _KEY_CELLS + 1 + k]
                    self.cset = self._kcset[slot]
                    self.hits += 1
                    s.work += 2 * n
                    return True
        if s.work >= slice_units:
            self._look = self.slots + 1
            return None
        self._look = 0
        slot = self._next
        self._next = (slot + 1) % self.slots
        kn[slot] = 0   # empty until the enumeration is done
        self._kncons[slot] = ncons
        a = slot * _KEY_CELLS
        for p in range(n):
            kcells[a + p] = gcells[base + p]
        a = slot * _KEY_CONS
        for i in range(ncons):
            if need[i] < 0:
                return False   # an impossible number (no layout): not kept
            kcons[a + i] = cons[i]
            kneed[a + i] = need[i] << 4 | free[i]
        self._fill = slot
        s.work += 2 * n + 2 * ncons
        return False

    def step(self, slice_units):
        """Backtrack through group layouts, pruned by every number, until the slice is used up
        (returns False) or every layout has been seen (returns True)."""
        s = self.s
        if self._look:
            found = self._cached(slice_units)
            if found is None:
                return False
            if found:
                self._look = 0
                self._k = -1   # copied from the cache: nothing to enumerate
                return True
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
        if k < 0 and self._fill >= 0:
            # Done: kept in the slot taken for it (see _cached).
            slot = self._fill
            self._fill = -1
            kmask = self._kmask
            a = slot * 2 * (_KEY_CELLS + 1)
            for j in range(n + 1):
                kmask[a + j] = andm[pos + j]
                kmask[a + _KEY_CELLS + 1 + j] = orm[pos + j]
            self._kcset[slot] = cset
            self._kn[slot] = n
            s.work += 2 * n
        return k < 0

