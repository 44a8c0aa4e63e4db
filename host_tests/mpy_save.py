"""Saves across interpreters: sample records made from a seed, and a canonical text of records,
identical under CPython and MicroPython. test_save.py imports it, and runs it under micropython:

  micropython host_tests/mpy_save.py REPO write IMAGE SEED   save sample records into IMAGE
  micropython host_tests/mpy_save.py REPO read IMAGE         print the canonical text of IMAGE
"""

import sys


def sample_records(seed, big=False):
    """Records with every kind of field filled, the same for a seed on every interpreter.
    ``big``: as many best times and boards as a save may hold."""
    from mines.engine import presets
    from mines.saves import records as R
    from mines.saves.resume import GameRecord
    from mines.engine.rng import Rng
    rng = Rng(seed)
    r = R.Records()
    r.set_setting("width", 5 + rng.below(26))
    r.set_setting("sound", rng.below(2))
    r.set_setting("from-a-newer-v", -123456 - rng.below(1000))
    sizes = [(p[1], p[2], p[3]) for p in presets.PRESETS] + [(30, 24, 216), (5, 5, 1)]
    results = 2 * R.MAX_BEST if big else 60
    for n in range(results):
        w, h, m = sizes[rng.below(len(sizes))]
        level = rng.below(3)
        top = presets.max_mines(w, h, level)  # the dense presets are Hard (full) only
        if big:  # boards enough to fill both tables
            m = 1 + rng.below(top)
        key = presets.board_key(w, h, min(m, top), level, rng.below(3))
        won = rng.below(3) > 0
        r.add_result(key, won, rng.below(1 << 25), rng.below(300), rng.below(5))
    r.unknown.append((200, b"a section a newer game wrote"))
    w, h = 30, 24
    g = GameRecord(w, h, 216, rng.bits30() & 0x1FFFFF, rng.below(w), rng.below(h), 2, 2)  # Hard: 30% on 30x24; a board code's 21-bit seed
    g.lives = 5
    g.hints = rng.below(256)
    g.moves = rng.below(65536)
    g.elapsed_ms = rng.bits30() * 4 + 1
    placed = 0
    while placed < 216:
        k = rng.below(w * h)
        if not g.mine[k >> 3] >> (k & 7) & 1:
            g.mine[k >> 3] |= 1 << (k & 7)
            placed += 1
    for k in range(w * h):
        bit = 1 << (k & 7)
        pick = rng.below(4)
        is_mine = g.mine[k >> 3] & bit
        if pick == 0 and (not is_mine or g.lives_used < 3):
            g.opened[k >> 3] |= bit
            if is_mine:
                g.lives_used += 1
        elif pick == 1:
            g.flagged[k >> 3] |= bit
    r.game = g
    return r


def describe(records):
    """Every field of ``records`` as lines of text."""
    from mines.saves import records as R
    out = []
    for name in sorted(records.settings):
        out.append("setting %s=%d" % (name, records.settings[name]))
    for key in records.best_keys():
        out.append("best %r %r" % (R.key_parts(key), records.best_times(key)))
    for key in records.stats_keys():
        out.append("stats %r %r" % (R.key_parts(key), records.stats_for(key)))
    for ident, body in records.unknown:
        out.append("section %d %s" % (ident, "".join(["%02x" % b for b in body])))
    g = records.game
    if g is None:
        out.append("game None")
    else:
        out.append("game %d %d %d %d %d %d %d %d %d %d %d %d %d" % (
            g.width, g.height, g.mines, g.seed, g.start_x, g.start_y, g.level, g.kind, g.lives,
            g.lives_used, g.hints, g.moves, g.elapsed_ms))
        for bits in (g.mine, g.opened, g.flagged):
            out.append("".join(["%02x" % b for b in bits]))
    return "\n".join(out)


def main(argv):
    sys.path.insert(0, argv[1] + "/lib")
    from mines.saves.slots import STORE_SIZE, Store
    command, path = argv[2], argv[3]
    if command == "write":
        image = bytearray(STORE_SIZE)
        store = Store(image)
        store.load()
        records = sample_records(int(argv[4]))
        store.save(records)
        store.save(records)  # both slots, the second newer
        with open(path, "wb") as f:
            f.write(image)
        print(describe(records))
    else:
        with open(path, "rb") as f:
            image = bytearray(f.read())
        store = Store(image)
        records = store.load()
        print("message %s slot %d sequence %d" % (store.message, store.slot, store.sequence))
        print(describe(records))


if __name__ == "__main__":
    main(sys.argv)
