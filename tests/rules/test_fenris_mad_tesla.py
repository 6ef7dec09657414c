# pyright: reportAttributeAccessIssue=false
# Mad Tesla (docs/fenris.md 1.11; "Mad Tesla (Box E and Punchboard Tile)" of
# ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test): an autonomous unit on the map,
# his turn after the last player's, his combats against the top 2 discarded cards and a die.
# CPython and the MicroPython unix port.
from firmware.rules.scythe import common
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from tests.rules.test_fenris_faction import _clear   # each character and a worker at home
from tests.rules.scythe_support import (ENGINEERING, INDUSTRIAL, NORDIC, RUSVIET, begin_turn, board, play_out,
                                        put, set_player, started, take_top)

MODS = C.MOD_MADTESLA
FACTORY = 29
EAST = 30          # the Factory's neighbour in direction 0 (a mountain, no river between)
WEST_OF_EAST = 24  # a forest from which a character steps onto EAST by land


def _MT():
    from firmware.rules.scythe import fenris_mad_tesla

    return fenris_mad_tesla


def _f(st):
    return len(st.s) - L.TAIL - L.F_SIZE


def _game():
    st = started((NORDIC, RUSVIET), (INDUSTRIAL, ENGINEERING), mods=MODS)
    _clear(st)
    return st


def _at(st, x):
    st.s[_f(st) + L.F_TESLA] = x
    st.changed()


def _top(st, top, second):
    """The discard pile's top two cards (values), in it."""
    st.s[_f(st) + L.F_TOP2] = top | (second << 4)
    st.changed()


def _his_turn(st, x):
    """Mad Tesla on x, his turn begins (player 0, the first player, plays next)."""
    _at(st, x)
    st.s[_f(st) + L.F_TESLA_STEP] = L.MT_ROLL1
    begin_turn(st, 0, L.ST_MT_TURN)


def _character_onto(st, frm, to):
    """Player 0's character stands on frm; its Move takes it onto `to` (carrying nothing, no other
    unit): the combat's first decision is next."""
    put(st, 0, L.U_CHARACTER, frm)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(to, 0)
    while st.current_player() == 0 and st.decision() != L.K_DIAL:
        st.apply_checked(st.legal_actions()[0] if st.decision() == L.K_CARRY else L.MOVE_DONE, 0)


def _skip_turn(st, p):
    """p takes the first section it may and skips every action: its turn ends."""
    st.apply_checked(st.legal_actions()[0], p)
    while st.current_player() == p:
        st.apply_checked(L.O_SKIP if L.O_SKIP in st.legal_actions() else st.legal_actions()[0], p)


def test_setup_puts_him_on_the_factory_with_16_health_and_two_cards_discarded():
    # "Place the Tesla miniature on the Factory." "Discard the top 2 cards of the Combat Card
    # deck." "Place an unused faction's popularity token on the 16 spot on the Power Track."
    st = _game()
    MT = _MT()
    assert MT.at(st) == board().factory == FACTORY
    assert MT.health(st) == 16
    assert sum(st.s[L.DISCARD:L.DISCARD + 4]) == 2
    assert MT.top2(st) == (2, 2)   # (started() turns up the lowest value each time)
    assert st.check() is None
    # A card turned up: each value by its cards not in the discard pile (16 2s, 12 3s, 8 4s, 6 5s;
    # two 2s are down).
    from firmware.rules.scythe.fenris_mad_tesla_setup import seen_weights

    assert seen_weights(st) == [(0, 14), (1, 12), (2, 8), (3, 6)]


def test_he_plays_last_in_turn_order():
    # "Mad Tesla is always LAST in turn order."
    st = _game()
    first = _MT()._first(st)
    last = 1 - first
    begin_turn(st, first)
    _skip_turn(st, first)
    assert st.current_player() == last and st.decision() == L.K_SECTION
    _skip_turn(st, last)
    assert st.decision() == L.K_MT_DIRECTION and st.current_player() == -1


def test_he_moves_twice_when_the_first_move_begins_no_combat_and_never_a_third_time():
    # "If his first movement doesn't initiate combat, roll the die again and move Mad Tesla again.
    # Stop there; don't move him a third time."
    st = _game()
    _his_turn(st, FACTORY)
    st.apply_checked(0, -1)   # east
    assert _MT().at(st) == EAST and st.decision() == L.K_MT_DIRECTION
    st.apply_checked(3, -1)   # west: back on the Factory
    assert _MT().at(st) == FACTORY
    assert st.decision() == L.K_SECTION and st.current_player() == 0


def test_off_the_map_or_onto_a_home_base_he_returns_to_the_factory():
    # "If Mad Tesla would move off the map, he returns to the Factory." (a home base is no territory)
    MT = _MT()
    b = board()
    assert b.adj[12 * 6 + 0] == 255 and MT.step(b, 12, 0) == FACTORY
    assert b.is_home(b.adj[8 * 6 + 2]) and MT.step(b, 8, 2) == FACTORY


def test_rivers_do_not_block_him_and_he_moves_onto_lakes():
    # "Mad Tesla is not blocked by rivers and may move onto lake territories."
    MT = _MT()
    b = board()
    assert b.edge[9 * 6 + 0] == 1 and MT.step(b, 9, 0) == 10            # across a river
    assert b.terrain[23] == 6 and MT.step(b, FACTORY, 1) == 23          # onto a lake


def test_lone_workers_go_home_without_a_combat_and_he_moves_again():
    # "Mad Tesla forces workers to retreat back to their base like any other combat unit."
    st = _game()
    put(st, 1, L.U_WORKER + 1, EAST)
    pop = st.s[po(1) + L.P_POP]
    _his_turn(st, FACTORY)
    st.apply_checked(0, -1)
    assert st.s[po(1) + L.P_UNITS + L.U_WORKER + 1] == board().home[common.faction(st, 1)]
    assert st.s[po(1) + L.P_POP] == pop
    assert st.decision() == L.K_MT_DIRECTION   # no combat began: his second move


def test_he_controls_his_territory_and_a_worker_cannot_enter_it():
    # "Mad Tesla controls territories like any other unit." ("a combat unit for the purposes of all
    # movement and unit interactions": workers may not move onto him)
    st = _game()
    _at(st, EAST)
    st.s[po(0) + L.P_STRUCT] = EAST   # player 0's mill there: it controls no territory he is on
    st.changed()
    ctrl, fighters = common.control_map(st)
    assert ctrl[EAST] == L.NOWHERE and fighters[EAST]
    from firmware.rules.scythe import move as M

    assert M._enemy_units(st, 0, EAST)[1] == 1


def test_he_attacks_a_mech_the_player_gains_popularity_and_loses_a_tie():
    # "Gain 1 Popularity." "Mad Tesla's base power is equal to the top 2 cards on the combat card
    # discard pile." "Add the number on that die" "Attacker wins ties, as usual." "If you lose:
    # Treat it as any other combat loss, but in addition to you retreating, Mad Tesla also
    # retreats (back to the Factory)."
    st = _game()
    put(st, 1, L.U_MECH, EAST)
    set_player(st, 1, power=7, pop=4, hand=0)
    _top(st, 3, 2)
    _his_turn(st, FACTORY)
    st.apply_checked(0, -1)
    assert st.decision() == L.K_DIAL and st.current_player() == 1
    assert st.s[po(1) + L.P_POP] == 5
    st.apply_checked(7, 1)                  # 7 against 3 + 2 + the die
    assert st.decision() == L.K_MT_DIE
    st.apply_checked(2, -1)                 # 7: a tie, the attacker (he) wins
    assert st.s[po(1) + L.P_UNITS + L.U_MECH] == board().home[common.faction(st, 1)]
    assert st.s[po(1) + L.P_NCARDS] == 1    # revealed power: a combat card, as any loss
    assert st.s[po(1) + L.P_POWER] == 0
    assert _MT().at(st) == FACTORY and _MT().health(st) == 16
    assert st.decision() == L.K_SECTION      # a combat began: no second move


def test_the_rulebooks_example_takes_his_health_from_16_to_13():
    # "Josh reveals a total combat strength of 11. Mad Tesla's total combat strength is 8 (from a 3
    # on the die and combat cards valued at 2 and 3 on top of the discard pile). Josh wins, so he
    # gains 1 popularity and may place a combat star ... reduces Mad Tesla's power token from 16 ...
    # to 13"; "If you win: Mad Tesla retreats to the Factory."
    st = _game()
    MT = _MT()
    _at(st, EAST)
    _top(st, 2, 3)
    set_player(st, 0, power=7, pop=4, hand=1)
    _character_onto(st, WEST_OF_EAST, EAST)
    assert st.decision() == L.K_DIAL and st.current_player() == 0
    assert st.s[po(0) + L.P_POP] == 5                 # "Gain 1 Popularity." (at the start)
    st.apply_checked(7, 0)
    st.apply_checked(4, 0)                            # 7 + a 4: 11
    if st.decision() == L.K_CARD:
        st.apply_checked(0, 0)
    assert st.decision() == L.K_MT_DIE
    st.apply_checked(3, -1)
    assert MT.health(st) == 13
    assert st.s[po(0) + L.P_POP] == 6                 # "b. Gain 1 Popularity."
    assert st.s[po(0) + L.P_COMBAT_STARS] == 1        # "c. Place a combat star"
    assert MT.at(st) == FACTORY
    assert MT.top2(st) == (4, 2)                      # the card Josh showed, on the pile


def test_a_tie_when_the_player_attacks_is_the_players_and_takes_1_health():
    # "Attacker wins ties, as usual." "(in the case of a tie, reduce it by 1)"
    st = _game()
    MT = _MT()
    _at(st, EAST)
    _top(st, 0, 0)
    set_player(st, 0, power=4, hand=0)
    _character_onto(st, WEST_OF_EAST, EAST)
    st.apply_checked(4, 0)
    st.apply_checked(4, -1)
    assert MT.health(st) == 15 and st.s[po(0) + L.P_UNITS + L.U_CHARACTER] == EAST


def test_destroyed_he_pays_10_coins_and_the_game_ends_after_the_turn():
    # "If you reduce Mad Tesla's power to 0, he is destroyed (removed from the board). You gain
    # $10, complete your turn, and then the game ends immediately."
    st = _game()
    MT = _MT()
    _at(st, EAST)
    st.s[_f(st) + L.F_MT_HEALTH] = 2
    _top(st, 0, 0)
    set_player(st, 0, power=7, hand=0, coins=5)
    _character_onto(st, WEST_OF_EAST, EAST)
    st.apply_checked(7, 0)
    st.apply_checked(1, -1)
    assert MT.at(st) == L.NOWHERE and MT.health(st) == 0
    assert common.coins(st, 0) == 15
    assert not st.is_terminal() and st.current_player() == 0   # the turn is completed first
    while st.current_player() == 0:
        st.apply_checked(L.O_SKIP if L.O_SKIP in st.legal_actions() else st.legal_actions()[0], 0)
    assert st.is_terminal()


def test_beaten_on_the_factory_he_retreats_where_the_winner_chooses():
    # "*If you win combat against Mad Tesla on the Factory, he retreats to an unoccupied adjacent
    # territory of your choice."
    st = _game()
    MT = _MT()
    _top(st, 0, 0)
    put(st, 1, L.U_MECH, 22)
    set_player(st, 0, power=7, hand=0)
    _character_onto(st, EAST, FACTORY)
    st.apply_checked(7, 0)
    st.apply_checked(1, -1)
    assert st.decision() == L.K_MT_RETREAT and st.current_player() == 0
    assert st.legal_actions() == [23, 28, 30, 36, 37]   # not 22 (a mech), not the Factory
    st.apply_checked(36, 0)
    assert MT.at(st) == 36


def test_the_attacker_discards_first_so_the_defenders_cards_are_on_top():
    # "After any combat (between players or between a player and Mad Tesla), the attacker discards
    # combat cards first, and then the defender discards."
    from tests.rules.scythe_support import attack

    st = _game()
    _at(st, 12)
    attack(st, 27, 28, power=(3, 3))
    set_player(st, 0, hand=1)
    set_player(st, 1, hand=1)
    st.apply_checked(0, 0)
    st.apply_checked(5, 0)
    if st.decision() == L.K_CARD:
        st.apply_checked(0, 0)
    st.apply_checked(0, 1)
    st.apply_checked(2, 1)
    if st.decision() == L.K_CARD:
        st.apply_checked(0, 1)
    assert _MT().top2(st) == (2, 5)


def test_random_games_end_and_stay_consistent():
    st = _game()
    from firmware.rules.scythe.ruleset import RULESET

    for seed in range(3):
        st = started((NORDIC, RUSVIET), (INDUSTRIAL, ENGINEERING), mods=MODS)
        play_out(RULESET, st, seed, 20000, 25)


def test_his_combat_on_the_factory_comes_first():
    # "In the rare case that you enter 2 combats on your turn and one of them is on the Factory
    # against Mad Tesla, you must execute that combat first."
    st = _game()
    put(st, 0, L.U_CHARACTER, EAST)
    put(st, 0, L.U_MECH, 26)
    put(st, 1, L.U_MECH, 27)
    set_player(st, 0, power=3, hand=0)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    for u, y in ((L.U_CHARACTER, FACTORY), (L.U_MECH, 27)):
        st.apply_checked(u, 0)
        st.apply_checked(y, 0)
        while st.decision() == L.K_CARRY:
            st.apply_checked(0, 0)
    if st.decision() == L.K_MOVE_UNIT:
        st.apply_checked(L.MOVE_DONE, 0)
    # (the one combat allowed first is not asked: the board goes on with it)
    assert st.decision() == L.K_DIAL and st.s[L.C_SPACE] == FACTORY and _MT().fighting(st) == 0


def test_the_rule_bot_dials_to_beat_his_highest_die():
    # His strength is the top 2 discarded and a die (1-6): the rule bot puts on its dial the least
    # that beats a 6, the attacker winning ties.
    from firmware.rng import Rng
    from firmware.rules.scythe.rule_bot import RuleBot

    st = _game()
    _at(st, EAST)
    _top(st, 0, 0)
    set_player(st, 0, power=7, hand=0)
    _character_onto(st, WEST_OF_EAST, EAST)
    assert RuleBot(Rng(1)).choose(st) == 6     # attacking: a 6 ties, and the attacker wins ties
    _top(st, 1, 0)
    assert RuleBot(Rng(1)).choose(st) == 7


def _with_a_rival_star(p=0):
    """A game with Rivals: seat p (Nordic 0 or Rusviet 1) put a star on the other's base, then
    past setup; p has power 7, no card and $5."""
    st = started((NORDIC, RUSVIET), (INDUSTRIAL, ENGINEERING), mods=MODS | C.MOD_RIVALS)
    for q, bases in ((0, (1,) if p == 0 else ()), (1, (0,) if p == 1 else ())):
        assert st.decision() == L.K_RIVAL and st.current_player() == q
        for b in bases:
            st.apply_checked(b, q)
        if st.decision() == L.K_RIVAL and st.current_player() == q:
            st.apply_checked(L.RIVAL_DONE, q)
    _clear(st)
    _top(st, 0, 0)
    set_player(st, p, power=7, hand=0, coins=5)
    return st


def test_with_rivals_his_beater_takes_the_star_from_any_base_or_the_supply_without_5():
    # Rivals: "Whenever you win combat, you may remove 1 of your stars from ANY opponent's base and
    # place it on the Triumph Track, but you only gain the $5 bonus if the star comes from the base
    # of the defeated opponent." He has no base (no $5); the star's source is the winner's choice,
    # then the fight goes on as without Rivals: attacked in the player's turn, he goes back to the
    # Factory and the turn goes on; attacking in his, he goes back to the Factory and his turn ends.
    from firmware.rules.scythe import fenris_rivals as R

    MT = _MT()
    for his_turn in (False, True):
        for choice in (1, L.RIVAL_SUPPLY):
            st = _with_a_rival_star()
            put(st, 1, L.U_WORKER + 1, FACTORY)   # a lone worker: sent home when he is back there
            if his_turn:
                put(st, 0, L.U_MECH, EAST)
                _his_turn(st, FACTORY)
                st.apply_checked(0, -1)                     # east, onto the mech
            else:
                _at(st, EAST)
                _character_onto(st, WEST_OF_EAST, EAST)
            st.apply_checked(7, 0)
            assert st.decision() == L.K_MT_DIE
            st.apply_checked(1, -1)                         # 7 against 1: the player wins
            assert st.decision() == L.K_RIVAL_STAR and st.current_player() == 0
            assert sorted(st.legal_actions()) == [1, L.RIVAL_SUPPLY]
            st.apply_checked(choice, 0)
            assert st.s[po(0) + L.P_COMBAT_STARS] == 1 and common.coins(st, 0) == 5
            assert R.on_base(st, 0, 1) == (0 if choice == 1 else 1) and st.check() is None
            assert MT.at(st) == FACTORY and MT.health(st) == 10
            assert st.s[po(1) + L.P_UNITS + L.U_WORKER + 1] == board().home[RUSVIET]
            assert st.current_player() == 0 and st.decision() != L.K_RIVAL_STAR
            assert st.s[_f(st) + L.F_TESLA_STEP] == 0   # his turn, or the fight, is over
            assert st.decision() == (L.K_SECTION if his_turn else L.K_BOTTOM), st.decision()


def test_with_rivals_a_player_he_attacks_out_of_its_turn_gets_no_5_from_the_active_players_base():
    # Rivals: "you only gain the $5 bonus if the star comes from the base of the defeated
    # opponent": the defeated one is Mad Tesla, who has no base, also when the player he attacks
    # is not the active one (his turn comes after the last player's; seat 0, the first player,
    # is active). Seat 1 holds a star on seat 0's base: it may take it back, but earns no $5, and
    # the choice is seat 1's.
    from firmware.rules.scythe import fenris_rivals as R

    st = _with_a_rival_star(1)
    put(st, 1, L.U_MECH, EAST)
    _his_turn(st, FACTORY)
    assert st.s[L.ACTIVE] == 0 and R.on_base(st, 1, 0) == 1
    st.apply_checked(0, -1)                             # east, onto seat 1's mech
    assert st.decision() == L.K_DIAL and st.current_player() == 1
    st.apply_checked(7, 1)
    st.apply_checked(1, -1)                             # 7 against 1: seat 1 wins
    assert st.decision() == L.K_RIVAL_STAR and st.current_player() == 1
    assert sorted(st.legal_actions()) == [0, L.RIVAL_SUPPLY]
    assert common.coins(st, 1) == 5 and R.on_base(st, 1, 0) == 1
    st.apply_checked(0, 1)                              # the star from seat 0's base
    assert st.s[po(1) + L.P_COMBAT_STARS] == 1 and common.coins(st, 1) == 5
    assert R.on_base(st, 1, 0) == 0 and st.check() is None


def test_with_rivals_beaten_on_the_factory_he_retreats_then_the_star_is_sourced():
    # "*If you win combat against Mad Tesla on the Factory, he retreats to an unoccupied adjacent
    # territory of your choice." and then, Rivals, the combat star's source; then the player's turn
    # goes on (its character on the Factory: a Factory card), or his turn ends.
    from firmware.rules.scythe import fenris_rivals as R

    for his_turn in (False, True):
        st = _with_a_rival_star()
        if his_turn:
            put(st, 0, L.U_MECH, FACTORY)
            _his_turn(st, EAST)
            st.apply_checked(3, -1)                     # west, onto the Factory and the mech
        else:
            _character_onto(st, EAST, FACTORY)
        st.apply_checked(7, 0)
        st.apply_checked(1, -1)
        assert st.decision() == L.K_MT_RETREAT
        st.apply_checked(36, 0)
        assert st.decision() == L.K_RIVAL_STAR and st.s[po(0) + L.P_COMBAT_STARS] == 1
        st.apply_checked(1, 0)
        assert R.on_base(st, 0, 1) == 0 and _MT().at(st) == 36 and st.check() is None
        assert st.current_player() == 0 and st.s[_f(st) + L.F_TESLA_STEP] == 0
        assert st.decision() == (L.K_SECTION if his_turn else L.K_FACTORY_CARD), st.decision()


def test_with_rivals_a_star_taken_from_a_base_lets_a_goal_met_meanwhile_take_its_star():
    # Rivals: "Stars on an opponent's base may only be retrieved and placed on the Triumph Track
    # through combat." With 4 stars placed and 1 on a base, the fight's popularity (+1 at its
    # start, +1 for the win: 18) meets the popularity goal while the combat star empties the
    # supply; the combat star taken from the base leaves a star for it: the 6th, the game ends.
    # From the supply, none is left and the goal waits.
    from firmware.rules.scythe import fenris_rivals as R

    for choice in (1, L.RIVAL_SUPPLY):
        st = _with_a_rival_star()
        st.s[po(0) + L.P_STARS] = 0b1111
        set_player(st, 0, pop=16)
        assert R.supply(st, 0) == 1
        _at(st, EAST)
        _character_onto(st, WEST_OF_EAST, EAST)
        st.apply_checked(7, 0)
        st.apply_checked(1, -1)
        assert st.s[po(0) + L.P_POP] == 18 and st.decision() == L.K_RIVAL_STAR
        st.apply_checked(choice, 0)
        placed = bool(st.s[po(0) + L.P_STARS] & (1 << C.S_POPULARITY))
        assert placed == (choice == 1) and st.is_terminal() == (choice == 1), (choice, placed)


def test_a_seaworthy_loser_retreats_onto_a_lake_beside_the_fight_and_he_goes_back():
    # "If you lose: Treat it as any other combat loss, but in addition to you retreating, Mad Tesla
    # also retreats (back to the Factory)." Base Scythe, Seaworthy: the loser's units may retreat
    # to an adjacent lake instead of the home base (its choice), its workers with a mech too.
    b = board()
    MT = _MT()
    x, lake, y, d = [(x, z, y, d) for x in range(b.n_spaces) if 1 <= b.terrain[x] <= 5 and x != FACTORY
                     for z, _e in b.neighbours(x) if b.terrain[z] == 6
                     for y in range(b.n_spaces) for d in range(6)
                     if y not in (x, FACTORY) and 1 <= b.terrain[y] <= 5 and MT.step(b, y, d) == x][0]
    home = b.home[NORDIC]
    for to in (lake, home):
        st = _game()
        put(st, 0, L.U_MECH + 1, x)          # Nordic's Seaworthy mech
        put(st, 0, L.U_WORKER + 1, x)        # a worker with it
        set_player(st, 0, power=0, hand=0)
        _top(st, 5, 5)
        _his_turn(st, y)
        st.apply_checked(d, -1)              # onto the mech
        if st.decision() == L.K_DIAL:        # (no power, no card: nothing to enter)
            st.apply_checked(0, 0)           # 0 against 10 and the die
        st.apply_checked(1, -1)
        assert st.decision() == L.K_RETREAT and st.current_player() == 0
        assert sorted(st.legal_actions()) == sorted([home, lake])
        st.apply_checked(to, 0)
        assert st.s[po(0) + L.P_UNITS + L.U_MECH + 1] == to and st.s[po(0) + L.P_UNITS + L.U_WORKER + 1] == to
        assert MT.at(st) == FACTORY and st.check() is None
        assert st.s[_f(st) + L.F_TESLA_STEP] == 0 and st.decision() == L.K_SECTION   # his turn is over
    st = _game()                              # without Seaworthy deployed: home, no choice
    put(st, 0, L.U_MECH, x)
    _top(st, 5, 5)
    set_player(st, 0, power=0, hand=0)
    _his_turn(st, y)
    st.apply_checked(d, -1)
    if st.decision() == L.K_DIAL:
        st.apply_checked(0, 0)
    st.apply_checked(1, -1)
    assert st.s[po(0) + L.P_UNITS + L.U_MECH] == home and st.decision() == L.K_SECTION


def test_the_players_view_of_its_combat_with_him_keeps_its_dial_and_cards():
    # The link's view of a seat (docs/protocol.md, "What a snapshot shows"): his combat puts the
    # player on both sides' bytes (C_SIDE says which is its); when he attacks the active player,
    # its side is the defender's, and its view keeps that side's dial and the cards behind it.
    from firmware.rules.scythe.ruleset import RULESET as rs

    st = _game()
    put(st, 0, L.U_MECH, EAST)
    set_player(st, 0, power=7, hand=2)
    _top(st, 3, 2)
    _his_turn(st, FACTORY)
    st.apply_checked(0, -1)
    assert st.decision() == L.K_DIAL and st.current_player() == 0 and st.s[L.ACTIVE] == 0
    st.apply_checked(5, 0)
    st.apply_checked(3, 0)                  # the dial at 5, a 3 behind it

    def seen(q):
        v = rs.from_bytes(st.board, rs.view(st, q)).s
        return v[L.C_DIAL + 1], v[L.C_CARDS + 1], v[L.C_COMMIT + 1] >> 4

    assert st.decision() == L.K_MT_DIE and st.s[L.C_SIDE] == 1   # (one mech: one card)
    assert seen(0) == (5, 3, 1)
    assert seen(1) == (0, 0, 0)
