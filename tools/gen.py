"""Generate no-guess boards and print them as JSON lines (one per board).

    python tools/gen.py --width W --height H --mines M --seed S [--count N] [--start X,Y]
                        [--level single|pairs|full]

Seeds S..S+N-1; the start cell comes from the seed unless --start is given. Each line is
{"w","h","mines","seed","start":[x,y],"level","grid","perturbations","restarts","work"} where
grid is W*H characters, row-major, '*' a mine and '.' safe, and work the generator's work units.
Runs unchanged under CPython and MicroPython (``micropython tools/gen.py ...``), printing the same
lines on both.
"""

import sys


def _lib_path():
    # Find lib/ next to this file's folder, whatever the interpreter (MicroPython has no os.path).
    here = sys.argv[0] if sys.argv and sys.argv[0] else "tools/gen.py"
    cut = here.replace("\\", "/").rfind("/")
    tools = here[:cut] if cut >= 0 else "."
    return tools + "/../lib"


sys.path.insert(0, _lib_path())

from mines import presets  # noqa: E402
from mines.generator import Generator  # noqa: E402

USAGE = ("usage: gen.py --width W --height H --mines M --seed S [--count N] [--start X,Y] "
         "[--level single|pairs|full]")


def _fail(msg):
    sys.stderr.write("gen.py: %s\n%s\n" % (msg, USAGE))
    sys.exit(2)


def parse(argv):
    opts = {"count": "1", "level": presets.LEVEL_NAMES[presets.DEFAULT_LEVEL], "start": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(USAGE)
            sys.exit(0)
        if not a.startswith("--") or i + 1 >= len(argv):
            _fail("unexpected argument %r" % a)
        key = a[2:]
        if key not in ("width", "height", "mines", "seed", "count", "start", "level"):
            _fail("unknown option %r" % a)
        opts[key] = argv[i + 1]
        i += 2
    for key in ("width", "height", "mines", "seed"):
        if key not in opts:
            _fail("--%s is required" % key)
    try:
        w = int(opts["width"])
        h = int(opts["height"])
        m = int(opts["mines"])
        seed = int(opts["seed"])
        count = int(opts["count"])
    except ValueError:
        _fail("--width, --height, --mines, --seed and --count take whole numbers")
    try:
        level = presets.level_from_name(opts["level"])
    except ValueError as e:
        _fail(str(e))
    start = None
    if opts["start"] is not None:
        parts = opts["start"].split(",")
        try:
            start = (int(parts[0]), int(parts[1]))
            if len(parts) != 2:
                raise ValueError
        except (ValueError, IndexError):
            _fail("--start takes X,Y (column,row), e.g. --start 3,4")
    msg = presets.check_params(w, h, m)
    if msg:
        _fail(msg)
    if start is not None and not (0 <= start[0] < w and 0 <= start[1] < h):
        _fail("--start %d,%d is off the %dx%d board" % (start[0], start[1], w, h))
    if count < 1:
        _fail("--count must be at least 1")
    return w, h, m, seed, count, start, level


def main(argv):
    w, h, m, seed, count, start, level = parse(argv)
    g = Generator(w, h)
    for s in range(seed, seed + count):
        g.begin(m, s, start, level)
        g.run()
        print('{"w": %d, "h": %d, "mines": %d, "seed": %d, "start": [%d, %d], "level": "%s", '
              '"grid": "%s", "perturbations": %d, "restarts": %d, "work": %d}' % (
                  w, h, m, s, g.start_x, g.start_y, presets.LEVEL_NAMES[level],
                  g.board.grid_string(), g.perturbations, g.restarts, g.total_work))


if __name__ == "__main__":
    main(sys.argv[1:])
