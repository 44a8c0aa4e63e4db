"""Exact enumeration of one frontier group's mine layouts, for ``groups``; and which totals a
set of groups can make (``TotalCounts``, below).

Backtracking on an explicit stack (no recursion), pruned by every open number that touches the
group; for each possible count of mines in the group it keeps the cells that are mines in every
layout (AND mask) and in some layout (OR mask). Sliced: ``step`` stops when the solver's work
counter reaches the slice and carries on at the next call.
"""

from array import array

from mines._const import const

NUM = const(2)   # the solver's state of an open number (solver.NUM; checked by a test)


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
        # at most one per cell of the board; room for ``cases.masks`` of them (0: that most)
        # to begin with, grown by ``start``.
        room = cases.masks or cells
        self.andm = array("H", bytes(2 * room))
        self.orm = array("H", bytes(2 * room))
        # A board's bytes for a hinter to borrow and the totals to work in (``cases.cid``;
        # the enumeration numbers its constraints in ``cases.mark``); None: the generator's.
        self.cid = bytearray(self.s.size) if cases.cid else None
        # The numbers touching a group: 8 a cell at most, two dozen seen; room for half as
        # many as masks to begin with (``cases.masks``; 0: the most), grown by ``start``.
        top = max_group * 8
        room = (cases.masks + 1) // 2 if cases.masks else top
        self.cons = array("H", bytes(2 * room))
        # Per number: mines still to place (need) and cells that may stay safe (slack, its free
        # cells less need). A safe cell takes one from slack, a mine one from need; a number
        # that allows no layout at all has both at -64. ``key``: need << 4 | free, as at start
        # (255: need below 0).
        self.need = array("b", bytes(room))
        self.slack = array("b", bytes(room))
        self.key = bytearray(room)
        self.cellcons = bytearray(top)   # the numbers of cell p at [8p, qend[p])
        self.qend = bytearray(max_group)
        self.cost = bytearray(max_group)   # work units of one visit of cell p
        self.cset = 0
        self._n = 0
        self._ncons = 0
        self._k = 0
        self._cur = 0
        self._cnt = 0
        self._pos = 0
        self._fresh = 1

    def start(self, g, pos):
        """Set up the enumeration of group g, its AND / OR masks at andm/orm[pos:pos + n + 1]:
        list the numbers touching it and, per cell, which of them it counts for."""
        s = self.s
        st = s.st
        mu = s.mu
        clue = s.clue
        offsets = s.offsets
        # A number listed: its mark (a stamp, below 128: ``CaseAnalysis.new_stamp``) is
        # 128 + its constraint's index until the end of ``start``, then the stamp again (every
        # number next to a group's cell has this analysis's stamp).
        mark = self.cases.mark
        cons = self.cons
        need = self.need
        slack = self.slack
        key = self.key
        cellcons = self.cellcons
        qend = self.qend
        cost = self.cost
        gcells = self.cases.gcells
        base = self.cases.gstart[g]
        n = self.cases.gstart[g + 1] - base
        if pos + n >= len(self.andm):
            # Room for more masks, in place (the step's and the analysis's names stay good).
            more = array("H", bytes(2 * (pos + n + 1)))
            self.andm.extend(more)
            self.orm.extend(more)
        ncons = 0
        for p in range(n):
            c = gcells[base + p]
            q = p << 3
            for d in offsets:
                b = c + d
                if st[b] == NUM and mu[b] & 15:
                    m = mark[b]
                    if m < 128:
                        if ncons == len(key):   # room for twice as many, in place
                            more = bytes(ncons)
                            cons.extend(array("H", more + more))
                            need.extend(more)
                            slack.extend(more)
                            key.extend(more)
                        cons[ncons] = b
                        f = mu[b]
                        v = clue[b] - (f >> 4)
                        f &= 15
                        if 0 <= v <= f:
                            key[ncons] = v << 4 | f
                            need[ncons] = v
                            slack[ncons] = f - v
                        else:
                            key[ncons] = v << 4 | f if v >= 0 else 255
                            need[ncons] = -64
                            slack[ncons] = -64
                        m = mark[b] = 128 + ncons
                        ncons += 1
                    cellcons[q] = m - 128
                    q += 1
            qend[p] = q
            cost[p] = 3 + 3 * (q - (p << 3))
        m = self.cases.stamp
        for i in range(ncons):
            mark[cons[i]] = m
        s.work += 10 * n
        self._n = n
        self._ncons = ncons
        self._pos = pos
        self._k = -2   # the masks are set at the first step (the maker's cache may copy them)
        self._cur = 0
        self._cnt = 0
        self._fresh = 1
        self.cset = 0

    # ``piece`` (the maker's watch): after each piece of that many units, one unit more and
    # ``_seen``, which may end the enumeration (True).
    def step(self, slice_units, piece=0):
        """Backtrack through group layouts, pruned by every number, until the slice is used up
        (returns False) or every layout has been seen (returns True)."""
        andm = self.andm
        orm = self.orm
        n = self._n
        pos = self._pos
        k = self._k
        if k < 0:
            if k == -1:
                return True
            for k in range(pos, pos + n + 1):
                andm[k] = 0xFFFF
                orm[k] = 0
            k = 0
        s = self.s
        need = self.need
        slack = self.slack
        cellcons = self.cellcons
        qend = self.qend
        cost = self.cost
        cur = self._cur
        cnt = self._cnt
        fresh = self._fresh   # 1: nothing tried at cell k yet; else its bit in cur says what
        cset = self.cset
        work = s.work
        bit = 1 << k
        stop = work + piece if piece and work + piece < slice_units else slice_units
        while True:
            # A cell is visited three times: safe tried, then (undone) a mine, then (undone) back
            # to the cell before; only the count a try lowers can go below zero. Each visit is
            # charged ``cost``, 3 and 3 a number, as when it walked the numbers twice (measured
            # then against the device estimate by tools/bench.py; kept: the same work totals).
            while work < stop:
                if k == n:   # a layout
                    cset |= 1 << cnt
                    andm[pos + cnt] &= cur
                    orm[pos + cnt] |= cur
                    work += 3
                    k -= 1
                    bit >>= 1
                    fresh = 0
                    continue
                q1 = qend[k]
                work += cost[k]
                if fresh:
                    ok = 1
                    for q in range(k << 3, q1):
                        m = cellcons[q]
                        v = slack[m] - 1
                        slack[m] = v
                        if v < 0:
                            ok = 0
                    if not ok:
                        fresh = 0
                        continue
                elif not cur & bit:
                    ok = 1
                    for q in range(k << 3, q1):
                        m = cellcons[q]
                        slack[m] += 1
                        v = need[m] - 1
                        need[m] = v
                        if v < 0:
                            ok = 0
                    cur |= bit
                    cnt += 1
                    if not ok:
                        continue
                else:
                    for q in range(k << 3, q1):
                        need[cellcons[q]] += 1
                    cur ^= bit
                    cnt -= 1
                    k -= 1
                    if k < 0:
                        break
                    bit >>= 1
                    continue
                k += 1
                bit <<= 1
                fresh = 1
            if k < 0 or work >= slice_units or not piece:
                break
            work += 1
            if self._seen():   # (it sets cset to 0)
                s.work = work
                return True
            stop = work + piece if work + piece < slice_units else slice_units
        s.work = work
        self._k = k
        self._cur = cur
        self._cnt = cnt
        self._fresh = fresh
        self.cset = cset
        return k < 0


# --- The totals (``TotalCounts``) -------------------------------------------------------------
# Which totals a set of frontier groups can make, for ``groups`` and the mine count.
#
# ``reach[t]`` is 1 when the groups (all but one left out, ``skip``) can hold t mines between
# them: a group enumerated exactly contributes the counts it allows, a group over the bound any
# count from 0 to its size. Built in steps of about ``_CHUNK`` loop turns, each charged to the
# solver's work counter, so that a slice stays a slice even at 30x24 with hundreds of frontier
# cells (an earlier version added a whole group per call and undercounted it: a 15 ms slice on the
# device).

_CHUNK = const(96)   # work units of one ``step`` call, about (a loop turn each)
# What ``step`` is doing (``_phase``).
_CLEAR_REACH = const(0)
_CLEAR_OTHER = const(1)
_ADD_GROUP = const(2)
_COPY_BACK = const(3)


class TotalCounts:
    """Buffers for one board size, made once; ``cases``: the owning ``CaseAnalysis``."""

    def __init__(self, cases, spare=None):
        """``spare``: a bytearray of at least ``cells + 2`` bytes to build totals in, free
        while the totals are made (None: made here)."""
        self.cases = cases
        cells = cases.s.cells
        # Totals 0..top (the frontier cells), room for ``cases.masks`` (0: every cell) to
        # begin with, grown by ``start``.
        self.reach = bytearray((cases.masks or cells) + 2)
        self.reach2 = bytearray(len(self.reach)) if spare is None else spare
        self.high = 0   # the largest total in ``reach``
        self._skip = 0
        self._top = 0
        self._h = 0
        self._phase = 0
        self._i = 0
        self._window = 0

    def start(self, skip, top):
        """Begin ``reach`` over every group but ``skip`` (-1: none); ``top``: the most mines
        the groups can hold (their cells)."""
        if top + 2 > len(self.reach):
            self.reach.extend(bytes(top + 2))   # in place: the analysis's name stays good
        if top + 2 > len(self.reach2):
            self.reach2.extend(bytes(top + 2))   # (our own: none lent)
        self._skip = skip
        self._top = top
        self._h = 0
        self._phase = _CLEAR_REACH
        self._i = 0
        self.high = 0

    def step(self):
        """A bounded piece (about ``_CHUNK`` units) of adding the groups to ``reach``: every
        total the groups but ``skip`` can make (an over-bound group any count 0..size). Returns
        True when all are in (``high`` is then the largest total), False while work remains."""
        reach = self.reach
        other = self.reach2
        i = self._i
        phase = self._phase
        if phase == _CLEAR_REACH:
            end = i + _CHUNK
            if end > self._top + 1:
                end = self._top + 1
            for j in range(i, end):
                reach[j] = 0
            self.cases.s.work += end - i + 1
            if end <= self._top:
                self._i = end
                return False
            reach[0] = 1
            self._phase = _CLEAR_OTHER
            self._i = 0
            return False
        h = self._h
        if h == self._skip:
            h += 1
            self._h = h
        if h >= self.cases.ngroups:
            return True
        gstart = self.cases.gstart
        n = gstart[h + 1] - gstart[h]
        high = self.high
        last = high + n   # the largest total once group h is in
        work = 1
        if phase == _CLEAR_OTHER:
            end = i + _CHUNK
            if end > last + 1:
                end = last + 1
            for j in range(i, end):
                other[j] = 0
            work += end - i
            i = end
            if i > last:
                phase = _ADD_GROUP
                i = 0
        elif phase == _ADD_GROUP:
            cset = self.cases.cset[h]
            if cset:
                # Exact group: each reachable total i gives i + k for every possible count k.
                while i <= high and work < _CHUNK:
                    if reach[i]:
                        for k in range(n + 1):
                            if cset >> k & 1:
                                other[i + k] = 1
                        work += n + 1
                    work += 1
                    i += 1
                if i > high:
                    phase = _COPY_BACK
                    i = 0
            else:
                # Over the bound, any count 0..n: total j is reachable when some reachable i
                # lies in [j - n, j]; a running count over that window, one pass.
                inside = self._window
                end = i + _CHUNK
                if end > last + 1:
                    end = last + 1
                for j in range(i, end):
                    if j <= high:
                        inside += reach[j]
                    if j - n - 1 >= 0:
                        inside -= reach[j - n - 1]
                    other[j] = 1 if inside else 0
                work += 2 * (end - i)
                self._window = inside
                i = end
                if i > last:
                    phase = _COPY_BACK
                    i = 0
        else:   # _COPY_BACK
            end = i + _CHUNK
            if end > last + 1:
                end = last + 1
            for j in range(i, end):
                reach[j] = other[j]
            work += end - i
            i = end
            if i > last:
                self.high = last
                self._h = h + 1
                phase = _CLEAR_OTHER
                i = 0
        if phase == _ADD_GROUP and i == 0:
            self._window = 0
        self._phase = phase
        self._i = i
        self.cases.s.work += work
        return False
