# Quests: after the Move and its pie fights, a quest token under a Seeker must be taken (the
# rulebook: "remove the quest token and draw 1 quest card"; both Seekers on tokens: the
# player picks the order); declining is only by No Thanks on the card (back to the bottom,
# drawn again after the unseen cards); paying from any space with your Seeker, gaining onto
# one, giving onto another player's Seeker's space; unaffordable options refused; friendship
# floored at 0; an empty deck refilled from 2-Quests trophy holders.
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
    G_QUEST,
    K_ACTION,
    K_DRAW_QUEST,
    K_PAY_FROM,
    K_PLACE_ON,
    K_QUEST_OPTION,
    K_QUEST_PICK,
    K_STATE_TERM,
    NONE,
    QUEST_NO_THANKS,
    T_QUESTS,
    TERMS_CANCEL,
    TERMS_DONE,
)
from firmware.rules.errors import IllegalDecisionError

from .support import CAMP, content_with, move, raises, scenario, state_term

HELP_WITH_APPLES = 0
OLD_QUEST_DONE = 63   # the answer that used to leave the token on the map


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


def test_a_quest_token_under_a_seeker_is_taken_without_asking():
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={32: (0, 0, 1)})
    supply = st.supply(G_QUEST)
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    taken = len(view.history(st))
    move(st, 1, AT_CAMP)   # the Move ends: the only token under P0's Seekers is taken at once
    assert len(view.history(st)) == taken + 1        # no pick asked, no way to leave it
    assert st.quest_token(32) == 0 and st.supply(G_QUEST) == supply + 1
    assert st.decision() == K_DRAW_QUEST and len(st.legal_actions()) == 12


def test_taking_a_quest_removes_the_token_and_draws_a_card():
    st = _at_quest()
    assert st.quest_token(32) == 0
    st.apply_checked(5)
    assert view.current_quest(st) == 5 and st.decision() == K_QUEST_OPTION
    assert view.quest_deck_size(st) == 11


def test_no_thanks_puts_the_card_at_the_bottom_and_it_is_drawn_after_the_unseen_ones():
    st = scenario(seekers={0: (31, 36), 1: (CAMP, CAMP)}, goods={32: (0, 0, 1), 35: (0, 0, 1)})
    ed.set_quest_deck(st, [5, 7])
    ed.begin_turn(st, 0)
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, 35)
    st.apply_checked(32)                     # P0 takes the quest on 32 first
    assert st.decision() == K_DRAW_QUEST and sorted(st.legal_actions()) == [5, 7]
    st.apply_checked(5)
    st.apply_checked(QUEST_NO_THANKS)
    assert view.quests_resolved(st, 0) == 0
    # The token on 35 is taken at once; the deck's only unseen card, 7, is drawn (card 5
    # went to the bottom, under it).
    assert st.quest_token(35) == 0
    assert st.decision() == K_QUEST_OPTION and view.current_quest(st) == 7
    assert view.quest_deck_size(st) == 1
    st.apply_checked(QUEST_NO_THANKS)
    assert view.current_quest(st) == NONE and view.quest_deck_size(st) == 2
    assert st.active_player() == 1
    # Next quests: no unseen card is left; the cards come back in the order they were put
    # back, each drawn without asking: 5, then 7.
    for space, card in ((31, 5), (32, 7)):
        ed.set_goods(st, space, quest=1)
        ed.set_last_action(st, 0, NONE)
        ed.begin_turn(st, 0)
        st.apply_checked(A_MOVE)
        move(st, 0, space)
        move(st, 1, 35)
        assert st.quest_token(space) == 0
        assert st.decision() == K_QUEST_OPTION and view.current_quest(st) == card
        st.apply_checked(QUEST_NO_THANKS)
    assert view.quest_deck_size(st) == 2 and view.quests_resolved(st, 0) == 0


def test_a_stated_option_is_checked_for_cost_and_applied():
    st = _at_quest(cards=[5], goods={32: (0, 0, 1), 31: (3, 0)}, seekers={0: (31, 36), 1: (CAMP, CAMP)})
    # P0's second Seeker stays on 36; the first moved 31 -> 32, so 31's apples are out of reach.
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
    st.apply_checked(0)
    state_term(st, E_PAY_APPLES, 2)
    st.apply_checked(TERMS_DONE)
    assert st.decision() == K_PAY_FROM and sorted(st.legal_actions()) == [32, 36]
    st.apply_checked(36)
    assert st.apples(32) == 0 and st.apples(36) == 0   # the second apple had one source left


def test_gained_goods_go_onto_a_space_of_your_choice_with_your_seeker():
    st = _at_quest(cards=[5], seekers={0: (31, 36), 1: (CAMP, CAMP)})
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
    st.apply_checked(0)                      # "Donate Apples" (known: give 2 apples)
    assert st.stated_terms() == ((5, 2),)    # prefilled; the rest of the card is stated
    st.apply_checked(TERMS_DONE)
    assert st.apples(32) == 1 and st.apples(12) == 2   # onto P1's Seeker's space
    assert st.check() is None


def test_giving_needs_another_players_seeker_on_the_map():
    st = _at_quest(cards=[HELP_WITH_APPLES], goods={32: (3, 0, 1)})
    assert 0 not in st.legal_actions()       # nobody to give to: Donate Apples is refused


def test_a_fully_known_option_is_applied_as_printed():
    cards = ((("Test", ("Bake", ((E_GAIN_PIES, 2),), True), None)),) + ((None, None, None),) * 11
    st = _at_quest(content=content_with(QUEST_CARDS=cards), cards=[0])
    pies = st.pies(0)
    st.apply_checked(0)
    assert st.pies(0) == pies + 2 and view.quests_resolved(st, 0) == 1
    assert st.decision() != K_STATE_TERM


def test_an_unaffordable_printed_option_is_refused():
    cards = ((("Test", ("Pay", ((E_PAY_APPLES, 3),), True), None)),) + ((None, None, None),) * 11
    st = _at_quest(content=content_with(QUEST_CARDS=cards), cards=[0])
    assert 0 not in st.legal_actions()
    raises(IllegalDecisionError, st.apply_checked, 0)


def test_both_seekers_on_quests_take_them_in_the_chosen_order():
    st = scenario(seekers={0: (31, 36), 1: (CAMP, CAMP)}, goods={32: (0, 0, 1), 35: (0, 0, 1)})
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, 35)
    assert st.decision() == K_QUEST_PICK and sorted(st.legal_actions()) == [32, 35]
    raises(IllegalDecisionError, st.apply_checked, OLD_QUEST_DONE)   # both must be taken
    st.apply_checked(35)
    assert st.quest_token(35) == 0 and st.quest_token(32) == 1
    st.apply_checked(3)
    st.apply_checked(QUEST_NO_THANKS)
    # The other token is taken at once, and its card drawn.
    assert st.quest_token(32) == 0 and st.decision() == K_DRAW_QUEST
    assert 3 not in st.legal_actions() and len(st.legal_actions()) == 11


def test_an_empty_deck_is_refilled_from_the_two_quests_trophy_holders():
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={32: (0, 0, 1)})
    ed.set_quests_resolved(st, 1, [1, 2])
    ed.set_trophies(st, 1, 1 << T_QUESTS)
    ed.set_quest_deck(st, [])
    ed.begin_turn(st, 0)
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, AT_CAMP)
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
