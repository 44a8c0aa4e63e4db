"""Benchmark the board generator: a markdown table for people, JSON for scripts.

    python tools/bench.py [--seeds N] [--quick] [--json PATH|-] [--jobs J]
                          [--devtime-seeds N] [--no-devtime] [--no-micropython]

This is a benchmark, not a test: it measures and compares against the targets of issue 2, it
never fails a build. Run it from a checkout after ``bash tools/setup.sh`` (it uses
``.venv/bin/micropython``); the device-time estimate needs valgrind and
``<repo>/../shared/devtime/devtime.sh``.

Configurations: every preset at the default level, and Intermediate at every level. For each,
over seeds 0..N-1 (start cell derived from the seed, as ``tools/gen.py`` does):

* CPython: perturbations and restarts (median, worst), work units, time per board (median), one
  verification solve of every finished board (gen work / verify work, both in work units), and
  border / corner / interior mine density, leaving out each board's start 3x3 area.
* MicroPython (``.venv/bin/micropython``): the smallest ``-X heapsize`` (1K steps, binary search)
  in which import plus a few boards (the worst-work seed among them) succeeds; whether the whole
  batch runs back to back at 96K; the live heap after import and setup; and the bytes one
  generation allocates (``gc.mem_alloc()`` growth with the collector off, after a warm-up board).
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

Percentiles are nearest-rank (p95 of 100 boards = the 95th smallest). Densities are pooled over the
boards with a standard error that treats each board as one sample (cluster-robust), so that the
fixed mine count per board is accounted for; z = (border - interior) / SE of that difference.
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
LIB = os.path.join(REPO, "lib")   # replaced by a snapshot of it in main()

presets = Board = Generator = Solver = SOLVED = None   # the engine, imported by use_engine()


def use_engine(lib):
    """Import the engine from ``lib`` (a snapshot of the repo's lib/, so that every part of the
    run measures the same code even if someone edits lib/ meanwhile)."""
    global LIB, presets, Board, Generator, Solver, SOLVED
    LIB = lib
    sys.path.insert(0, lib)
    from mines import presets as p
    from mines.board import Board as b
    from mines.generator import Generator as g
    from mines.solver import SOLVED as s0, Solver as s1
    presets, Board, Generator, Solver, SOLVED = p, b, g, s1, s0


def snapshot_lib(dest):
    """Copy lib/ (sources only) to ``dest``; returns a short sha256 of the copied files."""
    import hashlib
    shutil.copytree(LIB, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.mpy"))
    h = hashlib.sha256()
    for root, dirs, files in sorted(os.walk(dest)):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(root, name)
            h.update(os.path.relpath(path, dest).encode() + b"\0")
            with open(path, "rb") as f:
                h.update(f.read())
    return h.hexdigest()[:16]

DEFAULT_JSON = os.path.join(HERE, "bench_results.json")
DEVTIME = os.path.join(os.path.dirname(REPO), "shared", "devtime", "devtime.sh")
WARM_SEED = -1            # the warm-up board's seed, outside every batch
HEAP_TARGET_K = 96        # issue 2: Expert back to back with -X heapsize=96K
HEAP_BOARDS = 4           # boards generated in each heap-size probe (the worst seed first)
ALLOC_BOARDS = 8          # boards measured one by one for gc.mem_alloc growth
SLICE_REPS = 5            # runs of the batch for host slice times (the least time of each slice)
SLOW_SLICES = 3           # slowest slices (host micropython time) measured alone under valgrind
ALLOC_HEAP = "4M"         # heap for that measurement (the collector is off while it runs)

# (name, target) pairs; values in estimated SAMD51 ms unless said otherwise.
TARGETS = {
    "beginner_median_ms": 40,
    "intermediate_median_ms": 150,
    "intermediate_p95_ms": 400,
    "expert_median_ms": 400,
    "expert_p95_ms": 1000,
    "intermediate_gen_over_verify": 2.0,
    "largest_slice_ms": 10,
    "expert_alloc_bytes": 1024,
}


# ---- small statistics -------------------------------------------------------------------------

def median(xs):
    s = sorted(xs)
    n = len(s)
    if not n:
        return None
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def pct(xs, p):
    """Nearest-rank percentile."""
    s = sorted(xs)
    if not s:
        return None
    k = max(1, int(math.ceil(p / 100.0 * len(s))))
    return s[k - 1]


def ratio_se(ms, ns):
    """Pooled proportion sum(m)/sum(n) over boards and its cluster-robust standard error."""
    tn = float(sum(ns))
    if tn == 0:
        return None, None
    p = sum(ms) / tn
    k = len(ms)
    if k < 2:
        return p, None
    v = sum((m - p * n) ** 2 for m, n in zip(ms, ns)) * k / (k - 1)
    return p, math.sqrt(v) / tn


def diff_se(ma, na, mb, nb):
    """(pa - pb, its standard error, z) for two pooled proportions measured on the same boards."""
    pa, _ = ratio_se(ma, na)
    pb, _ = ratio_se(mb, nb)
    if pa is None or pb is None:
        return None, None, None
    k = len(ma)
    sa = float(sum(na))
    sb = float(sum(nb))
    if k < 2:
        return pa - pb, None, None
    e = [(ma[i] - pa * na[i]) / sa - (mb[i] - pb * nb[i]) / sb for i in range(k)]
    se = math.sqrt(sum(x * x for x in e) * k / (k - 1))
    return pa - pb, se, ((pa - pb) / se if se > 0 else None)


# ---- configurations -----------------------------------------------------------------------------

def configs():
    out = []
    for name, w, h, m in presets.PRESETS:
        levels = range(len(presets.LEVEL_NAMES)) if name == "Intermediate" else [presets.DEFAULT_LEVEL]
        for lv in levels:
            out.append({"name": name, "w": w, "h": h, "mines": m, "level": lv,
                        "level_name": presets.LEVEL_NAMES[lv],
                        "label": "%s %dx%d/%d %s" % (name, w, h, m, presets.LEVEL_NAMES[lv]),
                        "key": "%s-%s" % (name.lower(), presets.LEVEL_NAMES[lv])})
    return out


# ---- CPython statistics -------------------------------------------------------------------------

def density_counts(board, w, h, sx, sy):
    """(mines, cells) on border, corner and interior cells, the start 3x3 area left out."""
    mine = board.mine
    stride = board.stride
    mb = nb = mc = nc = mi = ni = 0
    for y in range(h):
        row = (y + 1) * stride + 1
        for x in range(w):
            if -1 <= x - sx <= 1 and -1 <= y - sy <= 1:
                continue
            v = mine[row + x]
            if x == 0 or y == 0 or x == w - 1 or y == h - 1:
                mb += v
                nb += 1
                if (x == 0 or x == w - 1) and (y == 0 or y == h - 1):
                    mc += v
                    nc += 1
            else:
                mi += v
                ni += 1
    return mb, nb, mc, nc, mi, ni


def cpython_stats(cfg, seeds):
    w, h, m, lv = cfg["w"], cfg["h"], cfg["mines"], cfg["level"]
    g = Generator(w, h)
    chk = Board(w, h)
    sv = Solver(chk)
    g.begin(m, WARM_SEED, None, lv)   # warm-up (lazy tables, caches)
    g.run()
    boards = []
    timer = time.perf_counter
    for s in seeds:
        t0 = timer()
        g.begin(m, s, None, lv)
        while not g.step():
            pass
        t = timer() - t0
        chk.copy_from(g.board)
        sv.reset(m)
        sv.open(chk.index(g.start_x, g.start_y))
        status = sv.solve(lv)
        vwork = sv.work
        boards.append({
            "seed": s, "start": [g.start_x, g.start_y], "grid": g.board.grid_string(),
            "total_work": g.total_work, "max_slice": g.max_slice,
            "perturbations": g.perturbations, "restarts": g.restarts,
            "cpython_ms": t * 1000.0, "verify_work": vwork,
            "verified": status == SOLVED and sv.unknown == 0 and g.board.mines == m,
            "density": density_counts(g.board, w, h, g.start_x, g.start_y),
        })
    # The step index of the largest slice (1-based), for the direct slice measurement.
    worst = max(boards, key=lambda b: b["max_slice"])
    g.begin(m, worst["seed"], None, lv)
    k = 0
    best = -1
    best_k = 0
    while True:
        done = g.step()
        k += 1
        if g.slice_work > best:
            best = g.slice_work
            best_k = k
        if done:
            break
    return boards, {"seed": worst["seed"], "step": best_k, "units": best}


def summarize_cpython(cfg, boards, slice_info):
    r = {}
    for key in ("perturbations", "restarts", "total_work", "max_slice"):
        xs = [b[key] for b in boards]
        r[key] = {"median": median(xs), "max": max(xs)}
    r["steps_of_largest_slice"] = slice_info
    r["cpython_ms"] = {"median": median([b["cpython_ms"] for b in boards]),
                       "p95": pct([b["cpython_ms"] for b in boards], 95),
                       "max": max(b["cpython_ms"] for b in boards)}
    ratios = [b["total_work"] / float(b["verify_work"]) for b in boards if b["verify_work"]]
    r["gen_over_verify"] = {"median": median(ratios), "p95": pct(ratios, 95), "max": max(ratios),
                            "ratio_of_sums": sum(b["total_work"] for b in boards) /
                            float(max(1, sum(b["verify_work"] for b in boards)))}
    r["verify_work"] = {"median": median([b["verify_work"] for b in boards])}
    r["verified"] = sum(1 for b in boards if b["verified"])
    d = [b["density"] for b in boards]
    col = lambda i: [x[i] for x in d]  # noqa: E731
    pb, seb = ratio_se(col(0), col(1))
    pc, sec = ratio_se(col(2), col(3))
    pi, sei = ratio_se(col(4), col(5))
    db, dseb, zb = diff_se(col(0), col(1), col(4), col(5))
    dc, dsec, zc = diff_se(col(2), col(3), col(4), col(5))
    r["density"] = {
        "border": {"p": pb, "se": seb, "mines": sum(col(0)), "cells": sum(col(1))},
        "corner": {"p": pc, "se": sec, "mines": sum(col(2)), "cells": sum(col(3))},
        "interior": {"p": pi, "se": sei, "mines": sum(col(4)), "cells": sum(col(5))},
        "border_minus_interior": {"diff": db, "se": dseb, "z": zb},
        "corner_minus_interior": {"diff": dc, "se": dsec, "z": zc},
        "note": "start 3x3 area left out; border includes the corners",
    }
    return r


# ---- MicroPython: heap and allocation ----------------------------------------------------------

def find_micropython():
    for p in (os.environ.get("MICROPYTHON"), os.path.join(REPO, ".venv", "bin", "micropython"),
              shutil.which("micropython")):
        if p and os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    return None


def prelude(cfg):
    return ("import sys\nsys.path.insert(0, %r)\nimport gc\n"
            "from mines.generator import Generator\n"
            "g = Generator(%d, %d)\n" % (LIB, cfg["w"], cfg["h"]))


def gen_loop(cfg, seeds, var="s"):
    return ("for %s in %r:\n    g.begin(%d, %s, None, %d)\n    while not g.step():\n        pass\n"
            % (var, list(seeds), cfg["mines"], var, cfg["level"]))


def run_mp(mp, script, heap, tmpdir, timeout=600):
    path = os.path.join(tmpdir, "mp_%d.py" % os.getpid())
    with open(path, "w") as f:
        f.write(script)
    p = subprocess.run([mp, "-X", "heapsize=%s" % heap, path], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def min_heap(mp, cfg, seeds, tmpdir):
    """Smallest -X heapsize (KB) in which import + Generator + these boards succeed."""
    script = prelude(cfg) + gen_loop(cfg, seeds) + "print('OK')\n"

    def ok(k):
        rc, out = run_mp(mp, script, "%dK" % k, tmpdir)
        return rc == 0 and "OK" in out

    lo, hi = 1, 64
    while not ok(hi):
        lo = hi
        hi *= 2
        if hi > 16384:
            return None
    while hi - lo > 1:      # invariant: hi works, lo does not (or is the floor)
        mid = (lo + hi) // 2
        if ok(mid):
            hi = mid
        else:
            lo = mid
    return hi


def mp_slice_times(mp, cfg, seeds, tmpdir, reps=3, top=12):
    """Host micropython time of every slice of the batch (the least of ``reps`` runs): the total,
    and the ``top`` slowest slices as (seed, step, units, us). Work units are not equally costly,
    so the slowest slice is found by time, then measured under valgrind on its own."""
    script = (prelude(cfg) + gen_loop(cfg, [WARM_SEED], "w_") +
              "import time\nT = {}\nU = {}\nfor rep in range(%d):\n    for s in %r:\n"
              "        g.begin(%d, s, None, %d)\n        k = 0\n        while True:\n"
              "            a = time.ticks_us()\n            d = g.step()\n"
              "            t = time.ticks_diff(time.ticks_us(), a)\n            k += 1\n"
              "            key = s * 100000 + k\n            if rep == 0 or t < T[key]:\n"
              "                T[key] = t\n            U[key] = g.slice_work\n            if d:\n"
              "                break\n"
              "print('TOTAL', sum(T.values()), len(T))\n"
              "for key in sorted(T, key=lambda q: -T[q])[:%d]:\n"
              "    print('SLICE', key // 100000, key %% 100000, U[key], T[key])\n"
              % (reps, list(seeds), cfg["mines"], cfg["level"], top))
    rc, out = run_mp(mp, script, ALLOC_HEAP, tmpdir)
    r = {"slowest": []}
    for line in out.splitlines():
        f = line.split()
        if f and f[0] == "TOTAL":
            r["total_us"] = int(f[1])
            r["slices"] = int(f[2])
        elif f and f[0] == "SLICE":
            r["slowest"].append({"seed": int(f[1]), "step": int(f[2]), "units": int(f[3]),
                                 "host_us": int(f[4])})
    if rc != 0 or "total_us" not in r:
        r["error"] = out.strip().splitlines()[-3:]
    return r


def mp_memory(mp, cfg, seeds, worst_seed, tmpdir):
    r = {}
    probe = [worst_seed] + [s for s in seeds if s != worst_seed][:HEAP_BOARDS - 1]
    r["min_heapsize_k"] = min_heap(mp, cfg, probe, tmpdir)
    r["min_heapsize_boards"] = probe
    script = prelude(cfg) + gen_loop(cfg, seeds) + "print('OK')\n"
    rc, out = run_mp(mp, script, "%dK" % HEAP_TARGET_K, tmpdir)
    r["batch_at_96k_ok"] = rc == 0 and "OK" in out
    r["batch_at_96k_boards"] = len(seeds)
    if not r["batch_at_96k_ok"]:
        r["batch_at_96k_error"] = out.strip().splitlines()[-3:]
    sample = list(seeds)[:ALLOC_BOARDS]
    script = (prelude(cfg) + "gc.collect()\nprint('LIVE', gc.mem_alloc())\n" +
              gen_loop(cfg, [WARM_SEED]) +
              "for s in %r:\n"
              "    gc.collect()\n    gc.disable()\n    a = gc.mem_alloc()\n"
              "    g.begin(%d, s, None, %d)\n    while not g.step():\n        pass\n"
              "    b = gc.mem_alloc()\n    gc.enable()\n    print('ALLOC', s, b - a)\n"
              % (sample, cfg["mines"], cfg["level"]))
    rc, out = run_mp(mp, script, ALLOC_HEAP, tmpdir)
    allocs = []
    for line in out.splitlines():
        f = line.split()
        if f and f[0] == "LIVE":
            r["live_after_setup_bytes"] = int(f[1])
        elif f and f[0] == "ALLOC":
            allocs.append(int(f[2]))
    if rc != 0 or not allocs:
        r["alloc_error"] = out.strip().splitlines()[-3:]
    else:
        r["alloc_bytes_first"] = allocs[0]
        r["alloc_bytes_max"] = max(allocs)
        r["alloc_bytes_all"] = allocs
    return r


# ---- device time (devtime.sh) -------------------------------------------------------------------

def load_calibration(devtime):
    with open(os.path.join(os.path.dirname(devtime), "calibration.json")) as f:
        return json.load(f)


def devtime_run(devtime, mp, script, heap, tmpdir, tag):
    """Host instructions of ``script`` (devtime.sh: empty-script baseline subtracted) and its output."""
    fd, path = tempfile.mkstemp(prefix="bench_%s_" % tag, suffix=".py", dir=tmpdir)
    with os.fdopen(fd, "w") as f:
        f.write(script)
    env = dict(os.environ, DEVTIME_MICROPYTHON=mp)
    p = subprocess.run(["bash", devtime, "-H", heap, "--show-output", path], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env, cwd=REPO, timeout=3600)
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0:
        raise RuntimeError("devtime.sh failed (%s): %s %s" % (tag, out[-500:],
                                                              p.stderr.decode("utf-8", "replace")[-800:]))
    ins = None
    for line in out.splitlines():
        if line.startswith("host_instructions:"):
            ins = int(line.split()[1])
    if ins is None:
        raise RuntimeError("devtime.sh gave no host_instructions (%s): %s" % (tag, out[-500:]))
    return ins, out


def devtime_jobs(cfg, seeds, boards, slice_info, direct=True):
    """The workload scripts for one configuration: name -> script."""
    base = prelude(cfg) + gen_loop(cfg, [WARM_SEED], "w_")
    by_work = sorted(boards, key=lambda b: (b["total_work"], b["seed"]))
    med_b = by_work[(len(by_work) - 1) // 2]
    max_b = by_work[-1]
    jobs = {
        "setup": prelude(cfg),
        "warm": base,
        "batch": base + "tw = 0\n" + gen_loop(cfg, seeds).replace(
            "        pass\n", "        pass\n    tw += g.total_work\n") + "print('WORK', tw)\n",
    }
    if not direct:
        return jobs, med_b, max_b
    jobs["median_board"] = base + gen_loop(cfg, [med_b["seed"]])
    jobs["worst_board"] = base + gen_loop(cfg, [max_b["seed"]])
    for i, sl in enumerate(slice_info):
        k = sl["step"]
        for name, n in (("slice%d_before" % i, k - 1), ("slice%d_after" % i, k)):
            jobs[name] = (base + "g.begin(%d, %d, None, %d)\nfor _ in range(%d):\n    g.step()\n"
                          "print('SLICE', g.slice_work)\n" % (cfg["mines"], sl["seed"],
                                                               cfg["level"], n))
    return jobs, med_b, max_b


def verify_jobs(cfg, boards):
    """Instructions of the verification solves alone: grids loaded, then (or not) solved."""
    grids = [b["grid"] for b in boards]
    starts = [tuple(b["start"]) for b in boards]
    head = ("import sys\nsys.path.insert(0, %r)\n"
            "from mines.board import Board\nfrom mines.solver import Solver\n"
            "b = Board(%d, %d)\nsv = Solver(b)\nG = %r\nS = %r\n"
            "b.load_grid(G[0])\nsv.reset(%d)\nsv.open(b.index(S[0][0], S[0][1]))\nsv.solve(%d)\n"
            % (LIB, cfg["w"], cfg["h"], grids, starts, cfg["mines"], cfg["level"]))
    loop = "vw = 0\nfor i in range(len(G)):\n    b.load_grid(G[i])\n"
    solve = ("    sv.reset(%d)\n    sv.open(b.index(S[i][0], S[i][1]))\n    sv.solve(%d)\n"
             "    vw += sv.work\n" % (cfg["mines"], cfg["level"]))
    return {"verify_load": head + loop + "print('VWORK', vw)\n",
            "verify_solve": head + loop + solve + "print('VWORK', vw)\n"}


def devtime_analyse(cfg, res, boards, k_ns, med_b, max_b, slice_info, slice_times):
    ms = lambda ins: ins * k_ns / 1e6  # noqa: E731
    units = sum(b["total_work"] for b in boards)
    batch_ins = res["batch"][0] - res["warm"][0]
    ms_per_unit = ms(batch_ins) / units
    est = [b["total_work"] * ms_per_unit for b in boards]
    out = {
        "boards": len(boards),
        "batch_units": units,
        "batch_host_instructions": batch_ins,
        "batch_ms": ms(batch_ins),
        "instructions_per_unit": batch_ins / float(units),
        "ns_per_unit": ms_per_unit * 1e6,
        "setup_ms": ms(res["setup"][0]),
        "first_board_ms": ms(res["warm"][0] - res["setup"][0]),
        "est_ms": {"median": median(est), "p95": pct(est, 95), "max": max(est),
                   "mean": sum(est) / len(est)},
        "largest_slice_units": max(b["max_slice"] for b in boards),
        "largest_slice_est_ms": max(b["max_slice"] for b in boards) * ms_per_unit,
    }
    work_line = [ln for ln in res["batch"][1].splitlines() if ln.startswith("WORK")]
    out["micropython_work_matches_cpython"] = bool(work_line) and int(work_line[0].split()[1]) == units
    if not work_line or int(work_line[0].split()[1]) != units:
        out["warning"] = ("the micropython batch did not do the same work as CPython (%s vs %d units): "
                          "did lib/ change during the run?" % (work_line, units))
    checks = {}
    out["direct_checks"] = checks
    if "median_board" not in res:
        out["largest_slice_direct_ms"] = None
        return verify_analyse(out, res, boards, k_ns, batch_ins, units)
    for name, b in (("median_board", med_b), ("worst_board", max_b)):
        d = ms(res[name][0] - res["warm"][0])
        checks[name] = {"seed": b["seed"], "units": b["total_work"], "direct_ms": d,
                        "est_ms": b["total_work"] * ms_per_unit,
                        "direct_over_est": d / (b["total_work"] * ms_per_unit)}
    factor = None   # device ms per host-micropython microsecond, from the same batch
    if slice_times and slice_times.get("total_us"):
        factor = ms(batch_ins) / slice_times["total_us"]
        out["host_us_to_device_ms"] = factor
        out["largest_slice_by_host_time_est_ms"] = slice_times["slowest"][0]["host_us"] * factor
    sl_checks = []
    for i, sl in enumerate(slice_info):
        d = ms(res["slice%d_after" % i][0] - res["slice%d_before" % i][0])
        e = sl["units"] * ms_per_unit
        sl_checks.append({"seed": sl["seed"], "step": sl["step"], "units": sl["units"],
                          "why": sl["why"], "direct_ms": d, "est_ms_from_units": e,
                          "est_ms_from_host_time": (sl["host_us"] * factor
                                                    if factor and sl.get("host_us") else None),
                          "direct_over_units_est": d / max(1e-9, e)})
    checks["slices"] = sl_checks
    out["largest_slice_direct_ms"] = max(x["direct_ms"] for x in sl_checks) if sl_checks else None
    return verify_analyse(out, res, boards, k_ns, batch_ins, units)


def verify_analyse(out, res, boards, k_ns, batch_ins, units):
    if "verify_solve" in res:
        vins = res["verify_solve"][0] - res["verify_load"][0]
        vunits = sum(b["verify_work"] for b in boards)
        out["verify_instructions"] = {
            "gen_host_instructions": batch_ins, "verify_host_instructions": vins,
            "ratio_of_sums_instructions": batch_ins / float(vins),
            "ratio_of_sums_units": units / float(vunits),
            "verify_instructions_per_unit": vins / float(vunits),
            "verify_ms_median_est": median([b["verify_work"] for b in boards]) * vins * k_ns / 1e6 / vunits,
        }
    return out


# ---- report -------------------------------------------------------------------------------------

def f1(x, nd=1):
    return "-" if x is None else ("%.*f" % (nd, x))


def verdict(value, target, unit="", lower_is_better=True, nd=1):
    if value is None:
        return {"status": "n/a", "value": None, "target": target, "text": "n/a (not measured)"}
    ok = value <= target if lower_is_better else value >= target
    if ok:
        text = "PASS (%s%s, %.0f%% of target)" % (f1(value, nd), unit, 100.0 * value / target)
    else:
        text = "MISS by %s%s (%s%s, %.1fx the target)" % (f1(value - target, nd), unit, f1(value, nd),
                                                         unit, value / float(target))
    return {"status": "PASS" if ok else "MISS", "value": value, "target": target, "text": text}


def evaluate_targets(results):
    by = {c["key"]: c for c in results["configs"]}
    dflt = presets.LEVEL_NAMES[presets.DEFAULT_LEVEL]
    dev = lambda k, s: ((by.get(k) or {}).get("devtime") or {}).get("est_ms", {}).get(s)  # noqa: E731
    t = []
    t.append(("Beginner median <= 40 ms", verdict(dev("beginner-" + dflt, "median"), 40, " ms")))
    t.append(("Intermediate median <= 150 ms", verdict(dev("intermediate-" + dflt, "median"), 150, " ms")))
    t.append(("Intermediate p95 <= 400 ms", verdict(dev("intermediate-" + dflt, "p95"), 400, " ms")))
    t.append(("Expert median <= 400 ms", verdict(dev("expert-" + dflt, "median"), 400, " ms")))
    t.append(("Expert p95 <= 1000 ms", verdict(dev("expert-" + dflt, "p95"), 1000, " ms")))
    im = by.get("intermediate-" + dflt)
    t.append(("Intermediate gen / verify (median, units) <= 2",
              verdict(im and im["cpython"]["gen_over_verify"]["median"], 2.0, "", nd=2)))
    for what, field in (("from work units (max_slice x ms/unit)", "largest_slice_est_ms"),
                        ("measured alone under valgrind", "largest_slice_direct_ms")):
        slices = [(c["devtime"][field], c["label"]) for c in results["configs"]
                  if c.get("devtime") and c["devtime"].get(field) is not None]
        name = "Largest single slice <= 10 ms, %s, all configs" % what
        if slices:
            v, lab = max(slices)
            r = verdict(v, 10, " ms", nd=2)
            r["text"] += " - " + lab
            t.append((name, r))
        else:
            t.append((name, verdict(None, 10)))
    ex = (by.get("expert-" + dflt) or {}).get("micropython")
    if ex:
        ok = ex.get("batch_at_96k_ok")
        t.append(("Expert back to back at heapsize=96K",
                  {"status": "PASS" if ok else "MISS", "value": ok, "target": True,
                   "text": ("PASS (%d boards; smallest heap %sK)" if ok else
                            "MISS (%d boards; smallest heap %sK)") % (
                       ex["batch_at_96k_boards"], ex.get("min_heapsize_k"))}))
        t.append(("One Expert generation allocates <= 1 KB (max of %d)" % ALLOC_BOARDS,
                  verdict(ex.get("alloc_bytes_max"), 1024, " B", nd=0)))
    else:
        t.append(("Expert back to back at heapsize=96K", verdict(None, True)))
        t.append(("One Expert generation allocates <= 1 KB", verdict(None, 1024)))
    exd = by.get("expert-" + dflt)
    if exd:
        for part in ("border", "corner"):
            d = exd["cpython"]["density"][part + "_minus_interior"]
            z = d["z"]
            ok = z is not None and abs(z) <= 2
            t.append(("Expert %s density = interior within noise (|z| <= 2)" % part,
                      {"status": "PASS" if ok else "MISS", "value": z, "target": 2,
                       "text": "%s (diff %+.4f +- %.4f, z = %s)" % (
                           "PASS" if ok else "MISS", d["diff"], d["se"] or 0, f1(z, 2))}))
    return [dict(v, name=name) for name, v in t]


def render(results):
    L = []
    m = results["meta"]
    L.append("## Benchmark (`%s`)" % m["command"])
    L.append("")
    L.append("%s; git %s; %d seeds per configuration (%d..%d), start derived from the seed; "
             "device time: %s." % (m["date"], m["git"], m["seeds"], m["seed_base"],
                                       m["seed_base"] + m["seeds"] - 1, m["devtime_note"]))
    L.append("")
    for c in results["configs"]:
        if (c.get("devtime") or {}).get("warning"):
            L.append("**Warning** (%s): %s" % (c["label"], c["devtime"]["warning"]))
            L.append("")
        if c["cpython"]["verified"] != c["seeds"]:
            L.append("**Warning** (%s): %d of %d boards did not pass the verification solve." % (
                c["label"], c["seeds"] - c["cpython"]["verified"], c["seeds"]))
            L.append("")
    L.append("### Generation (CPython)")
    L.append("")
    L.append("| Configuration | boards ok | perturbations med / worst | restarts med / worst "
             "| work units med / max | CPython ms/board med | gen / verify med (units) |")
    L.append("|---|---|---|---|---|---|---|")
    for c in results["configs"]:
        p = c["cpython"]
        L.append("| %s | %d/%d | %s / %d | %s / %d | %s / %d | %.2f | %.2f |" % (
            c["label"], p["verified"], c["seeds"], f1(p["perturbations"]["median"], 1).rstrip("0").rstrip("."),
            p["perturbations"]["max"], f1(p["restarts"]["median"], 1).rstrip("0").rstrip("."),
            p["restarts"]["max"], f1(p["total_work"]["median"], 0), p["total_work"]["max"],
            p["cpython_ms"]["median"], p["gen_over_verify"]["median"]))
    L.append("")
    if any(c.get("devtime") for c in results["configs"]):
        L.append("### Estimated SAMD51 time (devtime, %s ns per host instruction)" % m.get("ns_per_host_instruction"))
        L.append("")
        L.append("| Configuration | boards | ns / unit | median ms | p95 ms | max ms | largest slice: "
                 "units x ms/unit | largest slice: measured | measured: median board | measured: "
                 "worst board |")
        L.append("|---|---|---|---|---|---|---|---|---|---|")
        for c in results["configs"]:
            d = c.get("devtime")
            if not d:
                continue
            ch = d["direct_checks"]
            mb = lambda k: ("%.0f (est %.0f)" % (ch[k]["direct_ms"], ch[k]["est_ms"])  # noqa: E731
                            if k in ch else "-")
            L.append("| %s | %d | %.0f | %.0f | %.0f | %.0f | %d u -> %.2f ms | %s | %s | %s |" % (
                c["label"], d["boards"], d["ns_per_unit"], d["est_ms"]["median"],
                d["est_ms"]["p95"], d["est_ms"]["max"], d["largest_slice_units"],
                d["largest_slice_est_ms"], f1(d["largest_slice_direct_ms"], 2),
                mb("median_board"), mb("worst_board")))
        L.append("")
        if any((c.get("devtime") or {}).get("direct_checks", {}).get("slices") for c in results["configs"]):
            L.append("Slices measured alone (valgrind: the board run to the step before vs to the step "
                     "itself): the one with the most work units, and the %d slowest by host micropython "
                     "time (least of %d runs)." % (SLOW_SLICES, SLICE_REPS))
            L.append("")
            L.append("| Configuration | seed, step | chosen as | units | est. from units ms | est. from host "
                     "time ms | measured ms |")
            L.append("|---|---|---|---|---|---|---|")
            for c in results["configs"]:
                d = c.get("devtime")
                if not d:
                    continue
                for x in d["direct_checks"].get("slices", ()):
                    L.append("| %s | %d, %d | %s | %d | %.2f | %s | %.2f |" % (
                        c["label"], x["seed"], x["step"], x["why"], x["units"], x["est_ms_from_units"],
                        f1(x["est_ms_from_host_time"], 2), x["direct_ms"]))
            L.append("")
        extra = [c for c in results["configs"] if c.get("devtime", {}).get("verify_instructions")]
        for c in extra:
            v = c["devtime"]["verify_instructions"]
            L.append("Gen / verify in instructions, %s (sums over the batch): %.2f "
                     "(in units: %.2f); one verification solve, median: about %.0f ms." % (
                         c["label"], v["ratio_of_sums_instructions"], v["ratio_of_sums_units"],
                         v["verify_ms_median_est"]))
        setup = [c for c in results["configs"] if c.get("devtime")]
        if setup:
            L.append("Import (from .py source) + Generator(w, h), configurations in table order: %s ms; "
                     "first board after that (lazy tables included): %s ms."
                     % (" / ".join("%.0f" % c["devtime"]["setup_ms"] for c in setup),
                        " / ".join("%.0f" % c["devtime"]["first_board_ms"] for c in setup)))
            L.append("")
    else:
        L.append("Device time not measured: %s" % m["devtime_note"])
        L.append("")
    if any(c.get("micropython") for c in results["configs"]):
        L.append("### Memory (micropython unix port, 64-bit: objects about twice the device's size)")
        L.append("")
        L.append("| Configuration | smallest -X heapsize (import + %d boards) | whole batch at 96K "
                 "| live after import + setup | allocated per generation (first / max of %d) |"
                 % (HEAP_BOARDS, ALLOC_BOARDS))
        L.append("|---|---|---|---|---|")
        for c in results["configs"]:
            u = c.get("micropython")
            if not u:
                continue
            L.append("| %s | %sK | %s (%d boards) | %s B | %s / %s B |" % (
                c["label"], u.get("min_heapsize_k") or "?", "ok" if u.get("batch_at_96k_ok") else "FAILS",
                u.get("batch_at_96k_boards", 0), u.get("live_after_setup_bytes", "-"),
                u.get("alloc_bytes_first", "-"), u.get("alloc_bytes_max", "-")))
        L.append("")
    L.append("### Mine density (start 3x3 area left out; +- standard error, boards as samples)")
    L.append("")
    L.append("| Configuration | border (incl. corners) | corners | interior | border - interior (z) "
             "| corner - interior (z) |")
    L.append("|---|---|---|---|---|---|")
    for c in results["configs"]:
        d = c["cpython"]["density"]
        cell = lambda k: "%.4f +- %.4f" % (d[k]["p"], d[k]["se"] or 0)  # noqa: E731
        dz = lambda k: "%+.4f (%s)%s" % (d[k]["diff"], f1(d[k]["z"], 2),  # noqa: E731
                                         " *" if d[k]["z"] is not None and abs(d[k]["z"]) > 2 else "")
        L.append("| %s | %s | %s | %s | %s | %s |" % (c["label"], cell("border"), cell("corner"),
                                                      cell("interior"), dz("border_minus_interior"),
                                                      dz("corner_minus_interior")))
    L.append("")
    L.append("`*`: more than 2 standard errors apart (expect about 1 in 20 by chance).")
    L.append("")
    L.append("### Targets (issue 2)")
    L.append("")
    L.append("| Target | Result |")
    L.append("|---|---|")
    for t in results["targets"]:
        L.append("| %s | %s |" % (t["name"], t["text"]))
    L.append("")
    L.append("### How it is measured")
    L.append("")
    for n in m["notes"]:
        L.append("- " + n)
    L.append("")
    L.append("Run time: %.0f s." % m["elapsed_s"])
    return "\n".join(L)


# ---- main ---------------------------------------------------------------------------------------

def git_rev():
    try:
        rev = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL).stdout.decode().strip()
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no", "lib"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.decode().strip()
        return rev + (" (lib/ modified)" if dirty else "")
    except OSError:
        return "?"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
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
    lib_hash = snapshot_lib(os.path.join(tmpdir, "lib"))
    use_engine(os.path.join(tmpdir, "lib"))
    nseeds = args.seeds or (10 if args.quick else 100)
    seeds = list(range(args.seed_base, args.seed_base + nseeds))
    dseeds = seeds[:args.devtime_seeds] if args.devtime_seeds else seeds
    direct = not (args.quick or args.no_direct)
    log = lambda *a: print(*a, file=sys.stderr, flush=True)  # noqa: E731

    cfgs = configs()
    if args.only:
        cfgs = [c for c in cfgs if c["key"] in args.only]
        if not cfgs:
            ap.error("--only matches none of: " + ", ".join(c["key"] for c in configs()))

    mp = None if args.no_micropython else find_micropython()
    devtime_note = None
    k_ns = None
    cal = None
    if args.no_micropython or args.no_devtime:
        devtime_note = "skipped (--no-devtime / --no-micropython)"
    elif not mp:
        devtime_note = "skipped: no micropython (run bash tools/setup.sh)"
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
        log("bench.py: no micropython found (.venv/bin/micropython: run bash tools/setup.sh); "
            "heap and allocation skipped")

    results = {"meta": {}, "configs": []}
    # 1. CPython statistics (serially, nothing else running, for steadier times).
    for c in cfgs:
        log("cpython: %s, %d boards" % (c["label"], len(seeds)))
        boards, sl = cpython_stats(c, seeds)
        c["seeds"] = len(seeds)
        c["cpython"] = summarize_cpython(c, boards, sl)
        c["_boards"] = boards
        c["_slice"] = sl
    # 2. MicroPython heap and allocation.
    if mp:
        for c in cfgs:
            log("micropython memory: %s" % c["label"])
            worst = max(c["_boards"], key=lambda b: b["total_work"])["seed"]
            c["micropython"] = mp_memory(mp, c, seeds, worst, tmpdir)
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
        for k in ("_slice", "_times", "_cands"):
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
        "lib_sha256": lib_hash,
        "seeds": len(seeds), "seed_base": args.seed_base, "devtime_seeds": len(dseeds),
        "devtime_note": devtime_note, "ns_per_host_instruction": k_ns,
        "calibration": cal and {k: cal[k] for k in ("ns_per_host_instruction", "range") if k in cal},
        "micropython": mp, "python": sys.version.split()[0], "notes": notes,
        "default_level": presets.LEVEL_NAMES[presets.DEFAULT_LEVEL],
    }
    results["targets"] = evaluate_targets(results)
    results["meta"]["elapsed_s"] = time.time() - t_start
    text = render(results)
    print(text, file=sys.stderr if args.json == "-" else sys.stdout)
    if args.json == "-":
        print(json.dumps(results, indent=1, sort_keys=True))
    elif args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1, sort_keys=True)
            f.write("\n")
        log("bench.py: JSON written to %s" % args.json)
    if k_ns is None and not (args.no_devtime or args.no_micropython):
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
