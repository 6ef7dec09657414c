# pyright: reportAttributeAccessIssue=false
# Episode 5 of The Rise of Fenris campaign, "Factory Fortress" (the `fortress` module; docs/campaign.md
# section 3; Episode 5's Setup and Special Rules and Box C of ../shared/rules/scythe-rise-of-fenris.txt,
# quoted at each test): 9 Influence tokens, and the Annihilator on the Factory. CPython and the
# MicroPython unix port.
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

MODS = C.MOD_FORTRESS


def _F():
    from firmware.rules.scythe import fenris  # noqa: F401  (the module games' hooks first, as a game loads them:
    from firmware.rules.scythe import fenris_fortress   # its own hooks go over them)

    return fenris_fortress


def _game(mods=MODS, model=False):
    st = started((NORDIC, RUSVIET), (INDUSTRIAL, ENGINEERING), mods=mods, model=model)
    _clear(st)
    return st


def _x(st):
    return len(st.s) - L.TAIL - L.F_SIZE


def _tokens(st):
    x = _x(st) + L.F_INFL
    return list(st.s[x:x + 16])


def _beside(y):
    """A land territory next to y across no river nor lake: no home base, the Factory, a tunnel nor
    a territory next to the Factory (none holds a token)."""
    b = board()
    near = [z for z, _e in b.neighbours(b.factory)]
    for x, e in b.neighbours(y):
        if (e == 0 and not b.is_home(x) and x != b.factory and x not in b.tunnels and x not in near
                and b.terrain[x] != T_LAKE):
            return x
    raise AssertionError("no land next to %d" % y)


def _tunnel():
    """(a tunnel, a plain land territory next to it)."""
    for y in board().tunnels:
        try:
            return y, _beside(y)
        except AssertionError:
            continue
    raise AssertionError("no tunnel")


def _enter(st, p, u, x, y):
    """p's Move: unit u from x onto y."""
    put(st, p, u, x)
    st.s[po(p) + L.P_LAST] = 255
    begin_turn(st, p)
    take_top(st, p, C.TA_MOVE)
    st.apply_checked(u, p)
    st.apply_checked(y, p)
    while st.decision() == L.K_CARRY:
        st.apply_checked(0, p)


def _dice(st, a, b, choose):
    assert st.decision() == L.K_ANN_ROLL and st.current_player() < 0
    st.apply_checked(a, -1)
    st.apply_checked(b, -1)
    if a != b:
        assert st.decision() == L.K_ANN_DIE and sorted(st.legal_actions()) == sorted((a, b))
        st.apply_checked(choose, _F().controller(st))


def _reveal(st, p=0, u=L.U_CHARACTER, die=3):
    """p's unit u moved onto the Factory from next to it: Box C opened, its power `die`."""
    b = st.board
    y = [z for z, e in b.neighbours(b.factory) if e == 0 and b.terrain[z] != T_LAKE][0]
    _enter(st, p, u, y, b.factory)
    assert st.s[L.STAGE] == L.ST_ANN
    _dice(st, die, 6 if die != 6 else 5, die)


def test_nine_influence_tokens_on_the_tunnels_and_the_land_next_to_the_factory():
    # "Place 1 Influence token on each tunnel (6 total) and on each of the three land territories
    # adjacent to the Factory (3 total)." "Place Box C on the Factory. Do not open it".
    st = _game()
    b = st.board
    on = _tokens(st)
    land = [y for y, _e in b.neighbours(b.factory) if b.terrain[y] != T_LAKE and not b.is_home(y)]
    assert len(land) == 3 and sorted(on[:9]) == sorted(list(b.tunnels) + land)
    assert on[9:] == [L.INFL_SUPPLY] * 7
    assert _F().power(st) == 0 and _F().controller(st) == -1 and st.check() is None
    assert not getattr(_game(C.MOD_MECHMODS), "FORTRESS", 0)


def test_a_unit_moving_onto_a_token_gains_it_and_its_movement_ends():
    # "Whenever a unit (mech, character, or worker) you control moves to a territory containing an
    # Influence token, the unit's movement ends and you gain the Influence token". Nordic's fourth
    # mech ability is Speed.
    from firmware.rules.scythe import fenris_faction as F

    st = _game()
    y, x = _tunnel()
    _enter(st, 0, L.U_WORKER, x, y)
    assert F.held(st, 0) == 1 and F.token_at(st, y) < 0 and st.check() is None
    st = _game()
    for i in range(4):
        put(st, 0, L.U_MECH + i, x)
    assert common.abilities(st, 0) & C.M_SPEED
    _enter(st, 0, L.U_CHARACTER, x, y)
    assert st.decision() == L.K_MOVE_UNIT and not st.s[L.TURN_FLAGS] & L.TF_SPEED_STEP
    assert F.held(st, 0) == 1 and st.s[po(0) + L.P_UNITS + L.U_CHARACTER] == y


def test_each_token_is_minus_a_coin_at_the_end():
    # "Each Influence token is worth -$1 at the end of the game."
    from firmware.rules.scythe import fenris_faction as F

    st = _game()
    x = _x(st) + L.F_INFL
    st.s[x] = L.INFL_HELD + 1
    st.s[x + 1] = L.INFL_HELD + 1
    st.changed()
    assert F.penalty(st, 1) == 2 and F.penalty(st, 0) == 0 and st.check() is None
    # a finished game: its final coins less one a token (the conformance suite counts them apart)
    from firmware.rules.scythe.score import ranking_key

    ctrl = common.control_map(st)[0]
    keys = [ranking_key(st, p, ctrl)[0] for p in range(2)]
    common.game_over(st)
    st.begin()   # (the automatic steps from these bytes: the scoring)
    assert st.decision() == L.K_OVER and st.is_terminal()
    got = [st.s[po(p) + L.P_COINS_END] | (st.s[po(p) + L.P_COINS_END + 1] << 8) for p in range(2)]
    assert got == [keys[0], max(0, keys[1] - 2)]


def test_the_first_unit_onto_the_factory_opens_box_c_and_its_finder_rolls_two_dice():
    # "The first time a player moves any unit onto the Factory, their Move action ends and they open
    # Box C." "If you discovered it, roll the two 6-sided dice and choose one to represent the
    # Annihilator's combat power." "Finish your Move action (if you have movements remaining for
    # other units, you may use them ...)".
    from firmware.rules.scythe.move import _stops

    F = _F()
    st = _game()
    b = st.board
    y = [z for z, e in b.neighbours(b.factory) if e == 0 and b.terrain[z] != T_LAKE][0]
    for i in range(4):   # every mech on the map: Speed (Nordic's fourth mech ability)
        put(st, 0, L.U_MECH + i, st.board.home[common.faction(st, 0)])
    assert _stops(st, 0, L.U_CHARACTER, b.factory) and _stops(st, 0, L.U_WORKER, b.factory)
    _enter(st, 0, L.U_CHARACTER, y, b.factory)
    assert F.controller(st) == 0 and F.power(st) == 0 and st.s[L.STAGE] == L.ST_ANN
    _dice(st, 2, 5, 5)
    assert F.power(st) == 5 and st.decision() == L.K_MOVE_UNIT and st.s[L.MOVES_LEFT] == 1
    assert not st.s[L.TURN_FLAGS] & L.TF_SPEED_STEP   # no second step past it
    assert st.s[po(0) + L.P_UNITS + L.U_CHARACTER] == b.factory and st.check() is None


def test_a_worker_alone_onto_the_factory_returns_to_its_base():
    # "If you moved a worker onto the Factory by itself, it returns to your base."
    st = _game()
    _reveal(st, 0, L.U_WORKER + 1)
    assert st.s[po(0) + L.P_UNITS + L.U_WORKER + 1] == st.board.home[common.faction(st, 0)]
    assert _F().power(st) == 3 and st.check() is None


def test_objectives_5_7_and_22_leave_the_game_when_it_is_revealed():
    # "If any players have objectives 5, 7, or 22, they should now discard them and draw
    # replacements." Printed cards: none of the three may be revealed after.
    st = _game()
    assert set((4, 6, 21)) <= set(common.unrevealed_objectives(st))
    _reveal(st)
    assert not set((4, 6, 21)) & set(common.unrevealed_objectives(st))
    assert st.objectives_gone() == 3 and st.check() is None


def test_the_model_deck_replaces_a_card_5_7_or_22_held():
    # "... discard them and draw replacements": the model deck's card drawn by chance.
    from firmware.rules.scythe.common import held_objectives

    st = started((NORDIC, RUSVIET), (INDUSTRIAL, ENGINEERING), mods=MODS, model=True)
    _clear(st)
    x = len(st.s) - L.TAIL + L.X_OBJ
    st.s[x] = 6 + 1   # seat 0 holds objective 7
    st.changed()
    b = st.board
    y = [z for z, e in b.neighbours(b.factory) if e == 0 and b.terrain[z] != T_LAKE][0]
    _enter(st, 1, L.U_CHARACTER, y, b.factory)
    assert st.decision() == L.K_MODEL_OBJECTIVE and st.current_player() < 0
    assert not set((4, 6, 21)) & set(st.legal_actions())
    st.apply_checked(9, -1)
    assert 9 in held_objectives(st, 0) and 6 not in held_objectives(st, 0)
    assert st.decision() == L.K_ANN_ROLL and st.check() is None


def _fight(st, dial, cards, drawn):
    """Seat 0's combat with it: its dial, its cards (values), then its 4 cards drawn."""
    assert st.decision() == L.K_COMBAT_AT or st.decision() == L.K_DIAL
    if st.decision() == L.K_COMBAT_AT:
        st.apply_checked(st.board.factory, 0)
    st.apply_checked(dial, 0)
    for v in cards:
        st.apply_checked(v, 0)
    if st.decision() == L.K_CARD:
        st.apply_checked(0, 0)
    for v in drawn:
        assert st.decision() == L.K_SEEN_CARD and st.current_player() < 0
        st.apply_checked(v - 2, -1)


def _to_combat(st, power=7, hand=2):
    o = po(0)
    st.s[o + L.P_POWER] = power
    st.s[o + L.P_NCARDS] = hand
    st.changed()
    _reveal(st)
    st.apply_checked(L.MOVE_DONE, 0)


def test_its_combat_power_plus_four_cards_and_the_attacker_wins_ties():
    # "draw the top 4 cards from the combat card deck and add them to the Annihilator's power (as
    # shown by the die on the power track). Discard these combat cards." "Determine the winner of
    # combat as usual. In the case of a tie, the attacker wins." "If you defeat the Annihilator,
    # remove it from the board, place a combat star on the Triumph Track (up to the usual limit), and
    # the game immediately ends."
    F = _F()
    st = _game()
    _to_combat(st)
    stars = common.stars(st, 0)
    _fight(st, 7, (5,), (2, 2, 2, 3))   # 12 against 3 + 9
    assert F.defeater(st) == 0 and F.power(st) == 0 and st.is_terminal()
    assert common.stars(st, 0) == stars + 1 and st.s[po(0) + L.P_COMBAT_STARS] == 1
    assert sum(st.s[L.DISCARD:L.DISCARD + 4]) == 5 and st.s[po(0) + L.P_POWER] == 0
    assert st.check() is None


def test_losing_to_it_sends_the_units_home_and_it_stays():
    # "Determine the winner of combat as usual": the loser retreats to its home base and, having
    # revealed power, draws a combat card; the Annihilator stays on the Factory.
    F = _F()
    st = _game()
    _to_combat(st, power=2, hand=0)
    _fight(st, 2, (), (2, 3, 4, 5))   # 2 against 3 + 14
    home = st.board.home[common.faction(st, 0)]
    assert st.s[po(0) + L.P_UNITS + L.U_CHARACTER] == home and F.power(st) == 3
    assert F.defeater(st) == -1 and not st.is_terminal() and common.hand_size(st, 0) == 1
    assert st.s[_x(st) + L.F_ANN_SUM] == 2 and st.s[_x(st) + L.F_ANN_THEIRS] == 17
    assert st.check() is None


def test_no_artillery_against_it():
    # "Mech Mods, Infrastructure Mods, and mech abilities that affect an opponent's power/combat
    # cards do not apply to combat with the Annihilator": Nordic's Artillery is not asked.
    st = _game()
    for i in range(4):
        put(st, 0, L.U_MECH + i, st.board.home[common.faction(st, 0)])
    assert common.abilities(st, 0) & C.M_ARTILLERY
    _to_combat(st, power=5)
    assert st.decision() == L.K_DIAL and st.s[po(0) + L.P_POWER] == 5   # (its one combat: asked at once)


def test_an_enemy_on_the_factory_no_worker_enters_and_units_stop_there():
    # Gameplay: it is "an enemy to all players": workers do not move where an enemy combat unit
    # stands, and a unit moving there stops (no Speed beyond).
    from firmware.rules.scythe.move import destinations

    st = _game()
    _reveal(st)
    b = st.board
    y = [z for z, e in b.neighbours(b.factory) if e == 0 and b.terrain[z] != T_LAKE][0]
    put(st, 1, L.U_WORKER + 1, y)
    assert b.factory not in destinations(st, 1, L.U_WORKER + 1)
    put(st, 1, L.U_CHARACTER, y)
    assert b.factory in destinations(st, 1, L.U_CHARACTER)
    from firmware.rules.scythe.move import _stops

    assert _stops(st, 1, L.U_CHARACTER, b.factory)


def test_its_turn_comes_immediately_before_its_controllers():
    # "The Annihilator's 'turn' takes place immediately before the controller's turn (so, after the
    # Annihilator is discovered, all other players will take a turn before the Annihilator's first
    # turn)." "its controller rolls two 6-sided dice. That player then chooses 1 die".
    F = _F()
    st = _game()
    _reveal(st, 0, L.U_WORKER + 1, die=4)   # (a worker: home again, no combat)
    turns = []
    while st.decision() != L.K_ANN_ROLL and len(turns) < 400:
        k = st.decision()
        if k == L.K_SECTION:
            turns.append(st.s[L.ACTIVE])
        st.apply_checked(L.MOVE_DONE if k == L.K_MOVE_UNIT else st.legal_actions()[0], st.current_player())
    assert turns == [1] and st.s[L.ACTIVE] == 0 and F.power(st) == 4   # seat 1's turn, then its
    _dice(st, 1, 6, 1)
    assert F.power(st) == 1 and st.s[L.STAGE] == L.ST_SECTION and st.current_player() == 0


def test_fortress_is_refused_with_the_figures_agents_fenris_and_rivals():
    for other in ("tesla", "madtesla", "desolation", "agents", "fenris", "rivals", "extraobj"):
        opts = {"fortress": [1], other: [1]}
        if other == "rivals":
            opts["war"] = [1]
        e = raises(SetupError, RULESET.new_game, board(), 2, opts)
        assert "fortress" in str(e) and "Episode 5" in str(e), other
    st = RULESET.new_game(board(), 2, {"fortress": [1], "vesna": [1], "mechmods": [1]})
    assert st.FORTRESS and st.VESNA and st.check() is None


def test_the_log_says_who_opened_box_c_its_dice_cards_and_the_combat():
    from firmware.rules.scythe.narrate import narrate
    from firmware.text import set_language

    st = _game()
    o = po(0)
    st.s[o + L.P_POWER] = 7
    st.s[o + L.P_NCARDS] = 1
    b = st.board
    y = [z for z, e in b.neighbours(b.factory) if e == 0 and b.terrain[z] != T_LAKE][0]
    put(st, 0, L.U_CHARACTER, y)
    st.s[po(0) + L.P_LAST] = 255
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    before = st.clone()
    st.apply_checked(b.factory, 0)
    assert "opens Box C: the Annihilator stands on the Factory." in narrate(before, b.factory, st)
    before = st.clone()
    st.apply_checked(2, -1)
    assert narrate(before, 2, st) == "A 2 rolled for the Annihilator."
    st.apply_checked(4, -1)
    before = st.clone()
    st.apply_checked(2, 0)
    assert "the Annihilator's power: 2." in narrate(before, 2, st)
    st.apply_checked(L.MOVE_DONE, 0)
    _fight(st, 7, (5,), (2, 2, 2))
    before = st.clone()
    st.apply_checked(0, -1)   # a 2: 12 against 2 + 8
    said = narrate(before, 0, st)
    assert said.startswith("A 2 drawn for the Annihilator.")
    assert "defeats the Annihilator, 12 against 10" in said
    set_language("es")
    try:
        assert "derrota al Aniquilador, 12 contra 10" in narrate(before, 0, st)
    finally:
        set_language("en")
