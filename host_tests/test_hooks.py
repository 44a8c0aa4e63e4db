"""The commit-msg hook (.githooks/commit-msg, README "Contributing"): fed messages, it passes a
subject ``area: what`` of 72 characters or fewer and refuses the rest with one line (status 1;
its own misuse, status 2); git runs it once tools/setup.sh --test set core.hooksPath, which it
does only at the top of a git work tree and without failing elsewhere."""

import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOOK = os.path.join(ROOT, ".githooks", "commit-msg")
SETUP = os.path.join(ROOT, "tools", "setup.sh")


def hook(tmp_path, message, *args):
    path = tmp_path / "MSG"
    path.write_bytes(message.encode())
    return subprocess.run(["sh", HOOK] + (list(args) or [str(path)]), capture_output=True,
                          text=True, timeout=30)


@pytest.mark.parametrize("message", [
    "hints: a flag beside a 0 is wrong\n",
    "hints: a flag beside a 0 is wrong\n\nWhy, with figures.\n",
    "groups, cases: public gen and near\n\nbody\n",
    "a: " + "x" * 69 + "\n",                   # 72 characters
    "a: " + "\u00e9" * 69 + "\n",              # 72 characters, 141 bytes
    "# Please enter the commit message\n\nsaves: one slot\n# a comment\n\nbody\n",
    "saves: one slot\r\n\r\nbody\r\n",
    "Merge branch 'audit22'\n",
    'Revert "saves: one slot"\n\nThis reverts commit 0123456.\n',
    "fixup! saves: one slot\n",
])
def test_the_hook_passes_a_subject_that_keeps_the_rule(tmp_path, message):
    r = hook(tmp_path, message)
    assert (r.returncode, r.stdout, r.stderr) == (0, "", "")


@pytest.mark.parametrize("message, says", [
    ("a: " + "x" * 70 + "\n", "the subject has 73 characters, 72 at most"),
    ("a: " + "\u00e9" * 70 + "\n", "the subject has 73 characters, 72 at most"),
    ("Merge branch '" + "m" * 60 + "'\n", "the subject has 75 characters"),
    ("no area in this subject\n", "needs its area first"),
    ("a:b\n", "needs its area first"),
    (" hints: a space first\n", "needs its area first"),
    ("hints:\n", "needs its area first"),
    ("hints: one line\nand its second, joined by git log\n", "a blank line goes between"),
    ("# only a comment\n\n", "no subject"),
    ("", "no subject"),
])
def test_the_hook_refuses_with_one_line(tmp_path, message, says):
    r = hook(tmp_path, message)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.startswith("commit-msg: ") and says in r.stderr
    assert r.stderr.count("\n") == 1


def test_the_hook_misused_says_how_with_status_2(tmp_path):
    for args in ([str(tmp_path / "missing")], [str(tmp_path)], ["a", "b"]):
        r = hook(tmp_path, "", *args)
        assert (r.returncode, r.stderr) == (2, "usage: .githooks/commit-msg MESSAGE_FILE\n")
    r = subprocess.run(["sh", HOOK], capture_output=True, text=True, timeout=30)
    assert r.returncode == 2


def test_the_hook_is_executable_by_git():
    assert os.access(HOOK, os.X_OK)
    with open(HOOK) as f:
        assert f.readline() == "#!/bin/sh\n"


def environment(home):
    """Git with no configuration but the repository's own (and a name to commit with)."""
    env = dict(os.environ, HOME=str(home), GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="t",
               GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.com")
    for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_CONFIG_GLOBAL"):
        env.pop(name, None)
    return env


def git(cwd, *args, check=True):
    return subprocess.run(["git"] + list(args), cwd=str(cwd), env=environment(cwd),
                          capture_output=True, text=True, timeout=60, check=check)


def project(folder):
    """A copy of what tools/setup.sh reads, with a .venv whose python does nothing (so that no
    package is installed)."""
    os.makedirs(folder / "tools")
    for name in ("setup.sh", "requirements.txt", "requirements-test.txt"):
        shutil.copy(os.path.join(ROOT, "tools", name), folder / "tools" / name)
    shutil.copytree(os.path.join(ROOT, ".githooks"), folder / ".githooks")
    python = folder / ".venv" / "bin" / "python"
    os.makedirs(python.parent)
    python.write_text("#!/bin/sh\nexit 0\n")
    python.chmod(0o755)
    return folder


def setup(folder, *args):
    return subprocess.run(["bash", "tools/setup.sh"] + list(args), cwd=str(folder),
                          env=environment(folder),
                          capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_setup_sets_the_hooks_in_a_clone_and_git_then_refuses_a_long_subject(tmp_path):
    folder = project(tmp_path / "clone")
    git(folder, "init", "-q")
    r = setup(folder)
    assert r.returncode == 0 and git(folder, "config", "core.hooksPath", check=False).stdout == ""
    r = setup(folder, "--test")
    assert r.returncode == 0, r.stderr
    assert git(folder, "config", "core.hooksPath").stdout == ".githooks\n"
    git(folder, "add", "tools")
    r = git(folder, "commit", "-q", "-m", "tools: " + "x" * 70, check=False)
    assert r.returncode != 0 and "the subject has 77 characters, 72 at most" in r.stderr
    r = git(folder, "commit", "-q", "-m", "tools: setup, as a clone has it")
    assert git(folder, "log", "--format=%s").stdout == "tools: setup, as a clone has it\n"


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_setup_leaves_git_alone_outside_a_clone_of_its_own(tmp_path):
    alone = project(tmp_path / "alone")
    r = setup(alone, "--test")
    assert (r.returncode, r.stderr) == (0, "")
    assert not os.path.exists(alone / ".git")
    outer = tmp_path / "outer"   # an unpacked copy inside someone's repository
    os.makedirs(outer)
    git(outer, "init", "-q")
    inner = project(outer / "mines")
    r = setup(inner, "--test")
    assert (r.returncode, r.stderr) == (0, "")
    assert git(outer, "config", "core.hooksPath", check=False).stdout == ""
