# Action selection: a different action than the previous turn (the same section is fine);
# Move and Seek are always possible; play passes clockwise.
from firmware.rules.mls.codes import A_BAKE, A_MOVE, A_SEEK_1, A_SEEK_2, AT_CAMP, K_ACTION
from firmware.rules.mls.layout import move_action
from firmware.rules.errors import IllegalDecisionError

from .support import CAMP, raises, scenario

SEEKERS = {0: (CAMP, CAMP), 1: (CAMP, CAMP), 2: (CAMP, CAMP)}


def test_first_turn_offers_move_and_both_seeks():
    st = scenario(seekers=SEEKERS, players=3)
    assert sorted(st.legal_actions()) == [A_MOVE, A_SEEK_1, A_SEEK_2]


def test_never_the_exact_previous_action():
    st = scenario(seekers=SEEKERS, players=3, last={0: A_SEEK_1})
    assert A_SEEK_1 not in st.legal_actions()
    raises(IllegalDecisionError, st.apply_checked, A_SEEK_1)


def test_the_same_section_is_allowed_on_consecutive_turns():
    st = scenario(seekers=SEEKERS, players=3, last={0: A_SEEK_1})
    assert A_SEEK_2 in st.legal_actions()


def test_the_chosen_action_is_remembered_for_next_turn():
    st = scenario(seekers=SEEKERS, players=3)
    st.apply_checked(A_MOVE)
    st.apply_checked(move_action(0, AT_CAMP))   # both Seekers stay at camp
    st.apply_checked(move_action(1, AT_CAMP))
    assert st.last_action(0) == A_MOVE and st.active_player() == 1
    assert st.decision() == K_ACTION


def test_play_passes_clockwise_and_wraps():
    st = scenario(seekers=SEEKERS, players=3, active=2)
    st.apply_checked(A_MOVE)
    st.apply_checked(move_action(0, AT_CAMP))   # both Seekers stay at camp
    st.apply_checked(move_action(1, AT_CAMP))
    assert st.active_player() == 0 and st.turn() == 1


def test_bake_needs_apples():
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={31: (1, 0)})
    assert A_BAKE not in st.legal_actions()
