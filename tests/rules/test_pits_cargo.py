# Cargo holds (Pie in the Sky): unlimited, each player's own; their apples and gems count as
# controlled and pay Make actions, quests and deliveries together with the goods on the map
# (a 4-apple delivery of 2 carried + 2 from the hold); the second tie-breaker counts them;
# conservation counts them.
from firmware.rules.mls import quest
from firmware.rules.mls.codes import (
    A_BAKE,
    A_CONJURE,
    CARRY_FROM_HOLD,
    E_PAY_APPLES,
    E_PAY_GEMS,
    G_APPLE,
    G_GEM,
    K_ACTION,
    K_PAY_FROM,
    K_CARRY,
    K_REJUVENATE,
    T_APPLES,
    T_GEMS,
)
from firmware.rules.mls.layout import HOLD_CARGO, HOLD_SUPPLY, P0, ST_OVER, STAGE, TRO, X_CARGO, X_PL

from firmware.rules.mls.layout import carry_code, move_action

from .support import CAMP, dests, move, pits_scenario

CASTLE = 18
NEXT_TO_CASTLE = 11


def test_cargo_counts_as_controlled_for_a_make_action():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, goods={5: (1, 0)}, cargo={0: (1, 0)})
    assert st.controlled(0, G_APPLE) == 2
    assert A_BAKE in st.legal_actions()
    st2 = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, goods={5: (1, 0)})
    assert A_BAKE not in st2.legal_actions()


def test_a_make_action_pays_from_the_map_and_the_cargo_hold():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, goods={5: (1, 0)}, cargo={0: (2, 0)})
    st.apply_checked(A_BAKE)
    assert st.decision() == K_PAY_FROM
    assert st.legal_actions() == [5, HOLD_CARGO + 0]
    st.apply_checked(HOLD_CARGO + 0)
    st.apply_checked(5)
    assert st.cargo(0, G_APPLE) == 1 and st.apples(5) == 0
    assert st.pies(0) == 5 and st.check() is None


def test_only_the_owner_spends_a_cargo_hold():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, goods={5: (1, 2)}, cargo={1: (3, 3)})
    assert st.controlled(0, G_APPLE) == 1
    assert A_BAKE not in st.legal_actions()
    st.apply_checked(A_CONJURE)   # 2 gems, both from space 5 (the only holder offered)
    assert st.gems(5) == 0 and st.cargo(1, G_GEM) == 3


def test_a_quest_cost_counts_the_cargo_hold():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, goods={5: (0, 1)}, cargo={0: (0, 2)})
    assert quest.affordable(st, ((E_PAY_GEMS, 3),))
    assert not quest.affordable(st, ((E_PAY_GEMS, 4),))
    assert not quest.affordable(st, ((E_PAY_APPLES, 1),))


def test_a_delivery_of_two_carried_and_two_from_the_cargo_hold():
    st = pits_scenario(2, seekers={0: (NEXT_TO_CASTLE, CAMP), 1: (30, CAMP)},
                       goods={NEXT_TO_CASTLE: (2, 0)}, cargo={0: (2, 0)})
    st.apply_checked(0)   # A_MOVE
    assert CASTLE in dests(st, 0)
    move(st, 0, CASTLE, carry=2)
    assert st.cargo(0, G_APPLE) == 0 and st.apples(CASTLE) == 0
    assert st.s[P0 + TRO] & (1 << T_APPLES)   # the 4-apple trophy
    assert st.seekers(0)[0] == CAMP
    assert st.decision() == K_REJUVENATE
    assert st.check() is None


def test_a_delivery_needs_the_rest_in_the_cargo_hold():
    st = pits_scenario(2, seekers={0: (NEXT_TO_CASTLE, CAMP), 1: (30, CAMP)},
                       goods={NEXT_TO_CASTLE: (2, 0)}, cargo={0: (1, 0)})
    st.apply_checked(0)   # A_MOVE
    assert CASTLE not in dests(st, 0)


def test_a_seeker_carrying_nothing_delivers_four_apples_from_the_cargo_hold():
    # Rulebook: "items required for a delivery may now be spent from your cargo hold, carried
    # in from the map (as with base game), or a combination of both." 4 apples in the hold: a
    # Seeker entering Castle Everfree carrying nothing completes the apple delivery.
    st = pits_scenario(2, seekers={0: (NEXT_TO_CASTLE, CAMP), 1: (30, CAMP)}, cargo={0: (4, 0)})
    supply = st.supply(G_APPLE)
    st.apply_checked(0)   # A_MOVE
    assert CASTLE in dests(st, 0)
    assert st.carry_options(0, CASTLE) == [carry_code(CARRY_FROM_HOLD, 0)]
    move(st, 0, CASTLE, carry=carry_code(CARRY_FROM_HOLD, 0))
    assert st.cargo(0, G_APPLE) == 0 and st.supply(G_APPLE) == supply + 4 and st.apples(CASTLE) == 0
    assert st.s[P0 + TRO] & (1 << T_APPLES)
    assert st.seekers(0)[0] == CAMP
    assert st.decision() == K_REJUVENATE and st.check() is None


def test_the_castle_lights_for_a_seeker_carrying_nothing_while_the_hold_pays_the_delivery():
    # Rulebook: "Your Seekers may still enter this space for the purpose of completing a
    # delivery. However, items required for a delivery may now be spent from your cargo hold".
    # The controller lights a lifted Seeker's legal spaces (Ruleset.light_destinations).
    from firmware.rules.mls.ruleset import RULESET

    st = pits_scenario(2, seekers={0: (NEXT_TO_CASTLE, CAMP), 1: (30, CAMP)}, cargo={0: (4, 0)})
    st.apply_checked(0)   # A_MOVE
    light = bytearray(37)
    RULESET.light_destinations(st, 0, NEXT_TO_CASTLE, light, 7)
    assert light[CASTLE] == 7
    assert RULESET.piece_action(st, 0, CASTLE) == move_action(0, CASTLE)
    st2 = pits_scenario(2, seekers={0: (NEXT_TO_CASTLE, CAMP), 1: (30, CAMP)}, cargo={0: (3, 0)})
    st2.apply_checked(0)
    light = bytearray(37)
    RULESET.light_destinations(st2, 0, NEXT_TO_CASTLE, light, 7)
    assert light[CASTLE] == 0   # 3 in the hold: no delivery of 4, the castle stays closed


def test_carrying_nothing_the_seeker_reaches_the_castle_within_its_two_steps():
    # Rulebook (base game): "Move without carrying apples or gems: Move your Seeker up to 2
    # spaces." 16 is 2 spaces from the castle (by 17): carrying nothing it may enter to
    # complete a delivery the hold pays; the 2 apples on 16 cannot be carried that far.
    st = pits_scenario(2, seekers={0: (16, CAMP), 1: (30, CAMP)}, goods={16: (2, 0)}, cargo={0: (4, 0)})
    st.apply_checked(0)   # A_MOVE
    assert CASTLE in dests(st, 0)
    assert st.carry_options(0, CASTLE) == [carry_code(CARRY_FROM_HOLD, 0)]
    st.apply_checked(move_action(0, CASTLE))   # one answer (the hold's apples): not asked
    assert st.decision() == K_REJUVENATE
    assert st.apples(16) == 2 and st.cargo(0, G_APPLE) == 0 and st.s[P0 + TRO] & (1 << T_APPLES)
    st2 = pits_scenario(2, seekers={0: (16, CAMP), 1: (30, CAMP)}, goods={16: (4, 0)})
    st2.apply_checked(0)
    assert CASTLE not in dests(st2, 0)   # no hold: 4 apples carried are 1 step, 16 is 2 away


def test_with_both_deliveries_in_the_hold_the_player_chooses_which():
    st = pits_scenario(2, seekers={0: (NEXT_TO_CASTLE, CAMP), 1: (30, CAMP)}, cargo={0: (4, 4)})
    st.apply_checked(0)   # A_MOVE
    assert st.carry_options(0, CASTLE) == [carry_code(CARRY_FROM_HOLD, 0), carry_code(0, CARRY_FROM_HOLD)]
    st.apply_checked(move_action(0, CASTLE))
    assert st.decision() == K_CARRY and st.legal_actions() == [CARRY_FROM_HOLD, 0]
    c = st.clone()
    c.apply_checked(CARRY_FROM_HOLD)   # the hold's apples (the gems' question has one answer, 0)
    assert c.cargo(0, G_APPLE) == 0 and c.cargo(0, G_GEM) == 4 and c.s[P0 + TRO] & (1 << T_APPLES)
    st.apply_checked(0)   # no apples: the gems' question has one answer, the hold's gems
    assert st.cargo(0, G_GEM) == 0 and st.cargo(0, G_APPLE) == 4
    assert st.s[P0 + TRO] & (1 << T_GEMS) and not st.s[P0 + TRO] & (1 << T_APPLES)
    assert st.check() is None


def test_no_delivery_from_the_hold_once_its_trophy_is_earned():
    # Rulebook (base game): "Once you earn either a gem or apple delivery trophy, you may not
    # later repeat the same type of delivery."
    st = pits_scenario(2, seekers={0: (NEXT_TO_CASTLE, CAMP), 1: (30, CAMP)}, cargo={0: (4, 0)},
                       trophies={0: 1 << T_APPLES})
    st.apply_checked(0)   # A_MOVE
    assert CASTLE not in dests(st, 0)


def test_a_cargo_hold_has_no_limit():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, cargo={0: (20, 20)})
    assert st.cargo(0, G_APPLE) == 20 and st.check() is None


def test_the_second_tie_breaker_counts_the_cargo_hold():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, goods={5: (2, 0), 30: (1, 0)},
                       cargo={1: (0, 2)}, trophies={0: 0b11111, 1: 0b11111}, friendship={0: 9, 1: 9})
    st.s[STAGE] = ST_OVER
    st.begin()
    assert st.is_terminal()
    assert st.winners() == (1,)   # 3 controlled (1 on the map + 2 in the hold) against 2


def test_conservation_counts_the_cargo_hold():
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, cargo={0: (2, 1)})
    assert st.supply(G_APPLE) == 22 and st.check() is None
    assert sum(st.goods_at(h, G_APPLE) for h in st.holders()) == 24
    st.s[st.x0 + X_PL + X_CARGO] += 1            # an apple from nowhere
    assert "goods" in st.check()
    st.s[st.x0 + X_PL + X_CARGO] -= 1
    st.move_goods(G_GEM, HOLD_CARGO + 0, HOLD_SUPPLY, 1)
    assert st.check() is None and st.cargo(0, G_GEM) == 0
    assert st.decision() == K_ACTION
