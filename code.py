"""PyGamer Mines: no-guess Minesweeper for the Adafruit PyGamer and PyBadge.

CircuitPython runs this file at boot. It picks the board profile (``boards.pygamer``,
``boards.pybadge``, or ``boards.desktop`` for the simulator on a computer), builds the midend,
the screen and the lights, then runs a fixed frame clock: input -> midend (which runs generator
slices within its per-frame work budget) -> lights and sounds -> redraw what changed -> sleep to
the next frame deadline. A late frame moves the deadline on instead of catching up.
"""

import gc
import sys
import time

# Nothing here imports the game at module level: on a host, ``python -m pytest`` run from the
# repository puts this file first on sys.path, where the standard library's ``code`` module
# (which pdb imports) is looked for. Importing this file must then be harmless.


def profile_name(board_id):
    """The boards/ profile module for a CircuitPython board id, looked up exactly in
    boards/catalog.py (the table tools/deploy.py uses too); None: the desktop simulator.
    RuntimeError naming the supported boards for any other id."""
    from boards import catalog
    if board_id is None:
        return catalog.DESKTOP
    try:
        return catalog.profile_for(board_id)
    except ValueError as e:
        raise RuntimeError(str(e))


def pick_profile():
    """Import and return the board profile module for the board we run on."""
    board_id = None
    if sys.implementation.name == "circuitpython":
        import board
        board_id = board.board_id
    name = profile_name(board_id)
    return getattr(__import__("boards." + name), name)


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


def make_seed():
    try:
        import os
        b = os.urandom(4)
        return b[0] | b[1] << 8 | b[2] << 16 | (b[3] & 0x3F) << 24
    except (ImportError, NotImplementedError, AttributeError):
        return int(time.monotonic() * 1000) & 0x3FFFFFFF


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
    """Boot: the profile (``pick_profile()`` unless given: tests and the memory measure pass a
    stand-in), the view, the midend with its saves, the lights. Returns (profile, midend,
    view, feedback)."""
    # Every module once, first, while the heap is empty (mines.phases.warm): the names they
    # intern stay for good, and lie at the bottom of the heap in one piece.
    from mines import phases
    phases.warm()
    gc.collect()
    if profile is None:
        profile = pick_profile()
    gc.collect()
    from boards.feedback import Feedback
    from boards.view import View
    from mines.flow.midend import Midend
    gc.collect()
    from mines.flow.save_part import attach  # after the midend: in a small heap this order fits
    gc.collect()
    view = View(profile.display)
    midend = Midend(seed=make_seed() if seed is None else seed,
                    buttons=getattr(profile, "BUTTON_NAMES", None))
    # Settings, records and the game in progress kept in the profile's storage (None: the
    # board has none, and the player is told once; SAVES False: kept for this run only).
    attach(midend, getattr(profile, "storage", None), quiet=not getattr(profile, "SAVES", True))
    feedback = Feedback(profile.pixels, profile.speaker)
    gc.collect()
    _boot_line(profile)
    return profile, midend, view, feedback


def _boot_line(profile):
    """One line on the serial console: the interpreter and its version, the board and the bytes
    free after start-up (also in mines.phases.HEAP, for Records > System)."""
    from mines import phases
    impl = sys.implementation
    heap = phases.HEAP
    heap[0] = "%s %s.%s.%s" % ((impl.name,) + tuple(impl.version[:3]))
    try:
        import board
        heap[1] = board.board_id
    except (ImportError, AttributeError):
        heap[1] = getattr(profile, "NAME", "?")
    heap[2] = _mem_free()
    if heap[2] >= 0:
        print("PyGamer Mines: %s on %s, %d bytes free after start" % (heap[0], heap[1], heap[2]))
    else:  # CPython (the simulator) has no gc.mem_free
        print("PyGamer Mines: %s on %s (its heap is not measured here)" % (heap[0], heap[1]))


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
