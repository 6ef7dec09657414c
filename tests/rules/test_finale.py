# Grand finale: when a turn ends with a player holding 4 trophies, each other player without
# 4 takes one final turn, no longer limited to 1 trophy; then the winner: 4 trophies, ties
# broken by friendship, then apples and gems controlled on the map, then shared.
from firmware.rules.mls import view
from firmware.rules.mls.codes import (
    A_SEEK_1,
    A_SEEK_2,
    K_ACTION,
    K_SEEK_ROLL,
    T_FRIENDSHIP,
    T_POWER_UPS,
    T_QUESTS,
    T_SPELLS,
    TERMINAL,
)

from .support import CAMP, scenario

THREE = (1 << T_POWER_UPS) | (1 << T_QUESTS) | (1 << T_SPELLS)
FOUR = THREE | (1 << T_FRIENDSHIP)


def _pass_turn(st):
    """The active player seeks and places everything on the first legal choices."""
    st.apply_checked(A_SEEK_1 if A_SEEK_1 in st.legal_actions() else A_SEEK_2)
    while st.decision() == K_SEEK_ROLL:
        st.apply_checked(0)   # an apple in the first region
    while not st.is_terminal() and st.decision() != K_ACTION:
        st.apply(st.legal_actions()[0])


def test_the_fourth_trophy_starts_the_finale_and_the_others_take_one_final_turn():
    st = scenario(players=3, seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP), 2: (CAMP, CAMP)},
                  trophies={0: THREE}, pies={0: 8})
    assert st.trophy_count(0) == 4 and not view.in_finale(st)
    _pass_turn(st)
    assert view.in_finale(st) and st.active_player() == 1
    _pass_turn(st)
    assert st.active_player() == 2
    _pass_turn(st)
    assert st.is_terminal() and st.current_player() == TERMINAL
    assert st.winners() == (0,)
    assert view.returns(st) == [1.0, 0.0, 0.0]


def test_players_with_four_trophies_skip_their_final_turn():
    st = scenario(players=3, seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP), 2: (CAMP, CAMP)},
                  trophies={0: THREE, 1: FOUR}, pies={0: 8})
    _pass_turn(st)
    assert view.in_finale(st) and st.active_player() == 2
    _pass_turn(st)
    assert st.is_terminal()


def test_final_turns_lift_the_one_trophy_limit():
    st = scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}, trophies={0: THREE, 1: 1 << T_QUESTS},
                  pies={0: 8, 1: 8}, friendship={1: 8})
    _pass_turn(st)               # P0 earns its 4th (8 pies)
    assert view.in_finale(st) and st.active_player() == 1
    # P1's final turn: both 8 pies and 8 friendship at once.
    while st.decision() != K_ACTION:
        st.apply(st.legal_actions()[0])
    assert st.trophy_count(1) == 3


def test_a_tie_on_trophies_goes_to_more_friendship():
    st = scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}, trophies={0: THREE, 1: THREE},
                  pies={0: 8, 1: 8}, friendship={0: 5, 1: 6})
    _pass_turn(st)
    _pass_turn(st)
    assert st.is_terminal() and st.winners() == (1,)


def test_then_to_more_goods_controlled_on_the_map():
    st = scenario(seekers={0: (31, 31), 1: (36, CAMP)}, goods={31: (1, 1), 36: (3, 0)},
                  trophies={0: THREE, 1: THREE}, pies={0: 8, 1: 8}, friendship={0: 5, 1: 5})
    _pass_turn(st)
    _pass_turn(st)
    assert st.is_terminal()
    # Seek put apples on an empty tundra space: friendship is still tied at 5.
    assert view.friendship(st, 0) == view.friendship(st, 1) == 5
    a = st.controlled(0, 0) + st.controlled(0, 1)
    b = st.controlled(1, 0) + st.controlled(1, 1)
    assert (a, b) == (2, 3) and st.winners() == (1,)


def test_a_full_tie_is_a_shared_win():
    st = scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}, trophies={0: THREE, 1: THREE},
                  pies={0: 8, 1: 8}, friendship={0: 5, 1: 5})
    _pass_turn(st)
    _pass_turn(st)
    assert st.winners() == (0, 1)


def test_no_winner_before_the_end():
    st = scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}, trophies={0: FOUR})
    assert st.winners() == ()
