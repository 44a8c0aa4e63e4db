"""A MemoryError at the entry point of every job the game starts (issue 19): a hint, the
wrong-flag check after a move, the probabilities behind a guess, a Kind board's rescue (its
begin, and its work), a puzzle (its start, and its maker) and the resume of a saved game; and
at the imports of the code that starts a hint or a rescue (on the device a module's code is
loaded when first used, and its import is where the heap runs out): the hint code at a hint
or before a Kind board's open of a mine (marks off: no check loaded it), the rescue's code.
And one that is no job's (``pause-import``): the pause menu's code on START, which escapes
``press`` and which code.py's frame loop sends to the menu (``pause_import``).

Each point is injected once, in a fresh game whose saves live in an 8192-byte bytearray. Nothing
(but at ``pause-import``) may escape ``press`` or ``frame``; the game goes on (the same game,
playing, the message said; a puzzle or a resume that fails ends on the menu with its message);
and the save survives: the game in progress is written again and a new midend over the same
bytes puts it back, cell for cell (the saved game of a failed resume stays saved until it is put
back). Then the game is played on to its end.

Shared by CPython (test_nothing_lost.py) and micropython (mpy_job_inject.py): kept free of
CPython-only features.
"""

from mines.flow import midend as M
from mines.help.hint_job import HintJob
from mines.engine.game import COVERED, FLAG, PLAYING as G_PLAYING
from mines.saves.slots import STORE_SIZE, Store
from mines.flow.save_part import attach
from mines.flow.save_work import current
from mines.engine.view_text import is_mine

FRAME = 33
POINTS = ("hint", "check", "probability", "rescue", "rescue-work", "puzzle", "puzzle-work",
          "resume", "hint-import", "rescue-import", "mercy-import", "pause-import")


class Driver:
    def __init__(self, m):
        self.m = m
        self.now = 10 ** 6

    def frame(self, presses=0):
        self.now += FRAME
        if presses:
            self.m.press(presses)
        self.m.frame(self.now)
        self.m.take_collect()
        self.m.take_cues()

    def run(self, n):
        for _ in range(n):
            self.frame()

    def loop_frame(self, presses=0):
        """A frame as code.py's frame loop runs it: a MemoryError that escapes the midend sends
        it to the menu (Midend.fail, with the loop's message). True when one did."""
        m = self.m
        try:
            self.frame(presses)
        except MemoryError:
            m.fail("No memory: %dx%d board" % (m.board_width(), m.board_height()))
            return True
        return False

    def until(self, test, limit=3000):
        for _ in range(limit):
            if test(self.m):
                return True
            self.frame()
        return test(self.m)


class Inject:
    """``owner.name`` (a class's method or a module's function) raises MemoryError the first
    time it is called with arguments ``when`` accepts (None: any), then works as before."""

    def __init__(self, owner, name, when=None):
        self.owner = owner
        self.name = name
        self.real = real = getattr(owner, name)
        self.raised = 0
        me = self

        def fake(*args):
            if not me.raised and (when is None or when(args)):
                me.raised += 1
                raise MemoryError("injected")
            return real(*args)
        setattr(owner, name, fake)

    def remove(self):
        setattr(self.owner, self.name, self.real)


class FailImport:
    """The first import of module ``name`` (``from package import last`` too) raises
    MemoryError, as an import does on the device when the heap has no room for the module's
    code; then imports work as before. (``builtins.__import__``: micropython's unix port
    calls it too.)"""

    def __init__(self, name):
        import builtins
        self.real = real = builtins.__import__
        self.raised = 0
        package, _, last = name.rpartition(".")
        me = self

        def fake(module, *args):
            if not me.raised and (module == name or module == package and len(args) > 2
                                  and args[2] and last in args[2]):
                me.raised += 1
                raise MemoryError("injected")
            return real(module, *args)
        builtins.__import__ = fake

    def remove(self):
        import builtins
        builtins.__import__ = self.real


def boot(nvm, seed, settings=()):
    """A midend over ``nvm`` (as code.py builds it), with ``settings`` (name, value) set."""
    m = M.Midend(seed=seed)
    attach(m, nvm)
    for name, value in settings:
        assert m.settings.set(name, value) is None, (name, value)
    return m, Driver(m)


def start(d):
    """Play a board from the menu: made, and its start cell opened (then the check runs)."""
    m = d.m
    m.start_game()
    assert d.until(lambda m: m.state == M.PLAYING), m.message
    m.point(m.start_x, m.start_y)
    d.frame(M.A)
    assert m.game.started
    d.until(lambda m: m.runner.tag != M.JOB_CHECK, 3000)


def covered(m, mine):
    """A covered cell (x, y) with (``mine`` True) or without a mine, or None."""
    game = m.game
    for y in range(game.height):
        for x in range(game.width):
            if game.tile(x, y) == COVERED and is_mine(game.board, x, y) == mine:
                return x, y
    return None


def act(d, button, cell):
    """``button`` on ``cell``; then the frames until the help it started (a check, a rescue)
    is done."""
    m = d.m
    m.point(*cell)
    d.frame(button)
    d.until(lambda m: m.runner.tag not in (M.JOB_HINT, M.JOB_CHECK, M.JOB_MERCY), 3000)


def hint(d):
    """Ask for a hint and wait for it; the HintJob (None if help failed)."""
    m = d.m
    d.frame(M.A | M.B)
    d.until(lambda m: m.runner.tag != M.JOB_HINT, 600)
    return m.assist


def to_a_guess(d, tries=200):
    """Follow hints until one is a guess (nothing provable): True then; False if the game
    ended first (or help failed)."""
    m = d.m
    for _ in range(tries):
        if m.state != M.PLAYING:
            return False
        job = hint(d)
        if job is None or m.state != M.PLAYING:
            return False
        if job.found == 3:  # mines.help.hint_job.FOUND_GUESS
            return True
        if job.found != 1:  # FOUND_CELL
            return False
        act(d, M.B if job.is_mine else M.A, (job.cell % m.game.stride - 1,
                                             job.cell // m.game.stride - 1))
    return False


def finish(d):
    """Play the game to its end: every covered safe cell opened."""
    m = d.m
    while m.state == M.PLAYING:
        cell = covered(m, False)
        if cell is None:
            break
        act(d, M.A, cell)
    assert m.state in (M.WON, M.LOST), m.state


def saved_game(nvm):
    return Store(bytearray(nvm)).load().game


def survives(d, nvm, seed):
    """The game in progress is written again, and a new midend over the same bytes puts it
    back as it is on screen."""
    m = d.m
    shown = bytes(m.game.shown)
    m.saves.write(m)
    assert saved_game(nvm) is not None, "the game in progress was not written"
    m2, d2 = boot(nvm, seed + 1)
    assert d2.until(lambda m: m.state == M.PAUSED, 20), (m2.state, m2.message)
    assert bytes(m2.game.shown) == shown, "the saved game is not the game on screen"


def pause_import(seed):
    """START in play, and the pause menu's code cannot be loaded: the MemoryError is no job's,
    escapes ``press``, and code.py's frame loop sends the game to the menu (Midend.fail). The
    game as last written stays in the save (the move made since is lost), is written again by
    the menu's next write, and the next start puts it back, paused; it is played to its end."""
    nvm = bytearray(STORE_SIZE)
    m, d = boot(nvm, seed, (("board", 0),))
    start(d)
    assert d.until(lambda m: m.saves.policy.last_ms is not None, 20)  # (the settings' write)
    act(d, M.A, covered(m, False))
    act(d, M.B, covered(m, True))  # (a flag)
    m.saves.write(m)  # the game as last written ...
    shown = bytes(m.game.shown)
    written_ms = m.elapsed_ms
    act(d, M.A, covered(m, False))  # ... and a move since
    assert m.state == M.PLAYING and bytes(m.game.shown) != shown, m.state
    inject = FailImport("mines.flow.menus")
    try:
        escaped = d.loop_frame(M.START)
    finally:
        inject.remove()
    assert inject.raised == 1 and escaped and m.state == M.MENU, m.state
    message = m.message
    sequence = m.saves.sequence
    d.now += m.saves.policy.gap_ms  # the write the game's leaving asks for comes
    d.run(2)
    assert m.saves.sequence > sequence, "nothing written from the menu"
    assert saved_game(nvm) is not None, "the error lost the saved game"
    # The menu offers it back at once (its first row, the cursor on it), as the next start would.
    row = m.screen.rows[m.screen.row]
    assert m.screen.row == 0 and row[0] == "Resume" and row[2] == "kept", row
    d.frame(M.A)
    assert d.until(lambda m: m.state == M.PAUSED, 20), (m.state, m.message)
    assert bytes(m.game.shown) == shown, "the game resumed is not the game as last written"
    assert m.elapsed_ms == written_ms and m.saves.kept is False, (m.elapsed_ms, written_ms)
    assert any(t == FLAG for t in shown), "no flag in the game as last written"
    m, d = boot(nvm, seed + 1)
    assert d.until(lambda m: m.state == M.PAUSED, 20), (m.state, m.message)
    assert bytes(m.game.shown) == shown, "the saved game is not the game as last written"
    d.frame(M.START)
    assert m.state == M.PLAYING
    finish(d)
    return message


def check_point(point, seed=5):
    """Inject at ``point`` (one of POINTS); returns the message the player saw."""
    if point == "pause-import":
        return pause_import(seed)
    nvm = bytearray(STORE_SIZE)
    if point in ("probability", "rescue-work"):
        # a position with nothing provable: random boards (kind boards start as random ones)
        kind = 1 if point == "probability" else 2
        for seed in range(seed, seed + 40):
            nvm = bytearray(STORE_SIZE)
            m, d = boot(nvm, seed, (("board", 1), ("kind", kind), ("lives", 2)))
            start(d)
            if to_a_guess(d):
                break
        else:
            raise AssertionError("no position that needs a guess")
    elif point == "resume":
        m, d = boot(nvm, seed, (("board", 0),))
        start(d)
        act(d, M.A, covered(m, False))
        d.frame(M.START)  # paused: written at once
        d.run(2)
        record = saved_game(nvm)
        assert record is not None and m.state == M.PAUSED
        shown = bytes(m.game.shown)
        from mines.saves import resume
        inject = Inject(resume, "restore_game")
        try:
            m, d = boot(nvm, seed + 1)
            d.run(10)
        finally:
            inject.remove()
        assert inject.raised == 1 and m.state == M.MENU, m.state
        message = m.message
        from mines.flow.menus import step_setting
        step_setting(m.settings, "sound", 1)  # a change written from the menu keeps the saved game
        m.start_game()
        m.to_menu()
        d.run(2)
        m.saves.write(m)
        assert saved_game(nvm) is not None, "a failed resume lost the saved game"
        m, d = boot(nvm, seed + 2)
        assert d.until(lambda m: m.state == M.PAUSED, 20) and bytes(m.game.shown) == shown
        d.frame(M.START)
        finish(d)
        return message
    elif point.startswith("puzzle"):
        m, d = boot(nvm, seed, (("board", 0),))
        start(d)
        finish(d)
        m.saves.write(m)
        best = current(m.saves).best_keys()
        assert best or m.state == M.LOST
        if point == "puzzle":
            from mines.flow import puzzle_part as owner
            name = "start"
        else:
            from mines.puzzle.maker import PuzzleMaker as owner
            name = "begin"
        inject = Inject(owner, name)
        try:
            m.start_puzzle()
            d.run(40)
        finally:
            inject.remove()
        assert inject.raised == 1 and m.state == M.MENU, m.state
        message = m.message
        m.start_puzzle()
        assert d.until(lambda m: m.state == M.PLAYING and m.mode == 1), m.message
        m.saves.write(m)
        m2, _ = boot(nvm, seed + 1)
        assert current(m2.saves).best_keys() == best
        return message
    else:
        kind = 0 if point == "hint" or point == "check" or point == "hint-import" else 2
        marks = 0 if point.endswith("-import") else 1   # (marks on: every move loads the help)
        m, d = boot(nvm, seed, (("board", 0), ("kind", kind), ("lives", 2), ("marks", marks)))
        start(d)
    game = m.game
    if point == "hint":
        inject = Inject(HintJob, "begin", lambda args: not args[2:] or not args[2])
    elif point == "check":
        inject = Inject(HintJob, "begin", lambda args: args[2:] and args[2])
    elif point == "probability":
        from mines.help.probability import Probabilities
        inject = Inject(Probabilities, "begin")
    elif point == "rescue":
        from mines.help.mercy_job import MercyJob
        inject = Inject(MercyJob, "begin")
    elif point == "rescue-work":
        from mines.engine.kinds import Rescue
        inject = Inject(Rescue, "begin")
    elif point == "mercy-import":
        inject = FailImport("mines.help.mercy_job")
    else:  # hint-import, rescue-import
        inject = FailImport("mines.flow.hint_part")
    try:
        if point == "hint" or point == "probability" or point == "hint-import":
            shown = bytes(game.shown)
            hint(d)
            assert bytes(game.shown) == shown
        elif point == "check":
            cell = covered(m, False)
            act(d, M.A, cell)
            assert game.tile(cell[0], cell[1]) <= 8
        else:  # open a covered mine: the rescue is begun, fails, the open is made as it is
            cell = covered(m, True)
            act(d, M.A, cell)
            assert game.lives_lost == 1 and game.tile(cell[0], cell[1]) != COVERED
    finally:
        inject.remove()
    assert inject.raised == 1, "the injection point never came"
    assert m.state == M.PLAYING and m.game is game and game.state == G_PLAYING, m.state
    message = m.message
    survives(d, nvm, seed)
    finish(d)
    return message


def main():
    # The injections patch classes and functions of modules imported here: a phase letting go
    # of its modules (mines.phases, on MicroPython) would load fresh copies without them.
    from mines import phases
    phases.UNLOAD = False
    messages = []
    for point in POINTS:
        messages.append("%s=%s" % (point, check_point(point)))
    return messages
