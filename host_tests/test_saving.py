"""Saves in the game (issue 12): the midend with a store. Settings come back, a game in progress
is resumed after power-off with its timer and cells, results are counted and shown, the records
screens read them, a reset asks first, damage is reported once, and writes happen only when the
policy allows and never in a frame that makes a board.

"Power-off" here is dropping the midend and building a new one over the same bytes.
"""

import os
import sys

from game_helpers import Driver, menu_set, to_row, walk, winning_script

from mines.flow import midend as M
from mines.saves import records as R
from mines.saves import slots as S
from mines.engine.game import COVERED, FLAG, PRIMARY
from mines.flow.save_part import SAVE_FAILED, attach
from mines.flow.states import SETTINGS
from mines.flow.texts import setting_text
from mines.flow.save_work import best_ms, close, current
from mines.saves.storage import FileStorage
from mines.engine.view_text import grid_string, is_mine, number

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools"))


class Nvm(bytearray):
    """A store that remembers which frame wrote and whether that frame made part of a board."""

    def __init__(self):
        bytearray.__init__(self, S.STORE_SIZE)
        self.driver = None
        self.writes = []

    def __setitem__(self, index, data):
        d = self.driver
        if d is not None:
            self.writes.append((d.frames, d.m.runner.frame_work))
        bytearray.__setitem__(self, index, data)


def boot(nvm, seed=3):
    """Switch on: a midend over ``nvm``, as code.py builds it."""
    m = M.Midend(seed=seed)
    d = Driver(m)
    d.now = 10 ** 6  # the clock starts anywhere
    attach(m, nvm)
    if isinstance(nvm, Nvm):
        nvm.driver = d
    return m, d


def start_quick(d):
    m = d.m
    if m.state == M.MENU:
        to_row(d, "play")
    d.press(M.A)
    assert d.until(M.PLAYING, 5000)
    d.press(*walk(m, m.start_x, m.start_y))
    d.press(M.A)
    assert m.game.started


def beginner(d):
    menu_set(d, "board", lambda m: setting_text(m.settings, "board") == "Beginner")


def flag_a_mine(d):
    m = d.m
    for y in range(m.game.height):
        for x in range(m.game.width):
            if is_mine(m.game.board, x, y) and m.game.tile(x, y) == COVERED:
                d.press(*walk(m, x, y))
                d.press(M.B)
                return x, y
    raise AssertionError("no covered mine")


def saved_and_paused():
    """A Beginner game begun, played 16 s and paused: kept in a new Nvm. (nvm, midend, driver)"""
    nvm = Nvm()
    m, d = boot(nvm)
    beginner(d)
    start_quick(d)
    d.run(500)
    d.press(M.START)  # 15 s after the write of the settings: written at once
    d.run(2)
    game = S.Store(bytearray(nvm)).load().game
    assert game is not None and game.elapsed_ms == m.elapsed_ms >= 16000  # no move: time kept
    return nvm, m, d


def test_a_game_is_resumed_after_power_off_with_its_timer_and_cells():
    nvm = Nvm()
    m, d = boot(nvm)
    assert m.message == "" and m.state == M.MENU  # an empty store: nothing to say
    beginner(d)
    start_quick(d)
    d.run(30)  # the wrong-flag check after the open first: no write in a frame that works
    assert len(nvm.writes) == 1  # leaving the menu after a change wrote the settings
    flag_a_mine(d)
    d.run(500)  # sixteen seconds of thought
    d.press(M.START)  # pause: written at once (15 s after the last write)
    d.run(2)
    assert m.state == M.PAUSED and len(nvm.writes) == 2
    shown = bytes(m.game.shown)
    elapsed = m.elapsed_ms
    grid = grid_string(m.game.board)
    seed, flags, opened = m.seed, m.game.flags, m.game.opened
    assert elapsed >= 16000

    m, d = boot(nvm, seed=99)  # power off and on again, another seed source
    assert d.until(M.PAUSED, 10)
    assert m.screen.name == "pause" and m.screen.title == "Saved game, paused"
    assert m.message == "" and m.status() == ""   # (the title says it, once)
    assert bytes(m.game.shown) == shown and grid_string(m.game.board) == grid
    assert (m.seed, m.game.flags, m.game.opened, m.elapsed_ms) == (seed, flags, opened, elapsed)
    assert (m.settings.width, m.settings.height, m.settings.mines) == (9, 9, 10)
    d.press(M.START)  # resume: the timer goes on from where it stopped
    assert m.state == M.PLAYING
    d.run(30)
    assert elapsed + 900 <= m.elapsed_ms <= elapsed + 1100
    d.press(*winning_script(m))
    assert m.state == M.WON
    assert current(m.saves).stats_for(current(m.saves).stats_keys()[0])[:2] == (1, 1)
    d.run(1000)  # the result is written; the game kept goes with it
    m, d = boot(nvm)
    d.run(5)
    assert m.state == M.MENU and current(m.saves).game is None
    assert len(current(m.saves).best_keys()) == 1


def test_settings_come_back_and_leaving_the_menu_writes_them():
    nvm = Nvm()
    m, d = boot(nvm)
    beginner(d)
    menu_set(d, "sound", lambda m: m.settings.sound == 0)
    menu_set(d, "quick", lambda m: m.settings.quick == 0)
    d.run(100)
    assert nvm.writes == []  # still in the menu: nothing written yet
    to_row(d, "play")
    d.press(M.A)  # leaving the menu after changes: written at once
    d.run(2)
    assert len(nvm.writes) == 1 and m.state == M.READY
    m, d = boot(nvm)
    s = m.settings
    assert setting_text(s, "board") == "Beginner"
    assert (s.sound, s.quick, s.width, s.mines) == (0, 0, 9, 10)


def test_records_screens_and_the_new_record_on_the_result_panel():
    nvm = Nvm()
    m, d = boot(nvm)
    beginner(d)
    start_quick(d)
    d.run(60)
    d.press(*winning_script(m))
    assert m.state == M.WON and m.saves.place == 1
    lines = m.result_lines()
    assert lines[0].endswith("  New record!") and lines[1].startswith("Hard 3BV ")
    first = m.elapsed_ms
    start_quick(d)  # A: again
    d.run(200)  # slower
    d.press(*winning_script(m))
    assert m.saves.place == 2 and m.result_lines()[0].endswith("  2nd best")
    assert m.result_lines()[1].startswith("Hard 3BV ")
    assert best_ms(m, 0) == first
    start_quick(d)
    x, y = flag_a_mine(d)
    for yy in range(m.game.height):  # lose it: open a mine
        for xx in range(m.game.width):
            if is_mine(m.game.board, xx, yy) and (xx, yy) != (x, y) and m.state == M.PLAYING:
                d.press(*walk(m, xx, yy))
                d.press(M.A)
    assert m.state == M.LOST
    d.press(M.B)  # to the menu
    to_row(d, "records")
    d.press(M.A)
    assert m.screen.name == "records"
    d.press(M.A)  # Statistics
    assert m.screen.name == "stats" and m.screen.title == "Statistics"
    lines = [row[0] for row in m.screen.rows]
    assert lines[0] == "9x9/10 %s" % setting_text(m.settings, "level")
    assert lines[1:4] == ["Played 3", "Won 2 (66%)", "Streak 0  best 2"]
    assert all(len(line) <= 26 for line in lines)
    d.press(M.B)
    d.press(M.DOWN, M.A)  # Best times
    assert m.screen.name == "best"
    lines = [row[0] for row in m.screen.rows]
    assert lines[1] == "       time hints lost" and len(lines) == 4
    assert lines[2].startswith("1st") and lines[3].startswith("2nd")
    assert lines[2] == "1st %7s     -    -" % ("%d.%ds" % (first // 1000, first % 1000 // 100))
    d.press(M.B)
    assert m.screen.name == "records"


def test_reset_statistics_asks_first():
    nvm = Nvm()
    m, d = boot(nvm)
    beginner(d)
    start_quick(d)
    d.press(*winning_script(m))
    d.press(M.B)
    to_row(d, "records")
    d.press(M.A, M.DOWN, M.DOWN, M.A)
    assert m.screen.name == "reset" and m.screen.row == 0  # the cursor on "No"
    d.press(M.A)
    assert m.screen.name == "records" and current(m.saves).stats_keys()
    d.press(M.A)
    assert m.screen.name == "reset"
    d.press(M.DOWN, M.A)
    assert m.screen.name == "records" and m.footer() == "Statistics reset"
    assert current(m.saves).stats_keys() == [] and current(m.saves).best_keys()
    d.run(500)  # the reset is written (at once, or 15 s after the write before it)
    writes = len(nvm.writes)
    m, d = boot(nvm)
    assert current(m.saves).stats_keys() == [] and current(m.saves).best_keys()
    assert writes >= 2


def test_damage_is_reported_once_and_the_good_slot_is_kept():
    nvm = Nvm()
    m, d = boot(nvm)
    beginner(d)
    start_quick(d)
    d.press(*winning_script(m))
    d.run(1000)
    m.settings.set("sound", 0)
    m.saves.write(m)  # the newest slot (sound off); then damage it
    half = S.STORE_SIZE // 2
    newest = m.saves.slot
    nvm[newest * half + 40] ^= 0x10
    m, d = boot(nvm)
    assert m.message == S.DAMAGED_PREVIOUS and m.footer() == S.DAMAGED_PREVIOUS
    assert len(current(m.saves).best_keys()) == 1 and m.settings.sound == 1  # the older save
    d.run(200)  # the message goes and does not come back
    assert m.message == "" and m.footer() != S.DAMAGED_PREVIOUS
    good = 1 - newest
    kept = bytes(nvm[good * half:(good + 1) * half])
    m.saves.write(m)  # the game's next write goes over the damaged slot, never the good one
    assert bytes(nvm[good * half:(good + 1) * half]) == kept
    m, d = boot(nvm)
    assert m.message == "" and len(current(m.saves).best_keys()) == 1
    for k in range(S.STORE_SIZE):  # both slots gone
        nvm[k] = 0x5A
    m, d = boot(nvm)
    assert m.message == S.DAMAGED_DEFAULTS and m.state == M.MENU
    assert current(m.saves).best_keys() == []


def test_a_board_without_nvm_plays_on_and_says_so_once():
    m, d = boot(None)
    assert m.message == S.NO_STORE
    beginner(d)
    start_quick(d)
    d.press(*winning_script(m))
    assert m.state == M.WON and m.saves.place == 1  # counted for this run
    d.run(20000)
    assert m.message == ""


def test_an_unwritable_file_is_said_once(tmp_path):
    path = tmp_path / "save.bin"
    path.write_bytes(b"")
    storage = FileStorage(str(path))
    os.chmod(str(tmp_path), 0o500)  # the folder refuses the temporary file
    try:
        if os.access(str(tmp_path), os.W_OK):  # running as root: nothing refuses
            storage.foreign = True  # the other way FileStorage refuses a write
        m, d = boot(storage)
        beginner(d)
        to_row(d, "play")
        d.press(M.A)  # leaving the menu after a change: a write once the board is made
        assert d.until(M.PLAYING, 5000)
        d.frame()  # in play a write waits a frame: the hint job's room is made first
        d.frame()
        assert m.message.startswith(SAVE_FAILED) and m.status() == m.message  # refused
        first = m.saves.policy.last_ms
        d.press(*walk(m, m.start_x, m.start_y))
        d.press(M.A)
        d.press(*winning_script(m))
        d.run(600)  # the result's write, refused too
        assert m.saves.policy.last_ms >= first + 15000  # tried again
        assert not m.message.startswith(SAVE_FAILED)  # said once
        assert m.state == M.WON and m.saves.place == 1  # the game goes on
    finally:
        os.chmod(str(tmp_path), 0o700)


def test_writes_never_happen_in_frames_that_make_boards():
    """Twelve quick-start games with pauses: every write is in a frame without board work,
    and there are far fewer writes than games."""
    nvm = Nvm()
    m, d = boot(nvm)
    beginner(d)
    for k in range(12):
        start_quick(d)
        if k % 3 == 1:
            d.run(500)
            d.press(M.START)
            d.run(20)
            d.press(M.START)
        d.press(*winning_script(m))
        d.run(100 + 400 * (k % 2))
    assert nvm.writes and all(work == 0 for _, work in nvm.writes)
    assert len(nvm.writes) <= 8, nvm.writes
    frames = [f for f, _ in nvm.writes]
    assert all(b - a >= 15000 // 33 for a, b in zip(frames, frames[1:]))
    # settings changed and Play pressed at once: the write is due while Expert is being made
    d.run(1000)
    d.press(M.SELECT)
    menu_set(d, "board", lambda m: setting_text(m.settings, "board") == "Expert")
    before = len(nvm.writes)
    to_row(d, "play")
    d.press(M.A)
    making = 0
    while m.state == M.GENERATING:
        d.frame()
        making += m.runner.frame_work > 0
        assert len(nvm.writes) == before  # not while the board is made
    assert making > 5 and m.state == M.PLAYING and len(nvm.writes) == before
    d.frame()  # the first frame that makes no board: the hint job's room made first,
    d.frame()  # and the write in the next
    assert len(nvm.writes) == before + 1 and nvm.writes[-1][1] == 0


def test_a_saved_game_names_its_board_for_the_generator():
    """The record a resumed game keeps names its board: the generator makes it again from the
    size, mines, seed (its version above bit 21: mines.flow.jobs), start and level alone."""
    nvm = Nvm()
    m, d = boot(nvm)
    start_quick(d)  # the 20x15 screen board, as it comes
    d.run(10)
    d.press(M.START)  # the first write of this run: at once
    d.run(2)
    record = S.Store(bytearray(nvm)).load().game
    assert record is not None and record.seed == m.seed
    from mines.engine.generator import Generator
    gen = Generator(record.width, record.height)
    from mines.flow.jobs import SEED_MASK
    assert record.seed >> 21 == 1   # a board of version 1
    gen.begin(record.mines, record.seed & SEED_MASK, (record.start_x, record.start_y),
              record.level, record.seed >> 21)
    assert grid_string(gen.run()) == grid_string(m.game.board)


def test_simulator_save_options(tmp_path):
    import simulator
    import pytest
    with pytest.raises(SystemExit) as e:
        simulator.main(["--save", str(tmp_path / "x"), "--no-save", "--frames", "1"])
    assert e.value.code == 2
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n")
    with pytest.raises(SystemExit) as e:
        simulator.main(["--save", str(notes), "--frames", "1"])
    assert e.value.code == 2 and notes.read_text() == "mine\n"
    # a save with a game in progress: the simulator comes up with it paused ("Saved game,
    # paused" for a title, the keys at the bottom), and a close with nothing changed leaves
    # the file as it was
    nvm, m, d = saved_and_paused()
    path = tmp_path / "save.bin"
    path.write_bytes(bytes(nvm))
    shot = tmp_path / "shot.png"
    assert simulator.main(["--save", str(path), "--frames", "20", "--screenshot",
                           str(shot)]) == 0
    import pygame
    img = pygame.image.load(str(shot))

    def yellow(x, y):
        r, g, b = tuple(img.get_at((x, y)))[:3]
        return r > 200 and g > 200 and b < 80
    title = [x for x in range(160) for y in range(10, 19) if yellow(x, y)]  # below the bar
    assert title and 100 < max(title) < 115  # "Saved game, paused", not "PyGamer Mines"
    assert not any(yellow(x, y) for x in range(160) for y in range(110, 128))  # no message
    assert path.read_bytes() == bytes(nvm)
    again = S.Store(FileStorage(str(path))).load()
    assert again.game is not None and again.settings["width"] == 9


def test_closing_the_simulators_window_writes_what_changed(tmp_path, monkeypatch):
    """The whole path of issue 20's report: tools/simulator.py with a save file, Sound and Board
    changed with the arrow keys in the menu (pygame key events, one a frame, through code.py's
    loop), then the window closed (pygame.QUIT) without leaving the menu: the file holds the
    new settings. (test_closing_the_window_... checks Saves.close itself.)"""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    import simulator
    from boards import desktop
    from mines.flow.menus import MAIN_ROWS
    rows = [r[1] for r in MAIN_ROWS]
    k = pygame.K_DOWN, pygame.K_RIGHT
    script = [None] * 5 + [k[0]] * rows.index("board") + [k[1]]          # Board: the next one
    script += [k[0]] * (rows.index("sound") - rows.index("board")) + [k[1]]   # Sound: off
    script += [None, "quit"]
    real_poll = desktop.buttons.poll
    polls = []

    def scripted(now_ms):
        step = script[len(polls)] if len(polls) < len(script) else None
        polls.append(step)
        if step == "quit":
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        elif step is not None:
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=step, mod=0))
        return real_poll(now_ms)
    monkeypatch.setattr(desktop.buttons, "poll", scripted)
    monkeypatch.setattr(desktop.buttons, "quit", False)   # (this process plays again later)
    path = tmp_path / "save.bin"
    assert simulator.main(["--save", str(path), "--seed", "3", "--frames", "300"]) == 0
    assert desktop.buttons.quit and len(polls) == len(script)   # the window closed it
    m = M.Midend(seed=3)                  # the same keys on a midend of its own
    d = Driver(m)
    before = m.settings.board
    to_row(d, "board")
    d.press(M.RIGHT)
    assert m.settings.board != before
    saved = S.Store(FileStorage(str(path))).load().settings
    assert saved.get("sound") == 0 and saved.get("board") == m.settings.board, saved


def test_a_cell_opened_after_resuming_plays_by_the_same_rules():
    nvm, m, d = saved_and_paused()
    m, d = boot(nvm)
    assert d.until(M.PAUSED, 10)
    d.press(M.START)
    game = m.game
    for y in range(game.height):
        for x in range(game.width):
            if not is_mine(game.board, x, y) and game.tile(x, y) == COVERED:
                move = game.decide(PRIMARY, x, y)
                assert game.execute(move) >= 1 and game.tile(x, y) == number(game.board, x, y)
                assert game.tile(x, y) != FLAG
                return
    raise AssertionError("no covered safe cell")


def phases_entered(monkeypatch):
    """The list of the phases the midend enters from now on (mines.phases.enter's calls)."""
    from mines import phases
    entered = []
    real = phases.enter
    monkeypatch.setattr(phases, "enter", lambda phase: entered.append(phase) or real(phase))
    return entered


def test_a_write_due_in_a_puzzle_keeps_the_puzzle_phase(monkeypatch):
    """A write in play lets the hint job's code go first (phases.PLAY_LEAN) and the save's code
    after (PLAY); a puzzle's objects hold its code, so a write in a puzzle stays in its phase
    (the puzzle's code let go would load a second copy at its next move)."""
    from mines import phases
    entered = phases_entered(monkeypatch)
    nvm = Nvm()
    m, d = boot(nvm)
    m.start_puzzle()
    assert d.until(M.PLAYING, 20000) and m.mode
    d.run(30)
    del entered[:]
    writes = len(nvm.writes)
    m.saves.policy.note(SETTINGS)   # (urgent, and no write yet: due at once)
    d.run(3)
    assert len(nvm.writes) == writes + 1 and not m.saves.policy.dirty
    assert entered == [phases.PUZZLE_PLAY, phases.PUZZLE_PLAY], entered
    assert m.mode and m.state == M.PLAYING


def test_a_write_in_a_puzzles_pause_lets_the_saves_code_go(monkeypatch):
    """A write while a puzzle is paused loads the save's code; once written it goes again
    (the pause's phase, PAUSE, keeps the menus' and the puzzle's code, not the save's, nor the
    puzzle's moves), as in a sweeper game's pause."""
    from mines import phases
    entered = phases_entered(monkeypatch)
    nvm = Nvm()
    m, d = boot(nvm)
    m.start_puzzle()
    assert d.until(M.PLAYING, 20000) and m.mode
    d.press(M.START)
    assert m.state == M.PAUSED
    d.run(600)
    del entered[:]
    writes = len(nvm.writes)
    m.saves.policy.note(SETTINGS)   # (urgent, 15 s after the last write: due at once)
    d.run(2)
    assert len(nvm.writes) == writes + 1 and m.state == M.PAUSED and m.mode
    assert entered == [phases.PAUSE], entered


def test_a_puzzles_moves_and_pause_write_nothing():
    """A puzzle is not kept in the save: its moves note no progress and pausing it writes
    nothing (such writes only wore the flash, and loaded the save's code over the puzzle's)."""
    nvm = Nvm()
    m, d = boot(nvm)
    m.start_puzzle()
    assert d.until(M.PLAYING, 20000) and m.mode
    d.run(30)
    m.saves.policy.written(m.elapsed_ms)   # (what the boot left to write: written)
    writes = len(nvm.writes)
    version = m.game.version
    for key in (M.A, M.RIGHT, M.A, M.DOWN, M.B):
        d.press(key)
    assert m.game.version != version and not m.saves.policy.dirty
    d.press(M.START)
    assert m.state == M.PAUSED
    d.run(600)
    assert len(nvm.writes) == writes


def test_a_write_held_for_room_then_paused_keeps_the_pause_menus_code(monkeypatch):
    """A write due in play first lets the hint job go and waits a frame (make_room); when the
    player pauses in that frame, the write follows in the pause, which must stay in its phase:
    entering PLAY there let the pause menu's code go while the menu was in front (its next
    key loaded a second copy, the first pinned by the menu on the screen)."""
    from mines import phases
    entered = phases_entered(monkeypatch)
    nvm = Nvm()
    m, d = boot(nvm)
    beginner(d)
    start_quick(d)
    d.run(500)
    writes = len(nvm.writes)
    m.saves.policy.note(SETTINGS)   # (urgent, 15 s after the last write: due at once)
    d.run(1)
    assert len(nvm.writes) == writes and m.saves._room   # room made first: the write waits
    del entered[:]
    d.press(M.START)
    d.run(2)
    assert len(nvm.writes) == writes + 1 and m.state == M.PAUSED
    assert phases.PLAY not in entered and entered[-1] == phases.PAUSE, entered


def test_the_save_part_allocates_nothing_per_frame_under_micropython():
    import subprocess
    from engine_util import MICROPYTHON, ROOT
    r = subprocess.run([MICROPYTHON, os.path.join(HERE, "mpy_frames.py"), ROOT, "saves"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    fields = dict(kv.split("=") for kv in r.stdout.split())
    p100, p400 = (int(v) for v in fields["playing"].split(","))
    i100, i400 = (int(v) for v in fields["idle"].split(","))
    assert p400 == p100 and i400 == i100, r.stdout  # nothing per frame, with saves watching


def test_closing_the_window_keeps_the_settings_and_the_exact_time():
    """The simulator's window closed (Saves.close, as code.py calls it): settings changed in the
    menu are written without leaving it, and a game in progress comes back with its time to the
    millisecond, seconds without a move included; a close with nothing new writes nothing."""
    nvm = Nvm()
    m, d = boot(nvm)
    menu_set(d, "sound", lambda m: m.settings.sound == 0)
    menu_set(d, "board", lambda m: setting_text(m.settings, "board") == "Beginner")
    d.run(30)
    assert nvm.writes == []                       # still in the menu
    close(m)
    assert len(nvm.writes) == 1
    m, d = boot(nvm)
    assert m.settings.sound == 0 and setting_text(m.settings, "board") == "Beginner"
    close(m)
    assert len(nvm.writes) == 1                   # nothing new: nothing written
    start_quick(d)
    flag_a_mine(d)
    d.run(400)                                    # thirteen seconds without a move
    elapsed = m.elapsed_ms
    shown = bytes(m.game.shown)
    close(m)
    m, d = boot(nvm, seed=8)
    assert d.until(M.PAUSED, 10)
    assert m.elapsed_ms == elapsed and bytes(m.game.shown) == shown
    assert m.screen.title == "Saved game, paused" and m.message == ""
    d.press(M.START)
    d.run(30)                                     # and it runs on from there
    assert elapsed + 990 <= m.elapsed_ms <= elapsed + 1030


def test_a_damaged_save_is_told_on_the_screen_the_game_starts_with():
    nvm, m, d = saved_and_paused()
    nvm[S.STORE_SIZE // 2 + 5] ^= 0xFF            # the newest slot's header: damaged
    m, d = boot(nvm)
    d.until(M.PAUSED, 10)
    if m.state == M.PAUSED:                       # the other slot held the game
        assert m.message.startswith("Save damaged") and m.footer() == m.message
    else:
        assert m.state == M.MENU and m.message.startswith("Save damaged")
    d.run(400)                                    # ten seconds, or the first key
    assert m.message == ""


def test_results_held_back_are_packed_in_one_buffer_and_all_counted():
    """The results not written yet sit in one bytearray made at start (small objects kept for
    minutes, all over the heap, would leave it in pieces): forty of them, more than it first
    holds, and a reset among them all count, in the save read now and in the one written."""
    from mines.engine.presets import board_key
    from mines.flow import save_work as W
    nvm = Nvm()
    m, d = boot(nvm)
    saves = m.saves
    first = saves.log
    assert type(first) is bytearray and saves.logged == 0
    key = board_key(9, 9, 10, m.settings.level, m.settings.kind)
    for k in range(5):
        W._log(saves, W._WON, key, 9000 + k, 2, 1)
    W._log(saves, W._RESET)
    for k in range(34):
        W._log(saves, W._WON if k % 2 else 0, key, 3000 + 70000 * k, 1 + k, 0)
    assert saves.logged == 40 and saves.log is first and len(first) >= 40 * 12
    records = current(saves)
    played, won, streak, best_streak, hints, seconds = records.stats_for(key)
    assert (played, won, streak, best_streak) == (34, 17, 1, 1)
    assert hints == sum(1 + k for k in range(34))
    assert seconds == sum((3000 + 70000 * k) // 1000 for k in range(34))
    times = records.best_times(key)
    assert [t[0] for t in times[:2]] == [9000, 9001]  # best times outlive the reset
    W.write(saves, m)
    assert saves.logged == 0
    m, d = boot(nvm)
    assert current(m.saves).stats_for(key)[:2] == (34, 17)


def test_a_screen_in_front_is_of_the_code_loaded_now(monkeypatch):
    """With modules let go as on the device (phases.UNLOAD), the pause menu over a sweeper
    game and the main menu after it are objects of the menus module loaded now: a menu made
    by code let go before it was shown pins that code, and its next key loads a second copy."""
    from mines import phases
    saved = dict(sys.modules)
    monkeypatch.setattr(phases, "UNLOAD", True)
    try:
        m, d = boot(Nvm())
        start_quick(d)
        d.run(40)
        for key, state in ((M.START, M.PAUSED), (M.SELECT, M.MENU)):
            d.press(key)
            d.run(2)
            assert m.state == state
            menus = sys.modules.get("mines.flow.menus")  # (None: let go under the menu)
            assert menus is not None and type(m.screen) is menus.Menu, (state, m.screen.name)
    finally:  # the modules as they were, for the other tests' imports
        sys.modules.clear()
        sys.modules.update(saved)
        for name, module in saved.items():
            package, _, attr = name.rpartition(".")
            if package in saved:
                setattr(saved[package], attr, module)
