"""The words on every screen (issue 20). Each screen names the keys of the device it runs on; every
text fits the 160x128 screen: every menu (each row, each value's line), every page at every scroll
position, the code screen, the puzzle screens, the pause menus, the status bar in every state and
with every message, the end panels, rendered through the simulator (Blinka displayio, headless)
for each profile's key names and read back from the pixels, whole; and a message lives as long as
its answer: until the next key, another screen, or a few seconds, and then the footer says what
the keys do again."""

import ast
import os
import re
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(REPO, "tools"))

import screenshots as S  # noqa: E402
from game_helpers import Driver, menu_set, to_row, walk, winning_script  # noqa: E402
from test_screen import GREY, WHITE, YELLOW, read_label, read_text  # noqa: E402

from mines.flow import menus  # noqa: E402
from mines.flow import midend as M  # noqa: E402
from mines.flow.save_work import current  # noqa: E402
from mines.flow.texts import setting_text  # noqa: E402
from mines.engine.view_text import is_mine  # noqa: E402

COLUMNS = 26          # 160 pixels of 6-pixel characters
BAR_WORD = 17         # the status bar's middle, beside the mines and the clock
GREEN = (64, 255, 64)
RED = (255, 32, 32)
STATE_COLOURS = ((255, 255, 255), (255, 255, 255), YELLOW, (255, 255, 255), YELLOW, GREEN, RED)


def profile_names():
    """Each profile's key names as its module sets them (BUTTON_NAMES, read from the source:
    the device profiles need hardware to import), else the midend's default."""
    out = {}
    for name in ("pygamer", "pybadge", "desktop"):
        names = menus.DEVICE_BUTTONS
        with open(os.path.join(REPO, "boards", name + ".py")) as f:
            tree = ast.parse(f.read())
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "BUTTON_NAMES"
                                                    for t in node.targets):
                names = ast.literal_eval(node.value)
        out[name] = names
    return out


PROFILES = profile_names()


def test_profiles_name_nine_keys_and_the_simulator_its_hint_key():
    assert PROFILES["desktop"][8] == "H" and PROFILES["desktop"][4:6] == ("Z", "X")
    assert PROFILES["pygamer"] == PROFILES["pybadge"] == menus.DEVICE_BUTTONS
    for names in PROFILES.values():
        assert len(names) == 9


class Fit:
    """A scene (midend, view, driver) whose screen is checked after each step: ``look(what)``
    renders it and reads every text back from the pixels."""

    def __init__(self, profile, seed=7):
        self.profile = profile
        self.keys = PROFILES[profile]
        self.s = S.Scene(seed, buttons=self.keys)
        self.m = self.s.m
        self.d = self.s.d
        self.looked = 0

    def press(self, *buttons):
        self.d.press(*buttons)
        return self

    def look(self, what=""):
        s, m = self.s, self.m
        s.show()
        where = "%s: %s (%s)" % (self.profile, what, m.screen.name if m.screen else m.state)
        if m.screen is not None:
            self.text_screen(where)
        if m.state != M.MENU:
            self.bar(where)
        if m.screen is None and m.state in (M.WON, M.LOST):
            self.panel(where)
        self.looked += 1
        return self

    def text_screen(self, where):
        s, m = self.s, self.m
        text = s.view.text
        screen = m.screen
        top = 8 if m.state != M.MENU else 0
        assert len(screen.title) <= COLUMNS, where
        assert read_label(s, top, YELLOW) == screen.title, where
        lines = screen.lines(m.settings)
        first = text.first
        for k in range(first, first + text.in_view):
            name, value = lines[k]
            if value:
                # the name clear of the "<" before the value, the ">" after it on the screen
                assert len(name) <= 6 and 8 + len(value) + 1 <= COLUMNS, (where, name, value)
                want = name.ljust(8) + value
            else:
                want = ("  " if screen.row >= 0 else "") + name
            assert len(want) <= COLUMNS, (where, want)
            got = read_label(s, top + 13 + 11 * (k - first), WHITE)
            assert got == want.rstrip(), (where, got, want)
        if screen.row >= 0 and lines[screen.row][1]:
            assert 0 <= text.left.x and text.right.x + 6 <= 160, where
        footer = m.footer()
        from boards.text_screen import wrap
        a, b = wrap(footer, COLUMNS)
        assert " ".join(footer.split()) == " ".join((a + " " + b).split()), (where, footer)
        if not m.message:   # the keys' line, cut where it wraps: a key stays with its word
            assert not a.endswith(":"), (where, footer)
        colour = YELLOW if m.message else GREY
        if b:
            assert read_label(s, 128 - 24, colour) == a, (where, footer)
            assert read_label(s, 128 - 12, colour) == b, (where, footer)
        else:
            assert read_label(s, 128 - 12, colour) == a, (where, footer)

    def bar(self, where):
        s, m = self.s, self.m
        status = m.status()
        assert len(status) <= COLUMNS, (where, status)
        colour = STATE_COLOURS[m.state]
        if len(status) > BAR_WORD:   # the whole bar: the mines and the clock give way
            assert s.view.mines_label.text == s.view.time_label.text == "", where
        got = read_text(s, 0, 0, 160, colour)
        assert got == status, (where, got, status)

    def panel(self, where):
        s, m = self.s, self.m
        lines = m.result_lines()
        top = s.view._band.y + 2
        for k, line in enumerate(lines):
            assert len(line) <= COLUMNS, (where, line)
            colour = (GREEN if m.state == M.WON else RED) if k == 0 else GREY
            assert read_label(s, top + 12 * k, colour, x0=2) == line, (where, line)


def each_row(f, what):
    """Look at every row of the menu in front (and every value of the rows that say what their
    value means), in order, back on the row it started on."""
    m = f.m
    screen = m.screen
    for _ in range(len(screen.rows)):
        f.look("%s row %d" % (what, screen.row))
        name = screen.rows[screen.row][1]
        if name in ("quick", "level", "kind", "lives", "marks", "plevel"):
            before = getattr(m.settings, name)
            while True:
                f.press(M.RIGHT).look("%s %s=%d" % (what, name, getattr(m.settings, name)))
                if getattr(m.settings, name) == before:
                    break
        f.press(M.DOWN)


def each_line(f, what):
    """Look at a page at every scroll position, top to bottom."""
    m = f.m
    for k in range(max(1, len(m.screen.rows) - menus.PAGE_ROWS + 1)):
        assert m.screen.top == k
        f.look("%s from line %d" % (what, k))
        f.press(M.DOWN)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_menu_page_and_row_fits_and_names_the_keys(profile):
    from mines.saves.records import MAX_COUNT, MAX_MS, MAX_SECONDS
    from mines.flow.records_screen import _board
    f = Fit(profile)
    m, d = f.m, f.d
    keys = f.keys
    assert m.footer() == "%s: play" % keys[4]
    each_row(f, "main")
    to_row(d, "help")
    f.press(M.A)
    assert any(line.startswith(keys[8] + ": a hint") for line, _, _ in m.screen.rows)
    each_line(f, "help")
    f.press(M.B)
    # Records, with the largest numbers a save holds, on the longest board name.
    s = m.settings
    for name, value in (("width", 30), ("height", 24), ("mines", 324), ("level", 1),
                        ("kind", 1)):
        s.set(name, value)
    to_row(d, "records")
    f.press(M.A)
    each_row(f, "records")
    records = current(m.saves)
    key = _board(m)[0]
    for k in range(80):
        records.set_stats(key + k * 1024 if k else key, MAX_COUNT, MAX_COUNT, MAX_COUNT,
                          MAX_COUNT, MAX_COUNT, MAX_SECONDS)
    for k in range(5):
        records.add_best(key, MAX_MS - k, 255, 255)
        records.add_best(key, 999999 - k, 9, 4)
    f.press(M.A).look("statistics")
    f.press(M.B, M.DOWN, M.A)
    each_line(f, "best times")
    f.press(M.B, M.DOWN, M.A)
    each_row(f, "reset")
    f.press(M.B, M.B)
    # The code screen: a board code, a puzzle code.
    to_row(d, "code")
    f.press(M.A).look("code")
    assert m.footer() == "%s/%s: letter  <>: move\n%s: play  %s: back" % (
        keys[0], keys[1], keys[4], keys[5])
    f.press(M.UP, M.RIGHT, M.UP).look("code typed")
    f.press(M.LEFT, *[M.UP] * 7).look("a puzzle code")
    assert len(m.screen.text()) == 10
    f.press(M.B)
    # The puzzle menu, its pages.
    to_row(d, "puzzle")
    f.press(M.A)
    each_row(f, "puzzle")
    while m.screen.rows[m.screen.row][2] != "puzzle_help":
        f.press(M.DOWN)
    f.press(M.A)
    assert m.screen.title == "How to play"
    each_line(f, "how to play")
    f.press(M.B, M.DOWN, M.A).look("puzzle best, none")
    f.press(M.B)
    from mines.engine.rng import Rng
    from mines.flow.puzzle_part import PuzzleMode, best_times
    m.set_puzzle(PuzzleMode(Rng(1), best_times()))  # the session's best times, as a puzzle gives
    m.set_puzzle(None)                              # (puzzle mode off again: the times stay)
    for k in range(9):
        m.puzzle_best[k] = (12345, 99999, 4294967295)[k % 3]
    f.press(M.A).look("puzzle best times")
    assert f.looked > 50


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_resume_row_of_a_game_kept_after_an_error_fits(profile):
    """The main menu after an error keeps the game (Midend.fail): its Resume row first, the
    message, then the row's line and every other row (the footers now name Resume), fit."""
    from mines.flow.save_part import attach
    from mines.saves.slots import STORE_SIZE
    f = Fit(profile)
    m, d = f.m, f.d
    attach(m, bytearray(STORE_SIZE))
    d.press(M.A)
    assert d.until(M.PLAYING, 5000)
    d.press(M.A)
    d.run(10)
    m.saves.write(m)
    m.fail("No memory: 20x15 board")
    d.run(1)
    assert m.screen.rows[0][2] == "kept" and m.screen.row == 0
    f.look("kept, message")
    d.now += 5000
    d.run(1)
    assert m.footer() == "Your game as last saved\n%s: resume" % f.keys[4]
    each_row(f, "main with Resume")


def test_every_message_fits_where_it_shows():
    """Every message the game says, in the status bar (while a board is in front: 26
    characters, the mines and clock giving way) and in a menu's footer (two lines): the list
    below is checked against the code (test_every_message_in_the_code_is_listed)."""
    f = Fit("desktop")
    m, d = f.m, f.d
    for text in FOOTER_MESSAGES:
        m.say(text)
        f.look("footer message")
    f.press(M.A)
    d.until(M.PLAYING, 5000)
    for text in BAR_MESSAGES:
        m.say(text)
        f.look("status message")
        assert m.message == text


# Messages said while a board is in front (the status bar), with their largest numbers.
BAR_MESSAGES = (
    "Open a cell first", "Cancelled", "Flag mines first", "Start at the dot",
    "Life lost: 4 left", "Thinking...", "Thinking", "Thinking.", "Thinking..",
    "No memory for hints", "Kind: mines moved",
    "Safe: one number", "Mine: two numbers", "Safe: case split", "Mine: mine count",
    "Wrong flag", "999 wrong flags", "Guess: 100% mine", "No hint",
    "A clue: no mark", "Nothing to undo", "Nothing to redo", "999 wrong marks",
    "1 wrong mark", "No wrong mark", "Hint: a mine here", "Hint: clear here",
    "Not saved: No space left o", "Sound off: Unable to",
)
# Messages a menu shows (its footer, two lines): those above too, and the menus' own.
FOOTER_MESSAGES = BAR_MESSAGES + (
    "No memory: 30x24 board", "No memory: 20x15 puzzle", "Not enough memory",
    "Could not make this board", "could not make this board in time: try fewer mines",
    "Save damaged: using defaults", "Save damaged: using the previous save",
    "No save memory: nothing is kept", "Statistics reset", "Too many mines (max 324)",
    "check failed: a character is mistyped", "not a board this game makes (check the code)",
    "not a board this game makes", "that is a board code, not a puzzle code",
    "that is a puzzle code, not a board code", "no code typed",
)


def test_every_message_in_the_code_is_listed():
    """Each literal message the code says (``say("...")`` or ``say("..." % ...)``, and the
    jobs' and codes' reasons a menu shows) matches one of the lists above."""
    listed = FOOTER_MESSAGES
    found = 0
    for folder, name in [(f, n) for top in ("lib/mines", "boards")
                         for f, _dirs, names in sorted(os.walk(os.path.join(REPO, top)))
                         for n in sorted(names) if n.endswith(".py")]:
        with open(os.path.join(folder, name)) as fh:
            tree = ast.parse(fh.read())
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "say"
                    and node.args):
                continue
            arg = node.args[0]
            if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Mod):
                arg = arg.left
            if isinstance(arg, ast.IfExp):
                texts = [arg.body, arg.orelse]
            else:
                texts = [arg]
            for t in texts:
                if isinstance(t, ast.BinOp):
                    t = t.left
                if isinstance(t, ast.Constant) and isinstance(t.value, str) and t.value:
                    pattern = "^" + re.escape(t.value).replace("%d", r"\d+").replace(
                        "%s", ".*").replace("%%", "%") + "$"
                    assert any(re.match(pattern, x) for x in listed), (name, t.value)
                    found += 1
    assert found > 15


NINE_HOURS_59 = (9 * 60 + 59) * 60 * 1000   # a clock of 9:59:xx, the longest it shows


def test_the_game_and_puzzle_screens_fit_for_every_profile():
    for profile in sorted(PROFILES):
        f = Fit(profile, seed=5)
        m, d = f.m, f.d
        keys = f.keys
        menu_set(d, "quick", lambda m: m.settings.quick == 0)
        menu_set(d, "board", lambda m: setting_text(m.settings, "board") == "Beginner")
        menu_set(d, "lives", lambda m: m.settings.lives == 2)
        to_row(d, "play")
        f.press(M.A).look("ready")
        assert m.status() == "%s: open a cell" % keys[4]
        f.press(M.A)
        if m.state == M.GENERATING:
            f.look("generating")
            assert m.status().endswith("  %s: stop" % keys[5])
        d.until(M.PLAYING, 3000)
        f.look("playing")
        assert m.status() == "\x7f5  %s: pause" % keys[6]   # 5 lives: a heart, the lives left
        f.press(M.START).look("paused")
        each_row(f, "pause")
        while m.screen.rows[m.screen.row][2] != "help":
            f.press(M.DOWN)
        f.press(M.A)
        each_line(f, "help from the pause menu")   # under the status bar
        f.press(M.B, M.B)
        assert m.state == M.PLAYING
        script = winning_script(m)
        f.press(script[0])                         # the clock runs from the first cell opened
        d.now += NINE_HOURS_59 - m.elapsed_ms      # the frames to the win add seconds, not minutes
        f.press(*script[1:])
        assert m.state == M.WON and NINE_HOURS_59 <= m.elapsed_ms < 10 * 3600 * 1000
        f.look("won")
        for _ in range(99):                        # the longest lines a win can have
            m.count_hint()
        m.game.lives_lost = 4
        f.s.view._panel_key = -1
        f.look("won, long")
        f.press(M.A)                               # another board, lost
        d.until(M.READY, 100)
        f.press(M.A)
        d.until(M.PLAYING, 3000)
        g = m.game
        mines = [(x, y) for y in range(g.height) for x in range(g.width)
                 if is_mine(g.board, x, y)]
        for x, y in mines[:g.lives]:
            f.press(*walk(m, x, y), M.A)
            f.look("a life lost")
            if m.state == M.PLAYING:                # the message gone: the lives left stay
                d.run(100)
                f.look("lives left")
                assert m.status() == "\x7f%d  %s: pause" % (g.lives_left(), keys[6])
        assert m.state == M.LOST
        f.look("lost")
        f.press(M.B)
        # a puzzle: made, played, paused, solved
        to_row(d, "puzzle")
        f.press(M.A, M.A).look("making a puzzle")
        d.until(M.PLAYING, 20000)
        f.look("a puzzle")
        assert m.status() == "%s: mine  %s: clear" % (keys[4], keys[5])   # the marking keys
        g = m.game
        x, y = next((x, y) for y in range(g.height) for x in range(g.width)
                    if not g.clue[g.cell(x, y)] and not is_mine(g.board, x, y))
        f.press(*walk(m, x, y), M.B)                # a clear mark: no mines-left change
        d.run(31)                                   # (the bar is redrawn as the clock moves)
        f.look("a puzzle marked")
        assert m.status() == "%s: pause/help" % keys[6]
        f.press(M.START)
        each_row(f, "puzzle pause")
        f.press(M.B)
        d.now += NINE_HOURS_59 - m.elapsed_ms      # (the clock counts from the puzzle's start)
        g = m.game
        for y in range(g.height):
            for x in range(g.width):
                if is_mine(g.board, x, y) and m.state == M.PLAYING:
                    f.press(*walk(m, x, y), M.A)
        assert m.state == M.WON and NINE_HOURS_59 <= m.elapsed_ms < 10 * 3600 * 1000
        f.look("puzzle solved, long")


def test_a_message_goes_at_the_next_key_and_with_its_screen():
    m = M.Midend(seed=3)
    d = Driver(m)
    keys_footer = m.footer()
    # a mistyped code: its reason, until the next key; the right code starts clean
    from mines.engine.board_code import encode
    code = encode(9, 9, 10, 1234, 4, 4, 1, 0)
    to_row(d, "code")
    d.press(M.A)
    S.type_code(d, code)
    d.press(*[M.LEFT] * 11)
    d.press(M.UP, M.A)                       # the first character mistyped: the check fails
    assert m.message.startswith("check failed") and m.footer() == m.message
    d.press(M.DOWN)                          # fixed: the reason goes with the key
    assert m.message == "" and m.footer().startswith("Up/Down: letter")
    d.press(M.UP, M.A)
    assert m.message.startswith("check failed")
    d.press(M.DOWN, M.A)                     # the right code: the game shows no old reason
    assert m.screen is None and m.message == ""
    d.until(M.PLAYING, 3000)
    assert m.status() == "A: open the dot" and m.message == ""
    d.press(M.A)
    assert m.status() == "START: pause/help"
    # a message said in play goes after a few seconds, and the bar says the keys again
    m.say("Start at the dot")
    d.run(60)
    assert m.message == "Start at the dot"
    d.run(30)
    assert m.message == "" and m.status() == "START: pause/help"
    # a hint's answer never shows in the pause menu's footer
    d.press(M.A | M.B)
    for _ in range(300):
        if m.runner.job is None:
            break
        d.frame()
    assert m.message and m.message != "Thinking..."
    d.press(M.START)
    assert m.screen.name == "pause" and m.message == "" and m.footer() == "A: resume"
    d.press(M.SELECT)
    assert m.screen.name == "main" and m.footer() == keys_footer


def test_a_puzzle_message_goes_with_undo():
    """Check marks says "1 wrong mark"; Undo takes the mark away, and the message with it."""
    from mines.puzzle import play as P
    m = M.Midend(seed=2)
    d = Driver(m)
    to_row(d, "puzzle")
    d.press(M.A, M.A)
    assert d.until(M.PLAYING, 20000)
    g = m.game
    x, y = next((x, y) for y in range(g.height) for x in range(g.width)
                if not g.clue[g.cell(x, y)] and not is_mine(g.board, x, y))
    d.press(*walk(m, x, y), M.A)             # a mine mark on a clear cell: wrong
    S.pause_action(d, "check")
    assert m.message == "1 wrong mark"
    S.pause_action(d, "undo")
    assert m.message == "" and g.mark[g.cell(x, y)] == P.UNKNOWN
    assert m.status() == "START: pause/help"


def test_kind_and_marks_say_what_each_value_means_where_it_is_chosen():
    """On the main menu's Kind and Marks rows (and the other rows whose value needs a word) the
    footer's first line says what the value in front means, one line each, a different line
    for each value; the second line says the keys."""
    m = M.Midend(seed=3)
    d = Driver(m)
    change = "<>: change  %s: to Play" % m.buttons[4]
    for name, count in (("kind", 3), ("marks", 2), ("quick", 2), ("level", 3), ("lives", 3)):
        to_row(d, name)
        said = set()
        for _ in range(count):
            why, keys = m.footer().split("\n")
            assert why and len(why) <= COLUMNS and keys == change, (name, why)
            said.add(why)
            d.press(M.RIGHT)
        assert len(said) == count, (name, said)
