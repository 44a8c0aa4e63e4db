"""Checks of what goes into a save, for tools/save.py (and the tests): whether a board key or
a game in progress is one the game can use. The game itself never imports this module: it reads
only saves its own code wrote, and a slot's CRC stands for the rest."""

from mines.engine import presets
from mines.engine.board_code import MAX_SEED, VERSION_BIT
from mines.engine.game import LIVES_CHOICES
from mines.engine.presets import KIND_NAMES, LEVEL_NAMES
from mines.saves.records import MAX_COUNT, key_parts


def check_key(key):
    """None if ``key`` names a board the game can make, else why not."""
    width, height, mines, level, kind = key_parts(key)
    if level >= len(LEVEL_NAMES):
        return "level %d is not one of 0 to %d" % (level, len(LEVEL_NAMES) - 1)
    err = presets.check_params(width, height, mines, level)
    if err:
        return err
    if kind >= len(KIND_NAMES):
        return "kind %d is not one of 0 to %d" % (kind, len(KIND_NAMES) - 1)
    return None


def check_game(g):
    """None if GameRecord ``g`` describes a game the game can resume, else why not."""
    err = check_key(g.key())
    if err:
        return err
    if not (0 <= g.start_x < g.width and 0 <= g.start_y < g.height):
        return "start %d,%d is off the board" % (g.start_x, g.start_y)
    if g.lives not in LIVES_CHOICES:
        return "lives must be 1, 3 or 5 (got %d)" % g.lives
    if not (0 <= g.lives_used < g.lives):
        return "lives used must be 0 to %d (got %d)" % (g.lives - 1, g.lives_used)
    if not (0 <= g.seed <= MAX_SEED | VERSION_BIT):
        return ("seed must be 0 to %d (a board code holds it), plus %d for a board of the "
                "generator's version 1" % (MAX_SEED, VERSION_BIT))
    if not (0 <= g.hints <= 255 and 0 <= g.moves <= MAX_COUNT):
        return "hints must be 0 to 255 and moves 0 to %d" % MAX_COUNT
    if not (0 <= g.elapsed_ms < 1 << 32):
        return "the time must be 0 to 4294967 seconds"
    mines = 0
    exploded = 0
    for k in range(g.width * g.height):
        bit = 1 << (k & 7)
        mine = g.mine[k >> 3] & bit
        if mine:
            mines += 1
            if g.opened[k >> 3] & bit:
                exploded += 1
        if g.opened[k >> 3] & bit and g.flagged[k >> 3] & bit:
            return "a cell cannot be both opened and flagged"
    if mines != g.mines:
        return "the layout holds %d mines, not %d" % (mines, g.mines)
    if exploded != g.lives_used:
        return "%d mines went off but %d lives are used" % (exploded, g.lives_used)
    return None
