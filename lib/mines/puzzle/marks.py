"""Playing a pen-and-paper puzzle (``maker`` makes them, ``play`` holds their parameters): the
player marks each cell without a clue mine or clear (or back to unknown), with undo and redo;
``check`` shows the wrong marks and ``hint`` the next deduction with the clues it comes from (both
counted as help); the puzzle is solved the moment every mine is marked and no mark is wrong.
Apart from ``play`` so that the menu and the maker hold none of this code.

Tatham's split, as in ``mines.engine.game``: a press is *decided* into a move (a small int: the
cell's padded index | the new mark << 12), which changes nothing; ``execute`` applies it. The marks
are the game state (what undo restores); the hint and the check's wrong marks are UI state, cleared
by the next move. Buffers are made once per size; nothing is allocated per move.
"""

from array import array

from mines.puzzle.play import (BY_CASES, BY_ONE_CLUE, BY_TWO_CLUES, MARK_CLEAR, MARK_MINE,
                               NO_MOVE, PLAYING, PRIMARY, SOLVED, TILE_CLEAR, TILE_LIT,
                               TILE_MINE, TILE_UNKNOWN, TILE_WRONG, UNKNOWN, check_size,
                               encode_code)

_MARK_TILES = (TILE_UNKNOWN, TILE_MINE, TILE_CLEAR)


class PuzzleGame:
    """The play state of one puzzle size. ``new(maker)`` starts the puzzle a finished
    ``maker.PuzzleMaker`` holds, taking its board, clues and deductions (not copied: the maker
    lets go of its other buffers, ``PuzzleMaker.release``, and makes no other puzzle). Then
    ``decide`` / ``execute``, ``undo`` / ``redo``, ``check``, ``hint``.

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
        has made: its board, clues and final solve's deductions become the game's; the maker
        lets go of them and of its buffers (``release``), and makes no other puzzle."""
        maker.release()
        self.board = maker.board
        self.clue = maker.clue
        maker.board = maker.clue = None
        self.order = maker.order
        self.why = maker.why
        self.src = maker.src
        self.src2 = maker.src2
        self.first = maker.clues
        self.nproof = maker.nknown
        self.level = maker.level
        self.seed = maker.seed

    def new(self, maker=None):
        """Start the puzzle ``maker`` has made (``adopt``; None: the one adopted already).
        The game's own buffers are made by the first."""
        if maker is not None:
            self.adopt(maker)
        board = self.board
        clue = self.clue
        if self.mark is None:
            self.mark = bytearray(board.size)
            self.shown = bytearray(board.size)
            # (from a range, zeroed: ``bytes`` would take as much again while it is made)
            self.history = history = array("H", range(2 * self.width * self.height))
            for i in range(len(history)):
                history[i] = 0
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
