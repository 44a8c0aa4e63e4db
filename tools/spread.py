"""Where the mines of many generated boards lie, against a uniform layout: the one measure that
tools/bench.py, host_tests/test_generator.py (CI) and this file's command line share.

    python tools/spread.py [--boards N] [--only KEY] [--jobs J] [--seed-base S] [--save PATH]

makes N boards (default 2000) of every preset the menu offers, the largest custom board at 30%
(30x24/216) and a custom 12x12/56 (39%, no calibration row of its own), and prints the table
docs/benchmarks.md quotes, then the work per board (generation's own counter) and the boards given up.

A uniform layout puts a board's mines with the same chance in every cell outside the start's 3x3
area. ``Spread.add`` takes boards one by one; ``rates`` gives, per cell class (corner, edge, 1 and
2 cells in, 3 or more in), observed / expected mines with a standard error that treats each
board as one sample (the fixed mine count per board correlates its cells); ``chi_square`` sums
(observed - expected)^2 / variance over every position, with its z (Wilson-Hilferty)."""

import math
import os
import sys

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


# ---- the big measurement (command line) -------------------------------------------------------

# Every board the menu offers at the default level, the largest custom board at 30% and a custom
# board between the calibrated densities: (key, label, width, height, mines).
BOARDS = (("beginner", "Beginner", 9, 9, 10), ("intermediate", "Intermediate", 16, 16, 40),
          ("expert", "Expert", 30, 16, 99), ("screen", "Screen", 20, 15, 45),
          ("crowded", "Crowded", 9, 9, 35), ("packed", "Packed", 16, 16, 99),
          ("swarm", "Swarm", 30, 16, 170), ("custom30x24", "Custom", 30, 24, 216),
          ("custom12x12", "Custom", 12, 12, 56))


def _worker(args):
    """Generate boards (w, h, mines) for ``seeds`` in a fresh process; one record per board."""
    lib, w, h, m, seeds = args
    if lib not in sys.path:
        sys.path.insert(0, lib)
    from mines.engine.generator import Generator
    g = Generator(w, h)
    out = []
    for s in seeds:
        g.begin(m, s)
        g.run()
        out.append((s, g.start_x, g.start_y, g.board.grid_string(), g.perturbations, g.restarts,
                    g.doors, g.total_work, 1 if g.failed else 0))
    return out


def measure(lib, w, h, m, seeds, jobs):
    """Records for ``seeds`` (see ``_worker``), ``jobs`` processes."""
    seeds = list(seeds)
    if jobs <= 1:
        return _worker((lib, w, h, m, seeds))
    import multiprocessing
    chunk = max(1, min(50, len(seeds) // (4 * jobs) or 1))
    parts = [(lib, w, h, m, seeds[i:i + chunk]) for i in range(0, len(seeds), chunk)]
    with multiprocessing.Pool(jobs) as pool:
        out = []
        for part in pool.imap(_worker, parts):
            out.extend(part)
    return out


def spread_of(records, w, h, m):
    sp = Spread(w, h, m)
    for rec in records:
        if rec[8]:
            continue   # gave up: not a board
        grid = rec[3]
        sp.add(lambda x, y: 1 if grid[y * w + x] == "*" else 0, rec[1], rec[2])
    return sp


def table(rows):
    """Markdown: one row per board kind (label, boards, Spread)."""
    out = ["| Configuration | boards | corners | edge | 1 in | 2 in | 3+ in | "
           "chi-square over positions (z) |", "|---|---|---|---|---|---|---|---|"]
    for label, n, sp in rows:
        rates = sp.rates()
        cells = []
        for name in CLASSES:
            if name not in rates:
                cells.append("-")
                continue
            r, se = rates[name]
            mark = " *" if se and abs(r - 1) > 2 * se else ""
            cells.append("%.3f +- %.3f%s" % (r, se or 0, mark))
        chi, df, z = sp.chi_square()
        out.append("| %s | %d | %s | %.0f / %d (%.2f) |" % (label, n, " | ".join(cells), chi, df,
                                                          z if z is not None else float("nan")))
    return "\n".join(out)


def work_table(rows):
    """Markdown: work units per board (median, p90, mean) and boards given up, per board kind
    (label, records)."""
    out = ["| Configuration | boards | work units median | p90 | mean | gave up |",
           "|---|---|---|---|---|---|"]
    for label, recs in rows:
        ws = sorted(r[7] for r in recs)
        n = len(ws)
        med = ws[n // 2] if n % 2 else (ws[n // 2 - 1] + ws[n // 2]) // 2
        out.append("| %s | %d | %d | %d | %d | %d |" % (label, n, med, ws[(9 * n) // 10],
                                                      sum(ws) // n, sum(r[8] for r in recs)))
    return "\n".join(out)


def main(argv=None):
    import json
    import time
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from cli import argparser
    ap = argparser("spread.py", description="Mine spread of many generated boards against a "
                                             "uniform layout, per cell class, with standard errors.")
    ap.add_argument("--boards", type=int, default=2000, help="boards per configuration (default 2000)")
    ap.add_argument("--seed-base", type=int, default=100000, help="first seed (default 100000)")
    ap.add_argument("--only", action="append", metavar="KEY",
                    help="only these (repeatable): " + ", ".join(b[0] for b in BOARDS))
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--save", metavar="PATH", help="write every board's record as JSON")
    a = ap.parse_args(argv)
    here = os.path.dirname(os.path.abspath(__file__))
    lib = os.path.join(os.path.dirname(here), "lib")
    rows = []
    works = []
    saved = {}
    for key, name, w, h, m in BOARDS:
        if a.only and key not in a.only:
            continue
        t0 = time.time()
        recs = measure(lib, w, h, m, range(a.seed_base, a.seed_base + a.boards), a.jobs)
        label = "%s %dx%d/%d" % (name, w, h, m)
        rows.append((label, len(recs) - sum(r[8] for r in recs), spread_of(recs, w, h, m)))
        works.append((label, recs))
        saved[key] = {"w": w, "h": h, "mines": m, "records": recs}
        print("%s: %d boards, %.0f s" % (label, len(recs), time.time() - t0), file=sys.stderr,
              flush=True)
    print(table(rows))
    print("\n`*`: more than 2 standard errors from 1. Seeds %d..%d, start derived from the seed; "
          "standard errors treat each board as one sample; boards given up (below) left out."
          % (a.seed_base, a.seed_base + a.boards - 1))
    print()
    print(work_table(works))
    if a.save:
        with open(a.save, "w") as f:
            json.dump(saved, f)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from cli import run_tool
    run_tool("spread.py", main)
