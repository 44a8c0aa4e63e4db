"""Board kinds: Random boards are uniform away from the safe opening; a Kind board's guess never
loses while no safe cell was provable, and the board it leaves agrees with every number shown."""

import random

from view_util import forced, random_view

from mines.engine.board import Board
from mines.engine.game import COVERED, OPEN, PRIMARY, Game
from mines.help.hints import MODE_SAFE, Hinter
from mines.engine.kinds import Rescue, random_layout
from mines.engine.view_text import is_mine, number, parse_view


def test_random_boards_are_uniform_away_from_the_opening():
    """Chi-square over every cell outside the start's 3x3 area: 4000 boards of 9x9 with 10
    mines, start fixed at (4, 4), so each of the 72 cells holds a mine with p = 10/72."""
    b = Board(9, 9)
    hits = [0] * 81
    n = 4000
    for seed in range(n):
        assert random_layout(b, 10, seed, (4, 4)) == (4, 4)
        assert b.mines == 10
        for y in range(9):
            for x in range(9):
                if is_mine(b, x, y):
                    assert max(abs(x - 4), abs(y - 4)) > 1
                    hits[y * 9 + x] += 1
    cells = [k for k in range(81) if max(abs(k % 9 - 4), abs(k // 9 - 4)) > 1]
    expect = n * 10 / 72
    chi2 = sum((hits[k] - expect) ** 2 / expect for k in cells)
    # 71 degrees of freedom: the 99.9th percentile is about 112.
    assert chi2 < 112, chi2
    # The start comes from the seed when not given, the same way every time.
    assert random_layout(b, 10, 5) == random_layout(b, 10, 5)


def _game_from(w, h, rows, mines):
    """A Game whose layout is ``mines`` and whose view is ``rows`` ('F' flags, '*' blown)."""
    b = Board(w, h)
    for (x, y) in mines:
        b.add_mine(b.index(x, y))
    g = Game(w, h)
    g.new(b, lives=5)
    _, shown = parse_view(w, h, rows)
    g.shown[:] = shown
    return g, b


def _mercy(g, cell, steps):
    """The in-game path: the rescue of an open of ``cell`` (mines.help.mercy_job), stepped
    as the midend's runner steps it, the frontier's work units of every step appended to
    ``steps``. Returns the job (``saved``: the board was changed so that the cell is safe)."""
    from mines.help.hint_job import HintJob
    from mines.help.mercy_job import MercyJob
    job = MercyJob(HintJob(g))
    job.begin(OPEN << 12 | cell)   # (a flagged cell too: the rescue does not mind)
    while True:
        f = job.job.hinter.frontier
        before = f.work if f is not None and job.rescue is not None else None
        done = job.step()
        if before is not None:
            steps.append(f.work - before)
        if done:
            job.saved = job.job.saved
            return job


def test_a_kind_guess_never_loses_while_no_safe_cell_was_provable():
    """Through the game's job (the rescue sliced between frames): a guess made while no covered
    cell is provably safe is never a loss, unless the cell is a proven mine (then it is no
    guess); the board left agrees with every number shown and the total; and no step of the
    rescue does more than its slice (``RESCUE_UNITS``, plus one enumeration node or cell's
    work past the check, plus ``APPLY_UNIT`` per cell changed in its last step)."""
    from mines.help.mercy_job import RESCUE_UNITS
    from mines.engine.kinds import APPLY_UNIT
    OVER = 180   # a step stops at the first check past its units (the frontier checks every 16 cells)
    rnd = random.Random(5)
    rescued = refused = 0
    steps = []
    for _ in range(3000):
        w, h, rows, total, mines = random_view(rnd)
        covered = [(x, y) for y in range(h) for x in range(w) if rows[y][x] in "#F"]
        if not covered or len(covered) > 13:
            continue
        g, b = _game_from(w, h, rows, mines)
        hinter = Hinter(w, h)
        hinter.begin(g.shown, total, mode=MODE_SAFE)
        hinter.run()
        if hinter.cell >= 0:
            continue   # a safe cell was provable: no mercy is owed
        x, y = rnd.choice(covered)
        cell = b.index(x, y)
        was_mine = b.mine[cell]
        if not was_mine:
            continue   # (the game asks for mercy only when the open would find a mine)
        mine_steps = []
        job = _mercy(g, cell, mine_steps)
        if mine_steps:   # (none when the hinter found the view inconsistent)
            assert max(mine_steps[:-1] or [0]) <= RESCUE_UNITS + OVER, mine_steps
            assert mine_steps[-1] <= RESCUE_UNITS + OVER + APPLY_UNIT * job.rescue.moved
        steps += mine_steps
        if (x, y) in forced(w, h, rows, total)[1]:
            # Opening a proven mine is no guess: no layout can save it, none is made.
            assert not job.saved and b.mine[cell] and b.mines == total
            refused += 1
            continue
        assert job.saved, (rows, total, (x, y))
        assert not b.mine[cell] and b.mines == total
        # Every number shown still holds, and blown mines stay.
        for yy in range(h):
            for xx in range(w):
                ch = rows[yy][xx]
                if ch.isdigit():
                    assert number(b, xx, yy) == int(ch), (rows, (xx, yy))
                elif ch == "*":
                    assert is_mine(b, xx, yy)
        rescued += 1
        # Opening it now cannot lose.
        if g.shown[cell] == COVERED:
            assert g.execute(g.decide(PRIMARY, x, y)) >= 0
    assert rescued > 100 and refused > 10, (rescued, refused)
    assert len(steps) > 2 * rescued   # sliced: most rescues take several steps


def test_mercy_keeps_the_numbers_and_the_count():
    # Two 1s share the covered pair (1,0), (1,1); one mine in all, under (1,0): a guess there
    # moves it to (1,1), the only other place the numbers allow.
    rows = ["1#", "1#"]
    g, b = _game_from(2, 2, rows, {(1, 0)})
    r = Rescue(b)
    r.begin(g, b.index(1, 0))
    assert r.run() and r.moved == 2
    assert not is_mine(b, 1, 0) and is_mine(b, 1, 1) and b.mines == 1
