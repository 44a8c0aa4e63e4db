"""Issue 19: nothing lost, no traceback. Saves, games in progress and the tools under hostile use,
one group of tests per item of the issue:

- the README's examples of tools/save.py (and the plain ones of the other tools) run as written,
  and ``save.py write`` merges (``--replace`` writes exactly the JSON);
- a save of a newer format is never written, by the game or the tool (unless ``--force``);
- neither the game nor the tool writes from stale data (read before write);
- a MemoryError at the entry point of every job the game starts keeps the game and its save,
  under CPython and micropython (job_inject.py);
- every field a save or a tool reads is range-checked where it comes in;
- every tool: bad usage one line and status 2, an output it cannot write one line and status 1,
  no temporary file left, nothing made that was not asked for;
- and the misleading messages of the issue's list.
"""

import json
import os
import re
import signal
import subprocess
import sys

import pytest

import job_inject
from engine_util import MICROPYTHON, ROOT, micropython
from mpy_save import describe, sample_records

from mines.engine import presets
from mines.flow import midend as M
from mines.saves import records as R
from mines.saves import slots as S
from mines.saves.resume import GameRecord
from mines.flow.save_part import attach
from mines.flow.save_work import current
from mines.saves.storage import FileStorage

TOOLS = os.path.join(ROOT, "tools")
FULL = "/dev/full"
needs_full = pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full here")


def rich_records(seed=4):
    """Records with best times, statistics, settings and a game in progress (none of a newer
    game's names: those are the tool's to refuse)."""
    r = sample_records(seed)
    del r.settings["from-a-newer-v"]
    r.settings["sound"] = 1
    r.unknown = []
    return r


def write_save(path, records, newer_slot=None):
    image = bytearray(S.STORE_SIZE)
    S.Store(image).save(records)
    if newer_slot is not None:
        image[S.STORE_SIZE // 2:S.STORE_SIZE // 2 + len(newer_slot)] = newer_slot
    with open(str(path), "wb") as f:
        f.write(image)
    return bytes(image)


def newer_slot(sequence=9, version=S.VERSION + 1):
    data = bytearray(S.slot_bytes(b"a newer game's sections", sequence))
    data[4] = version
    data[12:16] = S.crc32(bytes(data[16:]), S.crc32(bytes(data[:12]))).to_bytes(4, "little")
    return bytes(data)


def tool(name, args, stdin="", env=None, stdout=None, cwd=ROOT, exe=None):
    return subprocess.run([exe or sys.executable, os.path.join(TOOLS, name)] + args,
                          input=stdin.encode(), stdout=stdout or subprocess.PIPE,
                          stderr=subprocess.PIPE, env=env, cwd=cwd, timeout=300)


def shown(path, env=None):
    r = tool("save.py", ["show", str(path)], env=env)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def one_line(r, status, start=None):
    err = r.stderr.decode()
    assert r.returncode == status, (r.returncode, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    if start:
        assert err.startswith(start), err
    return err


def boot(nvm, seed=3):
    m = M.Midend(seed=seed)
    attach(m, nvm)
    return m, job_inject.Driver(m)


# -- the README's examples, as written ----------------------------------------------------------

def doc_lines(test):
    """The indented example lines of README.md and docs/ (wherever they are kept) that
    ``test(line)`` picks."""
    paths = [os.path.join(ROOT, "README.md")]
    docs = os.path.join(ROOT, "docs")
    for folder, _, files in os.walk(docs):
        paths += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".md")]
    out = []
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.startswith("    ") and test(line.strip()) and line.strip() not in out:
                    out.append(line.strip())
    return out


def test_the_readme_save_examples_do_what_they_say(tmp_path):
    """Every example of tools/save.py in the README, run as written (in a scratch folder that
    has the repository's tools/ and lib/, with the simulator's save of a player who has best
    times, statistics and a game in progress), and what each is said to do checked."""
    lines = doc_lines(lambda s: "tools/save.py" in s and "PATH" not in s)
    assert len(lines) >= 6, lines
    work = tmp_path / "work"
    work.mkdir()
    for name in ("tools", "lib"):
        os.symlink(os.path.join(ROOT, name), str(work / name))
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    os.symlink(sys.executable, str(bin_dir / "python"))
    env = dict(os.environ, PATH=str(bin_dir) + os.pathsep + os.environ["PATH"],
               XDG_DATA_HOME=str(tmp_path / "data"))
    save = tmp_path / "data" / "pygamer-mines" / "save.bin"
    save.parent.mkdir(parents=True)
    write_save(save, rich_records())
    first = shown(save)
    assert first["best"] and first["stats"]["boards"] and first["game"] and \
        first["settings"]["sound"] == 1
    seen = set()
    for line in lines:
        before = shown(save)
        r = subprocess.run(["bash", "-c", "set -o pipefail; " + line], cwd=str(work), env=env,
                           capture_output=True, text=True, timeout=300)
        assert r.returncode == 0 and "Traceback" not in r.stderr, (line, r.stderr)
        after = shown(save)
        command = line.split("#")[0]
        if command.strip() == "python tools/save.py show":
            assert json.loads(r.stdout) == before
            seen.add("show")
        elif "> backup.json" in command:
            assert json.loads((work / "backup.json").read_text()) == before
            seen.add("backup")
        elif '"sound": 0' in command:  # sound off, the rest kept (issue 19: once wiped)
            assert after["settings"]["sound"] == 0
            for field in ("best", "stats", "game"):
                assert after[field] == before[field], field
            assert {k: v for k, v in after["settings"].items() if k != "sound"} == {
                k: v for k, v in before["settings"].items() if k != "sound"}
            seen.add("merge")
        elif "write copy.bin" in command:
            copy = shown(work / "copy.bin")
            for field in ("settings", "best", "stats", "game"):
                assert copy[field] == after[field], field
            seen.add("copy")
        elif "--replace < backup.json" in command:
            backup = json.loads((work / "backup.json").read_text())
            for field in ("settings", "best", "stats", "game"):
                assert after[field] == backup[field], field
            seen.add("replace")
        elif "show copy.bin" in command:
            assert json.loads(r.stdout)["best"] == after["best"]
            seen.add("show a file")
    assert seen == {"show", "backup", "merge", "copy", "replace", "show a file"}, seen
    assert sorted(os.listdir(str(work))) == ["backup.json", "copy.bin", "lib", "tools"]
    assert os.listdir(str(save.parent)) == ["save.bin"]


def test_the_readme_tool_examples_run_as_written():
    """The README's plain examples of gen.py, solve.py and puzzle.py (those without a
    placeholder, and not piped into spread.py, which prints a table) run as written and print
    JSON lines."""
    lines = doc_lines(lambda s: re.search(r"python tools/(gen|solve|puzzle)\.py", s) and
                      not re.search(r"\[(--|[A-Z])", s) and "..." not in s and
                      "micropython" not in s and "spread.py" not in s)
    assert len(lines) >= 3, lines
    for line in lines:
        command = line.replace("python ", sys.executable + " ")
        r = subprocess.run(["bash", "-c", "set -o pipefail; " + command], cwd=ROOT,
                           capture_output=True, text=True, timeout=300)
        assert r.returncode == 0 and r.stderr == "", (line, r.stderr)
        assert r.stdout and all(json.loads(x) for x in r.stdout.splitlines())


def test_write_merges_and_replace_writes_exactly(tmp_path):
    path = tmp_path / "save.bin"
    write_save(path, rich_records())
    before = shown(path)
    r = tool("save.py", ["write", str(path)], json.dumps({"settings": {"board": 0}}))
    assert r.returncode == 0, r.stderr
    after = shown(path)  # a preset alone brings its size; the records stay
    assert (after["settings"]["board"], after["settings"]["width"], after["settings"]["height"],
            after["settings"]["mines"]) == (0, 9, 9, 10)
    assert after["best"] == before["best"] and after["game"] == before["game"]
    r = tool("save.py", ["write", str(path)], json.dumps({"settings": {"width": 16, "height": 16,
                                                                      "mines": 40}}))
    assert r.returncode == 0 and shown(path)["settings"]["board"] == 1  # the size's preset
    r = tool("save.py", ["write", str(path)], json.dumps({"game": None, "best": []}))
    after = shown(path)
    assert after["game"] is None and after["best"] == [] and after["stats"] == before["stats"]
    r = tool("save.py", ["write", "--replace", str(path)], "{}")
    assert r.returncode == 0 and shown(path)["stats"] == {"boards": []}
    # the levels by either name
    r = tool("save.py", ["write", str(path)], json.dumps(
        {"best": [{"board": "9x9/10", "level": "single", "seconds": 3},
                  {"board": "9x9/10", "level": "medium", "seconds": 4}]}))
    assert r.returncode == 0 and [b["level"] for b in shown(path)["best"]] == ["easy", "medium"]


# -- a newer version's save ----------------------------------------------------------------------

def test_the_game_never_writes_a_newer_versions_save():
    nvm = bytearray(S.STORE_SIZE)
    S.Store(nvm).save(rich_records())
    slot = newer_slot()
    nvm[S.STORE_SIZE // 2:S.STORE_SIZE // 2 + len(slot)] = slot
    before = bytes(nvm)
    m, d = boot(nvm)
    assert m.message == S.NEWER and m.state == M.MENU  # said once, defaults, nothing resumed
    assert current(m.saves).best_keys() == [] and m.settings.sound == 1
    said = 0
    m.settings.set("board", 0)
    m.settings.set("sound", 0)
    for _ in range(3):
        job_inject.start(d)
        d.frame(M.START)  # a pause: written at once, were it written
        d.run(2)
        d.frame(M.START)
        job_inject.finish(d)
        d.run(600)
        said += m.message == S.NEWER
    m.saves.write(m)
    assert bytes(nvm) == before and said == 0
    assert current(m.saves).stats_keys()  # counted for this run


def test_the_tool_says_which_version_and_writes_over_it_only_when_forced(tmp_path):
    path = tmp_path / "save.bin"
    before = write_save(path, rich_records(), newer_slot(version=S.VERSION + 1))
    r = tool("save.py", ["show", str(path)])
    err = one_line(r, 1, "save.py: %s holds a save from a newer version" % path)
    assert "(format %d; this one reads format %d)" % (S.VERSION + 1, S.VERSION) in err
    assert r.stdout == b""
    r = tool("save.py", ["write", str(path)], json.dumps({"settings": {"sound": 0}}))
    err = one_line(r, 1)
    assert "not changed (--force writes over it)" in err and path.read_bytes() == before
    r = tool("save.py", ["write", "--force", str(path)], json.dumps({"settings": {"sound": 0}}))
    assert r.returncode == 0, r.stderr
    store = S.Store(FileStorage(str(path)))
    records = store.load()
    assert not store.newer and store.message is None and records.settings["sound"] == 0
    assert S.read_slot(store.store, 0, S.STORE_SIZE // 2)[0] == S.read_slot(
        store.store, S.STORE_SIZE // 2, S.STORE_SIZE // 2)[0] == 0  # both slots whole, ours


# -- never from stale data -----------------------------------------------------------------------

def test_the_game_and_the_tool_never_undo_each_other(tmp_path):
    """The simulator (a midend over the file) and tools/save.py writing the same file: each
    write reads the file first; the tool's change shows in the running game, and the game's
    later writes keep it (issue 19: the game's next write undid it)."""
    path = tmp_path / "save.bin"
    m, d = boot(FileStorage(str(path)))
    m.settings.set("board", 0)
    job_inject.start(d)
    job_inject.finish(d)
    m.saves.write(m)  # (when the policy writes is test_saving's)
    played = shown(path)["stats"]["boards"][0]["played"]
    assert played == 1
    r = tool("save.py", ["write", str(path)], json.dumps({"settings": {"sound": 0, "marks": 0}}))
    assert r.returncode == 0, r.stderr
    m.settings.set("lives", 1)  # the player changes one setting meanwhile: theirs stays theirs
    job_inject.start(d)
    d.frame(M.START)  # paused: a game in progress
    m.saves.write(m)
    after = shown(path)
    assert after["settings"]["sound"] == 0 and after["settings"]["marks"] == 0
    assert after["settings"]["lives"] == 1 and after["game"] is not None
    assert m.settings.sound == 0 and m.settings.marks == 0  # the game took the tool's in
    # the tool writes while a game is in progress: both stay
    r = tool("save.py", ["write", str(path)], json.dumps({"best": []}))
    assert r.returncode == 0
    d.frame(M.START)
    job_inject.finish(d)
    d.run(600)
    m.saves.write(m)
    after = shown(path)
    assert after["stats"]["boards"][0]["played"] == 2 and after["settings"]["sound"] == 0
    assert after["game"] is None  # the game ended: the one kept went
    assert len(after["best"]) == (1 if m.state == M.WON else 0)  # only the game's new time
    assert sorted(os.listdir(str(tmp_path))) == ["save.bin"]


def test_the_tool_reads_again_when_the_file_changes_under_it(tmp_path, monkeypatch):
    """Between the tool's read and its write another program writes the file: the tool's write
    is refused by the store (it is not as read), and the tool reads, merges and writes again."""
    sys.path.insert(0, TOOLS)
    try:
        import save as save_tool
    finally:
        sys.path.remove(TOOLS)
    from mines.saves import storage
    path = tmp_path / "save.bin"
    write_save(path, rich_records())
    real = storage.FileStorage._replace
    raced = []

    def race(self, data):
        if not raced:  # the game writes first: a new best time
            raced.append(1)
            other = S.Store(FileStorage(str(path)))
            records = other.load()
            records.add_result(presets.board_key(9, 9, 10, 0, 0), True, 1234, 0, 0)
            other.save(records)
        return real(self, data)
    monkeypatch.setattr(storage.FileStorage, "_replace", race)
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO('{"settings": {"sound": 0}}'))
    assert save_tool.main(["write", str(path)]) == 0
    monkeypatch.undo()
    after = shown(path)
    assert raced and after["settings"]["sound"] == 0
    assert any(b["seconds"] == 1.234 for b in after["best"])


# -- every job inside the guard ------------------------------------------------------------------

MESSAGES = {"hint": "No memory for hints", "check": "No memory for hints",
            "probability": "No memory for hints", "rescue": "Life lost: 4 left",
            "rescue-work": "Life lost: 4 left", "puzzle": "Not enough memory",
            "puzzle-work": "No memory: 8x6 puzzle",
            "resume": "No memory to resume the game", "hint-import": "No memory for hints",
            "rescue-import": "Life lost: 4 left", "mercy-import": "Life lost: 4 left",
            "pause-import": "No memory: 9x9 board"}


@pytest.mark.parametrize("point", job_inject.POINTS)
def test_a_memory_error_at_a_jobs_entry_point_keeps_the_game_and_its_save(point):
    assert job_inject.check_point(point) == MESSAGES[point]


def test_the_same_under_micropython():
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=4M",
                        os.path.join(ROOT, "host_tests", "mpy_job_inject.py"), ROOT],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    lines = r.stdout.strip().splitlines()
    assert lines[-1] == "OK points=%d" % len(job_inject.POINTS)
    assert dict(line.split("=", 1) for line in lines[:-1]) == MESSAGES


def test_an_error_keeps_no_game_that_ended():
    """The save's game is kept by an error (Midend.fail) only when it is the game in play as
    last written: a game that ended (its result counted) stays in the save until the next
    write, and a new game played before that write and sent to the menu by an error must not
    keep it (it would come back, to be played and counted again)."""
    nvm = bytearray(S.STORE_SIZE)
    m, d = job_inject.boot(nvm, 5, (("board", 0),))
    job_inject.start(d)
    assert d.until(lambda m: m.saves.policy.last_ms is not None, 20)  # the first game written
    assert job_inject.saved_game(nvm) is not None                     # in progress ...
    job_inject.act(d, M.A, job_inject.covered(m, True))  # ... and lost: counted, not written
    assert m.state == M.LOST and job_inject.saved_game(nvm) is not None
    job_inject.start(d)  # a new game, played, not written yet
    job_inject.act(d, M.A, job_inject.covered(m, False))
    assert m.state == M.PLAYING
    inject = job_inject.FailImport("mines.flow.menus")
    try:
        assert d.loop_frame(M.START)
    finally:
        inject.remove()
    assert m.state == M.MENU
    d.now += m.saves.policy.gap_ms
    d.run(2)
    assert job_inject.saved_game(nvm) is None, "the game that ended was kept"
    assert S.Store(bytearray(nvm)).load().stats_for(m.settings.key())[:2] == (1, 0)
    m2, d2 = job_inject.boot(nvm, 6)
    d2.run(5)
    assert m2.state == M.MENU


def test_the_menu_offers_the_kept_game_back_while_it_is_kept():
    """The main menu's Resume row: absent at a fresh start with no kept game; after an error
    (Midend.fail) first, the cursor on it, its line saying what it does; a resume that runs out
    of memory keeps the game and the row, and says so; gone once the game is resumed, and once
    another game replaced it."""
    def actions(m):
        return [row[2] for row in m.screen.rows]

    nvm = bytearray(S.STORE_SIZE)
    m, d = job_inject.boot(nvm, 5, (("board", 0),))
    d.run(3)
    assert m.state == M.MENU and "kept" not in actions(m) and actions(m)[0] == "play"
    job_inject.start(d)
    job_inject.act(d, M.A, job_inject.covered(m, False))
    m.saves.write(m)
    shown = bytes(m.game.shown)
    m.fail("No memory: 9x9 board")
    d.run(1)
    assert actions(m)[0] == "kept" and m.screen.row == 0 and "kept" not in actions(m)[1:]
    d.now += 5000  # the message goes: the row says what it does
    d.run(1)
    assert m.footer() == "Your game as last saved\nA: resume", m.footer()
    from mines.saves import resume
    inject = job_inject.Inject(resume, "restore_game")
    try:
        d.frame(M.A)
        d.run(10)
    finally:
        inject.remove()
    assert inject.raised == 1 and m.state == M.MENU and m.saves.kept, m.state
    assert m.message == "No memory to resume the game" and actions(m)[0] == "kept"
    d.frame(M.A)
    assert d.until(lambda m: m.state == M.PAUSED, 20) and bytes(m.game.shown) == shown
    d.frame(M.SELECT)  # the pause menu's SELECT: to the main menu, the game left
    assert m.state == M.MENU and "kept" not in actions(m)
    # Kept again, then replaced: a new board played from the menu.
    job_inject.start(d)
    job_inject.act(d, M.A, job_inject.covered(m, False))
    m.saves.write(m)
    m.fail("No memory: 9x9 board")
    d.run(1)
    assert actions(m)[0] == "kept"
    d.frame(M.DOWN)
    assert m.screen.rows[m.screen.row][2] == "play"
    d.frame(M.A)
    assert d.until(lambda m: m.state == M.PLAYING, 3000)
    d.frame(M.SELECT)
    d.run(2)
    assert m.state == M.MENU and "kept" not in actions(m)


def test_a_key_in_the_frame_the_resume_row_comes_keeps_the_cursor_on_its_row():
    """Down pressed in the frame an error's menu gets its Resume row: the cursor is on the row
    Down chose (the row is added above it), not one row up."""
    def actions(m):
        return [row[2] for row in m.screen.rows]

    nvm = bytearray(S.STORE_SIZE)
    m, d = job_inject.boot(nvm, 5, (("board", 0),))
    job_inject.start(d)
    job_inject.act(d, M.A, job_inject.covered(m, False))
    m.saves.write(m)
    m.fail("No memory: 9x9 board")
    chosen = actions(m)[1]
    d.frame(M.DOWN)   # the press, then the frame that adds the row
    assert actions(m)[0] == "kept" and actions(m)[m.screen.row] == chosen, (
        actions(m), m.screen.row)


def test_a_game_resumed_from_the_menu_is_filed_under_its_own_board():
    """Settings changed at the menu before Resume (board, level, kind, lives) go back to the kept
    game's: its result is filed under its own board's key, not the menu's."""
    nvm = bytearray(S.STORE_SIZE)
    m, d = job_inject.boot(nvm, 6, (("board", 0), ("level", 1), ("lives", 1)))
    job_inject.start(d)
    job_inject.act(d, M.A, job_inject.covered(m, False))
    key = m.settings.key()
    m.saves.write(m)
    m.fail("No memory: 9x9 board")
    d.run(1)
    for name, value in (("board", 2), ("level", 2), ("kind", 2), ("lives", 0)):
        assert m.settings.set(name, value) is None
    assert m.settings.key() != key
    d.run(1)
    assert m.screen.rows[m.screen.row][2] == "kept"
    d.frame(M.A)
    assert d.until(lambda m: m.state == M.PAUSED, 20)
    assert m.settings.key() == key and (m.settings.width, m.settings.board) == (9, 0)
    assert m.game.lives == 3


def test_a_resumed_game_keeps_its_hints_used():
    """The hints a game used, as last written, come back with it (its best time is kept with
    them), from the menu's Resume and at start-up alike."""
    nvm = bytearray(S.STORE_SIZE)
    m, d = job_inject.boot(nvm, 7, (("board", 0),))
    job_inject.start(d)
    job_inject.act(d, M.A, job_inject.covered(m, False))
    m.count_hint()
    m.count_hint()
    m.saves.write(m)
    m.count_hint()   # after the last write: lost with the rest of the play since
    m.fail("No memory: 9x9 board")
    d.run(1)
    assert m.hints_used == 3
    d.frame(M.A)   # the Resume row
    assert d.until(lambda m: m.state == M.PAUSED, 20) and m.hints_used == 2
    m2, d2 = job_inject.boot(nvm, 7, ())
    assert d2.until(lambda m: m.state == M.PAUSED, 50) and m2.hints_used == 2


def test_other_errors_in_a_job_say_what_they_are():
    """A bug (here a TypeError) in the hint job says its own text, not "No memory for hints";
    a puzzle job's failure names the puzzle and its size, not a board."""
    from mines.help.hint_job import HintJob
    nvm = bytearray(S.STORE_SIZE)
    m, d = job_inject.boot(nvm, 5, (("board", 0),))
    job_inject.start(d)
    real = HintJob.step

    def broken(self):
        raise TypeError("unsupported operand")
    HintJob.step = broken
    try:
        job_inject.hint(d)
    finally:
        HintJob.step = real
    assert m.message == "unsupported operand" and m.state == M.PLAYING
    from mines.puzzle.maker import PuzzleMaker
    inject = job_inject.Inject(PuzzleMaker, "step")
    try:
        m.start_puzzle()
        d.run(60)
    finally:
        inject.remove()
    assert m.state == M.MENU and m.message == "No memory: 8x6 puzzle"


# -- range checks where a field comes in ----------------------------------------------------------

def game_slot(**fields):
    """A whole slot (CRC right) holding a game record with ``fields`` changed."""
    g = rich_records().game
    for name, value in fields.items():
        setattr(g, name, value)
    records = R.Records()
    records.game = g
    return S.slot_bytes(R.encode_payload(records), 5)


@pytest.mark.parametrize("fields", [{"level": 3}, {"kind": 3}, {"lives": 2}, {"lives": 0},
                                    {"lives_used": 5}, {"seed": 1 << 22}, {"start_x": 30},
                                    {"mines": 400}])
def test_a_game_record_out_of_range_is_damage_and_the_game_boots(fields):
    nvm = bytearray(S.STORE_SIZE)
    S.Store(nvm).save(rich_records(1))  # slot 0, sequence 1: the previous save
    slot = game_slot(**fields)
    nvm[S.STORE_SIZE // 2:S.STORE_SIZE // 2 + len(slot)] = slot
    m, d = boot(nvm)
    assert describe(current(m.saves)) == describe(rich_records(1))
    assert d.until(lambda m: m.state == M.PAUSED, 20)   # the previous save: its game resumed,
    assert m.message == S.DAMAGED_PREVIOUS               # the damage told on its pause menu
    assert m.screen.title == "Saved game, paused"


def test_counters_past_their_fields_are_capped_not_lost():
    """A game whose hints, moves or time outgrow the record's fields is still saved (issue 19:
    "'I' format requires ..." lost it)."""
    g = rich_records().game
    g.hints, g.moves, g.elapsed_ms = 300, 70000, 1 << 33
    records = R.Records()
    records.game = g
    image = bytearray(S.STORE_SIZE)
    S.Store(image).save(records)
    back = S.Store(image).load().game
    assert (back.hints, back.moves, back.elapsed_ms) == (255, 0xFFFF, 0xFFFFFFFF)


def test_a_resumed_game_at_the_last_millisecond_still_saves(tmp_path):
    path = tmp_path / "save.bin"
    game = {"board": "9x9/10", "level": "easy", "seed": 77, "start": [4, 4],
            "seconds": 4294967.295}
    assert tool("save.py", ["write", str(path)], json.dumps({"game": game})).returncode == 0
    m, d = boot(FileStorage(str(path)))
    assert d.until(lambda m: m.state == M.PAUSED, 20)
    d.frame(M.START)
    job_inject.act(d, M.A, job_inject.covered(m, False))
    d.run(60)
    m.saves.write(m)
    assert not m.message.startswith("Not saved"), m.message
    assert shown(path)["game"]["seconds"] == 4294967.295


def test_the_tool_refuses_numbers_out_of_range_in_one_line(tmp_path):
    path = tmp_path / "save.bin"
    cases = [({"best": [{"board": "9x9/10", "seconds": 1e308}]}, 1, "best[0].seconds must be"),
             ({"game": {"board": "9x9/10", "seed": 1, "start": [0, 0], "seconds": 1e308}}, 1,
              "game.seconds must be"),
             ({"game": {"board": "9x9/10", "seed": 1 << 21, "start": [0, 0]}}, 1,
              "game.seed must be 0 to 2097151"),
             ('{"best": [{"board": "9x9/10", "seconds": Infinity}]}', 2,
              "standard input is not JSON"),
             ("[" * 200000, 2, "standard input is not JSON: nested too deeply")]
    for data, status, message in cases:
        text = data if isinstance(data, str) else json.dumps(data)
        err = one_line(tool("save.py", ["write", str(path)], text), status)
        assert err.startswith("save.py: " + message), err
    r = subprocess.run([sys.executable, os.path.join(TOOLS, "save.py"), "write", str(path)],
                       input=b"\xff\xfe{}", capture_output=True, timeout=120)
    assert one_line(r, 2).startswith("save.py: standard input is not JSON")
    assert not path.exists()


def test_show_names_what_the_game_cannot_use(tmp_path):
    """Best times and statistics of a board this game does not know (level or kind 3: a newer
    game's, or a save made by hand) are shown with the number, each said in one line on stderr
    (issue 19: an IndexError)."""
    r = rich_records()
    r.add_result(presets.board_key(9, 9, 10, 3, 0), True, 5000, 0, 0)
    r.add_result(presets.board_key(9, 9, 10, 0, 3), False, 5000, 0, 0)
    path = tmp_path / "save.bin"
    write_save(path, r)
    res = tool("save.py", ["show", str(path)])
    assert res.returncode == 0
    out = json.loads(res.stdout)
    assert {(b["level"], b["kind"]) for b in out["best"]} >= {(3, "no-guess")}
    assert {(b["level"], b["kind"]) for b in out["stats"]["boards"]} >= {(3, "no-guess"),
                                                                       ("easy", 3)}
    lines = res.stderr.decode().splitlines()
    assert len(lines) == 3 and all(line.startswith("save.py: %s: " % path) for line in lines)
    assert "level 3 is not one of 0 to 2" in lines[0]


def test_solve_range_checks_every_field():
    views = ['{"w": Infinity, "h": 2, "view": ["##", "##"]}',
             '{"w": "3", "h": 1, "view": ["#1#"]}',
             '{"w": 3.0, "h": 1, "view": ["#1#"]}',
             '{"w": 3, "h": 1, "total_mines": -1, "view": ["#1#"]}',
             '{"w": 3, "h": 1, "total_mines": true, "view": ["#1#"]}',
             '{"w": 3, "h": 1, "total_mines": 4, "view": ["#1#"]}',
             '{"w": 99, "h": 1, "view": ["#"]}',
             '{"w": 9, "h": 9, "grid": "' + "." * 81 + '", "start": [9, 0]}',
             "[" * 200000,
             "{not json"]
    r = tool("solve.py", [], "\n".join(views) + "\n")
    assert r.returncode == 2 and r.stderr == b""  # bad input: 2 (issue 19: it was 1)
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(out) == len(views)
    assert all(o["error"].startswith("bad input: ") for o in out), out
    good = '{"w": 3, "h": 1, "total_mines": 2, "view": ["#1#"]}'
    r = tool("solve.py", [], good + "\n" + '{"w": 2, "h": 1, "view": ["#2"]}\n')
    assert r.returncode == 1  # an inconsistent view (and no bad input): 1


def test_gen_checks_the_mines_at_the_level():
    for args in (["--width", "9", "--height", "9", "--mines", "30", "--seed", "1",
                  "--level", "single"],
                 ["--width", "16", "--height", "16", "--mines", "99", "--seed", "1",
                  "--level", "pairs"],
                 ["--code", "02224000001E"]):
        err = one_line(tool("gen.py", args), 2, "gen.py: ")
        assert "mines" in err and "(see --help)" in err
    r = tool("gen.py", ["--width", "9", "--height", "9", "--mines", "24", "--seed", "1",
                        "--level", "easy"])
    assert r.returncode == 0 and json.loads(r.stdout)["level"] == "single"


def test_every_tool_takes_both_names_of_a_level():
    for level, name in (("easy", "single"), ("medium", "pairs"), ("hard", "full"),
                        ("single", "single"), ("pairs", "pairs"), ("full", "full")):
        r = tool("gen.py", ["--width", "9", "--height", "9", "--mines", "10", "--seed", "1",
                            "--level", level])
        assert r.returncode == 0 and json.loads(r.stdout)["level"] == name
        r = tool("puzzle.py", ["--width", "8", "--height", "6", "--seed", "1", "--level", level])
        assert r.returncode == 0 and json.loads(r.stdout)["level"] in ("easy", "medium", "hard")
        r = tool("solve.py", ["--level", level], '{"w": 3, "h": 1, "view": ["#1#"]}\n')
        assert r.returncode == 0


# -- every tool: usage, unwritable output, nothing left, nothing made ------------------------------

BAD_USAGE = [("gen.py", ["--width"]), ("gen.py", ["--frobnicate", "1"]),
             ("gen.py", ["--width", "9", "--height", "9", "--mines", "10", "--seed", "x"]),
             ("solve.py", ["--level", "expert"]), ("solve.py", ["/no/such/file"]),
             ("puzzle.py", ["--width", "8"]), ("puzzle.py", ["--level", "expert", "--width",
                                                            "8", "--height", "6", "--seed", "1"]),
             ("save.py", []), ("save.py", ["show", "--frobnicate"]),
             ("save.py", ["write", "a", "b"]), ("deploy.py", ["--frobnicate"]),
             ("simulator.py", ["--frames", "0"])] + [
    (name, ["--frobnicate"]) for name in ("bench.py", "bench_hints.py", "bench_puzzle.py",
                                          "memory.py", "spread.py", "screenshots.py",
                                          "compile_cost.py", "shorten.py")]


@pytest.mark.parametrize("name,args", BAD_USAGE)
def test_bad_usage_is_one_line_and_status_2(name, args):
    r = tool(name, args)
    one_line(r, 2)
    assert r.stdout == b""


def test_bench_hints_without_devtime_says_so_in_one_line():
    """A clone has no ../shared: the hints' benchmark says what it lacks (it was a traceback)."""
    r = tool("bench_hints.py", ["--boards", "1"],
             env=dict(os.environ, DEVTIME=os.path.join(ROOT, "no", "devtime.sh")))
    one_line(r, 2)
    assert b"no device-time estimate without" in r.stderr and b"--no-devtime" in r.stderr


def writers(tmp_path):
    """A command line for every tool that writes to stdout (name, args, stdin)."""
    save = tmp_path / "save.bin"
    write_save(save, rich_records())
    return [("gen.py", ["--width", "9", "--height", "9", "--mines", "10", "--seed", "1",
                        "--count", "30"], ""),
            ("solve.py", [], '{"w": 3, "h": 1, "view": ["#1#"]}\n' * 2000),
            ("puzzle.py", ["--width", "8", "--height", "6", "--seed", "1", "--count", "3"], ""),
            ("save.py", ["show", str(save)], ""),
            ("gen.py", ["--help"], ""), ("save.py", ["--help"], ""), ("deploy.py", ["--help"], ""),
            ("shorten.py", [], "")
            ] + [(name, ["--help"], "") for name in (
                "solve.py", "puzzle.py", "simulator.py", "bench.py", "bench_hints.py",
                "bench_puzzle.py", "memory.py", "spread.py", "screenshots.py",
                "compile_cost.py", "shorten.py")]


# The tools whose --help is argparse's layout: usage, a one-paragraph description, options
# (gen.py, solve.py, puzzle.py and bench_hints.py lay theirs out as a page of their own).
HELPED = ("save.py", "deploy.py", "simulator.py", "bench.py", "bench_puzzle.py", "memory.py",
          "spread.py", "screenshots.py", "compile_cost.py", "shorten.py")


@pytest.mark.parametrize("name", HELPED)
def test_help_says_what_the_tool_does_in_whole_sentences(name):
    """--help: usage, then the tool's description, which ends where its sentence ends (not
    the docstring's first line cut at its line break)."""
    r = tool(name, ["--help"])
    assert r.returncode == 0, r.stderr
    paragraphs = r.stdout.decode().split("\n\n")
    assert paragraphs[0].startswith("usage:")
    description = " ".join(paragraphs[1].split())
    assert description[-1] in ".)", description


@needs_full
def test_an_output_that_cannot_be_written_is_one_line_and_status_1(tmp_path):
    """A full disk (``> /dev/full``) and a closed pipe, for every tool that writes to stdout,
    under CPython, and gen.py and puzzle.py under micropython too (issue 19: tracebacks)."""
    runs = [(name, args, stdin, None) for name, args, stdin in writers(tmp_path)]
    runs += [(name, args, stdin, MICROPYTHON) for name, args, stdin in writers(tmp_path)[:3]
             if name != "solve.py"]
    for name, args, stdin, exe in runs:
        with open(FULL, "wb") as full:
            r = tool(name, args, stdin, stdout=full, exe=exe)
        err = one_line(r, 1)
        assert err.endswith(": cannot write the output: No space left on device\n"), (name, err)
        p = subprocess.Popen([exe or sys.executable, os.path.join(TOOLS, name)] + args,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, cwd=ROOT)
        p.stdout.close()  # the reader left at once
        _, err = p.communicate(stdin.encode(), timeout=300)
        assert p.returncode == 1, (name, exe, err)
        assert err.decode().endswith(": cannot write the output: Broken pipe\n") and \
            err.count(b"\n") == 1, (name, exe, err)
    assert sorted(os.listdir(str(tmp_path))) == ["save.bin"]


def _small_files(limit):
    def limit_files():
        import resource
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit: EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return limit_files


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="no file size limit here")
def test_a_full_disk_leaves_the_save_whole_and_no_temporary_file(tmp_path):
    """Files may not outgrow 4096 bytes (as a disk that is full half-way through the 8192-byte
    temporary file): tools/save.py write and the game's own write (as the simulator does it)
    fail in one line, and leave the save as it was and nothing beside it."""
    path = tmp_path / "save.bin"
    before = write_save(path, rich_records())
    r = subprocess.run([sys.executable, os.path.join(TOOLS, "save.py"), "write", str(path)],
                       input=b'{"settings": {"sound": 0}}', capture_output=True,
                       preexec_fn=_small_files(4096), timeout=120)
    err = one_line(r, 1, "save.py: cannot write %s: File too large" % path)
    assert os.listdir(str(tmp_path)) == ["save.bin"] and path.read_bytes() == before, err
    game = ("import sys; sys.path.insert(0, %r)\n"
            "from mines.flow import midend as M\n"
            "from mines.flow.save_part import attach\n"
            "from mines.saves.storage import FileStorage\n"
            "m = M.Midend(seed=1)\n"
            "attach(m, FileStorage(%r))\n"
            "m.settings.set('sound', 0)\n"
            "m.saves.write(m)\n"
            "print(m.message)\n") % (os.path.join(ROOT, "lib"), str(path))
    r = subprocess.run([sys.executable, "-c", game], capture_output=True, text=True,
                       preexec_fn=_small_files(4096), timeout=120)
    assert r.returncode == 0 and r.stdout == "Not saved: File too large\n", r.stderr
    assert os.listdir(str(tmp_path)) == ["save.bin"] and path.read_bytes() == before


def test_nothing_is_made_that_was_not_asked_for(tmp_path):
    missing = tmp_path / "no" / "such" / "dir" / "x.bin"
    err = one_line(tool("save.py", ["write", str(missing)], "{}"), 1)
    assert "there is no folder" in err and os.listdir(str(tmp_path)) == []
    r = tool("save.py", ["show", str(missing)])  # no file: said, the status kept
    assert r.returncode == 0 and json.loads(r.stdout)["empty"] is True
    assert r.stderr.decode() == "save.py: no save file at %s: the defaults are shown\n" % missing
    r = tool("simulator.py", ["--save", str(missing), "--frames", "1"],
             env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    one_line(r, 2)
    assert os.listdir(str(tmp_path)) == []
    # the default save's folder is the game's own: made at the first write
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    assert tool("save.py", ["write"], "{}", env=env).returncode == 0
    assert os.listdir(str(tmp_path / "data" / "pygamer-mines")) == ["save.bin"]


# -- the game: a full settings table, codes, damage to the older slot ------------------------------

def test_a_save_full_of_a_newer_games_settings_is_written_without_a_loop():
    """24 settings (the cap) lacking one of today's names, as a newer game could write: the
    game's write makes room (one name it does not know goes) instead of raising outside its
    guard (issue 19: back to the menu every frame)."""
    from mines.flow.settings import FIELDS
    r = rich_records()
    r.game = None
    r.settings = {row[0]: row[1] for row in FIELDS if row[0] != "plevel"}
    k = 0
    while len(r.settings) < R.MAX_SETTINGS:
        r.settings["newer-%d" % k] = k
        k += 1
    nvm = bytearray(S.STORE_SIZE)
    S.Store(nvm).save(r)
    m, d = boot(nvm)
    d.run(3)
    m.settings.set("board", 0)
    job_inject.start(d)  # leaving the menu after a change: a write
    d.run(30)
    assert m.state == M.PLAYING and not m.message.startswith("Not saved"), m.message
    saved = S.Store(bytearray(nvm)).load().settings
    assert len(saved) == R.MAX_SETTINGS and saved["plevel"] == 0 and saved["width"] == 9
    assert sum(name.startswith("newer-") for name in saved) == len(saved) - len(FIELDS)


def test_a_code_the_level_cannot_make_changes_no_setting():
    from mines.flow import code_screen
    from mines.engine.board_code import decode
    with pytest.raises(ValueError, match="at Easy"):
        decode("02224000001E")
    m = M.Midend(seed=1)
    before = [getattr(m.settings, row) for row in ("width", "height", "mines", "level", "kind")]
    code_screen.play(m, "02224000001E")
    assert m.message.startswith("not a board this game makes")
    assert [getattr(m.settings, row) for row in ("width", "height", "mines", "level",
                                                 "kind")] == before
    assert m.state == M.MENU


def test_damage_to_the_older_slot_is_not_reported():
    nvm = bytearray(S.STORE_SIZE)
    store = S.Store(nvm)
    store.save(rich_records(1))
    store.save(rich_records(2))  # slot 1: the newest
    nvm[40] ^= 0x10  # the older slot's payload
    m, d = boot(nvm)
    assert m.message != S.DAMAGED_PREVIOUS and m.saves.slot == 1
    assert describe(current(m.saves)) == describe(rich_records(2))
