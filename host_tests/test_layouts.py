"""``mines.engine.layouts.GroupLayouts`` against a brute force over every mine layout of a group:
random small states, numbers that allow no layout among them, and the enumeration sliced
anywhere (stopped at a layout too), and the maker's cache (``CachedLayouts``) giving a group
seen before the same masks."""

import random

from mines.engine.layouts import GroupLayouts
from mines.engine.solver import MINE, NUM, UNK, WALL


class _State:
    """What ``GroupLayouts`` reads of a solver and of its case analysis, for a w x h board."""

    def __init__(self, w, h, rng):
        stride = w + 2
        self.size = stride * (h + 2)
        self.cells = w * h
        self.masks = 0   # (CaseAnalysis.masks: room for every mask)
        self.cid = 1     # (CaseAnalysis.cid: a hinter's bytes made)
        self.stamp = 3   # every cell taken into this analysis's groups (CaseAnalysis.mark)
        self.mark = bytearray([self.stamp]) * self.size
        self.offsets = (-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1)
        self.st = bytearray([WALL]) * self.size
        self.clue = bytearray(self.size)
        self.mk = bytearray(self.size)
        self.unk = bytearray(self.size)
        self.work = 0
        self.s = self
        inside = [(y + 1) * stride + x + 1 for y in range(h) for x in range(w)]
        for c in inside:
            self.st[c] = rng.choice((UNK, UNK, NUM, NUM, NUM, MINE))
        for c in inside:
            self.unk[c] = sum(self.st[c + d] == UNK for d in self.offsets)
            self.mk[c] = sum(self.st[c + d] == MINE for d in self.offsets)
            if self.st[c] == NUM:
                # mostly numbers some layout fits; now and then one none does
                self.clue[c] = max(0, min(8, self.mk[c] + rng.randint(-1, self.unk[c] + 1)))
        self.mu = bytearray(m << 4 | u for m, u in zip(self.mk, self.unk))   # (``Solver.mu``)
        # The group: covered cells next to a number, at most 12.
        cells = [c for c in inside if self.st[c] == UNK and any(
            self.st[c + d] == NUM and self.unk[c + d] for d in self.offsets)]
        rng.shuffle(cells)
        self.gcells = cells[:12]
        self.gstart = [0, len(self.gcells)]


def _brute(s):
    """cset, AND and OR masks by count, as ``GroupLayouts`` defines them."""
    cells = s.gcells
    n = len(cells)
    where = {c: p for p, c in enumerate(cells)}
    nums = sorted({c + d for c in cells for d in s.offsets if s.st[c + d] == NUM and s.unk[c + d]})
    cset, andm, orm = 0, [0xFFFF] * (n + 1), [0] * (n + 1)
    for lay in range(1 << n):
        fits = True
        for b in nums:
            inside = [where[b + d] for d in s.offsets if b + d in where]
            mines = sum(lay >> p & 1 for p in inside)
            need = s.clue[b] - s.mk[b] - mines
            if not 0 <= need <= s.unk[b] - len(inside):
                fits = False
                break
        if fits:
            k = bin(lay).count("1")
            cset |= 1 << k
            andm[k] &= lay
            orm[k] |= lay
    return cset, andm, orm


def _run(lay, s, pos, slice_size):
    s.work = 0
    lay.start(0, pos)
    calls = 0
    while not lay.step(s.work + slice_size):
        calls += 1
        assert calls < 100000
    n = len(s.gcells)
    return lay.cset, list(lay.andm[pos:pos + n + 1]), list(lay.orm[pos:pos + n + 1]), s.work


def test_group_layouts_match_a_brute_force_sliced_anywhere():
    rng = random.Random(5)
    empty = impossible = 0
    for trial in range(150):
        s = _State(rng.randint(3, 6), rng.randint(3, 5), rng)
        if not s.gcells:
            continue
        lay = GroupLayouts(s, 15)
        cset, andm, orm = _brute(s)
        whole = _run(lay, s, 3, 1 << 20)
        got = whole[:3]
        if cset:
            assert got == (cset, andm, orm), trial
        else:
            assert got[0] == 0, trial   # (the masks mean nothing then)
            empty += 1
        impossible += any(s.st[c + d] == NUM and s.unk[c + d] and not
                          0 <= s.clue[c + d] - s.mk[c + d] <= s.unk[c + d]
                          for c in s.gcells for d in s.offsets)
        # The numbers' marks as they were (the constraint numbers gone), cid untouched.
        assert s.mark == bytearray([s.stamp]) * s.size and not any(lay.cid), trial
        for size in (1, 3, 7):
            assert _run(lay, s, 0, size)[:4] == (got[0], whole[1], whole[2], whole[3]), trial
    assert empty > 10 and impossible > 10   # both kinds of state really were tried


def test_cached_layouts_copy_a_group_seen_before():
    from mines.puzzle.cache import CachedLayouts
    rng = random.Random(7)
    hits = full = 0
    for trial in range(60):
        s = _State(5, 4, rng)
        if not s.gcells or len(s.gcells) > 10:
            continue
        plain = _run(GroupLayouts(s, 15), s, 0, 1 << 20)
        cached = CachedLayouts(s, 15)
        for size in (1 << 20, 2, 5):
            assert _run(cached, s, 0, size)[:3] == plain[:3], trial
        # kept unless a number has fewer mines to place than none (then copied twice)
        below = any(s.st[c + d] == NUM and s.unk[c + d] and s.clue[c + d] < s.mk[c + d]
                    for c in s.gcells for d in s.offsets)
        assert cached.hits == (0 if below else 2), trial
        hits += cached.hits
        full += not plain[0] and not below
    assert hits > 20 and full   # a group with no layout kept and copied too
