"""The memory measurement's machinery (tools/memory.py gives the figures): the game with its
display plays under micropython over the stand-in displayio and terminalio and the real
adafruit_display_text; the stand-ins allocate what the device's objects hold."""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
MICROPYTHON = os.path.join(REPO, ".venv", "bin", "micropython")
sys.path.insert(0, os.path.join(REPO, "tools"))

import memory  # noqa: E402


def mpy(code, heap="1M"):
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=" + heap, "-c", code],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout.strip()


def test_the_game_with_its_display_plays_under_micropython():
    ok, line, output = memory.run_games("512K", 12, "30x24,Beginner", display=True, timeout=600)
    assert ok, output[-2000:]
    out = dict(kv.split("=") for kv in line[3:].split())
    assert out["games"] == "13" and int(out["won"]) >= 3
    assert int(out["stand_in"]) > 1000                  # measured, so it can be subtracted


def test_stand_ins_hold_what_the_device_holds():
    """A bitmap's pixels and a tile grid's tiles as the device stores them; objects at least
    twice their device struct (the host proxy's scale)."""
    out = mpy("""
import sys, gc
sys.path.insert(0, %r)
import displayio
b = displayio.Bitmap(160, 8, 2)      # 1 bit a pixel: 5 words a row
t = displayio.TileGrid(b, width=20, height=15, tile_width=8, tile_height=8)
t[3, 2] = 7
b[100, 7] = 1
print(len(b._data), len(t._tiles), t[3, 2], b[100, 7], b[99, 7])
for name, (host, want) in displayio.HOST.items():
    assert host >= want - 16, (name, host, want)
print("ok")
""" % os.path.join(HERE, "mpy_display"))
    first, ok = out.splitlines()
    assert first == "160 304 7 1 0" and ok == "ok"       # 5*4*8 bytes; 300 tiles in 16s


def test_the_view_and_midend_allocate_nothing_per_frame_under_micropython():
    """Menu idle, cursor moves in a game, and an Expert board scrolling with its position lines,
    drawn every frame: nothing allocated (a frame that changes what is shown may allocate its
    new text; these do not)."""
    r = subprocess.run([MICROPYTHON, os.path.join(HERE, "mpy_view_frames.py"), REPO,
                        memory.display_library()], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip() == "menu=0,0 play=0,0 scroll=0,0"


def test_per_phase_peaks_cover_every_phase_and_the_floor_counts_what_is_loaded():
    """--phases: each phase of the game records its most bytes alive (the run's peak is the
    largest of them) and the modules loaded then; mpy_modules.py measures each module group."""
    ok, line, output = memory.run_games("512K", 12, "30x24,Beginner", display=True,
                                        extra=("--peak=8", "--phases"), timeout=600)
    assert ok, output[-2000:]
    peak = int(line.split("peak=")[1].split()[0])
    phases = {}
    for row in output.splitlines():
        if row.startswith("phase "):
            parts = row.split(" ")
            phases[" ".join(parts[1:-2])] = (int(parts[-2]), parts[-1].split(","))
    for name, _, _ in memory.FLOOR_PHASES:
        assert name in phases, sorted(phases)
    assert max(alive for alive, _ in phases.values()) == peak
    assert "mines.assist" in phases["playing 30x24+hints"][1]
    assert "adafruit_display_text.label" in phases["menu"][1]
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=512K", "host_tests/mpy_modules.py", "",
                        memory.short_path(memory.display_library()),
                        "mines.board,mines.solver,mines.midend"], cwd=REPO,
                       capture_output=True, text=True, timeout=120)
    sizes = dict((w[1], int(w[2])) for w in (s.split() for s in r.stdout.splitlines()))
    assert list(sizes) == ["mines.board", "mines.solver", "mines.midend"], r.stdout + r.stderr
    assert all(n > 500 for n in sizes.values())
    order = ",".join(names for _, names in memory.FLOOR_GROUPS)
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=512K", "host_tests/mpy_modules.py", "",
                        memory.short_path(memory.display_library()), order, "--objects"],
                       cwd=REPO, capture_output=True, text=True, timeout=120)
    objects = dict((w[1], int(w[2])) for w in (s.split() for s in r.stdout.splitlines())
                   if w[0] == "object")
    assert set(objects) == {"View", "Midend", "main_menu", "menu_tilegrids", "Generator_30x24",
                            "Game_30x24", "HintJob_30x24"}, r.stdout + r.stderr
    assert objects["Generator_30x24"] > 30 * 24 * 8 and 50 < objects["menu_tilegrids"] < 120
