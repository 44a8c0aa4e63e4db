"""The best puzzle times, per size and level, and how to play (a page)."""

from mines import puzzle_game as P
from mines.menus import page


def _time(ms):
    return "%d.%ds" % (ms // 1000, ms % 1000 // 100) if ms else "-"


def make(midend):
    up, down, left, right, a, b, start, select = midend.buttons
    lines = ["Size     easy  medium  hard"]
    best = midend.puzzle_best
    for k in range(len(P.SIZES)):
        times = [_time(best[k * 3 + level] if best else 0) for level in range(3)]
        lines.append("%-7s %5s %6s %6s" % (P.SIZES[k][0], times[0], times[1], times[2]))
    lines += ["%s: mine  %s: clear" % (a, b),
              "%s: undo, redo, check, hint" % start]
    return page("puzzle_best", "Best puzzle times", lines)
