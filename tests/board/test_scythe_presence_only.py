# Scythe on a board built without readers (hardware/presence-only.md): the hall switches say
# only that a territory is occupied, and identity follows from the engine's tracking, as for
# My Little Scythe (test_presence_only.py). Scythe's own cases: a unit put onto a territory
# that already holds a piece (its workers, an opponent to fight) changes no switch, and its
# decision is two (the unit, then where): the unit is chosen on the dial while it is lifted,
# then where it went; a retreat's units lifted off a territory the winner still holds show no
# lift, and the first put on the lake is the retreat.
from firmware.bots import RandomBot
from firmware.board.light_codes import L_DEST, L_FIX, L_ORIGIN, L_SELECTED, L_TARGET
from firmware.rng import Rng
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from firmware.rules.scythe.move import destinations
from firmware.rules.scythe.ruleset import RULESET

from ..rules.scythe_support import NORDIC, SAXONY, started, take_top
from .rig import Rig
from .test_scythe_gestures import board_def
from .test_scythe_retreat_gestures import FIGHT, HOME, LAKE, lose_the_combat, seaworthy_defence


def _rig(st, seed=1):
    return Rig(st, seed=seed, presence=True, definition=board_def())


def _at(st, p, u):
    return st.s[po(p) + L.P_UNITS + u]


def _workers_at(st, p, x):
    return sum(1 for i in range(8) if _at(st, p, L.U_WORKER + i) == x)


def _tag(p, u):
    return RULESET.tag_of(p, u)


def test_a_unit_put_onto_its_own_worker_is_chosen_on_the_dial_then_where_it_went():
    st = started((SAXONY, NORDIC))
    take_top(st, 0, C.TA_MOVE)
    rig = _rig(st)
    home = _at(rig.st, 0, L.U_CHARACTER)
    onto = [_at(rig.st, 0, L.U_WORKER), _at(rig.st, 0, L.U_WORKER + 1)]
    assert destinations(rig.st, 0, L.U_CHARACTER) == sorted(onto)     # both hold a worker
    before = bytes(rig.st.s)
    rig.lift_tag(_tag(0, L.U_CHARACTER))                  # alone on its home base: seen lifted
    assert rig.lit(L_ORIGIN) == [home] and rig.lit(L_DEST) == sorted(onto)
    rig.place_tag(_tag(0, L.U_CHARACTER), onto[0])        # onto the worker: no switch changes
    assert bytes(rig.st.s) == before
    assert L.U_CHARACTER in rig.ctl.options(0)            # the unit lifted, on the dial
    rig.choose(0, L.U_CHARACTER)
    assert rig.st.decision() == L.K_MOVE_TO
    assert rig.ctl.options(0) == sorted(onto)             # where it went: the occupied ones
    assert sorted(rig.lit(L_TARGET) + rig.lit(L_SELECTED)) == sorted(onto)
    rig.choose(0, onto[0])
    assert _at(rig.st, 0, L.U_CHARACTER) == onto[0] and rig.st.decision() == L.K_MOVE_UNIT
    rig.run(700)
    assert rig.lit(L_FIX) == []


def test_a_whole_scythe_game_plays_on_a_board_without_readers():
    """Every Move by its gesture: lift a unit, put it on one of its destinations at random;
    onto an empty territory that commits it (the board asks which piece when two could
    have gone there); onto an occupied one, the unit and then where it went on the dial.
    The other decisions as the bot chooses (dials; "which space?" on the dial: no wand)."""
    rig = _rig(started((SAXONY, NORDIC, 2), (0, 1, 3)), seed=3)
    rng = Rng(3)    # seeds 1-6 finish; 5 asks no "which piece?" (measured after issue 10's counts)
    bot = RandomBot(rng)
    tr = rig.table.tracker
    assert tr is not None
    moves = onto = asked = 0
    for _ in range(6000):
        st = rig.st
        if st.is_terminal():
            break
        rig.tidy()
        before = bytes(st.s)
        a = bot.choose(st) if st.decision() == L.K_MOVE_UNIT else -1
        if 0 <= a < L.MOVE_DONE:
            p = st.s[L.ACTIVE]
            d = rng.choice(destinations(st, p, a))
            t = _tag(p, a)
            occupied = tr.occupied(d)
            c0 = rig.ctl.commits
            w0 = _workers_at(st, p, d)
            rig.lift_tag(t)
            rig.place_tag(t, d)
            if rig.ctl.asking() >= 0:
                asked += 1
                rig.answer(t)
            if rig.ctl.commits == c0:
                assert occupied, (d, rig.display.lines)
                rig.choose(0, a)
                if rig.st.decision() == L.K_MOVE_TO:   # (unless the placement, sensed, made it)
                    rig.choose(0, d)
                onto += 1
            rig._relabel()
            moves += 1
            # The unit is there; a worker lifted from a stack of workers is any of them (the
            # board cannot tell them apart without readers, and the rules do not either).
            there = _at(rig.st, p, a) == d or (a >= L.U_WORKER and _workers_at(rig.st, p, d) == w0 + 1)
            assert there or rig.st.decision() == L.K_CARRY or rig.st.is_terminal()
        else:
            rig.bot_turn(bot, rng)
        assert bytes(rig.st.s) != before, (rig.st.decision(), rig.display.lines)
    assert rig.st.is_terminal() and rig.st.winners()
    assert moves > 10 and onto and asked


def _attacked_and_lost():
    """Saxony's character onto Nordic's defended territory (occupied: the unit and the place
    on the dial), done moving, and the combat on the dials, lost by Nordic."""
    rig = _rig(seaworthy_defence())
    t = _tag(0, L.U_CHARACTER)
    rig.lift_tag(t)
    rig.place_tag(t, FIGHT)
    rig.choose(0, L.U_CHARACTER)
    rig.choose(0, FIGHT)
    rig.choose(0, L.MOVE_DONE)
    lose_the_combat(rig)
    return rig


def test_a_seaworthy_retreat_on_a_board_without_readers():
    """The attacker's character onto the defended territory (occupied: the dial), the combat
    on the dials, then the loser's mech and worker lifted off the territory the winner still
    holds (no lift shows) and put on the lake: the first put down is the retreat, with no
    question of which piece (they go together)."""
    rig = _attacked_and_lost()
    mech, worker = _tag(1, L.U_MECH + 1), _tag(1, L.U_WORKER)
    rig.lift_tag(worker)
    rig.lift_tag(mech)
    assert rig.ctl.gestures.lifted == -1                           # Saxony's character still stands there
    rig.place_tag(mech, LAKE)
    assert rig.ctl.asking() == -1
    assert rig.st.decision() != L.K_RETREAT
    assert _at(rig.st, 1, L.U_MECH + 1) == LAKE and _at(rig.st, 1, L.U_WORKER) == LAKE
    rig.place_tag(worker, LAKE)
    rig.run(700)
    assert rig.lit(L_FIX) == []


def test_a_retreat_onto_a_home_base_that_holds_a_piece_is_entered_on_the_losers_dial():
    rig = _attacked_and_lost()
    assert _at(rig.st, 1, L.U_CHARACTER) == HOME          # Nordic's character stands at home
    mech, worker = _tag(1, L.U_MECH + 1), _tag(1, L.U_WORKER)
    for tag in (mech, worker):
        rig.lift_tag(tag)
        rig.place_tag(tag, HOME)                          # onto it: no switch changes
    assert rig.st.decision() == L.K_RETREAT and rig.ctl.options(1) == [HOME]
    rig.choose(1, HOME)
    assert _at(rig.st, 1, L.U_MECH + 1) == HOME and _at(rig.st, 1, L.U_WORKER) == HOME
    rig.run(700)
    assert rig.lit(L_FIX) == []
