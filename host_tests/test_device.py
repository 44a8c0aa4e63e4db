"""What goes onto the device: the PyGamer and PyBadge profiles running code.py's loop on faked
hardware, the input helpers (keypad events, joystick dead zone, auto-repeat, overflow), the frame
clock, mypy with circuitpython-stubs for each board, compiling under micropython, and the game
logic playing 200 games back to back under micropython with a device-sized heap."""

import importlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import types

import pytest

from game_helpers import REPO
from mines.flow import midend as M

HERE = os.path.dirname(os.path.abspath(__file__))
PY = sys.executable
MICROPYTHON = os.path.join(REPO, ".venv", "bin", "micropython")
BIN = os.path.dirname(PY)

# Everything that goes onto the device (the desktop profile stays on the host).
DEVICE_FILES = ["code.py"] + sorted(
    os.path.join("boards", f) for f in os.listdir(os.path.join(REPO, "boards"))
    if f.endswith(".py") and f != "desktop.py") + sorted(
    os.path.relpath(os.path.join(folder, f), REPO) for folder, _dirs, files in
    os.walk(os.path.join(REPO, "lib", "mines")) for f in files if f.endswith(".py"))


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
    assert out["speaker_failed"] is False and out["dma_grows"] == 1  # made once, at start-up
    # the frame clock slept every frame, never more than one period
    assert out["sleeps"] == 201 and out["max_sleep_ms"] <= 33


def test_profile_names_come_from_the_one_board_table():
    from boards import startup
    assert startup.profile_name(None) == "desktop"
    assert startup.profile_name("pygamer") == "pygamer"
    assert startup.profile_name("pybadge") == "pybadge"
    # exact match only: a 320x240 PyGamer Advance is not a PyGamer (see boards/catalog.py)
    for other in ("pygamer_advance", "pybadge_airlift", "feather_m4_express", "xpygamer", ""):
        with pytest.raises(RuntimeError) as e:
            startup.profile_name(other)
        assert "no profile for board %r" % other in str(e.value)
        assert "supported: pybadge, pygamer" in str(e.value)
    # deploy reads the same table
    sys.path.insert(0, os.path.join(REPO, "tools"))
    try:
        import deploy_tree
    finally:
        sys.path.pop(0)
    from boards import catalog
    assert deploy_tree.PROFILES == {"pygamer": "pygamer", "pybadge": "pybadge"}
    assert deploy_tree.PROFILES == {b: catalog.profile_for(b) for b in catalog.BOARDS}


# -- the fakes and the speaker -------------------------------------------------------------

FAKE_NAMES = ("_pinclaims", "supervisor", "digitalio", "analogio", "keypad", "audiocore",
              "audioio", "board")


@pytest.fixture
def fakes():
    """The fake hardware modules, imported fresh, and sys.modules put back afterwards (they
    shadow Blinka's modules of the same names)."""
    saved = {name: sys.modules.pop(name) for name in FAKE_NAMES if name in sys.modules}
    sys.path.insert(0, os.path.join(HERE, "fakes"))
    try:
        mods = types.SimpleNamespace(**{n: importlib.import_module(n) for n in FAKE_NAMES})
        yield mods
    finally:
        sys.path.remove(os.path.join(HERE, "fakes"))
        for name in FAKE_NAMES:
            sys.modules.pop(name, None)
        sys.modules.update(saved)


def test_fake_pins_are_claimed_once_and_freed_by_deinit(fakes):
    pin = fakes.digitalio.DigitalInOut("SPEAKER_ENABLE")
    with pytest.raises(ValueError, match="SPEAKER_ENABLE in use"):
        fakes.digitalio.DigitalInOut("SPEAKER_ENABLE")
    with pytest.raises(AttributeError):
        pin.value = True                          # an input: as on the device
    pin.deinit()
    again = fakes.digitalio.DigitalInOut("SPEAKER_ENABLE")
    again.switch_to_output(value=True)
    assert again.value is True
    again.deinit()
    joy = fakes.analogio.AnalogIn("JOYSTICK_X")
    with pytest.raises(ValueError, match="JOYSTICK_X in use"):
        fakes.analogio.AnalogIn("JOYSTICK_X")
    joy.deinit()
    fakes.analogio.AnalogIn("JOYSTICK_X").deinit()
    out = fakes.audioio.AudioOut("SPEAKER")
    with pytest.raises(ValueError, match="SPEAKER in use"):
        fakes.audioio.AudioOut("SPEAKER")
    out.deinit()
    keys = fakes.keypad.ShiftRegisterKeys(clock="BUTTON_CLOCK", data="BUTTON_OUT",
                                          latch="BUTTON_LATCH", key_count=4,
                                          value_when_pressed=True)
    with pytest.raises(ValueError, match="BUTTON_LATCH in use"):
        fakes.keypad.ShiftRegisterKeys(clock="D4", data="D5", latch="BUTTON_LATCH",
                                       key_count=4, value_when_pressed=True)
    assert "D4" not in fakes._pinclaims.CLAIMED  # a failed claim keeps nothing
    keys.deinit()
    assert fakes._pinclaims.CLAIMED == {}


def test_fake_display_keypad_and_audio_match_circuitpython(fakes):
    display = fakes.board.FakeDisplay()
    assert display.refresh() is True
    assert display.refresh(target_frames_per_second=30, minimum_frames_per_second=0)
    with pytest.raises(TypeError):
        display.refresh(fps=30)
    with pytest.raises(TypeError):
        display.refresh(30)                       # keyword-only, as busdisplay's
    fakes.supervisor.NOW[0] = 1234
    q = fakes.keypad.EventQueue(4)
    q.push(2, True)
    ev = fakes.keypad.Event()
    assert q.get_into(ev) and ev.key_number == 2 and ev.pressed and ev.timestamp == 1234
    with pytest.raises(AttributeError):
        ev.pressed = False                        # read-only, as on the device
    assert fakes.keypad.Event(1, False, timestamp=7) == fakes.keypad.Event(1, False)
    # playing ends when the sample's duration has passed on the fake clock
    sample = fakes.audiocore.RawSample(bytearray(800), sample_rate=8000)   # 100 ms
    with pytest.raises(ValueError):
        fakes.audiocore.RawSample([0] * 8)
    out = fakes.audioio.AudioOut("SPEAKER")
    out.play(sample)
    fakes.supervisor.NOW[0] += 99
    assert out.playing
    fakes.supervisor.NOW[0] += 1
    assert not out.playing
    out.play(sample, loop=True)
    fakes.supervisor.NOW[0] += 10000
    assert out.playing
    out.stop()
    assert not out.playing
    out.deinit()


def make_speaker(fakes, **kw):
    from boards.sound import Speaker
    enable = fakes.digitalio.DigitalInOut("SPEAKER_ENABLE")
    enable.switch_to_output(value=True)           # as a board might leave it
    audio = fakes.audioio.AudioOut("SPEAKER")
    make = kw.pop("make_sample", lambda data, rate: fakes.audiocore.RawSample(
        data, sample_rate=rate))
    return Speaker(audio, make, enable, **kw), audio, enable


def test_speaker_notes_share_one_period_and_last_their_frames(fakes):
    """Every note is the one PERIOD-byte square wave looped at PERIOD times its frequency (a
    sample per distinct note, one buffer); a sound lasts its notes' milliseconds in frames."""
    from boards import sound
    speaker, audio, enable = make_speaker(fakes)
    assert not speaker.failed
    freqs = set(f for tune in sound.NOTES.values() for f, _ in tune)
    assert set(speaker.notes) == freqs
    buffers = set(id(sample.buffer) for sample in speaker.notes.values())
    assert len(buffers) == 1
    wave = next(iter(speaker.notes.values())).buffer
    assert isinstance(wave, bytearray) and len(wave) == sound.PERIOD
    assert wave[0] > 128 > wave[-1] and len(set(wave)) == 2   # one period: high, then low
    for freq, sample in speaker.notes.items():
        assert sample.sample_rate == freq * sound.PERIOD      # one period at the note's pitch
    # one play at start-up made the DMA buffer; the amplifier stayed off
    assert fakes.audioio.DMA_GROWS[0] == 1 and enable.value is False and not audio.playing
    # each note plays looped for its frames, then the next; then silence
    for name, tune in sound.NOTES.items():
        speaker.play(name)
        heard = []
        for _ in range(40):
            heard.append(fakes.audioio.LAST[0].sample_rate // sound.PERIOD
                         if audio.playing else 0)
            speaker.update()
        want = []
        for freq, ms in tune:
            want += [freq] * sound.frames(ms)
        assert heard == want + [0] * (40 - len(want)), name
        assert audio._loop is False or not audio.playing
        assert enable.value is False
    assert sound.frames(18) == 1 and sound.frames(70) == 3


def test_speaker_amplifier_is_on_only_while_a_sound_plays(fakes):
    from boards import sound
    speaker, audio, enable = make_speaker(fakes)
    speaker.play("win")
    assert audio.playing and audio._loop and enable.value is True
    length = sum(sound.frames(ms) for _, ms in sound.NOTES["win"])
    for _ in range(length - 1):
        speaker.update()
        assert enable.value is True and audio.playing
    speaker.update()
    assert not audio.playing and enable.value is False
    speaker.play("open")
    speaker.play("lose")                          # cuts the click off
    lose = speaker.notes[sound.NOTES["lose"][0][0]]
    assert fakes.audioio.LAST[0] is lose and enable.value is True
    speaker.mute()
    assert not audio.playing and enable.value is False
    switches = enable.changes
    for _ in range(10):
        speaker.update()                          # idle: the pin is left alone
    assert enable.changes == switches
    assert fakes.audioio.DMA_GROWS[0] == 1


def test_an_audio_error_turns_sound_off_with_a_reason(fakes):
    speaker, audio, enable = make_speaker(fakes)

    def broken(sample, *, loop=False):
        raise RuntimeError("Unable to allocate buffers for signed conversion")
    audio.play = broken
    speaker.play("flag")                          # no exception reaches the game
    assert speaker.failed and "Unable to allocate" in speaker.reason
    assert enable.value is False
    speaker.play("win")                           # and later calls do nothing
    speaker.update()
    speaker.mute()
    # a failure while the samples are made (no memory) starts the speaker failed
    fakes._pinclaims.reset()

    def no_memory(data, rate):
        raise MemoryError("memory allocation failed, allocating 64 bytes")
    speaker, audio, enable = make_speaker(fakes, make_sample=no_memory)
    assert speaker.failed and "allocating 64 bytes" in speaker.reason
    assert enable.value is False and speaker.notes == {}
    # and so does an audio output that could not be opened
    from boards.sound import Speaker
    speaker = Speaker(None, None, None, error=ValueError("SPEAKER in use"))
    assert speaker.failed and speaker.reason == "SPEAKER in use"
    speaker.play("open")


def _sound_notes():
    from boards import sound
    return sound.NOTES


def test_speaker_allocates_nothing_per_play_under_micropython():
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=96K", os.path.join(HERE, "mpy_sound.py"),
                        REPO, "20"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    out = dict(kv.split("=") for kv in r.stdout.split())
    assert out["alloc"] == "0,0"                  # 20 and 80 plays: not one byte
    notes = sum(len(tune) for tune in _sound_notes().values())  # a play per note
    assert out["grows"] == "1" and int(out["plays"]) == 1 + 20 * notes // 5 * 5 and \
        out["amp"] == "0"


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

    m.pause()  # as if in a game
    assert m.state == M.PAUSED
    code.run(Profile, m, View(), Feedback(), frames=6, sleep=lambda s: None)
    assert m.state == M.MENU and m.message.startswith("No memory: ")   # with the board's size
    assert len(calls) == 5                        # the loop went on


# -- type checks, compiling, micropython ------------------------------------------------

MYPY_CONFIG = """[mypy]
# the game's own device code (code.py, boards/) is checked inside untyped functions too
[mypy-code,boards.*]
check_untyped_defs = True
# an untyped third-party library (no py.typed): used, not checked
[mypy-adafruit_display_text,adafruit_display_text.*]
ignore_missing_imports = True
# the board's stub, put on MYPYPATH by the test: read, not checked (it names displayio.Display)
[mypy-board]
ignore_errors = True
"""


@pytest.mark.parametrize("board_id", ["pygamer", "pybadge"])
def test_mypy_with_circuitpython_stubs(board_id, tmp_path):
    """Everything that goes onto the board (code.py, boards/ with this board's profile, lib/
    with MYPYPATH=lib as the device's sys.path has it) against circuitpython-stubs for this
    board. The board's stub (what circuitpython_setboard would install) goes in a folder of its
    own first on MYPYPATH, so the shared .venv is never rewritten under a parallel run."""
    import sysconfig
    definition = os.path.join(sysconfig.get_paths()["purelib"], "board_definitions", board_id,
                              "__init__.pyi")
    assert os.path.exists(definition), definition
    stubs = tmp_path / "stubs" / "board"
    stubs.mkdir(parents=True)
    shutil.copyfile(definition, str(stubs / "__init__.pyi"))
    pins = (stubs / "__init__.pyi").read_text()
    assert "BUTTON_CLOCK" in pins and "SPEAKER_ENABLE" in pins
    assert ("JOYSTICK_X" in pins) == (board_id == "pygamer")  # the stub is this board's
    other = {"pygamer": "boards/pybadge.py", "pybadge": "boards/pygamer.py"}[board_id]
    files = [f for f in DEVICE_FILES if f != other]
    assert "boards/%s.py" % board_id in files and "lib/mines/engine/presets.py" in files
    config = tmp_path / "mypy.ini"
    config.write_text(MYPY_CONFIG)
    env = dict(os.environ, MYPYPATH=os.pathsep.join([str(tmp_path / "stubs"),
                                                     os.path.join(REPO, "lib")]))
    r = subprocess.run([PY, "-m", "mypy", "--no-incremental", "--cache-dir", os.devnull,
                        "--config-file", str(config)] + files, cwd=REPO, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Success: no issues found in %d source files" % len(files) in r.stdout
    # and the stub really is the one mypy read: a pin only the PyGamer has
    probe = tmp_path / "probe.py"
    probe.write_text("import board\nx = board.JOYSTICK_X\n")
    r = subprocess.run([PY, "-m", "mypy", "--no-incremental", "--cache-dir", os.devnull,
                        "--config-file", str(config), str(probe)], cwd=str(tmp_path), env=env,
                       capture_output=True, text=True, timeout=600)
    assert (r.returncode == 0) == (board_id == "pygamer"), r.stdout


def test_device_files_compile_under_micropython():
    assert "boards/pygamer.py" in DEVICE_FILES and "lib/mines/flow/midend.py" in DEVICE_FILES
    for f in DEVICE_FILES:
        r = subprocess.run([MICROPYTHON, "-X", "compile-only", os.path.join(REPO, f)],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, (f, r.stdout, r.stderr)


def test_midend_allocates_nothing_per_frame_under_micropython():
    r = subprocess.run([MICROPYTHON, os.path.join(HERE, "mpy_frames.py"), REPO],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    play, idle, check = r.stdout.split()
    p100, p400 = play.split("=")[1].split(",")
    i100, i400 = idle.split("=")[1].split(",")
    c1, c2 = check.split("=")[1].split(",")
    assert p100 == p400 and i100 == i400                 # nothing per frame
    assert int(p400) <= 64 and int(i400) <= 64
    # a move and the wrong-flag check after it: the same for the same move (a flag put on, taken
    # off and put on again: nothing kept), and bounded (measured: 4288 bytes of garbage for the
    # flag move and the check after it, 4256 for taking it off; per move, not per frame)
    assert c1 == c2 and 0 < int(c1) <= 6144


def fresh_device_module():
    sys.modules.pop("boards.device", None)
    return importlib.import_module("boards.device")


def test_device_parts_that_cannot_start_free_their_pins_and_say_why(fakes):
    device = fresh_device_module()
    try:
        blocker = fakes.analogio.AnalogIn("JOYSTICK_Y")   # someone else holds one axis
        inp = device.make_input((M.B, M.A, M.START, M.SELECT), joystick=True)
        assert inp.joy_x is None and inp.joy_y is None
        assert "JOYSTICK_X" not in fakes._pinclaims.CLAIMED  # the half joystick let go
        blocker.deinit()
        taken = fakes.audioio.AudioOut("SPEAKER")         # the speaker pin is in use
        speaker = device.make_speaker()
        assert speaker is not None and speaker.failed and speaker.reason == "SPEAKER in use"
        assert fakes._pinclaims.CLAIMED["SPEAKER_ENABLE"].value is False
        speaker.play("win")                               # quiet, no exception
        taken.deinit()
    finally:
        sys.modules.pop("boards.device", None)


def test_feedback_tends_the_speaker_every_frame(fakes):
    """The frame loop's Feedback switches the amplifier off once a sound has ended, mutes it when
    the player turns sound off, and says an audio failure once, in the status line."""
    from boards import sound
    from boards.feedback import Feedback
    from mines.flow import midend as M
    speaker, audio, enable = make_speaker(fakes)
    m = M.Midend(seed=3)
    fb = Feedback(None, speaker)
    m.cue(M.CUE_WIN)                              # as a win would set it
    fb.update(m)
    assert audio.playing and enable.value is True and fb.played == ["win"]
    for _ in range(sum(sound.frames(ms) for _, ms in sound.NOTES["win"])):
        fb.update(m)                              # a frame each: the tune's notes, then off
    assert not audio.playing and enable.value is False
    m.cue(M.CUE_OPEN)
    fb.update(m)
    assert enable.value is True
    m.settings.set("sound", 0)
    fb.update(m)                                  # sound turned off: silence at once
    assert not audio.playing and enable.value is False
    m.cue(M.CUE_FLAG)
    fb.update(m)
    assert not audio.playing and fb.played == ["win", "open"]

    def broken(sample, *, loop=False):
        raise RuntimeError("Unable to allocate buffers")
    audio.play = broken
    m.settings.set("sound", 1)
    m.cue(M.CUE_OPEN)
    fb.update(m)                                  # the failure happens here ...
    fb.update(m)                                  # ... and is told on the next frame, once
    assert m.message == "Sound off: Unable to"   # whole words in the status bar's 26
    m.say("")
    fb.update(m)
    assert m.message == ""
