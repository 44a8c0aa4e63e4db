"""Fake ``audioio``: AudioOut records what it played; play() never blocks."""

PLAYED = []


class AudioOut:
    def __init__(self, pin):
        self.pin = pin
        self.playing = False

    def play(self, sample, *, loop=False):
        PLAYED.append(sample)
        self.playing = True

    def stop(self):
        self.playing = False
