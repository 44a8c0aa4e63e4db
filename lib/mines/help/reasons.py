"""Why a hint holds: the open numbers whose constraints alone prove a cell the hinter learnt
(``hints.Hinter``), by a walk back through the cells each proof relied on; and the hint chosen
by them among the candidates. Functions of the ``Hinter`` (``h``), as its methods would be;
they live apart so that a check after a move (no hint asked) does not load them: they load
when a hint is chosen."""

from mines._const import const
from mines.engine.solver import MINE, NUM, SAFE, UNK, WHY_FULL, WHY_GIVEN, WHY_PAIR

# hints.RULE_SINGLE and RULE_COUNT, repeated (hints imports this module: a test checks them).
_RULE_SINGLE = const(0)
_RULE_COUNT = const(3)


def because_of(h, c):
    """The open numbers (padded indices, sorted) whose constraints alone prove learnt cell c:
    a walk back through the cells each proof relied on."""
    s = h.solver
    st = s.st
    when = s.when
    why = s.why
    offsets = h.board.offsets
    # A number a deduction fired on lies within 3 cells of the cell (a pair's within 2 of
    # the other, next to the cell): modulo 256 (``src``, narrow) it is the one in that window.
    near = 3 * h.board.stride + 3
    seen = h.seen
    seen[:] = h.board.zeros
    walk = h.walk
    nums = []
    base = s.psp   # (the walk goes above the pair stack's entries: ``Hinter.walk``)
    top = base + 1
    walk[base] = c
    seen[c] = 2
    while top > base:
        top -= 1
        x = walk[top]
        w = why[x]
        t = when[x]   # (a case split's cell: where the split began, ``_work``)
        if w == WHY_FULL:
            if rule_of(h, x) == _RULE_COUNT:
                # The count used every known cell and every number of the frontier.
                for k in range(t):
                    y = s.order[k]
                    if why[y] != WHY_GIVEN and not seen[y] & 2:
                        seen[y] |= 2
                        walk[top] = y
                        top += 1
                for a in range(len(st)):
                    if st[a] == NUM and not seen[a] & 1 and _open_at(h, a, t):
                        seen[a] |= 1
                        nums.append(a)
                continue
            top = _group(h, x, t, nums, top)
            continue
        a = x - near + ((s.src[x] - x + near) & 255)
        b = a
        if w & 3 == WHY_PAIR:
            b = a + s.poffs[w >> 2] if s.packed else s.src2[x]   # (packed: in ``why``)
        for a in (a, b):
            if seen[a] & 1:
                continue
            seen[a] |= 1
            nums.append(a)
            for d in offsets:
                y = a + d
                v = st[y]
                if (v == SAFE or v == MINE) and why[y] != WHY_GIVEN and when[y] < t \
                        and not seen[y] & 2:
                    seen[y] |= 2
                    walk[top] = y
                    top += 1
    s.work += 4 * len(nums)
    nums.sort()
    return nums


def rule_of(h, c):
    """The rule learnt cell c's proof needed: the last begun at or before its position."""
    k = h.solver.when[c]
    starts = h.starts
    rule = _RULE_SINGLE
    while rule < _RULE_COUNT and starts[rule + 1] <= k:
        rule += 1
    return rule


def _known_at(s, y, t):
    """Was cell y known (given, or learnt before position t of ``order``)?"""
    v = s.st[y]
    if v == UNK:
        return False
    return v == NUM or s.why[y] == WHY_GIVEN or s.when[y] < t


def _open_at(h, a, t):
    """Did number a have a cell around it still unknown at position t?"""
    for d in h.board.offsets:
        if not _known_at(h.solver, a + d, t):
            return True
    return False


def _group(h, x, t, nums, top):
    """Case split at position t proved cell x: add the numbers of x's group then (cells
    linked through numbers with unknown cells) to ``nums``, and queue on ``walk`` the learnt
    cells those numbers relied on. Returns the new top of ``walk``."""
    s = h.solver
    st = s.st
    offsets = h.board.offsets
    seen = h.seen
    walk = h.walk
    # The group's cells queue in the case analysis's group list: a case split proved x, so
    # there is one, and between two of its analyses the list is free.
    queue = s.cases.gcells
    # x was unknown at t: queue it as a group cell (mark 4, apart from the walk's 2).
    seen[x] |= 4
    queue[0] = x
    n = 1
    q = 0
    while q < n:
        y = queue[q]
        q += 1
        for d in offsets:
            a = y + d
            if st[a] != NUM or seen[a] & 1:
                continue
            seen[a] |= 1
            nums.append(a)
            for e in offsets:
                z = a + e
                if st[z] == NUM or st[z] > MINE:
                    continue
                if _known_at(s, z, t):
                    if st[z] != NUM and s.why[z] != WHY_GIVEN and not seen[z] & 2:
                        seen[z] |= 2
                        walk[top] = z
                        top += 1
                elif not seen[z] & 4:
                    seen[z] |= 4
                    queue[n] = z
                    n += 1
    s.work += 10 * n
    return top


def choose(h):
    """The hint among the candidates: fewest proving numbers, safe before mine, nearest (a
    generator: yields between candidates when the step's budget is spent, as a big group's
    numbers take a while to gather)."""
    s = h.solver
    # The positions of the cells learnt, written out (the solver keeps them modulo 256; a
    # case split's cells hold where it began).
    order = s.order
    why = s.why
    when = s.when
    for k in range(h._numbers, s.nknown):
        c = order[k]
        if why[c] != WHY_FULL:
            when[c] = k
    s.work += (s.nknown - h._numbers) >> 1
    stride = h.board.stride
    best = None
    for k in range(h.ncand):
        c = h.cand[k]
        because = because_of(h, c)
        far = 0
        if h.cursor >= 0:
            far = abs(c % stride - h.cursor % stride) + abs(c // stride - h.cursor // stride)
        key = (len(because), s.st[c] == MINE, far)
        if best is None or key < best[0]:
            best = (key, c, because)
            if key[0] == 1 and not key[1] and h.cursor < 0:
                break   # nothing beats one number proving a safe cell
        if s.work >= h._units:
            yield
    h.cell = best[1]
    h.is_mine = s.st[h.cell] == MINE
    h.because = best[2]
    h.rule = rule_of(h, h.cell)
    h._found = True
