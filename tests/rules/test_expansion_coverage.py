# The random games of the conformance suite (tests/conformance/test_playouts.py) reach what Pie
# in the Sky and Automountie add, not only the base game: over a few seeded games the random
# bots call Air Support (the airship die rolled), fill cargo holds, and Automountie flies (her
# card's direction) and pays for her trophies.
from firmware.rules.mls.codes import G_APPLE, G_GEM, K_AIR_SUPPORT, K_AM_DIRECTION, K_AM_PAY

from tests.conformance.games import game, playout

from .support import MICROPYTHON


def _kinds_seen(g, seeds, kinds, players=None):
    seen = {}
    for k in kinds:
        seen[k] = 0

    def on_step(st, before, kind, a):
        if kind is not None and kind in seen:
            seen[kind] += 1

    games = [playout(g, seed, "random", on_step, players) for seed in seeds]
    return seen, games


def test_random_expansion_games_use_air_support_and_the_cargo_holds():
    seen, games = _kinds_seen(game("mls+pits"), range(500, 505), (K_AIR_SUPPORT,), 4)
    filled = sum(st.cargo(p, G_APPLE) + st.cargo(p, G_GEM) for st in games for p in range(4))
    assert seen[K_AIR_SUPPORT] > 0 and filled > 0, (seen, filled)


def test_random_solo_games_play_automountie_s_flights_and_trophies():
    seeds = range(1, 3 if MICROPYTHON else 7)
    for name in ("mls+pits+solo", "mls+pits+emp"):
        seen, _ = _kinds_seen(game(name), seeds, (K_AM_DIRECTION, K_AM_PAY))
        assert seen[K_AM_DIRECTION] > 0 and seen[K_AM_PAY] > 0, (name, seen)
