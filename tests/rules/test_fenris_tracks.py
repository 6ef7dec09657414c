# pyright: reportAttributeAccessIssue=false, reportArgumentType=false
# pyright: reportOptionalIterable=false, reportOptionalSubscript=false
# The War Triumph Track (docs/fenris.md 1.3, C4; the rulebook's "War Triumph Track",
# ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test): its categories as a track of
# slots, 4 combat stars, the 8-combat-card star at the end of the turn, the game's end at a 6th
# star; and random War games that keep every count consistent. CPython and the MicroPython unix
# port.
from firmware.rules.scythe import content as C
from firmware.rules.scythe import fenris
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po, stars
from tests.rules.scythe_support import (INDUSTRIAL, MECHANICAL, NORDIC, POLANIA, SAXONY, H, begin_turn, build,
                                        play_out, put, set_player, started, take_top, win_attack)

WAR = C.MOD_WAR
# War's categories placed by bits (fenris.FenrisState.goals): P_STARS bit i is the i-th.
UP_OR_STRUCT, MECHS, RECRUITS, POWER, CARDS8 = 1, 2, 4, 8, 16


def _dirty(st, p=0):
    """Something a star counts changed: p's turn starts and the stars are placed."""
    st.s[L.STARS_DIRTY] = 1
    begin_turn(st, p)


def test_the_war_track_is_its_ten_slots_and_its_combat_stars_are_four():
    st = started((NORDIC, POLANIA), mods=WAR)
    assert len(fenris.WAR) == 10 and fenris.track(WAR) is fenris.WAR
    assert list(st.goals) == [C.CAT_UP_OR_STRUCT, C.S_MECHS, C.S_RECRUITS, C.S_POWER, C.CAT_CARDS8]
    assert st.COMBAT_STARS == 4


def test_six_upgrades_or_four_structures_one_star_not_both():
    # "Place a star for 6 Upgrades OR 4 Structures. You may not place a star for both."
    st = started((NORDIC, POLANIA), mods=WAR)
    for i in range(4):
        build(st, 0, i, H(20 + i))
    _dirty(st)
    assert st.s[po(0) + L.P_STARS] == UP_OR_STRUCT and stars(st, 0) == 1
    st.s[po(0) + L.P_TOPUP] = 0x3F
    _dirty(st)
    assert st.s[po(0) + L.P_STARS] == UP_OR_STRUCT and stars(st, 0) == 1
    st = started((NORDIC, POLANIA), mods=WAR)   # the upgrades alone place it too
    st.s[po(0) + L.P_TOPUP] = 0x3F
    _dirty(st)
    assert st.s[po(0) + L.P_STARS] == UP_OR_STRUCT


def test_no_stars_for_all_eight_workers_or_maximum_popularity():
    # "There are no stars for placing all 8 workers or maximizing Popularity on the War Triumph
    # Track."
    st = started((NORDIC, POLANIA), mods=WAR)
    for i in range(8):
        put(st, 0, L.U_WORKER + i, H(5))
    set_player(st, 0, pop=18)
    _dirty(st)
    assert st.s[po(0) + L.P_STARS] == 0 and stars(st, 0) == 0


def test_up_to_four_combat_stars_saxony_unlimited():
    # "All players may place up to 4 combat stars. Saxony can still place unlimited combat and
    # objective stars."
    for fac, before, expect in ((NORDIC, 3, 4), (NORDIC, 4, 4), (SAXONY, 4, 5)):
        st = started((fac, POLANIA), (MECHANICAL, INDUSTRIAL), mods=WAR)
        st.s[po(0) + L.P_COMBAT_STARS] = before
        win_attack(st)
        assert st.s[po(0) + L.P_COMBAT_STARS] == expect, (fac, before)
        assert st.check() is None


def _end_turn(st, p):
    """p skips the rest of its turn (the bottom row, an objective) until the next player's."""
    while st.active_player() == p and not st.is_terminal():
        assert st.decision() in (L.K_BOTTOM, L.K_END), st.decision()
        st.apply_checked(L.O_SKIP, p)


def test_eight_combat_cards_at_the_end_of_your_turn():
    # "Place a star for having 8 Combat Cards in your hand at the end of your turn."
    st = started((NORDIC, POLANIA), (INDUSTRIAL, MECHANICAL), mods=WAR)
    set_player(st, 0, hand=7, coins=5)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_BOLSTER, L.O_SECOND)   # Bolster: a combat card, 8 in hand mid-turn
    assert st.s[po(0) + L.P_NCARDS] == 8 and st.decision() == L.K_BOTTOM
    assert st.s[po(0) + L.P_STARS] == 0          # not before the end of the turn
    _end_turn(st, 0)
    assert st.s[po(0) + L.P_STARS] == CARDS8 and st.active_player() == 1
    st = started((NORDIC, POLANIA), (INDUSTRIAL, MECHANICAL), mods=WAR)
    set_player(st, 0, hand=7, coins=5)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_BOLSTER)               # power, not a card: 7 at the end
    _end_turn(st, 0)
    assert st.s[po(0) + L.P_STARS] == 0


def test_the_game_ends_at_the_sixth_star_on_the_war_track():
    # "The game ends immediately when a player places their 6th star on the War Triumph Track."
    st = started((NORDIC, POLANIA), (INDUSTRIAL, MECHANICAL), mods=WAR)
    st.s[po(0) + L.P_STARS] = UP_OR_STRUCT | MECHS | RECRUITS
    st.s[po(0) + L.P_COMBAT_STARS] = 2
    set_player(st, 0, power=15, coins=5)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_BOLSTER)               # 16 power: the 6th star
    assert st.is_terminal() and stars(st, 0) == 6 and st.winners()
    assert st.s[po(0) + L.P_STARS] == UP_OR_STRUCT | MECHS | RECRUITS | POWER


def test_the_sixth_star_at_the_end_of_the_turn_ends_the_game():
    # "... 8 Combat Cards in your hand at the end of your turn" + "The game ends immediately
    # when a player places their 6th star on the War Triumph Track."
    st = started((NORDIC, POLANIA), (INDUSTRIAL, MECHANICAL), mods=WAR)
    st.s[po(0) + L.P_STARS] = UP_OR_STRUCT | MECHS | RECRUITS | POWER
    st.s[po(0) + L.P_COMBAT_STARS] = 1
    set_player(st, 0, hand=8, power=16, coins=5)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_BOLSTER)
    assert not st.is_terminal()
    _end_turn(st, 0)
    assert st.is_terminal() and stars(st, 0) == 6


def test_war_removes_no_objective():
    # The Module Chart names only #23, for Peace; Episode 2a's "Remove Objectives 7, 13, 15, 20,
    # 22, 23, and 27" is that episode's setup (docs/fenris.md D16).
    st = started((NORDIC, POLANIA), mods=WAR)
    begin_turn(st, 0)
    st.apply_checked(0, 0)
    st.apply_checked(L.O_OBJ1, 0)
    assert st.decision() == L.K_OBJECTIVE and st.legal_actions() == list(range(23)) + [L.OBJ_NOT_MET]


def test_random_war_games_keep_every_count_and_end():
    from firmware.rules import registry

    rs = registry.load("scythe")
    for seed in (1, 2):
        st = rs.new_game(started().board, 2 + seed, {"war": [1], "cards": [1]})
        play_out(rs, st, seed, 6000, 37)
        for p in range(st.n_players()):
            assert st.s[po(p) + L.P_STARS] < 1 << 5 and st.s[po(p) + L.P_COMBAT_STARS] <= 4 + 99 * (
                st.s[po(p) + L.P_FACTION] == SAXONY)
        assert max(stars(st, p) for p in range(st.n_players())) == 6 or st.winners()
