"""Help during a game, for the midend: the hint job (the next provable cell with the numbers that
prove it, else the wrong flags, else the safest guess with its probability), the wrong-flag check
after a move; a Kind board's mercy borrows its hinter (mines.help.mercy_job). Imported when a
game first needs it.

The jobs (a hint, the check after a move) run on the midend's job runner (``step() -> done``,
``slice_work``, ``progress``); each step does about ``STEP_UNITS`` of the hinter's or
``PROB_UNITS`` of the frontier's work units, which bench_hints.py
measured at up to 20 ms (a hint step) and 14 ms (a probability step) of SAMD51 time, so a hint
step is charged to the runner as a whole frame's share (``slice_cost``, set by the midend: one
step a frame) and a frontier step as half of it (two a frame).
"""

from mines import phases
from mines._const import const
from mines.help.hints import MODE_CHECK, MODE_HINT, Hinter

STEP_UNITS = 60    # hinter units a step: at most 20 ms on the device (bench_hints.py)
PROB_UNITS = 150   # probability units a step: up to about 14 ms (bench_hints.py)

# What a finished hint job found (``HintJob.found``).
FOUND_CELL = 1     # ``cell`` follows from ``because``, by ``rule``
_FOUND_WRONG = const(2)    # flags the numbers contradict: ``wrong``
FOUND_GUESS = 3    # nothing provable: ``cell`` is the safest guess, ``chance`` its mine %
_FOUND_NOTHING = const(0)

# How the status line names each rule (hints.RULE_*).
RULE_WORDS = ("one number", "two numbers", "case split", "mine count")


class HintJob:
    """A hint (``check_only``: only the wrong flags) for the game in progress, sliced."""

    no_memory = "No memory for hints"   # what the runner says when it runs out (mines.flow.jobs)

    def __init__(self, game, solver=None):
        self.game = game
        # ``solver``: one whose buffers are idle while a game is played, or None (its own, over
        # the game's board: ``forget`` moves it to the next game's).
        self.hinter = Hinter(game.width, game.height, solver, game.board, game.fill, True)
        self._own = solver is None
        if solver is None:
            # The case analysis is made at the first case split: the code a Hard board's
            # generator left loaded (mines.phases keeps it for play) goes until then.
            self.drop_cases(self.hinter)
        self.probs = None   # a guess's probabilities: made when needed, let go after the
        self.settled = None   # answer (``rest``)
        self.marks = ()   # the numbers that prove the last hint (padded indices, sorted)
        self.marks_version = 0
        self.slice_work = 0
        self.slice_cost = 361   # runner units a step is charged (one step a frame)
        self.progress = 0
        self.check_only = False
        self.saved = False   # a Kind board's rescue (mines.help.mercy_job): the mines moved
        self.move = -1   # and the open it holds
        self._phase = 0

    def begin(self, cursor, check_only=False):
        game = self.game
        self.check_only = check_only
        self.found = _FOUND_NOTHING
        self.cell = -1
        self.because = ()
        self.rule = -1
        self.chance = 0
        self.wrong = ()
        self.disproved = ()   # the wrong flags: the ones the numbers prove safe
        self.is_mine = False
        self._cursor = cursor
        self.lighten()
        self.hinter.begin(game.shown, game.total, cursor, game.board,
                          MODE_CHECK if check_only else MODE_HINT)
        self._phase = 0
        self.progress = 0

    def step(self):
        """One slice. True when the answer is in (``found`` and the fields it names)."""
        self.slice_work = self.slice_cost
        h = self.hinter
        if self._phase == 0:
            if not h.step(STEP_UNITS):
                self.progress = 50 if h.rule >= 0 else 20
                return False
            if h.wrong:
                self.found = _FOUND_WRONG
                self.wrong = h.wrong
                self.disproved = h.disproved
                self.cell = h.wrong[0]
            if self.check_only or self.found:
                return True
            if h.cell >= 0:
                self.found = FOUND_CELL
                self.cell = h.cell
                self.is_mine = h.is_mine
                self.because = h.because
                self.rule = h.rule
                return True
            self.drop_cases(h)   # (first: from .py, the import's compile takes its room)
            from mines.help.probability import guess
            guess(self, self._cursor)
            self._phase = 1
            return False
        p = self.probs
        self.slice_work = (self.slice_cost + 1) // 2   # cheaper steps: two a frame
        if not p.step(PROB_UNITS):
            self.progress = 80
            return False
        if p.best >= 0:
            self.found = FOUND_GUESS
            self.cell = p.best
            self.chance = int(p.best_p * 100 + 0.5)
        return True

    def lighten(self):
        """From .mpy (a cheap reload at the next case split): an own solver's case analysis
        goes before each answer, so that the view loader's code never sits beside it (an
        answer cut short by a move leaves it made)."""
        if self._own and __file__[-3] == "m":
            self.drop_cases(self.hinter)

    def drop_cases(self, h):
        """The hinter's case analysis goes, and on the device its code (6K) with it: before a
        guess's or a rescue's frontier comes (the two never work at once), when a job is made
        or a game begins (the code a generator left), and from .mpy before each answer
        (``lighten``); the next case split makes both again. (The walk marks the hinter borrowed from it stay:
        the settled view is written in them.)"""
        h.solver.cases = None
        if phases.UNLOAD:
            for name in ("groups", "layouts"):
                phases.forget("mines.engine." + name)

    def show(self, because):
        """Mark ``because`` (padded indices, sorted: a hint's own list, not copied) as the
        numbers to highlight (empty: none)."""
        self.marks = because
        self.marks_version += 1

    def text(self):
        """The status line for the answer."""
        if self.found == FOUND_CELL:
            return "%s: %s" % ("Mine" if self.is_mine else "Safe", RULE_WORDS[self.rule])
        if self.found == _FOUND_WRONG:
            return "Wrong flag" if len(self.wrong) == 1 else "%d wrong flags" % len(self.wrong)
        if self.found == FOUND_GUESS:
            return "Guess: %d%% mine" % self.chance
        return "No hint"

    def forget(self):
        """A new game on the same ``Game``: the next view loads from scratch, and an own solver
        takes its geometry from the new board (the last game's layout goes but for its zeros,
        which the solver keeps for its resets)."""
        h = self.hinter
        if self._own:
            h.board = h.solver.board = self.game.board
            self.drop_cases(h)   # (with the code the board's generator left, as at the start)
        h.forget()
        self.rest()

    def rest(self):
        """Let go of what only a hint's reasons, a guess, a rescue or exact counting needs
        (the frontier and its counts, and on the device from .mpy their modules' code: 8-13K;
        from .py a reload is a compile, so the code stays for the game): made again when next
        needed (the checks after moves need none of it). The midend calls it once a hint's or
        a rescue's answer is taken."""
        h = self.hinter
        self.probs = h.frontier = h.counting = None
        # (nothing else holds the modules: each imports the frontier, only they)
        if phases.UNLOAD and __file__[-3] == "m":
            for name in ("help.reasons", "help.probability", "help.counting", "help.mercy_job",
                         "engine.kinds", "engine.frontier"):
                phases.forget("mines." + name)
