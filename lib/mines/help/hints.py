"""Hints: the next cell a player can prove from what they see, at the weakest reasoning, with the
numbers that prove it; and the flags those numbers contradict.

A view is a padded tile array (``Game.shown``: numbers 0..8, COVERED, FLAG, BAD_FLAG, BLOWN). The
player's flags are not trusted: deductions use the open numbers (and the blown mines, which the
game revealed) only. The rules are tried in order, each to its end before the next:

  single  one number at a time (``Solver`` level SINGLE), chained;
  pairs   two numbers together (level PAIRS);
  cases   exact case analysis over frontier groups (level FULL without the mine count);
  count   the same with the total mine count.

When a rule's case analysis finds nothing while a group is over its bound, the view is counted
exactly with a bigger bound (``counting``): a view the solver reached by another path (a
no-guess board's) may hold a deduction the bounded analysis no longer sees from here.

A hint is a covered, unflagged cell the first rule that proves anything proves (among the first
``CANDIDATES`` found: the one with the fewest proving numbers, a safe cell before a mine, then the
nearest to the cursor). ``because`` lists the open numbers whose constraints alone prove it: the
number(s) the rule fired on and, through the cells they relied on, the numbers that proved those
(for a case split, every number of the cell's group at that moment; for the count, every number
of the frontier, with the total). A flag is wrong only when the numbers prove its cell safe: a
number with too many flags around it says that one of them is wrong, not which (the game marks
such a number itself, ``Game.overfull``).

Sliced like generation: ``begin`` then ``step(units)`` until it returns True (or ``run()``).
Buffers are made once per board size; a hint can borrow the generator's idle solver.

Each answer begins by loading the view into the solver (``view_loader``): from scratch, or from
the last view loaded by applying what changed since.
"""

from mines._const import const
from array import array

from mines.engine import presets
from mines.engine.board import Board
from mines.engine.game import BAD_FLAG, BLOWN, COVERED, FLAG
from mines.engine.solver import MINE, RUNNING, SAFE, Solver
from mines import phases

# The rules, weakest first (``Hinter.rule``). Why a hint holds, and which candidate is the
# hint, is in ``mines.help.reasons``, imported when a hint is chosen (never by a check) and let
# go after an answer (``HintJob.rest``); the view loader's after each load.
RULE_SINGLE = 0
RULE_PAIRS = 1
RULE_CASES = 2
RULE_COUNT = 3
RULE_NAMES = ("single", "pairs", "cases", "count")


CANDIDATES = 4   # hints compared within the first rule that finds any
_GROUPS = const(32)   # groups a case analysis has room for at first (grown when a view has more)
_MASKS = const(96)   # its layout masks and totals likewise (a board's frontier cells at most)
_NEAR = const(3)   # numbers this near the cursor (each way) are looked at first
_LOOK_UNITS = const(48)  # solver work between looks at what it learnt (to stop at a hint)

SETTLED_SAFE = 0xFF   # ``settle``: a covered cell proven safe

# What to look for (``begin``'s ``mode``).
MODE_HINT = 0     # a hint, and every wrong flag
MODE_SAFE = 1     # only: is any covered cell (flagged or not) provably safe? (kind boards)
MODE_CHECK = 2    # only the wrong flags (the check after every move; no hint is looked for)


class Hinter:
    """Hint finder for one board size. ``solver``: an idle ``Solver`` of this size to borrow
    (the generator's between boards), else one of its own is made, over ``board`` when given
    (the game's: a view's solver reads only its geometry, never its mines). ``spare``: an
    array('H') of the board's size that nothing uses while this hinter runs (the game's
    flood-fill stack: a hint job stops before every move), for its own solver's ``when``.
    ``game``: True when the views come from one game at a time, as a game makes them (cells
    opened, never covered again; ``forget`` between games): the last view is then known by the
    covered cells of each row, a byte a row; else (any views) by a copy, a byte a cell."""
    FRESH = 0xFE   # ``last[0]``: no view loaded (``forget``)

    def __init__(self, width, height, solver=None, board=None, spare=None, game=False):
        self._lend = solver is None   # (its own: ours to lend out, see ``_work``)
        seen = None
        if solver is None:
            # Packed: a pair's other number in ``why``; narrow: ``src`` a byte a cell (both
            # told back by ``reasons``). ``when``: positions in ``order`` (the load's frontier,
            # a case split's start on each cell it proved, the cells learnt modulo 256 until
            # ``reasons`` writes them out), read within one answer.
            board = board or Board(width, height)
            solver = Solver(board, oracle=False, packed=True, narrow=True, when=array(
                "H", bytes(2 * board.size)) if spare is None else spare)
            seen = solver.clue   # (its numbers are the view's, lent at each ``step``)
            solver.clue = None
        self.solver = solver
        board = solver.board
        self.board = board
        size = board.size
        # Where each rule began in ``solver.order`` (the rules run in turn, each learning after
        # the last): the rule a learnt cell's proof needed follows from its position.
        self.starts = array("H", bytes(2 * len(RULE_NAMES)))
        # Walk marks: 1 number taken, 2 cell queued, 4 group cell (and a settled view: assist;
        # our case analysis's marks).
        self.seen = seen or bytearray(size)
        # A cell at most once; its own solver's pair stack (a load and the nearest-first order
        # run with it empty; ``reasons`` walks above its entries).
        self.walk = solver.pstack if self._lend else array("H", bytes(2 * solver.cells))
        self.cand = array("H", bytes(2 * CANDIDATES))
        self.ncand = 0
        self._job = None
        self.done = True
        # The last view loaded (a load marks and lists changed cells in ``seen`` and
        # ``walk``): a copy, or a game's covered cells in each row (``game``); the solver's
        # state the load left has the rest (its numbers and blown mines are known).
        self._game = game
        self.last = bytearray(board.height if game else size)
        self._epoch = -1     # the solver's ``epoch`` when the last load was done: a solver
        # reset by another meanwhile (a borrowed one) has lost that load: the next is afresh.
        self._numbers = 0    # the frontier numbers (first in ``order``)
        self._nt = 0         # cells marked in ``seen`` (listed in ``walk``) by a load
        self.numbers = 0     # open numbers in the last view loaded, and blown mines
        self.blown = 0
        self.counting = None    # exact counting when a group is over the analysis's bound
        self.frontier = None    # a ``Frontier`` to count with (the probabilities' too)
        if solver.cases is not None:
            self._borrow(solver.cases)
        self.forget()

    def _borrow(self, cases):
        """Walk marks (and list) from a borrowed solver's case analysis (the generator's): its
        layouts' constraint marks (cleared before each analysis's enumerations) and, with room
        for a mask per cell, its masks (written and read within one analysis); no walk or load
        spans an analysis. Ours then go to the heap."""
        layouts = cases.layouts
        self.seen = layouts.cid
        if len(layouts.andm) >= len(self.walk):
            self.walk = layouts.andm

    def forget(self):
        """The next view is not the last one plus a move (the mines moved, a new game):
        load it from scratch (``last[0]`` says so: a border cell, or more than a row's cells).
        (A change a game cannot make is noticed anyway.)"""
        self.last[0] = self.FRESH

    def begin(self, shown, total=-1, cursor=-1, truth=None, mode=MODE_HINT):
        """Start on view ``shown`` (padded tile bytes of this size). ``total``: the mine count
        the player is told (-1: not told). ``cursor``: padded index the hint should be near.
        ``truth``: the game's ``Board`` when known: a flag on a real mine can never be proven
        safe, so the search for wrong flags stops sooner (the answer is the same)."""
        self.error = None      # "inconsistent: ..." when the numbers contradict themselves
        self.cell = -1         # the hint (padded index), -1: nothing provable
        self.is_mine = False
        self.because = []      # padded indices of the proving numbers
        self.rule = -1
        self.wrong = []        # padded indices of wrong flags (proven safe), in board order
        self.disproved = self.wrong   # (the same: every wrong flag is a disproved one)
        self.work = 0
        self.shown = shown
        self.total = total
        self.cursor = cursor
        self.truth = truth
        self.mode = mode
        self.ncand = 0
        self.done = False
        self._job = self._work()

    def step(self, units=200):
        """About ``units`` solver work units (a unit is about one neighbour visit). Returns True
        when the answer is ready."""
        if self.done:
            return True
        s = self.solver
        s.work = 0
        self._units = units
        oracle = s.oracle   # (a borrowed solver: the generator's)
        s.oracle = False
        clue = s.clue       # (an oracle's are its board's counts)
        s.clue = self.shown   # the numbers are the view's
        for _ in self._job:
            break
        s.clue = clue
        s.oracle = oracle
        self.work += s.work
        if self.done:
            self._job = None   # (its frames, the load's and the analysis's, let go
            if s.cases is not None:   # until the next answer)
                s.cases.gen = None
        return self.done

    def run(self):
        while not self.step(1 << 20):
            pass
        return self

    # -- the work --

    def _work(self):
        s = self.solver
        b = self.board
        shown = self.shown
        starts = self.starts
        for rule in range(len(starts)):
            starts[rule] = 0xFFFF   # not begun
        self.seen[:] = b.zeros   # (a settled view's or a walk's marks)
        from mines.help.view_loader import load, pending_flags, __file__ as vl
        for _ in load(self, shown):
            yield
        if self.error is None and 0 <= self.total < self.blown:
            self.error = "inconsistent: %d mines are shown, the total is %d" % (
                self.blown, self.total)
        if self.error is not None:
            self.done = True
            yield
            return
        # Flags are wrong only once proven safe: every flag waits for the proofs.
        self._pending = 0
        if self.mode != MODE_SAFE:
            for _ in pending_flags(self, shown, self.truth):
                yield
        load = pending_flags = None
        if phases.UNLOAD and vl[-3] == "m":   # (.mpy: a cheap reload)
            phases.forget("mines.help.view_loader")
        s.work += 20
        self._found = False
        self._counted = -1
        if self.counting is not None:
            self.counting.forget()
        for rule in (RULE_SINGLE, RULE_PAIRS, RULE_CASES, RULE_COUNT):
            if self._finished():
                break   # (a check with no flag to disprove: only the view is loaded)
            if rule == RULE_COUNT:
                if self.total < 0:
                    break
                s.mines_left = self.total + s.mines_left + 1
                s.total_mines = self.total
            self.starts[rule] = s.nknown
            if rule <= RULE_PAIRS:
                # Every frontier number queued again (a rule switched on sees them all).
                mu = s.mu
                flags = s.flags
                stack = s.stack
                order = s.order
                sp = s.sp
                for k in range(self._numbers):
                    a = order[k]
                    if mu[a] & 15 and not flags[a] & 1:
                        flags[a] |= 1
                        stack[sp] = a
                        sp += 1
                s.sp = sp
                s.work += self._numbers
                if s.work >= self._units:
                    yield
                cur = self.cursor
                if self.mode == MODE_HINT and cur >= 0 and sp > 1:
                    # The numbers near the cursor on top (popped first: the chains start
                    # where the player looks), through ``walk`` (the pair stack: empty here).
                    walk = self.walk
                    stride = b.stride
                    cx = cur % stride
                    cy = cur // stride
                    near = 0
                    far = 0
                    for k in range(sp):
                        a = stack[k]
                        if -_NEAR <= a % stride - cx <= _NEAR and \
                                -_NEAR <= a // stride - cy <= _NEAR:
                            walk[near] = a
                            near += 1
                        else:
                            stack[far] = a
                            far += 1
                    for k in range(near):
                        stack[far + k] = walk[k]
                    s.work += sp
                for _ in self._closure(rule, presets.SINGLE if rule == RULE_SINGLE else presets.PAIRS):
                    yield
            else:
                cases = s.cases
                if cases is None:
                    from mines.engine.groups import CaseAnalysis
                    # Its per-cell counts in ``when`` (free at unknown cells; nothing is read
                    # from an earlier answer: every number was queued again). Over our own
                    # solver: its groups in the solver's stack, its marks in the walk marks
                    # (cleared before each analysis; nothing else marks while one runs).
                    own = self._lend
                    cases = s.cases = CaseAnalysis(s, gcells=s.stack if own else None,
                                                   groups=_GROUPS, counts=s.when,
                                                   masks=_MASKS if own else 0, cid=not own,
                                                   mark=self.seen if own else None)
                    if not own:
                        self._borrow(cases)
                while not self._finished():
                    t0 = s.nknown
                    if self._lend:
                        self.seen[:] = b.zeros   # (its marks)
                    found = cases.step(self._units)
                    while found is None:
                        yield
                        found = cases.step(self._units)
                    if not found:
                        # Exact counting: only with a group over the bound, and not again for
                        # a rule whose count was complete.
                        if self._counted == rule and self.counting.exact:
                            break
                        from mines.engine.groups import MAX_GROUP
                        gstart = cases.gstart
                        for g in range(cases.ngroups):
                            if gstart[g + 1] - gstart[g] > MAX_GROUP:
                                break
                        else:
                            break
                        if self.counting is None:
                            try:
                                from mines.help.counting import ExactCount
                                self.counting = ExactCount(self, self.frontier or
                                                           self.new_frontier())
                            except MemoryError:
                                break   # no room to count: the answer is what the rules found
                            self.frontier = self.counting.frontier
                        for _ in self.counting.prove(rule == RULE_COUNT):
                            yield
                        self._counted = rule
                        if s.nknown == t0:
                            break
                    # Where this case split began, on each cell it proved (``reasons``).
                    order = s.order
                    when = s.when
                    for k in range(t0, s.nknown):
                        when[order[k]] = t0
                    self._note(t0, rule)
                    for _ in self._closure(rule, presets.PAIRS):
                        yield
                    if s.sp or s.psp:
                        break   # cut short with its candidates: the stacks are the analysis's
            if self.ncand and not self._found:
                from mines.help.reasons import choose
                for _ in choose(self):
                    yield
                yield
            if self._finished():
                break
        self.wrong.sort()   # (board order)
        self.done = True
        yield

    def settle(self, out):
        """Write into ``out`` (a bytearray of the view's size) the view with every cell the
        numbers have proven so far filled in: mines as BLOWN (known), safe cells as
        ``SETTLED_SAFE`` (neither covered nor a number). The layouts it allows are exactly the
        view's, so ``probability`` over it gives the view's probabilities with the proven
        cells out of the count. After an answer with no hint, every provable cell is in."""
        out[:] = self.shown
        s = self.solver
        order = s.order
        st = s.st
        for k in range(self._numbers, s.nknown):
            c = order[k]
            out[c] = BLOWN if st[c] == MINE else SETTLED_SAFE

    def new_frontier(self):
        """A ``Frontier`` for this board, to count with (the counting's, the probabilities', a
        rescue's). Over its own solver, its groups' cells go in the solver's pair stack: counts
        are made and read only with the pair rule idle (between case analyses, or after the
        answer), and a count read after the pair rule ran is stale anyway (``counted``)."""
        from mines.engine.frontier import Frontier
        return Frontier(self.board, gcells=self.solver.pstack if self._lend else None)

    def _finished(self):
        if self.mode == MODE_SAFE:
            return self._found
        if self.mode == MODE_CHECK:
            return not self._pending
        return self._found and not self._pending

    def _closure(self, rule, level):
        """Run the solver at ``level`` until stuck, noting what it learns, and stopping as soon
        as the answer is known (a generator: yields when the step's budget is spent)."""
        s = self.solver
        t0 = s.nknown
        used = 0
        for status in s.run(level, _LOOK_UNITS):
            self._note(t0, rule)
            t0 = s.nknown
            if status != RUNNING or self._finished() or (
                    self.ncand == CANDIDATES and not self._pending):
                break
            used += s.work
            s.work = 0
            if used >= self._units:
                s.work = used   # counted by step()
                yield
                used = 0
        s.work += used

    def _note(self, t0, rule):
        """Look at the cells learnt since position t0: flags proven safe are wrong, flags proven
        either way are settled, covered cells become candidates."""
        s = self.solver
        order = s.order
        st = s.st
        shown = self.shown
        truth = self.truth
        for k in range(t0, s.nknown):
            c = order[k]
            t = shown[c]
            if self.mode == MODE_SAFE:
                if st[c] == SAFE:
                    self.cell = c
                    self.rule = rule
                    self._found = True
                    return
                continue
            if t == FLAG or t == BAD_FLAG:
                if truth is None or not truth.mine[c]:
                    self._pending -= 1
                if st[c] == SAFE and c not in self.wrong:
                    self.wrong.append(c)
            elif t == COVERED and not self._found and self.ncand < CANDIDATES and \
                    self.mode == MODE_HINT:
                self.cand[self.ncand] = c
                self.ncand += 1
        s.work += 2 * (s.nknown - t0)

