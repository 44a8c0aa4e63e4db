"""Board kinds besides no-guess: Random boards (Windows-style) and the mercy of Kind boards.

Random: ``random_layout`` places mines uniformly anywhere but the start cell and its neighbours,
from a seed, drawing the start from the seed first as the no-guess generator does (so a board code
names either kind the same way). Guesses may be needed.

Kind (as in Marcin Kaboom's game): a Random board, except that when the player must guess (no
covered cell is provably safe: ``hints.MODE_SAFE``) and the guess is a mine, the mines are moved
within the covered cells, consistently with every number shown and the total, so that the guessed
cell is safe. ``Rescue`` finds such a layout (``frontier`` with the cell forced safe and the
first layout of each group count kept), choosing group counts that keep as many groups as they were
and moving interior mines last; a guess made while a safe cell was provable gets no mercy (the
caller asks ``Hinter`` first). Sliced: ``begin`` then ``step(units)`` until True.
"""

from mines.engine.rng import Rng

RESCUE_WORK = 400000   # the frontier's enumeration bound for one rescue (sliced)
APPLY_UNIT = 10        # work units charged per cell a rescue changes (a mine moved: 9 writes)


def random_layout(board, mines, seed, start=None):
    """Put ``mines`` mines on ``board`` uniformly at random, none on the start cell or its
    neighbours; ``start`` (x, y) or None to draw it from the seed. Returns (x, y) of the start.
    The same arguments always give the same board, under any Python."""
    w = board.width
    h = board.height
    rng = Rng(seed)
    sx = rng.below(w)
    sy = rng.below(h)
    if start is not None:
        sx, sy = start
    board.clear()
    cells = w * h
    stride = board.stride
    placed = 0
    while placed < mines:
        k = rng.below(cells)
        y = k // w
        x = k - y * w
        if -1 <= x - sx <= 1 and -1 <= y - sy <= 1:
            continue
        i = (y + 1) * stride + x + 1
        if board.mine[i]:
            continue
        board.add_mine(i)
        placed += 1
    return sx, sy


class Rescue:
    """Moves mines so that a guessed cell is safe, for boards of one size. ``frontier``: one of
    this size to count with (shared with the hints' and probabilities': one set of buffers)."""

    def __init__(self, board, frontier=None):
        if frontier is None:   # (imported here: a Random board is made without it)
            from mines.engine.frontier import Frontier
            frontier = Frontier(board)
        self.frontier = frontier
        self.done = True
        self.saved = False
        self.moved = 0
        self.work = 0
        self._job = None

    def begin(self, game, cell, view=None):
        """Start on ``game`` (a ``Game`` in progress) for padded cell ``cell`` (covered).
        ``view``: the game's view settled with what the numbers prove (``Hinter.settle``), so
        that proven mines count as known and the groups left to count are small; default the
        game's own view. Nothing on the board changes until the last step, which makes every
        move at once (a save or a screen between steps sees the board as it was)."""
        self.game = game
        self.cell = cell
        self.saved = False
        self.moved = 0
        # More counting allowed than for probabilities: a layout that saves the guess is worth
        # a longer wait (RESCUE_WORK units; sliced, the screen goes on meanwhile).
        self.frontier.begin(game.shown if view is None else view, game.total, safe_cell=cell,
                            keep_firsts=True, max_work=RESCUE_WORK)
        self.work = 0
        self.done = False
        self._job = self._work()

    def step(self, units=200):
        """About ``units`` work units (the last step: ``APPLY_UNIT`` more per cell it changes,
        the moves made at once). True when done: then ``saved`` says whether the cell is safe now (it may have
        been already). ``work``: the units done so far."""
        if self.done:
            return True
        f = self.frontier
        self._limit = f.work + units
        for _ in self._job:
            break
        self.work = f.work
        return self.done

    def run(self):
        while not self.step(1 << 20):
            pass
        return self.saved

    def _work(self):
        from mines.engine.frontier import LOOSE
        game = self.game
        board = game.board
        mine = board.mine
        cell = self.cell
        if not mine[cell]:
            self.saved = True
            self.done = True
            yield
            return
        f = self.frontier
        while True:
            left = self._limit - f.work
            if left > 0 and f.step(left):
                break
            yield
        if f.error:
            self.done = True   # no layout has the cell safe: the guess stands
            yield
            return
        ng = f.ngroups
        inner = f.role[cell] == 1
        home = -1
        if not inner:
            gcells = f.gcells
            for q in range(f.nfront):
                if gcells[q] == cell:
                    for g in range(ng):
                        if q < f.gstart[g + 1]:
                            home = g
                            break
                    break
            f.work += f.nfront // 2 + ng
        if not inner and (home < 0 or f.gbase[home] == LOOSE):
            self.done = True   # its group was too big to count: no layout to move to
            yield
            return
        # Each group's count now, and the counts it could have.
        now = []
        options = []
        for g in range(ng):
            base = f.gstart[g]
            n = f.size_of(g)
            k = 0
            for p in range(n):
                k += mine[f.gcells[base + p]]
            now.append(k)
            if f.gbase[g] == LOOSE:
                options.append([k])   # kept as it is
            else:
                ks = [j for j in range(n + 1) if f.layouts(g, j)]
                ks.sort(key=lambda j: abs(j - k))
                options.append(ks)
            f.work += 2 * n + 4
            if f.work >= self._limit:
                yield
        room = f.interior - (1 if inner else 0)
        left = game.total - f.known
        # Totals the groups from g on can make (suffix sets), then counts chosen front to back,
        # each the nearest to what the group has now that still lets the rest fit.
        reach = [None] * (ng + 1)
        reach[ng] = {0}
        for g in range(ng - 1, -1, -1):
            reach[g] = {t + k for t in reach[g + 1] for k in options[g]}
            f.work += len(reach[g + 1]) * len(options[g])
            if f.work >= self._limit:
                yield
        chosen = []
        sofar = 0
        for g in range(ng):
            pick = -1
            for k in options[g]:
                lo = left - sofar - k - room
                hi = left - sofar - k
                f.work += len(reach[g + 1])
                if any(lo <= t <= hi for t in reach[g + 1]):
                    pick = k
                    break
            if pick < 0:
                self.done = True   # the total cannot be met with the cell safe
                yield
                return
            chosen.append(pick)
            sofar += pick
            if f.work >= self._limit:
                yield
        reach = options = None
        # The plan: the cells to change. A group whose count changed (or that holds the cell)
        # takes its first layout of the chosen count; the interior takes up the difference.
        flips = []
        for g in range(ng):
            if chosen[g] == now[g] and g != home:
                continue
            base = f.gstart[g]
            for p in range(f.size_of(g)):
                c = f.gcells[base + p]
                if f.first(g, chosen[g], p) != mine[c]:
                    flips.append(c)
            f.work += 2 * f.size_of(g)
            if f.work >= self._limit:
                yield
        want_inner = left - sofar
        role = f.role
        if inner:
            flips.append(cell)
        # The interior cells (found by the byte search, in C): how many mines they hold, and
        # those that could change (mines to take off, or free cells to fill).
        one = b"\x01"
        have = 0
        mines_in = []
        free_in = []
        i = role.find(one)
        while i >= 0:
            if i != cell:
                if mine[i]:
                    mines_in.append(i)
                    have += 1
                else:
                    free_in.append(i)
            f.work += 1
            if f.work >= self._limit:
                yield
            i = role.find(one, i + 1)
        adding = have < want_inner
        spots = free_in if adding else mines_in
        mines_in = free_in = None
        rng = Rng(cell)
        while have != want_inner:   # picked at random without repeats
            j = rng.below(len(spots))
            flips.append(spots[j])
            spots[j] = spots[-1]
            spots.pop()
            have += 1 if adding else -1
            f.work += 2
            if f.work >= self._limit:
                yield
        spots = None
        # Every move at once, in this one step.
        for c in flips:
            if mine[c]:
                board.remove_mine(c)
            else:
                board.add_mine(c)
        f.work += APPLY_UNIT * len(flips)
        self.moved = len(flips)
        self.saved = not mine[cell]
        self.done = True
        yield
