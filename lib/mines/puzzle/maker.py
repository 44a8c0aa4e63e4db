"""Pen-and-paper Minesweeper puzzles (seed 003): some safe cells show their number (the clues),
and the player decides mine or clear for every other cell by reasoning alone. Exactly one
solution, reached by the chosen level's reasoning. How, in the comment below (a long docstring
costs the device's compiler heap).
"""

# How a puzzle is made (``PuzzleMaker``), as the seed describes: mines at random over 30-36% of
# the grid, a clue in every other cell, then the clues are taken away one at a time in random
# order and a removal is kept only if the solver, working from the remaining clues alone (a cell
# it proves safe shows no number), still decides every cell at the level: Easy =
# ``presets.SINGLE``, Medium = ``PAIRS``, Hard = ``FULL`` (counting and case splits). The mine
# count is shown at every level; only Hard's reasoning uses it. The solver is sound: one
# solution, and every clue left was tested: none can go (minimal).
#
# Making it cheap enough for the device. Test i (of clue c_i, i-th in the random order) asks
# whether the clues kept among c_0..c_i-1 plus the untested c_i+1.. decide the grid. A clue is in
# a *range* of tests: untested c_j in tests 0..j-1, kept also in j+1... So the tests are
# walked depth first over halving ranges (explicit stack): going into the left half lo..mid-1
# gives the untested clues mid..hi-1, going into the right half mid..hi-1 the clues kept in
# lo..mid-1; the solver runs to a fixed point after each, and coming back goes back to the
# state where the range began (every cell learnt since came from the range's clues): on a few
# levels by copying back the state kept there, on the others by truncating ``solver.order``.
# A clue is given about log2(tests) times, not once per test, and a range whose state decides
# the grid needs no test: none of its clues is needed. A clue given to a cell proven safe is
# *promoted* (its number shown) until its range is left. Ranges are solved at ``BUILD_LEVEL``,
# each test at the level; going back lands on a state the clues imply and the solver's rules are
# monotone, so every test ends in the very state a fresh solve of its clues reaches (host_tests
# compare with a plain re-solve per removal). Many leaves need no solve at all: test i's clues
# are test i-1's outcome (one solution) less c_i, so a second solution differs next to c_i; one
# found by a swap (or a flip) there keeps c_i (``walk.second``). A Hard test's case
# analysis stops at the first group whose layouts show a second solution (c_i stays,
# ``cache.CachedLayouts._seen``); most Hard tests need none (``cases.MakerCases.test``). A
# final solve of the finished puzzle checks it and leaves the deductions (``solver.order``,
# ``why``, ``src``) for hints.
#
# ``step()`` runs a slice of about ``SLICE_UNITS`` work units; nothing is allocated per test.

from mines._const import const
from array import array

from mines.engine.solver import QUEUED, RUNNING
# play's levels (the solver's), not play: making a puzzle holds none of its code.
from mines.engine.presets import FULL as HARD, PAIRS as MEDIUM, SINGLE as EASY

SLICE_UNITS = 160
# Per level, the level ranges are solved at (a test runs its own from there): the pair rule
# looks only at numbers queued since, so Medium's and Hard's tests must start where every pair
# was looked at (and Easy ranges made Hard's work 3x: far fewer ranges are decided).
BUILD_LEVEL = (EASY, MEDIUM, MEDIUM)
_DEPTH = const(12)   # the walk's depth: 1 + log2(tests), tests < 300 (2**9 > 300)
# A middle level of the walk (it forgets the most cells) keeps a copy of the solver's per-cell
# state (1.2 KB at 20x15), copied back instead of forgetting cell by cell (devtime, 20x15
# Hard: four levels 8% less than none; one, 4, 1.7% more than two).
_SNAP_LEVELS = const(1)
_SNAP_FROM = const(4)
# The walk's levels, one array (``_levels``): per level from _LO + level on, its range of tests
# (_LO, _HI), phase (_PH: 0 going left next, 1 right next, 2 done), and the solver state to come
# back to (_MARK: ``order``'s length, _NP: the promoted clues'), then the mines left of each
# state copy (_LEFT + copy).
_LO = const(0)
_HI = const(_DEPTH)
_PH = const(2 * _DEPTH)
_MARK = const(3 * _DEPTH)
_NP = const(4 * _DEPTH)
_LEFT = const(5 * _DEPTH)
_KEPT = const(0x8000)   # on a clue of ``cand`` the walk keeps (a cell index is below 512)
# (``cases.MakerCases.test``'s answer and ``how``, repeated: Easy and Medium load no cases)
_ANALYSE = const(2)
_BY_BIG = const(1)
_BY_STATE = const(2)


class PuzzleMaker:
    """Makes puzzles of one size; buffers are made once (the walk's, ``deal.prepare``, a
    puzzle). ``analysis`` False: no case analysis (Hard's) until a Hard ``begin``. Statistics and
    ``progress`` from the first ``begin`` on.

    Read after ``step()`` returns True: ``board`` (mines and counts), ``clue`` (1 on each padded
    cell index that shows its number), ``clues`` (how many), ``mines``, ``level``, ``seed``, and
    ``solver`` holding the solve of the finished puzzle from its clues (``order[clues:nknown]``
    are the deductions in order, with ``why``, ``src``, ``src2``). Statistics: ``tests``
    (that needed a solve), ``twins`` (kept unsolved), Hard's tests told by a group past the
    bound (``big``), by the state around the clue (``local``), cut short (``cuts``),
    ``restarts`` (layouts thrown away), ``total_work``, ``max_slice`` (units). ``progress``
    0..100.
    """

    SLICE_UNITS = SLICE_UNITS
    # The most one step() does: a slice stops at the first check past SLICE_UNITS, and no
    # piece between two checks is over 200 units (the maker's 150 at most: a look at the
    # groups so far in ``MakerCases.test``; the analysis's 195: a group's set-up). That fits
    # the midend's runner (the generator's MAX_SLICE_UNITS, 360; host_tests check both).
    MAX_SLICE_UNITS = SLICE_UNITS + 200

    def __init__(self, width, height, analysis=True, deal_first=False):
        # ``deal_first`` (the game's): the walk's parts and Hard's analysis are made once the
        # mines and clues are dealt, and the code of the maker's start and deal (``deal``)
        # goes then (where modules are let go, mines.phases.UNLOAD): the two never share the
        # heap.
        from mines.puzzle.deal import build
        build(self, width, height, analysis, 2 * (_LEFT + _SNAP_LEVELS),
              0 if deal_first else 2 * _SNAP_LEVELS)
        self.deal_first = deal_first

    def begin(self, seed, level):
        """Start making the puzzle of ``seed`` (0 .. 2**30 - 1) at ``level`` (EASY, MEDIUM or
        HARD). The same arguments always give the same puzzle."""
        from mines.puzzle.deal import start
        start(self, seed, level, 2 * _SNAP_LEVELS, BUILD_LEVEL)

    def step(self):
        """Run one slice. Returns True when the puzzle is ready (and on every call after that);
        abandon a puzzle at any time simply by not calling it again."""
        if self.done:
            return True
        s = self.solver
        s.work = 0
        for _ in self._job:
            break
        work = s.work
        self.slice_work = work
        self.total_work += work
        if work > self.max_slice:
            self.max_slice = work
        if self.done:
            self.progress = 100
        return self.done

    def run(self):
        """Make the puzzle in one go (tools and tests)."""
        while not self.step():
            pass

    def release(self):
        """For ``marks.PuzzleGame.adopt``, once the puzzle is made: every buffer goes but the
        puzzle's and the final solve's deductions (the solver's, now the maker's own)."""
        s = self.solver
        if s is None:
            return
        self.order, self.why, self.src, self.src2 = s.order, s.why, s.src, s.src2
        self.nknown = s.nknown
        self.solver = self._copies = self._runners = self._job = None
        self.cand = self.promoted = self._levels = None

    # --- the work, as one generator that yields between slices ----------------------------

    def _make(self):
        # (the most used locals first: the first 16 take a byte less an access)
        s = self.solver
        cand = self.cand
        levels = self._levels
        from mines.puzzle.deal import deal, prepare
        n = yield from deal(self, SLICE_UNITS)
        if self.deal_first:
            prepare(self, self.level == HARD, 2 * _SNAP_LEVELS)
            from mines.phases import UNLOAD, forget
            if UNLOAD:
                forget("mines.puzzle.deal")
        deal = prepare = None
        if self.deal_first and UNLOAD:
            import gc
            gc.collect()   # (the deal's code gone before the walk's comes)
        # Depth first over the tests 0..n-1, halving: see the module docstring.
        levels[_LO] = 0
        levels[_HI] = n
        levels[_PH] = 0
        depth = 1
        done = 0
        t = lo = hi = ph = mid = j = found = 0
        cases = s.cases
        copies = self._copies
        from mines.puzzle.walk import apart, give, second, truncate
        b = self.board
        runner = self._runners[self.level]
        builder = self._runners[BUILD_LEVEL[self.level]]
        st = s.st
        mu = s.mu
        total = 1 if self.level == HARD else 0   # (only Hard's reasoning counts the mines)
        flags = s.flags
        stack = s.stack
        while depth:
            t = depth - 1
            lo = levels[t]
            hi = levels[_HI + t]
            ph = levels[_PH + t]
            if ph == 0 and (hi - lo == 1 or not s.unknown):
                if s.unknown:
                    # A leaf: is the clue needed, given the others this test keeps?
                    self.tests += 1
                    decided = 0
                    if runner is not builder:
                        # (Hard: ``MakerCases.test``, most often without an analysis)
                        found = cases.test(cand, lo, SLICE_UNITS, 0)
                        while found is None:
                            yield
                            found = cases.test(cand, lo, SLICE_UNITS, 1)
                        if found == _ANALYSE:
                            for status in runner:
                                if status == RUNNING:
                                    yield
                                    continue
                                break
                            cases.layouts.watch = 0
                            cases.ask = 0
                            found = cases.decided
                            if found:
                                # (nothing learnt: the next analysis must not take an
                                # unchanged group for one that showed nothing)
                                cases.fresh = 1
                        decided = found
                        self.big += cases.how == _BY_BIG
                        self.local += cases.how == _BY_STATE
                        self.cuts += cases.layouts.twin
                    if s.unknown and not decided:
                        cand[lo] |= _KEPT
                # (Else the grid is decided without any of the clues lo..hi-1: none is kept.)
                done += hi - lo
                self.progress = done * 99 // n
                depth = t
                continue
            if ph == 2:
                depth = t
                continue
            mid = (lo + hi) >> 1
            if ph == 0:
                # Into tests lo..mid-1: the untested clues mid..hi-1 are in all of them.
                levels[_MARK + t] = s.nknown
                levels[_NP + t] = self.npromoted
                if _SNAP_FROM <= t < _SNAP_FROM + _SNAP_LEVELS:
                    # (a copy of the solver's state: the way back, two block copies)
                    k = t - _SNAP_FROM
                    copies[2 * k][:] = st
                    copies[2 * k + 1][:] = mu
                    levels[_LEFT + k] = s.mines_left
                    s.work += 8
                j = give(self, hi - 1, mid - 1, 0, SLICE_UNITS)
                while j >= mid:
                    yield
                    j = give(self, j, mid - 1, 0, SLICE_UNITS)
                levels[depth] = lo
                levels[_HI + depth] = mid
            else:
                # Into tests mid..hi-1: back to the node's state, plus the clues kept in lo..mid-1.
                if not t:
                    s.reset(self.mines)   # (the root's state: nothing known)
                    if cases:
                        cases.fresh = 1
                    self.npromoted = 0
                elif _SNAP_FROM <= t < _SNAP_FROM + _SNAP_LEVELS:
                    # Back to the copy: the cells known since are unknown again and the clues
                    # promoted since demoted (the copy has their states), as truncating would
                    # leave them; the flags cleared, the case analysis told to see every
                    # group as new, nothing queued.
                    k = t - _SNAP_FROM
                    st[:] = copies[2 * k]
                    mu[:] = copies[2 * k + 1]
                    flags[:] = b.zeros
                    if cases:
                        cases.fresh = 1
                    s.mines_left = levels[_LEFT + k]
                    k = levels[_MARK + t]
                    s.nknown = k
                    s.unknown = s.cells - k
                    s.sp = 0
                    s.psp = 0
                    s.work += 8
                    self.npromoted = levels[_NP + t]
                else:
                    while not truncate(self, levels[_MARK + t], levels[_NP + t], SLICE_UNITS):
                        yield
                j = give(self, lo, mid, 1, SLICE_UNITS)
                while j < mid:
                    yield
                    j = give(self, j, mid, 1, SLICE_UNITS)
                levels[depth] = mid
                levels[_HI + depth] = hi
            levels[_PH + t] = ph + 1
            levels[_PH + depth] = 0
            depth += 1
            found = 0
            size = levels[_HI + t + 1] - levels[t + 1]
            if size == 1:
                # A leaf next: when its clues have a second solution its clue is needed, no
                # solve (``second``: only the clues count, the state need not be a
                # fixed point).
                found = second(self, cand[levels[t + 1]], total, 0, SLICE_UNITS)
                while found < 0:
                    yield
                    found = second(self, cand[levels[t + 1]], total, 1, SLICE_UNITS)
                if found > 1:
                    if s.work >= SLICE_UNITS:
                        yield
                    c = apart(self, found - 2, -1, SLICE_UNITS)
                    while c >= 0:
                        yield
                        c = apart(self, found - 2, c, SLICE_UNITS)
                    found = c == -2
                if found:
                    self.twins += 1
                    cand[levels[depth - 1]] |= _KEPT
            if not found and runner is not builder and size <= 8 and \
                    cases.known_around(cand, levels[depth - 1], size):
                # Hard: every clue of the range goes, told before a solve (each test's state
                # will know what this one knows: ``MakerCases.test``'s BY_STATE)
                found = 1
                self.local += size
            if found:
                done += size
                self.progress = done * 99 // n
                depth -= 1
                while s.sp:   # (not looked at: off the stack)
                    s.sp -= 1
                    flags[stack[s.sp]] &= 0xFF ^ QUEUED
                continue
            for status in builder:
                if status == RUNNING:
                    yield
                    continue
                break
        # The finished puzzle, solved from scratch: a check, and the deductions for hints (the
        # maker's analysis: the plain one's deductions, 1% less time), in the walk's room.
        runner = builder = give = truncate = second = apart = None
        clue = copies[1]   # (the walk's copy of ``mu``, a board's bytes: the puzzle's clues)
        self._copies = self.promoted = copies = None
        runners = self._runners
        runners[0] = runners[1] = runners[2] = None
        if self.deal_first and UNLOAD:
            forget("mines.puzzle.walk")   # (the game's maker makes no other puzzle)
            gc.collect()   # (the walk's code and copies gone before the words below come)
        # (``why`` in the walk's bytes, the analysis's counts as ``src`` was before: written
        # at unknown cells only; ``when`` written before ``src2``: src2 stays. The words
        # made from a range and zeroed: ``bytes`` would take as much again while made.)
        s.why = s.src
        s.src = array("H", range(b.size))
        s.when = s.src2 = array("H", range(b.size))
        for i in range(b.size):
            s.src[i] = s.when[i] = 0
        s.narrow = False
        clue[:] = b.zeros
        self.clue = clue
        for j in range(n):
            c = cand[j]
            if c & _KEPT:
                c ^= _KEPT
                cand[j] = c
                clue[c] = 1
        runner = s.run(self.level, SLICE_UNITS)
        s.reset(self.mines)
        self.npromoted = 0
        nclues = 0
        for i in range(b.size):
            if clue[i]:
                s.give_clue(i, b.count[i])
                nclues += 1
                if s.work >= SLICE_UNITS:
                    yield
        self.clues = nclues
        for status in runner:
            if status == RUNNING:
                yield
                continue
            break
        if cases and cases.mark is b.inside:
            # (lent to the analysis's marks, ``deal.prepare``: each cell's 1 again)
            for t in range(1, self.height + 1):
                lo = t * b.stride + 1
                for j in range(lo, lo + self.width):
                    b.inside[j] = 1
        if s.unknown:
            raise RuntimeError("puzzle %d not decided at level %d" % (self.seed, self.level))
        self.done = True
        yield
