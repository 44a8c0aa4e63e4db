"""Adafruit PyGamer: 160x128 display, 4 buttons on a shift register (B, A, START, SELECT) and an
analog joystick read as a d-pad (dead zone, auto-repeat), 5 NeoPixels, a speaker."""

from boards import device, forget
from mines.flow.keys import A, B, START, SELECT

NAME = "PyGamer"
FRAME_MS = device.FRAME_MS
KEYMAP = (B, A, START, SELECT)  # shift-register key numbers 0..3

display = device.make_display()
buttons = device.make_input(KEYMAP, joystick=True)
pixels = device.make_pixels()
speaker = device.make_speaker()
storage = device.make_storage()  # saves (mines.flow.save_part), or None

del device
forget("boards.device")  # it made the parts above: the game keeps them, not its code


def refresh():
    display.refresh()
