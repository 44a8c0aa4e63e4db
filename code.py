"""PyGamer Mines: no-guess Minesweeper for the Adafruit PyGamer and PyBadge.

CircuitPython runs this file at boot. ``boards.startup`` picks the board profile
(``boards.pygamer``, ``boards.pybadge``, or ``boards.desktop`` for the simulator on a computer)
and builds the midend, the screen and the lights; its code is then let go, and this file runs a
fixed frame clock: input -> midend (which runs generator slices within its per-frame work
budget) -> lights and sounds -> redraw what changed -> sleep to the next frame deadline. A late frame moves the deadline on instead of catching up.
"""

import gc
import time

# Nothing here imports the game at module level: on a host, ``python -m pytest`` run from the
# repository puts this file first on sys.path, where the standard library's ``code`` module
# (which pdb imports) is looked for. Importing this file must then be harmless.


class Clock:
    """Milliseconds since start, as a small int that only grows (the device's tick counter
    wraps; this one does not for 12 days)."""

    def __init__(self):
        try:
            from supervisor import ticks_ms
            self._ticks = ticks_ms
            self._mask = (1 << 29) - 1  # supervisor.ticks_ms wraps at 2**29
        except ImportError:
            self._ticks = self._host_ms
            self._mask = (1 << 62) - 1
        self._last = self._ticks()
        self.now = 0

    @staticmethod
    def _host_ms():
        return time.monotonic_ns() // 1000000

    def read(self):
        t = self._ticks()
        self.now += (t - self._last) & self._mask
        self._last = t
        return self.now


def run(profile, midend, view, feedback, clock=None, frames=-1, sleep=time.sleep, on_frame=None):
    """The frame loop. ``frames`` stops it after that many frames (-1: until the window
    closes); ``on_frame(frame_number)`` is called after each frame (simulator and tests)."""
    clock = clock or Clock()
    buttons = profile.buttons
    period = profile.FRAME_MS
    deadline = clock.read()
    frame = 0
    while frame != frames and not buttons.quit:
        try:
            now = clock.read()
            presses = buttons.poll(now)
            if presses:
                midend.press(presses)
            midend.frame(now)
            if midend.take_collect() or frame & 63 == 63:  # buffers were dropped (and every
                gc.collect()  # two seconds): collect here, high in the stack, where no stale
                _note_free(midend)  # pointer pins them; the heap's figures kept
            feedback.update(midend)
            if view.draw(midend, frame) or getattr(buttons, "exposed", False):
                profile.refresh()
        except MemoryError:
            midend.fail("No memory: %dx%d %s" % (midend.board_width(), midend.board_height(),
                                                 "puzzle" if midend.mode else "board"))
            gc.collect()
            print("PyGamer Mines: out of memory; back to the menu. Free:", _mem_free())
        except Exception as exc:  # noqa: BLE001 - a bug must not freeze the handheld
            midend.fail(("Error: %s" % exc)[:60])
            gc.collect()
            print("PyGamer Mines: error; back to the menu:", repr(exc))
        frame += 1
        if on_frame is not None:
            on_frame(frame)
        deadline += period
        now = clock.read()
        if now >= deadline:
            deadline = now  # late: start the next frame now, never catch up
        else:
            sleep((deadline - now) / 1000)
    return frame


def _mem_free():
    try:
        return gc.mem_free()  # type: ignore[attr-defined]
    except AttributeError:
        return -1


_SAID = [-2]  # the fewest bytes free the serial console was last told


def _note_free(midend):
    """After a collect: the fewest bytes free so far (mines.phases.HEAP), said on the serial
    console when the main menu is in front and it changed, for the first player with a device
    to tell us."""
    from mines import phases
    phases.note_free(_mem_free())
    low = phases.HEAP[3]
    if low >= 0 and low != _SAID[0] and midend.screen is not None and midend.screen.name == "main":
        _SAID[0] = low
        print("PyGamer Mines: fewest bytes free so far:", low)


def start(profile=None, seed=None):
    """Boot (``boards.startup.start``: the profile, unless given, the view, the midend with its
    saves, the lights), then its code let go. Returns (profile, midend, view, feedback)."""
    try:  # modules sent as .py compile without line numbers, as the .mpy ones were (-O3)
        # (not in circuitpython-stubs, though CircuitPython's micropython module has it)
        from micropython import opt_level  # type: ignore[attr-defined]
        opt_level(3)
    except ImportError:  # CPython; a VM without a compiler
        pass
    from boards import forget, startup
    parts = startup.start(profile, seed)
    del startup
    forget("boards.startup")  # start-up code: not kept all game long
    gc.collect()
    return parts


def main(seed=None, frames=-1, on_frame=None):
    profile, midend, view, feedback = start(seed=seed)
    done = run(profile, midend, view, feedback, frames=frames, on_frame=on_frame)
    from mines.flow.save_work import close
    close(midend)  # the simulator's window was closed: keep what changed
    return done


if __name__ == "__main__":
    try:
        main()
    except MemoryError:
        gc.collect()
        print("PyGamer Mines ran out of memory while starting. Free: %d bytes." % _mem_free())
        print("Remove other files from CIRCUITPY/lib, or reset the board and try again.")
        raise
