# The expansion's power-up tiles whose text is unknown (2 of its 4: one Move, two Make, Air
# Transport excepted) are played the physical way: at the end of an action of their section
# (Move; Bake, Conjure, Power Up), the player states what the tile printed with the effect
# vocabulary (K_STATE_TERM, K_TERM_AMOUNT; TERMS_DONE at once: nothing), once a turn. The
# base game's unknown tiles stay as they were (held, no effect applied).
from firmware.rules.mls import editing as ed
from firmware.rules.mls.codes import (
    A_BAKE,
    A_MOVE,
    A_SEEK_1,
    E_GAIN_PIES,
    K_ACTION,
    K_STATE_TERM,
    S_MAKE,
    S_MOVE,
    TERMS_CANCEL,
    TERMS_DONE,
)

from .support import CAMP, move, pits_scenario, state_term


def _tile(st, section, new=True):
    """An unnamed tile of a section: the expansion's (the content's last 4), or the base game's."""
    n = len(st.content.power_ups)  # pyright: ignore[reportAttributeAccessIssue]
    for t, tile in enumerate(st.content.power_ups):  # pyright: ignore[reportAttributeAccessIssue]
        if tile[0] is None and tile[1] == section and (t >= n - 4) == new:
            return t
    raise AssertionError("no tile")


def _game(section, new=True):
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, goods={5: (2, 0)}, airship=17,
                       last={0: A_SEEK_1})
    ed.set_tile(st, 0, section, _tile(st, section, new))
    ed.begin_turn(st, 0)
    return st


def test_a_new_make_tile_states_its_bonus_after_a_make_action():
    st = _game(S_MAKE)
    pies = st.pies(0)
    st.apply_checked(A_BAKE)
    assert st.decision() == K_STATE_TERM and st.current_player() == 0
    state_term(st, E_GAIN_PIES, 1)   # read from the tile at the table
    st.apply_checked(TERMS_DONE)
    assert st.pies(0) == pies + 3 and st.decision() == K_ACTION and st.active_player() == 1


def test_a_new_tile_with_nothing_to_add_is_done_at_once():
    st = _game(S_MAKE)
    pies = st.pies(0)
    st.apply_checked(A_BAKE)
    st.apply_checked(TERMS_DONE)
    assert st.pies(0) == pies + 2 and st.active_player() == 1


def test_cancelling_a_new_tiles_terms_states_nothing():
    st = _game(S_MAKE)
    pies = st.pies(0)
    st.apply_checked(A_BAKE)
    state_term(st, E_GAIN_PIES, 3)
    st.apply_checked(TERMS_CANCEL)
    assert st.pies(0) == pies + 2 and st.active_player() == 1


def test_a_new_move_tile_states_its_bonus_after_a_move_action():
    st = _game(S_MOVE)
    st.apply_checked(A_MOVE)
    move(st, 0, 4)
    move(st, 1, CAMP)
    assert st.decision() == K_STATE_TERM and st.current_player() == 0


def test_a_make_tile_is_not_stated_after_a_move_action():
    st = _game(S_MAKE)
    st.apply_checked(A_MOVE)
    move(st, 0, 4)
    move(st, 1, CAMP)
    assert st.decision() == K_ACTION and st.active_player() == 1


def test_the_base_games_unknown_tiles_are_not_stated():
    st = _game(S_MAKE, new=False)
    st.apply_checked(A_BAKE)
    assert st.decision() == K_ACTION and st.active_player() == 1
