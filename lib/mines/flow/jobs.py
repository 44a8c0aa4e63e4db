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

``Boards`` owns the game and generator buffers for the current size and the board seeds;
``board_job`` (loaded while a board is made) makes boards with them as jobs: a quick-start board
when Play is chosen, or a classic board from the first open. The generator goes as soon as its
board is made (``release``).
"""

from mines._const import const
from mines.engine import presets
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


class Boards:
    """The game and generator for the current size, and the seeds of the boards: game k always
    gets the k-th seed drawn from ``seed``, whatever the menu did in between.
    ``generator_class`` defaults to mines.engine.generator.Generator (imported when a board is
    made; called with the width, the height and ``lent``, the game's buffers it may work in).
    Read ``game``, ``generator`` (None but while a board is made), the board's ``start_x``,
    ``start_y`` and ``level``, ``collect_wanted``, ``upcoming_seed`` (the next board's).

    The heap in a phase's order (mines.phases): the game's buffers first, then the generator's
    code and buffers, all of which go once the board is made; so the game sits at the bottom
    of what making a board took, and the rest is one piece for the game's own phase (its hint
    job: its solver, 27K at 30x24, is its own, made after the collect)."""

    def __init__(self, seed=1, generator_class=None):
        self.generator_class = generator_class
        self._rng = Rng(seed)
        self.upcoming_seed = self._rng.bits30() & SEED_MASK | _NEW_BOARDS
        self.game = None
        self.generator = None
        self.start_x = self.start_y = 0
        self.level = presets.DEFAULT_LEVEL
        self.collect_wanted = False
        self.on_drop = None   # called by drop() (the midend's hint buffers go with the board's)

    def slice_bound(self):
        cls = self.generator_class
        if cls is None:
            return presets.MAX_SLICE_UNITS
        return cls.MAX_SLICE_UNITS

    def next_seed(self):
        """Move on to the next board seed (a board was taken, or given up on)."""
        self.upcoming_seed = self._rng.bits30() & SEED_MASK | _NEW_BOARDS

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
