"""Long work sliced between frames: the job runner, and the board maker built on it.

A *job* is any object with ``step() -> bool`` (True once done; each call does a bounded slice),
``slice_work`` (the work units the last step did), ``progress`` (0..100) and, optionally,
``failed`` (True once done without a result, ``reason`` saying why in one line: a board that
would take too long) and ``no_memory`` (what to say when it ran out of memory). A board, a
puzzle or a probability map are jobs. ``Runner`` runs one job's slices within a per-frame work budget:
``step()`` is called again only while the frame's work so far plus ``slice_bound`` (the most one
step may do) fits in ``budget``, so no frame ever does more than ``budget`` units. Any exception a
step raises (MemoryError above all) ends the job: the runner's ``state`` becomes FAILED with a
one-line ``error``, and the owner reads that state; nothing calls back up. The same guard covers
a job's start: ``start(job, tag, begin, *args)`` calls ``begin(*args)`` (the job's own begin, or
whatever makes the job and starts it) inside it, so a job that cannot even begin fails the same
way, for its owner to handle at the next frame.

``Boards`` owns the game and generator buffers for the current size and makes boards as jobs:
a quick-start board when Play is chosen, or a classic board from the first open. The generator
goes as soon as its board is made (``release``).
"""

import gc

from mines._const import const
from mines.engine import presets
from mines.engine.board import Board
from mines.engine.game import Game
from mines.engine.rng import Rng

IDLE = 0
RUNNING = 1
DONE = 2
FAILED = 3

NO_MEMORY = "No memory: %dx%d board"  # a board job's ``no_memory``, its size
NO_ROOM = "Not enough memory"  # a job that names nothing
SEED_MASK = (1 << 21) - 1   # board seeds fit a board code (mines.engine.board_code.SEED_BITS)
# A game's board seed carries the generator's version above those bits (board_code:
# VERSION_BIT), so "again", a save and a board code make a board of the version it was made by;
# new boards are made by version 1 (mines.engine.generator.VERSION).
_NEW_BOARDS = const(1 << 21)


def scrub(obj, depth):
    """Let go of everything ``obj`` holds (and, ``depth`` levels down, what its parts hold).
    A stale pointer to an old object left on the stack (the device's collector is
    conservative) then pins only that small object, not its big buffers."""
    d = getattr(obj, "__dict__", None)
    if not d:
        return
    for name in list(d):
        value = d[name]
        if depth > 1:
            scrub(value, depth - 1)
        setattr(obj, name, None)


def error_text(exc, job=None):
    """A one-line message for an exception that ended ``job``."""
    if isinstance(exc, MemoryError):
        return getattr(job, "no_memory", NO_ROOM)
    text = str(exc) or type(exc).__name__
    return text.split("\n")[0]


class Runner:
    """Runs one job at a time within ``budget`` work units a frame (``slice_bound``: the most
    one step of any job here may do, units; budget >= slice_bound). Read ``state`` (IDLE,
    RUNNING, DONE, FAILED), ``job``, ``tag`` (the owner's label for the job), ``progress``,
    ``error``; ``frame_work`` and ``max_frame_work`` count units."""

    def __init__(self, budget, slice_bound):
        if budget < slice_bound:
            raise ValueError("budget %d is below one slice (%d units)" % (budget, slice_bound))
        self.budget = budget
        self.slice_bound = slice_bound
        self.job = None
        self.tag = 0
        self.state = IDLE
        self.progress = 0
        self.error = ""
        self.frame_work = 0
        self.max_frame_work = 0

    def start(self, job, tag=0, begin=None, *args):
        """Run ``job`` from the next ``run()`` on, in place of any other. ``begin(*args)``, if
        given, is called first under the guard of the job's steps: an exception there leaves
        the runner FAILED, as one raised by a step would (``begin`` may start another job in
        its place: the job of a module it imports)."""
        self.job = job
        self.tag = tag
        self.state = RUNNING
        self.progress = 0
        self.error = ""
        if begin is not None:
            try:
                begin(*args)
            except Exception as exc:  # noqa: BLE001 - as in run(): the job fails, not the game
                self._failed(exc)

    def _failed(self, exc):
        self.error = error_text(exc, self.job)
        self.job = None
        self.state = FAILED

    def stop(self):
        """Drop the job, finished or not (IDLE)."""
        self.job = None
        self.tag = 0
        self.state = IDLE
        self.progress = 0

    def run(self):
        """Run slices of the job while they fit in the budget. Returns the units done."""
        work = 0
        job = self.job
        if self.state == RUNNING:
            bound = self.slice_bound
            budget = self.budget
            try:
                while work + bound <= budget:
                    done = job.step()
                    work += job.slice_work
                    if done:
                        if getattr(job, "failed", False):  # optional: most jobs cannot fail
                            self.state = FAILED
                            self.error = job.reason or "Could not make this board"
                        else:
                            self.state = DONE
                        break
                    if not job.slice_work:  # waiting for something (a collect): next frame
                        break
                self.progress = 100 if self.state == DONE else job.progress
            except Exception as exc:  # noqa: BLE001 - any failure ends the job, not the game
                self._failed(exc)
                job = None
        self.frame_work = work
        if work > self.max_frame_work:
            self.max_frame_work = work
        return work


def _default_generator_class():
    from mines.engine.generator import Generator
    return Generator


class _BoardJob:
    """Making one board: a frame's wait (the screen drops the menu's Labels, the frame loop
    collects), the buffers for its size (the old ones dropped one frame and collected before the
    new are made, so the two never coexist), then the generator's slices.
    One is made and reused for every board (``set``), so nothing is allocated between boards."""

    no_memory = ""

    def __init__(self, boards):
        self.boards = boards
        self.set(0, 0, 0, 0, 0, None, 0)

    def set(self, width, height, mines, level, seed, start, key, kind=0):
        self.width = width
        self.height = height
        self.mines = mines
        self.level = level
        self.seed = seed
        self.start = start
        self.key = key
        self.kind = kind   # mines.engine.kinds.KIND_*: Random and Kind boards are placed, not made
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
            if not boards.ensure_size(self.width, self.height):
                return False  # old buffers dropped: the caller collects before the next frame
            self.began = True
            if self.kind:
                from mines.engine.kinds import random_layout
                gen = boards.generator
                gen.start_x, gen.start_y = random_layout(gen.board, self.mines,
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


class Boards:
    """The game and generator for the current size, and the seeds of the boards: game k always
    gets the k-th seed drawn from ``seed``, whatever the menu did in between.
    ``generator_class`` defaults to mines.engine.generator.Generator (imported when a board is
    made; called with the width, the height and ``lent``, the game's buffers it may work in).
    Read ``game``, ``generator`` (None but while a board is made), the board's ``start_x``,
    ``start_y`` and ``level``, ``collect_wanted``.

    The heap in a phase's order (mines.phases): the game's buffers first, then the generator's
    code and buffers, all of which go once the board is made; so the game sits at the bottom
    of what making a board took, and the rest is one piece for the game's own phase (its hint
    job: its solver, 27K at 30x24, is its own, made after the collect)."""

    def __init__(self, seed=1, generator_class=None):
        self.generator_class = generator_class
        self._rng = Rng(seed)
        self._next_seed = self._rng.bits30() & SEED_MASK | _NEW_BOARDS
        self.game = None
        self.generator = None
        self.start_x = self.start_y = 0
        self.level = presets.DEFAULT_LEVEL
        self.collect_wanted = False
        self.on_drop = None   # called by drop() (the midend's hint buffers go with the board's)
        self._job = _BoardJob(self)

    def slice_bound(self):
        cls = self.generator_class
        if cls is None:
            return presets.MAX_SLICE_UNITS
        return cls.MAX_SLICE_UNITS

    def job(self, settings, start=None, seed=-1):
        """The job making a board with ``settings``' size, mines, level and kind from the next
        seed (or ``seed``: the same board again); ``start``: the (x, y) opened first, or None (the
        generator picks: quick start). There is one board job: asking again restarts it."""
        err = settings.check()
        if err:
            raise ValueError(err)
        job = self._job
        job.set(settings.width, settings.height, settings.mines, settings.level,
                self._next_seed if seed < 0 else seed, start, settings.key(), settings.kind)
        return job

    def take(self, job, lives=1):
        """Start the game on the board ``job`` made, with ``lives``. Returns the game; the job's
        seed is used, so the next board gets the next seed. The generator goes (its code too,
        once the midend's next phase begins): the game keeps the layout it made."""
        gen = self.generator
        self.game.new(gen.board, lives)
        self.next_seed()
        self.start_x, self.start_y, self.level = gen.start_x, gen.start_y, gen.level
        self.release()
        return self.game

    def next_seed(self):
        """Move on to the next board seed (a board was taken, or given up on)."""
        self._next_seed = self._rng.bits30() & SEED_MASK | _NEW_BOARDS

    def ensure_size(self, width, height):
        """Make the game and generator buffers for ``width`` x ``height``. True when they are
        ready; False when old ones of another size were just dropped (``collect_wanted``: the
        frame loop should gc.collect() before the next frame). MemoryError propagates, with
        everything already dropped."""
        game, gen = self.game, self.generator
        if game is not None or gen is not None:
            if (game is not None and game.width == width and game.height == height
                    and gen is not None and gen.width == width and gen.height == height):
                return True
            self.drop()  # (the last game too: made again in one piece after a collect)
            return False
        gc.collect()
        try:
            game = self.game = Game(width, height)  # first: it outlives the generator
            cls = self.generator_class or _default_generator_class()
            # The game's cells and flood-fill stack are free until it takes the board (and
            # take() lets the generator go before the game is played): lent to the generator.
            self.generator = cls(width, height, (game.shown, game.fill))
        except MemoryError:
            self.drop()
            raise
        return True

    def ensure_game(self, width, height):
        """Make a game of ``width`` x ``height`` and its board alone (a saved game put back: no
        generator). True when ready; False when buffers were just dropped
        (``collect_wanted``), as ``ensure_size``."""
        if self.game is not None or self.generator is not None:
            self.drop()
            return False
        gc.collect()
        try:
            self.game = Game(width, height)
            self.game.board = Board(width, height)
        except MemoryError:
            self.drop()
            raise
        return True

    def drop(self):
        """Let go of the game and generator buffers (after a failure, or before a new size)."""
        game, gen = self.game, self.generator
        hook = self.on_drop
        self.on_drop = None
        if hook is not None:
            hook()
        self.game = None
        self.generator = None
        scrub(game, 2)
        scrub(gen, 2)
        self.collect_wanted = True

    def release(self):
        """Let go of the generator, if any (its buffers are the biggest a sweeper board takes):
        the game keeps the layout it was given, and the next board makes a new generator."""
        gen = self.generator
        if gen is not None:
            self.generator = None
            gen.board = None  # the game's layout: not scrubbed
            scrub(gen, 2)
            self.collect_wanted = True

    def take_collect(self):
        """True once after buffers were dropped: the frame loop then calls gc.collect()."""
        wanted = self.collect_wanted
        self.collect_wanted = False
        return wanted
