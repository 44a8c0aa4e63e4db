"""tools/solve.py and tools/gen.py as a user meets them: hints, wrong flags and the safest guess on
the command line, gen's lines piped into solve, board codes rebuilt under CPython and micropython,
and failures like a Unix tool's (one line, exit 2; quiet on a closed pipe)."""

import json
import os
import subprocess
import sys

from engine_util import ROOT, micropython

GEN = os.path.join("tools", "gen.py")
SOLVE = os.path.join("tools", "solve.py")


def run(tool, args, stdin=""):
    return subprocess.run([sys.executable, tool] + args, input=stdin, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def lines(r):
    return [json.loads(x) for x in r.stdout.splitlines()]


def test_hint_lines_have_the_contract_fields():
    views = [{"w": 3, "h": 2, "total_mines": 2, "view": ["###", "121"]},
             {"w": 4, "h": 1, "total_mines": 1, "view": ["#1##"]},
             {"w": 4, "h": 1, "view": ["#1##"]},
             {"w": 4, "h": 1, "total_mines": 1, "view": ["F1#F"]}]
    r = run(SOLVE, ["--hint"], "\n".join(json.dumps(v) for v in views) + "\n")
    assert r.returncode == 0, r.stderr
    out = lines(r)
    assert out[0] == {"hint": [2, 0], "is": "mine", "because": [[0, 1], [1, 1]], "rule": "pairs"}
    assert out[1] == {"hint": [3, 0], "is": "safe", "because": [[1, 0]], "rule": "count"}
    assert out[2] == {"hint": None}
    # The flag on (3, 0) is disproved by the count; (3, 0) is the only provable cell.
    assert out[3] == {"hint": None, "wrong_flags": [[3, 0]], "overfilled": []}
    r = run(SOLVE, [], json.dumps(views[3]) + "\n")
    assert lines(r) == [{"safe": [[3, 0]], "mine": [], "wrong_flags": [[3, 0]],
                         "overfilled": []}]


def test_a_right_flag_beside_a_wrong_one_is_not_called_wrong():
    """(0, 0) is a proven mine, (1, 0) proven safe by the 0: both flagged, the numbers below
    them are overfilled, and only the flag on the safe cell is wrong. A number with two flags
    of which the numbers cannot say which is wrong: no wrong flag, the number overfilled."""
    views = [{"w": 3, "h": 2, "view": ["FF#", "110"]},
             {"w": 3, "h": 1, "view": ["F1F"]},
             {"w": 3, "h": 1, "total_mines": 1, "view": ["F1F"]}]
    r = run(SOLVE, [], "\n".join(json.dumps(v) for v in views) + "\n")
    assert r.returncode == 0, r.stderr
    out = lines(r)
    assert out[0]["mine"] == [[0, 0]] and [1, 0] in out[0]["safe"]
    assert out[0]["wrong_flags"] == [[1, 0]]
    assert out[0]["overfilled"] == [[0, 1], [1, 1], [2, 1]]
    for o in out[1:]:
        assert o["wrong_flags"] == [] and o["overfilled"] == [[1, 0]]


def test_inconsistent_views_are_errors_per_line_and_exit_1():
    views = [{"w": 2, "h": 1, "view": ["#2"]},
             {"w": 3, "h": 3, "total_mines": 1, "view": ["###", "#4#", "###"]},
             {"w": 3, "h": 2, "total_mines": 2, "view": ["###", "121"]},
             # the numbers prove two mines (every covered cell), the total says one
             {"w": 3, "h": 2, "total_mines": 1, "view": ["#2#", "121"]}]
    for args in ([], ["--hint"], ["--safest"]):
        r = run(SOLVE, args, "\n".join(json.dumps(v) for v in views) + "\n")
        out = lines(r)
        assert r.returncode == 1 and len(out) == 4
        assert out[0]["error"].startswith("inconsistent:")
        assert out[1]["error"] == "inconsistent: the numbers need at least 4 mines, the total is 1"
        assert "error" not in out[2]
        assert out[3]["error"] == "inconsistent: the numbers need at least 2 mines, the total is 1"


def test_safest_reports_the_least_likely_mine():
    # One mine among (0,0) and (2,0) (the 1), and one more in the far cell (3,0): 2 mines in all.
    r = run(SOLVE, ["--safest"], json.dumps({"w": 4, "h": 1, "total_mines": 2,
                                             "view": ["#1##"]}) + "\n")
    assert lines(r) == [{"safest": [0, 0], "p": 0.5, "exact": True}]


def test_gen_lines_piped_into_solve_give_the_start_position():
    gen = run(GEN, ["--width", "9", "--height", "9", "--mines", "10", "--seed", "3",
                    "--count", "3"])
    assert gen.returncode == 0
    for args in ([], ["--hint"]):
        r = run(SOLVE, args, gen.stdout)
        assert r.returncode == 0, r.stdout + r.stderr
        out = lines(r)
        assert len(out) == 3 and all("error" not in o for o in out)
    boards = lines(gen)
    for board, o in zip(boards, lines(run(SOLVE, [], gen.stdout))):
        w = board["w"]
        for x, y in o["safe"]:
            assert board["grid"][y * w + x] == "."
        for x, y in o["mine"]:
            assert board["grid"][y * w + x] == "*"
        assert o["safe"] or o["mine"]


def test_codes_rebuild_identical_boards_under_cpython_and_micropython():
    for args in (["--width", "9", "--height", "9", "--mines", "10", "--seed", "2097150",
                  "--count", "2"],
                 ["--width", "16", "--height", "16", "--mines", "40", "--seed", "7",
                  "--level", "pairs", "--kind", "random"],
                 ["--width", "30", "--height", "24", "--mines", "216", "--seed", "11",
                  "--kind", "kind", "--start", "29,0"]):
        cp = run(GEN, args)
        mp = micropython([GEN] + args, heap="1M")
        assert cp.returncode == 0 and mp.returncode == 0, cp.stderr + mp.stderr
        assert cp.stdout == mp.stdout
        for board in lines(cp):
            code = board["code"]
            assert len(code) <= 12 and code.isalnum()
            again = run(GEN, ["--code", code.lower()])
            mp_again = micropython([GEN, "--code", code], heap="1M")
            assert again.stdout == mp_again.stdout
            assert lines(again) == [board]


def test_a_code_from_before_version_1_rebuilds_its_board_as_version_0():
    """Board codes name the generator's version: one written before version 1 (Crowded, seed 11,
    host_tests/test_codes.py) still makes its board, and gen.py says which version made it."""
    import hashlib
    board, = lines(run(GEN, ["--code", "12224AG000BP"]))
    assert board["version"] == 0 and board["code"] == "12224AG000BP" and board["seed"] == 11
    assert hashlib.sha256(board["grid"].encode()).hexdigest()[:16] == "9a9e8bf8e9e42b83"
    new, = lines(run(GEN, ["--width", "9", "--height", "9", "--mines", "35", "--seed", "11",
                           "--start", "%d,%d" % tuple(board["start"])]))
    assert new["version"] == 1 and new["code"] != board["code"]


def test_bad_arguments_fail_with_one_line_and_status_2():
    cases = [(SOLVE, ["--level"]), (SOLVE, ["--level", "expert"]), (SOLVE, ["/no/such/file"]),
             (SOLVE, [ROOT]), (SOLVE, ["--frobnicate"]), (SOLVE, ["--hint", "--safest"]),
             (GEN, ["--level"]), (GEN, ["--width", "9", "--height", "9", "--mines", "10"]),
             (GEN, ["--code", "12345"]), (GEN, ["--code", "1220JEE0005N"]),
             (GEN, ["--width", "9", "--height", "9", "--mines", "10", "--seed", "2097152"]),
             (GEN, ["--width", "9", "--height", "9", "--mines", "10", "--seed", "1",
                    "--kind", "nice"])]
    for tool, args in cases:
        r = run(tool, args)
        assert r.returncode == 2 and not r.stdout, (tool, args, r.returncode, r.stdout)
        first = r.stderr.splitlines()[0]
        assert first.startswith(os.path.basename(tool) + ":") and "Traceback" not in r.stderr
    r = run(GEN, ["--code", "1220JEE0005N"])
    assert "mistyped" in r.stderr


def test_help_describes_every_option():
    h = run(SOLVE, ["--help"])
    assert h.returncode == 0
    for opt in ("--level", "--hint", "--safest", "FILE", "wrong_flags", "--help"):
        assert opt in h.stdout
    h = run(GEN, ["--help"])
    assert h.returncode == 0
    for opt in ("--width", "--height", "--mines", "--seed", "--count", "--start", "--level",
                "--kind", "--code", "--help"):
        assert opt in h.stdout


def test_a_closed_pipe_is_one_line_and_status_1():
    """Issue 19: an output that cannot be written (the reader of a pipe left) is one line on
    stderr and exit status 1: no traceback, whichever tool in a pipeline it hits."""
    for cmd in ("%s %s --width 9 --height 9 --mines 10 --seed 1 --count 400 | head -1",
                "%s %s --width 9 --height 9 --mines 10 --seed 1 --count 400 --kind random"
                " | %s tools/solve.py --hint | head -1"):
        exe = sys.executable
        line = cmd % ((exe, GEN) if cmd.count("%s") == 2 else (exe, GEN, exe))
        r = subprocess.run(["bash", "-c", line + "; echo ${PIPESTATUS[*]}"], cwd=ROOT,
                           capture_output=True, text=True, timeout=300)
        out = r.stdout.splitlines()
        assert len(out) == 2 and json.loads(out[0]), r.stdout
        statuses = out[1].split()
        assert statuses[-1] == "0" and "1" in statuses[:-1], statuses
        assert "Traceback" not in r.stderr
        for err in r.stderr.splitlines():
            assert err.endswith(": cannot write the output: Broken pipe"), r.stderr
