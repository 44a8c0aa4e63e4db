"""Run by test_memory.py under micropython: bytes allocated per frame by the midend AND the view
(boards/view.py over the stand-in displayio of host_tests/mpy_display) while the menu idles, and while the cursor moves in a game (the clock held still, so
that the timer's digits do not change: a change may allocate its new text).

  micropython host_tests/mpy_view_frames.py REPO

Prints "menu=A,B play=C,D scroll=E,F": bytes allocated over 100 and over 400 frames (collector
off); scroll: once and four times round an Expert board, which scrolls.
"""

import gc
import sys

REPO = sys.argv[1]
sys.path[:0] = [REPO + "/host_tests/mpy_display", REPO + "/lib", REPO]
import mines.engine.generator  # noqa: E402,F401
from mines.flow import midend as M  # noqa: E402
import displayio  # noqa: E402
from boards.view import View  # noqa: E402

m = M.Midend(seed=5)
view = View(displayio.Display())
state = [0, 0]  # now (ms), frame


def step(press, advance):
    if advance:
        state[0] += 33
    state[1] += 1
    if press:
        m.press(press)
    m.frame(state[0])
    view.draw(m, state[1])


def measure(frames, presses, advance):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for i in range(frames):
        step(presses[i % len(presses)], advance)
    used = gc.mem_alloc() - before
    gc.enable()
    return used


for _ in range(300):
    step(0, True)
assert m.state == M.MENU and m.boards.generator is None  # nothing made under the menu
menu = (measure(100, (0,), True), measure(400, (0,), True))
step(M.A, True)  # Play: the board is made now
for _ in range(3000):
    if m.state == M.PLAYING:
        break
    step(0, True)
step(M.A, True)  # open the marked start cell
assert m.state == M.PLAYING and m.game.started
for _ in range(2000):  # the wrong-flag check after the open (flow.hint_part): per move, not frame
    if not m.runner.tag:
        break
    step(0, True)
step(M.RIGHT, False)
step(M.LEFT, False)  # the first moves may set up the cursor's draw state
play = (measure(100, (M.RIGHT, M.LEFT), False), measure(400, (M.RIGHT, M.LEFT), False))
# Expert scrolls: the cursor walks to the right edge and back, the view and its position
# lines following it
m.to_menu()
m.settings.set("board", 2)
m.start_game()
for _ in range(3000):
    if m.state == M.PLAYING:
        break
    step(0, True)
assert m.state == M.PLAYING and m.game.width == 30
walk = (M.RIGHT,) * 29 + (M.DOWN,) * 15 + (M.LEFT,) * 29 + (M.UP,) * 15
for press in walk:
    step(press, False)  # the draw state of every scroll position, set up once
scroll = (measure(len(walk), walk, False), measure(4 * len(walk), walk, False))
print("menu=%d,%d play=%d,%d scroll=%d,%d" % (menu + play + scroll))
