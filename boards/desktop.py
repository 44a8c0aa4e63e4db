"""Desktop simulator profile: the same displayio screen in a pygame window, through Blinka's
displayio and blinka_displayio_pygamedisplay; the keyboard stands in for the buttons.

The 160x128 screen is shown scaled up (pygame.SCALED: the largest whole factor that fits, resizable).
SDL_VIDEODRIVER=dummy runs it headless (tests, screenshots). Keys (README "Controls"):

  arrows / WASD      d-pad            Z, Space, J   A: open / chord
  X, F, K            B: flag          Enter, P      START: pause
  Esc, Backspace     SELECT: menu     window close or Ctrl+Q: quit
"""

import os
from array import array

import pygame


def _quiet_blinka():
    """Import Blinka's ``microcontroller`` with its notice held back: on a computer it prints
    "WARNING: GENERIC_X86 is not fully supported. Some features may not work." twice, which
    reads like an error, while the simulator needs none of the pins it is about. Anything
    else it prints still shows."""
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        import microcontroller  # noqa: F401
    for line in out.getvalue().splitlines():
        if "is not fully supported" not in line:
            print(line)


_quiet_blinka()
from blinka_displayio_pygamedisplay import PyGameDisplay  # noqa: E402

from boards.buttons import Repeat
from boards.sound import NOTES
from mines.flow.keys import UP, DOWN, LEFT, RIGHT, A, B, START, SELECT

NAME = "Desktop simulator"
BUTTON_NAMES = ("Up", "Down", "Left", "Right", "Z", "X", "Enter", "Esc", "H")  # the keys that
# stand in for the buttons, in mines.flow.keys order, then the hint's: footers and help name these
FRAME_MS = 33
WIDTH = 160
HEIGHT = 128
RATE = 8000  # samples per second of tone_data (the mixer's rate)
_SWING = 3000  # the square wave's amplitude in tone_data, 0..32767 (quiet)

KEYMAP = {
    pygame.K_UP: UP, pygame.K_w: UP,
    pygame.K_DOWN: DOWN, pygame.K_s: DOWN,
    pygame.K_LEFT: LEFT, pygame.K_a: LEFT,
    pygame.K_RIGHT: RIGHT, pygame.K_d: RIGHT,
    pygame.K_z: A, pygame.K_SPACE: A, pygame.K_j: A,
    pygame.K_x: B, pygame.K_f: B, pygame.K_k: B,
    pygame.K_RETURN: START, pygame.K_KP_ENTER: START, pygame.K_p: START,
    pygame.K_ESCAPE: SELECT, pygame.K_BACKSPACE: SELECT,
    pygame.K_h: A | B,  # a hint: the device's A and B pressed together
}


class KeyboardInput:
    """pygame key events as logical buttons, with the d-pad auto-repeat of the devices."""

    def __init__(self):
        self.repeat = Repeat()
        self.held = 0
        self.quit = False
        self.exposed = False

    def poll(self, now_ms):
        pressed = 0
        held = self.held
        for event in pygame.event.get():
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
                    self.quit = True
                bit = KEYMAP.get(event.key, 0)
                held |= bit
                pressed |= bit
            elif event.type == pygame.KEYUP:
                held &= ~KEYMAP.get(event.key, 0)
            elif event.type == pygame.QUIT:
                self.quit = True
            elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED,
                                pygame.WINDOWSIZECHANGED, pygame.WINDOWRESTORED):
                self.exposed = True
            elif event.type == pygame.WINDOWFOCUSLOST:
                held = 0  # keys released while away are never seen
        self.held = held
        return pressed | self.repeat.update(held, now_ms, pressed)


def tone_data(name):
    """Sound ``name`` (boards.sound.NOTES: the device's very notes) as signed 16-bit mono
    samples at RATE, square waves of +-_SWING."""
    data = array("h")
    for freq, ms in NOTES[name]:
        for i in range(RATE * ms // 1000):  # phase from the sample index: exact pitch on average
            data.append(_SWING if (i * 2 * freq // RATE) & 1 else -_SWING)
    return data


class PygameSpeaker:
    """The device's sounds through pygame.mixer."""

    def __init__(self):
        pygame.mixer.quit()  # pygame.init() opened it at 44.1 kHz stereo: ours are 8 kHz mono
        pygame.mixer.init(frequency=RATE, size=-16, channels=1)
        if pygame.mixer.get_init() != (RATE, -16, 1):
            raise pygame.error("the mixer did not take 8 kHz mono")
        self.sounds = {}
        for name in ("open", "flag", "refused", "win", "lose"):
            self.sounds[name] = pygame.mixer.Sound(buffer=tone_data(name).tobytes())
        self.failed = False  # the boards.sound.Speaker interface; pygame reports no failure
        self.reason = ""

    def play(self, name):
        sound = self.sounds.get(name)
        if sound is not None:
            sound.stop()
            sound.play()

    def update(self):
        """Nothing to switch off: the computer has no speaker amplifier pin."""

    def mute(self):
        pygame.mixer.stop()


headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
display = PyGameDisplay(width=WIDTH, height=HEIGHT, caption="PyGamer Mines",
                        flags=0 if headless else pygame.SCALED | pygame.RESIZABLE,
                        auto_refresh=False)
buttons = KeyboardInput()
pixels = None
speaker = None
# Saves: kept for one run only unless tools/simulator.py gives a file (FileStorage), so tests
# and screenshots never read or write the player's save.
SAVES = False
storage = None
if os.environ.get("MINES_SOUND", "1") != "0" and not headless:
    try:
        speaker = PygameSpeaker()
    except (pygame.error, ImportError):
        speaker = None


def refresh():
    display.refresh()
    buttons.exposed = False


def screenshot(path, scale=1):
    """Save what the window shows as a PNG, scaled up by a whole ``scale`` (nearest pixel)."""
    surface = display._pygame_screen  # the 160x128 surface PyGameDisplay draws into
    if scale != 1:
        surface = pygame.transform.scale(surface, (WIDTH * scale, HEIGHT * scale))
    pygame.image.save(surface, path)
