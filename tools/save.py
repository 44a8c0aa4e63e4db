"""Read and write the game's save (settings, best times, statistics, the game in progress) as JSON.

    python tools/save.py show [PATH]                        print the save as one JSON object
    python tools/save.py write [--replace] [--force] [PATH] read JSON on stdin and write it

PATH is a save file of the simulator or a raw 8192-byte NVM image copied off a device; the
default is the simulator's save (mines.saves.storage.default_path: $XDG_DATA_HOME/pygamer-mines/
save.bin). ``show`` prints the defaults with "empty": true for a blank file, and for a missing one
(saying on stderr that no file is there); it exits 1 with a one-line reason when no slot is
readable or the save is a newer version's (the line names its format version). ``write`` merges:
what the JSON names replaces that field of the save at PATH (a setting at a time; "best",
"stats" and "game" whole), every other field keeps its value; ``--replace`` writes exactly the
JSON, every field it does not name at its default. It goes through the game's own save code
(mines.saves.slots.Store): the slot the current save was not read from, the next sequence number,
and never over a save another program wrote meanwhile (read before write: it reads again and
merges again). A value out of range is refused with a one-line reason (exit 1) and nothing is
written; so is a save of a newer version, unless ``--force``. Bad arguments, or input that is
not JSON: one line and exit 2; an output that cannot be written (a full disk, a closed pipe, a
folder that is not there): one line and exit 1. The JSON schema is in docs/saves.md.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from cli import argparser, level_from_name, out, parse_json, reason  # noqa: E402
from mines.engine import presets  # noqa: E402
from mines.engine.game import LIVES_CHOICES  # noqa: E402
from mines.saves import records as R  # noqa: E402
from mines.engine.board_code import MAX_SEED, SEED_BITS  # noqa: E402
from mines.saves.resume import GameRecord  # noqa: E402
from mines.saves.checks import check_game, check_key  # noqa: E402
from mines.saves.slots import STORE_SIZE, VERSION, Store  # noqa: E402
from mines.flow.settings import CUSTOM, FIELDS  # noqa: E402
from mines.saves.storage import Changed, FileStorage, default_path  # noqa: E402
from mines.engine.view_text import grid_string  # noqa: E402

PROG = "save.py"
TRIES = 3  # reads and merges when another program keeps writing the save meanwhile


def setting_fields():
    """(name, default, lowest, highest) of every setting of the menu (mines.flow.settings.FIELDS).
    The mines' range depends on the board: check_settings tests it with width and height."""
    return tuple(row[:4] for row in FIELDS)


# -- records -> JSON ------------------------------------------------------------------------

def board_name(width, height, mines):
    return "%dx%d/%d" % (width, height, mines)


def _name(names, value):
    """A level's or kind's name; its number when the save holds one this game does not know."""
    return names[value] if value < len(names) else value


def _board_fields(key):
    w, h, m, level, kind = R.key_parts(key)
    return {"board": board_name(w, h, m), "level": _name(presets.LEVEL_WORDS, level),
            "kind": _name(presets.KIND_NAMES, kind)}


def unusable(records):
    """One line for each best time or statistic of a board this game cannot make (a newer
    game's, or a save written by hand): shown as they are, never used by the game."""
    lines = []
    for what, keys in (("best times", records.best_keys()), ("statistics",
                                                            records.stats_keys())):
        for key in keys:
            err = check_key(key)
            if err:
                f = _board_fields(key)
                lines.append("%s of %s %s %s: %s" % (what, f["board"], f["level"], f["kind"],
                                                     err))
    return lines


def _seconds(ms):
    return ms / 1000


def to_json(records, store):
    """The save as a JSON-ready dict (``store``: the Store it was read from)."""
    settings = {}
    for name, default, _, _ in setting_fields():
        settings[name] = records.settings.get(name, default)
    for name in sorted(records.settings):  # names a newer game wrote are shown as they are
        settings.setdefault(name, records.settings[name])
    best = []
    for key in records.best_keys():
        for ms, hints, lives_used in records.best_times(key):
            entry = _board_fields(key)
            entry.update({"seconds": _seconds(ms), "hints": hints, "lives_used": lives_used})
            best.append(entry)
    boards = []
    for key in records.stats_keys():
        played, won, streak, best_streak, hints, seconds = records.stats_for(key)
        entry = _board_fields(key)
        entry.update({"played": played, "won": won,
                      "win_rate": round(won / played, 3) if played else 0.0,
                      "streak": streak, "best_streak": best_streak, "hints": hints,
                      "seconds": seconds})
        boards.append(entry)
    return {"empty": store.empty, "version": VERSION, "sequence": store.sequence,
            "settings": settings, "best": best, "stats": {"boards": boards},
            "game": game_to_json(records.game)}


def game_to_json(g):
    if g is None:
        return None
    grid = []
    cells = []
    for y in range(g.height):
        row = []
        for x in range(g.width):
            k = y * g.width + x
            bit = 1 << (k & 7)
            grid.append("*" if g.mine[k >> 3] & bit else ".")
            if g.opened[k >> 3] & bit:
                row.append("o")
            elif g.flagged[k >> 3] & bit:
                row.append("F")
            else:
                row.append("#")
        cells.append("".join(row))
    out = _board_fields(g.key())
    out.update({"seed": g.seed & MAX_SEED, "version": g.seed >> SEED_BITS,
                "start": [g.start_x, g.start_y], "lives": g.lives,
                "lives_used": g.lives_used, "hints": g.hints, "moves": g.moves,
                "seconds": _seconds(g.elapsed_ms), "grid": "".join(grid), "cells": cells})
    return out


# -- JSON -> records ------------------------------------------------------------------------

class Refused(ValueError):
    """A value of the JSON that the save cannot hold; the message says which and why."""


def _obj(value, where):
    if not isinstance(value, dict):
        raise Refused("%s must be an object" % where)
    return value


def _int(obj, name, lo, hi, default, where):
    value = obj.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused("%s.%s must be a whole number" % (where, name))
    if not (lo <= value <= hi):
        raise Refused("%s.%s must be %d to %d (got %d)" % (where, name, lo, hi, value))
    return value


def _ms(obj, name, hi_ms, default, where):
    value = obj.get(name, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise Refused("%s.%s must be a number of seconds" % (where, name))
    if not 0 <= value <= hi_ms / 1000:  # (checked before any arithmetic: 1e308 stays a number)
        raise Refused("%s.%s must be 0 to %g seconds (got %s)" % (where, name, hi_ms / 1000,
                                                                   value))
    return min(int(round(value * 1000)), hi_ms)


def _check_keys(obj, known, where):
    for name in obj:
        if name not in known:
            raise Refused("%s has no field %r (it has %s)" % (where, name, ", ".join(known)))


def _key(obj, where, need_board=True):
    """The board_key of an entry's "board", "level" and "kind"."""
    board = obj.get("board")
    if not isinstance(board, str):
        raise Refused('%s.board must be a string like "9x9/10"' % where)
    try:
        size, mines = board.split("/")
        w, h = size.lower().split("x")
        w, h, mines = int(w), int(h), int(mines)
    except ValueError:
        raise Refused('%s.board %r is not WIDTHxHEIGHT/MINES like "9x9/10"' % (where, board))
    level = obj.get("level", presets.LEVEL_WORDS[presets.DEFAULT_LEVEL])
    try:
        level = level_from_name(level)  # (the player's names, or single, pairs, full)
    except (ValueError, AttributeError):
        raise Refused("%s.level must be one of %s (or single, pairs, full)" % (
            where, ", ".join(presets.LEVEL_WORDS)))
    err = presets.check_params(w, h, mines, level)
    if err:
        raise Refused("%s.board %s: %s" % (where, board, err))
    kind = obj.get("kind", presets.KIND_NAMES[presets.NO_GUESS])
    if kind not in presets.KIND_NAMES:
        raise Refused("%s.kind must be one of %s" % (where, ", ".join(presets.KIND_NAMES)))
    return presets.board_key(w, h, mines, level, presets.KIND_NAMES.index(kind))


_SIZES = ("width", "height", "mines")


def check_settings(settings, base=None):
    """The settings of ``settings`` (the JSON's) over ``base`` (the save's: every name it
    holds is kept, a newer game's too; None: the defaults), checked as the menu checks them.
    A preset ``board`` alone brings its size; a size without a board, the preset it is (or
    Custom); both are written as they are (the game reads the size last, as its menu)."""
    fields = setting_fields()
    _check_keys(settings, [f[0] for f in fields], "settings")
    out = dict(base or {})
    for name, default, lo, hi in fields:
        if name in settings:
            out[name] = _int(settings, name, lo, hi, default, "settings")
        else:
            out.setdefault(name, default)
    sized = any(name in settings for name in _SIZES)
    if "board" in settings and out["board"] != CUSTOM and not sized:
        for name, value in zip(_SIZES, presets.PRESETS[out["board"]][1:]):
            out[name] = value
    elif sized and "board" not in settings:
        size = tuple(out[name] for name in _SIZES)
        out["board"] = CUSTOM
        for k, preset in enumerate(presets.PRESETS):
            if preset[1:] == size:
                out["board"] = k
    err = presets.check_params(out["width"], out["height"], out["mines"], out["level"])
    if err:
        raise Refused("settings: " + err)
    return out


def from_json(data, base=None):
    """Records from the JSON of ``show`` (or any part of it); Refused if a value is wrong.
    ``base``: the Records of the save written over, whose fields the JSON does not name are
    kept (merged); None: those fields take their defaults."""
    data = _obj(data, "the save")
    _check_keys(data, ("settings", "best", "stats", "game", "empty", "version", "sequence"),
                "the save")
    r = base if base is not None else R.Records()
    r.settings = check_settings(_obj(data.get("settings", {}), "settings"),
                                None if base is None else base.settings)
    if "best" in data or base is None:
        _best_from_json(r, data.get("best", []))
    if "stats" in data or base is None:
        _stats_from_json(r, data.get("stats", {}))
    if "game" in data or base is None:
        game = data.get("game")
        r.game = None if game is None else game_from_json(_obj(game, "game"))
    return r


def _best_from_json(r, best):
    r.best = b""
    if not isinstance(best, list):
        raise Refused("best must be a list")
    entries = []
    for n, entry in enumerate(best):
        where = "best[%d]" % n
        _check_keys(_obj(entry, where), ("board", "level", "kind", "seconds", "hints",
                                         "lives_used"), where)
        entries.append((_key(entry, where), _ms(entry, "seconds", R.MAX_MS, None, where),
                        _int(entry, "hints", 0, 255, 0, where),
                        _int(entry, "lives_used", 0, max(LIVES_CHOICES) - 1, 0, where)))
    if len(entries) > R.MAX_BEST:
        raise Refused("best: more than %d times in all" % R.MAX_BEST)
    entries.sort(key=lambda e: e[:2])  # by board and time; equal times keep their order
    for key, ms, hints, lives_used in entries:
        if len(r.best_times(key)) == R.BEST_PER_BOARD:
            w, h, m, level, kind = R.key_parts(key)
            raise Refused("best: more than %d times for %s %s %s" % (
                R.BEST_PER_BOARD, board_name(w, h, m), presets.LEVEL_WORDS[level],
                presets.KIND_NAMES[kind]))
        r.add_best(key, ms, hints, lives_used)


def _stats_from_json(r, stats):
    r.stats = b""
    stats = _obj(stats, "stats")
    _check_keys(stats, ("boards",), "stats")
    boards = stats.get("boards", [])
    if not isinstance(boards, list):
        raise Refused("stats.boards must be a list")
    if len(boards) > R.MAX_STATS:
        raise Refused("stats.boards: more than %d boards" % R.MAX_STATS)
    for n, entry in enumerate(boards):
        where = "stats.boards[%d]" % n
        _check_keys(_obj(entry, where), ("board", "level", "kind", "played", "won", "win_rate",
                                         "streak", "best_streak", "hints", "seconds"), where)
        key = _key(entry, where)
        if key in r.stats_keys():
            raise Refused("%s: that board is listed twice" % where)
        played = _int(entry, "played", 0, R.MAX_COUNT, 0, where)
        won = _int(entry, "won", 0, played, 0, where)
        best_streak = _int(entry, "best_streak", 0, won, 0, where)
        streak = _int(entry, "streak", 0, best_streak, 0, where)
        rate = entry.get("win_rate", 0)
        if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 <= rate <= 1:
            raise Refused("%s.win_rate must be 0 to 1 (it is worked out from played and won)"
                          % where)
        r.set_stats(key, played, won, streak, best_streak,
                    _int(entry, "hints", 0, R.MAX_COUNT, 0, where),
                    _int(entry, "seconds", 0, R.MAX_SECONDS, 0, where))


def game_from_json(obj):
    where = "game"
    _check_keys(obj, ("board", "level", "kind", "seed", "version", "start", "lives",
                      "lives_used", "hints", "moves", "seconds", "grid", "cells"), where)
    w, h, mines, level, kind = R.key_parts(_key(obj, where))
    start = obj.get("start")
    if (not isinstance(start, list) or len(start) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in start)):
        raise Refused("game.start must be [x, y]")
    if not (0 <= start[0] < w and 0 <= start[1] < h):
        raise Refused("game.start %d,%d is off the %dx%d board" % (start[0], start[1], w, h))
    # The seed with the generator's version above its bits (board_code.VERSION_BIT); a game
    # without "version" is of version 0, as every game written before version 1.
    seed = _int(obj, "seed", 0, MAX_SEED, None, where)
    seed |= _int(obj, "version", 0, 1, 0, where) << SEED_BITS
    g = GameRecord(w, h, mines, seed, start[0], start[1], level, kind)
    g.lives = _int(obj, "lives", 1, max(LIVES_CHOICES), 1, where)
    if g.lives not in LIVES_CHOICES:
        raise Refused("game.lives must be one of %s"
                      % ", ".join(str(v) for v in LIVES_CHOICES))
    g.lives_used = _int(obj, "lives_used", 0, g.lives - 1, 0, where)
    g.hints = _int(obj, "hints", 0, 255, 0, where)
    g.moves = _int(obj, "moves", 0, R.MAX_COUNT, 0, where)
    g.elapsed_ms = _ms(obj, "seconds", (1 << 32) - 1, 0, where)
    grid = obj.get("grid")
    if grid is None:
        grid = _generate(g)
    if not isinstance(grid, str) or len(grid) != w * h or set(grid) - set("*."):
        raise Refused("game.grid must be %d characters of '*' (mine) and '.'" % (w * h))
    cells = obj.get("cells", ["#" * w] * h)
    if (not isinstance(cells, list) or len(cells) != h
            or not all(isinstance(row, str) and len(row) == w for row in cells)
            or set("".join(cells)) - set("#Fo")):
        raise Refused("game.cells must be %d rows of %d characters of '#', 'F' and 'o'" % (h, w))
    for k in range(w * h):
        bit = 1 << (k & 7)
        c = cells[k // w][k % w]
        if grid[k] == "*":
            g.mine[k >> 3] |= bit
        if c == "o":
            g.opened[k >> 3] |= bit
        elif c == "F":
            g.flagged[k >> 3] |= bit
    err = check_game(g)
    if err:
        raise Refused("game: " + err)
    return g


def _generate(g):
    """The layout of a no-guess game from its seed and start, made by the game's generator."""
    if g.kind != presets.NO_GUESS:
        raise Refused("game.grid is needed for a %s board" % presets.KIND_NAMES[g.kind])
    from mines.engine.generator import Generator
    gen = Generator(g.width, g.height)
    gen.begin(g.mines, g.seed & MAX_SEED, (g.start_x, g.start_y), g.level, g.seed >> SEED_BITS)
    return grid_string(gen.run())


# -- the commands ---------------------------------------------------------------------------

def fail(reason_text, status=1):
    sys.stderr.write("%s: %s\n" % (PROG, reason_text))
    sys.exit(status)


def _open(path, default):
    """The FileStorage of ``path`` (``default``: the simulator's own save, whose folders are
    made at the first write; any other PATH must be in a folder that is there)."""
    try:
        store = FileStorage(path, folders=default)
    except OSError as e:
        fail("%s: %s" % (path, reason(e)))
    if store.foreign:
        fail("%s is not a save file (nor a %d-byte NVM image)" % (path, STORE_SIZE))
    return store


def _newer(path, store):
    return "%s holds a save from a newer version of the game (format %d; this one reads " \
        "format %d)" % (path, store.newer, VERSION)


def show(path, default):
    storage = _open(path, default)
    store = Store(storage)
    records = store.load()
    if store.newer:
        fail(_newer(path, store) + ": not shown")
    if store.message and store.slot < 0:
        fail("%s: no readable save (%s)" % (path, store.message))
    if not storage.exists:
        sys.stderr.write("%s: no save file at %s: the defaults are shown\n" % (PROG, path))
    if store.message:
        sys.stderr.write("%s: %s: %s\n" % (PROG, path, store.message))
    for line in unusable(records):
        sys.stderr.write("%s: %s: %s\n" % (PROG, path, line))
    out(PROG, json.dumps(to_json(records, store)) + "\n")


def write(path, default, replace=False, force=False):
    try:
        data = parse_json(sys.stdin.read())
    except ValueError as e:  # (a UnicodeDecodeError too: bytes that are not text)
        fail("standard input is not JSON: %s" % str(e).split("\n")[0], 2)
    folder = os.path.dirname(os.path.abspath(path))
    if not default and not os.path.isdir(folder):
        fail("cannot write %s: there is no folder %s" % (path, folder))
    for _ in range(TRIES):
        storage = _open(path, default)
        store = Store(storage)
        base = store.load()
        if store.newer and not force:
            fail(_newer(path, store) + ": not changed (--force writes over it)")
        if not replace and store.message and store.slot < 0 and not store.newer:
            sys.stderr.write("%s: %s: no readable save (%s): the fields not given take their "
                             "defaults\n" % (PROG, path, store.message))
        try:
            records = from_json(data, None if replace or store.newer else base)
        except Refused as e:
            fail(str(e))
        forced = store.newer
        store.newer = 0
        try:
            store.save(records)
            if forced:  # both slots: the newer version's save must not be read over this one
                store.save(records)
            return
        except Changed:
            continue  # another program wrote it since it was read: read and merge again
        except OSError as e:
            fail("cannot write %s: %s" % (path, reason(e)))
    fail("cannot write %s: another program keeps writing it; try again" % path)


def main(argv=None):
    ap = argparser(PROG, description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", metavar="{show,write}")
    sub.required = True
    for name, text in (("show", "print the save as one JSON object"),
                       ("write", "read JSON on stdin and write it into the save as the game "
                        "would: what it names replaces that field, the rest is kept")):
        p = sub.add_parser(name, help=text, description=text)
        p.add_argument("path", nargs="?", default=None, metavar="PATH",
                       help="a save file or a raw %d-byte NVM image (default: %s)" % (
                           STORE_SIZE, default_path()))
        if name == "write":
            p.add_argument("--replace", action="store_true",
                           help="write exactly the JSON: every field it does not name takes "
                           "its default (without it, keeps its value in the save)")
            p.add_argument("--force", action="store_true",
                           help="write over a save of a newer version of the game")
    args = ap.parse_args(argv)
    path = args.path or default_path()
    if args.command == "show":
        show(path, not args.path)
    else:
        write(path, not args.path, args.replace, args.force)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
