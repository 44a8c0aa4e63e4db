"""A tiny deterministic PRNG that gives the same numbers under CPython, MicroPython and CircuitPython.

Two multiply-with-carry generators in base 2**15 (Marsaglia's MWC, multipliers 32760 and 32730, for
which a * 2**15 - 1 is a safe prime), combined into 30-bit outputs. Every intermediate value stays
below 2**30, so on the device all arithmetic is on small ints and nothing is allocated.
The combined period is about 2**58.
"""

from mines._const import const

_MASK15 = const(0x7FFF)


class Rng:
    """Seeded with any int; ``below(n)`` gives 0..n-1, ``bits30()`` gives 0..2**30-1."""

    def __init__(self, seed=0):
        self.z = 1
        self.w = 1
        self.seed(seed)

    def seed(self, seed):
        """Restart the stream from ``seed`` (any int, negative and huge ones included)."""
        seed = int(seed)
        if seed < 0:
            seed = -seed * 2 + 1
        # Fold a seed of any size into 30 bits without big multiplications.
        s = 0
        while True:
            s ^= seed & 0x3FFFFFFF
            seed >>= 30
            if not seed:
                break
            s = ((s & 0x7FFF) * 31 + (s >> 15)) ^ 0x2545F49
        # Both states must be non-zero and below a * 2**15 - 1.
        lo = s & _MASK15
        hi = s >> 15
        z = lo * 2 + 0x1235
        w = ((hi ^ (lo * 7)) & _MASK15) * 2 + 0x4322
        for _ in range(8):  # stir, so nearby seeds part ways at once (``bits30``'s steps)
            z = 32760 * (z & _MASK15) + (z >> 15)
            w = 32730 * (w & _MASK15) + (w >> 15)
        self.z = z
        self.w = w

    def bits30(self):
        """Next value, 0 <= value < 2**30."""
        z = self.z
        z = 32760 * (z & _MASK15) + (z >> 15)
        self.z = z
        w = self.w
        w = 32730 * (w & _MASK15) + (w >> 15)
        self.w = w
        # Each half of the output draws on both generators.
        return (((z ^ (w >> 15)) & _MASK15) << 15) | ((w ^ (z >> 15)) & _MASK15)

    def below(self, n):
        """A value 0 <= value < n, for 1 <= n <= 2**30 (the modulo bias is below n / 2**30):
        ``bits30() % n``, written out (the generator's most frequent call)."""
        z = self.z
        z = 32760 * (z & _MASK15) + (z >> 15)
        self.z = z
        w = self.w
        w = 32730 * (w & _MASK15) + (w >> 15)
        self.w = w
        return ((((z ^ (w >> 15)) & _MASK15) << 15) | ((w ^ (z >> 15)) & _MASK15)) % n
