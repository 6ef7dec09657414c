# Scythe's invariants (invariants_scythe.py) can fail: a state that breaks one is caught. The
# playouts (test_playouts.py) and the soak (tools/soak.py) pass only because the rules keep them.
from firmware.rules import registry
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import achievements, po
from firmware.rules.scythe.content import S_POWER

from . import invariants_scythe as I
from .games import Game, playout


class _Found(Exception):
    pass


def _war_state_with_a_star(want_achievement):
    """A War game (2 players) just after a decision that the invariants check, where a player
    has a star on the track for a category it still meets (want_achievement: one of the 7
    achievements, else one of the track's own, such as 13 popularity): (st, before, kind, p, i)."""
    from firmware.rules.scythe.fenris import goal_mask, met

    g = Game("scythe+war", registry.load("scythe"), {"war": [1]}, (2,))

    def on_step(st, before, kind, a):
        s = st.s
        if before is None or st.is_terminal() or s[L.DEFER] or s[L.STAGE] < L.ST_SECTION:
            return
        for p in range(2):
            mask = goal_mask(st, p)
            for i in range(len(st.goals)):
                c = st.goals[i]
                if (mask >> i) & 1 and (c <= S_POWER) == want_achievement:
                    now = (achievements(st, p) >> c) & 1 if c <= S_POWER else met(st, p, c, False)
                    if now:
                        raise _Found(st, before, kind, p, i)

    for seed in range(1, 40):
        try:
            playout(g, seed, "random", on_step)
        except _Found as e:
            return e.args
    raise AssertionError("no War game with such a star")


def _fails_without_its_star(achievement):
    st, before, kind, p, i = _war_state_with_a_star(achievement)
    I.step(st, before, kind)   # as played: passes
    st.s[po(p) + L.P_STARS] &= ~(1 << i)   # (the War track: a bit a category in P_STARS)
    try:
        I.step(st, before, kind)
    except AssertionError as e:
        assert e.args[0] == ("a star", p, i), e.args
    else:
        raise AssertionError("the missing star passed")


def test_a_met_achievement_without_its_star_fails_the_invariants():
    # "every goal met has its star at once": the upgrades, mechs, ... with their star taken away.
    _fails_without_its_star(True)


def test_a_met_track_category_without_its_star_fails_the_invariants():
    # The War track's own categories (13 popularity, 16 resources, ...) are asked through met().
    _fails_without_its_star(False)


def test_the_tiles_8_cards_star_is_asked_only_at_the_player_s_own_decisions():
    # Triumph Tiles: "8 Combat Cards in your hand on your turn", checked before each of the
    # player's own decisions (docs/fenris.md D2). Soak seed 347 of scythe+infra+mechmods+tiles:
    # the attacker's 8th card, taken at its combat's start, is gone again by its own dial; the
    # defender's decision between (Artillery) must not be asked for that star.
    from . import checked

    g = Game("scythe+infra+mechmods+tiles", registry.load("scythe"),
             {"infra": [1], "mechmods": [1], "tiles": [1]}, (5,))
    st, decisions = checked.play_checked(g, 347, "random", round_trip=False, replay=False)
    assert st.is_terminal() and decisions > 1719


def test_a_territory_shared_when_the_6th_star_falls_counts_for_the_player_there_first():
    # "If your character or mech move into a territory controlled by an opponent's character
    # and/or mechs ... The opponent still temporarily controls that territory." Soak seed 123 of
    # scythe+fenris+mechmods+tiles (5 players): the mover's Artillery places its 6th star before
    # the combat, its mech still on the defender's territory (6 resources); the invariants' own
    # count must give that territory to the defender, as score.py does, and both name player 4.
    from . import checked

    g = Game("scythe+fenris+mechmods+tiles", registry.load("scythe"),
             {"fenris": [1], "mechmods": [1], "tiles": [1]}, (2, 3, 4, 5))
    st, decisions = checked.play_checked(g, 123, "random", round_trip=False, replay=False)
    s = st.s
    mover = s[L.ACTIVE]
    here = {}
    for p in range(s[L.N]):
        for u in range(13):
            x = s[po(p) + L.P_UNITS + u]
            if x != 255:
                here.setdefault(x, set()).add(p)
    shared = [x for x, ps in here.items() if len(ps) > 1]
    assert st.is_terminal() and decisions == 1690 and len(shared) == 1 and mover in here[shared[0]]
    assert st.winners() == I.independent_winners(st) == (4,)


def test_two_players_units_on_one_territory_without_the_active_player_fail_the_invariants():
    # Only the active player's Move makes units of two players share a territory (its combats
    # then settle it): a loser's units retreated onto another player's lake broke that
    # (combat.retreats; soak seed 817 of scythe+fenris+rivals+vesna).
    from . import checked

    g = Game("scythe", registry.load("scythe"), {}, (3,))
    st, _ = checked.play_checked(g, 5, "random", round_trip=False, replay=False)
    s = st.s
    I.shared_territories(st)   # as played: passes
    a, b = [p for p in range(3) if p != s[L.ACTIVE]][:2]
    x = s[po(a) + L.P_UNITS + L.U_CHARACTER]
    if st.board.terrain[x] == 0:   # (its home base: no territory)
        x = next(y for y in range(st.board.n_spaces) if st.board.terrain[y] not in (0, 6))
        s[po(a) + L.P_UNITS + L.U_CHARACTER] = x
    s[po(b) + L.P_UNITS + L.U_CHARACTER] = x
    _shared_fails(st, "two non-active players")
    s[po(b) + L.P_UNITS + L.U_CHARACTER] = 255   # (the character gone: one player again)
    s[po(s[L.ACTIVE]) + L.P_UNITS + L.U_CHARACTER] = x   # the active player's and another's: passes
    I.shared_territories(st)
    s[po(b) + L.P_UNITS + L.U_CHARACTER] = x
    _shared_fails(st, "three players")


def _shared_fails(st, what):
    try:
        I.shared_territories(st)
    except AssertionError as e:
        assert e.args[0][0] == "players' units share a territory", e.args
    else:
        raise AssertionError(what + " on one territory passed")
