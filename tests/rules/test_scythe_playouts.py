# Random Scythe playouts over 2-5 players from fixed seeds, checking after every decision
# that the state is consistent (check(): the 42 combat cards conserved (deck + discard pile +
# hands) and the 23 objectives, power 0-16, popularity 0-18, units on real spaces, one star
# per achievement, upgrade cubes and recruits accounted for), that resources change only
# through Produce, Trade and payments, and that clone and serialised forms round-trip equal
# (the public form decodes, and is the whole state outside a combat's dials),
# and every goal met has its star at once; every game ends on a 6th star with the winners an
# independent count names.
import os

from firmware.rng import Rng
from firmware.rules.scythe import tables as TB
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import achievements, coins, deck_size, hand_size, po, stars
from firmware.rules.scythe.engine import State, new_game
from firmware.rules.scythe.score import structure_count

from .scythe_support import board
from .support import MICROPYTHON

GAMES = int(os.getenv("SCYTHE_PLAYOUTS") or (4 if MICROPYTHON else 100))
_KEEP_RES = (L.K_MOVE_UNIT, L.K_MOVE_TO, L.K_CARRY, L.K_COMBAT_AT, L.K_DIAL, L.K_CARD,
             L.K_SECTION, L.K_UPGRADE_TOP, L.K_UPGRADE_BOTTOM, L.K_DEPLOY_MECH, L.K_DEPLOY_AT,
             L.K_BUILD_WHICH, L.K_BUILD_AT, L.K_ENLIST_SECTION, L.K_ENLIST_BONUS, L.K_OBJECTIVE,
             L.K_RETREAT)


def _pick(rng, opts):
    return opts[rng.below(len(opts))]


def _chance(st, rng):
    return rng.weighted(st.chance_outcomes())


def _independent_winners(st):
    """The winners counted again from the units and structures, apart from score.py."""
    s = st.s
    n = s[L.N]
    b = st.board
    owner = {}
    for p in range(n):
        for i in range(4):
            x = s[po(p) + L.P_STRUCT + i]
            if x != 255:
                owner[x] = p
    units = {}
    for p in range(n):
        for u in range(13):
            x = s[po(p) + L.P_UNITS + u]
            if x != 255:
                units.setdefault(x, set()).add(p)
    for x, ps in units.items():
        owner[x] = list(ps)[0]
    keys = []
    for p in range(n):
        pop = s[po(p) + L.P_POP]
        t = 0 if pop <= 6 else (1 if pop <= 12 else 2)
        mine = [x for x, q in owner.items() if q == p and b.terrain[x] != 0]
        terr = sum(3 if b.terrain[x] == 7 else 1 for x in mine)
        res = sum(s[L.RES0 + 4 * x + r] for x in mine for r in range(4))
        f = coins(st, p) + (3, 4, 5)[t] * stars(st, p) + (2, 3, 4)[t] * terr + (1, 2, 3)[t] * (res // 2)
        f += TB.structure_bonus_coins(s[L.TILE], structure_count(st, p, s[L.TILE]))
        on_board = sum(1 for u in range(1, 13) if s[po(p) + L.P_UNITS + u] != 255)
        on_board += sum(1 for i in range(4) if s[po(p) + L.P_STRUCT + i] != 255)
        keys.append((f, on_board, s[po(p) + L.P_POWER], pop, res, terr, stars(st, p)))
    best = max(keys)
    return tuple(p for p in range(n) if keys[p] == best)


def _play(seed, players):
    rng = Rng(seed)
    st = new_game(board(), players)
    steps = 0
    while not st.is_terminal():
        assert steps < 20000, "a game of more than 20000 decisions"
        kind = st.decision()
        a = _chance(st, rng) if st.current_player() == -1 else _pick(rng, st.legal_actions())
        before = sum(st.s[L.RES0:])
        st.apply(a)
        steps += 1
        problem = st.check()
        assert problem is None, (seed, steps, problem)
        cards = deck_size(st) + sum(st.s[L.DISCARD:L.DISCARD + 4])
        cards += sum(hand_size(st, p) for p in range(players))
        assert deck_size(st) >= 0 and cards == 42, (seed, steps)
        if not st.is_terminal() and not st.s[L.DEFER] and st.s[L.STAGE] >= L.ST_SECTION:
            for p in range(players):   # every goal met has its star (none left to place)
                assert not achievements(st, p) & ~st.s[po(p) + L.P_STARS], (seed, steps, p)
        if kind in _KEEP_RES:
            assert sum(st.s[L.RES0:]) == before, (seed, steps, kind)
        if steps % 97 == 0:
            assert st.clone().s == st.s
            back = State.from_bytes(board(), st.to_bytes())
            assert back.s == st.s
            public = State.from_bytes(board(), st.public_bytes())   # the host's form decodes
            assert public.s[L.C_DIAL] == public.s[L.C_DIAL + 1] == 0   # no pending dial shows
            if st.s[L.STAGE] not in (L.ST_DIAL, L.ST_CARD):
                assert bytes(st.public_bytes())[7:-4] == bytes(st.s)   # nothing else is secret
    assert max(stars(st, p) for p in range(players)) == 6
    assert st.winners() == _independent_winners(st), seed
    return steps


def test_random_playouts_keep_every_invariant_and_end_with_the_right_winners():
    for g in range(GAMES):
        _play(1000 + g, 2 + g % 4)


def test_undo_restores_the_position_before_a_decision():
    rng = Rng(7)
    st = new_game(board(), 4)
    for _ in range(300):
        a = _chance(st, rng) if st.current_player() == -1 else _pick(rng, st.legal_actions())
        before = bytes(st.s)
        st.apply(a)
        st.undo()
        assert bytes(st.s) == before
        st.apply(a)
