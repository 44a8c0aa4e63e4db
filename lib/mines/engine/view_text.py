"""Boards and players' views as text, for the tools and the tests (the game itself never needs
them): a board's layout as a grid string and back, its cells by (x, y); a player's view parsed
into the game's tile bytes, and what it allows proven.

A grid string is a board's ``width * height`` cells, row-major: '*' a mine, '.' safe.

A view is ``height`` strings of ``width`` characters: '#' covered, '0'-'8' an open number, 'F' a
player's flag (not trusted: deductions use the numbers alone), '*' a known mine (one the game
revealed, as a mine blown with a life to spare).
"""

from mines.engine.board import Board
from mines.engine.game import BLOWN, COVERED, FLAG
from mines.engine.solver import MINE, Solver


def grid_string(board):
    """The layout of ``board`` (a mines.engine.board.Board) as a grid string."""
    out = []
    for y in range(board.height):
        row = (y + 1) * board.stride + 1
        for x in range(board.width):
            out.append("*" if board.mine[row + x] else ".")
    return "".join(out)


def load_grid(board, grid):
    """Set the layout of ``board`` from a grid string of its size; ValueError on a malformed
    one."""
    if len(grid) != board.width * board.height:
        raise ValueError("grid has %d cells, expected %d" % (len(grid), board.width * board.height))
    board.clear()
    w = board.width
    for k in range(len(grid)):
        ch = grid[k]
        if ch == "*":
            board.add_mine(board.index(k % w, k // w))
        elif ch != ".":
            raise ValueError("grid cell %d is %r: use '*' or '.'" % (k, ch))


def is_mine(board, x, y):
    """True when cell (x, y) of ``board`` holds a mine."""
    return board.mine[(y + 1) * board.stride + x + 1] == 1


def number(board, x, y):
    """Mines around cell (x, y) of ``board``, 0..8."""
    return board.count[(y + 1) * board.stride + x + 1]


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
