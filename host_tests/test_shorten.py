"""tools/shorten.py: the short names the deployed .mpy files are compiled with.

A small program of three modules (in a temporary repository) is renamed and run under CPython
beside the original: the same results prove the mapping consistent across modules (names,
attributes, arguments, keywords at calls, imports). Kept names are checked one by one, and the
program of this repository is checked as a whole: every module renames, no name the outside
world has is renamed, and its compiled tree is the one tools/memory.py measures (the whole game
runs on it in test_memory.py).
"""

import ast
import builtins
import dis
import keyword
import os
import re
import subprocess
import sys
import types

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(REPO, "tools"))

import memory  # noqa: E402
import mpy_build  # noqa: E402
import shorten  # noqa: E402

PROGRAM = {
    "lib/mines/__init__.py": '"""The engine."""\n',
    "lib/mines/tally.py": '''"""A tally (its docstring's words are not kept: tally_words)."""
import struct
from micropython import const

_HIDDEN_UNIT = const(3)
PUBLIC_UNIT = const(5)
_scale_table = (1, 2)


def _double_it(value):
    return value * _scale_table[1]


class TallyError(ValueError):
    pass


class Tally:
    kind_label = "tally"

    def __init__(self, start_value=0):
        self.running_total = start_value
        self.shown_name = "shown"
        self.note_text = "noted"
        self.extra_field = 0
        quiet_level = 3  # a local named as the private attribute: each as its own
        self.quiet_level = quiet_level
        self._tick_count = 0

    def _bump_ticks(self):
        self._tick_count += self.quiet_level

    def add_value(self, quantity, *, times=1):
        if quantity < 0:
            raise TallyError("below zero")
        self.running_total += quantity * times * _HIDDEN_UNIT
        self._bump_ticks()
        return self

    def append(self, quantity):  # a builtin method's name: kept
        return self.add_value(quantity)

    def packed(self):
        return struct.pack("<ii", self.running_total, _double_it(self._tick_count))


def error_name(exc):
    return type(exc).__name__
''',
    "boards/__init__.py": "",
    "boards/report.py": '''from mines.tally import Tally, TallyError, PUBLIC_UNIT, error_name
from mines import tally as tally_module

_report_header = "report"


def _tidy(items):
    return sorted(items)


class Seen:
    def __init__(self):
        self._seen_items = []

    def _remember(self, item):
        self._seen_items.append(item)

    def add(self, item):
        self._remember(item)
        return _tidy(self._seen_items)


def make_report(values, scale_factor=2):
    t = Tally(start_value=PUBLIC_UNIT)
    seen = Seen()
    for v in values:
        seen.add(-v)
    for v in values:
        t.add_value(v, times=scale_factor).append(1)
    try:
        t.add_value(-1)
    except TallyError as exc:
        failed = error_name(exc)
    lookup = {"running_total": getattr(t, "running_total"), "shown": hasattr(t, "shown_name")}
    extra = sorted(dict(extra_field=t.extra_field))  # a builtin's keywords: kept
    return (t.running_total, t.packed(), failed, lookup, tally_module.Tally.kind_label,
            f"{t.note_text}", extra, _report_header, seen.add(0))
''',
    "code.py": "from boards.report import make_report\nprint(make_report([1, 2, 3]))\n",
}


def write(root, files):
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    return root


@pytest.fixture
def program(tmp_path):
    return write(str(tmp_path / "repo"), PROGRAM)


def renamed_copy(repo, renamer, dest):
    """The program in ``repo`` with the mapping applied, as a tree at ``dest``."""
    for rel, text in PROGRAM.items():
        dotted = rel[4:] if rel.startswith("lib/") else rel
        dotted = dotted[:-3].replace("/", ".").replace(".__init__", "")
        if rel != "code.py":  # (sent as it is, as deploy does)
            text = renamer.apply(dotted, text.encode()).decode()
        write(dest, {rel: text})


def run_program(root):
    stub = os.path.join(root, "stubs")
    write(stub, {"micropython.py": "def const(x):\n    return x\n"})
    r = subprocess.run([sys.executable, "code.py"], cwd=root, capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=os.pathsep.join(
                           [os.path.join(root, "lib"), root, stub])), timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_the_renamed_program_does_what_the_original_does(program, tmp_path):
    renamer = shorten.Renamer(program)
    names = renamer.names
    for old in ("add_value", "start_value", "scale_factor", "PUBLIC_UNIT", "tally_module",
                "error_name", "quantity", "kind_label", "Tally"):
        assert old in names, old
    renamed = str(tmp_path / "renamed")
    renamed_copy(program, renamer, renamed)
    assert run_program(renamed) == run_program(program)
    # 5 + 3 * (2 * (1 + 2 + 3) + 3 * 1): the unit, the keyword, the chained calls all count
    assert run_program(program) == ("(50, b'2\\x00\\x00\\x00$\\x00\\x00\\x00', 'TallyError', "
                                    "{'running_total': 50, 'shown': True}, 'tally', 'noted', "
                                    "['extra_field'], 'report', [-3, -2, -1, 0])\n")
    report = open(os.path.join(renamed, "boards", "report.py")).read()
    tally = open(os.path.join(renamed, "lib", "mines", "tally.py")).read()
    # the same name is the same short name in every module, as every kind of token
    n = names["add_value"]
    assert re.search(r"t\.%s\(\w+, times=" % n, report) and "t.%s(-1)" % n in report
    assert "%s(%s=" % (names["Tally"], names["start_value"]) in report  # given by keyword
    # an argument never given by keyword: its function's own short name, by its place
    # (0 is self, kept), shared by every function
    first = renamer.arguments[1]
    assert "def %s(self, %s, *, times=1)" % (n, first) in tally
    assert "def make_report(values, %s=2)" % first in report
    assert "times=%s).append(1)" % first in report
    # an integer constant imported by another module: the number there, folded at home
    # (each module numbers its constants _0, _1...: a .mpy holds none of them, but from
    # source the device interns every name it reads)
    assert re.search(r"\n_\d = const\(5\)", tally) and "(%s=5)" % names["start_value"] in report
    assert re.search(r"\n_\d = const\(3\)", tally) and "_HIDDEN_UNIT" not in tally
    assert "from mines.tally import %s, TallyError, %s\n" % (
        names["Tally"], names["error_name"]) in report
    private = renamer.module_names["boards.report"]
    assert "from mines import tally as %s" % private["tally_module"] in report
    # a module's own globals, a class's own attributes and methods: numbered in each module
    # or class from the same few short strings
    assert sorted(renamer.module_names["mines.tally"]) == ["_double_it", "_scale_table"]
    assert sorted(private) == ["Seen", "_report_header", "_tidy", "tally_module"]
    assert set(renamer.module_names["mines.tally"].values()) < set(private.values())
    assert "def %s(value)" % renamer.module_names["mines.tally"]["_double_it"] in tally
    assert renamer.attributes["_tick_count"] == renamer.attributes["_seen_items"]
    assert renamer.methods["_bump_ticks"] == renamer.methods["_remember"]
    assert "def %s(self):" % renamer.methods["_bump_ticks"] in tally
    # a function's own variable: a name the program has anyway (an attribute's: the device
    # interns those from every module), never an argument's code; the attribute as its class's
    quiet = renamer.attributes["quiet_level"]
    own = re.search(r"self\.%s = (\w+)\n" % quiet, tally).group(1)
    assert own in renamer.spare() and own not in renamer.arguments and "quiet_level" not in tally
    # the layout, the strings and the comments stay as they were
    assert tally.count("\n") == PROGRAM["lib/mines/tally.py"].count("\n")
    assert '"""A tally (its docstring\'s words are not kept: tally_words)."""' in tally
    assert "# a builtin method's name: kept" in tally


def test_kept_names_are_kept(program):
    renamer = shorten.Renamer(program)
    names = renamer.names
    for kept in ("running_total", "shown_name",  # string literals (getattr, hasattr, a key)
                 "append", "pack", "const",      # the outside world's (a builtin type's...)
                 "_HIDDEN_UNIT",                 # folded away by the compiler
                 "TallyError",                   # an exception, whose type's name is shown
                 "__init__", "mines", "tally", "boards", "report",  # dunders, modules
                 "note_text", "extra_field",     # in an f-string; a builtin's keyword
                 "make_report"):                 # code.py (sent as source) uses it
        assert kept not in names and kept in renamer.kept, kept
    assert "Tally" in names  # a class whose name nothing shows
    assert "tally_words" not in renamer.kept  # a docstring is no value
    with pytest.raises(shorten.RenameError, match="code is not a module of lib/ or boards/"):
        renamer.apply("code", PROGRAM["code.py"].encode())


def test_the_mapping_is_one_to_one_short_and_clear_of_every_kept_name():
    renamer = shorten.Renamer(REPO)
    new = list(renamer.names.values())
    assert len(new) == len(set(new)) and len(new) > 500
    for name in new:
        assert 1 <= len(name) <= 2 and name[0].isalpha() and name.isidentifier(), name
        assert name not in renamer.kept and not keyword.iskeyword(name)
        assert not hasattr(builtins, name), name
    assert all(len(old) > 2 and not old.startswith("__") for old in renamer.names)
    # a module's or a class family's own names: from short strings no other name has, the
    # modules' apart from the attributes' (a method's name never hides a module's global)
    globals_ = set(v for names in renamer.module_names.values() for v in names.values())
    attributes = set(renamer.attributes.values()) | set(renamer.methods.values())
    assert globals_ and attributes and not globals_ & attributes
    for name in globals_ | attributes:
        assert 1 <= len(name) <= 2 and name.isidentifier() and name not in renamer.kept
        assert name not in set(new) and not hasattr(builtins, name), name
    assert len(globals_ | attributes) * 5 < sum(map(len, renamer.module_names.values())) + \
        len(renamer.attributes) + len(renamer.methods)  # the point: few strings serve many
    # the same sources, the same mapping
    again = shorten.Renamer(REPO)
    assert (again.names, again.module_names, again.attributes, again.methods) == (
        renamer.names, renamer.module_names, renamer.attributes, renamer.methods)


def test_this_programs_outside_and_interface_names_are_kept():
    """No name of the machine's Python, VMs and CircuitPython stubs (outside_names.txt, and
    what this machine harvests now) nor any name code.py or the whole-game player uses is
    renamed; every module of lib/mines and boards/ but the desktop's is renamed."""
    renamer = shorten.Renamer(REPO)
    outside = shorten.harvest()
    assert not outside & set(renamer.names), sorted(outside & set(renamer.names))[:20]
    for path in ("code.py", "host_tests/whole_player.py", "host_tests/mpy_whole.py"):
        used = shorten._names(open(os.path.join(REPO, path), "rb").read())
        assert not used & set(renamer.names), (path, sorted(used & set(renamer.names))[:20])
    assert "mines.flow.midend" in renamer.modules and "boards.view" in renamer.modules
    assert "boards.desktop" not in renamer.modules  # desktop-only: never deployed
    # the settings' names (getattr by FIELDS' strings) and the modules' names
    for kept in ("marks", "psize", "plevel", "sound", "solver", "midend", "phases"):
        assert kept not in renamer.names, kept
    # each renamed module still parses, with as many lines, and no longer imports the ``const``
    # the compiler folds by its name alone (mines._const is then never loaded)
    dropped = 0
    for dotted, path in renamer.modules.items():
        data = open(path, "rb").read()
        out = renamer.apply(dotted, data)
        ast.parse(out)
        assert out.count(b"\n") == data.count(b"\n"), dotted
        assert b"from mines._const import const" not in out, dotted
        dropped += b"from mines._const import const" in data
    assert dropped > 20


def test_a_name_computed_at_run_time_is_refused(program):
    path = os.path.join(program, "lib", "mines", "tally.py")
    with open(path, "a") as f:
        f.write("\n\ndef read_field(obj, field_name):\n    return getattr(obj, field_name)\n")
    with pytest.raises(shorten.RenameError, match=r"lib/mines/tally.py:\d+: getattr\(obj, "
                       r"field_name\) reaches an attribute by a name computed at run time.*"
                       r"REVIEWED.*--full-names"):
        shorten.Renamer(program)
    with open(path, "a") as f:
        f.write("from struct import *\n")
    with pytest.raises(shorten.RenameError, match="import \\*"):
        shorten.Renamer(program)


def test_reviewed_sites_are_still_there(monkeypatch):
    monkeypatch.setitem(shorten.REVIEWED, "lib/mines/flow/jobs.py",
                        shorten.REVIEWED["lib/mines/flow/jobs.py"] + ("getattr(gone, name)",))
    with pytest.raises(shorten.RenameError, match="lists getattr\\(gone, name\\), which is not "
                       "there any more"):
        shorten.Renamer(REPO)


def test_memory_measures_the_tree_deploy_sends(monkeypatch, tmp_path):
    """tools/memory.py's compile_tree compiles with the renamer deploy uses (the whole game
    then runs on it: test_memory.py), and with none for --full-names."""
    seen = []
    monkeypatch.setattr(mpy_build, "compile_module",
                        lambda src, dotted, cross, first=None, dest=None, renamer=None:
                        seen.append((dotted, renamer)))
    memory.compile_tree(str(tmp_path))
    assert len(seen) > 50 and all(r is not None for _, r in seen)
    assert seen[0][1].names == shorten.Renamer(REPO).names
    del seen[:]
    memory.compile_tree(str(tmp_path), full_names=True)
    assert len(seen) > 50 and all(r is None for _, r in seen)


SCOPES = '''"""Arguments and variables in every kind of scope."""
from micropython import const


def outer_sum(first_part, second_part):
    def inner(extra_bit):
        return first_part + extra_bit
    squares = [first_part * k for k in range(second_part)]
    pick = lambda chosen, base_value=second_part: chosen + base_value  # noqa: E731
    firsts = (lambda chosen: [chosen for chosen in chosen])([second_part])  # noqa: E731
    def shadow(first_part):
        return first_part * 10
    def rebinds():
        second_part = 7
        return second_part
    total = 0
    for first_piece in squares:
        total += first_piece
    return (inner(1), squares, pick(2) + firsts[0] - 4, pick(2, 3), shadow(4), rebinds(), total,
            [[second_part + j for j in range(2)] for second_part in range(2)],
            (lambda first_part: first_part + 1)(second_part), second_part)


_STEP = const(2)
module_level = 100


def variables(count_of):
    """A function's own variables, in every way Python binds one."""
    running = 0
    for position in range(count_of):
        running += position * _STEP
    len = 3  # a builtin's name, as this function's own variable  # noqa: A001
    with open(__file__) as handle:
        first_line = handle.readline()[:3]
    try:
        raise KeyError(running)
    except KeyError as error_seen:
        caught = error_seen.args[0]
    def reads_outer():
        seen_here = running + len
        return seen_here
    module_level_copy = module_level
    shown = f"{caught}"
    bound_twice = [bound_twice for bound_twice in range(3)]
    bound_twice = [bound_twice for bound_twice in bound_twice]
    del position
    return (running, len, first_line, caught, reads_outer(), module_level_copy, shown,
            bound_twice)


def keeps_closure(counter_start):
    def bump():
        nonlocal counter_start
        counter_start += 1
        return counter_start
    return bump() + bump()


def by_keyword(given_name, other_name=1):
    return given_name - other_name


def calls_by_keyword():
    return by_keyword(9, other_name=2)
'''


def test_arguments_keep_their_meaning_in_every_scope(tmp_path):
    """Closures, lambdas with defaults, comprehensions, shadowing and rebinding in inner
    functions, ``nonlocal``: the renamed program prints what the original does."""
    files = dict(PROGRAM)
    files["lib/mines/scopes.py"] = SCOPES
    files["code.py"] = ("from mines.scopes import outer_sum, keeps_closure, calls_by_keyword, "
                        "variables\n"
                        "print(outer_sum(3, 4), keeps_closure(5), calls_by_keyword())\n"
                        "print(variables(4))\n")
    repo = write(str(tmp_path / "repo"), files)
    renamer = shorten.Renamer(repo)
    renamed = str(tmp_path / "renamed")
    for rel, text in files.items():
        if rel.endswith(".py") and rel != "code.py":
            dotted = (rel[4:] if rel.startswith("lib/") else rel)[:-3].replace("/", ".")
            text = renamer.apply(dotted.replace(".__init__", ""), text.encode()).decode()
        write(renamed, {rel: text})
    assert run_program(renamed) == run_program(repo)
    assert run_program(repo) == ("(4, [0, 3, 6, 9], 6, 5, 40, 7, 18, [[0, 1], [1, 2]], 5, 4) "
                                 "13 7\n(12, 3, '\"\"\"', 12, 15, 100, '12', [0, 1, 2])\n")
    out = open(os.path.join(renamed, "lib", "mines", "scopes.py")).read()
    a = renamer.arguments
    assert "(%s, %s):" % (a[0], a[1]) in out  # outer_sum's own
    assert "(%s):" % a[2] in out  # inner's: after its enclosing function's
    # its variables: spare names (first_piece, firsts, pick, squares, total; a nested def's
    # name is not one), none read in it or in the scopes in it
    loop = re.search(r"    for (\w+) in (\w+):", out).groups()
    assert set(loop) <= set(renamer.spare()) and loop[0] != loop[1]
    # a function's own variables go, but what an f-string reads, an except clause's name (the
    # renamer leaves it) and a nested def's (the program's mapping); the module's constants
    # are numbered
    for gone in ("first_piece", "squares", "running", "position", "handle", "first_line",
                 "module_level_copy", "bound_twice", "seen_here", "_STEP"):
        assert gone not in out, gone
    assert "f\"{caught}\"" in out
    assert "except KeyError as error_seen:" in out
    assert "def %s():" % renamer.names["reads_outer"] in out
    assert "_0 = const(2)" in out
    assert "counter_start" not in renamer.names or \
        "(%s):" % renamer.names["counter_start"] in out  # nonlocal: as one name
    # given by keyword: one name everywhere
    assert "(%s, %s=1)" % (a[0], renamer.names["other_name"]) in out


def _inlined(data, inlined):
    """Source ``data`` with each name of ``inlined`` {NAME: "3"} (an integer constant another
    module of ours gives) replaced by its number, as the renamer does, and nothing else: CPython
    folds what it can of the numbers, so this is what a renamed copy compiles like."""
    lines = data.decode("utf-8").splitlines(True)
    at = set((n.lineno, n.col_offset) for n in ast.walk(ast.parse(data))
             if isinstance(n, ast.Name) and n.id in inlined)
    for row, col in sorted(at, reverse=True):  # (these lines are ASCII: bytes are characters)
        line = lines[row - 1]
        name = re.match(r"\w+", line[col:]).group(0)
        lines[row - 1] = line[:col] + inlined[name] + line[col + len(name):]
    return "".join(lines)


def _functions(code):
    """Every function's code object under ``code`` (a module's), depth first, in order."""
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            yield c
            yield from _functions(c)


_GLOBAL_OPS = ("LOAD_GLOBAL", "STORE_GLOBAL", "DELETE_GLOBAL", "LOAD_NAME", "STORE_NAME",
               "DELETE_NAME")
_ATTR_OPS = ("LOAD_ATTR", "STORE_ATTR", "DELETE_ATTR", "LOAD_METHOD", "IMPORT_FROM")
_CELL_OPS = ("LOAD_DEREF", "STORE_DEREF", "DELETE_DEREF", "LOAD_CLASSDEREF")
# in the cells' order, which CPython sorts by name: compared as sets (through the names found)
_SORTED_CELL_OPS = ("LOAD_CLOSURE", "MAKE_CELL", "COPY_FREE_VARS")


def test_every_renamed_function_is_the_same_program():
    """Every function of every module, as written and as deploy sends it (renamed), compiled by
    CPython: the same instructions in the same order, the same arguments and locals by their
    slots, the same constants (an integer constant another module of ours gives becomes the
    number itself), each global and attribute renamed one way only, no two globals made one,
    and each closure's cell one way only. A local given a name that a global, a builtin or an
    outer scope's name already comes out as (which the renamed program would then read in its
    place, in any branch, run or not) shows here as a load of another kind."""
    renamer = shorten.Renamer(REPO)
    functions, skipped = 0, []
    for dotted, path in sorted(renamer.modules.items()):
        data = open(path, "rb").read()
        inlined = renamer.inlined.get(dotted, {})
        before = _functions(compile(_inlined(data, inlined), path, "exec"))
        after = _functions(compile(renamer.apply(dotted, data), path, "exec"))
        names, backwards = {}, {}
        for a, b in zip(before, after, strict=True):
            functions += 1
            where = "%s %s (line %d)" % (dotted, a.co_name, a.co_firstlineno)
            dropped = [n for n in a.co_varnames if n in inlined]
            if dropped:  # it imports integer constants itself: the import is gone, and their
                # slots (the numbers stand in their place); the instructions then differ
                assert a.co_nlocals - len(dropped) == b.co_nlocals, where
                skipped.append(where)
                continue
            assert (a.co_argcount, a.co_kwonlyargcount, a.co_nlocals, len(a.co_cellvars),
                    len(a.co_freevars)) == (b.co_argcount, b.co_kwonlyargcount, b.co_nlocals,
                                            len(b.co_cellvars), len(b.co_freevars)), where
            args = a.co_argcount + a.co_kwonlyargcount + bool(a.co_flags & 4) + bool(
                a.co_flags & 8)
            cells = dict(zip(a.co_varnames[:args], b.co_varnames[:args]))  # by their slots
            closures = []  # (before's, after's) names of each run of LOAD_CLOSURE
            ops_a, ops_b = list(dis.get_instructions(a)), list(dis.get_instructions(b))
            assert len(ops_a) == len(ops_b), where
            # (jumps compared by the instruction they go to)
            at_a = dict((x.offset, i) for i, x in enumerate(ops_a))
            at_b = dict((y.offset, i) for i, y in enumerate(ops_b))
            for x, y in zip(ops_a, ops_b):
                assert x.opname == y.opname, (where, x, y)
                if x.opname in _GLOBAL_OPS:
                    assert names.setdefault(("g", x.argval), y.argval) == y.argval, (where, x, y)
                    assert backwards.setdefault(y.argval, x.argval) == x.argval, (where, x, y)
                elif x.opname in _ATTR_OPS:
                    assert names.setdefault(("a", x.argval), y.argval) == y.argval, (where, x, y)
                elif x.opname in _CELL_OPS:
                    assert cells.setdefault(x.argval, y.argval) == y.argval, (where, x, y)
                elif x.opname in _SORTED_CELL_OPS:
                    if x.opname == "LOAD_CLOSURE":
                        closures.append((x.offset, x.argval, y.argval))
                elif x.opcode in dis.hasjrel or x.opcode in dis.hasjabs:
                    assert at_a[x.argval] == at_b[y.argval], (where, x, y)
                elif x.opname.endswith("_FAST") or x.opname.endswith("_FAST__LOAD_FAST"):
                    assert x.arg == y.arg, (where, x, y)  # the same slot, whatever its name
                elif isinstance(x.argval, types.CodeType):
                    pass  # compared in its turn
                elif x.opname == "LOAD_CONST" and x.argval == a.co_qualname:
                    assert y.argval == b.co_qualname, (where, x, y)  # a class body's own name
                elif x.opname == "LOAD_CONST" and isinstance(x.argval, str) and \
                        x.argval != y.argval and x.argval.isidentifier():
                    # a name the compiler made a string of (an annotated name in a class
                    # body): the renamer changes no string the source writes
                    assert names.setdefault(("s", x.argval), y.argval) == y.argval, (where, x, y)
                elif isinstance(x.argval, tuple) and x.argval and all(
                        isinstance(v, str) for v in x.argval):  # keywords, an import's names
                    assert len(x.argval) == len(y.argval), (where, x, y)
                    for v, w in zip(x.argval, y.argval):
                        assert names.setdefault(("k", v), w) == w, (where, x, y)
                else:  # constants (by value: an inlined one moves the others), counts
                    assert x.argval == y.argval, (where, x, y)
            assert len(set(cells.values())) == len(cells), where
            # each run of LOAD_CLOSURE (a closure's cells, in sorted order): the same cells
            runs, last = [], None
            for offset, x, y in closures:
                if last is None or at_a[offset] != at_a[last] + 1:
                    runs.append(([], []))
                runs[-1][0].append(x)
                runs[-1][1].append(y)
                last = offset
            for xs, ys in runs:
                assert set(cells[x] for x in xs if x in cells) <= set(ys), (where, xs, ys)
    assert functions > 500 and len(skipped) < 10, skipped
