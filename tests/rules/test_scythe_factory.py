# The Factory (rulebook "The Factory"): a character that ends the Move on it for the first
# time takes a Factory card (texts unknown: by number); the card is a fifth section, never
# the same section twice in a row, whose bottom row moves one unit up to two times, without
# coins or recruit bonuses; its top row is stated the physical way.
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import coins, po
from tests.rules.scythe_support import (INDUSTRIAL, MECHANICAL, NORDIC, SAXONY, H, begin_turn,
                                        put, set_player, started, take_top)


def _to_factory(st):
    put(st, 0, L.U_CHARACTER, H(37))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(30), 0)
    st.apply_checked(L.MOVE_DONE, 0)


def test_the_first_visit_to_the_factory_takes_a_card():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    st.s[L.FACTORY_OUT] = 0b101                 # two cards already taken
    _to_factory(st)
    assert st.decision() == L.K_FACTORY_CARD and st.legal_actions() == [1, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    st.apply_checked(4, 0)
    assert st.s[po(0) + L.P_FACTORY] == 4 and st.decision() == L.K_BOTTOM


def test_a_player_with_a_factory_card_takes_no_second_one():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    st.s[po(0) + L.P_FACTORY] = 2
    st.s[L.FACTORY_OUT] = 0b100
    _to_factory(st)
    assert st.decision() == L.K_BOTTOM


def test_the_factory_card_is_a_fifth_section_not_twice_in_a_row():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    st.s[po(0) + L.P_FACTORY] = 2
    st.s[L.FACTORY_OUT] = 0b100
    begin_turn(st, 0)
    assert L.FACTORY_SECTION in st.legal_actions()
    set_player(st, 0, last=L.FACTORY_SECTION)
    begin_turn(st, 0)
    assert L.FACTORY_SECTION not in st.legal_actions()


def test_the_factory_move_takes_one_unit_up_to_two_times_without_coins():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    st.s[po(0) + L.P_FACTORY] = 2
    st.s[L.FACTORY_OUT] = 0b100
    set_player(st, 0, coins=5)
    begin_turn(st, 0)
    st.apply_checked(L.FACTORY_SECTION, 0)
    st.apply_checked(L.O_SKIP, 0)
    st.apply_checked(L.O_FIRST, 0)                # the bottom row: the Move
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(41), 0)
    assert st.legal_actions() == [L.U_CHARACTER, L.MOVE_DONE]   # the same unit only
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(48), 0)
    assert st.decision() == L.K_END and coins(st, 0) == 5
    st.apply_checked(L.O_SKIP, 0)
    assert st.current_player() == 1


def test_the_factory_top_row_is_stated_the_physical_way():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    st.s[po(0) + L.P_FACTORY] = 2
    st.s[L.FACTORY_OUT] = 0b100
    set_player(st, 0, power=3, coins=1)
    begin_turn(st, 0)
    st.apply_checked(L.FACTORY_SECTION, 0)
    st.apply_checked(L.O_FIRST, 0)
    st.apply_checked(L.TERM_PAY_POWER, 0)
    st.apply_checked(2, 0)
    st.apply_checked(L.TERM_GAIN_COINS, 0)
    st.apply_checked(3, 0)
    st.apply_checked(L.TERM_DONE, 0)
    assert st.s[po(0) + L.P_POWER] == 1 and coins(st, 0) == 4 and st.decision() == L.K_BOTTOM
