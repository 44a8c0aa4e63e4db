"""Benchmark the pen-and-paper puzzle maker: a markdown table for people, JSON for scripts.

    python tools/bench_puzzle.py [--seeds N] [--devtime-seeds N] [--all-sizes] [--no-devtime]
                                 [--jobs J] [--json PATH|-]

A benchmark, not a test: it measures against issue 10's aim (the full-screen size made in a median
of 3 s or less on the device) and never fails a build.

Configurations: every size the game's menu offers (``mines.puzzle.play.SIZES``) at every level. For
each, over seeds 0..N-1 (CPython): clues, tests (removals that needed a solve), restarts, work
units, largest slice (units), CPython ms, clues kept without a solve (a second solution found
directly), and how many puzzles the level below does not decide
(they need their level; Easy has none below). Every puzzle is re-solved from its clues at its
level as a check.

Estimated SAMD51 time (``../shared/devtime/devtime.sh``: valgrind instruction counts of the
MicroPython VM, scaled by its calibration), for the full-screen size (all sizes with
``--all-sizes``): one micropython process makes a batch of puzzles with one reused PuzzleMaker
after a setup and a warm-up puzzle; a second run does only the setup and warm-up; the difference
over the batch's work units gives ns per unit, and a puzzle's estimate is its work units times
that (median, p95, max over all N seeds; work units are the same on every interpreter). The
largest slice is estimated the same way and also measured directly: the puzzle run to the step
before that slice against run to the slice itself, each under valgrind.

lib/ is copied to a temporary folder first and every part of the run uses that copy.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_common as bench  # noqa: E402  (the generator benchmark's paths and statistics)
from bench_devtime import devtime_run, load_calibration, missing  # noqa: E402
from bench_report import f1  # noqa: E402
from cli import argparser, run_tool  # noqa: E402

DEFAULT_JSON = os.path.join(HERE, "bench_puzzle_results.json")
WARM_SEED = (1 << 29) + 7   # the warm-up puzzle's seed, outside every batch
HEAP = "96K"                # the device-sized heap every valgrind run uses
AIM_MEDIAN_MS = 3000        # issue 10: the full-screen size in a median of 3 s or less
DEVTIME = bench.DEVTIME

P = PuzzleMaker = Solver = SOLVED = presets = None   # imported from the snapshot of lib/


def use_engine(lib):
    global P, PuzzleMaker, Solver, SOLVED, presets
    sys.path.insert(0, lib)
    from mines.puzzle import play
    from mines.puzzle.maker import PuzzleMaker as pm
    from mines.engine.solver import SOLVED as s0, Solver as s1
    from mines.engine import presets as p0
    P, PuzzleMaker, Solver, SOLVED, presets = play, pm, s1, s0, p0


def configs(all_sizes):
    out = []
    for name, w, h in P.SIZES:
        for level in range(3):
            full = (w, h) == (P.SIZES[-1][1], P.SIZES[-1][2])
            out.append({"size": name, "w": w, "h": h, "level": level,
                        "level_name": presets.LEVEL_WORDS[level], "full_screen": full,
                        "devtime": full or all_sizes,
                        "label": "%s %dx%d %s" % (name, w, h, presets.LEVEL_WORDS[level]),
                        "key": "%dx%d-%s" % (w, h, presets.LEVEL_WORDS[level])})
    return out


def solves(board, clue, level, mines):
    s = Solver(board, oracle=False)
    s.reset(mines)
    for i in range(board.size):
        if clue[i]:
            s.give_clue(i, board.count[i])
    return s.solve(level) == SOLVED


def cpython_stats(cfg, seeds):
    m = PuzzleMaker(cfg["w"], cfg["h"])
    m.begin(WARM_SEED, cfg["level"])
    m.run()
    rows = []
    for seed in seeds:
        t0 = time.perf_counter()
        m.begin(seed, cfg["level"])
        k = 0
        big = (-1, 0)
        while True:
            done = m.step()
            k += 1
            if m.slice_work > big[0]:
                big = (m.slice_work, k)
            if done:
                break
        ms = (time.perf_counter() - t0) * 1000.0
        below = None
        if cfg["level"] > 0:
            below = solves(m.board, m.clue, cfg["level"] - 1, m.mines)
        rows.append({"seed": seed, "work": m.total_work, "max_slice": m.max_slice,
                     "slice_step": big[1], "clues": m.clues, "tests": m.tests, "twins": m.twins,
                     "cuts": m.cuts, "local": m.local, "big": m.big,
                     "restarts": m.restarts, "cpython_ms": ms, "below_solves": below,
                     "verified": solves(m.board, m.clue, cfg["level"], m.mines)})
    return rows


def summarize(cfg, rows):
    r = {}
    for key in ("work", "max_slice", "clues", "tests", "cuts", "local", "big", "twins",
                "restarts", "cpython_ms"):
        xs = [x[key] for x in rows]
        r[key] = {"median": bench.median(xs), "p95": bench.pct(xs, 95), "max": max(xs)}
    r["verified"] = sum(1 for x in rows if x["verified"])
    r["puzzles"] = len(rows)
    if cfg["level"] > 0:
        r["need_their_level"] = sum(1 for x in rows if not x["below_solves"])
    worst = max(rows, key=lambda x: x["max_slice"])
    r["largest_slice_at"] = {"seed": worst["seed"], "step": worst["slice_step"],
                             "units": worst["max_slice"]}
    return r


def prelude(lib, cfg):
    return ("import sys\nsys.path.insert(0, %r)\nfrom mines.puzzle.maker import PuzzleMaker\n"
            "m = PuzzleMaker(%d, %d)\nm.begin(%d, %d)\nm.run()\n"
            % (lib, cfg["w"], cfg["h"], WARM_SEED, cfg["level"]))


def devtime_scripts(lib, cfg, dseeds, slice_at):
    pre = prelude(lib, cfg)
    batch = pre + ("t = 0\nfor s in %r:\n    m.begin(s, %d)\n    m.run()\n    t += m.total_work\n"
                   "print('UNITS', t)\n" % (list(dseeds), cfg["level"]))

    def upto(steps):
        return pre + "m.begin(%d, %d)\nfor _ in range(%d):\n    m.step()\n" % (
            slice_at["seed"], cfg["level"], steps)

    return {"setup": pre, "batch": batch, "before_slice": upto(slice_at["step"] - 1),
            "with_slice": upto(slice_at["step"])}


def render(results):
    out = ["## Puzzle maker benchmark (`python tools/bench_puzzle.py`)", ""]
    meta = results["meta"]
    k_ns = meta.get("ns_per_host_instruction")
    out.append("%s; git %s; %d seeds per configuration (0..%d); device time: %s, heap %s." % (
        meta["date"], meta["git"], meta["seeds"], meta["seeds"] - 1,
        "not estimated (no devtime.sh, valgrind or micropython)" if k_ns is None else
        "devtime.sh (valgrind), %s ns per host instruction" % k_ns, HEAP))
    out += ["", "### Puzzles (CPython)", "",
            "| Configuration | verified | clues med | tests med | by the state med "
            "| by a big group med | cut short med | kept unsolved med | restarts max "
            "| need their level | work units med / p95 / max | largest slice (units) "
            "| CPython ms med |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for c in results["configs"]:
        s = c["cpython"]
        need = ("%d/%d" % (s["need_their_level"], s["puzzles"])) if "need_their_level" in s else "-"
        out.append("| %s | %d/%d | %s | %s | %s | %s | %s | %s | %d | %s | %d / %d / %d | %d "
                   "| %.1f |" % (
            c["label"], s["verified"], s["puzzles"], f1(s["clues"]["median"]),
            f1(s["tests"]["median"]), f1(s["local"]["median"]), f1(s["big"]["median"]),
            f1(s["cuts"]["median"]), f1(s["twins"]["median"]), s["restarts"]["max"], need,
            s["work"]["median"],
            s["work"]["p95"], s["work"]["max"], s["max_slice"]["max"],
            s["cpython_ms"]["median"]))
    dt = [c for c in results["configs"] if "devtime" in c]
    if dt:
        out += ["", "### Estimated SAMD51 time (devtime)", "",
                "| Configuration | batch | ns / unit | median ms | p95 ms | max ms | aim: median "
                "<= %d ms | largest slice: units x ns/unit | largest slice: measured ms |"
                % AIM_MEDIAN_MS, "|---|---|---|---|---|---|---|---|---|"]
        for c in dt:
            d = c["devtime"]
            out.append("| %s | %d | %.0f | %.0f | %.0f | %.0f | %s | %d u -> %.2f ms | %.2f |" % (
                c["label"], d["batch"], d["ns_per_unit"], d["median_ms"], d["p95_ms"],
                d["max_ms"], "PASS" if d["median_ms"] <= AIM_MEDIAN_MS else "MISS",
                d["largest_slice_units"], d["largest_slice_est_ms"],
                d["largest_slice_measured_ms"]))
    out += ["", "Notes:"] + ["- " + n for n in meta["notes"]]
    return "\n".join(out)


def main(argv=None):
    ap = argparser("bench_puzzle.py", description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--seeds", type=int, default=40,
                    help="puzzles per configuration (CPython statistics; default 40)")
    ap.add_argument("--devtime-seeds", type=int, default=6,
                    help="puzzles in each valgrind batch (default 6)")
    ap.add_argument("--all-sizes", action="store_true",
                    help="device time for every menu size, not only the full screen")
    ap.add_argument("--no-devtime", action="store_true", help="skip the valgrind estimate")
    ap.add_argument("--devtime", default=DEVTIME, help="path of devtime.sh")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2,
                    help="valgrind runs in parallel (default: CPU count)")
    ap.add_argument("--json", default=DEFAULT_JSON,
                    help="JSON output path, '-' for stdout (default tools/bench_puzzle_results.json)")
    args = ap.parse_args(argv)
    if args.seeds < 1 or args.devtime_seeds < 1:
        ap.error("--seeds and --devtime-seeds must be at least 1")
    tmpdir = tempfile.mkdtemp(prefix="bench_puzzle_")
    try:
        return run(args, tmpdir)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


def log(msg):
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()


def run(args, tmpdir):
    t_start = time.time()
    lib = os.path.join(tmpdir, "lib")
    lib_hash = bench.snapshot_lib(lib)
    use_engine(lib)
    seeds = list(range(args.seeds))
    dseeds = seeds[:args.devtime_seeds]
    cfgs = configs(args.all_sizes)
    for c in cfgs:
        log("cpython: %s, %d puzzles" % (c["label"], len(seeds)))
        c["_rows"] = cpython_stats(c, seeds)
        c["cpython"] = summarize(c, c["_rows"])
    k_ns = None
    mp = bench.find_micropython()
    if not args.no_devtime:
        lacking = missing(args.devtime, mp)
        if not lacking:
            k_ns = load_calibration(args.devtime)["ns_per_host_instruction"]
        else:
            log("bench_puzzle.py: no device-time estimate (needs %s)" % ", ".join(lacking))
    if k_ns is not None:
        work = []
        for c in cfgs:
            if c["devtime"]:
                for name, script in devtime_scripts(lib, c, dseeds,
                                                    c["cpython"]["largest_slice_at"]).items():
                    work.append((c["key"], name, script))
        log("devtime: %d valgrind runs, %d at a time" % (len(work), args.jobs))
        work.sort(key=lambda j: j[1] != "batch")
        res = {}

        def one(job):
            key, name, script = job
            t0 = time.time()
            r = devtime_run(args.devtime, mp, script, HEAP, tmpdir, "%s_%s" % (key, name))
            log("  %-16s %-12s %14d instructions (%.0f s)" % (key, name, r[0], time.time() - t0))
            return job, r

        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            for job, r in ex.map(one, work):
                res[(job[0], job[1])] = r
        for c in cfgs:
            if not c["devtime"]:
                c.pop("devtime")
                continue
            key = c["key"]
            units = None
            for line in res[(key, "batch")][1].splitlines():
                if line.startswith("UNITS"):
                    units = int(line.split()[1])
            batch_ns = (res[(key, "batch")][0] - res[(key, "setup")][0]) * k_ns
            per_unit = batch_ns / units
            works = [x["work"] for x in c["_rows"]]
            big = c["cpython"]["largest_slice_at"]
            measured = (res[(key, "with_slice")][0] - res[(key, "before_slice")][0]) * k_ns / 1e6
            c["devtime"] = {
                "batch": len(dseeds), "batch_units": units, "batch_ms": batch_ns / 1e6,
                "ns_per_unit": per_unit,
                "median_ms": bench.median(works) * per_unit / 1e6,
                "p95_ms": bench.pct(works, 95) * per_unit / 1e6,
                "max_ms": max(works) * per_unit / 1e6,
                "largest_slice_units": big["units"],
                "largest_slice_est_ms": big["units"] * per_unit / 1e6,
                "largest_slice_measured_ms": measured,
                "largest_slice_at": big,
            }
    else:
        for c in cfgs:
            c.pop("devtime")
    for c in cfgs:
        c.pop("_rows")
    notes = [
        "Work units are the maker's own counter (PuzzleMaker.total_work: the solver's units, "
        "about one neighbour visit each, plus the maker's own).",
        "Device time: ONE micropython process per configuration makes the batch (%d puzzles, "
        "seeds 0..%d) with one reused PuzzleMaker after a setup and a warm-up puzzle; a second "
        "run does the setup and warm-up only; their difference / the batch's work units = ns per "
        "unit. Median, p95 and max are each puzzle's work units (all %d seeds) x that." % (
            len(dseeds), len(dseeds) - 1, len(seeds)),
        "Largest slice: the step with the most work units over all seeds, estimated (units x ns "
        "per unit) and measured on its own (the puzzle run to the step before it, and to it, "
        "each under valgrind).",
        "Tests: removals that needed a solve; by the state: Hard's tests told without an "
        "analysis, the clue's cell and neighbours all known in the test's state (PuzzleMaker.local;"
        " the clue goes); by a big group: Hard's tests told without an analysis, a group past its "
        "bound (PuzzleMaker.big; the clue kept); cut short: Hard's tests whose case analysis "
        "stopped at a group showing a second solution (PuzzleMaker.cuts; the clue kept); kept "
        "unsolved: "
        "clues kept with no solve, their removal leaving a second solution found directly "
        "(PuzzleMaker.twins).",
        "Need their level: puzzles the level below (Easy for Medium, Medium for Hard) does not "
        "decide from the same clues.",
        "lib/ is copied to a temporary folder first (lib_sha256 identifies it).",
    ]
    results = {"configs": cfgs, "meta": {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "git": bench.git_rev(),
        "lib_sha256": lib_hash, "seeds": len(seeds), "devtime_seeds": len(dseeds),
        "ns_per_host_instruction": k_ns, "micropython": mp, "heap": HEAP,
        "aim_median_ms": AIM_MEDIAN_MS, "notes": notes,
        "elapsed_s": time.time() - t_start}}
    bench.emit(render(results), results, args.json, "bench_puzzle.py")
    return 0


if __name__ == "__main__":
    run_tool("bench_puzzle.py", main)
