"""Which totals a set of frontier groups can make, for ``mines.groups`` and the mine count.

``reach[t]`` is 1 when the groups (all but one left out, ``skip``) can hold t mines between
them: a group enumerated exactly contributes the counts it allows, a group over the bound any
count from 0 to its size. Built one group per ``step`` call so that the work stays sliced.
"""


class TotalCounts:
    """Buffers for one board size, made once; ``cases``: the owning ``CaseAnalysis``."""

    def __init__(self, cases):
        self.cases = cases
        cells = cases.s.cells
        self.reach = bytearray(cells + 2)
        self.reach2 = bytearray(cells + 2)
        self.high = 0   # the largest total in ``reach``
        self._skip = 0
        self._h = 0

    def start(self, skip, top):
        reach = self.reach
        for i in range(top + 1):
            reach[i] = 0
        reach[0] = 1
        self.high = 0
        self._skip = skip
        self._h = 0
        self.cases.s.work += top // 4 + 1

    def step(self):
        """Add one more group to ``reach``: every total the groups but ``_skip`` can make (an
        over-bound group any count 0..size). Returns True when all are in; ``high`` is the
        largest total."""
        h = self._h
        if h == self._skip:
            h += 1
        if h >= self.cases.ngroups:
            return True
        self._h = h + 1
        reach = self.reach
        other = self.reach2
        high = self.high
        n = self.cases.gstart[h + 1] - self.cases.gstart[h]
        cset = self.cases.cset[h]
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
        self.high = high
        self.cases.s.work += 2 * high + n + 2
        return False

