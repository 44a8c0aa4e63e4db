"""The rules of one game of Minesweeper: its state, and the moves that change it.

Tatham's split: a button press at a cell is first *decided* into a small move ("open x,y",
"flag x,y", "chord x,y") by ``decide``, which changes nothing; only ``execute`` changes the state.
A move is a small int (kind << 12 | padded cell index), so a game can later be replayed, saved
(NVM) or checked from its list of moves alone.

What the player sees is ``shown``: one byte per padded cell holding a tile code (the same numbers
the screen's sprite sheet uses): 0..8 an opened cell with that many mine neighbours, COVERED,
FLAG, BAD_FLAG (a flag on a cell the visible numbers prove safe, while marks are on), BLOWN (a
mine opened with a life to spare: shown exploded and flagged, play goes on), and once the game is
lost MINE, BOOM (the mine that went off) and WRONG (a flag on a safe cell). A number with more
flags around it than its value is listed in ``overfull`` (the screen marks the number: one of
those flags is wrong, but the numbers need not say which). Buffers are allocated once per board
size; nothing is allocated per move.

Lives: ``new(layout, lives)`` with 1 (classic), 3 or 5; each mine opened costs one, and the last
one ends the game. ``lives_lost`` keeps the count for the result.
"""

from array import array

from mines.engine.board import Board


# Tile codes (0..8 are opened numbers).
COVERED = 9
FLAG = 10
MINE = 11
BOOM = 12
WRONG = 13
BAD_FLAG = 14  # a flag on a cell the numbers prove safe
BLOWN = 15     # a mine that went off and cost a life; it counts as a flag from then on
TILE_CODES = 16

LIVES_CHOICES = (1, 3, 5)

# Move kinds.
OPEN = 1
TOGGLE_FLAG = 2
CHORD = 3

# What ``decide`` returns when a press makes no move (all negative, so never a move).
NO_MOVE = -1
NEED_FLAGS = -2  # chord on a number whose flags are not complete

# Game states.
PLAYING = 0
WON = 1
LOST = 2

# The two action buttons ``decide`` knows about.
PRIMARY = 0  # A: open a covered cell, or chord on a number
SECONDARY = 1  # B: toggle a flag


def marks_around(shown, offsets, i):
    """Flags (marked wrong or not) and blown mines next to padded cell i of the view ``shown``
    (``offsets``: the board's eight neighbour offsets)."""
    n = 0
    for d in offsets:
        t = shown[i + d]
        if t == FLAG or t == BAD_FLAG or t == BLOWN:
            n += 1
    return n


def move_kind(move):
    return move >> 12


def move_cell(move):
    return move & 0xFFF


class Game:
    """One board size's game state: the layout (its own Board), what is shown, and counters.

    ``new(layout)`` starts a game on a copy of ``layout`` (a Board of the same size). Then
    ``decide`` / ``execute`` play it. ``state`` is PLAYING, WON or LOST; ``flags`` the number of
    flags placed; ``opened`` the safe cells opened; ``version`` grows on every change (the screen
    redraws only when it moved).
    """

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.stride = width + 2  # ``shown`` is padded like a Board: cell (x, y) is at
        # (y + 1) * stride + x + 1
        self.board = Board(1, 1)  # a tiny placeholder: new() hands over the real layout
        size = (width + 2) * (height + 2)
        self.shown = bytearray(size)
        # The flood-fill stack (a cell is pushed once at most), free between moves: until ``new``
        # the generator making this game's board works in it and in ``shown``
        # (mines.flow.board_job); then it is lent to the hint job (mines.help.hints: ``Hinter``'s
        # ``spare``), which stops before every move; once the game is over, the end panel counts
        # its 3BV in it (mines.flow.texts.bbbv).
        self.fill = array("H", bytes(2 * size))
        self.state = PLAYING
        self.flags = 0
        self.opened = 0
        self.safe_total = 0
        self.total = 0
        self.boom = -1
        self.moves = 0
        self.version = 0
        self.started = False
        self.lives = 1
        self.lives_lost = 0
        self.mark_flags = True   # the wrong-flag marks setting
        # Cells the visible numbers prove safe (told by a hint job: ``disprove``), and numbers
        # with more flags around them than their value (``check_flags``): short lists, usually
        # empty, rather than a byte per cell in the device's small heap.
        self.disproved = []
        self.overfull = []

    # -- setting up ------------------------------------------------------------------------

    def new(self, layout, lives=1):
        """Start a fresh game on ``layout`` (a Board of this size) with ``lives`` (1, 3 or 5:
        how many mines the player may open, the last ending the game). The game reads the layout
        while it is being played and never changes it; the midend lets the generator reuse it
        only once the game is over (what the player saw is all in ``shown`` by then), which
        saves a second copy of the board in the device's small heap."""
        self.board = board = layout
        shown = self.shown
        inside = board.inside
        for i in range(board.size):
            shown[i] = COVERED if inside[i] else 0
        self.state = PLAYING
        self.flags = 0
        self.opened = 0
        self.total = board.mines  # kept: the layout may be reused once the game is over
        self.safe_total = self.width * self.height - board.mines
        self.boom = -1
        self.moves = 0
        self.started = False
        if lives not in LIVES_CHOICES:
            raise ValueError("lives must be 1, 3 or 5")
        self.lives = lives
        self.lives_lost = 0
        del self.disproved[:]
        del self.overfull[:]
        self.version += 1

    def lives_left(self):
        return self.lives - self.lives_lost

    @property
    def mines(self):
        return self.total

    def mines_left(self):
        """Mines minus flags (negative when the player has over-flagged)."""
        return self.total - self.flags

    def tile(self, x, y):
        return self.shown[(y + 1) * (self.width + 2) + x + 1]

    # -- deciding --------------------------------------------------------------------------

    def decide(self, button, x, y):
        """The move a press of ``button`` (PRIMARY or SECONDARY) at (x, y) makes, or a negative
        code (NO_MOVE, NEED_FLAGS) when it makes none. Changes nothing."""
        if self.state != PLAYING:
            return NO_MOVE
        if not (0 <= x < self.width and 0 <= y < self.height):
            return NO_MOVE
        i = (y + 1) * self.board.stride + x + 1
        t = self.shown[i]
        if button == SECONDARY:
            if t == COVERED or t == FLAG or t == BAD_FLAG:
                return TOGGLE_FLAG << 12 | i
            return NO_MOVE
        if t == COVERED:
            return OPEN << 12 | i
        if 1 <= t <= 8:
            shown = self.shown
            flags = 0
            covered = 0
            for d in self.board.offsets:
                s = shown[i + d]
                if s == FLAG or s == BAD_FLAG or s == BLOWN:
                    flags += 1
                elif s == COVERED:
                    covered += 1
            if covered == 0:
                return NO_MOVE
            if flags != t:
                return NEED_FLAGS
            return CHORD << 12 | i
        return NO_MOVE

    # -- applying --------------------------------------------------------------------------

    def execute(self, move):
        """Apply a move made by ``decide``. Returns the number of cells it opened, or -1 when
        it set off a mine. A move that no longer applies (say, opening an opened cell) does
        nothing and returns 0."""
        if self.state != PLAYING or move < 0:
            return 0
        kind = move >> 12
        i = move & 0xFFF
        if i >= self.board.size or not self.board.inside[i]:
            return 0
        shown = self.shown
        result = 0
        if kind == TOGGLE_FLAG:
            if shown[i] == COVERED:
                shown[i] = FLAG
                self.flags += 1
            elif shown[i] == FLAG or shown[i] == BAD_FLAG:
                shown[i] = COVERED
                self.flags -= 1
            else:
                return 0
        elif kind == OPEN:
            if shown[i] != COVERED:
                return 0
            result = self._open(i)
        elif kind == CHORD:
            t = shown[i]
            if not (1 <= t <= 8):
                return 0
            for d in self.board.offsets:
                j = i + d
                if shown[j] == COVERED:
                    n = self._open(j)
                    if n < 0:
                        result = -1
                        break
                    result += n
        else:
            return 0
        self.moves += 1
        self.version += 1
        if kind != TOGGLE_FLAG:
            self.started = True
        board = self.board
        mine = board.mine
        if result < 0:
            self.lives_lost += 1
            if self.lives_lost >= self.lives:  # lost: every mine and wrong flag shown
                self.state = LOST
                inside = board.inside
                for i in range(board.size):
                    if not inside[i]:
                        continue
                    s = shown[i]
                    if mine[i]:
                        if s == COVERED:
                            shown[i] = MINE
                        elif s == BAD_FLAG:
                            shown[i] = FLAG
                    elif s == FLAG or s == BAD_FLAG:
                        shown[i] = WRONG
                if self.boom >= 0:
                    shown[self.boom] = BOOM
                return result
            shown[self.boom] = BLOWN   # a life spent: the mine is shown, flagged, and play goes on
            self.flags += 1
        if self.opened == self.safe_total:  # won: every mine flagged
            self.state = WON
            for i in range(board.size):
                if mine[i] and shown[i] != BLOWN:
                    shown[i] = FLAG
            self.flags = self.total
        elif self.flags or self.overfull:
            self.check_flags()
        return result

    # -- wrong-flag marks ------------------------------------------------------------------

    def disprove(self, i):
        """The visible numbers prove padded cell i safe (a hint job found it): a flag there is
        marked wrong (with marks on) now and until it is taken off."""
        if i not in self.disproved:
            self.disproved.append(i)
            self.check_flags()

    def check_flags(self):
        """With marks on, after a move (one pass over the board, not per frame): a flag is
        BAD_FLAG when its cell is proven safe (``disprove``), else FLAG; ``overfull`` lists the
        numbers next to a flag with more flags and blown mines around them than their value.
        An overfilled number says that one of its flags is wrong, not which: a flag is wrong
        only when the numbers prove its cell safe (with marks off, none is marked)."""
        shown = self.shown
        board = self.board
        offsets = board.offsets
        inside = board.inside
        disproved = self.disproved
        mark = self.mark_flags
        over = self.overfull
        changed = len(over) > 0
        del over[:]
        for i in range(board.size):
            t = shown[i]
            if t != FLAG and t != BAD_FLAG:
                continue
            want = BAD_FLAG if mark and i in disproved else FLAG
            if t != want:
                shown[i] = want
                changed = True
            if mark:
                for d in offsets:
                    n = i + d
                    if shown[n] <= 8 and inside[n] and n not in over and \
                            shown[n] < marks_around(shown, offsets, n):
                        over.append(n)
                        changed = True
        if changed:
            self.version += 1

    def _open(self, i):
        """Open covered cell i (and the zero area around it). -1 if it is a mine."""
        board = self.board
        if board.mine[i]:
            self.boom = i
            return -1
        shown = self.shown
        count = board.count
        inside = board.inside
        offsets = board.offsets
        stack = self.fill
        shown[i] = count[i]
        top = 1
        stack[0] = i
        opened = 1
        while top:
            top -= 1
            c = stack[top]
            if count[c]:
                continue
            for d in offsets:
                j = c + d
                if inside[j] and shown[j] == COVERED:
                    shown[j] = count[j]  # a neighbour of a zero is never a mine
                    opened += 1
                    stack[top] = j
                    top += 1
        self.opened += opened
        return opened

