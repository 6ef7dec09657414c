# pyright: reportAttributeAccessIssue=false
# The rule bot (rule_plan.py) on The Rise of Fenris's tracks (docs/fenris.md step 13, in part):
# what it counts as a star still to win follows the track in play, not the base track's bits.
# CPython and the MicroPython unix port.
from firmware.rules.scythe import content as C
from firmware.rules.scythe import fenris_track
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from firmware.rules.scythe.rule_plan import combat_stars_left, value
from tests.rules.scythe_support import NORDIC, POLANIA, SAXONY, build, started

UP, MECHS, STRUCT, RECRUITS, WORKERS, POP, POWER = (1 << i for i in range(7))


def test_war_combat_stars_are_pursued_up_to_four_and_peace_none():
    # War: "All players may place up to 4 combat stars"; Peace: "No stars are placed for combat
    # victories" (Saxony included: "this compensates for the removal of combat stars").
    war = started((NORDIC, POLANIA), mods=C.MOD_WAR)
    war.s[po(0) + L.P_COMBAT_STARS] = 3
    assert combat_stars_left(war, 0)
    war.s[po(0) + L.P_COMBAT_STARS] = 4
    assert not combat_stars_left(war, 0)
    base = started((NORDIC, POLANIA))
    base.s[po(0) + L.P_COMBAT_STARS] = 2
    assert not combat_stars_left(base, 0)   # the base track: 2, as before
    for fac in (NORDIC, SAXONY):
        peace = started((fac, POLANIA), mods=C.MOD_PEACE)
        assert not combat_stars_left(peace, 0), fac
    saxony = started((SAXONY, POLANIA), mods=C.MOD_WAR)
    saxony.s[po(0) + L.P_COMBAT_STARS] = 6
    assert combat_stars_left(saxony, 0)   # "Saxony can still place unlimited combat ... stars"


def test_what_the_bot_still_wants_follows_the_track_in_play():
    # War: "Place a star for 6 Upgrades OR 4 Structures"; "no stars for placing all 8 workers or
    # maximizing Popularity". Peace: "4 mechs OR 4 recruits".
    war = started((NORDIC, POLANIA), mods=C.MOD_WAR)
    assert fenris_track.reached(war, 0) == WORKERS | POP   # wanted: the others
    build(war, 0, 0, 20)
    for i in range(1, 4):
        build(war, 0, i, 20 + i)
    war.s[L.STARS_DIRTY] = 1
    war.s[L.STAGE] = L.ST_SECTION
    war.begin()   # 4 structures: the combined star placed
    assert fenris_track.reached(war, 0) == WORKERS | POP | UP | STRUCT
    peace = started((NORDIC, POLANIA), mods=C.MOD_PEACE)
    assert fenris_track.reached(peace, 0) == POP | POWER


def _star_gain(wood):
    """value(seat 0) with War's "6 Upgrades OR 4 Structures" star placed less without it, with
    `wood` wood (Build's resource) on a territory seat 0 controls."""
    war = started((NORDIC, POLANIA), mods=C.MOD_WAR)
    s = war.s
    x = s[po(0) + L.P_UNITS + L.U_WORKER]   # a start territory, Nordic's worker on it
    s[L.RES0 + 4 * x + 2] = wood
    war.changed()
    without = value(war, 0)
    s[po(0) + L.P_STARS] = 1   # the combined slot (War's first) holds seat 0's star
    war.changed()
    return value(war, 0) - without


def test_once_the_combined_war_star_is_placed_wood_for_structures_is_worth_less():
    # War: "Place a star for 6 Upgrades OR 4 Structures. You may not place a star for both." Once
    # placed, Build's wood leads to no star: the bot values it less than before (read as the base
    # track's bits, that slot would be the upgrades' star alone and the wood kept its value).
    assert _star_gain(3) < _star_gain(0)


def _pop_gain(mods, stars=0):
    """value(seat 0) at popularity 12 less at 11 (stars: P_STARS' bits placed)."""
    st = started((NORDIC, POLANIA), mods=mods)
    st.s[po(0) + L.P_STARS] = stars
    st.s[po(0) + L.P_POP] = 11
    st.changed()
    low = value(st, 0)
    st.s[po(0) + L.P_POP] = 12
    st.changed()
    return value(st, 0) - low


def test_peace_s_13_popularity_pulls_the_bot_until_its_star_is_placed():
    # Peace: "Place a star for achieving 13 popularity" (not a base achievement: the base value
    # counts popularity only in the fortune). A point toward 13 is worth more than in a War game
    # (no such category), and no more than there once the Peace star for it is placed.
    assert _pop_gain(C.MOD_PEACE) > _pop_gain(C.MOD_WAR)
    placed = [c for c in fenris_track.PEACE if c not in (C.CAT_OBJECTIVE, C.CAT_COMBAT)]   # P_STARS' bits
    pop13 = 1 << placed.index(C.CAT_POP13)
    assert _pop_gain(C.MOD_PEACE, pop13) == _pop_gain(C.MOD_WAR)


def test_a_module_with_no_track_of_its_own_leaves_the_base_track_wanted():
    # Mech Mods and Alliances change no star: the base track's (upgrades, mechs, structures,
    # recruits, ...) is still to win. (Read as "every base star reached", the rule bot stopped
    # building: 40.2 turns a player in 4-player scythe+mechmods games, 24.2 once fixed.)
    for mods in (C.MOD_MECHMODS, C.MOD_ALLIANCES):
        st = started((NORDIC, POLANIA), mods=mods)
        while st.decision() == L.K_MOD_SLOT:
            st.apply_checked(L.MOD_SKIP, st.current_player())
            while st.current_player() < 0:
                st.apply(st.legal_actions()[0])
        assert fenris_track.reached(st, 0) == 0, mods
        st.s[po(0) + L.P_STARS] = UP | MECHS
        assert fenris_track.reached(st, 0) == UP | MECHS, mods


def test_the_bot_places_a_mod_over_the_faction_s_own_ability_never_riverwalk_or_speed():
    # Mech Mods "replace the abilities on your faction mat": the bot keeps Riverwalk (slot 0)
    # and Speed (slot 2), a movement mod goes over the faction's movement ability (slot 1), a
    # combat mod over its combat ability (slot 3).
    from firmware.rng import Rng
    from firmware.rules.scythe import fenris_mods as MM
    from firmware.rules.scythe.rule_bot import RuleBot

    st = started((NORDIC, POLANIA), mods=C.MOD_MECHMODS)
    chosen = []
    while st.decision() == L.K_MOD_SLOT and st.current_player() == 0:
        b = MM.drawn(st)[st.s[len(st.s) - L.TAIL - L.F_SIZE + L.F_DRAW_I] - 4]
        a = RuleBot(Rng(1)).choose(st)
        assert a == (1 if (1 << b) & C.M_MOVE_MASK else 3) or a == L.MOD_SKIP, (b, a)
        chosen.append(a)
        st.apply_checked(a, 0)
    assert 0 not in chosen and 2 not in chosen and MM.placed(st, 0) >= 1
