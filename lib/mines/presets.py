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
DEFAULT_LEVEL = FULL

MIN_WIDTH = 5
MIN_HEIGHT = 5
MAX_WIDTH = 30
MAX_HEIGHT = 24
MAX_DENSITY_PERCENT = 30

# name, width, height, mines. "Screen" exactly fills the PyGamer's 160x128 display with 8-pixel
# tiles: 20x15 cells = 160x120 pixels, leaving an 8-pixel status bar.
PRESETS = (
    ("Beginner", 9, 9, 10),
    ("Intermediate", 16, 16, 40),
    ("Expert", 30, 16, 99),
    ("Screen", 20, 15, 45),
)


def level_from_name(name):
    """'single' | 'pairs' | 'full' -> 0 | 1 | 2; raises ValueError with a readable message."""
    for i in range(len(LEVEL_NAMES)):
        if LEVEL_NAMES[i] == name:
            return i
    raise ValueError("unknown level %r: use single, pairs or full" % (name,))


def preset(name):
    """(width, height, mines) of a preset, by name (case-insensitive)."""
    low = name.lower()
    for p in PRESETS:
        if p[0].lower() == low:
            return p[1], p[2], p[3]
    raise ValueError("unknown preset %r" % (name,))


def max_mines(width, height):
    """The most mines a width x height board may hold: the density cap, and always 9 cells free
    for the opening area around the start."""
    cells = width * height
    return min(cells * MAX_DENSITY_PERCENT // 100, cells - 9)


def check_params(width, height, mines):
    """None if (width, height, mines) is a board we can make, else a message saying why not."""
    if not (MIN_WIDTH <= width <= MAX_WIDTH):
        return "width must be %d to %d (got %d)" % (MIN_WIDTH, MAX_WIDTH, width)
    if not (MIN_HEIGHT <= height <= MAX_HEIGHT):
        return "height must be %d to %d (got %d)" % (MIN_HEIGHT, MAX_HEIGHT, height)
    top = max_mines(width, height)
    if not (1 <= mines <= top):
        return "a %dx%d board takes 1 to %d mines (%d%%); got %d" % (
            width, height, top, MAX_DENSITY_PERCENT, mines)
    return None
