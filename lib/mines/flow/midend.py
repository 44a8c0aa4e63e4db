"""The midend: the flow between screens, the timer, the status line, board making sliced into
frames, quick start and session stats; no pixels, no pins. It has its parts (settings, boards,
runner, stats, saves); the front end calls press() and frame(now_ms), reads its fields, takes
take_cues() and take_collect()."""

from mines._const import const

from mines import phases
from mines.phases import (END_LEAN, MAIN, MAKE, PAUSE, PLAY, PLAY_LEAN, PUZZLE,
                          PUZZLE_PLAY)

from mines.flow import sweep_part
from mines.engine.game import (PLAYING as G_PLAYING, PRIMARY, SECONDARY, LIVES_CHOICES, OPEN,
                               move_kind)
from mines.flow.jobs import Boards, Runner, RUNNING, DONE, FAILED
from mines.flow.keys import UP, DOWN, LEFT, RIGHT, A, B, START, SELECT, DEVICE_BUTTONS
from mines.flow.settings import Settings
from mines.flow.stats import Stats

from mines.flow.states import (MENU, READY, GENERATING, PLAYING, PAUSED, WON, LOST,  # noqa: F401
                               CUE_OPEN, CUE_FLAG, CUE_WIN, CUE_LOSE, CUE_REFUSED, JOB_QUICK,
                               JOB_CLASSIC, JOB_RESUME, JOB_HINT, JOB_CHECK, JOB_PUZZLE,
                               JOB_MERCY, status as _status)

_HELP = (JOB_HINT, JOB_CHECK, JOB_MERCY)

_MESSAGE_MS = const(2500)
_REPEAT_GAP = const(4)  # frames between two presses of one button that still count as held


def _start_puzzle(m, fixed):
    from mines.flow.puzzle_part import start
    start(m, fixed)


class Midend:
    """The game's flow. ``seed`` seeds the board seeds (same seed and presses, same boards);
    ``budget``: job units a frame (default: two slices); ``generator_class``: default
    engine.generator.Generator; ``buttons``: their names (keys.DEVICE_BUTTONS). No phase's
    module or objects are kept past the phase (mines.phases)."""

    def __init__(self, seed=1, budget=0, generator_class=None, buttons=None):
        self.settings = Settings()
        self.seed0 = seed  # (puzzle mode's seeds too)
        self.boards = Boards(seed, generator_class)
        bound = self.boards.slice_bound()
        self.runner = Runner(budget or 2 * bound, bound)
        self.buttons = buttons or DEVICE_BUTTONS
        self.seed = 0  # the seed of the game on screen
        # UI state
        self.state = MENU
        self._main_row = 0  # the main menu's cursor row while it is not shown
        self._stack = []  # the text screens open; the last one is in front
        self.screen = None  # what is in front: a menus.Menu, or None (the board)
        self.screen_version = 0
        self._collect = False  # code let go: the frame loop collects
        self.cx = 0
        self.cy = 0
        self.message = ""
        self._message_until = 0
        self.start_x = -1  # quick start: the marked start cell, until the first open
        self.start_y = -1
        self._for_game = False  # the GENERATING screen waits for the running job
        self._frame = 0
        self._last_press = 0
        self._last_button = 0
        self.held = 0  # presses of one button in a row (menus.adjust)
        # timer, feedback, stats
        self.elapsed_ms = 0
        self._now = 0
        self._cues = 0
        self.stats = Stats()
        self.hints_used = 0
        self.board_start = None  # (x, y) the board was made from ("again", its code)
        self.assist = None  # mines.help.hint_job.HintJob (read: marks, marks_version)
        self.saves = None  # save_part.Saves
        self.finished = 0  # games and puzzles ended (the end panel follows it)
        self.mode = 0  # 1: puzzle mode (puzzle_part)
        self.puzzle = None
        self.puzzle_best = None  # the best puzzle times (puzzle_part.best_times)
        self.puzzle_seeds = None  # the next puzzles' seeds (an Rng)
        self._open_main()

    # -- what the front end reads and takes

    @property
    def game(self):
        """The game (mines.engine.game.Game, or a puzzle's mines.puzzle.marks.PuzzleGame; None while
        none is made): read it, never change it."""
        return self.puzzle.game if self.mode else self.boards.game

    def cue(self, bits):
        self._cues |= bits  # (CUE_OPEN, ...)

    def take_cues(self):
        """The cue bits set since the last call, cleared."""
        cues = self._cues
        self._cues = 0
        return cues

    def take_collect(self):
        """True once after buffers or code were dropped: the frame loop collects then."""
        wanted = self._collect
        self._collect = False
        return self.boards.take_collect() or wanted

    def collect_pending(self):
        """True when buffers or code let go wait for the frame's end to be collected."""
        return self._collect or self.boards.collect_wanted

    def enter(self, phase):
        """A phase of the game begins (mines.phases): the code no longer needed goes."""
        if phases.enter(phase):
            self._collect = True

    def progress(self):
        """0..100: how far the board the GENERATING screen waits for has come."""
        return self.runner.progress if self._for_game else 0

    def seconds(self):
        s = self.elapsed_ms // 1000
        return 999 if s > 999 else s

    def mines_left(self):
        state = self.state  # compared one by one: no tuple made every frame
        if self.game is None or state == MENU or state == READY or state == GENERATING:
            return 0 if self.mode else self.settings.mines
        return self.game.mines_left()

    def board_width(self):
        """Cells across the board in front: the game's, or the settings' before there is one
        (read every frame: no tuple with the height)."""
        if self.mode:
            return self.puzzle.size(self, 1)
        game = self.boards.game
        s = self.state
        return game.width if game is not None and s != MENU and s != READY else \
            self.settings.width

    def board_height(self):
        if self.mode:
            return self.puzzle.size(self, 2)
        game = self.boards.game
        s = self.state
        return game.height if game is not None and s != MENU and s != READY else \
            self.settings.height

    def status(self):
        """The status bar's middle (states.status)."""
        return _status(self)

    def footer(self):
        """The menu's bottom line: a message, or what the buttons do here."""
        from mines.flow.menus import footer
        return footer(self)

    def result_lines(self):
        """The end-of-game panel's lines, most important first."""
        from mines.flow.texts import result_lines
        return result_lines(self)

    def say(self, text, ms=_MESSAGE_MS):
        """A short message in the status bar (or the menu's footer) until the next key, another
        screen or ``ms`` milliseconds."""
        self.message = text
        self._message_until = self._now + ms
        self.screen_version += 1

    def unsay(self):
        """The message goes (issue 20: a message answers one key; none outlives its screen)."""
        if self.message:
            self.message = ""
            self.screen_version += 1

    # -- verbs for the midend's parts (menus, *_part, save_work, code_screen): only this class
    # writes its fields

    def redraw(self):
        self.screen_version += 1  # the text screen in front changed

    def point(self, x, y):
        self.cx = x  # the cursor to cell (x, y)
        self.cy = y

    def wait_for(self, x, y):
        """The GENERATING screen waits for the job just started; clock 0, cursor (x, y)."""
        self.elapsed_ms = 0
        self.start_x = self.start_y = -1
        self.point(x, y)
        self._for_game = True
        self.state = GENERATING

    def start_board(self, start, seed=-1, tag=JOB_CLASSIC):
        """Make the settings' board from ``start`` ((x, y); None: the generator picks) with
        ``seed`` (-1: the next one) and wait for it. Code of the phase before goes."""
        self.enter(MAKE)
        from mines.flow.board_job import job
        self.runner.start(job(self.boards, self.settings, start, seed), tag)
        self.wait_for(*(start or (self.cx, self.cy)))

    def play_from(self, elapsed_ms, x, y, seed=-1, hints=0):
        """Play the game made or put back: clock ``elapsed_ms``, cursor (x, y), ``seed``."""
        self._for_game = False
        self.hints_used = hints
        if seed >= 0:
            self.seed = seed
        self.elapsed_ms = elapsed_ms
        self.start_x = self.start_y = -1
        self.point(x, y)
        self.state = PLAYING

    def show_paused(self, screen):
        self.open(screen)  # a pause menu over a sweeper's or a puzzle's game
        self.state = PAUSED
        self.lean()

    def end(self, won):
        self.finished += 1  # the game is over: the end panel
        self.state = WON if won else LOST
        self._cues |= CUE_WIN if won else CUE_LOSE

    def set_help(self, job):
        self.assist = job  # (hint_part's, or None)

    def count_hint(self):
        self.hints_used += 1

    def set_saves(self, saves):
        self.saves = saves  # save_part.attach

    def set_puzzle(self, puzzle):
        """Puzzle mode on with ``puzzle`` (a PuzzleMode: its best times and seeds kept for the
        session); None: off (the PuzzleMode stays)."""
        if puzzle is None:
            self.mode = 0
            return
        self.puzzle = puzzle
        self.puzzle_best = puzzle.best
        self.puzzle_seeds = puzzle.seeds
        self.mode = 1

    # -- input

    def press(self, buttons):
        """Act on newly pressed logical buttons (a bitmask; several bits are taken in the
        order of their bits, keys.UP first)."""
        self.unsay()
        if buttons & (A | B) == A | B and self.state == PLAYING:
            self.hint()   # A and B together (the simulator's hint key sends both)
            buttons &= ~(A | B)
        bit = 1
        while bit <= SELECT:
            if buttons & bit:
                if bit == self._last_button and self._frame - self._last_press <= _REPEAT_GAP:
                    self.held += 1
                else:
                    self.held = 0
                self._last_button = bit
                self._last_press = self._frame
                self._press_one(bit)
            bit <<= 1

    def _press_one(self, button):
        state = self.state
        if state == MENU or state == PAUSED:
            from mines.flow import menus
            menus.press(self, button)
            return
        if button == SELECT:
            self.to_menu()
            return
        if button <= RIGHT:
            if button == UP and self.cy > 0:
                self.cy -= 1
            elif button == DOWN and self.cy < self.board_height() - 1:
                self.cy += 1
            elif button == LEFT and self.cx > 0:
                self.cx -= 1
            elif button == RIGHT and self.cx < self.board_width() - 1:
                self.cx += 1
            return
        if self.mode and state != GENERATING:
            self.puzzle.press(self, button)
            return
        if state == READY:
            if button == A:
                self.start_board((self.cx, self.cy))
            elif button == B:
                self.say("Open a cell first")
        elif state == GENERATING:
            if button == B:
                self._for_game = False
                if self.settings.quick or self.mode:  # (quick: made on from the menu)
                    self.to_menu()
                else:
                    self.runner.stop()
                    self.state = READY
                self.say("Cancelled")
        elif state == PLAYING:
            if button == A or button == B:
                sweep_part.play(self, PRIMARY if button == A else SECONDARY)
            elif button == START:
                self.pause()
        elif state == WON or state == LOST:
            if button == A:
                self.start_game()
            elif button == START:
                self.act("again")
            elif button == B:
                self.to_menu()

    def pause(self, title="Paused"):
        """The pause menu over the game in play; the hint job goes (the next move's makes it)."""
        self.make_room()
        from mines.flow.menus import PAUSE_ROWS, Menu  # (after make_room)
        self.show_paused(Menu("pause", title, PAUSE_ROWS, 0, "resume"))

    def _open_main(self):
        """The main menu in front, alone, its cursor where it was left."""
        from mines.flow.menus import MAIN_ROWS, Menu
        self.open(Menu("main", "PyGamer Mines", MAIN_ROWS, self._main_row, None))

    def open(self, screen):
        """Show text screen ``screen`` (a menus.Menu) over what is in front."""
        self._stack.append(screen)
        self.screen = screen
        self.unsay()
        self.screen_version += 1

    def back(self):
        """Close the text screen in front; False when it is the last one (nothing closed)."""
        if len(self._stack) < 2:
            return False
        self._stack.pop()
        self.screen = self._stack[-1]
        self.unsay()
        self.screen_version += 1
        self.lean()
        return True

    def lean(self):
        """The save's code goes (mines.phases) where nothing in front needs it: the menu
        alone, a pause menu, an end panel."""
        s = self.state
        if s == MENU and len(self._stack) == 1:
            self.enter(MAIN)
        elif s == PAUSED or (s == WON or s == LOST) and (self.mode or not self.screen):
            self.enter(PAUSE if s == PAUSED else
                       PUZZLE_PLAY if self.mode else END_LEAN)

    def show_board(self):
        """Close every text screen: the board is in front."""
        if self._stack and self._stack[0].name == "main":
            self._main_row = self._stack[0].row
        del self._stack[:]  # in place: nothing is allocated between games
        self.screen = None
        self.unsay()
        self.screen_version += 1

    def resume(self):
        """From the pause menu (or a screen opened from it) back to the game."""
        if self.state == PAUSED:
            self.show_board()
            self.state = PLAYING
            self.enter(PUZZLE_PLAY if self.mode else PLAY)

    def act(self, action):
        """Do a menu action (menus.act)."""
        from mines.flow import menus
        menus.act(self, action)

    def hint(self):
        if self.mode:
            self.puzzle.action(self, "hint")
            return
        sweep_part.hint(self)

    def make(self, move):
        """Make ``move`` (checked); flag check, cues, end."""
        game = self.game
        result = game.execute(move)
        if self.settings.marks:
            try:  # help only while the heap has room: a move never fails
                from mines.flow import hint_part
                hint_part.after_move(self)
            except MemoryError:
                self.assist = None
        if game.started:
            self.start_x = -1
            self.start_y = -1
        if result < 0 and game.state == G_PLAYING:  # a life spent: say what is left
            self.say("Life lost: %d left" % game.lives_left())  # 17 characters: the bar
            self.cue(CUE_REFUSED)
        self._cues |= CUE_OPEN if move_kind(move) == OPEN or result != 0 else CUE_FLAG
        if game.state != G_PLAYING:
            sweep_part.finish(self)

    def start_puzzle(self, fixed=None):
        """Make and play a puzzle of the menu's size and level, or ``fixed`` (a code's width,
        height, level, seed) (puzzle_part), under the runner's guard."""
        self.drop_help()
        self.enter(PUZZLE)
        self.runner.start(None, JOB_PUZZLE, _start_puzzle, self, fixed)
        self._for_game = True

    # -- flow

    def to_menu(self):
        """Back to the main menu; the board being made, generator and game (or puzzle) go."""
        self.runner.stop()
        self._for_game = False
        self.drop_help()
        self.boards.drop()
        if self.puzzle is not None:
            self.puzzle.drop(self)
            self.puzzle = None   # (drop said mode 0)
        self.state = MENU
        del self._stack[:]
        self.start_x = -1
        self.start_y = -1
        self.unsay()
        self.enter(MAIN)
        self._main_row = 0   # the menu opens at its top: Play
        self._open_main()

    def make_room(self, saving=True):
        """A save in play: the hint job and its code go first (a puzzle's stays); ``saving``
        False: the save's code goes."""
        self.drop_help()
        self.enter(PUZZLE_PLAY if self.mode else PLAY_LEAN if saving else
                   PLAY)

    def drop_help(self):
        """The hint job (hint_part) and its buffers go."""
        if self.assist is not None:
            from mines.flow import hint_part
            hint_part.drop(self)

    def fail(self, text):
        """An error (caught by the frame loop, or a job's): back to the menu, ``text`` shown."""
        self.saves and self.saves.keep_game(self)
        self.runner.stop()
        self.boards.drop()
        self.to_menu()
        self.say(text)
        self._cues |= CUE_REFUSED

    def start_game(self):
        """Start a game with the current settings (from the menu or a finished game)."""
        s = self.settings
        err = s.check()
        if err:
            self.say(err)
            self.cue(CUE_REFUSED)
            return
        if self.mode:  # back to the sweeper: the puzzle's buffers go
            self.runner.stop()
            self.puzzle.drop(self)
        self.elapsed_ms = 0
        self.start_x = -1
        self.start_y = -1
        self.cx = s.width // 2
        self.cy = s.height // 2
        self.show_board()
        self.drop_help()
        self.enter(MAKE)
        if not s.quick:
            self.state = READY
            return
        self.start_board(None, -1, JOB_QUICK)

    # -- per frame

    def frame(self, now_ms):
        """Advance one frame: timer, message timeout, and job slices within the budget."""
        dt = now_ms - self._now
        self._now = now_ms
        self._frame += 1
        state = self.state
        if state == PLAYING and self.game.started and dt > 0:
            self.elapsed_ms += dt
        if self.message and now_ms >= self._message_until:
            self.message = ""
            self.screen_version += 1
        runner = self.runner
        making = False  # a board is being worked on in this frame
        if state == GENERATING and self._for_game:
            making = runner.state == RUNNING
            runner.run()
        elif state == PLAYING and runner.tag in _HELP:
            runner.run()
        else:
            runner.frame_work = 0
        if runner.tag in _HELP and runner.state >= DONE:  # (or FAILED: the game goes on)
            from mines.flow import hint_part
            hint_part.hinted(self)
        elif runner.state == FAILED:
            self.fail(runner.error)
        elif runner.state == DONE:
            if self._for_game and self.state == GENERATING and self.mode:
                self._for_game = False
                self.puzzle.take(self)
                self.enter(PUZZLE_PLAY)
            elif self._for_game and self.state == GENERATING and runner.tag == JOB_RESUME:
                from mines.flow import save_work
                save_work.resumed(self)
            elif self._for_game and self.state == GENERATING:  # the board is made: play
                job = runner.job
                boards = self.boards
                game = job.take(LIVES_CHOICES[self.settings.lives])
                game.mark_flags = bool(self.settings.marks)
                sx, sy = boards.start_x, boards.start_y
                self.board_start = (sx, sy)
                if self.assist is not None:
                    from mines.flow import hint_part
                    hint_part.new_game(self)
                runner.stop()
                self.show_board()
                self.play_from(0, self.cx, self.cy, job.seed)
                self.enter(PLAY)
                if self.settings.quick:
                    self.start_x, self.start_y = sx, sy
                    self.point(sx, sy)
                else:
                    self.make(self.game.decide(PRIMARY, sx, sy))  # (a tiny one may end)
        if self.saves is not None:  # no write in a frame that works (a board, a check)
            self.saves.frame(self, now_ms, making or runner.frame_work > 0)
