"""The boards PyGamer Mines runs on: CircuitPython board id -> board profile module and name.

One table for both callers: code.py picks the profile to import from it, tools/deploy.py decides
which profile to copy and which boards to accept. Lookup is by exact board id; any other board
is refused with the list below. No hardware import: the host tools read it too.

What the entries rest on (adafruit/circuitpython, ports/atmel-samd/boards/<id>/, read at the
9.0.0 tag and on main of 2026-08):
- pygamer: board.c builds a 160x128 display; pins.c names BUTTON_CLOCK/OUT/LATCH (PB31, PB30,
  PB00: the 4 buttons on a shift register), JOYSTICK_X/Y (PB07, PB06), NEOPIXEL (PA15, 5 pixels
  in board.c), SPEAKER (PA02), SPEAKER_ENABLE (PA27) and DISPLAY.
- pybadge: the same 160x128 display and the same pins, without the joystick (its d-pad is 4 more
  buttons on the shift register). There is no board definition of the PyBadge LC or the
  EdgeBadge (no ports/atmel-samd/boards/pybadge_lc or .../edgebadge, ever): they run the
  pybadge build (circuitpython.org's pybadge page lists the LC as its variant), so they report
  "pybadge". The LC has one NeoPixel; writing five to it is harmless.
Refused on purpose:
- pygamer_advance and pybadge_airlift: their board.c drives a 320x240 display (rotation 90),
  not 160x128, and their definitions were removed in 7.0.0 ("Remove non-product Adafruit
  boards"), so no CircuitPython this game supports (9.x, 10.x) builds them.
"""

# board id (boot_out.txt "Board ID:", board.board_id) -> (profile module in boards/, name)
BOARDS = {
    "pygamer": ("pygamer", "Adafruit PyGamer"),
    "pybadge": ("pybadge", "Adafruit PyBadge, PyBadge LC or EdgeBadge"),
}
DESKTOP = "desktop"  # the simulator's profile (boards/desktop.py); never on a device


def supported():
    """The supported board ids, for messages: 'pybadge, pygamer'."""
    return ", ".join(sorted(BOARDS))


def profile_for(board_id):
    """The profile module name for ``board_id`` (exact match); ValueError for any other board."""
    entry = BOARDS.get(board_id)
    if entry is None:
        raise ValueError("PyGamer Mines has no profile for board %r (supported: %s)"
                         % (board_id, supported()))
    return entry[0]


def profiles():
    """Every device profile module name, sorted."""
    return sorted(set(entry[0] for entry in BOARDS.values()))
