"""Run by test_device.py and tools/memory.py under ``micropython -X heapsize=...``: the game
(midend, game, engine; with --display also the screen: boards/view.py over the stand-in
displayio and terminalio of host_tests/mpy_display and the real adafruit_display_text) plays
scripted games through logical button presses.

  micropython -X heapsize=96K host_tests/mpy_games.py REPO GAMES [BOARD,...] [saves] [--display=LIB]
      [--mpy=DIR] [--peak=N] [--misflag] [--phases]

Run it from the repository with REPO "." (tools/memory.py's ``games_command`` does): the script
changes to REPO and puts short relative entries on sys.path, so the heap a run needs does not
depend on where the checkout lives (every import builds path strings on the heap).
LIB: the folder holding adafruit_display_text (tools/memory.py finds it; relative to REPO when
it can be). DIR: a folder of .mpy files made by mpy-cross from lib/, boards/ and the library
(tools/memory.py --mpy makes it): imported instead of the sources, as a deploy with --mpy-cross
does, so the compiler's heap and garbage are not counted. N: collect every N frames and report
the most bytes alive after a collect (``peak=`` in the last line). --misflag: every game
begins with a flag on a cell without a mine (the wrong-flag check, and with it the hint
machinery, then runs after every move of every size). --phases (with --peak): also print,
after the OK line, one line per phase of the game (mpy_phases.phase) with its most bytes alive
after a collect and the modules loaded then. With ``saves`` the game
keeps its saves in an 8192-byte bytearray (the device's NVM is not in its heap; this one is, made
first, in one piece).

A BOARD is a preset's name or WxH (a custom size with 30% mines).

First one full game from the menu to a win, then GAMES games back to back over every preset and
a large custom board, in both modes: every fourth is played out to a win, the others are lost on
a mine or abandoned, so boards of every size are made, used and dropped again and again (heap
fragmentation). Prints one line: "OK games=... won=... lost=... min_free=...".
"""

import gc
import os
import sys

ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
DISPLAY = ""
MPY = ""
PEAK_EVERY = 0
MISFLAG = "--misflag" in sys.argv
PHASES_WANTED = "--phases" in sys.argv
for _a in sys.argv[1:]:
    if _a.startswith("--display="):
        DISPLAY = _a[10:]
    elif _a.startswith("--mpy="):
        MPY = _a[6:]
    elif _a.startswith("--peak="):
        PEAK_EVERY = int(_a[7:])
REPO = ARGS[0]
GAMES = int(ARGS[1])
BOARDS = tuple(ARGS[2].split(",")) if len(ARGS) > 2 else (
    "Beginner", "Intermediate", "Expert", "Screen")
os.chdir(REPO)
# The whole path, short and relative: the same strings (and heap) in any checkout, any $HOME.
sys.path[:] = ["lib", "host_tests"]
if MPY:
    sys.path.insert(0, MPY)  # the compiled modules win over the sources
if DISPLAY:
    sys.path.insert(len(sys.path) - 2, "host_tests/mpy_display")  # displayio, terminalio
    sys.path.append(".")  # boards/
    sys.path.append(DISPLAY)  # adafruit_display_text, as deployed
NVM = bytearray(8192) if ARGS[3:] == ["saves"] else None

# Import order matters in a small heap: the biggest modules first, while the heap is empty.
import mines.generator  # noqa: E402,F401
gc.collect()
import mines.midend  # noqa: E402,F401  (and the modules it imports)
gc.collect()
if NVM is not None:
    import mines.saving  # noqa: E402,F401
    gc.collect()
VIEW = None
STAND_IN = 0
if DISPLAY:
    # The stand-ins' own code is host-only (displayio and terminalio are built into the
    # device's firmware): measured, so that tools/memory.py can say how much of a figure it is.
    gc.collect()
    STAND_IN = gc.mem_alloc()
    import displayio  # noqa: E402
    import terminalio  # noqa: E402,F401
    gc.collect()
    STAND_IN = gc.mem_alloc() - STAND_IN
    import boards.view  # noqa: E402
    gc.collect()
    VIEW = boards.view.View(displayio.Display())
    gc.collect()
import mpy_runner  # noqa: E402

PHASES = None
if PHASES_WANTED:
    import mpy_phases  # noqa: E402
    PHASES = mpy_phases.Phases()
mpy_runner.main(GAMES, BOARDS, VIEW, STAND_IN, NVM, PEAK_EVERY, MISFLAG, PHASES)
if PHASES:
    for _line in PHASES.lines():
        print(_line)
