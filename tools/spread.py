"""Where the mines of many generated boards lie, against a uniform layout: the one measure that
tools/bench.py, host_tests/test_generator.py (CI) and this file's command line share.

    python tools/spread.py [--boards N] [--max-se F] [--only KEY] [--start WHERE] [--jobs J]
                           [--seed-base S] [--version V] [--save PATH]
    python tools/gen.py ... | python tools/spread.py --lines -
    python tools/spread.py --calibrate STEPS --only KEY [--boards N] [--jobs J] [--seed-base S]

makes N boards (default 2000) of every preset the menu offers, the largest custom board at 30%
(30x24/216), a custom 12x12/56 (39%) and 16x16/115 (45%, the densest a 16x16 board may be), and
prints the table docs/spread.md quotes, then the work per board (generation's own counter) and
the boards given up. ``--version 0`` measures the boards of older codes (the generator before
issue 21). ``--start`` (centre, corner, edge or X,Y; repeatable) makes every board from
that start instead of one drawn from the seed: centre is (W // 2, H // 2), edge the middle of
the top edge (W // 2, 0), corner (0, 0); one table per start. ``--max-se F`` makes more boards,
in rounds, until every group's standard error is at most F (0.01: 1%). ``--lines FILE`` reads
tools/gen.py's JSON lines (``-``: standard input) instead of making boards. ``--calibrate``
iterates the start's terms of a board's row of ``mines.engine.tilt._START`` (see ``calibrate``).

A uniform layout puts a board's mines with the same chance in every cell outside the start's 3x3
area. ``Spread.add`` takes boards one by one; ``rates`` gives, per group of cells (corner, edge,
1 and 2 cells in, 3 or more in, and the cells that touch the start's 3x3 area, which leave their
ring), observed / expected mines with a standard error that treats each board as one sample (the
fixed mine count per board correlates its cells); ``chi_square`` sums (observed - expected)^2 /
variance over every position, with its z (Wilson-Hilferty)."""

import math
import os
import sys

CLASSES = ("corner", "edge", "ring1", "ring2", "inner", "touch")
TITLES = ("corners", "edge", "1 in", "2 in", "3+ in", "touching the start")


def cell_class(x, y, w, h, sx=-9, sy=-9):
    """0 corner, 1 edge, 2 and 3 one and two cells in, 4 three or more cells in, 5 touching the
    3x3 area of the start (sx, sy) (those cells leave their ring; -1 inside that area)."""
    d = max(abs(x - sx), abs(y - sy))
    if d <= 2:
        return 5 if d == 2 else -1
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
        self.obs = [0] * (w * h)          # mines seen per position
        self.exp = [0.0] * (w * h)        # expected under uniform
        self.var = [0.0] * (w * h)
        self.per_board = []               # per board: [(observed, expected) per class]
        self._cls = {}                    # start -> the class of every cell

    def add(self, is_mine, sx, sy):
        """One board: ``is_mine(x, y)`` -> 0/1, start cell (sx, sy)."""
        w, h = self.w, self.h
        cls = self._cls.get((sx, sy))
        if cls is None:
            cls = self._cls[(sx, sy)] = [cell_class(i % w, i // w, w, h, sx, sy)
                                         for i in range(w * h)]
        p = self.mines / float(sum(1 for c in cls if c >= 0))
        row = [[0, 0.0] for _ in CLASSES]
        for i in range(w * h):
            c = cls[i]
            if c < 0:
                continue
            v = is_mine(i % w, i // w)
            self.obs[i] += v
            self.exp[i] += p
            self.var[i] += p * (1 - p)
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

# Every board the menu offers at the default level, the largest custom board at 30%, and custom
# boards between and past the calibrated densities: (key, label, width, height, mines).
BOARDS = (("beginner", "Beginner", 9, 9, 10), ("intermediate", "Intermediate", 16, 16, 40),
          ("expert", "Expert", 30, 16, 99), ("screen", "Screen", 20, 15, 45),
          ("crowded", "Crowded", 9, 9, 35), ("packed", "Packed", 16, 16, 99),
          ("swarm", "Swarm", 30, 16, 170), ("custom30x24", "Custom", 30, 24, 216),
          ("custom12x12", "Custom", 12, 12, 56), ("custom16x16", "Custom", 16, 16, 115))


def start_of(where, w, h):
    """The start cell (x, y) named by ``where``: centre, corner, edge, or X,Y; ValueError for
    anything else."""
    if where == "centre":
        return w // 2, h // 2
    if where == "corner":
        return 0, 0
    if where == "edge":
        return w // 2, 0
    x, y = (int(v) for v in where.split(","))
    if not (0 <= x < w and 0 <= y < h):
        raise ValueError("start %d,%d is off the %dx%d board" % (x, y, w, h))
    return x, y


def _worker(args):
    """Generate boards (w, h, mines) for ``seeds`` in a fresh process, from ``start`` (None: drawn
    from the seed), by generator ``version`` (None: the current); one record per board."""
    lib, w, h, m, seeds, start, version = args
    if lib not in sys.path:
        sys.path.insert(0, lib)
    from mines.engine.generator import VERSION, Generator
    from mines.engine.view_text import grid_string
    g = Generator(w, h)
    out = []
    for s in seeds:
        g.begin(m, s, start, version=VERSION if version is None else version)
        g.run()
        out.append((s, g.start_x, g.start_y, grid_string(g.board), g.perturbations, g.restarts,
                    g.doors, g.total_work, 1 if g.failed else 0))
    return out


def measure(lib, w, h, m, seeds, jobs, start=None, version=None):
    """Records for ``seeds`` (see ``_worker``), ``jobs`` processes."""
    seeds = list(seeds)
    if jobs <= 1:
        return _worker((lib, w, h, m, seeds, start, version))
    import multiprocessing
    chunk = max(1, min(50, len(seeds) // (4 * jobs) or 1))
    parts = [(lib, w, h, m, seeds[i:i + chunk], start, version)
             for i in range(0, len(seeds), chunk)]
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


def worst_se(sp):
    """The largest standard error over the groups (1.0 with fewer than two boards)."""
    return max([se if se is not None else 1.0 for r, se in sp.rates().values()] or [1.0])


def table(rows):
    """Markdown: one row per board kind (label, boards, Spread)."""
    out = ["| Configuration | boards | " + " | ".join(TITLES)
           + " | chi-square over positions (z) |",
           "|---|---|" + "---|" * len(TITLES) + "---|"]
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


def _read_lines(path):
    """Records (as ``_worker`` makes them) from tools/gen.py's JSON lines in ``path``:
    (w, h, mines, records)."""
    import json
    f = sys.stdin if path == "-" else open(path)
    recs = []
    kind = None
    for line in f:
        if not line.strip():
            continue
        b = json.loads(line)
        k = (b["w"], b["h"], b["mines"])
        if kind is None:
            kind = k
        elif k != kind:
            raise ValueError("boards of more than one size and mine count: %r and %r" % (kind, k))
        recs.append((b["seed"], b["start"][0], b["start"][1], b["grid"], b["perturbations"],
                     b["restarts"], 0, b["work"], 0))
    if kind is None:
        raise ValueError("no boards in %s" % path)
    return kind + (recs,)


# ---- calibrating the start's terms (mines.engine.tilt._START) -----------------------------------

# The groups a row of _START has a term for, per kind of start (mines.engine.perturb.start_kind).
GROUPS = ("corner", "edge", "ring1", "ring2", "inner", "touch edge", "touch inside")


def _group(x, y, w, h, sx, sy):
    """The group (index into GROUPS) of cell (x, y) for a start (sx, sy); -1 in its 3x3."""
    d = max(abs(x - sx), abs(y - sy))
    if d <= 1:
        return -1
    edge = x in (0, w - 1) or y in (0, h - 1)
    if d == 2:
        return 5 if edge else 6
    if edge and x in (0, w - 1) and y in (0, h - 1):
        return 0
    return 1 + min(x, y, w - 1 - x, h - 1 - y, 3)


def _calibration_worker(args):
    """Boards from ``start`` with ``row`` as the board's row of _START: per board, the mines in
    each group."""
    lib, w, h, m, start, row, seeds = args
    if lib not in sys.path:
        sys.path.insert(0, lib)
    from mines.engine import tilt
    tilt._START = bytes(row)
    from mines.engine.generator import Generator
    from mines.engine.view_text import is_mine
    g = Generator(w, h)
    grp = [_group(i % w, i // w, w, h, start[0], start[1]) for i in range(w * h)]
    out = []
    for s in seeds:
        g.begin(m, s, start)
        g.run()
        if not g.failed:
            o = [0] * len(GROUPS)
            for i in range(w * h):
                if grp[i] >= 0 and is_mine(g.board, i % w, i // w):
                    o[grp[i]] += 1
            out.append(o)
    return out


def _group_rates(pool, lib, w, h, m, starts, row, seeds):
    """Observed / expected mines and standard error per group (None where the starts have no
    such cell), the seeds shared out between ``starts`` and pooled."""
    parts = []
    for k, st in enumerate(starts):
        sd = seeds[k::len(starts)]
        parts += [(lib, w, h, m, st, row, sd[i:i + 100]) for i in range(0, len(sd), 100)]
    results = pool.map(_calibration_worker, parts)
    boards = []
    for part, res in zip(parts, results):
        st = part[4]
        n = [0] * len(GROUPS)
        for i in range(w * h):
            g = _group(i % w, i // w, w, h, st[0], st[1])
            if g >= 0:
                n[g] += 1
        p = m / float(sum(n))
        boards += [(o, [c * p for c in n]) for o in res]
    out = []
    k = len(boards)
    for g in range(len(GROUPS)):
        e = sum(b[1][g] for b in boards)
        if not e or k < 2:
            out.append(None)
            continue
        r = sum(b[0][g] for b in boards) / e
        v = sum((b[0][g] - r * b[1][g]) ** 2 for b in boards) * k / (k - 1)
        out.append((r, math.sqrt(v) / e))
    return out


def calibrate(lib, w, h, m, boards, iters, jobs, seed_base, terms=None, tol=0.012):
    """The terms of a _START row for (w, h, m) by iteration, printed as it goes; returns them
    (per kind of start, per group, in 1/128ths). Each kind of start is measured at its starts
    (pooled): a corner; (1, 0) and (2, 0); the middle of the top edge; (1, 1) and (2, 2); the
    centre, with (2, H // 2) for the groups the centre lacks. A term moves by 128 ln(rate) times
    a gain (0.8, falling to 0.3) over the group's response (a secant estimate, 0.2 to 1.5, from
    0.7); the boards per step rise from boards / 2 to 2 x boards; it stops once every group is
    within 1.2% or 2 standard errors."""
    import multiprocessing
    kinds = (([(0, 0)], None), ([(1, 0), (2, 0)], None), ([(w // 2, 0)], None),
             ([(1, 1), (2, 2)], None), ([(w // 2, h // 2)], [(2, h // 2)]))
    terms = terms or [[0.0] * len(GROUPS) for _ in kinds]
    slope = [[0.7] * len(GROUPS) for _ in kinds]
    prev = [None] * len(kinds)
    with multiprocessing.Pool(jobs) as pool:
        for it in range(iters):
            row = [w, h, m] + [max(0, min(255, 128 + int(round(v)))) for t in terms for v in t]
            gain = (0.8, 0.8, 0.6, 0.45, 0.35)[min(it, 4)] if it < 5 else 0.3
            n = int(boards * (0.5, 0.75, 1, 1.5)[it]) if it < 4 else 2 * boards
            print("%dx%d/%d step %d: row %s" % (w, h, m, it, row), flush=True)
            worst = 0.0
            base = seed_base + it * 2 * boards
            for k, (starts, second) in enumerate(kinds):
                rates = _group_rates(pool, lib, w, h, m, starts, row, list(range(base, base + n)))
                if second:
                    more = _group_rates(pool, lib, w, h, m, second, row,
                                        list(range(base + 5000000, base + 5000000 + n // 2)))
                    rates = [a if a is not None else b for a, b in zip(rates, more)]
                print("  kind %d: %s" % (k, "  ".join("%s %.3f +- %.3f" % (GROUPS[g], r[0], r[1])
                                                      for g, r in enumerate(rates) if r)),
                      flush=True)
                present = [g for g in range(len(GROUPS)) if rates[g] is not None]
                for g in present:
                    worst = max(worst, abs(rates[g][0] - 1) - max(0.0, 2 * rates[g][1] - tol))
                if prev[k] is not None:
                    old, old_rates = prev[k]
                    for g in present:
                        if old_rates[g] is None:
                            continue
                        dt = (terms[k][g] - old[g]) / 128.0
                        dl = math.log(rates[g][0]) - math.log(old_rates[g][0])
                        noise = math.hypot(rates[g][1], old_rates[g][1])
                        if abs(dt) > 0.02 and abs(dl) > 2 * noise:
                            slope[k][g] = min(1.5, max(0.2, 0.5 * slope[k][g] - 0.5 * dl / dt))
                prev[k] = (list(terms[k]), rates)
                new = list(terms[k])
                for g in present:
                    step = 128 * math.log(rates[g][0]) * gain / slope[k][g]
                    new[g] += max(-40.0, min(40.0, step))
                mean = sum(new[g] for g in present) / len(present)
                terms[k] = [new[g] - mean if g in present else 0.0 for g in range(len(GROUPS))]
            print("  worst %.3f; terms %s" % (worst, [[round(v, 1) for v in t] for t in terms]),
                  flush=True)
            if worst < tol:
                break
    print("row: %s" % ([w, h, m] + [max(0, min(255, 128 + int(round(v)))) for t in terms
                                     for v in t]))
    return terms


def main(argv=None):
    import json
    import time
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from cli import argparser
    ap = argparser("spread.py", description="Mine spread of many generated boards against a "
                                             "uniform layout, per group of cells, with standard "
                                             "errors.")
    ap.add_argument("--boards", type=int, default=2000, help="boards per configuration (default 2000)")
    ap.add_argument("--max-se", type=float, metavar="F",
                    help="more boards, in rounds, until every group's standard error is at most F")
    ap.add_argument("--max-boards", type=int, default=200000,
                    help="with --max-se: at most this many boards per configuration "
                         "(default 200000)")
    ap.add_argument("--seed-base", type=int, default=100000, help="first seed (default 100000)")
    ap.add_argument("--only", action="append", metavar="KEY",
                    help="only these (repeatable): " + ", ".join(b[0] for b in BOARDS))
    ap.add_argument("--start", action="append", metavar="WHERE",
                    help="centre, corner, edge or X,Y (repeatable): every board from that start "
                         "(default: a start drawn from each seed)")
    ap.add_argument("--version", type=int, metavar="V",
                    help="boards of the generator's version V (0: before issue 21; default: the "
                         "current)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--save", metavar="PATH", help="write every board's record as JSON")
    ap.add_argument("--lines", metavar="FILE",
                    help="measure the boards of tools/gen.py's JSON lines in FILE (- for standard "
                         "input) instead of making boards")
    ap.add_argument("--calibrate", type=int, metavar="STEPS",
                    help="calibrate the start's terms (mines.engine.tilt._START) of the --only boards "
                         "in at most STEPS steps of --boards boards (rising) per kind of start; "
                         "prints each board's row")
    a = ap.parse_args(argv)
    if a.lines:
        try:
            w, h, m, recs = _read_lines(a.lines)
        except (OSError, ValueError, KeyError) as e:
            ap.error("--lines: %s" % e)
        starts = sorted(set((r[1], r[2]) for r in recs))
        where = ("start %d,%d" % starts[0]) if len(starts) == 1 else "%d starts" % len(starts)
        print(table([("%dx%d/%d, %s" % (w, h, m, where), len(recs), spread_of(recs, w, h, m))]))
        return
    for key in a.only or ():
        if key not in [b[0] for b in BOARDS]:
            ap.error("unknown board %r: use one of %s" % (key, ", ".join(b[0] for b in BOARDS)))
    here = os.path.dirname(os.path.abspath(__file__))
    lib = os.path.join(os.path.dirname(here), "lib")
    if a.calibrate:
        for key, name, w, h, m in BOARDS:
            if not a.only or key in a.only:
                calibrate(lib, w, h, m, a.boards, a.calibrate, max(1, a.jobs), a.seed_base)
        return
    wheres = a.start or [None]
    for where in wheres:
        if where is not None:
            try:
                start_of(where, 9, 9)
            except ValueError:
                ap.error("--start takes centre, corner, edge or X,Y (got %r)" % where)
    saved = {}
    for where in wheres:
        rows = []
        works = []
        for key, name, w, h, m in BOARDS:
            if a.only and key not in a.only:
                continue
            start = None
            if where is not None:
                try:
                    start = start_of(where, w, h)
                except ValueError as e:
                    ap.error(str(e))
            t0 = time.time()
            n = a.boards
            recs = measure(lib, w, h, m, range(a.seed_base, a.seed_base + n), a.jobs, start,
                           a.version)
            sp = spread_of(recs, w, h, m)
            while a.max_se and worst_se(sp) > a.max_se and n < a.max_boards:
                # Boards needed scale with the variance: (se / target)^2, 10% over, in 100s.
                want = int(n * (worst_se(sp) / a.max_se) ** 2 * 1.1) // 100 * 100 + 100
                want = min(max(want, n + 100), a.max_boards)
                recs += measure(lib, w, h, m, range(a.seed_base + n, a.seed_base + want), a.jobs,
                                start, a.version)
                n = want
                sp = spread_of(recs, w, h, m)
            label = "%s %dx%d/%d" % (name, w, h, m)
            if start is not None:
                label += ", start %d,%d" % start
            rows.append((label, len(recs) - sum(r[8] for r in recs), sp))
            works.append((label, recs))
            saved[key if where is None else key + "@" + where] = {
                "w": w, "h": h, "mines": m, "start": start, "records": recs}
            print("%s: %d boards, %.0f s" % (label, len(recs), time.time() - t0), file=sys.stderr,
                  flush=True)
        if where is not None:
            print("Start: %s\n" % where)
        print(table(rows))
        print("\n`*`: more than 2 standard errors from 1. Seeds from %d, %s; standard errors treat "
              "each board as one sample; boards given up (below) left out."
              % (a.seed_base, "start drawn from the seed" if where is None else "start " + where))
        print()
        print(work_table(works))
        print()
    if a.save:
        with open(a.save, "w") as f:
            json.dump(saved, f)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from cli import run_tool
    run_tool("spread.py", main)
