"""Fake ``analogio``: AnalogIn values (0..65535) that tests set; centred by default."""

PINS = {}


class AnalogIn:
    def __init__(self, pin):
        self.pin = pin
        self.value = 32768
        PINS[pin] = self
