"""Short sounds for open / flag / refused / win / lose: square waves made once at start-up.

``render(name, buf, rate, ...)`` writes a sound into any buffer and imports no hardware module,
so the desktop simulator (``tone_data``: 16-bit at RATE) plays the very same notes.

``Speaker`` plays them on a device and can never end a game:

- Nothing is allocated per play. CircuitPython's ``AudioOut.play()`` resizes one DMA buffer to
  the sample's byte length on every play (``m_realloc`` in ports/atmel-samd/audio_dma.c,
  ``audio_dma_setup_playback``, CircuitPython 9.0 to 10.x), and ``gc_realloc`` (py/gc.c) hands
  back the same block when the size in 16-byte blocks is unchanged. So every sound is exactly
  LENGTH bytes (8-bit unsigned, mono), its duration set by its own sample rate rather than by
  padding, and one play at start-up (amplifier off) makes that buffer while the heap is empty.
  ``RawSample`` keeps a pointer to our bytearray, never a copy; ``play``/``stop``/``playing``
  allocate nothing.
- Any audio error turns sound off for good (``failed``, with a short ``reason`` for the
  player) instead of reaching the frame loop.
- The amplifier (``SPEAKER_ENABLE``) is on only while a sound plays: ``update()``, called once
  a frame, switches it off when the sound has ended, and ``mute()`` stops both.
"""

from array import array

RATE = 8000  # samples per second of tone_data (the desktop simulator's mixer rate)
LENGTH = 1600  # bytes of every device sample: 8-bit samples, so also the sample count
_ZERO_8 = 128  # silence for unsigned 8-bit samples (the DAC's midpoint)
_SWING_8 = 12  # square-wave amplitude around _ZERO_8, 0..127 (quiet)
_SWING_16 = 3000  # the same for signed 16-bit tone_data, 0..32767
_MIN_RATE = 4000  # Hz: a sound too long to fit LENGTH samples at this rate is refused at start-up

# name -> ((frequency Hz, milliseconds), ...); every sound lasts at most 400 ms
NOTES = {
    "open": ((1400, 18),),
    "flag": ((700, 18),),
    "refused": ((180, 50),),
    "win": ((784, 70), (988, 70), (1319, 120)),
    "lose": ((330, 90), (220, 90), (110, 160)),
}

# Errors an audio driver raises (busy DMA, a pin in use, a sample it refuses, no memory).
AUDIO_ERRORS = (OSError, RuntimeError, ValueError, MemoryError)


def duration_ms(name):
    """How long sound ``name`` lasts, in milliseconds."""
    total = 0
    for _, ms in NOTES[name]:
        total += ms
    return total


def render(name, buf, rate, zero, swing):
    """Write sound ``name`` into ``buf`` (a mutable sequence of ints) at ``rate`` samples per
    second, as a square wave of ``zero`` +- ``swing``; the rest of ``buf`` is ``zero``
    (silence). Returns the number of samples the notes take (at most ``len(buf)``)."""
    k = 0
    end = len(buf)
    for freq, ms in NOTES[name]:
        n = min(rate * ms // 1000, end - k)
        twice = 2 * freq
        for i in range(n):  # phase from the sample index: the pitch is exact on average
            buf[k] = zero + swing if (i * twice // rate) & 1 else zero - swing
            k += 1
    for j in range(k, end):
        buf[j] = zero
    return k


def device_rate(name):
    """The sample rate (Hz) that makes sound ``name`` last its duration in LENGTH samples."""
    return LENGTH * 1000 // duration_ms(name)


def tone_data(name):
    """Sound ``name`` as signed 16-bit mono samples at RATE (the desktop simulator's; the
    zeroed bytes it starts from are a host-only cost)."""
    count = 0
    for _, ms in NOTES[name]:
        count += RATE * ms // 1000
    data = array("h", bytes(2 * count))
    render(name, data, RATE, 0, _SWING_16)
    return data


class Speaker:
    """Plays NOTES on ``audio`` (an ``AudioOut``: ``play(sample)``, ``stop()``, ``playing``)
    with samples made by ``make_sample(bytearray, sample_rate)``; ``enable`` is the
    amplifier's enable pin (a DigitalInOut set to output) or None; ``error``: the exception
    that stopped the caller opening the audio output (the speaker then starts failed).

    ``play(name)`` starts a sound and returns at once; ``update()`` once a frame; ``mute()``;
    ``failed`` is True after an audio error, with ``reason`` saying which, and every call is
    then a no-op."""

    def __init__(self, audio, make_sample, enable=None, error=None):
        self.audio = audio
        self.enable = enable
        self.samples = {}
        self.failed = False
        self.reason = ""
        self._amp_on = True  # unknown until _amp(False) below sets the pin
        try:
            self._amp(False)
            if error is not None:  # the audio output could not be opened
                raise error
            for name in NOTES:
                rate = device_rate(name)
                if rate < _MIN_RATE:
                    raise ValueError("sound %s is too long for %d samples" % (name, LENGTH))
                buf = bytearray(LENGTH)
                render(name, buf, rate, _ZERO_8, _SWING_8)
                self.samples[name] = make_sample(buf, rate)
            audio.play(self.samples["open"])  # makes the DMA buffer now (amplifier off)
            audio.stop()
        except AUDIO_ERRORS as e:
            self._fail(e)

    def _amp(self, on):
        if self.enable is not None and self._amp_on != on:
            self.enable.value = on
        self._amp_on = on

    def _fail(self, error):
        self.failed = True
        self.reason = str(error) or type(error).__name__
        self.samples = {}
        try:
            if self.audio is not None:
                self.audio.stop()
        except AUDIO_ERRORS:
            pass
        try:
            self._amp(False)
        except AUDIO_ERRORS:
            pass

    def play(self, name):
        """Start sound ``name`` (a key of NOTES), cutting off the one playing; returns at once."""
        sample = self.samples.get(name)
        if sample is None:
            return
        try:
            audio = self.audio
            if audio.playing:
                audio.stop()
            self._amp(True)
            audio.play(sample)
        except AUDIO_ERRORS as e:
            self._fail(e)

    def update(self):
        """Once a frame: the amplifier goes off when the sound has ended."""
        if not self._amp_on or self.failed:
            return
        try:
            if not self.audio.playing:
                self._amp(False)
        except AUDIO_ERRORS as e:
            self._fail(e)

    def mute(self):
        """Stop any sound and switch the amplifier off."""
        if self.failed:
            return
        try:
            self.audio.stop()
            self._amp(False)
        except AUDIO_ERRORS as e:
            self._fail(e)
