"""Playing a pen-and-paper puzzle (``maker`` makes them): the player marks each cell without
a clue mine or clear (or back to unknown), with undo and redo; ``check`` shows the wrong marks and
``hint`` the next deduction with the clues it comes from (both counted as help); the puzzle is
solved the moment every mine is marked and no mark is wrong.

Also the puzzle's parameters, which the menu needs before any puzzle is made: levels, sizes,
codes. This module is small and imports no solver, so a menu can load it alone.

Tatham's split, as in ``mines.engine.game``: a press is *decided* into a move (a small int: the
cell's padded index | the new mark << 12), which changes nothing; ``execute`` applies it. The marks
are the game state (what undo restores); the hint and the check's wrong marks are UI state, cleared
by the next move. Buffers are made once per size; nothing is allocated per move.
"""

from array import array

from mines.engine import codes

# Levels: the solver's (mines.engine.presets SINGLE, PAIRS, FULL).
EASY = 0
MEDIUM = 1
HARD = 2

MIN_WIDTH = 5
MAX_WIDTH = 20
MIN_HEIGHT = 5
MAX_HEIGHT = 15
SEED_BITS = 30   # seeds 0 .. 2**30 - 1: what a puzzle code holds

# The sizes the game's menu offers: each fits the 160x128 screen under an 8-pixel status bar
# without scrolling. Small and Medium are drawn with 16-pixel tiles (the 8-pixel sheet at scale
# 2: boards.view does so for any puzzle of at most 10x7), Large with the sweeper's 8-pixel ones.
SIZES = (("Small", 8, 6), ("Medium", 10, 7), ("Large", 20, 15))

# Marks (``PuzzleGame.mark``); a clue cell is never marked.
UNKNOWN = 0
MARK_MINE = 1
MARK_CLEAR = 2

# Buttons ``decide`` knows.
PRIMARY = 0    # A: mark mine (again: back to unknown)
SECONDARY = 1  # B: mark clear (again: back to unknown)
NO_MOVE = -1

PLAYING = 0
SOLVED = 1

# Tiles in ``shown`` (one per padded cell, the screen's sprite numbers, as mines.engine.game's): a
# clue is its number 0..8 (TILE_LIT + n while a hint points at it), then the marks.
TILE_UNKNOWN = 9     # mines.engine.game.COVERED
TILE_MINE = 10       # mines.engine.game.FLAG
TILE_WRONG = 13      # mines.engine.game.WRONG: a wrong mark, after ``check``
TILE_LIT = 23        # 23..31: a clue a hint comes from (boards.tiles.LIT; a test checks)
TILE_CLEAR = 32      # a cell marked clear (boards.tiles.CLEAR)
_MARK_TILES = (TILE_UNKNOWN, TILE_MINE, TILE_CLEAR)

# Why a hinted cell follows (the solver's WHY_SINGLE, WHY_PAIR, WHY_FULL).
BY_ONE_CLUE = 1
BY_TWO_CLUES = 2
BY_CASES = 3     # case analysis or the mine count

_CODE_WIDTHS = (codes.TYPE_BITS, 4, 4, 2, SEED_BITS)


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
    act on (a board code, a typo)."""
    kind = codes.code_type(text)
    if kind >= 0 and kind != codes.TYPE_PUZZLE:
        raise ValueError("that is a %s code, not a puzzle code" % codes.TYPE_NAMES[kind])
    fields = codes.decode(text, _CODE_WIDTHS)
    width = fields[1] + MIN_WIDTH
    height = fields[2] + MIN_HEIGHT
    if check_size(width, height) or fields[3] > HARD:
        raise ValueError("check failed: a character is mistyped")
    return width, height, fields[3], fields[4]


def view_rows(board, clue):
    """The puzzle as a player sees it: ``height`` strings of ``width`` characters, a digit for a
    clue (``clue[i]`` set) and '#' for a cell without one."""
    rows = []
    for y in range(board.height):
        base = (y + 1) * board.stride + 1
        rows.append("".join([chr(48 + board.count[base + x]) if clue[base + x] else "#"
                             for x in range(board.width)]))
    return rows


class PuzzleGame:
    """The play state of one puzzle size. ``new(maker)`` starts the puzzle a finished
    ``maker.PuzzleMaker`` holds, taking its board, clues and deductions (not copied: the
    maker makes no other puzzle after; ``adopt(maker)`` then ``new()`` do the same in two
    steps, the game's own buffers made in the second, once the maker's are let go). Then ``decide`` / ``execute``, ``undo`` / ``redo``,
    ``check``, ``hint``.

    Read: ``state`` (PLAYING, SOLVED), ``mark`` (per padded cell), ``clue`` (1: shows its
    number, ``board.count``), ``shown`` (the tiles; ``stride``; a wrong mark flagged by
    ``check`` is TILE_WRONG until the next move), ``mines``, ``mines_marked``,
    ``mines_left()``, ``helps`` (checks + hints), ``moves``, ``version`` (grows on every
    change the screen must show), ``wrong_shown``, ``hint_cell`` (-1 or the cell ``hint``
    points at) with ``hint_mine``, ``hint_why``, ``hint_clues`` / ``hint_nclues`` (the clue
    cells it follows from).
    """

    def __init__(self, width, height):
        msg = check_size(width, height)
        if msg:
            raise ValueError(msg)
        self.width = width
        self.height = height
        self.stride = width + 2
        self.started = True   # (as mines.engine.game.Game: the timer runs from the first frame)
        self.board = self.clue = None   # the maker's, from ``adopt``
        self.mark = self.shown = self.history = None   # made by the first ``new``
        # The deductions of a solve from the clues (the maker's solver's): ``order`` from
        # ``first`` to ``nproof``, each cell's rule in ``why`` and its clue(s) in ``src``,
        # ``src2``.
        self.order = self.why = self.src = self.src2 = None
        self.first = self.nproof = 0
        # Undo history (``history``, 2 * cells moves): cell | old mark << 12 | new mark << 14;
        # ``done`` of them applied.
        self.nhistory = 0
        self.done = 0
        self.hint_clues = array("H", bytes(2 * 8))
        self.level = 0
        self.seed = 0
        self.mines = 0
        self.version = 0
        self._clear()

    def _clear(self):
        self.state = PLAYING
        self.mines_marked = 0
        self.right_mines = 0   # mine marks on mines
        self.wrong = 0         # marks that disagree with the solution
        self.helps = 0
        self.moves = 0
        self.wrong_shown = False
        self.hint_cell = -1
        self.hint_mine = False
        self.hint_why = 0
        self.hint_nclues = 0
        self.nhistory = 0
        self.done = 0

    def adopt(self, maker):
        """Take the puzzle ``maker`` (a PuzzleMaker of this size whose step() returned True)
        has made: its board, clues and solver's deductions become the game's; the maker lets
        go of its board and clues, and makes no other puzzle."""
        self.board = maker.board
        self.clue = maker.clue
        maker.board = maker.clue = None
        s = maker.solver
        self.order = s.order
        self.why = s.why
        self.src = s.src
        self.src2 = s.src2
        self.first = maker.clues
        self.nproof = s.nknown
        self.level = maker.level
        self.seed = maker.seed

    def new(self, maker=None):
        """Start the puzzle ``maker`` has made (``adopt``; None: the one adopted already)."""
        if maker is not None:
            self.adopt(maker)
        board = self.board
        clue = self.clue
        if self.mark is None:
            self.mark = bytearray(board.size)
            self.shown = bytearray(board.size)
            self.history = array("H", bytes(4 * self.width * self.height))
        self.mark[:] = board.zeros
        self.mines = board.mines
        self._clear()
        shown = self.shown
        count = board.count
        for i in range(board.size):
            shown[i] = count[i] if clue[i] else TILE_UNKNOWN
        self.version += 1

    def mines_left(self):
        """Mines minus mine marks (negative when over-marked)."""
        return self.mines - self.mines_marked

    def code(self):
        return encode_code(self.width, self.height, self.level, self.seed)

    def cell(self, x, y):
        return (y + 1) * self.stride + x + 1

    def _right_mark(self, i):
        return MARK_MINE if self.board.mine[i] else MARK_CLEAR

    # -- moves ------------------------------------------------------------------------------

    def decide(self, button, x, y):
        """The move a press of ``button`` (PRIMARY: mine, SECONDARY: clear) at (x, y) makes, or
        NO_MOVE (a clue, off the grid, solved). Changes nothing."""
        if self.state != PLAYING or not (0 <= x < self.width and 0 <= y < self.height):
            return NO_MOVE
        i = self.cell(x, y)
        if self.clue[i]:
            return NO_MOVE
        want = MARK_MINE if button == PRIMARY else MARK_CLEAR
        if self.mark[i] == want:
            want = UNKNOWN
        return want << 12 | i

    def execute(self, move):
        """Apply a move made by ``decide``; it goes on the undo history (and the redo tail
        goes). Returns True if it changed the grid."""
        if move < 0 or self.state != PLAYING:
            return False
        i = move & 0xFFF
        new = move >> 12
        old = self.mark[i]
        if i >= self.board.size or not self.board.inside[i] or self.clue[i] or old == new:
            return False
        if self.done == len(self.history):
            # Full: forget the oldest half (a block copy, rare).
            half = self.done // 2
            self.history[0:self.done - half] = self.history[half:self.done]
            self.done -= half
        self.history[self.done] = i | old << 12 | new << 14
        self.done += 1
        self.nhistory = self.done
        self._set(i, new)
        return True

    def undo(self):
        """Take back the last move; False if there is none."""
        if not self.done or self.state != PLAYING:
            return False
        self.done -= 1
        h = self.history[self.done]
        self._set(h & 0xFFF, h >> 12 & 3)
        return True

    def redo(self):
        """Apply again the last move taken back; False if there is none."""
        if self.done >= self.nhistory or self.state != PLAYING:
            return False
        h = self.history[self.done]
        self.done += 1
        self._set(h & 0xFFF, h >> 14)
        return True

    def _set(self, i, new):
        mark = self.mark
        mine = self.board.mine[i]
        old = mark[i]
        if old == MARK_MINE:
            self.mines_marked -= 1
            self.right_mines -= mine
        if old != UNKNOWN and old != (MARK_MINE if mine else MARK_CLEAR):
            self.wrong -= 1
        mark[i] = new
        self.shown[i] = _MARK_TILES[new]
        if new == MARK_MINE:
            self.mines_marked += 1
            self.right_mines += mine
        if new != UNKNOWN and new != (MARK_MINE if mine else MARK_CLEAR):
            self.wrong += 1
        self.moves += 1
        self._ui_off()
        if not self.wrong and self.right_mines == self.mines:
            self._solve()

    def _ui_off(self):
        shown = self.shown
        if self.wrong_shown:
            mark = self.mark
            for i in range(self.board.size):
                if shown[i] == TILE_WRONG:
                    shown[i] = _MARK_TILES[mark[i]]
            self.wrong_shown = False
        count = self.board.count
        for k in range(self.hint_nclues):
            c = self.hint_clues[k]
            shown[c] = count[c]
        self.hint_cell = -1
        self.hint_nclues = 0
        self.version += 1

    def _solve(self):
        """Every mine marked, no mark wrong: the rest is clear; marked so on the grid."""
        self.state = SOLVED
        board = self.board
        mark = self.mark
        for i in range(board.size):
            if board.inside[i] and not self.clue[i] and mark[i] == UNKNOWN:
                mark[i] = MARK_CLEAR
                self.shown[i] = TILE_CLEAR

    # -- help -------------------------------------------------------------------------------

    def check(self):
        """Show every wrong mark as TILE_WRONG until the next move (counted as help).
        Returns how many there are."""
        if self.state != PLAYING:
            return 0
        self._ui_off()
        self.helps += 1
        board = self.board
        mark = self.mark
        for i in range(board.size):
            m = mark[i]
            if m and m != (MARK_MINE if board.mine[i] else MARK_CLEAR):
                self.shown[i] = TILE_WRONG
        self.wrong_shown = True
        return self.wrong

    def hint(self):
        """Point at the next deduction (counted as help): the first cell, in the order a solve
        from the clues proves them, that is not marked right. Every cell proven before it is a
        clue or marked right, so it follows from what the player has. Sets ``hint_cell`` (-1
        when none is left), ``hint_mine``, ``hint_why`` and the clues it comes from: the one
        or two clues of the rule, or for a case split the clues around the cell (none: it
        follows from the mine count). Returns ``hint_cell``."""
        if self.state != PLAYING:
            return -1
        self._ui_off()
        self.helps += 1
        mark = self.mark
        mine = self.board.mine
        order = self.order
        for k in range(self.first, self.nproof):
            c = order[k]
            if mark[c] != (MARK_MINE if mine[c] else MARK_CLEAR):
                break
        else:
            return -1
        self.hint_cell = c
        self.hint_mine = mine[c] == 1
        why = self.why[c]
        clues = self.hint_clues
        n = 0
        if why == BY_ONE_CLUE or why == BY_TWO_CLUES:
            clues[0] = self.src[c]
            n = 1
            if why == BY_TWO_CLUES and self.src2[c] != clues[0]:
                clues[1] = self.src2[c]
                n = 2
        else:
            why = BY_CASES
            for d in self.board.offsets:
                if self.clue[c + d]:
                    clues[n] = c + d
                    n += 1
        self.hint_why = why
        self.hint_nclues = n
        for k in range(n):
            self.shown[clues[k]] = TILE_LIT + self.board.count[clues[k]]
        return c

    def solution_string(self):
        """The answer: ``width * height`` characters, row-major, '*' a mine and '.' clear."""
        return self.board.grid_string()
