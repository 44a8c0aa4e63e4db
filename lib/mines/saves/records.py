"""What a save keeps, and how it is packed into the bytes of a save slot (slots).

  settings    name -> int, for every setting of the menu. Stored by name, so settings added
              later need no new format: a name the save lacks takes its default, a name the game
              no longer knows is kept as it is.
  best        the BEST_PER_BOARD fastest wins per board (width, height, mines, level, kind), each
              with the hints and lives it used.
  stats       per board: games played and won, current and best streak of wins, hints used and
              the total time played.
  game        the game in progress (resume.GameRecord) or None.

A board is one small int (``presets.board_key``), the midend's key with the kind added, so best
times and statistics are found without strings. Best times and statistics stay packed in bytes (8 and 16
per entry) on the device too: a few hundred entries cost a few KB, not a heap of tuples.

The payload is a list of sections: id (1 byte), body length (2 bytes, little-endian), body.
A section of fixed-size entries starts with its entry size, so that a save written when entries
were shorter (an older game) still reads: the fields it lacks are 0 (migration), and fields a
newer game added after the known ones are skipped. A section this game does not know is kept and
written back unchanged.
"""

from mines._const import const
import struct

BEST_PER_BOARD = 5
MAX_BEST = 200    # entries in all; past it the slowest entry of the fullest board goes
MAX_STATS = 80    # boards; past it the board with the fewest games goes
MAX_SETTINGS = 24  # settings, their names at most MAX_NAME characters: all of it fits a slot
MAX_NAME = 15
MAX_MS = (1 << 24) - 1       # a best time is kept to the millisecond up to 4.6 hours
MAX_COUNT = 0xFFFF           # games played, won, streaks, hints: they stop at this
MAX_SECONDS = (1 << 24) - 1  # total time played per board: 194 days

_SETTINGS = const(1)
_BEST = const(2)
_STATS = const(3)
_GAME = const(4)
_BEST_SIZE = const(8)    # key 3, ms 3, hints 1, lives used 1
_STATS_SIZE = const(16)  # key 3, played 2, won 2, streak 2, best streak 2, hints 2, seconds 3


def _uint(data, at, size):
    """The little-endian unsigned int of ``size`` bytes at ``at``; 0 past the end of ``data``
    (a field an older, shorter entry does not have)."""
    value = 0
    for k in range(size - 1, -1, -1):
        value <<= 8
        if at + k < len(data):
            value |= data[at + k]
    return value


def _put(value, size):
    return value.to_bytes(size, "little")


def _cap(value, top):
    return top if value > top else value


def key_parts(key):
    """(width, height, mines, level, kind) of a ``presets.board_key``."""
    return key & 31, key >> 5 & 31, key >> 10 & 1023, key >> 20 & 3, key >> 22 & 3


class Records:
    """Everything a save keeps. ``settings`` (dict name -> int), ``game`` (GameRecord or None);
    best times and statistics through the methods below."""

    def __init__(self):
        self.settings = {}
        self.best = b""    # _BEST_SIZE-byte entries, by key, fastest first within a key
        self.stats = b""   # _STATS_SIZE-byte entries, by key
        self.game = None
        self.unknown = []  # (id, body) of sections a newer game wrote: written back as they are

    # -- settings --------------------------------------------------------------------------

    def set_setting(self, name, value):
        """Keep ``value`` (an int, -2**31 to 2**31 - 1) for setting ``name`` (MAX_NAME
        characters at most); True if it changed."""
        if self.settings.get(name) == value:
            return False
        if not (0 < len(name) <= MAX_NAME and -(1 << 31) <= value < 1 << 31):
            raise ValueError("setting %r=%r cannot be saved" % (name, value))
        if name not in self.settings and len(self.settings) >= MAX_SETTINGS:
            raise ValueError("more than %d settings" % MAX_SETTINGS)
        self.settings[name] = value
        return True

    # -- best times ------------------------------------------------------------------------

    def _best_span(self, key):
        """(first, end): the entry numbers of ``key``'s best times."""
        best = self.best
        n = len(best) // _BEST_SIZE
        first = 0
        while first < n and _uint(best, first * _BEST_SIZE, 3) < key:
            first += 1
        end = first
        while end < n and _uint(best, end * _BEST_SIZE, 3) == key:
            end += 1
        return first, end

    def best_times(self, key):
        """``key``'s best times, fastest first: a list of (ms, hints, lives used)."""
        first, end = self._best_span(key)
        out = []
        for e in range(first, end):
            at = e * _BEST_SIZE
            out.append((_uint(self.best, at + 3, 3), self.best[at + 6], self.best[at + 7]))
        return out

    def best_keys(self):
        """The boards that have best times, in key order."""
        out = []
        for at in range(0, len(self.best), _BEST_SIZE):
            key = _uint(self.best, at, 3)
            if not out or out[-1] != key:
                out.append(key)
        return out

    def add_best(self, key, ms, hints, lives_used):
        """Enter a win of ``ms`` milliseconds. Returns its place among ``key``'s best times
        (1 = the new record) or 0 when it is not among the fastest BEST_PER_BOARD. A time equal
        to a kept one goes after it."""
        first, end = self._best_span(key)
        ms = _cap(ms, MAX_MS)
        place = first
        while place < end and _uint(self.best, place * _BEST_SIZE + 3, 3) <= ms:
            place += 1
        if place - first >= BEST_PER_BOARD:
            return 0
        entry = _put(key, 3) + _put(ms, 3) + bytes((_cap(hints, 255), _cap(lives_used, 255)))
        best = self.best
        cut = place * _BEST_SIZE
        best = best[:cut] + entry + best[cut:]
        if end + 1 - first > BEST_PER_BOARD:  # the slowest of this board drops out
            cut = (first + BEST_PER_BOARD) * _BEST_SIZE
            best = best[:cut] + best[cut + _BEST_SIZE:]
        self.best = best
        if len(best) > MAX_BEST * _BEST_SIZE:
            self._drop_slowest_of_fullest(key)
        return place - first + 1

    def _drop_slowest_of_fullest(self, keep):
        fullest = -1
        most = 0
        for key in self.best_keys():
            first, end = self._best_span(key)
            if end - first > most and key != keep:
                fullest, most = key, end - first
        first, end = self._best_span(fullest if fullest >= 0 else keep)
        cut = (end - 1) * _BEST_SIZE
        self.best = self.best[:cut] + self.best[cut + _BEST_SIZE:]

    # -- statistics ------------------------------------------------------------------------

    def _stats_at(self, key):
        """(entry number, found) of ``key`` in the statistics."""
        stats = self.stats
        n = len(stats) // _STATS_SIZE
        e = 0
        while e < n:
            k = _uint(stats, e * _STATS_SIZE, 3)
            if k >= key:
                return e, k == key
            e += 1
        return n, False

    def stats_for(self, key):
        """(played, won, streak, best streak, hints, seconds) of ``key``; zeros if never played."""
        e, found = self._stats_at(key)
        if not found:
            return (0, 0, 0, 0, 0, 0)
        s = self.stats
        at = e * _STATS_SIZE
        return (_uint(s, at + 3, 2), _uint(s, at + 5, 2), _uint(s, at + 7, 2),
                _uint(s, at + 9, 2), _uint(s, at + 11, 2), _uint(s, at + 13, 3))

    def stats_keys(self):
        return [_uint(self.stats, at, 3) for at in range(0, len(self.stats), _STATS_SIZE)]

    def set_stats(self, key, played, won, streak, best_streak, hints, seconds):
        """Replace ``key``'s statistics (each value capped at what the save holds)."""
        entry = (_put(key, 3) + _put(_cap(played, MAX_COUNT), 2) + _put(_cap(won, MAX_COUNT), 2)
                 + _put(_cap(streak, MAX_COUNT), 2) + _put(_cap(best_streak, MAX_COUNT), 2)
                 + _put(_cap(hints, MAX_COUNT), 2) + _put(_cap(seconds, MAX_SECONDS), 3))
        e, found = self._stats_at(key)
        at = e * _STATS_SIZE
        self.stats = self.stats[:at] + entry + self.stats[at + (_STATS_SIZE if found else 0):]
        if len(self.stats) > MAX_STATS * _STATS_SIZE:
            self._drop_least_played(key)

    def _drop_least_played(self, keep):
        fewest = -1
        low = MAX_COUNT + 1
        for key in self.stats_keys():
            played = self.stats_for(key)[0]
            if played < low and key != keep:
                fewest, low = key, played
        e, _ = self._stats_at(fewest)
        at = e * _STATS_SIZE
        self.stats = self.stats[:at] + self.stats[at + _STATS_SIZE:]

    def reset_stats(self):
        """Forget every statistic (best times stay)."""
        self.stats = b""

    def add_result(self, key, won, ms, hints, lives_used):
        """Count a finished game in ``key``'s statistics and, if won, its best times. Returns
        the place among the best times (1: a new record), 0 if none."""
        played, wins, streak, best_streak, hint_total, seconds = self.stats_for(key)
        played += 1
        if won:
            wins += 1
            streak += 1
            if streak > best_streak:
                best_streak = streak
        else:
            streak = 0
        self.set_stats(key, played, wins, streak, best_streak, hint_total + hints,
                       seconds + ms // 1000)
        if won:
            return self.add_best(key, ms, hints, lives_used)
        return 0


# -- the payload ---------------------------------------------------------------------------

def _section(ident, body):
    return bytes((ident,)) + _put(len(body), 2) + body


def encode_payload(records):
    """The bytes of a slot's payload for ``records``."""
    parts = []
    body = []
    for name in sorted(records.settings):
        raw = name.encode()
        body.append(bytes((len(raw),)) + raw + struct.pack("<i", records.settings[name]))
    parts.append(_section(_SETTINGS, b"".join(body)))
    parts.append(_section(_BEST, bytes((_BEST_SIZE,)) + records.best))
    parts.append(_section(_STATS, bytes((_STATS_SIZE,)) + records.stats))
    if records.game is not None:
        parts.append(_section(_GAME, records.game.pack()))
    for ident, body in records.unknown:
        parts.append(_section(ident, body))
    return b"".join(parts)


def _entries(body, size, key_check):
    """The entries of a fixed-size section, each made ``size`` bytes long (older, shorter
    entries padded with zeros; newer, longer ones cut)."""
    if not body or body[0] < 3:
        raise ValueError("entry size missing")
    stored = body[0]
    data = body[1:]
    if len(data) % stored:
        raise ValueError("section of %d bytes is not whole entries of %d" % (len(data), stored))
    if stored == size:
        out = bytes(data)
    else:
        pad = bytes(size - stored) if stored < size else b""
        out = b"".join([bytes(data[at:at + stored])[:size] + pad
                        for at in range(0, len(data), stored)])
    last = -1
    for at in range(0, len(out), size):
        key = _uint(out, at, 3)
        if not key_check(last, key):
            raise ValueError("entries out of order")
        last = key
    return out


def decode_payload(payload):
    """The Records of a slot's payload; ValueError if the payload does not hold a whole one."""
    r = Records()
    seen = []
    at = 0
    while at < len(payload):
        if at + 3 > len(payload):
            raise ValueError("section header cut short")
        ident = payload[at]
        size = _uint(payload, at + 1, 2)
        body = payload[at + 3:at + 3 + size]
        if len(body) != size:
            raise ValueError("section cut short")
        at += 3 + size
        if ident in seen:
            raise ValueError("section %d twice" % ident)
        seen.append(ident)
        if ident == _SETTINGS:
            _settings(body, r.settings)
        elif ident == _BEST:
            r.best = _entries(body, _BEST_SIZE, lambda last, key: key >= last)
            for key in r.best_keys():
                first, end = r._best_span(key)
                if end - first > BEST_PER_BOARD:
                    raise ValueError("more than %d best times for a board" % BEST_PER_BOARD)
        elif ident == _STATS:
            r.stats = _entries(body, _STATS_SIZE, lambda last, key: key > last)
        elif ident == _GAME:
            from mines.saves.resume import unpack_game  # here: loaded only for a saved game
            r.game = unpack_game(body)
        else:
            r.unknown.append((ident, bytes(body)))
    return r


def _settings(body, out):
    at = 0
    while at < len(body):
        n = body[at]
        if n == 0 or at + 1 + n + 4 > len(body):
            raise ValueError("setting cut short")
        name = bytes(body[at + 1:at + 1 + n]).decode()
        out[name] = struct.unpack("<i", body[at + 1 + n:at + 5 + n])[0]
        at += 5 + n
