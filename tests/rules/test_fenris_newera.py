# pyright: reportAttributeAccessIssue=false, reportOptionalSubscript=false, reportOperatorIssue=false
# Episode 8a of The Rise of Fenris campaign, "A New Era" (the `newera` module, with `tiles` and
# `tesla`; docs/campaign.md section 3; Episode 8a's Setup and Special Rules of
# ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test). CPython and the MicroPython unix
# port.
from firmware.rules.scythe import content as C
from firmware.rules.scythe import fenris, fenris_track
from firmware.rules.scythe import layout as L
from firmware.rules.scythe import move as M
from firmware.rules.scythe.board import T_HOME, T_LAKE
from firmware.rules.scythe.common import faction, po, stars
from firmware.rules.scythe.ruleset import RULESET
from tests.rules.test_fenris_faction import _clear
from tests.rules.test_fenris_tiles import CARDS8, COMBAT, NO_COUNTED, OBJECTIVE, POWER16
from tests.rules.scythe_support import (ENGINEERING, INDUSTRIAL, NORDIC, RUSVIET, begin_turn, board, play_out,
                                        put, set_player, started, take_top)

NEWERA = C.MOD_TILES | C.MOD_TESLA | C.MOD_NEWERA


def _N():
    from firmware.rules.scythe import fenris_newera

    return fenris_newera


def _game(tiles=NO_COUNTED, mods=NEWERA):
    """A 2-player game past setup with the Triumph Tiles `tiles` (fenris.TILES' indexes)."""
    st = started((NORDIC, RUSVIET), (INDUSTRIAL, ENGINEERING), mods=mods)
    x = fenris.f0(st) + L.F_TILES
    for i in range(10):
        st.s[x + i] = tiles[i] + 1
    st = st._with_bytes(bytearray(st.s))
    _clear(st)
    return st


def _spaces():
    b = board()
    return sorted(y for y, _e in b.neighbours(b.factory) if b.terrain[y] != T_LAKE)


def _beside(b, y):
    """A land territory next to y across no river, not next to the Factory, not a home base."""
    near = [z for z, _e in b.neighbours(b.factory)]
    return [z for z, e in b.neighbours(y) if e == 0 and b.terrain[z] not in (T_LAKE, T_HOME)
            and z != b.factory and z not in near][0]


def test_refused_without_tiles_and_tesla_and_with_search_or_rivals():
    from tests.rules.test_fenris_options import _on, _refused

    for words in (("newera",), ("newera", "tiles"), ("newera", "tesla")):
        assert _refused(_on(*words)).endswith("newera: newera is Episode 8a's A New Era: add tiles and tesla")
    for other in ("search", "rivals"):
        assert "not with search nor Rivals" in _refused(_on("newera", "tiles", "tesla", other))
    assert fenris.modules(_on("newera", "tiles", "tesla")) == NEWERA


def test_a_star_of_every_player_on_each_land_territory_next_to_the_factory():
    # "Place 1 star from every player on each of the 3 land territories adjacent to the Factory."
    N = _N()
    st = _game()
    assert list(N.spaces(st.board)) == _spaces() == [22, 30, 36]   # the printed map's (3 lakes the others)
    for p in range(2):
        assert N.on_map(st, p) == 3 and all(N.star_at(st, p, y) for y in _spaces())
    assert st.check() is None


def test_tesla_begins_on_the_home_base_of_his_finder():
    # "The Tesla miniature begins on the home base of the player who found him in Episode 7."
    from firmware.rules.scythe import fenris_tesla as T
    from firmware.rules.scythe.narrate import narrate

    for finder in (0, 1):
        st = fenris.new_game(board(), 2, True, NEWERA)
        asked = False
        while st.current_player() < 0:
            if st.decision() == L.K_TESLA_START:
                assert st.legal_actions() == [0, 1] and faction(st, finder) <= C.FACTION_FENRIS
                asked = True
                before = st.clone()
                st.apply_checked(finder)
                said = narrate(before, finder, st)   # placed, not found in this game
                assert said.startswith("Tesla begins on the home base of") and "finds" not in said, said
            else:
                st.apply_checked(st.chance_outcomes()[0][0])
        assert asked and T.finder(st) == finder
        assert T.at(st) == st.board.home[faction(st, finder)] and st.check() is None


def test_three_stars_in_supply_and_none_for_a_category_met_while_it_is_empty():
    # "You must retrieve 3 of your stars from the board before placing them on the Triumph Track.
    # Your other 3 stars are available from the beginning of the game."
    st = _game()
    for b in (1, 2, 4):
        fenris_track._set_goal(st, 0, b)
    assert stars(st, 0) == 3 and st.check() is None
    set_player(st, 0, power=16)   # POWER16 is the 7th tile (NO_COUNTED[6])
    st.s[L.STARS_DIRTY] = 1
    begin_turn(st, 0)
    assert stars(st, 0) == 3 and not st.is_terminal()
    plain = _game(mods=C.MOD_TILES | C.MOD_TESLA)   # without Episode 8a: the star is placed
    for b in (1, 2, 4):
        fenris_track._set_goal(plain, 0, b)
    set_player(plain, 0, power=16)
    plain.s[L.STARS_DIRTY] = 1
    begin_turn(plain, 0)
    assert stars(plain, 0) == 4 and NO_COUNTED[6] == POWER16


def test_a_unit_moving_onto_its_star_stops_and_claims_it_then_places_it_for_a_category_met():
    # "Whenever one of your ground units ... moves onto a territory containing your star, its
    # movement ends and you claim the star." "Stars claimed from the map may be placed on the
    # Triumph Track immediately if the requirements for placing the star are met when the star is
    # retrieved from the board."
    N = _N()
    st = _game()
    b = st.board
    y = _spaces()[0]
    x = _beside(b, y)
    assert M._stops(st, 0, L.U_WORKER, y) and M._stops(st, 1, L.U_CHARACTER, y)
    assert not M._stops(st, 0, L.U_WORKER, x)
    for bit in (1, 2, 4):
        fenris_track._set_goal(st, 0, bit)
    set_player(st, 0, power=16)   # met while the supply is empty
    put(st, 0, L.U_WORKER + 1, x)
    st.s[po(0) + L.P_LAST] = 255
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_WORKER + 1, 0)
    st.apply_checked(y, 0)
    assert N.on_map(st, 0) == 2 and not N.star_at(st, 0, y) and N.star_at(st, 1, y)
    assert stars(st, 0) == 4 and st.check() is None   # placed at once: 16 power


def test_a_claimed_star_waits_in_supply_when_nothing_is_met():
    # "If you do not meet any category requirements at the moment when you pick up a star from the
    # board, put the star on your faction mat to use later."
    N = _N()
    st = _game()
    y = _spaces()[1]
    for bit in (1, 2, 4):
        fenris_track._set_goal(st, 0, bit)
    put(st, 0, L.U_WORKER + 1, _beside(st.board, y))
    st.s[po(0) + L.P_LAST] = 255
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_WORKER + 1, 0)
    st.apply_checked(y, 0)
    assert N.on_map(st, 0) == 2 and stars(st, 0) == 3
    set_player(st, 0, power=16)   # met later: the star in supply is placed then
    st.s[L.STARS_DIRTY] = 1
    st.apply_checked(L.MOVE_DONE, 0)
    assert stars(st, 0) == 4


def test_no_combat_star_while_the_supply_is_empty():
    # "You may not 'retroactively' place a star for a combat won on an earlier turn when you were
    # out of stars."
    from firmware.rules.scythe.common import star_for

    tiles = NO_COUNTED[:8] + (COMBAT, CARDS8)
    st = _game(tiles)
    assert C.CAT_COMBAT in st.track
    for bit in (1, 2, 4):
        fenris_track._set_goal(st, 0, bit)
    assert not star_for(st, 0, L.P_COMBAT_STARS, st.COMBAT_STARS)
    assert st.s[po(0) + L.P_COMBAT_STARS] == 0 and stars(st, 0) == 3
    st2 = _game(tiles)
    fenris_track._set_goal(st2, 0, 1)
    assert not star_for(st2, 0, L.P_COMBAT_STARS, st2.COMBAT_STARS)   # (not the end)
    assert st2.s[po(0) + L.P_COMBAT_STARS] == 1 and stars(st2, 0) == 2


def test_no_objective_offered_while_the_supply_is_empty():
    # (the objective's star: none to place)
    st = _game(NO_COUNTED[:7] + (OBJECTIVE,) + NO_COUNTED[7:9])
    st.s[L.ACTIVE] = 0
    offered = L.O_OBJ1 in st.LEGAL[L.K_END](st)   # the end of the turn's options: reveal an objective?
    for bit in (1, 2, 4):
        fenris_track._set_goal(st, 0, bit)
    assert offered and L.O_OBJ1 not in st.LEGAL[L.K_END](st)


def test_random_games_of_episode_8a_claim_stars_and_end():
    # The invariants hold through whole games (the stars on the map, the supply); every game ends
    # by a 6th star, so its player claimed at least 3 from the map.
    N = _N()
    for seed, n in ((1, 2), (2, 3), (3, 5)):
        st = fenris.new_game(board(), n, seed % 2 == 1, NEWERA)
        play_out(RULESET, st, seed, 40000, 7)
        w = [p for p in range(n) if stars(st, p) == 6]
        assert w and all(N.on_map(st, p) == 0 for p in w) and st.check() is None


def test_the_rule_bot_is_drawn_to_its_stars_on_the_map():
    N = _N()
    st = _game()
    y = _spaces()[0]
    far = N.value(st, 0)
    put(st, 0, L.U_WORKER + 1, _beside(st.board, y))
    near = N.value(st, 0)
    put(st, 0, L.U_WORKER + 1, y)
    x = fenris.f0(st) + L.F_NE_STARS
    st.s[x] &= ~1   # claimed
    assert far < near < N.value(st, 0)
