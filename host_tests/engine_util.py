"""Shared helpers for the engine tests: paths, a micropython runner, brute force."""

import itertools
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "lib")
# lib/ as a micropython script puts it on sys.path: relative to ROOT, where ``micropython``
# runs, so the same string in every checkout (a tight heap's layout moves with the length of
# the paths it holds: a test near its heap passed in one clone and failed in another).
MP_LIB = "lib"
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
if LIB not in sys.path:
    sys.path.insert(0, LIB)


def micropython(args, heap="96K", timeout=600):
    """Run the micropython command (from .venv, installed by tools/setup.sh)."""
    exe = MICROPYTHON if os.path.exists(MICROPYTHON) else "micropython"
    return subprocess.run([exe, "-X", "heapsize=" + heap] + args, capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT)


def neighbours(w, h, x, y):
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h:
                yield x + dx, y + dy


def brute_force(w, h, rows, total):
    """(safe, mine): the covered cells that are safe / mines in every layout consistent with the
    numbers in ``rows`` and ``total`` mines; None if no layout is."""
    unk = [(x, y) for y in range(h) for x in range(w) if rows[y][x] == "#"]
    where = {c: i for i, c in enumerate(unk)}
    numbers = [(x, y, int(rows[y][x])) for y in range(h) for x in range(w) if rows[y][x].isdigit()]
    around = [[where[c] for c in neighbours(w, h, x, y) if c in where] for x, y, _ in numbers]
    layouts = []
    for combo in itertools.combinations(range(len(unk)), total):
        m = set(combo)
        if all(sum(1 for i in cells if i in m) == v for cells, (_, _, v) in zip(around, numbers)):
            layouts.append(m)
    if not layouts:
        return None
    safe = sorted(c for c in unk if all(where[c] not in m for m in layouts))
    mine = sorted(c for c in unk if all(where[c] in m for m in layouts))
    return safe, mine
