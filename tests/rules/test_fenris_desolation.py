# pyright: reportAttributeAccessIssue=false
# The Desolation (docs/fenris.md 1.12; "Desolation: A Cooperative Module" of
# ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test): its setup, its turn (the
# timer, the roll, the move of all its units), its combats in the open, the players' cooperation
# and the end. CPython and the MicroPython unix port.
from firmware.rules.scythe import common
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from tests.rules.test_fenris_faction import _clear   # each character and a worker at home
from tests.rules.test_fenris_mad_tesla import _skip_turn   # p takes a section, skips every action
from tests.rules.scythe_support import (ENGINEERING, INDUSTRIAL, NORDIC, RUSVIET, begin_turn, board, put,
                                        set_player, set_res, started, take_top)

MODS = C.MOD_DESOLATION
FACTORY = 29
AROUND = [22, 23, 28, 30, 36, 37]   # Derived from the map: the Factory's 6 neighbours, 3 lakes (23, 28, 37)
FAR = [7, 9, 11, 13, 15]            # its other units, away from the fights (so one destroyed is not the last)


def _D():
    from firmware.rules.scythe import fenris_desolation

    return fenris_desolation


def _f(st):
    return len(st.s) - L.TAIL - L.F_SIZE


def _game(n=2, mods=MODS):
    """Past setup (the first card next to its tile: a 2), every unit off the map but each
    character and a worker at home."""
    st = started((NORDIC, RUSVIET, 2, 3, 4)[:n], (INDUSTRIAL, ENGINEERING, 2, 3, 4)[:n], mods=mods)
    _clear(st)
    return st


def _units(st, spaces):
    """Its 6 units on `spaces` (NOWHERE: destroyed)."""
    for i in range(6):
        st.s[_f(st) + L.F_DES + i] = spaces[i] if i < len(spaces) else L.NOWHERE
    st.changed()


def _its_turn(st, pop):
    """Its turn begins with its popularity at `pop` (before the timer's step)."""
    st.s[_f(st) + L.F_DES_POP] = pop
    st.s[_f(st) + L.F_DES_STEP] = L.DES_START
    begin_turn(st, _D().order(st)[0], L.ST_DES_TURN)


def test_setup_its_units_around_the_factory_18_popularity_and_one_card():
    # "Place the Desolation's 4 mechs and 1 character, as well as the Tesla miniature, on each of
    # the 6 territories surrounding the Factory." "Place the Desolation's popularity token at 18
    # popularity" "There is only 1 such card at the beginning of the game" (D10: drawn at setup).
    b = board()
    assert sorted(y for y, _e in b.neighbours(b.factory)) == AROUND and b.factory == FACTORY
    st = _game()
    D = _D()
    assert sorted(D.units(st)) == AROUND
    assert D.popularity(st) == 18 and D.stars(st) == 0
    assert D.power(st) == 2 and D.tile_cards(st, 0) == 1   # (started() turns up the lowest value)
    assert common.deck_size(st) == 42 - 1 - sum(st.s[po(p) + L.P_NCARDS] for p in range(2))
    assert st.check() is None


def test_tiles_by_player_count_and_the_5_star_tile_among_them():
    # "reveal a number of tiles based on player count": 2 players 8, 3: 10, 4: 12, 5: 14.
    # "Randomize the 21 Triumph Tiles, including the 5 tiles that can only be used with this module"
    # (the model: the 16 and the 5-star tile, G4).
    from firmware.rules.scythe.fenris import new_game

    for n, k in ((2, 8), (3, 10), (4, 12), (5, 14)):
        st = new_game(board(), n, True, MODS)
        dealt = 0
        assert 16 in st.legal_actions()   # the 5-star tile (TILES' index 16)
        while st.decision() == L.K_TRIUMPH_TILE:
            st.apply_checked(st.legal_actions()[-1])
            dealt += 1
        assert dealt == k and st.track is not None and len(st.track) == k
    st = new_game(board(), 2, True, C.MOD_TILES)   # not in the Triumph Tiles module's 16
    assert 16 not in st.legal_actions() and st.decision() == L.K_TRIUMPH_TILE


def test_alone_5_tiles_never_the_5_star_tile_nor_a_second_objective_tile():
    # "1 player: 5 tiles (do not use the 5-star tile, and draw and discard another tile if you
    # reveal 2 objective tiles)". The model's objective tiles: TILES' indexes 7 and 12.
    from firmware.rules.scythe.fenris import new_game
    from firmware.rules.scythe.fenris_track import TILES

    objectives = [i for i in range(len(TILES)) if TILES[i] == C.CAT_OBJECTIVE]
    assert objectives == [7, 12] and TILES[16] == C.CAT_5STARS
    st = new_game(board(), 1, True, MODS)
    assert st.decision() == L.K_TRIUMPH_TILE and st.legal_actions() == list(range(16))
    st.apply_checked(7)   # the first objective tile: the other one is no longer drawn
    assert 12 not in st.legal_actions() and 7 not in st.legal_actions() and 16 not in st.legal_actions()
    dealt = 1
    while st.decision() == L.K_TRIUMPH_TILE:
        st.apply_checked(st.legal_actions()[-1])
        dealt += 1
    assert dealt == 5 and list(st.track or b"") == [TILES[i] for i in (7, 15, 14, 13, 11)]
    assert st.check() is None
    # a saved game alone with both objective tiles, or the 5-star tile, is refused
    for tiles in ((8, 13, 1, 2, 3), (17, 1, 2, 3, 4)):
        bad = st.clone()
        bad.s[_f(bad) + L.F_TILES:_f(bad) + L.F_TILES + 5] = bytes(tiles)
        assert bad.check() == "desolation tiles"


def test_a_player_alone_plays_only_the_desolation_and_without_alliances():
    # "1 player: 5 tiles" (Desolation setup): a cooperative game needs no Automa, which every other
    # 1-player game of Scythe does (out of scope: docs/fenris.md). An alliance is "with another
    # player": not alone.
    from firmware.rules.errors import SetupError
    from firmware.rules.scythe.fenris import new_game
    from firmware.rules.scythe.ruleset import RULESET as RS

    assert RS.player_range({"desolation": [1]}) == (1, 5) and RS.player_range({}) == (2, 5)
    assert RS.player_range({"desolation": [1], "alliances": [1]}) == (2, 5)
    for options in ({}, {"war": [1]}, {"desolation": [1], "alliances": [1]}):
        try:
            RS.new_game(board(), 1, options)
            raise AssertionError("1 player accepted with %r" % (options,))
        except SetupError as e:
            assert e.args[0] == "bad_players"
    st = RS.new_game(board(), 1, {"desolation": [1], "cards": [1]})
    assert st.n_players() == 1 and st.check() is None
    plain = new_game(board(), 2, True, C.MOD_WAR)   # a state of 1 player without the Desolation
    plain.s[L.N] = 1
    assert plain.check() == "players, stage or kind"


def test_alone_against_it_the_game_ends_by_its_rules():
    # A player alone, the rule bot, to the end: "Players lose the game immediately if the
    # Desolation faction has 6 stars on the Desolation Tile or 0 popularity"; "Players win the
    # game immediately if there is at least 1 star on each Triumph Tile or if they destroy all 6
    # Desolation units": its popularity at 0, or its 6 stars, or a win.
    from firmware.rules.scythe.ruleset import RULESET
    from tests.rules.scythe_support import play_out

    for seed in range(2):
        st = started((NORDIC,), (INDUSTRIAL,), mods=MODS)
        play_out(RULESET, st, seed, 20000, 25)
        D = _D()
        assert st.is_terminal() and st.n_players() == 1
        won = st.winners() == [0] or tuple(st.winners()) == (0,)
        lost = D.popularity(st) == 0 or D.stars(st) == 6
        assert won != lost, (list(st.winners()), D.popularity(st), D.stars(st))


def test_its_turn_comes_after_the_last_players_and_the_timer_runs():
    # "The Desolation faction takes the last turn each round." "Reduce its popularity by 1" "If the
    # Desolation popularity is 13-17, its turn is over (no movement)."
    st = _game()
    D = _D()
    first, last = D.order(st)
    begin_turn(st, first)
    _skip_turn(st, first)
    assert st.current_player() == last
    _skip_turn(st, last)
    assert D.popularity(st) == 17 and sorted(D.units(st)) == AROUND   # no movement
    assert st.decision() == L.K_SECTION and st.current_player() == first


def test_at_12_it_rolls_and_moves_all_its_units_that_way():
    # "If the Desolation popularity is 1-12, proceed to movement" "Roll the blue die. ... Move ALL
    # Desolation units in that direction."
    st = _game()
    D = _D()
    b = board()
    _its_turn(st, 13)
    assert st.decision() == L.K_DES_DIRECTION and st.current_player() == -1 and D.popularity(st) == 12
    before = D.units(st)
    st.apply_checked(0, -1)   # east
    after = D.units(st)
    for x, y in zip(before, after):
        want = D.step(b, x, 0)
        assert y == (x if want == L.NOWHERE else want)
    assert after != before and st.check() is None


def test_at_0_popularity_the_desolation_wins():
    # "If the Desolation popularity reaches 0, the game ends, and the Desolation faction wins."
    st = _game()
    _its_turn(st, 1)
    assert st.is_terminal() and st.winners() == ()


def test_a_unit_moves_once_the_one_in_its_way_has_and_the_blocked_one_stays():
    # "A Desolation unit cannot move onto a territory containing another Desolation unit. Move
    # these units in an order so that as many of them move as possible."
    b = board()
    D = _D()
    st = _game()
    a, c = 36, 37   # 36's east neighbour is 37 (direction 0)
    assert b.adj[a * 6] == c and D.step(b, c, 0) != L.NOWHERE
    _units(st, [a, c])
    _its_turn(st, 10)
    st.apply_checked(0, -1)
    assert D.units(st)[:2] == [c, D.step(b, c, 0)]   # the front one first, then the one behind
    # A unit whose way leads off the map stays (S1), and the one behind it too.
    edge = [x for x in range(b.n_spaces) if b.terrain[x] != 0 and D.step(b, x, 0) == L.NOWHERE
            and any(b.adj[y * 6] == x and b.terrain[y] != 0 for y in range(b.n_spaces))][0]
    behind = [y for y in range(b.n_spaces) if b.adj[y * 6] == edge][0]
    st = _game()
    _units(st, [behind, edge])
    _its_turn(st, 10)
    st.apply_checked(0, -1)
    assert D.units(st)[:2] == [behind, edge]


def test_it_crosses_rivers_onto_lakes_but_never_through_a_tunnel():
    # "Desolation units can cross rivers and move onto lakes, but they can't use tunnels"
    b = board()
    D = _D()
    for x in range(b.n_spaces):
        for d in range(6):
            y = b.adj[x * 6 + d]
            if y == 255 or b.terrain[y] == 0:
                assert D.step(b, x, d) == L.NOWHERE
            else:
                assert D.step(b, x, d) == y   # the neighbour, whatever the border (river, lake)
    river = [(x, d) for x in range(b.n_spaces) for d in range(6) if b.edge[x * 6 + d] == 1
             and b.adj[x * 6 + d] != 255 and b.terrain[b.adj[x * 6 + d]] != 0]
    assert river   # (the map has river borders it crosses)


def test_lone_workers_go_home_and_resources_travel_with_it():
    # "If a Desolation unit moves onto a territory containing a player's workers (but no combat
    # units), the workers retreat back to their home base. The Desolation faction does not lose
    # popularity for this." "If there are resources on a territory with a Desolation unit ..., it
    # transports those resources as it moves."
    b = board()
    D = _D()
    st = _game()
    x = 36
    y = D.step(b, x, 0)
    _units(st, [x])
    set_res(st, x, oil=2, food=1)
    put(st, 1, L.U_WORKER + 1, y)
    pops = [st.s[po(p) + L.P_POP] for p in range(2)]
    _its_turn(st, 10)
    st.apply_checked(0, -1)
    assert D.units(st)[0] == y
    assert st.s[po(1) + L.P_UNITS + L.U_WORKER + 1] == b.home[RUSVIET]
    assert bytes(st.s[L.RES0 + 4 * y:L.RES0 + 4 * y + 4]) == bytes((2, 0, 0, 1))
    assert bytes(st.s[L.RES0 + 4 * x:L.RES0 + 4 * x + 4]) == bytes(4)
    assert D.popularity(st) == 9 and [st.s[po(p) + L.P_POP] for p in range(2)] == pops
    # Harder: "Whenever a Desolation unit displaces a worker via movement or combat, Desolation
    # loses 1 popularity per worker".
    st = _game(mods=MODS | C.MOD_HARDER)
    _units(st, [x])
    put(st, 1, L.U_WORKER + 1, y)
    put(st, 1, L.U_WORKER + 2, y)
    _its_turn(st, 10)
    st.apply_checked(0, -1)
    assert D.popularity(st) == 7
    st = _game(mods=MODS | C.MOD_HARDER)   # its timer run out by the workers: the players lose
    _units(st, [x])
    put(st, 1, L.U_WORKER + 1, y)
    put(st, 1, L.U_WORKER + 2, y)
    _its_turn(st, 3)
    st.apply_checked(0, -1)
    assert D.popularity(st) == 0 and st.is_terminal() and st.winners() == ()


def _onto(st, p, frm, to):
    """p's character on frm moves onto `to` (its Move; nothing carried), the Move done."""
    put(st, p, L.U_CHARACTER, frm)
    st.s[po(p) + L.P_LAST] = 255
    begin_turn(st, p)
    take_top(st, p, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, p)
    st.apply_checked(to, p)
    while st.current_player() == p and st.decision() in (L.K_CARRY, L.K_MOVE_UNIT):
        st.apply_checked(0 if st.decision() == L.K_CARRY else L.MOVE_DONE, p)


def test_players_share_territories_without_conflict_and_pay_from_each_others():
    # "the game views all players as the same faction for purposes of control"; "Multiple players
    # can have units on the same territory ... You cannot engage in combat (or any conflict) with
    # other players."; "You can spend resources controlled by any player".
    from tests.rules.test_fenris_faction import _land_pair

    x, y = _land_pair(board())
    st = _game()
    _units(st, FAR)
    put(st, 1, L.U_MECH, y)
    put(st, 1, L.U_WORKER + 1, y)
    _onto(st, 0, x, y)
    assert st.s[po(0) + L.P_UNITS + L.U_CHARACTER] == y
    assert st.s[po(1) + L.P_UNITS + L.U_MECH] == y and st.s[po(1) + L.P_UNITS + L.U_WORKER + 1] == y
    assert st.decision() != L.K_DIAL and st.decision() != L.K_COMBAT_AT   # no combat between players
    assert st.s[po(0) + L.P_POP] == st.s[po(1) + L.P_POP]   # no worker of player 1's sent away
    ctrl = common.control_map(st)[0]
    assert ctrl[y] == st.s[L.ACTIVE]
    st = _game()                           # onto another player's lone worker: it stays
    _units(st, FAR)
    put(st, 1, L.U_WORKER + 1, y)
    pop = st.s[po(0) + L.P_POP]
    _onto(st, 0, x, y)
    assert st.s[po(1) + L.P_UNITS + L.U_WORKER + 1] == y and st.s[po(0) + L.P_POP] == pop
    put(st, 0, L.U_CHARACTER, st.board.home[NORDIC])
    ctrl = common.control_map(st)[0]
    set_res(st, y, metal=3)
    assert ctrl[y] == 0 and common.controlled_res(st, 0, 1, ctrl) == 3   # 1's territory: 0 pays from it


def test_a_bottom_action_is_paid_with_another_players_resources_alone():
    # "You can spend resources controlled by any player": the bottom-row action is offered when
    # the resources lie only on a territory of another player's (the board once asked only the
    # spaces of the payer's own pieces before the control map).
    from firmware.rules.scythe import content as C
    from firmware.rules.scythe.bottom_row import bottom_cost
    from tests.rules.scythe_support import section_of

    st = _game()
    _units(st, FAR)
    sec = section_of(st, 0, C.TA_BOLSTER)
    cost = bottom_cost(st, 0, sec)
    put(st, 1, L.U_WORKER + 1, 8)
    common.add_res(st, 8, sec, cost)
    st.s[po(0) + L.P_LAST] = 255
    begin_turn(st, 0)
    st.apply_checked(sec, 0)
    st.apply_checked(L.O_SKIP, 0)
    assert st.decision() == L.K_BOTTOM and L.O_FIRST in st.legal_actions()


def test_control_16_resources_by_standard_competitive_rules_for_every_player():
    # "Each player may only achieve objectives, and the "control 16 resources" Triumph Tile, using
    # standard competitive rules (i.e., for objectives, you can't share resources, units,
    # territory, etc.)." Shared control (paying, moving) is not this tile's: each player counts
    # the territories its own units and structures control, whoever's turn it is.
    from firmware.rules.scythe.fenris_track import goal_mask

    st = _dealt((15, 0, 1, 2, 3, 4, 5, 6))   # the 16 resources tile, then 7 of the base categories
    assert st.goals is not None and st.goals[0] == C.CAT_RES16
    _units(st, FAR)
    put(st, 1, L.U_MECH, 24)
    set_res(st, 24, metal=10)              # player 1's territory: 10
    put(st, 0, L.U_CHARACTER, 25)
    set_res(st, 25, wood=6)                # player 0's: 6
    begin_turn(st, 0)
    assert common.control_map(st)[0][24] == 0   # (shared: player 0 may pay from it)
    assert goal_mask(st, 0) & 1 == 0 and goal_mask(st, 1) & 1 == 0   # 16 only together: no star
    set_res(st, 24, metal=16)              # player 1's own 16, in player 0's turn: its star
    begin_turn(st, 0)
    assert goal_mask(st, 1) & 1 and common.stars(st, 1) == 1
    assert goal_mask(st, 0) & 1 == 0 and common.stars(st, 0) == 0 and st.check() is None


def test_beaten_defenders_leave_no_workers_of_another_player_with_its_unit():
    # "If you lose combat: Treat it as any other combat loss for yourself"; "If a Desolation unit
    # moves onto a territory containing a player's workers (but no combat units), the workers
    # retreat back to their home base"; Harder: "Whenever a Desolation unit displaces a worker via
    # movement or combat, Desolation loses 1 popularity per worker". Player 0's character loses
    # the fight it is attacked in; player 1's worker there (not involved: no character or mech)
    # goes home too, and with Harder the timer counts it.
    D = _D()
    for harder in (False, True):
        st = _game(mods=MODS | (C.MOD_HARDER if harder else 0))
        _units(st, [30] + FAR)
        x = D.step(board(), 30, 0)
        put(st, 0, L.U_CHARACTER, x)
        put(st, 1, L.U_WORKER + 1, x)
        set_player(st, 0, power=0, hand=0)
        _its_turn(st, 10)
        st.apply_checked(0, -1)   # its roll: its units move that way, the first onto x
        while st.decision() in (L.K_DES_DIAL, L.K_DES_CARD):
            st.apply_checked(0, st.current_player())
        st.apply_checked(6, -1)   # its die: 6, the players' 0
        assert D.units(st)[0] == x and D.stars(st) == 1
        assert st.s[po(0) + L.P_UNITS + L.U_CHARACTER] == st.board.home[NORDIC]
        assert st.s[po(1) + L.P_UNITS + L.U_WORKER + 1] == st.board.home[RUSVIET]
        assert D.popularity(st) == (8 if harder else 9) and st.check() is None


def _fight(st, attack=True, power=5, hand=1, pop=10):
    """Player 0's character fights its unit on 30: attacking (from 24) or attacked (its turn)."""
    D = _D()
    _units(st, [30] + FAR)
    set_player(st, 0, power=power, hand=hand)
    if attack:
        _onto(st, 0, 24, 30)
    else:
        put(st, 0, L.U_CHARACTER, D.step(board(), 30, 0))
        _its_turn(st, pop)
        st.apply_checked(0, -1)   # east: onto the character
    return D


def test_a_combat_in_the_open_its_power_the_cards_next_to_its_tile_and_a_die():
    # "This is done in full view of all players, not secretly." "A Desolation unit's base power is
    # equal to the sum of the card(s) next to the Desolation tile" "Roll the orange six-sided die
    # ... Add the number on that die to the Desolation's base power". "Attacker wins ties".
    st = _game()
    D = _fight(st)
    assert st.decision() == L.K_DES_DIAL and st.current_player() == 0
    st.apply_checked(3, 0)
    assert st.s[po(0) + L.P_POWER] == 2   # paid at once, in the open
    assert st.decision() == L.K_DES_CARD
    st.apply_checked(2, 0)                # 3 + 2 = 5 against 2 + the die
    assert st.s[L.DISCARD] == 1 and st.s[po(0) + L.P_NCARDS] == 0
    assert bytes(st.public_bytes())[7:-4] == bytes(st.s)   # nothing sealed
    assert st.decision() == L.K_DES_DIE and st.current_player() == -1
    st.apply_checked(3, -1)               # 5 against 5: a tie, the attacker (the player) wins
    assert D.units(st)[0] == L.NOWHERE    # "Destroy the Desolation unit"
    assert st.decision() == L.K_SEEN_CARD   # "draw a combat card, place it next to the Desolation tile"
    st.apply_checked(3, -1)               # a 5
    assert D.power(st) == 7 and D.tile_cards(st, 3) == 1
    assert st.COMBAT_STARS == 0 and st.s[po(0) + L.P_COMBAT_STARS] == 0   # no combat tile dealt: no star
    assert st.check() is None and st.current_player() == 0   # its Move's combats over: its turn goes on
    st = _game()                          # attacked: a tie is its
    D = _fight(st, attack=False)
    assert st.decision() == L.K_DES_DIAL
    st.apply_checked(3, 0)
    st.apply_checked(2, 0)
    st.apply_checked(3, -1)
    assert D.units(st)[0] == D.step(board(), 30, 0)   # it stays where it attacked
    assert D.stars(st) == 1               # "The Desolation faction places a star on the Desolation tile."
    assert st.s[po(0) + L.P_UNITS + L.U_CHARACTER] == board().home[NORDIC]   # "any other combat loss"
    assert st.s[po(0) + L.P_NCARDS] == 1  # showed power: a card drawn


def _dealt(tiles, n=2):
    """A game past setup whose Triumph Tiles are `tiles` (TILES' indexes), in the order dealt."""
    from firmware.rules.scythe.fenris import new_game

    st = new_game(board(), n, True, MODS)
    for t in tiles:
        st.apply_checked(t)
    while st.current_player() == -1:
        st.apply_checked(st.legal_actions()[0])
    _clear(st)
    return st


def test_an_involved_player_places_the_combat_star_if_a_combat_tile_is_dealt():
    # "One of the players involved in combat places a combat victory star if available among the
    # Triumph Tiles (there can be multiple defending players in combat, but only 1 star placed)."
    D = _D()
    st = _dealt((8, 0, 1, 2, 3, 4, 5, 6))   # a combat tile among the 8
    assert st.COMBAT_STARS == 1
    x = D.step(board(), 30, 0)
    _units(st, [30] + FAR)
    put(st, 0, L.U_CHARACTER, x)
    put(st, 1, L.U_MECH, x)
    set_player(st, 0, power=7, hand=0)
    set_player(st, 1, power=7, hand=0)
    _its_turn(st, 10)
    st.apply_checked(0, -1)
    first = D.order(st)[0]
    st.apply_checked(0, first)            # player 0 dials
    st.apply_checked(7, 0)
    st.apply_checked(1, -1)               # 7 against 2 + 1
    st.apply_checked(0, -1)               # the card drawn: a 2
    assert st.decision() == L.K_DES_STAR and st.current_player() == first and st.legal_actions() == [0, 1]
    st.apply_checked(1, first)
    assert [st.s[po(p) + L.P_COMBAT_STARS] for p in range(2)] == [0, 1]
    assert st.check() is None


def test_power_next_to_its_tile_is_at_most_16():
    # "mark the increase on the power track (max 16 power)"
    st = _game()
    f = _f(st)
    st.s[f + L.F_DES_CARDS] = 0x31      # 1 two, 3 threes
    st.s[f + L.F_DES_CARDS + 1] = 0x11   # a four, a five: 2 + 9 + 4 + 5 = 20
    st.s[f + L.F_DES_POWER] = 16
    assert st.check() is None
    st.s[f + L.F_DES_POWER] = 20
    assert st.check() == "desolation power"
    st = _game()                           # 3 fives next to its tile (15); won, a 4 drawn: 16, not 19
    D = _D()
    f = _f(st)
    st.s[f + L.F_DES_CARDS] = 0
    st.s[f + L.F_DES_CARDS + 1] = 0x30
    st.s[f + L.F_DES_POWER] = 15
    x = D.step(board(), 30, 0)
    _units(st, [30] + FAR)
    for u in range(4):                     # the character and 3 mechs: 4 cards
        put(st, 0, u, x)
    set_player(st, 0, power=7, hand=4)
    _its_turn(st, 10)
    st.apply_checked(0, -1)
    st.apply_checked(7, 0)
    for v in (5, 5, 5, 2):
        st.apply_checked(v, 0)
    st.apply_checked(6, -1)               # 7 + 17 = 24 against 15 + 6: won
    assert st.decision() == L.K_SEEN_CARD and 3 not in st.legal_actions()   # the six 5s are seen
    st.apply_checked(2, -1)               # a 4
    assert D.power(st) == 16 and D.tile_cards(st, 2) == 1 and st.check() is None


def test_only_one_involved_player_spends_power_each_plays_cards_for_its_units():
    # "If you're defending against Desolation with combat units from multiple players on the same
    # territory, each player can use mech abilities and play combat cards for their units. However,
    # only one involved player spends power, their own, via the power dial."
    st = _game()
    D = _D()
    b = board()
    x = D.step(b, 30, 0)
    _units(st, [30])
    put(st, 0, L.U_CHARACTER, x)
    put(st, 1, L.U_MECH, x)
    set_player(st, 0, power=5, hand=2)
    set_player(st, 1, power=6, hand=2)
    _its_turn(st, 10)
    st.apply_checked(0, -1)
    first = D.order(st)[0]
    assert st.decision() == L.K_DES_DIALER and st.current_player() == first
    assert st.legal_actions() == [0, 1]
    st.apply_checked(1, first)            # player 1 spends power
    assert st.decision() == L.K_DES_DIAL and st.current_player() == 1
    st.apply_checked(6, 1)
    carders = []
    while st.decision() == L.K_DES_CARD:
        q = st.current_player()
        carders.append(q)
        st.apply_checked(2 if st.legal_actions()[-1] else 0, q)
    assert sorted(set(carders)) == [0, 1]
    assert st.s[po(0) + L.P_POWER] == 5 and st.s[po(1) + L.P_POWER] == 0
    assert st.s[po(0) + L.P_NCARDS] == 1 and st.s[po(1) + L.P_NCARDS] == 1   # one card a unit each
    st.apply_checked(1, -1)               # 6 + 2 + 2 = 10 against 2 + 1: won
    assert D.units(st)[0] == L.NOWHERE


def test_the_sixth_star_on_its_tile_loses_the_game():
    # "If it is the 6th Desolation star on the tile, players lose the game immediately."
    st = _game()
    st.s[_f(st) + L.F_DES_STARS] = 5
    _fight(st, attack=False, power=0, hand=0)
    if st.decision() == L.K_DES_DIAL:
        st.apply_checked(0, 0)
    while st.decision() == L.K_DES_CARD:
        st.apply_checked(0, st.current_player())
    st.apply_checked(1, -1)
    assert st.is_terminal() and st.winners() == ()


def test_destroying_all_six_units_wins_for_every_player():
    # "Players win the game immediately if ... they destroy all 6 Desolation units."
    st = _game()
    D = _fight(st)
    for i in range(1, 6):
        st.s[_f(st) + L.F_DES + i] = L.NOWHERE   # (the others destroyed already)
    st.apply_checked(5, 0)
    while st.decision() == L.K_DES_CARD:
        st.apply_checked(0, 0)
    st.apply_checked(1, -1)
    assert st.is_terminal() and st.winners() == (0, 1) and D.units(st) == [L.NOWHERE] * 6


def test_a_star_on_every_tile_wins_and_a_sixth_star_ends_nothing():
    # "Players win the game immediately if there is at least 1 star on each Triumph Tile"; "For
    # the 5-star Triumph Tile, you place your 6th star on it immediately after you place your 5th
    # star." (D9: the 6th star does not end the game.)
    D = _D()
    st = _game()
    goals = st.goals
    assert goals is not None and D.covered(st) is False
    x = len(st.s) - L.TAIL - L.F_SIZE + L.F_TILE_STARS
    full = (1 << len(goals)) - 1
    st.s[x] = full & 0xFF           # player 0: a star on every tile but the counted ones
    st.s[x + 1] = full >> 8
    st.s[po(0) + L.P_STARS] = (1 << min(6, len(goals))) - 1
    st.changed()
    covered = D.covered(st)
    assert covered == (st.COMBAT_STARS == 0 and st.OBJECTIVE_STARS == 0)
    for p in range(2):
        st.s[po(p) + L.P_COMBAT_STARS] = st.COMBAT_STARS
        st.s[po(p) + L.P_OBJ_STARS] = st.OBJECTIVE_STARS
    assert D.covered(st)
    begin_turn(st, 0)
    assert st.is_terminal() and st.winners() == (0, 1)


def test_random_desolation_games_end_and_stay_consistent():
    from firmware.rules.scythe.ruleset import RULESET
    from tests.rules.scythe_support import play_out

    for seed in range(3):
        st = started((NORDIC, RUSVIET), (INDUSTRIAL, ENGINEERING), mods=MODS)
        play_out(RULESET, st, seed, 20000, 25)
        assert st.is_terminal()


def test_the_5_star_tile_takes_the_6th_star_at_once_and_the_game_goes_on():
    # "For the 5-star Triumph Tile, you place your 6th star on it immediately after you place your
    # 5th star." D9: no end by a 6th star ("The game immediately ends when a player places their
    # 6th star token" gives way to "Desolation End of Game").
    from firmware.rules.scythe.fenris_track import goal_mask

    st = _dealt((16, 0, 1, 2, 3, 4, 5, 6))   # the 5-star tile, then 7 of the base categories
    assert st.goals is not None and st.goals[0] == C.CAT_5STARS
    x = _f(st) + L.F_TILE_STARS
    st.s[x] = 0b11110   # 4 stars: upgrades, mechs, structures, recruits
    st.s[po(0) + L.P_STARS] = 0b1111
    set_player(st, 0, pop=18)   # popularity (the 5th)
    st.s[L.STARS_DIRTY] = 1
    begin_turn(st, 0)
    assert common.stars(st, 0) == 6 and goal_mask(st, 0) & 1   # the 5-star tile's, right after
    assert not st.is_terminal() and st.check() is None


def test_influence_tokens_are_ignored_by_every_player():
    # "For tokens that reference "opponents" (e.g., Traps and Influence tokens), all players ignore
    # them, as they are not opponents in this module." (Fenris's units would stop and gain one.)
    from firmware.rules.scythe import fenris_faction as F
    from tests.rules.scythe_support import MECHANICAL, SAXONY
    from tests.rules.test_fenris_faction import _move, _speed_line, _token

    b = board()
    x, y, z = _speed_line(b)
    st = started((SAXONY, C.FACTION_FENRIS), (MECHANICAL, ENGINEERING), mods=MODS | C.MOD_FENRIS)
    _clear(st)
    _units(st, FAR)
    put(st, 1, L.U_CHARACTER, 0)
    put(st, 0, L.U_CHARACTER, 1)
    put(st, 0, L.U_MECH + 2, x)          # Saxony's Speed
    _token(st, y)
    _move(st, 0, L.U_MECH + 2, y)
    assert st.decision() == L.K_MOVE_TO and z in st.legal_actions()   # not stopped by the token
    st.apply_checked(z, 0)
    assert F.token_at(st, y) >= 0 and F.held(st, 0) == 0            # nor gained


def test_from_an_empty_deck_its_card_comes_from_the_discard_pile_shuffled():
    # "draw a combat card" (base: "If the deck is empty, shuffle the discard pile to form a new
    # deck"): with the deck empty, the card turned up is one of the discard pile's.
    st = _game()
    D = _fight(st, power=7, hand=0)
    s = st.s
    s[L.DISCARD:L.DISCARD + 4] = bytes((0, 0, 2, 1))    # two 4s and a 5 discarded, a 2 next to its tile
    s[po(1) + L.P_NCARDS] = 42 - 3 - 1
    assert common.deck_size(st) == 0
    st.apply_checked(7, 0)
    st.apply_checked(1, -1)                  # 7 against 2 + 1: won
    assert st.decision() == L.K_SEEN_CARD and st.chance_outcomes() == [(2, 2), (3, 1)]
    st.apply_checked(2, -1)
    assert D.power(st) == 6 and bytes(s[L.DISCARD:L.DISCARD + 4]) == bytes(4) and st.check() is None


def test_the_rule_bot_values_its_units_destroyed_and_a_fights_odds_before_the_die():
    # The players' common goal ("if they destroy all 6 Desolation units"; "If it is the 6th
    # Desolation star on the tile, players lose") in the rule bot's value: a unit destroyed is
    # worth more, a star on its tile less, and a fight whose die is still to roll is worth its odds
    # (more power dialled, better odds): the look-ahead stops at the die.
    from firmware.rules.scythe import fenris_desolation_bot as B
    from firmware.rules.scythe import rule_bot

    def goal(c):
        return B.value(c, 0) - B._PLAIN_VALUE(c, 0)

    assert rule_bot.value is B.value
    st = _game()
    _fight(st)
    assert st.decision() == L.K_DES_DIAL
    near = B.W_NEAR
    B.W_NEAR = 0   # without the step term (below)
    try:
        at = {}
        for dial in (0, 3, 5):
            c = st.clone()
            c.apply_checked(dial, 0)
            c.apply_checked(0, 0)   # no card: the dial alone against 2 + the die
            assert c.decision() == L.K_DES_DIE
            at[dial] = goal(c)
        # 0 wins on no die; 3 on a 1 (a tie: the player attacks); 5 on 1-3
        assert at[0] == -B.W_LOSS and at[3] == (B.W_KILL - 5 * B.W_LOSS) // 6
        assert at[5] == (3 * B.W_KILL - 3 * B.W_LOSS) // 6
        gone = st.clone()
        _units(gone, FAR)   # the unit on 30 destroyed
        starred = st.clone()
        starred.s[_f(starred) + L.F_DES_STARS] = 1
        assert goal(gone) == goal(st) + B.W_KILL and goal(starred) == goal(st) - B.W_LOSS
    finally:
        B.W_NEAR = near
    # a step closer to one of its units on land while its power and 2 cards may beat it (power 5
    # and 1 card against 2 + 6: one short), and not with 1 power less
    c = _game()
    _units(c, [30] + FAR)
    set_player(c, 0, power=5, hand=1)
    put(c, 0, L.U_CHARACTER, 24)   # beside 30
    beside = goal(c)
    set_player(c, 0, power=4, hand=1)
    assert beside - goal(c) == 5 * B.W_NEAR


def test_death_ray_only_identical_cards_in_each_combat_with_it():
    # Death Ray: "In combat, play any number of combat cards having the same value. Once this
    # ability is active, you may only use identical cards in each combat"; Desolation Combat:
    # "Combat abilities that affect only the player may be used". Fenris (4 mechs: Death Ray) and
    # Saxony, whose card comes first in turn order: Fenris's first card may be any value, then
    # only that one, the teammate's card apart.
    from tests.rules.scythe_support import ENGINEERING, MECHANICAL, SAXONY

    D = _D()
    for attack in (True, False):
        st = started((C.FACTION_FENRIS, SAXONY), (MECHANICAL, ENGINEERING), mods=MODS | C.MOD_FENRIS)
        _clear(st)
        home = st.board.home[common.faction(st, 0)]
        for i in range(4):
            put(st, 0, L.U_MECH + i, home)
        assert common.abilities(st, 0) & C.M_DEATH_RAY and D.order(st) == [1, 0]
        _units(st, [30] + FAR)
        set_player(st, 0, power=1, hand=4)
        set_player(st, 1, power=1, hand=1)
        if attack:   # Fenris's character alone attacks
            _onto(st, 0, 24, 30)
        else:        # it attacks Fenris's character and Saxony's mech
            x = D.step(board(), 30, 0)
            put(st, 0, L.U_CHARACTER, x)
            put(st, 1, L.U_MECH, x)
            _its_turn(st, 10)
            st.apply_checked(0, -1)
            st.apply_checked(1, 1)   # Saxony dials
            assert st.decision() == L.K_DES_DIAL
        st.apply_checked(0, st.current_player())
        if not attack:
            assert st.decision() == L.K_DES_CARD and st.current_player() == 1
            st.apply_checked(3, 1)   # Saxony's 3 (its mech's card)
        assert st.decision() == L.K_DES_CARD and st.current_player() == 0
        assert st.legal_actions() == [0, 2, 3, 4, 5]   # the first: any value
        st.apply_checked(2, 0)
        assert st.legal_actions() == [0, 2], attack    # then only its value
        st.apply_checked(2, 0)
        assert st.legal_actions() == [0, 2], attack    # any number of them
        st.apply_checked(0, 0)
        assert st.decision() == L.K_DES_DIE and st.s[po(0) + L.P_NCARDS] == 2
        st.apply_checked(1, -1)   # 4 (+ Saxony's 3) against 2 + 1: won
        assert D.units(st)[0] == L.NOWHERE and st.check() is None


def test_the_8_cards_tile_on_the_player_s_own_turn_not_in_the_desolation_s():
    # "There is a Triumph Tile for having 8 Combat Cards in your hand on your turn." (D2: during
    # the player's own turn); "The Desolation faction takes the last turn each round.": its turn
    # is no player's, though the first player is the active one already. So a star that would
    # cover the last tile waits for that player's turn, and the Desolation's combats come first.
    from firmware.rules.scythe.fenris_track import goal_mask

    D = _D()
    st = _dealt((10, 0, 1, 2, 3, 4, 5, 6))   # the 8 cards tile, then 7 of the base categories
    assert st.goals is not None and st.goals[0] == C.CAT_CARDS8
    _units(st, FAR)
    first = D.order(st)[0]
    set_player(st, first, hand=8)
    _its_turn(st, 10)
    assert st.decision() == L.K_DES_DIRECTION and goal_mask(st, first) == 0   # its turn: no star
    st.apply_checked(0, -1)                  # it moves (no fight): its turn is over
    assert st.decision() == L.K_SECTION and st.current_player() == first
    assert goal_mask(st, first) == 1 and st.check() is None   # the first player's turn: its star
    # every other tile covered, 5 stars on its tile, a fight due in its turn: it is fought first
    st = _dealt((10, 0, 1, 2, 3, 4, 5, 6))
    other = 1 - first
    x = D.step(board(), 30, 0)
    _units(st, [30] + FAR)
    put(st, other, L.U_CHARACTER, x)
    set_player(st, other, power=0, hand=0)
    f = _f(st)
    st.s[f + L.F_TILE_STARS + 2 * other] = 0b1111110       # 6 tiles: slots 1-6
    st.s[po(other) + L.P_STARS] = 0b111111
    st.s[f + L.F_TILE_STARS + 2 * first] = 0b10000000      # slot 7
    st.s[po(first) + L.P_STARS] = 0b1
    st.s[f + L.F_DES_STARS] = 5
    set_player(st, first, hand=8)            # the last tile, on its next turn
    _its_turn(st, 10)
    assert not st.is_terminal() and not D.covered(st)
    st.apply_checked(0, -1)                  # east: onto the character
    assert not st.is_terminal() and goal_mask(st, first) == 0b10000000
    if st.decision() == L.K_DES_DIAL:
        st.apply_checked(0, other)
    while st.decision() == L.K_DES_CARD:
        st.apply_checked(0, st.current_player())
    st.apply_checked(1, -1)                  # 0 against 2 + 1: its 6th star
    assert st.is_terminal() and st.winners() == ()


def test_the_star_on_the_last_tile_wins_at_once():
    # "Winning: Players win the game immediately if there is at least 1 star on each Triumph
    # Tile": the first player's 8 cards star, at the start of its turn, covers the last tile, and
    # the game is over before it chooses a section (it waited a decision before).
    from firmware.rules.scythe.fenris_track import goal_mask

    D = _D()
    st = _dealt((10, 0, 1, 2, 3, 4, 5, 6))
    first = D.order(st)[0]
    other = 1 - first
    _units(st, FAR)
    f = _f(st)
    st.s[f + L.F_TILE_STARS + 2 * other] = 0b1111110       # 6 tiles: slots 1-6
    st.s[po(other) + L.P_STARS] = 0b111111
    st.s[f + L.F_TILE_STARS + 2 * first] = 0b10000000      # slot 7
    st.s[po(first) + L.P_STARS] = 0b1
    set_player(st, first, hand=8)            # the last tile, on its turn
    _its_turn(st, 10)
    st.apply_checked(0, -1)                  # it moves (no fight): its turn is over
    assert goal_mask(st, first) & 1 and D.covered(st)
    assert st.is_terminal() and st.winners() == (0, 1)


def test_the_5_star_tile_takes_the_6th_star_before_another_category_met_at_once():
    # "For the 5-star Triumph Tile, you place your 6th star on it immediately after you place your
    # 5th star." Two categories met at once with 4 stars: the 5th on the first of them, the 6th on
    # the 5-star tile, none on the other (6 stars at most); the same when the 5th is a combat star
    # (common.star_for) and a category is met with it. D9: the 6th star ends nothing.
    from firmware.rules.scythe.fenris_track import goal_mask

    st = _dealt((0, 1, 2, 3, 4, 5, 6, 16))   # 7 base categories, then the 5-star tile (slot 7)
    assert st.goals is not None and st.goals[7] == C.CAT_5STARS
    x = _f(st) + L.F_TILE_STARS
    st.s[x] = 0b1111                          # 4 stars: upgrades, mechs, structures, recruits
    st.s[po(0) + L.P_STARS] = 0b1111
    set_player(st, 0, pop=18, power=16)       # popularity and power at once
    st.s[L.STARS_DIRTY] = 1
    begin_turn(st, 0)
    assert common.stars(st, 0) == 6 and goal_mask(st, 0) == 0b10101111   # popularity, the 5-star tile
    assert not st.is_terminal() and st.check() is None
    st = _dealt((8, 0, 1, 2, 3, 4, 5, 16))   # a combat tile (not a slot of goals), the 5-star tile last
    assert st.goals is not None and st.COMBAT_STARS == 1 and st.goals[6] == C.CAT_5STARS
    x = _f(st) + L.F_TILE_STARS
    st.s[x] = 0b1111
    st.s[po(0) + L.P_STARS] = 0b1111
    st.s[po(0) + L.P_COMBAT_STARS] = 1        # the 5th: a combat star, as star_for places it
    set_player(st, 0, pop=18)                 # popularity met at that moment
    st.s[L.STARS_DIRTY] = 1
    begin_turn(st, 0)
    assert common.stars(st, 0) == 6 and goal_mask(st, 0) == 0b1001111   # the 5-star tile, not popularity
    assert not st.is_terminal() and st.check() is None
