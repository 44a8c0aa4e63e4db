"""Making a sweeper board as a job (``jobs.Runner`` runs it; ``job`` makes one per board): a
frame's wait (the screen drops the menu's Labels, the frame loop collects), the buffers for its
size (the old ones dropped one frame and collected before the new are made, so the two never
coexist), then the generator's slices, or a Random or Kind board's layout. Loaded while a board
is made (mines.phases MAKE), with the generator; ``jobs.Boards`` keeps the buffers and the
seeds all game long."""

import gc

from mines.engine.board import Board
from mines.engine.game import Game
from mines.engine.presets import DEFAULT_LEVEL, FULL
from mines.flow.jobs import NO_MEMORY, SEED_MASK


def job(boards, settings, start=None, seed=-1):
    """The job making a board with ``settings``' size, mines, level and kind for ``boards`` (a
    jobs.Boards) from its next seed (or ``seed``: the same board again); ``start``: the (x, y)
    opened first, or None (the generator picks: quick start). Its ``take`` starts the game on
    the board made."""
    err = settings.check()
    if err:
        raise ValueError(err)
    s = settings
    return BoardJob(boards, s.width, s.height, s.mines, s.level,
                    boards.upcoming_seed if seed < 0 else seed, start, s.key(), s.kind)


class BoardJob:
    """The board of ``width`` x ``height`` with ``mines`` at ``level``, of ``kind``
    (mines.engine.presets NO_GUESS, RANDOM, KIND: Random and Kind boards are placed, not made),
    from ``seed`` and ``start`` (the (x, y) opened first, or None: the generator picks), for
    ``boards`` (a jobs.Boards); ``key``: its settings' key."""

    def __init__(self, boards, width, height, mines, level, seed, start, key, kind):
        self.boards = boards
        self.width = width
        self.height = height
        self.mines = mines
        self.level = level
        self.seed = seed
        self.start = start
        self.key = key
        self.kind = kind
        self.no_memory = NO_MEMORY % (width, height)
        self.waited = False
        self.began = False
        self.slice_work = 0
        self.progress = 0
        self.failed = False
        self.reason = None

    def step(self):
        boards = self.boards
        self.slice_work = 0
        if not self.waited:  # a frame first: the screen lets go of the menu's text, collected
            self.waited = True
            boards.collect_wanted = True
            return False
        if not self.began:
            if not self._buffers():
                return False  # old buffers dropped: the caller collects before the next frame
            self.began = True
            if self.kind:
                from mines.engine.kinds import random_layout
                self.start = random_layout(boards.game.board, self.mines,
                                           self.seed & SEED_MASK, self.start)
                self.slice_work = 10 * self.mines
                self.progress = 100
                return True
            boards.generator.begin(self.mines, self.seed & SEED_MASK, self.start, self.level,
                                   self.seed >> 21)
            return False
        gen = boards.generator
        done = gen.step()
        self.slice_work = gen.slice_work
        self.progress = gen.progress
        if done and gen.failed:
            self.failed = True
            self.reason = gen.reason
            boards.next_seed()  # Play again tries another board, not this one again
        return done

    def _buffers(self):
        """Make the game and generator buffers for the board's size (a Random or Kind board:
        the game and its board alone). True when they are ready;
        False when old ones of another size were just dropped (``collect_wanted``: the frame
        loop should gc.collect() before the next frame). MemoryError propagates, with
        everything already dropped."""
        boards = self.boards
        width, height = self.width, self.height
        game, gen = boards.game, boards.generator
        if game is not None or gen is not None:
            if (game is not None and game.width == width and game.height == height
                    and gen is not None and gen.width == width and gen.height == height
                    and not self.kind):
                return True
            boards.drop()  # (the last game too: made again in one piece after a collect)
            return False
        gc.collect()
        try:
            game = boards.game = Game(width, height)  # first: it outlives the generator
            # The layout the game keeps, beside its buffers (below the generator's code and
            # buffers, which then go in one piece).
            board = Board(width, height)
            if self.kind:
                # Placed, not made: the layout alone, no generator (its code and solver).
                game.board = board
                return True
            if self.level >= FULL:
                # Hard's case analysis (6K of code, no other level's): loaded before the
                # buffers, as the generator's own code is (from .py, its compile needs room).
                import mines.engine.groups  # noqa: F401
            cls = boards.generator_class
            if cls is None:
                from mines.engine.generator import Generator as cls
            # The game's cells and flood-fill stack are free until it takes the board (and
            # take() lets the generator go before the game is played): lent to the generator.
            boards.generator = cls(width, height, (game.shown, game.fill, board))
        except MemoryError:
            boards.drop()
            raise
        return True

    def take(self, lives=1):
        """Start the game on the board made, with ``lives``. Returns the game; the job's seed is
        used, so the next board gets the next seed. The generator goes (its code too, once the
        midend's next phase begins): the game keeps the layout it made."""
        boards = self.boards
        gen = boards.generator
        game = boards.game
        if gen is None:   # a Random or Kind board
            board, (x, y), level = game.board, self.start, DEFAULT_LEVEL
        else:
            board, x, y, level = gen.board, gen.start_x, gen.start_y, gen.level
        game.new(board, lives)
        boards.next_seed()
        boards.start_x, boards.start_y, boards.level = x, y, level
        boards.release()
        if len(board.zeros) < board.size:   # (a row's while the generator's buffers were kept)
            board.zeros = bytes(board.size)
        return game
