"""Playing by hints alone wins every no-guess board, at no stronger rule than the board's level;
lives count down and the game goes on; wrong-flag marks appear at once and go with the flag."""

import pytest

from mines.engine import presets
from mines.engine.board import Board
from mines.engine.game import (BAD_FLAG, BLOWN, BOOM, CHORD, FLAG, LOST, PLAYING, PRIMARY,
                               SECONDARY, WON, Game, move_kind)
from mines.engine.generator import Generator
from mines.help.hints import RULE_CASES, RULE_PAIRS, RULE_SINGLE, Hinter
from mines.engine.view_text import grid_string, is_mine, load_grid

_HIGHEST = {presets.SINGLE: RULE_SINGLE, presets.PAIRS: RULE_PAIRS, presets.FULL: 3}


def answer(hinter):
    """What a hinter found, as one tuple to compare: error, cell, is_mine, because, rule, wrong."""
    return (hinter.error, hinter.cell, hinter.is_mine, hinter.because, hinter.rule, hinter.wrong)


def play_by_hints(gen, game, hinter, level):
    """Open the start, then follow hints (open the safe, flag the mine) until the game ends;
    returns (state, hints used, the strongest rule used)."""
    b = gen.board
    game.new(b)
    game.execute(game.decide(PRIMARY, gen.start_x, gen.start_y))
    hints = 0
    strongest = 0
    cursor = b.index(gen.start_x, gen.start_y)
    while game.state == PLAYING:
        hinter.begin(game.shown, game.total, cursor, truth=b)
        while not hinter.step(300):
            pass
        assert hinter.error is None and not hinter.wrong
        if hinter.cell < 0:
            return game.state, hints, strongest
        hints += 1
        strongest = max(strongest, hinter.rule)
        cursor = hinter.cell
        assert b.mine[cursor] == hinter.is_mine
        x, y = b.x_of(cursor), b.y_of(cursor)
        game.execute(game.decide(SECONDARY if hinter.is_mine else PRIMARY, x, y))
    return game.state, hints, strongest


def test_hints_alone_win_every_no_guess_board():
    played = 0
    for (w, h, m, levels, seeds) in ((9, 9, 10, (0, 1, 2), 12), (16, 16, 40, (1, 2), 5),
                                     (30, 16, 99, (2,), 3)):
        gen = Generator(w, h)
        game = Game(w, h)
        hinter = Hinter(w, h)
        for level in levels:
            for seed in range(seeds):
                gen.begin(m, 1000 + seed, None, level)
                gen.run()
                state, hints, strongest = play_by_hints(gen, game, hinter, level)
                assert state == WON, (w, h, m, level, seed)
                assert strongest <= _HIGHEST[level], (level, strongest)
                played += 1
    assert played == 12 * 3 + 10 + 3


def test_a_hint_can_borrow_the_generators_solver():
    gen = Generator(9, 9)
    gen.begin(10, 5)
    gen.run()
    game = Game(9, 9)
    hinter = Hinter(9, 9, solver=gen.solver)
    assert play_by_hints(gen, game, hinter, presets.FULL)[0] == WON
    assert gen.solver.oracle   # given back as the generator needs it
    gen.begin(10, 6)
    gen.run()   # and the generator still makes proven boards with it
    fresh = Generator(9, 9)
    fresh.begin(10, 6)
    fresh.run()
    assert grid_string(gen.board) == grid_string(fresh.board)


GRID = ("*...."
        "....."
        "....."
        "...*."
        "....*")


def make_game(lives):
    b = Board(5, 5)
    load_grid(b, GRID)
    g = Game(5, 5)
    g.new(b, lives)
    return g


def test_lives_count_down_and_the_game_goes_on():
    g = make_game(3)
    assert g.execute(g.decide(PRIMARY, 0, 0)) == -1
    assert g.state == PLAYING and g.lives_lost == 1 and g.lives_left() == 2
    assert g.tile(0, 0) == BLOWN and g.flags == 1 and g.mines_left() == 2
    assert g.decide(SECONDARY, 0, 0) < 0          # a blown mine stays flagged
    assert g.execute(g.decide(PRIMARY, 1, 0)) == 1 and g.tile(1, 0) == 1
    # The 1 at (1, 0) counts the blown mine as its flag: a chord opens the rest around it.
    move = g.decide(PRIMARY, 1, 0)
    assert move_kind(move) == CHORD and g.execute(move) > 0
    assert g.tile(2, 1) == 0 and g.state == PLAYING
    assert g.execute(g.decide(PRIMARY, 3, 3)) == -1
    assert g.state == PLAYING and g.lives_left() == 1
    assert g.execute(g.decide(PRIMARY, 4, 4)) == -1
    assert g.state == LOST and g.lives_lost == 3 and g.tile(4, 4) == BOOM
    assert g.tile(0, 0) == BLOWN and g.tile(3, 3) == BLOWN


def test_lives_spent_still_let_the_player_win():
    g = make_game(5)
    g.execute(g.decide(PRIMARY, 4, 4))
    g.execute(g.decide(PRIMARY, 2, 0))
    for (x, y) in ((4, 3), (3, 4)):
        g.execute(g.decide(PRIMARY, x, y))
    assert g.state == WON and g.lives_lost == 1 and g.tile(4, 4) == BLOWN


def test_one_life_is_classic():
    g = make_game(1)
    assert g.execute(g.decide(PRIMARY, 0, 0)) == -1 and g.state == LOST
    with pytest.raises(ValueError):
        make_game(2)


def test_overfilled_numbers_are_marked_and_only_disproved_flags_are_wrong():
    g = make_game(1)
    b = g.board
    g.execute(g.decide(PRIMARY, 2, 0))   # opens the zero area: 1s at (1,0), (0,1), (1,1)
    g.execute(g.decide(SECONDARY, 0, 0))          # the real mine: a plain flag
    assert g.tile(0, 0) == FLAG and g.overfull == []
    g.execute(g.decide(SECONDARY, 3, 3))
    assert g.tile(3, 3) == FLAG
    v = g.version
    g.execute(g.decide(SECONDARY, 4, 3))
    # The 1 at (3, 2) now has two flags: the number is marked, neither flag (one is right).
    assert g.tile(3, 3) == FLAG and g.tile(4, 3) == FLAG
    assert b.index(3, 2) in g.overfull and g.version > v
    g.execute(g.decide(SECONDARY, 4, 3))          # taken off: nothing overfilled any more
    assert g.tile(3, 3) == FLAG and g.tile(4, 3) == 9 and g.overfull == []
    g.execute(g.decide(SECONDARY, 0, 0))          # the last flags off: the list follows
    g.execute(g.decide(SECONDARY, 4, 3))
    assert g.flags == 2 and g.overfull
    g.execute(g.decide(SECONDARY, 4, 3))
    g.execute(g.decide(SECONDARY, 3, 3))
    assert g.flags == 0 and g.overfull == []
    # A flag the numbers disprove (a hint job says so) is marked until it is taken off.
    g.execute(g.decide(SECONDARY, 3, 4))
    g.disprove(g.board.index(3, 4))
    assert g.tile(3, 4) == BAD_FLAG
    g.execute(g.decide(SECONDARY, 3, 3))
    g.execute(g.decide(SECONDARY, 4, 3))
    g.mark_flags = False                          # the setting off: plain flags, no marks
    g.check_flags()
    assert g.tile(3, 4) == FLAG and g.tile(3, 3) == FLAG and g.overfull == []


@pytest.mark.parametrize("game_views", [False, True])
def test_hints_after_each_move_match_hints_from_scratch(game_views):
    """A Hinter kept through a game loads each view from the last one plus the move; its answers
    (hint, reason, wrong flags, errors) are those of a fresh Hinter, move after move, through
    flags put on and taken off (right and wrong ones), blown mines and new games. One that
    knows its views are a game's (``game``: the hint job's, told of each new game) alike."""
    import random
    rnd = random.Random(12)
    for (w, h, m, lives) in ((9, 9, 10, 3), (16, 16, 40, 5), (30, 16, 99, 3)):
        gen = Generator(w, h)
        game = Game(w, h)
        kept = Hinter(w, h, game=game_views)
        compared = 0
        for seed in range(3):
            gen.begin(m, 50 + seed)
            gen.run()
            b = gen.board
            game.new(b, lives)
            if game_views:
                kept.forget()   # (as the hint job does: hint_part.new_game)
            game.execute(game.decide(PRIMARY, gen.start_x, gen.start_y))
            while game.state == PLAYING:
                fresh = Hinter(w, h)
                answers = []
                for hinter in (kept, fresh):
                    hinter.begin(game.shown, game.total, -1)
                    while not hinter.step(97):
                        pass
                    answers.append(answer(hinter))
                assert answers[0] == answers[1], (seed, compared)
                compared += 1
                # A random move: mostly the hint, sometimes a flag anywhere or a wild open.
                r = rnd.random()
                cells = [(x, y) for y in range(h) for x in range(w)
                         if game.tile(x, y) in (9, FLAG, BAD_FLAG)]
                x, y = rnd.choice(cells)
                if r < 0.15:
                    game.execute(game.decide(SECONDARY, x, y))
                elif r < 0.2:
                    game.execute(game.decide(PRIMARY, x, y))
                elif kept.cell >= 0:
                    c = kept.cell
                    game.execute(game.decide(SECONDARY if kept.is_mine else PRIMARY,
                                             b.x_of(c), b.y_of(c)))
                else:
                    game.execute(game.decide(PRIMARY, x, y))
        assert compared > 30


@pytest.mark.parametrize("game_views", [False, True])
def test_hints_cut_short_leave_the_next_ones_right(game_views):
    """The game stops a hint or check job whenever a move comes (and a check job starts after
    every move): a Hinter whose work was cut short at any point, its view's load included,
    still answers the next view as a fresh one does (hint, reason, wrong flags, mode), whether
    it keeps a copy of the last view or (``game``) each row's covered cells."""
    import random
    from mines.help.hints import MODE_CHECK, MODE_HINT
    rnd = random.Random(8)
    compared = cut = 0
    for (w, h, m) in ((16, 16, 40), (30, 16, 99)):
        gen = Generator(w, h)
        game = Game(w, h)
        kept = Hinter(w, h, gen.solver, game=game_views)   # borrowed, as in the game
        for seed in range(3):
            gen.begin(m, 70 + seed)
            gen.run()
            b = gen.board
            game.new(b, 3)
            kept.forget()
            game.execute(game.decide(PRIMARY, gen.start_x, gen.start_y))
            while game.state == PLAYING:
                mode = MODE_CHECK if rnd.random() < 0.3 else MODE_HINT
                if rnd.random() < 0.5:   # started, then cut after a few small steps
                    kept.begin(game.shown, game.total, -1, b, mode)
                    for _ in range(rnd.randint(0, 5)):
                        if kept.step(rnd.choice((2, 7, 30))):
                            break
                    cut += 1
                else:
                    fresh = Hinter(w, h)
                    answers = []
                    for hinter in (kept, fresh):
                        hinter.begin(game.shown, game.total, -1, b, mode)
                        while not hinter.step(97):
                            pass
                        answers.append(answer(hinter) + (hinter.disproved,))
                    assert answers[0] == answers[1], (seed, compared, mode)
                    compared += 1
                assert gen.solver.oracle   # the borrowed solver is given back as it was
                # A move: the true answer mostly, sometimes a flag anywhere.
                cells = [(x, y) for y in range(h) for x in range(w)
                         if game.tile(x, y) in (9, FLAG, BAD_FLAG)]
                x, y = rnd.choice(cells)
                if rnd.random() < 0.15:
                    game.execute(game.decide(SECONDARY, x, y))
                    continue
                covered = [(x, y) for (x, y) in cells if game.tile(x, y) == 9]
                safe = [c for c in covered if not is_mine(b, *c)]
                if not safe:
                    break
                x, y = rnd.choice(safe)
                game.execute(game.decide(PRIMARY, x, y))
    assert compared > 60 and cut > 60, (compared, cut)



def test_a_borrowed_solver_used_meanwhile_makes_the_next_load_fresh():
    """The view loader keeps the frontier in the solver's ``order`` from one load to the next.
    When the solver is lent (the generator's) and makes another board meanwhile without the
    hinter being told (no ``forget``), the next answer is still that of a fresh Hinter: the
    loader sees that the solver was reset and loads from scratch."""
    w, h, m = 16, 16, 40
    gen = Generator(w, h)
    gen.begin(m, 91)
    gen.run()
    b = Board(w, h)   # the game's own copy: the generator goes on making boards
    b.copy_from(gen.board)
    game = Game(w, h)
    game.new(b, 3)
    game.execute(game.decide(PRIMARY, gen.start_x, gen.start_y))
    kept = Hinter(w, h, gen.solver)
    compared = 0
    while game.state == PLAYING:
        kept.begin(game.shown, game.total, -1, b)
        kept.run()
        assert kept.cell >= 0
        c = kept.cell
        game.execute(game.decide(SECONDARY if kept.is_mine else PRIMARY, b.x_of(c), b.y_of(c)))
        gen.begin(m, 300 + compared)   # meanwhile, in the lent solver: another board
        gen.run()
        answers = []
        for hinter in (kept, Hinter(w, h)):
            hinter.begin(game.shown, game.total, -1, b)
            hinter.run()
            answers.append(answer(hinter))
        assert answers[0] == answers[1], compared
        compared += 1
    assert game.state != PLAYING and compared > 30


def test_hints_on_the_generators_solver_are_those_of_a_solver_of_its_own():
    """In the game the hinter borrows the generator's solver, and its walks use buffers of the
    generator's case analysis, free between two analyses (marks, list; the groups' queue).
    Whole games played by its hints, the cursor moving about: every answer (cell, reason,
    rule, wrong flags) is that of a Hinter with a solver of its own, case splits included."""
    import random
    rnd = random.Random(3)
    rules = set()
    for (w, h, m) in ((16, 16, 40), (9, 9, 35), (16, 16, 99)):   # dense: more case splits
        gen = Generator(w, h)
        for seed in range(3):
            gen.begin(m, 120 + seed, version=0)   # (boards of version 0: case splits among them)
            gen.run()
            b = Board(w, h)   # the game's copy: the generator's case analysis is left as it is
            b.copy_from(gen.board)
            game = Game(w, h)
            game.new(b)
            game.execute(game.decide(PRIMARY, gen.start_x, gen.start_y))
            kept = Hinter(w, h, gen.solver)
            while game.state == PLAYING:
                cursor = b.index(rnd.randrange(w), rnd.randrange(h))
                answers = []
                for hinter in (kept, Hinter(w, h)):
                    hinter.begin(game.shown, game.total, cursor, b)
                    while not hinter.step(97):
                        pass
                    answers.append(answer(hinter))
                assert answers[0] == answers[1], (w, seed)
                c = kept.cell
                assert c >= 0
                rules.add(kept.rule)
                game.execute(game.decide(SECONDARY if kept.is_mine else PRIMARY,
                                         b.x_of(c), b.y_of(c)))
            assert game.state == WON
    assert RULE_CASES in rules


def test_a_packed_view_solver_gives_the_hints_of_an_unpacked_one():
    """A hinter's own solver is packed (no ``src2``: a pair deduction's other number is kept in
    ``why``, as the generator's; ``reasons`` decodes it). Games played by its hints, with wrong
    flags put on now and then: every answer (cell, reason, rule, wrong flags) is that of a
    hinter over an unpacked view solver, pair-rule hints and case splits among them."""
    import random
    from mines.engine.game import TOGGLE_FLAG
    from mines.engine.solver import Solver, WHY_PAIR
    rnd = random.Random(5)
    rules = set()
    partners = 0
    for (w, h, m, level) in ((16, 16, 40, presets.PAIRS), (30, 16, 99, presets.FULL),
                             (9, 9, 30, presets.FULL)):
        gen = Generator(w, h)
        packed = Hinter(w, h)
        plain = Hinter(w, h, Solver(Board(w, h), oracle=False))
        assert packed.solver.src2 is packed.solver.src
        assert plain.solver.src2 is not plain.solver.src
        for seed in range(2):
            gen.begin(m, 140 + seed, None, level)
            gen.run()
            b = gen.board
            game = Game(w, h)
            game.new(b, 3)
            game.execute(game.decide(PRIMARY, gen.start_x, gen.start_y))
            while game.state == PLAYING:
                if rnd.random() < 0.1:   # a flag on a covered cell without a mine
                    free = [i for i in range(b.size) if game.shown[i] == 9 and not b.mine[i]]
                    game.execute(TOGGLE_FLAG << 12 | rnd.choice(free))
                cursor = b.index(rnd.randrange(w), rnd.randrange(h))
                answers = []
                for hinter in (packed, plain):
                    hinter.begin(game.shown, game.total, cursor, b)
                    while not hinter.step(97):
                        pass
                    answers.append(answer(hinter))
                assert answers[0] == answers[1], (w, seed)
                s = packed.solver
                partners += sum(1 for k in range(s.nknown) if s.why[s.order[k]] & 3 == WHY_PAIR
                                and s.why[s.order[k]] >> 2)
                c = packed.cell
                if c < 0:
                    break
                rules.add(packed.rule)
                game.execute(game.decide(SECONDARY if packed.is_mine else PRIMARY,
                                         b.x_of(c), b.y_of(c)))
    assert {RULE_SINGLE, RULE_PAIRS, RULE_CASES} <= rules and partners > 50, (rules, partners)
