"""A pen-and-paper puzzle's parameters (``maker`` makes puzzles, ``marks.PuzzleGame`` plays
one): levels, sizes, codes, and the marks, buttons, tiles and hint reasons of play. The menu
needs them before any puzzle is made; this module is small and imports no solver, so a menu can
load it alone (the play's code, ``marks``, loads with the first puzzle made; ``codes`` with the
first code shown or read, not while a puzzle is made).
"""

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

# Why a hinted cell follows (the solver's WHY_SINGLE, WHY_PAIR, WHY_FULL).
BY_ONE_CLUE = 1
BY_TWO_CLUES = 2
BY_CASES = 3     # case analysis or the mine count


def check_size(width, height):
    """None if a width x height puzzle can be made, else a message saying why not."""
    if not (MIN_WIDTH <= width <= MAX_WIDTH):
        return "width must be %d to %d (got %d)" % (MIN_WIDTH, MAX_WIDTH, width)
    if not (MIN_HEIGHT <= height <= MAX_HEIGHT):
        return "height must be %d to %d (got %d)" % (MIN_HEIGHT, MAX_HEIGHT, height)
    return None


def encode_code(width, height, level, seed):
    """The code a player types to get this puzzle again (10 characters)."""
    from mines.engine import codes
    return codes.encode(((codes.TYPE_PUZZLE, codes.TYPE_BITS), (width - MIN_WIDTH, 4),
                         (height - MIN_HEIGHT, 4), (level, 2), (seed, SEED_BITS)))


def decode_code(text):
    """(width, height, level, seed) from a puzzle code; ValueError with a reason a player can
    act on (a board code, a typo)."""
    from mines.engine import codes
    kind = codes.code_type(text)
    if kind >= 0 and kind != codes.TYPE_PUZZLE:
        raise ValueError("that is a %s code, not a puzzle code" % codes.TYPE_NAMES[kind])
    fields = codes.decode(text, (codes.TYPE_BITS, 4, 4, 2, SEED_BITS))
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
