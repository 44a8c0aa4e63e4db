"""Solving from a player's view (numbers shown, cells covered): ``tools/solve.py`` and, later,
hints and the pen-and-paper mode."""

from mines.board import Board
from mines.solver import MINE, Solver


def solve_view(width, height, rows, level, total_mines=-1):
    """Prove what a player's view allows: ``rows`` are ``height`` strings of ``width`` chars,
    '#' covered, '0'-'8' an open number, 'F' or '*' a known mine. Returns (safe, mine): lists of
    (x, y) of the covered cells proven safe and proven mines, applying deductions until nothing
    changes. Raises ValueError with a readable message on a malformed view."""
    if len(rows) != height or any(len(r) != width for r in rows):
        raise ValueError("view must be %d rows of %d characters" % (height, width))
    board = Board(width, height)
    solver = Solver(board, oracle=False)
    solver.reset(total_mines)
    for y in range(height):
        for x in range(width):
            ch = rows[y][x]
            i = board.index(x, y)
            if "0" <= ch <= "8":
                solver.give_clue(i, ord(ch) - 48)
            elif ch in "F*":
                solver.mark_mine(i)
            elif ch != "#":
                raise ValueError("view cell (%d, %d) is %r: use '#', '0'-'8' or 'F'" % (x, y, ch))
    given = solver.nknown
    solver.solve(level)
    safe = []
    mine = []
    for k in range(given, solver.nknown):
        c = solver.order[k]
        cell = (board.x_of(c), board.y_of(c))
        if solver.st[c] == MINE:
            mine.append(cell)
        else:
            safe.append(cell)
    safe.sort()
    mine.sort()
    return safe, mine
