"""Lights and sounds from the midend's cues: NeoPixels show generation progress (blue), a win
(green) or a loss (red) at low brightness; short sounds for open, flag, win and lose when the
player left sound on. Pixels are written only when what they show changes, and neither ever
waits, so the frame loop never stalls on them.
"""

from mines.flow.states import (CUE_FLAG, CUE_LOSE, CUE_OPEN, CUE_REFUSED, CUE_WIN, GENERATING,
                               LOST, WON)
from mines._const import const

_DIM = const(24)  # 0..255 per channel: low, the pixels sit next to the screen
_OFF = (0, 0, 0)
_GREEN = (0, _DIM, 0)
_RED = (_DIM, 0, 0)
_BLUE = (0, 0, _DIM)
_WIN = const(256)  # what the pixels show (Feedback._shown): above any count of pixels lit
_LOSS = const(257)
_DARK = const(258)


class Feedback:
    """``pixels``: a NeoPixel-like sequence (``n``, item assignment, ``show()``) or None;
    ``speaker``: a boards.sound.Speaker-like object (``play(name)``, ``update()``, ``mute()``,
    ``failed``, ``reason``) or None."""

    def __init__(self, pixels=None, speaker=None):
        self.pixels = pixels
        self.speaker = speaker
        self._shown = None
        self._muted = False
        self._told_failure = False
        self.played = []  # names of the sounds asked for (kept short: tests read it)

    def update(self, m):
        cue = m.take_cues()
        speaker = self.speaker
        if speaker is not None:  # tended once a frame
            if speaker.failed:  # an audio failure said once (the speaker has turned itself off)
                if not self._told_failure:
                    self._told_failure = True
                    text = "Sound off: " + speaker.reason
                    if len(text) > 26:   # the status bar's width: whole words (the console: all)
                        print(text)
                        text = text[:text.rfind(" ", 0, 27)]
                    m.say(text)
            elif not m.settings.sound:  # the amplifier off when sound was turned off
                if not self._muted:
                    self._muted = True
                    speaker.mute()
            else:  # ... or when a sound has ended
                self._muted = False
                speaker.update()
        if cue and m.settings.sound:
            name = None
            if cue & CUE_WIN:
                name = "win"
            elif cue & CUE_LOSE:
                name = "lose"
            elif cue & CUE_REFUSED:
                name = "refused"
            elif cue & CUE_OPEN:
                name = "open"
            elif cue & CUE_FLAG:
                name = "flag"
            if name:
                if len(self.played) > 16:
                    del self.played[0]
                self.played.append(name)
                if speaker is not None:
                    speaker.play(name)  # never raises: an audio error turns the speaker off
        pixels = self.pixels
        if pixels is None:
            return
        state = m.state
        n = len(pixels)
        # what they show, as one small int (no tuple a frame): while a board is made the
        # pixels lit blue (0..n), else _WIN, _LOSS or _DARK
        want = _DARK
        if state == GENERATING:
            want = (m.progress() * n + 50) // 100
        elif state == WON:
            want = _WIN
        elif state == LOST:
            want = _LOSS
        if want == self._shown:
            return
        self._shown = want
        for i in range(n):
            c = _OFF
            if want == _WIN:
                c = _GREEN
            elif want == _LOSS:
                c = _RED
            elif i < want < _WIN:
                c = _BLUE
            pixels[i] = c
        pixels.show()
