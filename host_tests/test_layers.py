"""The plan of lib/mines, checked from the source (docs/ARCHITECTURE.md): each package imports
only from its own modules and from the layers below it, the imports make no circle, the
packages' ``__init__.py`` are empty, and every module name the phases list is a module."""

import ast
import os
import re

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


def upward(mods, edges):
    """"A imports B" for every import of a package of the same or a higher layer."""
    wrong = []
    for name, targets in sorted(edges.items()):
        mine = package_of(name, mods)
        for t in sorted(targets):
            theirs = package_of(t, mods)
            if theirs == mine or theirs == "mines" or t == "mines":
                continue
            if LAYERS[theirs] >= LAYERS[mine]:
                wrong.append("%s imports %s" % (name, t))
    return wrong


def test_no_layer_imports_a_higher_one():
    mods, edges = graph()
    assert upward(mods, edges) == []


def test_the_root_imports_no_package():
    mods, edges = graph()
    for name, targets in edges.items():
        if package_of(name, mods) == "mines":
            assert [t for t in targets if package_of(t, mods) != "mines"] == [], name


def circles_in(edges):
    """Every import circle of ``edges`` ({module: set of modules it imports}), as a path."""
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
    return circles


def test_no_import_circle():
    """Lazy imports (inside a function) count: a circle through them is a circle still."""
    _mods, edges = graph()
    assert circles_in(edges) == []


def test_the_check_finds_an_import_upwards_and_a_circle(tmp_path):
    """The checks above can fail: a module of the engine importing the flow (inside a
    function) is seen, and so is a circle when the board imports it."""
    mods, edges = graph()
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from mines.flow import midend\n    from . import board\n")
    mods["mines.engine.bad"] = str(bad)
    found = imports("mines.engine.bad", str(bad), mods)
    assert found == {"mines.flow", "mines.flow.midend", "mines.engine", "mines.engine.board"}
    edges["mines.engine.bad"] = found
    assert upward(mods, edges) == ["mines.engine.bad imports mines.flow",
                                   "mines.engine.bad imports mines.flow.midend"]
    edges["mines.engine.board"] = edges["mines.engine.board"] | {"mines.engine.bad"}
    assert [c for c in circles_in(edges) if "mines.engine.bad" in c] != []  # (the midend
    # imports the board)
    circle = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles_in(circle) == [["a", "b", "c", "a"]]
    assert circles_in({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


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


# -- one home per name, one routine that unloads, no defensive getattr, jobs never call up -----

def game_sources(tools=False):
    """(path relative to the repository, source) of code.py and every module of lib/mines and
    boards/ (and tools/ when asked)."""
    tops = [os.path.join(LIB, "mines"), os.path.join(REPO, "boards")]
    if tools:
        tops.append(os.path.join(REPO, "tools"))
    paths = [os.path.join(REPO, "code.py")]
    for top in tops:
        for folder, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            paths += [os.path.join(folder, n) for n in sorted(files) if n.endswith(".py")]
    out = []
    for path in paths:
        with open(path) as f:
            out.append((os.path.relpath(path, REPO).replace(os.sep, "/"), f.read()))
    return out


# Each name's one home (docs/ARCHITECTURE.md, "One home per name"): bound there alone.
HOMES = {"NO_GUESS": "lib/mines/engine/presets.py", "RANDOM": "lib/mines/engine/presets.py",
         "KIND": "lib/mines/engine/presets.py", "KIND_NAMES": "lib/mines/engine/presets.py",
         "board_key": "lib/mines/engine/presets.py", "key_parts": "lib/mines/saves/records.py",
         "LEVEL_NAMES": "lib/mines/engine/presets.py",
         "LEVEL_TITLES": "lib/mines/engine/presets.py",
         "LEVEL_WORDS": "lib/mines/engine/presets.py", "LIVES_CHOICES": "lib/mines/engine/game.py"}
HOME_PREFIXES = {"JOB_": "lib/mines/flow/states.py", "CUE_": "lib/mines/flow/states.py"}


def bindings_away_from_home(path, source):
    """"path:line name" of every name of HOMES (or of a prefix of HOME_PREFIXES) that
    ``source`` binds (an assignment, a def) though its home is elsewhere."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names = []
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names = [node.name]
        else:
            names = [t.id for t in _targets(node) if isinstance(t, ast.Name)]
        for name in names:
            home = HOMES.get(name)
            for prefix, where in HOME_PREFIXES.items():
                if name.startswith(prefix):
                    home = where
            if home is not None and home != path:
                found.append("%s:%d %s" % (path, node.lineno, name))
    return found


def copied_names(path, source, named):
    """"path:line NAME" of every tuple or list of strings in ``source`` holding all the
    strings of ``named[NAME]`` in their order, one after another: the names written out again
    instead of imported."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, (ast.Tuple, ast.List)):
            continue
        words = tuple(e.value if isinstance(e, ast.Constant) else None for e in node.elts)
        for name, values in sorted(named.items()):
            n = len(values)
            if any(words[k:k + n] == tuple(values) for k in range(len(words) - n + 1)):
                found.append("%s:%d %s" % (path, node.lineno, name))
    return found


def homed_tuples():
    from mines.engine import presets
    return {name: getattr(presets, name) for name in ("KIND_NAMES", "LEVEL_NAMES",
                                                      "LEVEL_TITLES", "LEVEL_WORDS")}


def test_one_home_per_name():
    """Board kinds and board_key, the levels and their names, lives, job tags and cue bits are
    bound in one module each, and the names' strings are not written out again anywhere in the
    game or the tools."""
    named = homed_tuples()
    wrong = []
    for path, source in game_sources(tools=True):
        wrong += bindings_away_from_home(path, source)
        if path not in HOMES.values():
            wrong += copied_names(path, source, named)
    assert wrong == []


def test_the_home_check_finds_a_copy():
    source = ("KIND = 2\nJOB_HINT = 4\ndef board_key(w, h):\n    pass\n"
              "head = ('', 'Easy', 'Medium', 'Hard')\nrules = ('single', 'pairs', 'cases')\n")
    assert bindings_away_from_home("lib/mines/flow/x.py", source) == [
        "lib/mines/flow/x.py:1 KIND", "lib/mines/flow/x.py:2 JOB_HINT",
        "lib/mines/flow/x.py:3 board_key"]
    assert bindings_away_from_home("lib/mines/flow/states.py", "JOB_HINT = 4\n") == []
    assert copied_names("x.py", source, homed_tuples()) == ["x.py:5 LEVEL_TITLES"]


def unloads(path, source):
    """"path:line" of every place that drops a module: ``sys.modules`` popped, cleared or
    deleted from, or ``delattr``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        hit = False
        if isinstance(node, ast.Delete):
            hit = any(isinstance(t, ast.Subscript) and ast.unparse(t.value) == "sys.modules"
                      for t in node.targets)
        elif isinstance(node, ast.Call):
            func = node.func
            hit = (isinstance(func, ast.Name) and func.id == "delattr") or (
                isinstance(func, ast.Attribute) and func.attr in ("pop", "popitem", "clear")
                and ast.unparse(func.value) == "sys.modules")
        if hit:
            found.append("%s:%d" % (path, node.lineno))
    return found


def test_one_routine_unloads_modules():
    """phases.forget is the one routine that unloads a module; boards/ and the rest call it."""
    found = []
    for path, source in game_sources():
        found += unloads(path, source)
    with open(os.path.join(LIB, "mines", "phases.py")) as f:
        tree = ast.parse(f.read())
    forget = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "forget"][0]
    assert len(found) == 2 and all(f.startswith("lib/mines/phases.py:") for f in found)
    assert {int(f.rpartition(":")[2]) for f in found} <= set(
        range(forget.lineno, forget.end_lineno + 1))


def test_the_unload_check_finds_one():
    source = ("import sys\ndel sys.modules['a']\nsys.modules.pop('b', None)\n"
              "delattr(pkg, 'c')\nd.pop(1)\n")
    assert unloads("x.py", source) == ["x.py:2", "x.py:3", "x.py:4"]


# Every getattr with a default and every hasattr in the game, and why the field may be
# missing: a default on a field that always exists would turn a rename into a silent default.
OPTIONAL_FIELDS = {
    ("lib/mines/flow/jobs.py", "__dict__"): "scrub: objects of built-in types have none",
    ("lib/mines/flow/jobs.py", "no_memory"): "optional in the job contract",
    ("lib/mines/flow/jobs.py", "failed"): "optional in the job contract",
    ("lib/mines/flow/save_part.py", "strerror"): "only OSError has it",
    ("lib/mines/flow/save_work.py", "reread"): "FileStorage has it, NvmStorage not",
    ("lib/mines/saves/slots.py", "short"): "FileStorage has it, NvmStorage not",
    ("lib/mines/saves/slots.py", "foreign"): "FileStorage has it, NvmStorage not",
    ("lib/mines/flow/menus.py", "footer"): "only screens with keys of their own",
    ("lib/mines/flow/menus.py", "press"): "only screens with keys of their own",
    ("lib/mines/phases.py", None): "forget: a package may not hold the module",
    ("boards/view.py", "overfull"): "a sweeper Game has it, a PuzzleGame not",
    ("boards/startup.py", "BUTTON_NAMES"): "optional in a profile",
    ("boards/startup.py", "storage"): "optional in a profile",
    ("boards/startup.py", "SAVES"): "optional in a profile",
    ("boards/startup.py", "NAME"): "optional in a profile",
    ("boards/device.py", "JOYSTICK_X"): "hardware probed: the PyBadge has no joystick",
    ("boards/device.py", "NEOPIXEL"): "hardware probed",
    ("boards/device.py", "SPEAKER"): "hardware probed",
    ("boards/device.py", "SPEAKER_ENABLE"): "hardware probed",
    ("boards/device.py", "nvm"): "hardware probed",
    ("code.py", "exposed"): "only the desktop's buttons have it",
}


def defaulted_fields(path, source):
    """{(path, field)} of every getattr with a default and every hasattr in ``source``
    (field None when it is not a literal)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                (node.func.id == "getattr" and len(node.args) == 3)
                or (node.func.id == "hasattr" and len(node.args) == 2)):
            name = node.args[1]
            found.add((path, name.value if isinstance(name, ast.Constant) else None))
    return found


def test_no_getattr_default_on_a_field_that_always_exists():
    found = set()
    for path, source in game_sources():
        found |= defaulted_fields(path, source)
    assert sorted(found - set(OPTIONAL_FIELDS), key=str) == []   # new: a reason, or no default
    assert sorted(set(OPTIONAL_FIELDS) - found, key=str) == []   # gone: take it off the list


def test_the_getattr_check_finds_a_default():
    source = ("if hasattr(game, 'lives_lost'):\n    n = getattr(game, 'lives', 1)\n"
              "v = getattr(s, name)\n")
    assert defaulted_fields("x.py", source) == {("x.py", "lives_lost"), ("x.py", "lives")}


def calls_up(path, source, verbs):
    """"path:line what" of every call of a midend verb on a name the midend goes by, and every
    midend kept in a field, in what the runner calls of a job (``__init__``, ``begin`` and
    ``step`` of a class with a ``step`` method; puzzle_part's PuzzleMode is the puzzle mode's
    part too, whose other methods the midend calls with itself)."""
    found = []
    for cls in ast.walk(ast.parse(source)):
        if not isinstance(cls, ast.ClassDef):
            continue
        run = [n for n in cls.body if isinstance(n, ast.FunctionDef)
               and n.name in ("__init__", "begin", "step")]
        if "step" not in [n.name for n in run]:
            continue
        for node in [n for f in run for n in ast.walk(f)]:
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in verbs:
                owner = node.func.value
                name = owner.attr if isinstance(owner, ast.Attribute) else getattr(
                    owner, "id", None)
                if name in MIDEND_NAMES:
                    found.append("%s:%d %s" % (path, node.lineno, ast.unparse(node.func)))
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and \
                    node.value.id in MIDEND_NAMES and any(
                        isinstance(t, ast.Attribute) for t in _targets(node)):
                found.append("%s:%d keeps %s" % (path, node.lineno, node.value.id))
    return found


def midend_verbs():
    with open(MIDEND) as f:
        tree = ast.parse(f.read())
    cls = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Midend"][0]
    return {n.name for n in cls.body if isinstance(n, ast.FunctionDef)
            and not n.name.startswith("__")}


def test_jobs_never_call_their_owner():
    """A job reports through its state and result (docs/ARCHITECTURE.md, the job contract)."""
    verbs = midend_verbs()
    assert {"say", "cue", "wait_for", "start_board", "show_paused", "end"} <= verbs
    wrong = []
    for path, source in game_sources():
        wrong += calls_up(path, source, verbs)
    assert wrong == []


def test_the_job_check_finds_a_call_up():
    source = ("class J:\n    def __init__(self, owner):\n        self.owner = owner\n"
              "    def step(self):\n        self.owner.say('x')\n        return True\n"
              "        m = 3\n    def drop(self, m):\n        m.set_puzzle(None)\n"
              "class NotAJob:\n    def go(self, m):\n        m.say('y')\n")
    assert calls_up("x.py", source, midend_verbs()) == ["x.py:3 keeps owner",
                                                        "x.py:5 self.owner.say"]
    assert calls_up("x.py", source.replace("def drop", "def begin"), midend_verbs())[2:] == [
        "x.py:9 m.set_puzzle"]


# -- private names stay home --------------------------------------------------------------------

# The modules that are parts of a class split over modules for memory (docs/ARCHITECTURE.md,
# "Private names stay home"): {path: {class: the names its object goes by there}}. Each says
# so in its docstring ("functions of the ``Class`` (``name``)").
PARTS = {
    "lib/mines/engine/perturb.py": {"Generator": ("gen",), "Solver": ("self",)},
    "lib/mines/help/view_loader.py": {"Hinter": ("h",)},
    "lib/mines/help/reasons.py": {"Hinter": ("h",)},
    "lib/mines/help/counting.py": {"Hinter": ("h", "hinter")},
    "lib/mines/puzzle/deal.py": {"PuzzleMaker": ("maker",)},
    "lib/mines/puzzle/walk.py": {"PuzzleMaker": ("maker",)},
    "boards/view_setup.py": {"View": ("view",)},
    "boards/text_screen.py": {"View": ("view",)},
}
# Private names of code not ours, and why they are read.
OUTSIDE_PRIVATE = {
    ("boards/desktop.py", "_pygame_screen"): "Blinka's PyGameDisplay draws into that surface "
                                             "and names it nowhere else (screenshots only)",
}


def _private(name):
    return name.startswith("_") and not name.startswith("__")


def own_fields(tree):
    """Every name a class of this module binds: fields set on ``self``, methods, class
    attributes."""
    found = set()
    for cls in ast.walk(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        for node in cls.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                found.add(node.name)
            found.update(t.id for t in _targets(node) if isinstance(t, ast.Name))
        for node in ast.walk(cls):
            found.update(t.attr for t in _targets(node) if isinstance(t, ast.Attribute)
                         and isinstance(t.value, ast.Name) and t.value.id == "self")
    return found


def borrowed_privates(path, source, parts=None):
    """"path:line what" of every private name ``source`` uses that is not its own: an
    attribute ``x._name`` where no class of the module binds ``_name`` and ``x`` is not a name
    its class's object goes by in a part (``parts``: {class: names}), and ``from <ours> import
    _name``. ``self._name`` in a method is the object's own (a subclass's too)."""
    tree = ast.parse(source)
    own = own_fields(tree)
    names = {n for ns in (parts or {}).values() for n in ns}
    in_methods = set()
    for cls in ast.walk(tree):
        if isinstance(cls, ast.ClassDef):
            for f in cls.body:
                if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    in_methods.update(id(n) for n in ast.walk(f))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").split(".")[0]
                                                 in ("mines", "boards")):
            found += ["%s:%d import %s" % (path, node.lineno, a.name) for a in node.names
                      if _private(a.name) and a.name != "_const"]   # (a module)
        if not (isinstance(node, ast.Attribute) and _private(node.attr)):
            continue
        owner = node.value
        name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", None)
        if name == "self" and id(node) in in_methods:
            continue
        if name in names or node.attr in own:
            continue
        found.append("%s:%d %s" % (path, node.lineno, ast.unparse(node)))
    return found


def test_private_names_are_read_at_home_or_in_a_part():
    """A private field is read only by its class's own module and by the modules declared
    parts of that class (PARTS); what other modules use has a public name."""
    found = []
    for path, source in game_sources():
        found += borrowed_privates(path, source, PARTS.get(path))
    keys = [(f.partition(":")[0], re.split(r"[. ]", f)[-1]) for f in found]
    assert [f for f, k in zip(found, keys) if k not in OUTSIDE_PRIVATE] == []
    assert sorted(set(OUTSIDE_PRIVATE) - set(keys)) == []   # gone: take it off the list


def part_declarations(path, source, parts):
    """What the docstring of the part ``path`` fails to say: "functions of", each class of
    ``parts`` in double backquotes (a dotted prefix allowed), each name its object goes by."""
    doc = " ".join((ast.get_docstring(ast.parse(source)) or "").split())
    missing = [] if "functions of" in doc.lower() else ["functions of"]
    for cls, names in sorted(parts.items()):
        if not re.search(r"``(?:[\w.]+\.)?%s``" % cls, doc):
            missing.append(cls)
        missing += [n for n in names if not re.search(r"``(?:self\.)?%s``" % n, doc)]
    return ["%s: %s" % (path, m) for m in missing]


def test_every_part_says_whose_functions_it_holds():
    sources = dict(game_sources())
    classes = set()
    for source in sources.values():
        classes |= {n.name for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ClassDef)}
    wrong = []
    for path, parts in sorted(PARTS.items()):
        assert set(parts) <= classes, path   # (a class renamed: the table follows)
        wrong += part_declarations(path, sources[path], parts)
    assert wrong == []


def test_the_private_check_finds_a_borrowed_name():
    """The checks above can fail: hints.py's old write to the case analysis's generator (issue
    22), a maker's field read outside its parts, ``self`` outside a class, a private import;
    a part's reads through its object's name, and a module's own class, pass."""
    source = ("from mines.flow.jobs import _scrub\nfrom mines import _const\n"
              "class Hinter:\n    def __init__(self):\n        self._units = 0\n"
              "    def step(self, s, other):\n        s.cases._gen = None\n"
              "        return self._units + other._units + self._inherited\n"
              "def f(maker, self):\n    return maker._far + self._moved\n")
    assert borrowed_privates("x.py", source) == [
        "x.py:1 import _scrub", "x.py:7 s.cases._gen", "x.py:10 maker._far",
        "x.py:10 self._moved"]
    assert borrowed_privates("x.py", source, {"PuzzleMaker": ("maker",),
                                              "Solver": ("self",)}) == [
        "x.py:1 import _scrub", "x.py:7 s.cases._gen"]
    part = '"""The walk: functions of the ``maker.PuzzleMaker`` (``maker``)."""\n'
    assert part_declarations("w.py", part, {"PuzzleMaker": ("maker",)}) == []
    assert part_declarations("w.py", part, {"PuzzleMaker": ("m",), "View": ("view",)}) == [
        "w.py: m", "w.py: View", "w.py: view"]
    assert part_declarations("w.py", '"""The walk."""\n', {}) == ["w.py: functions of"]
