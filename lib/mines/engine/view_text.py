"""Players' views as text, for ``tools/solve.py`` and the tests: parsing them into the game's tile
bytes, and proving what they allow.

A view is ``height`` strings of ``width`` characters: '#' covered, '0'-'8' an open number, 'F' a
player's flag (not trusted: deductions use the numbers alone), '*' a known mine (one the game
revealed, as a mine blown with a life to spare).
"""

from mines.engine.board import Board
from mines.engine.game import BLOWN, COVERED, FLAG
from mines.engine.solver import MINE, Solver


def parse_view(width, height, rows):
    """(board, shown): a ``Board`` of the view's size (for its geometry) and the view as the
    game's padded tile bytes. Raises ValueError with a readable message on a malformed view."""
    if len(rows) != height or any(len(r) != width for r in rows):
        raise ValueError("view must be %d rows of %d characters" % (height, width))
    board = Board(width, height)
    shown = bytearray(board.size)
    for y in range(height):
        for x in range(width):
            ch = rows[y][x]
            i = board.index(x, y)
            if "0" <= ch <= "8":
                shown[i] = ord(ch) - 48
            elif ch == "#":
                shown[i] = COVERED
            elif ch == "F":
                shown[i] = FLAG
            elif ch == "*":
                shown[i] = BLOWN
            else:
                raise ValueError("view cell (%d, %d) is %r: use '#', '0'-'8', 'F' or '*'"
                                 % (x, y, ch))
    return board, shown


def solve_view(width, height, rows, level, total_mines=-1):
    """Prove what a player's view allows at ``level`` (presets.SINGLE, PAIRS or FULL). Returns
    (safe, mine): lists of (x, y) of the covered cells (flagged ones included: flags are not
    trusted) proven safe and proven mines, applying deductions until nothing changes. Raises
    ValueError with a readable message on a malformed view."""
    board, shown = parse_view(width, height, rows)
    solver = Solver(board, oracle=False)
    solver.reset(total_mines)
    for i in range(board.size):
        t = shown[i]
        if board.inside[i]:
            if t <= 8:
                solver.give_clue(i, t)
            elif t == BLOWN:
                solver.mark_mine(i)
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
