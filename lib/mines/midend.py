"""The midend: what every front end shares - the menu, the flow between screens, the timer, the
status line, generation sliced into frames, quick start, and session stats.

It knows nothing about pixels or pins. A front end feeds it logical button presses (``press``)
and one ``frame(now_ms)`` per frame, and reads back what to show: ``state``, the cursor, the
``game`` (whose ``shown`` bytes are the tiles), ``menu_lines()``, ``status()``, ``progress`` and
the ``cue`` bits for lights and sounds.

Four kinds of data (Tatham): parameters (size, mines, level, mode), game state (``game``), UI
state (cursor, menu row: not part of any move) and draw state (kept by the front end's view).

Generation is never done in one go: each frame runs ``Generator.step()`` slices while
``frame_work + SLICE_UNITS <= budget``, so no frame does more than ``budget`` work units.
"""

import gc

from mines import presets
from mines.game import (Game, PLAYING as G_PLAYING, WON as G_WON, PRIMARY, SECONDARY,
                        NEED_FLAGS, OPEN, move_kind, move_cell)
from mines.rng import Rng

# Logical buttons, one bit each (the boards/ input helpers produce these).
UP = 1
DOWN = 2
LEFT = 4
RIGHT = 8
A = 16
B = 32
START = 64
SELECT = 128
BUTTON_NAMES = ("up", "down", "left", "right", "a", "b", "start", "select")

# Screens.
MENU = 0
READY = 1  # classic: a hidden board, waiting for the first open
GENERATING = 2
PLAYING = 3
PAUSED = 4
WON = 5
LOST = 6
STATE_NAMES = ("menu", "ready", "generating", "playing", "paused", "won", "lost")

# Cue bits, set during a frame for the lights and the speaker (the front end clears them).
CUE_OPEN = 1
CUE_FLAG = 2
CUE_WIN = 4
CUE_LOSE = 8
CUE_REFUSED = 16

# Menu rows.
ROW_MODE = 0
ROW_BOARD = 1
ROW_WIDTH = 2
ROW_HEIGHT = 3
ROW_MINES = 4
ROW_LEVEL = 5
ROW_SOUND = 6
ROW_START = 7
MENU_ROWS = 8

CUSTOM = len(presets.PRESETS)  # the "Custom" board choice after the presets
MIN_DENSITY = 5

_JOB_NONE = 0
_JOB_QUICK = 1
_JOB_CLASSIC = 2

_SETTLE_FRAMES = 8  # idle frames after a menu change before a quick-start board is begun
_MESSAGE_MS = 2500


def _default_generator_class():
    from mines.generator import Generator
    return Generator


class Midend:
    """The game's flow. ``seed`` seeds the board seeds (same seed, same presses, same boards);
    ``budget`` is the generator work units a frame may spend (default: two slices);
    ``generator_class`` defaults to ``mines.generator.Generator``."""

    def __init__(self, seed=1, budget=0, generator_class=None):
        self._gen_class = generator_class or _default_generator_class()
        slice_units = self._gen_class.SLICE_UNITS
        self.budget = budget or 2 * slice_units
        if self.budget < slice_units:
            raise ValueError("budget %d is below one slice (%d units)" % (self.budget, slice_units))
        self._rng = Rng(seed)
        # parameters
        self.quick = True
        self.choice = 0
        for k in range(len(presets.PRESETS)):
            if presets.PRESETS[k][0] == "Screen":  # the board that fills the screen
                self.choice = k
        _, self.width, self.height, self.mines = presets.PRESETS[self.choice]
        self.level = presets.DEFAULT_LEVEL
        self.sound = True
        # UI state
        self.state = MENU
        self.row = ROW_START
        self.cx = 0
        self.cy = 0
        self.message = ""
        self._message_until = 0
        self.menu_version = 0
        # game and generation
        self.game = None
        self._gen = None
        self._job = _JOB_NONE
        self._job_key = None
        self._prepared_key = None
        self._job_for_game = False  # the running job is what the GENERATING screen waits for
        self.progress = 0
        self.frame_work = 0
        self.max_frame_work = 0
        self.start_x = -1  # quick start: the marked start cell, until the first open
        self.start_y = -1
        self.seed = 0  # the seed of the game on screen (replay and board codes will use it)
        self._job_seed = 0
        self._next_seed = self._rng.bits30()
        self._settle = 0
        # timer
        self.elapsed_ms = 0
        self._now = 0
        # feedback and stats
        self.cue = 0
        self.played = 0
        self.won = 0
        self.streak = 0
        self.best = {}
        self.last_bbbv = 0
        self.last_moves = 0

    # -- parameters ----------------------------------------------------------------------

    def key(self):
        return (self.width, self.height, self.mines, self.level)

    def density(self):
        return (self.mines * 100 + (self.width * self.height) // 2) // (self.width * self.height)

    def board_name(self):
        if self.choice == CUSTOM:
            return "Custom"
        return presets.PRESETS[self.choice][0]

    def _set_density(self, pct):
        cells = self.width * self.height
        mines = cells * pct // 100
        top = presets.max_mines(self.width, self.height)
        self.mines = max(1, min(top, mines))

    def _changed(self):
        self.menu_version += 1
        self._settle = _SETTLE_FRAMES

    def _adjust(self, row, step):
        if row == ROW_MODE:
            self.quick = not self.quick
        elif row == ROW_BOARD:
            self.choice = (self.choice + step) % (CUSTOM + 1)
            if self.choice != CUSTOM:
                _, self.width, self.height, self.mines = presets.PRESETS[self.choice]
        elif row == ROW_WIDTH or row == ROW_HEIGHT:
            pct = self.density()
            if row == ROW_WIDTH:
                lo, hi, v = presets.MIN_WIDTH, presets.MAX_WIDTH, self.width
            else:
                lo, hi, v = presets.MIN_HEIGHT, presets.MAX_HEIGHT, self.height
            v = lo + (v - lo + step) % (hi - lo + 1)
            if row == ROW_WIDTH:
                self.width = v
            else:
                self.height = v
            self.choice = CUSTOM
            self._set_density(pct)
        elif row == ROW_MINES:
            pct = self.density() + step
            hi = presets.MAX_DENSITY_PERCENT
            if pct > hi:
                pct = MIN_DENSITY
            elif pct < MIN_DENSITY:
                pct = hi
            self._set_density(pct)
            self.choice = CUSTOM
        elif row == ROW_LEVEL:
            self.level = (self.level + step) % len(presets.LEVEL_NAMES)
        elif row == ROW_SOUND:
            self.sound = not self.sound
        self._changed()

    def menu_lines(self):
        """The menu as (label, value) pairs, one per row; the view marks ``self.row``."""
        return (
            ("Mode", "Quick start" if self.quick else "Classic"),
            ("Board", self.board_name()),
            ("Width", str(self.width)),
            ("Height", str(self.height)),
            ("Mines", "%d (%d%%)" % (self.mines, self.density())),
            ("Level", presets.LEVEL_NAMES[self.level]),
            ("Sound", "on" if self.sound else "off"),
            ("Play", ""),
        )

    # -- input ---------------------------------------------------------------------------

    def press(self, buttons):
        """Act on newly pressed logical buttons (a bitmask; several bits are taken in the
        order of BUTTON_NAMES)."""
        bit = 1
        while bit <= SELECT:
            if buttons & bit:
                self._press_one(bit)
            bit <<= 1

    def say(self, text):
        """Show a short message in the status bar for a few seconds."""
        self.message = text
        self._message_until = self._now + _MESSAGE_MS

    def _move_cursor(self, button):
        if button == UP and self.cy > 0:
            self.cy -= 1
        elif button == DOWN and self.cy < self.height - 1:
            self.cy += 1
        elif button == LEFT and self.cx > 0:
            self.cx -= 1
        elif button == RIGHT and self.cx < self.width - 1:
            self.cx += 1

    def _press_one(self, button):
        state = self.state
        if state == MENU:
            if button == UP:
                self.row = (self.row - 1) % MENU_ROWS
                self.menu_version += 1
            elif button == DOWN:
                self.row = (self.row + 1) % MENU_ROWS
                self.menu_version += 1
            elif button == LEFT and self.row != ROW_START:
                self._adjust(self.row, -1)
            elif button == RIGHT and self.row != ROW_START:
                self._adjust(self.row, 1)
            elif button == A and self.row != ROW_START:
                self._adjust(self.row, 1)
            elif button == A or button == START:
                self.start_game()
            return
        if button == SELECT and state != MENU:
            self.to_menu()
            return
        if button <= RIGHT:
            if state != PAUSED:
                self._move_cursor(button)
            return
        if state == READY:
            if button == A and self._begin(_JOB_CLASSIC, self.cx, self.cy):
                self._job_for_game = True
                self.state = GENERATING
            elif button == B:
                self.say("Open a cell to begin")
        elif state == GENERATING:
            if button == B:
                self._job_for_game = False
                if self.quick:  # the board goes on being prepared from the menu
                    self.state = MENU
                    self.menu_version += 1
                else:
                    self._job = _JOB_NONE
                    self.state = READY
                self.say("Cancelled")
        elif state == PLAYING:
            if button == A or button == B:
                self._play(PRIMARY if button == A else SECONDARY)
            elif button == START:
                self.state = PAUSED
        elif state == PAUSED:
            if button == START or button == A:
                self.state = PLAYING
        elif state == WON or state == LOST:
            if button == A or button == START:
                self.start_game()
            elif button == B:
                self.to_menu()

    def _play(self, which):
        game = self.game
        move = game.decide(which, self.cx, self.cy)
        if move == NEED_FLAGS:
            self.say("Flag its mines first")
            self.cue |= CUE_REFUSED
            return
        if move < 0:
            return
        if (self.start_x >= 0 and not game.started and move_kind(move) == OPEN
                and move_cell(move) != game.board.index(self.start_x, self.start_y)):
            self.say("Start on the marked cell")
            self.cue |= CUE_REFUSED
            return
        result = game.execute(move)
        if game.started:
            self.start_x = -1
            self.start_y = -1
        if move_kind(move) == OPEN or result != 0:
            self.cue |= CUE_OPEN
        else:
            self.cue |= CUE_FLAG
        if game.state != G_PLAYING:
            self._finish()

    def _finish(self):
        game = self.game
        self.played += 1
        self.last_moves = game.moves
        if game.state == G_WON:
            self.state = WON
            self.won += 1
            self.streak += 1
            self.cue |= CUE_WIN
            self.last_bbbv = game.bbbv()
            k = self.key()
            ms = self.elapsed_ms
            if k not in self.best or ms < self.best[k]:
                self.best[k] = ms
        else:
            self.state = LOST
            self.streak = 0
            self.cue |= CUE_LOSE
        self._settle = _SETTLE_FRAMES
        gc.collect()  # a quiet moment between games

    # -- flow ----------------------------------------------------------------------------

    def to_menu(self):
        if self._job_for_game and self._job == _JOB_CLASSIC:
            self._job = _JOB_NONE
        self._job_for_game = False
        self.state = MENU
        self.start_x = -1
        self.start_y = -1
        self.menu_version += 1
        self._settle = _SETTLE_FRAMES

    def _ensure_size(self):
        """Game and generator for the current size; False (with a message) if memory ran out."""
        w, h = self.width, self.height
        try:
            if self.game is None or self.game.width != w or self.game.height != h:
                self.game = None
                gc.collect()
                self.game = Game(w, h)
            gen = self._gen
            if gen is None or gen.board.width != w or gen.board.height != h:
                self._gen = None
                self._job = _JOB_NONE
                self._prepared_key = None
                gc.collect()
                self._gen = self._gen_class(w, h)
        except MemoryError:
            self.game = None
            self._gen = None
            self._job = _JOB_NONE
            gc.collect()
            self.say("No memory for %dx%d" % (w, h))
            return False
        return True

    def start_game(self):
        """Start a game with the current parameters (from the menu or a finished game)."""
        err = presets.check_params(self.width, self.height, self.mines)
        if err:
            self.say(err)
            self.cue |= CUE_REFUSED
            return
        gc.collect()
        if not self._ensure_size():
            self.state = MENU
            return
        self.elapsed_ms = 0
        self.start_x = -1
        self.start_y = -1
        self.cx = self.width // 2
        self.cy = self.height // 2
        if not self.quick:
            self.state = READY
            return
        self._job_for_game = True
        if self._prepared_key == self.key():
            self._take_board()
        else:
            if self._job != _JOB_QUICK or self._job_key != self.key():
                if not self._begin(_JOB_QUICK, -1, -1):
                    return
            self.state = GENERATING

    def _begin(self, job, x, y):
        if not self._ensure_size():
            self.state = MENU
            return False
        self._job_seed = self._next_seed
        self._gen.begin(self.mines, self._job_seed, (x, y) if x >= 0 else None, self.level)
        self._job = job
        self._job_key = self.key()
        self._prepared_key = None
        self.progress = 0
        return True

    def _take_board(self):
        """The generator's board is ready: start the game on it."""
        gen = self._gen
        game = self.game
        game.new(gen.board)
        self.seed = self._job_seed
        self._next_seed = self._rng.bits30()  # drawn only when a board is used: game k always
        self._prepared_key = None             # gets the k-th seed, whatever the menu did
        self._job = _JOB_NONE
        self._job_for_game = False
        self.elapsed_ms = 0
        sx, sy = gen.start_x, gen.start_y
        self.state = PLAYING
        if self.quick:
            self.start_x, self.start_y = sx, sy
            self.cx, self.cy = sx, sy
        else:
            game.execute(game.decide(PRIMARY, sx, sy))
            self.cue |= CUE_OPEN
            if game.state != G_PLAYING:  # a tiny board can be cleared by its first open
                self._finish()

    # -- per frame -----------------------------------------------------------------------

    def frame(self, now_ms):
        """Advance one frame: timer, message timeout, and generator slices within budget."""
        dt = now_ms - self._now
        self._now = now_ms
        state = self.state
        if state == PLAYING and self.game.started and dt > 0:
            self.elapsed_ms += dt
        if self.message and now_ms >= self._message_until:
            self.message = ""
        work = 0
        if state == GENERATING and self._job_for_game:
            work = self._run_slices()
            if self._job == _JOB_NONE:  # finished
                self._take_board()
        elif (state == MENU or state == WON or state == LOST) and self.quick:
            if self._settle > 0:
                self._settle -= 1
            elif self._prepared_key != self.key():
                if self._job != _JOB_QUICK or self._job_key != self.key():
                    if presets.check_params(self.width, self.height, self.mines) is None:
                        self._begin(_JOB_QUICK, -1, -1)
                if self._job == _JOB_QUICK:
                    work = self._run_slices()
        self.frame_work = work
        if work > self.max_frame_work:
            self.max_frame_work = work

    def _run_slices(self):
        """Run generator slices that fit in the budget; mark the job done when it finishes."""
        gen = self._gen
        if gen is None or self._job == _JOB_NONE:
            return 0
        slice_units = self._gen_class.SLICE_UNITS
        budget = self.budget
        work = 0
        while work + slice_units <= budget:
            done = gen.step()
            work += gen.slice_work
            if done:
                self.progress = 100
                if self._job == _JOB_QUICK:
                    self._prepared_key = self._job_key
                self._job = _JOB_NONE
                break
        else:
            self.progress = gen.progress
        return work

    # -- what to show --------------------------------------------------------------------

    def seconds(self):
        s = self.elapsed_ms // 1000
        return 999 if s > 999 else s

    def mines_left(self):
        if self.game is None or self.state in (MENU, READY, GENERATING):
            return self.mines
        return self.game.mines_left()

    def prepared(self):
        """True when a quick-start board for the current parameters is ready."""
        return self._prepared_key == self.key()

    def status(self):
        """The middle of the status bar: a message, or the state in a word or two."""
        if self.message:
            return self.message
        state = self.state
        if state == MENU:
            return "Ready!" if self.quick and self.prepared() else ""
        if state == READY:
            return "Open a cell"
        if state == GENERATING:
            return "Making %d%%" % self.progress
        if state == PLAYING:
            return "Go!" if self.start_x >= 0 else ""
        if state == PAUSED:
            return "Paused"
        if state == WON:
            return "You win!"
        return "Boom!"

    def result_lines(self):
        """Two short lines for the end-of-game panel."""
        t = self.elapsed_ms
        if self.state == WON:
            best = self.best.get(self.key(), t)
            return ("Won in %d.%ds  best %d.%ds" % (t // 1000, t % 1000 // 100,
                                                    best // 1000, best % 1000 // 100),
                    "3BV %d  moves %d  won %d/%d" % (self.last_bbbv, self.last_moves,
                                                     self.won, self.played))
        return ("Lost after %ds, won %d/%d" % (t // 1000, self.won, self.played),
                "A: again   B: menu")
