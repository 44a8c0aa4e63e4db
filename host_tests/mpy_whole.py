"""The whole game, scripted, as the device runs it: code.py's own start-up and frame loop over a
stand-in profile (display, buttons, NeoPixels, speaker, NVM), so that tools/memory.py --device
can find the smallest heap it plays in. Runs under micropython (32- or 64-bit) and CPython.

  micropython -X heapsize=112K host_tests/mpy_whole.py REPO NVMFILE PART [--games=N]
      [--mpy=DIR] [--peak=N] [--phases] [--seed=N]

Run it from the repository with REPO "." (tools/memory.py does): the script changes to REPO and
puts short relative entries on sys.path, like the device's ("", "/lib"). NVMFILE: the NVM's 8192
bytes, kept in a file (created blank if missing) so that the NVM is not on the heap, as on the
device. PART 1 plays the game from a fresh start; PART 2 is the same device switched on again:
it resumes the game PART 1 left paused, and wins it. DIR: the .mpy files of lib/ and boards/
(tools/memory.py makes them as tools/deploy.py does; without it, the sources). --peak=N: collect every N frames
and report the most bytes alive after a collect; --phases: also the most per phase
(mpy_phases.phase) after the OK line.

PART 1, every screen and feature the menu offers, with Marks and sound on and saves kept:
Help, Records (statistics, best times), GAMES sweeper games over every preset and the largest
and smallest custom boards (ten games a board; each pass over them moves a board on to another
level and start mode, so each is made at two levels at least; won, lost, abandoned, hints asked,
a wrong flag checked, "Again"), a Random board's probability map, a Kind board's
rescue, a board typed on the Code screen, a puzzle of every size and level made and solved (with
its hint, check and undo), and last a game left paused, saved for PART 2.
Prints one line: "OK part=... frames=... min_free=... peak=... host_only=... writes=...":
host_only is the heap the stand-ins and the player (host_tests/whole_player.py) take, which a
device does not hold (its firmware has them, or a profile in their place).
"""

import gc
import os
import sys

ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
OPT = {}
for _a in sys.argv[1:]:
    if _a.startswith("--"):
        _k, _, _v = _a[2:].partition("=")
        OPT[_k] = _v
os.chdir(ARGS[0])
# displayio, terminalio (the device's firmware), the audio fakes and this folder's modules
sys.path[:] = [OPT.get("mpy") or "lib", ".", "host_tests/mpy_display", "host_tests/fakes",
               "host_tests"]

if not hasattr(gc, "mem_free"):  # CPython, when debugging this file
    gc.mem_free = gc.mem_alloc = lambda: 0

# Host-only code, measured: the stand-ins for the device's firmware and the player.
gc.collect()
_before = gc.mem_alloc()
import displayio  # noqa: E402,F401
import terminalio  # noqa: E402,F401
import audiocore  # noqa: E402,F401
import audioio  # noqa: E402,F401
import digitalio  # noqa: E402,F401
import board  # noqa: E402,F401  (the fake: board_id "pygamer", for code.py's boot line)
import whole_player  # noqa: E402
if "phases" in OPT:
    import mpy_phases  # noqa: E402,F401
gc.collect()
whole_player.main(OPT, ARGS[1], int(ARGS[2]), gc.mem_alloc() - _before)
