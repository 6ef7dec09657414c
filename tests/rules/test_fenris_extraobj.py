# pyright: reportAttributeAccessIssue=false
# Episode 1 of The Rise of Fenris campaign, "A New Era (March 1921)": the objective card revealed
# beside the Triumph Track (the `extraobj` module; docs/campaign.md section 3; Episode 1's Setup
# and Special Rules of ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test). CPython and
# the MicroPython unix port.
from firmware.rng import Rng
from firmware.rules.errors import SetupError
from firmware.rules.scythe import common
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from firmware.rules.scythe.ruleset import RULESET
from tests.rules.support import raises
from tests.rules.scythe_support import begin_turn, board, play_out, section_of, set_player, started

MODS = C.MOD_EXTRAOBJ
POP_POWER = 20   # the model objective card "popularity 9 and power 8" (content_model.MODEL_OBJECTIVES)


def _X():
    from firmware.rules.scythe import fenris_extraobj

    return fenris_extraobj


def _f(st):
    return len(st.s) - L.TAIL - L.F_SIZE


def _reveal(st, c):
    """Card c is the one beside the track (the setup drew another: put back in the deck)."""
    old = _X().card(st)
    if old >= 0:
        st.s[L.OBJ_OUT + old // 8] &= ~(1 << (old % 8))
    st.s[_f(st) + L.F_EXTRA] = c + 1
    st.s[L.OBJ_OUT + c // 8] |= 1 << (c % 8)
    st.changed()


def _game(model=True):
    st = started(mods=MODS, model=model)
    _reveal(st, POP_POWER)
    return st


def _at_top(st, p):
    """p's turn, its Bolster section chosen: the top-row action's options are asked."""
    st.s[po(p) + L.P_LAST] = 255
    begin_turn(st, p)
    st.apply_checked(section_of(st, p, C.TA_BOLSTER), p)
    assert st.decision() == L.K_TOP


def test_one_objective_card_is_revealed_at_setup_from_the_deck():
    # "Reveal 1 random objective card from the deck and place it next to the Triumph Track." (after
    # the deal: the model deck draws one no one holds; the card is out of the deck)
    st = RULESET.new_game(board(), 2, {"extraobj": [1], "cards": [1]})
    rng = Rng(1)
    asked = []
    while st.current_player() < 0:
        if st.decision() == L.K_EXTRA_OBJ:
            x = len(st.s) - L.TAIL + L.X_OBJ
            held = [v - 1 for v in st.s[x:x + 4]]
            assert all(v >= 0 for v in held) and not set(held) & set(st.legal_actions())
            assert len(st.legal_actions()) == 23 - 4
            asked.append(st.s[L.STAGE])
        st.apply(rng.weighted(st.chance_outcomes()))
    c = _X().card(st)
    assert asked == [L.ST_EXTRA] and c >= 0 and (st.s[L.OBJ_OUT + c // 8] >> (c % 8)) & 1
    assert st.check() is None


def test_a_player_stars_it_in_addition_to_its_track_objective():
    # "Players may achieve the revealed objective (place a star on it) in addition to the objective
    # on the Triumph Track." (its own objective star placed: the revealed one still may be)
    X = _X()
    st = _game()
    o = po(0)
    st.s[o + L.P_OBJ_STARS] = 1
    st.s[o + L.P_OBJ_HELD] = 0
    x = len(st.s) - L.TAIL + L.X_OBJ
    st.s[x] = st.s[x + 1] = 0
    st.s[L.OBJ_OUT] |= 1   # its own card, revealed
    set_player(st, 0, power=8, pop=9)
    before = common.stars(st, 0)
    _at_top(st, 0)
    assert L.O_OBJ1 in st.legal_actions()
    st.apply_checked(L.O_OBJ1, 0)   # the revealed card is the one option: taken at once
    assert X.starred(st, 0) and common.stars(st, 0) == before + 1
    assert st.s[o + L.P_OBJ_STARS] == 1 and st.decision() == L.K_TOP and st.check() is None
    assert L.O_OBJ1 not in st.legal_actions()   # once


def test_every_player_may_star_it_and_its_goal_must_be_met():
    X = _X()
    st = _game()
    set_player(st, 1, power=8, pop=9)
    set_player(st, 0, power=7, pop=9)   # power 7: not met
    _at_top(st, 0)
    assert L.O_OBJ1 not in st.legal_actions() and not X._met(st, 0)   # (its own cards not met either)
    st2 = _game()
    set_player(st2, 0, power=8, pop=9)
    set_player(st2, 1, power=8, pop=9)
    for p in (0, 1):
        _at_top(st2, p)
        st2.apply_checked(L.O_OBJ1, p)
        if st2.decision() == L.K_OBJECTIVE:   # (its own met too: which one)
            st2.apply_checked(POP_POWER, p)
        assert X.starred(st2, p)
    assert st2.check() is None


def test_with_the_printed_cards_the_table_judges_it():
    # The printed cards: its number is offered (the table judged it met), or none met.
    X = _X()
    st = _game(model=False)
    _at_top(st, 0)
    st.apply_checked(L.O_OBJ1, 0)
    assert st.decision() == L.K_OBJECTIVE and st.legal_actions()[0] == POP_POWER
    assert L.OBJ_NOT_MET in st.legal_actions()
    assert POP_POWER not in common.unrevealed_objectives(st)   # not a card of anyone's to reveal
    st.apply_checked(POP_POWER, 0)
    assert X.starred(st, 0) and st.s[po(0) + L.P_OBJ_STARS] == 0 and st.check() is None


def test_its_star_can_be_the_sixth_that_ends_the_game():
    # "The game ends immediately when a player places their 6th star on the Triumph Track." (Guess:
    # the revealed objective's star counts among them)
    st = _game()
    st.s[po(0) + L.P_STARS] = (1 << C.S_UPGRADES) | (1 << C.S_MECHS) | (1 << C.S_STRUCTURES) | (
        1 << C.S_RECRUITS) | (1 << C.S_WORKERS)
    for u in range(L.N_UNITS):   # what those stars stand for, so the check holds
        st.s[po(0) + L.P_UNITS + u] = st.board.home[common.faction(st, 0)] if u else st.s[po(0) + L.P_UNITS]
    st.s[po(0) + L.P_TOPUP] = 0x3F
    st.s[po(0) + L.P_RECRUITS] = 0x0F
    set_player(st, 0, power=8, pop=9)
    assert common.stars(st, 0) == 5
    _at_top(st, 0)
    st.apply_checked(L.O_OBJ1, 0)
    if st.decision() == L.K_OBJECTIVE:
        st.apply_checked(POP_POWER, 0)
    assert st.is_terminal() and common.stars(st, 0) == 6


def test_extraobj_is_refused_with_another_track():
    e = raises(SetupError, RULESET.new_game, board(), 2, {"extraobj": [1], "war": [1]})
    assert "extraobj" in str(e)


def test_the_log_says_the_card_revealed_and_the_star_on_it():
    from firmware.rules.scythe.narrate import narrate
    from firmware.rules.scythe.narrate_words import option

    st = RULESET.new_game(board(), 2, {"extraobj": [1], "cards": [1]})
    rng = Rng(2)
    while st.decision() != L.K_EXTRA_OBJ:
        st.apply(rng.weighted(st.chance_outcomes()))
    before = st.clone()
    a = st.legal_actions()[0]
    st.apply(a)
    said = narrate(before, a, st)
    assert said.startswith("Model objective card %d" % (a + 1)) and said.endswith(
        "revealed beside the Triumph Track."), said
    printed = _game(model=False)
    _at_top(printed, 0)
    printed.apply_checked(L.O_OBJ1, 0)
    assert option(printed, POP_POWER).endswith("revealed beside the track")


def test_random_games_keep_their_checks_both_decks():
    for cards in (0, 1):
        st = RULESET.new_game(board(), 3, {"extraobj": [1], "cards": [cards]})
        play_out(RULESET, st, 3 + cards, 20000, 25)
        assert st.is_terminal()


def test_beside_a_figure_or_the_agents_the_objective_is_revealed_and_they_keep_their_steps():
    # Episode 1's revealed objective is the base track's; Tesla's module (found after encounters,
    # moved as a mech; with `search` too), Mad Tesla's (his setup, his own turns) and Episode 4's
    # agents (tried as a unit enters their territory) add steps of their own: each plays in one
    # game with it.
    from firmware.rules.scythe import fenris_extraobj

    for i, opts in enumerate((("tesla",), ("tesla", "search"), ("madtesla",), ("agents",))):
        options = {"extraobj": [1], "cards": [1]}
        options.update((k, [1]) for k in opts)
        st = RULESET.new_game(board(), 3, options)
        plain = RULESET.new_game(board(), 3, {k: [1] for k in opts})
        for k in range(len(plain.LEGAL)):   # the figure's steps, and the objective's
            if k != L.K_OBJECTIVE and k != L.K_EXTRA_OBJ:
                assert st.LEGAL[k] is plain.LEGAL[k] and st.DO[k] is plain.DO[k], (opts, k)
        for k in range(len(plain.PENDING)):
            if k != L.ST_EXTRA:
                assert st.PENDING[k] is plain.PENDING[k], (opts, k)
        assert st.LEGAL[L.K_EXTRA_OBJ] is fenris_extraobj.legal_extra
        rng = Rng(5 + i)
        while st.decision() != L.K_EXTRA_OBJ:
            assert st.current_player() < 0 or opts == ("madtesla",), st.decision()
            st.apply(rng.weighted(st.chance_outcomes()) if st.current_player() < 0 else st.legal_actions()[0])
        st.apply(st.legal_actions()[0])
        assert _X().card(st) >= 0
        play_out(RULESET, st, 7 + i, 20000, 25)
        assert st.is_terminal()
