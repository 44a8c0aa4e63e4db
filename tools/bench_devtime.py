"""tools/bench.py, device time: valgrind instruction counts of the micropython VM (devtime.sh)
turned into estimated SAMD51 milliseconds per board, per work unit and per slice."""

import json
import os
import subprocess
import tempfile

from bench_common import REPO, WARM_SEED, gen_loop, median, pct, prelude


def missing(devtime, micropython):
    """What an estimate of device time lacks here, as a list of words for a message (empty:
    nothing): the ``micropython`` command, ``devtime`` (devtime.sh's path), valgrind."""
    import shutil
    lacking = []
    if not micropython or not (os.path.exists(micropython) or shutil.which(micropython)):
        lacking.append("micropython")
    if not os.path.isfile(devtime):
        lacking.append(devtime)
    if not shutil.which("valgrind"):
        lacking.append("valgrind")
    return lacking


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
            "from mines.engine.board import Board\nfrom mines.engine.solver import Solver\n"
            "from mines.engine.view_text import load_grid\n"
            "b = Board(%d, %d)\nsv = Solver(b)\nG = %r\nS = %r\n"
            "load_grid(b, G[0])\nsv.reset(%d)\nsv.open(b.index(S[0][0], S[0][1]))\nsv.solve(%d)\n"
            % (cfg["_lib"], cfg["w"], cfg["h"], grids, starts, cfg["mines"], cfg["level"]))
    loop = "vw = 0\nfor i in range(len(G)):\n    load_grid(b, G[i])\n"
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

