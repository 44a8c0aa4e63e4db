"""mpy_whole.py with a count of the module objects in the heap (tools: test_memory.py): every
STALE_EVERY-th live-peak sample (--phases is implied) prints "=== N", N the modules in
sys.modules, then the heap's block table (micropython.mem_info(1): a module object's block
is an "M"), then "===". A module of ours let go (mines.phases.forget) while an object still
holds it - a menu on the screen whose code the phase let go - stays in the heap beside the
copy imported next: the table then has more M blocks than sys.modules has modules.

    micropython -X heapsize=... host_tests/mpy_stale.py REPO NVMFILE PART [mpy_whole's options]
"""

import sys

import micropython

import mpy_phases

STALE_EVERY = 25
_record = mpy_phases.Phases.record
_sampled = [0]


def _sample_heap(self, m, alive):
    _sampled[0] += 1
    if _sampled[0] % STALE_EVERY == 0:
        print("=== %d" % len(sys.modules))
        micropython.mem_info(1)
        print("===")
    _record(self, m, alive)


mpy_phases.Phases.record = _sample_heap
if "--phases" not in sys.argv:
    sys.argv.append("--phases")
with open("host_tests/mpy_whole.py") as _f:
    exec(_f.read())
