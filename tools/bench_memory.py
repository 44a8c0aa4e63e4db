"""tools/bench.py, micropython part: the smallest heap, the batch at 96K, live and allocated
bytes, and host time per slice (to find the slowest slices for the valgrind checks)."""

from bench_common import (ALLOC_BOARDS, ALLOC_HEAP, HEAP_BOARDS, HEAP_TARGET_K, WARM_SEED,
                          gen_loop, prelude, run_mp)


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


def mp_memory(mp, cfg, seeds, worst_seed, tmpdir, mpy_lib=None):
    """The heap figures of ``cfg`` from its .py snapshot (``min_heapsize_k``,
    ``batch_at_96k_ok``) and, with ``mpy_lib`` (its .mpy tree: bench_common.compile_snapshot),
    from .mpy, what deploy sends by default (``min_heapsize_mpy_k``, ``batch_at_96k_mpy_ok``);
    live and allocated bytes from the .py snapshot."""
    r = {}
    probe = [worst_seed] + [s for s in seeds if s != worst_seed][:HEAP_BOARDS - 1]
    r["min_heapsize_k"] = min_heap(mp, cfg, probe, tmpdir)
    r["min_heapsize_boards"] = probe
    forms = (("", cfg),) + ((("_mpy", dict(cfg, _lib=mpy_lib)),) if mpy_lib else ())
    for suffix, c in forms:
        if suffix:
            r["min_heapsize" + suffix + "_k"] = min_heap(mp, c, probe, tmpdir)
        script = prelude(c) + gen_loop(c, seeds) + "print('OK')\n"
        rc, out = run_mp(mp, script, "%dK" % HEAP_TARGET_K, tmpdir)
        r["batch_at_96k" + suffix + "_ok"] = ok = rc == 0 and "OK" in out
        if not ok:
            r["batch_at_96k" + suffix + "_error"] = out.strip().splitlines()[-3:]
    r["batch_at_96k_boards"] = len(seeds)
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

