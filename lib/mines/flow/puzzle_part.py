"""Puzzle mode's part of the midend: the puzzle buffers, the job that makes a puzzle between
frames (the mode itself), and the best times (the moves, A mine, B clear, the pause menu's
undo, redo, check and hint, and the end of a puzzle are in ``puzzle_moves``, loaded once a
puzzle is played). The midend holds one ``PuzzleMode`` from the first puzzle asked for
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
    from mines.puzzle.play import SIZES
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
    puzzle._boards = m.boards
    if fixed is None:
        s = m.settings
        fixed = (SIZES[s.psize][1], SIZES[s.psize][2], s.plevel, puzzle.seeds.bits30())
    w, h, level, seed = fixed
    puzzle.size_index = -1   # (best times are kept for the menu's sizes)
    for k in range(len(SIZES)):
        if SIZES[k][1] == w and SIZES[k][2] == h:
            puzzle.size_index = k
    puzzle.no_memory = "No memory: %dx%d puzzle" % (w, h)
    puzzle.width = w
    puzzle.height = h
    puzzle.level = level
    puzzle.seed = seed
    puzzle.began = False
    puzzle.slice_work = puzzle.progress = 0
    m.runner.start(puzzle, JOB_PUZZLE)
    m.show_board()
    m.wait_for(m.board_width() // 2, m.board_height() // 2)
    m.enter(phases.PUZZLE)   # (the menu's sizes, ``play``, read: it goes before the maker comes)


def best_times():
    """The best solve time per menu size and level, in milliseconds (0: none yet), in one flat
    table (``times[size * 3 + level]``, unsigned ints of 32 bits) that a save can write and read
    back as it is."""
    from mines.puzzle.play import SIZES
    return array("I", bytes(4 * 3 * len(SIZES)))


class PuzzleMode:
    """``game`` (a marks.PuzzleGame, None until a puzzle is made), ``maker``, ``best``
    (the midend's ``best_times``), ``size_index`` and ``level`` of the puzzle on screen,
    ``new_best``; the puzzles' seeds come from ``seeds`` (an Rng), one per puzzle.

    It is also the job making the puzzle ``start`` set (jobs' job protocol: ``width``,
    ``height``, ``level``, ``seed``): first the buffers for its size (old ones dropped one
    frame before, so that the two never coexist), then the maker's slices, then (a frame
    after the maker let go of its buffers) the game's."""

    no_memory = ""

    def __init__(self, seeds, best):
        self.seeds = seeds
        self.maker = None
        self.made = None   # a released maker, until the game takes its puzzle
        self.game = None
        self.best = best
        self.size_index = 0
        self.level = 0
        self.new_best = False
        self._boards = None   # the midend's Boards: told when buffers were dropped
        self.width = self.height = self.seed = 0
        self.began = False
        self.slice_work = 0
        self.progress = 0

    def size(self, m, k):
        """The width (``k`` 1) or height (2) of the puzzle in front: the one being made, the
        menu's in the menu, else the game's."""
        game = self.game
        if m.state == GENERATING:
            return self.width if k == 1 else self.height
        if m.state == MENU or game is None:
            from mines.puzzle.play import SIZES   # (the menu's code)
            return SIZES[m.settings.psize][k]
        return game.width if k == 1 else game.height

    def step(self):
        self.slice_work = 0
        maker = self.maker
        if not self.began:
            if maker is not None or self.game is not None or self.made is not None:
                if maker is None or maker.width != self.width or maker.height != self.height:
                    # (the last puzzle's game: its buffers go before the next maker's come,
                    # collected before the next frame)
                    self.drop()
                    self.began = None
                    return False
            elif self.began is False:
                # The first frame: the menu's screen (its Labels, its code: 10-15K) is drawn
                # until this frame's draw lets it go; the maker comes a frame later, after a
                # collect, where that heap is free.
                self.began = None
                if self._boards is not None:
                    self._boards.collect_wanted = True
                return False
            else:
                gc.collect()
                from mines.puzzle.maker import PuzzleMaker
                try:
                    # (Hard's case analysis only for Hard: Easy's and Medium's heap holds none
                    # of it; the maker's start and deal go before its walk comes)
                    maker = self.maker = PuzzleMaker(self.width, self.height,
                                                     self.level == FULL, True)   # (play.HARD)
                except MemoryError:
                    self.drop()
                    raise
            maker.begin(self.seed, self.level)
            self.began = True
            return False
        if maker is None:
            # The maker let go of its buffers last frame, collected since: the game of the
            # puzzle made takes the puzzle from the released maker.
            from mines.puzzle.marks import PuzzleGame
            made = self.made
            game = PuzzleGame(made.width, made.height)
            game.new(made)
            self.made = None
            scrub(made, 1)
            self.game = game
            return True
        done = maker.step()
        self.slice_work = maker.slice_work
        self.progress = maker.progress
        if done:
            # The puzzle is made: the maker lets go of every buffer but the puzzle's and its
            # deductions' (the biggest puzzle mode has; the next puzzle makes a maker), and
            # the frame loop collects before the game's code and buffers come (the next
            # step, after a frame's wait), so that the two never share the heap.
            self.maker = None
            self.made = maker
            maker.release()
            if self._boards is not None:
                self._boards.collect_wanted = True
            self.slice_work = 0
        return False

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

    def take(self, m):
        """The puzzle made: play it."""
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

    def status(self, m):
        from mines.flow.puzzle_moves import status
        return status(self, m)
