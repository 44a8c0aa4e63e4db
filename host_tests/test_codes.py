"""Board and puzzle codes: the shared base-32 packing and its check character."""

import random

import pytest

from mines.engine import codes
from mines.engine.view_text import grid_string

WIDTHS = (2, 5, 5, 9, 10, 2, 2, 20)


def _fields(rnd):
    return [rnd.randrange(1 << b) for b in WIDTHS]


def test_round_trip_and_length():
    rnd = random.Random(1)
    for _ in range(2000):
        f = _fields(rnd)
        text = codes.encode(list(zip(f, WIDTHS)))
        assert len(text) == codes.chars_for(sum(WIDTHS)) <= codes.MAX_CHARS
        assert codes.decode(text, WIDTHS) == f
        assert codes.decode(text.lower(), WIDTHS) == f
        assert codes.code_type(text) == f[0]


def test_every_single_substitution_and_adjacent_swap_is_caught():
    rnd = random.Random(2)
    for _ in range(200):
        f = _fields(rnd)
        text = codes.encode(list(zip(f, WIDTHS)))
        for k in range(len(text)):
            for ch in codes.ALPHABET:
                if ch == text[k]:
                    continue
                bad = text[:k] + ch + text[k + 1:]
                with pytest.raises(ValueError):
                    codes.decode(bad, WIDTHS)
        for k in range(len(text) - 1):
            if text[k] != text[k + 1]:
                bad = text[:k] + text[k + 1] + text[k] + text[k + 2:]
                with pytest.raises(ValueError):
                    codes.decode(bad, WIDTHS)


def test_readable_refusals_and_aliases():
    text = codes.encode([(1, 2), (3, 5), (0, 8)])
    with pytest.raises(ValueError, match="characters"):
        codes.decode(text[:-1], (2, 5, 8))
    with pytest.raises(ValueError, match="code character"):
        codes.decode(text[:-1] + "!", (2, 5, 8))
    o_text = text.replace("0", "o").replace("1", "l")
    assert codes.decode(o_text, (2, 5, 8)) == [1, 3, 0]
    assert codes.decode("-".join(text), (2, 5, 8)) == [1, 3, 0]
    with pytest.raises(ValueError):
        codes.encode([(4, 2)])
    assert codes.code_type("") == -1


# Board codes tools/gen.py wrote before the generator's version 1 (commit d4aaa65), with the
# start and a sha256 of the grid they made: Crowded seed 11; Expert seed 1 at single from 0,15;
# Intermediate seed 2097151 at pairs; a random Beginner board.
OLD_CODES = (("12224AG000BP", (5, 8), "9a9e8bf8e9e42b83"),
             ("0CNP40Y0001W", (0, 15), "ed41494e61a6488f"),
             ("0NNJET3ZZZZ5", (13, 1), "0048875f85440f1a"),
             ("3220JEE0005G", (7, 7), "39f62e0c679925a5"))


def _board_of(code):
    """(start, sha256 of the grid) of the board a code makes, as the game makes it."""
    import hashlib
    from mines.engine import board_code as boardcode
    from mines.engine.board import Board
    from mines.engine.generator import Generator
    from mines.engine.kinds import random_layout
    w, h, m, seed, sx, sy, level, kind = boardcode.decode(code)
    if kind:
        board = Board(w, h)
        start = random_layout(board, m, seed & boardcode.MAX_SEED, (sx, sy))
    else:
        g = Generator(w, h)
        g.begin(m, seed & boardcode.MAX_SEED, (sx, sy), level, seed >> boardcode.SEED_BITS)
        g.run()
        board, start = g.board, (g.start_x, g.start_y)
    return start, hashlib.sha256(grid_string(board).encode()).hexdigest()[:16]


def test_codes_written_before_version_1_still_make_their_boards():
    from mines.engine import board_code as boardcode
    for code, start, digest in OLD_CODES:
        fields = boardcode.decode(code)
        assert not fields[3] & boardcode.VERSION_BIT   # version 0
        assert _board_of(code) == (start, digest), code
        assert boardcode.encode(*fields) == code


def test_new_no_guess_codes_name_version_1_and_others_are_unchanged():
    from mines.engine import board_code as boardcode
    from mines.engine.generator import VERSION
    assert VERSION == 1 and boardcode.VERSION_BIT == 1 << boardcode.SEED_BITS
    seed = 12345 | boardcode.VERSION_BIT
    code = boardcode.encode(9, 9, 35, seed, 4, 4, 2, 0)
    assert len(code) == 12 and codes.code_type(code) == codes.TYPE_BOARD
    assert boardcode.decode(code) == (9, 9, 35, seed, 4, 4, 2, 0)
    assert code != boardcode.encode(9, 9, 35, 12345, 4, 4, 2, 0)   # version 0: another board
    # Random and Kind boards have one version: their codes do not change.
    for kind in (1, 2):
        assert boardcode.encode(9, 9, 10, seed, 4, 4, 2, kind) == boardcode.encode(
            9, 9, 10, 12345, 4, 4, 2, kind)
        assert boardcode.decode(boardcode.encode(9, 9, 10, seed, 4, 4, 2, kind))[3] == 12345
    with pytest.raises(ValueError):
        boardcode.encode(9, 9, 10, 12345, 4, 4, 2, 3)   # kind 3 is the code's, not a kind
    with pytest.raises(ValueError):
        boardcode.encode(9, 9, 10, 2 * boardcode.VERSION_BIT, 4, 4, 2, 0)


# sha256 (first 16 hex digits) of the boards the generator made before version 1 (commit
# d4aaa65), seeds 3, 1000 and 2097151 each: (width, height, mines, start, level) -> digest.
VERSION_0 = (((9, 9, 10, None, 2), "66ebdfbf8fa63804"),
             ((16, 16, 40, None, 0), "cdd818ad411814fd"),
             ((16, 16, 40, None, 1), "0039b7e809276b46"),
             ((16, 16, 40, None, 2), "4a709fea19356e37"),
             ((30, 16, 99, None, 2), "c44fbc019698ac2f"),
             ((20, 15, 45, None, 2), "59e3ce4a134b842f"),
             ((9, 9, 35, None, 2), "c18886fb97ff5d93"),
             ((16, 16, 99, None, 2), "1919c4ccc226d1ff"),
             ((30, 16, 170, None, 2), "0e95c7e59914b265"),
             ((30, 24, 216, None, 2), "331749905bf3461a"),
             ((12, 12, 56, (6, 6), 2), "5d6707c10c00b634"),
             ((16, 16, 115, (0, 0), 2), "6ec642586d2096b1"),
             ((9, 9, 20, (8, 4), 2), "5b457bb3f0198b72"),
             ((24, 10, 50, (23, 9), 1), "e843ff7034251961"),
             ((20, 20, 130, None, 2), "761d91c20dc70317"),   # between 30x24/216's and Swarm's rows
             ((10, 10, 12, (9, 0), 2), "0231737d2a5ab087"))  # sparser than every row


def test_version_0_makes_the_boards_made_before_version_1():
    """Every preset (Intermediate at every level), custom sizes and given starts: version 0 of
    the generator makes exactly the boards the generator made before version 1."""
    import hashlib
    from mines.engine.generator import Generator
    for (w, h, m, start, level), digest in VERSION_0:
        g = Generator(w, h)
        d = hashlib.sha256()
        for seed in (3, 1000, 2097151):
            g.begin(m, seed, start, level, 0)
            g.run()
            d.update(("%d,%d:%s;" % (g.start_x, g.start_y, grid_string(g.board))).encode())
        assert d.hexdigest()[:16] == digest, (w, h, m, start, level)
