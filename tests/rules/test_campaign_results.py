# pyright: reportAttributeAccessIssue=false
# What a finished episode's game gives the Campaign Log (campaign_results.py; docs/campaign.md):
# the Triumph Log columns of a player's stars, the stars "used for any category" on the War and
# Peace tracks and the Triumph Tiles, and the mechs or structures counted at the 2a/2b unlocks.
# CPython and the MicroPython unix port.
from firmware.rules.scythe import campaign as C
from firmware.rules.scythe import campaign_data as D
from firmware.rules.scythe import campaign_results as R
from firmware.rules.scythe import content as K
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from tests.rules.scythe_support import NORDIC, RUSVIET, board, build, put, started


def _stars(st, p, bits=0, combat=0, objectives=0):
    o = po(p)
    st.s[o + L.P_STARS] = bits
    st.s[o + L.P_COMBAT_STARS] = combat
    st.s[o + L.P_OBJ_STARS] = objectives
    st.changed()


def _cols(*cols):
    m = 0
    for c in cols:
        m |= 1 << c
    return m


def test_the_base_tracks_stars_check_their_own_columns_one_a_category():
    # "check off the box for each star you placed on the Triumph Track, with a limit of one per
    # category" (two combat stars: one check)
    st = started()
    _stars(st, 0, bits=1 << K.S_UPGRADES | 1 << K.S_POWER, combat=2, objectives=1)
    assert R.stars_of(st, 0, D.E1) == (_cols(K.S_UPGRADES, K.S_POWER, 7, 8), 0)


def test_the_war_tracks_new_categories_and_its_third_and_fourth_combat_stars_are_for_any_category():
    # Episode 2a Rewards: "Stars earned from new categories on the War Triumph Track (2 extra combat
    # stars, 8x combat cards star, and the combined structure/upgrade star) can each be used for any
    # 1 category on your Triumph Log."
    st = started(mods=K.MOD_WAR | K.MOD_RIVALS)
    # the War track's slots placed by bits: upgrades-or-structures, mechs, recruits, power, 8 cards
    _stars(st, 0, bits=0b10011, combat=4)
    assert R.stars_of(st, 0, D.E2A) == (_cols(K.S_MECHS, 8), 1 + 1 + 2)


def test_the_peace_tracks_new_categories_and_second_objective_are_for_any_category_13_popularity_not():
    # Episode 2b Rewards: "Stars earned from new categories on the Peace Triumph Track (16 resources
    # star, Factory card star, 3 encounters star, second objective star, and the 4 mechs/4 recruits
    # star) can each be used for any 1 category"
    st = started(mods=K.MOD_PEACE | K.MOD_ALLIANCES)
    # slots by bits: mechs-or-recruits, upgrades, structures, workers, 3 encounters, 13 popularity,
    # Factory card, 16 resources
    _stars(st, 1, bits=0b00100101, objectives=2)
    assert R.stars_of(st, 1, D.E2B) == (_cols(K.S_STRUCTURES, K.S_POPULARITY, 7), 1 + 1)


def test_every_star_of_episode_8a_is_for_any_category():
    # Episode 8a End-Game Scoring: "Stars earned from Triumph Tiles can be used for any category on
    # your Triumph Log."
    st = started()
    _stars(st, 0, bits=0b101, combat=1, objectives=1)
    assert R.stars_of(st, 0, D.E8A) == (0, 4)


def test_the_unlocks_count_the_mechs_deployed_in_2a_and_the_structures_built_in_2b():
    # 2a: "Draw 2 Mods plus 1 Mod for each mech you deployed this game"; 2b: "... for each structure
    # you built this game"
    st = started((NORDIC, RUSVIET))
    put(st, 0, 1, 10)
    put(st, 0, 2, 11)
    build(st, 1, 0, 12)
    c = C.new_campaign(board(), [NORDIC, RUSVIET])
    while not c.is_terminal():
        c.apply_checked(0)
    c.s[4] = D.E2A
    assert [r[4] for r in R.of_game(c, st)[1]] == [2, 0]
    c.s[4] = D.E2B
    assert [r[4] for r in R.of_game(c, st)[1]] == [0, 1]


def test_saxonys_stars_past_the_tracks_slots_are_not_more_stars_for_any_category():
    # War track: "All players may place up to 4 combat stars. Saxony can still place unlimited
    # combat and objective stars."; the rewards name "2 extra combat stars" and "second objective
    # star" as the ones for any category.
    st = started(mods=K.MOD_WAR | K.MOD_RIVALS)
    _stars(st, 0, combat=6)
    assert R.stars_of(st, 0, D.E2A) == (_cols(8), 2)
    st = started(mods=K.MOD_PEACE | K.MOD_ALLIANCES)
    _stars(st, 0, objectives=3)
    assert R.stars_of(st, 0, D.E2B) == (_cols(7), 1)
