# Trophies and the grand finale with Pie in the Sky: 5 trophies (the 5th waits on the
# airship mat) trigger the grand finale instead of 4, and the winners are among those with 5.
from firmware.rules.mls.codes import A_SEEK_1, AIR_TROPHY, G_QUEST, K_ACTION, K_SEEK_PLACE, T_FRIENDSHIP
from firmware.rules.mls.layout import FINALE, P0, ST_OVER, STAGE, TRO, die

from .support import CAMP, pits_scenario


def _seek_nothing_for_the_airship(st):
    st.apply_checked(A_SEEK_1)
    for _ in range(4):
        st.apply_checked(die(G_QUEST, 3))
    while st.decision() == K_SEEK_PLACE:
        st.apply_checked(st.legal_actions()[0])
    st.apply_checked(AIR_TROPHY)   # the airship die; no apple or gem anywhere: no move


def test_four_trophies_do_not_trigger_the_grand_finale():
    st = pits_scenario(3, seekers={0: (5, CAMP), 1: (9, CAMP), 2: (14, CAMP)}, trophies={0: 0b11110})
    assert st.trophy_count(0) == 4
    _seek_nothing_for_the_airship(st)
    assert st.decision() == K_ACTION and st.active_player() == 1
    assert st.s[FINALE] == 0


def test_a_fifth_trophy_is_earned_and_triggers_the_grand_finale():
    st = pits_scenario(3, seekers={0: (5, CAMP), 1: (9, CAMP), 2: (14, CAMP)}, trophies={0: 0b11110},
                       friendship={0: 8})
    assert st.trophy_count(0) == 5 and st.s[P0 + TRO] & (1 << T_FRIENDSHIP)   # placed at turn start
    _seek_nothing_for_the_airship(st)
    assert st.s[FINALE] == 1
    assert st.active_player() == 1     # final turns for players 1 and 2, then the end
    _seek_nothing_for_the_airship(st)
    assert st.active_player() == 2
    _seek_nothing_for_the_airship(st)
    assert st.is_terminal() and st.winners() == (0,)


def test_only_players_with_five_trophies_win():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, trophies={0: 0b1111, 1: 0b11111},
                       friendship={0: 12, 1: 3})
    st.s[STAGE] = ST_OVER
    st.begin()
    assert st.winners() == (1,)
