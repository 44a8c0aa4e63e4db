"""Run by test_device.py under ``micropython -X heapsize=96K``: the game logic (midend, game,
engine; no display, no buttons hardware) plays scripted games through logical button presses.

  micropython -X heapsize=96K host_tests/mpy_games.py REPO GAMES [BOARD,BOARD...]

First one full game from the menu to a win, then GAMES games back to back over every preset and
a large custom board, in both modes: every fourth is played out to a win, the others are lost on
a mine or abandoned, so boards of every size are made, used and dropped again and again (heap
fragmentation). Prints one line: "OK games=... won=... lost=... min_free=...".
"""

import gc
import sys

REPO = sys.argv[1]
GAMES = int(sys.argv[2])
BOARDS = tuple(sys.argv[3].split(",")) if len(sys.argv) > 3 else (
    "Beginner", "Intermediate", "Expert", "Screen")
sys.path.insert(0, REPO + "/lib")
sys.path.insert(0, REPO + "/host_tests")

# Import order matters in a small heap: the biggest modules first, while the heap is empty.
import mines.generator  # noqa: E402,F401
gc.collect()
import mines.midend  # noqa: E402,F401  (and the modules it imports)
gc.collect()
import mpy_runner  # noqa: E402

mpy_runner.main(GAMES, BOARDS)
