"""Board kinds besides no-guess: Random boards (Windows-style) and the mercy of Kind boards.

Random: ``random_layout`` places mines uniformly anywhere but the start cell and its neighbours,
from a seed, drawing the start from the seed first as the no-guess generator does (so a board code
names either kind the same way). Guesses may be needed.

Kind (as in Marcin Kaboom's game): a Random board, except that when the player must guess (no
covered cell is provably safe: ``hints.MODE_SAFE``) and the guess is a mine, the mines are moved
within the covered cells, consistently with every number shown and the total, so that the guessed
cell is safe. ``Rescue`` finds such a layout (``mines.frontier`` with the cell forced safe and the
first layout of each group count kept), choosing group counts that keep as many groups as they were
and moving interior mines last; a guess made while a safe cell was provable gets no mercy (the
caller asks ``Hinter`` first). Sliced: ``begin`` then ``step(units)`` until True.
"""

from mines.frontier import LOOSE, Frontier
from mines.rng import Rng

KIND_NO_GUESS = 0
KIND_RANDOM = 1
KIND_KIND = 2
KIND_NAMES = ("no guess", "random", "kind")
RESCUE_WORK = 400000


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
    """Moves mines so that a guessed cell is safe, for boards of one size."""

    def __init__(self, board, frontier=None):
        # More counting allowed than for probabilities: a layout that saves the guess is
        # worth a longer wait (RESCUE_WORK units, a few seconds on the device at worst).
        self.frontier = frontier or Frontier(board, RESCUE_WORK)
        self.done = True
        self.saved = False
        self._job = None

    def begin(self, game, cell, view=None):
        """Start on ``game`` (a ``Game`` in progress) for padded cell ``cell`` (covered).
        ``view``: the game's view settled with what the numbers prove (``Hinter.settle``), so
        that proven mines count as known and the groups left to count are small; default the
        game's own view."""
        self.game = game
        self.cell = cell
        self.saved = False
        self.moved = 0
        self.frontier.begin(game.shown if view is None else view, game.total, safe_cell=cell,
                            keep_firsts=True)
        self.done = False
        self._job = self._work()

    def step(self, units=200):
        """About ``units`` work units. True when done: then ``saved`` says whether the cell is
        safe now (it may have been already)."""
        if self.done:
            return True
        self._units = units
        for _ in self._job:
            break
        return self.done

    def run(self):
        while not self.step(1 << 20):
            pass
        return self.saved

    def _work(self):
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
        while not f.step(self._units):
            yield
        if f.error:
            self.done = True   # no layout has the cell safe: the guess stands
            yield
            return
        ng = f.ngroups
        inner = f.role[cell] == 1
        home = -1
        for g in range(ng):
            base = f.gstart[g]
            for p in range(f.size_of(g)):
                if f.gcells[base + p] == cell:
                    home = g
        if not inner and (home < 0 or f.gbase[home] == LOOSE):
            self.done = True
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
        f.work += 4 * f.nfront
        yield
        room = f.interior - (1 if inner else 0)
        left = game.total - f.known
        # Totals the groups from g on can make (suffix sets), then counts chosen front to back,
        # each the nearest to what the group has now that still lets the rest fit.
        reach = [None] * (ng + 1)
        reach[ng] = {0}
        for g in range(ng - 1, -1, -1):
            reach[g] = {t + k for t in reach[g + 1] for k in options[g]}
            f.work += len(reach[g]) * len(options[g])
            if f.work > self._units:
                yield
        chosen = []
        sofar = 0
        for g in range(ng):
            pick = -1
            for k in options[g]:
                lo = left - sofar - k - room
                hi = left - sofar - k
                if any(lo <= t <= hi for t in reach[g + 1]):
                    pick = k
                    break
            if pick < 0:
                self.done = True   # the total cannot be met with the cell safe
                yield
                return
            chosen.append(pick)
            sofar += pick
        # Apply: a group whose count changed (or that holds the cell) takes its first layout of
        # the chosen count; the interior takes up the difference.
        moved = 0
        for g in range(ng):
            if chosen[g] == now[g] and g != home:
                continue
            base = f.gstart[g]
            for p in range(f.size_of(g)):
                c = f.gcells[base + p]
                want = f.first(g, chosen[g], p)
                if want != mine[c]:
                    if want:
                        board.add_mine(c)
                    else:
                        board.remove_mine(c)
                    moved += 1
        yield
        want_inner = left - sofar
        role = f.role
        if inner:
            board.remove_mine(cell)
            moved += 1
        have = 0
        for c in range(len(role)):
            if role[c] == 1 and c != cell:
                have += mine[c]
        # The interior cells that can change (mines to take off, or free cells to fill), picked
        # at random without repeats.
        adding = have < want_inner
        spots = [c for c in range(len(role))
                 if role[c] == 1 and c != cell and mine[c] != adding]
        rng = Rng(cell)
        while have != want_inner:
            j = rng.below(len(spots))
            c = spots[j]
            spots[j] = spots[-1]
            spots.pop()
            if adding:
                board.add_mine(c)
                have += 1
            else:
                board.remove_mine(c)
                have -= 1
            moved += 1
        self.moved = moved
        self.saved = not mine[cell]
        self.done = True
        yield
