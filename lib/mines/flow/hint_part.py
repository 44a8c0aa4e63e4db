"""Help in a game, the midend's side: asking for a hint and showing it, checking flags after a
move, the Kind boards' mercy before an open ("again" and the board's code are the end panel's:
mines.flow.menus, mines.flow.texts). The work itself is in mines.help.hint_job (imported when
a game first needs it); these functions take the midend as their first argument, as its
methods would, so that the midend stays small enough to compile on the device."""

import gc

from mines import phases
from mines.engine.game import OPEN, PLAYING as G_PLAYING, move_cell, move_kind
from mines.flow.jobs import error_text

from mines.flow.states import JOB_CHECK, JOB_HINT, JOB_MERCY
from mines.engine.presets import KIND
_NO_HELP = "No memory for hints"  # (mines.help.hint_job.HintJob.no_memory)
# The midend whose hint job failed, its ``finished`` count then (help is not made again that
# game), and why.
_refused = [None, -1, _NO_HELP]


def helper(m):
    """The hint job for the game: made when the game first needs it (a hint, a flag on a cell
    without a mine, a Kind board's guess) and kept until the game ends (the midend drops it
    then, before the generator goes; jobs.Boards.drop too), or None when the heap has no
    room for it (the player is told; the game goes on without help)."""
    job = m.assist
    if job is None or job.game is not m.game:
        drop(m)
        if _refused[0] is m and _refused[1] == m.finished:
            return None   # no room this game: not asked again after every move
        try:
            if phases.UNLOAD:
                # The case analysis's code a Hard board's generator left goes first, and is
                # collected: the hint code and buffers then take its room, not new holes.
                phases.forget("mines.engine.groups")
                phases.forget("mines.engine.layouts")
                gc.collect()
            from mines.help.hint_job import HintJob
            job = HintJob(m.game)
            m.set_help(job)
        except Exception as exc:  # noqa: BLE001 - no help this game; the game goes on
            m.set_help(None)
            _refuse(m, _NO_HELP if isinstance(exc, MemoryError) else error_text(exc))
            return None
        m.boards.on_drop = lambda: drop(m)   # dropped with the board buffers
        job.slice_cost = m.runner.budget - m.runner.slice_bound + 1   # one step a frame
    return job


def _refuse(m, why):
    """No help for the rest of this game of midend ``m``: said now, and at every hint."""
    _refused[0] = m
    _refused[1] = m.finished
    _refused[2] = why
    m.say(why)


def drop(m):
    """Let go of the hint job and its buffers (scrubbed: a stale pointer on the device's stack
    then pins only the small job object, not its buffers)."""
    job = m.assist
    m.set_help(None)
    m.boards.on_drop = None
    if job is not None:
        if m.runner.job is job:
            m.runner.stop()
        from mines.flow.jobs import scrub
        job.game = None   # (not scrubbed: the midend's game)
        h = job.hinter
        if h is not None:
            h.solver = h.board = None   # (the generator's, when borrowed: not scrubbed)
            if h.counting is not None:
                h.counting.hinter = None
        scrub(job, 2)


def hint(m):
    game = m.game
    if m.start_x >= 0 and not game.started:
        m.say("Start at the dot")
        return
    if m.runner.tag == JOB_MERCY:
        return   # the open being made safe comes first
    job = helper(m)
    if job is None:
        m.say(_refused[2])
        return
    job.asked_at = m.cx, m.cy
    m.runner.start(job, JOB_HINT, job.begin, game.board.index(m.cx, m.cy))
    m.say("Thinking...")


def hinted(m):
    """The hint (or check) job is done: mark wrong flags; for a hint, move the cursor, light
    the proving numbers and say the reason. A Kind board's rescue: make the move it held."""
    runner = m.runner
    job = m.assist
    tag = runner.tag
    failed = runner.job is None   # it raised, begun or stepped: help goes, not the game
    runner.stop()
    if failed:
        move = job.move
        drop(m)
        _refuse(m, runner.error)   # (HintJob.no_memory, or what went wrong)
        if tag == JOB_MERCY:
            m.make(move)   # without mercy
        return
    if tag == JOB_MERCY:
        m.unsay()
        job.rest()   # (the frontier and its code: made again for the next rescue)
        if job.saved:
            m.say("Kind: mines moved")   # the guess was forced: the mines made way
        m.make(job.move)
        return
    game = m.game
    for i in job.disproved:   # (a number with too many flags: the game marks it itself)
        game.disprove(i)
    if tag == JOB_CHECK:
        return
    m.count_hint()
    if job.cell >= 0 and (m.cx, m.cy) == job.asked_at:   # a cursor moved meanwhile stays
        m.point(job.cell % game.stride - 1, job.cell // game.stride - 1)
    job.show(job.because)
    m.say(job.text())
    job.rest()


def play(m, move):
    """Before ``move`` (a mines.engine.game move, checked by the midend): the hint's lights go and a
    hint or check job stops; on a Kind board an open of a mine that may be an unavoidable guess
    waits for the rescue job (sliced: the screen goes on, "Thinking..." in the status bar;
    other moves and hints are ignored meanwhile), which makes the move when done. True when
    the midend must not make the move now."""
    runner = m.runner
    if runner.tag == JOB_MERCY:
        return True
    game = m.game
    job = m.assist
    if job is not None:
        if runner.tag == JOB_HINT or runner.tag == JOB_CHECK:
            runner.stop()
        if job.marks:
            job.show(())
    if m.settings.kind == KIND and game.started and move_kind(move) == OPEN and \
            game.board.mine[move_cell(move)]:
        job = helper(m)
        if job is None:
            return False   # no room for mercy: the open is made as it is
        job.move = move   # (made without mercy if the rescue fails, from its begin on)
        try:
            from mines.help.mercy_job import MercyJob
            mercy = MercyJob(job)
        except MemoryError:
            return False   # no room for the rescue's code: as above
        runner.start(mercy, JOB_MERCY, mercy.begin, move)
        m.say("Thinking...")
        return True
    return False


def after_move(m):
    """With marks on: check the flags against the numbers in the next frames (a flag on a cell
    the numbers prove safe gets the wrong-flag tile; a number with too many flags around it
    the game marks itself, at once). It runs after every move of a game, not only when a flag sits on
    a cell without a mine: each check loads the view from the last one plus the move (a few
    rows), so a hint, the first of the game included, starts from a loaded view (about a
    third of the time of a load from scratch on Expert: docs/benchmarks.md, "Hints"). The hint
    machinery's heap is then in use in every game, as it is whenever a player asks for help:
    the device needs that room anyway. With marks off it is made only when help is asked."""
    game = m.game
    if game.state == G_PLAYING and game.started and m.settings.marks and not (
            m.assist is None and m.collect_pending()):  # (made after the collect: one piece)
        job = helper(m)
        if job is not None:
            m.runner.start(job, JOB_CHECK, job.begin, -1, True)


def new_game(m):
    job = m.assist
    if job is not None and job.game is m.game:
        job.show(())
        job.forget()

