# Random playouts: complete games over 2-6 players from fixed seeds, checking after every
# decision that goods are conserved, pies stay 0-10, trophies are unique per player, clone
# and serialised forms round-trip equal; every game ends with the winners the rules name.
import os

from firmware.rules.mls import view
from firmware.bots import RandomBot, chance_step
from firmware.rng import Rng
from firmware.rules.mls.codes import CHANCE, G_APPLE, G_GEM, G_QUEST, TROPHIES_TO_WIN
from firmware.rules.mls.engine import State, new_game

from .support import MICROPYTHON, board

GAMES = int(os.getenv("PLAYOUTS") or (40 if MICROPYTHON else 1000))
TOTALS = ((G_APPLE, 24), (G_GEM, 24), (G_QUEST, 12))


def _check_invariants(st):
    n = st.n_players()
    for good, total in TOTALS:
        on_map = 0
        for x in range(37):
            on_map += (st.apples, st.gems, st.quest_token)[good](x)
        assert on_map + st.supply(good) + view.goods_held(st, good) == total, (good, on_map)
    for p in range(n):
        assert 0 <= st.pies(p) <= 10
        mask = view.trophies(st, p)
        assert mask < 256
        assert bin(mask).count("1") <= TROPHIES_TO_WIN
    for x in range(37):
        assert st.quest_token(x) <= 1


def _expected_winners(st):
    """The rulebook's winner, computed here independently of State.winners()."""
    n = st.n_players()
    four = [p for p in range(n) if bin(view.trophies(st, p)).count("1") == TROPHIES_TO_WIN]
    assert four, "the game ended without a player holding 4 trophies"

    def goods(p):
        spaces = {loc for loc in st.seekers(p) if loc != 63}
        return sum(st.apples(x) + st.gems(x) for x in spaces)

    best = max(view.friendship(st, p) for p in four)
    four = [p for p in four if view.friendship(st, p) == best]
    best = max(goods(p) for p in four)
    return tuple(p for p in four if goods(p) == best)


def play_checked(seed, full_checks=True):
    players = 2 + seed % 5
    rng = Rng(seed)
    st = new_game(board(), players)
    bots = [RandomBot(rng) for _ in range(players)]
    decisions = 0
    while not st.is_terminal():
        if st.current_player() == CHANCE:
            chance_step(st, rng)
        else:
            st.apply(bots[st.current_player()].choose(st))
        decisions += 1
        assert decisions < 20000, "seed %d: no end" % seed
        _check_invariants(st)
        if full_checks:
            c = st.clone()
            assert bytes(c.s) == bytes(st.s) and c.legal_actions() == st.legal_actions()
            back = State.from_bytes(board(), st.to_bytes())
            assert bytes(back.s) == bytes(st.s)
    assert st.winners() == _expected_winners(st), seed
    return st, decisions


def test_random_playouts_keep_every_invariant_and_end_with_the_right_winners():
    ends = 0
    for seed in range(GAMES):
        st, _ = play_checked(seed)
        ends += st.is_terminal()
    assert ends == GAMES


def test_every_player_count_is_played():
    counts = set()
    for seed in range(min(GAMES, 10)):
        counts.add(2 + seed % 5)
    assert counts == {2, 3, 4, 5, 6}
