"""The midend: what every front end shares - the menu, the flow between screens, the timer, the
status line, generation sliced into frames, quick start, and session stats.

It knows nothing about pixels or pins. A front end feeds it logical button presses (``press``)
and one ``frame(now_ms)`` per frame, and reads back what to show: ``state``, the cursor, the
``game`` (whose ``shown`` bytes are the tiles), ``menu_lines()``, ``status()``, ``progress`` and
the ``cue`` bits for lights and sounds.

Four kinds of data (Tatham): parameters (size, mines, level, mode), game state (``game``), UI
state (cursor, menu row: not part of any move) and draw state (kept by the front end's view).

Generation is never done in one go: each frame runs ``Generator.step()`` slices while
``frame_work + MAX_SLICE_UNITS <= budget``, so no frame does more than ``budget`` work units
(see mines.jobs).
"""

import gc

from mines import presets
from mines.game import (PLAYING as G_PLAYING, WON as G_WON, PRIMARY, SECONDARY,
                        NEED_FLAGS, OPEN, move_kind, move_cell)
from mines.jobs import Jobs, JOB_NONE, JOB_QUICK, JOB_CLASSIC
from mines.settings import (ROW_MODE, ROW_BOARD, ROW_WIDTH, ROW_HEIGHT,  # noqa: F401
                            ROW_MINES, ROW_LEVEL, ROW_SOUND, ROW_START, MENU_ROWS, CUSTOM,
                            MIN_DENSITY)

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

_SETTLE_FRAMES = 8  # idle frames after a menu change before a quick-start board is begun
_MESSAGE_MS = 2500


class Midend(Jobs):
    """The game's flow. ``seed`` seeds the board seeds (same seed, same presses, same boards);
    ``budget`` is the generator work units a frame may spend (default: two slices);
    ``generator_class`` defaults to ``mines.generator.Generator``."""

    def __init__(self, seed=1, budget=0, generator_class=None):
        Jobs.__init__(self, seed, budget, generator_class)
        # UI state
        self.state = MENU
        self.row = ROW_START
        self.cx = 0
        self.cy = 0
        self.message = ""
        self._message_until = 0
        self.menu_version = 0
        self.start_x = -1  # quick start: the marked start cell, until the first open
        self.start_y = -1
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

    # -- input ---------------------------------------------------------------------------

    def press(self, buttons):
        """Act on newly pressed logical buttons (a bitmask; several bits are taken in the
        order of BUTTON_NAMES)."""
        bit = 1
        while bit <= SELECT:
            if buttons & bit:
                self._press_one(bit)
            bit <<= 1

    def _adjust(self, step):
        self.adjust(self.row, step)
        self.menu_version += 1
        self._settle = _SETTLE_FRAMES

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
                self._adjust(-1)
            elif (button == RIGHT or button == A) and self.row != ROW_START:
                self._adjust(1)
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
            if button == A and self._begin(JOB_CLASSIC, self.cx, self.cy):
                self._job_for_game = True
                self.state = GENERATING
            elif button == B:
                self.say("Open a cell first")
        elif state == GENERATING:
            if button == B:
                self._job_for_game = False
                if self.quick:  # the board goes on being prepared from the menu
                    self.state = MENU
                    self.menu_version += 1
                else:
                    self._job = JOB_NONE
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
            self.say("Flag mines first")
            self.cue |= CUE_REFUSED
            return
        if move < 0:
            return
        if (self.start_x >= 0 and not game.started and move_kind(move) == OPEN
                and move_cell(move) != game.board.index(self.start_x, self.start_y)):
            self.say("Start at the dot")
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
        if self._job_for_game and self._job == JOB_CLASSIC:
            self._job = JOB_NONE
        self._job_for_game = False
        self.state = MENU
        self.start_x = -1
        self.start_y = -1
        self.menu_version += 1
        self._settle = _SETTLE_FRAMES

    def start_game(self):
        """Start a game with the current parameters (from the menu or a finished game)."""
        err = presets.check_params(self.width, self.height, self.mines, self.level)
        if err:
            self.say(err)
            self.cue |= CUE_REFUSED
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
            if self._job != JOB_QUICK or self._job_key != self.key():
                self._begin(JOB_QUICK, -1, -1)
            self.state = GENERATING

    def _job_failed(self):
        if self._job_for_game:
            self._job_for_game = False
            self.state = MENU
            self.menu_version += 1

    def _take_board(self):
        """The generator's board is ready: start the game on it."""
        gen = self._gen
        game = self.game
        game.new(gen.board)
        self.seed = self._job_seed
        self._next_seed = self._rng.bits30()  # drawn only when a board is used: game k always
        self._prepared_key = -1             # gets the k-th seed, whatever the menu did
        self._job = JOB_NONE
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
            if self._job == JOB_NONE and self.state == GENERATING:  # finished
                self._take_board()
        elif (state == MENU or state == WON or state == LOST) and self.quick:
            if self._settle > 0:
                self._settle -= 1
            elif self._prepared_key != self.key():
                if self._job != JOB_QUICK or self._job_key != self.key():
                    if presets.check_params(self.width, self.height, self.mines, self.level) is None:
                        self._begin(JOB_QUICK, -1, -1)
                if self._job == JOB_QUICK:
                    work = self._run_slices()
        self.frame_work = work
        if work > self.max_frame_work:
            self.max_frame_work = work

    def seconds(self):
        s = self.elapsed_ms // 1000
        return 999 if s > 999 else s

    def mines_left(self):
        if self.game is None or self.state in (MENU, READY, GENERATING):
            return self.mines
        return self.game.mines_left()

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
