"""Run by test_device.py under micropython: the device Speaker (boards/sound.py) on the fake
audioio/audiocore/digitalio (host_tests/fakes), counting heap bytes over many plays.

  micropython host_tests/mpy_sound.py REPO PLAYS

Prints "alloc=A,B grows=G plays=P amp=X": heap bytes allocated (the collector off) over the
first PLAYS and over 4 x PLAYS play/update cycles after start-up, the fake DMA buffer's growths,
the plays the fake saw, and the amplifier's level at the end. The same A and B mean nothing is
allocated per play."""

import gc
import sys

REPO = sys.argv[1]
PLAYS = int(sys.argv[2])
sys.path[:0] = [REPO + "/host_tests/fakes", REPO, REPO + "/lib"]

import audiocore  # noqa: E402  (the fakes)
import audioio  # noqa: E402
import digitalio  # noqa: E402
import supervisor  # noqa: E402

from boards.sound import NOTES, Speaker  # noqa: E402

enable = digitalio.DigitalInOut("SPEAKER_ENABLE")
enable.switch_to_output(value=False)
speaker = Speaker(audioio.AudioOut("SPEAKER"),
                  lambda data, rate: audiocore.RawSample(data, sample_rate=rate), enable)
assert not speaker.failed, speaker.reason
names = tuple(NOTES)


def cycles(n):
    """Bytes allocated over ``n`` plays, each followed by frames until it has ended."""
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for i in range(n):
        speaker.play(names[i % len(names)])
        for _ in range(12):  # 12 frames of 33 ms: longer than any sound
            supervisor.NOW[0] += 33
            speaker.update()
    used = gc.mem_alloc() - before
    gc.enable()
    return used


first = cycles(PLAYS)
more = cycles(4 * PLAYS)
print("alloc=%d,%d grows=%d plays=%d amp=%d" % (first, more, audioio.DMA_GROWS[0],
                                               audioio.PLAYS[0], enable.value))
