# pyright: reportAttributeAccessIssue=false
# Tesla (docs/fenris.md 1.10; Episode 7's Special Rules and "Tesla (Box E)" of
# ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test): found by the first player to
# claim the player count's number of encounter tokens, then a unit of his finder, "both a character
# and a mech for all standard and special abilities". CPython and the MicroPython unix port.
from firmware.rules.scythe import common
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from firmware.rules.scythe.move import destinations
from firmware.rules.scythe.ruleset import RULESET
from tests.rules.test_fenris_faction import _clear   # each character and a worker at home
from tests.rules.scythe_support import (ENGINEERING, INDUSTRIAL, MECHANICAL, NORDIC, RUSVIET, begin_turn,
                                        board, play_out, put, set_player, started, take_top)

MODS = C.MOD_TESLA
ENC = 9        # an encounter territory of the map (board.encounters[0])
BESIDE = 8     # a farm next to it, no river between
FAR = 33       # another encounter territory, away from both


def _T():
    from firmware.rules.scythe import fenris_tesla

    return fenris_tesla


def _f(st):
    return len(st.s) - L.TAIL - L.F_SIZE


def _encounters(st, p):
    return (st.s[_f(st) + L.F_ENC + p // 2] >> (4 * (p & 1))) & 15


def _set_encounters(st, p, k):
    x = _f(st) + L.F_ENC + p // 2
    st.s[x] = (st.s[x] & (0x0F if p & 1 else 0xF0)) | (k << (4 * (p & 1)))


def _game(n=2):
    factions = (NORDIC, RUSVIET, 2, 3, 4)[:n]
    mats = (INDUSTRIAL, ENGINEERING, 2, 3, MECHANICAL)[:n]
    st = started(factions, mats, mods=MODS)
    _clear(st)
    return st


def _tesla_at(st, p, x):
    """Tesla found by p, standing on x."""
    t = _f(st) + L.F_TESLA
    st.s[t] = x
    st.s[t + 1] = p
    st.changed()


def _move(st, p, units, to):
    """p's Move: units[i] to to[i] (no carry), then done."""
    st.s[po(p) + L.P_LAST] = 255
    begin_turn(st, p)
    take_top(st, p, C.TA_MOVE)
    for u, y in zip(units, to):
        st.apply_checked(u, p)
        st.apply_checked(y, p)
        while st.decision() == L.K_CARRY:
            st.apply_checked(0, p)
        if st.decision() == L.K_MOVE_TO:   # Speed's second step: stop there
            st.apply_checked(L.SPACE_DONE, p)
    if st.decision() == L.K_MOVE_UNIT:
        st.apply_checked(L.MOVE_DONE, p)


def test_the_encounters_that_find_him_by_player_count():
    # "To find Tesla, a player must collect the following number of Encounter tokens, based on
    # player count: ... 2 players: 6 encounters, 3 players: 5 encounters, 4 players: 5 encounters,
    # 5 players: 4 encounters"
    T = _T()
    assert [T.needed(_game(n)) for n in (2, 3, 4, 5)] == [6, 5, 5, 4]


def test_found_by_the_player_who_reaches_the_number_where_the_character_stands():
    # "The first player to gain the number of Encounter tokens listed above ... a. Discard all
    # Encounter tokens you have acquired." "(For non-campaign games, the game does not end when
    # Tesla is found. He appears on the territory where he was found ...)"
    T = _T()
    st = _game()
    _set_encounters(st, 0, 5)
    _set_encounters(st, 1, 4)
    put(st, 0, L.U_CHARACTER, BESIDE)
    _move(st, 0, [L.U_CHARACTER], [ENC])
    assert st.decision() == L.K_TERM   # the encounter goes on: the game does not end
    assert (T.finder(st), T.at(st)) == (0, ENC)
    assert _encounters(st, 0) == 0 and _encounters(st, 1) == 4   # the finder's discarded, not others'
    assert not st.is_terminal() and st.check() is None


def test_not_found_one_encounter_short():
    T = _T()
    st = _game()
    _set_encounters(st, 0, 4)
    put(st, 0, L.U_CHARACTER, BESIDE)
    _move(st, 0, [L.U_CHARACTER], [ENC])
    assert T.finder(st) == -1 and T.at(st) == L.NOWHERE and _encounters(st, 0) == 5


def test_he_moves_as_his_finders_character_and_only_for_his_finder():
    # "Tesla is both a character and a mech for all standard and special abilities"; "use all of
    # your faction and mech abilities" (Nordic's Riverwalk to farms and mountains, Seaworthy)
    T = _T()
    st = _game()
    _tesla_at(st, 0, BESIDE)
    put(st, 0, L.U_CHARACTER, BESIDE)
    st.s[po(0) + L.P_LAST] = 255
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    assert L.U_TESLA in st.legal_actions()
    assert T.destinations(st, 0) == destinations(st, 0, L.U_CHARACTER)
    assert len(T.destinations(st, 0)) >= 3
    st2 = _game()
    _tesla_at(st2, 1, BESIDE)
    st2.s[po(0) + L.P_LAST] = 255
    begin_turn(st2, 0)
    take_top(st2, 0, C.TA_MOVE)
    assert L.U_TESLA not in st2.legal_actions()   # Rusviet's Tesla, Nordic's turn


def test_he_moves_once_a_move_and_stands_where_he_went():
    T = _T()
    st = _game()
    _tesla_at(st, 0, BESIDE)
    st.s[po(0) + L.P_LAST] = 255
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_TESLA, 0)
    st.apply_checked(7, 0)
    assert T.at(st) == 7 and st.s[po(0) + L.P_UNITS + L.U_CHARACTER] == st.board.home[NORDIC]
    if st.decision() == L.K_MOVE_UNIT:
        assert L.U_TESLA not in st.legal_actions()
    assert st.check() is None


def test_he_transports_workers_as_a_mech():
    # "Tesla can ... transport workers"
    T = _T()
    st = _game()
    _tesla_at(st, 0, BESIDE)
    put(st, 0, L.U_WORKER + 1, BESIDE)
    put(st, 0, L.U_WORKER + 2, BESIDE)
    st.s[po(0) + L.P_LAST] = 255
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_TESLA, 0)
    st.apply_checked(7, 0)
    assert st.decision() == L.K_CARRY and st.legal_actions() == [0, 1, 2]
    st.apply_checked(2, 0)
    assert T.at(st) == 7
    assert st.s[po(0) + L.P_UNITS + L.U_WORKER + 1] == 7 and st.s[po(0) + L.P_UNITS + L.U_WORKER + 2] == 7


def test_he_has_an_encounter_after_the_characters_on_his_own_territory():
    # "Tesla can have encounters": his encounter is p's (its token counts), its gains go on his
    # territory; after it he and the character stand where they went.
    T = _T()
    st = _game()
    _tesla_at(st, 0, BESIDE)
    st.s[po(0) + L.P_COINS] = 10
    _move(st, 0, [L.U_TESLA], [ENC])
    assert st.decision() == L.K_TERM and _encounters(st, 0) == 1
    st.apply_checked(L.TERM_GAIN_WORKERS, 0)
    st.apply_checked(1, 0)
    st.apply_checked(L.TERM_DONE, 0)
    o = po(0) + L.P_UNITS
    assert st.s[o + L.U_WORKER + 1] == ENC   # "the character's territory" was his
    assert T.at(st) == ENC and st.s[o + L.U_CHARACTER] == st.board.home[NORDIC]
    assert st.s[_f(st) + L.F_TESLA_STEP] == 0 and st.check() is None


def test_his_factory_card_unless_one_is_held():
    # "Tesla can ... claim Factory cards"; base: a player holds at most one Factory card.
    T = _T()
    b = board()
    near = [y for y, e in b.neighbours(b.factory) if e == 0][0]
    st = _game()
    _tesla_at(st, 0, near)
    _move(st, 0, [L.U_TESLA], [b.factory])
    assert st.decision() == L.K_FACTORY_CARD and T.at(st) == b.factory
    st = _game()
    _tesla_at(st, 0, near)
    st.s[po(0) + L.P_FACTORY] = 3
    _move(st, 0, [L.U_TESLA], [b.factory])
    assert st.decision() != L.K_FACTORY_CARD


def test_he_controls_his_territory():
    T = _T()
    st = _game()
    _tesla_at(st, 1, 7)
    assert common.control_map(st)[0][7] == 1 and T.finder(st) == 1


def test_he_is_not_a_mech_for_the_mech_star():
    # "(although he is not counted towards the Mech goal on the Triumph Track)": 3 mechs and
    # Tesla place no star; the 4th mech does.
    st = _game()
    _tesla_at(st, 0, 7)
    for i in range(3):
        put(st, 0, L.U_MECH + i, 7)
    st.s[L.STARS_DIRTY] = 1
    begin_turn(st, 0)
    assert not st.s[po(0) + L.P_STARS] & (1 << C.S_MECHS)
    put(st, 0, L.U_MECH + 3, 7)
    st.s[L.STARS_DIRTY] = 1
    begin_turn(st, 0)
    assert st.s[po(0) + L.P_STARS] & (1 << C.S_MECHS)


def test_he_counts_as_a_mech_in_the_first_tie_breaker():
    # Tie-breakers: "Number of workers, mechs, and structures"; Tesla "is both a character and a
    # mech" (docs/fenris.md S11: he counts as a mech). Two players alike in fortune, power and
    # popularity, Tesla on his finder's home base (no territory): his finder wins the tie.
    from firmware.rules.scythe import score

    for finder in (0, 1):
        st = _game()
        for p in (0, 1):
            set_player(st, p, power=5, pop=5, coins=20)
            for r in range(4):   # no resource anywhere
                for x in range(st.board.n_spaces):
                    st.s[L.RES0 + 4 * x + r] = 0
        _tesla_at(st, finder, st.board.home[(NORDIC, RUSVIET)[finder]])
        ctrl = common.control_map(st)[0]
        keys = [score.ranking_key(st, p, ctrl) for p in (0, 1)]
        assert keys[0][0] == keys[1][0] and keys[finder][1] == keys[1 - finder][1] + 1, keys
        score.score(st)
        assert st.s[L.WINNER_MASK] == 1 << finder


def test_his_finder_pays_with_the_resources_of_his_territory():
    # Resources are spent from "territories you control"; Tesla controls his territory for his
    # finder as a mech would: a bottom-row action whose resources lie only there is offered.
    from firmware.rules.scythe.bottom_row import bottom_cost
    from tests.rules.scythe_support import section_of

    st = _game()
    sec = section_of(st, 0, C.TA_BOLSTER)
    cost = bottom_cost(st, 0, sec)
    common.add_res(st, BESIDE, sec, cost)
    _tesla_at(st, 0, BESIDE)
    st.s[po(0) + L.P_LAST] = 255
    begin_turn(st, 0)
    st.apply_checked(sec, 0)
    st.apply_checked(L.O_SKIP, 0)
    assert st.decision() == L.K_BOTTOM and L.O_FIRST in st.legal_actions()
    st.apply_checked(L.O_FIRST, 0)
    while st.decision() == L.K_PAY_FROM:
        st.apply_checked(st.legal_actions()[0], 0)
    assert st.s[L.RES0 + 4 * BESIDE + sec] == 0 and st.check() is None


def test_staying_on_a_lake_he_keeps_the_workers_and_resources_there():
    # Seaworthy: "you may not leave those workers or resources on the lake after moving off of it,
    # nor may a worker move off of the lake without the assistance of the mech" (docs/scythe.md:
    # the last mech moving off takes every worker, the last character or mech every resource).
    # Tesla is "both a character and a mech": while he stays, a mech or the character moving off
    # may leave them with him.
    b = board()
    lake = next(x for x in range(b.n_spaces) if b.terrain[x] == 6
                and any(b.terrain[y] not in (0, 6) and e != 1 for y, e in b.neighbours(x)))
    land = next(y for y, e in b.neighbours(lake) if b.terrain[y] not in (0, 6) and e != 1)
    for tesla in (True, False):
        for unit in (L.U_MECH + 1, L.U_CHARACTER):   # (Nordic's mech 2: Seaworthy)
            st = _game()
            put(st, 0, L.U_MECH + 1, lake)
            if unit == L.U_MECH + 1:
                put(st, 0, L.U_WORKER + 1, lake)
            else:
                put(st, 0, L.U_CHARACTER, lake)
                common.add_res(st, lake, 0, 2)
                put(st, 0, L.U_MECH + 1, land)
            if tesla:
                _tesla_at(st, 0, lake)
            st.s[po(0) + L.P_LAST] = 255
            begin_turn(st, 0)
            take_top(st, 0, C.TA_MOVE)
            st.apply_checked(unit, 0)
            st.apply_checked(land, 0)
            while st.decision() == L.K_CARRY:   # leave all that may be left
                assert (0 in st.legal_actions()) == tesla, (tesla, unit, st.legal_actions())
                st.apply_checked(min(st.legal_actions()), 0)
            left = st.s[po(0) + L.P_UNITS + L.U_WORKER + 1] == lake or common.res(st, lake, 0) == 2
            assert left == tesla and st.check() is None, (tesla, unit)


def _onto_a_mech(worker):
    """Tesla, Nordic's (every Nordic mech ability deployed: Speed, Seaworthy), on BESIDE (with a
    worker of Nordic's too if `worker`); Nordic moves him onto Rusviet's mech on 7: his carry
    is next."""
    st = _game()
    _tesla_at(st, 0, BESIDE)
    for i in range(4):
        put(st, 0, L.U_MECH + i, FAR)
    if worker:
        put(st, 0, L.U_WORKER + 1, BESIDE)
    put(st, 1, L.U_MECH, 7)
    st.s[po(0) + L.P_LAST] = 255
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_TESLA, 0)
    st.apply_checked(7, 0)
    return st


def _to_the_dial(st):
    """The combat's first decisions taken (the first option each) up to its first dial."""
    for _ in range(10):
        if st.decision() == L.K_DIAL:
            break
        st.apply_checked(st.legal_actions()[0])


def _lose_at_the_dial(st):
    """Seat 0 (with Tesla) dials 0 with no power and adds no card; seat 1 the most: seat 0 loses."""
    st.s[po(0) + L.P_POWER] = 0
    st.apply_checked(0, 0)
    while st.decision() == L.K_CARD:
        st.apply_checked(0)
    while st.current_player() == 1 and st.decision() in (L.K_DIAL, L.K_CARD):
        st.apply_checked(max(st.legal_actions()))


def test_he_stops_on_an_opponent_and_fights_with_a_card_of_his_own_and_retreats_home():
    # a mech and a character "for all standard ... abilities": he ends his move on an opponent's
    # unit (with Speed: no second step past it), a combat follows, he adds a combat card ("one per
    # character and mech in the combat"), and when he loses he retreats to his finder's home base.
    T = _T()
    st = _onto_a_mech(worker=False)
    assert common.abilities(st, 0) & C.M_SPEED
    while st.decision() == L.K_CARRY:
        st.apply_checked(0, 0)
    assert st.decision() == L.K_MOVE_UNIT and T.at(st) == 7   # stopped: no Speed step past him
    st.apply_checked(L.MOVE_DONE, 0)
    _to_the_dial(st)
    assert st.decision() == L.K_DIAL and st.s[L.C_SPACE] == 7 and st.s[L.C_DEF] == 1
    from firmware.rules.scythe.combat import _slots

    assert _slots(st, 0) == 1 and _slots(st, 1) == 1
    _lose_at_the_dial(st)
    assert st.decision() == L.K_RETREAT   # Seaworthy: home or the lake beside
    st.apply_checked(st.board.home[NORDIC], 0)
    assert T.at(st) == st.board.home[NORDIC] and st.s[po(1) + L.P_UNITS + L.U_MECH] == 7


def test_beaten_he_takes_the_workers_he_fights_beside_onto_a_lake_as_a_mech_would():
    # "both a character and a mech for all standard and special abilities": Seaworthy's retreat
    # onto an adjacent lake takes the loser's workers there along with a mech (else they go home);
    # Tesla is such a mech, so a worker he carried into the combat retreats with him onto the lake.
    T = _T()
    st = _onto_a_mech(worker=True)
    assert st.decision() == L.K_CARRY and 1 in st.legal_actions()
    st.apply_checked(1, 0)   # the worker with him
    while st.decision() == L.K_CARRY:
        st.apply_checked(0, 0)
    assert st.s[po(0) + L.P_UNITS + L.U_WORKER + 1] == 7
    st.apply_checked(L.MOVE_DONE, 0)
    _to_the_dial(st)
    _lose_at_the_dial(st)
    assert st.decision() == L.K_RETREAT
    lake = [y for y in st.legal_actions() if st.board.terrain[y] == 6][0]
    st.apply_checked(lake, 0)
    assert T.at(st) == lake and st.s[po(0) + L.P_UNITS + L.U_WORKER + 1] == lake
    assert st.s[po(0) + L.P_UNITS + L.U_WORKER] == st.board.home[NORDIC] and st.check() is None


def test_an_opponents_tesla_keeps_workers_in_place_and_sends_lone_workers_home():
    # a mech: "workers cannot leave a territory with an opponent's character or mech"; he
    # "forces workers to retreat" when he moves onto them alone (1 popularity each).
    T = _T()
    st = _game()
    _tesla_at(st, 1, 7)
    put(st, 0, L.U_WORKER, 7)
    assert destinations(st, 0, L.U_WORKER) == []
    st = _game()
    _tesla_at(st, 0, BESIDE)
    put(st, 1, L.U_WORKER, 7)
    st.s[po(0) + L.P_POP] = 5
    _move(st, 0, [L.U_TESLA], [7])
    assert st.s[po(1) + L.P_UNITS + L.U_WORKER] == st.board.home[RUSVIET]
    assert st.s[po(0) + L.P_POP] == 4 and T.at(st) == 7


def test_random_games_with_tesla_found_early_play_to_the_end():
    # Every finder, thresholds one encounter away from the start: the invariants (check(), the
    # bytes round trip) hold through whole games in which he is found and moved.
    from firmware.rules.scythe.fenris import new_game

    T = _T()
    found = 0
    for seed in range(6):
        st = new_game(board(), 2 + seed % 4, True, MODS | (C.MOD_FENRIS if seed % 2 else 0))
        while st.s[L.STAGE] < L.ST_SECTION:
            st.apply(st.legal_actions()[0] if st.current_player() >= 0 else st.chance_outcomes()[0][0])
        for p in range(st.n_players()):
            _set_encounters(st, p, T.needed(st) - 1)
        play_out(RULESET, st, seed, 40000, 5)
        found += T.finder(st) >= 0
    assert found >= 3


def test_the_table_sees_him_and_the_character_where_they_stand_during_his_encounter():
    # The bytes trade places for his encounter (docs/fenris.md 1.10); the tags must not: the
    # table expects Tesla's miniature on the encounter and the character at home.
    st = _game()
    _tesla_at(st, 0, BESIDE)
    _move(st, 0, [L.U_TESLA], [ENC])
    assert st.decision() == L.K_TERM and st.s[_f(st) + L.F_TESLA_STEP] == L.TESLA_SWAP
    at = bytearray([L.NOWHERE] * (L.TESLA_TAG + 1))
    RULESET.expected(st, at)
    assert at[L.TESLA_TAG] == ENC and at[0] == st.board.home[NORDIC]
    assert RULESET.game_tags(st) == L.TESLA_TAG + 1


def test_the_rule_bot_heads_for_encounter_tokens_while_he_is_not_found():
    # fenris_tesla_bot.value (the rule bot's): nearer a token is worth more, a token claimed more
    # than the steps it puts to the next one, and his finder loses nothing by the discard.
    T = _T()
    from firmware.rules.scythe import fenris_tesla_bot as B
    st = _game()
    home = B.value(st, 0)
    put(st, 0, L.U_CHARACTER, BESIDE)
    beside = B.value(st, 0)
    put(st, 0, L.U_CHARACTER, ENC)
    on = B.value(st, 0)
    assert home < beside < on
    put(st, 0, L.U_CHARACTER, st.board.home[NORDIC])
    _set_encounters(st, 0, 1)
    assert B.value(st, 0) > on
    _set_encounters(st, 0, T.needed(st) - 1)
    before = B.value(st, 0)
    _set_encounters(st, 0, 0)
    _tesla_at(st, 0, BESIDE)
    assert B.value(st, 0) > before and B.value(st, 1) == 0
