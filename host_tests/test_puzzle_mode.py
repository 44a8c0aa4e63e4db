"""Puzzle mode in the game (mines.flow.puzzle_part through the midend, and on the screen): from the
main menu to a made puzzle with progress, marks, undo and redo, check and hint from the pause
menu, the end with its time, best time and code, the next puzzle, and back to the sweeper."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools"))

from game_helpers import Driver, to_row, walk  # noqa: E402
from mines.flow import midend as M  # noqa: E402
from mines.puzzle import play as P  # noqa: E402
from mines.flow.menus import MAIN_ROWS  # noqa: E402
from mines.engine.view_text import is_mine  # noqa: E402


def into_puzzle_menu(d):
    to_row(d, "puzzle")
    d.press(M.A)
    assert d.m.screen.name == "puzzle"


def choose(d, size, level):
    m = d.m
    while m.screen.rows[m.screen.row][1] != "psize":
        d.press(M.UP)
    while m.settings.psize != size:
        d.press(M.RIGHT)
    d.press(M.DOWN)
    while m.settings.plevel != level:
        d.press(M.RIGHT)
    d.press(M.A)   # to "Play puzzle"
    assert m.screen.rows[m.screen.row][2] == "puzzle_play"


def pause_action(d, word):
    m = d.m
    d.press(M.START)
    assert m.state == M.PAUSED and m.screen.name == "pause"
    while m.screen.rows[m.screen.row][2] != word:
        d.press(M.DOWN)
    d.press(M.A)
    assert m.state == M.PLAYING and m.screen is None


def made(d):
    m = d.m
    last = 0
    seen = set()   # progress values
    while m.state == M.GENERATING:
        maker = m.puzzle.maker
        if maker is not None and maker.solver is not None:
            # (Easy's and Medium's maker makes no case analysis: Hard's alone, once the mines
            # and clues are dealt, with the walk's parts)
            assert maker.solver.cases is None or m.puzzle.level == P.HARD
            if maker.promoted is not None:
                assert (maker.solver.cases is None) == (m.puzzle.level != P.HARD)
        if not m.message:
            assert m.status() == "Making %d%%  B: stop" % m.progress()
        assert m.progress() >= last
        last = m.progress()
        seen.add(last)
        d.frame()
    assert m.state == M.PLAYING
    assert len(seen) > 2 and max(seen) > 50
    assert max(d.works) <= m.runner.budget


def test_a_puzzle_from_the_menu_to_the_end_and_the_next_and_back_to_the_sweeper():
    m = M.Midend(seed=11)
    d = Driver(m)
    d.run(3)
    into_puzzle_menu(d)
    choose(d, 1, P.MEDIUM)
    d.press(M.A)
    assert m.state == M.GENERATING and m.mode == 1 and m.runner.job is not None
    assert (m.board_width(), m.board_height()) == (10, 7)
    made(d)
    g = m.game
    assert (g.width, g.height, g.level) == (10, 7, P.MEDIUM)
    assert m.mines_left() == g.mines
    # The status bar names the marking keys until the first mark, then the pause menu's key
    # (issue 20: they were on How to play alone).
    assert m.status() == "A: mine  B: clear"
    # A marks a mine, B clear, again: unknown; undo and redo from the pause menu.
    free = [(x, y) for y in range(7) for x in range(10) if not g.clue[g.cell(x, y)]]
    x, y = free[0]
    d.press(*walk(m, x, y))
    assert m.status() == "A: mine  B: clear"
    d.press(M.A)
    assert g.mark[g.cell(x, y)] == P.MARK_MINE and m.mines_left() == g.mines - 1
    assert m.status() == "START: pause/help"
    d.press(M.B)
    assert g.mark[g.cell(x, y)] == P.MARK_CLEAR
    pause_action(d, "undo")
    assert g.mark[g.cell(x, y)] == P.MARK_MINE
    pause_action(d, "redo")
    assert g.mark[g.cell(x, y)] == P.MARK_CLEAR
    clue = [(cx, cy) for cy in range(7) for cx in range(10) if g.clue[g.cell(cx, cy)]][0]
    d.press(*walk(m, *clue))
    d.press(M.A)
    assert m.message == "A clue: no mark"
    # Check: the one mark is wrong or right, and the count says so.
    pause_action(d, "check")
    wrong = 1 if is_mine(g.board, x, y) else 0
    assert m.message == ("1 wrong mark" if wrong else "No wrong mark") and g.helps == 1
    # The rest by hints: each moves the cursor to its cell, and A or B marks it.
    clock = m.elapsed_ms
    while m.state == M.PLAYING:
        pause_action(d, "hint")
        assert (m.cx, m.cy) == (g.board.x_of(g.hint_cell), g.board.y_of(g.hint_cell))
        assert m.message in ("Hint: a mine here", "Hint: clear here")
        d.press(M.A if g.hint_mine else M.B)
    assert m.state == M.WON and g.state == P.SOLVED and m.elapsed_ms > clock
    assert m.status() == "Solved! Move to look"
    lines = m.result_lines()
    assert lines[0].startswith("Solved in ") and "new best!" in lines[0]
    assert lines[1].startswith("10x7 medium  help used %d" % g.helps)
    code = lines[2].split()[1]
    assert P.decode_code(code) == (10, 7, P.MEDIUM, g.seed)
    best = m.puzzle_best[1 * 3 + P.MEDIUM]
    assert best == m.elapsed_ms > 0 and m.puzzle_best[0 * 3 + P.EASY] == 0
    stopped = m.elapsed_ms
    d.run(30)
    assert m.elapsed_ms == stopped          # the clock stops at the end
    # A: the next puzzle (another seed); B from its end: the menu.
    first_seed = g.seed
    d.press(M.A)
    made(d)
    assert m.game.seed != first_seed
    d.press(M.SELECT)  # the main menu: puzzle mode and its buffers go, its best times stay
    assert m.state == M.MENU and m.mode == 0 and m.puzzle is None
    # Best times page.
    into_puzzle_menu(d)
    while m.screen.rows[m.screen.row][2] != "puzzle_best":
        d.press(M.UP)
    d.press(M.A)
    text = [label for label, _, _ in m.screen.rows]
    assert any(t.startswith("Medium") and "%d.%ds" % (best // 1000, best % 1000 // 100) in t
               for t in text)
    d.press(M.B)
    d.press(M.B)
    # The sweeper again: puzzle buffers go, a board is made and played.
    to_row(d, "play")
    d.press(M.A)
    assert m.mode == 0 and m.puzzle is None
    assert d.until(M.PLAYING, 5000) and m.game.__class__.__name__ == "Game"


def test_cancel_while_making_and_a_new_puzzle_from_the_pause_menu():
    m = M.Midend(seed=5)
    d = Driver(m)
    into_puzzle_menu(d)
    choose(d, 2, P.HARD)
    d.press(M.A)
    d.run(5)
    assert m.state == M.GENERATING
    d.press(M.B)
    assert m.state == M.MENU and m.runner.job is None
    into_puzzle_menu(d)
    choose(d, 0, P.EASY)
    d.press(M.A)
    made(d)
    seed = m.game.seed
    pause_action_new = [r[2] for r in MAIN_ROWS]   # (the main menu is unchanged)
    assert "puzzle" in pause_action_new
    d.press(M.START)
    while m.screen.rows[m.screen.row][2] != "new":
        d.press(M.DOWN)
    d.press(M.A)
    assert m.state == M.GENERATING
    made(d)
    assert m.game.seed != seed and (m.game.width, m.game.height) == (8, 6)


def zoomed_tile(scene, bx, by):
    """The 8x8 source pixels of board cell (bx, by) as drawn, at the view's zoom (each one the
    top-left screen pixel of its z x z block), and whether every block is one colour."""
    from test_screen import px
    v = scene.view
    z = v.zoom.scale
    x0 = (v.grid.x + (bx - v.ox) * 8) * z
    y0 = (v.grid.y + (by - v.oy) * 8) * z
    out = []
    blocks = True
    for j in range(8):
        for i in range(8):
            c = px(scene, x0 + i * z, y0 + j * z)
            out.append(c)
            for a in range(z):
                for b in range(z):
                    blocks = blocks and px(scene, x0 + i * z + a, y0 + j * z + b) == c
    return out, blocks


def test_the_puzzle_on_screen_lit_clues_marks_and_the_end_panel():
    import screenshots as S
    from test_screen import YELLOW, read_label, read_text, near
    s = S.puzzle()
    m = s.m
    g = m.game
    assert m.state == M.PLAYING and g.hint_cell >= 0 and g.hint_nclues >= 1
    assert s.view.zoom.scale == 2                            # Medium 10x7: 16-pixel tiles
    for k in range(g.hint_nclues):
        c = g.hint_clues[k]
        p, blocks = zoomed_tile(s, g.board.x_of(c), g.board.y_of(c))
        assert blocks and sum(near(q, YELLOW) for q in p) >= 20       # a lit clue: yellow
    assert read_text(s, 0, 20, 140, (255, 255, 255)) == m.message
    assert m.message in ("Hint: a mine here", "Hint: clear here")
    cleared = [i for i in range(g.board.size) if g.mark[i] == P.MARK_CLEAR]
    assert cleared
    c = cleared[0]
    p, blocks = zoomed_tile(s, g.board.x_of(c), g.board.y_of(c))
    assert blocks and near(p[3 * 8 + 3], (128, 128, 128)) and near(p[1 * 8 + 1], (192, 192, 192))
    s = S.puzzle_solved()
    m = s.m
    assert m.state == M.WON
    top = s.view._band.y + 2                                # the panel's four lines
    assert read_label(s, top, (64, 255, 64), x0=2).startswith("Solved in")
    assert read_label(s, top + 24, (160, 160, 160), x0=2) == "Code " + m.game.code()


def test_each_menu_size_fits_the_screen_small_and_medium_at_16_pixels_large_at_8():
    """Every cell of each menu size is on screen under the status bar, no scrolling; Small and
    Medium tiles are 16 pixels (each sheet pixel a 2x2 block), Large 8; the size row names them
    as SIZES does; and the sweeper's boards stay at 8 pixels."""
    import screenshots as S
    from game_helpers import to_row as row
    from mines.flow.settings import Settings
    from mines.flow.texts import setting_text
    shown = Settings()
    for size in range(len(P.SIZES)):
        shown.set("psize", size)
        assert setting_text(shown, "psize") == "%s %dx%d" % P.SIZES[size]
    want = {0: 2, 1: 2, 2: 1}
    for size in range(len(P.SIZES)):
        s = S.puzzle(seed=3, size=size, level=0, hints=1)
        m, v = s.m, s.view
        w, h = P.SIZES[size][1], P.SIZES[size][2]
        assert (m.game.width, m.game.height) == (w, h) and (v.ox, v.oy) == (0, 0)
        z = v.zoom.scale
        assert z == want[size]
        assert v.grid.y * z >= 8 and (v.grid.x + 8 * w) * z <= 160
        assert (v.grid.y + 8 * h) * z <= 128
        g = m.game
        for by in (0, h - 1):
            for bx in (0, w - 1):
                p, blocks = zoomed_tile(s, bx, by)
                assert blocks
                if g.clue[g.cell(bx, by)]:
                    assert near_any(p, (192, 192, 192))           # an opened clue
                elif not g.mark[g.cell(bx, by)]:
                    assert p[0] == (255, 255, 255)                # the raised cover's light edge
        # The cursor is drawn at the same zoom, on its cell.
        cx = (v.cursor.x) * z
        assert cx == (v.grid.x + m.cx * 8) * z
    s = S.Scene(7)
    row(s.d, "play")
    s.d.press(M.A)
    s.d.run(300)
    s.show()
    assert s.m.mode == 0 and s.view.zoom.scale == 1


def near_any(pixels, colour):
    from test_screen import near
    return any(near(q, colour) for q in pixels)


def test_making_the_full_screen_hard_puzzle_keeps_every_step_and_frame_in_the_runners_bounds():
    """The midend's runner starts a step while the frame's units plus its slice bound (the
    generator's MAX_SLICE_UNITS) fit the budget: the maker's steps must fit that bound too.
    Midend seed 38 makes a 20x15 Hard puzzle whose case analysis once charged 368 units to one
    step (a big group over the bound charged 2 units a cell it never walked)."""
    from mines.puzzle.maker import PuzzleMaker
    steps = []

    class Spy(PuzzleMaker):
        def step(self):
            done = super().step()
            steps.append(self.slice_work)
            return done

    m = M.Midend(seed=38)
    assert PuzzleMaker.MAX_SLICE_UNITS <= m.runner.slice_bound
    d = Driver(m)
    d.run(3)
    into_puzzle_menu(d)
    choose(d, 2, P.HARD)
    import mines.puzzle.maker
    real = mines.puzzle.maker.PuzzleMaker
    mines.puzzle.maker.PuzzleMaker = Spy   # puzzle_mode imports it when it makes the buffers
    try:
        d.press(M.A)
        made(d)
    finally:
        mines.puzzle.maker.PuzzleMaker = real
    assert (m.game.width, m.game.height, m.game.level) == (20, 15, P.HARD)
    assert len(steps) > 100
    assert max(steps) <= m.runner.slice_bound
    assert max(d.works) <= m.runner.budget


def test_a_puzzle_code_typed_on_the_code_screen_plays_that_puzzle():
    """The code on a solved puzzle's panel, typed on the Code screen (10 characters; the screen
    says it is a puzzle code), makes the same puzzle again: same size, level and clues."""
    from mines.engine.codes import ALPHABET
    m = M.Midend(seed=11)
    d = Driver(m)
    into_puzzle_menu(d)
    choose(d, 1, P.MEDIUM)
    d.press(M.A)
    made(d)
    g = m.game
    code = g.code()
    clues = bytes(g.clue)
    d.press(M.SELECT)
    to_row(d, "code")
    d.press(M.A)
    for ch in code:
        n = ALPHABET.index(ch)
        d.press(*([M.UP] * n if n <= 16 else [M.DOWN] * (32 - n)))
        d.press(M.RIGHT)
    assert m.screen.text() == code and len(code) == 10
    assert m.screen.lines(m.settings)[3][0] == "10 chars: a puzzle code"
    d.press(M.A)
    assert m.message == "" and m.mode == 1 and m.state == M.GENERATING
    assert (m.board_width(), m.board_height()) == (10, 7)
    made(d)
    assert m.game.code() == code and bytes(m.game.clue) == clues
    d.press(M.START)                              # the puzzle pause menu: How to play
    while m.screen.rows[m.screen.row][2] != "puzzle_help":
        d.press(M.DOWN)
    d.press(M.A)
    assert m.screen.title == "How to play" and m.screen.name == "puzzle_help"
