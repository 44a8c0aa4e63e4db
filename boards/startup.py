"""Start-up: the board profile for the board we run on, the game's modules warmed once, then the
view, the midend with its saves, and the lights. Only boot uses this module: ``code.py`` lets it
go once it has run (``boards.forget``), so its code is not kept all game long.
"""

import gc
import sys


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


def make_seed():
    """A seed for the boards' seeds: from os.urandom, else the clock (0 .. 2**30 - 1)."""
    try:
        import os
        b = os.urandom(4)
        return b[0] | b[1] << 8 | b[2] << 16 | (b[3] & 0x3F) << 24
    except (ImportError, NotImplementedError, AttributeError):
        import time
        return int(time.monotonic() * 1000) & 0x3FFFFFFF


def full_names(names):
    """The dotted names of the modules ``names`` (strings as mines.phases.KEEP's) lists."""
    out = []
    for text in names:
        package = "mines."
        for name in text.split():
            if name[-1] == ":":
                package = "mines." + name[:-1] + "."
            elif name == "mines" or name.startswith("boards"):
                out.append(name)
            else:
                out.append(package + name)
    return out


def warm():
    """Import every phase's modules once, and let go of them again (mines.phases.KEEP): the
    names they intern (which MicroPython never frees) then lie at the bottom of the heap, in one
    piece, rather than among a phase's buffers wherever a module first loads. Off a MicroPython
    (``phases.UNLOAD`` False) nothing is done. Returns how many modules it loaded."""
    from mines import phases
    if not phases.UNLOAD:
        return 0
    done = 0
    for names in phases.KEEP:
        for name in full_names(names):
            if name not in sys.modules:
                __import__(name)
                done += 1
                phases.enter(None)
                gc.collect()
    return done


def start(profile=None, seed=None):
    """Boot: the profile (``pick_profile()`` unless given: tests and the memory measure pass a
    stand-in), the view, the midend with its saves, the lights. Returns (profile, midend,
    view, feedback)."""
    # Every module once, first, while the heap is empty: the names they intern stay for good,
    # and lie at the bottom of the heap in one piece.
    warm()
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
    midend.lean()  # at the menu (no game put back): the save's code goes
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
    try:
        heap[2] = gc.mem_free()  # type: ignore[attr-defined]
    except AttributeError:
        heap[2] = -1
    if heap[2] >= 0:
        print("PyGamer Mines: %s on %s, %d bytes free after start" % (heap[0], heap[1], heap[2]))
    else:  # CPython (the simulator) has no gc.mem_free
        print("PyGamer Mines: %s on %s (its heap is not measured here)" % (heap[0], heap[1]))
