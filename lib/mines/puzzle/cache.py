# The pen-and-paper maker's cache of whole group enumerations (``mines.engine.layouts``) by
# content (``CachedLayouts``), for Hard's case analysis alone. Imported by the maker after its
# collect: compiled apart, where a 96K heap still finds room.
#
# The maker's case analysis sees most groups again and again, unchanged, from test to test (three
# in four at 20x15 Hard). A group whose cells, numbers, and mines still to place and free cells
# around each number are all the same as one kept has the same layouts: they are copied instead
# of enumerated. The last ``_SLOTS`` enumerations are kept, in a ring (fewer on a small board).
# Apart from ``mines.engine.layouts`` so that the sweeper carries none of it (its analysis keeps
# no cache), and so that the case analysis's modules compile as small as before.
#
# (Comments, not a docstring: a long docstring costs the device's compiler heap.)

from array import array

from mines._const import const
from mines.engine.layouts import GroupLayouts

_WATCH_UNITS = const(40)   # a watched enumeration looks for a second solution this often
# Slots: about 190 bytes each (devtime, 20x15 Hard, seeds 0..5: with 6 a median 1.8% less
# than with 8, the slowest 3.5% more; with 4 0.8% less, 11% more) ...
_SLOTS = const(6)
_SMALL_SLOTS = const(4)   # ... and below _SMALL_CELLS cells (a few groups at a time)
_SMALL_CELLS = const(150)
_KEY_CELLS = const(15)   # a kept group has at most this many cells (groups.MAX_GROUP) ...
_KEY_CONS = const(24)    # ... and numbers (a bigger one is enumerated every time; 21 the
# most seen at 20x15 Hard over 40 seeds, 1,956 groups)
_KMASK = const(2 * _KEY_CELLS + 3)   # a slot's masks (n + 1 AND, n + 1 OR) and count set


class CachedLayouts(GroupLayouts):
    """``GroupLayouts`` that look in the cache first (in ``step``: the look-up is sliced too)
    and keep what they enumerate. ``hits`` counts the copies."""

    def __init__(self, cases, max_group):
        GroupLayouts.__init__(self, cases, max_group)
        slots = _SLOTS if self.s.cells >= _SMALL_CELLS else _SMALL_SLOTS
        self.hits = 0
        self.watch = 0   # 1: ``step`` looks for a second solution in each group (``_seen``)
        self.twin = 0
        self.cuts = 0    # analyses so cut short
        self.imines = 0  # the solution's mines, safe cells in the interior (``MakerCases``)
        self.isafe = 0
        self._kt = 0     # watched: where the masks of the solution's count are
        # Per slot: its group's first cell << 10 | numbers << 4 | cells; 0: empty.
        self._ksig = [0] * slots
        self._sig = 0
        self._kcells = array("H", bytes(2 * slots * _KEY_CELLS))
        self._kcons = array("H", bytes(2 * slots * _KEY_CONS))
        self._kneed = bytearray(slots * _KEY_CONS)  # need << 4 | free
        # Per slot, _KMASK entries: the AND masks, then the OR masks, then the count set.
        self._kmask = array("H", bytes(2 * slots * _KMASK))
        self._next = 0
        self._fill = -1   # the slot being filled by the enumeration under way
        self._look = 0    # 1 + the next slot to look at; 0: no look-up
        self._base = 0
        self._ncons = 0

    def start(self, g, pos):
        GroupLayouts.start(self, g, pos)
        self._base = self.cases.gstart[g]
        n = self._n
        ncons = self._ncons
        self.s.work += 2 * n
        self._fill = -1
        self._look = 1 if n <= _KEY_CELLS and ncons <= _KEY_CONS else 0
        if self.watch:
            mine = self.s.board.mine
            gcells = self.cases.gcells
            k = pos
            for p in range(self._base, self._base + n):
                k += mine[gcells[p]]
            self._kt = k
            self.s.work += n

    def step(self, slice_units):
        if self._look:
            found = self._cached(slice_units)
            if found is None:
                return False
            if found:
                self._look = 0
                self._k = -1   # copied from the cache: nothing to enumerate
                self._seen()
                return True
        s = self.s
        # Watched: in pieces of _WATCH_UNITS, looking for a second solution after each.
        done = GroupLayouts.step(self, slice_units, _WATCH_UNITS if self.watch else 0)
        if done and self._fill >= 0:
            # Enumerated: kept in the slot taken for it (see _cached).
            slot = self._fill
            self._fill = -1
            n = self._n
            pos = self._pos
            andm = self.andm
            orm = self.orm
            kmask = self._kmask
            a = slot * _KMASK
            for j in range(n + 1):
                kmask[a + j] = andm[pos + j]
                kmask[a + _KEY_CELLS + 1 + j] = orm[pos + j]
            kmask[a + _KMASK - 1] = self.cset
            self._ksig[slot] = self._sig
            s.work += 2 * n
            self._seen()
        return done

    # Watched (``watch`` 1: the maker's Hard test), each group is looked at for a second
    # solution of the clues: two layouts with as many mines as the solution puts in the group
    # (the rest kept), or one with a mine more (less) where the interior holds a mine (safe
    # cell) of the solution to swap with. Then no level decides the grid (the solver is sound):
    # ``twin`` is set, watching stops, and the group is given no layout (``cset`` 0), so that
    # the analysis ends at once proving nothing (an enumeration cut short is not kept).
    def _seen(self):
        if not self.watch:
            return False
        k = self._kt
        am = self.andm
        if not (self.orm[k] & ~am[k] or self.imines and k < self._pos + self._n
                and am[k + 1] != 0xFFFF or self.isafe and k > self._pos and am[k - 1] != 0xFFFF):
            return False
        self.watch = 0
        self.twin = 1
        self.cuts += 1
        self.cset = 0
        self._fill = -1
        return True

    def _cached(self, slice_units):
        """From slot ``_look`` - 1 on: copy a kept enumeration of this group and return True;
        or take the next slot for it (``_fill``, kept when the enumeration is done) and return
        False; or None when the slice is used up first (called again)."""
        s = self.s
        base = self._base
        gcells = self.cases.gcells
        cons = self.cons
        key = self.key
        n = self._n
        ncons = self._ncons
        ksig = self._ksig
        kcells = self._kcells
        kcons = self._kcons
        kneed = self._kneed
        sig = gcells[base] << 10 | ncons << 4 | n
        if sig in ksig:   # (else no slot can be the same)
            for slot in range(self._look - 1, len(ksig)):
                if ksig[slot] != sig:
                    continue
                if s.work >= slice_units:
                    self._look = slot + 1
                    return None
                s.work += 2 + n + ncons
                a = slot * _KEY_CELLS
                for p in range(1, n):
                    if kcells[a + p] != gcells[base + p]:
                        break
                else:
                    a = slot * _KEY_CONS
                    for i in range(ncons):
                        if kcons[a + i] != cons[i] or kneed[a + i] != key[i]:
                            break
                    else:
                        # The same group: its layouts, as enumerated before.
                        pos = self._pos
                        andm = self.andm
                        orm = self.orm
                        kmask = self._kmask
                        a = slot * _KMASK
                        for k in range(n + 1):
                            andm[pos + k] = kmask[a + k]
                            orm[pos + k] = kmask[a + _KEY_CELLS + 1 + k]
                        self.cset = kmask[a + _KMASK - 1]
                        self.hits += 1
                        s.work += 2 * n
                        return True
        if s.work >= slice_units:
            self._look = len(ksig) + 1
            return None
        self._look = 0
        slot = self._next
        self._next = (slot + 1) % len(ksig)
        ksig[slot] = 0   # empty until the enumeration is done
        self._sig = sig
        a = slot * _KEY_CELLS
        for p in range(n):
            kcells[a + p] = gcells[base + p]
        a = slot * _KEY_CONS
        for i in range(ncons):
            if key[i] == 255:
                return False   # an impossible number (no layout): not kept
            kcons[a + i] = cons[i]
            kneed[a + i] = key[i]
        self._fill = slot
        s.work += 2 * n + 2 * ncons
        return False
