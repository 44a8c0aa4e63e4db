"""The scripted games of mpy_games.py (imported after the engine and the midend, so that the
big modules compile while the heap is still empty).

The scripts are generators that yield button presses (0: an idle frame); ``main`` feeds them to
the midend from one flat loop, like code.py's, and collects there, high in the stack, when the
midend has dropped big buffers. (A collect deep in nested calls can find stale pointers to the
old buffers on MicroPython's stack and keep them.)
"""

import gc

if not hasattr(gc, "mem_free"):  # CPython, when debugging this file there
    gc.mem_free = lambda: 0

from mines import midend as M
from mines.game import BAD_FLAG, COVERED, FLAG


def until(m, state, limit):
    for _ in range(limit):
        if m.state == state:
            return
        yield 0
    raise AssertionError("state %d never came (at %d, %dx%d: %r)" % (
        state, m.state, m.settings.width, m.settings.height, m.message))


def walk(m, x, y):
    for _ in range(m.settings.width + m.settings.height + 2):
        if m.cx < x:
            yield M.RIGHT
        elif m.cx > x:
            yield M.LEFT
        elif m.cy < y:
            yield M.DOWN
        elif m.cy > y:
            yield M.UP
        else:
            return
    raise AssertionError("cursor stuck at %d,%d on the way to %d,%d (state %d, %r)" % (
        m.cx, m.cy, x, y, m.state, m.message))


def win(m):
    """Open every safe cell in reading order, by button presses."""
    width, height = m.settings.width, m.settings.height
    for y in range(height):
        for x in range(width):
            board = m.game.board
            i = board.index(x, y)
            mine = board.mine[i]
            board = None
            if mine:
                continue
            if m.game.shown[i] == FLAG or m.game.shown[i] == BAD_FLAG:
                yield from walk(m, x, y)
                yield M.B
            if m.game.shown[i] == COVERED:
                yield from walk(m, x, y)
                yield M.A
    assert m.state == M.WON, "not won: state %d" % m.state


def lose(m):
    target = None
    for y in range(m.settings.height):
        for x in range(m.settings.width):
            if target is None and m.game.board.is_mine(x, y) and m.game.tile(x, y) == COVERED:
                target = (x, y)
    assert target is not None, "no covered mine"
    yield from walk(m, target[0], target[1])
    yield M.A
    assert m.state == M.LOST


def start(m):
    """From the menu or an end screen: start a game and open its first cell."""
    if m.state == M.MENU:
        while m.screen.rows[m.screen.row][2] != "play":
            yield M.DOWN
    yield M.A
    if m.settings.quick:
        if m.state == M.GENERATING:
            yield from until(m, M.PLAYING, 20000)
        yield from walk(m, m.start_x, m.start_y)
        yield M.A
    else:
        assert m.state == M.READY, "state %d, %dx%d: %r" % (
            m.state, m.settings.width, m.settings.height, m.message)
        yield from walk(m, m.settings.width // 3, m.settings.height // 3)
        yield M.A
        yield from until(m, M.PLAYING, 20000)
    assert m.game.started and m.game.opened >= 4  # a zero start: 4+ cells even in a corner


def choose(m, board, quick):
    if m.state != M.MENU:
        yield M.SELECT
    if m.settings.quick != quick:
        while m.screen.rows[m.screen.row][1] != "quick":
            yield M.UP
        yield M.RIGHT
    yield from to_row(m, "board")
    want = "Custom" if board[0] in "0123456789" else board
    while m.settings.board_name() != want:
        yield M.RIGHT
    if want == "Custom":  # "WxH": that size with 30% mines (the densest boards take seconds)
        w, h = board.split("x")
        for name, value in (("width", int(w)), ("height", int(h))):
            yield from to_row(m, name)
            while getattr(m.settings, name) != value:
                yield M.RIGHT if getattr(m.settings, name) < value else M.LEFT
        yield from to_row(m, "mines")
        want_mines = int(w) * int(h) * 30 // 100
        while m.settings.mines != want_mines:  # one press at a time: never held, never fast
            yield M.RIGHT if m.settings.mines < want_mines else M.LEFT
            for _ in range(5):  # more than the midend's held-button gap
                yield 0
    yield 0


def to_row(m, name):
    while m.screen.rows[m.screen.row][1] != name:
        yield M.DOWN


def misflag(m):
    """A flag on the first covered cell without a mine (the numbers may disprove it)."""
    board = m.game.board
    for y in range(m.settings.height):
        for x in range(m.settings.width):
            if m.game.tile(x, y) == COVERED and not board.is_mine(x, y):
                board = None
                yield from walk(m, x, y)
                yield M.B
                assert m.game.tile(x, y) in (FLAG, BAD_FLAG)
                return


def script(m, games, boards, tally, wrong=False):
    # one whole game from the menu to a win, with a flag put on and taken off on the way
    yield from start(m)
    yield M.B
    yield M.B
    yield from win(m)
    tally[0] += 1
    for k in range(games):
        if k % 10 == 0:
            yield from choose(m, boards[(k // 10) % len(boards)], (k // 10) % 3 != 1)
        yield from start(m)
        # marks on (the default): the check after every move keeps the hint job, so the heap
        # must hold it in every game (made by the first open; "No memory for hints" otherwise)
        assert m.assist is not None, m.message
        if wrong:
            yield from misflag(m)
        if k % 4 == 0:
            yield from win(m)
            tally[0] += 1
        elif k % 4 == 3:
            yield M.SELECT  # abandoned
            assert m.state == M.MENU
        else:
            yield from lose(m)
            tally[1] += 1
        if m.state != M.MENU:   # the end panel read for a moment (a collect falls in it)
            for _ in range(8):
                yield 0


def main(games, boards, view=None, stand_in=0, nvm=None, peak_every=0, wrong=False,
         phases=None):
    """Play the script; ``view`` (a boards.view.View over a stand-in display, or None) draws
    every frame; ``stand_in``: host bytes of the stand-in modules' code, reported; ``nvm``: a
    bytearray to keep saves in (None: no saves); ``peak_every``: collect every this many frames
    and report the most bytes alive after a collect (``peak``; 0: not measured). The live peak
    is what the game holds at its fullest, without fragmentation: it moves only when the game
    holds more or less, where the smallest passing heap is ragged. ``wrong``: every game
    begins with a wrong flag (``misflag``). ``phases``: an mpy_phases.Phases that records
    each collect's bytes alive (with ``peak_every``)."""
    m = M.Midend(seed=1234)
    if nvm is not None:  # saves kept in nvm, as on the device
        from mines.saving import attach
        attach(m, nvm)
    tally = [0, 0]
    now = 0
    frames = 0
    min_free = gc.mem_free()
    peak = 0
    for presses in script(m, games, boards, tally, wrong):
        now += 33
        if presses:
            m.press(presses)
        m.frame(now)
        if view is not None:
            view.draw(m, frames)
        m.take_cues()
        if m.take_collect():  # as code.py does: collect here, high in the stack
            gc.collect()
        frames += 1
        if peak_every and frames % peak_every == 0:
            gc.collect()
            alive = gc.mem_alloc()
            peak = max(peak, alive)
            if phases is not None:
                phases.record(m, alive)
        if frames % 64 == 0:
            free = gc.mem_free()
            if free < min_free:
                min_free = free
    writes = m.saves.store.writes if m.saves is not None else 0
    print("OK games=%d won=%d lost=%d frames=%d min_free=%d stand_in=%d writes=%d peak=%d" % (
        games + 1, tally[0], tally[1], frames, min_free, stand_in, writes, peak))
