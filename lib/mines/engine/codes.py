"""Short codes a player can read off the screen and type back in: a few small unsigned fields
packed into one number and written in Crockford's base 32 (digits and letters without I, L, O, U;
case-insensitive, and I/L read as 1, O as 0), followed by one check character.

The check character is a weighted sum over GF(32) (the field of 32 elements, polynomial
x^5 + x^2 + 1), weights the powers of a generator: it catches every single mistyped character and
every swap of two neighbouring characters.

The first field of every code in this game is its type (``TYPE_BOARD``, ``TYPE_PUZZLE``), so a code
of one kind typed where the other is expected is refused with a reason instead of making nonsense.

    text = encode(((TYPE_BOARD, 2), (w - 5, 5), ...))     # -> e.g. "4FZK0QX7M2A"
    fields = decode(text, (2, 5, ...))                     # -> [TYPE_BOARD, w - 5, ...]

Codes are not hot code: the packed number may pass 2**30 (a long int on the device, made once).
"""

from mines._const import const

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
MAX_CHARS = 12  # the longest code, check character included

TYPE_BOARD = 0
TYPE_PUZZLE = 1
TYPE_NAMES = ("board", "puzzle", "type 2", "type 3")
TYPE_BITS = 2

_POLY = const(0x25)  # x^5 + x^2 + 1, primitive: x generates all 31 non-zero elements
_ALIASES = {"I": 1, "L": 1, "O": 0}


def _gf_mul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a & 32:
            a ^= _POLY
    return r


def _check(values):
    """The check value of a list of 5-bit values (0..31)."""
    s = 0
    w = 2  # the generator x; position k weighs x^(k+1), never 0 or 1
    for v in values:
        s ^= _gf_mul(v, w)
        w = _gf_mul(w, 2)
    return s


def chars_for(bits):
    """How many characters (check character included) a code of ``bits`` field bits takes."""
    return (bits + 4) // 5 + 1


def encode(fields):
    """``fields``: ((value, bits), ...), each 0 <= value < 2**bits. Returns the code: as many
    base-32 characters as the bits need, then the check character. ValueError if a value does
    not fit its bits or the code would pass MAX_CHARS."""
    number = 0
    total = 0
    for value, bits in fields:
        if not (0 <= value < (1 << bits)):
            raise ValueError("code field %d does not fit in %d bits" % (value, bits))
        number = (number << bits) | value
        total += bits
    n = (total + 4) // 5
    if n + 1 > MAX_CHARS:
        raise ValueError("a code of %d bits is too long" % total)
    number <<= 5 * n - total  # fields from the first character on; the spare bits at the end
    values = [0] * n
    for k in range(n - 1, -1, -1):
        values[k] = number & 31
        number >>= 5
    values.append(_check(values))
    return "".join([ALPHABET[v] for v in values])


def _values(text):
    values = []
    for ch in text.upper():
        if ch in " -":
            continue
        v = ALPHABET.find(ch)
        if v < 0:
            if ch in _ALIASES:
                v = _ALIASES[ch]
            else:
                raise ValueError("'%s' is not a code character (use 0-9 and A-Z)" % ch)
        values.append(v)
    return values


def decode(text, widths):
    """The fields of ``text`` (spaces and dashes ignored, any case) as a list of ints, for a code
    written by ``encode`` with fields of ``widths`` bits. Raises ValueError with a short reason
    a player can act on: wrong length, a character that is not in codes, a failed check."""
    values = _values(text)
    total = 0
    for b in widths:
        total += b
    n = (total + 4) // 5
    if len(values) != n + 1:
        raise ValueError("a code has %d characters, not %d" % (n + 1, len(values)))
    if _check(values[:n]) != values[n]:
        raise ValueError("check failed: a character is mistyped")
    number = 0
    for k in range(n):
        number = (number << 5) | values[k]
    spare = 5 * n - total
    if number & ((1 << spare) - 1):
        raise ValueError("check failed: a character is mistyped")
    number >>= spare
    out = [0] * len(widths)
    for k in range(len(widths) - 1, -1, -1):
        b = widths[k]
        out[k] = number & ((1 << b) - 1)
        number >>= b
    return out


def code_type(text):
    """The type field (TYPE_BOARD, TYPE_PUZZLE, ...) of a code, read from its first character
    without checking the rest; -1 if the text has no code character. Lets a caller say "that is
    a puzzle code" before decoding with its own widths."""
    try:
        values = _values(text)
    except ValueError:
        return -1
    if not values:
        return -1
    return values[0] >> (5 - TYPE_BITS)
