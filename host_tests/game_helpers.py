"""Helpers for the game tests: paths as on the device, a frame driver with a fake clock, button
scripts that walk the cursor, and a counting stand-in generator whose slices are exact.

Kept free of pytest and of CPython-only features, like the scripts that run under micropython.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
for _p in (os.path.join(REPO, "lib"), REPO):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from mines.flow import midend as M  # noqa: E402
from mines.engine.board import Board  # noqa: E402
from mines.engine.game import BAD_FLAG, BLOWN, COVERED, FLAG  # noqa: E402
from mines.engine.view_text import is_mine  # noqa: E402

FRAME_MS = 33


class Driver:
    """Runs a midend frame by frame on a fake clock; records the work of every frame."""

    def __init__(self, m, view=None, refresh=None):
        self.m = m
        self.now = 0
        self.frames = 0
        self.works = []
        self.view = view
        self.refresh = refresh

    def frame(self, presses=0):
        m = self.m
        self.now += FRAME_MS
        if presses:
            m.press(presses)
        m.frame(self.now)
        m.take_collect()  # code.py collects here, high in the stack (CPython needs not)
        self.works.append(m.runner.frame_work)
        self.frames += 1
        if self.view is not None:
            if self.view.draw(m, self.frames) and self.refresh is not None:
                self.refresh()

    def press(self, *buttons):
        for b in buttons:
            self.frame(b)

    def run(self, n):
        for _ in range(n):
            self.frame()

    def until(self, state, limit=5000):
        for _ in range(limit):
            if self.m.state == state:
                return True
            self.frame()
        return self.m.state == state


def walk(m, x, y):
    """The d-pad presses that take the cursor from where it is to (x, y)."""
    out = []
    dx = x - m.cx
    dy = y - m.cy
    out += [M.RIGHT if dx > 0 else M.LEFT] * abs(dx)
    out += [M.DOWN if dy > 0 else M.UP] * abs(dy)
    return out


def row_of(m, name):
    """The main menu's row for a setting ``name`` or an action ``name`` ("play", "help")."""
    rows = m.screen.rows
    for k in range(len(rows)):
        if rows[k][1] == name or rows[k][2] == name:
            return k
    raise AssertionError("no menu row %r" % (name,))


def to_row(d, name):
    """Press DOWN until the cursor is on the main menu's row ``name``."""
    m = d.m
    want = row_of(m, name)
    for _ in range(len(m.screen.rows)):
        if m.screen.row == want:
            return
        d.press(M.DOWN)
    raise AssertionError("the cursor never reached row %r" % (name,))


def menu_set(d, name, value_test, limit=60):
    """Press RIGHT on the main menu's row for setting ``name`` until ``value_test(midend)``
    holds."""
    m = d.m
    to_row(d, name)
    for _ in range(limit):
        if value_test(m):
            return
        d.press(M.RIGHT)
    raise AssertionError("menu row %r never reached the wanted value" % (name,))


def winning_script(m):
    """Button presses that open every safe cell of the game in progress, in reading order,
    walking the cursor there first, and nothing after the win. Worked out from the layout on a
    scratch copy of the game (a test oracle), then replayed as plain button events."""
    from mines.engine.game import Game, PRIMARY, SECONDARY
    game = m.game
    sim = Game(game.width, game.height)
    sim.new(game.board)
    sim.shown[:] = game.shown
    sim.opened = game.opened
    sim.flags = game.flags
    board = sim.board
    presses = []
    cx, cy = m.cx, m.cy
    for y in range(game.height):
        for x in range(game.width):
            i = board.index(x, y)
            if board.mine[i] or sim.shown[i] not in (COVERED, FLAG, BAD_FLAG):
                continue
            presses += _walk_from(cx, cy, x, y)
            cx, cy = x, y
            if sim.shown[i] in (FLAG, BAD_FLAG):          # a wrong flag: take it off first
                presses.append(M.B)
                sim.execute(sim.decide(SECONDARY, x, y))
            presses.append(M.A)
            sim.execute(sim.decide(PRIMARY, x, y))
    return presses


def _walk_from(cx, cy, x, y):
    out = [M.RIGHT if x > cx else M.LEFT] * abs(x - cx)
    out += [M.DOWN if y > cy else M.UP] * abs(y - cy)
    return out


def first_mine(m):
    board = m.game.board
    for y in range(board.height):
        for x in range(board.width):
            if is_mine(board, x, y):
                return x, y
    raise AssertionError("no mine")


def count_flags(game):
    n = 0
    for i in range(game.board.size):
        if game.shown[i] in (FLAG, BAD_FLAG, BLOWN):   # a marked flag and a blown mine count
            n += 1
    return n


class ExactGenerator:
    """A stand-in with the Generator API whose every slice is exactly SLICE_UNITS units (the
    contract the frame budget is built on). Lays mines with the engine's PRNG away from the
    start area; not no-guess (the budget tests do not play the board)."""

    SLICE_UNITS = 300
    MAX_SLICE_UNITS = 300
    SLICES = 7  # slices a board takes

    def __init__(self, width, height, lent=None):
        from mines.engine.rng import Rng
        self.width = width
        self.height = height
        self.board = Board(width, height)
        self.rng = Rng(0)
        self.progress = 0
        self.slice_work = 0
        self.start_x = self.start_y = 0
        self.perturbations = self.restarts = 0
        self.failed = False  # the generator's contract: True when it gave up
        self.reason = None
        self.level = 2
        self.solver = None  # (the real one's solver is kept for the hint job; none here)
        self._left = 0

    def begin(self, mines, seed, start=None, level=2, version=1):
        b = self.board
        self.rng.seed(seed)
        if start is None:
            start = (self.rng.below(b.width), self.rng.below(b.height))
        self.start_x, self.start_y = start
        self.level = level
        self._mines = mines
        self._left = self.SLICES
        self.progress = 0
        self.failed = False
        self.reason = None

    def step(self):
        self.slice_work = self.SLICE_UNITS
        self._left -= 1
        self.progress = 100 * (self.SLICES - self._left) // self.SLICES
        if self._left > 0:
            return False
        b = self.board
        b.clear()
        placed = 0
        while placed < self._mines:
            x = self.rng.below(b.width)
            y = self.rng.below(b.height)
            if abs(x - self.start_x) <= 1 and abs(y - self.start_y) <= 1:
                continue
            i = b.index(x, y)
            if not b.mine[i]:
                b.add_mine(i)
                placed += 1
        return True


def load_code():
    """code.py as a module (named so that it does not shadow the standard library's ``code``)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("mines_code", os.path.join(REPO, "code.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class StillProfile:
    """A board profile for code.run() with no buttons pressed and nothing to refresh:
    ``FRAME_MS``, ``buttons`` (poll -> 0, quit False), ``refresh()``."""

    FRAME_MS = 1

    class buttons:  # noqa: N801 - the profile's attribute, as boards/ name it
        quit = False

        @staticmethod
        def poll(now):
            return 0

    @staticmethod
    def refresh():
        pass
