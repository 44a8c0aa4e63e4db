"""Short names in the deployed modules: the game's own identifiers renamed before they go.

On the device every name a loaded .mpy uses (a global, an attribute, a function, a class, an
argument) is interned as a qstr and never freed: with every module loaded, the game's own names
held about 15K of text. Nobody reads the deployed .mpy (compiled -O3, no line numbers), so
tools/mpy_build.py compiles a renamed copy of each module of ours: ``Renamer(repo)`` works out
one mapping, old name -> new name of 1-2 characters, over the whole program (every module under
lib/ and boards/), and ``apply`` rewrites a module's source with it, token by token (layout,
strings and comments stay as they are). ``deploy.py --source`` sends the renamed source too
(the device compiles it, and interns the names it reads); ``--full-names`` sends the names as
written.

Renamed: a name the program itself binds (def, class, argument, assignment, attribute
assignment, import alias) longer than two characters, everywhere it occurs as a name token: as
a name, an attribute, an argument, a keyword at a call. Kept, so that what the program shares
with the world outside it means the same after the renaming:
  - Python's keywords, dunders (any name starting "__"), module and package names;
  - the outside world's names (OUTSIDE, made by ``--harvest``): CPython's and the MicroPython /
    CircuitPython VMs' builtins and the names of their built-in types and modules, the VMs'
    static qstrs (they cost nothing), and every name in circuitpython-stubs (the device's own
    API: displayio, keypad, board, microcontroller, supervisor...);
  - every name the code outside the program uses (INTERFACE: code.py, which deploy sends as
    source, and the host tests and tools that drive the compiled tree), and the words of its
    strings (scripts run in a VM); desktop-only modules are not renamed, their names are kept;
  - every identifier-like word in the program's strings but docstrings (getattr, hasattr,
    settings' names, save keys) and every name in an f-string, names imported from modules not
    ours, and the keywords given to calls of builtins and of what such modules provide;
  - the exception classes' names when ``type(...).__name__`` is read (a message shows it); every
    name when ``__name__`` is read of anything else;
  - ``_NAME = const(...)`` in the program-wide mapping (numbered per module instead, above).
An attribute reached by a name computed at run time (getattr/setattr/hasattr/delattr with no
literal name, ``__dict__``, globals(), vars(), eval, exec) is refused unless the site is in
REVIEWED, which says where its names come from: a new one stops the build with a message
saying what to do. A new name is never a name kept, a builtin or any name the program uses.

Every distinct name is one qstr (about 10 bytes with its slot in the pool, which doubles as it
fills), so beyond that one mapping the renamer makes names share strings where scope allows:
  - a module's own globals (bound there; no other module, attribute, keyword or class body
    names them) are numbered per module, from short strings nothing else uses;
  - attributes reached only as ``self.NAME`` within one family of classes (and methods so
    called, named nowhere else) are numbered per family;
  - arguments never given by keyword are named by their place (the i-th argument of any
    function, counted on from its enclosing functions');
  - a function's own variables (bound by assignment, not in an f-string) take names the
    program interns anyway: attributes' names as renamed, each one no name read or bound in
    the function or the scopes in it comes out as. A .mpy keeps no local's name, but from
    source the device interns every name it reads;
  - each module's ``_NAME = const(...)`` names become ``_0``, ``_1``... (folded away in a
    .mpy; from source each was a name interned for good);
  - integer constants other modules of ours import (``NAME = const(3)`` or ``NAME = 3``) become
    the number in each importer, and ``_NAME = const(...)`` at home, which the compiler folds.
With every module loaded this took the game's own qstrs from about 1,270 to 840.

The mapping depends on the sources alone: a name's new name is found by a hash of it, so adding
a name leaves the others' (and the other modules' .mpy files) as they were.

    python tools/shorten.py            # the mapping, one "new old" a line (reads a traceback;
                                       # a name one module or class keeps says where)
    python tools/shorten.py --harvest  # add this machine's outside names to OUTSIDE
"""

import ast
import builtins
import glob
import io
import keyword
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
import tokenize
import zlib

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTSIDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "outside_names.txt")
PROGRAM = ("lib", "boards")  # every module under them (lib/ holds packages; boards/ is one)
# Code outside the program that uses its names (globs, relative to the repository).
INTERFACE = ("code.py", "tools/memory.py", "host_tests/whole_player.py", "host_tests/mpy_*.py",
             "host_tests/mpy_display/*.py", "host_tests/fakes/*.py",
             "host_tests/test_deploy.py", "host_tests/test_memory.py")
# A module of ours that imports one of these is desktop-only: deploy leaves it on the host
# (tools/deploy_tree.py), and here it is not renamed but read as INTERFACE.
DESKTOP_ONLY = ("pygame", "blinka_displayio_pygamedisplay", "keypad_pygame")
# Attribute access by a name computed at run time, reviewed: {file: (the call, as written)}.
REVIEWED = {
    # settings by the names in FIELDS (string literals, so kept) or WHY (likewise)
    "lib/mines/flow/settings.py": ("setattr(self, row[0], row[1])", "setattr(self, name, value)"),
    "lib/mines/flow/save_work.py": ("getattr(settings, row[0])", "getattr(s, name)"),
    "lib/mines/flow/texts.py": ("getattr(s, name)",),
    "lib/mines/flow/menus.py": ("getattr(m.settings, name)", "getattr(s, name)"),
    # a package's attribute named after its module (module names are kept)
    "lib/mines/phases.py": ("hasattr(parent, attr)", "delattr(parent, attr)"),
    "boards/startup.py": ('getattr(__import__("boards." + name), name)',),
    # every attribute an object has, by the names it has (renamed or not)
    "lib/mines/flow/jobs.py": ('getattr(obj, "__dict__", None)', "setattr(obj, name, None)"),
}
_CONST_IMPORT = "from mines._const import const"  # (Renamer.apply: a line dropped)
_DYNAMIC = ("getattr", "setattr", "hasattr", "delattr")
_RUNTIME = ("globals", "locals", "vars", "eval", "exec", "compile")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_FIRST = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_NEXT = _FIRST + "0123456789_"


class RenameError(Exception):
    """The program cannot be renamed safely; the message says where and what to do."""


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _names(data):
    """Every NAME token of Python source ``data``."""
    return set(t.string for t in tokenize.tokenize(io.BytesIO(data).readline)
               if t.type == tokenize.NAME)


def _words(tree):
    """Every identifier-like word in the strings of module ``tree`` but its docstrings."""
    docs = _docstrings(tree)
    words = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                id(node) not in docs:
            words.update(_WORD.findall(node.value))
    return words


def _docstrings(tree):
    """The ids of the strings that are statements of their own, docstrings: never values."""
    return set(id(node.value) for node in ast.walk(tree)
               if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))


def _parse(path):
    try:
        return ast.parse(_read(path), path)
    except SyntaxError as e:
        raise RenameError("%s does not parse: %s" % (path, e))


def _desktop_only(tree):
    """True when the module ``tree`` imports one of DESKTOP_ONLY."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            tops = [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            tops = [(node.module or "").split(".")[0]]
        else:
            continue
        if any(t in DESKTOP_ONLY for t in tops):
            return True
    return False


_OPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
        ast.FloorDiv: lambda a, b: a // b, ast.LShift: lambda a, b: a << b,
        ast.RShift: lambda a, b: a >> b, ast.BitOr: lambda a, b: a | b,
        ast.BitAnd: lambda a, b: a & b}


def _number(node, names):
    """The integer expression ``node`` worked out (over ``names`` {name: int}), or None."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        value = _number(node.operand, names)
        return None if value is None else -value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        a, b = _number(node.left, names), _number(node.right, names)
        if a is not None and b is not None:
            return _OPS[type(node.op)](a, b)
    return None


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
           ast.SetComp, ast.DictComp, ast.GeneratorExp)


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _inside(node):
    """The nodes of ``node``'s own scope (its children, theirs, ... but not into a nested
    scope, of which the node itself is given). A comprehension's first iterable is read in
    the scope around it: it is that scope's, not the comprehension's."""
    if isinstance(node, _COMPREHENSIONS):
        first = node.generators[0].iter
        todo = [n for n in ast.iter_child_nodes(node) if n is not node.generators[0]]
        todo += [n for n in ast.iter_child_nodes(node.generators[0]) if n is not first]
    else:
        todo = list(ast.iter_child_nodes(node))
    while todo:
        n = todo.pop()
        yield n
        if isinstance(n, _COMPREHENSIONS):
            todo.append(n.generators[0].iter)
        elif not isinstance(n, _SCOPES):
            todo.extend(ast.iter_child_nodes(n))


def _arguments(tree, renamable, codes, local=None):
    """[((row, byte col), new name)] for every argument of every function of ``tree`` that
    ``renamable(name)`` allows, and every use of it: the i-th argument of a function is named
    codes[i], counted on from its enclosing functions' so that an inner function never hides
    an outer one's argument it reads. Positional arguments are not names callers use, so
    these few strings serve every function (each distinct argument name is a qstr on the
    device). A function whose scope holds a class, or that says ``global``/``nonlocal``, keeps
    its arguments' names. With ``local`` = (allowed, output, spare), a function's variables
    that ``allowed(name)`` lets go take names from ``spare`` (names interned anyway, none of
    them in ``codes``), each one that no name read or bound in the function or the scopes in
    it comes out as (``output(name)``, the name a token of the module becomes): from source
    the device interns every name it reads, a local's too (a .mpy keeps none)."""
    edits = []

    def scope(node, env, depth):
        own = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            a = node.args
            own = a.posonlyargs + a.args + ([a.vararg] if a.vararg else []) + \
                a.kwonlyargs + ([a.kwarg] if a.kwarg else [])
        if isinstance(node, ast.Lambda):
            body = list(_inside(ast.Expression(body=node.body)))
        else:
            body = list(_inside(node))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            skip = set()  # defaults and decorators: the enclosing scope's, walked there
            for n in [node.args] + getattr(node, "decorator_list", []) + (
                    [node.returns] if getattr(node, "returns", None) else []):
                skip.update(id(m) for m in ast.walk(n))
            body = [n for n in body if id(n) not in skip]
        assigned, named = set(), set()  # bound by an ast.Name; otherwise (def, import, except)
        for n in body:
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                assigned.add(n.id)
            elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                named.add(n.name)
            elif isinstance(n, (ast.Import, ast.ImportFrom)):
                named.update(x.asname or x.name.split(".")[0] for x in n.names)
            elif isinstance(n, ast.ExceptHandler) and n.name:
                named.add(n.name)
        bound = assigned | named
        if isinstance(node, _COMPREHENSIONS):
            for g in node.generators:
                bound.update(m.id for m in ast.walk(g.target) if isinstance(m, ast.Name))
        env = dict((k, v) for k, v in env.items() if k not in bound)
        closed = isinstance(node, ast.ClassDef) or any(
            isinstance(m, (ast.ClassDef, ast.Global, ast.Nonlocal)) for m in ast.walk(node)
            if m is not node)
        for i, arg in enumerate(own):
            if not closed and renamable(arg.arg) and depth + i < len(codes):
                env[arg.arg] = codes[depth + i]
                edits.append(((arg.lineno, arg.col_offset), codes[depth + i]))
            else:
                env.pop(arg.arg, None)
        mine = len(own)
        if local and not closed and not isinstance(node, (ast.Module, ast.ClassDef)):
            # A function's (or a comprehension's) own variables: only the ones bound by
            # assignment alone (a nested def's, an import's or an except clause's name is not
            # an ast.Name, so its tokens could not follow them).
            allowed, output, spare = local
            own_vars = [name for name in sorted(assigned - named - set(a.arg for a in own))
                         if allowed(name)]
            if own_vars:
                # Each takes a spare name that no name here or in a nested scope comes out
                # as (so that it hides nothing read here), nor any name it can see.
                avoid = set(env.values())
                for m in ast.walk(node):
                    if isinstance(m, ast.Name) and m.id not in own_vars:
                        avoid.add(env.get(m.id) or output(m.id))
                    elif isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                        avoid.add(output(m.name))
                    elif isinstance(m, ast.alias):
                        avoid.add(output(m.asname or m.name.split(".")[0]))
                    elif isinstance(m, ast.ExceptHandler) and m.name:
                        avoid.add(m.name)
                free = (name for name in spare if name not in avoid)
                for name in own_vars:
                    env[name] = next(free, None)
                    if env[name] is None:
                        del env[name]
        if isinstance(node, ast.ClassDef):
            env = {}  # a class body's names are not its methods' (and none were renamed)
        for n in body:
            if isinstance(n, ast.Name) and n.id in env:
                edits.append(((n.lineno, n.col_offset), env[n.id]))
            elif isinstance(n, _SCOPES):
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                    for d in n.args.defaults + [k for k in n.args.kw_defaults if k]:
                        for m in ast.walk(d):
                            if isinstance(m, ast.Name) and m.id in env:
                                edits.append(((m.lineno, m.col_offset), env[m.id]))
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    for d in n.decorator_list:
                        for m in ast.walk(d):
                            if isinstance(m, ast.Name) and m.id in env:
                                edits.append(((m.lineno, m.col_offset), env[m.id]))
                scope(n, env, depth + mine)

    scope(tree, {}, 0)
    return edits


def _site(node):
    """The call or attribute as written when ``node`` reaches an attribute by a name computed
    at run time (see REVIEWED), else None."""
    if isinstance(node, ast.Attribute) and node.attr == "__dict__":
        return node
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id in _RUNTIME:
            return node
        if node.func.id in _DYNAMIC:
            name = node.args[1] if len(node.args) > 1 else None
            if not (isinstance(name, ast.Constant) and isinstance(name.value, str)) or \
                    name.value == "__dict__":
                return node
    return None


class Renamer:
    """The mapping for the program in ``repo``: ``names`` {old: new}, ``kept`` the names kept,
    ``modules`` {dotted: path} of the modules it renames. Raises RenameError (see the
    module's docstring)."""

    def __init__(self, repo=REPO, outside=OUTSIDE):
        self.modules, self.desktop, trees = {}, set(), {}
        keep = set(keyword.kwlist) | set(getattr(keyword, "softkwlist", ())) | {"const"}
        if outside:
            keep.update(_read(outside).decode().split())
        others = []
        for top in PROGRAM:
            for path in sorted(glob.glob(os.path.join(repo, top, "**", "*.py"), recursive=True)):
                rel = os.path.relpath(path, repo)[:-3].split(os.sep)[top == "lib":]
                dotted = ".".join(rel[:-1] if rel[-1] == "__init__" else rel)
                keep.update(dotted.split("."))
                tree = _parse(path)
                if _desktop_only(tree):
                    others.append(path)
                    self.desktop.add(dotted)
                else:
                    self.modules[dotted] = path
                    trees[dotted] = tree
        for pattern in INTERFACE:
            others.extend(sorted(glob.glob(os.path.join(repo, pattern))))
        self.interface = set()  # the names code outside the program reads
        for path in others:
            self.interface |= _names(_read(path)) | _words(_parse(path))
        keep |= self.interface
        ours = set(d.split(".")[0] for d in self.modules)
        bound, used, bases, named = set(), set(), {}, set()
        for dotted, tree in trees.items():
            path = self.modules[dotted]
            used |= _names(_read(path))
            keep |= _words(tree)
            outer = set(dir(builtins))  # and the names bound to what is not ours
            sites = []
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    for alias in node.names:
                        keep.update(alias.name.split("."))
                        if alias.name.split(".")[0] not in ours:
                            outer.add(alias.asname or alias.name.split(".")[0])
                        if alias.asname:
                            bound.add(alias.asname)
                elif isinstance(node, ast.ImportFrom):
                    keep.update((node.module or "").split("."))
                    theirs = node.level == 0 and node.module.split(".")[0] not in ours
                    for alias in node.names:
                        if alias.name == "*":
                            raise RenameError("%s: 'import *' hides the names it binds: "
                                              "import them by name" % path)
                        if theirs:
                            keep.add(alias.name)
                            outer.add(alias.asname or alias.name)
                        if alias.asname:
                            bound.add(alias.asname)
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    bound.add(node.name)
                    if isinstance(node, ast.ClassDef):
                        bases[node.name] = [getattr(b, "id", getattr(b, "attr", None))
                                            for b in node.bases]
                elif isinstance(node, ast.arg):
                    bound.add(node.arg)
                elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                    bound.add(node.id)
                elif isinstance(node, ast.Attribute):
                    if not isinstance(node.ctx, ast.Load):
                        bound.add(node.attr)
                    if node.attr in ("__name__", "__qualname__"):
                        named.add("type" if getattr(node.value, "func", None) and getattr(
                            node.value.func, "id", None) == "type" else "any")
                elif isinstance(node, ast.JoinedStr):  # an f-string: Python < 3.12 gives it
                    keep.update(getattr(n, "id", None) or getattr(n, "attr", "")  # as one token
                                for n in ast.walk(node))
                elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                        getattr(node.value.func, "id", None) == "const":
                    keep.update(t.id for t in node.targets if isinstance(t, ast.Name) and
                                t.id.startswith("_"))  # folded away: no name to shorten
                if _site(node):
                    sites.append(node)
            for node in ast.walk(tree):  # the keywords given to a builtin or outside callable
                if isinstance(node, ast.Call):
                    root = node.func
                    while isinstance(root, ast.Attribute):
                        root = root.value
                    if isinstance(root, ast.Name) and root.id in outer:
                        keep.update(k.arg for k in node.keywords if k.arg)
            self._check(repo, path, sites)
        if "any" in named:  # a class's or a function's name is shown: rename nothing
            keep |= bound
        elif named:  # an exception's type's name is shown: keep every exception class's
            errors = set(n for n in dir(builtins) if isinstance(getattr(builtins, n), type)
                         and issubclass(getattr(builtins, n), BaseException))
            while True:
                more = set(c for c, b in bases.items() if errors.intersection(b)) - errors
                if not more:
                    break
                errors |= more
            keep |= errors
        self.kept = keep
        taken = keep | used | set(dir(builtins))
        pool = list(_FIRST) + [a + b for a in _FIRST for b in _NEXT]
        old = sorted(n for n in bound if len(n) > 2 and n[:2] != "__" and n not in keep)
        if len(old) > len(set(pool) - taken) * 3 // 4:
            raise RenameError("%d names to shorten and too few short names free to place "
                              "them by a hash: take three characters" % len(old))
        self.names = {}
        for name in old:  # at its hash's place in the pool, or the next free one after it:
            k = zlib.crc32(name.encode()) % len(pool)  # a new name moves few others
            while pool[k] in taken:
                k = (k + 1) % len(pool)
            taken.add(pool[k])
            self.names[name] = pool[k]
        self.module_names, self.attributes, self.methods = {}, {}, {}
        self.folded, self.inlined, self.arguments, self._keywords = {}, {}, [], set()
        self.family_of = {}  # a class's own attribute -> its family's first class
        self._spare_names = None
        if "any" not in named:
            self._scope(trees, [n for n in pool if n not in taken])
            self._fold(trees)

    def _fold(self, trees):
        """Integer constants other modules of ours import (``NAME = const(3)``, ``NAME = 3``):
        each importer gets the number itself and its import loses the name, and the home
        module renames it ``_NAME = const(...)``, which the compiler folds away: neither keeps
        the name (a qstr) nor a global for it. Only a name that is nothing else anywhere (no
        attribute, keyword, argument, kept name, second binding, alias, ``global``) and whose
        every import stands on lines of its own. Fills ``folded`` {home: {NAME: _NAME}} and
        ``inlined`` {importer: {NAME: "3"}}."""
        values, bindings, other = {}, {}, set()
        for dotted, tree in trees.items():
            table = {}
            for node in tree.body:
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                        isinstance(node.targets[0], ast.Name):
                    name, value = node.targets[0].id, node.value
                    folds = isinstance(value, ast.Call) and getattr(
                        value.func, "id", None) == "const" and len(value.args) == 1
                    number = _number(value.args[0] if folds else value, table)
                    if number is not None and (folds or _number(value, {}) is not None):
                        table[name] = number
            values[dotted] = table
            for node in ast.walk(tree):
                if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                    bindings.setdefault((dotted, node.id), []).append(node)
                elif isinstance(node, ast.arg):
                    other.add(node.arg)
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    bindings.setdefault((dotted, node.name), []).extend((node, node))
                elif isinstance(node, ast.Global):
                    other.update(node.names)
                elif isinstance(node, ast.Attribute):
                    other.add(node.attr)
                elif isinstance(node, ast.keyword) and node.arg:
                    other.add(node.arg)
                elif isinstance(node, ast.Import):
                    other.update(a.asname or a.name.split(".")[0] for a in node.names)
        imports, refused = {}, set()
        for dotted, tree in trees.items():
            source = _read(self.modules[dotted]).decode("utf-8").splitlines()
            for node in ast.walk(tree):
                if not isinstance(node, ast.ImportFrom) or node.level or \
                        node.module not in values:
                    continue
                for alias in node.names:
                    key = (node.module, alias.name)
                    if alias.name not in values[node.module]:
                        continue
                    alone = not source[node.lineno - 1][:node.col_offset].strip() and \
                        source[node.end_lineno - 1][node.end_col_offset:].strip()[:1] in ("", "#")
                    if alias.asname or not alone or bindings.get((dotted, alias.name)):
                        refused.add(key)
                    imports.setdefault(key, []).append(dotted)
        for (home, name), importers in sorted(imports.items()):
            if (home, name) in refused or name in self.kept or name in other or \
                    name.startswith("_") or len(bindings.get((home, name), ())) != 1 or \
                    ("_" + name) in _names(_read(self.modules[home])):
                continue
            self.folded.setdefault(home, {})[name] = "_" + name
            number = values[home][name]
            for importer in importers:
                self.inlined.setdefault(importer, {})[name] = \
                    str(number) if number >= 0 else "(%d)" % number

    def _scope(self, trees, free):
        """Names whose every use lies in one module (its private globals) or in one family of
        classes (attributes only ever reached as ``self.NAME`` there) need not be one string
        for the whole program: each module and each family numbers its own from ``free``
        (short names nothing else uses), so that the same few strings serve them all.
        Fills ``module_names`` {dotted: {old: new}}, ``attributes`` {old: new} (renamed where
        written ``self.old``) and ``methods`` {old: new} (renamed everywhere: their every token
        is a method's name or ``self.old`` in their family). Module globals number from the
        front of ``free`` and attributes after them: a method's name, bound in a class body,
        then never hides a module's global that the body reads."""
        attrs, keywords, imported, args, loads, defs = {}, set(), set(), set(), set(), {}
        body_binds, family, bound_at_top = {}, {}, {}

        def root(c):
            while family.get(c, c) != c:
                c = family[c]
            return c

        for dotted, tree in trees.items():
            top = bound_at_top.setdefault(dotted, set())
            for node in tree.body:
                for n in ast.walk(node):
                    if isinstance(n, ast.Global):
                        top.update(n.names)
                if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    for n in ast.walk(node):
                        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                            top.add(n.id)
                        elif isinstance(n, (ast.Import, ast.ImportFrom)):
                            top.update(a.asname or a.name.split(".")[0] for a in n.names)
                else:
                    top.add(node.name)
            stack = [(tree, None)]
            while stack:
                node, cls = stack.pop()
                if isinstance(node, ast.ClassDef):
                    family.setdefault(node.name, node.name)
                    for b in node.bases:
                        base = getattr(b, "id", getattr(b, "attr", None))
                        if base:
                            family.setdefault(base, base)
                            family[root(base)] = root(node.name)
                    for b in node.body:
                        if isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef)):
                            body_binds.setdefault(b.name, set()).add((node.name, "def"))
                        else:
                            for n in ast.walk(b):
                                if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                                    body_binds.setdefault(n.id, set()).add((node.name, "var"))
                    cls = node.name
                elif isinstance(node, ast.Attribute):
                    here = cls if isinstance(node.value, ast.Name) and \
                        node.value.id == "self" else None
                    attrs.setdefault(node.attr, set()).add(here)
                elif isinstance(node, ast.keyword) and node.arg:
                    keywords.add(node.arg)
                elif isinstance(node, ast.ImportFrom):
                    imported.update(a.name for a in node.names)
                elif isinstance(node, ast.arg):
                    args.add(node.arg)
                elif isinstance(node, ast.Name):
                    loads.add(node.id)
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    defs[node.name] = defs.get(node.name, 0) + 1
                stack.extend((child, cls) for child in ast.iter_child_nodes(node))
        shared = keywords | imported | set(attrs) | set(body_binds)
        width = 0
        for dotted, top in sorted(bound_at_top.items()):
            mine = sorted(n for n in top if n in self.names and n not in shared)
            if mine:
                self.module_names[dotted] = dict(zip(mine, free))
                width = max(width, len(mine))
        free = free[width:]
        self.arguments, self._keywords = free, keywords
        by_family = {}
        for name, where in attrs.items():
            families = set(root(c) if c else None for c in where)
            binds = body_binds.get(name, set())
            if name not in self.names or name in keywords or name in imported or \
                    len(families) != 1 or None in families or \
                    any(root(c) not in families or kind != "def" for c, kind in binds):
                continue
            if binds and (name in loads or name in args or defs[name] != len(binds)):
                continue  # a method's name used otherwise too: it stays one string
            by_family.setdefault(families.pop(), []).append(name)
        for family, names in by_family.items():
            for name, new in zip(sorted(names), free):
                (self.methods if name in body_binds else self.attributes)[name] = new
                self.family_of[name] = family

    @staticmethod
    def _check(repo, path, sites):
        """Every site of ``sites`` (nodes of module ``path``) is in REVIEWED, and every one
        REVIEWED lists for it is still there."""
        rel = os.path.relpath(path, repo).replace(os.sep, "/")
        source = _read(path).decode("utf-8")
        listed = REVIEWED.get(rel, ())
        seen = set()
        for node in sites:
            text = ast.get_source_segment(source, node) or ""
            if text not in listed:
                raise RenameError(
                    "%s:%d: %s reaches an attribute by a name computed at run time, which "
                    "shorter names could break: give the name as a string literal, or add the "
                    "call to REVIEWED in tools/shorten.py once every name it can reach is kept "
                    "(a string literal, a module name) or taken from the object itself; or "
                    "deploy with --full-names" % (rel, node.lineno, text.split("\n")[0]))
            seen.add(text)
        for text in listed:
            if text not in seen:
                raise RenameError("%s: REVIEWED in tools/shorten.py lists %s, which is not "
                                  "there any more: take it out" % (rel, text))

    def apply(self, dotted, data):
        """The source ``data`` (bytes) of module ``dotted`` with the mapping applied; the
        source as it is for a desktop-only module (not renamed, its names all kept)."""
        if dotted in self.desktop:
            return data
        if dotted not in self.modules:
            raise RenameError("%s is not a module of lib/ or boards/: its names were not "
                              "looked at" % dotted)
        lines = io.StringIO(data.decode("utf-8")).readlines()
        private = dict(self.module_names.get(dotted, {}))
        tree = ast.parse(data)
        folded = self._constants(tree, data, self.folded.get(dotted, {}), private)
        private.update(folded)
        at, statements = self._inline(dotted, tree, lines, private, folded)
        if self.arguments:
            # A function's own variable is no one else's: whatever its name (one kept for
            # the outside world's sake too), it can be renamed where it is, but in an
            # f-string (one token before Python 3.12: its names cannot follow).
            quoted = set(n.id for f in ast.walk(tree) if isinstance(f, ast.JoinedStr)
                         for n in ast.walk(f) if isinstance(n, ast.Name))
            output = lambda n: self.methods.get(n) or private.get(n) or \
                self.names.get(n) or n  # noqa: E731
            local = (lambda n: n[:2] != "__" and n not in quoted, output, self.spare())
            for (row, col), new in _arguments(tree, self._renamable, self.arguments, local):
                at[(row, len(lines[row - 1].encode("utf-8")[:col].decode("utf-8")))] = new
        edits, before = [], ("", "")
        for t in tokenize.generate_tokens(iter(lines).__next__):
            if t.type == tokenize.NAME and t.start[0] not in statements:
                name = t.string
                new = at.get(t.start) or self.methods.get(name) or private.get(name)
                if new is None and before == ("self", "."):
                    new = self.attributes.get(name)
                new = new or self.names.get(name)
                if new:
                    edits.append((t.start, t.end, new))
            if t.type not in (tokenize.NL, tokenize.COMMENT):
                before = (before[1], t.string)
        for (row, col), (_, end), new in reversed(edits):
            line = lines[row - 1]
            lines[row - 1] = line[:col] + new + line[end:]
        for row, text in statements.items():
            lines[row - 1] = text
        # The compiler folds ``NAME = const(...)`` by the name ``const`` alone (every use here
        # is one: mpy-cross refuses any other), so the compiled module never reads the name
        # the import binds: without it, its globals hold one entry fewer and mines._const,
        # read by no one, is never loaded. (The line stays, blank: the rows are the source's.)
        for row in range(len(lines)):
            if lines[row].rstrip() == _CONST_IMPORT:
                lines[row] = "\n"
        return "".join(lines).encode("utf-8")

    def spare(self):
        """Names a function's own variable can take (see ``_arguments``), shortest first: the
        attributes' names as the renamed program writes them (``x.NAME``), which the device
        interns from every module anyway; none of them an argument's code."""
        if self._spare_names is None:
            seen = set()
            for dotted, path in self.modules.items():
                private = self.module_names.get(dotted, {})
                before = ("", "")
                for t in tokenize.generate_tokens(io.StringIO(_read(path).decode()).readline):
                    if t.type == tokenize.NAME and before[1] == ".":
                        name = t.string
                        new = self.methods.get(name) or private.get(name)
                        if new is None and before[0] == "self":
                            new = self.attributes.get(name)
                        seen.add(new or self.names.get(name) or name)
                    if t.type not in (tokenize.NL, tokenize.COMMENT):
                        before = (before[1], t.string)
            seen -= set(self.arguments)
            self._spare_names = sorted((n for n in seen if n[:1] != "_" and
                                        not keyword.iskeyword(n)), key=lambda n: (len(n), n))
        return self._spare_names

    def _renamable(self, name):
        """True when argument ``name`` may take a short name of its function's own: renamed,
        and never given by keyword."""
        return name in self.names and name not in self._keywords

    def _constants(self, tree, data, folded, private):
        """The module's ``_NAME = const(...)`` names (its own, and ``folded``'s {NAME: _NAME})
        numbered ``_0``, ``_1``...: the compiler folds them away, so a .mpy never holds them,
        but from source the device interns every name it reads. Each module numbers its own
        from 0, so these few strings serve every module. Adds {_NAME: _k} to ``private`` and
        returns ``folded`` with the new names. A name that is also an attribute, a keyword,
        an import, in an f-string or read by code outside the program keeps its name."""
        other = set(self.interface)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                other.add(node.attr)
            elif isinstance(node, ast.keyword) and node.arg:
                other.add(node.arg)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                other.update(a.asname or a.name.split(".")[-1] for a in node.names)
            elif isinstance(node, ast.JoinedStr):
                other.update(n.id for n in ast.walk(node) if isinstance(n, ast.Name))
        mine = set(folded.values())
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                    getattr(node.value.func, "id", None) == "const":
                mine.update(t.id for t in node.targets if isinstance(t, ast.Name) and
                            t.id.startswith("_"))
        taken = _names(data)
        new, k = {}, 0
        for name in sorted(mine - other):
            while "_%d" % k in taken:
                k += 1
            new[name] = "_%d" % k
            k += 1
        private.update(new)
        return dict((name, new.get(short, short)) for name, short in folded.items())

    def _inline(self, dotted, tree, lines, private, folded):
        """The edits ``_fold`` asks of module ``dotted``: ({(row, col): text} for the tokens
        that become a number or ``const(...)``, {row: its whole new line} for the import
        statements that lose names and the home's definitions)."""
        inlined = self.inlined.get(dotted, {})
        at, statements = {}, {}
        if not inlined and not folded:
            return at, statements

        def col(node):
            return len(lines[node.lineno - 1].encode("utf-8")[:node.col_offset].decode("utf-8"))

        def renamed(name):
            return private.get(name) or self.names.get(name) or name

        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in inlined:
                at[(node.lineno, col(node))] = inlined[node.id]
            elif isinstance(node, ast.ImportFrom) and any(a.name in inlined for a in node.names):
                keep = [renamed(a.name) + (" as " + renamed(a.asname) if a.asname else "")
                        for a in node.names if a.name not in inlined]
                first = lines[node.lineno - 1]
                text = first[:col(node)] + ("from %s import %s" % (node.module, ", ".join(keep))
                                            if keep else "pass")
                last = lines[node.end_lineno - 1]
                tail = last[len(last.encode("utf-8")[:node.end_col_offset].decode("utf-8")):]
                statements[node.lineno] = text + tail
                for row in range(node.lineno + 1, node.end_lineno + 1):
                    statements[row] = "\n"
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                    isinstance(node.targets[0], ast.Name) and node.targets[0].id in folded and \
                    node in tree.body and not (isinstance(node.value, ast.Call) and getattr(
                        node.value.func, "id", None) == "const"):
                value = node.value
                line = lines[value.lineno - 1]
                start = col(value)
                end = len(line.encode("utf-8")[:value.end_col_offset].decode("utf-8"))
                if value.lineno != value.end_lineno:
                    raise RenameError("%s:%d: a constant over several lines: write it on one"
                                      % (dotted, value.lineno))
                statements[value.lineno] = line[:col(node)] + folded[node.targets[0].id] + \
                    " = const(%s)" % line[start:end] + line[end:]
        return at, statements


# ---- the outside world's names (OUTSIDE), harvested ----

# The modules whose names the harvest takes (beside builtins): what the game imports and the
# rest of the VMs' standard set. CircuitPython's own come from its stubs.
MODULES = ("array binascii collections errno gc hashlib io json math micropython os random re "
           "select struct sys tempfile time traceback zlib").split()
VMS = (os.path.join(REPO, ".venv", "bin", "micropython"),
       os.path.join(REPO, "..", "shared", "mp32", "micropython32"),
       os.path.join(REPO, "..", "shared", "cp10", "circuitpython32"))
_VM_DIR = """
import sys
seen = set()
def walk(o, depth):
    for n in dir(o):
        print(n)
        v = getattr(o, n, None)
        if depth and (isinstance(v, type) or type(v) is type(sys)) and id(v) not in seen:
            seen.add(id(v))
            walk(v, depth - 1)
import builtins
walk(builtins, 1)
for m in %r:
    try:
        walk(__import__(m), 1)
    except ImportError:
        pass
"""
_VM_ROM = """
import micropython
for n in %r:
    getattr(None, n, None)
micropython.qstr_info(1)
"""


def _cpython_names():
    """Builtins, the names of MODULES, of their types, and the parameters of their callables
    (keyword names), in this CPython."""
    import inspect
    out = set()
    todo = [builtins, sys.implementation, os.uname(), os.stat(".")]
    for m in MODULES:
        try:
            todo.append(__import__(m))
        except ImportError:
            pass
    for obj in todo:
        for n in dir(obj):
            out.add(n)
            v = getattr(obj, n, None)
            inner = [v]
            if isinstance(v, type) or inspect.ismodule(v):  # a type's methods, os.path's
                out.update(dir(v))
                inner += [getattr(v, a, None) for a in dir(v)]
            for w in inner:
                if callable(w):
                    try:
                        out.update(inspect.signature(w).parameters)
                    except (TypeError, ValueError):
                        pass
    return out


def _vm_names(exe, modules):
    """The names ``exe`` (a micropython) has: its builtins, the names of ``modules`` and of
    their types, and its static qstrs (the identifiers its file holds that it does not intern
    at run time; only for an executable file, not a launcher script)."""
    def run(script):
        fd, path = tempfile.mkstemp(suffix=".py")
        with os.fdopen(fd, "w") as f:
            f.write(script)
        try:
            return subprocess.run([exe, "-X", "heapsize=16M", path], capture_output=True,
                                  text=True, timeout=300).stdout
        finally:
            os.remove(path)
    out = set(run(_VM_DIR % (modules,)).split())
    data = _read(exe)
    if not data.startswith(b"#!"):
        words = sorted(set(w.decode() for w in re.findall(rb"[A-Za-z_][A-Za-z0-9_]{0,40}",
                                                              data)))
        dynamic = set(re.findall(r"^Q\((.*)\)$", run(_VM_ROM % (words,)), re.M))
        out.update(w for w in words if w not in dynamic)
    return out


def harvest():
    """The outside world's names as this machine knows them: CPython's (_cpython_names),
    every name in the installed *-stubs packages (circuitpython-stubs: the device's API), and
    each VM's of VMS that is there (_vm_names, with every stubbed module tried)."""
    out = _cpython_names()
    purelib = sysconfig.get_paths()["purelib"]
    stubs = sorted(glob.glob(os.path.join(purelib, "*-stubs")))
    for path in sorted(glob.glob(os.path.join(purelib, "*-stubs", "**", "*.pyi"),
                                 recursive=True)):
        out |= _names(_read(path))
    modules = MODULES + [os.path.basename(p)[:-6] for p in stubs]
    for exe in VMS:
        if os.path.isfile(exe):
            out |= _vm_names(exe, modules)
    return out


def main(argv=None):
    from cli import argparser
    ap = argparser("shorten.py", description=__doc__.splitlines()[0])
    ap.add_argument("--harvest", action="store_true", help="rewrite %s with the names this "
                    "machine's Python, stubs and VMs have (added to what it holds)"
                    % os.path.relpath(OUTSIDE, REPO))
    args = ap.parse_args(argv)
    if args.harvest:
        names = harvest() | set(_read(OUTSIDE).decode().split())
        with open(OUTSIDE, "w") as f:
            f.write("\n".join(sorted(names)) + "\n")
        print("%s: %d names" % (os.path.relpath(OUTSIDE, REPO), len(names)))
        return 0
    try:
        renamer = Renamer()
    except RenameError as e:
        print("shorten.py: %s" % e, file=sys.stderr)
        return 1
    for old, new in sorted(renamer.names.items(), key=lambda kv: kv[1]):
        print(new, old)
    for dotted, names in sorted(renamer.module_names.items()):
        for old, new in sorted(names.items(), key=lambda kv: kv[1]):
            print(new, old, "(in %s)" % dotted)
    for old, new in sorted(list(renamer.attributes.items()) + list(renamer.methods.items()),
                           key=lambda kv: (renamer.family_of[kv[0]], kv[1])):
        print(new, "self." + old, "(class %s and its kin)" % renamer.family_of[old])
    for dotted, names in sorted(renamer.folded.items()):
        for old in sorted(names):
            print("-", old, "(in %s: folded, its importers have the number)" % dotted)
    print("%s ...: arguments, by their place in their def (1st, 2nd, ...; a kept name such as "
          "self keeps its own; an inner def counts on from its outer one's)"
          % " ".join(renamer.arguments[:8]))
    return 0


if __name__ == "__main__":
    from cli import run_tool
    run_tool("shorten.py", main)
