# A board built without readers (hardware/presence-only.md): the hall switches say only that
# a place is occupied; identity follows from tracking. A lift from a place holding one piece
# lights its moves, the put-down commits; a put-down elsewhere while a piece stays on a
# shared place is the one piece of the player that may go there, else the board asks which
# by lights and dial; a piece put onto an occupied place is entered on the dial; at power-up
# and after undo only occupancy can be checked and the players confirm with a push; bad
# presence readings commit nothing.
from firmware.board.light_codes import L_DEST, L_FIX, L_ORIGIN, L_SELECTED, L_TARGET
from firmware.hal import UNREADABLE
from firmware.board import screens
from firmware.board.render import PLAYER_COLOURS
from firmware.rules.mls.codes import A_MOVE, K_ACTION, K_MOVE
from firmware.rules.mls.layout import move_action
from tests import skip

from ..rules.support import CAMP, dests, scenario
from .rig import Rig

N = 37
CAMP_0 = N + 0    # seat 1's camp (site 0 in a 2-player game)


def _moving(seekers, presence=True, **kw):
    rig = Rig(scenario(seekers=seekers, **kw), presence=presence)
    rig.choose(0, A_MOVE)
    assert rig.st.decision() == K_MOVE
    return rig


def test_the_board_sees_presence_only():
    rig = _moving({0: (31, CAMP), 1: (CAMP, CAMP)})
    raw = bytearray(len(rig.table.raw))
    rig.sensors.scan(raw)
    ch = rig.channel[31]
    assert raw[ch * rig.ctl.stack] == UNREADABLE          # occupied, but no tag read
    assert rig.table.tracker is not None and rig.ctl.gestures.sensed_at[0] == 31   # named by tracking


def test_a_lift_from_a_space_holding_one_piece_lights_its_moves():
    rig = _moving({0: (31, CAMP), 1: (CAMP, CAMP)})
    legal = [d for d in dests(rig.st, 0) if d not in (31, CAMP)]
    rig.lift(0, 0)
    assert rig.ctl.gestures.lifted == 0
    assert rig.lit(L_ORIGIN) == [31] and rig.lit(L_DEST) == legal


def test_the_put_down_on_a_lit_space_commits_the_move():
    rig = _moving({0: (31, CAMP), 1: (CAMP, CAMP)})
    rig.move(0, 0, 32)
    assert rig.st.seekers(0)[0] == 32 and rig.lit(L_ORIGIN) == [] and rig.lit(L_FIX) == []


def test_putting_it_back_undoes_the_lift():
    rig = _moving({0: (31, CAMP), 1: (CAMP, CAMP)})
    before = bytes(rig.st.s)
    rig.lift(0, 0)
    rig.place(0, 0, 31)
    assert bytes(rig.st.s) == before and rig.ctl.gestures.lifted == -1 and rig.lit(L_DEST) == []


def test_a_lift_from_camp_lights_its_moves_when_it_stood_there_alone():
    rig = _moving({0: (31, CAMP), 1: (CAMP, CAMP)})
    rig.move(0, 0, 32)
    assert rig.st.decision() == K_MOVE
    rig.lift(0, 1)                                    # the Seeker alone in its camp
    assert rig.lit(L_ORIGIN) == [CAMP_0] and rig.lit(L_DEST)


def test_the_one_piece_of_the_player_on_a_shared_space_is_the_one_put_down():
    rig = _moving({0: (31, CAMP), 1: (31, CAMP)})    # seat 1's Seeker shares 31 with seat 2's
    rig.lift(0, 0)                                    # the switches still see seat 2's Seeker
    assert rig.ctl.gestures.lifted == -1
    rig.place(0, 0, 32)
    assert rig.st.seekers(0)[0] == 32 and rig.st.seekers(1)[0] == 31 and rig.ctl.asking() == -1


def test_two_seekers_alike_in_camp_need_no_question():
    rig = _moving({0: (CAMP, CAMP), 1: (CAMP, CAMP)})
    d = [x for x in dests(rig.st, 1) if x != CAMP][0]
    rig.lift(0, 1)                                    # either one: they are alike
    rig.place(0, 1, d)
    assert d in rig.st.seekers(0) and CAMP in rig.st.seekers(0) and rig.ctl.asking() == -1


def test_two_pieces_on_one_space_and_a_put_down_elsewhere_asks_by_dial_and_commits_the_chosen():
    rig = _moving({0: (31, 36), 1: (31, 36)})        # each of seat 1's Seekers shares a space
    assert 32 in dests(rig.st, 0) and 32 in dests(rig.st, 1)
    before = bytes(rig.st.s)
    rig.lift(0, 1)
    rig.place(0, 1, 32)
    assert rig.ctl.asking() == 32 and bytes(rig.st.s) == before      # nothing committed yet
    assert rig.lit(L_DEST) == [32]
    assert sorted(rig.lit(L_TARGET) + rig.lit(L_SELECTED)) == [31, 36] and len(rig.lit(L_SELECTED)) == 1
    assert rig.lit(L_FIX) == [] and "Which piece" in " ".join(rig.display.lines)
    first = rig.lit(L_SELECTED)
    rig.turn(0, 1)
    assert rig.lit(L_SELECTED) != first and sorted(rig.lit(L_TARGET) + rig.lit(L_SELECTED)) == [31, 36]
    status = 3 * N                                    # the turn LED: the seat of the piece offered
    assert tuple(rig.leds.frame[status:status + 3]) == tuple(PLAYER_COLOURS[0:3])
    rig.answer(1)                                     # the Seeker from 36
    assert rig.st.seekers(0) == (31, 32) and rig.st.seekers(1) == (31, 36)
    assert rig.ctl.asking() == -1 and rig.lit(L_FIX) == []


def test_joining_an_occupied_space_is_entered_on_the_dial():
    rig = _moving({0: (31, 32), 1: (CAMP, CAMP)})
    before = bytes(rig.st.s)
    rig.lift(0, 0)
    rig.place(0, 0, 32)                               # onto its other Seeker: no switch changes
    assert bytes(rig.st.s) == before and rig.ctl.gestures.lifted == 0
    assert 32 in rig.lit(L_TARGET) + rig.lit(L_SELECTED)
    opts = rig.ctl.options(0)
    assert [rig.rs.piece_move(rig.st, a)[1] for a in opts] == [32]
    assert "Dial 1: it went onto space 32" in rig.display.lines
    rig.press(0)
    assert rig.st.seekers(0)[0] == 32 and rig.lit(L_FIX) == []


def test_a_seeker_leaving_a_stack_whose_twin_has_moved_may_join_an_occupied_space_on_the_dial():
    # Seeker 0 joins Seeker 1 on 32; then Seeker 1, on the stack with it, goes onto seat 2's
    # Seeker on 27: no switch changes, so the dial offers that move (Seeker 0, the stack's
    # lowest tag but moved already, does not stand for it: it once hid the move).
    rig = _moving({0: (31, 32), 1: (27, CAMP)})
    rig.lift(0, 0)
    rig.place(0, 0, 32)
    rig.choose(0, move_action(0, 32))
    assert rig.st.seekers(0) == (32, 32) and rig.st.decision() == K_MOVE
    opts = rig.ctl.options(0)
    assert move_action(1, 27) in opts, opts
    rig.choose(0, move_action(1, 27))
    assert rig.st.seekers(0) == (32, 27)


def test_power_up_checks_the_occupancy_the_game_expects_then_asks_for_a_push():
    st = scenario(seekers={0: (31, CAMP), 1: (0, CAMP)})
    st.apply(A_MOVE)
    rig = Rig(st, presence=True, confirm=False)
    assert rig.ctl.gestures.hold and rig.confirming()
    assert "Pieces in place? Push a dial to confirm" in rig.display.lines
    rig.sensors.clear()                               # knocked off the board
    rig.run(700)
    assert rig.lit(L_FIX) == [0, 31, N + 0, N + 3] and not rig.confirming()
    rig.put_pieces_where_expected()
    rig.run(100)
    assert rig.confirming() and rig.lit(L_FIX) == []
    before = bytes(rig.st.s)
    rig.move(0, 0, 32)                                # before the push nothing counts
    assert bytes(rig.st.s) == before
    rig.move(0, 0, 31)
    rig.press(0)
    assert not rig.ctl.gestures.hold and not rig.confirming()
    rig.move(0, 0, 32)
    assert rig.st.seekers(0)[0] == 32


def test_undo_asks_for_the_push_again():
    rig = _moving({0: (31, CAMP), 1: (CAMP, CAMP)})
    rig.move(0, 0, 32)
    rig.press_undo()
    rig.move(0, 0, 31)
    assert rig.ctl.gestures.hold and rig.confirming() and rig.st.seekers(0)[0] == 31
    rig.press(0)
    assert not rig.ctl.gestures.hold


def test_a_glitch_on_a_switch_changes_nothing():
    rig = _moving({0: (31, CAMP), 1: (CAMP, CAMP)})
    before = bytes(rig.st.s)
    rig.sensors.glitch(rig.channel[31], ())           # one scan empty
    rig.sensors.glitch(rig.channel[32], (0,))         # one scan occupied
    rig.run(700)
    assert bytes(rig.st.s) == before and rig.ctl.gestures.lifted == -1 and rig.lit(L_FIX) == []


def test_a_stuck_switch_blinks_amber_and_commits_nothing():
    rig = _moving({0: (31, CAMP), 1: (CAMP, CAMP)})
    far = [x for x in range(N) if x not in dests(rig.st, 0) + dests(rig.st, 1)][0]   # no Seeker can reach it
    before = bytes(rig.st.s)
    rig.sensors.stuck(rig.channel[far], (0,))         # reads occupied, nothing there
    rig.run(700)
    assert bytes(rig.st.s) == before and rig.lit(L_FIX) == [far]
    rig.sensors.unstuck(rig.channel[far])
    rig.run(100)
    assert rig.lit(L_FIX) == []
    rig.move(0, 0, 32)
    assert rig.st.seekers(0)[0] == 32


def test_a_magnet_during_a_dial_decision_is_no_answer():
    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}), presence=True)
    assert rig.st.decision() == K_ACTION
    before = bytes(rig.st.s)
    rig.sensors.put(rig.channel[5], 0xFD)             # the wand (a magnet) on an empty space
    rig.run(700)
    assert bytes(rig.st.s) == before and rig.lit(L_FIX) == [5]


def test_a_whole_game_plays_on_a_board_without_readers():
    from firmware.bots import RandomBot
    from firmware.rng import Rng
    from firmware.rules.mls.bot import nudge

    from ..rules.support import started

    rig = Rig(started(3), seed=5, presence=True)
    rng = Rng(5)
    bot = RandomBot(rng, nudge)
    for _ in range(4000):
        if rig.st.is_terminal():
            break
        before = bytes(rig.st.s)
        rig.bot_turn(bot, rng)
        assert bytes(rig.st.s) != before, (rig.st.decision(), rig.display.lines)
    assert rig.st.is_terminal() and rig.st.winners()


def test_a_whole_expansion_game_plays_on_a_board_without_readers():
    # The airship too: put on its portal from off the board at setup (the only piece that
    # may arrive there), then lifted and put down at every Air Support.
    from firmware.bots import RandomBot
    from firmware.rng import Rng
    from firmware.rules.mls.bot import nudge
    from firmware.rules.mls.codes import K_AIR_MOVE
    from firmware.rules.mls.ruleset import RULESET

    from ..rules.support import board

    rig = Rig(RULESET.new_game(board(), 3, {"pits": [1]}), seed=5, presence=True)
    rng = Rng(5)
    bot = RandomBot(rng, nudge)
    airship = 0
    for _ in range(6000):
        if rig.st.is_terminal():
            break
        before = bytes(rig.st.s)
        airship += rig.st.decision() == K_AIR_MOVE
        rig.bot_turn(bot, rng)
        assert bytes(rig.st.s) != before, (rig.st.decision(), rig.display.lines)
    assert rig.st.is_terminal() and rig.st.winners() and airship >= 2


def test_scanning_an_unchanged_board_without_readers_allocates_nothing():
    import sys

    rig = _moving({0: (31, CAMP), 1: (CAMP, CAMP)})
    rig.lift(0, 0)                                    # lights on: a non-trivial frame
    rig.run(100)
    assert rig.ctl.gestures.lifted == 0
    if sys.implementation.name != "micropython":
        skip("heap_lock is MicroPython's: allocation is checked under MicroPython (make test-micropython)")
    micropython = __import__("micropython")
    table = rig.table
    now = rig.now
    micropython.heap_lock()
    try:
        for i in range(20):
            table.scan(now + 10 * i)
            table.render(now + 10 * i)
    finally:
        micropython.heap_unlock()
    assert table.scans > 20


def test_a_pin_map_without_a_reader_chip_builds_a_board_that_tracks_pieces_by_presence():
    import json

    from firmware.app import presence_only
    from firmware.hal.mock import MockDial, MockLeds
    from firmware.hal.rp2040 import MuxTagSensors
    from firmware.rng import Rng
    from firmware.board.table import Table
    from tests.fakes.mfrc522_chip import QuietPin

    from ..rules.support import repo_path
    from .rig import board_def

    with open(repo_path("hardware/boards/pico.json")) as f:
        pinmap = json.load(f)
    assert not presence_only(pinmap)
    pinmap["sensors"]["reader"] = {"chip": "none"}
    assert presence_only(pinmap)

    class Switches:                                   # the 74HC165 chain: 1 where a magnet is
        def __init__(self, n):
            self.present = bytearray(n)

        def read(self, out):
            out[:] = self.present

    d = board_def()
    switches = Switches(43)
    pins = [QuietPin(0) for _ in range(4)], [QuietPin(1) for _ in range(3)]
    sensors = MuxTagSensors(pins[0], pins[1], None, switches, 43)
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)})
    st.apply(A_MOVE)
    dials = [MockDial(), MockDial()]
    table = Table(d, st, sensors, dials, MockLeds(47), Rng(1), presence=True)
    ch = {sp["id"]: sp["sensor"] for sp in d["spaces"]}
    for c in (ch[31], d["camps"][0]["sensor"], d["camps"][3]["sensor"]):
        switches.present[c] = 1
    now = 0
    for _ in range(5):
        now += 10
        table.scan(now)
    q = table.ctl.questions
    assert q is not None and q.confirm
    dials[0].down = True
    table.poll_dials(now)
    assert not table.ctl.gestures.hold
    switches.present[ch[31]] = 0                      # Seat 1's Seeker lifted
    for _ in range(5):
        now += 10
        table.scan(now)
    assert table.ctl.gestures.lifted == 0 and table.ctl.light[31] == L_ORIGIN
    switches.present[ch[32]] = 1                      # and put down on 32
    for _ in range(5):
        now += 10
        table.scan(now)
    assert table.st.seekers(0)[0] == 32 and sensors.reads == 0


def test_bot_seats_play_a_whole_game_on_a_board_without_readers():
    # A bot seat's move onto an occupied place is carried out with the piece, then a press
    # (the press counts only once a piece standing alone is seen lifted); its "which space?"
    # answers are presses too (no wand).
    from firmware.bots import RandomBot
    from firmware.rng import Rng
    from firmware.rules.mls.bot import nudge
    from firmware.rules.ruleset import OFF_BOARD

    from ..rules.support import started

    rig = Rig(started(3), seed=5, presence=True, bots=0b110)
    rng = Rng(5)
    bot = RandomBot(rng, nudge)
    joins = 0
    for _ in range(3000):
        if rig.st.is_terminal():
            break
        c = rig.ctl
        tr = rig.table.tracker
        assert tr is not None
        piece = c.seats.plan >= 0 and c.seats.plan_tag >= 0 and c.seats.plan_dial >= 0
        if piece and c.seats.plan_dest not in (c.seats.plan_from, OFF_BOARD):
            joins += 1
            assert "press dial" in screens.bot_instruction(c)
            if c.seats.plan_from < N + 6 and tr.count[c.seats.plan_from] == 1:
                assert c.options(c.seats.plan_dial) == []     # not before its piece is lifted
        before = bytes(rig.st.s)
        rig.bot_turn(bot, rng)
        assert bytes(rig.st.s) != before, (rig.st.decision(), rig.display.lines)
    assert rig.st.is_terminal() and rig.st.winners() and joins


def test_a_bot_seats_move_onto_an_occupied_place_names_the_camp_it_leaves():
    # The display names where the piece is lifted from: a camp by its name, not its place number.
    rig = _moving({0: (31, CAMP), 1: (CAMP, CAMP)})
    ctl = rig.ctl
    s = ctl.seats
    s.plan, s.plan_tag, s.plan_from, s.plan_dest, s.plan_dial = 1, 1, CAMP_0, 31, 1
    assert screens.bot_instruction(ctl) == "lift from camp 1, put on 31, press dial 2"
    ctl.seats.plan_from = 30
    assert screens.bot_instruction(ctl) == "lift from space 30, put on 31, press dial 2"
