"""How much heap the game needs: scripted games under micropython with the display's own objects
counted, in the smallest ``-X heapsize`` that plays them all (a table for people, JSON for
scripts).

  python tools/memory.py [--games 200] [--json FILE] [--quick]

Each configuration runs host_tests/mpy_games.py (a game from the menu to a win, then GAMES
games back to back, boards changing every 10 games, both modes; wins, losses and abandoned
games) in micropython at a heap size; a binary search in 4 KB steps finds the smallest that
passes, and a run at 96K says whether the project's device proxy holds. "with display" draws
every frame through boards/view.py over host_tests/mpy_display (stand-in displayio and
terminalio that allocate what CircuitPython's objects hold) and the real adafruit_display_text;
the stand-ins' own code (host only: the device's displayio is firmware) is measured and
subtracted in the "-stand-in" column. --quick: 40 games (a smoke run; the README uses 200).
"""

import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
SCRIPT = os.path.join(ROOT, "host_tests", "mpy_games.py")
ALL_BOARDS = "Beginner,Intermediate,Expert,Screen,30x24"
SMALL_BOARDS = "Beginner,Intermediate,Screen"
PROXY_K = 96  # host heap that stands for the device's (host objects are about twice the size)
STEP_K = 4
LOW_K = 64
HIGH_K = 512


def display_library():
    """The folder that holds adafruit_display_text (the .venv's copy)."""
    import adafruit_display_text
    return os.path.dirname(os.path.dirname(os.path.abspath(adafruit_display_text.__file__)))


def run(heap_k, games, boards, display):
    """(passed, last line of output) of one run at ``heap_k`` KB."""
    cmd = [MICROPYTHON, "-X", "heapsize=%dK" % heap_k, SCRIPT, ROOT, str(games), boards]
    if display:
        cmd.append("--display=" + display_library())
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    lines = (r.stdout + r.stderr).strip().splitlines()
    last = lines[-1] if lines else ""
    return r.returncode == 0 and last.startswith("OK "), last


def smallest_heap(games, boards, display):
    """The smallest heap (KB, STEP_K steps) in which the run passes, and the runs made."""
    lo, hi = LOW_K, HIGH_K  # lo fails (assumed), hi passes (checked)
    ok, last = run(hi, games, boards, display)
    if not ok:
        return None, last
    while hi - lo > STEP_K:
        mid = (lo + hi) // 2 // STEP_K * STEP_K
        ok, _ = run(mid, games, boards, display)
        if ok:
            hi = mid
        else:
            lo = mid
    return hi, last


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    ap.add_argument("--json", help="also write the results to this file")
    ap.add_argument("--quick", action="store_true", help="40 games: a smoke run")
    args = ap.parse_args(argv)
    games = 40 if args.quick else args.games
    if games < 1:
        ap.error("--games must be at least 1")
    if not os.path.exists(MICROPYTHON):
        print("memory.py: %s is missing (run tools/setup.sh)" % MICROPYTHON, file=sys.stderr)
        return 2
    rows = []
    print("%-12s %-42s %8s %8s  %s" % ("", "boards (every 10 games the next)", "heap",
                                        "-stand-in", "at the 96K proxy"))
    for display in (False, True):
        for boards in (SMALL_BOARDS, ALL_BOARDS):
            t = time.time()
            heap, last = smallest_heap(games, boards, display)
            at_proxy, _ = run(PROXY_K, games, boards, display)
            stand_in = 0
            for kv in last.split():
                if kv.startswith("stand_in="):
                    stand_in = int(kv[9:])
            without = heap - stand_in // 1024 if heap else None
            rows.append({"display": display, "boards": boards, "games": games,
                         "smallest_heap_k": heap, "stand_in_code_k": stand_in // 1024,
                         "smallest_heap_without_stand_ins_k": without,
                         "passes_at_96k": at_proxy, "last_line": last,
                         "seconds": round(time.time() - t, 1)})
            print("%-12s %-42s %8s %8s  96K: %s" % (
                "with display" if display else "logic only", boards,
                "%dK" % heap if heap else "> %dK" % HIGH_K,
                "%dK" % without if without else "-", "pass" if at_proxy else "FAIL"),
                flush=True)
    out = {"games": games, "step_k": STEP_K, "proxy_k": PROXY_K, "results": rows}
    print(json.dumps(out))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
