"""Pen-and-paper Minesweeper puzzles (seed 003): every cell laid out at once, some safe cells show
their number (the clues), and the player decides mine or clear for every other cell by reasoning
alone. Exactly one solution, reached by the chosen level's reasoning.

How a puzzle is made (``PuzzleMaker``), as the seed describes: mines at random over 30-36% of the
grid, a clue in every other cell, then the clues are taken away one at a time in random order and
a removal is kept only if the solver, working from the remaining clues alone (a cell it proves
safe shows no number), still decides every cell at the level: Easy = ``presets.SINGLE``, Medium =
``PAIRS``, Hard = ``FULL`` (counting and case splits). The player is told the total mine count at
every level (the screen shows it); only Hard's reasoning uses it. The solver is sound, so "decides
every cell" means exactly one solution, and every clue left was tested: none can go (minimal).

Making it cheap enough for the device. The greedy pass asks, for candidate c_i (i-th in the
random order), whether the kept clues K plus the untested clues R_i = {c_i+1, ...} decide the
grid. The solver's state is kept as a stack of fixed points: the kept clues first (the *base*),
then the untested clues given in reverse order, the solver run to a fixed point after each, with
the position in ``solver.order`` where each one's segment starts. Everything learnt in c_i's
segment needed c_i (the state before it was a fixed point), so taking c_i away is truncating the
order there, never a rescan. Clues kept since the last rebuild (``floating``) are given on top for
each test and taken away after it; when that costs more than a rebuild did, the base is rebuilt
with them in it (a ski-rental rule: at most twice the best of the two). Each truncation lands on
a state that was a fixed point, so the solver goes on from a state it could have reached from
scratch; a clue given to a cell already proven safe is *promoted* (its number shown), and
demoted again when its segment goes. A final solve from scratch of the finished puzzle checks it
and leaves the deduction order behind (``solver.order``, ``why``, ``src``) for hints.

Slicing: ``step()`` runs one slice of about ``SLICE_UNITS`` work units (the solver's units, about
one neighbour visit each) and returns True when the puzzle is ready; nothing is allocated per
cell or per test.
"""

import gc
from array import array

from mines.groups import CaseAnalysis   # first: the largest module compiles in an empty heap
from mines import codes, presets
from mines.board import Board
from mines.revision import forget
from mines.rng import Rng
from mines.solver import NUM, RUNNING, SAFE, UNK, Solver

EASY = presets.SINGLE
MEDIUM = presets.PAIRS
HARD = presets.FULL
LEVEL_NAMES = ("easy", "medium", "hard")

MIN_WIDTH = 5
MAX_WIDTH = 20
MIN_HEIGHT = 5
MAX_HEIGHT = 15
SEED_BITS = 30   # seeds 0 .. 2**30 - 1: what a puzzle code holds

# The sizes the game's menu offers: each fits the 160x128 screen under an 8-pixel status bar
# without scrolling, tiles at least 8 pixels (20x15 is the whole screen at 8 pixels).
SIZES = (("Small", 8, 8), ("Medium", 12, 10), ("Large", 20, 15))

MINE_PERCENT_LOW = 30    # mines cover 30..36% of the cells: "about a third, a little variation"
MINE_PERCENT_SPREAD = 7

SLICE_UNITS = 160
# The level whose fixed points the checkpoints are, per level: a truncation may land on any state
# the clues imply, and the test then runs the full level from it; the cheaper level saves Hard's
# case analysis after every clue of a build. (Medium builds at Medium: its pair rule only looks
# at numbers queued since, so it must start from a state where every pair was looked at.)
BUILD_LEVEL = (EASY, MEDIUM, MEDIUM)
_CHUNK = 6   # cells forgotten per check of the budget (at most 44 units each)

# Puzzle codes: type, width - 5, height - 5, level, seed.
_CODE_WIDTHS = (codes.TYPE_BITS, 4, 4, 2, SEED_BITS)


def level_from_name(name):
    """'easy' | 'medium' | 'hard' -> EASY | MEDIUM | HARD; ValueError with a readable message."""
    for i in range(len(LEVEL_NAMES)):
        if LEVEL_NAMES[i] == name:
            return i
    raise ValueError("unknown level %r: use easy, medium or hard" % (name,))


def check_size(width, height):
    """None if a width x height puzzle can be made, else a message saying why not."""
    if not (MIN_WIDTH <= width <= MAX_WIDTH):
        return "width must be %d to %d (got %d)" % (MIN_WIDTH, MAX_WIDTH, width)
    if not (MIN_HEIGHT <= height <= MAX_HEIGHT):
        return "height must be %d to %d (got %d)" % (MIN_HEIGHT, MAX_HEIGHT, height)
    return None


def encode_code(width, height, level, seed):
    """The code a player types to get this puzzle again (10 characters)."""
    return codes.encode(((codes.TYPE_PUZZLE, codes.TYPE_BITS), (width - MIN_WIDTH, 4),
                         (height - MIN_HEIGHT, 4), (level, 2), (seed, SEED_BITS)))


def decode_code(text):
    """(width, height, level, seed) from a puzzle code; ValueError with a reason a player can
    act on (a board code, a typo, a size out of range)."""
    kind = codes.code_type(text)
    if kind != codes.TYPE_PUZZLE and kind >= 0:
        raise ValueError("that is a %s code, not a puzzle code" % codes.TYPE_NAMES[kind])
    fields = codes.decode(text, _CODE_WIDTHS)
    if fields[0] != codes.TYPE_PUZZLE:
        raise ValueError("that is a %s code, not a puzzle code" % codes.TYPE_NAMES[fields[0]])
    width = fields[1] + MIN_WIDTH
    height = fields[2] + MIN_HEIGHT
    level = fields[3]
    if check_size(width, height) or level > HARD:
        raise ValueError("check failed: a character is mistyped")
    return width, height, level, fields[4]


class PuzzleMaker:
    """Makes puzzles of one size; buffers are made once and reused for every puzzle.

    Read after ``step()`` returns True: ``board`` (mines and counts), ``clue`` (1 on each padded
    cell index that shows its number), ``clues`` (how many), ``mines``, ``level``, ``seed``, and
    ``solver`` holding the solve of the finished puzzle from its clues (``order[clues:nknown]``
    are the deductions in order, with ``why``, ``src``, ``src2``). Statistics: ``tests``
    (removals tried), ``rebuilds``, ``restarts`` (mine layouts thrown away), ``total_work``,
    ``max_slice`` (units). ``progress`` is 0..100 throughout.
    """

    SLICE_UNITS = SLICE_UNITS
    # The most one step() does: the solver's bound (see generator.Generator.MAX_SLICE_UNITS);
    # this module's own pieces between two checks stay below it (host_tests check it).
    MAX_SLICE_UNITS = SLICE_UNITS + 200

    def __init__(self, width, height):
        msg = check_size(width, height)
        if msg:
            raise ValueError(msg)
        gc.collect()   # a quiet moment: the buffers below then find room in one piece
        self.width = width
        self.height = height
        self.board = board = Board(width, height)
        self.solver = Solver(board, oracle=False)
        self.solver.cases = CaseAnalysis(self.solver)
        cells = width * height
        self.cand = array("H", bytes(2 * cells))       # the clues in removal order
        self.cp = array("H", bytes(2 * cells))         # where cand[j]'s segment starts...
        self.cpn = array("H", bytes(2 * cells))        # ...and how many clues were promoted then
        self.floating = array("H", bytes(2 * cells))   # clues kept since the last rebuild
        self.promoted = array("H", bytes(2 * cells))   # clues given to cells known safe
        self.npromoted = 0
        self.clue = bytearray(board.size)
        self.rng = Rng(0)
        self.level = EASY
        self.seed = 0
        self.mines = 0
        self.clues = 0
        self.done = True
        self._job = None
        self._runners = [None, None, None]   # one solver loop per level, made when first used
        self._clear_stats()

    def _clear_stats(self):
        self.progress = 0
        self.slice_work = 0
        self.total_work = 0
        self.max_slice = 0
        self.tests = 0
        self.rebuilds = 0
        self.restarts = 0

    def begin(self, seed, level):
        """Start making the puzzle of ``seed`` (0 .. 2**30 - 1) at ``level`` (EASY, MEDIUM or
        HARD). The same arguments always give the same puzzle."""
        if level not in (EASY, MEDIUM, HARD):
            raise ValueError("level must be 0 (easy), 1 (medium) or 2 (hard)")
        if not (0 <= seed < (1 << SEED_BITS)):
            raise ValueError("seed must be 0 to %d" % ((1 << SEED_BITS) - 1))
        self.rng.seed(seed)
        self.seed = seed
        self.level = level
        self.done = False
        self._clear_stats()
        # The checkpoints are fixed points of a cheaper level (see ``_make``).
        for lv in (level, BUILD_LEVEL[level]):
            if self._runners[lv] is None:
                # Kept: a solver loop carries on after every change of state.
                self._runners[lv] = self.solver.run(lv, SLICE_UNITS)
        self._job = self._make()

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

    def code(self):
        return encode_code(self.width, self.height, self.level, self.seed)

    # --- the work, as one generator that yields between slices ----------------------------

    def _make(self):
        b = self.board
        s = self.solver
        rng = self.rng
        w = self.width
        stride = b.stride
        cells = w * self.height
        cand = self.cand
        cp = self.cp
        cpn = self.cpn
        floating = self.floating
        clue = self.clue
        inside = b.inside
        mine = b.mine
        runner = self._runners[self.level]
        builder = self._runners[BUILD_LEVEL[self.level]]
        give = self._give
        truncate = self._truncate
        while True:
            # Mines at random, then every other cell a clue, in random order.
            b.clear()
            mines = cells * (MINE_PERCENT_LOW + rng.below(MINE_PERCENT_SPREAD)) // 100
            placed = 0
            while placed < mines:
                k = rng.below(cells)
                y = k // w
                i = (y + 1) * stride + k - y * w + 1
                if mine[i]:
                    continue
                b.add_mine(i)
                placed += 1
                s.work += 10
                if s.work >= SLICE_UNITS:
                    yield
            n = 0
            for i in range(b.size):
                if inside[i] and not mine[i]:
                    cand[n] = i
                    n += 1
            s.work += b.size // 4
            for j in range(n - 1, 0, -1):
                r = rng.below(j + 1)
                c = cand[j]
                cand[j] = cand[r]
                cand[r] = c
                s.work += 2
                if s.work >= SLICE_UNITS:
                    yield
            self.mines = mines
            clue[:] = b.zeros
            s.reset(mines)
            self.npromoted = 0
            # The first build: every clue, the last candidate first. The whole set must decide
            # the grid at this level (a mine walled in by mines does not at Easy): else anew.
            start = self.total_work + s.work
            for j in range(n - 1, -1, -1):
                cp[j] = s.nknown
                cpn[j] = self.npromoted
                if s.unknown:
                    give(cand[j])
                    for status in builder:
                        if status == RUNNING:
                            yield
                            continue
                        break
                if s.work >= SLICE_UNITS:
                    yield
            if not s.unknown:
                break
            self.restarts += 1
        build_cost = self.total_work + s.work - start
        test_cost = 0
        base_end = 0
        base_np = 0
        nfl = 0
        for i in range(n):
            # Is c_i needed, given the kept clues and the untested ones?
            while not truncate(cp[i], cpn[i]):
                yield
            self.tests += 1
            start = self.total_work + s.work
            if s.unknown:
                p = s.nknown
                pn = self.npromoted
                for k in range(nfl):
                    if s.work >= SLICE_UNITS:
                        yield
                    give(floating[k])
                for status in runner:
                    if status == RUNNING:
                        yield
                        continue
                    break
                decided = not s.unknown
                while not truncate(p, pn):
                    yield
                if not decided:
                    c = cand[i]
                    floating[nfl] = c
                    nfl += 1
                    clue[c] = 1
            self.progress = (i + 1) * 99 // n
            # What the floating clues cost, against what a rebuild costs.
            test_cost += self.total_work + s.work - start
            if test_cost <= build_cost or i + 1 >= n:
                continue
            # Rebuild: the floating clues join the base, the untested ones go on top again.
            start = self.total_work + s.work
            self.rebuilds += 1
            while not truncate(base_end, base_np):
                yield
            for k in range(nfl):
                if s.work >= SLICE_UNITS:
                    yield
                give(floating[k])
            nfl = 0
            for status in builder:
                if status == RUNNING:
                    yield
                    continue
                break
            base_end = s.nknown
            base_np = self.npromoted
            for j in range(n - 1, i + 1, -1):
                cp[j] = s.nknown
                cpn[j] = self.npromoted
                if s.unknown:
                    give(cand[j])
                    for status in builder:
                        if status == RUNNING:
                            yield
                            continue
                        break
                if s.work >= SLICE_UNITS:
                    yield
            cp[i + 1] = s.nknown
            cpn[i + 1] = self.npromoted
            build_cost = self.total_work + s.work - start
            test_cost = 0
        # The finished puzzle, solved from scratch: a check, and the deductions for hints.
        s.reset(mines)
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
        if s.unknown:
            raise RuntimeError("puzzle %d not decided at level %d" % (self.seed, self.level))
        self.done = True
        yield

    def _give(self, c):
        """Show clue c to the solver: a covered cell is given its number; a cell already proven
        safe is promoted (its number shown from now on); nothing once the grid is decided."""
        s = self.solver
        st = s.st[c]
        if st == UNK:
            s.give_clue(c, self.board.count[c])
        elif st == SAFE and s.unknown:
            st = s.st
            st[c] = NUM
            s.clue[c] = self.board.count[c]
            self.promoted[self.npromoted] = c
            self.npromoted += 1
            if s.unk[c] and not s.flags[c] & 1:
                s.flags[c] |= 1
                s.stack[s.sp] = c
                s.sp += 1
            s.work += 4

    def _truncate(self, p, promoted):
        """Take the solver back to the fixed point it was in when ``order`` had ``p`` cells
        and ``promoted`` clues were promoted (a promotion adds no cell to ``order``, so the
        count tells before from after): forget the newer cells and demote the clues promoted
        since, a chunk per call (returns
        False until done; nothing when the slice is used up). Called only at fixed points (both
        stacks empty but for numbers left on the pair stack once the grid is decided)."""
        s = self.solver
        if s.work >= SLICE_UNITS:
            return False
        order = s.order
        k = s.nknown
        stop = k - _CHUNK
        if stop < p:
            stop = p
        st = s.st
        flags = s.flags
        offsets = s.offsets
        hard = self.level == HARD   # only the case analysis reuses what it found
        s.work += (20 if hard else 10) * (k - stop)
        while k > stop:
            k -= 1
            c = order[k]
            if hard:
                # The numbers around it see a new neighbourhood: their groups have changed.
                if st[c] == NUM:
                    self._unlink(c)
                for d in offsets:
                    if st[c + d] == NUM:
                        flags[c + d] |= 16
            forget(s, c)
        s.nknown = k
        if k > p:
            return False
        np = self.npromoted
        while np > promoted:
            np -= 1
            c = self.promoted[np]
            if st[c] == NUM:
                st[c] = SAFE
                if hard:
                    self._unlink(c)
            if s.work >= SLICE_UNITS:
                self.npromoted = np
                return False
        self.npromoted = np
        # Off the stacks (only numbers left on the pair stack once the grid was decided).
        pstack = s.pstack
        for k in range(s.psp):
            flags[pstack[k]] &= 0xFD
        s.work += 2 * s.psp + 4
        s.sp = 0
        s.psp = 0
        return True

    def _unlink(self, c):
        """Number c goes (forgotten or demoted): the groups it joined fall apart, so every
        number sharing a covered cell with it (all within 2 cells) counts as changed for the
        case analysis, whose reuse of an unchanged group assumes nothing in it moved."""
        s = self.solver
        st = s.st
        flags = s.flags
        for d in s.poffs:
            if st[c + d] == NUM:
                flags[c + d] |= 16
        s.work += 24

def view_rows(board, clue):
    """The puzzle as a player sees it: ``height`` strings of ``width`` characters, a digit for a
    clue and '#' for a cell without one."""
    rows = []
    for y in range(board.height):
        row = []
        base = (y + 1) * board.stride + 1
        for x in range(board.width):
            i = base + x
            row.append(chr(48 + board.count[i]) if clue[i] else "#")
        rows.append("".join(row))
    return rows
