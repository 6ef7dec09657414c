# A small seeded PRNG with the same sequence on MicroPython and CPython (xorshift32, kept
# inside 32 bits), for the device's dice and the simulator's games: a seed replays a game.


class Rng:
    def __init__(self, seed=1):
        self.x = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def next(self):
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x
        return x

    def below(self, n):
        """A number in 0..n-1."""
        return self.next() % n

    def choice(self, seq):
        return seq[self.next() % len(seq)]

    def weighted(self, pairs):
        """An outcome from (outcome, weight) pairs."""
        total = 0
        for _, w in pairs:
            total += w
        r = self.next() % total
        for o, w in pairs:
            if r < w:
                return o
            r -= w
        return pairs[-1][0]
