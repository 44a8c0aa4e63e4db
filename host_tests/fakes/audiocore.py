"""Fake ``audiocore``: RawSample takes what CircuitPython's takes (a bytearray or an array of
type 'h', 'H', 'b' or 'B'; keyword-only options) and keeps the buffer, never a copy."""

_ITEM_BYTES = {"h": 2, "H": 2, "b": 1, "B": 1}


class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        if isinstance(buffer, bytearray):
            item = 1
        else:
            item = _ITEM_BYTES.get(getattr(buffer, "typecode", None))
            if item is None:
                raise ValueError("buffer must be a bytearray or array of type 'h', 'H', 'b', "
                                 "or 'B'")
        self.buffer = buffer
        self.channel_count = channel_count
        self.sample_rate = sample_rate
        self.single_buffer = single_buffer
        self.byte_length = len(buffer) * item
        self.frames = len(buffer) // channel_count

    def deinit(self):
        self.buffer = None
