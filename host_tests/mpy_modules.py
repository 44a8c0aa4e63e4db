"""Run by tools/memory.py --floor under micropython: the heap each module takes once imported
(its code, data and the names it adds), one after another in the order given, as the game
loads them. Each import is measured after the ones before it, so a module shared by two is
counted once, with the first.

  micropython -X heapsize=512K host_tests/mpy_modules.py MPYDIR LIB NAME,NAME,... [--objects]

Run it from the repository (short relative paths, as mpy_games.py). MPYDIR: the .mpy files
(tools/memory.py --mpy's folder; "" for the sources); LIB: the folder holding
adafruit_display_text. Prints one line a module: "module NAME BYTES". --objects (the names
must bring in mines.generator, mines.midend, mines.assist, displayio and boards.view): then
the big objects' sizes, one line each, "object NAME BYTES": the View, the Midend, the main
menu drawn (its text screen and Labels; "menu_tilegrids": the Labels' TileGrids), and a 30x24
board's Generator, Game and hint job (made, before it runs).
"""

import gc
import sys

MPY, LIB, NAMES = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
sys.path[:] = ["lib", "host_tests/mpy_display", "host_tests", ".", LIB]
if MPY:
    sys.path.insert(0, MPY)
gc.collect()
_before = gc.mem_alloc()
for _name in NAMES:
    __import__(_name)
    gc.collect()
    _now = gc.mem_alloc()
    print("module %s %d" % (_name, _now - _before))
    _before = _now


def _size(make):
    gc.collect()
    before = gc.mem_alloc()
    made = make()
    gc.collect()
    return made, gc.mem_alloc() - before


if "--objects" in sys.argv:
    import displayio
    from boards.view import View
    from mines.assist import HintJob
    from mines.game import Game
    from mines.generator import Generator
    from mines.midend import Midend
    from boards import forget
    forget("boards.tiles")  # (loaded by boards.view; View() loads it and drops it again)
    view, n = _size(lambda: View(displayio.Display()))
    print("object View %d" % n)
    m, n = _size(lambda: Midend(seed=1))
    print("object Midend %d" % n)
    _, n = _size(lambda: view.draw(m, 0))
    print("object main_menu %d" % n)
    print("object menu_tilegrids %d" % sum(len(lab._local_group) for lab in view.text.labels))
    gen, n = _size(lambda: Generator(30, 24))
    print("object Generator_30x24 %d" % n)
    game, n = _size(lambda: Game(30, 24))
    print("object Game_30x24 %d" % n)
    game.new(gen.board, 1)
    _, n = _size(lambda: HintJob(game, gen.solver))
    print("object HintJob_30x24 %d" % n)
