"""The save part's work (save_part holds only the frame watcher and the write policy):
reading the save at start and putting its game back, counting a finished game, the places and
best times the end panel shows, a reset, the write on closing, and reading, changing and
writing the save itself. Imported when a save is read or written and let go with the phase
(mines.phases), so that a game in play holds none of this code nor a decoded save in its heap.

Every read takes the store as it is now (a file on a computer is read again) and puts on top
what is not written yet: the games finished and the statistics reset since the last write
(``Saves.log``). A write also puts on top the settings the player changed (those that differ
from what the game last read or wrote: every other setting takes the store's value, in the game
too, as another program may have written it) and the game in progress while there is one; with
none on screen, the store's game stays when another program wrote one, else the game's.
"""

import gc
from struct import pack_into, unpack_from

from mines._const import const
from mines.engine.board import Board
from mines.engine.game import LIVES_CHOICES, Game
from mines.engine.presets import PRESETS
from mines.saves.records import MAX_SETTINGS
from mines.saves.slots import NO_STORE, STORE_SIZE, Store, crc32
from mines.flow.settings import CUSTOM, FIELDS, field
from mines.flow.states import (JOB_RESUME, PAUSED, PLAYING, PROGRESS, RECORD, RESET, RESULT,
                               SETTINGS)

PLACES = ("1st", "2nd", "3rd", "4th", "5th")
_ENTRY = const(12)  # a log entry: flags (1: won, 2: a reset), lives used, hints, key, ms
_WON = const(1)
_RESET = const(2)


def _log(saves, flags, key=0, ms=0, hints=0, lives_used=0):
    """Add an entry to ``saves.log``: one bytearray made at start (save_part.Saves), so the
    results kept between writes (minutes apart) leave no small objects all over the heap, each
    a hole's edge for a board's buffers later. Grown only when writes are held back."""
    at = saves.logged * _ENTRY
    if at + _ENTRY > len(saves.log):
        saves.log.extend(bytearray(len(saves.log)))
    pack_into("<BBHII", saves.log, at, flags, min(lives_used, 255), min(hints, 65535), key,
              min(ms, 0xFFFFFFFF))
    saves.logged += 1


def _replay(saves, records):
    """Put the log on top of ``records``: returns the last result's place among its board's
    best times."""
    got = 0
    for k in range(saves.logged):
        flags, lives_used, hints, key, ms = unpack_from("<BBHII", saves.log, k * _ENTRY)
        if flags & _RESET:
            records.reset_stats()
        else:
            got = records.add_result(key, flags & _WON != 0, ms, hints, lives_used)
    return got


def kind_of(settings):
    """The board kind (presets.NO_GUESS, RANDOM, KIND) the settings ask for."""
    return settings.kind


def _store(saves):
    """The save's Store, read now (a file read again first)."""
    if saves.store is None:  # a board without one: a store in RAM, for this run only
        saves.store = bytearray(STORE_SIZE)
    reread = getattr(saves.store, "reread", None)
    if reread is not None:
        reread()
    store = Store(saves.store)
    return store


def _read(saves):
    """(Records, Store): the save as the store holds it now, the log not yet on top."""
    store = _store(saves)
    records = store.load()
    saves.slot = store.slot
    saves.sequence = store.sequence
    saves.newer = store.newer
    return records, store


def _game_crc(records):
    return crc32(records.game.pack()) if records.game is not None else 0


def current(saves, place=False):
    """What the save holds now with the log on top (a Records); ``place``: the place the log's
    last result takes among its board's best times instead."""
    records = _read(saves)[0]
    got = _replay(saves, records)
    return got if place else records


def start(m, quiet=False):
    """Read the save at start (save_part.attach): its settings into midend ``m``'s, its game
    (a mines.saves.resume.GameRecord) put back by a ResumeJob, and the one line to tell the
    player (a damaged save...) said unless ``quiet``."""
    saves = m.saves
    records, store = _read(saves)
    message = store.take_message()
    if saves.no_store:
        message = NO_STORE
    settings = m.settings
    saved = records.settings
    for row in FIELDS:
        value = saved.get(row[0])
        if value is not None and value != getattr(settings, row[0]):
            settings.set(row[0], value)  # a value out of range is refused: the default stays
    if settings.check() is not None:  # a board the game can no longer make
        settings.set("board", field("board")[1])
    saves.seen = _values(settings)
    saves.game_crc = _game_crc(records)
    saves.kept = records.game is not None  # written as it is until put back or replaced
    if not quiet:
        saves.message = message
    saves.settings_version = settings.version
    if records.game is not None:
        put_back(m, records.game)
    else:
        tell(m)


def put_back(m, record=None):
    """Put a saved game back by a ResumeJob (shown paused when done: ``resumed``): ``record``
    at start, None from the main menu's Resume row (menus.offer_kept) while the save keeps the
    game an error sent to the menu: the game the store holds now (another program took it away:
    the row goes)."""
    if record is None:
        record = _read(m.saves)[0].game
        if record is None:
            m.saves.kept = False
            m.to_menu()
            return
    _settings_of(m.settings, record)
    m.runner.start(ResumeJob(m.boards, record), JOB_RESUME)
    m.show_board()
    m.wait_for(m.cx, m.cy)


def _settings_of(s, record):
    """The settings made those of ``record``'s game where they differ: its result is filed
    under the settings' key, and the player may change them at the menu before Resume."""
    if (s.width, s.height, s.mines) != (record.width, record.height, record.mines):
        board = CUSTOM
        for k in range(CUSTOM):
            if PRESETS[k][1:] == (record.width, record.height, record.mines):
                board = k
        if board == CUSTOM:
            s.set("width", record.width)
            s.set("height", record.height)
            s.set("mines", record.mines)
        s.set("board", board)
    lives = LIVES_CHOICES.index(record.lives) if record.lives in LIVES_CHOICES else s.lives
    for name, value in (("level", record.level), ("kind", record.kind), ("lives", lives)):
        if getattr(s, name) != value:
            s.set(name, value)


def _values(settings):
    return [getattr(settings, row[0]) for row in FIELDS]


def write(saves, m):
    """Write the save now: what the store holds, the log, the player's settings and the game in
    progress on top. Raises what the store raises (the caller says it once)."""
    records, store = _read(saves)
    if store.newer:  # a newer game's save: never written; this run's results stay in the log
        return
    s = m.settings
    seen = saves.seen or _values(s)
    saved = records.settings
    for k in range(len(FIELDS)):
        name = FIELDS[k][0]
        theirs = saved.get(name)
        if getattr(s, name) == seen[k] and theirs is not None and theirs != seen[k]:
            s.set(name, theirs)  # unchanged here, changed there: the store's (out of range:
    if s.check() is not None:  # refused, kept); a board the game cannot make: the default
        s.set("board", field("board")[1])
    for row in FIELDS:
        name = row[0]
        if name not in saved and len(saved) >= MAX_SETTINGS:
            _make_room(saved)
        records.set_setting(name, getattr(s, name))
    _replay(saves, records)
    ours = _game_in_progress(m)
    if not saves.kept and records.game is not None and _game_crc(records) != saves.game_crc:
        saves.kept = ours is None  # another program's game stays unless one is played here
    if not saves.kept:
        records.game = ours
    store.save(records)
    saves.slot = store.slot
    saves.sequence = store.sequence
    saves.logged = 0
    saves.seen = _values(s)
    saves.game_crc = _game_crc(records)
    saves.own = not saves.kept and ours is not None


def _make_room(saved):
    """The save's settings are full of names this game does not know (a newer game's): one of
    them goes, so that this game's own settings are kept."""
    for name in saved:
        try:
            field(name)
        except KeyError:
            del saved[name]
            return


def _game_in_progress(m):
    from mines.engine.game import PLAYING as G_PLAYING
    game = m.game
    if (m.mode or (m.state != PLAYING and m.state != PAUSED)  # (a puzzle is not kept)
            or game is None or not game.started or game.state != G_PLAYING):
        return None
    from mines.saves.resume import game_record
    b = m.boards
    return game_record(game, m.seed, b.start_x, b.start_y, b.level, m.settings.kind,
                       game.lives, game.lives_lost, m.hints_used, m.elapsed_ms)



# -- the save part's events (save_part.Saves keeps the state they change) ----------------------

def result(m, won, hints=0, lives_used=0):
    """Count the game in front, which just ended; returns its place among its board's best
    times (1: a new record). Written soon (a record at once, see save_part.WritePolicy)."""
    from mines.engine.presets import board_key
    saves = m.saves
    game = m.game
    s = m.settings
    _log(saves, _WON if won else 0, board_key(game.width, game.height, game.total, s.level,
                                               kind_of(s)), m.elapsed_ms, hints, lives_used)
    saves.place = current(saves, True)
    saves.policy.note(RECORD if saves.place == 1 else RESULT)
    return saves.place


def best_ms(m, default):
    """The best time kept for the board of the game in front (``default`` if none)."""
    from mines.engine.presets import board_key
    game = m.game
    s = m.settings
    times = current(m.saves).best_times(board_key(game.width, game.height, game.total,
                                                  s.level, kind_of(s)))
    return times[0][0] if times else default


def place_line(saves):
    """The result panel's line for the last win's place among the best times."""
    if saves.place == 1:
        return "New record!"
    return "%s best" % PLACES[saves.place - 1]


def reset_stats(m):
    """Forget the statistics (the player confirmed); best times stay."""
    _log(m.saves, _RESET)
    m.saves.policy.note(RESET)
    m.say("Statistics reset")


def tell(m):
    """Say what the save's reading found (a damaged save, no save memory), if anything: on the
    screen the game starts with (the menu, or a resumed game's pause menu), until the first
    key or 10 seconds."""
    if m.saves.message:
        m.say(m.saves.message, 10000)


def close(m):
    """The front end is closing (the simulator's window): write now whatever changed, the
    settings in the menu and the time of the game in progress included."""
    saves = m.saves
    if m.settings.version != saves.settings_version:
        saves.policy.note(SETTINGS)
    if (m.state == PLAYING or m.state == PAUSED) and m.elapsed_ms != saves.written_ms:
        saves.policy.note(PROGRESS)   # its timer ran on since the last write
    if saves.policy.dirty:
        saves.write(m)


def resumed(m):
    """The ResumeJob is done: the game is back, paused, its timer where it stopped."""
    record = m.runner.job.record
    m.runner.stop()
    m.play_from(record.elapsed_ms, record.start_x, record.start_y, record.seed, record.hints)
    m.saves.written_ms = record.elapsed_ms
    m.show_board()
    m.pause("Saved game, paused")  # as START does in play
    game = m.game
    game.mark_flags = bool(m.settings.marks)
    game.check_flags()   # (its overfilled numbers)
    tell(m)
    m.saves.kept = False  # (last: a resume that fails on the way keeps the saved game)
    m.saves.own = True


class ResumeJob:
    """A job (jobs) that puts a saved game back: the buffers for its size (two frames
    when another size was in use), then the layout, cells and counters; the board's start and
    level are kept as the generator's would be, so the game is saved again as it was. (This
    module stays loaded while it runs: nothing enters another phase before ``resumed``.)"""

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
        if boards.game is not None or boards.generator is not None:
            boards.drop()  # old buffers dropped: collected before the next frame
            return False
        gc.collect()
        try:  # the game and its board alone: no generator
            boards.game = Game(record.width, record.height)
            boards.game.board = Board(record.width, record.height)
        except MemoryError:
            boards.drop()
            raise
        from mines.saves.resume import restore_game
        restore_game(record, boards.game, boards.game.board)
        boards.start_x, boards.start_y, boards.level = (record.start_x, record.start_y,
                                                        record.level)
        self.slice_work = 1
        self.progress = 100
        return True
