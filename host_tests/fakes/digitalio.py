"""Fake ``digitalio``: pins that remember their direction and value. Each DigitalInOut claims
its pin until ``deinit()``; setting ``value`` on an input raises AttributeError, as on the
device."""

import _pinclaims


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2


class DriveMode:
    PUSH_PULL = 0
    OPEN_DRAIN = 1


class DigitalInOut:
    def __init__(self, pin):
        _pinclaims.claim(pin, self)
        self.pin = pin
        self.direction = Direction.INPUT
        self._value = False
        self.changes = 0  # how many times the output level changed (tests read it)

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, value):
        if self.direction != Direction.OUTPUT:
            raise AttributeError("Cannot set value when direction is input.")
        value = bool(value)
        if value != self._value:
            self.changes += 1
        self._value = value

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self.direction = Direction.OUTPUT
        self.value = value

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT

    def deinit(self):
        _pinclaims.release(self.pin, self)
