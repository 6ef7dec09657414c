# pyright: reportAttributeAccessIssue=false
# Episode 4 of The Rise of Fenris campaign, "Fenris" (the `agents` module; docs/campaign.md section
# 3; Episode 4's Setup and Special Rules of ../shared/rules/scythe-rise-of-fenris.txt, quoted at each
# test): the 8 Fenris agents, subdued by combat cards' worth of power, coins and popularity.
# CPython and the MicroPython unix port.
from firmware.rng import Rng
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

MODS = C.MOD_AGENTS


def _A():
    from firmware.rules.scythe import fenris  # noqa: F401  (the module games' hooks first, as a game loads them:
    from firmware.rules.scythe import fenris_agents   # its own hooks go over them)

    return fenris_agents


def _game(mods=MODS):
    st = started((NORDIC, RUSVIET), (INDUSTRIAL, ENGINEERING), mods=mods)
    _clear(st)
    return st


def _beside(y, avoid=()):
    """A land territory next to y across no river nor lake, not a home base, the Factory, a tunnel."""
    b = board()
    for x, e in b.neighbours(y):
        if (e == 0 and not b.is_home(x) and x != b.factory and x not in b.tunnels and x not in avoid
                and b.terrain[x] != T_LAKE):
            return x
    raise AssertionError("no land next to %d" % y)


def _plain(b, x):
    """Land that is no home base, lake, tunnel nor the Factory."""
    return not b.is_home(x) and x != b.factory and x not in b.tunnels and b.terrain[x] != T_LAKE


def _tunnel():
    """A tunnel with a plain land territory next to it (its agent the first on it)."""
    b = board()
    for y in b.tunnels:
        try:
            return y, _beside(y)
        except AssertionError:
            continue
    raise AssertionError("no tunnel")


def _wealth(st, p, power, coins, pop):
    o = po(p)
    st.s[o + L.P_POWER] = power
    st.s[o + L.P_POP] = pop
    st.s[o + L.P_COINS] = coins & 0xFF
    st.s[o + L.P_COINS + 1] = coins >> 8
    st.changed()


def _worth(st, p):
    o = po(p)
    return st.s[o + L.P_POWER], common.coins(st, p), st.s[o + L.P_POP]


def _enter(st, p, u, x, y):
    """p's Move: unit u from x onto y (the agents' step next, or the carry)."""
    put(st, p, u, x)
    st.s[po(p) + L.P_LAST] = 255
    begin_turn(st, p)
    take_top(st, p, C.TA_MOVE)
    st.apply_checked(u, p)
    st.apply_checked(y, p)


def _subdue_one(st, x, y):
    """Seat 0's character, with 5 of each to pay with, from x onto y's one agent: a 2 drawn, paid in
    power, nothing carried."""
    _wealth(st, 0, 5, 5, 5)
    _enter(st, 0, L.U_CHARACTER, x, y)
    _draw(st, 2)
    st.apply_checked(2, 0)
    while st.decision() == L.K_CARRY:
        st.apply_checked(0, 0)


def _draw(st, *values):
    for v in values:
        assert st.decision() == L.K_SEEN_CARD and st.current_player() < 0
        st.apply_checked(v - 2, -1)


def test_one_agent_on_each_tunnel_and_two_on_the_factory():
    # "Open Box B and place 1 Fenris agent (wooden worker meeples, 8 total) on each tunnel and 2 on
    # the Factory."
    A = _A()
    st = _game()
    b = st.board
    assert len(b.tunnels) == 6 and A.left(st) == 8
    assert [A.on_map(st, y) for y in b.tunnels] == [1] * 6 and A.on_map(st, b.factory) == 2
    assert st.check() is None
    plain = _game(C.MOD_MECHMODS)
    assert not getattr(plain, "AGENTS", 0)


def test_a_character_entering_draws_a_card_per_agent_and_its_movement_ends():
    # "When one of your combat units (character or mechs) moves into a territory containing Fenris
    # agents, their movement ends. Before continuing ..., you must attempt to subdue the agent(s):
    # Draw and reveal 1 combat card per Fenris unit on the territory (this is not combat)."
    st = _game()
    y, x = _tunnel()
    _enter(st, 0, L.U_CHARACTER, x, y)
    assert st.s[L.STAGE] == L.ST_AGENTS and st.decision() == L.K_SEEN_CARD
    _draw(st, 3)
    assert st.decision() == L.K_AGENT_PAY   # one card: one agent on a tunnel
    f = _game()
    fx = _beside(f.board.factory)
    _enter(f, 0, L.U_CHARACTER, fx, f.board.factory)
    _draw(f, 2, 5)   # two agents on the Factory: two cards
    assert f.decision() == L.K_AGENT_PAY and _A().drawn(f) == [2, 5]


def test_the_cost_in_any_mix_of_power_coins_and_popularity():
    # "Lose your choice of any combination of power, coins, and/or popularity equal to the sum of
    # the numbers on the combat cards drawn."
    st = _game()
    f = st.board.factory
    _wealth(st, 0, 3, 2, 4)
    _enter(st, 0, L.U_CHARACTER, _beside(f), f)
    _draw(st, 4, 3)   # 7 owed of 9
    assert st.legal_actions() == [1, 2, 3]   # power: at least 7 - 2 - 4
    st.apply_checked(2, 0)
    assert st.legal_actions() == [3, 4]      # popularity: 5 owed, at most 2 coins
    st.apply_checked(3, 0)
    assert _worth(st, 0) == (1, 0, 1)


def test_subdued_agents_and_their_cards_go_to_the_player_and_no_combat_star():
    # "a. If you can afford this cost (you must pay if you can), you successfully subdued the Fenris
    # agent(s)! Gain the Fenris combat card(s) and place the Fenris agent(s) on your faction mat ...
    # This is not combat and does not earn you a combat star."
    A = _A()
    st = _game()
    y, x = _tunnel()
    _wealth(st, 0, 5, 10, 6)
    hand = common.hand_size(st, 0)
    stars = common.stars(st, 0)
    _enter(st, 0, L.U_CHARACTER, x, y)
    _draw(st, 5)
    st.apply_checked(5, 0)   # all in power: no popularity left to ask (a forced 0)
    assert A.held(st, 0) == 1 and A.on_map(st, y) == 0 and A.left(st) == 7
    assert common.hand_size(st, 0) == hand + 1 and _worth(st, 0) == (0, 10, 6)
    assert common.stars(st, 0) == stars and sum(st.s[L.DISCARD:L.DISCARD + 4]) == 0
    while st.decision() == L.K_CARRY:
        st.apply_checked(0, 0)
    assert st.s[po(0) + L.P_UNITS + L.U_CHARACTER] == y and st.check() is None


def test_a_player_who_cannot_pay_pays_nothing_and_the_unit_goes_back():
    # "b. If you cannot afford the cost, pay nothing, discard the Fenris combat card(s), and return
    # your unit to the territory from which it entered."
    A = _A()
    st = _game()
    f = st.board.factory
    fx = _beside(f)
    _wealth(st, 0, 2, 1, 1)
    _enter(st, 0, L.U_CHARACTER, fx, f)
    _draw(st, 3, 2)   # 5 owed, 4 held
    assert _worth(st, 0) == (2, 1, 1) and A.left(st) == 8 and A.held(st, 0) == 0
    assert st.s[po(0) + L.P_UNITS + L.U_CHARACTER] == fx
    assert st.s[L.DISCARD + 1] == 1 and st.s[L.DISCARD] == 1   # a 3 and a 2 face up
    assert st.decision() == L.K_MOVE_UNIT and L.U_CHARACTER not in st.legal_actions()   # its move spent
    assert st.check() is None


def test_you_must_pay_if_you_can():
    # "(you must pay if you can)": exactly enough leaves one way, all of it (nothing asked).
    st = _game()
    y, x = _tunnel()
    _wealth(st, 0, 1, 1, 2)
    _enter(st, 0, L.U_CHARACTER, x, y)
    _draw(st, 4)
    assert st.decision() != L.K_AGENT_PAY
    assert _worth(st, 0) == (0, 0, 0) and _A().held(st, 0) == 1


def test_a_worker_may_not_move_by_itself_onto_agents_but_a_mech_carries_workers():
    # "You may not move a worker by itself into a territory containing Fenris agents (though your
    # mech may transport workers as normal)."
    from firmware.rules.scythe.move import destinations

    A = _A()
    st = _game()
    y, x = _tunnel()
    put(st, 0, L.U_WORKER + 1, x)
    assert y not in destinations(st, 0, L.U_WORKER + 1)
    put(st, 0, L.U_MECH, x)
    assert y in destinations(st, 0, L.U_MECH)
    _wealth(st, 0, 5, 5, 5)
    _enter(st, 0, L.U_MECH, x, y)
    _draw(st, 2)
    st.apply_checked(2, 0)
    assert st.decision() == L.K_CARRY and st.legal_actions()[-1] >= 1
    st.apply_checked(1, 0)   # the worker on x goes along
    while st.decision() == L.K_CARRY:
        st.apply_checked(0, 0)
    assert A.held(st, 0) == 1 and st.s[po(0) + L.P_UNITS + L.U_WORKER + 1] == y


def test_movement_ends_after_subduing_speed_goes_no_further():
    # "their movement ends": a unit with Speed that subdued the agents does not take its second step.
    st = _game()
    y, x = _tunnel()
    for i in range(4):   # every mech on the map: Speed is Nordic's fourth mech ability
        put(st, 0, L.U_MECH + i, x)
    assert common.abilities(st, 0) & C.M_SPEED
    _subdue_one(st, x, y)
    assert st.decision() == L.K_MOVE_UNIT and st.s[po(0) + L.P_UNITS + L.U_CHARACTER] == y
    assert not st.s[L.TURN_FLAGS] & L.TF_SPEED_STEP


def test_a_unit_that_fails_on_speeds_second_step_stays_on_its_first():
    # "return your unit to the territory from which it entered": Speed's second territory entered
    # from the first, so there it stays; its move was spent at the first step.
    st = _game()
    b = st.board
    y, x, w = [(y, x, w) for y in b.tunnels for x, e in b.neighbours(y) for w, f in b.neighbours(x)
               if e == 0 == f and w != y and _plain(b, x) and _plain(b, w) and x not in b.encounters
               and y not in [z for z, _e in b.neighbours(w)]][0]
    for i in range(4):   # every mech on the map: Speed (Nordic's fourth mech ability)
        put(st, 0, L.U_MECH + i, w)
    _wealth(st, 0, 0, 0, 0)
    _enter(st, 0, L.U_CHARACTER, w, x)   # the first step, onto plain land
    assert st.decision() == L.K_MOVE_TO and st.s[L.TURN_FLAGS] & L.TF_SPEED_STEP
    left = st.s[L.MOVES_LEFT]
    st.apply_checked(y, 0)   # the second, onto the agent
    st.apply_checked(0, -1)   # a 2: nothing to pay with
    assert st.s[po(0) + L.P_UNITS + L.U_CHARACTER] == x and st.decision() == L.K_MOVE_UNIT
    assert st.s[L.MOVES_LEFT] == left and not st.s[L.TURN_FLAGS] & L.TF_SPEED_STEP
    assert L.U_CHARACTER not in st.legal_actions() and st.check() is None


def test_the_game_ends_when_all_eight_agents_are_subdued():
    # "The game ends immediately when all 8 Fenris agents have been subdued or when a player places
    # their 6th star on the Triumph Track."
    A = _A()
    st = _game()
    y, x = _tunnel()
    for i in range(8):
        if A.space(st.board, i) != y:
            A._take(st, i, 1)
    st.changed()
    assert A.left(st) == 1
    _subdue_one(st, x, y)
    assert st.is_terminal() and A.left(st) == 0 and A.held(st, 1) == 7 and A.held(st, 0) == 1
    assert st.check() is None


def test_agents_with_a_tesla_miniature_are_refused():
    e = raises(SetupError, RULESET.new_game, board(), 2, {"agents": [1], "tesla": [1]})
    assert "agents" in str(e) and "Tesla" in str(e)
    assert getattr(RULESET.new_game(board(), 2, {"agents": [1]}), "AGENTS", 0)


def test_random_games_keep_the_agents_consistent():
    # Random and rule-bot play (the conformance suite runs every form too): the check after every
    # 25 decisions and at the end, and the bytes round trip.
    A = _A()
    tried = 0
    for seed in (1, 2, 3):
        st = RULESET.new_game(board(), 3, {"agents": [1]})
        rng = Rng(seed)
        n = 0
        while not st.is_terminal():   # play_out's loop (tests/rules/scythe_support.py), counting the attempts
            if st.current_player() < 0:
                st.apply(rng.weighted(st.chance_outcomes()))
            else:
                opts = st.legal_actions()
                st.apply(opts[rng.below(len(opts))])
            tried += st.s[L.STAGE] == L.ST_AGENTS and st.decision() == L.K_SEEN_CARD and not A.drawn(st)
            n += 1
            if n % 25 == 0:
                assert st.check() is None, st.check()
            assert n < 30000
        assert st.check() is None and A.left(st) + sum(A.held(st, p) for p in range(3)) == 8
    assert tried >= 1   # (a unit went onto agents at least once)


def test_the_log_says_the_cards_the_payment_and_who_subdued_or_failed():
    from firmware.rules.scythe.narrate import narrate
    from firmware.text import set_language

    st = _game()
    f = st.board.factory
    _wealth(st, 0, 3, 4, 4)
    _enter(st, 0, L.U_CHARACTER, _beside(f), f)
    before = st.clone()
    st.apply_checked(1, -1)
    assert narrate(before, 1, st) == "A 3 drawn for the Fenris agents."
    st.apply_checked(2, -1)   # a 4: 7 owed
    before = st.clone()
    st.apply_checked(2, 0)
    assert "2 power paid" in narrate(before, 2, st)
    before = st.clone()
    st.apply_checked(3, 0)
    said = narrate(before, 3, st)
    assert "3 popularity and $2 paid" in said and "subdues 2 Fenris agents on" in said, said
    set_language("es")
    try:
        assert "somete a 2 agentes de Fenris" in narrate(before, 3, st)
    finally:
        set_language("en")
    poor = _game()
    _wealth(poor, 0, 0, 1, 0)
    _enter(poor, 0, L.U_CHARACTER, _beside(f), f)
    poor.apply_checked(0, -1)
    before = poor.clone()
    poor.apply_checked(0, -1)   # 4 owed, 1 held
    said = narrate(before, 0, poor)
    assert said.startswith("A 2 drawn") and "cannot pay for the Fenris agents" in said, said
