"""tools/bench.py, CPython part: generation statistics, verification of every board by a fresh
solver, and where the mines lie (border, corner, rings from the edge)."""

import time

from bench_common import WARM_SEED, diff_se, median, pct, ratio_se
from spread import Spread

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


def cpython_stats(eng, cfg, seeds):
    w, h, m, lv = cfg["w"], cfg["h"], cfg["mines"], cfg["level"]
    g = eng.Generator(w, h)
    chk = eng.Board(w, h)
    sv = eng.Solver(chk)
    g.begin(m, WARM_SEED, None, lv)   # warm-up (lazy tables, caches)
    g.run()
    boards = []
    spread = Spread(w, h, m)
    timer = time.perf_counter
    for s in seeds:
        t0 = timer()
        g.begin(m, s, None, lv)
        while not g.step():
            pass
        t = timer() - t0
        spread.add(lambda x, y: eng.is_mine(g.board, x, y), g.start_x, g.start_y)
        chk.copy_from(g.board)
        sv.reset(m)
        sv.open(chk.index(g.start_x, g.start_y))
        status = sv.solve(lv)
        vwork = sv.work
        boards.append({
            "seed": s, "start": [g.start_x, g.start_y], "grid": eng.grid_string(g.board),
            "total_work": g.total_work, "max_slice": g.max_slice,
            "perturbations": g.perturbations, "restarts": g.restarts,
            "cpython_ms": t * 1000.0, "verify_work": vwork,
            "verified": status == eng.SOLVED and sv.unknown == 0 and g.board.mines == m,
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
    rates = spread.rates()
    chi, df, z = spread.chi_square()
    spread_out = {"rates": {k: {"ratio": r, "se": se} for k, (r, se) in rates.items()},
                  "chi2": chi, "df": df, "chi2_z": z}
    return boards, {"seed": worst["seed"], "step": best_k, "units": best}, spread_out


def summarize_cpython(cfg, boards, slice_info, spread):
    r = {"spread": spread}
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

