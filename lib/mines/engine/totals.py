"""Which totals a set of frontier groups can make, for ``groups`` and the mine count.

``reach[t]`` is 1 when the groups (all but one left out, ``skip``) can hold t mines between
them: a group enumerated exactly contributes the counts it allows, a group over the bound any
count from 0 to its size. Built in steps of about ``_CHUNK`` loop turns, each charged to the
solver's work counter, so that a slice stays a slice even at 30x24 with hundreds of frontier
cells (an earlier version added a whole group per call and undercounted it: a 15 ms slice on the
device).
"""

from mines._const import const


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
