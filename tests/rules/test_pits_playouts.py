# Random playouts of Pie in the Sky games (2-6 players, mats by kingdom and at random) from
# fixed seeds, checking after every decision: goods conserved including the cargo holds,
# at most one gadget a space, the airship never on the castle (camps are not spaces),
# trophies once each and at most 5, clone and save round-trips equal; every game ends with the
# winners the rules name (5 trophies, friendship, goods controlled including the cargo holds).
import os

from firmware.bots import RandomBot, chance_step
from firmware.rng import Rng
from firmware.rules.mls import view
from firmware.rules.mls.bot import nudge
from firmware.rules.mls.codes import CHANCE, G_APPLE, G_GEM, G_QUEST, K_AIR_SUPPORT, K_OVER, NONE, TERMINAL
from firmware.rules.mls.layout import HOLD_CARGO, XOPT
from firmware.rules.mls.pits import PitsState
from firmware.rules.mls.ruleset import RULESET

from .support import MICROPYTHON, board

GAMES = int(os.getenv("PLAYOUTS") or (10 if MICROPYTHON else 100))
TOTALS = ((G_APPLE, 24), (G_GEM, 24), (G_QUEST, 12))
CASTLE = 18


def _check_invariants(st):
    n = st.n_players()
    assert st.s[XOPT] == 1
    for good, total in TOTALS:
        held = st.supply(good) + view.goods_held(st, good)
        for x in range(37):
            held += (st.apples, st.gems, st.quest_token)[good](x)
        for p in range(n):
            held += st.goods_at(HOLD_CARGO + p, good)
        assert held == total, (good, held)
    ship = st.airship()
    assert ship == NONE or (ship < 37 and ship != CASTLE), ship
    gadgets = [st.gadget(p) for p in range(n) if st.gadget(p) != NONE]
    assert len(set(gadgets)) == len(gadgets) and CASTLE not in gadgets, gadgets
    for p in range(n):
        assert bin(view.trophies(st, p)).count("1") <= 5
    problem = st.check()
    assert problem is None, problem


def _expected_winners(st):
    n = st.n_players()
    five = [p for p in range(n) if bin(view.trophies(st, p)).count("1") == 5]
    assert five, "the game ended without a player holding 5 trophies"

    def goods(p):
        spaces = {loc for loc in st.seekers(p) if loc != 63}
        return sum(st.apples(x) + st.gems(x) for x in spaces) + st.cargo(p, G_APPLE) + st.cargo(p, G_GEM)

    best = max(view.friendship(st, p) for p in five)
    five = [p for p in five if view.friendship(st, p) == best]
    best = max(goods(p) for p in five)
    return tuple(p for p in five if goods(p) == best)


def play_checked(seed, players=None, full_checks=True):
    if players is None:
        players = 2 + seed % 5
    rng = Rng(seed)
    st = RULESET.new_game(board(), players, {"pits": [1], "mats": [seed % 2]})
    assert isinstance(st, PitsState)
    bots = [RandomBot(rng, nudge) for _ in range(players)]
    decisions = air = 0
    while not st.is_terminal():
        air += st.decision() == K_AIR_SUPPORT
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
            back = RULESET.from_bytes(board(), st.to_bytes())
            assert bytes(back.s) == bytes(st.s)
    assert st.current_player() == TERMINAL and st.decision() == K_OVER and st.legal_actions() == []
    winners = st.winners()
    assert winners and winners == _expected_winners(st), (seed, winners)
    return st, air


def test_random_expansion_playouts_keep_every_invariant_and_end_with_the_right_winners():
    for seed in range(GAMES):
        play_checked(seed)


def test_expansion_games_use_the_airship_and_the_cargo_holds():
    # Over a few games the random bots fly the airship and fill cargo holds: the playouts
    # above exercise Air Support, not only the base game.
    supports = filled = 0
    for seed in range(5):
        st, air = play_checked(500 + seed, 4, full_checks=False)
        filled += sum(st.cargo(p, G_APPLE) + st.cargo(p, G_GEM) for p in range(4))
        supports += air
    assert filled > 0 and supports > 0
