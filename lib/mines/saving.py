"""The midend's save part: it reads the save once at start (settings, best times, statistics, a
game to resume), counts every finished game, and writes when mines.save.WritePolicy says so.

It watches the midend from ``frame`` by comparing a few ints (state, settings and game versions),
so the midend only calls it in three places: once a frame, when a game ends, and when a resumed
game is ready. The front end gives a midend its save part with ``attach`` (code.py does).
"""

from mines.game import PLAYING as G_PLAYING
from mines.menus import PAUSE_ROWS, Menu
from mines.records import NO_GUESS, board_key
from mines.save import (PAUSE, PROGRESS, RECORD, RESET, RESULT, SETTINGS, Store,
                        WritePolicy)
from mines.settings import FIELDS, field
from mines.states import MENU, PAUSED, PLAYING

SAVE_FAILED = "Save failed: "
PLACES = ("1st", "2nd", "3rd", "4th", "5th")


def kind_of(settings):
    """The board kind (records.NO_GUESS, RANDOM, KIND) the settings ask for."""
    return getattr(settings, "kind", NO_GUESS)


class Saves:
    """``records`` (mines.records.Records) is what the save holds, kept up to date; ``place``
    is the last finished game's place among its board's best times (1: a new record, 0: none).
    ``store``: a bytearray-like store (microcontroller.nvm, mines.storage.FileStorage) or None
    (a board without one: kept for this run only, and the player is told once unless
    ``quiet``)."""

    def __init__(self, store, quiet=False):
        self.store = Store(store)
        self.records = self.store.load()
        self.message = self.store.take_message()
        if quiet and store is None:
            self.message = None
        self.policy = WritePolicy()
        self.place = 0
        self._state = MENU
        self._settings_version = -1
        self._game_version = -1
        self._written_ms = -1   # the game time the last write kept
        self._failed = False

    def start(self, m):
        """Put the saved settings into midend ``m``'s settings, tell the player about a damaged
        save, and return the game to resume (a mines.resume.GameRecord) or None."""
        settings = m.settings
        saved = self.records.settings
        for row in FIELDS:
            value = saved.get(row[0])
            if value is not None and value != getattr(settings, row[0]):
                settings.set(row[0], value)  # a value out of range is refused: the default stays
        if settings.check() is not None:  # a board the game can no longer make
            settings.set("board", field("board")[1])
        self._settings_version = settings.version
        return self.records.game

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
            self._state = state
        game = m.game
        if state == PLAYING and game is not None and game.version != self._game_version:
            self._game_version = game.version
            self.policy.note(PROGRESS)
        if self.policy.due(now_ms, busy):
            self.write(m)
            self.policy.written(now_ms)

    def result(self, m, won, hints=0, lives_used=0):
        """Count the game that just ended; returns its place among the best times (1: a new
        record). Written soon (a record at once, see WritePolicy)."""
        game = m.game
        s = m.settings
        key = board_key(game.width, game.height, game.total, s.level, kind_of(s))
        self.place = self.records.add_result(key, won, m.elapsed_ms, hints, lives_used)
        self.policy.note(RECORD if self.place == 1 else RESULT)
        return self.place

    def best_ms(self, m, default):
        """The best time kept for the board of the game in front (``default`` if none)."""
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
        self.records.reset_stats()
        self.policy.note(RESET)
        m.say("Statistics reset")

    def resumed(self, m):
        """The ResumeJob is done: the game is back, paused, its timer where it stopped."""
        record = m.runner.job.record
        m.runner.stop()
        m._for_game = False
        m.seed = record.seed
        m.elapsed_ms = self._written_ms = record.elapsed_ms
        m.cx, m.cy = record.start_x, record.start_y
        m.start_x = -1
        m.start_y = -1
        m.show_board()
        m.open(Menu("pause", "Saved game, paused", PAUSE_ROWS, 0, "resume"))  # as START does
        m.state = PAUSED
        game = m.game
        game.mark_flags = bool(m.settings.marks)
        game.check_flags()   # (its overfilled numbers)
        self.tell(m)

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
        """Write the settings, records and the game in progress now."""
        records = self.records
        s = m.settings
        for row in FIELDS:
            records.set_setting(row[0], getattr(s, row[0]))
        self._settings_version = s.version
        self._written_ms = m.elapsed_ms
        try:
            records.game = self._game_in_progress(m)
            self.store.save(records)
            self._failed = False
        except (OSError, MemoryError, ValueError) as exc:
            if not self._failed:  # said once; tried again at the next write
                self._failed = True
                m.say((SAVE_FAILED + (getattr(exc, "strerror", None) or str(exc)
                                      or "no memory"))[:26])   # (the status bar's width)

    def _game_in_progress(self, m):
        game = m.game
        if (m.mode or (m.state != PLAYING and m.state != PAUSED)  # (a puzzle is not kept)
                or game is None or not game.started or game.state != G_PLAYING):
            return None
        from mines.resume import game_record  # only when there is a game to keep
        gen = m.boards.generator
        return game_record(game, m.seed, gen.start_x, gen.start_y, gen.level,
                           kind_of(m.settings), getattr(game, "lives", 1),
                           getattr(game, "lives_lost", 0), getattr(m, "hints_used", 0),
                           m.elapsed_ms)


def attach(m, store, quiet=False):
    """Give midend ``m`` its save part over ``store`` (see Saves): the saved settings are put
    in, and a saved game is put back by a job, then shown paused."""
    from mines.midend import GENERATING, JOB_RESUME
    m.saves = saves = Saves(store, quiet)
    record = saves.start(m)
    if record is not None:
        m.runner.start(ResumeJob(m.boards, record), JOB_RESUME)
        m._for_game = True
        m.show_board()
        m.state = GENERATING
    else:
        saves.tell(m)


class ResumeJob:
    """A job (mines.jobs) that puts a saved game back: the buffers for its size (two frames
    when another size was in use), then the layout, cells and counters. The generator is left
    as if it had made that board (start, level, mines), so the game is saved again as it was."""

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
        if not boards.ensure_size(record.width, record.height):
            return False  # old buffers dropped: collected before the next frame
        from mines.resume import restore_game
        gen = boards.generator
        restore_game(record, boards.game, gen.board)
        gen.start_x = record.start_x
        gen.start_y = record.start_y
        gen.level = record.level
        gen.mines = record.mines
        self.slice_work = 1
        self.progress = 100
        return True
