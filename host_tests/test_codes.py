"""Board and puzzle codes: the shared base-32 packing and its check character."""

import random

import pytest

from mines.engine import codes

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
