"""Session statistics: games played and won, and the best time per kind of board (a
``Settings.key()``). Saves will keep them; the result lines read them."""


class Stats:
    """``played``, ``won`` and ``best`` (key -> milliseconds)."""

    def __init__(self):
        self.played = 0
        self.won = 0
        self.best = {}

    def record(self, key, won, ms):
        """A game of kind ``key`` ended: won or not, after ``ms`` milliseconds. True when it is
        a new best time."""
        self.played += 1
        if not won:
            return False
        self.won += 1
        if key in self.best and self.best[key] <= ms:
            return False
        self.best[key] = ms
        return True
