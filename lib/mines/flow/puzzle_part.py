"""Puzzle mode's part of the midend: the puzzle buffers, the job that makes a puzzle between
frames, and the best times (the moves, A mine, B clear, the pause menu's undo, redo, check and
hint, and the end of a puzzle are in ``puzzle_moves``, loaded once a puzzle is played). The midend holds one ``PuzzleMode`` from the first puzzle asked for
until it goes back to its menu (imported then: a player who never plays a puzzle pays nothing for
it); what outlives it is plain data in the midend: the best times (``best_times``) and the
puzzles' seeds (an Rng)."""

import gc
from array import array

from mines import phases
from mines.engine.presets import FULL
from mines.flow.jobs import scrub
from mines.engine.rng import Rng
from mines.flow.states import GENERATING, JOB_PUZZLE, MENU


def start(m, fixed=None):
    """Make a puzzle of the puzzle menu's size and level for midend ``m`` (``fixed``: the
    (width, height, level, seed) of a puzzle code instead), then play it (the sweeper's buffers
    are let go first: the heap holds one mode's at a time)."""
    puzzle = m.puzzle
    if puzzle is None:
        if m.puzzle_best is None:  # the first puzzle of the session
            puzzle = PuzzleMode(Rng(m.seed0 * 3 + 1), best_times())
        else:
            puzzle = PuzzleMode(m.puzzle_seeds, m.puzzle_best)
    if not m.mode:
        m.runner.stop()
        m.boards.drop()
    m.set_puzzle(puzzle)
    m.runner.start(puzzle.start(m, fixed), JOB_PUZZLE)
    m.show_board()
    m.wait_for(m.board_width() // 2, m.board_height() // 2)
    m.enter(phases.PUZZLE)   # (the menu's sizes, ``play``, read: it goes before the maker comes)


def best_times():
    """The best solve time per menu size and level, in milliseconds (0: none yet), in one flat
    table (``times[size * 3 + level]``, unsigned ints of 32 bits) that a save can write and read
    back as it is."""
    from mines.puzzle.play import SIZES
    return array("I", bytes(4 * 3 * len(SIZES)))


class PuzzleJob:
    """Making one puzzle (jobs' job protocol): first the buffers for its size (old ones
    dropped one frame before, so that the two never coexist), then the maker's slices, then
    (``PuzzleMode.hand_over``, and a frame later) the game's."""

    no_memory = ""

    def __init__(self, mode):
        self.mode = mode
        self.slice_work = 0
        self.progress = 0
        self.width = self.height = self.level = self.seed = 0
        self.began = False

    def set(self, width, height, level, seed):
        self.no_memory = "No memory: %dx%d puzzle" % (width, height)
        self.width = width
        self.height = height
        self.level = level
        self.seed = seed
        self.began = False
        self.slice_work = 0
        self.progress = 0

    def step(self):
        self.slice_work = 0
        mode = self.mode
        if not self.began:
            if not mode.ensure_size(self.width, self.height, self.level):
                return False  # old buffers dropped: collected before the next frame
            mode.maker.begin(self.seed, self.level)
            self.began = True
            return False
        maker = mode.maker
        if maker is None:   # the maker let go of its buffers last frame: collected since
            mode.play_made()
            return True
        done = maker.step()
        self.slice_work = maker.slice_work
        self.progress = maker.progress
        if done:
            mode.hand_over()
            self.slice_work = 0   # (a frame's wait: the maker's buffers are collected)
        return False


class PuzzleMode:
    """``game`` (a marks.PuzzleGame, None until a puzzle is made), ``maker``, ``best``
    (the midend's ``best_times``), ``size_index`` and ``level`` of the puzzle on screen,
    ``new_best``; the puzzles' seeds come from ``seeds`` (an Rng), one per puzzle."""

    def __init__(self, seeds, best):
        self.seeds = seeds
        self.maker = None
        self.made = None   # a released maker, between ``hand_over`` and ``play_made``
        self.game = None
        self.best = best
        self.job = PuzzleJob(self)
        self.size_index = 0
        self.level = 0
        self.new_best = False
        self._boards = None   # the midend's Boards: told when buffers were dropped

    def size(self, m, k):
        """The width (``k`` 1) or height (2) of the puzzle in front: the one being made, the
        menu's in the menu, else the game's."""
        game = self.game
        if m.state == GENERATING:
            return self.job.width if k == 1 else self.job.height
        if m.state == MENU or game is None:
            from mines.puzzle.play import SIZES   # (the menu's code)
            return SIZES[m.settings.psize][k]
        return game.width if k == 1 else game.height

    def start(self, m, fixed=None):
        """The job making a puzzle of the menu's size and level, from the next seed, or the
        puzzle of ``fixed`` (width, height, level, seed: a puzzle code)."""
        from mines.puzzle.play import SIZES
        s = m.settings
        self._boards = m.boards
        if fixed is None:
            w, h = SIZES[s.psize][1], SIZES[s.psize][2]
            fixed = (w, h, s.plevel, self.seeds.bits30())
        w, h, level, seed = fixed
        self.size_index = -1   # (best times are kept for the menu's sizes)
        for k in range(len(SIZES)):
            if SIZES[k][1] == w and SIZES[k][2] == h:
                self.size_index = k
        self.level = level
        self.job.set(w, h, level, seed)
        return self.job

    def ensure_size(self, width, height, level):
        maker, game = self.maker, self.game
        if maker is not None or game is not None or self.made is not None:
            if maker is not None and maker.width == width and maker.height == height:
                return True
            self.drop()  # (the last puzzle's game: its buffers go before the next maker's come)
            return False
        gc.collect()
        from mines.puzzle.maker import PuzzleMaker
        try:
            # (Hard's case analysis only for Hard: Easy's and Medium's heap holds none of it)
            self.maker = PuzzleMaker(width, height, level == FULL)   # (play.HARD)
        except MemoryError:
            self.drop()
            raise
        return True

    def drop(self, m=None):
        """Let go of the puzzle buffers (before another size; with the midend ``m``: leaving
        puzzle mode)."""
        maker, game, made = self.maker, self.game, self.made
        self.maker = self.game = self.made = None
        scrub(maker, 2)
        scrub(game, 2)
        scrub(made, 2)
        if self._boards is not None:
            self._boards.collect_wanted = True   # the frame loop collects
        if m is not None:
            m.set_puzzle(None)

    def hand_over(self):
        """The puzzle is made: the maker lets go of every buffer but the puzzle's and its
        deductions' (the biggest puzzle mode has; the next puzzle makes a maker), and the
        frame loop collects before the game's code and buffers come (``play_made``, the job's
        next step), so that the two never share the heap."""
        maker = self.maker
        self.maker = None
        self.made = maker
        maker.release()
        if self._boards is not None:
            self._boards.collect_wanted = True

    def play_made(self):
        """The game of the puzzle made: it takes the puzzle from the released maker."""
        from mines.puzzle.marks import PuzzleGame
        made = self.made
        game = PuzzleGame(made.width, made.height)
        game.new(made)
        self.made = None
        scrub(made, 1)
        self.game = game

    def take(self, m):
        """The puzzle made (``hand_over``): play it."""
        self.new_best = False
        m.runner.stop()
        m.play_from(0, self.game.width // 2, self.game.height // 2)

    # -- playing (puzzle_moves: loaded once a puzzle is played) ------------------------------

    def press(self, m, button):
        from mines.flow.puzzle_moves import press
        press(self, m, button)

    def action(self, m, word):
        from mines.flow.puzzle_moves import action
        action(self, m, word)

    def result_lines(self, m):
        from mines.flow.puzzle_moves import result_lines
        return result_lines(self, m)
