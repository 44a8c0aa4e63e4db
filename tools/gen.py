"""Generate boards and print them as JSON lines (one per board).

    python tools/gen.py --width W --height H --mines M --seed S [--count N] [--start X,Y]
                        [--level easy|medium|hard] [--kind no-guess|random|kind]
    python tools/gen.py --code CODE

Options:
  --width W      columns, 5 to 30            --height H   rows, 5 to 24
  --mines M      mines: 1 to 45% of the cells at hard, 30% at easy and medium, less on big
                 boards (what the device makes in time; 9 cells always free for the opening)
  --seed S       the first board's seed, 0 to 2097151 (board codes hold 21 bits of seed)
  --count N      boards to make, seeds S .. S+N-1 (default 1)
  --start X,Y    the cell opened first (default: drawn from the seed)
  --level L      the reasoning a no-guess board may need: easy (one number at a time), medium
                 (pairs of numbers) or hard (counting and case splits; the default); the
                 names single, pairs and full mean the same
  --kind K       no-guess (default): solvable without guessing from the start;
                 random: uniform mines, the start and its neighbours safe (kind boards start
                 as random ones; their mercy happens in play)
  --code CODE    rebuild the board a board code names (as shown on the result screen)
  -h, --help     this text

Each line is {"w","h","mines","seed","start":[x,y],"level","kind","grid","perturbations",
"restarts","work","code","version"}: grid is W*H characters, row-major, '*' a mine and '.' safe;
work the generator's work units (0 for random boards); code the board's code; version the no-guess
generator's (mines.engine.generator.VERSION, 1; 0 for a board of a code written before version 1, and
for random and kind boards, which have one version). Runs unchanged under CPython
and MicroPython (``micropython tools/gen.py ...``), printing the same lines on both. Bad arguments:
a one-line message and exit status 2; an output that cannot be written (a full disk, a closed
pipe): a one-line message and exit status 1.
"""

import sys


def _lib_path():
    # Find lib/ next to this file's folder, whatever the interpreter (MicroPython has no os.path).
    here = sys.argv[0] if sys.argv and sys.argv[0] else "tools/gen.py"
    cut = here.replace("\\", "/").rfind("/")
    tools = here[:cut] if cut >= 0 else "."
    return tools + "/../lib"


sys.path.insert(0, _lib_path())

from cli import level_from_name, out, usage  # noqa: E402
from mines.engine import board_code, presets  # noqa: E402
from mines.engine.kinds import random_layout  # noqa: E402
from mines.engine.view_text import grid_string  # noqa: E402

_OPTIONS = ("width", "height", "mines", "seed", "count", "start", "level", "kind", "code")
_KINDS = presets.KIND_NAMES


def _fail(msg):
    usage("gen.py", msg)


def _options(argv):
    opts = {}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            out("gen.py", __doc__.strip() + "\n")
            sys.exit(0)
        if not a.startswith("--") or a[2:] not in _OPTIONS:
            _fail("unknown argument %r" % a)
        if i + 1 >= len(argv) or argv[i + 1].startswith("--"):
            _fail("%s needs a value" % a)
        opts[a[2:]] = argv[i + 1]
        i += 2
    return opts


def _number(opts, key, default=None):
    if key not in opts:
        if default is None:
            _fail("--%s is required" % key)
        return default
    try:
        return int(opts[key])
    except ValueError:
        _fail("--%s takes a whole number, not %r" % (key, opts[key]))


def parse(argv):
    """(w, h, mines, seed, count, start, level, kind, version) from the command line (version
    None: the generator's own)."""
    opts = _options(argv)
    if "code" in opts:
        if len(opts) > 1:
            _fail("--code names the whole board: give it alone")
        try:
            w, h, m, seed, sx, sy, level, kind = board_code.decode(opts["code"])
        except ValueError as e:
            _fail("bad code %r: %s" % (opts["code"], e))
        return (w, h, m, seed & board_code.MAX_SEED, 1, (sx, sy), level, kind,
                seed >> board_code.SEED_BITS)
    w = _number(opts, "width")
    h = _number(opts, "height")
    m = _number(opts, "mines")
    seed = _number(opts, "seed")
    count = _number(opts, "count", 1)
    try:
        level = level_from_name(opts.get("level", presets.LEVEL_NAMES[presets.DEFAULT_LEVEL]))
    except ValueError as e:
        _fail(str(e))
    kind_name = opts.get("kind", _KINDS[0])
    if kind_name not in _KINDS:
        _fail("unknown kind %r: use no-guess, random or kind" % kind_name)
    kind = _KINDS.index(kind_name)
    start = None
    if "start" in opts:
        parts = opts["start"].split(",")
        try:
            if len(parts) != 2:
                raise ValueError
            start = (int(parts[0]), int(parts[1]))
        except ValueError:
            _fail("--start takes X,Y (column,row), e.g. --start 3,4")
    msg = presets.check_params(w, h, m, level)
    if msg:
        _fail(msg)
    if start is not None and not (0 <= start[0] < w and 0 <= start[1] < h):
        _fail("--start %d,%d is off the %dx%d board" % (start[0], start[1], w, h))
    if count < 1:
        _fail("--count must be at least 1")
    if seed < 0 or seed + count - 1 > board_code.MAX_SEED:
        _fail("seeds run from 0 to %d (board codes hold %d bits)" % (
            board_code.MAX_SEED, board_code.SEED_BITS))
    return w, h, m, seed, count, start, level, kind, None


def main(argv):
    w, h, m, seed, count, start, level, kind, version = parse(argv)
    gen = None
    if kind == presets.NO_GUESS:
        from mines.engine.generator import VERSION, Generator
        gen = Generator(w, h)
        if version is None:
            version = VERSION
    else:
        from mines.engine.board import Board
        board = Board(w, h)
        version = 0
    for s in range(seed, seed + count):
        if gen is not None:
            gen.begin(m, s, start, level, version)
            gen.run()
            board = gen.board
            sx, sy = gen.start_x, gen.start_y
            stats = (gen.perturbations, gen.restarts, gen.total_work)
        else:
            sx, sy = random_layout(board, m, s, start)
            stats = (0, 0, 0)
        code = board_code.encode(w, h, m, s | version << board_code.SEED_BITS, sx, sy, level, kind)
        out("gen.py", '{"w": %d, "h": %d, "mines": %d, "seed": %d, "start": [%d, %d], '
            '"level": "%s", "kind": "%s", "grid": "%s", "perturbations": %d, "restarts": %d, '
            '"work": %d, "code": "%s", "version": %d}\n' % (
                w, h, m, s, sx, sy, presets.LEVEL_NAMES[level], _KINDS[kind],
                grid_string(board), stats[0], stats[1], stats[2], code, version))


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except KeyboardInterrupt:
        sys.exit(130)
