# Setup for 2-6 players: camps by player count (configurable), the setup tile's goods in
# front of active camps only, 1 spell and 1 personality each, 3 pies and 3 friendship,
# Seekers at camp, a random first player.
from firmware.rules.mls import view
from firmware.rules.mls.codes import (
    AT_CAMP,
    CHANCE,
    K_ACTION,
    K_DEAL_PERSONALITY,
    K_DEAL_SPELL,
    K_FIRST_PLAYER,
    K_SETUP_SPACE,
    K_SETUP_TILE,
)
from firmware.rules.mls.engine import new_game
from firmware.rules.errors import SetupError

from .support import board, content_with, raises, started


def test_two_to_six_players():
    for n in (2, 3, 4, 5, 6):
        st = started(n)
        assert st.n_players() == n and st.decision() == K_ACTION
    raises(SetupError, new_game, board(), 1)
    raises(SetupError, new_game, board(), 7)


def test_default_camp_sites_spread_the_players():
    assert [view.camp_site(started(2), p) for p in range(2)] == [0, 3]
    assert [view.camp_site(started(3), p) for p in range(3)] == [0, 2, 4]


def test_camp_sites_are_configurable_and_checked():
    st = started(2, camp_sites=(1, 4))
    assert (view.camp_site(st, 0), view.camp_site(st, 1)) == (1, 4)
    raises(SetupError, new_game, board(), 2, None, (1, 1))
    raises(SetupError, new_game, board(), 2, None, (1, 9))
    raises(SetupError, new_game, board(), 3, None, (0, 1))


def test_everyone_starts_with_three_pies_three_friendship_and_seekers_at_camp():
    st = started(4)
    for p in range(4):
        assert st.pies(p) == 3 and view.friendship(st, p) == 3
        assert st.seekers(p) == (AT_CAMP, AT_CAMP)
        assert view.trophies(st, p) == 0


def test_each_player_is_dealt_one_spell_and_one_personality():
    st = started(5)
    assert [st.spells(p) for p in range(5)] == [1] * 5
    assert sum(view.spell_deck(st)) == 30 - 5
    assert len({view.personality(st, p) for p in range(5)}) == 5


def test_the_setup_sequence_is_chance_decisions():
    st = new_game(board(), 3)
    kinds = []
    while st.current_player() == CHANCE:
        kinds.append(st.decision())
        st.apply(st.legal_actions()[-1])
    # Every spell card's value is unknown in the shipped data, so a spell deal has a single
    # outcome and is applied without asking: no K_DEAL_SPELL appears.
    assert K_DEAL_SPELL not in kinds
    assert kinds == [K_SETUP_TILE] + [K_SETUP_SPACE] * 9 + [K_DEAL_PERSONALITY] * 3 + [K_FIRST_PLAYER]
    assert st.active_player() == 2


def test_an_unknown_setup_tile_is_stated_space_by_space_in_front_of_active_camps():
    st = new_game(board(), 2)
    st.apply(0)
    fronts = board().camp_fronts[0] + board().camp_fronts[3]
    for i in range(6):
        st.apply([1, 2, 3][i % 3])   # apple, gem, quest token
    assert [st.apples(x) for x in fronts] == [1, 0, 0, 1, 0, 0]
    assert [st.gems(x) for x in fronts] == [0, 1, 0, 0, 1, 0]
    assert [st.quest_token(x) for x in fronts] == [0, 0, 1, 0, 0, 1]
    inactive = board().camp_fronts[1] + board().camp_fronts[2]
    assert all(st.apples(x) + st.gems(x) + st.quest_token(x) == 0 for x in inactive)


def test_a_known_setup_tile_is_rotated_onto_the_active_camps():
    tile = ((1, 0, 0), (2, 0, 0), (3, 0, 0), (0, 1, 0), (0, 2, 0), (0, 3, 0))
    st = new_game(board(), 2, content_with(SETUP_TILE=tile))
    st.apply(1)      # orientation 1: wedge k faces camp (k + 1) % 6
    assert st.decision() != K_SETUP_SPACE
    f0 = board().camp_fronts[0]
    f3 = board().camp_fronts[3]
    assert st.quest_token(f0[1]) == 1          # wedge 5 (0, 3, 0) faces camp 0
    assert st.quest_token(f3[0]) == 1          # wedge 2 (3, 0, 0) faces camp 3
    assert st.apples(f3[0]) == 0 and st.gems(f3[1]) == 0
    others = [x for c in (1, 2, 4, 5) for x in board().camp_fronts[c]]
    assert all(st.apples(x) + st.gems(x) + st.quest_token(x) == 0 for x in others)


def test_the_first_player_is_drawn():
    st = new_game(board(), 4)
    while st.decision() != K_FIRST_PLAYER:
        st.apply(st.legal_actions()[0])
    assert st.legal_actions() == [0, 1, 2, 3]
    st.apply(2)
    assert st.active_player() == 2 and st.current_player() == 2
