"""Pen-and-paper puzzles (mines.puzzle.maker, tools/puzzle.py): one solution, proven by an
exhaustive search and by an independent complete solver written here; solved at their level and
mostly not below; minimal; the same as a plain re-solve per removal; the same under CPython and
micropython; sliced within bounds."""

import itertools
import json
import os
import random
import subprocess
import sys

import pytest

import engine_util
from engine_util import ROOT, micropython

from mines.engine import presets
from mines.puzzle import play as P
from mines.engine.board import Board
from mines.puzzle.maker import PuzzleMaker
from mines.engine.solver import SOLVED, Solver
from mines.engine.view_text import grid_string

LEVELS = (P.EASY, P.MEDIUM, P.HARD)
TOOL = os.path.join("tools", "puzzle.py")


# ---- an independent complete solver (backtracking with propagation) -------------------------

def count_solutions(w, h, rows, total=None, fixed=None, limit=2):
    """How many mine layouts (up to ``limit``) agree with the clues in ``rows`` (a digit: a safe
    cell with that many mine neighbours; '#': unknown), with ``total`` mines if given, and with
    ``fixed`` ({(x, y): is_mine}); and the layouts found (sets of mine cells). Written apart
    from the engine: constraints with running counts, propagation, depth-first search."""
    cells = [(x, y) for y in range(h) for x in range(w) if rows[y][x] == "#"]
    index = {c: k for k, c in enumerate(cells)}
    need = []    # per constraint: mines still to place
    free = []    # per constraint: its cells not yet decided
    members = []
    for y in range(h):
        for x in range(w):
            if rows[y][x] != "#":
                around = [index[c] for c in engine_util.neighbours(w, h, x, y) if c in index]
                members.append(around)
                need.append(int(rows[y][x]))
                free.append(len(around))
    if total is not None:
        members.append(list(range(len(cells))))
        need.append(total)
        free.append(len(cells))
    of_cell = [[] for _ in cells]
    for k, around in enumerate(members):
        for i in around:
            of_cell[i].append(k)
    value = [None] * len(cells)
    found = []

    def assign(i, v, trail, queue):
        value[i] = v
        trail.append(i)
        for k in of_cell[i]:
            free[k] -= 1
            need[k] -= v
            queue.append(k)

    def propagate(queue, trail):
        while queue:
            k = queue.pop()
            if need[k] < 0 or need[k] > free[k]:
                return False
            if free[k] and (need[k] == 0 or need[k] == free[k]):
                v = 0 if need[k] == 0 else 1
                for i in members[k]:
                    if value[i] is None:
                        assign(i, v, trail, queue)
        return True

    def undo(trail):
        for i in trail:
            for k in of_cell[i]:
                free[k] += 1
                need[k] += value[i]
            value[i] = None

    def search(start):
        if len(found) >= limit:
            return
        i = start
        while i < len(cells) and value[i] is not None:
            i += 1
        if i == len(cells):
            found.append(frozenset(cells[k] for k in range(len(cells)) if value[k]))
            return
        for v in (1, 0):
            trail = []
            if propagate_after(i, v, trail):
                search(i + 1)
            undo(trail)

    def propagate_after(i, v, trail):
        queue = []
        assign(i, v, trail, queue)
        return propagate(queue, trail)

    trail = []
    queue = list(range(len(members)))
    for c, v in (fixed or {}).items():
        assign(index[c], 1 if v else 0, trail, queue)
    if propagate(queue, trail):
        search(0)
    return len(found), found


def exhaustive_layouts(w, h, rows, total):
    """Every layout of ``total`` mines on the '#' cells that fits the clues (small grids): all
    combinations tried, each clue checked as a bit mask."""
    unknown = [(x, y) for y in range(h) for x in range(w) if rows[y][x] == "#"]
    bit = {c: 1 << k for k, c in enumerate(unknown)}
    clues = []
    for y in range(h):
        for x in range(w):
            if rows[y][x] != "#":
                mask = sum(bit.get(c, 0) for c in engine_util.neighbours(w, h, x, y))
                clues.append((mask, int(rows[y][x])))
    out = []
    for combo in itertools.combinations(range(len(unknown)), total):
        m = sum(1 << k for k in combo)
        if all(bin(m & mask).count("1") == v for mask, v in clues):
            out.append({unknown[k] for k in combo})
    return out


# ---- helpers -------------------------------------------------------------------------------

def rows_and_solution(m):
    return P.view_rows(m.board, m.clue), grid_string(m.board)


def solution_mines(m):
    w = m.width
    return frozenset((k % w, k // w) for k, ch in enumerate(grid_string(m.board)) if ch == "*")


def fresh_solve(board, clues, level, mines):
    s = Solver(board, oracle=False)
    s.reset(mines)
    for c in clues:
        s.give_clue(c, board.count[c])
    return s.solve(level) == SOLVED


def clue_cells(m):
    return [i for i in range(m.board.size) if m.clue[i]]


def check_puzzle(m):
    """What every finished puzzle must be: clues are the true counts of safe cells, the level's
    solver decides it from the clues alone, and no clue can go (minimal)."""
    b = m.board
    clues = clue_cells(m)
    assert len(clues) == m.clues and m.clues > 0
    cells = m.width * m.height
    assert 30 * cells // 100 <= b.mines == m.mines <= 36 * cells // 100
    for c in clues:
        assert b.inside[c] and not b.mine[c]
    assert fresh_solve(b, clues, m.level, m.mines)
    for c in clues:
        assert not fresh_solve(b, [d for d in clues if d != c], m.level, m.mines), (
            "clue at %d can go: not minimal" % c)


# ---- tests ---------------------------------------------------------------------------------

def test_small_puzzles_have_exactly_one_layout_by_exhaustive_search():
    """5x5 and 6x5 at every level: of all layouts with the told mine count, exactly one fits
    the clues, and it is the solution."""
    for w, h in ((5, 5), (6, 5)):
        m = PuzzleMaker(w, h)
        for level in LEVELS:
            for seed in range(4):
                m.begin(seed * 31 + level, level)
                m.run()
                rows, _ = rows_and_solution(m)
                layouts = exhaustive_layouts(w, h, rows, m.mines)
                assert layouts == [set(solution_mines(m))], (w, h, level, seed, rows)


def test_puzzles_are_unique_by_an_independent_solver_solved_at_their_level_and_minimal():
    """Larger grids: the backtracking solver above finds one layout only (Easy and Medium even
    without the mine count, which only Hard's reasoning uses), the level's solver decides them,
    and no clue can be taken away."""
    cases = [(8, 8, 5), (12, 10, 3), (20, 15, 2), (9, 14, 2)]
    for w, h, seeds in cases:
        m = PuzzleMaker(w, h)
        for level in LEVELS:
            for seed in range(seeds):
                m.begin(1000 + seed, level)
                m.run()
                check_puzzle(m)
                rows, _ = rows_and_solution(m)
                total = m.mines if level == P.HARD else None
                n, layouts = count_solutions(w, h, rows, total)
                assert n == 1 and layouts[0] == solution_mines(m), (w, h, level, seed)


def test_medium_and_hard_puzzles_mostly_need_their_level():
    """Most Medium puzzles are not decided by one clue at a time, most Hard ones not by pairs."""
    for w, h, seeds in ((8, 8, 12), (12, 10, 6)):
        m = PuzzleMaker(w, h)
        for level in (P.MEDIUM, P.HARD):
            need = 0
            for seed in range(seeds):
                m.begin(seed, level)
                m.run()
                if not fresh_solve(m.board, clue_cells(m), level - 1, m.mines):
                    need += 1
            assert need * 4 >= seeds * 3, (w, h, level, need, seeds)


def test_the_enumeration_cache_gives_what_enumerating_gives():
    """Hard's case analysis keeps its last enumerations (mines.puzzle.cache): each group's
    layouts (possible counts, AND and OR masks) are the same, group after group, as a maker
    without the cache enumerates, and so are the puzzles and the final solve's order."""
    from mines.engine.layouts import GroupLayouts

    def record(m):
        out = []
        lay = m.solver.cases.layouts
        real_step = lay.step

        def step(units):
            done = real_step(units)
            if done:   # enumerated, or copied from the cache
                out.append(result(lay, lay._pos))
            return done

        lay.step = step
        return out

    def result(lay, pos):
        n = lay._n
        return (lay.cset, tuple(lay.andm[pos:pos + n + 1]), tuple(lay.orm[pos:pos + n + 1]))

    from mines.puzzle.cases import MakerCases
    cached = PuzzleMaker(20, 15)
    cached.solver.cases.layouts._seen = lambda: False   # every enumeration to its end
    plain = PuzzleMaker(20, 15)
    plain.solver.cases = MakerCases(plain.solver, GroupLayouts)   # plain GroupLayouts, no cache
    a, b = record(cached), record(plain)
    for seed in range(3):
        for m in (cached, plain):
            m.begin(seed, P.HARD)
            m.run()
        assert rows_and_solution(cached) == rows_and_solution(plain)
        s, t = cached.solver, plain.solver
        assert s.order[:s.nknown] == t.order[:t.nknown] and s.why == t.why
    assert len(a) == len(b) > 200 and a == b
    assert cached.solver.cases.layouts.hits > len(a) // 2
    assert type(plain.solver.cases.layouts) is GroupLayouts


def test_a_hard_test_cut_short_at_a_second_solution_keeps_the_same_puzzles():
    """Hard's analysis in a test stops at the first group that shows a second solution of the
    clues (``CachedLayouts._seen``): the same puzzles and final solve as a maker whose
    analysis runs every test to its end (plain ``GroupLayouts``), with less work."""
    from mines.engine.layouts import GroupLayouts
    from mines.puzzle.cases import MakerCases
    watched = PuzzleMaker(20, 15)
    plain = PuzzleMaker(20, 15)
    plain.solver.cases = MakerCases(plain.solver, GroupLayouts)
    less = 0
    for seed in range(4):
        for m in (watched, plain):
            m.begin(seed, P.HARD)
            m.run()
        assert rows_and_solution(watched) == rows_and_solution(plain)
        s, t = watched.solver, plain.solver
        assert s.order[:s.nknown] == t.order[:t.nknown] and s.why == t.why
        less += watched.total_work < plain.total_work
    cuts = watched.solver.cases.layouts.cuts
    assert cuts > 20 and less == 4, (cuts, less)


def test_the_enumeration_cache_tells_groups_apart_by_their_numbers_values():
    """The same clue cells over other mines: groups of the same cells and numbers whose
    numbers show other values must not be taken for each other (a kept enumeration would then
    prove wrong cells)."""
    from mines.engine.groups import CaseAnalysis
    from mines.engine.presets import FULL
    from mines.puzzle.cache import CachedLayouts
    rnd = random.Random(3)
    w, h = 6, 4
    board = Board(w, h)
    cached = Solver(board, oracle=False)
    cached.cases = CaseAnalysis(cached, CachedLayouts)
    plain = Solver(board, oracle=False)
    cells = [board.index(x, y) for y in range(h) for x in range(w)]
    shown = rnd.sample(cells, 9)     # these cells show their numbers, whatever the mines
    hidden = [c for c in cells if c not in shown]
    decided = 0
    for trial in range(150):
        board.clear()
        mines = rnd.sample(hidden, rnd.randrange(len(hidden) // 4, len(hidden) // 2))
        for c in mines:
            board.add_mine(c)
        for sv in (cached, plain):
            sv.reset(len(mines))
            for c in shown:
                sv.give_clue(c, board.count[c])
            sv.solve(FULL)
        assert cached.st == plain.st, trial
        decided += not plain.unknown
    assert cached.cases.layouts.hits > 40 and 10 < decided < 140   # (4 slots at 6x4)


def _random_view(board, cells, rnd, mines, shown, *solvers):
    """Random mines (a count in ``mines``, lo..hi-1) and some safe cells shown (between
    1/shown[0] and shown[2]/shown[1] of them) to each solver, reset to the mine count."""
    board.clear()
    for c in rnd.sample(cells, rnd.randrange(*mines)):
        board.add_mine(c)
    safe = [c for c in cells if not board.mine[c]]
    view = rnd.sample(safe, rnd.randrange(len(safe) // shown[0], len(safe) * shown[2] // shown[1]))
    for sv in solvers:
        sv.reset(board.mines)
        for c in view:
            sv.give_clue(c, board.count[c])


def test_the_makers_case_analysis_proves_what_the_plain_one_proves():
    """mines.puzzle.cases.MakerCases (groups grown from the unknown cells, the totals by sums
    when no group's counts have a gap) proves the very cells CaseAnalysis proves, from random
    clues over random mines (many with the total count deciding, some with gapped groups)."""
    from mines.engine.presets import FULL
    from mines.puzzle.cases import MakerCases
    rnd = random.Random(5)
    sums = [0, 0]
    for w, h in ((7, 5), (9, 6)):
        board = Board(w, h)
        maker = Solver(board, oracle=False)
        maker.cases = MakerCases(maker)
        by_sums = maker.cases.by_sums

        def counted(*args):
            sums[0] += 1
            return by_sums(*args)

        maker.cases.by_sums = counted
        plain = Solver(board, oracle=False)
        cells = [board.index(x, y) for y in range(h) for x in range(w)]
        for trial in range(150):
            _random_view(board, cells, rnd, (len(cells) // 5, len(cells) // 2), (4, 4, 3), maker,
                         plain)
            for sv in (maker, plain):
                sv.solve(FULL)
            assert maker.st == plain.st, (w, h, trial)
            sums[1] += plain.unknown == 0
    assert sums[0] > 200 and 20 < sums[1] < 280, sums


def test_the_makers_case_analysis_sliced_fine_proves_what_the_plain_one_proves():
    """The same in thin slices (a few units each, as a busy frame leaves): a slice used up just
    as a part of the analysis starts (the interior's cells, the groups' collection) goes on
    there in the next slice instead of taking the part as done with nothing found."""
    from mines.engine.presets import FULL
    from mines.puzzle.cases import MakerCases
    from mines.engine.solver import RUNNING
    rnd = random.Random(11)
    board = Board(8, 6)
    maker = Solver(board, oracle=False)
    maker.cases = MakerCases(maker)
    plain = Solver(board, oracle=False)
    cells = [board.index(x, y) for y in range(6) for x in range(8)]
    decided = 0
    for trial in range(120):
        _random_view(board, cells, rnd, (10, 20), (2, 10, 9), maker, plain)
        plain.solve(FULL)
        maker.work = 0
        for status in maker.run(FULL, 1 + trial % 7):
            if status != RUNNING:
                break
            maker.work = 0
        assert maker.st == plain.st, trial
        decided += plain.unknown == 0
    assert 20 < decided < 110, decided


def test_the_same_as_a_plain_re_solve_per_removal():
    """The depth-first walk with truncations keeps exactly the clues that removing them one at
    a time in the same random order, re-solving from scratch each time, keeps. Hard's tests
    decided without an analysis are among them: by the state around the clue (``local``) and
    by a group past the analysis's bound (``big``)."""
    shortcuts = [0, 0]
    for w, h, seeds in ((7, 6, 4), (10, 8, 2)):
        m = PuzzleMaker(w, h)
        for level in LEVELS:
            for seed in range(seeds):
                m.begin(seed + 77, level)
                m.run()
                shortcuts[0] += m.local
                shortcuts[1] += m.big
                b = m.board
                order = list(m.cand[:w * h - b.mines])
                have = set(order)
                for c in order:
                    have.discard(c)
                    if not fresh_solve(b, have, level, m.mines):
                        have.add(c)
                assert have == set(clue_cells(m)), (w, h, level, seed)
    assert shortcuts[0] > 20 and shortcuts[1] > 5, shortcuts


def test_a_second_solution_found_without_solving_is_one():
    """``walk.second`` (and ``apart``) say a clue left out of a puzzle's clues leaves a second
    solution: the independent solver must find two. It must also find some (the maker keeps
    those clues without a solve), and the maker's puzzles are the plain re-solve's (above).
    (They look at the maker's solver: here set to the clues less one.)"""
    from mines.puzzle.walk import apart, second
    found = [0, 0]
    for w, h in ((7, 6), (9, 7)):
        m = PuzzleMaker(w, h)
        for level in LEVELS:
            for seed in range(6):
                m.begin(seed + 300, level)
                m.run()
                s = m.solver
                b = m.board
                total = 1 if level == P.HARD else 0
                clues = clue_cells(m)
                for c in clues:
                    s.reset(m.mines)
                    for d in clues:
                        if d != c:
                            s.give_clue(d, b.count[d])
                    if seed & 1:
                        s.solve(P.EASY)   # (any state of these clues: only they count)
                    r = second(m, c, total, 0, 1 << 28)
                    if r > 1:
                        r = apart(m, r - 2, -1, 1 << 28) == -2
                    clue = bytearray(m.clue)
                    clue[c] = 0
                    n, _ = count_solutions(w, h, P.view_rows(b, clue),
                                           m.mines if total else None)
                    found[0] += r
                    found[1] += n > 1
                    assert not r or n > 1, (w, h, level, seed, c)
                assert m.twins <= m.clues
    # Most leaves left out have a second solution of this kind (the rest need a solve).
    assert found[0] > found[1] // 2 > 20, found


def test_slices_are_bounded_progress_rises_and_abandoning_changes_nothing():
    rnd = random.Random(5)
    m = PuzzleMaker(20, 15)
    clean = PuzzleMaker(20, 15)
    for level in LEVELS:
        for seed in range(2):
            # An abandoned puzzle first: the next one must not notice.
            m.begin(rnd.randrange(1 << 30), rnd.choice(LEVELS))
            for _ in range(rnd.randrange(1, 200)):
                if m.step():
                    break
            m.begin(seed, level)
            last = 0
            steps = 0
            while not m.step():
                steps += 1
                assert m.slice_work <= PuzzleMaker.MAX_SLICE_UNITS
                assert last <= m.progress <= 99
                last = m.progress
            assert m.progress == 100 and steps > 10
            assert m.max_slice <= PuzzleMaker.MAX_SLICE_UNITS
            clean.begin(seed, level)
            clean.run()
            assert rows_and_solution(m) == rows_and_solution(clean)
    # Hard's case analysis has the largest indivisible pieces: more seeds of it (3, 5 and 14
    # once charged 377 to 438 units to one step), and the bound fits the midend's runner.
    from mines.engine.generator import Generator
    assert PuzzleMaker.MAX_SLICE_UNITS <= Generator.MAX_SLICE_UNITS
    for seed in range(2, 16):
        clean.begin(seed, P.HARD)
        clean.run()
        assert clean.max_slice <= PuzzleMaker.MAX_SLICE_UNITS, (seed, clean.max_slice)


def test_same_seed_same_puzzle_other_seed_other_puzzle_and_bad_parameters():
    a = PuzzleMaker(9, 7)
    a.begin(12345, P.MEDIUM)
    a.run()
    b = PuzzleMaker(9, 7)
    b.begin(12345, P.MEDIUM)
    b.run()
    assert rows_and_solution(a) == rows_and_solution(b)
    b.begin(12346, P.MEDIUM)
    b.run()
    assert rows_and_solution(a) != rows_and_solution(b)
    for w, h in ((4, 5), (21, 5), (5, 16)):
        with pytest.raises(ValueError, match="must be"):
            PuzzleMaker(w, h)
    for seed, level in ((-1, 0), (1 << 30, 0), (0, 3)):
        with pytest.raises(ValueError, match="must be"):
            a.begin(seed, level)
    # (the maker repeats play's levels and limits, so that making a puzzle loads no play)
    from mines.puzzle import deal, maker
    assert (maker.EASY, maker.MEDIUM, maker.HARD) == (P.EASY, P.MEDIUM, P.HARD)
    assert (deal._SEED_BITS, deal._MIN_SIDE, deal._MIN_SIDE, deal._MAX_WIDTH,
            deal._MAX_HEIGHT) == (P.SEED_BITS, P.MIN_WIDTH, P.MIN_HEIGHT, P.MAX_WIDTH,
                                  P.MAX_HEIGHT)


def test_a_maker_without_the_analysis_makes_the_same_puzzles_and_loads_none_of_it():
    """The game's maker for Easy and Medium makes no case analysis (``analysis`` False: Hard's
    code and buffers stay out of the heap): the same puzzles and final solves; a Hard begin
    makes the analysis then, and the same Hard puzzle as a maker that had it from the start."""
    lean = PuzzleMaker(12, 9, analysis=False)
    full = PuzzleMaker(12, 9)
    assert lean.solver.cases is None and full.solver.cases is not None
    for seed, level in ((5, P.EASY), (6, P.MEDIUM), (7, P.HARD), (8, P.MEDIUM)):
        for m in (lean, full):
            m.begin(seed, level)
            m.run()
            check_puzzle(m)
        assert rows_and_solution(lean) == rows_and_solution(full)
        s, t = lean.solver, full.solver
        assert s.order == t.order and s.why == t.why and s.src == t.src and s.src2 == t.src2
        assert (lean.solver.cases is None) == (level != P.HARD and seed < 7), (seed, level)
    # Under micropython, the lean maker's Easy and Medium puzzles import none of the analysis,
    # and no puzzle imports play (its levels and limits are repeated in the maker).
    script = (
        "import sys\n"
        "sys.path.insert(0, %r)\n"
        "from mines.puzzle.maker import PuzzleMaker\n"
        "m = PuzzleMaker(10, 7, False)\n"
        "for level in (0, 1, 2):\n"
        "    m.begin(3, level); m.run()\n"
        "    print(level, sorted(k for k in sys.modules if k.endswith(\n"
        "        ('groups', 'layouts', 'totals', 'cache', 'cases', 'play'))))\n" % engine_util.MP_LIB)
    r = micropython(["-c", script])
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split("\n")[:3] == [
        "0 []", "1 []", "2 ['mines.engine.groups', 'mines.engine.layouts', "
        "'mines.puzzle.cache', 'mines.puzzle.cases']"], r.stdout


def test_the_games_maker_deals_first_makes_the_same_puzzles_and_lets_the_deal_go():
    """The game's maker (``deal_first``) makes the walk's parts and Hard's analysis once the
    mines and clues are dealt, and lets the deal's code go then where modules are let go
    (micropython): the same puzzles and final solves as a maker that had them from the
    start."""
    first = PuzzleMaker(12, 9, False, True)
    full = PuzzleMaker(12, 9)
    assert first.solver.cases is None and first.promoted is None
    for seed, level in ((5, P.HARD), (6, P.MEDIUM), (7, P.EASY), (8, P.HARD)):
        for m in (first, full):
            m.begin(seed, level)
            m.run()
            check_puzzle(m)
        assert rows_and_solution(first) == rows_and_solution(full)
        s, t = first.solver, full.solver
        assert s.order == t.order and s.why == t.why and s.src == t.src and s.src2 == t.src2
        assert first.solver.cases is not None and first.promoted is None
    script = (
        "import sys\n"
        "sys.path.insert(0, %r)\n"
        "from mines.puzzle.maker import PuzzleMaker\n"
        "for w, h, level in ((20, 15, 2), (8, 6, 1)):\n"
        "    a = PuzzleMaker(w, h, level == 2, True)\n"
        "    a.begin(4, level); a.step()\n"
        "    print('mines.puzzle.deal' in sys.modules, a.promoted is None)\n"
        "    a.run(); gone = 'mines.puzzle.deal' not in sys.modules\n"
        "    b = PuzzleMaker(w, h); b.begin(4, level); b.run()\n"
        "    print(gone, a.clue == b.clue, a.clues)\n"
        "    a = b = None\n"
        % engine_util.LIB)
    r = micropython(["-c", script], heap="512K")
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.split("\n")
    assert lines[0] == lines[2] == "True True", r.stdout   # dealing: no walk's parts yet
    assert lines[1].startswith("True True ") and lines[3].startswith("True True "), r.stdout


def test_codes_round_trip_and_refuse_board_codes_and_typos():
    from mines.engine import codes
    for w, h, level, seed in ((5, 5, 0, 0), (20, 15, 2, (1 << 30) - 1), (12, 10, 1, 987654)):
        text = P.encode_code(w, h, level, seed)
        assert len(text) == 10
        assert P.decode_code(text) == (w, h, level, seed)
        assert P.decode_code(text.lower()) == (w, h, level, seed)
        bad = text[:3] + ("0" if text[3] != "0" else "1") + text[4:]
        with pytest.raises(ValueError) as e:
            P.decode_code(bad)
        assert "mistyped" in str(e.value) or "not a puzzle code" in str(e.value)
    board_code = codes.encode(((codes.TYPE_BOARD, 2), (5, 5), (123, 35)))
    with pytest.raises(ValueError, match="board code"):
        P.decode_code(board_code)


def _run(interp, args, **kw):
    if interp == "micropython":
        return micropython([TOOL] + args, heap="2M", **kw)
    return subprocess.run([sys.executable, TOOL] + args, cwd=ROOT, capture_output=True,
                          text=True, **kw)


def test_puzzle_py_prints_identical_lines_under_cpython_and_micropython():
    runs = [["--width", "6", "--height", "5", "--seed", "5", "--count", "3"],
            ["--width", "12", "--height", "10", "--seed", "77", "--count", "2", "--level",
             "medium"],
            ["--width", "20", "--height", "15", "--seed", "9", "--level", "hard"]]
    for args in runs:
        cp = _run("cpython", args)
        mp = _run("micropython", args)
        assert cp.returncode == 0 and mp.returncode == 0, cp.stderr + mp.stderr
        assert cp.stdout == mp.stdout and cp.stdout
        lines = cp.stdout.splitlines()
        assert len(lines) == int(args[args.index("--count") + 1]) if "--count" in args else 1
        for line in lines:
            p = json.loads(line)
            assert list(p) == ["w", "h", "level", "view", "solution", "code"]
            w, h = p["w"], p["h"]
            assert p["level"] == (args[args.index("--level") + 1] if "--level" in args
                                  else "easy")
            assert len(p["view"]) == h and all(len(r) == w for r in p["view"])
            assert len(p["solution"]) == w * h and set(p["solution"]) <= set("*.")
            mines = {(k % w, k // w) for k, ch in enumerate(p["solution"]) if ch == "*"}
            for y, row in enumerate(p["view"]):
                for x, ch in enumerate(row):
                    if ch != "#":
                        assert (x, y) not in mines
                        assert int(ch) == sum(1 for c in engine_util.neighbours(w, h, x, y)
                                              if c in mines)
            # The code makes the same puzzle again, on the other interpreter too.
            again = _run("micropython", ["--code", p["code"]])
            assert again.returncode == 0 and again.stdout.strip() == line


def test_puzzle_py_fails_like_a_unix_tool():
    bad = [["--width", "4", "--height", "5", "--seed", "1"],
           ["--width", "8", "--height", "8"],
           ["--width", "8", "--height", "x", "--seed", "1"],
           ["--width", "8", "--height", "8", "--seed", "1", "--level", "expert"],
           ["--width", "8", "--height", "8", "--seed", "1", "--count", "0"],
           ["--width", "8", "--height", "8", "--seed", "-3"],
           ["--code", "12345"],
           ["--code", "9H800000R4", "--seed", "3"],
           ["--frobnicate", "1"],
           ["--width"]]
    for args in bad:
        r = _run("cpython", args)
        assert r.returncode == 2 and not r.stdout, args
        err = r.stderr.splitlines()
        assert len(err) == 1 and err[0].startswith("puzzle.py: "), (args, r.stderr)
    h = _run("cpython", ["--help"])
    assert h.returncode == 0
    for opt in ("--width", "--height", "--seed", "--level", "--count", "--code", "--help"):
        assert opt in h.stdout
    # A reader that leaves early (| head -1): no traceback; one line and status 1 (issue 19).
    for interp in ("cpython", "micropython"):
        exe = [sys.executable] if interp == "cpython" else [engine_util.MICROPYTHON]
        p = subprocess.Popen(exe + [TOOL, "--width", "8", "--height", "8", "--seed", "1",
                                    "--count", "400"], cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        first = p.stdout.readline()
        p.stdout.close()
        err = p.stderr.read()
        p.wait(timeout=120)
        assert json.loads(first)["w"] == 8
        assert err == b"puzzle.py: cannot write the output: Broken pipe\n" and p.returncode == 1, err


def test_full_screen_hard_in_a_device_sized_heap_allocates_little():
    script = (
        "import sys, gc\n"
        "sys.path.insert(0, %r)\n"
        # as the game imports: its packages at start (they stay), then the biggest modules
        # first, collected between (compiling a .py leaves its garbage in the heap)
        "import mines.engine, mines.puzzle; gc.collect()\n"
        "import mines.engine.groups; gc.collect()\n"
        "import mines.engine.solver; gc.collect()\n"
        "from mines.puzzle.maker import PuzzleMaker\n"
        "gc.collect()\n"
        "m = PuzzleMaker(20, 15)\n"
        "m.begin(0, 2); m.run()\n"
        "worst = [0, 0]\n"
        "for seed in range(1, 4):\n"
        "    gc.collect(); gc.disable(); a = gc.mem_alloc()\n"
        "    m.begin(seed, seed %% 3)\n"
        "    b = gc.mem_alloc(); m.run(); c = gc.mem_alloc(); gc.enable()\n"
        "    worst = [max(worst[0], b - a), max(worst[1], c - b)]\n"
        "print('ok', worst[0], worst[1])\n" % engine_util.MP_LIB)
    r = micropython(["-c", script], heap="96K")
    assert r.returncode == 0, r.stdout + r.stderr
    ok, begin, run = r.stdout.split()
    # A puzzle: the job's generator frames (about 600 bytes; the deal's, ``_deal``, goes once
    # the mines are laid), a few small blocks inside the solver, and the final solve's runner
    # (another frame), its ``src`` and ``src2`` (each made from a bytes of its size: 8 bytes a
    # padded cell, 2,992; its ``why`` is the walk's ``src``, the puzzle's ``clue`` a state
    # copy's bytes). begin() makes again what the last final solve let go of (the walk's parts:
    # the state copies, 2.3K, the promoted clues, its ``src``), the runners and the job (frames
    # of a 64-bit VM: about 1K each).
    assert ok == "ok" and int(run) <= 3072 + 2304, run
    assert int(begin) <= 8192, begin


def test_bench_puzzle_cpython_part_runs_and_writes_its_json(tmp_path):
    """tools/bench_puzzle.py without the valgrind part: the table and the JSON's fields."""
    out = tmp_path / "b.json"
    r = subprocess.run([sys.executable, os.path.join("tools", "bench_puzzle.py"), "--seeds", "2",
                        "--no-devtime", "--json", str(out)], cwd=ROOT, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "### Puzzles (CPython)" in r.stdout
    res = json.loads(out.read_text())
    keys = [c["key"] for c in res["configs"]]
    assert keys == ["%dx%d-%s" % (w, h, lv) for _, w, h in P.SIZES for lv in presets.LEVEL_WORDS]
    for c in res["configs"]:
        s = c["cpython"]
        assert s["verified"] == s["puzzles"] == 2
        assert 0 < s["work"]["median"] <= s["work"]["max"]
        assert s["max_slice"]["max"] <= PuzzleMaker.MAX_SLICE_UNITS
