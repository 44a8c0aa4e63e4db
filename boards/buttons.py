"""Input helpers shared by the board profiles: keypad events, an analog joystick and held keys
turned into logical button presses (``mines.flow.keys``: UP, DOWN, LEFT, RIGHT, A, B, START,
SELECT).

Every input object has ``poll(now_ms) -> int``: the logical buttons newly pressed since the last
poll (a bitmask, auto-repeat included for the direction buttons), ``held`` (the bitmask held now)
and ``quit`` (True when the player closed the simulator's window; always False on a device).

Keys are read through ``keypad`` events, so a tap between two polls is never lost; when the event
queue overflows every key is taken as released. This module imports no hardware module: profiles
pass their keypad object and analog inputs in, and tests pass fakes.
"""

from mines.flow.keys import DIRECTIONS, UP, DOWN, LEFT, RIGHT


class Repeat:
    """Auto-repeat for held direction buttons, like a d-pad: a press, then after ``delay_ms``
    one press every ``rate_ms`` while held. Late polls never produce a burst (no catching up)."""

    def __init__(self, delay_ms=280, rate_ms=80):
        self.delay_ms = delay_ms
        self.rate_ms = rate_ms
        self._held = 0
        self._next = [0] * 4

    def update(self, held, now_ms, reported=0):
        """``held``: direction bits held now; ``reported``: bits whose press the caller has
        already counted this poll (from key events). Returns the direction presses to add."""
        held &= DIRECTIONS
        out = 0
        nxt = self._next
        for k in range(4):
            bit = 1 << k
            if held & bit:
                if not self._held & bit:
                    nxt[k] = now_ms + self.delay_ms
                    if not reported & bit:
                        out |= bit
                elif now_ms - nxt[k] >= 0:
                    out |= bit
                    nxt[k] = now_ms + self.rate_ms
        self._held = held
        return out


class KeypadInput:
    """Buttons from a ``keypad`` object (``keys``) whose key numbers map to logical buttons
    through ``keymap`` (a tuple: key number -> button bit), plus an optional analog joystick
    (``joy_x``, ``joy_y``: objects with ``.value`` 0..65535) read as a d-pad with a dead zone of
    ``dead_zone`` (0..32767) around the centre."""

    def __init__(self, keys, keymap, joy_x=None, joy_y=None, dead_zone=14000, event=None):
        self.keys = keys
        self.keymap = keymap
        self.joy_x = joy_x
        self.joy_y = joy_y
        self.dead_zone = dead_zone
        self.repeat = Repeat()
        self._event = event  # a reusable keypad.Event (the profile makes it)
        self._keys_held = 0
        self.held = 0
        self.quit = False
        self.overflows = 0

    def poll(self, now_ms):
        events = self.keys.events
        ev = self._event
        keymap = self.keymap
        pressed = 0
        held = self._keys_held
        while True:
            if ev is not None:
                if not events.get_into(ev):
                    break
                e = ev
            else:
                e = events.get()
                if e is None:
                    break
            n = e.key_number
            if n >= len(keymap):
                continue
            bit = keymap[n]
            if e.pressed:
                held |= bit
                pressed |= bit
            else:
                held &= ~bit
        if events.overflowed:  # events were lost: take every key as released
            events.clear()
            held = 0
            self.overflows += 1
        self._keys_held = held
        if self.joy_x is not None and self.joy_y is not None:  # the joystick as a d-pad
            dz = self.dead_zone
            x = self.joy_x.value - 32768
            y = self.joy_y.value - 32768
            if x < -dz:
                held |= LEFT
            elif x > dz:
                held |= RIGHT
            if y < -dz:
                held |= UP
            elif y > dz:
                held |= DOWN
        self.held = held
        return pressed | self.repeat.update(self.held, now_ms, pressed)
