# Scythe's Move (rulebook "Move", the mech abilities): one unit at a time to an adjacent
# territory; rivers and lakes block unless an ability allows; tunnels are adjacent to each
# other; characters and mechs stop on entering opponents' units and send lone workers home
# (1 popularity each); workers never enter opponents' territories; mechs carry workers,
# every unit carries resources; no unit enters a home base.
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from firmware.rules.scythe.move import destinations
from tests.rules.scythe_support import (CRIMEA, INDUSTRIAL, MECHANICAL, NORDIC, POLANIA, RUSVIET,
                                        SAXONY, H, begin_turn, put, set_player, set_res,
                                        started, take_top)


def _mech(st, p, i, at):
    put(st, p, L.U_MECH + i, at)


def test_workers_cannot_cross_rivers_or_enter_home_bases():
    st = started((SAXONY, NORDIC))
    assert destinations(st, 0, L.U_WORKER) == [H(42), H(48)]     # the worker on 41


def test_nordic_workers_swim_across_rivers():
    st = started((NORDIC, SAXONY))
    w = L.U_WORKER if st.s[po(0) + L.P_UNITS + L.U_WORKER] == H(11) else L.U_WORKER + 1
    assert destinations(st, 0, w) == [H(10), H(12), H(17), H(18)]


def test_all_tunnels_are_adjacent_to_each_other():
    st = started((SAXONY, NORDIC))
    put(st, 0, L.U_WORKER, H(44))
    assert destinations(st, 0, L.U_WORKER) == [H(17), H(22), H(25), H(36), H(37), H(39), H(43), H(45)]


def test_riverwalk_crosses_rivers_onto_the_factions_terrains_only():
    st = started((RUSVIET, SAXONY))
    put(st, 0, L.U_CHARACTER, H(26))
    assert destinations(st, 0, L.U_CHARACTER) == [H(32), H(33)]
    _mech(st, 0, 0, H(33))                     # Rusviet's Riverwalk: farms and villages
    assert destinations(st, 0, L.U_CHARACTER) == [H(19), H(20), H(32), H(33)]   # not the forest 25


def test_lakes_need_seaworthy_or_submerge():
    st = started((NORDIC, SAXONY))
    put(st, 0, L.U_CHARACTER, H(15))
    assert H(16) not in destinations(st, 0, L.U_CHARACTER)
    _mech(st, 0, 1, H(12))                     # Nordic's Seaworthy
    assert H(16) in destinations(st, 0, L.U_CHARACTER) and H(14) in destinations(st, 0, L.U_CHARACTER)


def test_submerge_moves_from_any_lake_to_any_lake():
    st = started((POLANIA, SAXONY))
    _mech(st, 0, 1, H(24))                     # a Polania mech on a lake, Submerge deployed
    assert all(x in destinations(st, 0, L.U_MECH + 1) for x in (H(14), H(16), H(29), H(38), H(40), H(49)))


def _added_by_mech(st, p, i, at, unit=L.U_CHARACTER):
    """The destinations of p's unit that deploying p's mech i on `at` adds."""
    plain = set(destinations(st, p, unit))
    _mech(st, p, i, at)
    return set(destinations(st, p, unit)) - plain


def test_township_makes_the_villages_rusviet_controls_and_the_factory_adjacent():
    # "Township: For the purposes of Move actions for your character and mechs, villages you
    # control and the Factory are considered to be adjacent to each other."
    st = started((RUSVIET, SAXONY))
    put(st, 0, L.U_CHARACTER, H(28))     # on the village 28 (controlled: its character is there);
    # its worker stands on the village 26 from the setup; the other villages are nobody's
    assert _added_by_mech(st, 0, 1, H(27)) == {H(30), H(26)}   # the Factory and village 26
    put(st, 0, L.U_WORKER, H(33))        # village 26 left: no longer controlled
    assert H(26) not in destinations(st, 0, L.U_CHARACTER)
    put(st, 0, L.U_CHARACTER, H(30))     # and from the Factory to a controlled village
    put(st, 0, L.U_WORKER + 1, H(28))
    assert H(28) in destinations(st, 0, L.U_CHARACTER) and H(26) not in destinations(st, 0, L.U_CHARACTER)


def test_underpass_makes_the_mountains_saxony_controls_and_every_tunnel_adjacent():
    # "Underpass: For the purposes of Move actions for your character and mechs, mountains you
    # control and all tunnels are considered to be adjacent to each other."
    st = started((SAXONY, NORDIC))
    put(st, 0, L.U_CHARACTER, H(41))     # on the mountain 41 (its worker is there too)
    put(st, 0, L.U_WORKER + 1, H(46))    # and a worker on the mountain 46
    tunnels = {H(17), H(22), H(25), H(36), H(39), H(44)}
    assert _added_by_mech(st, 0, 1, H(48)) == tunnels | {H(46)}
    # the mountains 18 and 31, controlled by nobody, stay out of reach
    assert H(31) not in destinations(st, 0, L.U_CHARACTER) and H(18) not in destinations(st, 0, L.U_CHARACTER)


def test_wayfare_reaches_every_inactive_factions_home_base_and_its_own_but_no_opponents():
    # "Wayfare: Your character and mechs may move from a territory or home base to any inactive
    # faction's home base or your own regardless of the distance. An "inactive faction" is any
    # faction not currently in the game, including the expansion factions."
    st = started((CRIMEA, SAXONY))
    homes = st.board.home   # by faction: Nordic, Rusviet, Crimea, Saxony, Polania, Albion, Togawa
    put(st, 0, L.U_CHARACTER, H(20))
    added = _added_by_mech(st, 0, 1, H(20))
    assert added == {homes[f] for f in range(7) if f != SAXONY}
def _first_step(st, unit, to):
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(unit, 0)
    st.apply_checked(to, 0)


def test_speed_moves_two_territories_but_not_through_opponents():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _mech(st, 0, 2, H(43))                     # Saxony's Speed
    _first_step(st, L.U_MECH + 2, H(37))
    # the second territory is a decision of its own (or stop: SPACE_DONE)
    assert st.decision() == L.K_MOVE_TO and H(30) in st.legal_actions()
    assert H(38) not in st.legal_actions() and L.SPACE_DONE in st.legal_actions()   # no lake
    st.apply_checked(H(30), 0)
    assert st.s[po(0) + L.P_UNITS + L.U_MECH + 2] == H(30) and st.decision() == L.K_MOVE_UNIT
    assert st.s[L.MOVES_LEFT] == 1             # one unit moved, two territories
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _mech(st, 0, 2, H(43))
    put(st, 1, L.U_WORKER, H(37))
    _first_step(st, L.U_MECH + 2, H(37))
    assert st.decision() == L.K_MOVE_UNIT      # it stopped on the Nordic worker


def test_a_character_stops_on_an_encounter_token():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _mech(st, 0, 2, H(45))                     # Speed for the character and the mech
    put(st, 0, L.U_CHARACTER, H(45))
    _first_step(st, L.U_CHARACTER, H(46))      # 46 has an encounter token: no second step
    assert st.decision() == L.K_MOVE_UNIT and L.U_MECH + 2 in st.legal_actions()
    st.apply_checked(L.U_MECH + 2, 0)
    st.apply_checked(H(46), 0)                 # a mech does not stop on a token
    assert st.decision() == L.K_MOVE_TO and H(47) in st.legal_actions()


def test_speed_picks_up_and_drops_off_in_the_middle_of_a_move():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _mech(st, 0, 2, H(43))
    set_res(st, H(43), metal=1)
    set_res(st, H(37), wood=2)
    _first_step(st, L.U_MECH + 2, H(37))
    assert st.decision() == L.K_CARRY and st.legal_actions() == [0, 1]   # the metal of 43
    st.apply_checked(1, 0)
    st.apply_checked(H(30), 0)                 # on to 30 from 37:
    assert st.decision() == L.K_CARRY and st.legal_actions() == [0, 1]   # the metal: dropped
    st.apply_checked(0, 0)
    assert st.decision() == L.K_CARRY and st.legal_actions() == [0, 1, 2]   # 37's wood: taken
    st.apply_checked(2, 0)
    assert st.s[L.RES0 + 4 * H(37) + C.R_METAL] == 1 and st.s[L.RES0 + 4 * H(30) + C.R_WOOD] == 2
    assert st.s[po(0) + L.P_UNITS + L.U_MECH + 2] == H(30)


def test_workers_never_enter_territories_with_opponents_units():
    st = started((SAXONY, NORDIC))
    put(st, 1, L.U_WORKER, H(42))
    assert destinations(st, 0, L.U_WORKER) == [H(48)]


def test_no_unit_moves_into_a_home_base():
    st = started((SAXONY, NORDIC))
    put(st, 0, L.U_CHARACTER, H(48))
    assert H(5) not in destinations(st, 0, L.U_CHARACTER)


def test_move_up_to_two_units_one_after_the_other():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    assert st.legal_actions() == [H(41), H(48)]
    st.apply_checked(H(41), 0)
    assert L.U_CHARACTER not in st.legal_actions()
    st.apply_checked(L.U_WORKER + 1, 0)
    st.apply_checked(H(42), 0)
    assert st.decision() == L.K_BOTTOM              # two units moved: the Move is over


def test_a_character_entering_lone_workers_sends_them_home_for_a_popularity_each():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    put(st, 1, L.U_WORKER, H(42))
    put(st, 1, L.U_WORKER + 1, H(42))
    set_res(st, H(42), food=3)
    set_player(st, 0, pop=3)
    put(st, 0, L.U_CHARACTER, H(41))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(42), 0)
    assert st.s[po(1) + L.P_UNITS + L.U_WORKER] == H(2) and st.s[po(1) + L.P_UNITS + L.U_WORKER + 1] == H(2)
    assert st.s[po(0) + L.P_POP] == 1
    assert st.s[L.RES0 + 4 * H(42) + C.R_FOOD] == 3      # the resources stay


def test_a_mech_carries_workers_and_resources():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _mech(st, 0, 0, H(41))
    set_res(st, H(41), metal=2, wood=1)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_MECH, 0)
    st.apply_checked(H(42), 0)
    assert st.decision() == L.K_CARRY and st.legal_actions() == [0, 1]   # the worker on 41
    st.apply_checked(1, 0)
    assert st.legal_actions() == [0, 1, 2]                               # metal
    st.apply_checked(2, 0)
    st.apply_checked(0, 0)                                               # wood stays
    assert st.s[po(0) + L.P_UNITS + L.U_MECH] == H(42)
    assert sum(1 for u in range(L.U_WORKER, L.N_UNITS) if st.s[po(0) + L.P_UNITS + u] == H(42)) == 1
    assert st.s[L.RES0 + 4 * H(42) + C.R_METAL] == 2 and st.s[L.RES0 + 4 * H(41) + C.R_WOOD] == 1
    # the carried worker did not move: it may still move by itself
    assert any(u >= L.U_WORKER for u in st.legal_actions() if u != L.MOVE_DONE)


def test_nothing_is_left_behind_on_a_lake():
    st = started((NORDIC, SAXONY), (INDUSTRIAL, MECHANICAL))
    _mech(st, 0, 1, H(16))                     # Seaworthy, on the lake 16
    put(st, 0, L.U_WORKER + 2, H(16))
    set_res(st, H(16), oil=2)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_MECH + 1, 0)
    st.apply_checked(H(15), 0)
    # the worker and the oil go along: each carry has one option, taken for the player
    assert st.s[po(0) + L.P_UNITS + L.U_WORKER + 2] == H(15)
    assert st.s[L.RES0 + 4 * H(15) + C.R_OIL] == 2


def test_workers_stay_on_a_lake_only_with_a_mech():
    st = started((NORDIC, SAXONY), (INDUSTRIAL, MECHANICAL))
    _mech(st, 0, 1, H(16))                     # Seaworthy: two mechs on the lake 16
    _mech(st, 0, 0, H(16))
    put(st, 0, L.U_CHARACTER, H(16))
    put(st, 0, L.U_WORKER + 2, H(16))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_MECH, 0)
    st.apply_checked(H(15), 0)
    assert st.legal_actions() == [0, 1]        # the other mech stays with the worker
    st.apply_checked(0, 0)
    st.apply_checked(L.U_MECH + 1, 0)
    st.apply_checked(H(15), 0)                 # the last mech: the worker goes along, though
    assert st.s[po(0) + L.P_UNITS + L.U_WORKER + 2] == H(15)   # the character stays
