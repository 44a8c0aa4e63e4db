"""Run code.py's loop with a device profile (boards/pygamer.py or boards/pybadge.py) on faked
hardware (host_tests/fakes: board, keypad, analogio, digitalio, neopixel_write, audioio, ...)
and Blinka's displayio, feeding key events and joystick values frame by frame.

  FAKE_BOARD=pygamer python host_tests/device_sim.py

Prints one JSON object with what happened; test_device.py checks it. Run in its own process:
the fakes shadow modules that Blinka also provides.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path[:0] = [os.path.join(HERE, "fakes"), REPO, os.path.join(REPO, "lib")]

import importlib.util  # noqa: E402

import analogio  # noqa: E402  (the fakes)
import audioio  # noqa: E402
import board  # noqa: E402
import keypad  # noqa: E402
import neopixel_write  # noqa: E402
import supervisor  # noqa: E402

spec = importlib.util.spec_from_file_location("mines_code", os.path.join(REPO, "code.py"))
code = importlib.util.module_from_spec(spec)
spec.loader.exec_module(code)

from boards import startup  # noqa: E402
from boards.feedback import Feedback  # noqa: E402
from boards.view import View  # noqa: E402
from mines.flow import midend as M  # noqa: E402

name = startup.profile_name(board.board_id)
profile = getattr(__import__("boards." + name), name)
keys = keypad.INSTANCES[0]
KEY = {bit: n for n, bit in enumerate(profile.KEYMAP)}
out = {"profile": name, "keys": {k: v for k, v in keys.kwargs.items()},
       "pixels": profile.pixels is not None, "speaker": profile.speaker is not None,
       "joystick": profile.buttons.joy_x is not None, "auto_refresh": board.DISPLAY.auto_refresh}

plays_at_start = audioio.PLAYS[0]  # the speaker's one silent play at start-up
view = View(profile.display)
m = M.Midend(seed=3)
feedback = Feedback(profile.pixels, profile.speaker)
states = []
script = {}  # frame -> function


def at(frame):
    def deco(f):
        script[frame] = f
        return f
    return deco


def tap(bit):
    keys.events.push(KEY[bit], True)
    keys.events.push(KEY[bit], False)


def hold(bit, down):
    keys.events.push(KEY[bit], down)


def direction(bit, down):
    """The d-pad: PyGamer joystick values, PyBadge keys."""
    if out["joystick"]:
        x = analogio.PINS["JOYSTICK_X"]
        y = analogio.PINS["JOYSTICK_Y"]
        v = 65535 if bit in (M.RIGHT, M.DOWN) else 0
        if bit in (M.LEFT, M.RIGHT):
            x.value = v if down else 32768 + 3000   # back into the dead zone (not centred)
        else:
            y.value = v if down else 32768 - 3000
    else:
        hold(bit, down)


record = {}


@at(20)
def _start():
    record["menu_ready"] = m.state == M.MENU and m.screen.name == "main"
    tap(M.A)                                    # Play (quick start: the board is made now)


@at(152)
def _open_start():
    record["playing"] = m.state == M.PLAYING and m.start_x >= 0
    record["start"] = (m.start_x, m.start_y)
    tap(M.A)


@at(154)
def _go_right():
    record["opened"] = m.game.opened
    record["cx0"] = m.cx
    m.point(0, m.cy)                            # from the left edge, so there is room
    direction(M.RIGHT, True)


@at(154 + 30)                                   # ~1 s held: a press, then auto-repeat
def _stop_right():
    direction(M.RIGHT, False)
    record["moved_right"] = m.cx


@at(190)
def _flag():
    record["cover_before_flag"] = m.game.tile(m.cx, m.cy)
    tap(M.B)


@at(192)
def _pause():
    record["flags"] = m.game.flags
    tap(M.START)


@at(194)
def _resume():
    record["paused"] = m.state == M.PAUSED and view.board_group.hidden
    tap(M.START)


@at(196)
def _overflow():
    hold(M.A, True)                             # a key goes down, then the queue overflows:
    for _ in range(70):                         # every key must count as released
        keys.events.push(KEY[M.B], True)


@at(198)
def _menu():
    record["held_after_overflow"] = profile.buttons.held
    tap(M.SELECT)


@at(200)
def _done():
    record["menu_again"] = m.state == M.MENU


class Clock:
    def read(self):
        return supervisor.ticks_ms()


sleeps = []


def sleep(seconds):
    sleeps.append(seconds)
    supervisor.NOW[0] += int(seconds * 1000)


def on_frame(frame):
    states.append(m.state)
    supervisor.NOW[0] += 2                      # a frame takes 2 ms of work
    f = script.get(frame)
    if f is not None:
        f()


frames = code.run(profile, m, view, feedback, clock=Clock(), frames=201, sleep=sleep,
                  on_frame=on_frame)
out.update(record)
out["frames"] = frames
out["refreshes"] = board.DISPLAY.refreshes
out["root_group_set"] = board.DISPLAY.root_group is view.root
out["pixel_writes"] = len(neopixel_write.WRITES)
out["last_pixels"] = list(neopixel_write.WRITES[-1]) if neopixel_write.WRITES else []
out["sounds"] = audioio.PLAYS[0] - plays_at_start
out["speaker_failed"] = profile.speaker.failed if profile.speaker else None
out["dma_grows"] = audioio.DMA_GROWS[0]
out["played"] = feedback.played
out["sleeps"] = len(sleeps)
out["max_sleep_ms"] = int(max(sleeps) * 1000) if sleeps else 0
out["overflows"] = profile.buttons.overflows
out["states"] = sorted(set(states))
print(json.dumps(out))
