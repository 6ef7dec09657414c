# pyright: reportAttributeAccessIssue=false
# Episode 7 of The Rise of Fenris campaign, "The Search for Tesla" (the `search` module, with
# `tesla`; docs/campaign.md section 3; Episode 7's Setup, Special Rules and End-Game Scoring of
# ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test). CPython and the MicroPython unix
# port.
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe import tables as TB
from firmware.rules.scythe.common import po
from firmware.rules.scythe.ruleset import RULESET
from tests.rules.test_fenris_alliances import _end_bare
from tests.rules.test_fenris_faction import _clear
from tests.rules.test_fenris_tesla import BESIDE, ENC, _encounters, _move, _set_encounters, _tesla_at
from tests.rules.scythe_support import (ENGINEERING, INDUSTRIAL, NORDIC, RUSVIET, board, play_out, put,
                                        started)

SEARCH = C.MOD_TESLA | C.MOD_SEARCH


def _T():
    from firmware.rules.scythe import fenris_tesla

    return fenris_tesla


def _game(mods=SEARCH):
    st = started((NORDIC, RUSVIET), (INDUSTRIAL, ENGINEERING), mods=mods)
    _clear(st)
    return st


def _near_factory():
    b = board()
    return [y for y, e in b.neighbours(b.factory) if e == 0 and not b.is_home(y)][0]


def _holds_card(st, p, c=3):
    st.s[po(p) + L.P_FACTORY] = c
    st.s[L.FACTORY_OUT + c // 8] |= 1 << (c % 8)


def _factory_token(st):
    i = len(st.board.encounters)
    return (st.s[L.ENC + i // 8] >> (i % 8)) & 1


def test_the_12th_encounter_token_starts_on_the_factory():
    # "Place the 12th encounter token (or a substitute, if necessary) on the Factory."
    st = _game()
    assert _factory_token(st) == 1 and st.check() is None
    assert _factory_token(_game(C.MOD_TESLA)) == 0


def test_a_character_with_a_factory_card_has_the_factorys_encounter():
    # The Factory's token is an encounter token: the character entering it stops, takes it ("gain
    # the token and place it on your faction mat") and has the encounter.
    st = _game()
    _holds_card(st, 0)   # a Factory card held: no second one
    put(st, 0, L.U_CHARACTER, _near_factory())
    _move(st, 0, [L.U_CHARACTER], [st.board.factory])
    assert st.decision() == L.K_TERM
    assert _factory_token(st) == 0 and _encounters(st, 0) == 1 and st.check() is None
    plain = _game(C.MOD_TESLA)   # without Episode 7: no token there, no encounter
    _holds_card(plain, 0)
    put(plain, 0, L.U_CHARACTER, _near_factory())
    _move(plain, 0, [L.U_CHARACTER], [plain.board.factory])
    assert plain.decision() != L.K_TERM and _encounters(plain, 0) == 0


def test_a_first_visit_takes_the_factory_card_then_the_encounter():
    # Guess (docs/campaign.md): the Factory card of a first visit first, then the token's encounter.
    st = _game()
    put(st, 0, L.U_CHARACTER, _near_factory())
    _move(st, 0, [L.U_CHARACTER], [st.board.factory])
    assert st.decision() == L.K_FACTORY_CARD and _factory_token(st) == 1
    st.apply_checked(st.legal_actions()[0], 0)
    assert st.decision() == L.K_TERM and _factory_token(st) == 0 and _encounters(st, 0) == 1
    assert st.check() is None


def test_the_game_ends_when_tesla_is_found():
    # "The first player to gain the number of Encounter tokens listed above takes the following
    # steps: a. Discard all Encounter tokens you have acquired. b. Open Box E. c. The game ends
    # immediately."
    T = _T()
    st = _game()
    _set_encounters(st, 0, T.needed(st) - 1)
    _set_encounters(st, 1, 2)
    put(st, 0, L.U_CHARACTER, BESIDE)
    _move(st, 0, [L.U_CHARACTER], [ENC])
    assert st.is_terminal() and (T.finder(st), T.at(st)) == (0, ENC)
    assert _encounters(st, 0) == 0 and _encounters(st, 1) == 2   # the finder's discarded
    assert st.check() is None


def test_the_game_ends_when_the_factorys_token_finds_him():
    T = _T()
    st = _game()
    _holds_card(st, 1)
    _set_encounters(st, 1, T.needed(st) - 1)
    put(st, 1, L.U_CHARACTER, _near_factory())
    _move(st, 1, [L.U_CHARACTER], [st.board.factory])
    assert st.is_terminal() and T.finder(st) == 1 and _encounters(st, 1) == 0


def _end(st, x):
    """Player 0: one worker on x and nothing else, $10, popularity 5; player 1 bare, $10; the end."""
    _end_bare(st, 10, 10, worker_at=x)
    return st.fortune(0)


def test_encounter_territories_are_worth_one_more_territory_at_the_end():
    # "Encounter territories (territories that started the game with Encounter tokens on them,
    # including the Factory this game) are worth +1 territory for end-game scoring."
    a = TB.COINS_TERRITORY[0]   # popularity 5: the first tier's coins a territory
    b = board()
    assert _end(_game(C.MOD_TESLA), ENC) == 10 + a
    assert _end(_game(), ENC) == 10 + 2 * a
    assert _end(_game(), BESIDE) == 10 + a   # not an encounter territory
    assert _end(_game(C.MOD_TESLA), b.factory) == 10 + 3 * a
    assert _end(_game(), b.factory) == 10 + 4 * a
    st = _game()
    _end(st, ENC)
    assert st.winners() == (0,)


def test_random_games_of_episode_7_play_to_the_end():
    # The invariants hold through whole games (2 to 5 players, model and printed cards); in some
    # Tesla is found and the game ends there.
    from firmware.rules.scythe.fenris import new_game

    T = _T()
    found = 0
    for seed in range(4):
        st = new_game(board(), 2 + seed, seed % 2 == 0, SEARCH | C.MOD_WAR | C.MOD_RIVALS)
        while st.s[L.STAGE] < L.ST_SECTION:
            st.apply(st.legal_actions()[0] if st.current_player() >= 0 else st.chance_outcomes()[0][0])
        for p in range(st.n_players()):
            _set_encounters(st, p, T.needed(st) - 1)
        play_out(RULESET, st, seed, 40000, 5)
        if T.finder(st) >= 0:
            found += 1
            assert _encounters(st, T.finder(st)) == 0
    assert found >= 2


def test_the_log_says_who_found_tesla_and_that_the_game_ends():
    from firmware.rules.scythe.narrate import narrate
    from firmware.text import set_language
    from tests.rules.scythe_support import begin_turn, take_top

    T = _T()
    st = _game()
    _set_encounters(st, 0, T.needed(st) - 1)
    put(st, 0, L.U_CHARACTER, BESIDE)
    st.s[po(0) + L.P_LAST] = 255
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(ENC, 0)
    assert st.decision() == L.K_MOVE_UNIT
    before = st.clone()
    st.apply_checked(L.MOVE_DONE, 0)
    assert st.is_terminal()
    said = narrate(before, L.MOVE_DONE, st)
    assert "finds Tesla" in said and "the game ends" in said, said
    set_language("es")
    try:
        assert "encuentra a Tesla" in narrate(before, L.MOVE_DONE, st)
    finally:
        set_language("en")


def test_the_rule_bot_hunts_encounter_tokens_harder_and_from_farther_in_episode_7():
    # Guess (docs/campaign.md, Episode 7): finding Tesla ends Episode 7 and opens 8a, so the rule
    # bot's pull toward the encounter tokens reaches 8 steps (3 with the plain module), and
    # finding him never lowers its value (the tokens it took are discarded).
    from firmware.rules.scythe import fenris_tesla_bot as B

    for mods, far in ((SEARCH, True), (C.MOD_TESLA, False)):
        st = _game(mods)
        st.s[L.ENC], st.s[L.ENC + 1] = 1, 0   # one token left on the map: the others far away
        d = B._steps_to_encounters(st, 8)
        assert d is not None
        b = st.board
        x, y = next((x, y) for x in range(b.n_spaces) if d[x] == 5
                    for y, e in b.neighbours(x) if e == 0 and d[y] == 4)
        put(st, 0, L.U_CHARACTER, x)
        at5 = B.value(st, 0)
        put(st, 0, L.U_CHARACTER, y)
        assert (B.value(st, 0) > at5) == far, mods
        _set_encounters(st, 0, _T().needed(st) - 1)
        put(st, 0, L.U_CHARACTER, ENC)
        before = B.value(st, 0)
        _set_encounters(st, 0, 0)
        _tesla_at(st, 0, ENC)
        assert B.value(st, 0) > before, mods
