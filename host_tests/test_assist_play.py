"""The hints, marks, lives, board kinds, "again" and board codes as a player meets them in the
game: through button presses on the midend, frame by frame."""

from game_helpers import Driver, menu_set, to_row, walk
from mines import midend as M
from mines.game import BAD_FLAG, BLOWN, COVERED, LOST, PLAYING as G_PLAYING


def new_game(settings=(), quick=0, seed=7, board="Beginner"):
    m = M.Midend(seed=seed)
    d = Driver(m)
    menu_set(d, "quick", lambda m: m.settings.quick == quick)
    menu_set(d, "board", lambda m: m.settings.board_name() == board)
    for name, value in settings:
        menu_set(d, name, lambda m, name=name, value=value: getattr(m.settings, name) == value)
    to_row(d, "play")
    d.press(M.A)
    if quick:
        assert d.until(M.PLAYING)
        d.press(*walk(m, m.start_x, m.start_y))
        d.press(M.A)
    else:
        d.press(*walk(m, 4, 4))
        d.press(M.A)
        assert d.until(M.PLAYING)
    assert m.game.started
    return m, d


def ask_hint(m, d):
    d.frame(M.A | M.B)   # A and B together
    for _ in range(3000):
        if m.runner.state == 0 and not m.message.startswith("Thinking"):
            break
        d.frame()
    return m.message


def test_a_hint_moves_the_cursor_lights_its_numbers_and_names_the_rule():
    m, d = new_game()
    text = ask_hint(m, d)
    assert text.split(":")[0] in ("Safe", "Mine"), text
    assert m.hints_used == 1
    g = m.game
    cell = g.board.index(m.cx, m.cy)
    assert g.shown[cell] == COVERED
    assert g.board.mine[cell] == (text.startswith("Mine"))
    lit = [i for i in range(len(g.shown)) if m.assist.marks[i]]
    assert lit and all(g.shown[i] <= 8 for i in lit)
    # The next move puts the lights out.
    d.press(M.B if text.startswith("Mine") else M.A)
    assert not any(m.assist.marks)
    # Hints played out win the game, and the result counts them.
    for _ in range(200):
        if m.state != M.PLAYING:
            break
        text = ask_hint(m, d)
        d.press(M.B if text.startswith("Mine") else M.A)
    assert m.state == M.WON
    assert any(("hint %d" % m.hints_used) in line for line in m.result_lines())


def test_a_flag_the_numbers_disprove_is_marked_after_the_move():
    m, d = new_game()
    g = m.game
    b = g.board
    # A covered safe cell next to an open number whose other covered cells settle it: use the
    # hint to find a provably safe cell, then flag it.
    for _ in range(60):
        text = ask_hint(m, d)
        if text.startswith("Safe"):
            break
        d.press(M.B)
    assert text.startswith("Safe")
    d.press(M.B)             # flag the safe cell
    d.run(30)                # the check job runs in the next frames
    assert g.tile(m.cx, m.cy) == BAD_FLAG
    d.press(M.B)             # taken off: covered again
    assert g.tile(m.cx, m.cy) == COVERED
    assert not b.mine[b.index(m.cx, m.cy)]


def test_lives_let_the_game_go_on_and_show_in_the_result():
    m, d = new_game((("lives", 1),))   # 3 lives
    g = m.game
    assert g.lives == 3
    mines = [(x, y) for y in range(9) for x in range(9)
             if g.board.is_mine(x, y) and g.tile(x, y) == COVERED]
    for k in range(3):
        x, y = mines[k]
        d.press(*walk(m, x, y))
        d.press(M.A)
        if k < 2:
            assert m.state == M.PLAYING and g.tile(x, y) == BLOWN
            assert m.status() == "Life lost: %d left" % (2 - k)  # said at once
    assert m.state == M.LOST and g.state == LOST
    assert any(line.endswith(" lost 3") for line in m.result_lines())


def test_again_gives_the_identical_board_and_its_code_rebuilds_it():
    m, d = new_game()
    grid = m.game.board.grid_string()
    start = m.board_start
    from mines.helping import board_code
    code = board_code(m)
    assert len(code) == 12
    # Lose, then START: again.
    g = m.game
    x, y = next((x, y) for y in range(9) for x in range(9) if g.board.is_mine(x, y))
    d.press(*walk(m, x, y))
    d.press(M.A)
    assert m.state == M.LOST
    assert any(code in line for line in m.result_lines())
    d.press(M.START)
    assert d.until(M.PLAYING)
    assert m.game.board.grid_string() == grid and m.board_start == start
    # The code typed on the code screen, character by character with the joystick.
    d.press(M.SELECT)
    to_row(d, "code")
    d.press(M.A)
    assert m.screen.name == "code"
    from mines.codes import ALPHABET
    for ch in code:
        for _ in range(ALPHABET.index(ch)):
            d.press(M.UP)
        d.press(M.RIGHT)
    d.press(M.A)
    assert d.until(M.PLAYING)
    assert m.game.board.grid_string() == grid and m.board_start == start


def test_a_mistyped_code_is_refused_with_a_reason():
    m = M.Midend(seed=3)
    d = Driver(m)
    to_row(d, "code")
    d.press(M.A)
    d.press(M.UP, M.A)     # "100000000000": the check fails
    assert m.state == M.MENU and "mistyped" in m.message


def test_random_and_kind_boards_are_played():
    for kind in (1, 2):
        m, d = new_game((("kind", kind),))
        assert m.settings.kind == kind
        assert m.game.state == G_PLAYING
        from mines.helping import board_code
        from mines.boardcode import decode
        assert decode(board_code(m))[7] == kind   # the kind is in the code


def test_a_kind_board_forgives_an_unavoidable_guess():
    """On a Kind board, open covered cells only when the hint says nothing is provable (a
    guess): never a loss. With one life, any lost guess would end the game."""
    guesses = saved = 0
    for seed in range(4):
        m, d = new_game((("kind", 2),), seed=100 + seed, board="Expert")
        for _ in range(600):
            if m.state != M.PLAYING:
                break
            text = ask_hint(m, d)
            if text.startswith("Guess"):
                before = m.game.board.mine[m.game.board.index(m.cx, m.cy)]
                d.press(M.A)
                assert m.state != M.LOST
                guesses += 1
                saved += before
            elif text.startswith("Mine"):
                d.press(M.B)
            else:
                d.press(M.A)
        assert m.state == M.WON
    assert guesses >= 5 and saved >= 1, (guesses, saved)
