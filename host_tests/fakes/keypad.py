"""Fake ``keypad`` with the API of circuitpython-stubs: read-only Event fields with a
``timestamp`` (supervisor.ticks_ms), EventQueue ``get``/``get_into``/``clear``/``overflowed``,
ShiftRegisterKeys with the real keyword arguments, claiming its pins until ``deinit()``.
Tests push events with ``EventQueue.push`` (fake-only) and find the scanners in INSTANCES."""

import _pinclaims
import supervisor

INSTANCES = []


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self._key_number = key_number
        self._pressed = bool(pressed)
        self._timestamp = supervisor.ticks_ms() if timestamp is None else timestamp

    @property
    def key_number(self):
        return self._key_number

    @property
    def pressed(self):
        return self._pressed

    @property
    def released(self):
        return not self._pressed

    @property
    def timestamp(self):
        return self._timestamp

    def __eq__(self, other):
        return (isinstance(other, Event) and self._key_number == other._key_number
                and self._pressed == other._pressed)

    def __hash__(self):
        return hash((self._key_number, self._pressed))


class EventQueue:
    def __init__(self, max_events=64):
        self._max_events = max_events
        self._q = []
        self._overflowed = False

    @property
    def overflowed(self):
        return self._overflowed

    def push(self, key_number, pressed, timestamp=None):
        """Fake-only: the scanner saw a key change (at ``timestamp``, default now)."""
        if len(self._q) >= self._max_events:
            self._overflowed = True
            return
        self._q.append((key_number, bool(pressed),
                        supervisor.ticks_ms() if timestamp is None else timestamp))

    def get_into(self, event):
        if not self._q:
            return False
        event._key_number, event._pressed, event._timestamp = self._q.pop(0)
        return True

    def get(self):
        if not self._q:
            return None
        n, p, t = self._q.pop(0)
        return Event(n, p, t)

    def clear(self):
        self._q = []
        self._overflowed = False

    def __bool__(self):
        return bool(self._q)

    def __len__(self):
        return len(self._q)


class ShiftRegisterKeys:
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.02, max_events=64, debounce_threshold=1):
        self._pins = [clock, latch] + (list(data) if isinstance(data, (list, tuple)) else [data])
        claimed = []
        try:
            for pin in self._pins:
                _pinclaims.claim(pin, self)
                claimed.append(pin)
        except ValueError:
            for pin in claimed:
                _pinclaims.release(pin, self)
            raise
        self.kwargs = dict(clock=clock, data=data, latch=latch, key_count=key_count,
                           value_when_pressed=value_when_pressed)
        self._key_count = key_count
        self._events = EventQueue(max_events)
        INSTANCES.append(self)

    @property
    def key_count(self):
        return self._key_count

    @property
    def events(self):
        return self._events

    def reset(self):
        self._events.clear()

    def deinit(self):
        for pin in self._pins:
            _pinclaims.release(pin, self)
