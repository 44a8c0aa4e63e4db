"""Fake ``keypad``: ShiftRegisterKeys records how it was made; tests push events into it."""

INSTANCES = []


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self, max_events=64):
        self.max_events = max_events
        self._q = []
        self.overflowed = False

    def push(self, key_number, pressed):
        if len(self._q) >= self.max_events:
            self.overflowed = True
            return
        self._q.append((key_number, pressed))

    def get_into(self, event):
        if not self._q:
            return False
        event.key_number, event.pressed = self._q.pop(0)
        return True

    def get(self):
        if not self._q:
            return None
        n, p = self._q.pop(0)
        return Event(n, p)

    def clear(self):
        self._q = []
        self.overflowed = False

    def __len__(self):
        return len(self._q)


class ShiftRegisterKeys:
    def __init__(self, *, clock, data, latch, key_count, value_when_pressed, value_to_latch=True,
                 interval=0.02, max_events=64, debounce_threshold=1):
        self.kwargs = dict(clock=clock, data=data, latch=latch, key_count=key_count,
                           value_when_pressed=value_when_pressed)
        self.key_count = key_count
        self.events = EventQueue(max_events)
        INSTANCES.append(self)
