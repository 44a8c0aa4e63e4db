"""What loading each module from source costs the device's heap beyond loading it precompiled:
the smallest heap in which a fresh 32-bit MicroPython imports the module from .py, against the
same from .mpy (a table for people, JSON for scripts).

  python tools/compile_cost.py [--json FILE] [MODULE ...]

Each figure is the smallest ``-X heapsize`` (in K) in which ``import MODULE`` passes in a fresh
VM (``../shared/mp32/micropython32`` when there is one, else the .venv's 64-bit micropython, said
in the table), the modules it imports included, once with every module compiled as
tools/deploy.py sends them (tools/memory.py's ``compile_tree``) and once from the sources as
``deploy.py --source`` sends them (``source_tree``: short names, no docstrings; "source" is the
file as written, "sent" as sent), which the VM parses and compiles at the import. The
difference is what the compile needs on top of the code it leaves: the parse tree and the
compiler's tables of the largest module on the way, held at once. Without MODULE names: every
module of lib/mines. About two minutes.

"held" is what the import keeps alive (code, names, objects), and "holes" the free heap it
leaves among and below that, outside the one largest free run, in a heap with room (512K): a
module compiled from source lies in pieces over the room its parse tree took, with free runs of
a few K between them that only smaller objects can use again, where a .mpy loads in one piece.
That spread, under the buffers of a game in progress, is why the whole game from source needs
so much more heap than its live peak (docs/memory.md).

The whole game's figures (tools/memory.py --device) show the sum of it: this table says where it
comes from, module by module.
"""

import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import memory  # noqa: E402
from cli import argparser, run_tool, summary  # noqa: E402

MOST_K = 512   # a heap no module of ours needs


def modules():
    """The dotted names of every module of lib/mines, packages' __init__ left out."""
    names = []
    top = os.path.join(ROOT, "lib")
    for folder, _dirs, files in sorted(os.walk(os.path.join(top, "mines"))):
        package = os.path.relpath(folder, top).replace(os.sep, ".")
        names += [package + "." + f[:-3] for f in sorted(files)
                  if f.endswith(".py") and f != "__init__.py"]
    return names


def layout(exe, module, path, block):
    """(bytes alive after ``import module`` from ``path`` in a roomy heap, bytes of free heap
    outside its largest free run then): the second is the holes the load leaves among what it
    keeps, which only objects smaller than each hole can use again. ``module`` None: nothing
    imported (the VM's own). ``block``: the VM's GC block in bytes. (None, None) if it fails."""
    code = ("import sys, gc, micropython; sys.path[:] = [%r]; gc.collect(); a = gc.mem_alloc()%s;"
            " gc.collect(); print('held', gc.mem_alloc() - a); micropython.mem_info()"
            % (path, "; import " + module if module else ""))
    r = subprocess.run([exe, "-X", "heapsize=%dK" % MOST_K, "-c", code], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    held = re.search(r"^held (\d+)", r.stdout, re.M)
    free = re.search(r"free: (\d+)", r.stdout)
    run = re.search(r"max free sz: (\d+)", r.stdout)
    if r.returncode != 0 or not (held and free and run):
        return None, None
    return int(held.group(1)), int(free.group(1)) - int(run.group(1)) * block


def passes(exe, module, heap_k, path):
    code = "import sys; sys.path[:] = [%r]; import %s" % (path, module)
    r = subprocess.run([exe, "-X", "heapsize=%dK" % heap_k, "-c", code], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    return r.returncode == 0


def smallest(exe, module, path):
    """The smallest heap (K) importing ``module`` from ``path`` passes in, or None."""
    if not passes(exe, module, MOST_K, path):
        return None
    lo, hi = 0, MOST_K
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if passes(exe, module, mid, path):
            hi = mid
        else:
            lo = mid
    return hi


def main(argv=None):
    ap = argparser("compile_cost.py", description=summary(__doc__))
    ap.add_argument("modules", nargs="*", metavar="MODULE",
                    help="dotted module names (default: every module of lib/mines)")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args(argv)
    known = modules()
    unknown = [m for m in args.modules if m not in known]
    if unknown:
        ap.error("not a module of lib/mines: %s" % ", ".join(unknown))
    exe, bits, _ = memory.binary()
    if not os.path.exists(exe):
        print("compile_cost.py: %s is missing (run bash tools/setup.sh --test)" % exe,
              file=sys.stderr)
        return 2
    print("binary: %s (%d-bit words)%s" % (
        memory.short_path(exe), bits, "" if bits == 32 else
        " - no ../shared/mp32/micropython32 here: the 64-bit figures overstate the device's"),
        flush=True)
    trees = {}   # form -> the modules as deploy sends them (memory.module_tree)
    try:
        for form in ("py", "mpy"):
            trees[form] = memory.module_tree(form, exe)
        block = bits // 2   # a GC block is four words
        paths = {form: memory.short_path(tree) for form, tree in trees.items()}
        # the VM's own holes before any import, once per form
        empty = {form: layout(exe, None, path, block)[1] for form, path in paths.items()}
        rows = {}
        for module in args.modules or known:
            rel = os.path.join(*module.split(".")) + ".py"
            row = {"source_bytes": os.path.getsize(os.path.join(ROOT, "lib", rel)),
                   "sent_bytes": os.path.getsize(os.path.join(trees["py"], rel))}
            for form, path in paths.items():
                row[form + "_k"] = smallest(exe, module, path)
                held, holes = layout(exe, module, path, block)
                row[form + "_held_bytes"] = held
                row[form + "_holes_bytes"] = None if holes is None or empty[form] is None \
                    else max(0, holes - empty[form])
            row["compile_k"] = None if row["py_k"] is None or row["mpy_k"] is None \
                else row["py_k"] - row["mpy_k"]
            rows[module] = row
    finally:
        for tree in trees.values():
            shutil.rmtree(tree, ignore_errors=True)
    print()
    print("%-30s %8s %8s %8s %8s %8s %14s %14s" % (
        "module (with what it imports)", "source", "sent", "from .py", "from .mpy", "compile",
        "held .py/.mpy", "holes .py/.mpy"))
    k = lambda v: "-" if v is None else "%dK" % v  # noqa: E731
    kb = lambda v: "-" if v is None else "%.1fK" % (v / 1024)  # noqa: E731
    for module, r in sorted(rows.items(), key=lambda kv: -(kv[1]["compile_k"] or 0)):
        print("%-30s %7dB %7dB %8s %8s %8s %14s %14s" % (
            module, r["source_bytes"], r["sent_bytes"], k(r["py_k"]), k(r["mpy_k"]),
            k(r["compile_k"]), kb(r["py_held_bytes"]) + "/" + kb(r["mpy_held_bytes"]),
            kb(r["py_holes_bytes"]) + "/" + kb(r["mpy_holes_bytes"])))
    result = {"binary": memory.short_path(exe), "word_bits": bits, "modules": rows}
    print(json.dumps(result))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    run_tool("compile_cost.py", main)
