"""Benchmark the board generator: a markdown table for people, JSON for scripts.

    python tools/bench.py [--seeds N] [--quick] [--json PATH|-] [--jobs J]
                          [--devtime-seeds N] [--no-devtime] [--no-micropython] [--version V]

This is a benchmark, not a test: it measures and compares against the targets of issues 2 and
11, it never fails a build. Run it from a checkout after ``bash tools/setup.sh --test`` (it uses
``.venv/bin/micropython``); the device-time estimate needs valgrind and the shared
``devtime/devtime.sh`` (``<repo>/../shared`` or, from a worktree, ``<repo>/../../shared``).

What it measures lives in one module each, sharing ``bench_common`` (paths, statistics, the
engine snapshot, configurations, the micropython runner): ``bench_gen`` (CPython generation and
mine spread, via ``spread.py``), ``bench_memory`` (micropython heap and allocation, host slice
times), ``bench_devtime`` (valgrind device-time estimates) and ``bench_report`` (targets,
tables). This file is the command line and runs them in order.

Configurations: every preset at the default level (the dense Crowded, Packed and Swarm
included), Intermediate at every level, and custom 30x24/216. For each, over seeds 0..N-1
(start cell derived from the seed, as ``tools/gen.py`` does):

* CPython: perturbations and restarts (median, worst), work units, time per board (median), one
  verification solve of every finished board (gen work / verify work, both in work units), and
  border / corner / interior mine density, leaving out each board's start 3x3 area, and the
  spread against a uniform layout: observed / expected mines per cell class (corner, edge, 1, 2,
  3+ cells in) and a chi-square over every position.
* MicroPython (``.venv/bin/micropython``): the smallest ``-X heapsize`` (1K steps, binary search)
  in which import plus a few boards (the worst-work seed among them) succeeds; whether the whole
  batch runs back to back at 96K; both from the .py sources and from .mpy as tools/deploy.py
  sends them by default (the target is judged on that form), imported in the game's board job's
  order; the live heap after import and setup; and the bytes one generation allocates
  (``gc.mem_alloc()`` growth with the collector off, after a warm-up board).
* Estimated SAMD51 time (``devtime.sh``: valgrind instruction counts of the MicroPython VM, scaled
  by ``calibration.json``). One micropython process per configuration generates the whole batch
  with one reused Generator, after the same setup and warm-up board as a second, setup-only run;
  the difference is the batch's cost. ms per work unit = batch ms / batch work units, and a
  board's estimate = its ``total_work`` x ms per unit (median, p95, max); the largest slice's
  estimate = ``max_slice`` x ms per unit. Checked directly, each on its own under valgrind: the
  median and the worst board, and single slices (the board run to one step before the slice vs
  to the slice itself): the slice with the most work units and the slowest few by host
  micropython time, since work units are not all equally costly.

lib/ is copied to a temporary folder first and every part of the run uses that copy.
``--version 0`` sets the copy's ``mines.engine.generator.VERSION`` to 0: the boards of codes
written before issue 21, for comparing the generator's versions on the same code and seeds.

Percentiles are nearest-rank (p95 of 100 boards = the 95th smallest). Densities are pooled over the
boards with a standard error that treats each board as one sample (cluster-robust), so that the
fixed mine count per board is accounted for; z = (border - interior) / SE of that difference.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from bench_common import (DEFAULT_JSON, DEVTIME, HEAP_BOARDS, HEAP_TARGET_K, SLICE_REPS,
                          SLOW_SLICES, Engine, compile_snapshot, configs, emit, find_micropython,
                          git_rev, snapshot_lib)
from bench_devtime import devtime_analyse, devtime_jobs, devtime_run, load_calibration, verify_jobs
from bench_gen import cpython_stats, summarize_cpython
from bench_memory import mp_memory, mp_slice_times
from bench_report import evaluate_targets, render
from cli import argparser, run_tool
from mpy_build import CompileError


def main(argv=None):
    ap = argparser("bench.py", description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, help="boards per configuration (default 100; --quick: 10)")
    ap.add_argument("--seed-base", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--devtime-seeds", type=int,
                    help="boards in each valgrind batch (default: all the seeds)")
    ap.add_argument("--quick", action="store_true",
                    help="smoke run: 10 seeds, no single-board / single-slice checks")
    ap.add_argument("--only", action="append", metavar="KEY",
                    help="only these configurations, e.g. expert-full (repeatable)")
    ap.add_argument("--no-direct", action="store_true",
                    help="skip the single-board and single-slice valgrind checks (implied by --quick)")
    ap.add_argument("--no-devtime", action="store_true", help="skip the valgrind device-time estimate")
    ap.add_argument("--no-micropython", action="store_true",
                    help="skip everything that runs micropython (heap, allocation, device time)")
    ap.add_argument("--devtime", default=DEVTIME, help="path of devtime.sh (default %(default)s)")
    ap.add_argument("--version", type=int, metavar="V",
                    help="boards of the generator's version V (0: the boards of codes written "
                         "before issue 21; default: the current)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2,
                    help="valgrind runs in parallel (default: CPU count)")
    ap.add_argument("--json", default=DEFAULT_JSON, help="JSON output path, '-' for stdout "
                    "(default tools/bench_results.json)")
    args = ap.parse_args(argv)
    t_start = time.time()
    tmpdir = tempfile.mkdtemp(prefix="bench_")
    try:
        return run(args, ap, argv, t_start, tmpdir)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


def run(args, ap, argv, t_start, tmpdir):
    lib = os.path.join(tmpdir, "lib")
    try:
        lib_hash = snapshot_lib(lib, args.version)
    except ValueError as e:
        ap.error("--version: %s" % e)
    eng = Engine(lib)
    nseeds = args.seeds or (10 if args.quick else 100)
    seeds = list(range(args.seed_base, args.seed_base + nseeds))
    dseeds = seeds[:args.devtime_seeds] if args.devtime_seeds else seeds
    direct = not (args.quick or args.no_direct)
    log = lambda *a: print(*a, file=sys.stderr, flush=True)  # noqa: E731

    cfgs = configs(eng, lib)
    if args.only:
        cfgs = [c for c in cfgs if c["key"] in args.only]
        if not cfgs:
            ap.error("--only matches none of: " + ", ".join(c["key"] for c in configs(eng, lib)))

    mp = None if args.no_micropython else find_micropython()
    devtime_note = None
    k_ns = None
    cal = None
    if args.no_micropython or args.no_devtime:
        devtime_note = "skipped (--no-devtime / --no-micropython)"
    elif not mp:
        devtime_note = "skipped: no micropython (run bash tools/setup.sh --test)"
    elif not os.path.isfile(args.devtime):
        devtime_note = ("skipped: devtime.sh not found at %s (expected the shared tools at "
                        "<repo>/../shared/devtime/; pass --devtime PATH)" % args.devtime)
        log("bench.py: " + devtime_note)
    elif not shutil.which("valgrind"):
        devtime_note = "skipped: valgrind is not installed (apt-get install valgrind)"
        log("bench.py: " + devtime_note)
    else:
        cal = load_calibration(args.devtime)
        k_ns = float(cal["ns_per_host_instruction"])
        devtime_note = "devtime.sh (valgrind), %s ns per host instruction, range %s" % (
            k_ns, cal.get("range"))
    if mp is None and not args.no_micropython:
        log("bench.py: no micropython found (.venv/bin/micropython: run bash tools/setup.sh --test); "
            "heap and allocation skipped")

    results = {"meta": {}, "configs": []}
    # 1. CPython statistics (serially, nothing else running, for steadier times).
    for c in cfgs:
        log("cpython: %s, %d boards" % (c["label"], len(seeds)))
        boards, sl, spread = cpython_stats(eng, c, seeds)
        c["seeds"] = len(seeds)
        c["cpython"] = summarize_cpython(c, boards, sl, spread)
        c["_boards"] = boards
        c["_slice"] = sl
    # 2. MicroPython heap and allocation.
    if mp:
        try:
            mpy_lib = compile_snapshot(lib, os.path.join(tmpdir, "mpy"))
        except CompileError as e:
            mpy_lib = None
            log("micropython memory: from .py only (%s)" % e)
        for c in cfgs:
            log("micropython memory: %s" % c["label"])
            worst = max(c["_boards"], key=lambda b: b["total_work"])["seed"]
            c["micropython"] = mp_memory(mp, c, seeds, worst, tmpdir, mpy_lib)
    # 3. Device time, valgrind runs in parallel.
    if k_ns is not None:
        for c in cfgs:
            c["_times"] = None
            c["_cands"] = []
            if not direct:
                continue
            log("micropython slice times: %s" % c["label"])
            c["_times"] = mp_slice_times(mp, c, dseeds, tmpdir, reps=SLICE_REPS)
            u = dict(c["_slice"], why="most units", host_us=None)
            cands = [u]
            for t in c["_times"]["slowest"]:
                if len(cands) > SLOW_SLICES:
                    break
                if (t["seed"], t["step"]) == (u["seed"], u["step"]):
                    u["host_us"] = t["host_us"]
                    continue
                cands.append(dict(t, why="slowest on host"))
            c["_cands"] = cands
        heap = {}
        for c in cfgs:
            need = (c.get("micropython") or {}).get("min_heapsize_k") or 0
            heap[c["key"]] = "%dK" % max(HEAP_TARGET_K, 2 * need)
        work = []
        meta = {}
        for c in cfgs:
            dboards = [b for b in c["_boards"] if b["seed"] in set(dseeds)]
            dl = c["_cands"]
            jobs, med_b, max_b = devtime_jobs(c, dseeds, dboards, dl, direct)
            if c["name"] == "Intermediate":
                jobs.update(verify_jobs(c, dboards))
            meta[c["key"]] = (dboards, med_b, max_b, dl)
            for name, script in jobs.items():
                work.append((c["key"], name, script))
        log("devtime: %d valgrind runs (each with its empty-script baseline), %d at a time"
            % (len(work), args.jobs))
        # Biggest first, so that the pool ends evenly.
        work.sort(key=lambda j: (j[1] != "batch", -len(j[2])))
        res = {c["key"]: {} for c in cfgs}

        def one(job):
            key, name, script = job
            t0 = time.time()
            r = devtime_run(args.devtime, mp, script, heap[key], tmpdir, "%s_%s" % (key, name))
            log("  %-22s %-14s %14d instructions  (%.0f s)" % (key, name, r[0], time.time() - t0))
            return job, r

        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            for job, r in ex.map(one, work):
                res[job[0]][job[1]] = r
        for c in cfgs:
            dboards, med_b, max_b, dl = meta[c["key"]]
            c["devtime"] = devtime_analyse(c, res[c["key"]], dboards, k_ns, med_b, max_b, dl,
                                           c["_times"])
            c["devtime"]["host_slice_times"] = c["_times"]
            c["devtime"]["heapsize"] = heap[c["key"]]

    for c in cfgs:
        c.pop("_boards", None)
        for k in ("_slice", "_times", "_cands", "_lib", "_cases"):
            c.pop(k, None)
    results["configs"] = cfgs
    notes = [
        "Work units are the engine's own counter (Generator.total_work, about one neighbour visit "
        "each); gen / verify divides a board's total_work by the work of one verification solve of "
        "the finished board from its start cell at the same level (Solver.solve, a fresh solver).",
        "Device time: for each configuration ONE micropython process under devtime.sh generates the "
        "whole batch (%d boards) with one reused Generator after a setup and a warm-up board; a second "
        "run does only the setup and warm-up board, and the difference is the batch. ns per unit = "
        "batch time / batch work units; a board's estimate = its total_work x that, so median, p95 "
        "and max come from the work counters; the largest slice = max_slice x that." % len(dseeds),
        "Measured directly, each in its own valgrind run (the warm-up run subtracted): the "
        "median-work and the worst-work board; and single slices, as the difference between the "
        "board run to the step before the slice and to the slice itself: the slice with the most "
        "work units, and the %d slowest slices by host micropython time (ticks_us around each "
        "step(), the least of %d runs of the batch). Work units are not equally costly, so the "
        "measured slices are the better answer for the slice target." % (SLOW_SLICES, SLICE_REPS),
        "valgrind runs use -X heapsize = max(96K, twice the smallest heap found), so that the "
        "collector runs about as often as on the device.",
        "lib/ is copied to a temporary folder when the run starts and every part (CPython, "
        "micropython, valgrind) uses that copy, so edits made meanwhile cannot mix versions "
        "(lib_sha256 in the JSON identifies it).",
        "Heap: binary search (1K steps) over micropython -X heapsize for import + Generator + %d boards "
        "(the worst-work seed first), importing the engine from .py source; allocation: "
        "gc.mem_alloc() growth with gc.disable() around one generation, after a warm-up board "
        "(host bytes: objects are about twice the device's size)." % HEAP_BOARDS,
        "CPython time: time.perf_counter around begin() + all step() calls, after a warm-up board.",
    ]
    if dseeds != seeds and k_ns is not None:
        notes.append("The valgrind batch uses the first %d of the %d seeds (--devtime-seeds)."
                     % (len(dseeds), len(seeds)))
    cmd = "python tools/bench.py" + ("" if argv is None and len(sys.argv) == 1 else
                                      " " + " ".join(argv if argv is not None else sys.argv[1:]))
    results["meta"] = {
        "command": cmd, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "git": git_rev(),
        "lib_sha256": lib_hash, "generator_version": eng.VERSION,
        "seeds": len(seeds), "seed_base": args.seed_base, "devtime_seeds": len(dseeds),
        "devtime_note": devtime_note, "ns_per_host_instruction": k_ns,
        "calibration": cal and {k: cal[k] for k in ("ns_per_host_instruction", "range") if k in cal},
        "micropython": mp, "python": sys.version.split()[0], "notes": notes,
        "default_level": eng.presets.LEVEL_NAMES[eng.presets.DEFAULT_LEVEL],
    }
    results["targets"] = evaluate_targets(results)
    results["meta"]["elapsed_s"] = time.time() - t_start
    emit(render(results), results, args.json, "bench.py")
    if k_ns is None and not (args.no_devtime or args.no_micropython):
        return 2
    return 0


if __name__ == "__main__":
    run_tool("bench.py", main)
