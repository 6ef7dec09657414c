# pyright: reportAttributeAccessIssue=false, reportArgumentType=false
# pyright: reportOptionalIterable=false, reportOptionalSubscript=false
# The Triumph Tiles (docs/fenris.md 1.5, D2, D5; the rulebook's "Triumph Tiles",
# ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test): 10 tiles dealt at the start of
# setup (fenris.TILES: the 16 assumed categories, gap G3), Saxony's unlimited stars without their
# tiles, the 8-combat-card tile "on your turn", the encounter tile after the encounter, the
# Factory-card tile at the end of the turn, 10 tiles placed by bits (P_STARS holds 8), random
# games. CPython and the MicroPython unix port.
from firmware.rng import Rng
from firmware.rules.scythe import content as C
from firmware.rules.scythe import fenris, fenris_track
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po, stars
from tests.rules.scythe_support import (INDUSTRIAL, MECHANICAL, NORDIC, POLANIA, SAXONY, H, begin_turn, put,
                                        play_out, set_player, set_res, started, take_top, win_attack)

TILES = C.MOD_TILES
# fenris.TILES' indexes
UPGRADES, MECHS, STRUCTURES, RECRUITS, WORKERS, POP18, POWER16, OBJECTIVE, COMBAT, UP_OR_STRUCT = range(10)
CARDS8, MECHS_OR_RECRUITS, OBJECTIVE2, ENC3, FACTORY, RES16 = range(10, 16)
NO_COUNTED = (UPGRADES, MECHS, STRUCTURES, RECRUITS, WORKERS, POP18, POWER16, UP_OR_STRUCT, CARDS8,
              MECHS_OR_RECRUITS)


def _tiled(factions, mats, tiles):
    """A game past setup with the Triumph Tiles `tiles` (fenris.TILES' indexes) on slots 0-9."""
    st = started(factions, mats, mods=TILES)
    x = fenris.f0(st) + L.F_TILES
    for i in range(10):
        st.s[x + i] = tiles[i] + 1
    return st._with_bytes(bytearray(st.s))


def _end_turn(st, p):
    while st.active_player() == p and not st.is_terminal():
        assert st.decision() in (L.K_BOTTOM, L.K_END), st.decision()
        st.apply_checked(L.O_SKIP, p)


def test_ten_tiles_are_dealt_at_random_at_the_beginning_of_setup():
    # "At the beginning of setup, randomly select 10 Triumph Tiles and place them on all 10
    # slots of the Triumph Track."
    from firmware.rules import registry

    rs = registry.load("scythe")
    st = rs.new_game(started().board, 3, {"tiles": [1]})
    dealt = []
    rng = Rng(4)
    for i in range(10):
        assert st.decision() == L.K_TRIUMPH_TILE and st.current_player() == -1
        opts = st.legal_actions()
        assert len(opts) == 16 - i and not set(dealt) & set(opts)
        a = rng.weighted(st.chance_outcomes())
        dealt.append(a)
        st.apply_checked(a, -1)
        assert rs.from_bytes(st.board, st.to_bytes()).s == st.s
    assert st.decision() == L.K_DEAL_FACTION
    assert list(st.track) == [fenris.TILES[a] for a in dealt] and len(set(dealt)) == 10


def test_saxony_keeps_its_unlimited_stars_without_their_tiles():
    # "Even if there are no Triumph Tiles for objectives or combat victories, Saxony retains its
    # ability to place any number of stars for those categories."
    for fac, expect in ((NORDIC, 0), (SAXONY, 1)):
        st = _tiled((fac, POLANIA), (MECHANICAL, INDUSTRIAL), NO_COUNTED)
        assert st.COMBAT_STARS == 0 and st.OBJECTIVE_STARS == 0
        win_attack(st)
        assert st.s[po(0) + L.P_COMBAT_STARS] == expect, fac
        assert st.check() is None
        st = _tiled((fac, POLANIA), (MECHANICAL, INDUSTRIAL), NO_COUNTED)
        begin_turn(st, 0)
        st.apply_checked(0, 0)
        assert (L.O_OBJ1 in st.legal_actions()) == (fac == SAXONY)
    st = _tiled((NORDIC, POLANIA), (MECHANICAL, INDUSTRIAL), (COMBAT,) + NO_COUNTED[:9])
    assert st.COMBAT_STARS == 1
    win_attack(st)
    assert st.s[po(0) + L.P_COMBAT_STARS] == 1   # a combat tile: one star each


def test_eight_combat_cards_on_your_turn():
    # "There is a Triumph Tile for having 8 Combat Cards in your hand on your turn." (D2: at once,
    # during the player's own turn, not only at its end as on the War track.)
    st = _tiled((NORDIC, POLANIA), (INDUSTRIAL, MECHANICAL), (CARDS8,) + NO_COUNTED[:8] + (RES16,))
    set_player(st, 0, hand=7, coins=5)
    set_player(st, 1, hand=8)                      # not its turn: no star
    set_res(st, st.s[po(0) + L.P_UNITS + L.U_WORKER], 3, 3, 3, 3)   # its bottom row payable
    begin_turn(st, 0)
    assert fenris.goal_mask(st, 0) == 0 and fenris.goal_mask(st, 1) == 0
    take_top(st, 0, C.TA_BOLSTER, L.O_SECOND)    # Bolster: a combat card, 8 in hand
    assert st.decision() == L.K_BOTTOM             # mid-turn: the star is there already
    assert fenris.goal_mask(st, 0) == 1 and stars(st, 0) == 1 and fenris.goal_mask(st, 1) == 0
    _end_turn(st, 0)
    assert st.decision() == L.K_SECTION and st.active_player() == 1
    assert fenris.goal_mask(st, 1) == 1 and st.check() is None   # its turn: now its star


def test_the_encounter_star_after_completing_the_encounter():
    # "There is a Triumph Tile for claiming 3 encounter tokens. Place the star after completing
    # the encounter."
    st = _tiled((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL), (ENC3,) + NO_COUNTED[:9])
    st.s[fenris.f0(st) + L.F_ENC] = 2
    put(st, 0, L.U_CHARACTER, H(41))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(42), 0)
    st.apply_checked(L.MOVE_DONE, 0)
    assert st.decision() == L.K_TERM and fenris.encounters(st, 0) == 3
    assert fenris.goal_mask(st, 0) == 0          # not during the encounter
    st.apply_checked(L.TERM_DONE, 0)
    assert st.decision() == L.K_BOTTOM and fenris.goal_mask(st, 0) == 1 and stars(st, 0) == 1


def test_the_factory_card_star_when_you_gain_it_at_the_end_of_the_turn():
    # "There is a Triumph Tile for gaining a Factory card. Place the star when you gain the card
    # (at end of turn)."
    st = _tiled((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL), (FACTORY,) + NO_COUNTED[:9])
    put(st, 0, L.U_CHARACTER, H(37))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(30), 0)
    st.apply_checked(L.MOVE_DONE, 0)
    st.apply_checked(4, 0)
    assert st.decision() == L.K_BOTTOM and fenris.goal_mask(st, 0) == 0
    _end_turn(st, 0)
    assert fenris.goal_mask(st, 0) == 1 and st.active_player() == 1


def test_ten_tiles_placed_by_bits_and_the_sixth_star():
    # "place them on all 10 slots of the Triumph Track"; base: "The game immediately ends when a
    # player places their 6th star token". With no objective or combat tile, all 10 are placed
    # by bits: the mask sits in the module block, P_STARS holds the count.
    st = _tiled((NORDIC, POLANIA), (INDUSTRIAL, MECHANICAL), NO_COUNTED[1:] + (POP18,))
    assert len(st.goals) == 10 and st.goals[9] == C.S_POPULARITY
    for b in (1, 2, 4, 8, 16):
        fenris_track._set_goal(st, 0, b)
    assert stars(st, 0) == 5 and st.check() is None
    set_player(st, 0, pop=18)
    st.s[L.STARS_DIRTY] = 1
    begin_turn(st, 0)
    assert st.is_terminal() and stars(st, 0) == 6
    assert fenris.goal_mask(st, 0) == 0x21F and st.s[po(0) + L.P_STARS] == 0x3F


def test_random_tiles_games_keep_every_count_and_end():
    from firmware.rules import registry

    rs = registry.load("scythe")
    for seed, cards in ((3, 1), (4, 0)):
        st = rs.new_game(started().board, seed - cards, {"tiles": [1], "cards": [cards]})
        play_out(rs, st, seed, 8000, 31)
        assert max(stars(st, p) for p in range(st.n_players())) == 6 and st.check() is None
