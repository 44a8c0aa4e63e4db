"""Board codes: every board as at most 12 letters and digits a player can read off the result
screen and type back in (``codes``: base 32 with a check character), giving the identical
board and start again.

Fields, in order (55 bits: 11 characters and the check character):
  type 2 (``codes.TYPE_BOARD``), kind 2 (``kinds.KIND_*``), level 2 (``presets`` levels),
  width - 5: 5, height - 5: 5, mines - 1: 8, start x 5, start y 5, seed ``SEED_BITS``.
Board seeds are therefore 0 .. 2**21 - 1: the game draws them in that range, and tools/gen.py
refuses others (a code must rebuild the board from the seed alone).

Versions. The no-guess generator's boards changed once (``mines.engine.generator.VERSION`` 1, issue 21:
the spread evened out for the start given): kind 3 in a code names a no-guess board of version
1, kind 0 one of version 0, as every code written before that does, so old codes still make
their boards. The game keeps a board's version in its seed, above the 21 bits (``VERSION_BIT``):
``encode`` takes and ``decode`` gives such a seed. Random and Kind boards have one version.
"""

from mines.engine import codes, presets

SEED_BITS = 21
MAX_SEED = (1 << SEED_BITS) - 1
VERSION_BIT = 1 << SEED_BITS   # in a game's board seed: a no-guess board of version 1
KINDS = 3
_KIND_V1 = 3   # the code's kind for a no-guess board of version 1

_WIDTHS = (codes.TYPE_BITS, 2, 2, 5, 5, 8, 5, 5, SEED_BITS)


def encode(width, height, mines, seed, start_x, start_y, level, kind):
    """The code of a board (all arguments ints, checked; ``seed`` with its version, see the
    module notes). ValueError if one is out of range."""
    msg = presets.check_params(width, height, mines, level)
    if msg:
        raise ValueError(msg)
    if not (0 <= seed <= MAX_SEED | VERSION_BIT):
        raise ValueError("a board seed is 0 to %d (got %d)" % (MAX_SEED, seed & MAX_SEED))
    if not (0 <= start_x < width and 0 <= start_y < height):
        raise ValueError("start (%d, %d) is off the board" % (start_x, start_y))
    if not (0 <= level <= presets.FULL) or not (0 <= kind < KINDS):
        raise ValueError("level or kind out of range")
    if seed & VERSION_BIT and kind == 0:
        kind = _KIND_V1
    seed &= MAX_SEED
    return codes.encode(((codes.TYPE_BOARD, codes.TYPE_BITS), (kind, 2), (level, 2),
                         (width - presets.MIN_WIDTH, 5), (height - presets.MIN_HEIGHT, 5),
                         (mines - 1, 8), (start_x, 5), (start_y, 5), (seed, SEED_BITS)))


def decode(text):
    """(width, height, mines, seed, start_x, start_y, level, kind) of a board code; ValueError
    with a reason a player can act on for anything else (a typo, a puzzle code, a board that
    cannot be)."""
    kind = codes.code_type(text)
    if kind < 0:
        if text.strip(" -"):
            codes.decode(text, (5,))   # raises, naming the character that is not in codes
        raise ValueError("no code typed")
    if kind != codes.TYPE_BOARD:
        # A typo can change the type too: check the characters before naming another type.
        chars = len(text.replace(" ", "").replace("-", ""))
        try:
            codes.decode(text, (5 * (chars - 1),))
        except ValueError:
            codes.decode(text, _WIDTHS)   # raises: the wrong length, or the failed check
            raise
        raise ValueError("that is a %s code, not a board code" % codes.TYPE_NAMES[kind])
    _, kind, level, w, h, mines, sx, sy, seed = codes.decode(text, _WIDTHS)
    w += presets.MIN_WIDTH
    h += presets.MIN_HEIGHT
    mines += 1
    if level > presets.FULL:
        raise ValueError("not a board this game makes (check the code)")
    if kind == _KIND_V1:
        kind = 0
        seed |= VERSION_BIT
    msg = presets.check_params(w, h, mines, level)  # (at its level: before any setting changes)
    if msg:
        raise ValueError("not a board this game makes: " + msg)
    if sx >= w or sy >= h:
        raise ValueError("not a board this game makes: its start is off the board")
    return w, h, mines, seed, sx, sy, level, kind
