"""What every part of tools/bench.py shares: paths, constants, small statistics, the engine
snapshot, the configurations and the micropython runner."""

import json
import math
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
LIB = os.path.join(REPO, "lib")
DEFAULT_JSON = os.path.join(HERE, "bench_results.json")
# The shared tools sit next to the checkout (<repo>/../shared) or, for a worktree under
# <root>/wt/, next to its parent (<repo>/../../shared).
DEVTIME = next((p for p in (os.path.join(os.path.dirname(REPO), "shared", "devtime", "devtime.sh"),
                            os.path.join(os.path.dirname(os.path.dirname(REPO)), "shared", "devtime",
                                         "devtime.sh"))
                if os.path.isfile(p)), os.path.join(os.path.dirname(REPO), "shared", "devtime",
                                                    "devtime.sh"))
WARM_SEED = -1            # the warm-up board's seed, outside every batch
HEAP_TARGET_K = 96        # issue 2: Expert back to back with -X heapsize=96K
HEAP_BOARDS = 4           # boards generated in each heap-size probe (the worst seed first)
ALLOC_BOARDS = 8          # boards measured one by one for gc.mem_alloc growth
SLICE_REPS = 5            # runs of the batch for host slice times (the least time of each slice)
SLOW_SLICES = 3           # slowest slices (host micropython time) measured alone under valgrind
ALLOC_HEAP = "4M"         # heap for that measurement (the collector is off while it runs)

class Engine:
    """The engine imported from a snapshot of lib/ (so that every part of a run measures the
    same code even if someone edits lib/ meanwhile): its modules' names as attributes."""

    def __init__(self, lib):
        import sys
        sys.path.insert(0, lib)
        from mines.engine import presets
        from mines.engine.board import Board
        from mines.engine.generator import VERSION, Generator
        from mines.engine.solver import SOLVED, Solver
        from mines.engine.view_text import grid_string, is_mine
        self.lib = lib
        self.presets = presets
        self.Board = Board
        self.Generator = Generator
        self.VERSION = VERSION
        self.Solver = Solver
        self.SOLVED = SOLVED
        self.grid_string = grid_string
        self.is_mine = is_mine


def snapshot_lib(dest, version=None):
    """Copy lib/ (sources only) to ``dest``; returns a short sha256 of the copied files.
    ``version``: the generator's version the copy makes by default (its ``VERSION``, 0 for the
    boards of codes written before issue 21; None: as it is), so that every part of a run makes
    that version's boards; ValueError for a version the generator does not have."""
    import hashlib
    import re
    shutil.copytree(LIB, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.mpy"))
    if version is not None:
        path = os.path.join(dest, "mines", "engine", "generator.py")
        with open(path) as f:
            src = f.read()
        m = re.search(r"^VERSION = (\d+)", src, re.M)
        if not m or not 0 <= version <= int(m.group(1)):
            raise ValueError("the generator has versions 0 to %s (got %d)"
                             % (m.group(1) if m else "?", version))
        with open(path, "w") as f:
            f.write(src[:m.start(1)] + str(version) + src[m.end(1):])
    h = hashlib.sha256()
    for root, dirs, files in sorted(os.walk(dest)):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(root, name)
            h.update(os.path.relpath(path, dest).encode() + b"\0")
            with open(path, "rb") as f:
                h.update(f.read())
    return h.hexdigest()[:16]

# ---- small statistics -------------------------------------------------------------------------

def median(xs):
    s = sorted(xs)
    n = len(s)
    if not n:
        return None
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def pct(xs, p):
    """Nearest-rank percentile."""
    s = sorted(xs)
    if not s:
        return None
    k = max(1, int(math.ceil(p / 100.0 * len(s))))
    return s[k - 1]


def ratio_se(ms, ns):
    """Pooled proportion sum(m)/sum(n) over boards and its cluster-robust standard error."""
    tn = float(sum(ns))
    if tn == 0:
        return None, None
    p = sum(ms) / tn
    k = len(ms)
    if k < 2:
        return p, None
    v = sum((m - p * n) ** 2 for m, n in zip(ms, ns)) * k / (k - 1)
    return p, math.sqrt(v) / tn


def diff_se(ma, na, mb, nb):
    """(pa - pb, its standard error, z) for two pooled proportions measured on the same boards."""
    pa, _ = ratio_se(ma, na)
    pb, _ = ratio_se(mb, nb)
    if pa is None or pb is None:
        return None, None, None
    k = len(ma)
    sa = float(sum(na))
    sb = float(sum(nb))
    if k < 2:
        return pa - pb, None, None
    e = [(ma[i] - pa * na[i]) / sa - (mb[i] - pb * nb[i]) / sb for i in range(k)]
    se = math.sqrt(sum(x * x for x in e) * k / (k - 1))
    return pa - pb, se, ((pa - pb) / se if se > 0 else None)


# ---- configurations -----------------------------------------------------------------------------

# Boards measured besides the presets: the largest custom board at 30% (issue 11).
EXTRA_BOARDS = (("Custom", 30, 24, 216),)


def configs(eng, lib):
    out = []
    for name, w, h, m in tuple(eng.presets.PRESETS) + EXTRA_BOARDS:
        levels = range(len(eng.presets.LEVEL_NAMES)) if name == "Intermediate" else [eng.presets.DEFAULT_LEVEL]
        for lv in levels:
            out.append({"name": name, "w": w, "h": h, "mines": m, "level": lv,
                        "level_name": eng.presets.LEVEL_NAMES[lv],
                        "label": "%s %dx%d/%d %s" % (name, w, h, m, eng.presets.LEVEL_NAMES[lv]),
                        "key": "%s-%s" % (name.lower() if name != "Custom" else "custom%dx%d" % (w, h),
                                          eng.presets.LEVEL_NAMES[lv]), "_lib": lib,
                        "_cases": lv >= eng.presets.FULL})
    return out


# ---- micropython ------------------------------------------------------------------------------

def find_micropython():
    for p in (os.environ.get("MICROPYTHON"), os.path.join(REPO, ".venv", "bin", "micropython"),
              shutil.which("micropython")):
        if p and os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    return None


def prelude(cfg):
    """Import and setup as the game's board job does them: for a level with case splits
    (``_cases``: presets.FULL) the case analysis's module first, then the generator and its
    buffers (a module compiled after the buffers has less room: from source, more heap)."""
    return ("import sys\nsys.path.insert(0, %r)\nimport gc\n%s"
            "from mines.engine.generator import Generator\n"
            "g = Generator(%d, %d)\n" % (cfg["_lib"], "import mines.engine.groups\n"
                                          if cfg.get("_cases") else "", cfg["w"], cfg["h"]))


def compile_snapshot(lib, dest):
    """The modules of the snapshot ``lib`` compiled into ``dest`` as tools/deploy.py sends them
    by default (.mpy, -O3, the short names of tools/shorten.py), for the micropython on this
    host (byte 0 'M'). Returns ``dest``; raises mpy_build.CompileError (no mpy-cross, or a
    module it cannot compile)."""
    import memory
    memory.compile_tree(dest, lib=lib)
    return dest


def gen_loop(cfg, seeds, var="s"):
    return ("for %s in %r:\n    g.begin(%d, %s, None, %d)\n    while not g.step():\n        pass\n"
            % (var, list(seeds), cfg["mines"], var, cfg["level"]))


def run_mp(mp, script, heap, tmpdir, timeout=600):
    path = os.path.join(tmpdir, "mp_%d.py" % os.getpid())
    with open(path, "w") as f:
        f.write(script)
    p = subprocess.run([mp, "-X", "heapsize=%s" % heap, path], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def git_rev():
    try:
        rev = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL).stdout.decode().strip()
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no", "lib"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.decode().strip()
        return rev + (" (lib/ modified)" if dirty else "")
    except OSError:
        return "?"


def emit(text, results, json_arg, prog):
    """A benchmark's answer: ``text`` (the tables) for people, ``results`` as JSON for scripts.
    ``json_arg``: "-" (JSON on stdout, the tables on stderr), a path, or None (tables only)."""
    print(text, file=sys.stderr if json_arg == "-" else sys.stdout)
    if json_arg == "-":
        print(json.dumps(results, indent=1, sort_keys=True))
    elif json_arg:
        with open(json_arg, "w") as f:
            json.dump(results, f, indent=1, sort_keys=True)
            f.write("\n")
        print("%s: JSON written to %s" % (prog, json_arg), file=sys.stderr, flush=True)
