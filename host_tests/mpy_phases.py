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
    """The live peaks per phase, printed as they are sampled: "phase NAME BYTES" a sample, and
    before it "modules A,B,..." (sys.modules, sorted) whenever the set loaded changed. Nothing
    is kept in the heap beyond two small ints (a record of the peaks there, a dict of the phases
    with their modules, grew to about 3K by the end of a run and was counted in the phases it
    measured); the reader (tools/memory.py, ``phase_peaks``) keeps each phase's highest and its modules."""

    def __init__(self):
        self.seen = [0, 0]   # the last set's sum and xor of names' hashes (small ints)

    def record(self, m, alive):
        total = mixed = 0
        for name in sys.modules:
            h = hash(name)
            total = (total + h) & 0x3FFFFFFF
            mixed ^= h * 40503 & 0x3FFFFFFF
        seen = self.seen
        if total != seen[0] or mixed != seen[1]:
            seen[0] = total
            seen[1] = mixed
            print("modules " + ",".join(sorted(sys.modules)))
        print("phase %s %d" % (phase(m), alive))

