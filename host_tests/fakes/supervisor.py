"""Fake ``supervisor``: ticks_ms from a counter the test moves (wraps at 2**29 like the real one)."""

NOW = [0]


def ticks_ms():
    return NOW[0] & ((1 << 29) - 1)
