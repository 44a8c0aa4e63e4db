"""Where the mines of many generated boards lie, against a uniform layout: the one measure that
tools/bench.py (big sweeps) and host_tests/test_generator.py (a small board, in CI) share.

A uniform layout puts a board's mines with the same chance in every cell outside the start's 3x3
area. ``Spread.add`` takes boards one by one; ``rates`` gives, per cell class (corner, edge, 1 and
2 cells in, 3 or more in), observed / expected mines with a standard error that treats each
board as one sample (the fixed mine count per board correlates its cells); ``chi_square`` sums
(observed - expected)^2 / variance over every position, with its z (Wilson-Hilferty).
"""

import math

CLASSES = ("corner", "edge", "ring1", "ring2", "inner")


def cell_class(x, y, w, h):
    """0 corner, 1 edge, 2 and 3 one and two cells in, 4 three or more cells in."""
    if (x == 0 or x == w - 1) and (y == 0 or y == h - 1):
        return 0
    r = min(x, y, w - 1 - x, h - 1 - y)
    return r + 1 if r < 3 else 4


class Spread:
    """Counts for boards of one size (``w`` x ``h``) and mine count."""

    def __init__(self, w, h, mines):
        self.w = w
        self.h = h
        self.mines = mines
        self.cls = [cell_class(i % w, i // w, w, h) for i in range(w * h)]
        self.obs = [0] * (w * h)          # mines seen per position
        self.exp = [0.0] * (w * h)        # expected under uniform
        self.var = [0.0] * (w * h)
        self.per_board = []               # per board: [(observed, expected) per class]

    def add(self, is_mine, sx, sy):
        """One board: ``is_mine(x, y)`` -> 0/1, start cell (sx, sy)."""
        w, h = self.w, self.h
        free = w * h - sum(1 for y in range(sy - 1, sy + 2) for x in range(sx - 1, sx + 2)
                           if 0 <= x < w and 0 <= y < h)
        p = self.mines / float(free)
        row = [[0, 0.0] for _ in CLASSES]
        for y in range(h):
            for x in range(w):
                if abs(x - sx) <= 1 and abs(y - sy) <= 1:
                    continue
                i = y * w + x
                v = is_mine(x, y)
                self.obs[i] += v
                self.exp[i] += p
                self.var[i] += p * (1 - p)
                c = self.cls[i]
                row[c][0] += v
                row[c][1] += p
        self.per_board.append(row)

    def rates(self):
        """{class: (observed / expected, standard error)} for every class present."""
        out = {}
        k = len(self.per_board)
        for c, name in enumerate(CLASSES):
            o = sum(b[c][0] for b in self.per_board)
            e = sum(b[c][1] for b in self.per_board)
            if e == 0:
                continue
            r = o / e
            se = None
            if k > 1:
                v = sum((b[c][0] - r * b[c][1]) ** 2 for b in self.per_board) * k / (k - 1)
                se = math.sqrt(v) / e
            out[name] = (r, se)
        return out

    def chi_square(self):
        """(chi2, degrees of freedom, z) over every position with an expectation."""
        chi = 0.0
        df = 0
        for i in range(len(self.obs)):
            if self.var[i] > 0:
                chi += (self.obs[i] - self.exp[i]) ** 2 / self.var[i]
                df += 1
        df -= 1   # the total is fixed
        if df < 1:
            return chi, df, None
        a = 2.0 / (9 * df)
        z = ((chi / df) ** (1.0 / 3) - (1 - a)) / math.sqrt(a)
        return chi, df, z
