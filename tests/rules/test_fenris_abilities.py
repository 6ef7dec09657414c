# Faction abilities by flag, not by faction number (docs/fenris.md C2, step 2; D1): the engine
# asks common.has_ability(st, p, AB_*), so an ability another faction gains (an Alliance token,
# later) works as its own; Saxony's Dominate is "no limit" on combat and objective stars, which
# gives the base game's games (Saxony holds 2 objective cards and never draws). CPython and the
# MicroPython unix port.
import sys

from firmware.rules.scythe import common
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe import tables as TB
from firmware.rules.scythe.common import has_ability, objective_limit, po
from tests.rules.scythe_support import (AGRICULTURAL, CRIMEA, ENGINEERING, INDUSTRIAL, MECHANICAL, NORDIC,
                                        PATRIOTIC, POLANIA, RUSVIET, SAXONY, begin_turn, set_player, started,
                                        win_attack)

_ABILITIES = (C.AB_SWIM, C.AB_RELENTLESS, C.AB_COERCION, C.AB_DOMINATE, C.AB_MEANDER)


def test_each_base_faction_has_its_own_ability_only():
    st = started((NORDIC, RUSVIET, CRIMEA, SAXONY, POLANIA),
                 (INDUSTRIAL, ENGINEERING, PATRIOTIC, MECHANICAL, AGRICULTURAL))
    for p in range(5):
        assert [has_ability(st, p, ab) for ab in _ABILITIES] == [i == p for i in range(5)]


class _Swapped:
    """Nordic's and Saxony's faction abilities exchanged in tables.FACTIONS while in use."""

    def __enter__(self):
        self.saved = TB.FACTIONS
        t = bytearray(TB.FACTIONS)
        a = C.FA_ABILITY
        t[4 * NORDIC + a], t[4 * SAXONY + a] = t[4 * SAXONY + a], t[4 * NORDIC + a]
        TB.FACTIONS = bytes(t)
        assert common.TB is TB
        return self

    def __exit__(self, *exc):
        TB.FACTIONS = self.saved
        return False


def test_dominate_is_read_by_ability_not_by_faction_number():
    # Base: "the Saxon player, who can achieve up to 2 objective stars"; "Win combat (up to 2
    # times)"; Saxony's Dominate: no limit (data: "Dominate: no limit on combat or objective
    # stars"). With the two factions' abilities exchanged, the Nordic player dominates.
    with _Swapped():
        for fac, expect in ((NORDIC, 3), (SAXONY, 2)):
            st = started((fac, POLANIA), (MECHANICAL, INDUSTRIAL))
            st.s[po(0) + L.P_COMBAT_STARS] = 2
            win_attack(st)
            assert st.s[po(0) + L.P_COMBAT_STARS] == expect, fac
            assert st.check() is None
        st = started((NORDIC, SAXONY))
        assert objective_limit(st, 0) == 6 and objective_limit(st, 1) == 1
    st = started((NORDIC, SAXONY))
    assert objective_limit(st, 0) == 1 and objective_limit(st, 1) == 6   # D1: no limit


def test_dominate_without_a_limit_keeps_the_base_games():
    # D1: "up to 2" and "no limit" give the same games: Saxony holds 2 cards and never draws.
    st = started((SAXONY, NORDIC))
    begin_turn(st, 0)
    st.apply_checked(0, 0)
    for card in (3, 4):
        st.apply_checked(L.O_OBJ1, 0)
        st.apply_checked(card, 0)
    assert st.s[po(0) + L.P_OBJ_STARS] == 2 and st.s[po(0) + L.P_OBJ_HELD] == 0
    assert L.O_OBJ1 not in st.legal_actions() and st.check() is None


def test_relentless_is_read_from_the_ability():
    # Relentless (Rusviet: "may choose the same section as last turn"), through has_ability as
    # every faction ability now (turn.py, move.py, encounter.py, common.py, check.py).
    st = started((RUSVIET, NORDIC))
    set_player(st, 0, last=2)
    begin_turn(st, 0)
    assert 2 in st.legal_actions()                   # Relentless: the same section again
    st = started((POLANIA, NORDIC))
    set_player(st, 0, last=2)
    begin_turn(st, 0)
    assert 2 not in st.legal_actions()


def test_the_module_aware_readings_answer_as_common_s_on_a_base_game():
    # docs/fenris.md C2, C3: a module game installs fenris_hooks' has_ability and abilities in
    # place of common's (a base game keeps its code and heap); on a base state, played after a
    # module game on the same board, they give common's answers.
    from firmware.rng import Rng
    from firmware.rules.scythe import fenris  # noqa: F401  (installs the hooks)
    from firmware.rules.scythe import fenris_hooks as FH
    from firmware.rules.scythe import move
    from firmware.rules.scythe.engine import new_game
    from tests.rules.scythe_support import board

    assert common.has_ability is FH.has_ability and common.abilities is FH.abilities
    assert move.has_ability is FH.has_ability and move.abilities is FH.abilities   # loaded before
    from firmware.rules.scythe import fenris_combat as FC
    from firmware.rules.scythe import fenris_faction as FF
    from firmware.rules.scythe import fenris_vesna as FV

    # (Episode 8a's, 4's and 5's stops go over Fenris's once a game of them loaded them, in the
    # order they loaded: fenris_newera.py, fenris_agents.py, fenris_fortress.py; each over the one before)
    over = [sys.modules.get("firmware.rules.scythe." + m) for m in ("fenris_newera", "fenris_agents",
                                                                     "fenris_fortress", "fenris_plea")]
    over = [m for m in over if m is not None]
    stops = move._stops
    for _ in range(len(over)):
        stops = [m for m in over if m.stops is stops][0]._PLAIN[0]
    agents = sys.modules.get("firmware.rules.scythe.fenris_agents")
    assert agents is None or move.destinations is agents.destinations is not agents._PLAIN[1]
    assert move.steps is FV.steps and stops is FF.stops and common.seats is FF.seats
    from firmware.rules.scythe import encounter, engine

    assert encounter._model_terms is FV.model_terms and engine.faction_byte is FV.faction_byte
    plain_has, plain_abilities = FH._PLAIN
    st = new_game(board(), 5)
    rng = Rng(3)
    n = 0
    while not st.is_terminal() and n < 3000:
        if n % 20 == 0 and st.s[L.STAGE] >= L.ST_SECTION:
            for p in range(5):
                assert FH.abilities(st, p) == plain_abilities(st, p)
                for ab in _ABILITIES:
                    assert FH.has_ability(st, p, ab) == plain_has(st, p, ab)
                    assert FH.has_ability(st, p, ab | C.AB_HAD) == plain_has(st, p, ab)
                # the Fenris faction's seats, steps and stops (fenris_faction.py)
                ab = plain_abilities(st, p)
                ctrl = common.control_map(st)[0]
                for u in range(L.N_UNITS):
                    x = st.s[common.po(p) + L.P_UNITS + u]
                    if x != L.NOWHERE:
                        assert FV.steps(st, p, u, x, ab, ctrl) == FF._PLAIN[1](st, p, u, x, ab, ctrl)
                        assert FF.stops(st, p, u, x) == FF._PLAIN[0](st, p, u, x)
                assert FC.slots(st, p) == FC._PLAIN[2](st, p)
            assert common.seats(st) == FF._PLAIN[2](st)
        opts = st.legal_actions()
        chance = st.current_player() < 0
        st.apply(rng.weighted(st.chance_outcomes()) if chance else opts[rng.below(len(opts))])
        n += 1
