"""Saves (issue 12): the slot format, records, the game in progress, the write policy, the
storage adapters and tools/save.py.

The damage tests build a store whose older slot holds records OLD and whose newer slot holds NEW
(NEW = OLD plus one more best time), damage it, and check that loading never raises, never loses
the best times of a slot that is still whole, reports the damage, and that the game's next write
(save what was loaded) leaves the slot it read untouched.
"""

import json
import os
import random
import subprocess
import sys

import pytest

from engine_util import ROOT, micropython
from mpy_save import describe, sample_records

from mines.engine import presets

from mines.saves import records as R, slots as S

from mines.flow import save_part as W
from mines.flow import states as E  # the save events
from mines.engine.game import FLAG, PRIMARY, SECONDARY, Game
from mines.engine.generator import Generator
from mines.saves.resume import GameRecord, game_record, restore_game, unpack_game
from mines.saves.checks import check_game
from mines.saves.storage import FileStorage, NvmStorage, default_path, looks_like_save
from mines.engine.view_text import grid_string, is_mine

TOOL = os.path.join(ROOT, "tools", "save.py")
BOARD = presets.board_key(9, 9, 10, presets.FULL, presets.NO_GUESS)


def two_slot_image():
    """(image, OLD, NEW, slot bytes of NEW): OLD in slot 0 (sequence 1), NEW in slot 1 (2)."""
    image = bytearray(S.STORE_SIZE)
    store = S.Store(image)
    old = store.load()
    old.add_result(BOARD, True, 41000, 0, 0)
    old.add_result(presets.board_key(16, 16, 40, presets.PAIRS, presets.KIND), True, 99000, 2, 1)
    store.save(old)
    new = S.Store(image).load()
    new.add_result(BOARD, True, 17500, 1, 0)
    before = bytes(image)
    store.save(new)
    slot1 = bytes(image[S.STORE_SIZE // 2:S.STORE_SIZE // 2 + len(S.slot_bytes(
        R.encode_payload(new), 2))])
    assert before[:S.STORE_SIZE // 2] == image[:S.STORE_SIZE // 2]
    return image, describe(old), describe(new), slot1


def best_of(text):
    """The best times in a ``describe`` text, as a set of (board, (ms, hints, lives))."""
    import ast
    out = set()
    for line in text.splitlines():
        if line.startswith("best "):
            key, _, times = line[5:].partition(") ")
            out.update((key, t) for t in ast.literal_eval(times))
    return out


def check_damaged(image, old, new):
    """Load ``image``: it must give OLD or NEW (or defaults when no slot is whole, saying so);
    then the game's next write must leave the slot it read untouched and lose nothing."""
    store = S.Store(image)
    records = store.load()
    got = describe(records)
    assert got in (old, new, describe(R.Records())), got
    if got not in (old, new):
        assert store.message == S.DAMAGED_DEFAULTS and store.slot == -1
    half = S.STORE_SIZE // 2
    kept = bytes(image[store.slot * half:(store.slot + 1) * half]) if store.slot >= 0 else None
    message = store.message
    store.save(records)
    if kept is not None:
        assert bytes(image[store.slot * half:(store.slot + 1) * half]) != kept  # the other slot
        assert bytes(image[(1 - store.slot) * half:(2 - store.slot) * half]) == kept
    again = S.Store(image)
    assert describe(again.load()) == got and again.message is None
    return got, message


# -- round trips ---------------------------------------------------------------------------

def test_every_field_round_trips_through_a_slot():
    for seed in range(4):
        records = sample_records(seed)
        assert records.best_keys() and records.stats_keys() and records.game is not None
        payload = R.encode_payload(records)
        assert R.encode_payload(R.decode_payload(payload)) == payload
        image = bytearray(S.STORE_SIZE)
        S.Store(image).save(records)
        store = S.Store(image)
        assert describe(store.load()) == describe(records)
        assert store.message is None and store.slot == 0 and not store.empty


def test_the_fullest_save_fits_a_slot_and_tables_stay_bounded():
    records = sample_records(7, big=True)
    while len(records.settings) < R.MAX_SETTINGS:  # the longest names
        records.set_setting("setting-nr-%04d" % len(records.settings), -1 << 31)
    with pytest.raises(ValueError):
        records.set_setting("one-too-many", 1)
    assert len(records.best) == R.MAX_BEST * 8 and len(records.stats) == R.MAX_STATS * 16
    for key in records.best_keys():
        times = records.best_times(key)
        assert 1 <= len(times) <= R.BEST_PER_BOARD and times == sorted(times)
    image = bytearray(S.STORE_SIZE)
    written = S.Store(image).save(records)
    assert written <= S.STORE_SIZE // 2
    assert describe(S.Store(image).load()) == describe(records)


def test_best_times_keep_the_five_fastest_and_statistics_count():
    r = R.Records()
    places = [r.add_result(BOARD, True, ms, 1, 0) for ms in (5000, 3000, 7000, 1000, 9000, 8000,
                                                             2000, 9999)]
    assert places == [1, 1, 3, 1, 5, 5, 2, 0]
    assert [t[0] for t in r.best_times(BOARD)] == [1000, 2000, 3000, 5000, 7000]
    assert r.add_result(BOARD, False, 4500, 3, 0) == 0
    assert r.add_result(BOARD, True, 1000, 0, 0) == 2  # a tie goes after the kept time
    played, won, streak, best_streak, hints, seconds = r.stats_for(BOARD)
    assert (played, won, streak, best_streak, hints) == (10, 9, 1, 8, 11)
    assert seconds == sum(ms // 1000 for ms in (5000, 3000, 7000, 1000, 9000, 8000, 2000, 9999,
                                                4500, 1000))
    other = presets.board_key(9, 9, 10, presets.SINGLE, presets.NO_GUESS)
    assert r.best_times(other) == [] and r.stats_for(other) == (0,) * 6
    r.reset_stats()
    assert r.stats_keys() == [] and len(r.best_times(BOARD)) == 5


def test_older_and_newer_entry_sizes_read_with_defaults():
    """Migration: entries written shorter (an older game) read with 0 for what they lack, and
    the next write stores them whole; longer ones (a newer game) are cut to what is known."""
    key = presets.board_key(16, 16, 40, presets.PAIRS, presets.RANDOM)
    best = key.to_bytes(3, "little") + (12345).to_bytes(3, "little")  # no hints, no lives
    stats = key.to_bytes(3, "little") + bytes((4, 0, 3, 0, 1, 0, 2, 0))  # no hints, no time
    payload = (bytes((2,)) + (1 + len(best)).to_bytes(2, "little") + bytes((6,)) + best
               + bytes((3,)) + (1 + len(stats)).to_bytes(2, "little") + bytes((11,)) + stats)
    r = R.decode_payload(payload)
    assert r.best_times(key) == [(12345, 0, 0)]
    assert r.stats_for(key) == (4, 3, 1, 2, 0, 0)
    assert r.settings == {} and r.game is None
    again = R.decode_payload(R.encode_payload(r))
    assert describe(again) == describe(r)
    longer = key.to_bytes(3, "little") + bytes(5) + b"\x01\x02"
    newer = bytes((2,)) + (1 + len(longer)).to_bytes(2, "little") + bytes((10,)) + longer
    assert R.decode_payload(newer).best_times(key) == [(0, 0, 0)]
    g = sample_records(3).game
    packed = bytearray(g.pack())
    short = bytes((19,)) + packed[1:20] + packed[22:]  # without the last field (moves)
    old = unpack_game(short)
    assert old.moves == 0 and old.elapsed_ms == g.elapsed_ms and old.flagged == g.flagged


def newer_slot(sequence, version=S.VERSION + 1, payload=b"a newer game's sections"):
    """A whole slot written by a newer game (its header as ours, its CRC right)."""
    data = bytearray(S.slot_bytes(payload, sequence))
    data[4] = version
    crc = S.crc32(bytes(data[16:]), S.crc32(bytes(data[:12])))
    data[12:16] = crc.to_bytes(4, "little")
    return bytes(data)


def test_a_save_from_a_newer_version_is_never_written():
    """Issue 19: defaults, said once, and no write ever goes into the store (either slot)."""
    image, old, new, _ = two_slot_image()
    half = S.STORE_SIZE // 2
    for slot in (0, 1):
        newer = bytearray(image)
        data = newer_slot(9, S.VERSION + 2)
        newer[slot * half:slot * half + len(data)] = data
        before = bytes(newer)
        store = S.Store(newer)
        assert describe(store.load()) == describe(R.Records())
        assert store.newer == S.VERSION + 2 and not store.empty
        assert store.take_message() == S.NEWER and store.take_message() is None
        assert store.save(sample_records(1)) == 0 and store.save(R.Records()) == 0
        assert bytes(newer) == before
    # a damaged byte in the version of a slot of ours is damage, not a newer game (the CRC)
    flipped = bytearray(image)
    flipped[half + 4] = S.VERSION + 1
    store = S.Store(flipped)
    assert describe(store.load()) == old and store.message == S.DAMAGED_PREVIOUS
    assert not store.newer and store.save(R.Records()) > 0


def test_crc32_in_python_matches_binascii():
    import binascii
    rnd = random.Random(5)
    for n in (0, 1, 7, 100, 4000):
        data = bytes(rnd.randrange(256) for _ in range(n))
        assert S.crc32_slow(data) == binascii.crc32(data)
        assert S.crc32_slow(data[n // 2:], S.crc32_slow(data[:n // 2])) == binascii.crc32(data)


# -- damage ----------------------------------------------------------------------------------

def test_random_bytes_and_foreign_stores_never_crash():
    rnd = random.Random(11)
    for n in range(300):
        image = bytearray(rnd.randrange(256) for _ in range(S.STORE_SIZE))
        if n % 3 == 0:  # the magic and a plausible header, the rest noise
            image[0:4] = S.MAGIC
            image[4] = S.VERSION
        store = S.Store(image)
        assert describe(store.load()) == describe(R.Records())
        assert store.message == S.DAMAGED_DEFAULTS and store.slot == -1
    # a whole slot whose payload is noise (the CRC holds): it is not used
    image = bytearray(S.STORE_SIZE)
    noise = bytes(rnd.randrange(256) for _ in range(300))
    image[:316] = S.slot_bytes(noise, 5)
    store = S.Store(image)
    assert describe(store.load()) == describe(R.Records()) and store.message == S.DAMAGED_DEFAULTS


def test_blank_stores_are_empty_and_quiet():
    for fill in (0x00, 0xFF):
        store = S.Store(bytearray([fill]) * S.STORE_SIZE)
        assert describe(store.load()) == describe(R.Records())
        assert store.empty and store.message is None
    store = S.Store(None)
    assert describe(store.load()) == describe(R.Records()) and store.message == S.NO_STORE
    assert store.take_message() == S.NO_STORE and store.take_message() is None
    assert store.save(R.Records()) == 0


def test_a_flipped_bit_in_either_slot():
    image, old, new, slot1 = two_slot_image()
    half = S.STORE_SIZE // 2
    used0 = S.HEADER + len(S.read_slot(image, 0, half)[2])
    for slot, used in ((0, used0), (1, len(slot1))):
        for bit in range(used * 8):
            damaged = bytearray(image)
            damaged[slot * half + bit // 8] ^= 1 << (bit % 8)
            sequence = S.read_slot(damaged, 0, half)[1]
            got, message = check_damaged(damaged, old, new)
            # the CRC catches every flip: the other slot is read. Damage to the newer slot is
            # reported; damage to the older is not while its header still says it is the
            # older (sequence 1): the save in use is the newest (issue 19).
            assert got == (new if slot == 0 else old)
            quiet = slot == 0 and sequence == 1
            assert message == (None if quiet else S.DAMAGED_PREVIOUS), (slot, bit, message)
            assert quiet or slot == 1 or bit // 8 in (0, 1, 2, 3, 8, 9, 10, 11)


def test_a_write_cut_short_at_every_byte():
    """A write of NEW stopped after every byte, in the three ways a slot can be written: the
    first write into a blank slot, a rewrite over an older save (the rest of the slot still
    holds it), a rewrite whose flash page was erased first (the rest reads 0xFF)."""
    image = bytearray(S.STORE_SIZE)
    store = S.Store(image)
    records = store.load()
    records.add_result(BOARD, True, 60000, 0, 0)
    store.save(records)  # slot 0: OLDER
    records.add_result(presets.board_key(16, 16, 40, presets.PAIRS, presets.KIND), True, 99000,
                       2, 1)
    store.save(records)  # slot 1: OLD, the newest whole save
    old = describe(records)
    over_older = bytes(image)
    first_write = bytearray(image)
    first_write[:S.STORE_SIZE // 2] = bytes(S.STORE_SIZE // 2)
    records.add_result(BOARD, True, 17500, 1, 0)
    new = describe(records)
    data = S.slot_bytes(R.encode_payload(records), 3)  # what the next write puts in slot 0
    erased = bytearray(image)
    erased[:S.STORE_SIZE // 2] = b"\xff" * (S.STORE_SIZE // 2)
    for k in range(len(data) + 1):
        for before in (first_write, over_older, erased):
            cut = bytearray(before)
            cut[:k] = data[:k]
            complete = bytes(cut[:len(data)]) == data  # the bytes left may already match
            got, message = check_damaged(cut, old, new)
            assert got == (new if complete else old)
            if k and not complete and before is not over_older:
                assert message == S.DAMAGED_PREVIOUS
            assert best_of(old) <= best_of(got)


def test_files_cut_at_every_length(tmp_path):
    image, old, new, slot1 = two_slot_image()
    half = S.STORE_SIZE // 2
    used0 = S.HEADER + len(S.read_slot(image, 0, half)[2])
    path = str(tmp_path / "save.bin")
    samples = set(range(0, S.STORE_SIZE + 1, 397)) | {1, 3, 4, used0 - 1, used0, half,
                                                      half + 5, S.STORE_SIZE - 1, S.STORE_SIZE}
    for n in range(S.STORE_SIZE + 1):
        if n in samples:  # a real file (opening files is slow on some machines)
            with open(path, "wb") as f:
                f.write(image[:n])
            storage = FileStorage(path)
        else:  # the same bytes, as FileStorage reads them from a file
            storage = FileStorage(str(tmp_path / "never-made.bin"))
            storage.take(bytes(image[:n]))
        assert not storage.foreign and storage.exists
        store = S.Store(storage)
        records = store.load()
        got = describe(records)
        padded = bytes(image[:n]) + bytes(S.STORE_SIZE - n)  # as FileStorage reads it
        whole0 = padded[:used0] == image[:used0]  # trailing zeros may be all that was cut
        whole1 = padded[half:half + len(slot1)] == slot1
        if n == 0:
            assert store.empty and store.message is None and got == describe(R.Records())
        elif whole1:
            assert got == new
            assert store.message == (None if n == S.STORE_SIZE else S.DAMAGED_PREVIOUS)
        elif whole0:
            assert store.message == S.DAMAGED_PREVIOUS and got == old
        else:
            assert store.message == S.DAMAGED_DEFAULTS and got == describe(R.Records())
        if n in (1, used0, half + 5, S.STORE_SIZE - 1):  # the game writes on: nothing is lost
            with open(path, "wb") as f:
                f.write(image[:n])
            store = S.Store(FileStorage(path))
            records = store.load()
            store.save(records)
            again = S.Store(FileStorage(path))
            assert describe(again.load()) == got and again.message is None
            assert os.path.getsize(path) == S.STORE_SIZE


def test_foreign_files_are_read_as_damaged_and_never_written(tmp_path):
    rnd = random.Random(3)
    samples = [b"#!/bin/sh\necho hello\n", b"\x89PNG\r\n\x1a\n" + bytes(200),
               bytes(rnd.randrange(256) for _ in range(S.STORE_SIZE)),
               bytes(S.STORE_SIZE + 1), b"MN!"]
    for n, data in enumerate(samples):
        path = str(tmp_path / ("foreign%d" % n))
        with open(path, "wb") as f:
            f.write(data)
        storage = FileStorage(path)
        assert storage.foreign and not looks_like_save(data)
        store = S.Store(storage)
        assert describe(store.load()) == describe(R.Records())
        assert store.message == S.DAMAGED_DEFAULTS
        with pytest.raises(OSError):
            store.save(R.Records())
        with open(path, "rb") as f:
            assert f.read() == data
    assert looks_like_save(b"MN") and looks_like_save(b"") and looks_like_save(bytes(100))


# -- storage ---------------------------------------------------------------------------------

def test_file_storage_replaces_the_file_whole(tmp_path, monkeypatch):
    path = str(tmp_path / "deep" / "folder" / "save.bin")
    store = S.Store(FileStorage(path))  # a folder that is not there is made only when asked
    store.load()
    with pytest.raises(OSError):
        store.save(sample_records(1))
    assert os.listdir(str(tmp_path)) == []
    store = S.Store(FileStorage(path, folders=True))  # (the default save's place)
    records = sample_records(1)
    store.load()
    store.save(records)
    assert os.listdir(os.path.dirname(path)) == ["save.bin"]
    with open(path, "rb") as f:
        first = f.read()
    assert len(first) == S.STORE_SIZE

    def crash(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        store.save(sample_records(2))
    with open(path, "rb") as f:
        assert f.read() == first  # the old file whole: only the temporary file was written
    assert os.listdir(os.path.dirname(path)) == ["save.bin"]  # and it is gone (issue 19)
    monkeypatch.undo()
    again = S.Store(FileStorage(path))
    assert describe(again.load()) == describe(records)


def test_a_full_disk_leaves_no_temporary_file(tmp_path, monkeypatch):
    """A write that fails while the temporary file is written (a full disk: ENOSPC from the
    write or the sync) leaves the save as it was and no file beside it."""
    path = tmp_path / "save.bin"
    store = S.Store(FileStorage(str(path)))
    store.load()
    store.save(sample_records(3))
    first = path.read_bytes()

    def full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        store.save(sample_records(4))
    assert os.listdir(str(tmp_path)) == ["save.bin"] and path.read_bytes() == first


def test_a_file_another_program_wrote_is_never_written_over(tmp_path):
    """Read before write (issue 19): a FileStorage refuses to replace a file that changed
    since it read or wrote it (``Changed``) until ``reread`` has taken the new bytes in."""
    from mines.saves.storage import Changed
    path = str(tmp_path / "save.bin")
    mine = S.Store(FileStorage(path))
    mine.load()
    mine.save(sample_records(1))
    theirs = S.Store(FileStorage(path))
    theirs.load()
    theirs.save(sample_records(2))
    written = open(path, "rb").read()
    with pytest.raises(Changed):
        mine.save(sample_records(3))
    assert open(path, "rb").read() == written
    assert mine.store.reread() and not mine.store.reread()
    assert describe(mine.load()) == describe(sample_records(2))
    mine.save(sample_records(3))
    assert describe(S.Store(FileStorage(path)).load()) == describe(sample_records(3))


def test_nvm_storage_is_a_window_and_writes_only_the_slot():
    class Nvm(bytearray):
        writes = []

        def __setitem__(self, index, data):
            self.writes.append((index.start, index.stop))
            bytearray.__setitem__(self, index, data)
    nvm = Nvm(10000)
    storage = NvmStorage(nvm, offset=1000, size=S.STORE_SIZE)
    store = S.Store(storage)
    store.load()
    n = store.save(sample_records(4))
    n2 = store.save(sample_records(4))
    assert nvm.writes == [(1000, 1000 + n), (1000 + S.STORE_SIZE // 2, 1000 + S.STORE_SIZE // 2
                                              + n2)]
    assert describe(S.Store(NvmStorage(nvm, 1000, S.STORE_SIZE)).load()) == describe(
        sample_records(4))
    with pytest.raises(ValueError):
        NvmStorage(nvm, offset=5000, size=S.STORE_SIZE)


def test_default_path_follows_xdg_data_home():
    assert default_path({"XDG_DATA_HOME": "/data", "HOME": "/home/p"}) == \
        "/data/pygamer-mines/save.bin"
    for env in ({"HOME": "/home/p"}, {"XDG_DATA_HOME": "", "HOME": "/home/p"},
                {"XDG_DATA_HOME": "relative", "HOME": "/home/p"}):
        assert default_path(env) == "/home/p/.local/share/pygamer-mines/save.bin"


# -- the game in progress ----------------------------------------------------------------------

def play_some(game, board, rnd, moves):
    """Open and flag cells that are safe / mines, as a careful player would, ``moves`` times."""
    for _ in range(moves):
        covered = [(x, y) for y in range(game.height) for x in range(game.width)
                   if game.tile(x, y) == 9]
        if len(covered) <= board.mines + 1:
            return
        x, y = covered[rnd.randrange(len(covered))]
        which = SECONDARY if is_mine(board, x, y) else PRIMARY
        game.execute(game.decide(which, x, y))


@pytest.mark.parametrize("w,h,mines,level", [(9, 9, 10, presets.SINGLE),
                                             (16, 16, 40, presets.PAIRS),
                                             (30, 24, 130, presets.FULL)])
def test_a_resumed_game_is_the_same_board_with_the_same_cells(w, h, mines, level):
    rnd = random.Random(w)
    seed = 1000 + w
    gen = Generator(w, h)
    gen.begin(mines, seed, None, level)
    gen.run()
    game = Game(w, h)
    game.new(gen.board)
    game.execute(game.decide(PRIMARY, gen.start_x, gen.start_y))
    play_some(game, gen.board, rnd, 25)
    assert game.flags > 0 and game.opened > 9
    record = game_record(game, seed, gen.start_x, gen.start_y, level, lives=5, lives_used=2,
                         hints=3, elapsed_ms=123456)
    records = R.Records()
    records.game = record
    image = bytearray(S.STORE_SIZE)
    S.Store(image).save(records)
    # power off; on again:
    saved = S.Store(image).load().game
    again = Generator(w, h)
    again.begin(saved.mines, saved.seed, (saved.start_x, saved.start_y), saved.level)
    remade = grid_string(again.run())
    assert remade == grid_string(gen.board)  # the same board from params, seed and start
    from mines.engine.board import Board
    board = Board(w, h)
    resumed = Game(w, h)
    restore_game(saved, resumed, board)
    assert grid_string(board) == remade
    assert bytes(resumed.shown) == bytes(game.shown)
    assert (resumed.flags, resumed.opened, resumed.moves, resumed.started) == (
        game.flags, game.opened, game.moves, True)
    assert (saved.elapsed_ms, saved.hints, saved.level) == (123456, 3, level)
    assert (resumed.lives, resumed.lives_lost) == (5, 2)   # the lives, put back
    play_some(resumed, board, rnd, 2000)  # it plays on to the end
    for y in range(h):
        for x in range(w):
            if resumed.tile(x, y) == 9 and not is_mine(board, x, y):
                resumed.execute(resumed.decide(PRIMARY, x, y))
    assert resumed.state == 1  # won


def test_game_records_refuse_what_cannot_be_resumed():
    g = GameRecord(9, 9, 1, 5, 4, 4)
    assert check_game(g) == "the layout holds 0 mines, not 1"
    g.mine[0] = 1
    assert check_game(g) is None
    g.opened[0] = 1
    assert "went off" in check_game(g)
    g.lives, g.lives_used = 3, 1
    assert check_game(g) is None
    g.flagged[0] = 1
    assert "both" in check_game(g)
    g.flagged[0] = 0
    g.start_x = 9
    assert "off the board" in check_game(g)
    with pytest.raises(ValueError):
        unpack_game(GameRecord(9, 9, 1).pack()[:-1])


# -- when to write -----------------------------------------------------------------------------

FRAME = 33


class Clock:
    def __init__(self, policy):
        self.policy = policy
        self.now = 0
        self.writes = []
        self.busy_writes = 0

    def frames(self, seconds, busy=False, every=0, event=None):
        """Run ``seconds`` of frames; every ``every`` seconds note ``event``."""
        end = self.now + int(seconds * 1000)
        next_event = self.now + int(every * 1000) if every else None
        while self.now < end:
            self.now += FRAME
            if next_event is not None and self.now >= next_event:
                self.policy.note(event)
                next_event += int(every * 1000)
            if self.policy.due(self.now, busy):
                if busy:
                    self.busy_writes += 1
                self.writes.append(self.now)
                self.policy.written(self.now)


def test_an_hour_of_play_writes_at_most_20_times():
    """A busy hour: about 40 games of 25 s to 2.5 min, a move every 1.5 s, settings changed
    every 8 games, a pause in every 6th game, a new record every 7th. (The gaps alone give 19
    writes here; the budget of 20 an hour would stop a 21st.)"""
    rnd = random.Random(12)
    clock = Clock(W.WritePolicy())
    games = 0
    urgent = 0
    while clock.now < 3600 * 1000:
        if games % 8 == 0:  # the menu: settings changed
            clock.frames(4)
            clock.policy.note(E.SETTINGS)
            urgent += 1
        clock.frames(1.5, busy=True)  # a board is made
        length = rnd.uniform(25, 150)
        if games % 6 == 5:  # a pause half-way
            clock.frames(length / 2, every=1.5, event=E.PROGRESS)
            clock.policy.note(E.PAUSE)
            urgent += 1
            clock.frames(10)
            length /= 2
        clock.frames(length, every=1.5, event=E.PROGRESS)
        clock.policy.note(E.RECORD if games % 7 == 3 else E.RESULT)
        urgent += games % 7 == 3
        clock.frames(2, busy=True)  # the next board, made behind the result screen
        clock.frames(2)
        games += 1
    assert games >= 35 and urgent >= 15
    first_hour = [t for t in clock.writes if t <= 3600 * 1000]
    assert 10 <= len(first_hour) <= 20, len(first_hour)
    assert clock.busy_writes == 0
    gaps = [b - a for a, b in zip(clock.writes, clock.writes[1:])]
    assert min(gaps) >= 15000
    # an hour more of moves: one write every 8 minutes, and no hour ever holds more than 20
    before = len(clock.writes)
    clock.frames(3600, every=1.5, event=E.PROGRESS)
    assert 3600 // 480 - 2 <= len(clock.writes) - before <= 3600 // 480
    for k in range(len(clock.writes) - 20):
        assert clock.writes[k + 20] - clock.writes[k] >= 3600 * 1000


def test_events_are_written_when_they_should_be():
    policy = W.WritePolicy(gap_ms=300000, urgent_gap_ms=60000)
    clock = Clock(policy)
    clock.frames(10)
    assert clock.writes == []  # nothing changed, nothing written
    policy.note(E.PAUSE)
    clock.frames(10)
    assert clock.writes == []  # a pause after no change writes nothing
    policy.note(E.SETTINGS)
    clock.frames(1, busy=True)
    assert clock.writes == []  # never in a frame that makes a board
    clock.frames(0.1)
    assert len(clock.writes) == 1  # the first frame after it
    clock.frames(100, every=2, event=E.PROGRESS)
    assert len(clock.writes) == 1  # moves wait for the long gap
    policy.note(E.PAUSE)
    clock.frames(0.1)
    assert len(clock.writes) == 2  # a pause after moves: at once (60 s have passed)
    policy.note(E.RESULT)
    clock.frames(299)
    assert len(clock.writes) == 2
    clock.frames(2)
    assert len(clock.writes) == 3  # a plain result: after the long gap
    policy.note(E.RECORD)
    clock.frames(57)
    assert len(clock.writes) == 3
    clock.frames(2)
    assert len(clock.writes) == 4  # a record: as soon as the short gap allows
    clock.frames(600, every=0.1, event=E.PAUSE)
    assert len(clock.writes) == 4  # pausing over and over without moves writes nothing


# -- across interpreters ---------------------------------------------------------------------

def test_saves_cross_between_cpython_and_micropython(tmp_path):
    mpy_image = str(tmp_path / "mpy.bin")
    r = micropython([os.path.join("host_tests", "mpy_save.py"), ROOT, "write", mpy_image, "5"],
                    heap="1M")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip() == describe(sample_records(5))
    with open(mpy_image, "rb") as f:
        store = S.Store(bytearray(f.read()))
    assert describe(store.load()) == describe(sample_records(5)) and store.slot == 1

    cpy_image = str(tmp_path / "cpy.bin")
    image = bytearray(S.STORE_SIZE)
    S.Store(image).save(sample_records(6))
    with open(cpy_image, "wb") as f:
        f.write(image)
    r = micropython([os.path.join("host_tests", "mpy_save.py"), ROOT, "read", cpy_image],
                    heap="1M")
    assert r.returncode == 0, r.stdout + r.stderr
    first, rest = r.stdout.strip().split("\n", 1)
    assert first == "message None slot 0 sequence 1"
    assert rest == describe(sample_records(6))


def test_save_modules_compile_under_micropython():
    for name in ("slots", "records", "resume", "storage"):
        path = os.path.join(ROOT, "lib", "mines", "saves", name + ".py")
        r = micropython(["-X", "compile-only", path])
        assert r.returncode == 0, (name, r.stderr)


# -- tools/save.py ---------------------------------------------------------------------------

def tool(args, stdin="", env=None):
    return subprocess.run([sys.executable, TOOL] + args, input=stdin, capture_output=True,
                          text=True, timeout=120, env=env)


def test_tool_show_write_round_trip(tmp_path):
    path = str(tmp_path / "save.bin")
    r = tool(["show", path])
    assert r.returncode == 0  # no file: the defaults, and stderr says there is no file
    assert r.stderr == "save.py: no save file at %s: the defaults are shown\n" % path
    assert os.listdir(str(tmp_path)) == []
    empty = json.loads(r.stdout)
    assert empty["empty"] is True and empty["game"] is None and empty["best"] == []
    assert empty["settings"]["width"] == 20 and empty["stats"] == {"boards": []}
    image = bytearray(S.STORE_SIZE)
    S.Store(image).save(sample_records(2))
    nvm = str(tmp_path / "nvm.bin")
    with open(nvm, "wb") as f:
        f.write(image)
    r = tool(["show", nvm])
    assert r.returncode == 0, r.stderr
    shown = json.loads(r.stdout)
    assert shown["empty"] is False and shown["sequence"] == 1
    assert {e["level"] for e in shown["best"]} == set(presets.LEVEL_WORDS)
    assert {e["kind"] for e in shown["best"]} == set(presets.KIND_NAMES)
    assert all("/" in e["board"] and e["seconds"] >= 0 for e in shown["best"])
    game = shown["game"]
    assert game["board"] == "30x24/216" and len(game["cells"]) == 24
    # the newer game's setting is shown; the tool refuses names it does not know, so drop it
    assert shown["settings"].pop("from-a-newer-v") < 0
    r = tool(["write", path], json.dumps(shown))
    assert r.returncode == 0 and r.stderr == "", r.stderr
    again = json.loads(tool(["show", path]).stdout)
    assert again["sequence"] == 1 and again["empty"] is False
    for field in ("best", "stats", "game"):
        assert again[field] == shown[field], field
    assert again["settings"] == shown["settings"]
    # write again: the next slot, the first one left whole; what the JSON does not name is
    # kept (issue 19: this once wiped the records)
    before = open(path, "rb").read()
    assert tool(["write", path], json.dumps({"settings": {"sound": 0}})).returncode == 0
    after = open(path, "rb").read()
    half = S.STORE_SIZE // 2
    assert after[:half] == before[:half] and after[half:] != before[half:]
    last = json.loads(tool(["show", path]).stdout)
    assert last["sequence"] == 2 and last["settings"]["sound"] == 0
    for field in ("best", "stats", "game"):
        assert last[field] == shown[field], field
    assert {k: v for k, v in last["settings"].items() if k != "sound"} == {
        k: v for k, v in shown["settings"].items() if k != "sound"}
    # --replace: exactly the JSON, the rest at its defaults
    assert tool(["write", "--replace", path], json.dumps({"settings": {"sound": 0}})
                ).returncode == 0
    last = json.loads(tool(["show", path]).stdout)
    assert last["sequence"] == 3 and last["best"] == [] and last["game"] is None
    assert last["stats"] == {"boards": []}
    assert last["settings"]["sound"] == 0 and last["settings"]["width"] == 20


def test_tool_write_gives_defaults_and_generates_a_missing_grid(tmp_path):
    path = str(tmp_path / "save.bin")
    game = {"board": "9x9/10", "level": "easy", "seed": 77, "start": [4, 4]}
    r = tool(["write", path], json.dumps({"game": game}))
    assert r.returncode == 0, r.stderr
    out = json.loads(tool(["show", path]).stdout)
    g = Generator(9, 9)
    g.begin(10, 77, (4, 4), presets.SINGLE)
    assert out["game"]["grid"] == grid_string(g.run())
    assert out["game"]["kind"] == "no-guess" and out["game"]["lives"] == 1
    assert out["game"]["cells"] == ["#" * 9] * 9 and out["game"]["seconds"] == 0


def test_tool_keeps_a_games_generator_version(tmp_path):
    """A game names the generator's version that made its board (issue 21: version 1 evens the
    spread out for the start): ``show`` says it, ``write`` makes a missing grid by it, and a game
    without one is of version 0, as every game saved before."""
    path = str(tmp_path / "save.bin")
    grids = {}
    for version in (0, 1):
        g = Generator(9, 9)
        g.begin(35, 77, (4, 4), presets.FULL, version)
        grids[version] = grid_string(g.run())
    assert grids[0] != grids[1]
    for version, fields in ((1, {"version": 1}), (0, {})):
        game = dict({"board": "9x9/35", "level": "hard", "seed": 77, "start": [4, 4]}, **fields)
        assert tool(["write", path], json.dumps({"game": game})).returncode == 0
        out = json.loads(tool(["show", path]).stdout)["game"]
        assert out["version"] == version and out["seed"] == 77
        assert out["grid"] == grids[version]


@pytest.mark.parametrize("data,reason", [
    ({"settings": {"width": 31}}, "settings.width must be 5 to 30 (got 31)"),
    ({"settings": {"mines": 80, "width": 9, "height": 9}}, "settings: a 9x9 board takes"),
    ({"settings": {"sound": True}}, "settings.sound must be a whole number"),
    ({"best": [{"board": "9x9/10", "level": "expert", "seconds": 1}]}, "best[0].level must be"),
    ({"best": [{"board": "9x9/10", "kind": "lucky", "seconds": 1}]}, "best[0].kind must be"),
    ({"best": [{"board": "9x9", "seconds": 1}]}, "best[0].board '9x9' is not"),
    ({"best": [{"board": "9x9/90", "seconds": 1}]}, "best[0].board 9x9/90: a 9x9 board takes"),
    ({"best": [{"board": "9x9/10", "seconds": -1}]}, "best[0].seconds must be 0 to"),
    ({"best": [{"board": "9x9/10"}]}, "best[0].seconds must be a number"),
    ({"best": [{"board": "9x9/10", "seconds": 1}] * 6}, "best: more than 5 times for 9x9/10"),
    ({"stats": {"boards": [{"board": "9x9/10", "played": 2, "won": 3}]}},
     "stats.boards[0].won must be 0 to 2 (got 3)"),
    ({"game": {"board": "9x9/10", "seed": 1, "start": [9, 0]}}, "game.start 9,0 is off"),
    ({"game": {"board": "9x9/10", "seed": 1, "start": [0, 0], "lives": 2}}, "game.lives must be"),
    ({"game": {"board": "9x9/10", "seed": 1, "start": [0, 0], "kind": "random"}},
     "game.grid is needed for a random board"),
    ({"colour": "red"}, "the save has no field 'colour'"),
    ([1, 2], "the save must be an object"),
])
def test_tool_write_refuses_out_of_range_values(tmp_path, data, reason):
    path = str(tmp_path / "save.bin")
    assert tool(["write", path], json.dumps({"best": [{"board": "5x5/1", "seconds": 3}]})
                ).returncode == 0
    before = open(path, "rb").read()
    r = tool(["write", path], json.dumps(data))
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("save.py: " + reason), r.stderr
    assert open(path, "rb").read() == before


def test_tool_errors_like_a_unix_tool(tmp_path):
    for args in ([], ["bogus"], ["show", "a", "b"], ["show", "--frobnicate"],
                 ["write", "--replace", "--frobnicate"]):
        r = tool(args)
        assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1, args
        assert r.stderr.startswith("save.py: ") and r.stderr.endswith("(see --help)\n")
    for args in (["--help"], ["show", "--help"], ["write", "--help"]):
        r = tool(args)
        assert r.returncode == 0 and "usage:" in r.stdout and r.stderr == ""
        assert ("PATH" in r.stdout) == (len(args) == 2)
    foreign = tmp_path / "notes.txt"
    foreign.write_text("my notes\n")
    for args in (["show", str(foreign)], ["write", str(foreign)]):
        r = tool(args, "{}")
        assert r.returncode == 1 and "is not a save file" in r.stderr
        assert r.stderr.count("\n") == 1
    assert foreign.read_text() == "my notes\n"
    damaged = tmp_path / "damaged.bin"
    damaged.write_bytes(b"MNSV" + bytes(100))
    r = tool(["show", str(damaged)])
    assert r.returncode == 1 and r.stderr == "save.py: %s: no readable save (%s)\n" % (
        damaged, S.DAMAGED_DEFAULTS)
    r = tool(["write", str(tmp_path)], "{}")
    assert r.returncode == 1 and r.stderr.count("\n") == 1
    for text in ("{not json", '{"best": [{"board": "9x9/10", "seconds": Infinity}]}',
                 "[" * 200000):
        r = tool(["write", str(tmp_path / "x.bin")], text)
        assert r.returncode == 2 and "not JSON" in r.stderr and r.stderr.count("\n") == 1
    assert not os.path.exists(str(tmp_path / "x.bin"))


def test_tool_default_path_and_closed_pipe(tmp_path):
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    big = {"best": [{"board": "%dx%d/%d" % (w, h, 1 + n), "level": lv, "kind": kd,
                     "seconds": n + 0.5}
                    for n in range(9) for w, h in ((9, 9), (10, 10)) for lv in presets.LEVEL_WORDS
                    for kd in presets.KIND_NAMES]}
    assert tool(["write"], json.dumps(big), env=env).returncode == 0
    assert os.path.exists(str(tmp_path / "data" / "pygamer-mines" / "save.bin"))
    p = subprocess.Popen([sys.executable, TOOL, "show"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env)
    p.stdout.close()  # as `| head -c 0` would: one line and exit 1 (issue 19)
    err = p.stderr.read()
    p.wait(timeout=60)
    assert err == b"save.py: cannot write the output: Broken pipe\n" and p.returncode == 1
    shown = json.loads(tool(["show"], env=env).stdout)
    assert len(shown["best"]) == len(big["best"])
