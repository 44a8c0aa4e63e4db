"""The eight logical buttons, one bit each: what every front end's input produces and what the
midend's ``press`` takes. Boards map their keys, joystick or keyboard onto these bits."""

UP = 1
DOWN = 2
LEFT = 4
RIGHT = 8
A = 16
B = 32
START = 64
SELECT = 128
DIRECTIONS = UP | DOWN | LEFT | RIGHT
# Button names for footers and help: the eight buttons in this module's order, then the hint's
# (A and B at once); a front end may pass its own (the simulator's keyboard).
DEVICE_BUTTONS = ("Up", "Down", "Left", "Right", "A", "B", "START", "SELECT", "A+B")
