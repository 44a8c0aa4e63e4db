"""Board generation for the midend: the game and generator buffers for the current size,
jobs (a quick-start board made in idle frames, or a classic board from the first open), and
generator slices run within a per-frame work budget.

The rule: ``Generator.step()`` is called again only while the frame's work so far plus the
most one step can do (``Generator.MAX_SLICE_UNITS``; ``SLICE_UNITS`` if a generator does not
say) fits in ``budget``, so no frame ever does more than ``budget`` units.
"""

import gc

from mines.game import Game
from mines.rng import Rng
from mines.settings import Settings

JOB_NONE = 0
JOB_QUICK = 1  # a board whose start the generator picks (quick start)
JOB_CLASSIC = 2  # a board from the cell the player opened first


def _default_generator_class():
    from mines.generator import Generator
    return Generator


def _scrub(obj, depth):
    """Let go of everything ``obj`` holds (and, ``depth`` levels down, what its parts hold).
    A stale pointer to an old object left on the stack (the device's collector is
    conservative) then pins only that small object, not its big buffers."""
    d = getattr(obj, "__dict__", None)
    if not d:
        return
    for name in list(d):
        value = d[name]
        if depth > 1:
            _scrub(value, depth - 1)
        setattr(obj, name, None)


class Jobs(Settings):
    """``seed`` seeds the boards' seeds: game k always gets the k-th seed, whatever the menu
    did in between. ``budget``: the generator work units a frame may spend (default two
    slices). ``generator_class`` defaults to mines.generator.Generator."""

    def __init__(self, seed=1, budget=0, generator_class=None):
        Settings.__init__(self)
        self._gen_class = generator_class or _default_generator_class()
        cls = self._gen_class
        slice_units = getattr(cls, "MAX_SLICE_UNITS", cls.SLICE_UNITS)
        self._slice_bound = slice_units
        self.budget = budget or 2 * slice_units
        if self.budget < slice_units:
            raise ValueError("budget %d is below one slice (%d units)" % (self.budget, slice_units))
        self._rng = Rng(seed)
        self._next_seed = self._rng.bits30()
        self.game = None
        self._gen = None
        self._job = JOB_NONE
        self._job_key = -1
        self._job_seed = 0
        self._job_start = None
        self._job_pending = False
        self._job_for_game = False  # the running job is what the GENERATING screen waits for
        self._prepared_key = -1
        self.seed = 0  # the seed of the game on screen (replay and board codes will use it)
        self.progress = 0
        self.frame_work = 0
        self.max_frame_work = 0
        self.collect_wanted = False  # set when big buffers were dropped: gc.collect() soon

    def say(self, text):
        """Show a short message (the midend puts it in the status bar)."""

    def _job_failed(self):
        """Called when a job could not start for want of memory."""

    def _ensure_size(self):
        """Make the game and generator buffers for the current size. Returns 1 when they are
        ready, 0 when old ones of another size were just dropped (the caller's loop should
        gc.collect() before the next frame: see ``collect_wanted``), -1 when memory ran out
        (with a message). Old and new buffers never coexist."""
        w, h = self.width, self.height
        game, gen = self.game, self._gen
        if game is not None or gen is not None:
            if (game is not None and game.width == w and game.height == h
                    and gen is not None and gen.width == w and gen.height == h):
                return 1
            self.game = None
            self._gen = None
            _scrub(game, 2)
            _scrub(gen, 2)
            game = gen = None
            self.collect_wanted = True
            return 0
        gc.collect()
        try:
            self._gen = self._gen_class(w, h)  # the bigger one first, while the heap is freest
            self.game = Game(w, h)
        except MemoryError:
            self.game = None
            self._gen = None
            self.collect_wanted = True
            self.say("No memory: %dx%d" % (w, h))
            return -1
        return 1

    def _begin(self, job, x, y):
        """Ask for a board; the next frame() makes the buffers and begins it. (Buffers are
        (re)made only from frame(), high in the call stack: deep in a button handler, stale
        pointers on the stack can keep the old buffers alive on MicroPython.)"""
        self._job = job
        self._job_key = self.key()
        self._job_start = (x, y) if x >= 0 else None
        self._job_pending = True
        self._prepared_key = -1
        self.progress = 0
        return True

    def _start_job(self):
        """Begin the pending job once its buffers are there. False while it cannot start
        (buffers being replaced, or no memory: then the job is dropped)."""
        ready = self._ensure_size()
        if ready == 0:
            return False  # next frame, after the caller's gc.collect()
        self._job_pending = False
        if ready < 0:
            self._job = JOB_NONE
            self._job_failed()
            return False
        self._job_seed = self._next_seed
        self._gen.begin(self.mines, self._job_seed, self._job_start, self.level)
        return True

    def _run_slices(self):
        """Run generator slices that fit in the budget; mark the job done when it finishes."""
        if self._job == JOB_NONE:
            return 0
        if self._job_pending and not self._start_job():
            return 0
        gen = self._gen
        slice_units = self._slice_bound
        budget = self.budget
        work = 0
        while work + slice_units <= budget:
            done = gen.step()
            work += gen.slice_work
            if done:
                self.progress = 100
                if self._job == JOB_QUICK:
                    self._prepared_key = self._job_key
                self._job = JOB_NONE
                break
        else:
            self.progress = gen.progress
        return work

    # -- what to show --------------------------------------------------------------------

    def prepared(self):
        """True when a quick-start board for the current parameters is ready."""
        return self._prepared_key == self.key()

