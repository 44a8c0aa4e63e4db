"""The board: where the mines are, and each cell's neighbour count, in padded bytearrays.

Cells are indexed in a (width + 2) x (height + 2) array whose outer ring is a border that never
holds a mine, so the 8 neighbour offsets are constants and no loop needs a bounds check.
Cell (x, y), 0-based column and row, has index (y + 1) * stride + x + 1.
"""


class Board:
    """Mines and counts for one board size; allocated once and reused game after game.

    ``mine[i]`` is 1 for a mine, ``count[i]`` the number of mines among the 8 neighbours (0..8),
    ``inside[i]`` 1 for a real cell and 0 for the border ring.
    """

    def __init__(self, width, height):
        self.width = width
        self.height = height
        stride = width + 2
        self.stride = stride
        self.size = stride * (height + 2)
        self.offsets = (-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1)
        self.mine = bytearray(self.size)
        self.count = bytearray(self.size)
        inside = bytearray(self.size)
        for y in range(height):
            row = (y + 1) * stride + 1
            for x in range(width):
                inside[row + x] = 1
        self.inside = inside
        self.mines = 0
        # For block clears of any per-cell buffer (a row's while a game's lent generator makes
        # the board: ``clear`` copes; board_job gives the whole back).
        self.zeros = bytes(self.size)

    def rows(self, wall, inside):
        """A solver's state with nothing known, row by row (for ``Solver.reset``): returns
        (kinds, row_kind), kinds[row_kind[r]] the states of padded row r (``wall`` on the border,
        ``inside`` on a cell) and kinds[row_kind[r] + 1] its cells' counts of neighbours inside
        the board (8 on the border: never read). Rows alike share one template (at most five
        kinds: the border, the inside rows at the top, in the middle and at the bottom), so they
        take a few rows' bytes, not a board's."""
        stride = self.stride
        real = self.inside
        offsets = self.offsets
        kinds = []
        row_kind = bytearray(self.height + 2)
        st_row = bytearray(stride)
        n_row = bytearray(stride)
        for r in range(len(row_kind)):
            for x in range(stride):
                i = r * stride + x
                n = 8
                st_row[x] = wall
                if real[i]:
                    st_row[x] = inside
                    n = 0
                    for d in offsets:
                        n += real[i + d]
                n_row[x] = n
            k = 0
            while k < len(kinds) and not (kinds[k] == st_row and kinds[k + 1] == n_row):
                k += 2
            if k == len(kinds):
                kinds.append(bytes(st_row))
                kinds.append(bytes(n_row))
            row_kind[r] = k
        return tuple(kinds), bytes(row_kind)

    def index(self, x, y):
        """Padded index of cell (x, y)."""
        return (y + 1) * self.stride + x + 1

    def x_of(self, i):
        return i % self.stride - 1

    def y_of(self, i):
        return i // self.stride - 1

    def clear(self, buf=None):
        """No mines anywhere; or, given ``buf`` (a per-cell bytearray), zeros in it."""
        if buf is None:
            self.clear(self.mine)
            buf = self.count
            self.mines = 0
        z = self.zeros
        n = len(z)
        a = 0
        while a < self.size:
            buf[a:a + n] = z
            a += n

    def add_mine(self, i):
        """Put a mine on empty cell i, keeping the counts right (8 updates, no rescan)."""
        self.mine[i] = 1
        self.mines += 1
        count = self.count
        for d in self.offsets:
            count[i + d] += 1

    def remove_mine(self, i):
        """Take the mine off cell i, keeping the counts right."""
        self.mine[i] = 0
        self.mines -= 1
        count = self.count
        for d in self.offsets:
            count[i + d] -= 1

    def copy_from(self, other):
        """Take another board's layout (same size): a game keeps its own copy while the
        generator prepares the next board in the shared one."""
        self.mine[:] = other.mine
        self.count[:] = other.count
        self.mines = other.mines
