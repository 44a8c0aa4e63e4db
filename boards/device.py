"""What the PyGamer and PyBadge profiles share: the built-in display, the shift-register buttons,
the NeoPixels (through ``neopixel_write``, so no library is needed) and the speaker. Optional parts
are probed and a missing or failing one is left out (None) instead of stopping the game.

Only start-up uses this module: a profile makes its parts with it and lets it go
(``boards.forget``), so its code is not kept all game long. What the parts need every frame
lives elsewhere (``boards.buttons``, ``boards.pixels``, ``boards.sound``).
"""

import board
import digitalio
import keypad

from boards.buttons import KeypadInput
from boards.pixels import Pixels

FRAME_MS = 33  # about 30 frames a second; the midend's generator budget fits inside
PIXEL_COUNT = 5


def make_display():
    display = board.DISPLAY
    display.auto_refresh = False
    return display


def make_keys(key_count):
    return keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                    latch=board.BUTTON_LATCH, key_count=key_count,
                                    value_when_pressed=True)


def make_input(keymap, joystick):
    """KeypadInput over the shift register (len(keymap) keys), with the analog joystick when
    ``joystick`` is True and the board has one."""
    keys = make_keys(len(keymap))
    joy_x = joy_y = None
    if joystick and hasattr(board, "JOYSTICK_X"):
        try:
            import analogio
            joy_x = analogio.AnalogIn(getattr(board, "JOYSTICK_X"))
            joy_y = analogio.AnalogIn(getattr(board, "JOYSTICK_Y"))
        except (ImportError, ValueError, RuntimeError):
            if joy_x is not None:
                joy_x.deinit()  # free its pin: a half joystick is no joystick
            joy_x = joy_y = None
    return KeypadInput(keys, keymap, joy_x, joy_y, event=keypad.Event())


def make_pixels():
    if not hasattr(board, "NEOPIXEL"):
        return None
    try:
        import neopixel_write
        pin = digitalio.DigitalInOut(board.NEOPIXEL)
        pin.direction = digitalio.Direction.OUTPUT
        pixels = Pixels(neopixel_write.neopixel_write, pin, PIXEL_COUNT)
        for i in range(PIXEL_COUNT):
            pixels[i] = (0, 0, 0)
        pixels.show()
        return pixels
    except (ImportError, ValueError, RuntimeError):
        return None


def make_speaker():
    """The speaker (boards.sound.Speaker), or None on a board without one. A speaker that
    cannot start is returned failed, so the game can say why sound is off."""
    if not hasattr(board, "SPEAKER"):
        return None
    try:
        import audiocore
        from boards.sound import AUDIO_ERRORS, Speaker
    except (ImportError, MemoryError):
        return None
    enable = None
    try:
        if hasattr(board, "SPEAKER_ENABLE"):
            enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
            enable.switch_to_output(value=False)
        audio = _audio_out(board.SPEAKER)
    except ImportError:
        return None
    except AUDIO_ERRORS as e:
        return Speaker(None, None, enable, error=e)
    return Speaker(audio, lambda data, rate: audiocore.RawSample(data, sample_rate=rate), enable)


def _audio_out(pin):
    """The board's audio output: the DAC (audioio) where there is one, else PWM."""
    try:
        import audioio
        return audioio.AudioOut(pin)
    except ImportError:
        import audiopwmio
        return audiopwmio.PWMAudioOut(pin)


def make_storage():
    """Where saves live: ``microcontroller.nvm`` (8192 bytes on the SAMD51: it survives power-off
    and re-flashing the drive, which is read-only to the game while a computer mounts it), or
    None on a board without it (the game plays on and says once that nothing is kept)."""
    try:
        import microcontroller
    except ImportError:
        return None
    return getattr(microcontroller, "nvm", None)
