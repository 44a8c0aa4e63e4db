"""Mine probabilities from a player's view, for the hint when a guess is unavoidable: which covered
cell is least likely to hide a mine, and how likely.

Every layout of mines consistent with the open numbers and the total mine count is equally likely.
``mines.engine.frontier`` counts each frontier group's layouts by mine count; a group with k mines
leaves the rest to the other groups and the interior, whose cells can hold m mines in C(interior, m)
ways. So the weight of a group count k is N_g[k] times the sum, over the other groups' totals t, of
their layout counts at t times C(interior, left - k - t). A cell's probability is its share of that.

The weights are floats renormalised as they grow (the device's floats have an 8-bit exponent), so
the answer is a ratio of sums, never a huge integer. Without the total, the interior is unknown
and its cells are not ranked. Sliced: ``begin`` then ``step(units)`` until True (or ``run()``).

The floats are kept in arrays of the VM's own float width (``_FLOAT``), each value as it was
computed: 4-8 bytes a value where a list holds a pointer to a float of 16 on a 32-bit MicroPython,
and the answers those of lists. A group's weights are made when its cells are looked at, one
group's at a time.
"""

from array import array

from mines.engine.frontier import LOOSE, Frontier
from mines.engine.game import COVERED

_BIG = 1e18
# "f" where floats are single (CircuitPython's 30 bits fit a float32 exactly), else "d".
_FLOAT = "d" if 1.0 + 1e-9 != 1.0 else "f"
_WIDTH = 8 if _FLOAT == "d" else 4


def _floats(n):
    """n zero floats in an array."""
    return array(_FLOAT, bytes(_WIDTH * n))


def _binomial_ratios(n, lo, hi):
    """Floats proportional to C(n, m) for m = lo..hi (0 <= lo <= hi <= n), largest 1.0."""
    out = _floats(hi - lo + 1)
    v = 1.0
    out[0] = v
    for m in range(lo, hi):
        v = v * (n - m) / (m + 1)
        if v > _BIG:
            for j in range(m - lo + 1):
                out[j] /= _BIG
            v /= _BIG
        out[m - lo + 1] = v
    top = max(out)
    if top > 0:
        for j in range(len(out)):
            out[j] /= top
    return out


def _scaled(values):
    top = max(values) if values else 0.0
    if top > 0:
        for j in range(len(values)):
            values[j] /= top
    return values


class Probabilities:
    """Mine probabilities for views of one board size (``board`` gives the geometry)."""

    def __init__(self, board, frontier=None):
        self.board = board
        self.frontier = frontier or Frontier(board)
        self.percent = bytearray(board.size)   # per covered cell, 0..100; 255 elsewhere
        self.done = True
        self._job = None
        self._clear()

    def _clear(self):
        self.error = None
        self.exact = True
        self.best = -1        # the unflagged covered cell least likely a mine (padded index)
        self.best_p = 1.0     # its probability, 0.0 .. 1.0
        self.interior_p = -1.0

    def begin(self, shown, total, cursor=-1, counted=False):
        """Start on view ``shown`` (padded tile bytes) with ``total`` mines (-1: not told).
        ``cursor``: a padded index; among equally safe cells the nearest wins. ``counted``: the
        frontier holds the counts of this very view already (the hinter's, ``Hinter.counted``)."""
        self._clear()
        self.shown = shown
        self.total = total
        self.cursor = cursor
        if not counted:
            self.frontier.begin(shown, total)
        self.done = False
        self._job = self._work()

    def step(self, units=200):
        """About ``units`` work units (the frontier's). True when the answer is ready."""
        if self.done:
            return True
        self._units = units
        self._limit = self.frontier.work + units
        for _ in self._job:
            break
        return self.done

    def run(self):
        while not self.step(1 << 20):
            pass
        return self

    @property
    def work(self):
        return self.frontier.work

    def _work(self):
        f = self.frontier
        while not f.step(self._units):
            yield
        self.error = f.error
        self.exact = f.exact
        if self.error:
            self.done = True
            yield
            return
        ng = f.ngroups
        # Each group's layouts by count, as floats (a loose group: C(n, k), no number binding).
        dist = []
        for g in range(ng):
            n = f.size_of(g)
            if f.gbase[g] == LOOSE:
                dist.append(_binomial_ratios(n, 0, n))
            else:
                d = _floats(n + 1)
                for k in range(n + 1):
                    d[k] = f.layouts(g, k)
                dist.append(_scaled(d))
        f.work += 4 * f.nfront
        yield
        left = -1 if self.total < 0 else self.total - f.known
        if left < 0 <= self.total:  # more mines known or proven than there are
            self.error = "inconsistent: the numbers need at least %d mines, the total is %d" % (
                f.known, self.total)
            self.done = True
            yield
            return
        interior = f.interior
        front_max = f.nfront
        lo = hi = 0
        ways = None   # (without the total: no interior ways)
        if left >= 0:
            lo = left - front_max
            if lo < 0:
                lo = 0
            hi = left if left < interior else interior
            if lo > hi:
                self.error = "inconsistent: %d mines do not fit in the covered cells" % self.total
                self.done = True
                yield
                return
            ways = _binomial_ratios(interior, lo, hi)   # interior holds m mines: ways[m - lo]
            f.work += 6 * (hi - lo + 1)
            yield
        # Per group: the weight of each of its counts (``_weigh``), then its cells' shares.
        # The first group's weights (or the interior's ways) tell a view no layout fits.
        percent = self.percent
        best = -1
        best_p = 2.0
        best_far = 0
        for g in range(ng + 1):
            if g < ng:
                for _ in self._weigh(g, dist, left, lo, hi, ways):
                    yield
                w = self._w
                yield
            if g == 0:
                total_weight = sum(w) if ng else 1.0
                if left >= 0 and ng == 0:
                    total_weight = ways[left - lo] if lo <= left <= hi else 0.0
                if total_weight <= 0:
                    self._inconsistent(dist, interior)
                    self.done = True
                    yield
                    return
                percent[:] = b"\xff" * len(percent)   # (a moment's copy, not one kept)
            if g == ng:
                break
            n = f.size_of(g)
            z = sum(w)
            base = f.gstart[g]
            loose = f.gbase[g] == LOOSE
            if loose:
                expected = 0.0   # no number binds it: each cell holds k / n of k mines
                for k in range(n + 1):
                    expected += w[k] * k / n
            else:
                # A cell's share: sum over k of w[k] * (its layouts with a mine / layouts).
                row = n + 1
                pool, at = f.counts(g)
                share = _floats(row)
                for k in range(row):
                    cnt = pool[at + k * row + n]
                    if cnt:
                        share[k] = w[k] / cnt
            for p in range(n):
                c = f.gcells[base + p]
                if loose:
                    s = expected
                else:
                    s = 0.0
                    for k in range(row):
                        if share[k]:
                            s += share[k] * pool[at + k * row + p]
                best, best_p, best_far = self._better(c, s / z, best, best_p, best_far)
                f.work += 24 + 4 * n
                if f.work >= self._limit:
                    yield
            w = share = None
        if left >= 0 and interior:
            # The interior's expected mines over its cells.
            others = [1.0]
            for g in range(ng):
                others = self._convolve(others, dist[g])
            num = 0.0
            den = 0.0
            for t in range(len(others)):
                m = left - t
                if lo <= m <= hi:
                    v = others[t] * ways[m - lo]
                    num += v * m
                    den += v
            prob = num / den / interior
            self.interior_p = prob
            role = f.role
            for c in range(len(percent)):
                if role[c] == 1:
                    best, best_p, best_far = self._better(c, prob, best, best_p, best_far)
                    f.work += 24   # what a cell's note costs (bench_hints.py)
                    if f.work >= self._limit:
                        yield
                elif c & 31 == 0:
                    f.work += 32
                    if f.work >= self._limit:
                        yield
        self.best = best
        self.best_p = best_p if best >= 0 else 1.0
        self.done = True
        yield

    def _better(self, c, prob, best, best_p, best_far):
        """Note cell c's probability; keep the best cell (lowest, then nearest the cursor)."""
        pc = int(prob * 100 + 0.5)
        self.percent[c] = pc if pc <= 100 else 100
        if self.shown[c] != COVERED:
            return best, best_p, best_far   # a flagged cell is not offered as the guess
        far = 0
        if self.cursor >= 0:
            stride = self.board.stride
            far = abs(c % stride - self.cursor % stride) + abs(c // stride - self.cursor // stride)
        if prob < best_p - 1e-6 or (prob < best_p + 1e-6 and far < best_far):
            return c, prob, far
        return best, best_p, best_far

    def _weigh(self, g, dist, left, lo, hi, ways):
        """A generator: in ``_w``, group g's weight for each of its counts: its own layouts
        times the ways the other groups and the interior hold the rest of ``left`` mines
        (-1: its layouts alone)."""
        f = self.frontier
        others = [1.0]
        for h in range(len(dist)):
            if h != g:
                others = self._convolve(others, dist[h])
                if f.work >= self._limit:
                    yield
        f.work += 10 * len(others)
        d = dist[g]
        w = _floats(len(d))
        for k in range(len(d)):
            if left < 0:
                w[k] = d[k]
                continue
            s = 0.0
            for t in range(len(others)):
                m = left - k - t
                if lo <= m <= hi:
                    s += others[t] * ways[m - lo]
            w[k] = d[k] * s
        self._w = w

    def _inconsistent(self, dist, interior):
        """``error`` for a view no layout of the total fits: the bound it passes."""
        f = self.frontier
        low = f.known
        high = f.known + interior
        for d in dist:
            k = 0
            while not d[k]:
                k += 1
            low += k
            k = len(d) - 1
            while not d[k]:
                k -= 1
            high += k
        if low > self.total:
            self.error = "inconsistent: the numbers need at least %d mines, the total is %d" % (
                low, self.total)
        elif high < self.total:
            self.error = "inconsistent: the covered cells hold at most %d mines, the total " \
                         "is %d" % (high, self.total)
        else:
            self.error = "inconsistent: no layout of %d mines fits the numbers" % self.total

    def _convolve(self, a, b):
        out = _floats(len(a) + len(b) - 1)
        for i in range(len(a)):
            ai = a[i]
            if ai:
                for j in range(len(b)):
                    out[i + j] += ai * b[j]
        self.frontier.work += len(a) * len(b)
        return _scaled(out)


def guess(job, cursor):
    """Hint job ``job`` (``hint_job.HintJob``) found nothing provable: begin its probabilities
    (``job.probs``, made at its first guess with their frontier, one for all: the hinter counts
    with it when its case analysis is stuck past its bound, a rescue too) over the view settled
    with what its hinter proved (``Hinter.settle``), written into the hinter's ``seen`` marks,
    free until its next answer. ``cursor``: as ``Probabilities.begin``'s."""
    h = job.hinter
    p = job.probs
    if p is None:
        job.drop_cases(h)
        p = job.probs = Probabilities(h.board, h.frontier or h.new_frontier())
        h.frontier = p.frontier
    job.settled = h.seen
    h.settle(h.seen)
    p.begin(h.seen, job.game.total, cursor, counted(h, p.frontier))


def counted(h, frontier):
    """True if ``frontier`` holds the exact counts of the view hinter ``h``'s ``settle`` gives
    now (its last answer counted it and proved nothing after): probabilities need not count
    again."""
    c = h.counting
    return c is not None and c.frontier is frontier and c.at == h.solver.nknown \
        and frontier.done and h.done
