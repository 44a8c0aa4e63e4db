"""Board sizes, reasoning levels and parameter checks.

Levels are small ints so that the hot loops compare ints, never strings:
  SINGLE (0) - one number with its flagged and covered neighbours;
  PAIRS  (1) - two overlapping numbers (subset and overlap rules: 1-2-1, 1-1-x...);
  FULL   (2) - everything sound: also the total mine count and exact case analysis over
               groups of frontier cells of at most ``groups.MAX_GROUP`` cells.
"""

from mines._const import const

SINGLE = const(0)
PAIRS = const(1)
FULL = const(2)
LEVEL_NAMES = ("single", "pairs", "full")
LEVEL_TITLES = ("Easy", "Medium", "Hard")   # what players see for single, pairs, full
LEVEL_WORDS = ("easy", "medium", "hard")    # the titles as saves and puzzles write them
DEFAULT_LEVEL = FULL

# Board kinds (the Kind setting; a board key's last field): how the mines are laid.
NO_GUESS = const(0)  # made so that the first open leads to the end without a guess
RANDOM = const(1)    # uniform; the first open and its neighbours safe
KIND = const(2)      # random, and a guess that is forced is made safe (engine.kinds.Rescue)
KIND_NAMES = ("no-guess", "random", "kind")   # as saves and tools/gen.py write them


def board_key(width, height, mines, level, kind):
    """One int for a board: 5 bits each of width and height, 10 of mines, 2 each of level and
    kind (24 bits: three bytes in a save, and a small int on the device)."""
    return width | height << 5 | mines << 10 | level << 20 | kind << 22

# Work units (generator): a generator slice stops at the first check past SLICE_UNITS, and
# no indivisible piece of work between two checks exceeds 200 units (host_tests check it), so no
# step ever does more than MAX_SLICE_UNITS: the job runner's frame budget counts on it.
SLICE_UNITS = const(160)
MAX_SLICE_UNITS = const(360)

MIN_WIDTH = 5
MIN_HEIGHT = 5
MAX_WIDTH = 30
MAX_HEIGHT = 24
MAX_DENSITY_PERCENT = 45   # the densest board of all: up to 256 cells, at the default level
# The densest board the device makes in time, per level: (up to 256 cells, at 30x24 = 720 cells),
# a straight line between. Past it the slowest fifth of boards take 10-20 s or more, or give up
# (tools/bench.py and docs/benchmarks.md's sweep). Without case analysis (single, pairs) boards need
# far more perturbing, so those levels stop lower.
_DENSEST = ((30, 26), (30, 26), (45, 36))
_SMALL = const(256)
_LARGE = const(720)

# name, width, height, mines. "Screen" exactly fills the PyGamer's 160x128 display with 8-pixel
# tiles: 20x15 cells = 160x120 pixels, leaving an 8-pixel status bar.
PRESETS = (
    ("Beginner", 9, 9, 10),
    ("Intermediate", 16, 16, 40),
    ("Expert", 30, 16, 99),
    ("Screen", 20, 15, 45),
    # Simon Tatham's dense presets (43%, 39%, 35%): no-guess boards are tested here.
    ("Crowded", 9, 9, 35),
    ("Packed", 16, 16, 99),
    ("Swarm", 30, 16, 170),
)


def max_percent(width, height, level=DEFAULT_LEVEL):
    """The densest board (mines per hundred cells) of this size the device makes in time."""
    small, large = _DENSEST[level]
    cells = width * height
    if cells <= _SMALL:
        return small
    return small - (cells - _SMALL) * (small - large) // (_LARGE - _SMALL)


def max_mines(width, height, level=DEFAULT_LEVEL):
    """The most mines a width x height board may hold at ``level``: ``max_percent``, and always
    9 cells free for the opening area around the start."""
    cells = width * height
    return min(cells * max_percent(width, height, level) // 100, cells - 9)


def check_params(width, height, mines, level=DEFAULT_LEVEL):
    """None if (width, height, mines) is a board we can make at ``level`` (SINGLE, PAIRS or
    FULL), else a one-line message saying why not. Every caller (menu, generator, tools) asks
    this one function."""
    if not (MIN_WIDTH <= width <= MAX_WIDTH):
        return "width must be %d to %d (got %d)" % (MIN_WIDTH, MAX_WIDTH, width)
    if not (MIN_HEIGHT <= height <= MAX_HEIGHT):
        return "height must be %d to %d (got %d)" % (MIN_HEIGHT, MAX_HEIGHT, height)
    if level not in (SINGLE, PAIRS, FULL):
        return "level must be 0 (single), 1 (pairs) or 2 (full)"
    top = max_mines(width, height, level)
    if not (1 <= mines <= top):
        pct = max_percent(width, height, level)
        if mines > top and pct < MAX_DENSITY_PERCENT:
            return "a %dx%d board takes 1 to %d mines (%d%%) at %s: more takes too long; got %d" % (
                width, height, top, pct, LEVEL_TITLES[level], mines)
        return "a %dx%d board takes 1 to %d mines (%d%%); got %d" % (width, height, top, pct, mines)
    return None
