"""Run by test_nothing_lost.py under micropython: a MemoryError at the entry point of every job
the game starts (job_inject.py), each in a fresh game with saves; the game and its save must
survive.

  micropython host_tests/mpy_job_inject.py REPO

Prints one line per point, "point=message", then "OK points=N".
"""

import sys

REPO = sys.argv[1]
sys.path.insert(0, REPO + "/lib")
sys.path.insert(0, REPO + "/host_tests")

import job_inject  # noqa: E402

lines = job_inject.main()
for line in lines:
    print(line)
print("OK points=%d" % len(lines))
