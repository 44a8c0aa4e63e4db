"""Code on demand: which modules stay loaded all game long, which each phase of the game uses,
and letting go of the rest when a phase begins.

On the device every imported module holds its code in the heap (all of lib/mines takes about
140K of a 32-bit heap, more than the heap a PyGamer has). So only the frame loop's own modules
are ``RESIDENT``; a phase's modules are imported where they are first used (an import inside the
function that needs them), and ``enter(phase)`` lets go of every module the new phase does not
keep, so that the frame loop's next collect gives their heap back. The caller first drops the
objects of the phase that ended (a class keeps its module's code alive, and importing it again
would load a second copy). Interned names (qstrs) stay: MicroPython never frees them.

Under CPython nothing is let go (``UNLOAD``): memory is not short there, and the host tests hold
modules and classes across phases. Tests set ``UNLOAD`` to check the device's behaviour.
"""

import sys

UNLOAD = sys.implementation.name != "cpython"

# Phases: what is in front, as far as code goes.
MENU = 0    # text screens from the main menu
MAKE = 1    # a sweeper board being made
PLAY = 2    # a sweeper game (with its hint job)
PAUSE = 3   # the pause menu over a sweeper game or a puzzle
END = 4     # a sweeper game's end panel
PUZZLE = 5  # a puzzle being made
PUZZLE_PLAY = 6  # a puzzle played (its end panel too)
PLAY_LEAN = 7  # a sweeper game without its hint job (a save is written)
MAIN = 8  # the main menu alone: the code of the screens opened from it (and the save's) goes
END_LEAN = 9  # a sweeper game's end panel once its lines are made: the save's code goes

# Module names, space-separated, each by its own name alone (the last part of its dotted name:
# no two modules of ours share one; a test checks it), in strings (RESIDENT's one, KEEP's
# several, shared): kept loaded in every phase (the frame loop, the midend and the screen's own
# parts; the packages engine and flow, whose __init__ is empty), and beyond those what each phase
# may still use of what was loaded before it began. "engine:" and the like say the package of
# the names after it in its string (boards.startup.full_names), and keep that package (help,
# puzzle and saves go with their modules); boards' modules are named in full.
# Strings, not tuples of names, and never joined: a few hundred bytes. (boards.catalog is read
# once, to pick the profile at start: the first phase lets it go.)
RESIDENT = ("mines _const phases engine flow "
            "engine: presets rng board game "
            "flow: keys states settings jobs stats midend sweep_part save_part "
            "boards boards.view boards.font boards.feedback boards.sound boards.buttons "
            "boards.pixels boards.pygamer boards.pybadge boards.desktop",)
_SOLVER = "engine: solver groups layouts"
_HINTS = ("flow: hint_part help: hint_job hints view_loader reasons counting probability "
          "mercy_job engine: frontier")
_TEXT = "flow: menus texts boards.text_screen"
_SAVE = "flow: save_work saves: slots records resume"
KEEP = (
    (_TEXT, "flow: help_screen records_screen code_screen puzzle_screen puzzle_times_screen "
     "puzzle: play"),  # MENU (the save's code goes once a records screen is made)
    (_SOLVER, "engine: generator perturb tilt kinds flow: board_job"),  # MAKE
    (_SOLVER, _HINTS),  # PLAY
    (_TEXT, "flow: help_screen puzzle_part puzzle: play marks"),  # PAUSE (a sweeper's or a
    # puzzle's: a puzzle's moves and codes go; the save's code goes after a write)
    (_TEXT, "engine: board_code codes", _SAVE),  # END
    (_SOLVER, "puzzle: maker walk cache cases deal flow: puzzle_part"),  # PUZZLE
    ("puzzle: play marks flow: puzzle_part puzzle_moves engine: codes",),  # PUZZLE_PLAY (a
    # pause's screens and texts go, as in a sweeper game)
    (_SOLVER, _SAVE),  # PLAY_LEAN
    (_TEXT,),  # MAIN
    (_TEXT, "engine: board_code codes"),  # END_LEAN
)
del _SOLVER, _HINTS, _TEXT, _SAVE


# The heap as the device reports it (code.py fills it in; Records > System shows it): the
# interpreter and its version, the board, the bytes free after start-up, and the fewest bytes
# free after a collect seen since (-1: not known, off a MicroPython).
HEAP = ["", "", -1, -1]  # type: list


def note_free(free):
    """A collect left ``free`` bytes of heap: the fewest so far are kept (HEAP[3])."""
    if free >= 0 and (HEAP[3] < 0 or free < HEAP[3]):
        HEAP[3] = free


def forget(name):
    """Drop module ``name`` from ``sys.modules`` and from its package, so that its code goes
    back to the heap once nothing else holds it; a later import loads it again. The one
    routine that unloads code."""
    sys.modules.pop(name, None)
    package, _, attr = name.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None and hasattr(parent, attr):
        delattr(parent, attr)


def listed(name, names):
    """True when module ``name`` (dotted, in full) is one of ``names`` (strings as RESIDENT's;
    a package is one where "package:" names it)."""
    if name.startswith("mines."):
        name = name[name.rfind(".") + 1:]
    for text in names:
        at = text.find(name)
        while at >= 0:
            end = at + len(name)
            if (at == 0 or text[at - 1] == " ") and (end == len(text) or text[end] in " :"):
                return True
            at = text.find(name, end)
    return False


def enter(phase):
    """Let go of every module of ours neither resident nor kept by ``phase`` (MENU...;
    None: none kept). Returns how many were let go (the caller has the frame loop collect when
    any were)."""
    if not UNLOAD:
        return 0
    keep = KEEP[phase] if phase is not None else ()
    gone = [name for name in sys.modules if (name.startswith("mines.") or name.startswith(
        "boards.")) and not listed(name, RESIDENT) and not listed(name, keep)]
    for name in gone:
        forget(name)
    return len(gone)
