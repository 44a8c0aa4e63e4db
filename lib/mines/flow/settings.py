"""The player's settings as a table of fields, and the one object that holds their values.

``FIELDS`` is the table: one row per setting, ``(name, default, lowest, highest, names)``, where
``names`` is None for a plain number or a tuple of display names, one per value from ``lowest``.
Every value is a small int. A new setting is one row here (saves iterate the table, the menu
names a field by its row's name); a field whose range depends on others (the mines) is checked
by ``presets.check_params``, the one judge of board parameters.

Kept apart from the midend so that each module stays small enough to compile on the device.
"""

from mines.engine import presets

CUSTOM = len(presets.PRESETS)  # the "board" value meaning a custom size, after the presets
_OFF_ON = ("off", "on")


def _screen_preset():
    for k in range(len(presets.PRESETS)):
        if presets.PRESETS[k][0] == "Screen":  # the board that fills the screen
            return k
    return 0


_BOARD = _screen_preset()

# name, default, lowest, highest, display names (None: show the number)
FIELDS = (
    ("quick", 1, 0, 1, ("Classic", "Quick start")),
    ("board", _BOARD, 0, CUSTOM, tuple(p[0] for p in presets.PRESETS) + ("Custom",)),
    ("width", presets.PRESETS[_BOARD][1], presets.MIN_WIDTH, presets.MAX_WIDTH, None),
    ("height", presets.PRESETS[_BOARD][2], presets.MIN_HEIGHT, presets.MAX_HEIGHT, None),
    ("mines", presets.PRESETS[_BOARD][3], 1,
     presets.max_mines(presets.MAX_WIDTH, presets.MAX_HEIGHT, presets.FULL), None),
    # The reasoning a board needs, as players know it: one number at a time, pairs of numbers,
    # counting and case splits (presets.SINGLE, PAIRS, FULL).
    ("level", presets.DEFAULT_LEVEL, 0, len(presets.LEVEL_NAMES) - 1, presets.LEVEL_TITLES),
    ("kind", 0, 0, 2, ("No guess", "Random", "Kind")),   # presets.NO_GUESS, RANDOM, KIND
    ("lives", 0, 0, 2, ("1", "3", "5")),                  # index into game.LIVES_CHOICES
    ("marks", 1, 0, 1, _OFF_ON),                          # wrong-flag marks
    ("sound", 1, 0, 1, _OFF_ON),
    # puzzle mode (mines.puzzle.play): an index in SIZES, and the level
    ("psize", 0, 0, 2, ("Small 8x6", "Medium 10x7", "Large 20x15")),
    ("plevel", 0, 0, 2, ("Easy", "Medium", "Hard")),
)


def field(name):
    """The FIELDS row of ``name``; KeyError for an unknown one."""
    for row in FIELDS:
        if row[0] == name:
            return row
    raise KeyError("no setting %r" % (name,))


class Settings:
    """The current value of every field, as attributes named after the fields (read them
    freely; change them through ``set`` or ``step``). ``version`` grows on every change."""

    def __init__(self):
        self.version = 0
        for row in FIELDS:
            setattr(self, row[0], row[1])

    def set(self, name, value):
        """Set field ``name`` to ``value``. Returns None, or a one-line message (and changes
        nothing) when the value is outside the field's range. Choosing a preset board also sets
        its size and mines."""
        _, _, lo, hi, _ = field(name)
        if not isinstance(value, int) or not lo <= value <= hi:
            return "%s must be %d to %d (got %r)" % (name, lo, hi, value)
        setattr(self, name, value)
        if name == "board" and value != CUSTOM:
            _, self.width, self.height, self.mines = presets.PRESETS[value]
        elif name in ("width", "height", "mines"):
            self.board = CUSTOM
        self.version += 1
        return None

    def check(self):
        """None if the board parameters make a board, else why not, in a line for the screen
        (presets.check_params, the one judge, says it at length)."""
        err = presets.check_params(self.width, self.height, self.mines, self.level)
        top = presets.max_mines(self.width, self.height, self.level)
        if err and self.mines > top:   # (the menu's only way to a board that cannot be)
            return "Too many mines (max %d)" % top
        return err

    def step(self, name, delta):
        """The menu's left/right: move field ``name`` by ``delta``. Choices wrap round;
        numbers stop at their ends (and change nothing there). A new width or height leaves
        the mines as they are, unless the size can no longer hold them (then the most it can);
        the mines stop at what the size allows."""
        _, _, lo, hi, names = field(name)
        value = getattr(self, name) + delta
        if name == "mines":
            hi = presets.max_mines(self.width, self.height, self.level)
        if names is not None:
            value = lo + (value - lo) % (hi - lo + 1)
        else:
            value = max(lo, min(hi, value))
        if value == getattr(self, name):
            return
        self.set(name, value)
        if name == "width" or name == "height":
            self.mines = min(self.mines, presets.max_mines(self.width, self.height, self.level))

    def key(self):
        """What makes two games the same kind (width, height, mines, level, board kind, lives;
        the last two 0 for no-guess boards with one life, so older keys stay), packed into one
        small int so that comparing it every frame allocates nothing."""
        return (presets.board_key(self.width, self.height, self.mines, self.level, self.kind)
                | self.lives << 24)

    def density(self):
        """Mines per hundred cells, rounded."""
        return (self.mines * 100 + (self.width * self.height) // 2) // (self.width * self.height)

    def text(self, name):
        """The value of field ``name`` as the menu shows it."""
        if name == "mines":
            return "%d (%d%%)" % (self.mines, self.density())
        names = field(name)[4]
        value = getattr(self, name)
        if names is not None:
            return names[value - field(name)[2]]
        return str(value)

    def board_name(self):
        return self.text("board")
