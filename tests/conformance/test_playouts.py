# Playouts of every game (tests/conformance/games.py: each registered ruleset in each option
# set its seam declares), random bots and the ruleset's rule bot, to the end, from fixed seeds.
# After every decision: st.check() and the ruleset's own invariants (invariants_<name>.py);
# options never empty before the end and none after it; a chance decision's outcomes a proper
# distribution (distinct outcomes, exactly the legal options, positive integer weights: the
# weights rng.weighted draws with, chance_outcomes() in firmware/rules/core.py); the bytes round
# trip (from_bytes(to_bytes()) the same state, options and hash); the table's snapshot
# (public_bytes) decodes to the same decision. At the end: winners among the players, the
# ruleset's end invariants, and the game replayed from st.history equal to the one played.
import os

from tests.rules.support import MICROPYTHON

from .checked import check_chance, check_decision, check_replay, check_round_trip, play_checked  # noqa: F401
from .games import add_tests, combined as _combined, forms, in_cover, on_off_count, pair, volume

# Random games per game form (a form: "mls", "mls+pits+solo", ...); the player counts in turn.
# Each count is the whole volume; make test plays its first QUICK_* seeds, make test-long the
# others (games.volume, docs/testing.md). (Was 120 and 20 until stop 61: CI's run reached 85 of its
# 90 minutes; the soak, tools/soak.py, plays 1,000 games of each combination with the same checks.)
RANDOM_GAMES = int(os.getenv("CONFORMANCE_PLAYOUTS") or (3 if MICROPYTHON else 60))
QUICK_RANDOM = 1 if MICROPYTHON else 4   # (8 until stop 62: make test's 20 minutes)
# A form with two or more on/off options (Scythe's modules combined: scythe+rivals+war, ...) plays
# COMBO_GAMES: the Module Chart allows 704 combinations, each option alone keeps RANDOM_GAMES
# (docs/fenris.md section 2: the long runs set CONFORMANCE_COMBO_PLAYOUTS). Of these, the forms of
# two options (124 of the 142 combined forms) play QUICK_PAIR in make test, the largest QUICK_COMBO.
COMBO_GAMES = int(os.getenv("CONFORMANCE_COMBO_PLAYOUTS") or (1 if MICROPYTHON else 10))
QUICK_PAIR = 0 if MICROPYTHON else 1
QUICK_COMBO = 1 if MICROPYTHON else 2    # (4 until stop 62)
# Of those, the first FULL_GAMES get the round trips at every decision and the replay at the end
# (three times the cost of a game with st.check() and the invariants alone).
FULL_GAMES = int(os.getenv("CONFORMANCE_FULL_PLAYOUTS") or (3 if MICROPYTHON else 20))
# A combined form's: the first COMBO_FULL (each option alone has been through FULL_GAMES).
COMBO_FULL = int(os.getenv("CONFORMANCE_COMBO_FULL_PLAYOUTS") or (1 if MICROPYTHON else 5))
# Games per form played to the end by the ruleset's rule bot (Ruleset.strong_bot) in every seat;
# a combined form: COMBO_RULE_GAMES, none of them in make test for a pair. (Suite time: the combined
# forms grow with the pairs of options; with 3 rule-bot games and 20 full random games each, the
# 9 forms with Mech Mods added 15 minutes on this 2-core machine.)
RULE_GAMES = int(os.getenv("CONFORMANCE_RULE_PLAYOUTS") or (1 if MICROPYTHON else 3))
COMBO_RULE_GAMES = int(os.getenv("CONFORMANCE_COMBO_RULE_PLAYOUTS") or 1)
def _random_seeds(g):
    if not _combined(g):
        return volume(QUICK_RANDOM, RANDOM_GAMES)
    return volume(QUICK_PAIR if pair(g) else QUICK_COMBO, COMBO_GAMES)


def _held_by_a_largest(g):
    """Whether a form of g's ruleset with more than two on/off options holds g's options (and its
    solo word)."""
    for h in forms():
        if h.rs is g.rs and _combined(h) and not pair(h) and all(
                h.options.get(k) == v for k, v in g.options.items()):
            return True
    return False


def _rule_bot_seeds(g):
    if not _combined(g):
        # (the unix port's make test: each ruleset's plain form only; a Scythe form's game takes
        # 6 to 20 s there, the forms with an option are in make test-long. CPython's: a form of one
        # option too, unless a combination of more than two options holds it, whose rule-bot
        # game make test plays: each Scythe module's 4 to 12 s, docs/testing.md)
        return volume(0 if on_off_count(g) and (MICROPYTHON or _held_by_a_largest(g)) else 1, RULE_GAMES)
    return volume(0 if pair(g) or not in_cover(g) else 1, 0 if MICROPYTHON else COMBO_RULE_GAMES)


def _random_playouts(g, seeds):
    full = COMBO_FULL if _combined(g) else FULL_GAMES
    for seed in seeds:
        play_checked(g, seed, round_trip=seed < full, replay=seed < full)


def _rule_bot_playouts(g, seeds):
    for seed in seeds:
        play_checked(g, 100 + seed, "strong", round_trip=seed == 0, replay=seed == 0)


add_tests(globals(), "random_playouts_keep_every_invariant_to_the_end", _random_playouts,
          seeds=_random_seeds)
# (the unix port plays no combined form's rule-bot game: _rule_bot_seeds)
add_tests(globals(), "rule_bot_playouts_keep_every_invariant_to_the_end", _rule_bot_playouts,
          seeds=_rule_bot_seeds)
