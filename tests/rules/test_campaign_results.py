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


def test_episode_7_counts_the_encounter_tokens_on_each_mat_and_who_found_tesla():
    # Episode 7 Rewards: "For each Encounter token you currently have on your faction mat, you may
    # increase a Setup Bonus by 1. The tokens discarded to open Box E do not count toward this
    # reward."; Outcome: "If a player found Tesla during Episode 7, proceed to Episode 8a"
    from firmware.rules.scythe import campaign_log as G
    from tests.rules.test_fenris_tesla import _set_encounters, _tesla_at

    c = C.new_campaign(board(), [NORDIC, RUSVIET])
    while not c.is_terminal():
        c.apply_checked(0)
    c.s[4] = D.E7
    assert G.modules(c)[-2:] == ("tesla", "search")
    st = started(mods=K.MOD_WAR | K.MOD_RIVALS | K.MOD_TESLA | K.MOD_SEARCH)
    _set_encounters(st, 0, 3)
    _set_encounters(st, 1, 0)   # the finder's: discarded
    _tesla_at(st, 1, 9)
    results = R.of_game(c, st)[1]
    assert [r[3] for r in results] == [3, 0]
    assert [r[5] for r in results] == [0, G.EV_TESLA]
    _tesla_at(st, 0, 9)
    assert [r[5] for r in R.of_game(c, st)[1]] == [G.EV_TESLA, 0]


def test_episode_4_plays_the_fenris_agents_and_counts_each_seats_subdued():
    # Episode 4 Setup: "Open Box B and place 1 Fenris agent ... on each tunnel and 2 on the
    # Factory"; Rewards: "For every 2 Fenris agents you subdued (rounded up), increase a Setup
    # Bonus" (campaign.py rounds up the count given here)
    from firmware.rules.scythe import campaign_episode as E
    from firmware.rules.scythe import campaign_log as G
    from firmware.rules.scythe import fenris_agents as FA

    c = C.new_campaign(board(), [NORDIC, RUSVIET])
    while not c.is_terminal():
        c.apply_checked(0)
    c.s[4] = D.E4
    assert G.modules(c) == ("agents",) and E.options(c)["agents"] == [1]
    st = started(mods=K.MOD_AGENTS)
    for i, p in ((0, 1), (1, 1), (6, 1), (7, 0)):
        FA._take(st, i, p)
    assert [r[3] for r in R.of_game(c, st)[1]] == [1, 3]


def test_episode_5_plays_the_factory_fortress_and_names_who_defeated_the_annihilator():
    # Episode 5 Setup: "Place 1 Influence token on each tunnel ... Place Box C on the Factory";
    # Rewards: "a. If a player defeated the Annihilator in combat, they gain control of the Fenris
    # faction." (campaign_rewards.py reads the event given here)
    from firmware.rules.scythe import campaign_episode as E
    from firmware.rules.scythe import campaign_log as G

    c = C.new_campaign(board(), [NORDIC, RUSVIET])
    while not c.is_terminal():
        c.apply_checked(0)
    c.s[4] = D.E5
    assert G.modules(c) == ("fortress",) and E.options(c)["fortress"] == [1]
    st = started(mods=K.MOD_FORTRESS)
    assert [r[5] for r in R.of_game(c, st)[1]] == [0, 0]
    x = len(st.s) - L.TAIL - L.F_SIZE
    st.s[x + L.F_ANN] = L.ANN_GONE
    st.s[x + L.F_ANN_WHO] = 1 | (2 << 4)   # revealed by seat 0, defeated by seat 1
    st.changed()
    assert st.check() is None
    assert [r[5] for r in R.of_game(c, st)[1]] == [0, G.EV_ANNIHILATOR]


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


# ---- Episode 1's Influence tokens (campaign_results.follow) -----------------------------------------
def _episode_1(factions=(NORDIC, RUSVIET)):
    from firmware.rules.scythe import campaign_log as G
    from firmware.rules.scythe.campaign_episode import start

    c = C.new_campaign(board(), list(factions))
    while not c.is_terminal():
        c.apply_checked(0)   # no Perk
    start(c)
    assert G.episode(c) == D.E1
    return c


def _holders(c):
    from firmware.rules.scythe import campaign_log as G

    return [G.holder(c, i) for i in range(G.N_SPOTS)]


def test_the_first_player_to_place_a_star_in_a_category_takes_its_influence_token():
    # Episode 1, Special Rules: "Whenever you place a star, if you are the first person to place a
    # star in that category, take the Influence token from the Triumph Track and place it on your
    # faction mat."
    c = _episode_1()
    st = started()
    _stars(st, 1, bits=1 << K.S_POWER)
    assert R.follow(c, st)
    _stars(st, 0, bits=1 << K.S_POWER | 1 << K.S_UPGRADES, objectives=1)   # power: second, upgrades: first
    assert R.follow(c, st)
    h = _holders(c)
    assert h[K.S_POWER] == 1 and h[K.S_UPGRADES] == 0 and h[7] == 0
    assert [R.influence(c, p) for p in (0, 1)] == [2, 1]
    assert not R.follow(c, st)   # nothing new: nothing moves
    # the game's end: the tokens are each seat's count (the vote: "Give each player 1 Influence
    # token (in addition to any earned by placing stars during the game)")
    assert [r[3] for r in R.of_game(c, st)[1]] == [2, 1]


def test_both_combat_spots_give_their_tokens_to_the_first_two_combat_stars_by_anyone():
    # "Both combat victory categories on the Triumph Track are available for the same or different
    # players to gain the "first-to-achieve" Influence tokens"
    c = _episode_1()
    st = started()
    _stars(st, 0, combat=1)
    R.follow(c, st)
    _stars(st, 0, combat=2)
    R.follow(c, st)
    _stars(st, 1, combat=1)   # a third combat star: both tokens are gone
    R.follow(c, st)
    assert _holders(c)[8:] == [0, 0] and R.influence(c, 1) == 0
    c = _episode_1()
    st = started()
    _stars(st, 1, combat=1)
    R.follow(c, st)
    _stars(st, 0, combat=1)
    R.follow(c, st)
    assert _holders(c)[8:] == [1, 0]


def test_a_star_taken_back_returns_its_token_to_the_track():
    # the undo button takes the star back: "if you are the first person to place a star" holds no
    # longer, and the next one to place a star there takes it
    c = _episode_1()
    st = started()
    _stars(st, 0, bits=1 << K.S_MECHS, combat=2)
    R.follow(c, st)
    _stars(st, 0, bits=1 << K.S_MECHS, combat=1)   # the second combat star undone
    assert R.follow(c, st)
    assert _holders(c)[K.S_MECHS] == 0 and _holders(c)[8:] == [0, -1]
    _stars(st, 0)
    R.follow(c, st)
    assert _holders(c) == [-1] * 10
    _stars(st, 1, bits=1 << K.S_MECHS)
    R.follow(c, st)
    assert _holders(c)[K.S_MECHS] == 1


def test_only_episode_1_puts_influence_tokens_on_the_track_and_a_new_episode_starts_without_them():
    from firmware.rules.scythe import campaign_log as G
    from firmware.rules.scythe.campaign_episode import abandon

    c = _episode_1()
    st = started()
    _stars(st, 0, bits=1)
    R.follow(c, st)
    abandon(c)   # another game replaced the episode's: its tokens go back
    assert _holders(c) == [-1] * 10
    c.s[G.EP] = D.E2A
    assert not R.follow(c, st) and _holders(c) == [-1] * 10
    assert [r[3] for r in R.of_game(c, st)[1]] == [0, 0]


def test_the_tokens_followed_through_a_random_game_are_each_categorys_first_stars():
    # The rule against an oracle of its own: over a random Episode 1 game, after every decision,
    # the first seat seen with a star in each category (the first two combat stars seen) holds
    # its token.
    from firmware.rng import Rng
    from firmware.rules.scythe.engine import new_game

    c = _episode_1()
    st = new_game(board(), 3, True)
    c.s[0] = 3   # (a 3-seat campaign's header: follow reads the game's seats)
    rng = Rng(11)
    first = [-1] * 10
    combat_seen = [0, 0, 0]
    for _ in range(30000):
        if st.is_terminal():
            break
        if st.current_player() < 0:
            st.apply(rng.weighted(st.chance_outcomes()))
        else:
            opts = st.legal_actions()
            st.apply(opts[rng.below(len(opts))])
        first_stars(st, first, combat_seen)
        R.follow(c, st)
        assert _holders(c) == first, (_holders(c), first)
    assert st.is_terminal() and sum(1 for h in first if h >= 0) >= 4, first


def first_stars(st, first, combat_seen):
    """The oracle, after a decision: first[i] the first seat seen with a star of spot i's category
    (the first two combat stars seen: spots 8, 9; with 11 spots, 10: the revealed objective's star,
    fenris_extraobj.py); combat_seen each seat's combat stars counted."""
    for p in range(st.n_players()):
        o = po(p)
        if len(first) > 10 and first[10] < 0 and getattr(st, "EXTRAOBJ", 0) and (
                st.s[len(st.s) - L.TAIL - L.F_SIZE + L.F_EXTRA_STARS] >> p) & 1:
            first[10] = p
        for i in range(7):
            if first[i] < 0 and (st.s[o + L.P_STARS] >> i) & 1:
                first[i] = p
        if first[7] < 0 and st.s[o + L.P_OBJ_STARS]:
            first[7] = p
        while combat_seen[p] < st.s[o + L.P_COMBAT_STARS]:
            combat_seen[p] += 1
            if first[8] < 0:
                first[8] = p
            elif first[9] < 0:
                first[9] = p


def test_episode_1_reveals_an_objective_whose_first_star_takes_its_influence_token():
    # Episode 1 Setup: "Reveal 1 random objective card" and "Place 1 Influence Token ... on the
    # objective card revealed"; Rewards: "Stars earned from the revealed objective card can be used
    # for any 1 category on your Triumph Log."
    from firmware.rules.scythe import campaign_episode as E
    from firmware.rules.scythe import campaign_log as G
    from tests.rules.test_fenris_extraobj import POP_POWER, _reveal

    c = _episode_1()
    assert G.modules(c) == ("extraobj",) and E.options(c)["extraobj"] == [1]
    st = started(mods=K.MOD_EXTRAOBJ, model=True)
    _reveal(st, POP_POWER)
    f = len(st.s) - L.TAIL - L.F_SIZE + L.F_EXTRA_STARS
    st.s[f] = 1 << 1   # seat 1 placed its star on it
    assert R.follow(c, st) and G.holder(c, G.N_SPOTS) == 1 and R.influence(c, 1) == 1
    st.s[f] = 3        # seat 0's too: the token stays with the first
    assert not R.follow(c, st) and G.holder(c, G.N_SPOTS) == 1
    assert R.stars_of(st, 1, D.E1)[1] == 1 and R.stars_of(st, 1, D.E2A)[1] == 0
    st.s[f] = 1        # seat 1's taken back (undo): its token returns, then seat 0's first
    assert R.follow(c, st) and G.holder(c, G.N_SPOTS) == 0
    assert [r[3] for r in R.of_game(c, st)[1]] == [1, 0]
    G.clear_tokens(c)
    assert G.holder(c, G.N_SPOTS) == -1
