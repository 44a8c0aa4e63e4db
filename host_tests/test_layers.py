"""The plan of lib/mines, checked from the source (docs/ARCHITECTURE.md): each package imports
only from its own modules and from the layers below it, the imports make no circle, the
packages' ``__init__.py`` are empty, and every module name the phases list is a module."""

import ast
import os

from mines import phases

LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib")

# Layer of each package, lowest first: a module may import from its own package and from a
# package of a lower layer, never from a higher one or from another package of its own layer.
# "mines" is the package root (_const, phases): every layer may use it.
LAYERS = {"mines": 0, "mines.engine": 1, "mines.help": 2, "mines.puzzle": 2, "mines.saves": 2,
          "mines.flow": 3}


def modules():
    """{dotted name: path} of every module under lib/mines."""
    found = {}
    for folder, dirs, files in os.walk(os.path.join(LIB, "mines")):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        package = os.path.relpath(folder, LIB).replace(os.sep, ".")
        for name in sorted(files):
            if name.endswith(".py"):
                found[package if name == "__init__.py" else package + "." + name[:-3]] = \
                    os.path.join(folder, name)
    return found


def package_of(name, mods):
    """The package module ``name`` belongs to (itself, when it is one)."""
    if mods[name].endswith("__init__.py"):
        return name
    return name.rpartition(".")[0]


def imports(name, path, mods):
    """Every module of ours that ``name`` imports anywhere (at the top or inside a function),
    relative imports resolved, ``from package import module`` counted as the module."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    base = package_of(name, mods)
    found = set()
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                parts = base.split(".")
                parts = parts[:len(parts) - (node.level - 1)]
                module = ".".join(parts + ([module] if module else []))
            targets = [module] + [module + "." + a.name for a in node.names]
        for t in targets:
            if t in mods:
                found.add(t)
    found.discard(name)
    return found


def graph():
    mods = modules()
    return mods, {name: imports(name, path, mods) for name, path in mods.items()}


def test_every_module_lies_in_a_package_of_the_plan():
    mods = modules()
    assert "mines.flow.midend" in mods and "mines.engine.generator" in mods
    for name in mods:
        assert package_of(name, mods) in LAYERS, name


def test_no_layer_imports_a_higher_one():
    mods, edges = graph()
    wrong = []
    for name, targets in sorted(edges.items()):
        mine = package_of(name, mods)
        for t in sorted(targets):
            theirs = package_of(t, mods)
            if theirs == mine or theirs == "mines" or t == "mines":
                continue
            if LAYERS[theirs] >= LAYERS[mine]:
                wrong.append("%s imports %s" % (name, t))
    assert wrong == []


def test_the_root_imports_no_package():
    mods, edges = graph()
    for name, targets in edges.items():
        if package_of(name, mods) == "mines":
            assert [t for t in targets if package_of(t, mods) != "mines"] == [], name


def test_no_import_circle():
    """Lazy imports (inside a function) count: a circle through them is a circle still."""
    _mods, edges = graph()
    done, path, circles = set(), [], []

    def visit(name):
        # An explicit stack would do; the graph is 60 modules deep at most.
        if name in path:
            circles.append(path[path.index(name):] + [name])
            return
        if name in done:
            return
        path.append(name)
        for t in sorted(edges[name]):
            visit(t)
        path.pop()
        done.add(name)

    for name in sorted(edges):
        visit(name)
    assert circles == []


def test_the_check_finds_an_import_upwards_and_a_circle(tmp_path):
    """The checks above can fail: a module of the engine importing the flow is seen, and so is
    a circle."""
    mods = modules()
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from mines.flow import midend\n    from . import board\n")
    mods["mines.engine.bad"] = str(bad)
    found = imports("mines.engine.bad", str(bad), mods)
    assert found == {"mines.flow", "mines.flow.midend", "mines.engine", "mines.engine.board"}
    assert LAYERS[package_of("mines.flow.midend", mods)] > LAYERS["mines.engine"]


def test_packages_are_empty():
    """A package's __init__ costs the device about 120 bytes empty; code in it would load with
    every module of the package."""
    for name, path in modules().items():
        if path.endswith("__init__.py") and name != "mines":
            assert os.path.getsize(path) == 0, name


def test_every_module_the_phases_name_exists():
    import game_helpers  # noqa: F401  (the repository root on sys.path: boards/)
    mods = modules()
    from boards.startup import full_names
    named = full_names(phases.RESIDENT)
    for keep in phases.KEEP:
        named += full_names(keep)
    assert "mines.flow.midend" in named and "mines.engine.solver" in named
    for name in named:
        if not name.startswith("boards"):
            assert name in mods or name in ("mines." + p for p in ("engine", "help", "puzzle",
                                                                   "saves", "flow")), name


def test_no_two_modules_share_a_name():
    """The phases name a module by the last part of its dotted name alone."""
    last = [name.rpartition(".")[2] for name in modules() if name != "mines"]
    assert len(last) == len(set(last))
    assert not set(last) & {"mines"}


# -- the midend alone writes its fields --------------------------------------------------------

MIDEND = os.path.join(LIB, "mines", "flow", "midend.py")
REPO = os.path.dirname(LIB)
# The names the midend goes by in its parts, the front end and the frame loop.
MIDEND_NAMES = ("m", "midend", "owner")


def midend_fields():
    """Every field the Midend class sets on ``self`` (in any method) or declares."""
    with open(MIDEND) as f:
        tree = ast.parse(f.read())
    cls = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Midend"][0]
    fields = set()
    for node in ast.walk(cls):
        for target in _targets(node):
            if (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                    and target.value.id == "self"):
                fields.add(target.attr)
    return fields


def _targets(node):
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        found = [node.target]
    else:
        return []
    out = []
    while found:
        t = found.pop()
        if isinstance(t, (ast.Tuple, ast.List)):
            found.extend(t.elts)
        else:
            out.append(t)
    return out


def writes_to_midend(source, fields):
    """(line, text) of every assignment in ``source`` to ``<midend>.<field>``: a name the
    midend goes by (or ``self.<that name>``) followed by one of its fields."""
    found = []
    for node in ast.walk(ast.parse(source)):
        for t in _targets(node):
            if not (isinstance(t, ast.Attribute) and t.attr in fields):
                continue
            owner = t.value
            if isinstance(owner, ast.Attribute) and isinstance(owner.value, ast.Name) and \
                    owner.value.id == "self":
                name = owner.attr
            elif isinstance(owner, ast.Name):
                name = owner.id
            else:
                continue
            if name in MIDEND_NAMES:
                found.append((node.lineno, "%s.%s" % (name, t.attr)))
    return found


def sources_outside_the_midend():
    paths = [os.path.join(REPO, "code.py")]
    for top in (os.path.join(LIB, "mines"), os.path.join(REPO, "boards")):
        for folder, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            paths += [os.path.join(folder, n) for n in sorted(files) if n.endswith(".py")]
    return [p for p in paths if p != MIDEND]


def test_only_the_midend_writes_its_fields():
    """Its parts (hint_part, save_part, puzzle_part, menus, ...), the front end and the frame
    loop ask through its verbs (wait_for, play_from, show_paused, point, ...)."""
    fields = midend_fields()
    assert {"state", "cx", "cy", "message", "elapsed_ms", "assist", "saves", "mode",
            "screen_version", "_for_game", "_cues"} <= fields
    wrong = []
    for path in sources_outside_the_midend():
        with open(path) as f:
            for line, text in writes_to_midend(f.read(), fields):
                wrong.append("%s:%d %s" % (os.path.relpath(path, REPO), line, text))
    assert wrong == []


def test_the_scan_finds_a_write_to_the_midend():
    fields = midend_fields()
    source = ("def f(m, maker):\n    m.state = 1\n    m.cx, m.cy = 0, 0\n    m.screen.row = 0\n"
              "    maker.state = 2\n    m.npromoted += 1\n    self.midend.message = ''\n")
    assert writes_to_midend(source, fields) == [(2, "m.state"), (3, "m.cy"), (3, "m.cx"),
                                                (7, "midend.message")]


def test_every_module_has_its_row_in_the_architecture_table():
    with open(os.path.join(REPO, "docs", "ARCHITECTURE.md")) as f:
        doc = f.read()
    for name, path in modules().items():
        if path.endswith("__init__.py"):
            continue
        rel = os.path.relpath(path, os.path.join(LIB, "mines")).replace(os.sep, "/")
        if "/" not in rel:
            rel = "mines/" + rel
        assert "`%s`" % rel in doc, rel
