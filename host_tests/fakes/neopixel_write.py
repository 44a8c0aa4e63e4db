"""Fake ``neopixel_write``: records every buffer written."""

WRITES = []


def neopixel_write(pin, buf):
    WRITES.append(bytes(buf))
