"""Loading a player's view into the solver for a hint: from scratch, or from the last view loaded
by applying only what changed since (the usual case in a game: a hint job runs after every move).

What a load leaves, as ``Solver.give_clue`` and ``mark_mine`` would for every number and blown
mine (those are the givens; flags are not): ``st``, ``unk``, ``mk`` and ``why`` right for every
cell (the numbers' values are the view's own: the hinter lends the view as the solver's
``clue``), and the numbers next to covered cells (the *frontier*) first in ``order`` and queued
on the solver's stack, where the rules and the case analysis look. It also checks each number it
touches (no more mines around it than its value, no fewer covered cells than it still needs).

A from-scratch load walks every cell (about 25-50 ms on the device for Expert); after a move only
the rows that changed are walked and the numbers around changed cells redone. Anything a game
cannot do between two views (a number covered again, a new board) makes it load from scratch.
"""

from mines._const import const
from array import array

from mines.engine.game import BAD_FLAG, BLOWN, COVERED, FLAG
from mines.engine.solver import MINE, NUM, UNK

_FRESH = const(0xFE)   # in ``last``: no view loaded


class ViewLoader:
    """The last view loaded, for one board size (``solver.board`` gives it). What the solver
    learns after a load is in ``order`` after the frontier: the next load forgets it again
    (``_undo``) and is back at the state this one left, with no copy of it kept."""

    def __init__(self, solver, mark=None, touched=None):
        """``mark`` (a bytearray of the board's size, zero whenever a load begins) and
        ``touched`` (an array('H') of at least a cell per cell of the board): buffers the
        caller lends, used only while a load runs (the hinter's; None: made here)."""
        self.solver = solver
        b = solver.board
        self.board = b
        size = b.size
        cells = b.width * b.height
        self.last = bytearray(size)
        self.mark = bytearray(size) if mark is None else mark
        # The frontier numbers, in board order, kept from one load to the next: first in the
        # solver's ``order``, where a load leaves them and nothing learnt after overwrites them.
        # A solver reset by anyone else meanwhile (the generator's, lent to the hints between
        # boards) no longer holds them: the next load is then made from scratch (``_epoch``).
        self.front = solver.order
        self._epoch = -1              # the solver's ``epoch`` when the last load was done
        self.touched = array("H", bytes(2 * cells)) if touched is None else touched
        self._room = cells            # cells a load from the last view may redo
        self.nfront = 0
        self._nt = 0                  # cells marked in ``mark`` (listed in ``touched``)
        self.numbers = 0
        self.blown = 0
        self.error = None
        self.forget()

    def forget(self):
        """Load the next view from scratch (``last[0]``, a border cell, says so)."""
        self.last[0] = _FRESH

    def load(self, shown, limit):
        """A generator: load ``shown``, yielding whenever the solver's ``work`` passes
        ``limit()``. Afterwards: ``error`` (None or "inconsistent: ..."), ``nfront`` (the frontier
        numbers, first in ``order``), ``numbers``, ``blown``."""
        s = self.solver
        b = self.board
        fresh = self.last[0] == _FRESH or s.epoch != self._epoch
        if fresh:
            s.reset(-1)
        else:
            for _ in self._undo(limit):
                yield
            # The rest of a reset: no flags, empty stacks, no analysis half done.
            s.flags[:] = b.zeros
            if s.cases is not None:
                s.cases.abandon()
            s.sp = 0
            s.psp = 0
            s.total_mines = -1
        s.why[:] = b.zeros      # WHY_GIVEN everywhere
        self.error = None
        self._unmark()   # a load cut short (its job stopped) may have left marks
        if not fresh:
            for _ in self._changes(shown, limit):
                yield
            fresh = self._fresh
            if fresh:
                s.reset(-1)   # the changes half applied: back to nothing known
                s.why[:] = b.zeros
        if fresh:
            for _ in self._scratch(shown, limit):
                yield
        if self.error is not None:
            self.forget()
            return
        self.last[:] = shown   # (from here to the end in one go: what changed is committed)
        # The frontier, first in ``order`` (``front``) and on the stack.
        when = s.when
        stack = s.stack
        flags = s.flags
        front = self.front
        nf = self.nfront
        for k in range(nf):
            a = front[k]
            stack[k] = a
            when[a] = k
            flags[a] = 1
        self._epoch = s.epoch
        s.sp = self.nfront
        s.nknown = self.nfront
        s.unknown = s.cells - self.numbers - self.blown
        s.mines_left = -1 - self.blown
        s.work += 2 * self.nfront

    def _scratch(self, shown, limit):
        s = self.solver
        b = self.board
        st = s.st
        self.forget()   # until this walk is through, the last view is not loaded
        numbers = 0
        blown = 0
        nf = 0
        front = self.front
        o0, o1, o2, o3, o4, o5, o6, o7 = b.offsets
        stride = b.stride
        for y in range(b.height):
            s.work += 2 * b.width
            if s.work >= limit():
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
                    s.unk[i] = 0
                    continue
                if self._number(i, shown):
                    front[nf] = i
                    nf += 1
                if self.error is not None:
                    return
        self.numbers = numbers
        self.blown = blown
        self.nfront = nf

    def _number(self, a, shown):
        """Count around number a and check it. True if a covered cell touches it."""
        s = self.solver
        u = 0
        m = 0
        for d in self.board.offsets:
            w = shown[a + d]
            if w > 8:
                if w == BLOWN:
                    m += 1
                elif w == COVERED or w == FLAG or w == BAD_FLAG:
                    u += 1
        s.unk[a] = u
        s.mk[a] = m
        t = shown[a]
        if m > t or t - m > u:
            b = self.board
            self.error = "inconsistent: the %d at (%d, %d) has %d mine(s) and %d covered " \
                         "cell(s) around it" % (t, b.x_of(a), b.y_of(a), m, u)
        s.work += 12
        return u > 0

    def _changes(self, shown, limit):
        """Apply what changed since ``last``; sets ``_fresh`` when that is not a game's move.
        The walk (sliced) only lists the cells to redo; the solver's state changes after it,
        in one go, so a walk cut short leaves the state the last load left."""
        s = self.solver
        b = self.board
        st = s.st
        last = self.last
        offsets = b.offsets
        inside = b.inside
        mark = self.mark
        touched = self.touched
        self._fresh = False
        w = b.width
        stride = b.stride
        if shown == last:
            return
        for y in range(b.height):
            row = (y + 1) * stride + 1
            s.work += 4
            if shown[row:row + w] == last[row:row + w]:
                continue
            for i in range(row, row + w):
                t = shown[i]
                old = last[i]
                if t == old:
                    continue
                if (old != COVERED and old != FLAG and old != BAD_FLAG) or \
                        self._nt + 9 > self._room:
                    self._fresh = True   # an open cell changed (another game), or much did
                    self._unmark()
                    return
                # The cell itself (a new number or mine) and the numbers around it are redone.
                nt = self._nt
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
                self._nt = nt
                s.work += 12
            if s.work >= limit():
                yield
        numbers = self.numbers
        blown = self.blown
        nt = self._nt
        for k in range(nt):
            a = touched[k]
            if shown[a] == BLOWN:
                st[a] = MINE
                blown += 1
                continue
            if st[a] != NUM:   # newly open
                st[a] = NUM
                numbers += 1
            self._number(a, shown)
        self.numbers = numbers
        self.blown = blown
        # The frontier: the old one (its untouched numbers keep their covered cells), merged
        # with the redone numbers that touch a covered cell, in board order as a walk from
        # scratch lists it (the solver then learns in the same order and the same hint comes
        # out either way). The old one is in order already: one pass drops, one pass merges.
        front = self.front
        nf = 0
        for k in range(self.nfront):
            a = front[k]
            if not mark[a]:
                front[nf] = a
                nf += 1
        new = sorted([a for a in touched[:nt] if st[a] == NUM and s.unk[a]])
        self._unmark()
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
        self.nfront = nf
        s.work += 4 * nt + 2 * nf

    def _undo(self, limit):
        """A generator: forget what the solver learnt since the last load (the cells after the
        frontier in ``order``), newest first, so that its state is the one that load left.
        ``nknown`` follows, so an undo cut short goes on at the next load."""
        s = self.solver
        st = s.st
        unk = s.unk
        mk = s.mk
        order = s.order
        o0, o1, o2, o3, o4, o5, o6, o7 = self.board.offsets
        nf = self.nfront
        k = s.nknown
        while k > nf:   # written out: a hint after a check undoes hundreds of cells
            k -= 1
            c = order[k]
            unk[c + o0] += 1
            unk[c + o1] += 1
            unk[c + o2] += 1
            unk[c + o3] += 1
            unk[c + o4] += 1
            unk[c + o5] += 1
            unk[c + o6] += 1
            unk[c + o7] += 1
            if st[c] == MINE:
                mk[c + o0] -= 1
                mk[c + o1] -= 1
                mk[c + o2] -= 1
                mk[c + o3] -= 1
                mk[c + o4] -= 1
                mk[c + o5] -= 1
                mk[c + o6] -= 1
                mk[c + o7] -= 1
            st[c] = UNK
            s.nknown = k
            s.work += 9
            if s.work >= limit():
                yield

    def _unmark(self):
        for k in range(self._nt):
            self.mark[self.touched[k]] = 0
        self._nt = 0

    def pending_flags(self, shown, truth):
        """Flags that might be wrong: every flag, or with ``truth`` (a Board) those on cells
        without a mine (a flag on a mine can never be proven safe)."""
        n = 0
        for code in (FLAG, BAD_FLAG):
            key = bytes((code,))
            i = shown.find(key)
            while i >= 0:
                if truth is None or not truth.mine[i]:
                    n += 1
                i = shown.find(key, i + 1)
        return n

