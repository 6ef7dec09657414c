# Pie fights: after both Seekers moved and before quests; the attacker loses 1 friendship;
# secret bids of 0-7 pies not above the pie track, one spell per own Seeker involved; ties
# to the attacker; the loser's Seekers go home without their goods; pies and spells spent;
# the winner's trophy (the defender's off-turn and optional).
from firmware.rules.mls import view
from firmware.rules.mls.codes import (
    A_MOVE,
    AT_CAMP,
    K_BID_SPELL,
    K_DRAW_QUEST,
    K_FIGHT_BID,
    K_MOVE,
    K_REJUVENATE,
    K_TROPHY,
    T_PIE_FIGHT,
    TROPHY_DECLINE,
    bid_code,
)
from firmware.rules.errors import IllegalDecisionError, NotYourDecisionError

from .support import CAMP, bid, move, raises, scenario


def _attack(**kw):
    """P0 (Seekers on 31 and camp) attacks P1's Seeker on 32 with its first Seeker."""
    kw.setdefault("seekers", {0: (31, CAMP), 1: (32, CAMP)})
    st = scenario(**kw)
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, AT_CAMP)
    return st


def test_the_fight_waits_until_both_seekers_have_moved():
    st = scenario(seekers={0: (31, CAMP), 1: (32, CAMP)})
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    assert st.decision() == K_MOVE and view.pending_fights(st) == (32,)
    move(st, 1, AT_CAMP)
    assert st.decision() == K_FIGHT_BID


def test_attacker_loses_one_friendship_at_once():
    st = _attack(friendship={0: 5})
    assert view.friendship(st, 0) == 4 and st.current_player() == 0


def test_attacker_friendship_stays_at_zero():
    st = _attack(friendship={0: 0})
    assert view.friendship(st, 0) == 0


def test_bid_cannot_exceed_the_pie_track_or_seven():
    st = _attack(pies={0: 10, 1: 2})
    assert sorted(st.legal_actions()) == [bid_code(v) for v in range(8)]
    raises(IllegalDecisionError, st.apply_checked, bid_code(8), 0)
    st.apply_checked(bid_code(7), player=0)
    assert sorted(st.legal_actions()) == [bid_code(0), bid_code(1), bid_code(2)]
    raises(IllegalDecisionError, st.apply_checked, bid_code(3), 1)


def test_zero_pies_is_a_legal_bid():
    st = _attack(pies={0: 0, 1: 0})
    # With no pies and no spells the only bid is 0: applied without asking, and the fight
    # is fought (0 against 0: the attacker wins the tie).
    assert st.last_fight() == (0, 0, 0)
    assert st.seekers(0)[0] == 32 and st.seekers(1)[0] == AT_CAMP
    assert st.decision() == K_REJUVENATE and st.current_player() == 1


def test_one_spell_per_own_seeker_involved():
    st = _attack(pies={0: 0, 1: 0}, spells={0: 2})
    assert st.decision() == K_BID_SPELL          # no pies to bid: straight to the spell
    assert st.legal_actions() == [0, 9]          # none, or a card of unknown value
    st.apply_checked(9, 0)
    assert st.decision() == K_BID_SPELL and st.legal_actions() == [9 + v for v in range(8)]   # its value 0-7
    st.apply_checked(9 + 3, 0)
    # One Seeker involved: one spell only; the defender's only bid (0) follows at once.
    assert st.last_fight() == (3, 0, 0) and st.spells(0) == 1
    # Both Seekers on the defended space: two spells.
    st = scenario(seekers={0: (31, 36), 1: (32, CAMP)}, pies={0: 0, 1: 0}, spells={0: 2})
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, 32)
    assert view.pending_fights(st) == (32,)
    st.apply_checked(9, 0)
    st.apply_checked(9 + 3, 0)
    assert st.decision() == K_BID_SPELL and st.current_player() == 0
    st.apply_checked(9, 0)
    st.apply_checked(9 + 4, 0)
    assert st.last_fight() == (7, 0, 0) and st.spells(0) == 0


def test_a_second_spell_needs_a_second_card():
    st = scenario(seekers={0: (31, 36), 1: (32, CAMP)}, pies={0: 0, 1: 0}, spells={0: 1})
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, 32)
    st.apply_checked(9, 0)
    st.apply_checked(9 + 3, 0)
    # The only card is attached: no second slot; the defender's only bid (0) follows.
    assert st.last_fight() == (3, 0, 0) and st.spells(0) == 0


def test_a_spell_needs_a_card_in_hand():
    st = _attack(pies={0: 1, 1: 0})
    st.apply_checked(1, 0)                       # pies; no card in hand: no spell is asked
    assert st.last_fight() == (1, 0, 0) and st.pies(0) == 0


def test_only_the_player_to_bid_may_bid():
    st = _attack(pies={0: 3, 1: 3})
    before = bytes(st.s)
    raises(NotYourDecisionError, st.apply_checked, bid_code(1), 1)
    assert bytes(st.s) == before and st.current_player() == 0 and st.decision() == K_FIGHT_BID


def test_higher_score_wins_and_the_loser_goes_home_without_goods():
    st = _attack(pies={0: 3, 1: 3}, goods={31: (2, 1)}, friendship={1: 2})
    st.apply_checked(bid_code(1), 0)
    st.apply_checked(bid_code(2), 1)
    assert st.last_fight() == (1, 2, 1)
    assert st.seekers(0)[0] == AT_CAMP
    assert st.seekers(1)[0] == 32
    assert (st.pies(0), st.pies(1)) == (2, 1)
    assert (st.apples(31), st.gems(31), st.apples(32), st.gems(32)) == (2, 1, 0, 0)
    assert st.decision() == K_REJUVENATE and st.current_player() == 0


def test_carried_goods_stay_on_the_space_when_the_attacker_loses():
    st = scenario(seekers={0: (31, CAMP), 1: (32, CAMP)}, goods={31: (2, 0)}, pies={0: 3, 1: 3})
    st.apply_checked(A_MOVE)
    move(st, 0, 32, carry=2)
    move(st, 1, AT_CAMP)
    st.apply_checked(bid_code(0), 0)
    st.apply_checked(bid_code(1), 1)
    assert st.last_fight() == (0, 1, 1)
    assert st.seekers(0)[0] == AT_CAMP and st.apples(32) == 2 and st.apples(31) == 0


def test_tie_goes_to_the_attacker():
    st = _attack(pies={0: 3, 1: 3}, friendship={0: 5})
    st.apply_checked(bid_code(2), 0)
    st.apply_checked(bid_code(2), 1)
    assert st.last_fight() == (2, 2, 0)
    assert st.seekers(1)[0] == AT_CAMP and st.seekers(0)[0] == 32


def test_spell_values_add_to_the_pies():
    st = _attack(pies={0: 3, 1: 3}, spells={1: 1})
    bid(st, 0, 3)
    bid(st, 1, 1, 9 + 3)                         # 1 pie + a spell stated as 3 = 4 > 3
    assert st.last_fight() == (3, 4, 1)


def test_pies_and_spells_are_spent_by_both():
    st = _attack(pies={0: 5, 1: 4}, spells={0: 1, 1: 2})
    bid(st, 0, 2, 9 + 1)
    bid(st, 1, 3, 9 + 0)
    assert (st.pies(0), st.pies(1)) == (3, 1)
    assert (st.spells(0), st.spells(1)) == (0, 1)
    assert view.spell_discard(st)[8] == 2 and sum(view.spell_discard(st)) == 2
    assert view.spell_deck(st)[8] == 27          # 30 - the 3 cards dealt to the hands
    assert st.last_fight() == (3, 3, 0)          # 2 + 1 against 3 + 0: the attacker's tie


def test_the_winning_attacker_earns_the_pie_fight_trophy():
    st = _attack(pies={0: 3, 1: 0}, friendship={0: 4})
    st.apply_checked(bid_code(1), 0)     # the defender's only bid (0) is applied for it
    assert st.last_fight() == (1, 0, 0)
    assert view.trophies(st, 0) == 1 << T_PIE_FIGHT and view.friendship(st, 0) == 3


def test_the_attacker_earns_no_trophy_when_the_fight_drops_friendship_below_three():
    st = _attack(pies={0: 3, 1: 0}, friendship={0: 3})
    st.apply_checked(bid_code(1), 0)
    assert st.last_fight() == (1, 0, 0)          # won, yet friendship 2 earns nothing
    assert view.friendship(st, 0) == 2 and view.trophies(st, 0) == 0


def test_a_winning_defender_may_take_or_decline_the_trophy_off_turn():
    st = _attack(pies={0: 0, 1: 3})
    st.apply_checked(bid_code(1), 1)     # the attacker's only bid (0) was applied for it
    assert st.last_fight() == (0, 1, 1)
    assert st.decision() == K_TROPHY and st.current_player() == 1
    assert sorted(st.legal_actions()) == [T_PIE_FIGHT, TROPHY_DECLINE]
    declined = st.clone()
    declined.apply_checked(TROPHY_DECLINE, 1)
    assert view.trophies(declined, 1) == 0
    st.apply_checked(T_PIE_FIGHT, 1)
    assert view.trophies(st, 1) == 1 << T_PIE_FIGHT


def test_fights_come_before_quests():
    st = scenario(seekers={0: (31, CAMP), 1: (32, CAMP)}, goods={32: (0, 0, 1)}, pies={0: 3, 1: 0},
                  friendship={0: 5})
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, AT_CAMP)
    assert st.decision() == K_FIGHT_BID
    st.apply_checked(bid_code(1), 0)
    st.apply_checked(1, 1)              # the defender lost: rejuvenated (2 pies)
    assert st.decision() == K_DRAW_QUEST and st.quest_token(32) == 0   # then the quest (token taken)


def test_two_fights_resolve_in_the_order_of_attack():
    st = scenario(seekers={0: (31, 11), 1: (32, 12)}, pies={0: 4, 1: 4}, friendship={0: 5})
    st.apply_checked(A_MOVE)
    move(st, 1, 12)
    move(st, 0, 32)
    assert view.pending_fights(st) == (12, 32)
    assert view.friendship(st, 0) == 4
    st.apply_checked(bid_code(1), 0)
    st.apply_checked(bid_code(0), 1)
    assert st.seekers(1) == (32, AT_CAMP)          # the fight on 12 first
    assert view.trophies(st, 0) == 1 << T_PIE_FIGHT
    assert st.decision() == K_REJUVENATE and st.current_player() == 1
    st.apply_checked(1, 1)
    assert st.decision() == K_FIGHT_BID and view.pending_fights(st) == (32,)
    assert view.friendship(st, 0) == 3                   # 1 friendship per fight
    assert view.fight_defender(st) == 1
