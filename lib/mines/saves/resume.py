"""The game in progress as a save keeps it, so that switching off and on again resumes it.

A GameRecord holds the board's parameters, seed and start (the generator makes the same board
again from them: tools and board codes use that), the mines as they stand (kind boards move mines
during play, and a resumed game needs no new board made), the opened and flagged cells as bits,
the time, the moves, and the lives and hints used. A 30x24 board takes 21 + 3 * 90 bytes.

Packed as: the size of the fixed fields (1 byte), the fixed fields (``_FIELDS``, little-endian),
then the mine, opened and flagged bits. A record written with fewer fixed fields (an older game)
reads with 0 for the missing ones; more (a newer game) are skipped.
"""

from mines._const import const
import struct

from mines.engine import presets
from mines.engine.game import BAD_FLAG, BLOWN, FLAG
from mines.engine.game import LIVES_CHOICES
from mines.engine.presets import NO_GUESS, board_key

_FIELDS = "<BBHBBBBBIBBIH"
_HEAD = const(21)  # struct.calcsize(_FIELDS)


class GameRecord:
    """A game in progress. ``width``, ``height``, ``mines``, ``level``, ``kind``, ``seed``,
    ``start_x``, ``start_y``: the board as the generator made it; ``lives`` (1, 3 or 5),
    ``lives_used``, ``hints``, ``moves``, ``elapsed_ms``; ``mine``, ``opened``, ``flagged``: one
    bit per cell, cell (x, y) at bit y * width + x (bit k is ``bits[k >> 3] >> (k & 7) & 1``).
    ``mine`` is the layout as it stands (kind boards move mines during play); an opened mine is
    one that went off and cost a life."""

    def __init__(self, width, height, mines, seed=0, start_x=0, start_y=0,
                 level=presets.DEFAULT_LEVEL, kind=NO_GUESS):
        self.width = width
        self.height = height
        self.mines = mines
        self.seed = seed
        self.start_x = start_x
        self.start_y = start_y
        self.level = level
        self.kind = kind
        self.lives = 1
        self.lives_used = 0
        self.hints = 0
        self.moves = 0
        self.elapsed_ms = 0
        n = (width * height + 7) >> 3
        self.mine = bytearray(n)
        self.opened = bytearray(n)
        self.flagged = bytearray(n)

    def key(self):
        return board_key(self.width, self.height, self.mines, self.level, self.kind)

    def pack(self):
        # The counters stop at what their fields hold (a long game must still be saved).
        head = struct.pack(_FIELDS, self.width, self.height, self.mines, self.level,
                           self.kind, self.lives, self.lives_used, min(self.hints, 255),
                           self.seed, self.start_x, self.start_y,
                           min(self.elapsed_ms, 0xFFFFFFFF), min(self.moves, 0xFFFF))
        return bytes((len(head),)) + head + bytes(self.mine) + bytes(self.opened) + bytes(
            self.flagged)


def unpack_game(body):
    """The GameRecord of a game section's body; ValueError if its size is wrong or its board
    is not one the game can put back (the save is then damaged: slots reads the other
    slot). The rest (the layout against the mine count...) was checked when it was written
    (checks.check_game)."""
    if not body or body[0] < 4:
        raise ValueError("game record too short")
    head = body[1:1 + body[0]]
    if len(head) < _HEAD:  # written by an older game: its missing fields are 0
        head = bytes(head) + bytes(_HEAD - len(head))
    f = struct.unpack(_FIELDS, head[:_HEAD])
    if (presets.check_params(f[0], f[1], f[2], f[3]) or f[4] > 2 or f[5] not in LIVES_CHOICES
            or f[6] >= f[5] or f[8] >> 22 or f[9] >= f[0] or f[10] >= f[1]):  # (seed: 21 bits, version)
        raise ValueError("game record out of range")
    g = GameRecord(f[0], f[1], f[2], f[8], f[9], f[10], f[3], f[4])
    g.lives, g.lives_used, g.hints, g.elapsed_ms, g.moves = f[5], f[6], f[7], f[11], f[12]
    n = len(g.mine)
    at = 1 + body[0]
    if len(body) != at + 3 * n:
        raise ValueError("game record of %d bytes for a %dx%d board" % (len(body), f[0], f[1]))
    g.mine[:] = body[at:at + n]
    g.opened[:] = body[at + n:at + 2 * n]
    g.flagged[:] = body[at + 2 * n:at + 3 * n]
    return g


def game_record(game, seed, start_x, start_y, level, kind=NO_GUESS, lives=1, lives_used=0,
                hints=0, elapsed_ms=0):
    """The GameRecord of ``game`` (a mines.engine.game.Game being played) on the board made from
    ``seed`` and (``start_x``, ``start_y``) at ``level``; ``elapsed_ms`` its time so far."""
    board = game.board
    width = game.width
    g = GameRecord(width, game.height, game.total, seed, start_x, start_y, level, kind)
    g.lives = lives
    g.lives_used = lives_used
    g.hints = hints
    g.moves = game.moves
    g.elapsed_ms = elapsed_ms
    shown = game.shown
    mine = board.mine
    for k in range(width * game.height):
        i = board.index(k % width, k // width)
        bit = 1 << (k & 7)
        if mine[i]:
            g.mine[k >> 3] |= bit
        t = shown[i]
        if t <= 8 or t == BLOWN:
            g.opened[k >> 3] |= bit
        elif t == FLAG or t == BAD_FLAG:
            g.flagged[k >> 3] |= bit
    return g


def restore_game(record, game, board):
    """Set ``game`` (a Game of the record's size) to the record's position, on ``board`` (a
    Board of that size, which takes the record's layout)."""
    board.clear()
    width = record.width
    cells = width * record.height
    for k in range(cells):
        if record.mine[k >> 3] >> (k & 7) & 1:
            board.add_mine(board.index(k % width, k // width))
    game.new(board)
    shown = game.shown
    opened = 0
    flags = 0
    for k in range(cells):
        i = board.index(k % width, k // width)
        bit = 1 << (k & 7)
        if record.opened[k >> 3] & bit:
            if board.mine[i]:
                shown[i] = BLOWN  # went off and cost a life: it counts as a flag
                flags += 1
            else:
                shown[i] = board.count[i]
                opened += 1
        elif record.flagged[k >> 3] & bit:
            shown[i] = FLAG
            flags += 1
    game.opened = opened
    game.flags = flags
    game.moves = record.moves
    game.started = opened > 0
    game.lives = record.lives
    game.lives_lost = record.lives_used
