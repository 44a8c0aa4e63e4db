"""Prove what can be proven from players' views.

    python tools/solve.py [--level single|pairs|full] [FILE]

Reads JSON lines {"w","h","total_mines","view":[H strings of W chars]} ('#' covered, '0'-'8' an
open number; 'F' a known mine is accepted too) from FILE or stdin, and prints one line per input:
{"safe":[[x,y],...],"mine":[[x,y],...]}: every covered cell the solver proves at that level,
applying its own deductions until nothing changes. Default level: full. A malformed line prints
{"error": "..."} and the rest go on.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from mines import presets  # noqa: E402
from mines.views import solve_view  # noqa: E402


def solve_line(line, level):
    try:
        data = json.loads(line)
        w = int(data["w"])
        h = int(data["h"])
        total = int(data.get("total_mines", -1))
        view = data["view"]
        if not (1 <= w <= 64 and 1 <= h <= 64):
            raise ValueError("w and h must be 1 to 64")
        safe, mine = solve_view(w, h, view, level, total)
    except (ValueError, KeyError, TypeError) as e:
        return {"error": "bad input: %s" % (e,)}
    return {"safe": [list(c) for c in safe], "mine": [list(c) for c in mine]}


def main(argv):
    level = presets.FULL
    path = None
    i = 0
    while i < len(argv):
        if argv[i] == "--level" and i + 1 < len(argv):
            try:
                level = presets.level_from_name(argv[i + 1])
            except ValueError as e:
                sys.exit("solve.py: %s" % e)
            i += 2
        elif argv[i] in ("-h", "--help"):
            print(__doc__)
            return
        else:
            path = argv[i]
            i += 1
    stream = open(path) if path else sys.stdin
    with stream:
        for line in stream:
            if line.strip():
                print(json.dumps(solve_line(line, level)))


if __name__ == "__main__":
    main(sys.argv[1:])
