# Decisions on the dials: the pie fight (both dials, secret until both lock, then revealed),
# actions, quests and stated card terms, rejuvenation; Seek placed with the wand.
from firmware.board.light_codes import L_FIX, L_SELECTED, L_TARGET, L_WRONG
from firmware.rules.mls.codes import (
    A_MOVE,
    A_SEEK_1,
    E_GAIN_PIES,
    K_ACTION,
    K_FIGHT_BID,
    K_QUEST_OPTION,
    K_QUEST_PICK,
    K_REJUVENATE,
    K_SEEK_PLACE,
    K_SEEK_ROLL,
    K_STATE_TERM,
    K_TERM_AMOUNT,
    TERMS_DONE,
)

from ..rules.support import CAMP, scenario
from .rig import Rig


def _fight(**kw):
    kw.setdefault("seekers", {0: (31, CAMP), 1: (32, CAMP)})
    kw.setdefault("pies", {0: 4, 1: 4})
    kw.setdefault("friendship", {0: 5, 1: 2})
    rig = Rig(scenario(**kw))
    rig.choose(0, A_MOVE)
    rig.move(0, 0, 32)
    rig.press(0)                      # the second Seeker stays at camp
    assert rig.st.decision() == K_FIGHT_BID
    return rig


def test_both_dials_take_secret_bids_and_nothing_is_revealed_before_both_lock():
    rig = _fight()
    assert rig.lit(L_TARGET) == [32]
    assert rig.ctl.options(0) == [0, 1, 2, 3, 4] and rig.ctl.options(1) == [0, 1, 2, 3, 4]
    rig.choose(1, 3)                  # the defender may lock first
    assert rig.ctl.bid_locks() == (False, True)
    assert rig.st.pies(1) == 4 and rig.st.decision() == K_FIGHT_BID   # nothing applied yet
    rig.choose(0, 2)
    assert rig.st.last_fight() == (2, 3, 1)
    assert (rig.st.pies(0), rig.st.pies(1)) == (2, 1)


def test_an_attacker_with_nothing_to_bid_leaves_the_fight_to_the_defenders_dial():
    rig = _fight(pies={0: 0, 1: 2})   # no pies, no spells: the engine bids 0 for the attacker
    assert rig.st.current_player() == 1 and rig.ctl.options(0) == []
    rig.choose(1, 2)
    assert rig.st.last_fight() == (0, 2, 1) and rig.st.pies(1) == 0


def test_the_losers_space_blinks_until_its_seekers_are_lifted_off():
    rig = _fight()
    rig.choose(0, 1)
    rig.choose(1, 3)
    assert rig.st.seekers(0)[0] == CAMP   # the attacker lost
    assert rig.st.decision() == K_REJUVENATE
    rig.run(700)
    assert 32 in rig.lit(L_FIX)
    rig.sensors.lift(rig.channel[32], 0)  # P0's Seeker 0 taken off the defended space
    rig.run(700)
    assert rig.lit(L_FIX) == [rig.expected()[0]]    # and still missing from its camp
    rig.sensors.put(rig.place_channel[rig.expected()[0]], 0)
    rig.run(100)
    assert rig.lit(L_FIX) == []


def test_spells_are_entered_after_the_pies():
    rig = _fight(spells={0: 1})
    rig.choose(0, 1)
    assert rig.ctl.options(0) == [0, 9]   # none, or a card of unknown value,
    rig.choose(0, 9)
    assert 9 + 5 in rig.ctl.options(0)   # then its value, read from the card: 5
    rig.choose(0, 9 + 5)
    rig.choose(1, 4)
    assert rig.st.last_fight() == (6, 4, 0)


def test_the_action_is_chosen_on_the_active_players_dial():
    rig = Rig(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}))
    assert rig.st.decision() == K_ACTION and rig.ctl.options(1) == []
    rig.turn(1, 2)                    # the other dial does nothing
    rig.press(1)
    assert rig.st.decision() == K_ACTION
    rig.choose(0, A_SEEK_1)
    assert rig.st.decision() in (K_SEEK_PLACE, K_ACTION)


def test_seek_tokens_are_placed_with_the_wand_on_lit_spaces():
    rig = Rig(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}), seed=3)
    rig.choose(0, A_SEEK_1)           # the board rolls its own dice
    assert rig.st.decision() == K_SEEK_PLACE
    targets = rig.lit(L_TARGET) + rig.lit(L_SELECTED)
    assert sorted(targets) == sorted(rig.st.legal_actions())
    outside = [x for x in range(37) if x not in targets][0]
    before = bytes(rig.st.s)
    rig.wand(outside)
    assert bytes(rig.st.s) == before and rig.lit(L_WRONG) == [outside]
    rig.wand(targets[0])
    assert bytes(rig.st.s) != before


def test_dice_rolled_at_the_table_are_entered_on_the_dial():
    rig = Rig(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}), table_dice=True)
    rig.choose(0, A_SEEK_1)
    assert rig.st.decision() == K_SEEK_ROLL and len(rig.ctl.options(0)) == 18
    for _ in range(4):
        rig.choose(0, 0)              # an apple in the first region
    assert rig.st.decision() == K_SEEK_PLACE
    assert sorted(rig.st.legal_actions()) == sorted(rig.st.board.region_spaces[0])


def _two_quests():
    """P0's Seekers end their move on 32 and 35, both with a quest token: the player picks
    which quest to take first."""
    st = scenario(seekers={0: (31, 36), 1: (CAMP, CAMP)}, goods={32: (0, 0, 1), 35: (0, 0, 1)})
    rig = Rig(st)
    rig.choose(0, A_MOVE)
    rig.move(0, 0, 32)
    rig.move(0, 1, 35)
    assert rig.st.decision() == K_QUEST_PICK and rig.ctl.options(0) == [32, 35]
    return rig


def test_a_quest_through_wand_and_dial_with_stated_terms():
    rig = _two_quests()
    rig.wand(35)                      # take the quest on that space first
    assert rig.st.decision() == K_QUEST_OPTION and rig.st.quest_token(35) == 0
    assert rig.st.quest_token(32) == 1
    rig.choose(0, 0)                  # option 1 (its text is unknown: stated)
    assert rig.st.decision() == K_STATE_TERM
    rig.choose(0, E_GAIN_PIES)
    assert rig.st.decision() == K_TERM_AMOUNT
    rig.choose(0, 2)
    pies = rig.st.pies(0)
    rig.choose(0, TERMS_DONE)
    assert rig.st.pies(0) == pies + 2


def test_a_lone_quest_token_is_taken_without_asking():
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={32: (0, 0, 1)})
    rig = Rig(st)
    rig.choose(0, A_MOVE)
    rig.move(0, 0, 32)
    rig.choose(0, rig.ctl.options(0)[0])   # the Seeker at camp stays there (dial 0)
    assert rig.st.decision() == K_QUEST_OPTION and rig.st.quest_token(32) == 0


def test_a_space_decision_can_also_be_answered_on_the_dial():
    rig = _two_quests()
    assert rig.lit(L_SELECTED) == [32] and rig.lit(L_TARGET) == [35]
    rig.choose(0, 35)
    assert rig.st.decision() == K_QUEST_OPTION and rig.st.quest_token(35) == 0
