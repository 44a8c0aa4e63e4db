"""Help in a game, the midend's side: asking for a hint and showing it, checking flags after a
move, the Kind boards' mercy before an open, the same board again, and the board's code. The
work itself is in mines.assist (imported when a game first needs it); these functions take the
midend as their first argument, as its methods would, so that the midend stays small enough to
compile on the device."""

from mines.game import OPEN, PLAYING as G_PLAYING, move_cell, move_kind

JOB_HINT = 4   # runner tags (mines.midend's JOB_*)
JOB_CHECK = 5
_KIND_KIND = 2   # mines.kinds.KIND_KIND
_GENERATING = 2  # mines.states.GENERATING
_CLASSIC = 2     # mines.midend.JOB_CLASSIC


def helper(m):
    """The hint job for the game's size (made when first needed, kept for the size), or None
    when the heap has no room for it (the player is told; the game goes on without help)."""
    job = m.assist
    if job is None or job.game is not m.game:
        m.assist = None
        try:
            from mines.assist import HintJob
            gen = m.boards.generator
            solver = gen.solver if gen is not None and gen.width == m.game.width and \
                gen.height == m.game.height else None
            job = m.assist = HintJob(m.game, solver)
        except MemoryError:
            m.say("No memory for hints")
            return None
        job.slice_cost = m.runner.budget - m.runner.slice_bound + 1   # one step a frame
    return job


def hint(m):
    game = m.game
    if m.start_x >= 0 and not game.started:
        m.say("Start at the dot")
        return
    job = helper(m)
    if job is None:
        return
    job.begin(game.board.index(m.cx, m.cy))
    job.asked_at = m.cx, m.cy
    m.runner.start(job, JOB_HINT)
    m.say("Thinking...")


def hinted(m):
    """The hint (or check) job is done: mark wrong flags; for a hint, move the cursor, light
    the proving numbers and say the reason."""
    runner = m.runner
    job = runner.job
    tag = runner.tag
    runner.stop()
    game = m.game
    for i in job.wrong:
        game.disprove(i)
    if tag == JOB_CHECK:
        return
    m.hints_used += 1
    if job.cell >= 0 and (m.cx, m.cy) == job.asked_at:   # a cursor moved meanwhile stays
        m.cx = job.cell % game.stride - 1
        m.cy = job.cell // game.stride - 1
    job.show(job.because)
    m.say(job.text())


def before_move(m, move):
    """A move is about to be made: the hint's marks go, a hint job stops; on a Kind board an
    open that would be an unavoidable guess is made safe."""
    job = m.assist
    if job is not None:
        if m.runner.tag == JOB_HINT or m.runner.tag == JOB_CHECK:
            m.runner.stop()
        if any(job.marks):
            job.show(())
    game = m.game
    if m.settings.kind == _KIND_KIND and game.started and move_kind(move) == OPEN:
        job = helper(m)
        if job is not None:
            from mines.assist import mercy
            try:
                mercy(job, game, move_cell(move))
            except MemoryError:
                m.assist = None
                m.say("No memory for mercy")


def after_move(m):
    """With marks on, a flag on a cell without a mine may be one the numbers disprove: check
    in the next frames. Only once the game has its hint buffers (a hint was asked for): the
    check alone does not claim ~10 KB of a device heap that the next board needs in one piece
    (flags that overfill a number are marked at once by the game itself, always)."""
    game = m.game
    if m.assist is not None and game.state == G_PLAYING and m.settings.marks and game.flags:
        from mines.assist import flags_on_safe_cells
        if flags_on_safe_cells(game):
            job = helper(m)
            if job is not None:
                job.begin(-1, True)
                m.runner.start(job, JOB_CHECK)


def new_game(m):
    job = m.assist
    if job is not None and job.game is m.game:
        job.show(())
        job.forget()


def again(m):
    """The same board and start again."""
    if m.board_start is None or m.game is None:
        m.start_game()
        return
    play_board(m, m.seed, m.board_start)


def play_board(m, seed, start):
    """Make and play the board of the settings with ``seed`` and ``start`` (x, y): the same
    arguments always give the same board."""
    err = m.settings.check()
    if err:
        m.say(err)
        return
    m.elapsed_ms = 0
    m.start_x = -1
    m.start_y = -1
    m.cx, m.cy = start
    m.show_board()
    m._start_job(_CLASSIC, start, seed)
    m._for_game = True
    m.state = _GENERATING


def board_code(m):
    if m.board_start is None or m.game is None:
        return ""
    from mines.boardcode import encode
    s = m.settings
    g = m.game
    return encode(g.width, g.height, g.total, m.seed, m.board_start[0], m.board_start[1],
                  s.level, s.kind)
