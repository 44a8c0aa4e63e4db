"""Fake ``analogio``: AnalogIn values (0..65535) that tests set; centred by default. Each
AnalogIn claims its pin until ``deinit()``."""

import _pinclaims

PINS = {}


class AnalogIn:
    def __init__(self, pin):
        _pinclaims.claim(pin, self)
        self.pin = pin
        self.value = 32768
        PINS[pin] = self

    def deinit(self):
        _pinclaims.release(self.pin, self)
