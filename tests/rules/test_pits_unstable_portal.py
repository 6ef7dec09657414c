# The Unstable Portal (the one airship ability whose text is known; which kingdom's mat prints
# it is not, so these tests put it on mat 0 through the content data): Air Support may move
# its token onto the airship's space (at most one gadget a space); its space acts as a portal
# for its owner's Seekers; apples and gems carried through it may each be swapped for an apple
# or a gem.
from firmware.rules.mls.codes import (
    AB_UNKNOWN,
    A_MOVE,
    A_SEEK_1,
    AB_UNSTABLE_PORTAL,
    AIR_BOOST,
    G_APPLE,
    G_GEM,
    G_QUEST,
    K_AIR_DIE,
    K_AIR_SUPPORT,
    K_MOVE,
    K_PORTAL_SWAP,
    K_SEEK_PLACE,
    NONE,
    SUP_ABILITY,
    SUP_APPLE,
    SUP_GEM,
    SUP_NONE,
)
from firmware.rules.mls.layout import die
from firmware.rules.mls.pits_setup import Pits
from firmware.rules.mls.ruleset import RULESET

from .support import CAMP, board, dests, move, pits_scenario, raises

PORTALS = (6, 10, 13, 23, 26, 30)
CORNER = 0   # (0, -3): portal 6 is 2 spaces away, portal 30 far


def up_game(players=2, **kw):
    """A position where player 0's airship mat (mat 0) is the Unstable Portal's."""
    kw.setdefault("mats", {})
    kw["mats"].setdefault(0, 0)
    pits = Pits(None, MAT_ABILITY=(AB_UNSTABLE_PORTAL,) + (None,) * 8)
    return pits_scenario(players, pits=pits, **kw)


def air_to(st, space):
    st.apply_checked(A_SEEK_1)
    for _ in range(4):
        st.apply_checked(die(G_QUEST, 3))
    while st.decision() == K_SEEK_PLACE:
        st.apply_checked(st.legal_actions()[0])
    assert st.decision() == K_AIR_DIE
    st.apply_checked(AIR_BOOST)
    st.apply_checked(space)
    assert st.decision() == K_AIR_SUPPORT


def test_the_ability_moves_the_unstable_portal_onto_the_airships_space():
    st = up_game(seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 0)})
    assert st.gadget(0) == NONE
    air_to(st, 16)
    assert st.legal_actions() == [SUP_APPLE, SUP_ABILITY, SUP_NONE]
    st.apply_checked(SUP_ABILITY)
    assert st.gadget(0) == 16 and st.apples(16) == 1 and st.cargo(0, G_APPLE) == 0
    assert st.check() is None


def test_the_unstable_portal_moves_again_in_a_later_seek():
    st = up_game(seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 0)},
                 gadgets={0: 9})
    air_to(st, 16)
    st.apply_checked(SUP_ABILITY)
    assert st.gadget(0) == 16


def test_no_second_gadget_on_a_space():
    st = up_game(seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 0)},
                 gadgets={1: 16})
    air_to(st, 16)
    assert SUP_ABILITY not in st.legal_actions()
    st2 = up_game(seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 0)},
                  gadgets={0: 16})
    air_to(st2, 16)
    assert SUP_ABILITY not in st2.legal_actions()


def test_a_save_with_two_gadgets_on_one_space_is_refused():
    from firmware.rules.errors import CorruptStateError
    from firmware.rules.framing import frame
    from firmware.rules.mls.layout import X_GADGET, X_PL, XPSZ

    st = up_game(seekers={0: (5, CAMP), 1: (30, CAMP)}, gadgets={0: 16})
    s = bytearray(st.s)
    s[st.x0 + X_PL + XPSZ + X_GADGET] = 16
    raises(CorruptStateError, RULESET.from_bytes, board(), frame(1, board().n_spaces, s))


def test_the_unstable_portal_is_a_portal_for_its_owners_seekers():
    st = up_game(seekers={0: (CORNER, CAMP), 1: (31, CAMP)}, gadgets={0: CORNER})
    st.apply_checked(A_MOVE)
    for p in PORTALS:
        assert p in dests(st, 0)   # one step: a portal jump
    st2 = up_game(seekers={0: (CORNER, CAMP), 1: (31, CAMP)})
    st2.apply_checked(A_MOVE)
    assert 30 not in dests(st2, 0) and 26 not in dests(st2, 0)


def test_a_seeker_on_a_portal_jumps_onto_the_unstable_portal():
    st = up_game(seekers={0: (30, CAMP), 1: (31, CAMP)}, gadgets={0: CORNER})
    st.apply_checked(A_MOVE)
    assert CORNER in dests(st, 0)
    st2 = up_game(seekers={0: (30, CAMP), 1: (31, CAMP)})
    st2.apply_checked(A_MOVE)
    assert CORNER not in dests(st2, 0)


def test_the_unstable_portal_is_no_portal_for_other_players():
    st = up_game(seekers={0: (31, CAMP), 1: (CORNER, CAMP)}, gadgets={0: CORNER}, active=1)
    st.apply_checked(A_MOVE)
    assert 30 not in dests(st, 0) and 26 not in dests(st, 0)


def test_goods_carried_through_the_unstable_portal_may_be_swapped():
    st = up_game(seekers={0: (CORNER, CAMP), 1: (31, CAMP)}, gadgets={0: CORNER},
                 goods={CORNER: (2, 0)})
    st.apply_checked(A_MOVE)
    move(st, 0, 30, carry=2)
    assert st.decision() == K_PORTAL_SWAP and st.current_player() == 0
    assert st.legal_actions() == [0, 1, 2]   # how many of the 2 are apples
    assert st.swap_pending() == (30, 2, 0)
    data = st.to_bytes()
    assert RULESET.from_bytes(board(), data).to_bytes() == data
    st.apply_checked(0)
    assert st.apples(30) == 0 and st.gems(30) == 2
    assert st.supply(G_APPLE) == 24 and st.supply(G_GEM) == 22
    assert st.decision() == K_MOVE and st.check() is None


def test_goods_jumping_onto_the_unstable_portal_may_be_swapped():
    st = up_game(seekers={0: (30, CAMP), 1: (31, CAMP)}, gadgets={0: CORNER}, goods={30: (1, 1)})
    st.apply_checked(A_MOVE)
    move(st, 0, CORNER, carry=1 + 32 * 1)
    assert st.legal_actions() == [0, 1, 2]
    st.apply_checked(2)
    assert st.apples(CORNER) == 2 and st.gems(CORNER) == 0 and st.check() is None


def test_a_swap_is_limited_by_the_supply():
    st = up_game(seekers={0: (CORNER, CAMP), 1: (31, CAMP)}, gadgets={0: CORNER},
                 goods={CORNER: (2, 0), 35: (0, 23)})
    st.apply_checked(A_MOVE)
    move(st, 0, 30, carry=2)
    assert st.legal_actions() == [1, 2]   # 1 gem left in the supply


def test_goods_walked_to_a_neighbour_are_not_swapped():
    st = up_game(seekers={0: (CORNER, CAMP), 1: (31, CAMP)}, gadgets={0: CORNER},
                 goods={CORNER: (2, 0)})
    st.apply_checked(A_MOVE)
    move(st, 0, 5, carry=2)
    assert st.decision() == K_MOVE and st.apples(5) == 2


def test_another_players_goods_are_not_swapped_through_it():
    # Player 1 stands on player 0's Unstable Portal: no jump and no swap for it.
    st = up_game(seekers={0: (31, CAMP), 1: (CORNER, CAMP)}, gadgets={0: CORNER}, active=1,
                 goods={CORNER: (2, 0)})
    st.apply_checked(A_MOVE)
    move(st, 0, 5, carry=2)
    assert st.decision() == K_MOVE and st.apples(5) == 2


def test_unknown_abilities_stay_unknown_in_the_shipped_data():
    from firmware.rules.mls import content_pits

    assert content_pits.MAT_ABILITY == (None,) * 9
    assert content_pits.AIR_DIE == (5, 1)
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (0, 1)})
    air_to(st, 16)
    assert st.ability(0) == AB_UNKNOWN and st.legal_actions() == [SUP_GEM, SUP_ABILITY, SUP_NONE]   # stated
