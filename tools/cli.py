"""What the command-line tools share about failing: bad usage is one line on stderr and exit
status 2; an output that cannot be written (a full disk, a closed pipe) is one line and exit
status 1, never a traceback, and nothing more is printed. Runs under CPython and MicroPython
(gen.py and puzzle.py run on both).

    from cli import out, usage
    out("gen.py", line + "\\n")      # written and flushed now, so a failure is caught here
    usage("gen.py", "--width takes a whole number")   # exits 2
"""

import sys

_REASONS = {28: "No space left on device", 32: "Broken pipe", 5: "Input/output error"}


def reason(exc):
    """The one-line reason of an OSError, on CPython and MicroPython alike."""
    text = getattr(exc, "strerror", None)
    if text:
        return text
    code = exc.args[0] if exc.args else None
    return _REASONS.get(code) or str(exc) or type(exc).__name__


def usage(prog, message):
    """Bad usage: ``prog: message (see --help)``, one line on stderr; exit status 2."""
    sys.stderr.write("%s: %s (see --help)\n" % (prog, message))
    sys.exit(2)


def out(prog, text):
    """Write ``text`` to stdout now; on a full disk or a closed pipe say so in one line and
    exit 1."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError as exc:
        unwritable(prog, exc)


def unwritable(prog, exc, what="the output"):
    """The output failed (``exc``): one line on stderr, exit status 1, and stdout pointed at
    nothing, so that the interpreter's own last flush says nothing more."""
    try:
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except Exception:  # noqa: BLE001 - MicroPython: no dup2, and no buffer left to flush
        pass
    try:
        sys.stderr.write("%s: cannot write %s: %s\n" % (prog, what, reason(exc)))
    except OSError:
        pass
    sys.exit(1)


def run_tool(prog, main, *args):
    """Exit with the status of ``main(*args)``, a tool's whole run (CPython): an OSError that
    ends it (stdout on a full disk or a closed pipe, a file it writes) is one line and status
    1, Ctrl-C status 130, neither a traceback."""
    try:
        status = main(*args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        status = 130
    except OSError as exc:
        name = getattr(exc, "filename", None)
        unwritable(prog, exc, name if name else "the output")
    sys.exit(status)


def level_from_name(name):
    """A reasoning level as the tools take it: 'single' | 'pairs' | 'full', or the titles
    'easy' | 'medium' | 'hard' (any case), -> 0 | 1 | 2 (mines.engine.presets' SINGLE, PAIRS,
    FULL); raises ValueError with a readable message."""
    from mines.engine.presets import LEVEL_NAMES, LEVEL_TITLES
    low = name.lower()
    for i in range(len(LEVEL_NAMES)):
        if LEVEL_NAMES[i] == low or LEVEL_TITLES[i].lower() == low:
            return i
    raise ValueError("unknown level %r: use easy, medium or hard (or single, pairs, full)" % (name,))


def _no_constant(name):
    raise ValueError("%s is not a number JSON allows" % name)


def parse_json(text):
    """``json.loads`` for input read by a tool (CPython): NaN and Infinity refused, nesting too
    deep for the parser a ValueError like any other malformed input."""
    import json
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("nested too deeply")


def summary(doc):
    """A tool's docstring's first paragraph as one line: its --help description."""
    return " ".join(doc.strip().split("\n\n")[0].split())


def argparser(prog, **kwargs):
    """An argparse parser (CPython) for ``prog`` whose errors are one line ending in "(see
    --help)" with exit status 2, and whose --help into a full disk or a closed pipe is one line
    with exit status 1 (argparse itself would drop the error and exit 0). Its subparsers are
    the same kind."""
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message):
            usage(prog, message)

        def _print_message(self, message, file=None):
            if message:
                try:
                    (file or sys.stderr).write(message)
                    (file or sys.stderr).flush()
                except OSError as exc:
                    unwritable(prog, exc)

    return Parser(prog=prog, **kwargs)
