# Seek with Air Support (Pie in the Sky): after every token of a Seek is placed, the airship
# die (chance: trophy face = the trophies left on your player mat, 4 - earned; boost = 6), the airship's move
# (one space at a time over Seekers, never into the castle, no portal jumps; only onto a
# space with an apple or a gem, a move of 0 only when its own space has one), then an apple
# or gem into your cargo hold (2 friendship lost when taken from another player's Seeker's
# space) or your kingdom's ability. The airship never moves with a Move action.
from firmware.rules.mls.codes import (
    E_GAIN_FRIENDSHIP,
    E_GAIN_PIES,
    K_STATE_TERM,
    NONE,
    TERMS_CANCEL,
    TERMS_DONE,
    A_MOVE,
    A_SEEK_1,
    A_SEEK_2,
    AIR_BOOST,
    AIR_DECLINE,
    AIR_TROPHY,
    G_APPLE,
    G_GEM,
    G_QUEST,
    K_ACTION,
    K_AIR_DIE,
    K_AIR_MOVE,
    K_AIR_SUPPORT,
    K_SEEK_PLACE,
    SUP_ABILITY,
    SUP_APPLE,
    SUP_GEM,
    SUP_NONE,
)
from firmware.rules.mls.layout import FR, P0, X_DIE, die
from firmware.rules.mls.pits_setup import Pits

from .support import CAMP, move, pits_scenario, state_term

QUIET_REGION = 3   # spaces 25, 31, 32, 35, 36: the Seek's quest tokens go there (not airship targets)


def seek_then_air(st, face, action=A_SEEK_1):
    """A Seek of 4 quest dice, placed; then the airship die shows `face`."""
    st.apply_checked(action)
    for _ in range(4):
        st.apply_checked(die(G_QUEST, QUIET_REGION))
    while st.decision() == K_SEEK_PLACE:   # a token with one place left is placed at once
        st.apply_checked(st.legal_actions()[0])
    assert st.decision() == K_AIR_DIE
    st.apply_checked(face)


def test_the_airship_die_is_rolled_after_every_token_is_placed():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 0)})
    st.apply_checked(A_SEEK_2)
    for _ in range(4):
        st.apply_checked(die(G_QUEST, QUIET_REGION))
    for _ in range(4):
        assert st.decision() != K_AIR_DIE
        st.apply_checked(st.legal_actions()[0])
    assert st.decision() == K_AIR_DIE and st.current_player() == -1
    assert st.chance_outcomes() == [(AIR_TROPHY, 5), (AIR_BOOST, 1)]   # the stated default die


def test_the_face_counts_of_the_airship_die_are_data():
    pits = Pits(None, AIR_DIE=(4, 2))
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, pits=pits)
    st.apply_checked(A_SEEK_1)
    for _ in range(4):
        st.apply_checked(die(G_QUEST, QUIET_REGION))
    for _ in range(4):
        st.apply_checked(st.legal_actions()[0])
    assert st.chance_outcomes() == [(AIR_TROPHY, 4), (AIR_BOOST, 2)]


def test_a_seek_action_without_the_overlay_rolls_no_airship_die():
    pits = Pits(None, AIR_SEEKS=(False, True))
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 0)}, pits=pits)
    st.apply_checked(A_SEEK_1)
    for _ in range(4):
        st.apply_checked(die(G_QUEST, QUIET_REGION))
    for _ in range(4):
        st.apply_checked(st.legal_actions()[0])
    assert st.decision() == K_ACTION and st.active_player() == 1


def test_the_trophy_face_range_is_the_trophies_left_on_the_player_mat():
    # Rulebook: "Trophy Symbol: Movement range is equal to your number of remaining Trophies.
    # Example: If you have 3 Trophies on your player mat, you may move the airship up to 3
    # spaces." The player mat holds 4 ("Place your 4 Trophies on the trophy spaces of your
    # player mat"; the 5th is on the airship mat): 1 earned leaves 3 there. From 17, 19 is 3
    # spaces away (around the castle) and 14 is 4.
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17,
                       goods={19: (0, 1), 14: (1, 0)}, trophies={0: 0b1})
    seek_then_air(st, AIR_TROPHY)
    assert st.air_range() == 3
    assert st.decision() == K_AIR_MOVE and st.current_player() == 0
    assert st.legal_actions() == [19, AIR_DECLINE]
    # 3 earned: 1 left on the player mat. 16 is 1 space away; 19 is 3.
    st2 = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17,
                        goods={16: (1, 0), 19: (0, 1)}, trophies={0: 0b111})
    seek_then_air(st2, AIR_TROPHY)
    assert st2.air_range() == 1
    assert st2.legal_actions() == [16, AIR_DECLINE]


def test_with_four_trophies_earned_the_player_mat_is_empty_and_the_range_is_zero():
    # Rulebook: "the number of remaining Trophies on your player mat determines the movement
    # range of the airship", and "If you are unable to reach a space containing at least 1 gem
    # or 1 apple, you may not move the airship or use Air Support unless the airship is already
    # on a space containing these items (a movement of 0 spaces is acceptable)." 4 earned: the
    # 5th, on the airship mat, is all that is left, so no range at all.
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 0)},
                       trophies={0: 0b1111})
    seek_then_air(st, AIR_TROPHY)
    assert st.decision() == K_ACTION and st.airship() == 17   # 16 is 1 space away: no move, no Air Support
    st2 = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=16,
                        goods={16: (0, 1), 9: (1, 0)}, trophies={0: 0b1111})
    seek_then_air(st2, AIR_TROPHY)
    assert st2.air_range() == 0
    assert st2.legal_actions() == [16, AIR_DECLINE]   # a move of 0: Air Support from its own space
    st2.apply_checked(16)
    st2.apply_checked(SUP_GEM)
    assert st2.cargo(0, G_GEM) == 1
    st3 = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, trophies={0: 0b11111})
    st3.s[st3.x0 + X_DIE] = AIR_TROPHY
    assert st3.air_range() == 0   # never below 0


def test_the_boost_face_range_is_six():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17,
                       goods={16: (1, 0), 19: (0, 1)}, trophies={0: 0b1111})   # none left
    seek_then_air(st, AIR_BOOST)
    assert st.air_range() == 6
    assert st.legal_actions() == [16, 19, AIR_DECLINE]


def test_the_airship_never_enters_the_castle():
    # 3 trophies left on the player mat: 19 is reachable around the castle (3 spaces), not
    # across it (2).
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={19: (0, 1)},
                       trophies={0: 0b1})
    seek_then_air(st, AIR_TROPHY)
    assert st.legal_actions() == [19, AIR_DECLINE]
    st2 = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={19: (0, 1)},
                        trophies={0: 0b11})
    seek_then_air(st2, AIR_TROPHY)
    assert st2.decision() == K_ACTION   # 2 left: nothing in reach: no move, no Air Support


def test_the_airship_flies_over_seekers():
    # Both 3-space routes from 17 to 19 (by 11, 12 and by 24, 25) are full of Seekers.
    st = pits_scenario(3, seekers={0: (5, CAMP), 1: (11, 12), 2: (24, 25)}, airship=17,
                       goods={19: (1, 0)}, trophies={0: 0b1})   # 3 left
    seek_then_air(st, AIR_TROPHY)
    assert st.legal_actions() == [19, AIR_DECLINE]


def test_the_airship_makes_no_portal_jump():
    # From portal 6 to portal 30: 4 spaces on the map, one jump for a Seeker.
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (31, CAMP)}, airship=6, goods={30: (1, 0)},
                       trophies={0: 0b111})
    seek_then_air(st, AIR_TROPHY)
    assert st.decision() == K_ACTION
    st2 = pits_scenario(2, seekers={0: (5, CAMP), 1: (31, CAMP)}, airship=6, goods={30: (1, 0)},
                        trophies={0: 0b111})
    seek_then_air(st2, AIR_BOOST)
    assert st2.legal_actions() == [30, AIR_DECLINE]


def test_a_move_of_zero_spaces_only_onto_goods():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=16, goods={16: (0, 1)},
                       trophies={0: 0b111})   # 1 trophy left on the player mat
    seek_then_air(st, AIR_TROPHY)
    assert st.legal_actions() == [16, AIR_DECLINE]
    st2 = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=16, goods={9: (1, 0)},
                        trophies={0: 0b111})
    seek_then_air(st2, AIR_TROPHY)
    assert st2.legal_actions() == [9, AIR_DECLINE]


def test_air_support_takes_an_apple_or_a_gem_into_the_cargo_hold():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 2)})
    seek_then_air(st, AIR_TROPHY)
    st.apply_checked(16)
    assert st.airship() == 16
    assert st.decision() == K_AIR_SUPPORT
    assert st.legal_actions() == [SUP_APPLE, SUP_GEM, SUP_ABILITY, SUP_NONE]   # the ability: stated
    st.apply_checked(SUP_GEM)
    assert st.cargo(0, G_GEM) == 1 and st.gems(16) == 1 and st.cargo(0, G_APPLE) == 0
    assert st.decision() == K_ACTION and st.active_player() == 1
    assert st.check() is None


def test_taking_from_another_players_seeker_costs_two_friendship():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (16, CAMP)}, airship=17, goods={16: (1, 0)},
                       friendship={0: 5})
    seek_then_air(st, AIR_TROPHY)
    st.apply_checked(16)
    st.apply_checked(SUP_APPLE)
    assert st.cargo(0, G_APPLE) == 1
    assert st.s[P0 + FR] == 3   # 5 - 2


def test_taking_from_your_own_seeker_costs_nothing():
    st = pits_scenario(2, seekers={0: (16, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 0)},
                       friendship={0: 5})
    seek_then_air(st, AIR_TROPHY)
    st.apply_checked(16)
    st.apply_checked(SUP_APPLE)
    assert st.s[P0 + FR] == 5


def test_air_support_may_be_declined():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 0)})
    seek_then_air(st, AIR_TROPHY)
    st.apply_checked(AIR_DECLINE)
    assert st.airship() == 17 and st.apples(16) == 1
    assert st.decision() == K_ACTION
    st2 = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 0)})
    seek_then_air(st2, AIR_TROPHY)
    st2.apply_checked(16)
    st2.apply_checked(SUP_NONE)
    assert st2.airship() == 16 and st2.apples(16) == 1 and st2.cargo(0, G_APPLE) == 0


def test_the_airship_stays_during_a_move_action():
    st = pits_scenario(2, seekers={0: (16, CAMP), 1: (30, CAMP)}, airship=16, goods={16: (1, 0)})
    st.apply_checked(A_MOVE)
    move(st, 0, 9, carry=1)
    assert st.airship() == 16 and st.apples(9) == 1


def test_an_unknown_ability_is_played_the_physical_way_its_terms_stated():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 0)},
                       mats={0: 7}, friendship={0: 3})
    seek_then_air(st, AIR_BOOST)
    st.apply_checked(16)
    assert SUP_ABILITY in st.legal_actions()
    st.apply_checked(SUP_ABILITY)
    assert st.decision() == K_STATE_TERM and st.current_player() == 0
    state_term(st, E_GAIN_FRIENDSHIP, 2)   # what the mat prints, read at the table
    st.apply_checked(TERMS_DONE)
    assert st.s[P0 + FR] == 5 and st.apples(16) == 1 and st.cargo(0, G_APPLE) == 0
    assert st.decision() == K_ACTION and st.active_player() == 1 and st.air_die() == NONE


def test_cancelling_a_stated_ability_goes_back_to_the_air_support_choice():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 0)},
                       mats={0: 7})
    seek_then_air(st, AIR_BOOST)
    st.apply_checked(16)
    st.apply_checked(SUP_ABILITY)
    state_term(st, E_GAIN_PIES, 1)
    st.apply_checked(TERMS_CANCEL)
    assert st.decision() == K_AIR_SUPPORT and st.stated_terms() == ()
    st.apply_checked(SUP_APPLE)
    assert st.cargo(0, G_APPLE) == 1


