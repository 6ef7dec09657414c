# Rejuvenation: when Seekers return to camp (a lost fight or a delivery), at most once per
# turn: gain 1 magic spell or 2 pies (pies capped at 10), and the action token is freed.
from firmware.rules.mls import view
from firmware.rules.mls.codes import (
    A_MOVE,
    AT_CAMP,
    K_ACTION,
    K_DRAW_SPELL,
    K_REJUVENATE,
    NONE,
    bid_code,
)

from .support import CAMP, move, scenario


def _lose_two_fights():
    st = scenario(seekers={0: (31, 11), 1: (32, 12)}, pies={0: 4, 1: 4}, friendship={0: 5, 1: 2})
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, 12)
    return st


def test_the_loser_chooses_a_spell_or_two_pies():
    st = _lose_two_fights()
    st.apply_checked(bid_code(0), 0)
    st.apply_checked(bid_code(1), 1)
    assert st.decision() == K_REJUVENATE and sorted(st.legal_actions()) == [0, 1]
    pies = st.pies(0)
    st.apply_checked(1)
    assert st.pies(0) == pies + 2


def test_a_spell_is_drawn_from_the_deck():
    st = _lose_two_fights()
    st.apply_checked(bid_code(0), 0)
    st.apply_checked(bid_code(1), 1)
    deck = sum(view.spell_deck(st))
    st.apply_checked(0)
    # Every card's class is unknown in the shipped data: the draw has one outcome.
    assert st.decision() != K_DRAW_SPELL
    assert st.spells(0) == 1 and sum(view.spell_deck(st)) == deck - 1


def test_at_most_once_per_turn():
    st = _lose_two_fights()
    st.apply_checked(bid_code(0), 0)
    st.apply_checked(bid_code(1), 1)
    st.apply_checked(1)                 # rejuvenated: 2 pies
    st.apply_checked(bid_code(0), 0)    # second fight, lost again
    st.apply_checked(bid_code(1), 1)
    assert st.seekers(0) == (AT_CAMP, AT_CAMP)
    assert st.decision() != K_REJUVENATE


def test_pies_stay_capped_at_ten():
    st = scenario(seekers={0: (31, CAMP), 1: (32, CAMP)}, pies={0: 10, 1: 10}, friendship={0: 5, 1: 2})
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, AT_CAMP)
    st.apply_checked(bid_code(0), 0)
    st.apply_checked(bid_code(1), 1)
    st.apply_checked(1)
    assert st.pies(0) == 10


def test_rejuvenation_frees_the_action_token():
    st = scenario(seekers={0: (31, CAMP), 1: (32, CAMP)}, pies={0: 3, 1: 3}, friendship={0: 5},
                  last={1: A_MOVE})
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, AT_CAMP)
    st.apply_checked(bid_code(3), 0)
    st.apply_checked(bid_code(0), 1)
    assert st.decision() == K_REJUVENATE and st.current_player() == 1   # the defender lost
    st.apply_checked(1, 1)
    assert st.last_action(1) == NONE
    # P1 moved last turn, yet may move again now.
    while st.decision() != K_ACTION:
        st.apply(st.legal_actions()[-1])
    assert st.active_player() == 1 and A_MOVE in st.legal_actions()


def test_without_rejuvenation_the_previous_action_is_barred():
    st = scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}, last={0: A_MOVE})
    assert A_MOVE not in st.legal_actions()
