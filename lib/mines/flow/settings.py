"""The player's settings as a table of fields, and the one object that holds their values.

``FIELDS`` is the table: one row per setting, ``(name, default, lowest, highest, choice)``, where
``choice`` is None for a plain number and 1 for a choice among names (its values 0 up, named
where they are shown: ``texts.setting_text``, loaded with the menus, not all game long).
Every value is a small int. A new setting is one row here (saves iterate the table, the menu
names a field by its row's name); a field whose range depends on others (the mines) is checked
by ``presets.check_params``, the one judge of board parameters.

Kept apart from the midend so that each module stays small enough to compile on the device.
"""

from mines._const import const
from mines.engine import presets

CUSTOM = len(presets.PRESETS)  # the "board" value meaning a custom size, after the presets
_BOARD = const(3)  # the first board: "Screen", the one that fills the screen (a test checks)

# name, default, lowest, highest, choice (1: a choice among names; None: a number)
FIELDS = (
    ("quick", 1, 0, 1, 1),   # Classic, Quick start
    ("board", _BOARD, 0, CUSTOM, 1),   # the presets by name, then Custom
    ("width", presets.PRESETS[_BOARD][1], presets.MIN_WIDTH, presets.MAX_WIDTH, None),
    ("height", presets.PRESETS[_BOARD][2], presets.MIN_HEIGHT, presets.MAX_HEIGHT, None),
    ("mines", presets.PRESETS[_BOARD][3], 1,
     presets.max_mines(presets.MAX_WIDTH, presets.MAX_HEIGHT, presets.FULL), None),
    # The reasoning a board needs, as players know it: one number at a time, pairs of numbers,
    # counting and case splits (presets.SINGLE, PAIRS, FULL).
    ("level", presets.DEFAULT_LEVEL, 0, len(presets.LEVEL_NAMES) - 1, 1),
    ("kind", 0, 0, 2, 1),    # presets.NO_GUESS, RANDOM, KIND
    ("lives", 0, 0, 2, 1),   # index into game.LIVES_CHOICES
    ("marks", 1, 0, 1, 1),   # wrong-flag marks, off or on
    ("sound", 1, 0, 1, 1),
    # puzzle mode (mines.puzzle.play): an index in SIZES, and the level
    ("psize", 0, 0, 2, 1),
    ("plevel", 0, 0, 2, 1),
)


def field(name):
    """The FIELDS row of ``name``; KeyError for an unknown one."""
    for row in FIELDS:
        if row[0] == name:
            return row
    raise KeyError("no setting %r" % (name,))


class Settings:
    """The current value of every field, as attributes named after the fields (read them
    freely; change them through ``set``, or the menu's ``menus.step_setting``; ``texts.setting_text``
    shows them). ``version`` grows on every change."""

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

    def key(self):
        """What makes two games the same kind (width, height, mines, level, board kind, lives;
        the last two 0 for no-guess boards with one life, so older keys stay), packed into one
        small int so that comparing it every frame allocates nothing."""
        return (presets.board_key(self.width, self.height, self.mines, self.level, self.kind)
                | self.lives << 24)
