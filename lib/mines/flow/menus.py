"""Text screens as data: menus (rows of label, value, action) and pages (lines to read).

A ``Menu`` row is ``(label, field, action)``: ``field`` names a setting (settings.FIELDS)
whose value the row shows and left/right change, or is None; ``action`` is what A does there,
a word the midend acts on: "play", "resume", "kept" (the game an error sent to the menu, put
back: ``offer_kept``), "hint", "again" (the same board and start),
"new", "menu", "back", "top" (move the cursor to the menu's first row, its main action), or the
name of a screen in ``SCREENS`` to open. A page (lines to read) scrolls with up and down when it
has more than ``PAGE_ROWS`` lines.

A screen other than the two menus here is a module with ``make(midend) -> Menu or Page``, plus
one line in ``SCREENS``: it is imported only when opened, so a player pays RAM only for the
screens they use.
"""

from mines.flow.keys import UP, DOWN, LEFT, RIGHT, A, B, START, SELECT, DEVICE_BUTTONS  # noqa: F401
from mines._const import const
from mines.engine.presets import max_mines
from mines.flow.settings import field
from mines.flow.states import PAUSED
from mines.flow.texts import setting_text

_A_NAME = const(4)  # keys.A is 1 << 4: its name's place in a button-name tuple
_B_NAME = const(5)
_FAST_AFTER = const(8)  # held presses on a number row before it moves 5 at a time
_FASTER_AFTER = const(24)  # ... and 20 at a time

# Screen name -> the module of mines.flow that makes it (imported when the screen is opened).
SCREENS = {
    "help": "help_screen",
    "records": "records_screen",  # and the screens its menu opens:
    "stats": "records_screen",
    "best": "records_screen",
    "reset": "records_screen",
    "system": "records_screen",
    "code": "code_screen",
    "puzzle": "puzzle_screen",
    "puzzle_best": "puzzle_times_screen",
    "puzzle_help": "help_screen",
}

PAGE_ROWS = 8  # the lines a page shows at once (the most that fit under the status bar)

MAIN_ROWS = (
    ("Play", None, "play"),
    ("Help", None, "help"),
    ("Mode", "quick", "top"),
    ("Board", "board", "top"),
    ("Width", "width", "top"),
    ("Height", "height", "top"),
    ("Mines", "mines", "top"),
    ("Level", "level", "top"),
    ("Kind", "kind", "top"),
    ("Lives", "lives", "top"),
    ("Marks", "marks", "top"),
    ("Sound", "sound", "top"),
    ("Code", None, "code"),
    ("Records", None, "records"),
    ("Puzzle mode", None, "puzzle"),
)

# What a setting's value means: the setting's name, then a line (26 characters at most) per
# value, "|" between them (one string a setting: fewer objects in the heap). The menu's footer
# says it while the cursor is on the setting's row (``footer``).
WHY = (
    "quick", "Made from your first open|Made now: start at the dot",
    "level", "One number at a time|Needs pairs of numbers|Needs counts, case splits",
    "kind", "Never needs a guess|Random: may need a guess|Forced guesses made safe",
    "lives", "A mine ends the game|A mine costs 1 of 3 lives|A mine costs 1 of 5 lives",
    "marks", "Flags are never checked|Marks flags proven wrong",
    "plevel", "One clue at a time|Needs pairs of clues|Needs case splits, counts",
)

# The main menu's first row while the save keeps the game an error sent to the menu.
KEPT_ROW = ("Resume", None, "kept")

PAUSE_ROWS = (
    ("Resume", None, "resume"),
    ("New board", None, "new"),
    ("Help", None, "help"),
    ("Menu", None, "menu"),
    ("Hint", None, "hint"),
    ("Same board again", None, "again"),
)


class Menu:
    """A text screen: ``name`` identifies it, ``title`` heads it, ``rows`` as above, ``row``
    is the cursor (-1 on a page: nothing to choose), ``back`` the action of B (None: B does
    nothing here); ``top`` is a page's first line in view."""

    top = 0

    def __init__(self, name, title, rows, row=0, back="back"):
        self.name = name
        self.title = title
        self.rows = rows
        self.row = row
        self.back = back

    def lines(self, settings):
        """(label, value text) per row; value text "" for rows without a field."""
        out = []
        for label, name, _ in self.rows:
            out.append((label, setting_text(settings, name) if name else ""))
        return out


def footer(m):
    """The menu's bottom line (two with a newline): a message, or what the keys do here and,
    on a setting's row, what its value means."""
    if m.message:
        return m.message
    screen = m.screen
    keys = m.buttons
    a = keys[_A_NAME]
    if hasattr(screen, "footer"):   # a screen with keys of its own (code entry)
        return screen.footer(keys)
    if screen.row < 0:
        if len(screen.rows) > PAGE_ROWS:
            return "%s/%s: scroll  %s: back" % (keys[0], keys[1], a)
        return "%s or %s: back" % (a, keys[_B_NAME])
    label, name, action = screen.rows[screen.row]
    if name:
        line = "<>: change  %s: to %s" % (a, screen.rows[0][0].split()[0])
        for k in range(0, len(WHY), 2):   # what the value means, where it needs a word
            if WHY[k] == name:
                return WHY[k + 1].split("|")[getattr(m.settings, name)] + "\n" + line
        return line
    if action == "back":
        return "%s or %s: back" % (a, keys[_B_NAME])
    line = "%s: %s" % (a, "open" if action in SCREENS else label.lower())
    if screen.back == "back":
        line += "  %s: back" % keys[_B_NAME]
    if action == "kept":
        line = "Your game as last saved\n" + line
    return line


def offer_kept(m):
    """The save keeps the game an error sent to the menu (save_part.Saves.kept): the main menu
    in front gets a first row, where its cursor opens, that puts it back."""
    screen = m.screen
    if screen.rows[0][2] != "kept":
        screen.rows = (KEPT_ROW,) + screen.rows
        if screen.row > 0:  # moved already (a key in this frame): it stays on its row
            screen.row += 1
        m.redraw()


def page(name, title, lines):
    """A page: lines of text to read, no cursor; A or B goes back."""
    return Menu(name, title, tuple((line, None, None) for line in lines), -1)


def make(name, midend):
    """The screen called ``name`` (a key of SCREENS), made by its module."""
    module = __import__("mines.flow." + SCREENS[name], None, None, ["make"])
    return module.make(midend)


def press(m, button):
    """What ``button`` (one of keys) does on midend ``m``'s text screen in front: up and
    down move the cursor (on a page: scroll it), left and right change the row's setting, A
    does the row's action (on a page: back), B goes back, SELECT too (from the pause menu: to
    the main menu), START plays from the main menu and resumes from the pause menu."""
    screen = m.screen
    if hasattr(screen, "press"):   # a screen with keys of its own (code entry)
        screen.press(m, button)
        return
    row = screen.rows[screen.row] if screen.row >= 0 else None
    action = None
    if button == UP or button == DOWN:
        step = 1 if button == DOWN else -1
        if row:
            screen.row = (screen.row + step) % len(screen.rows)
            m.redraw()
        elif 0 <= screen.top + step <= len(screen.rows) - PAGE_ROWS:
            screen.top += step
            m.redraw()
    elif button == LEFT or button == RIGHT:
        if row and row[1]:
            adjust(m, row[1], -1 if button == LEFT else 1)
    elif button == A:
        action = row[2] if row else screen.back
    elif button == B or button == SELECT:
        if m.back():
            return
        action = "menu" if button == SELECT and m.state == PAUSED else screen.back
    elif button == START:
        if m.state == PAUSED:
            action = "resume"
        elif screen.name == "main":
            action = "play"
    if action:
        act(m, action)


def adjust(m, name, direction):
    """Left (-1) or right (+1) on the menu row of setting ``name``; held down (``m.held``:
    presses of one button in a row), the mines move 5 and then 20 at a time."""
    step = direction
    if name == "mines" and m.held >= _FAST_AFTER:
        step *= 20 if m.held >= _FASTER_AFTER else 5
    step_setting(m.settings, name, step)
    m.redraw()


def step_setting(s, name, delta):
    """The menu's left/right: move setting ``name`` of ``s`` (a settings.Settings) by
    ``delta``. Choices wrap round; numbers stop at their ends (and change nothing there). A new
    width or height leaves the mines as they are, unless the size can no longer hold them (then
    the most it can); the mines stop at what the size allows."""
    _, _, lo, hi, choice = field(name)
    value = getattr(s, name) + delta
    if name == "mines":
        hi = max_mines(s.width, s.height, s.level)
    if choice:
        value = lo + (value - lo) % (hi - lo + 1)
    else:
        value = max(lo, min(hi, value))
    if value == getattr(s, name):
        return
    s.set(name, value)
    if name == "width" or name == "height":
        s.mines = min(s.mines, max_mines(s.width, s.height, s.level))


def act(m, action):
    """Do menu action ``action`` on midend ``m`` (see the module's docstring)."""
    if action == "play" or (action == "new" and not m.mode):
        m.start_game()
    elif action == "puzzle_play" or action == "new":
        m.start_puzzle()
    elif action in ("undo", "redo", "check"):
        m.puzzle.action(m, action)
    elif action == "resume":
        m.resume()
    elif action == "kept":
        from mines.flow.save_work import put_back
        put_back(m)
    elif action == "hint":
        m.resume()
        m.hint()
    elif action == "again":
        again(m)
    elif action == "menu":
        m.to_menu()
    elif action == "back":
        m.back()
    elif action == "reset stats":
        m.back()
        from mines.flow.save_work import reset_stats
        reset_stats(m)
    elif action == "top":
        m.screen.row = 0
        m.redraw()
    elif action in SCREENS:
        m.open(make(action, m))


def again(m):
    """The same board and start again."""
    if m.board_start is None or m.game is None:
        m.start_game()
        return
    play_board(m, m.seed, m.board_start)


def play_board(m, seed, start):
    """Make and play the board of the settings with ``seed`` and ``start`` (x, y): the same
    arguments always give the same board."""
    err = m.settings.check()
    if err:
        m.say(err)
        return
    m.show_board()
    m.start_board(start, seed)
