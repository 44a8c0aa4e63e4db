"""The midend's save part: it reads the save at start (settings, a game to resume), counts every
finished game, and writes when ``WritePolicy`` says so.

It watches the midend from ``frame`` by comparing a few ints (state, settings and game versions),
so the midend only calls it in three places: once a frame, when a game ends, and when a resumed
game is ready. The front end gives a midend its save part with ``attach`` (code.py does).

Memory: the save lives in its store (the device's NVM). This part holds only what is not written
yet - the games finished and the statistics reset since the last write (``log``) - and a few
ints; the code that reads, changes and writes a save (save_work with mines.saves.slots,
mines.saves.records and mines.saves.resume, 12K on the device) is imported for each read or write
and let go with the phase (mines.phases). Every read takes the store as it is now and puts the log
on top, so a save is never written from stale data: on a computer another program may write the file
while the game runs (tools/save.py beside the simulator), and what it wrote is kept, this game's
own changes on top. A saved game stays saved until it is put back or another game is played: a
resume that fails (no memory) loses it not. A save of a newer game's format is never written.
"""

from mines.flow.states import MENU, PAUSED, PLAYING

SAVE_FAILED = "Not saved: "  # (a reason after it: 26 characters in all, the bar's width)
PLACES = ("1st", "2nd", "3rd", "4th", "5th")

# -- when to write ---------------------------------------------------------------------------

PROGRESS = 0   # a move in a game
RESULT = 1     # a game ended
RECORD = 2     # a game ended with a new best time
SETTINGS = 3   # the player left the menu after changing something
PAUSE = 4      # the game was paused
RESET = 5      # the statistics were reset


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


def kind_of(settings):
    """The board kind (presets.NO_GUESS, RANDOM, KIND) the settings ask for."""
    return settings.kind


class Saves:
    """The save of ``store`` (microcontroller.nvm, a mines.saves.storage.FileStorage; None: a board
    without one, kept in RAM for this run only). ``place``: the last finished game's place
    among its board's best times (1: a new record, 0: none). ``records``: what the save holds
    now (a mines.saves.records.Records, read anew at each call: for the records screens and tests).
    ``log``: results (key, won, ms, hints, lives used) and resets (None) not written yet;
    ``kept``: the save's game is kept as it is (not put back yet); ``seen``: the settings as
    last read or written (a player's change is one that differs from them); ``game_crc``: the
    CRC of the save's game as last read or written (another program's game is one that
    differs); ``slot``, ``sequence``: where the newest save is."""

    def __init__(self, store):
        self.store = store
        self.no_store = store is None
        self.slot = -1
        self.sequence = 0
        self.newer = 0  # the format version of a newer game's save (never written), or 0
        self.policy = WritePolicy()
        self.place = 0
        self.kept = False
        self.seen = None
        self.game_crc = 0
        self.log = []
        self.message = None  # what the read at start found (a damaged save...), or None
        self._state = MENU
        self._settings_version = -1
        self._game_version = -1
        self._written_ms = -1   # the game time the last write kept
        self._failed = False
        self._room = False  # a write in play waits a frame for the hint job's room

    @property
    def records(self):
        from mines.flow.save_work import current
        return current(self)

    def tell(self, m):
        """Say what the save's reading found (a damaged save, no save memory), if anything: on
        the screen the game starts with (the menu, or a resumed game's pause menu), until the
        first key or 10 seconds."""
        if self.message:
            m.say(self.message, 10000)

    def frame(self, m, now_ms, busy):
        """Once a frame, after the midend's own work (``busy``: it made part of a board)."""
        state = m.state
        if state != self._state:
            if state == PAUSED and self._state == PLAYING:
                if m.game.started:  # its time has run on even without a move: keep it
                    self.policy.note(PROGRESS)
                self.policy.note(PAUSE)
            elif self._state == MENU and m.settings.version != self._settings_version:
                self.policy.note(SETTINGS)  # left the menu after changing something
            elif ((self._state == PLAYING or self._state == PAUSED)
                  and state != PLAYING and state != PAUSED):
                self.policy.note(PROGRESS)  # a game ended or left: the game kept must go
            if state == PLAYING:
                self.kept = False  # a game is played: it is the one kept from now on
            self._state = state
        game = m.game
        if state == PLAYING and game is not None and game.version != self._game_version:
            self._game_version = game.version
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
                m.make_room(False)

    def result(self, m, won, hints=0, lives_used=0):
        """Count the game that just ended; returns its place among the best times (1: a new
        record). Written soon (a record at once, see WritePolicy)."""
        from mines.engine.presets import board_key
        from mines.flow.save_work import current
        game = m.game
        s = m.settings
        key = board_key(game.width, game.height, game.total, s.level, kind_of(s))
        self.log.append((key, won, m.elapsed_ms, hints, lives_used))
        self.place = current(self, True)
        self.policy.note(RECORD if self.place == 1 else RESULT)
        return self.place

    def best_ms(self, m, default):
        """The best time kept for the board of the game in front (``default`` if none)."""
        from mines.engine.presets import board_key
        game = m.game
        s = m.settings
        times = self.records.best_times(board_key(game.width, game.height, game.total,
                                                  s.level, kind_of(s)))
        return times[0][0] if times else default

    def place_line(self):
        """The result panel's line for the last win's place among the best times."""
        if self.place == 1:
            return "New record!"
        return "%s best" % PLACES[self.place - 1]

    def reset_stats(self, m):
        """Forget the statistics (the player confirmed); best times stay."""
        self.log.append(None)
        self.policy.note(RESET)
        m.say("Statistics reset")

    def resumed(self, m):
        """The ResumeJob is done: the game is back, paused, its timer where it stopped."""
        record = m.runner.job.record
        m.runner.stop()
        m.play_from(record.elapsed_ms, record.start_x, record.start_y, record.seed)
        self._written_ms = record.elapsed_ms
        m.show_board()
        m.pause("Saved game, paused")  # as START does in play
        game = m.game
        game.mark_flags = bool(m.settings.marks)
        game.check_flags()   # (its overfilled numbers)
        self.tell(m)
        self.kept = False  # (last: a resume that fails on the way keeps the saved game)

    def close(self, m):
        """The front end is closing (the simulator's window): write now whatever changed, the
        settings in the menu and the time of the game in progress included."""
        if m.settings.version != self._settings_version:
            self.policy.note(SETTINGS)
        if (m.state == PLAYING or m.state == PAUSED) and m.elapsed_ms != self._written_ms:
            self.policy.note(PROGRESS)   # its timer ran on since the last write
        if self.policy.dirty:
            self.write(m)

    def write(self, m):
        """Write the settings, records and the game in progress now. Whatever goes wrong is
        said once and tried again at the next write: the game goes on."""
        self._written_ms = m.elapsed_ms
        try:
            from mines.flow.save_work import write
            write(self, m)
            self._settings_version = m.settings.version
            self._failed = False
        except Exception as exc:  # noqa: BLE001 - a save never ends the game
            if not self._failed:  # said once; tried again at the next write
                self._failed = True
                m.say((SAVE_FAILED + (getattr(exc, "strerror", None) or str(exc)
                                      or "no memory"))[:26])   # (the status bar's width)


def attach(m, store, quiet=False):
    """Give midend ``m`` its save part over ``store`` (see Saves): the saved settings are put
    in, and a saved game is put back by a job, then shown paused. ``quiet``: without a store,
    say nothing about it."""
    from mines.flow.states import JOB_RESUME
    from mines.flow.save_work import start
    saves = Saves(store)
    m.set_saves(saves)
    record, message = start(saves, m)
    if not (quiet and store is None):
        saves.message = message
    saves._settings_version = m.settings.version
    if record is not None:
        m.runner.start(ResumeJob(m.boards, record), JOB_RESUME)
        m.show_board()
        m.wait_for(m.cx, m.cy)
    else:
        saves.tell(m)


class ResumeJob:
    """A job (jobs) that puts a saved game back: the buffers for its size (two frames
    when another size was in use), then the layout, cells and counters; the board's start and
    level are kept as the generator's would be, so the game is saved again as it was."""

    no_memory = "No memory to resume the game"

    def __init__(self, boards, record):
        self.boards = boards
        self.record = record
        self.key = -1  # never a quick-start board
        self.slice_work = 0
        self.progress = 0

    def step(self):
        record = self.record
        boards = self.boards
        self.slice_work = 0
        if not boards.ensure_game(record.width, record.height):
            return False  # old buffers dropped: collected before the next frame
        from mines.saves.resume import restore_game
        restore_game(record, boards.game, boards.game.board)
        boards.start_x, boards.start_y, boards.level = (record.start_x, record.start_y,
                                                        record.level)
        self.slice_work = 1
        self.progress = 100
        return True
