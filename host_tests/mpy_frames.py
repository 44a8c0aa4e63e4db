"""Run by test_device.py under micropython: how many bytes the midend allocates per frame while
a game is played (cursor moves) and while the menu idles with its quick-start board ready.

  micropython host_tests/mpy_frames.py REPO

Prints "playing=N idle=N" (bytes allocated over 200 frames each, the collector off)."""

import gc
import sys

sys.path.insert(0, sys.argv[1] + "/lib")
import mines.generator  # noqa: E402,F401
from mines import midend as M  # noqa: E402

m = M.Midend(seed=5)
now = 0
for _ in range(300):
    now += 33
    m.frame(now)
assert m.prepared()
m.press(M.A)
m.press(M.A)  # open the marked start cell
assert m.state == M.PLAYING and m.game.started
for i in range(4):  # warm up: the first calls may allocate once (caches), not per frame
    now += 33
    m.press(M.RIGHT if i % 2 else M.LEFT)
    m.frame(now)
gc.collect()
gc.disable()
a = gc.mem_alloc()
for i in range(200):
    now += 33
    m.press(M.RIGHT if i % 2 else M.LEFT)
    m.frame(now)
playing = gc.mem_alloc() - a
gc.enable()
m.press(M.SELECT)
for _ in range(400):
    now += 33
    m.frame(now)
assert m.prepared()
gc.collect()
gc.disable()
a = gc.mem_alloc()
for _ in range(200):
    now += 33
    m.frame(now)
idle = gc.mem_alloc() - a
print("playing=%d idle=%d" % (playing, idle))
