# The main loop's cost when nothing happens, and lift-to-light (issue 11): a quiet scan step
# changes nothing and allocates nothing, an unchanged frame is not sent to the LEDs again
# (blinking still blinks), a lift's frame is drawn in the scan step that sensed it, before
# the display's prompt is redrawn.
import sys

from firmware.board.light_codes import L_FIX, L_ORIGIN, L_WRONG
from firmware.hal import add_tag, position, tags_at
from firmware.hal.debounce import Debouncer
from firmware.board.render import PALETTE
from firmware.rules.mls.codes import A_MOVE
from firmware.rules.mls.ruleset import RULESET

from ..rules.support import CAMP, scenario
from .rig import Rig

MICROPYTHON = sys.implementation.name == "micropython"


def _moving():
    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}))
    rig.choose(0, A_MOVE)
    rig.run(100)
    return rig


def _colour(code):
    return PALETTE[3 * code], PALETTE[3 * code + 1], PALETTE[3 * code + 2]


def test_a_quiet_scan_step_changes_nothing_and_allocates_nothing():
    rig = _moving()
    table = rig.table
    stable = bytes(table.debounce.stable)
    light = bytes(rig.ctl.light)
    frames = rig.leds.frames
    draws = rig.display.draws
    micropython = __import__("micropython") if MICROPYTHON else None
    if micropython:
        micropython.heap_lock()
    try:
        for i in range(20):
            table.step(rig.now + 10 * i)
    finally:
        if micropython:
            micropython.heap_unlock()
    assert table.quiet and table.debounce.settled
    assert bytes(table.debounce.stable) == stable and bytes(rig.ctl.light) == light
    assert rig.leds.frames == frames and rig.display.draws == draws


def test_an_unchanged_frame_is_not_sent_to_the_leds_again():
    rig = _moving()
    frames = rig.leds.frames
    renders = rig.table.renders
    rig.run(1000)
    assert rig.table.renders == renders + 100          # a frame rendered every step
    assert rig.leds.frames == frames                   # none sent: nothing changed


def test_a_wrongly_placed_piece_still_blinks_every_250_ms():
    rig = _moving()
    rig.lift(0, 0)
    lit = rig.lit(2)                                   # L_DEST
    wrong = [s for s in range(37) if s not in lit and s != 31][0]
    rig.place(0, 0, wrong)
    assert rig.lit(L_WRONG) == [wrong]
    seen = []
    frames = rig.leds.frames
    for _ in range(100):                               # one second, one step every 10 ms
        rig.run(10)
        seen.append(rig.rgb(wrong))
    assert set(seen) == {_colour(L_WRONG), (0, 0, 0)}
    turns = sum(1 for i in range(1, len(seen)) if seen[i] != seen[i - 1])
    assert turns in (3, 4)                             # 250 ms on, 250 ms off
    assert rig.leds.frames - frames == turns           # a frame sent only when it turned


def test_a_fix_light_blinks_and_the_frame_settles_once_it_is_fixed():
    rig = _moving()
    rig.sensors.put(rig.channel[5], 200)         # a tag of no piece: the space disagrees
    rig.run(700)
    assert rig.lit(L_FIX) == [5]
    seen = set()
    for _ in range(60):
        rig.run(10)
        seen.add(rig.rgb(5))
    assert seen == {_colour(L_FIX), (0, 0, 0)}
    rig.sensors.lift(rig.channel[5], 200)
    rig.run(100)
    frames = rig.leds.frames
    rig.run(1000)
    assert rig.lit(L_FIX) == [] and rig.rgb(5) == (0, 0, 0) and rig.leds.frames == frames


def test_a_lift_is_lit_in_the_scan_step_that_sensed_it_before_the_prompt():
    rig = _moving()
    order = []
    show_frame = rig.leds.show
    show_lines = rig.display.show

    def sent(frame):
        order.append("frame")
        show_frame(frame)

    def shown(lines):
        order.append("prompt")
        return show_lines(lines)

    rig.leds.show = sent
    rig.display.show = shown
    table = rig.table
    rig.sensors.lift(rig.channel[31], RULESET.tag_of(0, 0))
    steps = 0
    while rig.ctl.gestures.lifted < 0 and steps < 10:
        rig.now += 10
        table.step(rig.now)                            # the scan task alone: no render task
        steps += 1
    assert rig.ctl.gestures.lifted >= 0 and steps == 3          # debounced over three scans
    assert rig.rgb(31) == _colour(L_ORIGIN)            # its light is on the LEDs already
    assert order == ["frame", "prompt"]                # the frame first, then the new prompt
    assert "Now put it on a lit space" in " ".join(rig.display.lines)


def test_the_debouncer_marks_only_the_channels_whose_reading_settled_anew():
    d = Debouncer(4, scans=2, stack=4)
    raw = position(4, 4)
    assert [d.update(raw) for _ in range(2)] == [False, False] and d.settled
    add_tag(raw, 2, 7, 4)
    assert d.update(raw) is False and not d.settled    # channel 2 is counting
    assert d.update(raw) is True and d.settled
    assert list(d.fresh[:d.n_fresh]) == [2]
    assert d.update(raw) is False                      # the same reading again: nothing new


def test_a_one_scan_glitch_on_a_settled_board_is_not_taken():
    d = Debouncer(3, scans=3, stack=2)
    raw = position(3, 2)
    for _ in range(3):
        d.update(raw)
    glitch = bytearray(raw)
    add_tag(glitch, 1, 4, 2)
    assert d.update(glitch) is False and not d.settled
    assert [d.update(raw) for _ in range(3)] == [False, False, False]
    assert d.settled and d.stable == raw


def test_the_debouncer_settles_each_channel_into_its_places_slots_and_keeps_no_unread_channel():
    # The table's wiring: channel 0 reads place 2, channel 1 no place, channel 2 place 0.
    places = position(3, 2)
    d = Debouncer(3, scans=2, stack=2, out=places, place=bytearray((2, 0xFF, 0)))
    raw = position(3, 2)
    add_tag(raw, 0, 5, 2)
    add_tag(raw, 1, 6, 2)
    add_tag(raw, 2, 7, 2)
    assert [d.update(raw) for _ in range(2)] == [False, True] and d.settled
    assert list(d.fresh[:d.n_fresh]) == [0, 2]         # channel 1 settled, but no place reads it
    assert tags_at(places, 2, 2) == (5,) and tags_at(places, 0, 2) == (7,)
    assert tags_at(places, 1, 2) == ()                 # untouched: channel 1's tag is nowhere
    add_tag(raw, 1, 9, 2)
    assert [d.update(raw) for _ in range(3)] == [False, False, False] and d.settled
