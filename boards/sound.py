"""Short sounds for open / flag / win / lose, made once as 8 kHz square-wave samples.

``tone_data(name)`` returns the samples as an ``array('h')`` (signed 16-bit, mono) and imports no
hardware module, so the desktop simulator plays the very same sounds. ``Speaker`` plays them on a
device through ``audioio`` / ``audiopwmio``; ``play()`` starts a sound and returns at once, so the
game loop never waits for audio.
"""

from array import array

RATE = 8000  # samples per second
_VOLUME = 3000  # square-wave amplitude, 0..32767 (quiet)

# name -> ((frequency Hz, milliseconds), ...)
NOTES = {
    "open": ((1400, 18),),
    "flag": ((700, 18),),
    "refused": ((180, 50),),
    "win": ((784, 70), (988, 70), (1319, 120)),
    "lose": ((330, 90), (220, 90), (110, 160)),
}


def tone_data(name):
    """The samples of sound ``name`` (a key of NOTES)."""
    notes = NOTES[name]
    total = 0
    for _, ms in notes:
        total += RATE * ms // 1000
    data = array("h", [0] * total)  # once, at start-up
    k = 0
    for freq, ms in notes:
        n = RATE * ms // 1000
        half = max(1, RATE // (2 * freq))
        for i in range(n):
            data[k] = _VOLUME if (i // half) & 1 else -_VOLUME
            k += 1
    return data


class Speaker:
    """Plays NOTES on an audio output object (``play(sample)``, ``stop()``, ``playing``) with
    samples made by ``make_sample(array)``; ``enable`` is the amplifier's enable pin (a
    DigitalInOut) or None."""

    def __init__(self, audio, make_sample, enable=None):
        self.audio = audio
        self.enable = enable
        self.samples = {}
        for name in NOTES:
            self.samples[name] = make_sample(tone_data(name))

    def play(self, name):
        sample = self.samples.get(name)
        if sample is None:
            return
        if self.enable is not None:
            self.enable.value = True
        if self.audio.playing:
            self.audio.stop()
        self.audio.play(sample)
