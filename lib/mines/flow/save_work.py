"""Reading, changing and writing the save for the midend's save part (save_part): imported
for each read or write and let go with the phase (mines.phases), so that a game holds none of
this code nor a decoded save in its heap.

Every read takes the store as it is now (a file on a computer is read again) and puts on top
what is not written yet: the games finished and the statistics reset since the last write
(``Saves.log``). A write also puts on top the settings the player changed (those that differ
from what the game last read or wrote: every other setting takes the store's value, in the game
too, as another program may have written it) and the game in progress while there is one; with
none on screen, the store's game stays when another program wrote one, else the game's.
"""

from mines.saves.records import MAX_SETTINGS
from mines.saves.slots import NO_STORE, STORE_SIZE, Store, crc32
from mines.flow.settings import FIELDS, field


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
    got = 0
    for entry in saves.log:
        if entry is None:
            records.reset_stats()
        else:
            got = records.add_result(*entry)
    return got if place else records


def start(saves, m):
    """Read the save at start: its settings into midend ``m``'s; returns (the game to resume, a
    mines.saves.resume.GameRecord or None; the one line to tell the player, or None)."""
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
    return records.game, message


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
    for entry in saves.log:
        if entry is None:
            records.reset_stats()
        else:
            records.add_result(*entry)
    ours = _game_in_progress(m)
    if not saves.kept and records.game is not None and _game_crc(records) != saves.game_crc:
        saves.kept = ours is None  # another program's game stays unless one is played here
    if not saves.kept:
        records.game = ours
    store.save(records)
    saves.slot = store.slot
    saves.sequence = store.sequence
    del saves.log[:]
    saves.seen = _values(s)
    saves.game_crc = _game_crc(records)


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
    from mines.flow.states import PAUSED, PLAYING
    game = m.game
    if (m.mode or (m.state != PLAYING and m.state != PAUSED)  # (a puzzle is not kept)
            or game is None or not game.started or game.state != G_PLAYING):
        return None
    from mines.saves.resume import game_record
    b = m.boards
    return game_record(game, m.seed, b.start_x, b.start_y, b.level, m.settings.kind,
                       game.lives, game.lives_lost, m.hints_used, m.elapsed_ms)

