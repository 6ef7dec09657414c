# pyright: reportAttributeAccessIssue=false
# Episode 3 of The Rise of Fenris campaign, "A Plea from Vesna" (the `plea` module; docs/campaign.md
# section 3; Episode 3's Setup and Special Rules of ../shared/rules/scythe-rise-of-fenris.txt, quoted
# at each test): a character's search of the Factory for the Vesna card. CPython and the MicroPython
# unix port.
from firmware.rules.errors import SetupError
from firmware.rules.scythe import common
from firmware.rules.scythe.board import T_LAKE
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from firmware.rules.scythe.ruleset import RULESET
from tests.rules.support import raises
from tests.rules.test_fenris_faction import _clear   # each character and a worker at home
from tests.rules.scythe_support import (ENGINEERING, INDUSTRIAL, NORDIC, RUSVIET, begin_turn, board,
                                        put, started, take_top)

MODS = C.MOD_PLEA


def _P():
    from firmware.rules.scythe import fenris  # noqa: F401  (the module games' hooks first, as a game loads them:
    from firmware.rules.scythe import fenris_plea   # its own hooks go over them)

    return fenris_plea


def _game(mods=MODS):
    st = started((NORDIC, RUSVIET), (INDUSTRIAL, ENGINEERING), mods=mods)
    _clear(st)
    return st


def _next_to_factory():
    b = board()
    return [z for z, e in b.neighbours(b.factory) if e == 0 and b.terrain[z] != T_LAKE][0]


def _onto_factory(st, p=0, u=L.U_CHARACTER, frm=None):
    """p's Move: unit u from next to the Factory onto it."""
    put(st, p, u, _next_to_factory() if frm is None else frm)
    st.s[po(p) + L.P_LAST] = 255
    begin_turn(st, p)
    take_top(st, p, C.TA_MOVE)
    st.apply_checked(u, p)
    st.apply_checked(st.board.factory, p)
    while st.decision() == L.K_CARRY:
        st.apply_checked(0, p)


def test_the_factory_deck_holds_n_plus_5_cards_and_vesna():
    # "Shuffle the Vesna card, plus 4 ADDITIONAL Factory cards into the Factory deck (so, if you have
    # 5 players, you'll have 6 Factory cards + 1 Vesna + 4 more random cards, for a total of 11
    # Factory cards)."
    P = _P()
    st = _game()
    assert P.deck(st) == 2 + 1 + 4 + 1 and P.finder(st) == -1
    assert [P.tokens(st, p) for p in range(2)] == [0, 0] and st.check() is None
    st5 = RULESET.new_game(board(), 5, {"plea": [1]})
    assert P.deck(st5) == 6 + 4 + 1


def test_a_character_onto_the_factory_stops_gains_a_token_and_draws_as_many_cards():
    # "When your character moves onto the Factory, your character's movement ends. ... a. Gain 1
    # Influence token and shuffle the Factory deck. b. Draw X random Factory cards, where X is the
    # number of your Influence tokens." Nordic's fourth mech ability is Speed.
    P = _P()
    st = _game()
    for i in range(4):
        put(st, 0, L.U_MECH + i, st.board.home[common.faction(st, 0)])
    assert common.abilities(st, 0) & C.M_SPEED
    _onto_factory(st)
    assert P.tokens(st, 0) == 1 and st.decision() == L.K_PLEA_DRAW and st.current_player() < 0
    assert st.chance_outcomes() == [(0, 7), (1, 1)]   # 1 card of the 8: Vesna or not
    st.apply_checked(0, -1)
    assert not st.s[L.TURN_FLAGS] & L.TF_SPEED_STEP   # its movement ended there
    x = len(st.s) - L.TAIL - L.F_SIZE + L.F_PLEA_INFL
    st.s[x] = 3   # seat 0 holds 3 tokens: the next search draws 4
    st.changed()
    st2 = _game()
    st2.s[x] = 3
    st2.changed()
    _onto_factory(st2)
    assert P.tokens(st2, 0) == 4 and st2.chance_outcomes() == [(0, 4), (1, 4)]


def test_the_vesna_card_drawn_is_gained_and_is_no_factory_card():
    # "If the Vesna card is among the revealed cards, gain that card. Vesna herself is not considered
    # a Factory card." "d. Complete your Move action".
    P = _P()
    st = _game()
    _onto_factory(st)
    st.apply_checked(1, -1)
    assert P.finder(st) == 0 and st.s[po(0) + L.P_FACTORY] == L.NOWHERE
    assert st.decision() == L.K_MOVE_UNIT and st.s[L.MOVES_LEFT] == 1 and P.deck(st) == 7
    assert st.check() is None


def test_not_drawn_a_player_without_a_factory_card_may_take_one_revealed():
    # "If Vesna is not among the revealed cards and if you don't already have a Factory card, you may
    # select 1 of the revealed Factory cards to gain."
    P = _P()
    st = _game()
    _onto_factory(st)
    st.apply_checked(0, -1)
    assert st.decision() == L.K_PLEA_CARD and L.SPACE_DONE in st.legal_actions()
    st.apply_checked(4, 0)
    assert st.s[po(0) + L.P_FACTORY] == 4 and P.deck(st) == 7 and st.decision() == L.K_MOVE_UNIT
    st = _game()
    st.s[po(0) + L.P_FACTORY] = 2   # already holds one: nothing offered
    st.s[L.FACTORY_OUT] |= 1 << 2
    st.changed()
    _onto_factory(st)
    st.apply_checked(0, -1)
    assert st.decision() == L.K_MOVE_UNIT and st.s[po(0) + L.P_FACTORY] == 2 and st.check() is None


def test_no_look_at_the_whole_factory_deck_at_the_end_of_the_move():
    # "In this episode, you never look at the entire deck of Factory cards (unlike regular games)."
    st = _game()
    _onto_factory(st)
    st.apply_checked(0, -1)
    st.apply_checked(L.SPACE_DONE, 0)   # none taken
    st.apply_checked(L.MOVE_DONE, 0)
    assert st.s[L.STAGE] != L.ST_FACTORY and st.decision() != L.K_FACTORY_CARD
    assert st.s[po(0) + L.P_FACTORY] == L.NOWHERE and st.check() is None


def test_a_worker_onto_the_factory_searches_nothing():
    # "When your character moves onto the Factory": the character only.
    st = _game()
    _onto_factory(st, 0, L.U_WORKER + 1)
    assert _P().tokens(st, 0) == 0 and st.decision() == L.K_MOVE_UNIT


def test_once_found_players_still_gain_influence_and_search():
    # "Once Vesna is 'found,' players may continue gaining Influence and searching the Factory in the
    # same way."
    P = _P()
    st = _game()
    st.s[len(st.s) - L.TAIL - L.F_SIZE + L.F_PLEA_VESNA] = 1   # seat 0 found her
    st.changed()
    _onto_factory(st, 1)
    assert P.tokens(st, 1) == 1 and st.decision() == L.K_PLEA_CARD   # no draw for her: a card offered
    st.apply_checked(0, 1)
    assert st.s[po(1) + L.P_FACTORY] == 0 and st.check() is None


def test_plea_is_refused_with_vesna_fenris_the_figures_and_episodes_1_4_5():
    for other in ("vesna", "fenris", "tesla", "madtesla", "desolation", "agents", "fortress", "extraobj"):
        e = raises(SetupError, RULESET.new_game, board(), 2, {"plea": [1], other: [1]})
        assert "plea" in str(e) and "Episode 3" in str(e), other
    st = RULESET.new_game(board(), 2, {"plea": [1], "mechmods": [1], "war": [1], "rivals": [1]})
    assert st.PLEA and st.check() is None


def test_the_episode_reads_each_seats_tokens_and_who_found_vesna():
    # Episode 3 Rewards: "For every 2 Influence tokens you have (rounded up), increase a Setup Bonus";
    # "a. If a player found the Vesna card, they gain control of the Vesna faction."
    from firmware.rules.scythe import campaign as CA
    from firmware.rules.scythe import campaign_data as D
    from firmware.rules.scythe import campaign_episode as E
    from firmware.rules.scythe import campaign_log as G
    from firmware.rules.scythe import campaign_results as R

    c = CA.new_campaign(board(), [NORDIC, RUSVIET])
    while not c.is_terminal():
        c.apply_checked(0)
    c.s[4] = D.E3
    assert G.modules(c) == ("plea",) and E.options(c)["plea"] == [1]
    st = started(mods=MODS)
    x = len(st.s) - L.TAIL - L.F_SIZE
    st.s[x + L.F_PLEA_INFL] = 2 | (5 << 4)
    st.s[x + L.F_PLEA_VESNA] = 2
    st.changed()
    assert st.check() is None
    results = R.of_game(c, st)[1]
    assert [r[3] for r in results] == [2, 5] and [r[5] for r in results] == [0, G.EV_VESNA]


def test_the_log_says_the_draw_and_the_card_taken():
    from firmware.rules.scythe.narrate import narrate
    from firmware.text import set_language

    st = _game()
    _onto_factory(st)
    before = st.clone()
    st.apply_checked(0, -1)
    assert narrate(before, 0, st) == "The Vesna card is not among the 1 Factory cards drawn."
    before = st.clone()
    st.apply_checked(3, 0)
    assert "Factory card 3 taken" in narrate(before, 3, st)
    set_language("es")
    try:
        assert "toma la carta de Fábrica 3" in narrate(before, 3, st)
    finally:
        set_language("en")
