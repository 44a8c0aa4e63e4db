"""The hints, marks, lives, board kinds, "again" and board codes as a player meets them in the
game: through button presses on the midend, frame by frame."""

import random

from game_helpers import Driver, menu_set, to_row, walk
from view_util import forced, overfilled_numbers

from mines.flow import midend as M
from mines.engine.game import BAD_FLAG, BLOWN, COVERED, FLAG, LOST, PLAYING as G_PLAYING
from mines.flow.texts import setting_text
from mines.engine.view_text import grid_string, is_mine


def new_game(settings=(), quick=0, seed=7, board="Beginner"):
    m = M.Midend(seed=seed)
    d = Driver(m)
    menu_set(d, "quick", lambda m: m.settings.quick == quick)
    menu_set(d, "board", lambda m: setting_text(m.settings, "board") == board)
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
    lit = list(m.assist.marks)
    assert lit and all(g.shown[i] <= 8 for i in lit)
    # The next move puts the lights out.
    d.press(M.B if text.startswith("Mine") else M.A)
    assert not m.assist.marks
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


def _rows_of(g):
    """The game's view as view_util rows ('#', 'F', '*', digits)."""
    rows = []
    for y in range(g.height):
        row = ""
        for x in range(g.width):
            t = g.tile(x, y)
            row += "#" if t == COVERED else "F" if t in (FLAG, BAD_FLAG) else \
                "*" if t == BLOWN else str(t)
        rows.append(row)
    return rows


def _frontier(rows):
    h, w = len(rows), len(rows[0])
    return [(x, y) for y in range(h) for x in range(w) if rows[y][x] in "#F" and any(
        rows[y + dy][x + dx].isdigit() for dy in (-1, 0, 1) for dx in (-1, 0, 1)
        if 0 <= y + dy < h and 0 <= x + dx < w)]


def test_wrong_flag_marks_in_game_match_brute_force_without_a_hint():
    """Marks on (the default), no hint ever asked: after each move (and the frames of the check
    job it starts) the flags shown wrong are exactly the flags on cells the numbers (and the
    total) prove safe, by brute force over every layout (a flag beside a number with too many
    flags is not wrong for that alone), and the numbers marked overfilled are exactly those
    with more flags around them than their value.
    Moves come fast too (a flag put on and taken off in two frames), stopping a check midway."""
    rnd = random.Random(31)
    compared = marked = proven = overfull = 0
    for seed in range(12):
        m, d = new_game(seed=40 + seed)
        g = m.game
        b = g.board
        for _ in range(60):
            if m.state != M.PLAYING:
                break
            cells = [(x, y) for y in range(9) for x in range(9)]
            covered = [c for c in cells if g.tile(*c) == COVERED]
            flags = [c for c in cells if g.tile(*c) in (FLAG, BAD_FLAG)]
            r = rnd.random()
            if r < 0.4 and covered:
                x, y = rnd.choice(covered)
                d.press(*walk(m, x, y))
                d.press(M.B)
                if rnd.random() < 0.25:
                    d.press(M.B, M.B)   # off and on again at once: the check starts anew
            elif r < 0.5 and flags:
                x, y = rnd.choice(flags)
                d.press(*walk(m, x, y))
                d.press(M.B)
            else:
                safe = [c for c in covered if not is_mine(b, *c)]
                if not safe:
                    break   # (only flagged safe cells left)
                x, y = rnd.choice(safe)
                d.press(*walk(m, x, y))
                d.press(M.A)
            if m.state != M.PLAYING:
                break
            for _ in range(200):
                if m.runner.state == 0:
                    break
                d.frame()
            assert m.runner.state == 0
            rows = _rows_of(g)
            if len(_frontier(rows)) > 18:
                continue   # (too many layouts for the brute force)
            safe, _, n = forced(9, 9, rows, g.total)
            assert n
            want = set(c for c in safe if rows[c[1]][c[0]] == "F")
            proven += len(want)
            got = set(c for c in cells if g.tile(*c) == BAD_FLAG)
            assert got == want, (seed, "/".join(rows), got, want)
            over = overfilled_numbers(9, 9, rows)
            assert set((b.x_of(i), b.y_of(i)) for i in g.overfull) == over
            overfull += bool(over)
            compared += 1
            marked += len(got)
        assert m.hints_used == 0
    assert compared > 100 and proven > 20 and overfull > 20, (compared, proven, overfull)


def test_a_safe_flag_beside_a_right_one_is_the_one_wrong_flag_and_the_hint_goes_there():
    """Issue 20's report, played: a forced mine flagged, then a forced-safe cell beside it
    flagged too (the number between them often overfilled). Only the flag on the safe cell is
    crossed out, the right one stays a plain flag; a hint says "Wrong flag" (one) and moves the
    cursor onto the safe cell's flag, never onto the right one."""
    from mines.engine import presets
    from mines.engine.view_text import solve_view
    played = overfull = 0
    for seed in range(30):
        m, d = new_game(seed=60 + seed)
        g = m.game
        rows = _rows_of(g)
        safe, mine = solve_view(9, 9, rows, presets.FULL, g.total)
        pairs = [(s, c) for s in safe for c in mine
                 if abs(s[0] - c[0]) <= 1 and abs(s[1] - c[1]) <= 1]
        if not pairs:
            continue
        s, c = pairs[seed % len(pairs)]
        for x, y in (c, s):
            d.press(*walk(m, x, y))
            d.press(M.B)
            d.run(30)                                # the check after the move
        assert m.runner.state == 0
        assert g.tile(*c) == FLAG and g.tile(*s) == BAD_FLAG, (seed, c, s)
        assert [(x, y) for y in range(9) for x in range(9) if g.tile(x, y) == BAD_FLAG] == [s]
        overfull += bool(g.overfull)
        d.press(*walk(m, *c))                        # the cursor on the right flag
        assert ask_hint(m, d) == "Wrong flag" and (m.cx, m.cy) == s, (seed, m.message)
        played += 1
    assert played >= 25 and overfull >= 10, (played, overfull)   # (30 and 14 when written)


def _misflag(m, d):
    g = m.game
    x, y = next((x, y) for y in range(g.height) for x in range(g.width)
                if g.tile(x, y) == COVERED and not is_mine(g.board, x, y))
    d.press(*walk(m, x, y))
    d.press(M.B)


def test_the_hint_job_is_kept_for_the_game_and_dropped_before_the_next_board():
    """With marks on, made by the check after the first move once the board's buffers were
    collected (no hint asked), the hint job and its buffers are kept for the rest of the game
    (the check after every move keeps its view, so the first hint starts from it), and let go
    of when the game is left, before the next board's buffers (another size here) are made."""
    m, d = new_game()
    assert m.assist is None   # (the first open: in the frame the generator went, uncollected)
    _misflag(m, d)
    job = m.assist
    assert job is not None and job.game is m.game
    g = m.game
    x, y = next((x, y) for y in range(9) for x in range(9)
                if g.tile(x, y) == COVERED and not is_mine(g.board, x, y))
    d.press(*walk(m, x, y))
    d.press(M.A)
    assert m.assist is job   # kept while the game goes on
    made = []
    from mines.engine.generator import Generator
    real_class = m.boards.generator_class or Generator

    def generator_class(width, height, lent=None):   # the next board's buffers: what is held then
        made.append((width, m.assist))
        return real_class(width, height, lent)
    m.boards.generator_class = generator_class
    d.press(M.SELECT)
    assert m.assist is None
    menu_set(d, "board", lambda m: setting_text(m.settings, "board") == "Intermediate")
    to_row(d, "play")
    d.press(M.A)
    if m.state == M.READY:
        d.press(*walk(m, 5, 5))
        d.press(M.A)
    assert d.until(M.PLAYING) and m.game.width == 16
    assert made == [(16, None)]                 # gone before the 16x16 buffers were made
    _misflag(m, d)
    assert m.assist is not None and m.assist is not job and m.assist.hinter.board.width == 16


def test_with_marks_off_no_hint_job_until_help_is_asked():
    """Marks off: no check after moves, so no hint buffers until a hint is asked."""
    m, d = new_game((("marks", 0),))
    assert m.settings.marks == 0 and m.game.started
    _misflag(m, d)
    assert m.assist is None
    d.frame()
    assert m.assist is None   # the flag's move made none either
    ask_hint(m, d)
    assert m.assist is not None and m.hints_used == 1


def test_lives_let_the_game_go_on_and_show_in_the_result():
    """With 3 lives the status bar shows the lives left (a heart, its glyph boards.glyphs',
    and the number) whenever no message is due: "Life lost: N left" fades, the count stays."""
    m, d = new_game((("lives", 1),))   # 3 lives
    g = m.game
    assert g.lives == 3
    assert m.status() == "\x7f3  START: pause"
    mines = [(x, y) for y in range(9) for x in range(9)
             if is_mine(g.board, x, y) and g.tile(x, y) == COVERED]
    for k in range(3):
        x, y = mines[k]
        d.press(*walk(m, x, y))
        d.press(M.A)
        if k < 2:
            assert m.state == M.PLAYING and g.tile(x, y) == BLOWN
            assert m.status() == "Life lost: %d left" % (2 - k)  # said at once
            d.run(100)                                            # ... and gone, 3.3 s on:
            assert m.message == ""                                # the lives left stay
            assert m.status() == "\x7f%d  START: pause" % (2 - k)
    assert m.state == M.LOST and g.state == LOST
    assert any(line.endswith(" lost 3") for line in m.result_lines())


def test_again_gives_the_identical_board_and_its_code_rebuilds_it():
    m, d = new_game()
    grid = grid_string(m.game.board)
    start = m.board_start
    from mines.flow.texts import board_code
    code = board_code(m)
    assert len(code) == 12
    # Lose, then START: again.
    g = m.game
    x, y = next((x, y) for y in range(9) for x in range(9) if is_mine(g.board, x, y))
    d.press(*walk(m, x, y))
    d.press(M.A)
    assert m.state == M.LOST
    assert any(code in line for line in m.result_lines())
    d.press(M.START)
    assert d.until(M.PLAYING)
    assert grid_string(m.game.board) == grid and m.board_start == start
    # The code typed on the code screen, character by character with the joystick.
    d.press(M.SELECT)
    to_row(d, "code")
    d.press(M.A)
    assert m.screen.name == "code"
    from mines.engine.codes import ALPHABET
    for ch in code:
        for _ in range(ALPHABET.index(ch)):
            d.press(M.UP)
        d.press(M.RIGHT)
    d.press(M.A)
    assert d.until(M.PLAYING)
    assert grid_string(m.game.board) == grid and m.board_start == start


def test_a_mistyped_code_is_refused_with_a_reason():
    m = M.Midend(seed=3)
    d = Driver(m)
    to_row(d, "code")
    d.press(M.A)
    d.press(M.UP, M.A)     # "100000000000": the check fails
    assert m.state == M.MENU and "mistyped" in m.message


def test_the_code_screen_opens_on_nothing_to_play_and_a_code_counts_as_its_board():
    """Issue 20's new-player run: the Code screen opened on "000000000000", a 5x5 board with
    1 mine, so A at once won in 0.0s and counted. Now it opens on dashes and A or START plays
    nothing until a character is typed. A board played from a code counts in the records as
    that board chosen in the menu would (its size, mines, level and kind), never as another."""
    from mines.engine.presets import board_key
    from mines.flow.save_part import attach
    from mines.flow.save_work import current
    m = M.Midend(seed=3)
    d = Driver(m)
    attach(m, None, quiet=True)
    to_row(d, "code")
    d.press(M.A)
    assert m.screen.name == "code" and m.screen.text() == "-" * 12
    for key in (M.A, M.START):
        d.press(key)
        d.run(5)
        assert (m.state, m.screen.name, m.message) == (M.MENU, "code", "no code typed")
    assert m.stats.played == 0 and m.game is None
    d.press(M.UP, M.DOWN)                   # typed: "000000000000", the tiny board, plays
    assert m.screen.text() == "0" * 12
    d.press(M.A)
    assert d.until(M.PLAYING) or m.state == M.WON
    if m.state == M.PLAYING:
        d.press(*walk(m, 0, 0), M.A)
    assert m.state == M.WON and m.stats.played == 1
    records = current(m.saves)             # the code's board alone: not the menu's Beginner
    assert records.best_keys() == [board_key(5, 5, 1, 0, 0)]
    assert len(records.best_times(board_key(5, 5, 1, 0, 0))) == 1


def test_a_code_from_before_version_1_plays_its_board_again_and_keeps_its_code():
    """A code written before the generator's version 1 (Crowded, seed 11: host_tests/test_codes)
    makes its old board; "again" makes it again and the result screen shows the same code."""
    import hashlib
    from mines.flow.code_screen import play
    from mines.flow.texts import board_code
    m = M.Midend(seed=3)
    d = Driver(m)
    d.run(5)
    play(m, "12224AG000BP")
    assert d.until(M.PLAYING)
    grid = grid_string(m.game.board)
    assert hashlib.sha256(grid.encode()).hexdigest()[:16] == "9a9e8bf8e9e42b83"
    assert board_code(m) == "12224AG000BP"
    if not m.game.started:   # quick start: the start is marked, open it
        d.press(*walk(m, m.start_x, m.start_y))
        d.press(M.A)
    g = m.game
    x, y = next((x, y) for y in range(9) for x in range(9)
                if is_mine(g.board, x, y) and g.tile(x, y) == COVERED)
    d.press(*walk(m, x, y))
    d.press(M.A)
    assert m.state == M.LOST
    d.press(M.START)   # again
    assert d.until(M.PLAYING)
    assert grid_string(m.game.board) == grid and board_code(m) == "12224AG000BP"


def test_random_and_kind_boards_are_played():
    for kind in (1, 2):
        m, d = new_game((("kind", kind),))
        assert m.settings.kind == kind
        assert m.game.state == G_PLAYING
        from mines.flow.texts import board_code
        from mines.engine.board_code import decode
        assert decode(board_code(m))[7] == kind   # the kind is in the code


def test_a_kind_board_forgives_an_unavoidable_guess(monkeypatch):
    """On a Kind board, open covered cells only when the hint says nothing is provable (a
    guess): never a loss. With one life, any lost guess would end the game. The rescue is a
    job run between frames: while it runs the status bar says so, moves and hints wait, and no
    step does more than its slice (the frontier's units; the last one also moves the mines)."""
    from mines.help.mercy_job import RESCUE_UNITS
    from mines.engine.kinds import APPLY_UNIT, Rescue
    steps = []
    real_step = Rescue.step

    def counted_step(self, units=200):
        before = self.frontier.work
        done = real_step(self, units)
        steps.append((self.frontier.work - before, done, self.moved))
        return done
    monkeypatch.setattr(Rescue, "step", counted_step)
    guesses = saved = waited = 0
    for seed in range(4):
        m, d = new_game((("kind", 2),), seed=100 + seed, board="Expert")
        for _ in range(600):
            if m.state != M.PLAYING:
                break
            text = ask_hint(m, d)
            if text.startswith("Guess"):
                g = m.game
                cell = g.board.index(m.cx, m.cy)
                before = g.board.mine[cell]
                moves = g.moves
                d.press(M.A)
                if before:   # the open waits for the rescue
                    assert m.runner.tag == M.JOB_MERCY and g.moves == moves
                    assert m.status().startswith("Thinking")
                    d.press(M.RIGHT, M.B, M.LEFT, M.A | M.B)   # a flag and a hint: ignored
                    assert g.moves == moves and m.hints_used == m.hints_used
                    for _ in range(3000):
                        if m.runner.tag != M.JOB_MERCY:
                            break
                        d.frame()
                        waited += 1
                    assert g.moves == moves + 1
                    assert m.message == "Kind: mines moved"   # the player is told
                assert m.state != M.LOST and g.tile(m.cx, m.cy) != BLOWN
                guesses += 1
                saved += before
            elif text.startswith("Mine"):
                d.press(M.B)
            else:
                d.press(M.A)
        assert m.state == M.WON
    assert guesses >= 5 and saved >= 1, (guesses, saved)
    assert waited >= saved   # a frame or more per rescue
    from mines.flow.hint_part import drop
    drop(m)   # (as a new board size would): the job goes, scrubbed, and nothing it pointed to
    assert m.assist is None and m.settings is not None and m.runner.budget > 0
    for work, done, moved in steps:
        assert work <= RESCUE_UNITS + 180 + (APPLY_UNIT * moved if done else 0), steps
