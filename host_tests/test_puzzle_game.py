"""Playing a puzzle (mines.puzzle.marks): marks, undo and redo, completion the moment every mark is
right, check, and hints whose clues really prove the hinted cell."""

import engine_util
from engine_util import micropython
from test_puzzle import count_solutions

from mines.puzzle import play as P
from mines.puzzle.maker import PuzzleMaker
from mines.puzzle.marks import PuzzleGame


def new_game(w, h, seed, level):
    m = PuzzleMaker(w, h)
    m.begin(seed, level)
    m.run()
    g = PuzzleGame(w, h)
    g.new(m)
    return g


def cells(g):
    """(x, y, padded index) of every cell without a clue."""
    return [(x, y, g.cell(x, y)) for y in range(g.height) for x in range(g.width)
            if not g.clue[g.cell(x, y)]]


def play(g, x, y, button):
    move = g.decide(button, x, y)
    assert move != P.NO_MOVE
    assert g.execute(move)


def test_marks_cycle_and_clues_and_edges_make_no_move():
    g = new_game(8, 8, 1, P.EASY)
    x, y, i = cells(g)[0]
    play(g, x, y, P.PRIMARY)
    assert g.mark[i] == P.MARK_MINE and g.mines_marked == 1
    play(g, x, y, P.PRIMARY)
    assert g.mark[i] == P.UNKNOWN and g.mines_marked == 0
    play(g, x, y, P.SECONDARY)
    assert g.mark[i] == P.MARK_CLEAR
    play(g, x, y, P.PRIMARY)
    assert g.mark[i] == P.MARK_MINE
    clue = [(cx, cy) for cy in range(8) for cx in range(8) if g.clue[g.cell(cx, cy)]][0]
    assert g.decide(P.PRIMARY, clue[0], clue[1]) == P.NO_MOVE
    assert g.decide(P.PRIMARY, 8, 0) == P.NO_MOVE and g.decide(P.SECONDARY, -1, 3) == P.NO_MOVE
    assert not g.execute(P.NO_MOVE)


def test_undo_redo_and_a_new_move_drops_the_redo_tail():
    g = new_game(8, 8, 2, P.MEDIUM)
    free = cells(g)[:6]
    for k, (x, y, _) in enumerate(free):
        play(g, x, y, P.PRIMARY if k % 2 else P.SECONDARY)
    after = bytes(g.mark)
    while g.undo():
        pass
    assert all(g.mark[i] == P.UNKNOWN for _, _, i in cells(g)) and g.mines_marked == 0
    while g.redo():
        pass
    assert bytes(g.mark) == after
    for _ in range(3):
        assert g.undo()
    x, y, i = cells(g)[10]
    play(g, x, y, P.PRIMARY)
    assert not g.redo()   # the tail is gone
    assert g.undo() and g.mark[i] == P.UNKNOWN
    # A long game: the history keeps the newest moves.
    x, y, i = cells(g)[0]
    for _ in range(3 * g.width * g.height):
        play(g, x, y, P.PRIMARY)
    undone = 0
    while g.undo():
        undone += 1
    assert undone >= g.width * g.height


def test_solved_the_moment_every_mine_is_marked_and_no_mark_is_wrong():
    g = new_game(12, 10, 3, P.HARD)
    mines = [(x, y, i) for x, y, i in cells(g) if g.board.mine[i]]
    safe = [(x, y, i) for x, y, i in cells(g) if not g.board.mine[i]]
    # A wrong mark first: a clear mark on the last mine.
    lx, ly, li = mines[-1]
    play(g, lx, ly, P.SECONDARY)
    for x, y, _ in mines[:-1]:
        play(g, x, y, P.PRIMARY)
    assert g.state == P.PLAYING and g.wrong == 1
    play(g, lx, ly, P.PRIMARY)   # clear -> mine: now every mark is right
    assert g.state == P.SOLVED
    assert all(g.mark[i] == P.MARK_CLEAR for _, _, i in safe)
    assert g.decide(P.PRIMARY, safe[0][0], safe[0][1]) == P.NO_MOVE and not g.undo()
    assert g.code() == P.encode_code(12, 10, P.HARD, 3)


def test_check_flags_the_wrong_marks_counts_as_help_and_goes_with_the_next_move():
    g = new_game(8, 8, 4, P.EASY)
    free = cells(g)
    wrong = []
    for x, y, i in free[:8]:
        right = P.PRIMARY if g.board.mine[i] else P.SECONDARY
        play(g, x, y, right if len(wrong) >= 3 else P.PRIMARY + P.SECONDARY - right)
        if len(wrong) < 3:
            wrong.append(i)
    assert g.check() == 3 and g.helps == 1 and g.wrong_shown
    assert sorted(i for i in range(g.board.size) if g.shown[i] == P.TILE_WRONG) == sorted(wrong)
    x, y, _ = free[20]
    play(g, x, y, P.PRIMARY)
    assert not g.wrong_shown and P.TILE_WRONG not in g.shown
    tiles = {P.MARK_MINE: P.TILE_MINE, P.MARK_CLEAR: P.TILE_CLEAR}
    assert all(g.shown[i] == tiles[g.mark[i]] for i in wrong)   # back to their marks' tiles


def test_hints_prove_their_cell_from_their_clues_and_lead_to_the_solution():
    for w, h, seed, level in ((8, 8, 5, P.EASY), (8, 8, 6, P.MEDIUM), (10, 8, 7, P.HARD)):
        g = new_game(w, h, seed, level)
        rows = P.view_rows(g.board, g.clue)
        kinds = set()
        hints = 0
        while g.state == P.PLAYING:
            c = g.hint()
            assert c >= 0
            hints += 1
            x, y = g.board.x_of(c), g.board.y_of(c)
            known = {(g.board.x_of(i), g.board.y_of(i)): g.mark[i] == P.MARK_MINE
                     for i in range(g.board.size) if g.mark[i]}
            assert (x, y) not in known or known[(x, y)] != g.hint_mine
            kinds.add(g.hint_why)
            # With the marks so far and only the hint's clues showing their numbers (the
            # other clue cells known clear), no layout has the cell the other way.
            if g.hint_why in (P.BY_ONE_CLUE, P.BY_TWO_CLUES):
                shown = {(g.board.x_of(q), g.board.y_of(q)) for q in g.hint_clues[:g.hint_nclues]}
                view = ["".join(rows[yy][xx] if (xx, yy) in shown else "#" for xx in range(w))
                        for yy in range(h)]
                for yy in range(h):
                    for xx in range(w):
                        if rows[yy][xx] != "#" and (xx, yy) not in shown:
                            known[(xx, yy)] = False
                total = None
            else:
                view, total = rows, g.mines
            right = dict(known)
            right[(x, y)] = g.hint_mine
            known[(x, y)] = not g.hint_mine
            assert count_solutions(w, h, view, total, right, limit=1)[0] == 1
            assert count_solutions(w, h, view, total, known, limit=1)[0] == 0, (
                level, x, y, g.hint_why)
            play(g, x, y, P.PRIMARY if g.hint_mine else P.SECONDARY)
        assert g.helps == hints and g.hint() == -1
        assert P.BY_ONE_CLUE in kinds
        if level == P.MEDIUM:
            assert P.BY_TWO_CLUES in kinds


def test_a_hint_points_at_a_wrong_mark_first_when_it_comes_first():
    g = new_game(8, 8, 8, P.EASY)
    first = g.hint()
    x, y = g.board.x_of(first), g.board.y_of(first)
    play(g, x, y, P.SECONDARY if g.board.mine[first] else P.PRIMARY)   # the wrong way
    assert g.hint() == first and g.hint_cell == first


def test_play_by_hints_under_micropython():
    script = (
        "import sys\n"
        "sys.path.insert(0, %r)\n"
        "from mines.puzzle.maker import PuzzleMaker\n"
        "from mines.puzzle import play as P\n"
        "from mines.puzzle.marks import PuzzleGame\n"
        "g = PuzzleGame(12, 10)\n"
        "for level in (0, 1, 2):\n"
        "    m = PuzzleMaker(12, 10)\n"
        "    m.begin(level + 40, level); m.run(); g.new(m); m = None\n"
        "    while g.state == P.PLAYING:\n"
        "        c = g.hint()\n"
        "        x = g.board.x_of(c); y = g.board.y_of(c)\n"
        "        g.execute(g.decide(P.PRIMARY if g.hint_mine else P.SECONDARY, x, y))\n"
        "    g.undo()\n"
        "    print(level, g.helps, g.state, g.code())\n" % engine_util.MP_LIB)
    # The maker and the game of a 12x10 Hard puzzle together need 95-97K of the 64-bit VM's
    # heap, ragged by a K with the heap's layout (the path's length moves it): 104K keeps this a
    # test of the dialect, not of the layout. The device's figures are tools/memory.py's.
    r = micropython(["-c", script], heap="104K")
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.split("\n")
    for level in range(3):
        lv, helps, state, code = lines[level].split()
        assert int(lv) == level and int(helps) > 0 and int(state) == P.SOLVED
        assert P.decode_code(code) == (12, 10, level, level + 40)


def test_puzzle_tiles_are_the_sprite_sheets():
    """mines.puzzle.play writes screen tile numbers into ``shown`` (lib/ imports no displayio): they
    must be the sprite sheet's."""
    import game_helpers  # noqa: F401  (the repository root on sys.path: boards/)
    from boards import tiles
    from mines.puzzle import play
    assert play.TILE_LIT == tiles.LIT and play.TILE_CLEAR == tiles.CLEAR
    assert tiles.CLEAR < tiles.TILE_COUNT
