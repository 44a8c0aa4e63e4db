"""Hints and wrong-flag marks against brute force: every hint is forced, its ``because`` numbers
alone force it, its rule is the weakest that finds anything, and wrong flags are exactly those the
numbers disprove (a flag beside a number with too many flags is not wrong for that alone)."""

import random

from view_util import forced, numbers_of, overfill, overfilled_numbers, random_view

from mines.engine import presets
from mines.help.hints import (MODE_SAFE, RULE_CASES, RULE_COUNT, RULE_NAMES, RULE_PAIRS,
                              RULE_SINGLE, Hinter)
from mines.engine.view_text import is_mine, parse_view, solve_view


def hint_of(w, h, rows, total, mode=0, at=None):
    """The hint for the view; ``at``: the cursor (x, y) (None: no cursor)."""
    board, shown = parse_view(w, h, rows)
    hinter = Hinter(w, h)
    hinter.begin(shown, total, -1 if at is None else board.index(*at), mode=mode)
    hinter.run()
    xy = lambda i: (board.x_of(i), board.y_of(i))  # noqa: E731
    return hinter, xy


def unflagged(proven, rows):
    return [c for c in proven if rows[c[1]][c[0]] == "#"]


def test_hints_are_forced_by_their_numbers_at_the_weakest_rule():
    rnd = random.Random(909)
    checked = 0
    rules = [0, 0, 0, 0]
    nulls = 0
    while checked < 6000:
        w, h, rows, total, mines = random_view(rnd)
        if sum(r.count("#") + r.count("F") for r in rows) > 14:
            continue
        checked += 1
        use_total = rnd.random() < 0.7
        t = total if use_total else None
        truth = forced(w, h, rows, t)
        assert truth is not None
        at = (rnd.randrange(w), rnd.randrange(h)) if rnd.random() < 0.5 else None
        hinter, xy = hint_of(w, h, rows, total if use_total else -1, at=at)
        assert hinter.error is None
        wanted = unflagged(truth[0], rows) + unflagged(truth[1], rows)
        if hinter.cell < 0:
            assert not wanted, (rows, t, truth)
            nulls += 1
            continue
        cell = xy(hinter.cell)
        assert rows[cell[1]][cell[0]] == "#"
        assert cell in (truth[1] if hinter.is_mine else truth[0]), (rows, t, cell)
        because = [xy(i) for i in hinter.because]
        rule = hinter.rule
        assert because or rule == RULE_COUNT   # the count alone can decide
        assert all(rows[y][x].isdigit() for x, y in because)
        rules[rule] += 1
        alone = forced(w, h, rows, t if rule == RULE_COUNT else None, only=because)
        assert cell in (alone[1] if hinter.is_mine else alone[0]), (rows, t, cell, because, rule)
        # The weakest rule: nothing unflagged follows at the rules below it.
        if rule >= RULE_PAIRS:
            s, m = solve_view(w, h, rows, presets.SINGLE, -1)
            assert not unflagged(s + m, rows), (rows, RULE_NAMES[rule])
        if rule >= RULE_CASES:
            s, m = solve_view(w, h, rows, presets.PAIRS, -1)
            assert not unflagged(s + m, rows), (rows, RULE_NAMES[rule])
        if rule == RULE_COUNT:
            s, m = solve_view(w, h, rows, presets.FULL, -1)
            assert not unflagged(s + m, rows), (rows, RULE_NAMES[rule])
    assert min(rules) > 10 and nulls > 10, (rules, nulls)


def test_wrong_flags_match_brute_force():
    """A flag is wrong iff no mine layout consistent with the view's numbers (flags ignored; with
    or without the total) has a mine there: checked over random small views, half of them with
    numbers overfilled by extra flags on mines and safe cells alike."""
    rnd = random.Random(4242)
    checked = marked = overfilled = right_beside = 0
    while checked < 2000:
        w, h, rows, total, mines = random_view(rnd)
        if checked % 2:
            rows = overfill(rnd, w, h, rows, mines)
        if "F" not in "".join(rows) or sum(r.count("#") + r.count("F") for r in rows) > 14:
            continue
        checked += 1
        t = total if rnd.random() < 0.7 else None
        truth = forced(w, h, rows, t)
        hinter, xy = hint_of(w, h, rows, total if t is not None else -1)
        want = set(c for c in truth[0] if rows[c[1]][c[0]] == "F")
        got = set(xy(i) for i in hinter.wrong)
        assert got == want, (rows, t, got, want)
        assert hinter.disproved == hinter.wrong
        over = overfilled_numbers(w, h, rows)
        if over:
            overfilled += 1
            flags = set((x, y) for y in range(h) for x in range(w) if rows[y][x] == "F")
            beside = set(c for (x, y) in over for c in flags
                         if abs(c[0] - x) <= 1 and abs(c[1] - y) <= 1)
            right_beside += len(beside & set(truth[1]))   # proven mines: never called wrong
            assert not (got & set(truth[1]))
        marked += len(got)
    assert marked > 100 and overfilled > 500 and right_beside > 100, (
        marked, overfilled, right_beside)


def test_mode_safe_says_whether_any_covered_cell_is_provably_safe():
    rnd = random.Random(77)
    yes = no = 0
    for _ in range(800):
        w, h, rows, total, mines = random_view(rnd)
        if sum(r.count("#") + r.count("F") for r in rows) > 14:
            continue
        truth = forced(w, h, rows, total)
        hinter, xy = hint_of(w, h, rows, total, MODE_SAFE)
        if truth[0]:
            assert hinter.cell >= 0 and xy(hinter.cell) in truth[0]
            yes += 1
        else:
            assert hinter.cell < 0
            no += 1
    assert yes > 50 and no > 50


def test_known_patterns_name_their_rule():
    cases = [
        (["1#"], -1, (1, 0), True, [(0, 0)], "single"),
        (["###", "121"], -1, (2, 0), True, [(0, 1), (1, 1)], "pairs"),
        (["#1##"], 1, (3, 0), False, [(1, 0)], "count"),
    ]
    for rows, total, cell, is_mine, because, rule in cases:
        hinter, xy = hint_of(len(rows[0]), len(rows), rows, total)
        assert (xy(hinter.cell), hinter.is_mine, [xy(i) for i in hinter.because],
                RULE_NAMES[hinter.rule]) == (cell, is_mine, because, rule)
    hinter, xy = hint_of(4, 1, ["#1##"], -1)
    assert hinter.cell == -1
    # (reasons repeats the rules it reads: hints imports it, not the other way round)
    from mines.help import reasons
    assert (reasons._RULE_SINGLE, reasons._RULE_COUNT) == (RULE_SINGLE, RULE_COUNT)


def test_local_contradictions_are_reported():
    hinter, _ = hint_of(2, 2, ["##", "#4"], -1)
    assert hinter.error and hinter.error.startswith("inconsistent:")
    hinter, _ = hint_of(2, 1, ["0*"], -1)
    assert hinter.error and hinter.error.startswith("inconsistent:")


def test_hints_past_the_case_analysis_bound_match_brute_force():
    """Views whose case analysis leaves a group over its bound (``groups.MAX_GROUP``) are
    counted exactly (``mines.help.counting``): a hint is still forced by its numbers (and the total
    for "count"), at the weakest rule, and "nothing provable" means nothing is."""
    rnd = random.Random(2024)
    hinters = {}     # one per size, kept (as in a game)
    counted = 0      # views where the exact counting ran
    past = 0         # hints the bounded solver alone does not find
    nulls = 0
    for _ in range(60000):
        if past == 15:
            break
        w, h, rows, total, mines = random_view(rnd, 9, 7)
        if not 16 <= sum(r.count("#") + r.count("F") for r in rows) <= 24:
            continue
        use_total = rnd.random() < 0.5
        t = total if use_total else None
        board, shown = parse_view(w, h, rows)
        hinter = hinters.get((w, h))
        if hinter is None:
            hinter = hinters[w, h] = Hinter(w, h)
        hinter.begin(shown, total if use_total else -1)
        hinter.run()
        xy = lambda i: (board.x_of(i), board.y_of(i))  # noqa: E731
        if hinter.counting is None or hinter.counting.at < 0:
            continue
        counted += 1
        truth = forced(w, h, rows, t)
        assert hinter.error is None
        if hinter.cell < 0:
            # Complete unless a group was too big even for the counting's work bound.
            if hinter.counting.exact:
                assert not unflagged(truth[0], rows) + unflagged(truth[1], rows), (rows, t)
                nulls += 1
            continue
        cell = xy(hinter.cell)
        assert rows[cell[1]][cell[0]] == "#"
        assert cell in (truth[1] if hinter.is_mine else truth[0]), (rows, t, cell)
        rule = hinter.rule
        because = [xy(i) for i in hinter.because]
        alone = forced(w, h, rows, t if rule == RULE_COUNT else None, only=because)
        assert cell in (alone[1] if hinter.is_mine else alone[0]), (rows, t, cell, because, rule)
        if rule < RULE_CASES:
            continue   # found before the case analysis (which went on for the flags)
        s, m = solve_view(w, h, rows, presets.PAIRS, -1)
        assert not unflagged(s + m, rows), (rows, RULE_NAMES[rule])
        if rule == RULE_COUNT:
            assert not unflagged(sum(forced(w, h, rows)[:2], []), rows), rows
        s, m = solve_view(w, h, rows, presets.FULL, total if use_total else -1)
        past += not unflagged(s + m, rows)
    assert past == 15 and counted > 80 and nulls > 20, (counted, past, nulls)


# Expert, level full, seed 1002, played by hints alone (test_play_hints): the bounded case
# analysis proved (7, 13) on the generator's path, but from here its group is over the bound.
STUCK_EXPERT = (
    "1112F2011101F1000000000001F100",
    "1F13F302F201122210112121122311",
    "1123F213F20112FF312F3F3F12F3F1",
    "012F211F3322F23F3F214F4112F311",
    "12F211233FF2222121225F30012210",
    "F31212F2F3212F20001FFF20001F21",
    "F201F32212123F200012321112333F",
    "11123F1113F3F21122100001F2FF43",
    "111F3232F4F53212FF2100023544FF",
    "F2333F2F23FF2F23F4F10001FFF222",
    "23FF21333222212F333210013F3100",
    "##33211FF33210112F3F1123321111",
    "##23F2234FFF100012F211FFF212F1",
    "######2##4#310000111013F43F222",
    "###########31000000001223F423F",
    "##########FF1000000001F12F3F3F",
)


def test_a_no_guess_view_past_the_bound_still_gets_its_hint():
    rows = STUCK_EXPERT
    for total in (99, -1):
        hinter, xy = hint_of(30, 16, rows, total)
        assert hinter.error is None and hinter.cell >= 0, total
        cell = xy(hinter.cell)
        assert rows[cell[1]][cell[0]] == "#" and RULE_NAMES[hinter.rule] == "cases"
        because = [xy(i) for i in hinter.because]
        assert all(rows[y][x].isdigit() for x, y in because)
        safe, mine, _ = forced(30, 16, rows, None, only=because)
        assert cell in (mine if hinter.is_mine else safe), (cell, because)
        # The kind boards' question: some covered cell is provably safe.
        hinter, xy = hint_of(30, 16, rows, total, MODE_SAFE)
        assert hinter.cell >= 0
        safe = xy(hinter.cell)
        nearby = [c for c in numbers_of(rows) if abs(c[0] - safe[0]) <= 4 and 9 <= c[1]]
        assert safe in forced(30, 16, rows, None, only=nearby)[0], safe


def test_no_room_to_count_leaves_the_answer_to_the_rules(monkeypatch):
    """A device heap without room for the counting's buffers: the hint says nothing provable
    (as before the counting existed), and a borrowed solver is given back intact."""
    import mines.help.counting
    from mines.engine.board import Board
    from mines.engine.solver import Solver

    def no_room(*args):
        raise MemoryError

    monkeypatch.setattr(mines.help.counting, "ExactCount", no_room)
    board, shown = parse_view(30, 16, STUCK_EXPERT)
    solver = Solver(Board(30, 16), oracle=True)
    hinter = Hinter(30, 16, solver)
    hinter.begin(shown, 99)
    hinter.run()
    assert hinter.error is None and hinter.cell < 0 and hinter.counting is None
    assert solver.oracle


# 9x9 with 20 mines (a no-guess board, seed 54, played by hints): at the game's own slice (60
# units) the case split proves five cells and the closure after it stops at its first look with
# a number left on the pair stack.
PAIR_LEFT = ("#########",) * 2 + ("#######21", "#######20", "#######21") + ("#########",) * 4


def test_analyses_and_counts_begin_with_the_solvers_stacks_empty(monkeypatch):
    """A hinter over its own solver lends the solver's stacks: its case analysis collects the
    groups in the single-rule stack and writes its deductions on the pair stack, and its
    frontier (exact counting) keeps the groups' cells there. A closure cut short once every
    candidate is in may leave numbers on either stack (PAIR_LEFT at 60 units leaves one on the
    pair stack): the rule's loop then ends, so no analysis or count begins over them (main once
    ran one more analysis there, which cleared those numbers' queued flags). Sliced at many
    sizes, the answers are those of a hinter that lends nothing."""
    from mines.engine.board import Board
    from mines.engine.frontier import Frontier
    from mines.engine.groups import CaseAnalysis
    from mines.engine.solver import Solver
    lent = []
    begun = []
    analysis_step = CaseAnalysis.step
    frontier_begin = Frontier.begin

    def step(cases, units):
        s = cases.s
        if not cases.busy and s in lent and s.unknown:
            begun.append((s.sp, s.psp))
        return analysis_step(cases, units)

    def begin(f, *args, **kw):
        for s in lent:
            if f.gcells is s.pstack:
                begun.append((s.sp, s.psp))
        return frontier_begin(f, *args, **kw)

    monkeypatch.setattr(CaseAnalysis, "step", step)
    monkeypatch.setattr(Frontier, "begin", begin)
    checked = 0
    for w, h, rows, total, cursor, sizes in (
            (9, 9, PAIR_LEFT, 20, (8, 3), range(4, 164, 4)),
            (30, 16, STUCK_EXPERT, 99, (6, 13), (30, 60, 250)),
            (30, 16, STUCK_EXPERT, -1, (6, 13), (60,))):
        board, shown = parse_view(w, h, rows)
        at = board.index(*cursor)
        plain = Hinter(w, h, Solver(Board(w, h), oracle=False))
        plain.begin(shown, total, at)
        plain.run()
        want = (plain.cell, plain.is_mine, plain.because, plain.rule, plain.wrong)
        assert plain.cell >= 0
        for units in sizes:
            hinter = Hinter(w, h)
            lent.append(hinter.solver)
            del begun[:]
            hinter.begin(shown, total, at)
            while not hinter.step(units):
                pass
            assert (hinter.cell, hinter.is_mine, hinter.because, hinter.rule, hinter.wrong) \
                == want, (w, units)
            assert begun and not any(sp or psp for sp, psp in begun), (w, units, begun)
            checked += 1
    assert checked == 44


def test_every_forced_mine_flagged_and_one_safe_flag_beside_one():
    """The issue's positions: games in progress, every mine the numbers force flagged, and one
    flag on a forced-safe cell next to one of them (often overfilling a number beside both):
    the wrong flag is that one alone, never a flag on a forced mine."""
    from mines.engine.game import PRIMARY, Game
    from mines.engine.generator import Generator
    rnd = random.Random(20)
    positions = right = overfilled = 0
    for (w, h, m) in ((9, 9, 10), (16, 16, 40)):
        gen = Generator(w, h)
        game = Game(w, h)
        for seed in range(60):
            gen.begin(m, 300 + seed)
            gen.run()
            b = gen.board
            game.new(b)
            game.execute(game.decide(PRIMARY, gen.start_x, gen.start_y))
            for _ in range(rnd.randint(0, 6)):   # a few safe cells more, at random
                cells = [(x, y) for y in range(h) for x in range(w)
                         if game.tile(x, y) == 9 and not is_mine(b, x, y)]
                if cells:
                    game.execute(game.decide(PRIMARY, *rnd.choice(cells)))
            if game.state != 0:
                continue
            rows = ["".join("#" if game.tile(x, y) == 9 else str(game.tile(x, y))
                            for x in range(w)) for y in range(h)]
            safe, mine = solve_view(w, h, rows, presets.FULL, m)
            pairs = [(s, c) for s in safe for c in mine
                     if abs(s[0] - c[0]) <= 1 and abs(s[1] - c[1]) <= 1]
            if not pairs:
                continue
            s, _ = rnd.choice(pairs)
            rows = ["".join("F" if (x, y) in mine or (x, y) == s else rows[y][x]
                            for x in range(w)) for y in range(h)]
            overfilled += bool(overfilled_numbers(w, h, rows))
            hinter, xy = hint_of(w, h, rows, m)
            assert [xy(i) for i in hinter.wrong] == [s], (rows, s)
            positions += 1
            right += len(mine)
    assert positions > 50 and right > 200 and overfilled > 20, (positions, right, overfilled)


def test_group_tables_grown_from_room_for_one_give_the_same_answers(monkeypatch):
    """A hint's case analysis begins with room for a few groups and doubles it when a view has
    more (the generator's has room for every group a board can have): grown from room for one
    group, every answer over an Expert game played by its hints (a flag on each mine found,
    and a wrong flag or two) is the one a hinter with room for all of them gives."""
    from mines.engine.game import Game, OPEN, TOGGLE_FLAG
    from mines.engine.generator import Generator
    from mines.help import hints
    gen = Generator(30, 16)
    gen.begin(99, 4, (15, 8), presets.FULL)
    gen.run()
    game = Game(30, 16)
    game.new(gen.board)
    game.execute(game.decide(0, 15, 8))
    rnd = random.Random(18)
    hinters = [Hinter(30, 16, board=game.board) for _ in range(2)]
    for turn in range(60):
        if rnd.random() < 0.2:   # a flag on a covered cell without a mine
            free = [i for i in range(game.board.size) if game.shown[i] == 9 and not
                    game.board.mine[i]]
            game.execute(TOGGLE_FLAG << 12 | rnd.choice(free))
        answers = []
        at = rnd.randrange(game.board.size)
        for room, hinter in zip((30 * 16 // 2, 1), hinters):
            monkeypatch.setattr(hints, "_GROUPS", room)   # (read when its analysis is made)
            hinter.begin(game.shown, game.total, at, game.board)
            hinter.run()
            answers.append((hinter.cell, hinter.is_mine, hinter.because, hinter.rule,
                            hinter.wrong, hinter.error))
        assert answers[0] == answers[1], turn
        cell = hinters[0].cell
        if cell < 0 or game.state:
            break
        game.execute((TOGGLE_FLAG if hinters[0].is_mine else OPEN) << 12 | cell)
    rooms = [len(h.solver.cases.cset) for h in hinters]
    assert turn > 20 and rooms[0] == 240 and rooms[1] in (4, 8, 16, 32, 64), (turn, rooms)


def test_a_flag_with_a_mine_to_swap_is_never_proven_safe():
    """``view_loader._swappable``: a wrong flag (no mine under it) with a covered mine that
    touches the same open numbers is left out of the flags a check waits for (the two swapped,
    every number and the total still hold). Over random small views, each such flag is indeed
    not forced safe (brute force, with and without the total), and a hinter told the truth
    gives the answers of one that is not."""
    from mines.engine.board import Board
    from mines.help import view_loader
    rnd = random.Random(77)
    swapped = kept = views = 0
    while views < 1500:
        w, h, rows, total, mines = random_view(rnd)
        if "F" not in "".join(rows) or sum(r.count("#") + r.count("F") for r in rows) > 14:
            continue
        views += 1
        truth = Board(w, h)
        for (x, y) in mines:
            truth.add_mine(truth.index(x, y))
        t = total if rnd.random() < 0.7 else -1
        told, xy = hint_of(w, h, rows, t)
        safe = set(forced(w, h, rows, total)[0]) | set(forced(w, h, rows)[0])
        for mode in (0, 2):   # a hint, a check
            board, shown = parse_view(w, h, rows)
            hinter = Hinter(w, h)
            hinter.begin(shown, t, -1, truth, mode)
            hinter.run()
            if mode == 0:
                assert (hinter.cell, hinter.is_mine, hinter.because, hinter.rule, hinter.wrong) \
                    == (told.cell, told.is_mine, told.because, told.rule, told.wrong), rows
            else:
                assert hinter.wrong == told.wrong, rows
        for y in range(h):
            for x in range(w):
                i = board.index(x, y)
                if rows[y][x] == "F" and (x, y) not in mines:
                    if view_loader._swappable(hinter, shown, truth.mine, i):
                        swapped += 1
                        assert (x, y) not in safe, (rows, (x, y))
                    else:
                        kept += 1
    assert swapped > 300 and kept > 300, (swapped, kept)


def test_flags_left_out_of_the_check_change_no_answer(monkeypatch):
    """Over Expert games played by their hints with wrong flags put on at random (beside the
    numbers and far from them), every answer, hint or check, is the one given when every
    flag without a mine is waited for (``_swappable`` off)."""
    from mines.engine.game import Game, OPEN, TOGGLE_FLAG
    from mines.engine.generator import Generator
    from mines.help import view_loader
    real = view_loader._swappable
    calls = [0, 0]

    def counted(h, shown, mine, i):
        found = real(h, shown, mine, i)
        calls[found] += 1
        return found

    gen = Generator(30, 16)
    game = Game(30, 16)
    rnd = random.Random(5)
    turns = 0
    for seed in (4, 9):
        gen.begin(99, seed, (15, 8), presets.FULL)
        gen.run()
        game.new(gen.board)
        game.execute(game.decide(0, 15, 8))
        hinters = [Hinter(30, 16, board=game.board) for _ in range(2)]
        for turn in range(50):
            if rnd.random() < 0.3:   # a flag on a covered cell without a mine
                free = [i for i in range(game.board.size) if game.shown[i] == 9 and not
                        game.board.mine[i]]
                game.execute(TOGGLE_FLAG << 12 | rnd.choice(free))
            answers = []
            at = rnd.randrange(game.board.size)
            for on, hinter in zip((True, False), hinters):
                monkeypatch.setattr(view_loader, "_swappable",
                                    counted if on else lambda h, shown, mine, i: False)
                for mode in (2, 0):   # the check after a move, then a hint
                    hinter.begin(game.shown, game.total, at, game.board, mode)
                    hinter.run()
                    answers.append((hinter.cell, hinter.is_mine, hinter.because, hinter.rule,
                                    hinter.wrong, hinter.error))
            assert answers[:2] == answers[2:], (seed, turn)
            turns += 1
            cell = hinters[0].cell
            if cell < 0 or game.state:
                break
            game.execute((TOGGLE_FLAG if hinters[0].is_mine else OPEN) << 12 | cell)
    assert turns > 80 and calls[0] > 100 and calls[1] > 500, (turns, calls)


def test_the_widest_board_keeps_a_hints_sources_within_a_byte():
    """The hinter's solver keeps a deduction's source number modulo 256 (narrow);
    mines.help.reasons tells it back as the one open number within 3 cells of the deduced
    cell: that window (3 rows and 3 columns either side, padded stride) must be under 256
    wide on the widest board a player can set."""
    from mines.engine.board import Board
    from mines.engine.presets import MAX_HEIGHT, MAX_WIDTH
    stride = Board(MAX_WIDTH, MAX_HEIGHT).stride
    assert 2 * (3 * stride + 3) + 1 <= 256


def test_from_mpy_each_answer_makes_its_case_analysis_again(monkeypatch):
    """From .mpy (the device's default) a hint job's own case analysis goes at the start of
    every answer and is made again at that answer's case split: the view loader's code, loaded
    at each start, never sits beside it (an answer cut short by a move used to leave it made).
    From .py it is kept (made again, it would be compiled again)."""
    from mines.engine.game import Game
    from mines.help import hint_job
    board, shown = parse_view(30, 16, STUCK_EXPERT)
    for mpy in (False, True):
        monkeypatch.setattr(hint_job, "__file__", "hint_job.mpy" if mpy else "hint_job.py")
        game = Game(30, 16)
        game.board, game.shown, game.total = board, shown, 99
        job = hint_job.HintJob(game)
        solver = job.hinter.solver
        at_begin = []
        for _ in range(3):
            job.begin(-1)
            at_begin.append(solver.cases is not None)
            while not job.step():
                pass
            assert job.found == hint_job.FOUND_CELL and RULE_NAMES[job.rule] == "cases"
            assert solver.cases is not None
        job.begin(-1)   # cut short once its case split has begun
        while solver.cases is None or not solver.cases.busy:
            assert not job.step()
        job.begin(-1)
        at_begin.append(solver.cases is not None)
        assert at_begin == ([False] * 4 if mpy else [False, True, True, True]), mpy
