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

Each answer begins by loading the view into the solver: from scratch, or from the last view
loaded by applying only what changed since (the usual case in a game: a hint job runs after
every move). A load leaves, as ``Solver.give_clue`` and ``mark_mine`` would for every number and
blown mine (those are the givens; flags are not): ``st``, ``unk``, ``mk`` and ``why`` right for
every cell (the numbers' values are the view's own: the hinter lends the view as the solver's
``clue``), and the numbers next to covered cells (the *frontier*) first in ``order`` and queued
on the solver's stack, where the rules and the case analysis look. It also checks each number it
touches (no more mines around it than its value, no fewer covered cells than it still needs).
A from-scratch load walks every cell (about 25-50 ms on the device for Expert); after a move
only the rows that changed are walked and the numbers around changed cells redone. Anything a
game cannot do between two views (a number covered again, a new board) makes it load from
scratch. What the solver learns after a load is in ``order`` after the frontier: the next load
forgets it again (``_undo``) and is back at the state this one left, with no copy of it kept.
"""

from mines._const import const
from array import array

from mines.engine import presets
from mines.engine.board import Board
from mines.engine.game import BAD_FLAG, BLOWN, COVERED, FLAG
from mines.engine.solver import MINE, NUM, RUNNING, SAFE, UNK, Solver

# The rules, weakest first (``Hinter.rule``). Why a hint holds, and which candidate is the
# hint, is in ``mines.help.reasons``, imported when a hint is asked (a check after a move never
# needs it) and let go with the guess's code after an answer (``hint_job.HintJob.rest``).
RULE_SINGLE = 0
RULE_PAIRS = 1
RULE_CASES = 2
RULE_COUNT = 3
RULE_NAMES = ("single", "pairs", "cases", "count")


CANDIDATES = 4   # hints compared within the first rule that finds any
_GROUPS = const(32)   # groups a case analysis has room for at first (grown when a view has more)
_LOOK_UNITS = const(48)  # solver work between looks at what it learnt (so it stops once it has a hint)

SETTLED_SAFE = 0xFF   # ``settle``: a covered cell proven safe
_FRESH = const(0xFE)   # in ``last[0]``: no view loaded
_K_COVERED = bytes((COVERED,))   # tiles a view is searched for
_K_FLAG = bytes((FLAG,))
_K_BAD_FLAG = bytes((BAD_FLAG,))

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

    def __init__(self, width, height, solver=None, board=None, spare=None, game=False):
        # Its own solver's case analysis collects its groups in the solver's stack (``_work``
        # runs an analysis only with the stack empty, and nothing else runs that solver).
        self._lend = solver is None
        if solver is None:
            # Packed: no ``src2`` (a pair's other number in ``why``; ``reasons`` reads both).
            solver = Solver(board or Board(width, height), oracle=False, packed=True)
            solver.clue = None   # (its numbers are the view's, lent at each ``step``)
            if spare is not None:
                # Positions in ``order``, written and read within one answer's work (the
                # load's frontier and the cells learnt after it), never kept across moves.
                solver.when = spare
        self.solver = solver
        board = solver.board
        self.board = board
        size = board.size
        # Where each rule began in ``solver.order`` (the rules run in turn, each learning after
        # the last): the rule a learnt cell's proof needed follows from its position.
        self.starts = array("H", bytes(2 * len(RULE_NAMES)))
        # Walk marks: 1 number taken, 2 cell queued, 4 group cell (and a settled view: assist).
        self.seen = bytearray(size)
        self.walk = array("H", bytes(2 * board.width * board.height))   # a cell at most once
        self.cand = array("H", bytes(2 * CANDIDATES))
        self.ncand = 0
        self._job = None
        self.done = True
        # The last view loaded (a load's marks and list of changed cells are ``seen`` and
        # ``walk``, needed by a load only, before any walk: ``seen`` is cleared before each):
        # a copy, or a game's covered cells in each row (``game``); the solver's state the
        # load left has the rest (its numbers and blown mines are known, covered cells not).
        self._game = game
        self.last = bytearray(board.height if game else size)
        self._epoch = -1     # the solver's ``epoch`` when the last load was done: a solver
        # reset by anyone else meanwhile (the generator's, lent between boards) no longer
        # holds the frontier the load left first in its ``order``; the next load is from scratch.
        self._numbers = 0    # the frontier numbers (first in ``order``)
        self._nt = 0         # cells marked in ``seen`` (listed in ``walk``) by a load
        self.numbers = 0     # open numbers in the last view loaded, and blown mines
        self.blown = 0
        self.counting = None    # exact counting when a group is over the case analysis's bound
        self.frontier = None    # a ``Frontier`` to count with (shared with the probabilities')
        if solver.cases is not None:
            self._borrow(solver.cases)
        self._clear()
        self.forget()

    def _borrow(self, cases):
        """Walk marks and list from the solver's case analysis (the generator's, when its
        solver is borrowed; else made at the first case split): its layouts' constraint marks
        (cleared before each analysis's enumerations) and masks (written and read within one
        analysis); no walk or load spans an analysis. Ours then go back to the heap."""
        self.seen = cases.layouts.cid
        self.walk = cases.layouts.andm

    def forget(self):
        """The next view is not the last one plus a move (the mines moved, a new game):
        load it from scratch (``last[0]`` says so: a border cell, or more than a row's cells).
        (A change a game cannot make is noticed anyway.)"""
        self.last[0] = _FRESH

    def budget(self):
        """The work units this step may still do (the hint's parts share one budget)."""
        return self._units

    def _clear(self):
        self.error = None      # "inconsistent: ..." when the numbers contradict themselves
        self.cell = -1         # the hint (padded index), -1: nothing provable
        self.is_mine = False
        self.because = []      # padded indices of the proving numbers
        self.rule = -1
        self.wrong = []        # padded indices of wrong flags (proven safe), in board order
        self.disproved = self.wrong   # (the same: every wrong flag is a disproved one)
        self.work = 0

    def begin(self, shown, total=-1, cursor=-1, truth=None, mode=MODE_HINT):
        """Start on view ``shown`` (padded tile bytes of this size). ``total``: the mine count
        the player is told (-1: not told). ``cursor``: padded index the hint should be near.
        ``truth``: the game's ``Board`` when known: a flag on a real mine can never be proven
        safe, so the search for wrong flags stops sooner (the answer is the same)."""
        self._clear()
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
            self._job = None   # (its frame and the load's, let go until the next answer)
        return self.done

    def run(self):
        while not self.step(1 << 20):
            pass
        return self

    # -- the work -----------------------------------------------------------------------------

    def _work(self):
        s = self.solver
        b = self.board
        shown = self.shown
        starts = self.starts
        for rule in range(len(starts)):
            starts[rule] = 0xFFFF   # not begun
        self.seen[:] = b.zeros   # (the load's marks: a settled view or a walk left it)
        for _ in self._load(shown, self.budget):
            yield
        if self.error is None and 0 <= self.total < self.blown:
            self.error = "inconsistent: %d mines are shown, the total is %d" % (
                self.blown, self.total)
        if self.error is not None:
            self.done = True
            yield
            return
        # Flags are wrong only once proven safe: every flag waits for the proofs.
        pending = self._pending_flags(shown, self.truth) if self.mode != MODE_SAFE else 0
        s.work += 20
        self._pending = pending
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
                self._requeue()
                if s.work >= self._units:
                    yield
                if self.mode == MODE_HINT and self.cursor >= 0:
                    from mines.help.reasons import near_first
                    near_first(self, s.sp)
                for _ in self._closure(rule, presets.SINGLE if rule == RULE_SINGLE else presets.PAIRS):
                    yield
            else:
                cases = s.cases
                if cases is None:
                    from mines.engine.groups import CaseAnalysis
                    # Its per-cell counts in ``when``, as the generator's (entries of unknown
                    # cells are free; every group is changed at an answer's first analysis, as
                    # ``_requeue`` queued every number: nothing is read from an earlier answer).
                    cases = s.cases = CaseAnalysis(s, gcells=s.stack if self._lend else None,
                                                   groups=_GROUPS, counts=s.when)
                    self._borrow(cases)
                while not self._finished():
                    t0 = s.nknown
                    found = cases.step(self._units)
                    while found is None:
                        yield
                        found = cases.step(self._units)
                    if not found:
                        if not self._count_again(rule, cases):
                            break
                        for _ in self.counting.prove(rule == RULE_COUNT):
                            yield
                        self._counted = rule
                        if s.nknown == t0:
                            break
                    # Where this case split began, on each cell it proved: in ``src2`` (or
                    # ``src``, packed), read for nothing else in a case split's cells
                    # (``because_of``).
                    order = s.order
                    src2 = s.src2
                    for k in range(t0, s.nknown):
                        src2[order[k]] = t0
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

    def _load(self, shown, limit):
        """A generator: load ``shown``, yielding whenever the solver's ``work`` passes
        ``limit()``. Afterwards: ``error`` (None or "inconsistent: ..."), ``_numbers`` (the
        frontier numbers, first in ``order``), ``numbers``, ``blown``."""
        s = self.solver
        b = self.board
        fresh = self.last[0] == _FRESH or s.epoch != self._epoch
        if fresh:
            s.reset(-1)
        else:
            for _ in self._undo(limit):
                yield
            # The rest of a reset: no flags, empty stacks, no analysis half done.
            s.flags[:] = b.zeros
            if s.cases is not None:
                s.cases.abandon()
            s.sp = 0
            s.psp = 0
            s.total_mines = -1
        s.why[:] = b.zeros      # WHY_GIVEN everywhere
        self.error = None
        self._unmark()   # a load cut short (its job stopped) may have left marks
        if not fresh:
            for _ in self._changes(shown, limit):
                yield
            fresh = self._fresh
            if fresh:
                s.reset(-1)   # the changes half applied: back to nothing known
                s.why[:] = b.zeros
        if fresh:
            for _ in self._scratch(shown, limit):
                yield
        if self.error is not None:
            self.forget()
            return
        # (From here to the end in one go: what changed is committed.)
        if self._game:
            for y in range(b.height):
                self.last[y] = _covered(shown, (y + 1) * b.stride + 1, b.width)
        else:
            self.last[:] = shown
        # The frontier, first in ``order`` and on the stack.
        when = s.when
        stack = s.stack
        flags = s.flags
        front = s.order
        nf = self._numbers
        for k in range(nf):
            a = front[k]
            stack[k] = a
            when[a] = k
            flags[a] = 1
        self._epoch = s.epoch
        s.sp = nf
        s.nknown = nf
        s.unknown = s.cells - self.numbers - self.blown
        s.mines_left = -1 - self.blown
        s.work += 2 * nf

    def _scratch(self, shown, limit):
        s = self.solver
        b = self.board
        st = s.st
        self.forget()   # until this walk is through, the last view is not loaded
        numbers = 0
        blown = 0
        nf = 0
        front = s.order
        o0, o1, o2, o3, o4, o5, o6, o7 = b.offsets
        stride = b.stride
        for y in range(b.height):
            s.work += 2 * b.width
            if s.work >= limit():
                yield
            row = (y + 1) * stride + 1
            for i in range(row, row + b.width):
                t = shown[i]
                if t > 8:
                    if t == BLOWN:
                        st[i] = MINE
                        blown += 1
                    continue
                st[i] = NUM
                numbers += 1
                # Most numbers have every neighbour open (tiles 0..8, and the border's 0): one
                # look at the eight, written out, settles them.
                if (shown[i + o0] <= 8 and shown[i + o1] <= 8 and shown[i + o2] <= 8
                        and shown[i + o3] <= 8 and shown[i + o4] <= 8 and shown[i + o5] <= 8
                        and shown[i + o6] <= 8 and shown[i + o7] <= 8):
                    s.unk[i] = 0
                    continue
                if self._number(i, shown):
                    front[nf] = i
                    nf += 1
                if self.error is not None:
                    return
        self.numbers = numbers
        self.blown = blown
        self._numbers = nf

    def _number(self, a, shown):
        """Count around number a and check it. True if a covered cell touches it."""
        s = self.solver
        u = 0
        m = 0
        for d in self.board.offsets:
            w = shown[a + d]
            if w > 8:
                if w == BLOWN:
                    m += 1
                elif w == COVERED or w == FLAG or w == BAD_FLAG:
                    u += 1
        s.unk[a] = u
        s.mk[a] = m
        t = shown[a]
        if m > t or t - m > u:
            b = self.board
            self.error = "inconsistent: the %d at (%d, %d) has %d mine(s) and %d covered " \
                         "cell(s) around it" % (t, b.x_of(a), b.y_of(a), m, u)
        s.work += 12
        return u > 0

    def _changes(self, shown, limit):
        """Apply what changed since ``last`` (the solver's state is back at the one that load
        left): cells opened and mines blown; sets ``_fresh`` when that is not a game's move.
        The walk (sliced) only lists the cells to redo; the solver's state changes after it,
        in one go, so a walk cut short leaves the state the last load left. A game's view
        (``_game``) walks a row only when its count of covered cells changed (it only falls)."""
        s = self.solver
        b = self.board
        st = s.st
        last = self.last
        offsets = b.offsets
        inside = b.inside
        mark = self.seen
        touched = self.walk
        self._fresh = False
        w = b.width
        stride = b.stride
        game = self._game
        for y in range(b.height):
            row = (y + 1) * stride + 1
            s.work += 4
            if game:
                n = _covered(shown, row, w)
                if n == last[y]:
                    continue
                fresh = n > last[y]   # a cell covered again: another game
            else:
                if shown[row:row + w] == last[row:row + w]:
                    continue
                fresh = False
            for i in range(row, row + w):
                t = shown[i]
                if st[i] != UNK:   # open in the last view (a number or a blown mine)
                    if not game and t != last[i]:
                        fresh = True   # an open cell changed (another game)
                    continue
                if t > 8 and t != BLOWN:
                    continue   # covered still (a flag put on or taken off changes nothing)
                if fresh or self._nt + 9 > s.cells:
                    fresh = True   # (or much changed)
                    break
                # The cell itself (a new number or mine) and the numbers around it are redone.
                nt = self._nt
                if t == BLOWN:
                    mark[i] = 1
                    touched[nt] = i
                    nt += 1
                for j in (i, i + offsets[0], i + offsets[1], i + offsets[2], i + offsets[3],
                          i + offsets[4], i + offsets[5], i + offsets[6], i + offsets[7]):
                    if not mark[j] and shown[j] <= 8 and inside[j]:
                        mark[j] = 1
                        touched[nt] = j
                        nt += 1
                self._nt = nt
                s.work += 12
            if fresh:
                self._fresh = True
                self._unmark()
                return
            if s.work >= limit():
                yield
        numbers = self.numbers
        blown = self.blown
        nt = self._nt
        for k in range(nt):
            a = touched[k]
            if shown[a] == BLOWN:
                st[a] = MINE
                blown += 1
                continue
            if st[a] != NUM:   # newly open
                st[a] = NUM
                numbers += 1
            self._number(a, shown)
        self.numbers = numbers
        self.blown = blown
        # The frontier: the old one (its untouched numbers keep their covered cells), merged
        # with the redone numbers that touch a covered cell, in board order as a walk from
        # scratch lists it (the solver then learns in the same order and the same hint comes
        # out either way). The old one is in order already: one pass drops, one pass merges.
        front = s.order
        nf = 0
        for k in range(self._numbers):
            a = front[k]
            if not mark[a]:
                front[nf] = a
                nf += 1
        new = sorted([a for a in touched[:nt] if st[a] == NUM and s.unk[a]])
        self._unmark()
        j = len(new) - 1
        k = nf - 1
        nf += j + 1
        at = nf - 1
        while j >= 0:   # from the back, in place
            a = new[j]
            if k >= 0 and front[k] > a:
                front[at] = front[k]
                k -= 1
            else:
                front[at] = a
                j -= 1
            at -= 1
        self._numbers = nf
        s.work += 4 * nt + 2 * nf

    def _undo(self, limit):
        """A generator: forget what the solver learnt since the last load (the cells after the
        frontier in ``order``), newest first, so that its state is the one that load left.
        ``nknown`` follows, so an undo cut short goes on at the next load."""
        s = self.solver
        st = s.st
        unk = s.unk
        mk = s.mk
        order = s.order
        o0, o1, o2, o3, o4, o5, o6, o7 = self.board.offsets
        nf = self._numbers
        k = s.nknown
        while k > nf:   # written out: a hint after a check undoes hundreds of cells
            k -= 1
            c = order[k]
            unk[c + o0] += 1
            unk[c + o1] += 1
            unk[c + o2] += 1
            unk[c + o3] += 1
            unk[c + o4] += 1
            unk[c + o5] += 1
            unk[c + o6] += 1
            unk[c + o7] += 1
            if st[c] == MINE:
                mk[c + o0] -= 1
                mk[c + o1] -= 1
                mk[c + o2] -= 1
                mk[c + o3] -= 1
                mk[c + o4] -= 1
                mk[c + o5] -= 1
                mk[c + o6] -= 1
                mk[c + o7] -= 1
            st[c] = UNK
            s.nknown = k
            s.work += 9
            if s.work >= limit():
                yield

    def _unmark(self):
        for k in range(self._nt):
            self.seen[self.walk[k]] = 0
        self._nt = 0

    def _pending_flags(self, shown, truth):
        """Flags that might be wrong: every flag, or with ``truth`` (a Board) those on cells
        without a mine (a flag on a mine can never be proven safe)."""
        n = 0
        for key in (_K_FLAG, _K_BAD_FLAG):
            i = shown.find(key)
            while i >= 0:
                if truth is None or not truth.mine[i]:
                    n += 1
                i = shown.find(key, i + 1)
        return n

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

    def _count_again(self, rule, cases):
        """The case analysis found nothing: is exact counting (``counting``) worth a
        try? Only with a group over the analysis's bound, and not again for a rule whose count
        was complete already. Makes the counter when first needed."""
        if self._counted == rule and self.counting.exact:
            return False
        from mines.engine.groups import MAX_GROUP
        gstart = cases.gstart
        for g in range(cases.ngroups):
            if gstart[g + 1] - gstart[g] > MAX_GROUP:
                break
        else:
            return False
        if self.counting is None:
            try:
                from mines.help.counting import ExactCount
                self.counting = ExactCount(self, self.frontier or self.new_frontier())
            except MemoryError:
                return False   # no room to count: the answer stays what the rules found
            self.frontier = self.counting.frontier
        return True

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

    def _requeue(self):
        """Queue every number with covered neighbours for the solver again (a rule switched on
        looks at every number, not only those that changed)."""
        s = self.solver
        st = s.st
        unk = s.unk
        flags = s.flags
        stack = s.stack
        order = s.order
        sp = s.sp
        for k in range(self._numbers):   # the numbers next to covered cells come first
            a = order[k]
            if unk[a] and not flags[a] & 1:
                flags[a] |= 1
                stack[sp] = a
                sp += 1
        s.sp = sp
        s.work += self._numbers

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


def _covered(shown, at, n):
    """Covered cells (flags included) among the ``n`` tiles of view ``shown`` from ``at``."""
    return shown.count(_K_COVERED, at, at + n) + shown.count(_K_FLAG, at, at + n) + \
        shown.count(_K_BAD_FLAG, at, at + n)
