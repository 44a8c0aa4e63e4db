"""Fake ``audiocore``."""


class RawSample:
    def __init__(self, buffer, *, sample_rate=8000, channel_count=1):
        self.buffer = buffer
        self.sample_rate = sample_rate
