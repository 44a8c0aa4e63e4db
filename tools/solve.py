"""Prove what players' views allow: deductions, hints, wrong flags, the safest guess.

    python tools/solve.py [--level easy|medium|hard] [--hint | --safest] [FILE]

Reads JSON lines from FILE (default: standard input), one view per line:
  {"w", "h", "total_mines" (optional), "view": [H strings of W chars]}: w and h whole numbers 1
  to 64, total_mines 0 to w*h; '#' covered, '0'-'8' an open number, 'F' a player's flag (not
  trusted: deductions use the numbers alone), '*' a known mine (one the game showed, as a mine
  blown with a life to spare);
or a board line of tools/gen.py ({"w", "h", "mines", "grid", "start", ...}): its start position,
the start cell opened, with the board's mine count as the total.

Prints one JSON line per input line:
  default   {"safe": [[x, y], ...], "mine": [[x, y], ...]}: every covered cell the solver proves
            at --level (easy, medium or hard, the default; or single, pairs, full: the same),
            applying its own deductions until nothing changes;
  --hint    {"hint": [x, y], "is": "safe"|"mine", "because": [[x, y], ...], "rule": "single"|
            "pairs"|"count"|"cases"}: the cell that follows at the weakest rule, and the open
            numbers that alone prove it (with the total only when the rule is count); or
            {"hint": null} when nothing is provable;
  --safest  {"safest": [x, y], "p": P, "exact": true|false}: the covered cell least likely to be
            a mine and that probability (exact counting over the frontier, every layout with the
            total equally likely; exact is false when a group was too big to count);
and, for a view with 'F' cells, "wrong_flags": [[x, y], ...]: flags on cells the numbers prove
safe (only those: a flag beside a number with too many flags is not wrong for that alone), and
"overfilled": [[x, y], ...]: the numbers with more flags and known mines around them than their
value (one of those flags is wrong; the numbers need not say which). A malformed line (not JSON,
a field missing, of the wrong type or out of range) gives {"error": "bad input: ..."}, a view that
no mine layout fits {"error": "inconsistent: ..."}; the other lines go on, and the exit status is
then 2 (bad input) or 1 (inconsistent views only). Bad arguments or an unreadable FILE: a one-line
message and exit status 2; an output that cannot be written (a full disk, a closed pipe): one
line and exit 1.
Options: -h, --help: this text.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from cli import level_from_name, out, parse_json, usage  # noqa: E402
from mines.engine import presets  # noqa: E402
from mines.engine.board import Board  # noqa: E402
from mines.engine.game import COVERED, PRIMARY, Game, marks_around  # noqa: E402
from mines.help.hints import RULE_NAMES, SETTLED_SAFE, Hinter  # noqa: E402
from mines.help.probability import Probabilities  # noqa: E402
from mines.engine.view_text import load_grid, parse_view, solve_view  # noqa: E402

def _fail(msg):
    usage("solve.py", msg)


def _whole(data, name, lo, hi, default=None):
    """The whole number ``data[name]`` (``default`` when it is absent and one is given),
    ``lo`` to ``hi``; ValueError saying what is wrong."""
    if name not in data and default is not None:
        return default
    if name not in data:
        raise ValueError("%r is missing" % name)
    value = data[name]
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError("%s must be a whole number %d to %d (got %s)" % (
            name, lo, hi, json.dumps(value)[:20]))
    return value


def view_of_board_line(data):
    """(w, h, rows, total) of a gen.py board line's start position."""
    w = _whole(data, "w", 1, 64)
    h = _whole(data, "h", 1, 64)
    grid = data["grid"]
    start = data["start"]
    if (not isinstance(grid, str) or len(grid) != w * h or set(grid) - set("*.")
            or not isinstance(start, list) or len(start) != 2):
        raise ValueError("grid must be w*h characters of '*' and '.', start [x, y]")
    sx = _whole({"x": start[0]}, "x", 0, w - 1)
    sy = _whole({"y": start[1]}, "y", 0, h - 1)
    board = Board(w, h)
    load_grid(board, grid)
    if grid[sy * w + sx] == "*":
        raise ValueError("the start (%d, %d) is a mine" % (sx, sy))
    game = Game(w, h)
    game.new(board)
    game.execute(game.decide(PRIMARY, sx, sy))
    rows = []
    for y in range(h):
        row = ""
        for x in range(w):
            t = game.tile(x, y)
            row += "#" if t == COVERED else "*" if t > 8 else str(t)
        rows.append(row)
    return w, h, rows, board.mines


def read_view(line):
    """(w, h, rows, total) of an input line; ValueError, KeyError or TypeError if malformed."""
    data = parse_json(line)
    if not isinstance(data, dict):
        raise ValueError("a line must be a JSON object")
    if "grid" in data and "view" not in data:
        return view_of_board_line(data)
    w = _whole(data, "w", 1, 64)
    h = _whole(data, "h", 1, 64)
    total = _whole(data, "total_mines", 0, w * h, -1)
    rows = data["view"]
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise ValueError("view must be a list of strings")
    return w, h, rows, total


def answer(line, level, mode):
    try:
        w, h, rows, total = read_view(line)
        board, shown = parse_view(w, h, rows)
    except KeyError as e:
        return {"error": "bad input: %s is missing" % (e,)}
    except (ValueError, TypeError, IndexError) as e:
        return {"error": "bad input: %s" % (e,)}
    xy = lambda i: [board.x_of(i), board.y_of(i)]  # noqa: E731
    hinter = Hinter(w, h)
    hinter.begin(shown, total)
    hinter.run()
    if hinter.error:
        return {"error": hinter.error}
    # Every layout check (and the safest cell) over the view with its proven cells filled in:
    # the same layouts, fewer cells to count.
    settled = bytearray(len(shown))
    hinter.settle(settled)
    probs = Probabilities(board)
    probs.begin(settled, total)
    probs.run()
    if probs.error:
        return {"error": probs.error}
    out = {}
    has_flags = any("F" in r for r in rows)
    if mode == "hint":
        if hinter.cell < 0:
            out["hint"] = None
        else:
            out["hint"] = xy(hinter.cell)
            out["is"] = "mine" if hinter.is_mine else "safe"
            out["because"] = [xy(i) for i in hinter.because]
            out["rule"] = RULE_NAMES[hinter.rule]
    elif mode == "safest":
        # A covered cell the numbers prove safe beats any probability.
        proven = [i for i in range(len(shown)) if settled[i] == SETTLED_SAFE]
        if proven:
            out["safest"] = xy(proven[0])
            out["p"] = 0.0
        else:
            out["safest"] = xy(probs.best) if probs.best >= 0 else None
            out["p"] = round(probs.best_p, 4)
        out["exact"] = probs.exact
    else:
        safe, mine = solve_view(w, h, rows, level, total)
        out["safe"] = [list(c) for c in safe]
        out["mine"] = [list(c) for c in mine]
    if has_flags:
        out["wrong_flags"] = [xy(i) for i in hinter.wrong]
        out["overfilled"] = [xy(i) for i in range(len(shown)) if board.inside[i] and
                             shown[i] <= 8 and shown[i] < marks_around(shown, board.offsets, i)]
    return out


def parse(argv):
    level = presets.FULL
    mode = "solve"
    path = None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            out("solve.py", __doc__.strip() + "\n")
            sys.exit(0)
        if a == "--level":
            if i + 1 >= len(argv) or argv[i + 1].startswith("--"):
                _fail("--level needs a value: easy, medium or hard")
            try:
                level = level_from_name(argv[i + 1])
            except ValueError as e:
                _fail(str(e))
            i += 2
            continue
        if a in ("--hint", "--safest"):
            if mode != "solve":
                _fail("--hint and --safest do not go together")
            mode = a[2:]
        elif a.startswith("-") and a != "-":
            _fail("unknown option %r" % a)
        elif path is not None:
            _fail("one FILE at most (got %r and %r)" % (path, a))
        else:
            path = a
        i += 1
    return level, mode, path


def main(argv):
    level, mode, path = parse(argv)
    if path is None or path == "-":
        stream = sys.stdin
    else:
        try:
            stream = open(path)
        except OSError as e:
            _fail("cannot read %s: %s" % (path, e.strerror or e))
    status = 0
    with stream:
        try:
            for line in stream:
                if line.strip():
                    answered = answer(line, level, mode)
                    error = answered.get("error", "")
                    if error.startswith("bad input"):
                        status = 2
                    elif error and not status:
                        status = 1
                    out("solve.py", json.dumps(answered) + "\n")
        except UnicodeDecodeError:
            _fail("%s is not a text file" % (path or "standard input"))
        except OSError as e:  # reading FILE failed half-way (an I/O error)
            _fail("cannot read %s: %s" % (path or "standard input", e.strerror or e))
    return status


if __name__ == "__main__":
    try:
        status = main(sys.argv[1:])
    except KeyboardInterrupt:
        status = 130
    sys.exit(status)
