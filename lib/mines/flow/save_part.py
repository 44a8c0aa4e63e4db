"""The midend's save part, resident: it watches the midend once a frame and writes the save
when ``WritePolicy`` says so. Nothing else of the saves stays loaded in play.

It watches by comparing a few ints (state, settings and game versions), so the midend calls it
once a frame only; a game that ends, a resumed game that is ready, a reset or the window closing
go to save_work directly. The front end gives a midend its save part with ``attach`` (code.py
does).

Memory: the save lives in its store (the device's NVM). This part holds only what is not written
yet - the games finished and the statistics reset since the last write (``log``) - and a few
ints; the code that reads, changes and writes a save (save_work with mines.saves.slots,
mines.saves.records and mines.saves.resume, 12K on the device) is imported for each read or write
and let go with the phase (mines.phases): a write in play first lets the hint job go
(``Midend.make_room``). Every read takes the store as it is now and puts the log on top, so a
save is never written from stale data: on a computer another program may write the file while the
game runs (tools/save.py beside the simulator), and what it wrote is kept, this game's own changes
on top. A saved game stays saved until it is put back or another game is played: a resume that
fails (no memory) loses it not. A save of a newer game's format is never written.
"""

from mines.flow.states import MENU, PAUSED, PLAYING, PROGRESS, RECORD, SETTINGS, PAUSE, RESET

SAVE_FAILED = "Not saved: "  # (a reason after it: 26 characters in all, the bar's width)

# -- when to write ---------------------------------------------------------------------------


class WritePolicy:
    """When to write, as a pure object: the midend reports events with ``note(event)`` and asks
    ``due(now_ms, busy)`` once a frame; when it answers True the midend writes and calls
    ``written(now_ms)``.

    Every write waits for a frame that makes no board (``busy`` False). A new record, settings
    left, a pause or a reset are written at once, but never within ``urgent_gap_ms`` of the
    last write; anything else (moves, a plain result) waits until ``gap_ms`` have passed since
    the last write. A pause after nothing changed writes nothing. Over all of it, never more
    than ``budget`` writes in any ``window_ms`` (flash wears with every erase): past that,
    what changed waits."""

    def __init__(self, gap_ms=480000, urgent_gap_ms=15000, budget=20, window_ms=3600000):
        self.gap_ms = gap_ms
        self.urgent_gap_ms = urgent_gap_ms
        self.budget = budget
        self.window_ms = window_ms
        self.dirty = False
        self.urgent = False
        self.last_ms = None   # the last write; None: none yet this session
        self._start_ms = None  # the first ``due``: when the session began
        self._recent = []      # times of the writes in the last window_ms, oldest first

    def note(self, event):
        if event == PAUSE:
            if self.dirty:
                self.urgent = True
            return
        self.dirty = True
        if event == RECORD or event == SETTINGS or event == RESET:
            self.urgent = True

    def due(self, now_ms, busy=False):
        if self._start_ms is None:
            self._start_ms = now_ms
        if busy or not self.dirty:
            return False
        recent = self._recent
        if len(recent) >= self.budget and now_ms - recent[0] < self.window_ms:
            return False
        if self.last_ms is None:
            return self.urgent or now_ms - self._start_ms >= self.gap_ms
        waited = now_ms - self.last_ms
        return waited >= self.gap_ms or (self.urgent and waited >= self.urgent_gap_ms)

    def written(self, now_ms):
        self.dirty = False
        self.urgent = False
        self.last_ms = now_ms
        recent = self._recent
        recent.append(now_ms)
        while len(recent) > self.budget or now_ms - recent[0] >= self.window_ms:
            recent.pop(0)


class Saves:
    """The save of ``store`` (microcontroller.nvm, a mines.saves.storage.FileStorage; None: a board
    without one, kept in RAM for this run only); save_work reads and changes its fields.
    ``place``: the last finished game's place among its board's best times (1: a new record, 0:
    none). ``log``: results and resets not written yet, ``logged`` of them (packed by save_work);
    ``kept``: the save's game is kept as it is (not put back yet; the main menu offers it
    back meanwhile, menus.offer_kept); ``own``: the save's game is the game in play, as last
    written or put back (keep_game); ``seen``: the settings as last read or written (a
    player's change is one that differs from them); ``game_crc``: the CRC of the save's game
    as last read or written (another program's game is one that differs); ``slot``,
    ``sequence``: where the newest save is; ``settings_version``: the settings' version last
    written (or read at start); ``written_ms``: the game time the last write kept."""

    def __init__(self, store):
        self.store = store
        self.no_store = store is None
        self.slot = -1
        self.sequence = 0
        self.newer = 0  # the format version of a newer game's save (never written), or 0
        self.policy = WritePolicy()
        self.place = 0
        self.kept = False
        self.own = False
        self.seen = None
        self.game_crc = 0
        self.log = bytearray(384)  # room for 32 (made at start: low in the heap, in one piece)
        self.logged = 0
        self.message = None  # what the read at start found (a damaged save...), or None
        self.settings_version = -1
        self.written_ms = -1
        self._state = MENU
        self._game_version = -1
        self._failed = False
        self._room = False  # a write in play waits a frame for the hint job's room

    def frame(self, m, now_ms, busy):
        """Once a frame, after the midend's own work (``busy``: it made part of a board)."""
        state = m.state
        if state != self._state:
            if state == PAUSED and self._state == PLAYING:
                if m.game.started and not m.mode:  # its time ran on without a move: keep it
                    self.policy.note(PROGRESS)
                self.policy.note(PAUSE)
            elif self._state == MENU and m.settings.version != self.settings_version:
                self.policy.note(SETTINGS)  # left the menu after changing something
            elif ((self._state == PLAYING or self._state == PAUSED)
                  and state != PLAYING and state != PAUSED):
                self.policy.note(PROGRESS)  # a game ended or left: the game kept must go
                self.own = False
            if state == PLAYING:
                self.kept = False  # a game is played: it is the one kept from now on
            self._state = state
        if self.kept and state == MENU and m.screen.name == "main":
            from mines.flow.menus import offer_kept  # (its Resume row puts the game back)
            offer_kept(m)
        game = m.game
        if state == PLAYING and game is not None and game.version != self._game_version:
            self._game_version = game.version
            if not m.mode:  # (a puzzle is not kept: its moves would only wear the flash)
                self.policy.note(PROGRESS)
        if self.policy.due(now_ms, busy):
            if state == PLAYING and not self._room:
                self._room = True  # the hint job goes first (it comes back at the next move)
                m.make_room()     # and the write waits for the collect
                return
            self.write(m)
            self.policy.written(now_ms)
            if self._room:  # in play: the save's code goes again, the hint job comes back
                self._room = False
                if m.state == PLAYING:  # (paused since: a menu's code must stay)
                    m.make_room(False)
            m.lean()  # (at the main menu, a pause menu or an end panel: its code goes)

    def keep_game(self, m):
        """An error sends midend ``m``'s game in play to the menu (Midend.fail): when the save's
        game is that game (``own``: a game that ended or was left is not), it stays as last
        written, put back at the next start as after a power-off (what was played since that
        write is lost: a write needs the memory that may have run out)."""
        game = m.boards.game
        if (self.own and (m.state == PLAYING or m.state == PAUSED) and game is not None
                and not game.state):  # (engine.game.PLAYING: not ended)
            self.kept = True

    def write(self, m):
        """Write the settings, records and the game in progress now (save_work.write). Whatever
        goes wrong, no memory to load the code included, is said once and tried again at the
        next write: the game goes on."""
        self.written_ms = m.elapsed_ms
        try:
            from mines.flow.save_work import write
            write(self, m)
            self.settings_version = m.settings.version
            self._failed = False
        except Exception as exc:  # noqa: BLE001 - a save never ends the game
            if not self._failed:  # said once; tried again at the next write
                self._failed = True
                m.say((SAVE_FAILED + (getattr(exc, "strerror", None) or str(exc)
                                      or "no memory"))[:26])   # (the status bar's width)


def attach(m, store, quiet=False):
    """Give midend ``m`` its save part over ``store`` (see Saves): the saved settings are put
    in, and a saved game is put back by a job, then shown paused (save_work.start).
    ``quiet``: without a store, say nothing about it."""
    m.set_saves(Saves(store))
    from mines.flow.save_work import start
    start(m, quiet and store is None)
