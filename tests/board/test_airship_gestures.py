# Pie in the Sky at the table: the airship is a tagged miniature (tag 12, Ruleset.tag_of(6, 0)).
# When Air Support starts, its legal spaces light in its own colour (gold); lifting it and
# putting it on a lit space commits its move; an unlit space blinks red and changes nothing;
# staying (no Air Support) is chosen on dial 0. The display shows the cargo hold and ability.
from firmware.board.light_codes import L_DEST, L_ORIGIN, L_OWN_DEST, L_TOKEN, L_WRONG
from firmware.rules.mls.codes import AIR_DECLINE, AIR_TROPHY, K_AIR_MOVE, K_AIR_SUPPORT
from firmware.rules.mls.ruleset import RULESET

from ..rules.support import CAMP, board, pits_scenario
from ..rules.test_pits_air_support import seek_then_air
from .rig import Rig

AIRSHIP = 12
GOLD = (150, 110, 0)
RED = (160, 0, 0)


def _air_move(**kw):
    """A Seek resolved up to the airship's move (the airship on 17, goods within range)."""
    kw.setdefault("seekers", {0: (5, CAMP), 1: (30, CAMP)})
    kw.setdefault("airship", 17)
    kw.setdefault("goods", {16: (1, 0), 18: (0, 1)})
    st = pits_scenario(2, **kw)
    seek_then_air(st, AIR_TROPHY)
    assert st.decision() == K_AIR_MOVE
    return Rig(st)


def _legal(st):
    return sorted(a for a in st.legal_actions() if a != AIR_DECLINE and a != st.airship())


def test_the_airship_is_a_piece_of_the_registry_only_with_the_expansion():
    base = RULESET.new_game(board(), 3, {})
    pits = RULESET.new_game(board(), 3, {"pits": [1]})
    assert RULESET.game_pieces(base) == RULESET.pieces(3) and RULESET.game_tags(base) == 6
    assert RULESET.game_pieces(pits) == RULESET.pieces(3) + (("airship", 6, AIRSHIP),)
    assert RULESET.game_tags(pits) == AIRSHIP + 1 and RULESET.tag_of(6, 0) == AIRSHIP
    assert RULESET.tag_of(6, 1) == -1


def test_when_air_support_starts_the_airships_legal_spaces_light_in_its_own_colour():
    rig = _air_move()
    legal = _legal(rig.st)
    assert legal and rig.lit(L_OWN_DEST) == legal and rig.lit(L_DEST) == []
    assert rig.rgb(legal[0]) == GOLD


def test_lifting_the_airship_lights_exactly_the_engines_legal_spaces():
    rig = _air_move()
    legal = _legal(rig.st)
    rig.lift_tag(AIRSHIP)
    assert rig.ctl.gestures.lifted == AIRSHIP
    assert rig.lit(L_ORIGIN) == [17] and rig.lit(L_OWN_DEST) == legal


def test_placing_the_airship_on_a_lit_space_commits_its_move():
    rig = _air_move()
    dest = _legal(rig.st)[0]
    rig.lift_tag(AIRSHIP)
    rig.place_tag(AIRSHIP, dest)
    assert rig.st.airship() == dest and rig.st.decision() == K_AIR_SUPPORT
    assert rig.lit(L_OWN_DEST) == [] and rig.lit(L_WRONG) == []


def test_the_airship_on_an_unlit_space_blinks_red_and_changes_nothing():
    rig = _air_move()
    before = bytes(rig.st.s)
    far = [x for x in range(37) if x not in _legal(rig.st) and x != 17][0]
    rig.lift_tag(AIRSHIP)
    rig.place_tag(AIRSHIP, far)
    assert bytes(rig.st.s) == before and rig.lit(L_WRONG) == [far]
    seen = set()
    for _ in range(6):
        rig.run(130)
        seen.add(rig.rgb(far))
    assert RED in seen and (0, 0, 0) in seen
    dest = _legal(rig.st)[0]
    rig.lift_tag(AIRSHIP)
    rig.place_tag(AIRSHIP, dest)              # put right: now it counts
    assert rig.st.airship() == dest and rig.lit(L_WRONG) == []


def test_a_seeker_moved_while_the_airship_is_to_move_changes_nothing():
    rig = _air_move()
    before = bytes(rig.st.s)
    rig.move(0, 0, 4)
    rig.run(700)
    assert bytes(rig.st.s) == before and rig.st.decision() == K_AIR_MOVE


def test_no_air_support_is_the_airship_staying_chosen_on_dial_0():
    rig = _air_move()
    assert AIR_DECLINE in rig.ctl.options(0)
    rig.choose(0, AIR_DECLINE)
    assert rig.st.airship() == 17 and rig.st.decision() != K_AIR_MOVE


def test_the_display_shows_the_cargo_hold_and_the_ability():
    rig = _air_move(cargo={0: (2, 1)})
    text = " ".join(rig.display.lines)
    assert "Cargo 2 apples 1 gems" in text and "Ability: unknown" in text, rig.display.lines


def test_gadgets_are_lit_dim_gold_where_the_engine_has_them():
    rig = Rig(pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, gadgets={0: 25, 1: 3}))
    assert rig.lit(L_TOKEN) == [3, 25] and rig.rgb(25) == (40, 28, 0)
    base = Rig(RULESET.new_game(board(), 2, {}))
    assert base.lit(L_TOKEN) == []


def test_a_bot_plays_a_whole_expansion_game_through_gestures_only():
    from firmware.bots import RandomBot
    from firmware.rng import Rng
    from firmware.rules.mls.bot import nudge

    st = RULESET.new_game(board(), 3, {"pits": [1], "kingdoms": [0, 7, 8]})
    rig = Rig(st, seed=5)
    rng = Rng(5)
    bot = RandomBot(rng, nudge)
    airship_moves = 0
    for _ in range(6000):
        if rig.st.is_terminal():
            break
        before = bytes(rig.st.s)
        kind = rig.st.decision()
        rig.bot_turn(bot, rng)
        assert bytes(rig.st.s) != before, kind   # every gesture decided something
        airship_moves += kind == K_AIR_MOVE
    assert rig.st.is_terminal() and rig.st.winners()
    assert airship_moves >= 2   # its setup portal and at least one Air Support


def test_on_a_board_without_readers_the_airships_spaces_light_gold_when_air_support_starts_too():
    # hardware/presence-only.md: the tracker changes what is sensed, not what is shown: the
    # airship's legal spaces light in its own colour before it is lifted there as well.
    st = pits_scenario(2, seekers={0: (5, CAMP), 1: (30, CAMP)}, airship=17, goods={16: (1, 0), 18: (0, 1)})
    seek_then_air(st, AIR_TROPHY)
    rig = Rig(st, presence=True)
    legal = _legal(rig.st)
    assert legal and rig.lit(L_OWN_DEST) == legal


def test_dial_0_tells_air_support_on_the_airships_own_space_from_no_air_support():
    # Rulebook: "a movement of 0 spaces is acceptable" when the airship's space holds goods;
    # moving it is optional ("you may"). Both keep the miniature where it stands, so both are
    # on dial 0, and the display must say which is which.
    from firmware.board.screens import meaning

    rig = _air_move(goods={17: (1, 0), 18: (0, 1)})
    opts = rig.ctl.options(0)
    assert 17 in opts and AIR_DECLINE in opts
    own, decline = meaning(rig.ctl, 17), meaning(rig.ctl, AIR_DECLINE)
    assert own != decline and "no Air Support" in decline, (own, decline)


def test_the_cargo_line_never_pushes_the_last_news_off_the_8_rows_of_the_panel():
    # docs/display.md: 8 rows of 16 characters. The news (ctl.message: "nothing to undo", a
    # fight's result, a board without readers' "which piece?") must show; the cargo hold and
    # ability come last, cut first.
    from .test_display import _shown

    rig = _air_move(cargo={0: (2, 1)})
    rig.ctl.message = "nothing to undo"
    rows = _shown(rig.ctl)
    assert "nothing to undo" in " ".join(rows), rows
