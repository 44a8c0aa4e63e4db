"""The no-guess board generator, sliced so that a frame never waits for it.

After the first click (the start cell) it places the mines away from the start's 3x3 area and
plays the board with the solver, as a player would, from that cell. When the solver is stuck it
*perturbs*: it picks the frontier number whose change puts the least in doubt and makes all of
that number's covered neighbours mines, or all of them safe, moving the difference to or from
covered cells that touch no open number (then any covered cells; in the end game, when none is
left, the newest known cells outside the start area). The mine count stays exact and the number
becomes a deduction.

Proof after every move. A move changes the numbers next to the moved cells, so a deduction
that used one, or a cell learnt from one, may no longer hold. The solver records what each
learnt cell came from and when, so the generator forgets exactly those (``perturb.revise``;
and every case-analysis deduction after the first changed number: it used the whole board) and
solves on. What is kept is a state a fresh solve of the new board could reach, and the rules
are monotone, so what is proven from there is what a fresh solve would prove. When every safe
cell is open, the board is solvable without guessing at the level, from the start (host_tests
re-solve every board from scratch).

Doors: at 35-45% mines the open area is often walled in by known mines (no open number touches
a covered cell). Then the newest wall mine that touches a covered cell moves to a far cell: it
opens, and solving goes on behind it (such boards were once thrown away).

Starting afresh: when perturbing stops shrinking the covered area (``STRIKES`` times in a row)
or after a quarter as many perturbations as cells (dense boards: twice that), mines are placed
anew.

Uniformity: a perturbation fills the number's u covered cells with probability m / u (m hold
mines), else empties them: on average no mine moves between the frontier and the far cells.
No-guess boards lean to the edges and corners; ``perturb``'s counter-tilt places and moves mines
at odds that cancel that, per board kind and (``VERSION`` 1) kind of start (version 0: older
codes' boards). Dense boards are made mirrored and mirrored back (``sym``): that cancels any
preference of the search for one side.

Slicing: ``step()`` runs a slice of about ``SLICE_UNITS`` work units (about a neighbour visit
each: tools/bench.py), True once finished. Nothing is allocated per cell or deduction.

Finished means (the contract with the midend):
  ready   ``failed`` False: ``board`` is a no-guess board from (``start_x``, ``start_y``);
  gave up ``failed`` True after ``WORK_BUDGET`` work units (about 20 s on the device): ``reason``
          is a line for the player, ``board`` not a board; ``begin`` may be called again.
``presets.check_params`` refuses the sizes and densities that would often give up.

Progress (0..100) follows the work: with W units spent (restarts included) and T the typical
work for the board (``tilt.typical_work``), 99 W / (W + T), or 60% of the share of cells proven
in this layout if further; never back, 100 only once finished.
"""

from mines._const import const
import gc
from array import array

# The largest module first, while the heap is in one piece to compile it.
from mines.engine.solver import MINE, NUM, PICKED, RUNNING, SOLVED, Solver
gc.collect()
from mines.engine import presets
from mines.engine.board import Board
from mines.engine.perturb import (CLASSES, STARTS, cell_class, keep_if_changed, make_decidable,
                                  mirror, move, pick, revise, revise_begin, scan, start_odds,
                                  take_found)
from mines.engine.rng import Rng
gc.collect()

VERSION = 1   # 1: the counter-tilt knows the start (issue 21); 0: the boards before it
SLICE_UNITS = presets.SLICE_UNITS
_STEP = const(170)   # the most work units one indivisible step takes (moving 16 cells)
STRIKES = 8
# Dense boards (25% mines or more): twice the patience (tools/spread.py: less work a board).
DENSE_STRIKES = 16
# Give up after this much work: about 20 s on the device (~20 us a unit: tools/bench.py;
# presets.max_mines keeps the menu's boards well inside it).
WORK_BUDGET = 1000000
_PICK_UNITS = const(120)   # the work of those picks, or of scanning 24 cells
# The case analysis's room at first in a game's buffers (groups; masks and totals), grown if
# need be: its analyses see 12 groups, 67 masks, 92 frontier cells at most (40 boards a preset).
_GROUPS = const(16)
_MASKS = const(96)


class Generator:
    """Makes no-guess boards of one size; buffers are made once and reused for every board.
    ``lent``: None, or buffers for the solver, then packed and narrow (``Solver``: lent no
    Hinter), and the board (made below our code), as ``Boards`` lends its game's.

    Read after ``step()`` returns True: ``failed`` and ``reason`` (see the module notes),
    ``board`` (the layout), ``start_x``, ``start_y``, ``perturbations``, ``restarts``, ``doors``,
    ``total_work`` (units). ``progress`` is 0..100 throughout.
    """

    SLICE_UNITS = SLICE_UNITS
    WORK_BUDGET = WORK_BUDGET
    # The most one step() does: a frame loop calls step() while work + this <= its budget.
    MAX_SLICE_UNITS = presets.MAX_SLICE_UNITS

    def __init__(self, width, height, lent=None):
        gc.collect()   # a quiet moment: the buffers below then find room in one piece
        self.width = width
        self.height = height
        self.board = b = lent[2] if lent and len(lent) > 2 else Board(width, height)
        if lent is not None:
            b.zeros = bytes(b.stride)   # (a row till ``take``: ``Board.clear`` copes)
        # (Narrow: a deduction's number is within 128 cells below 40 wide.)
        self.solver = Solver(b, True, lent, lent is not None, lent is not None
                             and width < 40)
        self.rng = Rng(0)
        # The cells a perturbation changes: a number's covered neighbours (at most 8) and as
        # many far cells (u - m or m). (One in ``moved`` has PICKED in the solver's ``flags``:
        # the solver is idle meanwhile; its ``reset`` clears what an abandoned one left.)
        self.moved = array("H", bytes(2 * 16))
        # Candidates found by ``perturb.scan`` (in the solver's stack: empty while stuck).
        self.found = 0
        self.fill = False
        self.need = 0
        # Per kind of start and class the chances (/256) to take a mine, then to give one up,
        # then per kind of start whether any is below 255 (``tilt.set_odds``, ``start_odds``).
        self.odds = bytearray((2 * CLASSES + 1) * STARTS)
        self.odds_at = 0
        self.version = VERSION
        self.skip = 0   # odds that need no draw (0: untilted)
        self._valid = -1   # mines * 4 + level last checked
        self._tilt_for = -1
        self._typical = 1
        self.work_budget = WORK_BUDGET   # tests lower it to see a generation give up
        self.done = True
        self.failed = False
        self.reason = None
        self.progress = self.slice_work = self.total_work = self.max_slice = 0
        self.perturbations = self.restarts = self.doors = 0
        self.start_x = 0
        self.start_y = 0
        self.mines = 0
        self.level = presets.DEFAULT_LEVEL
        self._job = None
        self._runner = None
        self._runner_level = -1

    def begin(self, mines, seed, start=None, level=presets.DEFAULT_LEVEL, version=VERSION):
        """Start making a board with ``mines`` mines from ``seed`` (any int). ``start``: the
        (x, y) cell the player opened first, or None to let the generator pick it (quick start).
        ``level``: presets.SINGLE, PAIRS or FULL. ``version``: ``VERSION``, or 0 for the boards
        of older codes. Raises ValueError with a readable message for parameters that cannot
        make a board. The same arguments always give the same board."""
        if mines * 4 + level != self._valid:
            msg = presets.check_params(self.width, self.height, mines, level)
            if msg:
                raise ValueError(msg)
            self._valid = mines * 4 + level
        self.rng.seed(seed)
        # Drawn always: a board from a derived start is made again with that start given.
        sx = self.rng.below(self.width)
        sy = self.rng.below(self.height)
        if start is not None:
            sx, sy = start
            if not (0 <= sx < self.width and 0 <= sy < self.height):
                raise ValueError("start (%d, %d) is off the %dx%d board" % (sx, sy, self.width, self.height))
        self.start_x = sx
        self.start_y = sy
        # Dense boards in a mirror image (x, y flipped, square ones also transposed: ``sym``'s
        # bits), mirrored back when ready (module notes; below 25% tools/spread.py sees no lean).
        sym = 0
        if mines * 4 >= self.width * self.height:
            sym = self.rng.below(8 if self.width == self.height else 4)
        if sym & 2:
            sy = self.height - 1 - sy
        if sym & 1:
            sx = self.width - 1 - sx
        if sym & 4:
            sx, sy = sy, sx
        self._sx = sx
        self._sy = sy
        self.version = version
        self.mines = mines
        self.level = level
        start_odds(self, mines)
        s = self.solver
        b = self.board
        lean = s.packed
        if lean and level >= presets.FULL:
            # The analysis's marks in the board's ``inside`` (read by none until the board is
            # made), rebuilt at the end.
            b.clear(b.inside)
            if s.cases is not None:
                s.cases.stamp = 0
        if level >= presets.FULL and s.cases is None:
            # Made now, not mid-way; other levels need none, nor its code (board_job loads
            # it first, for Hard). Its groups go on the solver's stack (empty then; ``scan``'s
            # only while stuck). In a game's buffers (``lent``) it is lent to no hinter:
            # room for its needs, grown if more, no ``cid``, its marks in ``inside``.
            from mines.engine.groups import CaseAnalysis
            s.cases = CaseAnalysis(s, gcells=s.stack, counts=s.when,
                                   groups=_GROUPS if lean else 0, masks=_MASKS if lean else 0,
                                   cid=not lean, mark=b.inside if lean else None)
        self.done = False
        self.failed = False
        self.reason = None
        self.progress = self.slice_work = self.total_work = self.max_slice = 0
        self.perturbations = self.restarts = self.doors = 0
        self._job = self._make(sym)

    def step(self):
        """Run one slice of generation. Returns True when finished, the board ready or given up
        (``failed``), and on every call after that; abandon a generation at any time simply by
        not calling it again."""
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
        if self.total_work > self.work_budget and not self.done:
            self.done = True
            self.failed = True
            self.reason = "could not make this board in time: try fewer mines"
            self._job = None
        # Progress follows the work (see the module notes).
        w = self.total_work
        p = 99 * w // (w + self._typical)
        q = (s.cells - s.unknown) * 60 // s.cells
        if q > p:
            p = q
        if p > 99:
            p = 99
        if p > self.progress:
            self.progress = p
        if self.done:
            self.progress = 100
            self._job = None   # (its frame, let go while the board is played)
        return self.done

    def run(self):
        """Make the board in one go (tools and tests); returns the board."""
        while not self.step():
            pass
        b = self.board
        if len(b.zeros) < b.size:
            b.zeros = bytes(b.size)
        return b

    # --- the work, as a generator that yields between slices

    def _make(self, sym):
        b = self.board
        s = self.solver
        rng = self.rng
        w = self.width
        h = self.height
        stride = b.stride
        sx = self._sx
        sy = self._sy
        start = b.index(sx, sy)
        cells = w * h
        # Dense boards (those ``begin`` mirrors) get more patience: ``DENSE_STRIKES`` and half
        # as many tries as cells.
        most = STRIKES
        limit = cells // 4 + 8
        if self.mines * 4 >= cells:
            most = DENSE_STRIKES
            limit = cells // 2 + 8
        size = b.size
        order = s.order
        st = s.st
        mu = s.mu
        moved = self.moved
        flags = s.flags
        add_odds = self.odds
        at = self.odds_at
        skip = self.skip
        while True:
            # Mines anywhere but the start's 3x3, at the counter-tilted odds (by rejection).
            b.clear()
            placed = 0
            while placed < self.mines:
                r = rng.bits30()
                k = r % cells
                y = k // w
                x = k - y * w
                if -1 <= x - sx <= 1 and -1 <= y - sy <= 1:
                    continue
                i = (y + 1) * stride + x + 1
                if b.mine[i]:
                    continue
                if skip:
                    # (Version 1 draws the chance with the cell: the top 8 bits.)
                    o = add_odds[at + cell_class(self, x, y)]
                    if o < skip and (r >> 22 if skip == 255 else rng.below(256)) >= o:
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
                    if s.packed and s.cases is not None:
                        # ``inside`` again (the case analysis marked cells there, at this
                        # level or at an abandoned Hard board's): 1 on the cells, 0 on the border.
                        inside = b.inside
                        b.clear(inside)
                        one = b"\x01" * w
                        for i in range(stride + 1, stride * (h + 1), stride):
                            inside[i:i + w] = one
                    # Mirrored back, a few rows per slice: x and y swapped, x flipped, y flipped.
                    part = 4
                    while part:
                        y = 0
                        while sym & part and y < h + 2:
                            yield
                            y = mirror(self, part, y)
                        part = 1 if part == 4 else part * 2 % 4
                    self.done = True
                    yield
                    return
                # Stuck: it must be stuck further on each time, or start afresh.
                if s.unknown < last:
                    last = s.unknown
                    strikes = 0
                else:
                    strikes += 1
                tries += 1
                if strikes >= most or tries > limit:
                    break
                # Perturb: choose the number, then where the difference goes.
                if s.work > SLICE_UNITS // 2:
                    yield
                # The number whose change puts the least in doubt: only what was learnt after
                # the first open number touching the changed cells depends on them (at most its
                # own position: walking back, stop once no better one can come).
                best = -1
                best_keep = -1
                k = s.nknown
                work = s.work
                while k > best_keep + 1:
                    k -= 1
                    c = order[k]
                    work += 1
                    if st[c] == NUM and mu[c] & 15:
                        keep = keep_if_changed(self, c)
                        work += 20
                        if keep > best_keep:
                            best_keep = keep
                            best = c
                    if work >= SLICE_UNITS:
                        s.work = work
                        yield
                        work = s.work
                s.work = work
                if best < 0:
                    # Walled in: no open number touches a covered cell, so the open area is
                    # closed by known mines. Open a door: the newest such mine moves away.
                    k = s.nknown
                    while k > 0:
                        k -= 1
                        c = order[k]
                        s.work += 1
                        if st[c] == MINE and mu[c] & 15:
                            best = c
                            break
                        if s.work >= SLICE_UNITS:
                            yield
                    if best < 0:
                        break
                    self.doors += 1
                if s.work + _STEP > SLICE_UNITS:
                    yield
                u = make_decidable(self, best)
                n = u   # the far cells go after the number's own
                need = self.need
                far = 1
                while n - u < need:
                    if s.work > SLICE_UNITS - _PICK_UNITS:
                        yield
                    c = pick(self, far)
                    if c >= 0:
                        moved[n] = c
                        flags[c] |= PICKED
                        n += 1
                        continue
                    # Unlucky, or few candidates left: list them all, a chunk per slice.
                    found = 0
                    pos = 0
                    while pos < size:
                        if s.work > SLICE_UNITS - _PICK_UNITS:
                            yield
                        found = scan(self, far, pos, pos + 24, found)
                        pos += 24
                    self.found = found
                    while self.found and n - u < need:
                        if s.work > SLICE_UNITS:
                            yield
                        n = take_found(self, n)
                    if not far:
                        break
                    far = 0
                # The end game: no covered cell can take the difference, so a known cell does
                # (Tatham's "pitch the mine into the opened area"): the newest learnt, never in
                # the start's 3x3 area.
                k = s.nknown
                want = 1 if self.fill else 0
                while n - u < need and k > 0:
                    k -= 1
                    c = order[k]
                    s.work += 2
                    if flags[c] & PICKED or b.mine[c] != want or (
                            -1 <= c % stride - start % stride <= 1
                            and -1 <= c // stride - start // stride <= 1):
                        continue
                    moved[n] = c
                    flags[c] |= PICKED
                    n += 1
                    if s.work >= SLICE_UNITS:
                        yield
                for i in range(n):
                    flags[moved[i]] ^= PICKED   # (each cell is in ``moved`` once)
                if n - u < need:
                    break
                if s.work + _STEP > SLICE_UNITS:
                    yield
                move(self, u, n)
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
