# Make: pay the full cost from spaces with your Seekers and gain the full benefit. Bake (2
# apples -> 2 pies, track max 10), Conjure (2 gems -> a spell), Power Up (1 apple + 1 gem:
# draw 3 tiles of one pile, keep 1, the rest to the bottom; one tile per section).
from firmware.rules.mls import view
from firmware.rules.mls import editing as ed
from firmware.rules.mls.codes import (
    A_BAKE,
    A_CONJURE,
    A_MOVE,
    A_POWER_UP,
    A_SEEK_1,
    A_SEEK_2,
    K_ACTION,
    K_DRAW_TILE,
    K_PAY_FROM,
    K_PU_KEEP,
    K_PU_SECTION,
    S_MAKE,
    S_MOVE,
)

from firmware.rules.mls.layout import move_action

from .support import CAMP, scenario


def test_make_actions_need_their_cost_on_your_seekers_spaces():
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={32: (5, 5)})
    assert sorted(st.legal_actions()) == [A_MOVE, A_SEEK_1, A_SEEK_2]
    # The same goods under the Seeker pay for every make action.
    st = scenario(seekers={0: (32, CAMP), 1: (CAMP, CAMP)}, goods={32: (5, 5)})
    assert sorted(st.legal_actions()) == [A_MOVE, A_SEEK_1, A_SEEK_2, A_BAKE, A_CONJURE, A_POWER_UP]
    # Each needs its full cost: 1 apple + 1 gem is a Power Up, not a Bake nor a Conjure.
    st = scenario(seekers={0: (32, CAMP), 1: (CAMP, CAMP)}, goods={32: (1, 1)})
    assert sorted(st.legal_actions()) == [A_MOVE, A_SEEK_1, A_SEEK_2, A_POWER_UP]


def test_bake_pays_two_apples_for_two_pies():
    st = scenario(seekers={0: (31, 36), 1: (CAMP, CAMP)}, goods={31: (1, 0), 36: (1, 0)}, pies={0: 3})
    assert A_BAKE in st.legal_actions()
    st.apply_checked(A_BAKE)
    assert st.decision() == K_PAY_FROM and sorted(st.legal_actions()) == [31, 36]
    st.apply_checked(31)
    assert st.pies(0) == 5 and st.apples(31) == 0 and st.apples(36) == 0
    assert st.supply(0) == 24 and st.pies(1) == 3


def test_bake_needs_room_for_both_pies_on_the_track():
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={31: (2, 0)}, pies={0: 9})
    assert A_BAKE not in st.legal_actions()
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={31: (2, 0)}, pies={0: 8})
    st.apply_checked(A_BAKE)
    assert st.pies(0) == 10 and st.apples(31) == 0 and st.supply(0) == 24


def test_conjure_pays_two_gems_for_a_spell():
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={31: (0, 3)})
    assert st.spells(0) == 0 and view.spell_deck(st)[8] == 30 and st.supply(1) == 21
    st.apply_checked(A_CONJURE)
    assert st.spells(0) == 1 and view.spell_hand(st, 0)[8] == 1 and view.spell_deck(st)[8] == 29
    assert st.gems(31) == 1 and st.supply(1) == 23 and st.spells(1) == 0
    assert st.last_action(0) == A_CONJURE and st.check() is None


def test_power_up_draws_three_keeps_one_and_returns_two_to_the_bottom():
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={31: (1, 1)})
    st.apply_checked(A_POWER_UP)
    assert st.decision() == K_PU_SECTION and sorted(st.legal_actions()) == [S_MOVE, S_MAKE]
    st.apply_checked(S_MOVE)
    for tile in (0, 3, 5):
        assert st.decision() == K_DRAW_TILE
        st.apply_checked(tile)
    assert st.decision() == K_PU_KEEP and sorted(st.legal_actions()) == [0, 3, 5]
    st.apply_checked(3)
    assert view.tiles(st, 0) == (3, 255)
    assert st.apples(31) == 0 and st.gems(31) == 0 and st.supply(0) == 24 and st.supply(1) == 24
    assert st.check() is None     # tiles 0 and 5 are back in the pile, 3 is held


def test_power_up_tiles_put_back_are_drawn_after_the_unseen_ones():
    st = scenario(players=3, seekers={0: (31, CAMP), 1: (31, CAMP), 2: (31, CAMP)}, goods={31: (3, 3)})
    st.apply_checked(A_POWER_UP)
    st.apply_checked(S_MAKE)
    make = st.legal_actions()
    assert sorted(make) == list(range(8, 16))    # the 8 Make tiles, all unseen
    for t in make[:3]:
        st.apply_checked(t)
    st.apply_checked(make[0])                    # make[1], make[2] go to the bottom
    # P1: the 5 unseen tiles are offered, never the two put back.
    assert st.active_player() == 1
    st.apply_checked(A_POWER_UP)
    st.apply_checked(S_MAKE)
    for i in range(3):
        assert sorted(st.legal_actions()) == sorted(make[3 + i:])
        st.apply_checked(make[3 + i])
    st.apply_checked(make[3])                    # make[4], make[5] go to the bottom
    # P2: the last 2 unseen tiles, then the first tile put back (one option: drawn at once).
    assert st.active_player() == 2
    st.apply_checked(A_POWER_UP)
    st.apply_checked(S_MAKE)
    assert sorted(st.legal_actions()) == sorted(make[6:])
    st.apply_checked(make[6])
    assert st.decision() == K_PU_KEEP
    assert st.drawn_tiles() == (make[6], make[7], make[1])
    assert st.check() is None


def test_one_power_up_per_section():
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={31: (1, 1)})
    ed.set_tile(st, 0, S_MOVE, 1)
    ed.begin_turn(st, 0)
    st.apply_checked(A_POWER_UP)
    # Only the Make pile is left: it is chosen without asking.
    assert st.decision() == K_DRAW_TILE and sorted(st.legal_actions()) == list(range(8, 16))
    st2 = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={31: (1, 1)})
    ed.set_tile(st2, 0, S_MOVE, 1)
    ed.set_tile(st2, 0, S_MAKE, 9)
    ed.begin_turn(st2, 0)
    assert sorted(st2.legal_actions()) == [A_MOVE, A_SEEK_1, A_SEEK_2]


def test_power_up_make_keeps_the_token_on_power_up():
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={31: (2, 2)})
    st.apply_checked(A_POWER_UP)
    st.apply_checked(S_MAKE)
    while st.decision() == K_DRAW_TILE:
        st.apply_checked(st.legal_actions()[0])
    kept = st.legal_actions()[0]
    st.apply_checked(kept)
    assert st.last_action(0) == A_POWER_UP and view.tiles(st, 0) == (255, kept)
    # P1 plays a turn; P0, who could still pay a Power Up (Move pile), may not repeat it.
    assert st.active_player() == 1
    st.apply_checked(A_MOVE)
    st.apply_checked(move_action(0, CAMP))
    st.apply_checked(move_action(1, CAMP))
    assert st.active_player() == 0 and st.decision() == K_ACTION
    assert st.apples(31) == 1 and st.gems(31) == 1
    assert sorted(st.legal_actions()) == [A_MOVE, A_SEEK_1, A_SEEK_2]
