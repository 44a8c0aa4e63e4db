"""Mine probabilities and the frontier counts under them, against brute force over every layout
of small views; the sliced work bound; inconsistent views."""

import itertools
import random

from engine_util import neighbours
from view_util import random_view

from mines.engine.frontier import Frontier
from mines.help.probability import Probabilities, counted
from mines.engine.view_text import parse_view


def brute_probabilities(w, h, rows, total):
    """{cell: probability} over the covered cells ('#', 'F'), every consistent layout with
    ``total`` mines equally likely; None if there is none."""
    covered = [(x, y) for y in range(h) for x in range(w) if rows[y][x] in "#F"]
    known = {(x, y) for y in range(h) for x in range(w) if rows[y][x] == "*"}
    nums = [(x, y, int(rows[y][x])) for y in range(h) for x in range(w) if rows[y][x].isdigit()]
    hits = {c: 0 for c in covered}
    n = 0
    for combo in itertools.combinations(covered, total - len(known)):
        m = set(combo) | known
        if all(sum(1 for c in neighbours(w, h, x, y) if c in m) == v for x, y, v in nums):
            n += 1
            for c in combo:
                hits[c] += 1
    if not n:
        return None
    return {c: hits[c] / n for c in covered}


def probs_of(w, h, rows, total):
    board, shown = parse_view(w, h, rows)
    p = Probabilities(board)
    p.begin(shown, total)
    while not p.step(150):   # small slices: resuming must not change the answer
        pass
    return p, board


def test_probabilities_match_brute_force():
    rnd = random.Random(31)
    checked = 0
    while checked < 600:
        w, h, rows, total, mines = random_view(rnd)
        if not 0 < sum(r.count("#") + r.count("F") for r in rows) <= 13:
            continue
        checked += 1
        want = brute_probabilities(w, h, rows, total)
        p, board = probs_of(w, h, rows, total)
        assert p.error is None and p.exact
        for (x, y), q in want.items():
            assert abs(p.percent[board.index(x, y)] - round(q * 100)) <= 1, (rows, total, x, y, q)
        # The guess offered: the least likely unflagged covered cell (none if all are flagged).
        open_to_guess = [q for (x, y), q in want.items() if rows[y][x] == "#"]
        if not open_to_guess:
            assert p.best == -1
            continue
        best = min(open_to_guess)
        assert abs(p.best_p - best) < 1e-6, (rows, total, p.best_p, best)
        assert abs(want[(board.x_of(p.best), board.y_of(p.best))] - best) < 1e-9


def test_inconsistent_views_are_reported():
    for rows, total in ((["##", "#4"], 3), (["#2#"], 1), (["1#1", "###", "1#1"], 3),
                        (["3#", "##"], 2), (["0#"], 1)):
        p, _ = probs_of(len(rows[0]), len(rows), rows, total)
        assert p.error and p.error.startswith("inconsistent:"), (rows, total, p.error)
    p, _ = probs_of(3, 1, ["#2#"], 2)
    assert p.error is None and p.best_p == 1.0


def test_a_group_over_the_work_bound_is_loose_not_slow():
    """A wide open field of 1s over a long covered row: far more layouts than the bound lets
    us count; the answer comes back marked inexact within the bound."""
    w = 30
    rows = ["#" * w, "1" * w, "0" * w]
    board, shown = parse_view(w, 3, rows)
    f = Frontier(board, 2000)
    f.begin(shown, 10)
    f.run()
    assert not f.exact and f.work < 2000 + 400


def test_a_guess_after_the_hints_exact_count_reuses_its_counts():
    """Random Expert boards played by the game's hint job until a guess is needed, where the
    hinter's exact counting (mines.help.counting) ran and proved nothing: the probabilities reuse
    its counts, and they are those a fresh count of the settled view gives."""
    from mines.help.hint_job import FOUND_CELL, FOUND_GUESS, HintJob
    from mines.engine.board import Board
    from mines.engine.game import PLAYING, PRIMARY, SECONDARY, Game
    from mines.engine.kinds import random_layout
    reused = 0
    for seed in (2, 3, 4):
        b = Board(30, 16)
        sx, sy = random_layout(b, 99, seed)
        game = Game(30, 16)
        game.new(b)
        game.execute(game.decide(PRIMARY, sx, sy))
        job = HintJob(game)
        while game.state == PLAYING:
            job.begin(-1)
            while not job.step():
                pass
            if job.found != FOUND_CELL:
                break
            c = job.cell
            game.execute(game.decide(SECONDARY if job.is_mine else PRIMARY, b.x_of(c), b.y_of(c)))
        assert job.found == FOUND_GUESS, seed
        reused += counted(job.hinter, job.probs.frontier)
        fresh = Probabilities(Board(30, 16))
        fresh.begin(job.settled, game.total)
        fresh.run()
        p = job.probs
        assert (p.best, p.best_p, p.exact, bytes(p.percent)) == \
            (fresh.best, fresh.best_p, fresh.exact, bytes(fresh.percent)), seed
    assert reused == 3


def test_a_hint_job_on_the_generators_solver_answers_as_one_with_its_own():
    """In the game the hint job borrows the generator's solver, and some of its buffers are
    the generator's case analysis's, free meanwhile (its walks' marks and list; the settled
    view the probabilities count is in those marks). Move after move on random boards, until
    a guess and past it, its answers (hints, wrong flags, guesses with their chances) are
    those of a job with a solver of its own."""
    from mines.help.hint_job import FOUND_GUESS, HintJob
    from mines.engine.board import Board
    from mines.engine.game import PLAYING, PRIMARY, SECONDARY, Game
    from mines.engine.generator import Generator
    from mines.engine.kinds import random_layout
    guesses = 0
    for seed in (5, 6):
        gen = Generator(30, 16)
        gen.begin(99, seed)
        gen.run()   # the case analysis has worked: its buffers hold a generation's leftovers
        b = Board(30, 16)
        sx, sy = random_layout(b, 99, seed)
        game = Game(30, 16)
        game.new(b, 3)
        game.execute(game.decide(PRIMARY, sx, sy))
        borrowed = HintJob(game, gen.solver)
        own = HintJob(game)
        while game.state == PLAYING:
            answers = []
            for job in (borrowed, own):
                job.begin(b.index(sx, sy))
                while not job.step():
                    pass
                answers.append((job.found, job.cell, job.is_mine, tuple(job.because), job.rule,
                                job.chance, tuple(job.wrong)))
            assert answers[0] == answers[1], seed
            guesses += borrowed.found == FOUND_GUESS
            c = borrowed.cell
            if c < 0:
                break
            mine = borrowed.is_mine if borrowed.found != FOUND_GUESS else False
            game.execute(game.decide(SECONDARY if mine else PRIMARY, b.x_of(c), b.y_of(c)))
    assert guesses >= 4


def test_frontier_counts_fit_16_bits_and_pools_are_made_when_needed():
    """The frontier keeps its counts in 16 bits: a count of one group past 65535 needs a group
    whose binomial middle passes it, and that many layouts of it cost more work than any bound
    a frontier is given (each counted layout costs 3 + n units or more). Its count pools are
    made only as a view's groups need them: a view with one small group makes one."""
    from math import comb
    from mines.engine.frontier import MAX_WORK
    from mines.engine.kinds import RESCUE_WORK
    n = next(n for n in range(64) if comb(n, n // 2) > 0xFFFF)
    assert max(MAX_WORK, RESCUE_WORK) < (0xFFFF + 1) * (3 + n)
    board, shown = parse_view(4, 3, ["1###", "1###", "1###"])
    f = Frontier(board)
    assert f.pools == [None] * len(f.pools) and f.firsts is None
    f.begin(shown, 3)
    f.run()
    assert f.ngroups == 1 and f.exact
    assert [p is not None for p in f.pools] == [True] + [False] * (len(f.pools) - 1)
    assert f.firsts is None   # (only a rescue keeps the first layouts)


def test_a_hint_job_lets_go_of_the_frontier_after_an_answer_and_answers_alike_again():
    """``rest`` (the midend calls it once a hint's answer is taken) drops the frontier, the
    probabilities and the exact count; asked again, the job makes them anew and gives the
    same answer."""
    from mines.help.hint_job import FOUND_CELL, FOUND_GUESS, HintJob
    from mines.engine.board import Board
    from mines.engine.game import PLAYING, PRIMARY, SECONDARY, Game
    from mines.engine.kinds import random_layout
    b = Board(16, 16)
    sx, sy = random_layout(b, 40, 14)
    game = Game(16, 16)
    game.new(b)
    game.execute(game.decide(PRIMARY, sx, sy))
    job = HintJob(game)
    assert job.probs is None and job.hinter.frontier is None   # nothing made up front
    answers = []
    while game.state == PLAYING and not answers:
        for _ in range(2):
            job.begin(b.index(sx, sy))
            while not job.step():
                pass
            if job.found == FOUND_GUESS:
                answers.append((job.cell, job.chance))
                assert job.probs is not None
            job.rest()
            assert job.probs is None and job.hinter.frontier is None
            assert job.hinter.counting is None
        if job.found != FOUND_CELL:
            break
        c = job.cell
        game.execute(game.decide(SECONDARY if job.is_mine else PRIMARY, b.x_of(c), b.y_of(c)))
    assert len(answers) == 2 and answers[0] == answers[1], answers


def test_the_map_gives_what_the_lists_of_floats_gave():
    """The map keeps its floats in arrays of the VM's width and one group's weights at a time:
    over 1,200 random views (with and without the total, a cursor for the tie-breaks) the
    error, exactness, best cell, its chance and every percentage are those the lists of floats
    gave (df14ed4's mines.help.probability: this digest of its answers)."""
    import hashlib
    rnd = random.Random(4242)
    digest = hashlib.sha256()
    for _ in range(600):
        w, h, rows, total, _mines = random_view(rnd, 8, 6)
        board, shown = parse_view(w, h, rows)
        for t in (total, -1):
            p = Probabilities(board)
            p.begin(shown, t, board.index(rnd.randrange(w), rnd.randrange(h)))
            p.run()
            digest.update(repr((p.error, p.exact, p.best, p.best_p, bytes(p.percent))).encode())
    assert digest.hexdigest() == \
        "732baabeca7de310fce22a11652e3d52a28fad6781b243c9989d94ec313ccd7b"
