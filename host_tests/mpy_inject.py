"""Run by test_failures.py under micropython: the failure-injection sweeps of inject.py (a
MemoryError, or another error, at every point of making a board; the job must end on the menu
with a message and the next game must be made and won).

  micropython host_tests/mpy_inject.py REPO [SPREAD]

SPREAD (default 40) caps the points tried on the big boards (evenly spread); 0 tries them all.
Prints one line: "OK tried=N".
"""

import sys

REPO = sys.argv[1]
SPREAD = int(sys.argv[2]) if len(sys.argv) > 2 else 40
sys.path.insert(0, REPO + "/lib")
sys.path.insert(0, REPO + "/host_tests")

import inject  # noqa: E402

tried = 0
for quick in (True, False):
    tried += inject.sweep(5, 9, 9, 10, quick)                           # Beginner: every point
    tried += inject.sweep(5, 20, 15, 45, quick, most=SPREAD)            # the screen-sized board
tried += inject.sweep(5, 9, 9, 10, True, kind="draw")                  # deep in the work
tried += inject.sweep(5, 30, 16, 99, True, most=SPREAD)                 # Expert
tried += inject.sweep(5, 30, 24, 216, True, kind="draw", most=SPREAD // 2)  # the largest
tried += inject.sweep(5, 9, 9, 10, True, error=TypeError, most=8)       # not only memory
print("OK tried=%d" % tried)
