"""Render the game's main screens headless with the desktop profile and save them as PNGs.

  SDL_VIDEODRIVER=dummy python tools/screenshots.py [--out docs/screenshots] [--scale 3]

Each scene is a fixed seed and a fixed list of button presses, so the pictures only change when
the game does. host_tests/test_screen.py builds the same scenes and checks their pixels.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "lib"), ROOT, os.path.join(ROOT, "host_tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

sys.path.insert(0, os.path.join(ROOT, "tools"))
from cli import argparser, run_tool  # noqa: E402
from game_helpers import Driver, first_mine, menu_set, to_row, walk, winning_script  # noqa: E402
from mines.flow import midend as M  # noqa: E402
from mines.help.hint_job import FOUND_CELL  # noqa: E402
from mines.engine.game import COVERED  # noqa: E402
from mines.flow.texts import setting_text  # noqa: E402
from mines.engine.view_text import is_mine  # noqa: E402


class Scene:
    """A midend, its view on the desktop display, and a driver that redraws every frame."""

    def __init__(self, seed=7, buttons=None):
        from boards import desktop
        from boards.view import View
        self.desktop = desktop
        self.m = M.Midend(seed=seed, buttons=buttons or desktop.BUTTON_NAMES)
        self.view = View(desktop.display)
        self.d = Driver(self.m, self.view)  # draws every frame; refreshes in show()

    def show(self):
        self.view.draw(self.m, self.d.frames)
        self.desktop.refresh()
        return self

    def save(self, path, scale=3):
        self.show()
        self.desktop.screenshot(path, scale)


def menu(seed=7):
    s = Scene(seed)
    s.d.run(200)                      # the menu idles (boards are made when Play is chosen)
    return s.show()


def playing(seed=7, preset="Screen"):
    s = Scene(seed)
    d, m = s.d, s.m
    if preset != "Screen":
        menu_set(d, "board", lambda m: setting_text(m.settings, "board") == preset)
        to_row(d, "play")
    d.press(M.A)                      # quick start: the board is made, the start is marked
    d.until(M.PLAYING, 5000)
    return s.show()


def opened(seed=7, preset="Screen"):
    s = playing(seed, preset)
    s.d.press(M.A)                    # open the marked start cell
    s.d.run(40)
    return s.show()


def flagged(seed=7):
    """A game in progress with a few flags on mines beside the numbers (the padding around the
    board reads as 0, so an opened 0 would count cells on the edge)."""
    s = opened(seed)
    m, d = s.m, s.d
    game = m.game
    b = game.board
    placed = 0
    for y in range(m.game.height):
        for x in range(m.game.width):
            i = b.index(x, y)
            if placed < 3 and b.mine[i] and any(1 <= game.shown[i + o] <= 8 for o in b.offsets):
                d.press(*walk(m, x, y))
                d.press(M.B)
                placed += 1
    d.run(300)                        # some time on the clock
    return s.show()


def generating(seed=7):
    s = Scene(seed)
    d, m = s.d, s.m
    menu_set(d, "quick", lambda m: not m.settings.quick)
    menu_set(d, "board", lambda m: setting_text(m.settings, "board") == "Expert")
    d.press(M.START)
    d.press(M.A)                      # classic: the first open starts generation there
    while m.progress() < 30 and m.state == M.GENERATING:
        d.frame()
    return s.show()


def won(seed=7):
    s = opened(seed)
    s.d.press(*winning_script(s.m))
    return s.show()


def lost(seed=7):
    s = opened(seed)
    m, d = s.m, s.d
    b = m.game.board
    wrong = None
    for y in range(m.game.height):                   # a wrong flag next to the opened area
        for x in range(m.game.width):
            i = b.index(x, y)
            if wrong is None and not b.mine[i] and m.game.shown[i] == 9:
                wrong = (x, y)
    d.press(*walk(m, *wrong))
    d.press(M.B)
    x, y = first_mine(m)
    d.press(*walk(m, x, y))
    d.press(M.A)
    return s.show()


def paused(seed=7):
    s = opened(seed)
    s.d.press(M.START)
    return s.show()


def help_screen(seed=7):
    """The help screen, opened from the menu (the simulator names its keys)."""
    s = Scene(seed)
    to_row(s.d, "help")
    s.d.press(M.A)
    return s.show()


HINT = 1 << 4 | 1 << 5               # A and B together (the simulator's H key)


def ask_hint(d, limit=600):
    """A+B, then frames until the hint job is done (its answer is in the status bar)."""
    m = d.m
    d.press(HINT)
    for _ in range(limit):
        if m.runner.job is None:
            break
        d.frame()
    return m.assist


def hint(seed=7):
    """A hint in a game: the cursor on the hinted cell, the numbers that prove it lit, the rule
    in the status bar. Hints are followed until one needs more than a single number."""
    s = opened(seed)
    d, m = s.d, s.m
    for k in range(30):
        job = ask_hint(d)
        if job.found != FOUND_CELL or job.rule > 0 or k == 29:
            break                     # this hint stays on screen
        d.press(M.B if job.is_mine else M.A)
    return s.show()


def wrong_flag(seed=7):
    """Flags that the numbers prove wrong, each on its own tile (marks are on by default)."""
    s = opened(seed)
    d, m = s.d, s.m
    ask_hint(d)                       # a hint first: the game then checks flags on safe cells
    d.press(*walk(m, m.start_x, m.start_y))
    g = m.game
    b = g.board
    placed = 0
    for y in range(g.height):         # flag safe covered cells beside opened numbers
        for x in range(g.width):
            i = b.index(x, y)
            if (placed < 2 and not b.mine[i] and g.shown[i] == COVERED
                    and any(1 <= g.shown[i + o] <= 8 for o in b.offsets)):
                d.press(*walk(m, x, y))
                d.press(M.B)
                d.run(60)
                placed += 1
    d.press(M.DOWN, M.DOWN)           # the cursor off the flags
    d.run(30)
    return s.show()


def started_with(seed, name, value):
    """A game begun from the menu with setting ``name`` shown as ``value``: Play, then the
    marked start cell opened."""
    s = Scene(seed)
    d, m = s.d, s.m
    menu_set(d, name, lambda m: setting_text(m.settings, name) == value)
    to_row(d, "play")
    d.press(M.A)
    d.until(M.PLAYING, 5000)
    d.press(*walk(m, m.start_x, m.start_y))
    d.press(M.A)
    return s


def lives(seed=7):
    """Three lives: a mine opened by mistake is shown blown and flagged, and play goes on."""
    s = started_with(seed, "lives", "3")
    d, m = s.d, s.m
    g = m.game
    b = g.board
    blown = [(x, y) for y in range(g.height) for x in range(g.width)
             if b.mine[b.index(x, y)]
             and any(1 <= g.shown[b.index(x, y) + o] <= 8 for o in b.offsets)]
    d.press(*walk(m, *blown[0]))
    d.press(M.A)                      # a wrong open beside the numbers: one life gone
    d.press(*winning_script(m)[:60])  # and play goes on
    d.run(40)
    return s.show()


def guess(seed=5):
    """A Random board where nothing is provable: the hint shows the safest covered cell and its
    chance of being a mine. Hints are followed until one says to guess."""
    s = started_with(seed, "kind", "Random")
    d, m = s.d, s.m
    for _ in range(200):              # (seed 5's board needs a guess after four hints)
        job = ask_hint(d)
        if job.found != FOUND_CELL:
            break
        d.press(M.B if job.is_mine else M.A)
    return s.show()


def menu_rows(seed=7):
    """The menu scrolled down to its Level, Kind and Lives rows (Hard, Kind board, 3 lives)."""
    s = Scene(seed)
    d = s.d
    menu_set(d, "level", lambda m: setting_text(m.settings, "level") == "Hard")
    menu_set(d, "kind", lambda m: setting_text(m.settings, "kind") == "Kind")
    menu_set(d, "lives", lambda m: setting_text(m.settings, "lives") == "3")
    d.run(200)
    return s.show()


def type_code(d, code):
    """On the code screen: type ``code`` from its caret on, as a player does (up or down to each
    character, the shorter way, then right)."""
    from mines.engine.codes import ALPHABET
    for ch in code:
        n = ALPHABET.index(ch)
        d.press(*([M.UP] * n if n <= 16 else [M.DOWN] * (32 - n)))
        d.press(M.RIGHT)


def code_entry(seed=7, code="1220JE"):
    """The board-code screen with the first characters of a code typed with the joystick."""
    s = Scene(seed)
    d = s.d
    to_row(d, "code")
    d.press(M.A)
    type_code(d, code)
    return s.show()


def expert(seed=7):
    s = opened(seed, "Expert")
    m, d = s.m, s.d
    d.press(*walk(m, m.game.width - 1, m.cy))        # scroll to the right edge
    return s.show()


def _played(seed=7):
    """Four Beginner games (three won at different speeds, one lost) with records kept for the
    run (mines.flow.save_part, no storage), then back at the menu's Records row."""
    from mines.flow.save_part import attach
    s = Scene(seed)
    d, m = s.d, s.m
    attach(m, None, quiet=True)
    menu_set(d, "board", lambda m: setting_text(m.settings, "board") == "Beginner")
    to_row(d, "play")
    for think, win in ((300, True), (150, True), (100, False), (600, True)):
        d.press(M.A)                  # Play, then "again" from the result
        d.until(M.PLAYING, 5000)
        d.press(*walk(m, m.start_x, m.start_y))
        d.press(M.A)
        d.run(think)
        if win:
            d.press(*winning_script(m))
        else:
            d.press(*walk(m, *first_mine(m)))
            d.press(M.A)
    d.press(M.B)                      # to the menu
    to_row(d, "records")
    d.press(M.A)                      # the Records menu
    return s


def statistics(seed=7):
    s = _played(seed)
    s.d.press(M.A)                    # Statistics
    return s.show()


def best_times(seed=7):
    s = _played(seed)
    s.d.press(M.DOWN, M.A)            # Best times
    return s.show()


def puzzle(seed=7, size=1, level=1, hints=9):
    """A puzzle in progress: the puzzle menu's size and level, a few cells marked by taking
    hints (A or B where the hint points), and the last hint left on screen."""
    s = Scene(seed)
    d, m = s.d, s.m
    to_row(d, "puzzle")
    d.press(M.A)                              # the puzzle menu
    d.press(M.DOWN)                           # to Size
    d.press(*[M.RIGHT] * size)
    d.press(M.DOWN)
    d.press(*[M.RIGHT] * level)
    d.press(M.A)                              # A on a value row: to Play puzzle
    d.press(M.A)
    d.until(M.PLAYING, 40000)
    for k in range(hints):
        pause_action(d, "hint")
        if k < hints - 1:
            d.press(M.A if m.game.hint_mine else M.B)
    d.run(40)                                 # the hint's message still shows
    return s.show()


def pause_action(d, word):
    """START, then the pause menu's row ``word`` (puzzle mode: undo, redo, check, hint)."""
    m = d.m
    d.press(M.START)
    while m.screen.rows[m.screen.row][2] != word:
        d.press(M.DOWN)
    d.press(M.A)


def puzzle_solved(seed=7):
    s = puzzle(seed, hints=1)
    d, m = s.d, s.m
    g = m.game
    for y in range(g.height):                 # every mine marked: solved
        for x in range(g.width):
            if is_mine(g.board, x, y) and m.state == M.PLAYING:
                d.press(*walk(m, x, y))
                d.press(M.A)
    return s.show()


SCENES = (("menu", menu), ("menu_rows", menu_rows), ("playing", flagged),
          ("generating", generating), ("hint", hint), ("wrong_flag", wrong_flag),
          ("lives", lives), ("guess", guess), ("won", won), ("lost", lost), ("paused", paused),
          ("code_entry", code_entry), ("expert", expert), ("help", help_screen),
          ("statistics", statistics), ("best_times", best_times), ("puzzle", puzzle),
          ("puzzle_solved", puzzle_solved))


def main(argv=None):
    ap = argparser("screenshots.py", description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "screenshots"))
    ap.add_argument("--scale", type=int, default=3)
    ap.add_argument("--only", action="append", metavar="NAME",
                    help="only this scene (repeatable): " + ", ".join(n for n, _ in SCENES))
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    for name, make in SCENES:
        if args.only and name not in args.only:
            continue
        path = os.path.join(args.out, name + ".png")
        make().save(path, args.scale)
        print("wrote", path)
    return 0


if __name__ == "__main__":
    run_tool("screenshots.py", main)
