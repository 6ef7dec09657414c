# My Little Scythe's invariants for the conformance suite (tests/conformance/games.py finds this
# module by the ruleset's name). After every decision the engine's own st.check() (run by the
# suite) already counts every good (spaces, supply, a gift in hand, the cargo holds), every card
# by id (30 spells, quest cards, power-up tiles, personalities), pies 0-10, trophies, the
# airship, mats and gadgets; here only what it does not: the end of a game, the winners named
# again from the rulebook apart from State.winners() ("the first player to 4 trophies (5 with
# Pie in the Sky) ... ties: most friendship, then most apples and gems controlled").
from firmware.rules.mls import view
from firmware.rules.mls.codes import K_OVER, NONE, TERMINAL, TROPHIES_TO_WIN
from firmware.rules.mls.layout import XOPT


def step(st, before, kind):
    return None


def _trophies(st, p):
    return st.trophy_count(p) if st.s[XOPT] else bin(view.trophies(st, p)).count("1")


def expected_winners(st):
    """The rulebook's winners, computed here independently of State.winners()."""
    n = st.n_players()
    win = TROPHIES_TO_WIN + st.s[XOPT]
    full = [p for p in range(n) if _trophies(st, p) == win]
    assert full, "the game ended without a player holding %d trophies" % win

    def goods(p):
        spaces = {loc for loc in st.seekers(p) if loc != 63}
        g = sum(st.apples(x) + st.gems(x) for x in spaces)
        if st.s[XOPT]:
            g += st.cargo(p, 0) + st.cargo(p, 1)
        return g

    best = max(view.friendship(st, p) for p in full)
    full = [p for p in full if view.friendship(st, p) == best]
    best = max(goods(p) for p in full)
    return tuple(p for p in full if goods(p) == best)


def end(st):
    assert st.current_player() == TERMINAL and st.decision() == K_OVER and st.legal_actions() == []
    winners = st.winners()
    assert winners, "no winner"
    for p in range(st.n_players()):
        assert _trophies(st, p) <= TROPHIES_TO_WIN + st.s[XOPT], p
    if st.s[XOPT] and st.am_side() != NONE:
        # Solo: Automountie (seat 1) counts her dropped trophies; someone holds 5.
        assert max(st.trophy_count(0), st.trophy_count(1)) == 5
        return
    assert winners == expected_winners(st), (winners, expected_winners(st))
