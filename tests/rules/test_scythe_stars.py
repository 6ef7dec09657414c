# Scythe stars and the end (rulebook "Placing Stars", "Game End And Scoring"): a star for
# each goal met, once; objectives revealed the physical way (1 star, Saxony 2); the game
# ends at once on a 6th star; the fortune by popularity tier (stars, territories with the
# Factory as 3, every 2 resources, the structure bonus tile) and the tie-breakers.
from firmware.rules.scythe import content as C
from firmware.rules.scythe import tables as TB
from firmware.rules.scythe import layout as L
from firmware.rules.errors import IllegalDecisionError
from firmware.rules.scythe.common import coins, po, stars
from tests.rules.support import raises
from firmware.rules.scythe.score import fortune, ranking_key, structure_count, territories, tier
from firmware.rules.scythe.common import control_map
from tests.rules.scythe_support import (INDUSTRIAL, MECHANICAL, NORDIC, SAXONY, H,
                                        begin_turn, build, put, set_player, set_res, started,
                                        take_top)


def test_reaching_sixteen_power_places_the_power_star_once():
    st = started((NORDIC, SAXONY))
    set_player(st, 0, power=14, coins=5)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_BOLSTER)
    assert st.s[po(0) + L.P_STARS] == 1 << C.S_POWER and stars(st, 0) == 1
    set_player(st, 0, power=10)
    set_player(st, 0, power=16)
    begin_turn(st, 0)
    assert stars(st, 0) == 1


def test_revealing_an_objective_places_one_star_and_discards_both_cards():
    st = started((NORDIC, SAXONY))
    begin_turn(st, 0)
    st.apply_checked(0, 0)
    st.apply_checked(L.O_OBJ1, 0)
    assert st.decision() == L.K_OBJECTIVE and st.legal_actions() == list(range(23)) + [L.OBJ_NOT_MET]
    st.apply_checked(7, 0)                     # the player states the card's number
    s = st.s
    assert s[po(0) + L.P_OBJ_STARS] == 1 and s[po(0) + L.P_OBJ_HELD] == 0   # both cards gone
    assert (s[L.OBJ_OUT] >> 7) & 1 and st.decision() == L.K_TOP
    assert L.O_OBJ1 not in st.legal_actions()


def test_an_objective_number_already_revealed_is_refused():
    st = started((NORDIC, SAXONY))
    st.s[L.OBJ_OUT] = 1 << 7                   # Saxony revealed objective 7
    st.s[po(1) + L.P_OBJ_STARS] = 1
    st.s[po(1) + L.P_OBJ_HELD] = 1
    begin_turn(st, 0)
    st.apply_checked(0, 0)
    st.apply_checked(L.O_OBJ1, 0)
    assert 7 not in st.legal_actions() and len(st.legal_actions()) == 22 + 1   # and OBJ_NOT_MET
    before = bytes(st.s)
    raises(IllegalDecisionError, st.apply_checked, 7, 0)
    assert bytes(st.s) == before


def test_saxony_may_reveal_both_objectives():
    st = started((SAXONY, NORDIC))
    begin_turn(st, 0)
    st.apply_checked(0, 0)
    st.apply_checked(L.O_OBJ1, 0)
    st.apply_checked(3, 0)
    assert st.s[po(0) + L.P_OBJ_HELD] == 1     # Saxony keeps the other card
    assert L.O_OBJ1 in st.legal_actions()
    st.apply_checked(L.O_OBJ1, 0)
    assert 3 not in st.legal_actions()
    st.apply_checked(4, 0)
    assert st.s[po(0) + L.P_OBJ_STARS] == 2 and st.s[po(0) + L.P_OBJ_HELD] == 0


def test_the_sixth_star_ends_the_game_at_once():
    st = started((NORDIC, SAXONY))
    s = st.s
    s[po(0) + L.P_STARS] = 0x1F                  # five stars
    set_player(st, 0, power=15, coins=5)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_BOLSTER)
    assert st.is_terminal() and stars(st, 0) == 6


def test_a_sixth_star_from_a_bottom_action_comes_after_its_coins_and_recruit_bonuses():
    st = started((NORDIC, SAXONY), (INDUSTRIAL, MECHANICAL))
    s = st.s
    s[po(0) + L.P_STARS] = (1 << C.S_MECHS) | (1 << C.S_STRUCTURES) | (1 << C.S_RECRUITS) | (1 << C.S_WORKERS)
    s[po(0) + L.P_COMBAT_STARS] = 1
    s[po(0) + L.P_TOPUP] = 0x1F                  # five upgrades done
    s[po(0) + L.P_BOTUP] = 1
    s[po(0) + L.P_BOTUP + 1] = 2
    s[po(0) + L.P_BOTUP + 2] = 1
    s[po(0) + L.P_BOTUP + 3] = 1
    s[po(0) + L.P_RECRUITS] = 1 << C.BA_UPGRADE  # its own Upgrade recruit: 1 power
    s[po(0) + L.P_ONETIME] = 1
    set_res(st, H(11), oil=3)
    set_player(st, 0, coins=0, power=3)
    begin_turn(st, 0)
    st.apply_checked(0, 0)                       # Industrial: Bolster / Upgrade
    st.apply_checked(L.O_SKIP, 0)
    st.apply_checked(L.O_FIRST, 0)
    assert st.is_terminal() and stars(st, 0) == 6
    assert coins(st, 0) == 3 and s[po(0) + L.P_POWER] == 4


def test_fortune_counts_by_popularity_tier_and_the_factory_as_three_territories():
    st = started((NORDIC, SAXONY))
    s = st.s
    set_player(st, 0, pop=7, coins=10)           # tier 2: 4 a star, 3 a territory, 2 per 2 resources
    s[po(0) + L.P_STARS] = 0x03                  # two stars
    put(st, 0, L.U_CHARACTER, H(30))             # the Factory
    set_res(st, H(11), wood=3, oil=2)            # 5 resources: 2 pairs
    s[L.TILE] = C.SB_ON_TUNNELS
    ctrl = control_map(st)[0]
    # territories: 11, 12 and the Factory (3) = 5
    assert tier(7) == 1
    assert fortune(st, 0, ctrl) == 10 + 2 * 4 + 5 * 3 + 2 * 2


def test_the_territory_tie_breaker_counts_the_factory_as_three_as_the_coins_do():
    # "At the end of the game, the Factory is worth a total of 3 territories (instead of just 1) to
    # the player who controls it"; tie-breaker 5, "Number of territories controlled", is applied
    # at the end of the game (docs/scythe.md: the count is the coins' own)
    st = started((NORDIC, SAXONY))
    put(st, 0, L.U_CHARACTER, H(30))             # the Factory
    ctrl = control_map(st)[0]
    assert ranking_key(st, 0, ctrl)[5] == territories(st, 0, ctrl) == 3 + 2   # the Factory, 11, 12


def test_structures_count_for_the_bonus_tile_wherever_they_stand():
    st = started((NORDIC, SAXONY))
    build(st, 0, 0, H(17))                       # a tunnel
    build(st, 0, 1, H(22))                       # a tunnel
    build(st, 0, 2, H(19))
    put(st, 1, L.U_WORKER + 3, H(17))            # Saxony controls 17: it still counts
    assert structure_count(st, 0, C.SB_ON_TUNNELS) == 2
    assert TB.structure_bonus_coins(C.SB_ON_TUNNELS, 2) == 4
    assert structure_count(st, 0, C.SB_FARMS_TUNDRA) == 2   # 17 tundra, 19 farm


def test_longest_straight_line_of_structures():
    st = started((NORDIC, SAXONY))
    for i, x in enumerate((H(35), H(36), H(37), H(44))):   # 35-36-37 on row 5, 44 below 37
        build(st, 0, i, x)
    assert structure_count(st, 0, C.SB_LINE) == 3


def test_ties_are_broken_by_units_then_power():
    st = started((NORDIC, SAXONY))
    ctrl = control_map(st)[0]
    a = ranking_key(st, 0, ctrl)
    b = ranking_key(st, 1, ctrl)
    assert a[1] == b[1] == 2                     # two workers each
    assert a[2] == 4 and b[2] == 1               # power decides next
