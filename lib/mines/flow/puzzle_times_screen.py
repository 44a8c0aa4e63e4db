"""The best puzzle times, per size and level (a page; how to play is on help_screen's)."""

from mines.engine.presets import LEVEL_TITLES
from mines.puzzle import play as P
from mines.flow.menus import page


def _time(ms):
    """A best time in 6 characters at most: "12.3s", "16:40" (from 100 s), "-" for none."""
    s = ms // 1000
    if not ms:
        return "-"
    if s < 100:
        return "%d.%ds" % (s, ms % 1000 // 100)
    return "%d:%02d" % (s // 60, s % 60) if s < 6000 else "%dm" % (s // 60)


def make(midend):
    lines = ["%-6s%6s%7s%7s" % (("",) + LEVEL_TITLES)]
    best = midend.puzzle_best
    for k in range(len(P.SIZES)):
        times = [_time(best[k * 3 + level] if best else 0) for level in range(3)]
        lines.append("%-6s%6s%7s%7s" % (P.SIZES[k][0], times[0], times[1], times[2]))
    lines.append("Kept until switched off")
    return page("puzzle_best", "Best puzzle times", lines)
