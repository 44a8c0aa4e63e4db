"""A Kind board's mercy, as a job on the midend's runner (mines.flow.hint_part starts it before
an open of a covered mine, and lets it go once the move is made): is any covered cell provably
safe (the hint job's hinter, MODE_SAFE)? If none is, the mines make way: a layout consistent
with every number shown and the total, with the cell safe (``mines.engine.kinds.Rescue``).
Apart from the hint job, so that its code is loaded only while a rescue runs."""

from mines.engine.game import move_cell
from mines.help.hint_job import STEP_UNITS, HintJob
from mines.help.hints import MODE_SAFE

RESCUE_UNITS = 150  # a rescue's frontier units a step, as for probabilities (bench_hints.py)

SPIN = ("Thinking", "Thinking.", "Thinking..", "Thinking...")   # the status bar meanwhile


class MercyJob:
    """The rescue of ``job``'s game (a ``HintJob``, whose hinter it borrows): when done,
    ``job.saved`` says whether the board changed (all at once, in the last step); the caller
    then makes ``job.move``."""

    no_memory = HintJob.no_memory   # what the runner says when it runs out

    def __init__(self, job):
        self.job = job
        self.rescue = None
        self.slice_work = 0
        self.progress = 0
        self.steps = 0
        self._phase = 0

    def begin(self, move):
        job = self.job
        job.move = move
        job.saved = False
        job.found = 0
        job.wrong = job.disproved = ()
        job.lighten()
        job.hinter.begin(job.game.shown, job.game.total, move_cell(move), job.game.board,
                         MODE_SAFE)

    def spin(self):
        """What the status bar says while the rescue runs (the runner's job: a job reports
        through its state, it never calls its owner)."""
        return SPIN[(self.steps >> 3) & 3]

    def step(self):
        job = self.job
        h = job.hinter
        self.steps += 1
        self.slice_work = job.slice_cost
        if not self._phase:
            if not h.step(STEP_UNITS):
                self.progress = 20
                return False
            if h.cell >= 0 or h.error:
                return True   # a safe cell was provable: no mercy (or the view is wrong)
            job.drop_cases(h)
            from mines.engine.kinds import Rescue
            if h.frontier is None:
                h.frontier = h.new_frontier()
            rescue = self.rescue = Rescue(h.board, h.frontier)
            # The view settled with what the hinter proved (``Hinter.settle``; proven mines
            # known, proven safe cells out: small groups), in its ``seen`` marks, free until
            # its next answer.
            h.settle(h.seen)
            rescue.begin(job.game, move_cell(job.move), h.seen)
            self._phase = 1
            return False
        self.slice_work = (job.slice_cost + 1) // 2   # steps as the probabilities': two a frame
        rescue = self.rescue
        if not rescue.step(RESCUE_UNITS):
            self.progress = 60
            return False
        job.saved = rescue.saved
        if h.counting is not None:
            h.counting.forget()   # the shared frontier now holds the rescue's counts
        return True
