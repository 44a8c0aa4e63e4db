"""The solver against brute-force enumeration, and its known patterns."""

import random

import engine_util  # noqa: F401  (puts lib/ on sys.path)
from engine_util import brute_force, neighbours

from mines import presets
from mines.groups import MAX_GROUP
from mines.views import solve_view


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
        try:
            solve_view(2, 2, rows, presets.FULL)
        except ValueError as e:
            assert "view" in str(e)
        else:
            raise AssertionError("accepted %r" % (rows,))


def test_groups_repeats_the_solvers_cell_states():
    from mines import groups, layouts, solver
    assert (groups.UNK, groups.NUM, groups.CHANGED) == (solver.UNK, solver.NUM, solver.CHANGED)
    assert layouts.NUM == solver.NUM


def test_perturb_repeats_the_solvers_cell_states():
    from mines import perturb, solver
    assert (perturb.UNK, perturb.NUM, perturb.MINE, perturb.PICKED) == (
        solver.UNK, solver.NUM, solver.MINE, solver.PICKED)
    assert not solver.PICKED & solver.ALL_FLAGS   # a bit of its own


def test_group_buffers_hold_the_most_groups_a_board_can_have():
    """The case analysis (its layouts' masks too) and the frontier keep a group's entries in
    one slot per two cells of the board, as a group has a number of its own besides its cells.
    A 4x1 row - covered, 1, 1, covered - has two groups in four cells, the most that allows:
    one slot fewer and these raise IndexError."""
    from mines.board import Board
    from mines.frontier import Frontier
    from mines.game import COVERED
    from mines.groups import CaseAnalysis
    from mines.solver import MINE, Solver

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
