"""Run by tools/memory.py --floor under micropython: the heap each module takes once imported
(its code, data and the names it adds), one after another in the order given, as the game
loads them. Each import is measured after the ones before it, so a module shared by two is
counted once, with the first.

  micropython -X heapsize=512K host_tests/mpy_modules.py MPYDIR LIB NAME,NAME,...

Run it from the repository (short relative paths, as mpy_games.py). MPYDIR: the .mpy files
(tools/memory.py --mpy's folder; "" for the sources); LIB: the folder holding
adafruit_display_text. Prints one line a module: "module NAME BYTES".
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
