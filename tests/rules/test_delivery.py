# Delivery: exactly 4 apples or 4 gems onto Castle Everfree in one turn, possibly split
# between both Seekers; immediate on the 4th; goods removed, extras stay; the delivering
# Seekers go home (rejuvenation); a delivery type is not repeated once its trophy is earned.
from firmware.rules.mls import view
from firmware.rules.mls import editing as ed
from firmware.rules.mls.codes import (
    A_MOVE,
    G_APPLE,
    G_GEM,
    K_MOVE,
    K_REJUVENATE,
    S_MOVE,
    T_APPLES,
    T_GEMS,
)
from firmware.rules.mls.layout import carry_code, move_action
from firmware.rules.errors import IllegalDecisionError

from .support import CAMP, dests, move, raises, scenario

CASTLE = 18


def _moving(st):
    st.apply_checked(A_MOVE)
    return st


def test_one_seeker_delivers_exactly_four_and_goes_home():
    st = _moving(scenario(seekers={0: (11, 5), 1: (CAMP, CAMP)}, goods={11: (6, 0)}))
    assert CASTLE in dests(st, 0)
    assert st.carry_options(0, CASTLE) == [4]   # exactly 4, apples only
    supply = st.supply(G_APPLE)
    move(st, 0, CASTLE)
    assert st.apples(11) == 2                 # the excess stays on its space
    assert st.apples(CASTLE) == 0 and st.supply(G_APPLE) == supply + 4
    assert st.seekers(0)[0] == CAMP
    assert view.trophies(st, 0) & (1 << T_APPLES)
    assert st.decision() == K_REJUVENATE      # returned to camp: rejuvenated


def test_delivery_is_immediate_even_before_the_second_seeker_moves():
    st = _moving(scenario(seekers={0: (11, 31), 1: (CAMP, CAMP)}, goods={11: (0, 4)}))
    move(st, 0, CASTLE)
    assert view.trophies(st, 0) & (1 << T_GEMS)
    st.apply_checked(1)                       # rejuvenation: 2 pies
    assert st.decision() == K_MOVE and st.seekers(0) == (CAMP, 31)


def test_delivery_split_between_both_seekers():
    st = _moving(scenario(seekers={0: (11, 25), 1: (CAMP, CAMP)}, goods={11: (2, 0), 25: (2, 0)}))
    assert st.carry_options(0, CASTLE) == [2]   # 2 now, 2 more from the other Seeker
    move(st, 0, CASTLE)
    assert st.seekers(0)[0] == CASTLE and st.apples(CASTLE) == 2
    assert st.legal_actions() == [move_action(1, CASTLE)]   # the other Seeker must complete it
    move(st, 1, CASTLE)
    assert st.seekers(0) == (CAMP, CAMP) and st.apples(CASTLE) == 0
    assert view.trophies(st, 0) & (1 << T_APPLES)


def test_a_partial_delivery_is_refused_when_the_other_seeker_cannot_complete_it():
    # Only 1 apple next to the other Seeker: 2 + 1 is not 4.
    st = _moving(scenario(seekers={0: (11, 25), 1: (CAMP, CAMP)}, goods={11: (2, 0), 25: (1, 0)}))
    assert CASTLE not in dests(st, 0)
    # The other Seeker far from the castle cannot complete it either.
    st = _moving(scenario(seekers={0: (11, 0), 1: (CAMP, CAMP)}, goods={11: (2, 0), 0: (2, 0)}))
    assert CASTLE not in dests(st, 0)


def test_both_seekers_on_one_space_can_split_its_goods():
    st = _moving(scenario(seekers={0: (11, 11), 1: (CAMP, CAMP)}, goods={11: (4, 0)}))
    assert st.carry_options(0, CASTLE) == [1, 2, 3, 4]
    move(st, 0, CASTLE, carry=1)
    assert st.carry_options(1, CASTLE) == [3]
    move(st, 1, CASTLE)
    assert st.seekers(0) == (CAMP, CAMP) and st.apples(11) == 0


def test_a_carry_question_with_several_answers_rejects_an_impossible_one():
    st = _moving(scenario(seekers={0: (11, 11), 1: (CAMP, CAMP)}, goods={11: (4, 0)}))
    st.apply_checked(move_action(0, CASTLE))
    raises(IllegalDecisionError, st.apply_checked, carry_code(0, 4))   # a carry code, not apples
    assert st.apples(11) == 4


def test_mixed_goods_are_not_a_delivery():
    st = _moving(scenario(seekers={0: (11, 25), 1: (CAMP, CAMP)}, goods={11: (2, 0), 25: (0, 2)}))
    assert CASTLE not in dests(st, 0)


def test_delivery_through_a_portal():
    st = _moving(scenario(seekers={0: (23, CAMP), 1: (CAMP, CAMP)}, goods={23: (0, 4)}))
    assert CASTLE in dests(st, 0)


def test_no_repeat_of_a_delivery_type_once_its_trophy_is_earned():
    st = _moving(scenario(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods={11: (4, 4)},
                          trophies={0: 1 << T_APPLES}))
    assert st.carry_options(0, CASTLE) == [carry_code(0, 4)]   # gems yes, apples no
    move(st, 0, CASTLE)
    assert st.gems(11) == 0 and st.apples(11) == 4 and view.trophies(st, 0) & (1 << T_GEMS)


def test_delivery_counts_for_the_turn_only_with_friendship_three():
    st = _moving(scenario(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods={11: (4, 0)}, friendship={0: 2}))
    move(st, 0, CASTLE)
    assert view.trophies(st, 0) == 0                # delivered, but no trophy below friendship 3
    assert st.apples(CASTLE) == 0 and st.seekers(0)[0] == CAMP


def test_portal_express_reaches_the_castle_by_its_free_jump():
    st = scenario(seekers={0: (4, CAMP), 1: (CAMP, CAMP)}, goods={4: (4, 0)})
    assert CASTLE not in dests(_moving(st.clone()), 0)
    ed.set_tile(st, 0, S_MOVE, 0)
    ed.begin_turn(st, 0)
    st = _moving(st)
    assert CASTLE in dests(st, 0)
    move(st, 0, CASTLE)
    assert st.seekers(0)[0] == CAMP and st.apples(4) == 0


def test_goods_are_conserved_through_a_delivery():
    st = _moving(scenario(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods={11: (5, 0)}))
    move(st, 0, CASTLE)
    assert st.check() is None
    total = st.supply(G_APPLE) + sum(st.apples(x) for x in range(37))
    assert total == 24 and st.supply(G_GEM) == 24


def test_the_castle_is_closed_to_a_seeker_that_cannot_make_a_delivery_of_four():
    # Rulebook (base game): "A Seeker may only move onto Castle Everfree to complete a
    # delivery. Otherwise it is inaccessible." Without the expansion there is no cargo hold:
    # a Seeker carrying nothing, or 3 apples, may not go there, and the castle is not lit.
    from firmware.rules.mls.ruleset import RULESET

    for goods in ({}, {11: (3, 0)}):
        st = _moving(scenario(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods=goods))
        assert CASTLE not in dests(st, 0)
        light = bytearray(37)
        RULESET.light_destinations(st, 0, 11, light, 7)
        assert light[CASTLE] == 0 and light[12] == 7
    st = _moving(scenario(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods={11: (4, 0)}))
    assert CASTLE in dests(st, 0)
