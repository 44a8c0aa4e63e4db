"""Read before write: when another program wrote the save since the game last read or wrote it
(tools/save.py beside the simulator: a file on a computer), the game takes in what the file now
holds and puts its own changes since on top, so that neither write undoes the other.

The game's own changes are: the settings the player changed (those that differ from what the
game last read or wrote: every other setting takes the file's value, in the game too), the games
finished and the statistics reset since (``Saves.log``, put on top in their order), and the game
in progress while there is one. With none on screen, the file's game stays when the other
program changed it, else the game's (None once its game has ended).

Loaded only when that happens: never on the device, whose NVM has one writer.
"""

from mines.settings import FIELDS


def merge(saves, m, fresh):
    """Make ``fresh`` (the Records the store holds now) the records of ``saves`` (a
    mines.saving.Saves), with midend ``m``'s own changes on top."""
    old = saves.records
    s = m.settings
    for row in FIELDS:
        name = row[0]
        theirs = fresh.settings.get(name)
        if old.settings.get(name, row[1]) == getattr(s, name) and theirs is not None \
                and theirs != getattr(s, name):
            s.set(name, theirs)  # unchanged here: the file's (out of range: refused, kept)
    if s.check() is not None:  # a board the game cannot make: the default board
        s.set("board", FIELDS[1][1])
    saves._settings_version = s.version
    for entry in saves.log:
        if entry is None:
            fresh.reset_stats()
        else:
            fresh.add_result(*entry)
    theirs = fresh.game
    if theirs is not None and not saves.kept and (
            old.game is None or theirs.pack() != old.game.pack()):
        # the other program wrote a game: it stays unless this game has one of its own
        saves.kept = saves._game_in_progress(m) is None
    saves.records = fresh
