"""The solver against brute-force enumeration, and its known patterns."""

import random

import pytest

import engine_util  # noqa: F401  (puts lib/ on sys.path)
from engine_util import brute_force, neighbours

from mines.engine import presets
from mines.engine.groups import MAX_GROUP
from mines.engine.view_text import solve_view


def random_position(rnd):
    """A small board with random mines and a random set of open numbers."""
    w = rnd.randint(2, 6)
    h = rnd.randint(2, 5)
    cells = [(x, y) for y in range(h) for x in range(w)]
    mines = set(rnd.sample(cells, rnd.randint(1, max(1, len(cells) // 3))))
    p = rnd.random()
    rows = []
    for y in range(h):
        row = ""
        for x in range(w):
            if (x, y) not in mines and rnd.random() < p:
                row += str(sum(1 for c in neighbours(w, h, x, y) if c in mines))
            else:
                row += "#"
        rows.append(row)
    return w, h, rows, len(mines)


def test_every_level_is_sound_and_full_is_complete_against_brute_force():
    rnd = random.Random(2026)
    checked = 0
    found = [0, 0, 0]
    while checked < 3000:
        w, h, rows, total = random_position(rnd)
        covered = sum(r.count("#") for r in rows)
        if covered > 15:   # keep brute force quick; also every group is within MAX_GROUP
            continue
        assert covered <= MAX_GROUP
        truth = brute_force(w, h, rows, total)
        assert truth is not None   # made from a real layout
        checked += 1
        for level in (presets.SINGLE, presets.PAIRS, presets.FULL):
            safe, mine = solve_view(w, h, rows, level, total)
            assert set(safe) <= set(truth[0]), (level, rows, total, safe, truth)
            assert set(mine) <= set(truth[1]), (level, rows, total, mine, truth)
            found[level] += len(safe) + len(mine)
            if level == presets.FULL:
                assert (safe, mine) == truth, (rows, total, safe, mine, truth)
    # Each level proves strictly more than the one below over this many positions.
    assert found[0] < found[1] < found[2]


def test_pairs_without_the_mine_count_are_sound_on_larger_views():
    """Bigger views than brute force can take: pairs level must agree with full's proofs."""
    rnd = random.Random(7)
    for _ in range(300):
        w, h, rows, total = random_position(rnd)
        s1, m1 = solve_view(w, h, rows, presets.PAIRS, -1)
        s2, m2 = solve_view(w, h, rows, presets.FULL, total)
        assert set(s1) <= set(s2) and set(m1) <= set(m2)


def test_single_rule_patterns():
    # A 1 with one covered neighbour: that one is a mine.
    assert solve_view(2, 1, ["1#"], presets.SINGLE) == ([], [(1, 0)])
    # A 0: every neighbour is safe.
    assert solve_view(3, 1, ["#0#"], presets.SINGLE) == ([(0, 0), (2, 0)], [])


def test_one_two_one_needs_pairs():
    # The classic 1-2-1 against a wall of covered cells: mines under the 1s, the middle safe.
    rows = ["###", "121"]
    assert solve_view(3, 2, rows, presets.SINGLE) == ([], [])
    assert solve_view(3, 2, rows, presets.PAIRS) == ([(1, 0)], [(0, 0), (2, 0)])


def test_one_one_x_needs_pairs():
    # 1-1 at the edge: the third cell along is safe.
    rows = ["###", "11#"]
    safe, mine = solve_view(3, 2, rows, presets.PAIRS)
    assert (2, 0) in safe and (2, 1) in safe


def test_mine_count_needs_full():
    # The 1 holds one mine between its two covered neighbours; with one mine in all, the cell
    # touching no number is safe. Only the full level uses the total.
    rows = ["#1##"]
    assert solve_view(4, 1, rows, presets.PAIRS, 1) == ([], [])
    assert solve_view(4, 1, rows, presets.FULL, 1) == ([(3, 0)], [])
    # With two mines in all, it is a mine.
    assert solve_view(4, 1, rows, presets.FULL, 2) == ([], [(3, 0)])
    # A true 50/50 stays unproven.
    assert solve_view(4, 1, rows, presets.FULL, 1)[1] == []


def test_malformed_view_is_a_clear_error():
    for rows in (["#"], ["#x"], ["##", "#"]):
        with pytest.raises(ValueError, match="view"):
            solve_view(2, 2, rows, presets.FULL)


def test_groups_repeats_the_solvers_cell_states():
    from mines.engine import groups, layouts, solver
    assert (groups.UNK, groups.NUM, groups.CHANGED) == (solver.UNK, solver.NUM, solver.CHANGED)
    assert layouts.NUM == solver.NUM


def test_perturb_repeats_the_solvers_cell_states():
    from mines.engine import perturb, solver
    assert (perturb.UNK, perturb.NUM, perturb.MINE, perturb.PICKED) == (
        solver.UNK, solver.NUM, solver.MINE, solver.PICKED)
    assert not solver.PICKED & solver.ALL_FLAGS   # a bit of its own


def test_the_state_past_the_board_stays_wall_through_reset_solve_and_moves():
    """``Solver.st`` past the board's last cell (where a pair partner past the border ring is
    read) is WALL from the start and is never written: ``reset`` leaves it as it is."""
    from mines.engine import solver
    from mines.engine.generator import Generator
    g = Generator(16, 16)
    s = g.solver
    tail = bytes(s.st[s.size:])
    assert tail == bytes((solver.WALL,)) * (len(s.st) - s.size)
    for seed in range(6):
        g.begin(99 if seed % 2 else 40, seed)   # dense ones move mines, revise and restart
        g.run()
        assert not g.failed and bytes(s.st[s.size:]) == tail
        s.reset(40)
        assert bytes(s.st[s.size:]) == tail


def test_mu_packs_the_known_mines_and_unknown_cells_around_each_cell():
    """``Solver.mu`` is known mines << 4 | unknown cells among the 8 neighbours, at every
    slice of a generation: through solving, the moves' revisions and restarts."""
    from mines.engine import solver
    from mines.engine.generator import Generator
    g = Generator(9, 9)
    s = g.solver
    b = s.board
    inside = [b.index(x, y) for y in range(9) for x in range(9)]
    slices = moved = 0
    for seed in range(4):
        g.begin(35 if seed % 2 else 10, seed)   # Crowded moves mines, revises and restarts
        while not g.step():
            slices += 1
            for c in inside:
                around = [s.st[c + d] for d in s.offsets]
                assert s.mu[c] == around.count(solver.MINE) << 4 | around.count(solver.UNK), (
                    seed, c)
        moved += g.perturbations
    assert slices > 50 and moved


def test_the_pair_rules_tables_follow_from_the_geometry():
    """``Solver.poffs`` lists the 24 cells within 2 of a number, row by row; ``share_a[j]``
    which of the number's 8 neighbours (bit k: ``offsets[k]``) touch the j-th, ``share_b[j]``
    which of the j-th's touch the number."""
    from mines.engine.board import Board
    from mines.engine.solver import Solver
    for w in (5, 9, 30):
        b = Board(w, 5)
        s = Solver(b)
        stride = b.stride
        near = [(dx, dy) for dy in range(-2, 3) for dx in range(-2, 3) if dx or dy]
        assert list(s.poffs) == [dy * stride + dx for dx, dy in near]
        eight = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
        assert list(b.offsets) == [dy * stride + dx for dx, dy in eight]
        for j, (dx, dy) in enumerate(near):
            a = sum(1 << k for k, (x, y) in enumerate(eight)
                    if max(abs(x - dx), abs(y - dy)) == 1)
            bb = sum(1 << k for k, (x, y) in enumerate(eight)
                     if max(abs(x + dx), abs(y + dy)) == 1)
            assert (s.share_a[j], s.share_b[j]) == (a, bb), (w, j)


def test_group_buffers_hold_the_most_groups_a_board_can_have():
    """The case analysis (its layouts' masks too) and the frontier keep a group's entries in
    one slot per two cells of the board, as a group has a number of its own besides its cells.
    A 4x1 row - covered, 1, 1, covered - has two groups in four cells, the most that allows:
    one slot fewer and these raise IndexError."""
    from mines.engine.board import Board
    from mines.engine.frontier import Frontier
    from mines.engine.game import COVERED
    from mines.engine.groups import CaseAnalysis
    from mines.engine.solver import MINE, Solver

    b = Board(4, 1)
    s = Solver(b, oracle=False)
    s.reset(2)
    s.give_clue(b.index(1, 0), 1)
    s.give_clue(b.index(2, 0), 1)
    cases = CaseAnalysis(s)
    found = None
    while found is None:
        found = cases.step(1 << 20)
    assert found and cases.ngroups == 2
    assert s.st[b.index(0, 0)] == MINE and s.st[b.index(3, 0)] == MINE
    shown = bytearray(b.size)
    shown[b.index(0, 0)] = shown[b.index(3, 0)] = COVERED
    shown[b.index(1, 0)] = shown[b.index(2, 0)] = 1
    f = Frontier(b)
    f.begin(shown, 2)
    f.run()
    assert f.error is None and f.ngroups == 2 and f.exact
    assert [f.layouts(g, k) for g in range(2) for k in range(2)] == [0, 1, 0, 1]


def _reference_solve(s, level):
    """The single and pair rules as first written (every one of the 24 partners tried in order,
    each cell learned by ``_learn``): ``Solver.run`` must make the same deductions in the same
    order, from the same numbers."""
    from mines.engine.solver import (CHANGED, PAIR_QUEUED, UNK, NUM, WHY_SINGLE, WHY_PAIR)
    while True:
        while s.sp:
            s.sp -= 1
            a = s.stack[s.sp]
            s.flags[a] = (s.flags[a] & PAIR_QUEUED) | CHANGED
            u = s.mu[a] & 15
            if not u:
                continue
            r = s.clue[a] - (s.mu[a] >> 4)
            if r == 0 or r == u:
                for d in s.offsets:
                    if s.st[a + d] == UNK:
                        s._learn(a + d, r != 0, WHY_SINGLE, a, a)
            elif level >= presets.PAIRS and not s.flags[a] & PAIR_QUEUED:
                s.flags[a] |= PAIR_QUEUED
                s.pstack[s.psp] = a
                s.psp += 1
        if not s.unknown or not s.psp:
            return
        s.psp -= 1
        a = s.pstack[s.psp]
        s.flags[a] &= ~PAIR_QUEUED
        ua = s.mu[a] & 15
        if not ua:
            continue
        ra = s.clue[a] - (s.mu[a] >> 4)
        mask = sum(1 << k for k in range(8) if s.st[a + s.offsets[k]] == UNK)
        for j in range(24):
            b = a + s.poffs[j]
            if s.st[b] != NUM or not s.mu[b] & 15 or not mask & s.share_a[j]:
                continue
            sh = bin(mask & s.share_a[j]).count("1")
            rb = s.clue[b] - (s.mu[b] >> 4)
            only_a = ua - sh
            only_b = (s.mu[b] & 15) - sh
            lo = max(ra - only_a, rb - only_b, 0)
            hi = min(sh, ra, rb)
            if only_a and (ra == lo or ra - hi == only_a):
                c, shared, is_mine = a, s.share_a[j], ra != lo
            elif only_b and (rb == lo or rb - hi == only_b):
                c, shared, is_mine = b, s.share_b[j], rb != lo
            else:
                continue
            for k in range(8):
                n = c + s.offsets[k]
                if s.st[n] == UNK and not shared >> k & 1:
                    s._learn(n, is_mine, WHY_PAIR, a, b)
            break


def _deductions(s):
    cells = list(s.order[:s.nknown])
    return (cells, [s.why[c] for c in cells], [s.src[c] for c in cells],
            [s.src2[c] for c in cells], [s.st[c] for c in cells])


def test_pair_rule_walk_makes_the_deductions_of_the_plain_partner_loop():
    """``Solver.run`` tries only the partners next to one of a number's unknown cells (a mask
    of them, walked lowest bit first): the same deductions, in the same order, as trying all 24
    in order, on sweeper boards (oracle) and on views of given clues, at levels single and pairs."""
    from mines.engine.board import Board
    from mines.engine.solver import Solver
    rnd = random.Random(10)
    fired = 0
    for trial in range(1000):
        w = rnd.randint(5, 16)
        h = rnd.randint(5, 12)
        mines = rnd.sample(range(w * h), rnd.randint(w * h // 8, w * h // 4))
        oracle = trial % 2 == 0
        solvers = []
        for _ in range(2):
            board = Board(w, h)
            for m in mines:
                board.add_mine(board.index(m % w, m // w))
            solvers.append(Solver(board, oracle=oracle))
        level = presets.PAIRS if trial % 3 else presets.SINGLE
        free = [i for i in range(w * h) if i not in mines]
        clues = rnd.sample(free, len(free) // 2)
        for s in solvers:
            s.reset()
            b = s.board
            if oracle:
                s.open(b.index(clues[0] % w, clues[0] // w))
            else:
                for i in clues:
                    c = b.index(i % w, i // w)
                    s.give_clue(c, b.count[c])
        solvers[0].solve(level)
        _reference_solve(solvers[1], level)
        got = _deductions(solvers[0])
        assert got == _deductions(solvers[1]), (trial, w, h)
        fired += got[1].count(2)   # WHY_PAIR
    assert fired > 100   # the pair rule had work to do


def test_a_solver_takes_a_given_when_and_makes_its_lists_zeroed():
    """``when=``: the buffer becomes ``when`` (the hinter's own solver gives its spare array
    instead of a byte a cell it would throw away); the lists of cells (made from a view of
    the fresh ``mu``, not from a copy of bytes) are array('H') zeros, a cell each."""
    from array import array
    from mines.engine.board import Board
    from mines.engine.solver import Solver
    b = Board(30, 24)
    spare = array("H", bytes(2 * b.size))
    s = Solver(b, oracle=False, packed=True, narrow=True, when=spare)
    assert s.when is spare
    wide = Solver(b)
    for solver in (s, wide):
        for a in (solver.stack, solver.pstack, solver.order):
            assert a.typecode == "H" and len(a) == 30 * 24 and not any(a)
    assert type(s.src) is bytearray and len(s.src) == b.size
    for a in (wide.when, wide.src, wide.src2):
        assert a.typecode == "H" and len(a) == b.size and not any(a)
