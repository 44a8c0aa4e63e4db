"""Loading a player's view into the hinter's solver (``hints.Hinter``, ``h``): from scratch,
or from the last view loaded by applying only what changed since (the usual case in a game: a
hint job runs after every move). Functions of the ``Hinter``, as its methods would be: they
live apart so that each module stays small enough to compile on the device.

What a load leaves, as ``Solver.give_clue`` and ``mark_mine`` would for every number and blown
mine (those are the givens; flags are not): ``st``, ``mu`` and ``why`` right for every
cell (the numbers' values are the view's own: the hinter lends the view as the solver's
``clue``), and the numbers next to covered cells (the *frontier*) first in ``order`` and queued
on the solver's stack, where the rules and the case analysis look. It also checks each number it
touches (no more mines around it than its value, no fewer covered cells than it still needs).

A from-scratch load walks every cell (about 25-50 ms on the device for Expert); after a move only
the rows that changed are walked and the numbers around changed cells redone. Anything a game
cannot do between two views (a number covered again, a new board) makes it load from scratch.
What the solver learns after a load is in ``order`` after the frontier: the next load forgets it
again (its undo) and is back at the state this one left, with no copy of it kept.
"""

from mines._const import const
from mines.engine.game import BAD_FLAG, BLOWN, COVERED, FLAG
from mines.engine.solver import MINE, NUM, UNK

_K_COVERED = bytes((COVERED,))   # tiles a view is searched for
_K_FLAG = bytes((FLAG,))
_K_BAD_FLAG = bytes((BAD_FLAG,))
_K_MINE = bytes((1,))   # a mine in a Board's ``mine``
_SCAN = const(40)   # mines ``_swappable`` looks at, at most (five rows of Expert hold about 30)


def load(h, shown):
    """A generator: load ``shown``, yielding whenever the solver's ``work`` passes the
    step's units (``h._units``). Afterwards: ``error`` (None or "inconsistent: ..."),
    ``_numbers`` (the frontier numbers, first in ``order``), ``numbers``, ``blown``."""
    s = h.solver
    b = h.board
    fresh = h.last[0] == h.FRESH or s.epoch != h._epoch
    if fresh:
        s.reset(-1)
    else:
        # Forget what the solver learnt since the last load (the cells after the frontier in
        # ``order``), newest first, back to the state that load left (``nknown`` follows: an
        # undo cut short goes on at the next load).
        st = s.st
        mu = s.mu
        order = s.order
        o0, o1, o2, o3, o4, o5, o6, o7 = b.offsets
        nf = h._numbers
        k = s.nknown
        while k > nf:   # written out: a hint after a check undoes hundreds of cells
            k -= 1
            c = order[k]
            t = -15 if st[c] == MINE else 1   # (``Solver.mu``: an unknown more, a mine less)
            mu[c + o0] += t
            mu[c + o1] += t
            mu[c + o2] += t
            mu[c + o3] += t
            mu[c + o4] += t
            mu[c + o5] += t
            mu[c + o6] += t
            mu[c + o7] += t
            st[c] = UNK
            s.nknown = k
            s.work += 9
            if s.work >= h._units:
                yield
        # The rest of a reset: no flags, empty stacks, no analysis half done.
        s.flags[:] = b.zeros
        if s.cases is not None:
            s.cases.abandon()
        s.sp = 0
        s.psp = 0
        s.total_mines = -1
    s.why[:] = b.zeros      # WHY_GIVEN everywhere
    h.error = None
    _unmark(h)   # a load cut short (its job stopped) may have left marks
    if not fresh:
        for _ in _changes(h, shown):
            yield
        fresh = h._fresh
        if fresh:
            s.reset(-1)   # the changes half applied: back to nothing known
            s.why[:] = b.zeros
    if fresh:
        for _ in _scratch(h, shown):
            yield
    if h.error is not None:
        h.forget()
        return
    # (From here to the end in one go: what changed is committed.)
    if h._game:
        for y in range(b.height):
            h.last[y] = _covered(shown, (y + 1) * b.stride + 1, b.width)
    else:
        h.last[:] = shown
    # The frontier, first in ``order`` and on the stack.
    when = s.when
    stack = s.stack
    flags = s.flags
    front = s.order
    nf = h._numbers
    for k in range(nf):
        a = front[k]
        stack[k] = a
        when[a] = k
        flags[a] = 1
    h._epoch = s.epoch
    s.sp = nf
    s.nknown = nf
    s.unknown = s.cells - h.numbers - h.blown
    s.mines_left = -1 - h.blown
    s.work += 2 * nf

def _scratch(h, shown):
    s = h.solver
    b = h.board
    st = s.st
    h.forget()   # until this walk is through, the last view is not loaded
    numbers = 0
    blown = 0
    nf = 0
    front = s.order
    o0, o1, o2, o3, o4, o5, o6, o7 = b.offsets
    stride = b.stride
    for y in range(b.height):
        s.work += 2 * b.width
        if s.work >= h._units:
            yield
        row = (y + 1) * stride + 1
        for i in range(row, row + b.width):
            t = shown[i]
            if t > 8:
                if t == BLOWN:
                    st[i] = MINE
                    blown += 1
                continue
            st[i] = NUM
            numbers += 1
            # Most numbers have every neighbour open (tiles 0..8, and the border's 0): one
            # look at the eight, written out, settles them.
            if (shown[i + o0] <= 8 and shown[i + o1] <= 8 and shown[i + o2] <= 8
                    and shown[i + o3] <= 8 and shown[i + o4] <= 8 and shown[i + o5] <= 8
                    and shown[i + o6] <= 8 and shown[i + o7] <= 8):
                s.mu[i] = 0   # (no covered cell, no mine)
                continue
            if _number(h, i, shown):
                front[nf] = i
                nf += 1
            if h.error is not None:
                return
    h.numbers = numbers
    h.blown = blown
    h._numbers = nf

def _number(h, a, shown):
    """Count around number a and check it. True if a covered cell touches it."""
    s = h.solver
    u = 0
    m = 0
    for d in h.board.offsets:
        w = shown[a + d]
        if w > 8:
            if w == BLOWN:
                m += 1
            elif w == COVERED or w == FLAG or w == BAD_FLAG:
                u += 1
    s.mu[a] = m << 4 | u
    t = shown[a]
    if m > t or t - m > u:
        b = h.board
        h.error = "inconsistent: the %d at (%d, %d) has %d mine(s) and %d covered " \
                     "cell(s) around it" % (t, b.x_of(a), b.y_of(a), m, u)
    s.work += 12
    return u > 0

def _changes(h, shown):
    """Apply what changed since ``last`` (the solver's state is back at the one that load
    left): cells opened and mines blown; sets ``_fresh`` when that is not a game's move.
    The walk (sliced) only lists the cells to redo; the solver's state changes after it,
    in one go, so a walk cut short leaves the state the last load left. A game's view
    (``_game``) walks a row only when its count of covered cells changed (it only falls)."""
    s = h.solver
    b = h.board
    st = s.st
    last = h.last
    offsets = b.offsets
    inside = b.inside
    mark = h.seen
    touched = h.walk
    h._fresh = False
    w = b.width
    stride = b.stride
    game = h._game
    for y in range(b.height):
        row = (y + 1) * stride + 1
        s.work += 4
        if game:
            n = _covered(shown, row, w)
            if n == last[y]:
                continue
            fresh = n > last[y]   # a cell covered again: another game
        else:
            if shown[row:row + w] == last[row:row + w]:
                continue
            fresh = False
        for i in range(row, row + w):
            t = shown[i]
            if st[i] != UNK:   # open in the last view (a number or a blown mine)
                if not game and t != last[i]:
                    fresh = True   # an open cell changed (another game)
                continue
            if t > 8 and t != BLOWN:
                continue   # covered still (a flag put on or taken off changes nothing)
            if fresh or h._nt + 9 > s.cells:
                fresh = True   # (or much changed)
                break
            # The cell itself (a new number or mine) and the numbers around it are redone.
            nt = h._nt
            if t == BLOWN:
                mark[i] = 1
                touched[nt] = i
                nt += 1
            for j in (i, i + offsets[0], i + offsets[1], i + offsets[2], i + offsets[3],
                      i + offsets[4], i + offsets[5], i + offsets[6], i + offsets[7]):
                if not mark[j] and shown[j] <= 8 and inside[j]:
                    mark[j] = 1
                    touched[nt] = j
                    nt += 1
            h._nt = nt
            s.work += 12
        if fresh:
            h._fresh = True
            _unmark(h)
            return
        if s.work >= h._units:
            yield
    numbers = h.numbers
    blown = h.blown
    nt = h._nt
    for k in range(nt):
        a = touched[k]
        if shown[a] == BLOWN:
            st[a] = MINE
            blown += 1
            continue
        if st[a] != NUM:   # newly open
            st[a] = NUM
            numbers += 1
        _number(h, a, shown)
    h.numbers = numbers
    h.blown = blown
    # The frontier: the old one (its untouched numbers keep their covered cells), merged
    # with the redone numbers that touch a covered cell, in board order as a walk from
    # scratch lists it (the solver then learns in the same order and the same hint comes
    # out either way). The old one is in order already: one pass drops, one pass merges.
    front = s.order
    nf = 0
    for k in range(h._numbers):
        a = front[k]
        if not mark[a]:
            front[nf] = a
            nf += 1
    new = sorted([a for a in touched[:nt] if st[a] == NUM and s.mu[a] & 15])
    _unmark(h)
    j = len(new) - 1
    k = nf - 1
    nf += j + 1
    at = nf - 1
    while j >= 0:   # from the back, in place
        a = new[j]
        if k >= 0 and front[k] > a:
            front[at] = front[k]
            k -= 1
        else:
            front[at] = a
            j -= 1
        at -= 1
    h._numbers = nf
    s.work += 4 * nt + 2 * nf

def _unmark(h):
    for k in range(h._nt):
        h.seen[h.walk[k]] = 0
    h._nt = 0

def pending_flags(h, shown, truth):
    """A generator (yielding whenever the solver's ``work`` passes ``h._units``): sets
    ``h._pending`` to the flags that might be wrong: every flag, or with ``truth`` (a Board)
    those on cells without a mine that the numbers may yet prove safe (a flag on a mine never
    is, nor one with a mine to swap for it: ``_swappable``)."""
    n = 0
    for key in (_K_FLAG, _K_BAD_FLAG):
        i = shown.find(key)
        while i >= 0:
            if truth is None or not (truth.mine[i] or _swappable(h, shown, truth.mine, i)):
                n += 1
            if h.solver.work >= h._units:
                yield
            i = shown.find(key, i + 1)
    h._pending = n


def _swappable(h, shown, mine, i):
    """True when a covered mine (``mine``: the truth) other than cell ``i`` touches the very
    open numbers ``i`` touches: the two swapped, every number shown and the total still hold
    with a mine at ``i``, so no rule can prove ``i`` safe (the check after a move then need not
    run every rule, the case analysis too, for a flag that can never be wrong). Looks at
    ``_SCAN`` mines at most (a comparison counting as four more), from two rows above ``i`` (and no further than two rows below
    when ``i`` touches a number: a mine touching the same is that near); False when none is
    found (the flag is waited for, as any)."""
    b = h.board
    stride = b.stride
    inside = b.inside
    offsets = b.offsets
    ix = i % stride
    iy = i // stride
    near = 0   # ``i`` touches an open number: only mines within two cells can match
    for d in offsets:
        if shown[i + d] <= 8 and inside[i + d]:
            near = 2 * stride + 2
    found = False
    cost = 0   # mines looked at, a comparison as four more
    m = mine.find(_K_MINE, max(0, i - 2 * stride - 2))
    while 0 <= m and cost < _SCAN and not (near and m > i + near):
        cost += 1
        mx = m % stride
        my = m // stride
        t = shown[m]
        if m != i and (t == COVERED or t == FLAG or t == BAD_FLAG) and not (
                near and (mx - ix > 2 or ix - mx > 2)):
            cost += 4
            for d in offsets:
                j = i + d
                if shown[j] <= 8 and inside[j] and (
                        j % stride - mx > 1 or mx - j % stride > 1 or j // stride - my > 1
                        or my - j // stride > 1):
                    break
                j = m + d
                if shown[j] <= 8 and inside[j] and (
                        j % stride - ix > 1 or ix - j % stride > 1 or j // stride - iy > 1
                        or iy - j // stride > 1):
                    break
            else:
                found = True
                break
        m = mine.find(_K_MINE, m + 1)
    h.solver.work += 8 + 3 * cost
    return found


def _covered(shown, at, n):
    """Covered cells (flags included) among the ``n`` tiles of view ``shown`` from ``at``."""
    return shown.count(_K_COVERED, at, at + n) + shown.count(_K_FLAG, at, at + n) + \
        shown.count(_K_BAD_FLAG, at, at + n)
