"""Session statistics: games played and won, and the best time per kind of board (a
``Settings.key()``). Saves will keep them; the result lines read them."""


class Stats:
    """``played``, ``won``, ``best`` (key -> milliseconds), and the last game's ``bbbv`` (3BV)
    and ``moves``."""

    def __init__(self):
        self.played = 0
        self.won = 0
        self.best = {}
        self.bbbv = 0
        self.moves = 0

    def record(self, key, won, ms, moves, bbbv):
        """A game of kind ``key`` ended: won or not, after ``ms`` milliseconds and ``moves``
        moves; ``bbbv``: its 3BV (0 when lost). True when it is a new best time."""
        self.played += 1
        self.moves = moves
        self.bbbv = bbbv
        if not won:
            return False
        self.won += 1
        if key in self.best and self.best[key] <= ms:
            return False
        self.best[key] = ms
        return True
