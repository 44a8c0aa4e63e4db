"""Make pen-and-paper Minesweeper puzzles and print them as JSON lines (one per puzzle).

    python tools/puzzle.py --width W --height H --seed S [--level easy|medium|hard] [--count N]
    python tools/puzzle.py --code CODE

Each line is {"w", "h", "level", "view", "solution", "code"}: view is H strings of W characters
(a digit is a clue, '#' a cell without one), solution W*H characters row-major ('*' a mine, '.'
clear), code the puzzle's code (``--code`` makes the same puzzle again). Runs unchanged under
CPython and MicroPython (``micropython tools/puzzle.py ...``), printing the same lines on both.
Bad arguments: one line and exit status 2; an output that cannot be written (a full disk, a
closed pipe): one line and exit status 1.
"""

import sys


def _lib_path():
    # lib/ next to this file's folder, whatever the interpreter (MicroPython has no os.path).
    here = sys.argv[0] if sys.argv and sys.argv[0] else "tools/puzzle.py"
    cut = here.replace("\\", "/").rfind("/")
    return (here[:cut] if cut >= 0 else ".") + "/../lib"


sys.path.insert(0, _lib_path())

from cli import level_from_name, out, usage  # noqa: E402
from mines.engine import presets  # noqa: E402
from mines.puzzle import play as P
from mines.engine.view_text import grid_string

USAGE = "usage: puzzle.py --width W --height H --seed S [--level easy|medium|hard] [--count N]\n" \
        "       puzzle.py --code CODE"
HELP = USAGE + """

Make pen-and-paper Minesweeper puzzles: every cell shown at once, some safe cells show their
number (the clues); exactly one solution, which the level's reasoning reaches from the clues
alone; no clue can be taken away. One JSON line per puzzle:
  {"w", "h", "level", "view": [H strings of W chars: a digit is a clue, "#" a cell without
  one], "solution": "<W*H chars, '*' mine, '.' clear>", "code"}

options:
  --width W      columns, %d to %d
  --height H     rows, %d to %d
  --seed S       the first puzzle's seed, 0 to %d; the same seed makes the same puzzle
  --level L      easy (one clue at a time), medium (pairs of clues) or hard (case splits and
                 the mine count, which the player is told); default easy. The names of
                 gen.py and solve.py, single, pairs and full, mean the same
  --count N      make N puzzles, seeds S to S+N-1 (default 1)
  --code CODE    make the puzzle of a code printed before (alone, without the options above)
  -h, --help     show this help""" % (P.MIN_WIDTH, P.MAX_WIDTH, P.MIN_HEIGHT, P.MAX_HEIGHT,
                                    (1 << P.SEED_BITS) - 1)

_OPTIONS = ("width", "height", "seed", "level", "count", "code")


def _fail(msg):
    usage("puzzle.py", msg)


def _int(opts, key):
    try:
        return int(opts[key])
    except ValueError:
        _fail("--%s takes a whole number, not %r" % (key, opts[key]))


def parse(argv):
    """(width, height, level, first seed, count) from the command line; exits 2 with a one-line
    message on anything wrong."""
    opts = {}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            out("puzzle.py", HELP + "\n")
            sys.exit(0)
        if not a.startswith("--") or a[2:] not in _OPTIONS:
            _fail("unknown argument %r" % a)
        if i + 1 >= len(argv):
            _fail("%s needs a value" % a)
        opts[a[2:]] = argv[i + 1]
        i += 2
    if "code" in opts:
        if len(opts) > 1:
            _fail("--code goes alone: the code holds the size, level and seed")
        try:
            w, h, level, seed = P.decode_code(opts["code"])
        except ValueError as e:
            _fail("bad code %r: %s" % (opts["code"], e))
        return w, h, level, seed, 1
    for key in ("width", "height", "seed"):
        if key not in opts:
            _fail("--%s is required" % key)
    w = _int(opts, "width")
    h = _int(opts, "height")
    seed = _int(opts, "seed")
    count = _int(opts, "count") if "count" in opts else 1
    try:
        level = level_from_name(opts.get("level", "easy"))  # (the same three levels)
    except ValueError as e:
        _fail(str(e))
    msg = P.check_size(w, h)
    if msg:
        _fail(msg)
    if count < 1:
        _fail("--count must be at least 1")
    top = (1 << P.SEED_BITS) - 1
    if not (0 <= seed and seed + count - 1 <= top):
        _fail("seeds must be 0 to %d (got %d to %d)" % (top, seed, seed + count - 1))
    return w, h, level, seed, count


def line(maker):
    """The JSON line of a finished puzzle, written out by hand so that CPython and MicroPython
    print the very same text."""
    b = maker.board
    rows = P.view_rows(b, maker.clue)
    return '{"w": %d, "h": %d, "level": "%s", "view": [%s], "solution": "%s", "code": "%s"}' % (
        b.width, b.height, presets.LEVEL_WORDS[maker.level], ", ".join(['"%s"' % r for r in rows]),
        grid_string(b), P.encode_code(b.width, b.height, maker.level, maker.seed))


def main(argv):
    w, h, level, seed, count = parse(argv)
    from mines.puzzle.maker import PuzzleMaker
    maker = PuzzleMaker(w, h)
    for s in range(seed, seed + count):
        maker.begin(s, level)
        maker.run()
        out("puzzle.py", line(maker) + "\n")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except KeyboardInterrupt:
        sys.exit(130)
