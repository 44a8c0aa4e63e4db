"""Short sounds for open / flag / refused / win / lose: square waves, ``NOTES``.

``Speaker`` plays them on a device and can never end a game (the desktop simulator renders
the very same NOTES for its mixer: boards/desktop.py):

- A sound takes almost no RAM: every note is the same PERIOD bytes (one period of a square
  wave, 8-bit unsigned) played looped at PERIOD times the note's frequency, each note its own
  ``RawSample`` over that one buffer, made at start-up. ``update()``, called once a frame,
  moves on to the next note and stops the sound, so a note lasts its milliseconds rounded up to
  whole frames. (Samples of a whole sound, 1600 bytes each, took 9.6K with the DMA buffer.)
- Nothing is allocated per play: ``RawSample`` keeps a pointer to our bytearray, never a copy,
  and CircuitPython's ``AudioOut.play()`` resizes its DMA buffer to the sample's byte length
  (``m_realloc``), always PERIOD bytes here; ``play``/``stop``/``playing`` allocate nothing.
- Any audio error turns sound off for good (``failed``, with a short ``reason`` for the
  player) instead of reaching the frame loop.
- The amplifier (``SPEAKER_ENABLE``) is on only while a sound plays: ``update()`` switches it
  off when the sound has ended, and ``mute()`` stops both.
"""

from mines._const import const

PERIOD = 16  # bytes of the device's one sample: a square wave's period, 8-bit
FRAME_MS = 33  # the frame clock's period: ``update()`` counts notes in frames
_ZERO_8 = const(128)  # silence for unsigned 8-bit samples (the DAC's midpoint)
_SWING_8 = const(12)  # square-wave amplitude around _ZERO_8, 0..127 (quiet)

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


def frames(ms, frame_ms=FRAME_MS):
    """The frames a note of ``ms`` milliseconds lasts on the device (at least one)."""
    return (ms + frame_ms - 1) // frame_ms


class Speaker:
    """Plays NOTES on ``audio`` (an ``AudioOut``: ``play(sample, loop=)``, ``stop()``,
    ``playing``) with samples made by ``make_sample(bytearray, sample_rate)``; ``enable`` is the
    amplifier's enable pin (a DigitalInOut set to output) or None; ``error``: the exception
    that stopped the caller opening the audio output (the speaker then starts failed).

    ``play(name)`` starts a sound and returns at once; ``update()`` once a frame; ``mute()``;
    ``failed`` is True after an audio error, with ``reason`` saying which, and every call is
    then a no-op. ``notes``: frequency (Hz) -> its sample."""

    def __init__(self, audio, make_sample, enable=None, error=None):
        self.audio = audio
        self.enable = enable
        self.notes = {}  # type: dict
        self.failed = False
        self.reason = ""
        self._tune = ()  # type: tuple  # the notes of the sound playing: (frequency, ms) pairs
        self._next = 0  # the next note's index in it
        self._left = 0  # frames the note playing has left (0: silent)
        self._amp_on = True  # unknown until _amp(False) below sets the pin
        try:
            self._amp(False)
            if error is not None:  # the audio output could not be opened
                raise error
            wave = bytearray(PERIOD)
            for i in range(PERIOD):
                wave[i] = _ZERO_8 + _SWING_8 if i < PERIOD // 2 else _ZERO_8 - _SWING_8
            for tune in NOTES.values():
                for freq, _ in tune:
                    if freq not in self.notes:
                        self.notes[freq] = make_sample(wave, freq * PERIOD)
            audio.play(self.notes[NOTES["open"][0][0]])  # makes the DMA buffer now (amp off)
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
        self.notes = {}
        self._left = 0
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
        tune = NOTES.get(name)
        if tune is None or self.failed:
            return
        self._tune = tune
        self._next = 0
        self._note()

    def _note(self):
        """Play the tune's next note (looped until ``update`` moves on), or end the sound."""
        try:
            audio = self.audio
            if audio.playing:
                audio.stop()
            if self._next >= len(self._tune):
                self._left = 0
                self._amp(False)
                return
            freq, ms = self._tune[self._next]
            self._next += 1
            self._left = frames(ms)
            self._amp(True)
            audio.play(self.notes[freq], loop=True)
        except AUDIO_ERRORS as e:
            self._fail(e)

    def update(self):
        """Once a frame: the next note when one has had its frames; silence after the last."""
        if self._left and not self.failed:
            self._left -= 1
            if not self._left:
                self._note()

    def mute(self):
        """Stop any sound and switch the amplifier off."""
        if self.failed:
            return
        self._left = 0
        try:
            self.audio.stop()
            self._amp(False)
        except AUDIO_ERRORS as e:
            self._fail(e)
