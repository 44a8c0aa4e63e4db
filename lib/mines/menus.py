"""Text screens as data: menus (rows of label, value, action) and pages (lines to read).

A ``Menu`` row is ``(label, field, action)``: ``field`` names a setting (mines.settings.FIELDS)
whose value the row shows and left/right change, or is None; ``action`` is what A does there,
a word the midend acts on: "play", "resume", "new", "menu", "back", "top" (move the cursor to
the menu's last row, its main action), or the name of a screen in ``SCREENS`` to open.

A screen other than the two menus here is a module with ``make(midend) -> Menu or Page``, plus
one line in ``SCREENS``: it is imported only when opened, so a player pays RAM only for the
screens they use.
"""

# Screen name -> module that makes it (imported when the screen is opened).
SCREENS = {
    "help": "mines.help",
}

# Button names for footers and help: device buttons; a front end may pass its own (keyboard).
DEVICE_BUTTONS = ("Up", "Down", "Left", "Right", "A", "B", "START", "SELECT")

_A = 4  # index of A in a button-name tuple (keys.A == 1 << 4)
_B = 5
_START = 6
_SELECT = 7

MAIN_ROWS = (
    ("Mode", "quick", "top"),
    ("Board", "board", "top"),
    ("Width", "width", "top"),
    ("Height", "height", "top"),
    ("Mines", "mines", "top"),
    ("Level", "level", "top"),
    ("Sound", "sound", "top"),
    ("Help", None, "help"),
    ("Play", None, "play"),
)

PAUSE_ROWS = (
    ("Resume", None, "resume"),
    ("New board", None, "new"),
    ("Help", None, "help"),
    ("Menu", None, "menu"),
)


class Menu:
    """A list of rows with a cursor (``row``). ``name`` identifies the screen; ``title``
    heads it; ``back`` is the action of B (None: B does nothing here)."""

    is_menu = True

    def __init__(self, name, title, rows, row=0, back=None):
        self.name = name
        self.title = title
        self.rows = rows
        self.row = row
        self.back = back

    def move(self, step):
        """Cursor up (-1) or down (+1), wrapping round."""
        self.row = (self.row + step) % len(self.rows)

    def find(self, action):
        """The first row whose action is ``action``, or -1."""
        for k in range(len(self.rows)):
            if self.rows[k][2] == action:
                return k
        return -1

    def lines(self, settings):
        """(label, value text) per row; value text "" for rows without a field."""
        out = []
        for label, name, _ in self.rows:
            out.append((label, settings.text(name) if name else ""))
        return out

    def footer(self, buttons):
        """What the buttons do on the current row, in the front end's ``buttons`` names."""
        _, name, action = self.rows[self.row]
        if name:
            return "<>: change  %s: to %s" % (buttons[_A], self.rows[-1][0])
        if action in SCREENS:
            return "%s: open  %s: back" % (buttons[_A], buttons[_B]) if self.back else (
                "%s: open" % buttons[_A])
        return "%s: %s" % (buttons[_A], self.rows[self.row][0].lower())


class Page:
    """Lines of text to read; any of A, B, START or SELECT goes back."""

    is_menu = False

    def __init__(self, name, title, lines):
        self.name = name
        self.title = title
        self.text = lines
        self.row = -1
        self.back = "back"

    def lines(self, settings):
        return [(line, "") for line in self.text]

    def footer(self, buttons):
        return "%s or %s: back" % (buttons[_A], buttons[_B])


class Screens:
    """The stack of text screens in front of the board (``top``: the one shown, or None when
    the board is). ``press`` turns a button into an action word for the midend: a row's action
    for A, "less"/"more" for left/right on a row with a field, "back" for B, or None."""

    def __init__(self, main):
        self.main = main
        self.stack = [main]
        self.top = main

    def to_main(self):
        self.stack = [self.main]
        self.top = self.main

    def show_board(self):
        self.stack = []
        self.top = None

    def open(self, screen):
        self.stack.append(screen)
        self.top = screen

    def back(self):
        """Close the top screen; False when it is the only one."""
        if len(self.stack) < 2:
            return False
        self.stack.pop()
        self.top = self.stack[-1]
        return True

    def press(self, button, keys):
        """The action for ``button`` (one of mines.keys, passed as ``keys``) on the top screen."""
        top = self.top
        row = top.rows[top.row] if top.is_menu else None
        if button == keys.UP or button == keys.DOWN:
            if row:
                top.move(-1 if button == keys.UP else 1)
                return "moved"
        elif button == keys.LEFT or button == keys.RIGHT:
            if row and row[1]:
                return "less" if button == keys.LEFT else "more"
        elif button == keys.A:
            return row[2] if row else top.back
        elif button == keys.B or button == keys.SELECT:
            if len(self.stack) > 1:
                return "back"
            return "menu" if button == keys.SELECT and top.name == "pause" else top.back
        elif button == keys.START:
            return "resume" if top.name == "pause" else ("play" if top.name == "main" else None)
        return None


def main_menu():
    return Menu("main", "PyGamer Mines", MAIN_ROWS, row=len(MAIN_ROWS) - 1)


def pause_menu():
    return Menu("pause", "Paused", PAUSE_ROWS, back="resume")


def make(name, midend):
    """The screen called ``name`` (a key of SCREENS), made by its module."""
    module = __import__(SCREENS[name], None, None, ["make"])
    return module.make(midend)
