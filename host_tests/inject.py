"""Failure injection for the job tests, shared by CPython (test_failures.py) and micropython
(mpy_inject.py): a generator class that raises at a chosen point of making a board, and a
driver that checks the game recovers. Kept free of CPython-only features.

Two kinds of points, counted over one whole generation (``count_points``):
- "slice": 0 is the generator's construction (the buffers), 1 is ``begin``, 2 + k the end of the
  k-th slice (``step``): the error comes out of step() with the generator half-way;
- "draw": the k-th random number the generator draws, deep inside its work: the error kills the
  generator's own coroutine, as a real MemoryError there would (the case that once left the
  job loop spinning for ever).
"""

from mines.flow import midend as M
from mines.engine.generator import Generator
from mines.flow.jobs import NO_MEMORY


class Plan:
    """Where to fail: ``at`` (a point, -1: never) and what to raise (``error``: a class)."""

    def __init__(self):
        self.reset(-1)

    def reset(self, at, error=MemoryError, kind="slice"):
        self.at = at
        self.error = error
        self.kind = kind
        self.points = 0  # points of ``kind`` passed since the last reset
        self.raised = 0

    def point(self, kind="slice"):
        if kind != self.kind:
            return
        k = self.points
        self.points += 1
        if k == self.at:
            self.raised += 1
            raise self.error("injected at point %d" % k)


PLAN = Plan()
WIN_CELLS = 100  # the next game is played out to a win on boards this small (else: opened)


def _failing(job):
    """The generator's work, failing at the planned slice (inside it, after its work began)."""
    for _ in job:
        PLAN.point()
        yield
    PLAN.point()


class _FailingRng:
    """The generator's Rng, with a point before every number drawn."""

    def __init__(self, rng):
        self.rng = rng

    def seed(self, value):
        self.rng.seed(value)

    def below(self, n):
        PLAN.point("draw")
        return self.rng.below(n)

    def bits30(self):
        PLAN.point("draw")
        return self.rng.bits30()


class FailingGenerator(Generator):
    def __init__(self, width, height, lent=None):
        PLAN.point()
        Generator.__init__(self, width, height, lent)
        self.rng = _FailingRng(self.rng)

    def begin(self, *args):
        PLAN.point()
        Generator.begin(self, *args)
        self._job = _failing(self._job)


def frames_until(m, now, test, limit):
    """Run frames (collecting as code.py does) until ``test(m)``; returns (ok, now)."""
    for _ in range(limit):
        if test(m):
            return True, now
        now += 33
        m.frame(now)
        m.take_cues()
        m.take_collect()
    return test(m), now


def _win(m, now):
    """Open every safe cell by button presses; returns now."""
    game = m.game
    board = game.board
    for y in range(game.height):
        for x in range(game.width):
            i = board.index(x, y)
            if board.mine[i] or game.shown[i] != 9:  # mines.engine.game.COVERED
                continue
            while (m.cx, m.cy) != (x, y):
                b = M.RIGHT if m.cx < x else M.LEFT if m.cx > x else M.DOWN if m.cy < y else M.UP
                m.press(b)
                now += 33
                m.frame(now)
            m.press(M.A)
            now += 33
            m.frame(now)
    return now


def one_injection(m, now, at, error=MemoryError, quick=True, kind="slice"):
    """Make a board with a failure planned at point ``at``; check that the job ends on the
    menu with the message, then that the next game is made and plays (won, on small boards).
    Returns (message, now)."""
    PLAN.reset(at, error, kind)
    if m.state != M.MENU:
        m.to_menu()
    if (m.settings.quick == 1) != quick:
        m.settings.set("quick", 1 if quick else 0)
    m.start_game()
    if not quick:
        assert m.state == M.READY, m.state
        m.press(M.A)  # open the middle cell: the board is made from there
    ok, now = frames_until(m, now, lambda m: m.state == M.PLAYING or PLAN.raised, 3000)
    assert PLAN.raised == 1, "the planned point %d never came (%d points)" % (at, PLAN.points)
    ok, now = frames_until(m, now, lambda m: m.state == M.MENU, 3)
    assert ok, "the failed job did not end on the menu (state %d)" % m.state
    message = m.message
    assert m.runner.job is None and m.game is None, "buffers kept after a failure"
    PLAN.reset(-1)
    m.start_game()
    if not quick:
        m.press(M.A)
    ok, now = frames_until(m, now, lambda m: m.state == M.PLAYING, 3000)
    assert ok, "the next board never came (state %d, %r)" % (m.state, m.message)
    if quick:
        m.press(M.A)  # the marked start cell
    assert m.game.opened > 0 and m.game.state == 0, "the next game does not play"
    if m.game.width * m.game.height <= WIN_CELLS:
        now = _win(m, now)
        assert m.state == M.WON, "the next game was not won (state %d)" % m.state
    return message, now


def _midend(seed, width, height, mines, quick):
    m = M.Midend(seed=seed, generator_class=FailingGenerator)
    for name, value in (("width", width), ("height", height), ("mines", mines),
                        ("quick", 1 if quick else 0)):
        assert m.settings.set(name, value) is None
    return m


def count_points(seed, width, height, mines, quick, kind):
    """The points of ``kind`` in making the first board of a fresh midend (no failure)."""
    PLAN.reset(-1, MemoryError, kind)
    m = _midend(seed, width, height, mines, quick)
    m.start_game()
    if not quick:
        m.press(M.A)
    ok, _ = frames_until(m, 0, lambda m: m.state == M.PLAYING, 3000)
    assert ok
    return PLAN.points


def sweep(seed, width, height, mines, quick, error=MemoryError, kind="slice", most=0):
    """Inject at every point of ``kind`` (at most ``most`` of them, evenly spread; 0: all) of
    making the first board of a fresh midend, one fresh midend per point. Returns the number of
    points tried."""
    points = count_points(seed, width, height, mines, quick, kind)
    tries = most if most and points > most else points
    want = NO_MEMORY % (width, height) if error is MemoryError else "injected at point"
    tried = 0
    for k in range(tries):
        at = k * points // tries
        m = _midend(seed, width, height, mines, quick)
        message, _ = one_injection(m, 0, at, error, quick, kind)
        assert message.startswith(want), (at, message)
        tried += 1
    return tried
