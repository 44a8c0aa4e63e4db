"""The device's memory, measured (tools/memory.py gives the figures; README "Memory"): the whole
game (host_tests/mpy_whole.py) plays in the heap tools/memory.py found for it, under the 32-bit
MicroPython where ../shared/mp32 has it and under the .venv's 64-bit one, at a stated factor,
where it does not; the display stand-ins hold what the device's objects hold; the phases let go
of the code they do not use; and nothing is allocated per frame."""

import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
MICROPYTHON = os.path.join(REPO, ".venv", "bin", "micropython")
sys.path.insert(0, os.path.join(REPO, "tools"))

import memory  # noqa: E402

# What `python tools/memory.py --device` measured for the whole game (docs/memory.md), in K:
# the runs' own smallest heaps ("raw_heap_k": the stand-ins and the player included, as in these
# runs). The smallest heap that passes is ragged (a layout that passes at N may fail at N + 4),
# so the runs below get a margin; the 64-bit build's objects take up to 1.5 times the 32-bit
# heap (1.25-1.4 before the fourth memory round, whose cuts were mostly words and objects).
WHOLE_GAME_HEAP_K = 130
WHOLE_GAME_PY_HEAP_K = 177
MARGIN = 1.08
FACTOR_64 = 1.5
CP10 = os.path.normpath(os.path.join(REPO, "..", "shared", "cp10", "circuitpython32"))


def heap_for(k):
    """The heap to run the whole game in, and the binary: the 32-bit one's figure plus the
    margin, or the 64-bit one's at FACTOR_64 times that."""
    exe, bits, _ = memory.binary()
    return exe, int(k * MARGIN * (1 if bits == 32 else FACTOR_64) + 0.5)


def whole_game(games, form, heap_k, extra=(), exe=None):
    exe = exe or heap_for(0)[0]
    mpy_dir = memory.module_tree(form, exe)   # as deploy sends it, .mpy or --source
    runner = memory.Runner(exe, games, mpy_dir)
    try:
        return runner.play(heap_k, extra)
    finally:
        runner.close()
        memory.shutil.rmtree(mpy_dir, ignore_errors=True)


@pytest.mark.parametrize("form,measured", [("mpy", WHOLE_GAME_HEAP_K),
                                           ("py", WHOLE_GAME_PY_HEAP_K)])
def test_the_whole_game_plays_in_its_measured_heap(form, measured):
    """Every screen and feature, 200 sweeper games over every board the menu offers, every
    puzzle, and a game resumed after a restart, in the heap tools/memory.py measured."""
    exe, heap = heap_for(measured)
    ok, fields, out = whole_game(200, form, heap)
    assert ok, "%s at %dK:\n%s" % (exe, heap, out[-3000:])
    first, second = fields[1], fields[2]
    assert int(first["won"]) >= 40 and int(first["lost"]) >= 40 and int(first["hints"]) >= 50
    assert first["puzzles"] == "9" and first["rescued"] == "1" and first["code"] == "1"
    assert int(first["again"]) >= 10 and int(first["guess"]) >= 1
    assert int(second["won"]) == 0 and second["frames"] != "0"   # the resumed game, won


@pytest.mark.skipif(not os.path.exists(CP10), reason="no ../shared/cp10/circuitpython32 here")
@pytest.mark.parametrize("form,measured", [("mpy", WHOLE_GAME_HEAP_K),
                                           ("py", WHOLE_GAME_PY_HEAP_K)])
def test_the_whole_game_plays_under_circuitpython_at_the_same_heap(form, measured):
    """The same scripted play in CircuitPython 10.2.1's own VM, from .mpy files marked for it
    or from the source deploy sends (which that VM compiles), in the heap measured under
    MicroPython's 32-bit build (plus the margin)."""
    ok, fields, out = whole_game(200, form, int(measured * MARGIN + 0.5), exe=CP10)
    assert ok, out[-3000:]
    assert fields[1]["puzzles"] == "9" and int(fields[1]["won"]) >= 40


def test_the_memory_tool_writes_what_the_issue_asks(tmp_path):
    """`memory.py --device --json FILE`: both forms' smallest heap and live peak, the binary
    and scale, the goal; a tiny run (2 games, 64K steps) to check the contract, not the
    figures."""
    out = tmp_path / "m.json"
    r = subprocess.run([sys.executable, os.path.join(REPO, "tools", "memory.py"), "--device",
                        "--games", "2", "--step", "64", "--json", str(out)],
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    data = json.loads(out.read_text())
    exe, bits, scale = memory.binary()
    assert data["binary"] == memory.short_path(exe) and data["word_bits"] == bits
    assert data["scale"] == scale and "%d-bit" % bits in r.stdout
    for key, form in (("whole_game", "mpy"), ("whole_game_py", "py")):
        f = data[key]
        assert f["form"] == form and f["raw_heap_k"] % 64 == 0
        assert f["heap_k"] == f["raw_heap_k"] - f["host_only_k"] + f["profile_k"] or \
            abs(f["heap_k"] - (f["raw_heap_k"] - f["host_only_k"] + f["profile_k"])) <= 1
        assert 32 < f["live_peak_k"] <= f["heap_k"] + 64
        assert "menu" in f["phases"] and "pause" in f["phases"]
    assert data["goal"] == {"heap_k": 112, "live_peak_k": 96, "py_heap_k": 128}
    assert isinstance(data["goal_met"], bool)



def test_the_compile_cost_tool_says_what_a_source_costs_to_load(tmp_path):
    """`compile_cost.py MODULE --json FILE`: the smallest heap importing the module from .py
    and from .mpy, and the difference; a module's source never loads in less than its .mpy,
    and the biggest costs more to compile than a small one. A bad name is a usage error."""
    out = tmp_path / "c.json"
    tool = os.path.join(REPO, "tools", "compile_cost.py")
    r = subprocess.run([sys.executable, tool, "mines.flow.keys", "mines.engine.solver",
                        "--json", str(out)], capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    data = json.loads(out.read_text())
    exe, bits, _ = memory.binary()
    assert data["binary"] == memory.short_path(exe) and data["word_bits"] == bits
    rows = data["modules"]
    assert sorted(rows) == ["mines.engine.solver", "mines.flow.keys"]
    for row in rows.values():
        assert 0 < row["mpy_k"] <= row["py_k"] and row["compile_k"] == row["py_k"] - row["mpy_k"]
    assert rows["mines.engine.solver"]["compile_k"] > rows["mines.flow.keys"]["compile_k"]
    assert rows["mines.engine.solver"]["source_bytes"] == os.path.getsize(
        os.path.join(REPO, "lib", "mines", "engine", "solver.py"))
    for row in rows.values():   # sent without docstrings, with short names
        assert 0 < row["sent_bytes"] < row["source_bytes"]
    # What the import keeps, and the holes it leaves: the solver's code from source lies spread
    # over the room its parse tree took, its .mpy in one piece.
    solver = rows["mines.engine.solver"]
    assert 4096 < solver["mpy_held_bytes"] <= solver["py_held_bytes"] < 4 * solver["mpy_held_bytes"]
    assert solver["py_holes_bytes"] > 4 * max(solver["mpy_holes_bytes"], 1024)
    r = subprocess.run([sys.executable, tool, "mines.nothing"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and "not a module of lib/mines" in r.stderr

def test_the_smallest_heap_is_one_the_heaps_above_it_pass_in_too():
    """A ragged heap (passes at 199K, fails at 205K and 215K): the search does not settle on a
    lucky pass below heaps that fail."""
    runner = memory.Runner.__new__(memory.Runner)
    tried = []

    def play(heap_k, extra=()):
        tried.append(heap_k)
        return heap_k >= 199 and heap_k not in (205, 215), {}, ""

    runner.play = play
    assert runner.smallest(1) == 216
    assert 215 in tried and 199 in tried
    tried[:] = []
    assert runner.smallest(64) == 256 and max(tried) == 1024


def test_a_phase_lets_go_of_the_code_it_does_not_use():
    """Under micropython the modules of a phase that ended leave the heap: while a puzzle is
    made no hint module is loaded, while a sweeper game is played no puzzle or menu module is,
    the main menu holds neither, and no save code but save_part's is loaded while a board or
    puzzle is made or a game is played with hints."""
    ok, fields, out = whole_game(4, "mpy", 1024, ("--peak=8", "--phases"))
    assert ok, out[-3000:]
    phases = {name: modules for name, (_, modules)
              in memory.phase_peaks(fields[1]["output"]).items()}
    puzzle = [p for p in phases if p.startswith("making puzzle")]
    playing = [p for p in phases if p.startswith("playing") and "puzzle" not in p]
    assert puzzle and playing and "menu" in phases
    for p in puzzle:
        assert not [m for m in phases[p] if m in ("mines.help.hints", "mines.help.hint_job",
                                                  "mines.engine.generator")], p
    for p in playing:
        assert not [m for m in phases[p] if m.startswith(("mines.puzzle.", "mines.flow.puzzle"))
                    or m in ("mines.flow.menus", "mines.engine.generator", "boards.text_screen")
                    ], (p, phases[p])
    assert not [m for m in phases["menu"] if m in ("mines.engine.solver", "mines.help.hints",
                                                    "mines.puzzle.maker")], phases["menu"]
    # The save's code (all but save_part's watch) loads only to read or write, never while a
    # board or puzzle is made or a game is played with its hint job.
    # ... nor while the main menu, a text page or a sweeper game's end panel shows (the
    # save's code goes once what it read is on the screen; Midend.lean); the main menu holds
    # none of the screens opened from it either.
    ends = [p for p in phases if p.startswith("end") and "puzzle" not in p]
    assert ends and "text" in phases
    for p in puzzle + [p for p in playing if p.endswith("+hints")] + [
            p for p in phases if p.startswith("making")] + ["menu", "text"] + ends:
        assert not [m for m in phases[p] if m.startswith("mines.saves.") or m in (
            "mines.flow.save_work",)], (p, phases[p])
    assert not [m for m in phases["menu"] if m.endswith("_screen") and m.startswith(
        "mines.flow.")], phases["menu"]


def stale_modules(output):
    """Per sample of host_tests/mpy_stale.py's output: the module objects in the heap less
    those sys.modules holds."""
    out, want, heads = [], None, 0
    for line in output.splitlines():
        if line.startswith("=== "):
            want, heads = int(line[4:]), 0
        elif line == "===" and want is not None:
            out.append(heads - want)
            want = None
        elif want is not None and ":" in line and line.split(":")[0].strip().isalnum():
            heads += line.split(":", 1)[1].count("M")
    return out


def test_no_module_let_go_stays_in_the_heap(monkeypatch):
    """Under micropython no module of ours stays in the heap once its phase let it go: a menu
    made by the menus' code the phase let go (the pause menu, the main menu's last screen held
    by the view) kept that code beside the copy its next key imported (5-9K on every phase).
    The collector is conservative: a stale pointer may hold a module for a moment, never over
    two samples in a row."""
    monkeypatch.setattr(memory, "SCRIPT", "host_tests/mpy_stale.py")
    ok, fields, out = whole_game(4, "mpy", 1024, ("--peak=8",))
    assert ok, out[-3000:]
    for part in (1, 2):
        counts = stale_modules(fields[part]["output"])
        assert len(counts) >= 3 and min(counts) == 0, (part, counts)
        assert not [k for k in range(1, len(counts)) if counts[k] and counts[k - 1]], (
            part, counts)


def test_the_device_says_its_heap_at_boot_and_back_at_the_menu():
    """code.py's boot line (the interpreter, the board, the bytes free after start) and, back
    at the main menu, the fewest bytes free after a collect so far (issue 18: what the first
    player with a device can tell us); the Records' System page shows the same."""
    ok, fields, out = whole_game(4, "mpy", 1024)
    assert ok, out[-3000:]
    lines = fields[1]["output"].splitlines()
    boot = [line for line in lines if line.startswith("PyGamer Mines: micropython ")]
    assert len(boot) == 1 and boot[0].endswith(" bytes free after start"), lines[:3]
    assert " on pygamer, " in boot[0]   # (host_tests/fakes/board.py)
    start = int(boot[0].split(", ")[1].split()[0])
    low = [int(line.split(": ")[-1]) for line in lines
           if line.startswith("PyGamer Mines: fewest bytes free so far: ")]
    assert low and 0 < min(low) <= start and low == sorted(low, reverse=True)


def test_the_system_page_shows_the_heap(monkeypatch):
    """Records > System: the interpreter, the board and the two heap figures code.py keeps."""
    from mines import phases
    from mines.flow import midend as M
    from mines.flow import records_screen
    monkeypatch.setattr(phases, "HEAP", ["circuitpython 10.2.1", "pygamer", 98765, 43210])
    page = records_screen.system()
    text = [row[0] for row in page.rows]
    assert text[:4] == ["circuitpython 10.2.1", "Board pygamer", "Free at start 98765",
                        "Fewest free 43210"]
    assert all(len(t) <= 26 for t in text)
    m = M.Midend(seed=1)
    assert "system" in [row[2] for row in records_screen.records_menu(m).rows]


def mpy(code, heap="1M"):
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=" + heap, "-c", code],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout.strip()


def test_modules_sent_as_source_compile_without_line_numbers():
    """code.start() sets the VM's optimisation level 3 before the game's first import, so a
    module sent as .py (deploy.py --source) compiles as the .mpy ones were (-O3: no line
    numbers; about 2K less alive in the whole game)."""
    out = mpy("""
import sys, micropython
sys.path[:0] = [%r, %r]
import boards.startup
boards.startup.start = lambda profile, seed: ()
import code
print(micropython.opt_level(), end=" ")
code.start()
print(micropython.opt_level())
""" % (REPO, os.path.join(REPO, "lib")))
    assert out == "0 3"


def test_stand_ins_hold_what_the_device_holds():
    """A bitmap's pixels and a tile grid's tiles as the device stores them; objects at least
    their device struct times the build's scale (1 on 32 bits, 2 on 64)."""
    out = mpy("""
import sys, gc
sys.path.insert(0, %r)
import displayio
b = displayio.Bitmap(160, 8, 2)      # 1 bit a pixel: 5 words a row
t = displayio.TileGrid(b, width=20, height=15, tile_width=8, tile_height=8)
t[3, 2] = 7
b[100, 7] = 1
print(len(b._data), len(t._tiles), t[3, 2], b[100, 7], b[99, 7], displayio.STRUCT_SCALE)
for name, (host, want) in displayio.HOST.items():
    assert host >= want - 16, (name, host, want)
print("ok")
""" % os.path.join(HERE, "mpy_display"))
    first, ok = out.splitlines()
    assert first == "160 304 7 1 0 2" and ok == "ok"     # 5*4*8 bytes; 300 tiles in 16s


def test_the_view_and_midend_allocate_nothing_per_frame_under_micropython():
    """Menu idle, cursor moves in a game, and an Expert board scrolling with its position lines,
    drawn every frame: nothing allocated (a frame that changes what is shown may allocate its
    new text; these do not)."""
    r = subprocess.run([MICROPYTHON, os.path.join(HERE, "mpy_view_frames.py"), REPO],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip() == "menu=0,0 play=0,0 scroll=0,0"
