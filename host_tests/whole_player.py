"""The player of the whole game (host_tests/mpy_whole.py launches it): a stand-in profile
(display, buttons, NeoPixels, speaker, NVM in a file) for code.py's own start-up and frame loop,
and the script that plays every screen and feature through it. Host-only code: the launcher
measures it, with the stand-ins, so that tools/memory.py can leave it out of the device's
figures.
"""

import gc
import os
import sys

import supervisor  # the fake: the clock the frame loop reads

OPT = {}
NVMFILE = ""
PART = 1
GAMES = 200
PEAK_EVERY = 0

STORE_SIZE = 8192


class Nvm:
    """``microcontroller.nvm`` in a file: slices read and written, nothing of it on the heap
    but what a read returns (as on the device)."""

    def __init__(self, path):
        try:
            size = os.stat(path)[6]
        except OSError:
            size = -1
        if size != STORE_SIZE:
            with open(path, "wb") as f:
                f.write(bytes(STORE_SIZE))
        self.path = path
        self.writes = 0

    def __len__(self):
        return STORE_SIZE

    def __getitem__(self, index):
        with open(self.path, "rb") as f:
            f.seek(index.start)
            return bytearray(f.read(index.stop - index.start))

    def __setitem__(self, index, data):
        with open(self.path, "r+b") as f:
            f.seek(index.start)
            f.write(data)
        self.writes += 1


class Pixels:
    def __init__(self):
        self._buf = bytearray(15)

    def __len__(self):
        return 5

    def __setitem__(self, i, rgb):
        self._buf[3 * i] = rgb[1]

    def show(self):
        pass


class Buttons:
    """Presses from a script (a generator yielding button bits, 0 for an idle frame). The
    script's own failure (an AssertionError: the game did not do what it should) stops the
    loop and is kept in ``error``, so the frame loop's guard cannot hide it."""

    def __init__(self):
        self.quit = False
        self.script = None
        self.error = None

    def poll(self, now_ms):
        try:
            return next(self.script)
        except StopIteration:
            pass
        except Exception as exc:  # noqa: BLE001
            self.error = exc
        self.quit = True
        return 0


def make_speaker():
    """boards.sound.Speaker on the fake audio modules, with the DMA buffer the device's
    AudioOut keeps on the heap (grown to the largest sample played)."""
    import audiocore
    import audioio
    import digitalio
    from boards.sound import Speaker

    class AudioOut(audioio.AudioOut):
        def play(self, sample, loop=False):
            if self._dma is None or len(self._dma) < sample.byte_length:
                self._dma = bytearray(sample.byte_length)
            audioio.AudioOut.play(self, sample, loop=loop)

    enable = digitalio.DigitalInOut("SPEAKER_ENABLE")
    enable.switch_to_output(value=False)
    out = AudioOut("SPEAKER")
    out._dma = None
    return Speaker(out, lambda data, rate: audiocore.RawSample(data, sample_rate=rate), enable)


class Profile:
    NAME = "Stand-in"
    FRAME_MS = 33
    SAVES = True

    def __init__(self):
        import displayio
        self.display = displayio.Display()
        self.buttons = Buttons()
        self.pixels = Pixels()
        self.storage = Nvm(NVMFILE)
        self.speaker = make_speaker()

    def refresh(self):
        self.display.refresh()


def sleep(seconds):
    supervisor.NOW[0] += int(seconds * 1000 + 0.5)


# -- the player ------------------------------------------------------------------------------

# The game's modules are not imported here: the launcher measures this module as host-only
# code, and the game must load as it does on the device. main() binds them.
M = None
BAD_FLAG = COVERED = FLAG = 0

LIMIT = 30000  # frames any wait may take


def until(m, test, what, limit=LIMIT):
    for _ in range(limit):
        if test():
            return
        yield 0
    raise AssertionError("never %s (state %d, %r)" % (what, m.state, m.message))


def idle(n):
    for _ in range(n):
        yield 0


def state_is(m, state):
    return until(m, lambda: m.state == state, "state %d" % state)


def to_main(m):
    """Back to the main menu from wherever the game is."""
    for _ in range(8):
        if m.state == M.MENU and m.screen is not None and m.screen.name == "main":
            return
        yield M.SELECT
        yield 0
    raise AssertionError("not back at the main menu: state %d" % m.state)


def to_row(m, test, what):
    """The cursor of the menu in front onto the first row ``test(row)`` accepts."""
    for _ in range(40):
        screen = m.screen
        if screen.row >= 0 and test(screen.rows[screen.row]):
            return
        yield M.DOWN
    raise AssertionError("no row %s on %r" % (what, m.screen.name))


def field_row(m, name):
    return to_row(m, lambda row: row[1] == name, name)


def action_row(m, action):
    return to_row(m, lambda row: row[2] == action, action)


def set_field(m, name, value):
    """A setting to ``value`` by left/right on its menu row (one press at a time)."""
    yield from field_row(m, name)
    for _ in range(200):
        now = getattr(m.settings, name)
        if now == value:
            return
        yield M.RIGHT if now < value else M.LEFT
        yield from idle(5)  # one press at a time: never held, never fast
    raise AssertionError("%s stuck at %r, not %r" % (name, getattr(m.settings, name), value))


def open_screen(m, action):
    """From the menu in front, open the screen its row ``action`` names."""
    yield from action_row(m, action)
    yield M.A
    yield 0


def walk(m, x, y):
    for _ in range(80):
        if m.cx < x:
            yield M.RIGHT
        elif m.cx > x:
            yield M.LEFT
        elif m.cy < y:
            yield M.DOWN
        elif m.cy > y:
            yield M.UP
        else:
            return
    raise AssertionError("cursor stuck at %d,%d on the way to %d,%d" % (m.cx, m.cy, x, y))


def cells(m):
    """Every cell (x, y) of the game in front, in reading order."""
    for y in range(m.game.height):
        for x in range(m.game.width):
            yield x, y


def is_mine(m, x, y):
    board = m.game.board
    return board.mine[board.index(x, y)]


def start_game(m):
    """From the main menu (or an end panel): a game, its first cell opened. A board the
    generator gives up on (its work budget spent: the dense presets, now and then) is asked
    for again, as a player would."""
    for _ in range(20):
        if m.state == M.MENU:
            yield from action_row(m, "play")
        yield M.A
        yield 0
        if m.state == M.GENERATING:
            yield from until(m, lambda: m.state != M.GENERATING, "made")
        if m.state == M.READY:  # classic: the first open makes the board
            yield from walk(m, m.settings.width // 3, m.settings.height // 3)
            yield M.A
            yield from until(m, lambda: m.state != M.GENERATING, "made")
        if m.state != M.MENU or not m.message.startswith("could not make"):
            break
        TALLY["gave_up"] += 1
    s = m.settings
    assert m.state == M.PLAYING or m.state == M.WON, (m.state, m.message, s.width, s.height,
                                                      s.mines, s.level, s.quick)
    yield from open_start(m)


def open_start(m):
    """Quick start: open the marked cell; then wait for the check."""
    if m.start_x >= 0:
        yield from walk(m, m.start_x, m.start_y)
        yield M.A
        yield 0
    yield from checked(m)


def checked(m):
    """Wait for the check after a move (Marks on: the hint job runs after every move)."""
    yield from until(m, lambda: m.runner.tag != M.JOB_CHECK or m.runner.state != 1,
                     "checked")


def win(m):
    """Open every safe cell (and lift flags on safe cells first)."""
    for x, y in cells(m):
        if m.state != M.PLAYING:
            break
        if is_mine(m, x, y):
            continue
        tile = m.game.tile(x, y)
        if tile == FLAG or tile == BAD_FLAG:
            yield from walk(m, x, y)
            yield M.B
        if m.game.tile(x, y) == COVERED:
            yield from walk(m, x, y)
            yield M.A
            yield 0
    assert m.state == M.WON, "not won: state %d %r" % (m.state, m.message)


def lose(m):
    """Open covered mines until the game is lost (a board with lives takes more than one)."""
    for x, y in cells(m):
        if m.state != M.PLAYING:
            break
        if is_mine(m, x, y) and m.game.tile(x, y) == COVERED:
            yield from walk(m, x, y)
            yield M.A
            yield 0
            yield from until(m, lambda: m.runner.tag != M.JOB_MERCY, "rescued")
    assert m.state == M.LOST, "not lost: state %d" % m.state


def misflag(m):
    """A flag on a covered cell without a mine, beside a number where there is one (where a
    player's wrong flag goes, and the check's hardest case: the numbers it touches are in play):
    the check marks it wrong when it can. (Only names this file already used: a new one would
    be interned in the measured run, whose pool of names is near its next doubling.)"""
    game = m.game
    for k in (1, 0):  # beside a number first (the view is padded: x or y -1 reads a 0)
        for x, y in cells(m):
            if game.tile(x, y) == COVERED and not is_mine(m, x, y) and not (k and not any(
                    0 < game.tile(x + i % 3 - 1, y + i // 3 - 1) < COVERED for i in range(9))):
                yield from walk(m, x, y)
                yield M.B
                yield from checked(m)
                return


def hint(m):
    """Ask for a hint (A and B together, as the simulator's H key sends them) and wait."""
    yield M.A | M.B
    yield 0
    yield from until(m, lambda: m.runner.tag != M.JOB_HINT, "hinted")


TALLY = {"gave_up": 0, "won": 0, "lost": 0, "left": 0, "hints": 0, "again": 0, "guess": 0, "rescued": 0,
         "puzzles": 0, "code": 0}


def sweeper_games(m, games):
    """``games`` games over every preset, the largest and the smallest custom board, ten games a
    board; each pass over the boards moves every board on to another level and start mode (200
    games: two passes and a bit, so each board is made at two levels at least, 30x24 at Medium
    and Hard)."""
    from mines.engine import presets
    boards = [k for k in range(len(presets.PRESETS))] + [(30, 24), (5, 5)]
    for k in range(games):
        if k % 10 == 0:  # the next board, start mode and level
            yield from to_main(m)
            which = (k // 10) % len(boards)
            turn = which + (k // 10) // len(boards)   # the pass moves the level and start on
            board = boards[which]
            yield from set_field(m, "quick", turn % 2 == 0)
            if isinstance(board, tuple):
                yield from set_field(m, "board", len(presets.PRESETS))
                yield from set_field(m, "width", board[0])
                yield from set_field(m, "height", board[1])
                yield from set_field(m, "mines", board[0] * board[1] * 20 // 100)
                yield from set_field(m, "level", turn % 3)
            else:
                yield from set_field(m, "board", board)
                dense = presets.PRESETS[board][3] * 100 > 20 * (presets.PRESETS[board][1] *
                                                                presets.PRESETS[board][2])
                yield from set_field(m, "level", 2 if dense else turn % 3)
            assert m.settings.check() is None, m.settings.check()
            yield from action_row(m, "play")
        yield from start_game(m)
        if m.state == M.WON:  # a tiny board may be won by its first open
            TALLY["won"] += 1
            continue
        if k % 5 == 1:
            yield from misflag(m)
        if k % 3 == 0:
            yield from hint(m)
            TALLY["hints"] += 1
        if k % 4 == 0:
            yield from win(m)
            TALLY["won"] += 1
            if k % 8 == 0:  # the same board again, from the end panel
                yield M.START
                TALLY["again"] += 1
                yield from until(m, lambda: m.state == M.PLAYING, "again")
                yield from open_start(m)
                yield from lose(m)
                TALLY["lost"] += 1
        elif k % 4 == 3:
            yield M.SELECT  # abandoned
            yield 0
            TALLY["left"] += 1
        else:
            yield from lose(m)
            TALLY["lost"] += 1


def kind_games(m):
    """A Random board's probability map (a hint where only a guess is left), then a Kind
    board's rescue (a mine opened where no cell is provably safe)."""
    for kind, word in ((1, "guess"), (2, "rescued")):
        yield from to_main(m)
        yield from set_field(m, "board", 1)  # Intermediate: a guess is needed more often
        yield from set_field(m, "kind", kind)
        for _ in range(40):
            if TALLY[word]:
                break
            yield from start_game(m)
            for _ in range(200):
                if m.state != M.PLAYING:
                    break
                yield from hint(m)
                # (imported once the game has loaded it: an import at the menu would load the
                # hint job's code there, which the game never does)
                from mines.help.hint_job import FOUND_CELL, FOUND_GUESS
                job = m.assist  # (read, not kept: a job held here would pin its buffers)
                if job is None:  # the hint was refused: say why, not an AttributeError
                    raise MemoryError("no hint job: %s" % m.message)
                found, cell, hinted_mine = job.found, job.cell, job.is_mine
                job = None
                if found == FOUND_GUESS:
                    TALLY["guess"] += 1
                    if kind == 1:
                        break
                    target = None
                    for x, y in cells(m):  # a covered mine: the rescue makes it safe
                        if target is None and is_mine(m, x, y) and m.game.tile(x, y) == COVERED:
                            target = x, y
                    yield from walk(m, target[0], target[1])
                    yield M.A
                    yield 0
                    yield from until(m, lambda: m.runner.tag != M.JOB_MERCY, "rescued")
                    if m.state == M.PLAYING and m.game.tile(target[0], target[1]) <= 8:
                        TALLY["rescued"] += 1
                        break
                elif found == FOUND_CELL:  # follow the hint
                    yield from walk(m, cell % m.game.stride - 1, cell // m.game.stride - 1)
                    yield M.B if hinted_mine else M.A
                    yield from checked(m)
                else:
                    break
            if m.state == M.PLAYING:
                yield M.SELECT
                yield 0
        assert TALLY[word], "no %s on %d kind boards" % (word, kind)
    yield from to_main(m)
    yield from set_field(m, "kind", 0)


def visit_pages(m):
    """Help, then Records: its statistics and best times."""
    yield from to_main(m)
    yield from open_screen(m, "help")
    assert m.screen.name == "help", m.screen.name
    yield M.B
    yield 0
    yield from open_screen(m, "records")
    for action in ("stats", "best"):
        yield from open_screen(m, action)
        yield M.B
        yield 0
    yield M.B
    yield 0


def code_screen(m):
    """The Code screen: a board's code typed in, character by character, and played."""
    from mines.engine.board_code import encode
    from mines.engine.codes import ALPHABET
    text = encode(16, 16, 40, 12345, 5, 6, 1, 0)  # Intermediate, Medium, no-guess
    yield from to_main(m)
    yield from open_screen(m, "code")
    for k in range(len(text)):
        want = ALPHABET.index(text[k])
        while m.screen.chars[k] != want:
            yield M.UP
            yield 0
        yield M.RIGHT
        yield 0
    yield M.A
    yield 0
    yield from until(m, lambda: m.state != M.GENERATING, "made from the code")
    assert m.state == M.PLAYING, (m.state, m.message)
    TALLY["code"] += 1
    yield from open_start(m)
    yield from lose(m)


def puzzles(m):
    """A puzzle of every size and level: made, a hint, a check and an undo from its pause menu,
    then solved by marking every mine."""
    yield from to_main(m)
    yield from open_screen(m, "puzzle")
    for size in range(3):
        for level in range(3):
            if m.state != M.MENU:
                yield M.SELECT
                yield 0
                yield from to_main(m)
                yield from open_screen(m, "puzzle")
            yield from set_field(m, "psize", size)
            yield from set_field(m, "plevel", level)
            yield from open_screen(m, "puzzle_play")
            yield from until(m, lambda: m.state == M.PLAYING, "a puzzle made")
            game = m.game
            for word in ("hint", "check", "undo"):
                yield M.START
                yield 0
                yield from action_row(m, word)
                yield M.A
                yield 0
            for y in range(game.height):
                for x in range(game.width):
                    i = game.board.index(x, y)
                    if game.board.mine[i] and not game.clue[i] and game.mark[i] != 1:
                        yield from walk(m, x, y)
                        yield M.A
                        yield 0
                    if m.state == M.WON:
                        break
            yield from until(m, lambda: m.state == M.WON, "solved")
            game = None  # (not held into the next puzzle's making)
            TALLY["puzzles"] += 1
    yield M.B
    yield 0
    yield from to_main(m)


def leave_paused(m):
    """An Expert game played a little and paused: its save is written (at once, or once the
    write policy's hourly budget allows: flash wears), for PART 2 to resume."""
    yield from to_main(m)
    yield from set_field(m, "board", 2)
    yield from set_field(m, "quick", 1)
    yield from set_field(m, "level", 1)
    yield from start_game(m)
    yield from misflag(m)
    yield M.START
    yield 0
    assert m.state == M.PAUSED
    yield from until(m, lambda: not m.saves.policy.dirty, "the paused game written",
                     3600000 // 33)


def part_one(m):
    yield from until(m, lambda: m.state == M.MENU, "the menu")
    yield from visit_pages(m)
    yield from sweeper_games(m, GAMES)
    yield from kind_games(m)
    yield from code_screen(m)
    yield from puzzles(m)
    yield from visit_pages(m)
    yield from leave_paused(m)


def part_two(m):
    """Switched on again: the game left paused comes back paused; resumed and won."""
    yield from until(m, lambda: m.state == M.PAUSED, "the saved game back")
    yield M.START
    yield 0
    assert m.state == M.PLAYING, m.state
    yield from checked(m)
    yield from win(m)
    yield from idle(2)


def census(m, view):
    """Where the heap goes at the end (debugging aid): the bytes alive, then each module of
    ours let go in turn (what it held alone), then the qstr pool."""
    import micropython
    from mines.phases import forget
    gc.collect()
    print("census alive %d" % gc.mem_alloc())
    for name in sorted(sys.modules):
        if name.startswith("mines.") or name.startswith("boards."):
            gc.collect()
            before = gc.mem_alloc()
            forget(name)
            gc.collect()
            print("census module %s %d" % (name, before - gc.mem_alloc()))
    gc.collect()
    print("census left %d" % gc.mem_alloc())
    micropython.qstr_info()


def main(opt, nvmfile, part, host_only):
    """Play PART (1 or 2) with the options of the launcher (mpy_whole.py); ``host_only``: the
    bytes of host-only code loaded (stand-ins, fakes, this module), reported."""
    global M, BAD_FLAG, COVERED, FLAG, OPT, NVMFILE, PART, GAMES, PEAK_EVERY
    OPT, NVMFILE, PART = opt, nvmfile, part
    GAMES = int(OPT.get("games", "200"))
    PEAK_EVERY = int(OPT.get("peak", "0"))
    from mines.flow import midend
    from mines.engine.game import BAD_FLAG as bad, COVERED as covered, FLAG as flag
    M, BAD_FLAG, COVERED, FLAG = midend, bad, covered, flag
    import code
    profile = Profile()
    supervisor.NOW[0] = 1
    profile, m, view, feedback = code.start(profile, seed=int(OPT.get("seed", "1234")))
    profile.buttons.script = part_one(m) if PART == 1 else part_two(m)
    stats = {"peak": 0, "min_free": gc.mem_free()}
    phases = None
    if "phases" in OPT:
        import mpy_phases  # (loaded, and measured, by the launcher)
        phases = mpy_phases.Phases()

    def on_frame(frame):
        if "emory" in m.message and not stats.get("memory"):  # any "... memory ..." message
            stats["memory"] = "frame %d: %s" % (frame, m.message)
        if PEAK_EVERY and frame % PEAK_EVERY == 0:
            gc.collect()
            alive = gc.mem_alloc()
            if alive > stats["peak"]:
                stats["peak"] = alive
            if phases is not None:
                phases.record(m, alive)
        if frame % 16 == 0:
            free = gc.mem_free()
            if free < stats["min_free"]:
                stats["min_free"] = free

    frames = code.run(profile, m, view, feedback, sleep=sleep, on_frame=on_frame)
    if profile.buttons.error is not None:
        raise profile.buttons.error
    if stats.get("memory"):
        raise MemoryError(stats["memory"])
    print("OK part=%d frames=%d min_free=%d peak=%d host_only=%d writes=%d %s" % (
        PART, frames, stats["min_free"], stats["peak"], host_only, profile.storage.writes,
        " ".join(["%s=%d" % kv for kv in sorted(TALLY.items())])))
    if "census" in OPT:
        census(m, view)
    if "qstr" in OPT:
        import micropython
        micropython.qstr_info(OPT["qstr"] == "all")
