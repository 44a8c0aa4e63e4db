"""The scripted games of mpy_games.py (imported after the engine and the midend, so that the
big modules compile while the heap is still empty)."""

import gc

if not hasattr(gc, "mem_free"):  # CPython, when debugging this file there
    gc.mem_free = lambda: 0

from mines import midend as M
from mines.game import COVERED, FLAG

class Run:
    def __init__(self):
        self.m = M.Midend(seed=1234)
        self.now = 0
        self.min_free = gc.mem_free()
        self.frames = 0

    def frame(self, presses=0):
        self.now += 33
        if presses:
            self.m.press(presses)
        self.m.frame(self.now)
        self.m.cue = 0
        if self.m.collect_wanted:  # as code.py does: collect high in the stack
            self.m.collect_wanted = False
            gc.collect()
        self.frames += 1
        if self.frames % 64 == 0:
            free = gc.mem_free()
            if free < self.min_free:
                self.min_free = free

    def until(self, state, limit):
        for _ in range(limit):
            if self.m.state == state:
                return
            self.frame()
        raise AssertionError("state %d never came (at %d, %dx%d: %r)" % (
            state, self.m.state, self.m.width, self.m.height, self.m.message))

    def walk(self, x, y):
        m = self.m
        for _ in range(m.width + m.height + 2):
            if m.cx < x:
                self.frame(M.RIGHT)
            elif m.cx > x:
                self.frame(M.LEFT)
            elif m.cy < y:
                self.frame(M.DOWN)
            elif m.cy > y:
                self.frame(M.UP)
            else:
                return
        raise AssertionError("cursor stuck at %d,%d on the way to %d,%d (state %d, %r)" % (
            m.cx, m.cy, x, y, m.state, m.message))

    def win(self):
        """Open every safe cell in reading order, by button presses."""
        m = self.m
        game = m.game
        board = game.board
        for y in range(game.height):
            for x in range(game.width):
                i = board.index(x, y)
                if board.mine[i]:
                    continue
                s = game.shown[i]
                if s == FLAG:
                    self.walk(x, y)
                    self.frame(M.B)
                if game.shown[i] == COVERED:
                    self.walk(x, y)
                    self.frame(M.A)
        assert m.state == M.WON, "not won: state %d" % m.state

    def lose(self):
        m = self.m
        board = m.game.board
        for y in range(board.height):
            for x in range(board.width):
                if board.is_mine(x, y) and m.game.tile(x, y) == COVERED:
                    self.walk(x, y)
                    self.frame(M.A)
                    assert m.state == M.LOST
                    return
        raise AssertionError("no covered mine")

    def start(self):
        """From the menu or an end screen: start a game and open its first cell."""
        m = self.m
        if m.state == M.MENU:
            while m.row != M.ROW_START:
                self.frame(M.DOWN)
            self.frame(M.A)
        else:
            self.frame(M.A)
        if m.quick:
            if m.state == M.GENERATING:
                self.until(M.PLAYING, 20000)
            self.walk(m.start_x, m.start_y)
            self.frame(M.A)
        else:
            assert m.state == M.READY, "state %d, %dx%d: %r" % (m.state, m.width, m.height, m.message)
            self.walk(m.width // 3, m.height // 3)
            self.frame(M.A)
            self.until(M.PLAYING, 20000)
        assert m.game.started and m.game.opened >= 4  # a zero start: 4+ cells even in a corner


def choose(run, board, quick):
    m = run.m
    if m.state != M.MENU:
        run.frame(M.SELECT)
    if m.quick != quick:
        while m.row != M.ROW_MODE:
            run.frame(M.UP)
        run.frame(M.RIGHT)
    while m.row != M.ROW_BOARD:
        run.frame(M.UP)
    while m.board_name() != board:
        run.frame(M.RIGHT)
    if board == "Custom":
        while m.row != M.ROW_WIDTH:
            run.frame(M.DOWN)
        while m.width != 30:
            run.frame(M.RIGHT)
        run.frame(M.DOWN)
        while m.height != 24:
            run.frame(M.RIGHT)
    run.frame()


def main(GAMES, boards):
    run = Run()
    m = run.m
    # one whole game from the menu to a win, with a flag put on and taken off on the way
    run.start()
    run.frame(M.B)
    run.frame(M.B)
    run.win()
    won = 1
    lost = 0
    for k in range(GAMES):
        if k % 10 == 0:
            choose(run, boards[(k // 10) % len(boards)], (k // 10) % 3 != 1)
            gc.collect()
        run.start()
        if k % 4 == 0:
            run.win()
            won += 1
        elif k % 4 == 3:
            run.frame(M.SELECT)  # abandoned
            assert m.state == M.MENU
        else:
            run.lose()
            lost += 1
    print("OK games=%d won=%d lost=%d frames=%d min_free=%d" % (
        GAMES + 1, won, lost, run.frames, run.min_free))

