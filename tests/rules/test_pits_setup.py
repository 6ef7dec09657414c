# Pie in the Sky's setup: 9 kingdoms (7 Fox, 8 Owl), the airship mats by kingdom or dealt at
# random, gadgets on their mats, the 5th trophy on the airship mat (5 trophies to place), the
# new power-up tiles and quest cards in their decks, the airship on the portal closest to the
# last player's base camp.
from firmware.rules.errors import SetupError
from firmware.rules.mls.codes import (
    CHANCE,
    K_ACTION,
    K_AIR_MOVE,
    K_DEAL_MAT,
    K_FIRST_PLAYER,
    NONE,
    S_MAKE,
    S_MOVE,
)
from firmware.rules.mls.pits import new_game as pits_game

from .support import board, pits_started, raises

PORTALS = (6, 10, 13, 23, 26, 30)


def test_airship_mats_by_kingdom_are_each_players_own():
    st = pits_started(3, kingdoms=(7, 2, 8))
    assert [st.mat(p) for p in range(3)] == [7, 2, 8]
    assert st.decision() == K_ACTION


def test_airship_mats_at_random_are_dealt_one_per_player_from_the_nine():
    st = pits_game(board(), 3, random_mats=True)
    seen = []
    while st.decision() != K_AIR_MOVE and st.decision() != K_ACTION:
        if st.decision() == K_DEAL_MAT:
            assert st.current_player() == CHANCE
            opts = st.legal_actions()
            assert len(opts) == 9 - len(seen) and not set(opts) & set(seen)
            seen.append(opts[-1])
            st.apply_checked(opts[-1])
        elif st.decision() == K_FIRST_PLAYER:
            st.apply(0)
        else:
            st.apply(st.legal_actions()[0])
    assert seen == [8, 7, 6]
    assert [st.mat(p) for p in range(3)] == seen


def test_fox_and_owl_are_kingdoms_seven_and_eight():
    from firmware.text import en, es

    assert dict(en.MESSAGES)["pits.kingdoms"] == ("Fox", "Owl")
    assert dict(es.MESSAGES)["pits.kingdoms"] == ("Zorro", "Búho")
    st = pits_started(2, kingdoms=(7, 8))
    assert st.mat(0) == 7 and st.mat(1) == 8


def test_a_kingdom_twice_or_a_tenth_kingdom_is_refused():
    raises(SetupError, pits_game, board(), 2, None, None, (7, 7))
    raises(SetupError, pits_game, board(), 2, None, None, (0, 9))


def test_gadgets_start_on_their_airship_mats():
    st = pits_started(4)
    assert [st.gadget(p) for p in range(4)] == [NONE] * 4


def test_the_airship_starts_on_the_portal_closest_to_the_last_players_camp():
    # 3 players on camp sites 0, 2, 4; player 1 starts, so player 0 plays last. Camp site 0
    # faces spaces 0, 4 and 1: portals 6 and 10 are both 2 spaces away, and the last player
    # chooses between them.
    st = pits_game(board(), 3)
    while st.decision() != K_AIR_MOVE:
        st.apply(1 if st.decision() == K_FIRST_PLAYER else st.legal_actions()[0])
    assert st.current_player() == 0
    assert st.legal_actions() == [6, 10]
    st.apply_checked(10, 0)
    assert st.airship() == 10
    assert st.decision() == K_ACTION and st.current_player() == 1


def test_the_airship_portal_follows_the_last_player():
    # Player 0 starts: player 2 (camp site 4, facing 33, 28, 34) plays last.
    st = pits_game(board(), 3)
    while st.decision() != K_AIR_MOVE:
        st.apply(0 if st.decision() == K_FIRST_PLAYER else st.legal_actions()[0])
    assert st.current_player() == 2
    assert st.legal_actions() == [23, 30]
    for x in st.legal_actions():
        assert x in PORTALS


def test_the_fifth_trophy_waits_on_the_airship_mat():
    st = pits_started(2)
    from firmware.rules.mls.codes import AIR_TROPHY
    from firmware.rules.mls.layout import X_DIE

    st.s[st.x0 + X_DIE] = AIR_TROPHY
    # Rulebook: "leaving the 5th trophy aside for now" ... "Place your 5th trophy on the trophy
    # space of your airship mat"; the range counts "the number of remaining Trophies on your
    # player mat": the 4 there, not the airship mat's.
    assert st.air_range() == 4


def test_the_new_power_up_tiles_and_quest_cards_join_the_decks():
    st = pits_started(2)
    c = st.content   # its tables are set by content_check.build (unknown to the type checker)
    piles = c.piles  # pyright: ignore[reportAttributeAccessIssue]
    assert len(c.quest_cards) == 14  # pyright: ignore[reportAttributeAccessIssue]
    assert len(piles[S_MOVE]) == 10 and len(piles[S_MAKE]) == 10
    names = [t[0] for t in c.power_ups]  # pyright: ignore[reportAttributeAccessIssue]
    assert "Air Transport" in names and names.index("Air Transport") in piles[S_MOVE]
    assert st.check() is None


def test_the_expansion_setup_is_conserved_and_reads_back():
    from firmware.rules.mls.ruleset import RULESET

    st = pits_started(5, random_mats=True, mats=(3, 1, 4, 8, 5))
    assert [st.mat(p) for p in range(5)] == [3, 1, 4, 8, 5]
    assert st.airship() in PORTALS
    assert st.check() is None
    assert RULESET.from_bytes(board(), st.to_bytes()).to_bytes() == st.to_bytes()


def test_expansion_data_that_does_not_fit_is_refused():
    from firmware.rules.errors import ContentDataError
    from firmware.rules.mls.codes import AB_UNSTABLE_PORTAL
    from firmware.rules.mls.pits_setup import Pits

    raises(ContentDataError, Pits, None, AIR_DIE=(0, 0))
    raises(ContentDataError, Pits, None, AIR_DIE=(5,))
    raises(ContentDataError, Pits, None, MAT_ABILITY=(7,) + (None,) * 8)   # not a known ability
    raises(ContentDataError, Pits, None, MAT_ABILITY=(AB_UNSTABLE_PORTAL,) * 8)
    raises(ContentDataError, Pits, None, AIR_SEEKS=(True,))
    raises(ContentDataError, Pits, None, GADGETS=5)
    assert Pits(None, AIR_DIE=(0, 1)).air_die == (0, 1)


def test_the_status_line_has_words_at_every_step_of_the_setup_and_back_by_undo():
    # Before a first player there is no active seat: the status line (the display's, the page's)
    # is empty then, never an error; the same after an undo back into the setup.
    from firmware.rules import registry
    from firmware.rng import Rng

    rs = registry.load("mls")
    st = rs.new_game(board(), 3, {"pits": [1], "mats": [1]})
    rng = Rng(4)
    said = []
    for _ in range(40):
        said.append(rs.status(st))
        opts = st.legal_actions()
        st.apply(rng.weighted(st.chance_outcomes()) if st.current_player() == CHANCE else opts[0])
    assert said[0] == "" and any(s for s in said), said
    while st.history:
        st.undo()
        assert isinstance(rs.status(st), str)
