# Encounters (rulebook "Encounters"), played the physical way: the card texts are not in
# the sources, so the player states the chosen option's terms; a character that ends its
# move on a token takes it after the combats; costs must be payable; benefits go on the
# character's territory.
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import coins, hand_size, po, workers_on_board
from tests.rules.scythe_support import (INDUSTRIAL, MECHANICAL, NORDIC, SAXONY, H, begin_turn,
                                        put, set_player, started, take_top)


def _to_42(st):
    put(st, 0, L.U_CHARACTER, H(41))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(42), 0)
    st.apply_checked(L.MOVE_DONE, 0)


def test_a_character_on_an_encounter_token_takes_it_and_states_the_option():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    set_player(st, 0, coins=3)
    _to_42(st)
    assert st.decision() == L.K_TERM
    assert not st.s[L.ENC + 7 // 8] & (1 << 7)          # hex 42 is the 8th encounter
    st.apply_checked(L.TERM_PAY_COINS, 0)
    assert st.legal_actions() == [1, 2, 3]
    st.apply_checked(2, 0)
    st.apply_checked(L.TERM_GAIN_RESOURCE + C.R_WOOD, 0)
    st.apply_checked(3, 0)
    st.apply_checked(L.TERM_GAIN_WORKERS, 0)
    st.apply_checked(1, 0)
    st.apply_checked(L.TERM_DONE, 0)
    assert coins(st, 0) == 1 and st.s[L.RES0 + 4 * H(42) + C.R_WOOD] == 3
    assert workers_on_board(st, 0) == 3
    assert st.decision() == L.K_BOTTOM


def test_an_encounter_cost_that_cannot_be_paid_is_not_offered():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    set_player(st, 0, coins=0, pop=0)
    _to_42(st)
    assert L.TERM_PAY_COINS not in st.legal_actions()
    assert L.TERM_PAY_POPULARITY not in st.legal_actions()
    assert L.TERM_PAY_POWER in st.legal_actions()


def test_the_token_is_gone_after_the_encounter():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    put(st, 0, L.U_CHARACTER, H(45))
    put(st, 0, L.U_MECH + 2, H(45))            # Speed
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    assert H(47) not in st.legal_actions()     # only through 46 and its token
    st.apply_checked(H(46), 0)
    st.apply_checked(L.MOVE_DONE, 0)
    st.apply_checked(L.TERM_DONE, 0)
    put(st, 0, L.U_CHARACTER, H(45))
    set_player(st, 0, last=255)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(46), 0)                 # no token now: Speed's second territory follows
    assert st.decision() == L.K_MOVE_TO and H(47) in st.legal_actions()


def test_an_option_states_at_most_four_terms_and_polanias_meander_two_options():
    for fac, terms in ((SAXONY, 4), (4, 8)):       # 4: Polania
        st = started((fac, NORDIC), (MECHANICAL, INDUSTRIAL))
        put(st, 0, L.U_CHARACTER, H(27) if fac == 4 else H(41))
        begin_turn(st, 0)
        take_top(st, 0, C.TA_MOVE)
        st.apply_checked(L.U_CHARACTER, 0)
        st.apply_checked(H(28) if fac == 4 else H(42), 0)
        st.apply_checked(L.MOVE_DONE, 0)
        stated = 0
        while st.decision() == L.K_TERM:       # once none is left, the option ends by itself
            st.apply_checked(L.TERM_GAIN_COINS, 0)
            st.apply_checked(1, 0)
            stated += 1
        assert stated == terms, fac


def test_an_encounter_cost_in_resources_is_paid_from_controlled_territories():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    from tests.rules.scythe_support import set_res

    set_res(st, H(48), metal=3)                 # Saxony's worker there
    set_res(st, H(12), metal=5)                 # Nordic's: not Saxony's to pay
    _to_42(st)
    assert L.TERM_PAY_RESOURCE + C.R_WOOD not in st.legal_actions()
    st.apply_checked(L.TERM_PAY_RESOURCE + C.R_METAL, 0)
    assert st.legal_actions() == [1, 2, 3]
    st.apply_checked(2, 0)                      # paid from 48, the one place: no question
    assert st.decision() == L.K_TERM
    assert st.s[L.RES0 + 4 * H(48) + C.R_METAL] == 1 and st.s[L.RES0 + 4 * H(12) + C.R_METAL] == 5


def test_encounter_actions_are_free_on_the_characters_territory_without_bonuses():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    set_player(st, 0, coins=5, pop=5)
    set_player(st, 1, pop=5)
    st.s[po(1) + L.P_RECRUITS] = st.s[po(1) + L.P_ONETIME] = 0x0F   # every ongoing bonus
    _to_42(st)
    res = bytes(st.s[L.RES0:])
    st.apply_checked(L.TERM_BUILD, 0)
    assert st.decision() == L.K_BUILD_WHICH
    st.apply_checked(1, 0)                      # where: the character's territory, forced
    st.apply_checked(L.TERM_DEPLOY, 0)
    st.apply_checked(2, 0)
    st.apply_checked(L.TERM_UPGRADE, 0)
    st.apply_checked(C.UP_MOVE_UNITS, 0)
    st.apply_checked(st.legal_actions()[0], 0)
    st.apply_checked(L.TERM_ENLIST, 0)
    st.apply_checked(0, 0)
    st.apply_checked(C.OT_COINS, 0)
    # four terms stated: the option is over (TERM_DONE is the only option left, taken)
    o = po(0)
    assert st.s[o + L.P_STRUCT + 1] == H(42) and st.s[o + L.P_UNITS + L.U_MECH + 2] == H(42)
    assert st.s[o + L.P_TOPUP] == 1 << C.UP_MOVE_UNITS and sum(st.s[o + L.P_BOTUP:o + L.P_BOTUP + 4]) == 1
    assert st.s[o + L.P_RECRUITS] == 1
    assert bytes(st.s[L.RES0:]) == res          # no resource paid
    assert coins(st, 0) == 5 + 2                # the one-time bonus only: no action's coins
    assert st.s[po(1) + L.P_POP] == 5 and st.s[o + L.P_POP] == 5   # no recruit ongoing bonus
    assert st.decision() == L.K_BOTTOM


def test_an_encounter_cost_in_combat_cards_is_paid_card_by_card():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    set_player(st, 0, hand=2)
    _to_42(st)
    discard = bytes(st.s[L.DISCARD:L.DISCARD + 4])
    st.apply_checked(L.TERM_PAY_CARDS, 0)
    assert st.legal_actions() == [1, 2]         # at most the hand
    st.apply_checked(2, 0)
    # the player shows each card: any value of which a card may still be in a hand
    assert st.decision() == L.K_PAY_FROM and st.legal_actions() == [L.PAY_CARD + v for v in (2, 3, 4, 5)]
    st.apply_checked(L.PAY_CARD + 5, 0)
    st.apply_checked(L.PAY_CARD + 2, 0)
    assert st.decision() == L.K_TERM and hand_size(st, 0) == 0
    assert st.s[L.DISCARD] == discard[0] + 1 and st.s[L.DISCARD + 3] == discard[3] + 1
    assert not st.s[L.TURN_FLAGS] & L.TF_COERCION


def test_an_encounter_build_is_not_offered_where_a_structure_stands():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    st.s[po(1) + L.P_STRUCT] = H(42)
    st.changed()
    _to_42(st)
    assert L.TERM_BUILD not in st.legal_actions() and L.TERM_DEPLOY in st.legal_actions()


def test_a_sixth_star_from_an_encounter_enlist_comes_after_its_one_time_bonus():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    set_player(st, 0, coins=5)
    o = po(0)
    st.s[o + L.P_STARS] = 0x37                  # five stars, not the recruits' one
    st.s[o + L.P_RECRUITS] = 0x07               # three recruits enlisted
    st.s[o + L.P_ONETIME] = 0x0D                # the coins bonus left
    _to_42(st)
    st.apply_checked(L.TERM_ENLIST, 0)          # the last recruit and the last bonus: forced
    assert st.is_terminal() and st.check() is None
    assert st.s[o + L.P_ONETIME] == 0x0F and coins(st, 0) == 5 + 2
