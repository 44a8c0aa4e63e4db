"""The game rules (mines.engine.game) and the flow (mines.flow.midend): moves, scripted games from
the menu to a win and to a loss, quick start, timer, cancelling, the per-frame work budget, and a
fuzz test of random button mashing with the game's invariants checked after every frame."""

import random

import pytest

from game_helpers import (Driver, ExactGenerator, count_flags, first_mine, menu_set,
                          row_of, to_row, winning_script, walk)
from mines.flow import midend as M
from mines.engine import presets
from mines.engine.game import (BOOM, CHORD, COVERED, FLAG, LOST, MINE, NEED_FLAGS, NO_MOVE, OPEN,
                               PLAYING, PRIMARY, SECONDARY, TOGGLE_FLAG, WON, WRONG, Game,
                               move_kind)
from mines.engine.generator import Generator
from mines.engine.rng import Rng
from mines.flow.texts import setting_text
from mines.engine.view_text import grid_string, load_grid

_GAP = 6  # idle frames that make two presses of a button separate presses, not a hold

GRID = (
    "*...."
    "....."
    "....."
    "...*."
    "....*"
)


def make_game():
    g = Game(5, 5)
    from mines.engine.board import Board
    b = Board(5, 5)
    load_grid(b, GRID)
    g.new(b)
    return g


# -- rules -------------------------------------------------------------------------------

def test_decide_changes_nothing_and_open_floods():
    g = make_game()
    before = bytes(g.shown)
    move = g.decide(PRIMARY, 2, 0)
    assert move_kind(move) == OPEN
    assert bytes(g.shown) == before and g.version == 1
    opened = g.execute(move)
    # the zero area from (2,0) and its border of numbers
    assert g.tile(2, 0) == 0 and g.tile(1, 0) == 1 and g.tile(0, 1) == 1
    assert g.tile(0, 0) == COVERED and g.tile(4, 4) == COVERED and g.tile(3, 3) == COVERED
    assert opened == g.opened == 20  # all but the 3 mines and the 2s at (3,4), (4,3)
    assert g.tile(2, 3) == 1 and g.tile(3, 2) == 1 and g.tile(4, 2) == 1
    assert g.state == PLAYING and g.started


def test_flags_chord_and_win():
    g = make_game()
    g.execute(g.decide(PRIMARY, 2, 0))
    # (3,4) and (4,3) are still covered: numbers 2 there
    assert g.tile(3, 4) == COVERED and g.tile(4, 3) == COVERED
    assert g.decide(PRIMARY, 2, 3) == NEED_FLAGS          # its mine (3,3) is not flagged
    flag = g.decide(SECONDARY, 3, 3)
    assert move_kind(flag) == TOGGLE_FLAG
    g.execute(flag)
    assert g.flags == 1 and g.tile(3, 3) == FLAG and g.mines_left() == 2
    chord = g.decide(PRIMARY, 2, 3)
    assert move_kind(chord) == CHORD
    assert g.execute(chord) == 1                          # opens (3,4)
    assert g.tile(3, 4) == 2
    assert g.decide(PRIMARY, 3, 4) == NEED_FLAGS
    g.execute(g.decide(PRIMARY, 4, 3))
    assert g.state == WON and g.opened == g.safe_total == 22
    assert g.flags == 3 and g.tile(0, 0) == FLAG and g.tile(4, 4) == FLAG
    assert g.decide(PRIMARY, 0, 0) == NO_MOVE               # nothing moves after the end


def test_unflag_and_refused_moves():
    g = make_game()
    m = g.decide(SECONDARY, 1, 1)
    g.execute(m)
    assert g.decide(PRIMARY, 1, 1) == NO_MOVE               # a flagged cell does not open
    g.execute(g.decide(SECONDARY, 1, 1))
    assert g.flags == 0 and g.tile(1, 1) == COVERED
    assert g.decide(PRIMARY, 7, 1) == NO_MOVE and g.decide(SECONDARY, -1, 0) == NO_MOVE
    assert g.execute(-5) == 0 and g.execute(OPEN << 12 | 0) == 0  # border cell: nothing


def test_loss_reveals_mines_and_wrong_flags():
    g = make_game()
    g.execute(g.decide(SECONDARY, 1, 1))                  # wrong flag
    g.execute(g.decide(SECONDARY, 4, 4))                  # right flag
    assert g.execute(g.decide(PRIMARY, 0, 0)) == -1
    assert g.state == LOST
    assert g.tile(0, 0) == BOOM and g.tile(3, 3) == MINE
    assert g.tile(1, 1) == WRONG and g.tile(4, 4) == FLAG


def test_chord_onto_a_mine_loses():
    g = make_game()
    g.execute(g.decide(PRIMARY, 2, 0))
    g.execute(g.decide(SECONDARY, 3, 4))                  # wrong flag next to (2,3)'s mine
    assert g.execute(g.decide(PRIMARY, 2, 3)) == -1
    assert g.state == LOST and g.tile(3, 3) == BOOM and g.tile(3, 4) == WRONG


def test_bbbv():
    from mines.flow.texts import bbbv
    g = make_game()
    shown = bytes(g.shown)
    # one zero area, plus the two numbers it does not touch: (3,4) and (4,3)
    assert bbbv(g) == 3
    assert bytes(g.shown) == shown                        # the tiles it borrowed, as they were


# -- the flow ----------------------------------------------------------------------------

def classic(seed=11, generator_class=None, preset="Beginner"):
    m = M.Midend(seed=seed, generator_class=generator_class)
    d = Driver(m)
    menu_set(d, "quick", lambda m: not m.settings.quick)
    menu_set(d, "board", lambda m: setting_text(m.settings, "board") == preset)
    return m, d


def test_scripted_win_from_the_menu_classic():
    m, d = classic(seed=11)
    assert (m.settings.width, m.settings.height, m.settings.mines) == (9, 9, 10)
    d.press(M.DOWN)  # ... to "Play"
    to_row(d, "play")
    d.press(M.A)
    assert m.state == M.READY
    d.press(*walk(m, 2, 3))
    d.press(M.A)
    assert m.state == M.GENERATING
    assert d.until(M.PLAYING, 400)
    assert m.game.opened >= 9 and m.game.started      # the first open cleared an area
    # Game 1 gets the first seed (21 bits), the generator's version above them (mines.flow.jobs).
    assert m.seed == Rng(11).bits30() & ((1 << 21) - 1) | 1 << 21
    script = winning_script(m)
    d.press(*script)
    assert m.state == M.WON
    assert m.game.opened == m.game.safe_total and m.game.mines_left() == 0
    assert m.stats.won == 1 and m.stats.played == 1 and m.elapsed_ms > 0
    assert m.stats.best[m.settings.key()] == m.elapsed_ms
    assert m.status() == "You win! Move to look" and "Won in" in m.result_lines()[0]
    # the same seed and presses give the very same board
    m2, d2 = classic(seed=11)
    to_row(d2, "play")
    d2.press(M.A)
    d2.press(*walk(m2, 2, 3))   # (walked from where READY puts the cursor, as game 1 was)
    d2.press(M.A)
    d2.until(M.PLAYING, 400)
    assert grid_string(m2.game.board) == grid_string(m.game.board)
    # play again from the end screen
    d.press(M.A)
    assert m.state == M.READY and m.elapsed_ms == 0


def test_scripted_loss_then_menu():
    m, d = classic(seed=5, preset="Intermediate")
    to_row(d, "play")
    d.press(M.START)
    d.press(M.A)
    assert d.until(M.PLAYING, 2000)
    x, y = first_mine(m)
    d.press(*walk(m, x, y))
    d.press(M.B, M.B)                                     # flag and unflag: no harm
    d.press(M.A)
    assert m.state == M.LOST
    assert m.game.shown[m.game.board.index(x, y)] == BOOM
    assert m.stats.played == 1 and m.stats.won == 0 and m.status() == "Boom! Move to look"
    t = m.elapsed_ms
    d.run(30)
    assert m.elapsed_ms == t                              # the clock stopped
    d.press(M.B)
    assert m.state == M.MENU


def test_quick_start_makes_the_board_on_play_and_marks_the_start():
    m = M.Midend(seed=3)
    d = Driver(m)
    assert m.settings.quick and m.state == M.MENU
    d.run(400)
    assert m.boards.generator is None and m.runner.job is None   # nothing made under the menu
    assert m.status() == ""
    d.press(M.A)                                          # row "Play" is selected at start
    assert m.state == M.GENERATING and m.status().startswith("Making")
    assert d.until(M.PLAYING)
    assert (m.cx, m.cy) == (m.start_x, m.start_y) and m.start_x >= 0
    assert not m.game.started and m.elapsed_ms == 0
    d.run(20)
    assert m.elapsed_ms == 0                              # the clock waits for the first open
    # opening another cell first is refused with a message
    d.press(M.RIGHT if m.cx == 0 else M.LEFT, M.A)
    assert m.game.opened == 0 and m.message == "Start at the dot"
    d.press(M.RIGHT if m.cx < m.start_x else M.LEFT)
    assert (m.cx, m.cy) == (m.start_x, m.start_y)
    d.press(M.A)
    assert m.game.opened >= 9 and m.start_x == -1
    d.run(31)
    assert m.elapsed_ms == 32 * 33                        # from the frame of the first open
    d.press(*winning_script(m))
    assert m.state == M.WON
    # the generator goes with the game (the heap's biggest buffers); the finished board stays
    # on screen unchanged
    shown = bytes(m.game.shown)
    left, lines = m.mines_left(), m.result_lines()
    seed = m.seed
    d.run(400)
    assert m.state == M.WON and m.boards.generator is None
    assert bytes(m.game.shown) == shown and m.mines_left() == left == 0
    assert m.result_lines() == lines
    d.press(M.A)                                          # the next board is made now
    assert m.state == M.GENERATING and d.until(M.PLAYING)
    assert m.start_x >= 0 and m.seed not in (0, seed)


def test_quick_start_before_ready_shows_generation_then_plays():
    m = M.Midend(seed=8)
    d = Driver(m)
    d.press(M.A)
    assert m.state == M.GENERATING
    assert d.until(M.PLAYING, 400)
    assert m.start_x >= 0


def test_pause_hides_and_stops_the_clock():
    m = M.Midend(seed=4)
    d = Driver(m)
    d.press(M.A)                                          # Play: the board is made
    assert d.until(M.PLAYING)
    d.press(M.A)                                          # and its start opened
    assert m.game.started
    d.run(10)
    t = m.elapsed_ms
    d.press(M.START)
    assert m.state == M.PAUSED and m.screen.name == "pause"
    cx, cy = m.cx, m.cy
    d.press(M.LEFT, M.RIGHT, M.DOWN)                      # the menu's cursor, not the board's
    assert m.state == M.PAUSED and (m.cx, m.cy) == (cx, cy) and m.game.flags == 0
    assert m.screen.rows[m.screen.row][0] == "New board"
    d.press(M.UP, M.A)                                    # A on "Resume"
    assert m.state == M.PLAYING and m.screen is None
    d.press(M.START)
    d.run(50)
    assert m.elapsed_ms == t + 33                         # only the one playing frame
    d.press(M.B)                                          # B resumes too, as does START
    assert m.state == M.PLAYING and m.game.flags == 0
    d.press(M.START, M.START)
    assert m.state == M.PLAYING
    d.press(M.START, M.DOWN, M.DOWN, M.A)                 # Help, from the pause menu
    assert m.state == M.PAUSED and m.screen.name == "help"
    d.press(M.B)
    assert m.screen.name == "pause"
    d.press(M.SELECT)                                     # SELECT: the main menu
    assert m.state == M.MENU and m.screen.name == "main"


def test_cancel_generation():
    m, d = classic(seed=2, preset="Expert")
    to_row(d, "play")
    d.press(M.A, M.A)
    assert m.state == M.GENERATING
    d.press(M.RIGHT, M.DOWN)                              # still answers buttons
    d.press(M.B)
    assert m.state == M.READY and m.message == "Cancelled"
    d.run(5)
    assert m.runner.frame_work == 0                              # the job was dropped
    d.press(M.A)
    assert d.until(M.PLAYING, 3000)


def test_menu_bounds_and_custom_density():
    m = M.Midend(seed=1)
    d = Driver(m)
    s = m.settings
    menu_set(d, "width", lambda m: s.width == presets.MAX_WIDTH)
    d.press(M.RIGHT)
    assert s.width == presets.MAX_WIDTH and setting_text(s, "board") == "Custom"   # clamped
    d.press(M.DOWN, M.LEFT)
    assert s.height == 14
    to_row(d, "mines")
    top = presets.max_mines(s.width, s.height)
    for _ in range(3):
        d.run(_GAP)                                       # separate presses: one mine each
        before = s.mines
        d.press(M.RIGHT)
        assert s.mines == before + 1
    for _ in range(200):                                  # held: speeds up, stops at the top
        d.press(M.RIGHT)
        assert presets.check_params(s.width, s.height, s.mines) is None
    assert s.mines == top
    d.run(_GAP)
    d.press(M.LEFT)
    assert s.mines == top - 1
    for _ in range(200):
        d.press(M.LEFT)
    assert s.mines == 1                                   # and at the bottom
    lines = m.screen.lines(s)
    density = (s.mines * 100 + s.width * s.height // 2) // (s.width * s.height)   # rounded
    assert lines[row_of(m, "mines")][1] == "%d (%d%%)" % (s.mines, density)


def test_width_and_height_leave_the_mines_alone():
    """A new width or height keeps the mine count (unless the size cannot hold it); held at its
    end, nothing changes (it once moved the mines 170 -> 168)."""
    m = M.Midend(seed=1)
    d = Driver(m)
    s = m.settings
    menu_set(d, "width", lambda m: s.width == presets.MAX_WIDTH)
    to_row(d, "mines")
    for _ in range(300):
        if s.mines >= 170:
            break
        d.press(M.RIGHT)
    mines = s.mines
    to_row(d, "width")
    for _ in range(40):                                   # held at 30
        d.press(M.RIGHT)
    assert s.width == presets.MAX_WIDTH and s.mines == mines
    d.press(M.LEFT, M.RIGHT)                              # 29 and back
    assert s.mines == mines
    d.press(M.DOWN, M.LEFT)                               # height 14: still fits
    assert s.mines == mines
    for _ in range(40):                                   # down to 5: too small for them
        d.press(M.LEFT)
    assert s.height == presets.MIN_HEIGHT
    assert s.mines == presets.max_mines(s.width, s.height, s.level) < mines
    s.set("level", 0)
    s.set("mines", presets.max_mines(s.width, s.height, 2))
    m.start_game()                                        # a board the level cannot make
    assert m.state == M.MENU and m.message == "Too many mines (max %d)" % (
        presets.max_mines(s.width, s.height, 0))


def test_bad_parameters_get_a_message_and_lose_nothing():
    m = M.Midend(seed=1)
    for name, value in (("width", 9), ("height", 9), ("mines", 80)):
        assert m.settings.set(name, value) is None       # each in its field's range...
    m.start_game()                                        # ...but not together
    assert m.state == M.MENU
    assert m.message == "Too many mines (max 36)"             # a line for the footer
    assert (m.settings.width, m.settings.height, m.settings.mines) == (9, 9, 80)


# -- the frame budget --------------------------------------------------------------------

def test_no_frame_exceeds_its_budget_with_exact_slices():
    m = M.Midend(seed=9, generator_class=ExactGenerator)
    d = Driver(m)
    d.run(100)
    d.press(M.A)
    d.run(20)
    assert max(d.works) == m.runner.budget == 2 * ExactGenerator.SLICE_UNITS
    assert all(w <= m.runner.budget for w in d.works)
    assert m.state == M.PLAYING


def test_midend_never_starts_a_slice_that_could_break_the_budget():
    """With the real generator: before every step() the frame's work so far plus one nominal
    slice (MAX_SLICE_UNITS, the most one step() does) fits in the budget: the rule."""
    starts = []

    class Spy(Generator):
        def step(self):
            starts.append(spy_state["work"])
            done = super().step()
            spy_state["work"] += self.slice_work
            return done

    spy_state = {"work": 0}

    class SpyDriver(Driver):
        def frame(self, presses=0):
            spy_state["work"] = 0
            super().frame(presses)

    m = M.Midend(seed=21, generator_class=Spy)
    d = SpyDriver(m)
    menu_set(d, "board", lambda m: setting_text(m.settings, "board") == "Expert")
    games = 0
    for k in range(1500):
        press = 0
        if m.state == M.PLAYING:
            press = M.SELECT                              # back to the menu: a new board
            games += 1
        elif m.state == M.MENU and k % 7 == 0:
            press = M.START
        d.frame(press)
    assert games >= 5 and len(starts) > 100
    assert all(w + Generator.MAX_SLICE_UNITS <= m.runner.budget for w in starts)


def test_real_generator_frames_stay_within_budget():
    """Counted work units, every frame, with the real generator on the big boards (custom
    30x24 at 30% included): never more than the budget, and the budget is used."""
    m = M.Midend(seed=21)
    d = Driver(m)
    generated = 0
    for name in ("Expert", "Intermediate", "Custom"):
        d.m.to_menu()
        menu_set(d, "board", lambda m, n=name: setting_text(m.settings, "board") == n)
        if name == "Custom":
            menu_set(d, "width", lambda m: m.settings.width == 30)
            menu_set(d, "height", lambda m: m.settings.height == 24)
            m.settings.set("mines", 216)  # 30%: held, the mines row moves in steps of 20
        for _ in range(8):                                # several boards of each
            assert d.until(M.MENU, 10)
            d.run(1)
            d.press(M.START)                              # play: the board is made...
            assert d.until(M.PLAYING, 5000)
            generated += 1
            d.press(M.SELECT)                             # ...and dropped
            assert m.boards.generator is None
    assert generated == 24
    assert max(d.works) <= m.runner.budget
    assert max(d.works) > m.runner.budget // 2


# -- fuzz --------------------------------------------------------------------------------

def check_invariants(m, last_elapsed, last_state, presses=0):
    assert 0 <= m.state <= M.LOST
    if m.mode:   # puzzle mode (test_puzzle_mode.py plays it through)
        check_puzzle_invariants(m)
        return
    if m.state != M.MENU:
        assert 0 <= m.cx < m.settings.width and 0 <= m.cy < m.settings.height
    game = m.game
    if m.state in (M.PLAYING, M.PAUSED, M.WON, M.LOST):
        assert game.mines == m.settings.mines and game.width == m.settings.width
        assert game.mines_left() == game.mines - game.flags
        if m.state != M.LOST:
            assert count_flags(game) == game.flags
        if m.state == M.WON:
            assert game.state == WON and game.opened == game.safe_total
            assert game.flags == game.mines
        elif m.state == M.LOST:
            assert game.state == LOST and game.shown[game.boom] == BOOM
        else:
            assert game.state == PLAYING and game.opened < game.safe_total
        if not game.started:
            assert m.elapsed_ms == 0
    if last_state == m.state and m.state != M.PLAYING and not presses & (M.A | M.START):
        assert m.elapsed_ms == last_elapsed                    # the clock only runs in play
    assert m.elapsed_ms >= 0


def check_puzzle_invariants(m):
    from mines.puzzle import play as P
    assert m.state not in (M.READY, M.LOST)
    if m.state != M.MENU:
        assert 0 <= m.cx < m.board_width() and 0 <= m.cy < m.board_height()
    game = m.game
    if m.state in (M.PLAYING, M.PAUSED, M.WON):
        assert (game.width, game.height) == (m.board_width(), m.board_height())
        assert game.mines_left() == game.mines - sum(1 for v in game.mark if v == P.MARK_MINE)
        assert (game.state == P.SOLVED) == (m.state == M.WON)


BUTTONS = (M.UP, M.DOWN, M.LEFT, M.RIGHT, M.A, M.B, M.START, M.SELECT)


def test_fuzz_random_buttons_keep_invariants(monkeypatch):
    # gc.collect() is for the device's heap; on CPython it only costs time (tens of ms here)
    import mines.flow.board_job
    import mines.flow.sweep_part

    class NoGc:
        @staticmethod
        def collect():
            pass

    monkeypatch.setattr(mines.flow.board_job, "gc", NoGc)
    monkeypatch.setattr(mines.flow.sweep_part, "gc", NoGc)
    rng = random.Random(2026)
    frames = 0
    states_seen = set()
    m = d = None
    for seq in range(2000):
        if seq % 50 == 0:
            m = M.Midend(seed=seq)
            d = Driver(m)
            # small custom boards keep generation quick (mashing reaches the presets too)
            w, h = rng.choice(((5, 5), (6, 5), (8, 6), (9, 9)))
            m.settings.set("width", w)
            m.settings.set("height", h)
            m.settings.set("mines", max(1, presets.max_mines(w, h) * rng.randint(3, 10) // 10))
            m.settings.set("quick", int(rng.random() < 0.5))
        for _ in range(rng.randint(5, 30)):
            last_elapsed, last_state = m.elapsed_ms, m.state
            r = rng.random()
            if r < 0.15:
                presses = 0                                    # idle frame
            elif r < 0.25:
                presses = rng.randint(0, 255)                  # mashing: several at once
            else:
                presses = rng.choice(BUTTONS)
            if presses & (M.SELECT | M.START) and rng.random() < 0.7:
                presses &= ~(M.SELECT | M.START)               # fewer menu trips, more play
            d.frame(presses)
            frames += 1
            states_seen.add(m.state)
            check_invariants(m, last_elapsed, last_state, presses)
        if m.state == M.PLAYING and not m.mode and m.game.started and rng.random() < 0.1:
            for presses in winning_script(m):                 # play it out, checking as we go
                last_elapsed, last_state = m.elapsed_ms, m.state
                d.frame(presses)
                frames += 1
                check_invariants(m, last_elapsed, last_state, presses)
            assert m.state == M.WON
            states_seen.add(m.state)
    assert frames > 15000
    assert {M.MENU, M.READY, M.GENERATING, M.PLAYING, M.PAUSED, M.WON, M.LOST} <= states_seen


def test_fuzz_held_keys_and_joystick_through_the_input_layer(monkeypatch):
    """Random key downs and ups on a PyGamer-like shift register (4 keys) and a joystick wandering
    in and out of its dead zone, through boards.buttons.KeypadInput with its auto-repeat, into
    the midend: holds across generation included. Invariants every frame."""
    import os
    import sys
    import mines.flow.board_job
    import mines.flow.sweep_part
    from boards.buttons import KeypadInput

    class NoGc:
        @staticmethod
        def collect():
            pass

    monkeypatch.setattr(mines.flow.board_job, "gc", NoGc)
    monkeypatch.setattr(mines.flow.sweep_part, "gc", NoGc)
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "fakes"))
    try:
        import keypad
    finally:
        sys.path.pop(0)

    class Keys:
        events = keypad.EventQueue(16)

    class Axis:
        value = 32768

    rng = random.Random(77)
    keys, jx, jy = Keys(), Axis(), Axis()
    inp = KeypadInput(keys, (M.B, M.A, M.START, M.SELECT), jx, jy, event=keypad.Event())
    m = M.Midend(seed=77)
    for name, value in (("width", 8), ("height", 8), ("mines", 9)):
        m.settings.set(name, value)
    d = Driver(m)
    down = [False] * 4
    states = set()
    for frame in range(12000):
        for k in range(4):  # B and A often, START now and then, SELECT rarely
            if rng.random() < ((0.1, 0.1, 0.01, 0.002)[k] if not down[k] else 0.3):
                down[k] = not down[k]
                keys.events.push(k, down[k])
        if rng.random() < 0.05:
            jx.value = rng.choice((0, 20000, 32768, 45000, 65535))
            jy.value = rng.choice((0, 20000, 32768, 45000, 65535))
        last_elapsed, last_state = m.elapsed_ms, m.state
        presses = inp.poll(d.now + 33)
        d.frame(presses)
        states.add(m.state)
        check_invariants(m, last_elapsed, last_state, presses)
        assert inp.held & ~0xFF == 0
    assert {M.MENU, M.GENERATING, M.PLAYING, M.PAUSED} <= states
    assert M.WON in states or M.LOST in states


# -- settings and menus ------------------------------------------------------------------------

def test_settings_table_checks_every_value():
    from mines.flow.settings import FIELDS, Settings, field
    for name, default, lo, hi, choice in FIELDS:
        s = Settings()
        assert getattr(s, name) == default
        assert s.set(name, hi + 1) is not None and getattr(s, name) == default   # refused
        assert s.set(name, lo - 1) is not None and getattr(s, name) == default
        assert s.set(name, lo) is None and getattr(s, name) == lo
        if choice:   # every value has a name of its own (texts.setting_text), from 0
            shown = []
            for value in range(lo, hi + 1):
                s.set(name, value)
                shown.append(setting_text(s, name))
            assert lo == 0 and len(set(shown)) == hi + 1 and "" not in shown, (name, shown)
    assert "mines must be 1 to" in Settings().set("mines", 0)
    with pytest.raises(KeyError):
        field("colour")


def test_settings_step_wraps_choices_and_clamps_numbers():
    from mines.flow.menus import step_setting
    from mines.flow.settings import CUSTOM, Settings
    s = Settings()
    assert presets.PRESETS[s.board][0] == "Screen"        # the first board fills the screen
    s.set("board", 0)                                     # Beginner
    assert (s.width, s.height, s.mines) == (9, 9, 10)
    step_setting(s, "board", -1)
    assert s.board == CUSTOM                              # a choice wraps round
    step_setting(s, "board", 1)
    assert s.board == 0
    s.set("width", presets.MIN_WIDTH)
    step_setting(s, "width", -1)
    assert s.width == presets.MIN_WIDTH and s.board == CUSTOM   # a number stops
    s.set("mines", 1)
    step_setting(s, "mines", -1)
    assert s.mines == 1
    step_setting(s, "mines", 1000)
    assert s.mines == presets.max_mines(s.width, s.height)
    assert s.check() is None


def test_menu_a_on_a_value_row_goes_to_play_and_help_opens_and_closes():
    m = M.Midend(seed=1)
    d = Driver(m)
    to_row(d, "board")
    board = m.settings.board
    d.press(M.A)
    assert m.settings.board == board                      # A changes nothing...
    assert m.screen.rows[m.screen.row][2] == "play"       # ...it moves to Play
    assert m.footer() == "A: play"
    to_row(d, "board")
    assert m.footer() == "<>: change  A: to Play"
    to_row(d, "help")
    d.press(M.A)
    assert m.screen.name == "help" and m.state == M.MENU and m.screen.row == -1
    assert any("flag" in line for line, _ in m.screen.lines(m.settings))
    assert m.footer() == "Up/Down: scroll  A: back"       # a page longer than the screen
    d.press(M.DOWN, M.LEFT)                               # nothing to choose on a page
    assert m.screen.name == "help" and m.screen.top == 1
    d.press(M.B)
    assert m.screen.name == "main"
    d.press(M.START)                                      # START plays from the main menu
    assert m.state in (M.GENERATING, M.PLAYING) and m.screen is None


def test_pause_menu_new_board_and_keyboard_names():
    m = M.Midend(seed=3, buttons=("Up", "Down", "Left", "Right", "Z", "X", "Enter", "Esc"))
    d = Driver(m)
    d.press(M.A)                                          # Play: the board is made
    assert d.until(M.PLAYING)
    d.press(M.A)                                          # and its start opened
    first = m.seed
    d.press(M.START)
    assert m.footer() == "Z: resume"
    d.press(M.DOWN, M.A)                                  # "New board"
    assert m.screen is None and m.state in (M.PLAYING, M.GENERATING)
    assert d.until(M.PLAYING, 400) and m.seed != first and not m.game.started


def _lost_beginner():
    """A Beginner game from the menu, lost on its first mine: (midend, driver)."""
    m, d = classic(seed=5, preset="Beginner")
    to_row(d, "play")
    d.press(M.START)
    d.press(M.A)
    assert d.until(M.PLAYING, 2000)
    d.press(*walk(m, *first_mine(m)))
    d.press(M.A)
    return m, d


def test_the_menu_holds_no_board_buffers():
    """Back at the menu (from an end panel or from the pause menu) neither the generator nor
    the last game is kept: the menu's Labels never share the heap with a board's buffers, and
    the next board makes both anew."""
    m, d = _lost_beginner()
    assert m.state == M.LOST and m.game is not None           # the end panel shows the board
    d.press(M.B)
    assert m.state == M.MENU
    assert m.boards.game is None and m.boards.generator is None
    d.press(M.START)                                          # play again, then leave by pause
    d.press(M.A)
    assert d.until(M.PLAYING, 2000)
    d.press(M.START)
    assert m.state == M.PAUSED
    d.press(M.SELECT)
    assert m.state == M.MENU and m.boards.game is None and m.boards.generator is None
    d.press(M.START)
    d.press(M.A)
    assert d.until(M.PLAYING, 2000) and m.game.opened > 0      # and the next board plays
