"""Fake ``audioio``: AudioOut plays by the fake clock (``supervisor.NOW``, milliseconds): a
sample is ``playing`` until its duration has passed (for ever when looped). It claims its pin,
and models CircuitPython's DMA buffer: ``play()`` resizes it to the sample's byte length
(``m_realloc``), which allocates only when the size in 16-byte blocks grows; ``DMA_GROWS``
counts those allocations and ``PLAYS`` the plays (plain counters: the fake itself allocates
nothing per play, so heap measurements under micropython see only the caller)."""

import _pinclaims
import supervisor

DMA_GROWS = [0]
PLAYS = [0]
LAST = [None]  # the last sample played


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        _pinclaims.claim(left_channel, self)
        self.pin = left_channel
        self._dma_blocks = 0
        self._sample = None
        self._loop = False
        self._end_ms = 0
        self._deinited = False

    def _check(self):
        if self._deinited:
            raise ValueError("Object has been deinitialized and can no longer be used. "
                             "Create a new object.")

    def play(self, sample, *, loop=False):
        self._check()
        blocks = (sample.byte_length + 15) // 16
        if blocks > self._dma_blocks:
            DMA_GROWS[0] += 1
        self._dma_blocks = blocks
        self._sample = sample
        self._loop = loop
        self._end_ms = supervisor.NOW[0] + sample.frames * 1000 // sample.sample_rate
        PLAYS[0] += 1
        LAST[0] = sample

    @property
    def playing(self):
        self._check()
        if self._sample is None:
            return False
        return self._loop or supervisor.NOW[0] < self._end_ms

    @property
    def paused(self):
        return False

    def stop(self):
        self._check()
        self._sample = None

    def deinit(self):
        self._deinited = True
        _pinclaims.release(self.pin, self)
