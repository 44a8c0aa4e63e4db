"""Taking back what the solver learnt, for the generator after it moves mines.

``revise_begin`` then ``revise`` (sliced: call until it returns True, with a budget of cells per
call): after mines moved under some open numbers, forget exactly the deductions that used an old
value of those numbers, directly or through other forgotten cells (and, conservatively, every
case-analysis deduction after the first changed number), keep the rest in their order, and queue
the numbers next to what changed, so the solver goes on from a state it could have reached from
the start of the new board.

A packed solver (the generator's and a hinter's own: ``Solver(..., packed=True)``) keeps no
``src2``: a pair deduction's ``why`` is WHY_PAIR | j << 2, its other number at ``poffs[j]``
from its first.

The functions take the ``Solver`` as their first argument (``self``), as its methods would;
they live apart so that each module stays small enough to compile on the device.
"""

from mines.engine.solver import (ALL_FLAGS, CHANGED, FORGOTTEN, MINE, NUM, PAIR_QUEUED, QUEUED,
                                 RENUMBERED, UNK, WHY_FULL, WHY_GIVEN, WHY_PAIR)


def revise_begin(self, cells, n):
    """Mines were moved on ``cells[0:n]`` (unknown cells, or in the end game known ones, which
    are then forgotten with all that depended on them). Every open number touching them now
    shows a new value; ``revise`` then forgets exactly the deductions that depended on an old
    value, directly or through other forgotten cells, and keeps the rest. ``cells`` must stay
    as it is until ``revise`` is done. Returns the position in ``order`` of the first changed
    number: nothing learnt before it changes."""
    st = self.st
    when = self.when
    order = self.order
    flags = self.flags
    clue = self.clue
    count = self.board.count
    offsets = self.offsets
    keep = self.nknown
    for i in range(n):
        c = cells[i]
        if st[c] != UNK:
            # A known cell whose mine moved (the end game): what was learnt of it is wrong.
            flags[c] |= FORGOTTEN
            k = when[c]
            while order[k] != c:   # (a narrow solver's: modulo 256)
                k += 256
            if k < keep:
                keep = k
        for d in offsets:
            y = c + d
            if st[y] == NUM:
                flags[y] |= RENUMBERED
                clue[y] = count[y]
                k = when[y]
                while order[k] != y:
                    k += 256
                if k < keep:
                    keep = k
    self._moved = cells
    self._nmoved = n
    self._cursor = keep
    self._write = keep
    self._phase = 0
    self.psp = 0        # the pair stack (empty when stuck) lists the cells forgotten
    self.work += 10 * n
    return keep


def revise(self, budget):
    """Carry on with ``revise_begin``'s work, about ``budget`` cells a call. Returns True when
    done: the numbers next to what changed are queued again and solving can go on."""
    st = self.st
    flags = self.flags
    order = self.order
    offsets = self.offsets
    forgot = self.pstack
    if self._phase == 0:
        # In order, so a cell's sources and their neighbourhoods are judged before it. A
        # forgotten cell keeps FORGOTTEN (and a changed number RENUMBERED) until the walk ends.
        why = self.why
        src = self.src
        src2 = self.src2
        when = self.when
        packed = self.packed
        narrow = self.narrow
        low = 255 if narrow else 0xFFFF
        poffs = self.poffs
        unk = self.unk
        mk = self.mk
        nforgot = self.psp
        k = self._cursor
        out = self._write
        end = k + budget
        if end > self.nknown:
            end = self.nknown
        while k < end:
            c = order[k]
            k += 1
            f = flags[c]
            bad = f & FORGOTTEN
            if not bad:
                w = why[c]
                if w == WHY_FULL:
                    bad = 1   # it used the whole board: assume the worst
                elif w != WHY_GIVEN:
                    a = src[c]
                    if narrow:   # a byte of it: the number within 128 of c (``Solver``)
                        a = c - 128 + ((a - c + 128) & 255)
                    b = a if packed else src2[c]
                    if packed and w & 3 == WHY_PAIR:
                        b = a + poffs[w >> 2]   # (see ``Solver``)
                    if (flags[a] | flags[b]) & (FORGOTTEN | RENUMBERED):
                        bad = 1
                    else:
                        for d in offsets:
                            if (flags[a + d] | flags[b + d]) & FORGOTTEN:
                                bad = 1
                                break
            if not bad:
                order[out] = c
                when[c] = out & low
                out += 1
                continue
            flags[c] = f | FORGOTTEN
            forgot[nforgot] = c
            nforgot += 1
            # Known cell c becomes unknown again: its neighbours' counters follow.
            if st[c] == MINE:
                self.mines_left += 1
                for d in offsets:
                    unk[c + d] += 1
                    mk[c + d] -= 1
            else:
                for d in offsets:
                    unk[c + d] += 1
            st[c] = UNK
            self.unknown += 1
        self.work += 4 * (k - self._cursor) + 5 * (nforgot - self.psp)
        self._cursor = k
        self._write = out
        self.psp = nforgot
        if k < self.nknown:
            return False
        self.nknown = out
        self._phase = 1
        self._cursor = 0
        return False
    # Queue the numbers next to a forgotten cell, and the changed numbers; every other number
    # was already looked at in the stuck state and nothing around it changed.
    unk = self.unk
    stack = self.stack
    sp = self.sp
    i = self._cursor
    end = i + budget
    nforgot = self.psp
    if end > nforgot:
        end = nforgot
    while i < end:
        c = forgot[i]
        i += 1
        flags[c] &= QUEUED | PAIR_QUEUED
        for d in offsets:
            y = c + d
            if st[y] == NUM and unk[y] and not flags[y] & QUEUED:
                flags[y] |= QUEUED
                stack[sp] = y
                sp += 1
    self.work += 9 * (i - self._cursor)
    self._cursor = i
    self.sp = sp
    if i < nforgot:
        return False
    moved = self._moved
    for j in range(self._nmoved):
        c = moved[j]
        for d in offsets:
            y = c + d
            if flags[y] & RENUMBERED:
                flags[y] &= ALL_FLAGS ^ RENUMBERED ^ CHANGED
                if st[y] == NUM and unk[y] and not flags[y] & QUEUED:
                    flags[y] |= QUEUED
                    stack[sp] = y
                    sp += 1
    self.work += 9 * self._nmoved
    self.sp = sp
    self.psp = 0
    return True
