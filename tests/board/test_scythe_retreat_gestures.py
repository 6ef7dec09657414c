# Scythe's Seaworthy retreat at the table (K_RETREAT, docs/scythe.md): the loser of a combat
# (Nordic, Seaworthy deployed) lifts its units off the combat territory; its home base and the
# lakes next to the combat light green; a unit put on one commits the retreat, and the units
# that follow (a mech's workers) are then shown where the game put them until they stand
# there. A place that is not lit blinks red and changes nothing. Workers with no mech among
# them go home whatever the loser chooses: the table asks them home at once.
from firmware.hosts.bench import Bench
from firmware.board.light_codes import L_BOT_DEST, L_BOT_LIFT, L_DEST, L_FIX, L_ORIGIN, L_WRONG
from firmware.rng import Rng
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from firmware.rules.scythe.move import destinations
from firmware.rules.scythe.ruleset import RULESET

from ..rules.scythe_support import (INDUSTRIAL, MECHANICAL, NORDIC, SAXONY, H, begin_turn, put, set_player,
                                    set_res, started, take_top)
from .test_scythe_gestures import board_def

HOME = H(2)      # Nordic's home base
LAKE = H(49)     # the lake next to the combat territory 42
FIGHT = H(42)


def _tag(p, u):
    return RULESET.tag_of(p, u)


def _at(st, p, u):
    return st.s[po(p) + L.P_UNITS + u]


def seaworthy_defence(mech=True, power=(5, 6), hands=(0, 0)):
    """Nordic (seat 1, Seaworthy deployed) holds 42, by the lake 49, with a mech (or, with
    mech=False, its character) and a worker; Saxony (seat 0) has taken its Move, its
    character on 41 next to 42: the game stands at Saxony's first unit."""
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    put(st, 1, L.U_MECH + 1, FIGHT if mech else H(12))     # the mech of Seaworthy
    if not mech:
        put(st, 1, L.U_CHARACTER, FIGHT)
    put(st, 1, L.U_WORKER, FIGHT)
    set_res(st, FIGHT, food=2)
    put(st, 0, L.U_CHARACTER, H(41))
    set_res(st, H(41))
    set_player(st, 0, power=power[0], pop=4, hand=hands[0])
    set_player(st, 1, power=power[1], hand=hands[1])
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    return st


def nordic_holds_42(mech=True, bots=0, power=(5, 6)):
    """The bench at seaworthy_defence's position."""
    return Bench(board_def(), seaworthy_defence(mech, power), Rng(1), bots=bots)


def attack_42(rig):
    """At the table: Saxony's character lifted from 41 onto 42 (a lit space), done moving on
    the dial; the combat's pending."""
    t = _tag(0, L.U_CHARACTER)
    assert FIGHT in destinations(rig.st, 0, L.U_CHARACTER)
    rig.lift_tag(t)
    rig.place_tag(t, FIGHT)
    while rig.st.decision() == L.K_CARRY:
        rig.choose(0, 0)
    rig.choose(0, L.MOVE_DONE)


def lose_the_combat(rig):
    """Both dials at the table, from the options the board offers: the attacker the most
    power, the defender the least (the attacker wins ties)."""
    secret = RULESET.entry[L.K_DIAL]
    assert RULESET.entry[rig.st.decision()] == secret
    for dial, pick in ((0, max), (1, min)):
        while RULESET.entry[rig.st.decision()] == secret and rig.ctl.options(dial):
            rig.choose(dial, pick(rig.ctl.options(dial)))
    assert rig.st.decision() == L.K_RETREAT and rig.st.current_player() == 1


def test_the_loser_lifting_a_unit_lights_its_home_base_and_the_lakes_next_to_the_combat():
    rig = nordic_holds_42()
    attack_42(rig)
    lose_the_combat(rig)
    assert rig.st.legal_actions() == [HOME, LAKE]
    assert rig.lit(L_DEST) == []                           # nothing before a lift
    assert rig.display.lines[0] == "Seat 2" and rig.display.lines[1].startswith("Retreat: lift your units")
    rig.lift_tag(_tag(1, L.U_MECH + 1))
    assert rig.lit(L_ORIGIN) == [FIGHT] and rig.lit(L_DEST) == [HOME, LAKE]
    rig.place_tag(_tag(1, L.U_MECH + 1), FIGHT)           # put back: nothing happened
    assert rig.st.decision() == L.K_RETREAT and rig.lit(L_DEST) == []
    rig.lift_tag(_tag(1, L.U_WORKER))                      # the mech's worker may lead too
    assert rig.lit(L_DEST) == [HOME, LAKE]


def test_a_seaworthy_loser_retreats_onto_a_lake_at_the_table_with_its_workers():
    rig = nordic_holds_42()
    attack_42(rig)
    lose_the_combat(rig)
    mech, worker = _tag(1, L.U_MECH + 1), _tag(1, L.U_WORKER)
    rig.lift_tag(worker)                                   # the stack lifted at once
    rig.lift_tag(mech)
    assert rig.lit(L_DEST) == [HOME, LAKE]
    rig.place_tag(mech, LAKE)                              # the first down makes the choice
    st = rig.st
    assert st.decision() != L.K_RETREAT
    assert _at(st, 1, L.U_MECH + 1) == LAKE and _at(st, 1, L.U_WORKER) == LAKE
    assert st.s[L.RES0 + 4 * FIGHT + C.R_FOOD] == 2        # its resources stay
    rig.place_tag(worker, LAKE)
    rig.run(700)
    assert rig.lit(L_FIX) == [] and rig.lit(L_WRONG) == []


def test_the_units_that_follow_are_shown_out_of_place_until_they_stand_on_the_lake():
    rig = nordic_holds_42()
    attack_42(rig)
    lose_the_combat(rig)
    rig.lift_tag(_tag(1, L.U_MECH + 1))
    rig.place_tag(_tag(1, L.U_MECH + 1), LAKE)
    assert _at(rig.st, 1, L.U_WORKER) == LAKE
    rig.run(700)
    assert rig.lit(L_FIX) == [FIGHT, LAKE]                 # the worker left on 42
    rig.lift_tag(_tag(1, L.U_WORKER))
    rig.place_tag(_tag(1, L.U_WORKER), LAKE)
    rig.run(700)
    assert rig.lit(L_FIX) == []


def test_a_retreat_onto_an_unlit_place_blinks_red_and_changes_nothing():
    rig = nordic_holds_42()
    attack_42(rig)
    lose_the_combat(rig)
    before = bytes(rig.st.s)
    mech = _tag(1, L.U_MECH + 1)
    # a lake not next to the combat, a territory next to it, another faction's home base,
    # the space the winner came from
    for place in (H(40), H(48), H(1), H(41)):
        rig.lift_tag(mech)
        rig.place_tag(mech, place)
        assert bytes(rig.st.s) == before and rig.lit(L_WRONG) == [place], place
        assert rig.st.decision() == L.K_RETREAT
    seen = set()
    for _ in range(6):
        rig.run(130)
        seen.add(rig.rgb(H(41)))
    assert (160, 0, 0) in seen and (0, 0, 0) in seen      # it blinks red
    rig.lift_tag(mech)
    rig.place_tag(mech, HOME)                              # put right: home
    assert _at(rig.st, 1, L.U_MECH + 1) == HOME and _at(rig.st, 1, L.U_WORKER) == HOME
    assert rig.lit(L_WRONG) == []


def test_workers_with_no_mech_are_asked_home_at_once_and_the_character_retreats_onto_the_lake():
    rig = nordic_holds_42(mech=False)
    attack_42(rig)
    lose_the_combat(rig)
    character, worker = _tag(1, L.U_CHARACTER), _tag(1, L.U_WORKER)
    rig.run(700)
    assert rig.lit(L_FIX) == [HOME, FIGHT]                 # the worker goes home whatever is chosen
    rig.lift_tag(worker)
    rig.place_tag(worker, HOME)
    rig.run(700)
    assert rig.lit(L_FIX) == [] and rig.st.decision() == L.K_RETREAT
    rig.lift_tag(character)
    assert rig.lit(L_DEST) == [HOME, LAKE]
    rig.place_tag(character, LAKE)
    assert _at(rig.st, 1, L.U_CHARACTER) == LAKE and _at(rig.st, 1, L.U_WORKER) == HOME
    rig.run(700)
    assert rig.lit(L_FIX) == []


def test_the_undo_button_takes_back_a_retreat_and_the_units_are_shown_back_on_the_combat():
    rig = nordic_holds_42()
    attack_42(rig)
    lose_the_combat(rig)
    before = bytes(rig.st.s)
    rig.lift_tag(_tag(1, L.U_MECH + 1))
    rig.place_tag(_tag(1, L.U_MECH + 1), LAKE)
    while rig.st.decision() != L.K_RETREAT:               # (a card drawn by the board goes too)
        rig.press_undo()
    assert bytes(rig.st.s) == before
    rig.run(700)
    assert LAKE in rig.lit(L_FIX) and FIGHT in rig.lit(L_FIX)


def test_a_bot_seats_retreat_is_carried_out_from_the_lights():
    rig = nordic_holds_42(bots=2, power=(5, 0))            # Nordic is the board's bot: no
    #                                                        power, no card, so it loses
    attack_42(rig)
    while rig.ctl.options(0):
        rig.choose(0, max(rig.ctl.options(0)))            # the bot's dial locked at once
    assert rig.st.decision() == L.K_RETREAT
    d = rig.ctl.bot_choice()
    t = rig.ctl.seats.plan_tag
    assert d in (HOME, LAKE) and rig.lit(L_BOT_LIFT) == [FIGHT] and rig.lit(L_BOT_DEST) == [d]
    rig.lift_tag(t)
    rig.place_tag(t, d)
    assert _at(rig.st, 1, L.U_MECH + 1) == d and _at(rig.st, 1, L.U_WORKER) == d
