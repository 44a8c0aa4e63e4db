"""Fake CircuitPython ``board`` for host tests: a PyGamer or a PyBadge (env FAKE_BOARD), pins as
plain names (claimed through _pinclaims by the fake drivers), and DISPLAY as a FakeDisplay with
busdisplay's ``refresh`` signature that counts refreshes."""

import os

board_id = os.getenv("FAKE_BOARD") or "pygamer"  # (os.getenv: MicroPython has it too)


class FakeDisplay:
    width = 160
    height = 128

    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.refreshes = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True


BUTTON_CLOCK = "BUTTON_CLOCK"
BUTTON_OUT = "BUTTON_OUT"
BUTTON_LATCH = "BUTTON_LATCH"
NEOPIXEL = "NEOPIXEL"
SPEAKER = "SPEAKER"
SPEAKER_ENABLE = "SPEAKER_ENABLE"
if board_id.startswith("pygamer"):
    JOYSTICK_X = "JOYSTICK_X"
    JOYSTICK_Y = "JOYSTICK_Y"
DISPLAY = FakeDisplay()
