"""Benchmark: hints and mine probabilities on Expert, in estimated SAMD51 time.

    python tools/bench_hints.py [--boards N] [--units U] [--out PREFIX] [--no-devtime]

Positions: Expert no-guess boards (30x16, 99 mines, seeds 0..N) played by hints from the start,
taken at a quarter, half and three quarters of the hints the game needs (3N + 2 positions: one
view of the last board warms the scripts up); and Expert random boards played by hints until a
guess is unavoidable (the probability map's real use). Each answer is timed under the
MicroPython VM in valgrind (../shared/devtime/devtime.sh: instruction counts scaled to a 120 MHz
SAMD51), one run per position with the set-up subtracted, in the three situations of a game
(mines.flow.hint_part):

  hint in a game   what the game does with Marks on (the default: the hint job is made by the
                   first open and kept to the game's end): the player's move is followed by the
                   check job (MODE_CHECK), which loads the view from the last one plus the move
                   (and looks for wrong flags), and the hint asked then starts from that view.
                   Timed: the hint alone, on a hinter that answered the view one move earlier
                   and then checked this one. The cursor is on the cell of the last move.
  check            that check itself (after every move; sliced, never waited for).
  from scratch     a hint with Marks off (nothing runs after a move): the first hint of such a
                   game loads the view from scratch (the job is made then, kept to the end).

Slices: on the host, the longest slice of ``step(U)`` of every position (a first hint: the most
work in one go) is found, then timed the same way (the work up to it, with and without it). U
defaults to what the game's job does a step (mines.help.hint_job: STEP_UNITS hinter units a step for
a hint, PROB_UNITS for the probabilities); --units sets both. Targets (issue 9): hint median <= 50
ms, probability map <= 1 s, no slice long enough to block a 30 fps frame (33 ms).

Writes PREFIX.json (for scripts) and PREFIX.md (a table), PREFIX defaulting to
tools/bench_hints_results; prints the table.
"""

import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
LIB = os.path.join(REPO, "lib")
sys.path.insert(0, LIB)

from mines.engine.board import Board  # noqa: E402
from mines.engine.game import PRIMARY, SECONDARY, PLAYING, Game  # noqa: E402
from mines.engine.generator import Generator  # noqa: E402
from mines.help.hints import Hinter  # noqa: E402
from mines.engine.kinds import random_layout  # noqa: E402
from mines.help.probability import Probabilities  # noqa: E402
from mines.help.hint_job import PROB_UNITS, STEP_UNITS  # noqa: E402
from mines.engine.view_text import grid_string, load_grid  # noqa: E402

# ../shared next to the repository (a worktree one level deeper: ../../shared).
DEVTIME = os.environ.get("DEVTIME") or next(
    (p for p in (os.path.join(os.path.dirname(REPO), "shared", "devtime", "devtime.sh"),
                 os.path.join(os.path.dirname(os.path.dirname(REPO)), "shared", "devtime",
                              "devtime.sh")) if os.path.exists(p)),
    "devtime.sh")
MICROPYTHON = os.path.join(REPO, ".venv", "bin", "micropython")
W, H, MINES = 30, 16, 99
FRAME_MS = 33.3


def _follow_hints(game, hinter, board, cursor, stop_at=None):
    """Play by hints until none or the game ends; returns the list of views (bytes) seen before
    each hint, and the last cursor."""
    views = []
    while game.state == PLAYING:
        views.append((bytes(game.shown), cursor))
        if stop_at is not None and len(views) > stop_at:
            break
        hinter.begin(game.shown, game.total, cursor)
        hinter.run()
        if hinter.cell < 0:
            break
        cursor = hinter.cell
        x, y = board.x_of(cursor), board.y_of(cursor)
        game.execute(game.decide(SECONDARY if hinter.is_mine else PRIMARY, x, y))
    return views, cursor


def positions(n):
    """(hint positions, probability positions): lists of (label, view bytes, cursor)."""
    gen = Generator(W, H)
    game = Game(W, H)
    hinter = Hinter(W, H)
    hint_pos = []
    for seed in range(n + 1):   # the last board only warms the scripts up (``_script``)
        gen.begin(MINES, seed)
        gen.run()
        game.new(gen.board)
        game.execute(game.decide(PRIMARY, gen.start_x, gen.start_y))
        views, _ = _follow_hints(game, hinter, gen.board, gen.board.index(gen.start_x, gen.start_y))
        for q in (1, 2, 3):
            j = len(views) * q // 4
            shown, cursor = views[j]
            hint_pos.append(("noguess s%d %d/4" % (seed, q), shown, cursor,
                             grid_string(gen.board), views[j - 1][0]))
    prob_pos = []
    board = Board(W, H)
    seed = 0
    while len(prob_pos) < n and seed < 50 * n:
        sx, sy = random_layout(board, MINES, seed)
        game.new(board)
        game.execute(game.decide(PRIMARY, sx, sy))
        views, _ = _follow_hints(game, hinter, board, board.index(sx, sy))
        if game.state == PLAYING:
            shown, cursor = views[-1]
            settled = bytearray(len(shown))
            hinter.begin(bytearray(shown), MINES, cursor, board)
            hinter.run()
            hinter.settle(settled)
            prob_pos.append(("random s%d" % seed, shown, cursor, grid_string(board),
                             bytes(settled)))
        seed += 1
    return hint_pos, prob_pos


def _script(kind, pos, slices=None, units=200, warm=None, prev=False, check=False,
            measure=True):
    """A micropython script: set up, then one answer (``slices`` not None: that many steps).
    kind "hint": a hint on the view, given the layout as the game gives it (flags on real mines
    then need no disproof). "probability": the hint that finds nothing, the view settled with
    what it proved, and the probabilities over that. "pslices": steps of the probabilities over
    the settled view alone. ``warm``: a position answered first, the same in every script (a
    game's buffers and templates are made by its first answer; another game's view, so the
    view measured loads from scratch unless ``prev``: the hinter forgets the warm view first,
    as a new game's job does). ``prev``: first the hint of the view one
    move earlier (the game's kept hinter); ``check``: then the check after the move on this
    view (MODE_CHECK: it loads the view); ``measure`` False: the set-up only."""
    label, shown, cursor, grid, settled = pos
    warm = warm or pos
    if warm[4] is warm[1] or kind == "hint":
        warm = (warm[0], warm[1], warm[2], warm[3], warm[1])
    if kind == "hint":
        settled = shown   # (unused by hints)
    head = ("import sys\nsys.path.insert(0, %r)\n"
            "from mines.engine.board import Board\n"
            "from mines.engine.view_text import load_grid\n"
            "from mines.help.hints import Hinter, MODE_CHECK\n"
            "from mines.help.probability import Probabilities\n"
            "b = Board(%d, %d)\nh = Hinter(%d, %d)\np = Probabilities(b)\n"
            "truth = Board(%d, %d)\nload_grid(truth, %r)\nv = bytearray(%r)\n"
            "v2 = bytearray(%r)\n"
            "h.begin(v, %d, %d, truth)\nh.run()\nh.settle(v2)\np.begin(v2, %d)\np.run()\n"
            "load_grid(truth, %r)\nv = bytearray(%r)\nv2 = bytearray(%r)\n"
            % (LIB, W, H, W, H, W, H, warm[3], warm[1], warm[4] if kind != "hint" else warm[1],
               MINES, warm[2], MINES, grid, shown, settled))
    if prev:
        head += ("v3 = bytearray(%r)\nh.begin(v3, %d, %d, truth)\nh.run()\n"
                 % (pos[4], MINES, cursor))
    else:
        # As a new game does (mines.flow.hint_part.new_game: the job forgets the last game's view):
        # the view measured is another game's, loaded from scratch, with nothing to undo.
        head += "h.forget()\n"
    if check:
        head += "h.begin(v, %d, -1, truth, MODE_CHECK)\nh.run()\n" % MINES
    if slices is not None:
        if kind == "hint":
            body = "h.begin(v, %d, %d, truth)\n" % (MINES, cursor)
        else:
            body = "p.begin(v2, %d, %d)\n" % (MINES, cursor)
        return head + body + "for _ in range(%d):\n    %s.step(%d)\n" % (
            slices, "h" if kind == "hint" else "p", units)
    if not measure:
        return head
    body = "h.begin(v, %d, %d, truth)\nh.run()\n" % (MINES, cursor)
    if kind == "probability":
        body += "h.settle(v2)\np.begin(v2, %d, %d)\np.run()\n" % (MINES, cursor)
    return head + body


def devtime_ms(script, tmpdir):
    fd, path = tempfile.mkstemp(suffix=".py", dir=tmpdir)
    with os.fdopen(fd, "w") as f:
        f.write(script)
    env = dict(os.environ, DEVTIME_MICROPYTHON=MICROPYTHON)
    p = subprocess.run(["bash", DEVTIME, "-H", "256K", path], capture_output=True, text=True,
                       env=env, cwd=REPO, timeout=3600)
    if p.returncode != 0:
        raise RuntimeError("devtime.sh failed: %s %s" % (p.stdout[-400:], p.stderr[-800:]))
    for line in p.stdout.splitlines():
        if line.startswith("host_instructions:"):
            ins = int(line.split()[1])
    k = json.load(open(os.path.join(os.path.dirname(DEVTIME), "calibration.json")))
    return ins * k["ns_per_host_instruction"] / 1e6


def host_slices(kind, pos, units, repeats=3):
    """(number of slices, index of the longest (1-based), its host seconds, total work) of a
    hint on the view (kind "hint") or of the probabilities over the settled view: each slice's
    time is the least of ``repeats`` runs, so a collector pause does not pick the wrong one."""
    label, shown, cursor, grid, settled = pos
    best = None
    for _ in range(repeats):
        if kind == "hint":
            truth = Board(W, H)
            load_grid(truth, grid)
            obj = Hinter(W, H)
            obj.begin(bytearray(shown), MINES, cursor, truth)
        else:
            obj = Probabilities(Board(W, H))
            obj.begin(bytearray(settled), MINES, cursor)
        times = []
        while True:
            t = time.perf_counter()
            done = obj.step(units)
            times.append(time.perf_counter() - t)
            if done:
                break
        best = times if best is None else [min(x, y) for x, y in zip(best, times)]
    k = max(range(len(best)), key=lambda j: best[j])
    return len(best), k + 1, best[k], obj.work


def main(argv):
    n = 10
    units = 0   # 0: the game's own step sizes (STEP_UNITS, PROB_UNITS)
    prefix = os.path.join(HERE, "bench_hints_results")
    use_devtime = True
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if a == "--no-devtime":
            use_devtime = False
            i += 1
            continue
        if a not in ("--boards", "--units", "--out") or i + 1 >= len(argv):
            sys.stderr.write("bench_hints.py: bad argument %r (see --help)\n" % a)
            return 2
        if a == "--out":
            prefix = argv[i + 1]
        else:
            try:
                v = int(argv[i + 1])
            except ValueError:
                sys.stderr.write("bench_hints.py: %s takes a whole number\n" % a)
                return 2
            if a == "--boards":
                n = v
            else:
                units = v
        i += 2
    if use_devtime:
        from bench_devtime import missing
        lacking = missing(DEVTIME, MICROPYTHON)
        if lacking:
            sys.stderr.write("bench_hints.py: no device-time estimate without %s (the shared "
                             "tools beside the project, valgrind, bash tools/setup.sh --test); "
                             "--no-devtime counts work units only\n" % ", ".join(lacking))
            return 2
    hint_pos, prob_pos = positions(n)
    warm = hint_pos.pop()   # another game's view: a first hint loads its own afresh
    rows = []
    tmpdir = tempfile.mkdtemp(prefix="bench_hints_")

    def dt(script):
        return devtime_ms(script, tmpdir)
    for kind, pos in (("hint", hint_pos), ("probability", prob_pos)):
        step_units = units or (STEP_UNITS if kind == "hint" else PROB_UNITS)
        setup = dt(_script(kind, pos[0], 0, warm=warm)) if use_devtime else 0.0
        mine = []
        for p in pos:
            slice_kind = "hint" if kind == "hint" else "pslices"
            nsl, longest, host_s, work = host_slices(slice_kind, p, step_units)
            row = {"kind": kind, "position": p[0], "slices": nsl, "work": work,
                   "slice_units": step_units, "longest_slice": longest,
                   "host_longest_slice_ms": host_s * 1e3}
            if use_devtime:
                # A first hint (or the probabilities): from scratch, the set-up subtracted.
                row["est_ms"] = dt(_script(kind, p, warm=warm)) - setup
                if kind == "hint":
                    before = dt(_script(kind, p, warm=warm, prev=True, measure=False))
                    checked = dt(_script(kind, p, warm=warm, prev=True, check=True,
                                         measure=False))
                    hinted = dt(_script(kind, p, warm=warm, prev=True, check=True))
                    row["est_ms_check"] = checked - before
                    row["est_ms_in_game"] = hinted - checked
            mine.append((row, p, slice_kind))
            print(json.dumps(row), file=sys.stderr)
        # The longest slices by host time, timed on the device model (the work before them, with
        # and without them).
        if use_devtime:
            mine.sort(key=lambda r: -r[0]["host_longest_slice_ms"])
            for row, p, slice_kind in mine[:2]:
                k = row["longest_slice"]
                before = dt(_script(slice_kind, p, k - 1, step_units, warm=warm))
                after = dt(_script(slice_kind, p, k, step_units, warm=warm))
                row["est_longest_slice_ms"] = after - before
        rows += [r[0] for r in mine]

    def middle(values):
        values = sorted(values)
        return values[(len(values) - 1) // 2], values[-1]
    summary = {}
    for kind in ("hint", "probability"):
        mine = [r for r in rows if r["kind"] == kind]
        s = {"positions": len(mine), "slice_units": mine[0]["slice_units"] if mine else 0}
        if use_devtime:
            s["median_ms"], s["max_ms"] = middle(r["est_ms"] for r in mine)
            if kind == "hint":
                s["median_ms_in_game"], s["max_ms_in_game"] = middle(
                    r["est_ms_in_game"] for r in mine)
                s["median_ms_check"], s["max_ms_check"] = middle(r["est_ms_check"] for r in mine)
            s["longest_slice_ms"] = max(r.get("est_longest_slice_ms", 0) for r in mine)
        summary[kind] = s
    result = {"board": "%dx%d/%d" % (W, H, MINES), "boards": n, "summary": summary,
              "rows": rows}
    with open(prefix + ".json", "w") as f:
        json.dump(result, f, indent=1)
    lines = ["# Hints and probabilities on Expert (est. SAMD51 ms, devtime.sh)", "",
             "Made by `python tools/bench_hints.py --boards %d`." % n, "",
             "| answer | positions | median ms | max ms | longest slice ms | target |",
             "|---|---|---|---|---|---|"]
    if use_devtime:
        s = summary["hint"]
        lines.append("| hint in a game (the check after the move loaded the view) | %d | %.1f | "
                     "%.1f | | median <= 50 |" % (s["positions"], s["median_ms_in_game"],
                                                 s["max_ms_in_game"]))
        lines.append("| check after a move (loads the view, wrong flags; sliced) | %d | %.1f | "
                     "%.1f | | never waited for |" % (s["positions"], s["median_ms_check"],
                                                      s["max_ms_check"]))
    names = {"hint": "hint from scratch (Marks off: view loaded by the hint)",
             "probability": "probability map (a guess is unavoidable)"}
    targets = {"hint": "slice < 33", "probability": "<= 1000, slice < 33"}
    for kind in ("hint", "probability"):
        s = summary[kind]
        lines.append("| %s | %d | %s | %s | %s | %s |" % (
            names[kind], s["positions"], "%.1f" % s["median_ms"] if "median_ms" in s else "-",
            "%.1f" % s["max_ms"] if "max_ms" in s else "-",
            "%.1f" % s["longest_slice_ms"] if "longest_slice_ms" in s else "-", targets[kind]))
    lines += ["", "Slices: %d hinter units a step for hints, %d frontier units for the "
              "probabilities (mines.help.hint_job); the longest slice of the two positions with "
              "the longest by host time, timed alone. Per position: tools/bench_hints_results.json."
              % (summary["hint"]["slice_units"], summary["probability"]["slice_units"])]
    text = "\n".join(lines) + "\n"
    with open(prefix + ".md", "w") as f:
        f.write(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    from cli import run_tool
    run_tool("bench_hints.py", main, sys.argv[1:])
