"""Adafruit PyBadge / PyBadge LC / EdgeBadge: 160x128 display, 8 buttons on a shift register
(B, A, START, SELECT and the d-pad), 5 NeoPixels, a speaker."""

from boards import device, forget
from mines.flow.keys import A, B, START, SELECT, UP, DOWN, LEFT, RIGHT

NAME = "PyBadge"
FRAME_MS = device.FRAME_MS
KEYMAP = (B, A, START, SELECT, RIGHT, DOWN, UP, LEFT)  # shift-register key numbers 0..7

display = device.make_display()
buttons = device.make_input(KEYMAP, joystick=False)
pixels = device.make_pixels()
speaker = device.make_speaker()
storage = device.make_storage()  # saves (mines.flow.save_part), or None

del device
forget("boards.device")  # it made the parts above: the game keeps them, not its code


def refresh():
    display.refresh()
