"""The puzzle maker's start: functions of the ``PuzzleMaker`` (``maker``), as its methods
would be, run once a puzzle: its buffers (``build``, ``prepare``) and the deal of the mines
and the clues (``deal``). The game's maker (``deal_first``) lets this code go once the deal
is done: the walk's heap holds none of it."""

from mines._const import const
import gc
from array import array

from mines.engine.board import Board
from mines.engine.presets import FULL, PAIRS, SINGLE
from mines.engine.rng import Rng
from mines.engine.solver import WALL, Solver

_SEED_BITS = const(30)
_MIN_SIDE = const(5)
_MAX_WIDTH = const(20)
_MAX_HEIGHT = const(15)   # (the same as play's: a test checks)
# Mines cover 30..36% of the cells: "about a third, a little variation".
_MINE_PERCENT_LOW = const(30)
_MINE_PERCENT_SPREAD = const(7)


def build(maker, width, height, analysis, levels, copies):
    # ``PuzzleMaker.__init__``: ``levels`` the bytes of the walk's ``_levels``, ``copies``
    # its state copies (``prepare``; 0: the walk's parts and the analysis are made once
    # dealt, where the deal's code has gone).
    if not (_MIN_SIDE <= width <= _MAX_WIDTH and _MIN_SIDE <= height <= _MAX_HEIGHT):
        from mines.puzzle.play import check_size
        raise ValueError(check_size(width, height))
    gc.collect()   # a quiet moment: the buffers below then find room in one piece
    if analysis and not copies:
        # The game's Hard maker: the analysis's code before any buffer, each module after a
        # collect, while the heap still has its biggest pieces (its buffers come once dealt).
        from mines.engine.groups import CaseAnalysis  # noqa: F401
        gc.collect()
        from mines.puzzle.cache import CachedLayouts  # noqa: F401
        gc.collect()
        from mines.puzzle.cases import MakerCases  # noqa: F401
        gc.collect()
    maker.width = width
    maker.height = height
    maker.board = board = Board(width, height)
    # (view mode; its clues are the board's counts: no copy. Narrow and packed: its record
    # a byte a cell from the start, ``src2`` no buffer of its own (``prepare``); the walk
    # does not pack a pair's why.)
    maker.solver = s = Solver(board, packed=True, narrow=True)
    s.oracle = False
    s.packed = False
    maker.promoted = None
    maker._near = (0,) + board.offsets   # (``walk.second``'s: a cell and its neighbours)
    if copies:   # (else made once dealt, ``prepare``: the game's maker)
        # The maker's parts, compiled after a collect, before their buffers take room.
        from mines.puzzle.walk import give  # noqa: F401
        gc.collect()
        prepare(maker, analysis, 0)
    cells = width * height
    # The clues in removal order: every cell but the mines (30% at least, ``deal``). (Made
    # from a range and zeroed: ``bytes`` would take as much again while it is made.)
    maker.cand = cand = array("H", range(cells - cells * _MINE_PERCENT_LOW // 100))
    for j in range(len(cand)):
        cand[j] = 0
    maker._levels = array("H", bytes(levels))   # the walk's (maker._LO...)
    # ``walk.second``'s: 1 + the pair tables' index of each cell within 2 of a cell x, at its
    # offset + _j0.
    maker._i = 0
    maker._far = 0
    maker._j0 = j0 = 2 * board.stride + 2
    maker._jtab = jtab = bytearray(2 * j0 + 1)
    for j in range(24):
        jtab[s.poffs[j] + j0] = j + 1
    prepare(maker, 0, copies)
    maker.npromoted = 0
    maker.clue = None   # (made by the final solve: while the walk runs, a kept clue is
    # marked in ``cand``, by maker._KEPT)
    maker.rng = Rng(0)
    maker.level = 0
    maker.seed = 0
    maker.mines = 0
    maker.clues = 0
    maker.done = True
    maker._job = None
    # One solver loop per level, kept for the walk, made by the ``begin`` that needs it.
    maker._runners = [None, None, None]


def start(maker, seed, level, copies, build_level):
    # ``PuzzleMaker.begin``: ``copies`` as ``prepare``'s, ``build_level`` the maker's
    # BUILD_LEVEL.
    if level not in (SINGLE, PAIRS, FULL):
        raise ValueError("level must be 0 (easy), 1 (medium) or 2 (hard)")
    if not (0 <= seed < (1 << _SEED_BITS)):
        raise ValueError("seed must be 0 to %d" % ((1 << _SEED_BITS) - 1))
    maker.rng.seed(seed)
    maker.seed = seed
    maker.level = level
    if not maker.deal_first:
        prepare(maker, level == FULL, copies)
    runners = maker._runners
    for lv in (level, build_level[level]):
        if runners[lv] is None:
            runners[lv] = maker.solver.run(lv, maker.SLICE_UNITS)
    maker.done = False
    maker.progress = maker.slice_work = maker.total_work = maker.max_slice = 0
    maker.tests = maker.twins = maker.cuts = maker.local = maker.big = maker.restarts = 0
    maker._job = maker._make()


def prepare(maker, analysis, copies):
    # Hard's case analysis (``analysis`` true), unless made already: its code and buffers,
    # the most the maker has, each compiled after a collect, the largest first. And unless
    # made (``copies`` 0: not yet) the walk's parts, which the final solve lets go: the clues
    # promoted, and ``copies`` copies of the solver's per-cell state at a fixed point (st
    # and mu, two a level of the walk; its mines left in ``_levels``; about 0.8 KB a level
    # at 20x15). The walk reads none of the solver's record but ``order``: ``why``,
    # ``when``, ``src2`` and the analysis's counts go to ``src``, a byte a cell (``narrow``;
    # the final solve makes them anew).
    s = maker.solver
    if analysis and s.cases is None:
        gc.collect()
        from mines.engine.groups import CaseAnalysis  # noqa: F401  (cases.MakerCases uses it)
        gc.collect()
        from mines.puzzle.cache import CachedLayouts  # noqa: F401
        gc.collect()
        from mines.puzzle.cases import MakerCases
        gc.collect()
        # Its marks in the board's ``inside``, zero until the walk ends (``deal`` reads the
        # border from the solver's state instead; the maker's ``_make`` rebuilds it).
        b = s.board
        b.inside[:] = b.zeros
        s.cases = MakerCases(s, CachedLayouts, b.inside)
        s.cases.near = maker._near   # (the same 9 offsets)
    if copies and maker.promoted is None:
        if not s.narrow:   # (a final solve's words: a byte a cell again)
            s.src = bytearray(s.size)
            s.narrow = True
        s.why = s.when = s.src2 = s.src
        if s.cases:
            s.cases.counts = s.src
        # (room for a quarter of the cells' promotions, grown by ``walk.give``: 81 the
        # most seen at 20x15, 90 puzzles)
        maker.promoted = array("H", bytes(maker.width * maker.height // 4 * 2))
        maker._copies = [bytearray(s.size if k & 1 else len(s.st))
                         for k in range(copies)]


def deal(maker, slice_units):
    # Mines at random, then every other cell a clue, in random order: the first part of the
    # maker's ``_make`` (``yield from``: its locals apart). Returns how many clues.
    b = maker.board
    s = maker.solver
    rng = maker.rng
    w = maker.width
    stride = b.stride
    cells = w * maker.height
    cand = maker.cand
    st = s.st   # (its border ring is always WALL: the board's ``inside`` may be lent)
    mine = b.mine
    offsets = b.offsets
    while True:
        b.clear()
        mines = cells * (_MINE_PERCENT_LOW + rng.below(_MINE_PERCENT_SPREAD)) // 100
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
            if s.work >= slice_units:
                yield
        # Every other cell a clue. The whole set must decide the grid: at Easy and Medium
        # a mine with no safe neighbour never is (at Hard the mine count decides it).
        n = 0
        walled = 0
        for y in range(maker.height):
            if s.work >= slice_units:
                yield
            row = (y + 1) * stride + 1
            for i in range(row, row + w):
                if not mine[i]:
                    cand[n] = i
                    n += 1
                elif not walled:
                    for d in offsets:
                        if st[i + d] != WALL and not mine[i + d]:
                            break
                    else:
                        walled = 1
            s.work += 3 * w
        if walled and maker.level != FULL:
            maker.restarts += 1
            continue
        # The order the clues are taken away in.
        for j in range(n - 1, 0, -1):
            r = rng.below(j + 1)
            c = cand[j]
            cand[j] = cand[r]
            cand[r] = c
            s.work += 2
            if s.work >= slice_units:
                yield
        cases = s.cases
        if cases and cases.mark is b.inside:   # (lent: zero again, ``prepare``)
            b.inside[:] = b.zeros
            cases.stamp = 0
        maker.mines = mines
        s.reset(mines)
        maker.npromoted = 0
        return n
