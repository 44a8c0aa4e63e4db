"""tools/bench.py, report: the targets and the markdown tables."""

from bench_common import ALLOC_BOARDS, HEAP_BOARDS, SLICE_REPS, SLOW_SLICES

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

# Issue 11: the dense presets at about Tatham's C speed carried to the device.
DENSE_TARGETS_MS = (("Crowded", 500), ("Packed", 4000), ("Swarm", 6000))


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
    dflt = results["meta"]["default_level"]
    dev = lambda k, s: ((by.get(k) or {}).get("devtime") or {}).get("est_ms", {}).get(s)  # noqa: E731
    t = []
    t.append(("Beginner median <= 40 ms", verdict(dev("beginner-" + dflt, "median"), 40, " ms")))
    t.append(("Intermediate median <= 150 ms", verdict(dev("intermediate-" + dflt, "median"), 150, " ms")))
    t.append(("Intermediate p95 <= 400 ms", verdict(dev("intermediate-" + dflt, "p95"), 400, " ms")))
    t.append(("Expert median <= 400 ms", verdict(dev("expert-" + dflt, "median"), 400, " ms")))
    t.append(("Expert p95 <= 1000 ms", verdict(dev("expert-" + dflt, "p95"), 1000, " ms")))
    for name, limit in DENSE_TARGETS_MS:
        t.append(("%s median <= %d ms (issue 11)" % (name, limit),
                  verdict(dev(name.lower() + "-" + dflt, "median"), limit, " ms")))
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
        # Judged on the form deploy sends by default (.mpy) when it was measured.
        form = "_mpy" if "batch_at_96k_mpy_ok" in ex else ""
        ok = ex.get("batch_at_96k" + form + "_ok")
        text = "%s (%d boards; smallest heap %sK from .%s" % (
            "PASS" if ok else "MISS", ex["batch_at_96k_boards"],
            ex.get("min_heapsize" + form + "_k"), "mpy" if form else "py")
        if form:
            text += ", %sK from .py, which %s at 96K" % (
                ex.get("min_heapsize_k"), "passes" if ex.get("batch_at_96k_ok") else "fails")
        t.append(("Expert back to back at heapsize=96K",
                  {"status": "PASS" if ok else "MISS", "value": ok, "target": True,
                   "text": text + ")"}))
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
    L.append("%s; git %s; generator version %s; %d seeds per configuration (%d..%d), start "
             "derived from the seed; device time: %s." % (
                 m["date"], m["git"], m.get("generator_version", "?"), m["seeds"], m["seed_base"],
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
        L.append("### Memory (micropython unix port, 64-bit: 1.25-1.4x the device's heap; "
                 "tools/memory.py --device measures the device's)")
        L.append("")
        L.append("| Configuration | smallest -X heapsize, .mpy (import + %d boards) | whole batch "
                 "at 96K, .mpy | smallest, .py | whole batch at 96K, .py "
                 "| live after import + setup (.py) | allocated per generation (first / max of %d) |"
                 % (HEAP_BOARDS, ALLOC_BOARDS))
        L.append("|---|---|---|---|---|---|---|")
        for c in results["configs"]:
            u = c.get("micropython")
            if not u:
                continue
            L.append("| %s | %sK | %s | %sK | %s | %s B | %s / %s B |" % (
                c["label"], u.get("min_heapsize_mpy_k") or "-",
                _fits(u.get("batch_at_96k_mpy_ok"), u), u.get("min_heapsize_k") or "?",
                _fits(u.get("batch_at_96k_ok"), u), u.get("live_after_setup_bytes", "-"),
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
    L.append("### Mine spread against a uniform layout (observed / expected mines, +- standard error)")
    L.append("")
    L.append("| Configuration | corners | edge | 1 in | 2 in | 3+ in | touching the start | "
             "chi-square over positions (z) |")
    L.append("|---|---|---|---|---|---|---|---|")
    for c in results["configs"]:
        sp = c["cpython"].get("spread")
        if not sp:
            continue
        cells = []
        for k in ("corner", "edge", "ring1", "ring2", "inner", "touch"):
            v = sp["rates"].get(k)
            if v is None:
                cells.append("-")
                continue
            far = v["se"] and abs(v["ratio"] - 1) > 2 * v["se"]
            cells.append("%.3f +- %.3f%s" % (v["ratio"], v["se"] or 0, " *" if far else ""))
        L.append("| %s | %s | %.0f / %d (%s) |" % (c["label"], " | ".join(cells), sp["chi2"],
                                                   sp["df"], f1(sp["chi2_z"], 2)))
    L.append("")
    L.append("### Targets (issues 2 and 11)")
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


def _fits(ok, u):
    """A batch-at-96K cell: "-" when not measured, else ok (with its boards) or FAILS."""
    if ok is None:
        return "-"
    return "ok (%d boards)" % u.get("batch_at_96k_boards", 0) if ok else "FAILS"
