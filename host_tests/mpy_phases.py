"""The per-phase live peaks of a scripted run (mpy_games.py --phases; tools/memory.py --floor):
a module of its own, imported only for them, so that the other runs do not carry its code."""

import sys



def phase(m):
    """The phase a frame is in: "menu", "pause" (the pause menu, or a page opened from it),
    "text" (another text screen), "making WxH", "playing WxH" (with the hint job, "+hints"),
    "end WxH" (the end panel), and a puzzle's "puzzle making WxH" and so on."""
    from mines.flow import midend as M  # (here: this module is host-only code, measured apart)
    state = m.state
    if m.screen is not None:
        if m.screen.name == "main":
            return "menu"
        return "pause" if state == M.PAUSED else "text"
    size = "%dx%d" % (m.board_width(), m.board_height())
    if m.mode:
        size = "puzzle " + size
    if state == M.GENERATING or state == M.READY:
        return "making " + size
    if state == M.PLAYING:
        return "playing " + size + ("+hints" if m.assist is not None else "")
    return "end " + size


class Phases:
    """Per phase: the most bytes alive after a collect, and the modules loaded then (as bits
    over ``modules``, the modules seen loaded in order: the record allocates little, so it
    hardly moves the peaks it records)."""

    def __init__(self):
        self.peaks = {}
        self.modules = []

    def _loaded(self):
        bits = 0
        for name in sys.modules:
            if name not in self.modules:
                self.modules.append(name)
            bits |= 1 << self.modules.index(name)
        return bits

    def record(self, m, alive):
        name = phase(m)
        if alive > self.peaks.get(name, (0,))[0]:
            self.peaks[name] = (alive, self._loaded())

    def lines(self):
        """One line a phase: "phase NAME BYTES MODULE,MODULE,..."."""
        out = []
        for name in sorted(self.peaks):
            alive, bits = self.peaks[name]
            out.append("phase %s %d %s" % (name, alive, ",".join(
                sorted(n for k, n in enumerate(self.modules) if bits >> k & 1))))
        return out
