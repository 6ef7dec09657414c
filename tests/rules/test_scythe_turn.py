# A Scythe turn (rulebook "Gameplay", "Top-row Actions", "Bottom-row Actions"): a section
# other than last turn's, its top-row action then its bottom-row action, each optional, costs
# paid first, coins, structure and recruit bonuses.
from firmware.rules.errors import IllegalDecisionError
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import coins, deck_size, hand_size, po, workers_on_board
from tests.rules.scythe_support import (ENGINEERING, INDUSTRIAL, NORDIC, PATRIOTIC, POLANIA,
                                        RUSVIET, SAXONY, H, begin_turn, build, put, res_total,
                                        section_of, set_player, set_res, started, take_top)


def test_a_section_other_than_last_turns():
    st = started((NORDIC, SAXONY))
    set_player(st, 0, last=2)
    begin_turn(st, 0)
    assert st.legal_actions() == [0, 1, 3]
    try:
        st.apply_checked(2, 0)
    except IllegalDecisionError:
        pass
    else:
        raise AssertionError("the same section twice")


def test_rusviet_relentless_may_choose_the_same_section():
    st = started((RUSVIET, SAXONY))
    set_player(st, 0, last=2)
    begin_turn(st, 0)
    assert st.legal_actions() == [0, 1, 2, 3]


def test_bolster_pays_a_coin_for_two_power_and_the_monument_adds_popularity():
    st = started((NORDIC, SAXONY))
    set_player(st, 0, power=4, pop=2, coins=3)
    build(st, 0, C.TA_BOLSTER, H(11))          # the Monument
    begin_turn(st, 0)
    take_top(st, 0, C.TA_BOLSTER)
    assert st.s[po(0) + L.P_POWER] == 6 and coins(st, 0) == 2 and st.s[po(0) + L.P_POP] == 3


def test_bolster_draws_a_combat_card_into_the_hand_count():
    st = started((NORDIC, SAXONY))
    begin_turn(st, 0)
    before = hand_size(st, 0)
    deck = deck_size(st)
    take_top(st, 0, C.TA_BOLSTER, L.O_SECOND)
    assert st.decision() == L.K_BOTTOM          # no decision names the card
    assert hand_size(st, 0) == before + 1 and deck_size(st) == deck - 1


def test_bolster_needs_a_coin():
    st = started((NORDIC, SAXONY))
    set_player(st, 0, coins=0)
    begin_turn(st, 0)
    st.apply_checked(section_of(st, 0, C.TA_BOLSTER), 0)
    assert st.legal_actions() == [L.O_SKIP, L.O_OBJ1]


def test_trade_places_two_chosen_resources_on_worker_territories_and_the_armory_gives_power():
    st = started((NORDIC, SAXONY))
    set_player(st, 0, power=4, coins=3)
    build(st, 0, C.TA_TRADE, H(12))            # the Armory
    begin_turn(st, 0)
    take_top(st, 0, C.TA_TRADE)
    assert st.s[po(0) + L.P_POWER] == 5 and coins(st, 0) == 2
    st.apply_checked(C.R_METAL, 0)
    assert st.legal_actions() == [H(11), H(12)]   # the two worker territories
    st.apply_checked(H(12), 0)
    st.apply_checked(C.R_FOOD, 0)
    st.apply_checked(H(11), 0)
    assert st.s[L.RES0 + 4 * H(12) + C.R_METAL] == 1 and st.s[L.RES0 + 4 * H(11) + C.R_FOOD] == 1
    assert st.decision() == L.K_BOTTOM


def test_trade_for_resources_needs_a_worker_off_the_home_base():
    st = started((NORDIC, SAXONY))
    home = H(2)
    put(st, 0, L.U_WORKER, home)
    put(st, 0, L.U_WORKER + 1, home)
    begin_turn(st, 0)
    st.apply_checked(section_of(st, 0, C.TA_TRADE), 0)
    assert L.O_FIRST not in st.legal_actions() and L.O_SECOND in st.legal_actions()


def test_produce_on_two_territories_each_worker_one_token():
    st = started((NORDIC, SAXONY))             # workers on forest (11) and tundra (12)
    put(st, 0, L.U_WORKER + 2, H(12))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_PRODUCE)
    assert st.legal_actions() == [H(11), H(12), L.SPACE_DONE]
    st.apply_checked(H(12), 0)
    st.apply_checked(H(11), 0)
    assert st.s[L.RES0 + 4 * H(12) + C.R_OIL] == 2 and st.s[L.RES0 + 4 * H(11) + C.R_WOOD] == 1
    assert st.decision() == L.K_BOTTOM          # two territories: no more choices


def test_produce_costs_a_power_from_four_workers_on_the_board():
    st = started((NORDIC, SAXONY))
    set_player(st, 0, power=3)
    for i in (2, 3):
        put(st, 0, L.U_WORKER + i, H(11))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_PRODUCE)
    assert st.s[po(0) + L.P_POWER] == 2


def test_produce_is_refused_when_its_cost_cannot_be_paid():
    st = started((NORDIC, SAXONY))
    set_player(st, 0, power=0)
    for i in (2, 3):
        put(st, 0, L.U_WORKER + i, H(11))
    begin_turn(st, 0)
    st.apply_checked(section_of(st, 0, C.TA_PRODUCE), 0)
    assert L.O_FIRST not in st.legal_actions()


def test_producing_on_a_village_places_workers_from_the_mat():
    st = started((RUSVIET, SAXONY), (INDUSTRIAL, ENGINEERING))   # a worker on the village 26
    begin_turn(st, 0)
    take_top(st, 0, C.TA_PRODUCE)
    st.apply_checked(H(26), 0)
    assert workers_on_board(st, 0) == 3
    assert st.s[po(0) + L.P_UNITS + L.U_WORKER + 2] == H(26)


def test_the_mill_is_a_bonus_territory_that_produces_as_a_worker():
    st = started((NORDIC, SAXONY))
    build(st, 0, C.TA_PRODUCE, H(12))            # the Mill, on the tundra with a worker
    put(st, 0, L.U_WORKER + 2, H(18))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_PRODUCE)
    for x in (H(11), H(18), H(12)):
        st.apply_checked(x, 0)
    assert st.s[L.RES0 + 4 * H(12) + C.R_OIL] == 2     # the worker and the Mill
    assert st.s[L.RES0 + 4 * H(18) + C.R_METAL] == 1


def test_a_bottom_action_pays_its_resource_from_controlled_territories_then_gives_coins():
    st = started((NORDIC, SAXONY), (INDUSTRIAL, ENGINEERING))
    set_res(st, H(11), oil=2)
    set_res(st, H(12), oil=1)
    set_player(st, 0, coins=0)
    begin_turn(st, 0)
    st.apply_checked(section_of(st, 0, C.TA_BOLSTER), 0)   # Industrial: Bolster over Upgrade
    st.apply_checked(L.O_SKIP, 0)
    st.apply_checked(L.O_FIRST, 0)                         # Upgrade: 3 oil
    assert st.decision() == L.K_PAY_FROM and st.legal_actions() == [H(11), H(12)]
    st.apply_checked(H(11), 0)
    st.apply_checked(H(11), 0)                              # then the last is forced
    assert res_total(st) == 0
    st.apply_checked(C.UP_MOVE_UNITS, 0)
    st.apply_checked(C.BA_ENLIST, 0)
    assert coins(st, 0) == 3                               # Industrial's Upgrade: +$3
    assert st.s[po(0) + L.P_BOTUP + C.BA_ENLIST] == 1
    assert st.s[po(0) + L.P_TOPUP] == 1 << C.UP_MOVE_UNITS


def test_a_bottom_action_needs_its_full_cost():
    st = started((NORDIC, SAXONY), (INDUSTRIAL, ENGINEERING))
    set_res(st, H(11), oil=2)
    begin_turn(st, 0)
    st.apply_checked(section_of(st, 0, C.TA_BOLSTER), 0)
    st.apply_checked(L.O_SKIP, 0)
    assert L.O_FIRST not in st.legal_actions()


def test_resources_on_a_territory_an_opponent_controls_cannot_pay():
    st = started((NORDIC, SAXONY), (INDUSTRIAL, ENGINEERING))
    set_res(st, H(11), oil=2)
    set_res(st, H(13), oil=5)
    put(st, 1, L.U_WORKER + 2, H(13))
    begin_turn(st, 0)
    st.apply_checked(section_of(st, 0, C.TA_BOLSTER), 0)
    st.apply_checked(L.O_SKIP, 0)
    assert L.O_FIRST not in st.legal_actions()


def test_deploy_puts_a_mech_on_a_worker_territory_and_unlocks_its_ability():
    st = started((NORDIC, SAXONY), (INDUSTRIAL, ENGINEERING))
    set_res(st, H(11), metal=3)
    begin_turn(st, 0)
    st.apply_checked(section_of(st, 0, C.TA_PRODUCE), 0)   # Industrial: Produce over Deploy
    st.apply_checked(L.O_SKIP, 0)
    st.apply_checked(L.O_FIRST, 0)
    assert st.decision() == L.K_DEPLOY_MECH and st.legal_actions() == [0, 1, 2, 3]
    st.apply_checked(2, 0)                                  # Nordic's third mech: Speed
    assert st.legal_actions() == [H(11), H(12)]
    st.apply_checked(H(12), 0)
    assert st.s[po(0) + L.P_UNITS + L.U_MECH + 2] == H(12)
    from firmware.rules.scythe.common import abilities

    assert abilities(st, 0) == C.M_SPEED


def test_one_structure_per_territory_and_none_on_lakes():
    st = started((NORDIC, SAXONY), (INDUSTRIAL, ENGINEERING))
    set_res(st, H(11), wood=3)
    build(st, 1, C.TA_MOVE, H(12))            # Saxony's Mine under Nordic's worker
    put(st, 0, L.U_WORKER + 2, H(16))         # a worker a mech left on a lake
    begin_turn(st, 0)
    st.apply_checked(section_of(st, 0, C.TA_MOVE), 0)   # Industrial: Move over Build
    st.apply_checked(L.O_SKIP, 0)
    st.apply_checked(L.O_FIRST, 0)
    st.apply_checked(C.TA_PRODUCE, 0)         # the Mill: its one place is chosen for it
    assert st.s[po(0) + L.P_STRUCT + C.TA_PRODUCE] == H(11)


def test_enlist_gives_the_one_time_bonus_and_later_the_ongoing_bonus_to_neighbours():
    st = started((NORDIC, SAXONY, POLANIA), (INDUSTRIAL, ENGINEERING, PATRIOTIC))
    set_res(st, H(11), food=4)
    set_player(st, 0, pop=2)
    begin_turn(st, 0)
    st.apply_checked(section_of(st, 0, C.TA_TRADE), 0)    # Industrial: Trade over Enlist
    st.apply_checked(L.O_SKIP, 0)
    st.apply_checked(L.O_FIRST, 0)
    st.apply_checked(C.BA_BUILD, 0)                       # the recruit under Build
    st.apply_checked(C.OT_POPULARITY, 0)
    assert st.s[po(0) + L.P_POP] == 4
    # Saxony (1) sits on Nordic's left, Polania (2) on its right: both gain when they Build.
    for q, where in ((1, H(41)), (2, H(27))):
        before = st.s[po(0) + L.P_POP]
        set_res(st, where, wood=4)
        begin_turn(st, q)
        st.apply_checked(C.BA_BUILD, q)
        st.apply_checked(L.O_SKIP, q)
        st.apply_checked(L.O_FIRST, q)
        while st.current_player() == q and st.decision() != L.K_SECTION:
            st.apply_checked(st.legal_actions()[0], q)
        assert st.s[po(q) + L.P_STRUCT] != L.NOWHERE
        assert st.s[po(0) + L.P_POP] == before + 1, q


def test_in_a_two_player_game_the_ongoing_bonus_is_gained_once():
    st = started((NORDIC, SAXONY), (INDUSTRIAL, ENGINEERING))
    s = st.s
    s[po(0) + L.P_RECRUITS] = 1 << C.BA_BUILD
    s[po(0) + L.P_ONETIME] = 1 << C.OT_COINS
    set_player(st, 0, pop=5)
    set_res(st, H(41), wood=3)
    begin_turn(st, 1)
    st.apply_checked(C.BA_BUILD, 1)
    st.apply_checked(L.O_SKIP, 1)
    st.apply_checked(L.O_FIRST, 1)
    while st.current_player() == 1 and st.decision() != L.K_SECTION:
        st.apply_checked(st.legal_actions()[0], 1)
    assert s[po(0) + L.P_POP] == 6


def test_recruit_ongoing_bonus_for_own_bottom_action():
    st = started((NORDIC, SAXONY), (INDUSTRIAL, ENGINEERING))
    s = st.s
    s[po(0) + L.P_RECRUITS] = 1 << C.BA_UPGRADE
    s[po(0) + L.P_ONETIME] = 1 << C.OT_COINS
    set_res(st, H(11), oil=3)
    set_player(st, 0, power=4)
    begin_turn(st, 0)
    st.apply_checked(section_of(st, 0, C.TA_BOLSTER), 0)
    st.apply_checked(L.O_SKIP, 0)
    st.apply_checked(L.O_FIRST, 0)
    st.apply_checked(C.UP_MOVE_UNITS, 0)
    st.apply_checked(C.BA_ENLIST, 0)
    assert s[po(0) + L.P_POWER] == 5          # the Upgrade recruit: 1 power


def test_the_turn_passes_clockwise_by_faction_seating():
    st = started((POLANIA, NORDIC, SAXONY), (INDUSTRIAL, ENGINEERING, PATRIOTIC))
    begin_turn(st, 1)                          # Nordic; next clockwise: Saxony, then Polania
    st.apply_checked(0, 1)
    st.apply_checked(L.O_SKIP, 1)
    st.apply_checked(L.O_SKIP, 1)
    st.apply_checked(L.O_SKIP, 1)             # the end of the turn: no objective revealed
    assert st.current_player() == 2


def test_an_objective_may_be_revealed_after_the_bottom_row_action():
    st = started((NORDIC, SAXONY))
    begin_turn(st, 0)
    st.apply_checked(0, 0)
    st.apply_checked(L.O_SKIP, 0)
    st.apply_checked(L.O_SKIP, 0)
    assert st.decision() == L.K_END and st.legal_actions() == [L.O_SKIP, L.O_OBJ1]
    st.apply_checked(L.O_OBJ1, 0)
    st.apply_checked(12, 0)
    assert st.s[po(0) + L.P_OBJ_STARS] == 1 and st.current_player() == 1   # nothing left to ask
