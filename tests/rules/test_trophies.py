# Trophies: each once; at most one per turn until the grand finale; mandatory when eligible
# (a choice among several); none while friendship < 3; personality cards ease one
# requirement and revealing them is optional.
from firmware.rules.mls import view
from firmware.rules.mls import editing as ed
from firmware.rules.mls.codes import (
    A_SEEK_1,
    K_ACTION,
    K_TROPHY,
    S_MAKE,
    S_MOVE,
    T_FRIENDSHIP,
    T_PIES,
    T_POWER_UPS,
    T_QUESTS,
    T_SPELLS,
    TROPHY_DECLINE,
)

from .support import CAMP, content_with, scenario

SEEKERS = {0: (CAMP, CAMP), 1: (CAMP, CAMP)}


def test_eight_friendship_earns_its_trophy():
    st = scenario(seekers=SEEKERS, friendship={0: 8})
    assert view.trophies(st, 0) == 1 << T_FRIENDSHIP and st.decision() == K_ACTION


def test_seven_friendship_earns_nothing():
    st = scenario(seekers=SEEKERS, friendship={0: 7})
    assert view.trophies(st, 0) == 0


def test_eight_pies_earns_its_trophy():
    assert view.trophies(scenario(seekers=SEEKERS, pies={0: 8}), 0) == 1 << T_PIES
    assert view.trophies(scenario(seekers=SEEKERS, pies={0: 7}), 0) == 0


def test_three_spells_earn_their_trophy():
    assert view.trophies(scenario(seekers=SEEKERS, spells={0: 3}), 0) == 1 << T_SPELLS
    assert view.trophies(scenario(seekers=SEEKERS, spells={0: 2}), 0) == 0


def test_two_quests_earn_their_trophy():
    st = scenario(seekers=SEEKERS)
    ed.set_quests_resolved(st, 0, [3])
    ed.begin_turn(st, 0)
    assert view.trophies(st, 0) == 0
    ed.set_quests_resolved(st, 0, [4])
    ed.begin_turn(st, 0)
    assert view.trophies(st, 0) == 1 << T_QUESTS


def test_a_move_and_a_make_power_up_earn_their_trophy():
    st = scenario(seekers=SEEKERS)
    ed.set_tile(st, 0, S_MOVE, 1)
    ed.begin_turn(st, 0)
    assert view.trophies(st, 0) == 0
    ed.set_tile(st, 0, S_MAKE, 8)
    ed.begin_turn(st, 0)
    assert view.trophies(st, 0) == 1 << T_POWER_UPS


def test_each_trophy_only_once():
    st = scenario(seekers=SEEKERS, pies={0: 8}, trophies={0: 1 << T_PIES})
    assert view.trophies(st, 0) == 1 << T_PIES and st.decision() == K_ACTION


def test_one_trophy_per_turn_chosen_among_several():
    st = scenario(seekers=SEEKERS, pies={0: 8}, friendship={0: 8})
    assert st.decision() == K_TROPHY
    assert sorted(st.legal_actions()) == [T_FRIENDSHIP, T_PIES]   # mandatory: no decline
    st.apply_checked(T_PIES)
    assert view.trophies(st, 0) == 1 << T_PIES and st.decision() == K_ACTION
    # The deferred one is earned on a later turn.
    st.apply_checked(A_SEEK_1)
    while st.active_player() != 0 or st.decision() != K_ACTION:
        st.apply(st.legal_actions()[0])
    assert view.trophies(st, 0) == (1 << T_PIES) | (1 << T_FRIENDSHIP)


def test_no_trophy_below_three_friendship():
    st = scenario(seekers=SEEKERS, pies={0: 8}, friendship={0: 2})
    assert view.trophies(st, 0) == 0


def test_four_trophies_are_the_most():
    st = scenario(seekers=SEEKERS, pies={0: 8},
                  trophies={0: (1 << T_FRIENDSHIP) | (1 << T_SPELLS) | (1 << T_QUESTS) | (1 << T_POWER_UPS)})
    assert st.trophy_count(0) == 4


def test_a_personality_card_eases_its_trophy_and_revealing_it_is_optional():
    c = content_with(PERSONALITIES=((T_PIES, 6),) + ((None, None),) * 7)
    st = scenario(content=c, seekers=SEEKERS, pies={0: 6})
    ed.set_personality(st, 0, 0)
    ed.begin_turn(st, 0)
    assert st.decision() == K_TROPHY and sorted(st.legal_actions()) == [T_PIES, TROPHY_DECLINE]
    declined = st.clone()
    declined.apply_checked(TROPHY_DECLINE)
    assert view.trophies(declined, 0) == 0 and not view.personality_revealed(declined, 0)
    st.apply_checked(T_PIES)
    assert view.trophies(st, 0) == 1 << T_PIES and view.personality_revealed(st, 0)


def test_another_players_personality_does_not_help():
    c = content_with(PERSONALITIES=((T_PIES, 6),) + ((None, None),) * 7)
    st = scenario(content=c, seekers=SEEKERS, pies={0: 6})
    ed.set_personality(st, 1, 0)
    ed.set_personality(st, 0, 1)
    ed.begin_turn(st, 0)
    assert view.trophies(st, 0) == 0 and st.decision() == K_ACTION


def test_unknown_personality_cards_ease_nothing():
    st = scenario(seekers=SEEKERS, pies={0: 7})
    ed.set_personality(st, 0, 0)
    ed.begin_turn(st, 0)
    assert view.trophies(st, 0) == 0
