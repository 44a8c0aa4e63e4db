"""Board profiles, one small module per device, all exporting the same names (docs/code.md):

  NAME      - a human name for the board
  display   - a displayio display, 160x128 pixels
  buttons   - logical buttons: ``poll(now_ms)`` -> newly pressed bits, ``held``, ``quit``
  pixels    - a NeoPixel strip (5 pixels) or None
  speaker   - a ``boards.sound`` player (``play(name)``) or None
  FRAME_MS  - the frame clock's period, milliseconds
  refresh() - push the changed parts of the screen out

Plus the shared screen code: ``view`` (the board, the status bar, the result panel),
``text_screen`` (menus and pages in adafruit_display_text Labels), ``tiles`` (sprite sheet),
``font`` (the status bar's 5x7 font, drawn from ``glyphs``); and ``buttons`` (keypad and
joystick to logical buttons) and ``feedback`` (lights and sounds). ``forget`` drops a module
whose work is done (the drawings of the sprite sheet and of the font) from the heap.
"""

import sys


def forget(name):
    """Drop module ``name`` (a package's submodule) once its work is done, so that its code
    and data go back to the heap when nothing else holds them; a later import loads it again."""
    sys.modules.pop(name, None)
    package, _, attr = name.rpartition(".")
    if package in sys.modules and hasattr(sys.modules[package], attr):
        delattr(sys.modules[package], attr)
