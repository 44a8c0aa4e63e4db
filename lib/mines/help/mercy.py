"""A Kind board's rescue, the hint job's side (``hint_job.HintJob.begin_mercy``, and its
``step`` while ``_phase`` is 2 or 3): functions of the job, in a module loaded only when a Kind
board's open needs mercy, so that the check after every move and the hints do not hold its code
(let go with the frontier's code, ``HintJob.rest``)."""

from mines.engine.game import move_cell
from mines.help.hints import MODE_SAFE


def begin(job, move):
    """``move`` opens a covered mine. If no covered cell is provably safe (the hinter,
    MODE_SAFE), find a layout of the mines, consistent with every number shown and the total,
    that has the cell safe (``mines.engine.kinds.Rescue``); the board changes in the job's last
    step, all at once. Then ``saved`` says whether it did."""
    game = job.game
    job.move = move
    job.saved = False
    job.found = 0   # (hint_job: nothing found)
    job.wrong = job.disproved = ()
    job.hinter.begin(game.shown, game.total, move_cell(move), game.board, MODE_SAFE)
    job.steps = 0
    job._phase = 2
    job.progress = 0


def step(job, h, hint_units, rescue_units):
    """One slice of the rescue: the hinter first (``hint_units`` a step; a provably safe cell:
    no mercy), then the rescue's search (``rescue_units``). True when done."""
    game = job.game
    job.steps += 1
    if job._phase == 2:
        if not h.step(hint_units):
            job.progress = 20
            return False
        if h.cell >= 0 or h.error:
            return True   # a safe cell was provable: no mercy (or the view is wrong)
        rescue = job.rescue
        if rescue is None:
            job.drop_cases(h)
            from mines.engine.kinds import Rescue
            if h.frontier is None:
                h.frontier = h.new_frontier()
            rescue = job.rescue = Rescue(h.board, h.frontier)
        # The view settled with what the hinter proved (``Hinter.settle``; proven mines
        # known, proven safe cells out: small groups), in its ``seen`` marks, free until
        # its next answer.
        job.settled = h.seen
        h.settle(h.seen)
        rescue.begin(game, move_cell(job.move), job.settled)
        job._phase = 3
        return False
    job.slice_work = (job.slice_cost + 1) // 2   # steps as the probabilities': two a frame
    rescue = job.rescue
    if not rescue.step(rescue_units):
        job.progress = 60
        return False
    job.saved = rescue.saved
    if h.counting is not None:
        h.counting.forget()   # the shared frontier now holds the rescue's counts
    return True
