"""The no-guess board generator, sliced so that a frame never waits for it.

After the first click (the start cell) it places the mines away from the start's 3x3 area and
plays the board with the solver, as a player would, from that cell. When the solver is stuck it
*perturbs*: it picks the frontier number whose change puts the least in doubt and makes all of
that number's covered neighbours mines, or all of them safe, moving the difference to or from
covered cells that touch no open number (then any covered cells; in the end game, when none is
left, the newest known cells outside the start area). The mine count stays exact and the number
becomes a deduction.

Proof after every move. A move changes the numbers of the open cells that touch the moved
cells, so a deduction that used one of those numbers, or a cell learnt from one, may no longer
hold. The solver records, for every cell it learnt, the number(s) it came from and the order it
learnt them in, so the generator forgets exactly those deductions (``revision.revise``; every
case-analysis deduction after the first changed number is forgotten too, since it used the whole
board) and solves on. Everything kept was proven from numbers the move did not change, in the
same order, so it is a state a fresh solve of the new board could reach; the solver's rules are
monotone, so what it proves from there is exactly what a fresh solve from the start would prove.
When the solver has opened every safe cell, the board is solvable without guessing at the
requested level, from the start cell. (host_tests re-solve every generated board from scratch.)

Starting afresh: every time the solver is stuck it should be stuck further on than the time
before; when perturbing stops shrinking the covered area (``STRIKES`` times in a row), or after
a quarter as many perturbations as cells, the generator throws the layout away and places mines
anew.

Uniformity: a perturbation fills the number's covered cells with probability m / u (m of its
u covered cells hold mines), else empties them, so on average no mine moves between the frontier
and the far cells: mines do not drift away from the start, nor to the edges and corners.

Slicing: ``step()`` runs one slice of at most about ``SLICE_UNITS`` work units (one unit is about
one neighbour visit; see tools/bench.py for what a unit costs on the device) and returns True
once the board is ready. Nothing is allocated per cell or per deduction.
"""

import gc
from array import array

from mines.groups import CaseAnalysis   # first: the largest module compiles in an empty heap
from mines import presets
from mines.board import Board
from mines.revision import revise, revise_begin
from mines.rng import Rng
from mines.solver import NUM, RUNNING, SOLVED, UNK, Solver

SLICE_UNITS = 160
_STEP = 170   # the most work units one indivisible step takes (moving 16 cells)
STRIKES = 3
_TRIES = 24   # random picks of a far cell before falling back to a scan
_PICK_UNITS = 120   # the work of those picks, or of scanning 24 cells


class Generator:
    """Makes no-guess boards of one size; buffers are made once and reused for every board.

    Read after ``step()`` returns True: ``board`` (the layout), ``start_x``, ``start_y``,
    ``perturbations``, ``restarts``, ``total_work`` (units). ``progress`` is 0..100 throughout.
    """

    SLICE_UNITS = SLICE_UNITS
    # The most one step() ever does: a slice stops at the first check past SLICE_UNITS, and
    # no indivisible piece of work between two checks exceeds 200 units (host_tests check it).
    # A frame loop that must stay within a budget calls step() while work + this <= budget.
    MAX_SLICE_UNITS = SLICE_UNITS + 200

    def __init__(self, width, height):
        gc.collect()   # a quiet moment: the buffers below then find room in one piece
        self.width = width
        self.height = height
        self.board = Board(width, height)
        self.solver = Solver(self.board, oracle=True)
        # The case analysis (level FULL) is built now, with the other buffers, while the heap
        # is still in one piece, rather than in the middle of a game.
        self.solver.cases = CaseAnalysis(self.solver)
        self.rng = Rng(0)
        # The cells a perturbation changes: a number's covered neighbours (at most 8) and as
        # many far cells (u - m or m, at most 8).
        self.moved = array("H", bytes(2 * 16))
        self.picked = bytearray(self.board.size)           # marks cells already in ``moved``
        # Candidates found by ``_scan``: the case analysis's group list is free meanwhile.
        self.cand = self.solver.cases.gcells
        self.fill = False
        self.need = 0
        self.done = True
        self._clear_stats()
        self.start_x = 0
        self.start_y = 0
        self.mines = 0
        self.level = presets.DEFAULT_LEVEL
        self._job = None
        self._runner = None
        self._runner_level = -1

    def begin(self, mines, seed, start=None, level=presets.DEFAULT_LEVEL):
        """Start making a board with ``mines`` mines from ``seed`` (any int). ``start``: the
        (x, y) cell the player opened first, or None to let the generator pick it (quick start).
        ``level``: presets.SINGLE, PAIRS or FULL. Raises ValueError with a readable message for
        parameters that cannot make a board. The same arguments always give the same board."""
        msg = presets.check_params(self.width, self.height, mines)
        if msg:
            raise ValueError(msg)
        if level not in (presets.SINGLE, presets.PAIRS, presets.FULL):
            raise ValueError("level must be 0 (single), 1 (pairs) or 2 (full)")
        self.rng.seed(seed)
        # Drawn on every path, so a board made from a derived start is made again from the same
        # arguments with that start given explicitly.
        sx = self.rng.below(self.width)
        sy = self.rng.below(self.height)
        if start is not None:
            sx, sy = start
            if not (0 <= sx < self.width and 0 <= sy < self.height):
                raise ValueError("start (%d, %d) is off the %dx%d board" % (sx, sy, self.width, self.height))
        self.start_x = sx
        self.start_y = sy
        self.mines = mines
        self.level = level
        self.done = False
        self._clear_stats()
        # A generation abandoned in the middle of a perturbation leaves cells marked.
        self.picked[:] = self.board.zeros
        self._job = self._make()

    def _clear_stats(self):
        self.progress = 0
        self.slice_work = 0
        self.total_work = 0
        self.max_slice = 0
        self.perturbations = 0
        self.restarts = 0

    def step(self):
        """Run one slice of generation. Returns True when the board is ready (and on every call
        after that); abandon a generation at any time simply by not calling it again."""
        if self.done:
            return True
        s = self.solver
        s.work = 0
        for _ in self._job:
            break
        work = s.work
        self.slice_work = work
        self.total_work += work
        if work > self.max_slice:
            self.max_slice = work
        p = (s.cells - s.unknown) * 100 // s.cells
        if p > 99:
            p = 99
        if p > self.progress:
            self.progress = p
        if self.done:
            self.progress = 100
        return self.done

    def run(self):
        """Make the board in one go (tools and tests); returns the board."""
        while not self.step():
            pass
        return self.board

    # --- the work, as a generator that yields between slices ------------------------------

    def _make(self):
        b = self.board
        s = self.solver
        rng = self.rng
        w = self.width
        h = self.height
        stride = b.stride
        start = b.index(self.start_x, self.start_y)
        sx = self.start_x
        sy = self.start_y
        cells = w * h
        limit = cells // 4 + 8
        size = b.size
        order = s.order
        st = s.st
        unk = s.unk
        moved = self.moved
        picked = self.picked
        cand = self.cand
        while True:
            # Mines anywhere but the start's 3x3 area, uniformly (rejection sampling).
            b.clear()
            placed = 0
            while placed < self.mines:
                k = rng.below(cells)
                y = k // w
                x = k - y * w
                if -1 <= x - sx <= 1 and -1 <= y - sy <= 1:
                    continue
                i = (y + 1) * stride + x + 1
                if b.mine[i]:
                    continue
                b.add_mine(i)
                placed += 1
                s.work += 10
                if s.work >= SLICE_UNITS:
                    yield
            s.reset(self.mines)
            s.open(start)
            last = cells + 1
            strikes = 0
            tries = 0
            if self._runner is None or self._runner_level != self.level:
                # One solver loop per level, kept: it carries on after every reset.
                self._runner = s.run(self.level, SLICE_UNITS)
                self._runner_level = self.level
            for status in self._runner:
                if status == RUNNING:
                    yield
                    continue
                if status == SOLVED:
                    self.done = True
                    yield
                    return
                # Stuck: it must be stuck further on each time, or we start afresh.
                if s.unknown < last:
                    last = s.unknown
                    strikes = 0
                else:
                    strikes += 1
                tries += 1
                if strikes >= STRIKES or tries > limit:
                    break
                # Perturb: choose the number, then where the difference goes.
                if s.work > SLICE_UNITS // 2:
                    yield
                # The number whose change puts the least in doubt: only what was learnt after
                # the first open number touching the changed cells can depend on them. That
                # point is at most the number's own position, so walking back from the newest,
                # stop once no better one can come.
                best = -1
                best_keep = -1
                k = s.nknown
                while k > best_keep + 1:
                    k -= 1
                    c = order[k]
                    s.work += 1
                    if st[c] == NUM and unk[c]:
                        keep = self._keep_if_changed(c)
                        if keep > best_keep:
                            best_keep = keep
                            best = c
                    if s.work >= SLICE_UNITS:
                        yield
                if best < 0:
                    break
                if s.work + _STEP > SLICE_UNITS:
                    yield
                u = self._target(best)
                n = u
                need = self.need
                far = 1
                while n - u < need:
                    if s.work > SLICE_UNITS - _PICK_UNITS:
                        yield
                    c = self._pick(far)
                    if c >= 0:
                        moved[n] = c
                        picked[c] = 1
                        n += 1
                        continue
                    # Unlucky, or few candidates left: list them all, a chunk per slice.
                    found = 0
                    pos = 0
                    while pos < size:
                        if s.work > SLICE_UNITS - _PICK_UNITS:
                            yield
                        found = self._scan(far, pos, pos + 24, found)
                        pos += 24
                    while found and n - u < need:
                        j = rng.below(found)
                        c = cand[j]
                        found -= 1
                        cand[j] = cand[found]
                        moved[n] = c
                        picked[c] = 1
                        n += 1
                    if not far:
                        break
                    far = 0
                # The end game: no covered cell can take the difference, so a known cell does
                # (Tatham's "pitch the mine into the opened area"): the newest learnt, whose
                # change puts the least in doubt, never in the start's 3x3 area.
                k = s.nknown
                want = 1 if self.fill else 0
                while n - u < need and k > 0:
                    k -= 1
                    c = order[k]
                    s.work += 2
                    if picked[c] or b.mine[c] != want or (
                            -1 <= c % stride - start % stride <= 1
                            and -1 <= c // stride - start // stride <= 1):
                        continue
                    moved[n] = c
                    picked[c] = 1
                    n += 1
                    if s.work >= SLICE_UNITS:
                        yield
                for i in range(n):
                    picked[moved[i]] = 0
                if n - u < need:
                    break
                if s.work + _STEP > SLICE_UNITS:
                    yield
                self._move(u, n)
                self.perturbations += 1
                if s.work + _STEP > SLICE_UNITS:
                    yield
                revise_begin(s, moved, n)
                while True:
                    if s.work > SLICE_UNITS // 2:
                        yield
                    if revise(s, (SLICE_UNITS - s.work) // 9 + 1):
                        break
            self.restarts += 1

    def _keep_if_changed(self, c):
        """The position in ``solver.order`` to roll back to if number c's covered neighbours
        changed: the earliest open number touching any of them."""
        s = self.solver
        st = s.st
        when = s.when
        offsets = self.board.offsets
        keep = when[c]
        for d in offsets:
            x = c + d
            if st[x] != UNK:
                continue
            for e in offsets:
                y = x + e
                if st[y] == NUM and when[y] < keep:
                    keep = when[y]
        s.work += 20
        return keep

    def _target(self, target):
        """Make number ``target`` decidable: put its covered neighbours in ``moved[0:u]``
        (marked in ``picked``), decide ``fill`` and how many far cells must change
        (``need``); returns u."""
        s = self.solver
        b = self.board
        st = s.st
        rng = self.rng
        moved = self.moved
        picked = self.picked
        u = 0
        m = 0
        for d in b.offsets:
            c = target + d
            if st[c] == UNK:
                moved[u] = c
                picked[c] = 1
                u += 1
                m += b.mine[c]
        # Fill with probability m / u: on average no mine moves between here and far away.
        self.fill = rng.below(u) < m
        self.need = u - m if self.fill else m
        s.work += 12
        return u

    def _move(self, u, n):
        """Make moved[0:u] all mines (``fill``) or all safe, taking the difference from or to
        moved[u:n]; the board's counts follow."""
        b = self.board
        moved = self.moved
        mine = b.mine
        fill = self.fill
        for i in range(n):
            c = moved[i]
            if i < u:
                if fill and not mine[c]:
                    b.add_mine(c)
                elif not fill and mine[c]:
                    b.remove_mine(c)
            elif fill:
                b.remove_mine(c)
            else:
                b.add_mine(c)
        self.solver.work += 10 * n

    def _pick(self, far):
        """A random cell ``_movable`` accepts; -1 after a few misses."""
        s = self.solver
        w = self.width
        stride = self.board.stride
        want = 1 if self.fill else 0
        for _ in range(_TRIES):
            k = self.rng.below(s.cells)
            y = k // w
            c = (y + 1) * stride + k - y * w + 1
            s.work += 5
            if self._movable(c, want, far):
                return c
        return -1

    def _scan(self, far, pos, end, found):
        """Add to ``cand`` (from index ``found`` on) every cell in pos..end-1 that ``_movable``
        accepts; returns the new count."""
        cand = self.cand
        want = 1 if self.fill else 0
        st = self.solver.st
        picked = self.picked
        mine = self.board.mine
        if end > self.board.size:
            end = self.board.size
        for c in range(pos, end):
            # ``_movable``, written out: this loop may walk the whole board.
            if st[c] == UNK and not picked[c] and mine[c] == want and not (
                    far and self._touches_number(c)):
                cand[found] = c
                found += 1
        self.solver.work += 5 * (end - pos)
        return found

    def _movable(self, c, want, far):
        """Can cell c take part in a move: unknown, not yet picked, holding a mine (``want`` 1)
        or not (0), and with ``far``, touching no open number?"""
        if self.solver.st[c] != UNK or self.picked[c] or self.board.mine[c] != want:
            return False
        return not (far and self._touches_number(c))

    def _touches_number(self, c):
        st = self.solver.st
        for d in self.board.offsets:
            if st[c + d] == NUM:
                return True
        return False
