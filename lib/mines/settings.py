"""The game's parameters and the menu that edits them: mode (quick start or classic), board
(a preset or custom width, height and density), reasoning level and sound.

Kept apart from the midend so that each module stays small enough to compile on the device, and
so that settings can later be packed into the PyGamer's 256-byte NVM on their own.
"""

from mines import presets

# Menu rows.
ROW_MODE = 0
ROW_BOARD = 1
ROW_WIDTH = 2
ROW_HEIGHT = 3
ROW_MINES = 4
ROW_LEVEL = 5
ROW_SOUND = 6
ROW_START = 7
MENU_ROWS = 8

CUSTOM = len(presets.PRESETS)  # the "Custom" board choice, after the presets
MIN_DENSITY = 5  # percent; the top is presets.MAX_DENSITY_PERCENT


class Settings:
    """Parameters. ``width`` x ``height`` cells, ``mines``, ``level`` (presets.SINGLE, PAIRS,
    FULL), ``quick`` (quick start), ``sound``; ``choice`` indexes presets.PRESETS or is CUSTOM.
    Every value the menu can reach passes presets.check_params."""

    def __init__(self):
        self.quick = True
        self.choice = 0
        for k in range(len(presets.PRESETS)):
            if presets.PRESETS[k][0] == "Screen":  # the board that fills the screen
                self.choice = k
        _, self.width, self.height, self.mines = presets.PRESETS[self.choice]
        self.level = presets.DEFAULT_LEVEL
        self.sound = True

    def key(self):
        """What makes two boards the same kind (width, height, mines, level), packed into one
        small int so that comparing it every frame allocates nothing."""
        return self.width | self.height << 5 | self.mines << 10 | self.level << 20

    def density(self):
        """Mines per hundred cells, rounded."""
        return (self.mines * 100 + (self.width * self.height) // 2) // (self.width * self.height)

    def board_name(self):
        if self.choice == CUSTOM:
            return "Custom"
        return presets.PRESETS[self.choice][0]

    def _set_density(self, pct):
        mines = self.width * self.height * pct // 100
        top = presets.max_mines(self.width, self.height, self.level)
        self.mines = max(1, min(top, mines))

    def adjust(self, row, step):
        """Change the value on menu ``row`` by ``step`` (+1 or -1), wrapping at the ends."""
        if row == ROW_MODE:
            self.quick = not self.quick
        elif row == ROW_BOARD:
            self.choice = (self.choice + step) % (CUSTOM + 1)
            if self.choice != CUSTOM:
                _, self.width, self.height, self.mines = presets.PRESETS[self.choice]
        elif row == ROW_WIDTH or row == ROW_HEIGHT:
            pct = self.density()
            if row == ROW_WIDTH:
                lo, hi, v = presets.MIN_WIDTH, presets.MAX_WIDTH, self.width
            else:
                lo, hi, v = presets.MIN_HEIGHT, presets.MAX_HEIGHT, self.height
            v = lo + (v - lo + step) % (hi - lo + 1)
            if row == ROW_WIDTH:
                self.width = v
            else:
                self.height = v
            self.choice = CUSTOM
            self._set_density(pct)
        elif row == ROW_MINES:
            pct = self.density() + step
            top = presets.max_percent(self.width, self.height, self.level)
            if pct > top:
                pct = MIN_DENSITY
            elif pct < MIN_DENSITY:
                pct = top
            self._set_density(pct)
            self.choice = CUSTOM
        elif row == ROW_LEVEL:
            self.level = (self.level + step) % len(presets.LEVEL_NAMES)
        elif row == ROW_SOUND:
            self.sound = not self.sound

    def menu_lines(self):
        """The menu as (label, value) pairs, one per row."""
        return (
            ("Mode", "Quick start" if self.quick else "Classic"),
            ("Board", self.board_name()),
            ("Width", str(self.width)),
            ("Height", str(self.height)),
            ("Mines", "%d (%d%%)" % (self.mines, self.density())),
            ("Level", presets.LEVEL_NAMES[self.level]),
            ("Sound", "on" if self.sound else "off"),
            ("Play", ""),
        )
