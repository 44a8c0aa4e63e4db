"""What goes onto the device: the PyGamer and PyBadge profiles running code.py's loop on faked
hardware, the input helpers (keypad events, joystick dead zone, auto-repeat, overflow), the frame
clock, mypy with circuitpython-stubs for each board, compiling under micropython, and the game
logic playing 200 games back to back under micropython with a device-sized heap."""

import importlib.util
import json
import os
import shutil
import subprocess
import sys

import pytest

from game_helpers import REPO
from mines import midend as M

HERE = os.path.dirname(os.path.abspath(__file__))
PY = sys.executable
MICROPYTHON = os.path.join(REPO, ".venv", "bin", "micropython")
BIN = os.path.dirname(PY)

# Everything that goes onto the device (the desktop profile stays on the host).
DEVICE_FILES = ["code.py"] + sorted(
    os.path.join("boards", f) for f in os.listdir(os.path.join(REPO, "boards"))
    if f.endswith(".py") and f != "desktop.py") + sorted(
    os.path.join("lib", "mines", f) for f in os.listdir(os.path.join(REPO, "lib", "mines"))
    if f.endswith(".py"))


def load_code():
    spec = importlib.util.spec_from_file_location("mines_code", os.path.join(REPO, "code.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- profiles on faked hardware ----------------------------------------------------------

@pytest.mark.parametrize("board_id", ["pygamer", "pybadge"])
def test_profile_plays_on_fake_hardware(board_id):
    env = dict(os.environ, FAKE_BOARD=board_id, SDL_VIDEODRIVER="dummy")
    r = subprocess.run([PY, os.path.join(HERE, "device_sim.py")], capture_output=True,
                       text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["profile"] == board_id
    assert out["keys"] == {"clock": "BUTTON_CLOCK", "data": "BUTTON_OUT", "latch": "BUTTON_LATCH",
                           "key_count": 4 if board_id == "pygamer" else 8,
                           "value_when_pressed": True}
    assert out["joystick"] == (board_id == "pygamer")
    assert out["pixels"] and out["speaker"] and out["auto_refresh"] is False
    assert out["root_group_set"] and out["frames"] == 201
    # the scripted presses did what they say, through keypad events (and the joystick)
    assert out["menu_ready"] and out["playing"] and out["opened"] >= 4
    assert out["moved_right"] >= 8             # 1 s held from the left edge: press + repeats
    assert out["cover_before_flag"] == 9 and out["flags"] == 1
    assert out["paused"] and out["menu_again"]
    assert out["overflows"] == 1 and out["held_after_overflow"] == 0
    # screen refreshed only when something changed; lights off in the menu; sounds played
    assert 5 < out["refreshes"] < 100
    assert out["pixel_writes"] >= 2 and out["last_pixels"] == [0] * 15
    assert out["sounds"] >= 2 and out["played"][0] == "open"
    # the frame clock slept every frame, never more than one period
    assert out["sleeps"] == 201 and out["max_sleep_ms"] <= 33


def test_profile_names():
    code = load_code()
    assert code.profile_name(None) == "desktop"
    assert code.profile_name("pygamer") == "pygamer"
    assert code.profile_name("pybadge") == "pybadge"
    assert code.profile_name("pygamer_advance") == "pygamer"
    with pytest.raises(RuntimeError) as e:
        code.profile_name("feather_m4_express")
    assert "no profile for board 'feather_m4_express'" in str(e.value)


# -- input helpers -----------------------------------------------------------------------

class Keys:
    def __init__(self):
        sys.path.insert(0, os.path.join(HERE, "fakes"))
        try:
            import keypad
        finally:
            sys.path.pop(0)
        self.events = keypad.EventQueue(8)
        self.Event = keypad.Event


def test_repeat_joystick_dead_zone_and_overflow():
    from boards.buttons import KeypadInput

    class Axis:
        value = 32768

    keys = Keys()
    x, y = Axis(), Axis()
    inp = KeypadInput(keys, (M.B, M.A, M.START, M.SELECT), x, y, dead_zone=14000,
                      event=keys.Event())
    assert inp.poll(0) == 0
    x.value = 32768 + 13000                       # inside the dead zone: nothing
    y.value = 32768 - 13000
    assert inp.poll(10) == 0 and inp.held == 0
    x.value = 65535                               # right: one press, then repeats
    presses = [inp.poll(t) for t in range(20, 1020, 33)]
    rights = [p for p in presses if p & M.RIGHT]
    assert presses[0] == M.RIGHT
    assert 8 <= len(rights) <= 11                 # 1 + (1000 - 280) / 80
    # a late poll gives one press, not a burst
    assert inp.poll(5000) == M.RIGHT
    assert inp.poll(5001) == 0
    x.value = 32768
    y.value = 0
    assert inp.poll(5100) == M.UP
    y.value = 32768
    # a tap between two polls is never lost
    keys.events.push(1, True)
    keys.events.push(1, False)
    assert inp.poll(6000) == M.A and inp.held == 0
    # held key, then an overflow: all released
    keys.events.push(0, True)
    assert inp.poll(6100) == M.B and inp.held == M.B
    for _ in range(20):
        keys.events.push(3, True)
    assert keys.events.overflowed
    inp.poll(6200)
    assert inp.held == 0 and inp.overflows == 1 and not keys.events.overflowed


def test_frame_clock_never_catches_up():
    code = load_code()

    class Buttons:
        quit = False

        def poll(self, now):
            return 0

    class Profile:
        FRAME_MS = 33
        buttons = Buttons()
        refreshed = 0

        @staticmethod
        def refresh():
            Profile.refreshed += 1

    class Stub:
        collect_wanted = False

        def press(self, b):
            pass

        def frame(self, now):
            pass

        def to_menu(self):
            pass

        def say(self, text):
            pass

        def take_collect(self):
            return False

        def fail(self, text):
            pass

    class View:
        def draw(self, m, frame):
            return frame % 2 == 0

    class Feedback:
        def update(self, m):
            pass

    now = [0]
    sleeps = []
    work = {5: 100}                               # frame 5 takes 100 ms: three periods late

    class Clock:
        def read(self):
            return now[0]

    def sleep(s):
        sleeps.append(round(s * 1000))
        now[0] += round(s * 1000)

    def on_frame(n):
        now[0] += work.get(n, 3)

    frames = code.run(Profile, Stub(), View(), Feedback(), clock=Clock(), frames=12,
                      sleep=sleep, on_frame=on_frame)
    assert frames == 12
    assert Profile.refreshed == 6                 # only frames whose view changed
    # every on-time frame sleeps out its period; the late one does not sleep, and the
    # frames after it are not squeezed to catch up
    assert sleeps[:4] == [30, 30, 30, 30]
    assert len(sleeps) == 11 and sleeps[4:] == [30] * 7


def test_memory_error_in_the_loop_goes_back_to_the_menu():
    code = load_code()
    m = M.Midend(seed=1)
    calls = []

    class Buttons:
        quit = False

        def poll(self, now):
            return 0

    class Profile:
        FRAME_MS = 1
        buttons = Buttons()

        @staticmethod
        def refresh():
            pass

    class View:
        def draw(self, mid, frame):
            if frame == 3:
                raise MemoryError("allocating 4096 bytes")
            calls.append(mid.state)
            return False

    class Feedback:
        def update(self, mid):
            pass

    m.state = M.PAUSED  # as if in a game
    code.run(Profile, m, View(), Feedback(), frames=6, sleep=lambda s: None)
    assert m.state == M.MENU and "Out of memory" in m.message
    assert len(calls) == 5                        # the loop went on


# -- type checks, compiling, micropython ------------------------------------------------

@pytest.mark.parametrize("board_id", ["pygamer", "pybadge"])
def test_mypy_with_circuitpython_stubs(board_id, tmp_path):
    """circuitpython_setboard rewrites the installed board stubs: keep a copy and put it back."""
    import sysconfig
    stub = os.path.join(sysconfig.get_paths()["purelib"], "board-stubs", "__init__.pyi")
    assert os.path.exists(stub), stub
    saved = tmp_path / "board-stubs.pyi"
    shutil.copyfile(stub, saved)
    try:
        r = subprocess.run([os.path.join(BIN, "circuitpython_setboard"), board_id],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        with open(stub) as f:
            assert "JOYSTICK_X" in f.read() if board_id == "pygamer" else True
        files = ["code.py", "boards/%s.py" % board_id, "boards/device.py", "boards/view.py",
                 "boards/buttons.py", "boards/feedback.py", "boards/sound.py",
                 "boards/tiles.py", "boards/font.py"]  # lib/mines is followed (silently)
        env = dict(os.environ, MYPYPATH=os.pathsep.join([os.path.join(REPO, "lib"), REPO]))
        r = subprocess.run([PY, "-m", "mypy", "--no-incremental", "--cache-dir", os.devnull,
                            "--check-untyped-defs", "--follow-imports=silent",
                            "--ignore-missing-imports"] + files, cwd=REPO, env=env,
                           capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stdout + r.stderr
        assert "Success: no issues found in %d source files" % len(files) in r.stdout
    finally:
        shutil.copyfile(saved, stub)


def test_device_files_compile_under_micropython():
    assert "boards/pygamer.py" in DEVICE_FILES and "lib/mines/midend.py" in DEVICE_FILES
    for f in DEVICE_FILES:
        r = subprocess.run([MICROPYTHON, "-X", "compile-only", os.path.join(REPO, f)],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, (f, r.stdout, r.stderr)


def run_mpy_games(heap, games, boards):
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=" + heap,
                        os.path.join(HERE, "mpy_games.py"), REPO, str(games), boards],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    line = r.stdout.strip().splitlines()[-1]
    assert line.startswith("OK "), line
    return dict(kv.split("=") for kv in line[3:].split())


def test_game_logic_plays_200_games_in_a_device_sized_heap():
    """96K (the engine's device proxy: host objects are about twice the device's size): a full
    scripted game from the menu to a win, then 200 games back to back on Beginner,
    Intermediate and the screen-sized board, both modes, sizes changing every 10 games."""
    out = run_mpy_games("96K", 200, "Beginner,Intermediate,Screen")
    assert out["games"] == "201" and int(out["won"]) >= 50 and int(out["lost"]) >= 100


def test_game_logic_with_expert_in_the_rotation():
    """Expert too: its generator alone takes about 31 KB of host heap; with the game's code
    loaded and sizes changing every 10 games the heap fragments and it needs more than 96K
    here: when written it passed every time at 112K to 128K, sometimes at 104K, never at 96K
    (see README)."""
    out = run_mpy_games("112K", 200, "Beginner,Intermediate,Expert,Screen")
    assert out["games"] == "201" and int(out["won"]) >= 50


def test_midend_allocates_nothing_per_frame_under_micropython():
    r = subprocess.run([MICROPYTHON, os.path.join(HERE, "mpy_frames.py"), REPO],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    play, idle = r.stdout.split()
    p100, p400 = play.split("=")[1].split(",")
    i100, i400 = idle.split("=")[1].split(",")
    assert p100 == p400 and i100 == i400                 # nothing per frame
    assert int(p400) <= 64 and int(i400) <= 64
