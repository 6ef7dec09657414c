# Quests: after the Move and its pie fights; optional; the token is removed and a card drawn;
# two options or No Thanks (back to the bottom); paying from any space with your Seeker,
# gaining onto one, giving onto another player's Seeker's space; unaffordable options
# refused; friendship floored at 0; an empty deck refilled from 2-Quests trophy holders.
from firmware.rules.mls import view
from firmware.rules.mls import editing as ed
from firmware.rules.mls import content_mls
from firmware.rules.mls.codes import (
    A_MOVE,
    AT_CAMP,
    E_GAIN_GEMS,
    E_GAIN_PIES,
    E_LOSE_FRIENDSHIP,
    E_PAY_APPLES,
    K_ACTION,
    K_DRAW_QUEST,
    K_PAY_FROM,
    K_PLACE_ON,
    K_QUEST_OPTION,
    K_QUEST_PICK,
    K_STATE_TERM,
    QUEST_DONE,
    QUEST_NO_THANKS,
    T_QUESTS,
    TERMS_CANCEL,
    TERMS_DONE,
)
from firmware.rules.errors import IllegalDecisionError

from .support import CAMP, content_with, move, raises, scenario, state_term

HELP_WITH_APPLES = 0


def _at_quest(cards=None, content=None, **kw):
    """P0 moves its first Seeker from 31 onto 32, which holds a quest token."""
    kw.setdefault("seekers", {0: (31, CAMP), 1: (CAMP, CAMP)})
    goods = kw.pop("goods", {})
    goods.setdefault(32, (0, 0, 1))
    st = scenario(goods=goods, content=content, **kw)
    if cards is not None:
        ed.set_quest_deck(st, cards)
        ed.begin_turn(st, 0)
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, st.seekers(0)[1])   # the second Seeker stays where it is
    return st


def test_a_quest_is_offered_after_the_move_and_may_be_ignored():
    st = _at_quest()
    assert st.decision() == K_QUEST_PICK and sorted(st.legal_actions()) == [32, QUEST_DONE]
    st.apply_checked(QUEST_DONE)
    assert st.quest_token(32) == 1 and st.active_player() == 1


def test_taking_a_quest_removes_the_token_and_draws_a_card():
    st = _at_quest()
    supply = st.supply(2)
    st.apply_checked(32)
    assert st.quest_token(32) == 0 and st.supply(2) == supply + 1
    assert st.decision() == K_DRAW_QUEST and len(st.legal_actions()) == 12
    st.apply_checked(5)
    assert view.current_quest(st) == 5 and st.decision() == K_QUEST_OPTION
    assert view.quest_deck_size(st) == 11


def test_no_thanks_puts_the_card_at_the_bottom_unresolved():
    st = _at_quest(cards=[5])
    st.apply_checked(32)                     # only card 5 left: drawn without asking
    assert view.current_quest(st) == 5
    st.apply_checked(QUEST_NO_THANKS)
    assert view.quests_resolved(st, 0) == 0 and view.quest_deck_size(st) == 1
    # It is the next card drawn.
    st2 = _at_quest(cards=[])
    ed.set_quest_deck(st2, [], bottom=[5])
    assert view.quest_deck_size(st2) == 1


def test_a_stated_option_is_checked_for_cost_and_applied():
    st = _at_quest(cards=[5], goods={32: (0, 0, 1), 31: (3, 0)}, seekers={0: (31, 36), 1: (CAMP, CAMP)})
    # P0's second Seeker stays on 36; the first moved 31 -> 32, so 31's apples are out of reach.
    st.apply_checked(32)
    st.apply_checked(0)                      # option 1, printed text unknown: stated
    assert st.decision() == K_STATE_TERM
    state_term(st, E_PAY_APPLES, 1)
    assert TERMS_DONE not in st.legal_actions()   # P0 controls no apples
    raises(IllegalDecisionError, st.apply_checked, TERMS_DONE)
    st.apply_checked(TERMS_CANCEL)
    assert st.decision() == K_QUEST_OPTION
    st.apply_checked(1)
    state_term(st, E_GAIN_PIES, 2)
    state_term(st, E_LOSE_FRIENDSHIP, 5)
    pies = st.pies(0)
    st.apply_checked(TERMS_DONE)
    assert st.pies(0) == pies + 2
    assert view.friendship(st, 0) == 0             # friendship stays at 0
    assert view.quests_resolved(st, 0) == 1


def test_paying_takes_from_any_space_with_your_seeker():
    st = _at_quest(cards=[5], goods={32: (1, 0, 1), 36: (1, 0)}, seekers={0: (31, 36), 1: (CAMP, CAMP)})
    st.apply_checked(32)
    st.apply_checked(0)
    state_term(st, E_PAY_APPLES, 2)
    st.apply_checked(TERMS_DONE)
    assert st.decision() == K_PAY_FROM and sorted(st.legal_actions()) == [32, 36]
    st.apply_checked(36)
    assert st.apples(32) == 0 and st.apples(36) == 0   # the second apple had one source left


def test_gained_goods_go_onto_a_space_of_your_choice_with_your_seeker():
    st = _at_quest(cards=[5], seekers={0: (31, 36), 1: (CAMP, CAMP)})
    st.apply_checked(32)
    st.apply_checked(0)
    state_term(st, E_GAIN_GEMS, 2)
    st.apply_checked(TERMS_DONE)
    assert st.decision() == K_PLACE_ON and sorted(st.legal_actions()) == [32, 36]
    st.apply_checked(32)
    st.apply_checked(36)
    assert st.gems(32) == 1 and st.gems(36) == 1 and st.supply(1) == 22


def test_help_with_apples_donates_two_apples_onto_another_players_space():
    st = _at_quest(cards=[HELP_WITH_APPLES], goods={32: (3, 0, 1)}, seekers={0: (31, CAMP), 1: (12, CAMP)})
    assert content_mls.QUEST_CARDS[HELP_WITH_APPLES][0] == "Help with Apples"
    st.apply_checked(32)
    st.apply_checked(0)                      # "Donate Apples" (known: give 2 apples)
    assert st.stated_terms() == ((5, 2),)    # prefilled; the rest of the card is stated
    st.apply_checked(TERMS_DONE)
    assert st.apples(32) == 1 and st.apples(12) == 2   # onto P1's Seeker's space
    assert st.check() is None


def test_giving_needs_another_players_seeker_on_the_map():
    st = _at_quest(cards=[HELP_WITH_APPLES], goods={32: (3, 0, 1)})
    st.apply_checked(32)
    assert 0 not in st.legal_actions()       # nobody to give to: Donate Apples is refused


def test_a_fully_known_option_is_applied_as_printed():
    cards = ((("Test", ("Bake", ((E_GAIN_PIES, 2),), True), None)),) + ((None, None, None),) * 11
    st = _at_quest(content=content_with(QUEST_CARDS=cards), cards=[0])
    st.apply_checked(32)
    pies = st.pies(0)
    st.apply_checked(0)
    assert st.pies(0) == pies + 2 and view.quests_resolved(st, 0) == 1
    assert st.decision() != K_STATE_TERM


def test_an_unaffordable_printed_option_is_refused():
    cards = ((("Test", ("Pay", ((E_PAY_APPLES, 3),), True), None)),) + ((None, None, None),) * 11
    st = _at_quest(content=content_with(QUEST_CARDS=cards), cards=[0])
    st.apply_checked(32)
    assert 0 not in st.legal_actions()
    raises(IllegalDecisionError, st.apply_checked, 0)


def test_both_seekers_on_quests_take_them_in_the_chosen_order():
    st = scenario(seekers={0: (31, 36), 1: (CAMP, CAMP)}, goods={32: (0, 0, 1), 35: (0, 0, 1)})
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, 35)
    assert sorted(st.legal_actions()) == [32, 35, QUEST_DONE]
    st.apply_checked(35)
    st.apply_checked(3)
    st.apply_checked(QUEST_NO_THANKS)
    assert st.legal_actions() == [32, QUEST_DONE]


def test_an_empty_deck_is_refilled_from_the_two_quests_trophy_holders():
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={32: (0, 0, 1)})
    ed.set_quests_resolved(st, 1, [1, 2])
    ed.set_trophies(st, 1, 1 << T_QUESTS)
    ed.set_quest_deck(st, [])
    ed.begin_turn(st, 0)
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, AT_CAMP)
    st.apply_checked(32)
    assert st.decision() == K_DRAW_QUEST and sorted(st.legal_actions()) == [1, 2]


def test_with_no_card_left_anywhere_no_quest_is_offered():
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={32: (0, 0, 1)})
    ed.set_quests_resolved(st, 1, [1, 2])        # no 2-Quests trophy: these cards stay put
    ed.set_quest_deck(st, [])
    ed.begin_turn(st, 0)
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, AT_CAMP)
    assert st.decision() == K_ACTION and st.quest_token(32) == 1
