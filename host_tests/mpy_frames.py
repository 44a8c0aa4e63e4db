"""Run by test_device.py under micropython: how many bytes the midend allocates per frame while
a game is played (cursor moves) and while the menu idles.

  micropython host_tests/mpy_frames.py REPO [saves]

Prints "playing=A,B idle=C,D check=E,F": bytes allocated over 100 and over 400 frames (the
collector off), and over two moves (a flag put on and taken off) with the frames of the
wrong-flag check that follows each (with Marks on it runs after every move: mines.flow.hint_part).
The same number for A and B (C and D) means nothing is allocated per frame (a one-off after a
collect may show in both); E and F are per move, not per frame."""

import gc
import sys

sys.path.insert(0, sys.argv[1] + "/lib")
import mines.engine.generator  # noqa: E402,F401
from mines.flow import midend as M  # noqa: E402
from mines.engine.game import COVERED  # noqa: E402

m = M.Midend(seed=5)
if sys.argv[2:] == ["saves"]:  # with the save part watching every frame (mines.flow.save_part)
    from mines.flow.save_part import attach
    attach(m, bytearray(8192))
now = 0
for _ in range(300):
    now += 33
    m.frame(now)
assert m.state == M.MENU and m.boards.generator is None  # nothing made under the menu
m.press(M.A)  # Play: the board is made now
for _ in range(3000):
    if m.state == M.PLAYING:
        break
    now += 33
    m.frame(now)
    if m.take_collect():  # as code.py's loop does
        gc.collect()
now += 33
m.frame(now)
if m.take_collect():
    gc.collect()
m.press(M.A)  # open the marked start cell
assert m.state == M.PLAYING and m.game.started


def settle():
    """Frames until the check after the last move is done."""
    global now
    for _ in range(2000):
        if not m.runner.tag:
            return
        now += 33
        m.frame(now)
    raise AssertionError("the check never ended")


settle()


def play(frames):
    """Bytes allocated over ``frames`` frames of play (the collector off)."""
    global now
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    for i in range(frames):
        now += 33
        m.press(M.RIGHT if i % 2 else M.LEFT)
        m.frame(now)
    used = gc.mem_alloc() - a
    gc.enable()
    return used


def idle(frames):
    global now
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    for _ in range(frames):
        now += 33
        m.frame(now)
    used = gc.mem_alloc() - a
    gc.enable()
    return used


def check():
    """Bytes allocated by one move (a flag on or off under the cursor) and the check after it."""
    global now
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    job = m.assist
    job.hinter.work = -1   # (the check's begin sets it to 0)
    m.press(M.B)
    now += 33
    m.frame(now)
    # Running, or done in the move's own frame (a flag changes nothing the view loads).
    assert m.runner.tag or job.hinter.work >= 0, "no check after the move"
    settle()
    used = gc.mem_alloc() - a
    gc.enable()
    return used


p100 = play(100)
p400 = play(400)
while m.game.tile(m.cx, m.cy) != COVERED:   # a covered cell under the cursor
    now += 33
    m.press(M.RIGHT if m.cx + 1 < m.game.width else M.DOWN)
    m.frame(now)
c1 = check()   # the flag put on
check()        # and taken off (a move of another kind: its own amount)
c2 = check()   # and put on again: the same amount, nothing kept
m.press(M.SELECT)
for _ in range(400):
    now += 33
    m.frame(now)
assert m.state == M.MENU and m.boards.generator is None
i100 = idle(100)
i400 = idle(400)
print("playing=%d,%d idle=%d,%d check=%d,%d" % (p100, p400, i100, i400, c1, c2))
