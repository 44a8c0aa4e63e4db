"""The displayio screen, rendered headless through the desktop simulator (Blinka displayio into a
pygame surface) and checked pixel by pixel: tile colours under the cursor, numbers at the right
cells in their classic colours, the status bar's digits read back with the font, the scrolled
Expert view, the end screens, the pause screen, and that only changed tiles are written."""

import os
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(REPO, "tools"))

import screenshots as S  # noqa: E402  (tools/screenshots.py: the scenes)
from game_helpers import row_of, walk, winning_script  # noqa: E402
from mines.flow import midend as M  # noqa: E402
from mines.engine.game import BOOM, COVERED, FLAG, MINE, WRONG  # noqa: E402
from mines.flow.texts import setting_text  # noqa: E402
from mines.engine.view_text import is_mine  # noqa: E402

DIGIT_COLOURS = {1: (0, 0, 255), 2: (0, 128, 0), 3: (255, 0, 0), 4: (0, 0, 128),
                 5: (128, 0, 0), 6: (0, 128, 128), 7: (0, 0, 0), 8: (128, 128, 128)}
LIGHT = (192, 192, 192)
WHITE = (255, 255, 255)
DARK = (128, 128, 128)
YELLOW = (255, 255, 0)
RED = (255, 0, 0)
BLACK = (0, 0, 0)
GREY = (160, 160, 160)


def near(a, b, tol=10):
    return all(abs(int(x) - int(y)) <= tol for x, y in zip(a, b))


def px(scene, x, y):
    return tuple(scene.desktop.display._pygame_screen.get_at((x, y)))[:3]


def tile_origin(scene, bx, by):
    v = scene.view
    return v.grid.x + (bx - v.ox) * 8, v.grid.y + (by - v.oy) * 8


def tile_pixels(scene, bx, by):
    x0, y0 = tile_origin(scene, bx, by)
    return [px(scene, x0 + i, y0 + j) for j in range(8) for i in range(8)]


def read_text(scene, y0, x0, x1, colour, tol=40):
    """The text in ``colour`` between x0 and x1 on the line whose glyph tops are near y0, read
    back by matching 5x8 cells against the font's own glyphs."""
    from boards.glyphs import draw
    bitmap, index = draw()  # (the status bar's font, as boards.view_setup makes it)
    glyphs = {}
    unknown = index[ord("?") - 32]
    for code in range(32, 128):   # (127: the heart, the lives left)
        tile = index[code - 32]
        if tile == unknown and code != ord("?"):
            continue
        rows = tuple(tuple(bitmap[tile * 6 + i, j] for i in range(5)) for j in range(8))
        glyphs[rows] = chr(code)
    best = ""
    for y in range(max(0, y0 - 2), min(y0 + 3, 128 - 8 + 1)):
        for off in range(x0, x0 + 6):
            text = []
            ok = True
            x = off
            while x + 5 <= x1:
                rows = tuple(tuple(1 if near(px(scene, x + i, y + j), colour, tol) else 0
                                   for i in range(5)) for j in range(8))
                ch = glyphs.get(rows)
                if ch is None:
                    ok = False
                    break
                text.append(ch)
                x += 6
            s = "".join(text).strip()
            if ok and len(s) > len(best):
                best = s
    return best


_TERMINAL_GLYPHS = {}


def terminal_glyphs(rows):
    """terminalio.FONT's printable characters by their ink in a cell's top ``rows`` rows."""
    if rows not in _TERMINAL_GLYPHS:
        import terminalio
        table = _TERMINAL_GLYPHS[rows] = {}
        for code in range(32, 127):
            g = terminalio.FONT.get_glyph(code)
            ink = tuple(tuple(1 if g.bitmap[g.tile_index * 6 + i, j] else 0 for i in range(6))
                        for j in range(1, rows))
            table.setdefault(ink, chr(code))
    return _TERMINAL_GLYPHS[rows]


def read_label(scene, top, colour, x0=4, x1=160, tol=40, rows=12):
    """The terminalio text in ``colour`` whose character cells start at row ``top``, column
    ``x0``: each 6x12 cell matched against the font's own glyphs ("?" when none matches). Row 0
    of a cell is blank in every glyph but "`" and may hold the descenders of the row above
    (menu rows are 11 pixels apart): it is not read."""
    glyphs = terminal_glyphs(rows)
    out = []
    x = x0
    while x + 6 <= x1:
        ink = tuple(tuple(1 if near(px(scene, x + i, top + j), colour, tol) else 0
                          for i in range(6)) for j in range(1, rows))
        out.append(glyphs.get(ink, "?"))
        x += 6
    return "".join(out).rstrip()


MENU_TOP = 13  # the first menu row's cells, pixels (no status bar in the menu)
BAR_COLOUR = (0x20, 0x38, 0x80)


def highlighted(scene):
    """The top pixel row of the highlight bar (the cursor's menu row), or None."""
    for y in range(128):
        if near(px(scene, 150, y), BAR_COLOUR, 8):
            return y
    return None


def arrows(scene, top):
    """The left x of each "<" ">" arrow cell on the row whose top is ``top`` (yellow ink)."""
    xs = [x for x in range(160) if any(near(px(scene, x, top + j), YELLOW) for j in range(11))]
    cells = []
    for x in xs:
        if not cells or x - cells[-1] > 6:
            cells.append(x)
    return [x - (x - 4) % 6 for x in cells]


def menu_row_top(m, name, scene=None):
    """The top of the main menu's row ``name`` (with ``scene``: as scrolled in its view)."""
    first = scene.view.text.first if scene is not None else 0
    return MENU_TOP + 11 * (row_of(m, name) - first)


def test_menu_text_and_selection():
    s = S.menu()
    m = s.m
    assert read_label(s, 0, YELLOW) == "PyGamer Mines"                    # the title
    assert row_of(m, "play") == 0 and m.screen.row == 0                   # it opens at its top
    assert read_label(s, menu_row_top(m, "play", s), WHITE) == "  Play"
    assert highlighted(s) == menu_row_top(m, "play", s) == MENU_TOP       # selected
    assert read_label(s, 116, GREY) == "Z: play"                             # keyboard names
    for name in ("help", "quick", "board", "width", "height", "mines"):   # all in view
        assert 0 < menu_row_top(m, name, s) < 116
    s.d.press(*[M.DOWN] * row_of(m, "board"))
    s.show()
    top = menu_row_top(m, "board", s)
    assert highlighted(s) == top and read_label(s, top, WHITE) == "Board   Screen"
    assert arrows(s, top) == [46, 52 + 6 * 6]            # "<" and ">" beside the value
    assert read_label(s, menu_row_top(m, "mines", s), WHITE) == "Mines   45 (15%)"
    assert read_label(s, 116, GREY) == "<>: change  Z: to Play"             # the truth
    s.d.press(*[M.DOWN] * (row_of(m, "sound") - row_of(m, "board")))   # the menu scrolls
    s.show()
    top = menu_row_top(m, "sound", s)
    assert highlighted(s) == top and read_label(s, top, WHITE) == "Sound   on"
    assert arrows(s, top) == [46, 52 + 6 * 2]
    s.d.press(*[M.UP] * (row_of(m, "sound") - row_of(m, "kind")))   # its value in a line
    s.show()
    top = menu_row_top(m, "kind", s)
    assert highlighted(s) == top and read_label(s, top, WHITE) == "Kind    No guess"
    assert read_label(s, 104, GREY) == "Never needs a guess"
    assert read_label(s, 116, GREY) == "<>: change  Z: to Play"
    s.d.press(M.A)                                        # A on a value row: to Play
    s.show()
    assert highlighted(s) == menu_row_top(m, "play", s) == MENU_TOP
    assert arrows(s, menu_row_top(m, "play", s)) == []    # an action row: nothing to change


def test_quick_start_marker_cursor_and_status_bar():
    s = S.playing()
    m = s.m
    assert m.state == M.PLAYING and m.start_x >= 0
    p = tile_pixels(s, m.start_x, m.start_y)
    assert sum(near(c, (0, 192, 0), 16) for c in p) >= 10        # the green start mark
    assert near(p[2], YELLOW) and near(p[0], BLACK)               # the cursor frame on it
    assert read_text(s, 0, 0, 40, (255, 32, 32)) == "*045"        # mines left
    assert read_text(s, 0, 120, 160, (255, 32, 32)) == "000"      # the clock waits
    assert read_text(s, 0, 30, 130, WHITE) == "Z: open the dot"
    # another covered cell: raised grey
    x = 0 if m.start_x > 3 else m.game.width - 1
    q = tile_pixels(s, x, 0)
    assert near(q[0], WHITE) and near(q[63], DARK) and near(q[4 * 8 + 4], LIGHT)


def test_numbers_drawn_at_the_right_cells():
    s = S.opened()
    m = s.m
    game = m.game
    checked = {n: 0 for n in range(9)}
    for by in range(m.game.height):
        for bx in range(m.game.width):
            t = game.tile(bx, by)
            p = tile_pixels(s, bx, by)
            centre = p[4 * 8 + 4]
            if (bx, by) == (m.cx, m.cy):
                p = [c for k, c in enumerate(p) if 0 < k % 8 < 7 and 0 < k // 8 < 7]
            if 1 <= t <= 8:
                want = DIGIT_COLOURS[t]
                assert sum(near(c, want, 16) for c in p) >= 8, (bx, by, t)
                for other, colour in DIGIT_COLOURS.items():
                    if other != t and other not in (7, 8) and t not in (7, 8):
                        assert not any(near(c, colour, 16) for c in p), (bx, by, t, other)
                checked[t] += 1
            elif t == 0:
                assert all(near(c, LIGHT) or near(c, DARK) or near(c, YELLOW) or near(c, BLACK)
                           for c in p)
                assert near(centre, LIGHT)
                checked[0] += 1
            else:
                assert t == COVERED
    assert checked[0] > 5 and checked[1] > 3 and checked[2] > 0


def test_flags_and_the_clock():
    s = S.flagged()
    m = s.m
    assert m.game.flags == 3
    assert read_text(s, 0, 0, 40, (255, 32, 32)) == "*042"
    assert read_text(s, 0, 120, 160, (255, 32, 32)) == "%03d" % m.seconds()
    assert m.seconds() >= 9
    flags = [(x, y) for y in range(m.game.height) for x in range(m.game.width) if m.game.tile(x, y) == FLAG]
    for x, y in flags:
        p = tile_pixels(s, x, y)
        assert sum(near(c, RED) for c in p) >= 5                    # a red flag


def test_generating_shows_progress_and_spinner():
    s = S.generating()
    m = s.m
    assert m.state == M.GENERATING and 30 <= m.progress() < 100
    green = [any(near(px(s, x, y), (0, 96, 0), 12) for y in range(8)) for x in range(160)]
    filled = m.progress() * 160 // 100
    assert all(green[:filled]) and not any(green[filled:])     # the bar behind the text
    assert read_text(s, 0, 0, 160, YELLOW) == "Making %d%%  X: stop" % m.progress()
    assert read_text(s, 0, 0, 40, (255, 32, 32)) == ""            # the whole bar: no mines
    before = tile_pixels(s, m.cx, m.cy)
    for _ in range(4):
        if m.state != M.GENERATING:
            break
        s.d.frame()
    s.show()
    if m.state == M.GENERATING:
        assert tile_pixels(s, m.cx, m.cy) != before                  # the spinner turns


def test_won_screen():
    s = S.won()
    m = s.m
    assert m.state == M.WON
    assert read_text(s, 0, 0, 160, (64, 255, 64)) == "You win! Move to look"
    lines = m.result_lines()
    assert len(lines) == 4 and lines[0].startswith("Won in")
    for y in (0, m.game.height - 1):          # the panel goes where the cursor is not
        s.d.press(*walk(m, m.cx, y))
        s.show()
        top = s.view._band.y + 2                                    # the panel's lines
        assert top == (128 - 4 * 12 - 2 if y == 0 else 8 + 2)
        cursor = s.view.cursor.y
        assert not top - 2 <= cursor < top + 4 * 12 + 2
        assert read_label(s, top, (64, 255, 64), x0=2) == lines[0]
        assert read_label(s, top + 12, GREY, x0=2) == lines[1]
        assert read_label(s, top + 24, GREY, x0=2) == lines[2]       # the code and the hints
        assert read_label(s, top + 36, GREY, x0=2) == "Z new Enter again X menu"  # keys
    assert read_text(s, 0, 0, 160, (255, 32, 32)) == ""            # (the whole bar: a word)


def test_lost_screen_marks_boom_mines_and_wrong_flags():
    s = S.lost()
    m = s.m
    game = m.game
    assert m.state == M.LOST
    assert read_text(s, 0, 0, 160, (255, 32, 32)) == "Boom! Move to look"
    seen = set()
    band = s.view._band.y
    for by in range(m.game.height):
        for bx in range(m.game.width):
            t = game.tile(bx, by)
            y0 = tile_origin(s, bx, by)[1]
            if (bx, by) == (m.cx, m.cy) or band - 8 < y0 < band + 4 * 12 + 4:
                continue   # (under the panel)
            p = tile_pixels(s, bx, by)
            if t == MINE:
                assert near(p[4 * 8 + 4], BLACK) and near(p[7 * 8 + 1], LIGHT)
                seen.add(MINE)
            elif t == WRONG:
                assert near(p[1 * 8 + 1], RED) and near(p[4 * 8 + 4], RED)   # a red cross
                assert sum(near(c, BLACK) for c in p) >= 10                   # on a mine
                seen.add(WRONG)
    bx, by = game.board.x_of(game.boom), game.board.y_of(game.boom)
    assert game.tile(bx, by) == BOOM
    p = tile_pixels(s, bx, by)
    assert near(p[1 * 8 + 1], RED) and near(p[4 * 8 + 4], BLACK)  # red ground, black mine
    assert (bx, by) == (m.cx, m.cy) and not any(near(c, YELLOW) for c in p)  # no cursor on it
    assert seen == {MINE, WRONG}
    assert read_label(s, band + 2, (255, 32, 32), x0=2).startswith("Lost after")
    s.d.press(M.UP if m.cy else M.DOWN)               # the cursor moved: it shows again
    s.show()
    assert any(near(c, YELLOW) for c in tile_pixels(s, m.cx, m.cy))


def test_paused_hides_the_board():
    s = S.paused()
    m = s.m
    assert m.state == M.PAUSED
    board_area = [px(s, x, y) for y in range(8, 128) for x in range(0, 160)]
    assert not any(near(c, LIGHT, 12) for c in board_area)         # no tile shows
    assert read_text(s, 0, 30, 130, YELLOW) == ""                   # "Paused" once:
    assert read_label(s, 8, YELLOW) == "Paused"                     # the pause menu's title
    assert read_label(s, 8 + 13, WHITE) == "  Resume" and highlighted(s) == 8 + 13
    assert read_label(s, 8 + 13 + 11, WHITE) == "  New board"
    assert read_label(s, 116, GREY) == "Z: resume"


def test_expert_scrolls_with_the_cursor():
    s = S.opened(preset="Expert")
    m, v = s.m, s.view
    assert (m.game.width, m.game.height) == (30, 16)
    s.d.press(*walk(m, 0, 0))
    s.show()
    assert (v.ox, v.oy) == (0, 0)
    s.d.press(*walk(m, 29, 15))
    s.show()
    assert (v.ox, v.oy) == (10, 1)
    x0, y0 = tile_origin(s, 29, 15)
    assert (x0, y0) == (152, 8 + 14 * 8)                           # last screen cell
    assert near(px(s, x0 + 2, y0), YELLOW)                          # the cursor is there
    # every screen cell shows the board cell (ox + sx, oy + sy)
    for sy in range(15):
        for sx in range(20):
            assert v.grid[sy * 20 + sx] == m.game.tile(10 + sx, 1 + sy)
    # and the pixels agree for the opened numbers in view
    for by in range(1, 16):
        for bx in range(10, 30):
            t = m.game.tile(bx, by)
            if 1 <= t <= 6 and (bx, by) != (m.cx, m.cy):
                assert any(near(c, DIGIT_COLOURS[t], 16) for c in tile_pixels(s, bx, by))
    # where the view is: a yellow line along the bottom (columns 10..29 of 30: x 53..159) and
    # along the right edge (rows 1..15 of 16: 7..119 of the 120 board pixels)
    bottom = [x for x in range(160) if near(px(s, x, 127), YELLOW)]
    assert bottom[0] == 10 * 160 // 30 and bottom[-1] == 159 and len(bottom) == 160 - 53
    right = [y for y in range(8, 128) if near(px(s, 159, y), YELLOW)]
    assert right[0] == 8 + 1 * 120 // 16 and right[-1] == 8 + 119
    # moving back left scrolls back once the cursor nears the edge
    s.d.press(*([M.LEFT] * 17))
    s.show()
    assert v.ox == 10
    s.d.press(M.LEFT)
    s.show()
    assert v.ox == 9


def test_only_changed_tiles_are_written(monkeypatch):
    s = S.opened()
    m, v = s.m, s.view
    writes = []
    grid_class = type(v.grid)
    original = grid_class.__setitem__

    def counting(self, index, value):
        if self is v.grid:
            writes.append(index)
        return original(self, index, value)

    monkeypatch.setattr(grid_class, "__setitem__", counting)
    s.d.frame()
    s.show()
    assert writes == []                                             # nothing changed
    x, y = next((x, y) for y in range(m.game.height) for x in range(m.game.width)
                if m.game.tile(x, y) == COVERED)
    s.d.press(*walk(m, x, y))
    s.show()
    assert writes == []                                             # the cursor is its own grid
    s.d.press(M.B)
    s.show()
    assert writes == [(y - v.oy) * 20 + x - v.ox]                   # one flag, one tile
    del writes[:]
    s.d.press(M.B)
    s.show()
    assert len(writes) == 1


def test_screenshots_tool_writes_every_scene(tmp_path):
    import pygame
    assert S.main(["--out", str(tmp_path), "--scale", "2"]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(n + ".png" for n, _ in S.SCENES)
    images = {}
    for n in names:
        images[n[:-4]] = img = pygame.image.load(str(tmp_path / n))
        assert img.get_size() == (320, 256)

    def at(name, x, y):  # a screen pixel, read from the PNG (2x)
        return tuple(images[name].get_at((2 * x + 1, 2 * y + 1)))[:3]

    assert sum(near(at("menu", x, 6), YELLOW) for x in range(160)) > 20    # the title
    assert near(at("paused", 150, 60), (16, 24, 40), 12)                   # no board
    assert any(near(at("generating", x, 1), (0, 96, 0), 12) for x in range(40))
    assert sum(near(at("won", x, y), (64, 255, 64)) for x in range(40, 120)
               for y in range(8)) > 20                                      # "You win!"
    assert sum(near(at("lost", x, y), RED, 16) for x in range(160)
               for y in range(8, 74)) > 20            # boom, crosses (above the 4-line panel)


def test_the_readme_pictures_are_what_the_game_draws(tmp_path):
    """docs/screenshots/ (the README's pictures) pixel for pixel as tools/screenshots.py draws
    them today: a change to the generator, the screens or a scene shows here, not as a
    README whose pictures and captions tell of an older game."""
    import pygame
    assert S.main(["--out", str(tmp_path)]) == 0
    stale = []
    for name, _ in S.SCENES:
        now = pygame.image.load(str(tmp_path / (name + ".png")))
        kept = pygame.image.load(os.path.join(REPO, "docs", "screenshots", name + ".png"))
        if kept.get_size() != now.get_size() or \
                pygame.image.tostring(kept, "RGB") != pygame.image.tostring(now, "RGB"):
            stale.append(name)
    assert not stale, ("docs/screenshots/ differs from what the game draws (%s): run "
                       "SDL_VIDEODRIVER=dummy .venv/bin/python tools/screenshots.py, check the "
                       "README's captions, commit the pictures" % ", ".join(stale))


def test_a_long_message_is_shown_whole_in_the_menu():
    s = S.Scene(7)
    m = s.m
    for name, value in (("width", 9), ("height", 9), ("mines", 80)):
        m.settings.set(name, value)                             # as a damaged save might
    m.start_game()
    s.show()
    p = m.settings
    assert m.state == M.MENU and (p.width, p.height, p.mines) == (9, 9, 80)
    assert read_label(s, 116, YELLOW) == "Too many mines (max 36)"   # a line for the screen
    to_row = __import__("game_helpers").to_row
    to_row(s.d, "board")                                       # (the key took it away)
    m.say("Save damaged: using the previous save")
    s.show()
    first = read_label(s, 104, YELLOW)
    second = read_label(s, 116, YELLOW)
    assert first + " " + second == "Save damaged: using the previous save"
    # the footer's second line took the last row's place: the menu scrolled to keep Board
    assert highlighted(s) == menu_row_top(m, "board", s)
    assert read_label(s, menu_row_top(m, "board", s), WHITE) == "Board   Custom"


def test_desktop_keys_through_pygame_events():
    import pygame
    from boards import desktop
    inp = desktop.KeyboardInput()
    pygame.event.clear()

    def key(kind, k, mod=0):
        pygame.event.post(pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0))

    key(pygame.KEYDOWN, pygame.K_z)
    key(pygame.KEYUP, pygame.K_z)
    key(pygame.KEYDOWN, pygame.K_x)
    assert inp.poll(0) == M.A | M.B and inp.held == M.B
    key(pygame.KEYDOWN, pygame.K_RIGHT)
    assert inp.poll(10) == M.RIGHT
    assert inp.poll(100) == 0                       # held: the repeat waits 280 ms
    assert inp.poll(300) == M.RIGHT                 # then repeats
    key(pygame.KEYUP, pygame.K_RIGHT)
    key(pygame.KEYDOWN, pygame.K_RETURN)
    key(pygame.KEYDOWN, pygame.K_ESCAPE)
    assert inp.poll(400) == M.START | M.SELECT
    assert not inp.quit
    key(pygame.KEYDOWN, pygame.K_q, pygame.KMOD_LCTRL)
    inp.poll(500)
    assert inp.quit


def test_simulator_runs_code_py_headless(tmp_path):
    import simulator
    shot = tmp_path / "sim.png"
    assert simulator.main(["--seed", "4", "--frames", "30", "--screenshot", str(shot),
                           "--no-save"]) == 0
    import pygame
    img = pygame.image.load(str(shot))
    assert img.get_size() == (160, 128)
    # code.py's loop drew the menu: the yellow title
    assert sum(near(tuple(img.get_at((x, 6)))[:3], YELLOW) for x in range(160)) > 20


def test_the_simulator_starts_without_blinkas_platform_warning():
    """Blinka's microcontroller module prints "WARNING: GENERIC_X86 is not fully supported..."
    (twice) on a computer, which reads like an error: the simulator's start says only its own
    line. (Blinka itself, alone, still prints it here: shown for the record.)"""
    import subprocess
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    alone = subprocess.run([sys.executable, "-c", "import microcontroller"], cwd=REPO, env=env,
                           capture_output=True, text=True, timeout=120)
    sim = subprocess.run([sys.executable, os.path.join(REPO, "tools", "simulator.py"),
                          "--no-save", "--frames", "3"], cwd=REPO, env=env,
                         capture_output=True, text=True, timeout=120)
    assert sim.returncode == 0, sim.stderr
    said = sim.stdout + sim.stderr
    assert "not fully supported" not in said, said
    assert sim.stdout.startswith("PyGamer Mines: "), said
    print("Blinka alone:", (alone.stdout + alone.stderr).count("not fully supported"), "warnings")


def test_sounds_are_short_and_play_through_the_mixer():
    import pygame
    from boards import desktop, sound
    for name, notes in sound.NOTES.items():
        ms = sum(n[1] for n in notes)
        assert ms <= 400                                          # short: never in the way
        assert len(desktop.tone_data(name)) == sum(desktop.RATE * n[1] // 1000 for n in notes)
    try:
        speaker = desktop.PygameSpeaker()
    except pygame.error as e:                                     # no audio device at all
        pytest.skip("no audio: %s" % e)
    assert pygame.mixer.get_init() == (desktop.RATE, -16, 1)
    assert abs(speaker.sounds["win"].get_length() - 0.26) < 0.01
    speaker.play("open")                                          # returns at once


def held(view, cls):
    """The ``cls`` objects reachable from ``view``'s attributes (and theirs, in lists, tuples
    and dicts). The board in front must hold no menus.Menu, nor a menu the game: on the device
    an object keeps its module's code, which the phase let go (a second copy once it is loaded
    again), and a game its buffers."""
    found, seen, todo = [], set(), [view]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (str, bytes, bytearray, int, float)):
            continue
        seen.add(id(obj))
        if isinstance(obj, cls):
            found.append(obj)
        elif isinstance(obj, (list, tuple)):
            todo.extend(obj)
        elif isinstance(obj, dict):
            todo.extend(obj.values())
        elif type(obj).__module__.startswith(("boards.", "mines.")):
            todo.extend(vars(obj).values())
    return found


def test_text_screens_are_gone_while_the_board_is_in_front():
    s = S.menu()
    v, m = s.view, s.m
    text = v.text
    assert text.text()[0] == "PyGamer Mines" and text.group in v.root
    s.d.press(M.A)                                                 # play
    s.d.until(M.PLAYING, 5000)
    s.show()
    assert m.state == M.PLAYING
    assert v.text is None and text.group not in v.root             # the text screen is gone
    assert v.panel_lines == ()
    from mines.flow.menus import Menu
    assert not held(v, Menu)
    s.d.press(M.START)                                             # the pause menu: back
    s.show()
    assert not held(v, type(m.game))
    assert v.text.rows.read(0).startswith("  Resume")
    assert read_label(s, 8, YELLOW) == "Paused"
    s.d.press(M.START)
    s.show()
    assert v.text is None
    s.d.press(*walk(m, m.start_x, m.start_y))
    s.d.press(M.A)                                                 # the start opened
    s.d.press(*winning_script(m))                                  # the end panel's lines...
    s.show()
    assert m.state == M.WON and len(v.panel_lines) == 2
    assert v.panel_lines[0].read(0).startswith("Won in")
    assert v.panel_lines[1].read(2) == m.result_lines()[3][:26].rstrip()
    s.d.press(M.A)                                                 # ...gone with it
    s.show()
    assert v.panel_lines == () and m.state == M.GENERATING
    assert len(v.panel) == 1                                       # the band alone


def test_a_line_of_text_is_one_tilegrid_of_character_tiles():
    """A Text line is one TileGrid over the font's sheet, a tile per character (32 + k is tile
    k): writing changes tile numbers only, spaces and all, and a change is reported once."""
    from boards import text_screen
    t = text_screen.Text(10, 2, WHITE)
    assert len(t.grids) == 1
    assert t.set(1, "A  B~") and not t.set(1, "A  B~")
    assert [t.grids[0][10 + i] for i in range(6)] == [33, 0, 0, 34, 94, 0]
    assert t.read(1) == "A  B~" and t.read(0) == ""
    assert t.set(1, "\u00e9") and t.read(1) == "?"                     # no glyph: "?"
    rows = text_screen.Text(10, 3, WHITE, y=20, pitch=text_screen.ROW_PITCH)
    assert [g.y for g in rows.grids] == [20, 31, 42]                 # 11-pixel rows: a grid each
    yellow = text_screen.YELLOW
    assert rows.set_colour(yellow) and rows.colour == yellow and not rows.set_colour(yellow)


def test_a_menu_longer_than_the_screen_scrolls_with_the_cursor():
    from mines.flow.menus import Menu
    s = S.menu()
    m = s.m
    rows = tuple(("Row%d" % k, None, "back") for k in range(14))
    m.open(Menu("long", "Long", rows))
    s.show()
    assert read_label(s, MENU_TOP, WHITE) == "  Row0" and highlighted(s) == MENU_TOP
    s.d.press(*([M.DOWN] * 12))
    s.show()
    fit = s.view.text.rows_fit(0)
    assert fit == 9
    last = MENU_TOP + 11 * (fit - 1)
    assert read_label(s, last, WHITE) == "  Row12" and highlighted(s) == last
    assert read_label(s, MENU_TOP, WHITE) == "  Row4"                        # scrolled


def status_word(s):
    """The status bar's middle text, whatever its colour (read in white, then yellow)."""
    return read_text(s, 0, 24, 136, WHITE) or read_text(s, 0, 24, 136, YELLOW)


def test_hint_scene_lights_its_numbers_and_names_the_rule():
    from mines.help.hint_job import FOUND_CELL
    s = S.hint()
    m = s.m
    job = m.assist
    assert job.found == FOUND_CELL and m.state == M.PLAYING
    assert (m.cx, m.cy) == (job.cell % m.game.stride - 1, job.cell // m.game.stride - 1)
    assert status_word(s) == m.message and m.message.startswith(("Safe:", "Mine:"))
    lit = 0
    for y in range(m.game.height):
        for x in range(m.game.width):
            yellow = sum(near(c, YELLOW) for c in tile_pixels(s, x, y)) >= 30
            proves = m.game.board.index(x, y) in job.marks
            if (x, y) != (m.cx, m.cy):
                assert yellow == proves, (x, y)      # yellow ground on the proving numbers only
            lit += proves
    assert lit == len(job.because) >= 1


def test_wrong_flag_and_lives_scenes():
    from mines.engine.game import BAD_FLAG, BLOWN
    s = S.wrong_flag()
    g = s.m.game
    bad = [(x, y) for y in range(g.height) for x in range(g.width) if g.tile(x, y) == BAD_FLAG]
    assert len(bad) == 2
    for x, y in bad:
        p = tile_pixels(s, x, y)
        assert sum(near(c, (255, 128, 0), 40) for c in p) >= 5 and sum(near(c, RED) for c in p) >= 2
    s = S.lives()
    g = s.m.game
    assert s.m.state == M.PLAYING and g.lives == 3 and g.lives_lost == 1
    blown = [(x, y) for y in range(g.height) for x in range(g.width) if g.tile(x, y) == BLOWN]
    assert len(blown) == 1
    p = tile_pixels(s, *blown[0])
    assert sum(near(c, RED) for c in p) >= 10 and sum(near(c, BLACK) for c in p) >= 6  # mine on red
    assert sum(near(c, YELLOW) for c in p) >= 2                                        # its flag


def test_guess_scene_names_the_safest_cell():
    from mines.help.hint_job import FOUND_GUESS
    s = S.guess()
    m = s.m
    assert setting_text(m.settings, "kind") == "Random" and m.assist.found == FOUND_GUESS
    assert status_word(s) == "Guess: %d%% mine" % m.assist.chance


def test_menu_rows_and_code_entry_scenes():
    s = S.menu_rows()
    top = highlighted(s)
    assert read_label(s, top, WHITE, x1=48) == "Lives"
    s = S.code_entry()
    assert s.m.screen.name == "code" and s.m.screen.text().startswith("1220JE")
    assert read_label(s, highlighted(s), WHITE).strip().startswith("1220JE")


def test_a_page_opened_from_a_scrolled_menu_shows_its_first_line():
    """The main menu is scrolled (its cursor on Puzzle mode, at the bottom); a page opened from
    it starts at its own top, so its first line is on screen, and scrolls with Up and Down."""
    from game_helpers import to_row
    s = S.menu()
    m = s.m
    to_row(s.d, "puzzle")
    s.show()
    assert s.view.text.first > 0                          # the menu is scrolled
    to_row(s.d, "help")
    s.d.press(M.A)
    s.show()
    assert m.screen.name == "help" and s.view.text.first == 0
    assert read_label(s, MENU_TOP, WHITE).endswith(": move")
    lines = [line for line, _, _ in m.screen.rows]
    s.d.press(*[M.DOWN] * 20)                              # to its end, and no further
    s.show()
    assert m.screen.top == len(lines) - 8 == s.view.text.first
    assert read_label(s, MENU_TOP, WHITE) == lines[-8]
    assert read_label(s, MENU_TOP + 7 * 11, WHITE) == lines[-1]
    s.d.press(M.UP)
    s.show()
    assert read_label(s, MENU_TOP, WHITE) == lines[-9]


def test_an_overfilled_number_is_framed_in_red():
    """Flags around a number beyond its value: the number is framed in red (its digit in its
    colour), and a flag is marked wrong only where the numbers prove its cell safe."""
    from mines.engine.game import BAD_FLAG
    s = S.opened()
    m, d = s.m, s.d
    g = m.game
    b = g.board
    target = None
    for y in range(g.height):
        for x in range(g.width):
            t = g.tile(x, y)
            around = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                      if 0 <= x + dx < g.width and 0 <= y + dy < g.height
                      and g.tile(x + dx, y + dy) == COVERED]
            if target is None and 1 <= t <= 8 and len(around) > t:
                target = (x, y, t, around)
    x, y, t, around = target
    for cx, cy in around[:t + 1]:
        d.press(*walk(m, cx, cy), M.B)
    d.run(60)                                              # the check after the moves
    s.show()
    assert b.index(x, y) in g.overfull
    p = tile_pixels(s, x, y)
    frame = [p[k] for k in range(64) if k < 8 or k >= 56 or k % 8 in (0, 7)]
    inner = [p[k] for k in range(64) if 1 <= k // 8 <= 6 and 2 <= k % 8 <= 6]
    assert sum(near(c, RED) for c in frame) == 28
    assert sum(near(c, DIGIT_COLOURS[t], 16) for c in inner) >= 8
    for cx, cy in around[:t + 1]:
        i = b.index(cx, cy)
        assert (g.tile(cx, cy) == BAD_FLAG) == (i in g.disproved)
    assert any(g.tile(cx, cy) == FLAG for cx, cy in around[:t + 1] if is_mine(b, cx, cy))
