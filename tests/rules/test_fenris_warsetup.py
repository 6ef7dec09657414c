# pyright: reportAttributeAccessIssue=false
# Episode 2a of The Rise of Fenris campaign, "War": its setup (the `warsetup` module, with `war`;
# docs/campaign.md section 3; Episode 2a's Setup of ../shared/rules/scythe-rise-of-fenris.txt,
# quoted at each test). CPython and the MicroPython unix port.
from firmware.rng import Rng
from firmware.rules.errors import SetupError
from firmware.rules.scythe import common
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from firmware.rules.scythe.ruleset import RULESET
from tests.rules.support import raises
from tests.rules.scythe_support import board, play_out

WAR2A = {"war": [1], "rivals": [1], "warsetup": [1]}


def _W():
    from firmware.rules.scythe import fenris_warsetup

    return fenris_warsetup


def _to_first_turn(st, seed=1, choose=None):
    """The setup played (chance by weight, a decision at random or by choose(st) when it answers);
    returns the decisions of Episode 2a's setup as (kind, decider)."""
    rng = Rng(seed)
    asked = []
    while st.s[L.STAGE] != L.ST_SECTION or st.current_player() < 0:
        if st.current_player() < 0:
            st.apply(rng.weighted(st.chance_outcomes()))
            continue
        if st.s[L.STAGE] == L.ST_WARSETUP:
            asked.append((st.decision(), st.current_player()))
        a = choose(st) if choose is not None else None
        opts = st.legal_actions()
        st.apply(a if a is not None else opts[rng.below(len(opts))])
        assert st.check() is None, st.check()
    return asked


def _objectives_out(st):
    return [c for c in range(23) if (st.s[L.OBJ_OUT + c // 8] >> (c % 8)) & 1]


def test_seven_objectives_are_removed_the_six_of_the_base_deck():
    # "Remove Objectives 7, 13, 15, 20, 22, 23, and 27 for this game." (the base deck has 23)
    st = RULESET.new_game(board(), 2, WAR2A)
    assert [c + 1 for c in _objectives_out(st)] == [7, 13, 15, 20, 22, 23]
    assert st.check() is None
    plain = RULESET.new_game(board(), 2, {"war": [1], "rivals": [1]})
    assert _objectives_out(plain) == []


def test_no_removed_objective_is_dealt_nor_revealed():
    # The model deck deals none of them; with the printed cards none may be revealed.
    removed = set(_W().REMOVED)
    for seed in range(1, 6):
        st = RULESET.new_game(board(), 5, dict(WAR2A, cards=[1]))
        _to_first_turn(st, seed)
        x = len(st.s) - L.TAIL + L.X_OBJ
        dealt = set(v - 1 for v in st.s[x:x + 10] if v)
        assert len(dealt) == 10 and not dealt & removed
    printed = RULESET.new_game(board(), 2, WAR2A)
    _to_first_turn(printed)
    from firmware.rules.scythe.common import unrevealed_objectives as revealable

    assert not set(revealable(printed)) & removed and len(revealable(printed)) == 17


def test_a_worker_more_on_each_starting_territory_and_4_more_popularity():
    # "Place 1 additional worker on each of your starting territories." "Add 4 to your starting
    # popularity."
    st = RULESET.new_game(board(), 3, WAR2A)
    plain = RULESET.new_game(board(), 3, {"war": [1], "rivals": [1]})
    _to_first_turn(st, 2)
    _to_first_turn(plain, 2)   # the same seed: the same factions and mats
    for p in range(3):
        f = common.faction(st, p)
        assert f == common.faction(plain, p)
        starts = sorted((st.board.start[2 * f], st.board.start[2 * f + 1]))
        workers = sorted(x for x in st.s[po(p) + L.P_UNITS + L.U_WORKER:po(p) + L.P_UNITS + L.N_UNITS]
                         if x != L.NOWHERE)
        assert workers == sorted(starts * 2)
        assert st.s[po(p) + L.P_POP] == plain.s[po(p) + L.P_POP] + 4


def test_a_structure_of_the_players_choice_on_each_starting_territory():
    # "Place 1 structure on each of your starting territories." (which one: the player's choice,
    # asked as a Build's K_BUILD_WHICH, for the first starting territory, then the second)
    st = RULESET.new_game(board(), 2, WAR2A)

    def mill_then_mine(s):
        if s.decision() == L.K_BUILD_WHICH:
            return 3 if 3 in s.legal_actions() else 1   # Mill (under Produce), then Mine (under Move)
        return None

    asked = _to_first_turn(st, 1, mill_then_mine)
    assert [k for k, p in asked if k == L.K_BUILD_WHICH] == [L.K_BUILD_WHICH] * 4
    for p in range(2):
        f = common.faction(st, p)
        s = st.s[po(p) + L.P_STRUCT:po(p) + L.P_STRUCT + 4]
        assert (s[3], s[1]) == (st.board.start[2 * f], st.board.start[2 * f + 1])
        assert s[0] == s[2] == L.NOWHERE


def test_three_upgrades_of_the_players_choice():
    # "Take 3 upgrades of your choice on your player mat." (a top-row box, then the bottom-row cost
    # it lowers, as an Upgrade)
    st = RULESET.new_game(board(), 4, WAR2A)
    asked = _to_first_turn(st, 3)
    for p in range(4):
        mine = [k for k, q in asked if q == p]
        assert mine == [L.K_BUILD_WHICH] * 2 + [L.K_UPGRADE_TOP, L.K_UPGRADE_BOTTOM] * 3
        o = po(p)
        assert bin(st.s[o + L.P_TOPUP]).count("1") == 3
        assert sum(st.s[o + L.P_BOTUP:o + L.P_BOTUP + 4]) == 3


def test_the_setup_comes_before_rivals_stars_and_the_lowest_mat_starts():
    # "Proceed to follow the rules for Rivals" (its stars "After all other setup steps are
    # complete"); then the usual first player (engine.do_tile: the lowest mat number).
    st = RULESET.new_game(board(), 3, WAR2A)
    rng = Rng(4)
    order = []
    while st.s[L.STAGE] != L.ST_SECTION or st.current_player() < 0:
        if st.s[L.STAGE] in (L.ST_WARSETUP, L.ST_RIVALS) and (not order or order[-1] != st.s[L.STAGE]):
            order.append(st.s[L.STAGE])
        opts = st.legal_actions()
        chance = st.current_player() < 0
        st.apply(rng.weighted(st.chance_outcomes()) if chance else opts[rng.below(len(opts))])
    assert order == [L.ST_WARSETUP, L.ST_RIVALS]
    assert st.s[L.ACTIVE] == min(range(3), key=lambda p: common.mat_byte(st, p, 0))


def test_warsetup_is_refused_without_war():
    e = raises(SetupError, RULESET.new_game, board(), 2, {"warsetup": [1]})
    assert "warsetup" in str(e) and "war" in str(e)


def test_the_log_says_the_structure_and_the_upgrade_of_the_seat_asked():
    from firmware.rules.scythe.narrate_words import option

    st = RULESET.new_game(board(), 2, WAR2A)
    rng = Rng(1)
    said = []
    while st.s[L.STAGE] != L.ST_SECTION or st.current_player() < 0:
        opts = st.legal_actions()
        a = rng.weighted(st.chance_outcomes()) if st.current_player() < 0 else opts[rng.below(len(opts))]
        if st.s[L.STAGE] == L.ST_WARSETUP:
            said.append((st.current_player(), st.decision(), option(st, a)))
        st.apply(a)
    builds = [w for p, k, w in said if k == L.K_BUILD_WHICH]
    costs = [w for p, k, w in said if k == L.K_UPGRADE_BOTTOM]
    assert len(builds) == 4 and all("(under " in w for w in builds), builds
    assert len(costs) == 6 and all("(cost " in w for w in costs), costs


def test_random_games_of_episode_2a_keep_their_checks():
    for seed in (1, 2):
        st = RULESET.new_game(board(), 3, WAR2A)
        play_out(RULESET, st, seed, 20000, 25)
        assert st.is_terminal()
