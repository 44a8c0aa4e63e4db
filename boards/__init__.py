"""Board profiles, one small module per device, all exporting the same names (docs/ARCHITECTURE.md):

  NAME      - a human name for the board
  display   - a displayio display, 160x128 pixels
  buttons   - logical buttons: ``poll(now_ms)`` -> newly pressed bits, ``held``, ``quit``
  pixels    - a NeoPixel strip (5 pixels) or None
  speaker   - a ``boards.sound`` player (``play(name)``) or None
  FRAME_MS  - the frame clock's period, milliseconds
  refresh() - push the changed parts of the screen out

Plus the shared screen code: ``view`` (the board, the status bar, the result panel),
``text_screen`` (menus and pages in terminalio's font), ``tiles`` (sprite sheet),
``font`` (the status bar's 5x7 font, drawn from ``glyphs``), ``view_setup`` (the view's objects,
made once); and ``buttons`` (keypad and joystick to logical buttons), ``feedback`` (lights and
sounds) and ``pixels`` (the NeoPixels). ``forget`` (mines.phases') drops a module whose work is
done (the drawings of the sprite sheet and of the font, the view's and the profile's start-up
code: ``view_setup``, ``device``, and the boot's: ``startup``).
"""

from mines.phases import forget  # noqa: F401  (the one routine that unloads code)
