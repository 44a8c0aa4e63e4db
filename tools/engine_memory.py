"""The engine's heap for one board size, step by step, under micropython (host bytes: objects
are about twice the device's size, byte buffers the same):

  .venv/bin/micropython -X heapsize=1M tools/engine_memory.py [WIDTH HEIGHT MINES] [--buffers]

Run from the repository. Prints what each step keeps alive (after a collect): the generator
for the size, a board made, the game on it, the hint job (borrowing the generator's solver, as
the game does), a wrong-flag check and a hint. --buffers: also each buffer the solver, the
case analysis and the hint job hold (name, type, length, bytes). Defaults: 30x24 with 216
mines, the largest board the menu makes.
"""

import gc
import sys

sys.path[:] = ["lib"]
ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
W, H, M = (int(a) for a in ARGS[:3]) if len(ARGS) >= 3 else (30, 24, 216)
BUFFERS = "--buffers" in sys.argv

from array import array  # noqa: E402

from mines.help.hint_job import HintJob  # noqa: E402
from mines.engine.game import PRIMARY, Game  # noqa: E402
from mines.engine.generator import Generator  # noqa: E402

_SIZES = {"b": 1, "B": 1, "h": 2, "H": 2, "i": 4, "I": 4, "l": 4, "L": 4, "q": 8, "Q": 8}


def alive():
    gc.collect()
    return gc.mem_alloc()


def buffers(obj, name, seen):
    """Print the byte buffers and arrays ``obj`` holds; one met before (``seen``: id -> its
    first name) is named as shared, not counted again. Returns the bytes of the new ones."""
    total = 0
    for key in sorted(dir(obj)):
        if key.startswith("__"):
            continue
        v = getattr(obj, key)
        if type(v) in (bytearray, bytes) and len(v) > 32:
            kind = "%s[%d]" % (type(v).__name__, len(v))
            size = len(v)
        elif type(v) is array and len(v) > 16:
            code = str(v)[7]
            kind = "array('%s')[%d]" % (code, len(v))
            size = len(v) * _SIZES[code]
        else:
            continue
        here = "%s.%s" % (name, key)
        if id(v) in seen:
            print("    %-16s %-18s  (is %s)" % (here, kind, seen[id(v)]))
            continue
        seen[id(v)] = here
        total += size
        print("    %-16s %-18s %5d bytes" % (here, kind, size))
    return total


def main():
    before = alive()
    last = [before]

    def step(label):
        now = alive()
        print("%-44s %+7d  (%d)" % (label, now - last[0], now - before))
        last[0] = now

    print("%dx%d with %d mines: host bytes kept by each step (and in all)" % (W, H, M))
    gen = Generator(W, H)
    step("Generator (board, solver)")
    gen.begin(M, 1, (W // 2, H // 2))
    gen.run()
    step("a board made (at Full: its case analysis)")
    game = Game(W, H)
    game.new(gen.board, 1)
    game.execute(game.decide(PRIMARY, gen.start_x, gen.start_y))
    step("the game on it, the start opened")
    job = HintJob(game, gen.solver)
    step("the hint job")
    job.begin(-1, True)
    while not job.step():
        pass
    step("a check after a move")
    job.begin(game.board.index(0, 0))
    while not job.step():
        pass
    step("a hint")
    if BUFFERS:
        s = gen.solver
        seen = {}
        for group in (((gen.board, "board"), (gen, "generator"), (s, "solver"),
                       (s.cases, "cases"), (s.cases.layouts, "layouts"),
                       (s.cases.totals, "totals")),
                      ((game, "game"),),
                      ((job, "job"), (job.hinter, "hinter"), (job.hinter.loader, "loader"))):
            total = 0
            for obj, name in group:
                total += buffers(obj, name, seen)
            print("  %d bytes of buffers of their own" % total)


main()
