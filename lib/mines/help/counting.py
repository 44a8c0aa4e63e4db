"""The hints' exact counting, for when the solver's case analysis is stuck because a frontier group
is over its bound (``groups.MAX_GROUP`` cells).

The solver's bounded case analysis depends on the path: a deduction made while two groups were
apart may be out of its reach once a new number joins them into one group over the bound. A player
who asks for a hint at that point would be told that nothing is provable on a board the generator
proved no-guess. So, when the rules find nothing and some group is over the bound, the view
settled with everything proven so far (``Hinter.settle``) is counted exactly by
``mines.engine.frontier`` (groups up to ``frontier.MAX_CELLS`` cells, within its work bound), and
every covered cell that is a mine in all layouts, or in none, is given to the solver as proven by
case analysis (``Solver.learn_from_group``). The hinter then treats it as any other case split: its
``because`` is the numbers of its group (and the numbers that proved the cells they rely on), or,
when the total was used, every number of the frontier with the total.

Without the total (rule "cases") a group's own layouts decide its cells. With the total (rule
"count") a group count k is possible only if the other groups (a group too big to count: any
count from 0 to its size) and the interior can hold the rest; a cell that is a mine in every
layout of every possible count (or in none) is proven, and the interior cells when every possible
mix leaves it empty (or full). Sliced: ``prove`` is a generator that yields when the hinter's step
budget is spent.

Functions of the ``Hinter`` (``h``, ``self.hinter``) in a class of their own, as its methods
would be: they read its step budget (``_units``). They live apart so that a hint the rules
find loads none of them: ``hints`` imports this module only when first needed.
"""

from mines.engine.frontier import ROLE_INTERIOR, LOOSE, Frontier


class ExactCount:
    """Buffers for one board size; ``hinter`` is the ``Hinter`` it works for."""

    def __init__(self, hinter, frontier=None):
        self.hinter = hinter
        board = hinter.board
        cells = board.width * board.height
        self.frontier = frontier or Frontier(board)
        # Per group g, at gstart[g] + g: the counts possible, 0..n (n + 1 for n cells): at most
        # one per cell, as a group has a number of its own besides its cells
        # (mines.engine.frontier).
        self.able = bytearray(cells)
        # The totals some mix of the other groups can make (0 up to the frontier's cells, fewer
        # than the board's: a number is a cell too) go in ``reach`` and ``spare``: bytes of its
        # own and, taken at each ``prove``, the frontier's constraint marks (idle while it
        # runs: used while the frontier enumerates, cleared by its ``begin``; the hinter's walk
        # list is its solver's pair stack, where the frontier's groups are). The settled view
        # counted is in the hinter's walk marks (``seen``), free until its next walk.
        self.reach = bytearray(cells + 1)
        self.spare = None
        self.top = 0         # ``_others``: the highest total in ``reach``
        self.at = -1         # the solver's ``nknown`` when the view was counted (-1: not counted)
        self.exact = False   # that count had no group too big

    def forget(self):
        """A new request: the last count is not for its view."""
        self.at = -1

    def prove(self, with_total):
        """A generator: count the hinter's view (unless counted at this very state already) and
        teach the solver every cell the counts prove, using the total when ``with_total``."""
        h = self.hinter
        s = h.solver
        f = self.frontier
        if self.reach is f.cid:
            self.reach = self.spare   # (its own, swapped by ``_others``)
        self.spare = f.cid
        if self.at != s.nknown:
            h.settle(h.seen)
            f.begin(h.seen, h.total)
            while True:
                w = f.work
                done = f.step(h._units)
                s.work += f.work - w
                if done:
                    break
                yield
            self.at = s.nknown
            self.exact = f.exact
        if f.error:
            return   # no layout fits: nothing to prove (the rules report what they can)
        ng = f.ngroups
        able = self.able
        # Each group's possible counts by its own numbers (a loose group: any).
        for g in range(ng):
            n = f.size_of(g)
            a = f.gstart[g] + g
            loose = f.gbase[g] == LOOSE
            for k in range(n + 1):
                able[a + k] = 1 if loose or f.layouts(g, k) else 0
            s.work += 2 + n
        yield
        interior = f.interior
        if with_total:
            left = h.total - f.known
            for g in range(ng):
                for _ in self._restrict(g, left, interior):
                    yield
                a = f.gstart[g] + g
                if not any(able[a:a + f.size_of(g) + 1]):
                    return   # the total cannot be met: nothing to prove
        units = h._units
        for g in range(ng):
            n = f.size_of(g)
            a = f.gstart[g] + g
            base = f.gstart[g]
            if f.gbase[g] == LOOSE:
                # Uncounted, but the total may leave it only empty or only full.
                if with_total and (able[a] and not any(able[a + 1:a + n + 1])
                                   or able[a + n] and not any(able[a:a + n])):
                    for p in range(n):
                        s.learn_from_group(f.gcells[base + p], able[a + n], f.gcells[base + p])
                continue
            row = n + 1
            pool, at = f.counts(g)  # layouts of count k: pool[at + k * row + n], a mine on p: + p
            for p in range(n):
                mine_some = False
                safe_some = False
                for k in range(row):
                    if able[a + k]:
                        m = pool[at + k * row + p]
                        if m:
                            mine_some = True
                        if m < pool[at + k * row + n]:
                            safe_some = True
                s.work += 4 + 2 * n
                if not (mine_some and safe_some):
                    c = f.gcells[base + p]
                    s.learn_from_group(c, mine_some, c)
                if s.work >= units:
                    yield
        if with_total and interior:
            for _ in self._interior(left, interior):
                yield

    def _others(self, skip):
        """A generator: ``reach`` (returned in ``self.reach``, up to ``self.top``) marks the
        totals the groups other than ``skip`` (-1: none) can make together."""
        f = self.frontier
        s = self.hinter.solver
        units = self.hinter._units
        able = self.able
        reach = self.reach
        spare = self.spare
        reach[0] = 1
        top = 0
        for g in range(f.ngroups):
            if g == skip:
                continue
            n = f.size_of(g)
            a = f.gstart[g] + g
            for t in range(top + n + 1):
                spare[t] = 0
            for t in range(top + 1):
                if reach[t]:
                    for k in range(n + 1):
                        if able[a + k]:
                            spare[t + k] = 1
            s.work += 4 + (top + 1) * (n + 1)
            reach, spare = spare, reach
            top += n
            if s.work >= units:
                yield
        self.reach = reach
        self.spare = spare
        self.top = top

    def _restrict(self, g, left, interior):
        """A generator: keep in group g's possible counts only those k for which the others
        make some total t with the interior holding left - k - t mines (0 to ``interior``)."""
        f = self.frontier
        s = self.hinter.solver
        units = self.hinter._units
        for _ in self._others(g):
            yield
        reach = self.reach
        top = self.top
        able = self.able
        a = f.gstart[g] + g
        for k in range(f.size_of(g) + 1):
            if not able[a + k]:
                continue
            t0 = left - k - interior
            if t0 < 0:
                t0 = 0
            t1 = left - k
            if t1 > top:
                t1 = top
            ok = 0
            for t in range(t0, t1 + 1):
                if reach[t]:
                    ok = 1
                    break
            able[a + k] = ok
            s.work += 2 + t1 - t0
            if s.work >= units:
                yield

    def _interior(self, left, interior):
        """A generator: the interior holds left - t mines for the totals t the groups can make
        (their counts already restricted by the total); if that is always 0 (or always all),
        every interior cell is proven."""
        for _ in self._others(-1):
            yield
        reach = self.reach
        lo = interior + 1
        hi = -1
        for t in range(self.top + 1):
            if reach[t] and 0 <= left - t <= interior:
                m = left - t
                if m < lo:
                    lo = m
                if m > hi:
                    hi = m
        h = self.hinter
        s = h.solver
        s.work += 4 + self.top
        if hi < 0 or not (hi == 0 or lo == interior):
            return
        role = self.frontier.role
        units = h._units
        for c in range(len(role)):
            if role[c] == ROLE_INTERIOR:
                s.learn_from_group(c, lo == interior, c)
            if c & 31 == 0:
                s.work += 32
                if s.work >= units:
                    yield
