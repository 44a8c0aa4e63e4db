"""The puzzle maker's walk: functions of the ``PuzzleMaker`` (``maker``), as its methods
would be: giving a range's clues (``give``), going back to an earlier state of its solver
(``truncate``; the maker keeps a copy of the state for the level that forgets the most), and
second solutions found without solving (``second``, ``apart``). Imported by the maker apart
from its own module, each compiled where a 96K heap still finds room (the maker's start and
its deal are in ``deal``)."""

from mines.engine.solver import MINE, NUM, QUEUED, SAFE, UNK


def give(maker, j, stop, kept, slice_units):
    # Show the clues ``cand[j]``, ``cand[j -/+ 1]``... to the solver up to ``stop`` (not
    # included), downwards, or with ``kept`` upwards and only the clues kept (marked in
    # ``cand``), until the slice is used up; returns the j to go on from (``stop``: done). A
    # covered cell is given its number: ``Solver.give_clue`` written out (``order``, as the
    # walk goes back by it; no ``why``, ``src`` or ``when``: the final solve gives its clues
    # the solver's way, for hints). A cell proven safe is promoted (its number shown
    # from now on, demoted by ``truncate``); nothing once the grid is decided.
    # (The most used locals first: the first 16 take a byte less an access.)
    s = maker.solver
    c = k = n = 0
    st = s.st
    sp = s.sp
    work = s.work
    flags = s.flags
    stack = s.stack
    mu = s.mu
    order = s.order
    offsets = s.offsets
    clue = s.clue
    count = s.board.count
    cand = maker.cand
    step = 1 if kept else -1
    while j != stop and work < slice_units:
        c = cand[j]
        j += step
        if kept:
            if c < 0x8000:
                continue
            c ^= 0x8000   # (a kept clue: maker._KEPT)
        if st[c] == UNK:
            k = s.nknown
            order[k] = c
            s.nknown = k + 1
            s.unknown -= 1
            for d in offsets:
                n = c + d
                v = mu[n] - 1
                mu[n] = v
                if v & 15 and st[n] == NUM and not flags[n] & QUEUED:
                    flags[n] |= QUEUED
                    stack[sp] = n
                    sp += 1
            st[c] = NUM
            clue[c] = count[c]
            if mu[c] & 15:
                flags[c] |= QUEUED
                stack[sp] = c
                sp += 1
            work += 9
        elif st[c] == SAFE and s.unknown:
            st[c] = NUM
            clue[c] = count[c]
            k = maker.npromoted
            promoted = maker.promoted
            if k == len(promoted):
                promoted.extend(bytes(2 * k))   # (room for twice as many, in place)
            promoted[k] = c
            maker.npromoted = k + 1
            if mu[c] & 15 and not flags[c] & QUEUED:
                flags[c] |= QUEUED
                stack[sp] = c
                sp += 1
            work += 4
    s.sp = sp
    s.work = work
    return j


def truncate(maker, p, promoted, slice_units):
    """Take the solver back to the fixed point it was in when ``order`` had ``p`` cells
    and ``promoted`` clues were promoted (a promotion adds no cell to
    ``order``, so the count tells before from after): forget the newer cells and demote the
    clues promoted since, until ``slice_units`` are used up (returns False until done).
    Called only at fixed points (both stacks empty but for numbers left on the pair stack
    once the grid is decided), and after ``second`` kept a leaf's clue (the single
    rule's stack emptied, nothing learnt since the clues were given)."""
    s = maker.solver
    order = s.order
    k = s.nknown
    st = s.st
    flags = s.flags
    offsets = s.offsets
    if (k > p or maker.npromoted > promoted) and s.cases:
        # Numbers see a new neighbourhood: Hard's next case analysis takes every group as
        # changed (marking only the numbers around each cell forgotten saved no work).
        s.cases.fresh = 1
    mu = s.mu
    work = s.work
    # ``revision.forget`` written out, the counters in locals and the neighbours unrolled:
    # most of a truncation.
    o0, o1, o2, o3, o4, o5, o6, o7 = offsets
    while k > p and work < slice_units:
        work += 10
        k -= 1
        c = order[k]
        t = 1   # (``Solver.mu``: an unknown more, and for a mine a mine less)
        if st[c] == MINE:
            s.mines_left += 1
            t = -15
        mu[c + o0] += t
        mu[c + o1] += t
        mu[c + o2] += t
        mu[c + o3] += t
        mu[c + o4] += t
        mu[c + o5] += t
        mu[c + o6] += t
        mu[c + o7] += t
        st[c] = UNK
    s.unknown += s.nknown - k
    s.work = work
    s.nknown = k
    if k > p:
        return False
    while maker.npromoted > promoted:
        if s.work >= slice_units:
            return False
        maker.npromoted -= 1
        c = maker.promoted[maker.npromoted]
        s.work += 3
        if st[c] == NUM:
            st[c] = SAFE
    # Off the pair stack (numbers are left on it only once the grid was decided).
    pstack = s.pstack
    while s.psp:
        if s.work >= slice_units:
            return False
        s.psp -= 1
        flags[pstack[s.psp]] &= 0xFD
        s.work += 2
    s.sp = 0
    return True


def second(maker, c, total, resume, slice_units):
    """Whether the clues shown have a second solution of the simplest kind, so that no
    level decides the grid (the solver is sound): a mine and a safe unknown cell next to the
    same clues (swapped: every clue and the mine count stay), or an unknown cell next to no
    clue (the mine count not used, ``total`` 0: flipped). Only pairs with a cell x next to
    ``c`` or c itself (no clue there: maybe a mine) are looked for: the maker asks when the
    clue on c is left out of clues that have one solution, so every second solution is told
    apart by c. Returns 1 (found), 0, or with the count used, when such an x touches no
    clue, 2 + x's truth (``apart`` then looks for an unknown cell of the other touching
    none); -1 when the slice is used up first (called again with ``resume`` 1). Each x is
    a piece of a slice of at most 90 units."""
    # (The most used locals first: the first 16 take a byte less an access.)
    s = maker.solver
    x = m = k = v = 0
    st = s.st
    i = maker._i if resume else 0
    far = maker._far if resume else 0
    mine = s.board.mine
    offsets = s.offsets
    share_a = s.share_a
    share_b = s.share_b
    jtab = maker._jtab
    j0 = maker._j0
    near = maker._near
    while i < 9:
        if s.work >= slice_units:
            maker._i = i
            maker._far = far
            return -1
        x = c + near[i]
        i += 1
        if st[x] != UNK:
            continue
        m = 0
        k = 1
        for d in offsets:
            if st[x + d] == NUM:
                m |= k
                if m == k:
                    a = x + d   # x's first clue: a partner is next to it
            k <<= 1
        s.work += 10
        t = mine[x]
        if not m:
            if not total:
                return 1
            far = 2 + t
            continue
        x0 = x - j0
        for d in offsets:
            v = a + d
            if st[v] != UNK or mine[v] == t:
                continue
            j = jtab[v - x0] - 1
            if j < 0 or m & ~share_a[j]:
                continue   # v is x itself, or a clue of x's is not next to v
            # x's clues are all v's neighbours: are v's all x's?
            mv = 0
            k = 1
            for d2 in offsets:
                if st[v + d2] == NUM:
                    mv |= k
                k <<= 1
            s.work += 10
            if not mv & ~share_b[j]:
                return 1
    return far


def apart(maker, t, c, slice_units):
    """After ``second`` returned 2 + t: an unknown cell of truth 1 - t touching no clue,
    from the unknown cell after c (-1: the first) until the slice is used up. Returns -2
    (found), -1 (none), else the cell to go on from."""
    s = maker.solver
    st = s.st
    mine = s.board.mine
    offsets = s.offsets
    work = s.work
    while work < slice_units:
        c = st.find(b"\x00", c + 1)
        if c < 0:
            break
        work += 2
        if mine[c] == t:
            continue
        work += 6
        for d in offsets:
            if st[c + d] == NUM:
                break
        else:
            c = -2
            break
    s.work = work
    return c
