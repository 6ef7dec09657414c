# LED output respects the current budget by scaling, and the scan and render paths
# allocate nothing (checked with micropython.heap_lock() on the MicroPython unix port).
import sys

from firmware.hal.leds import DEFAULT_BUDGET_UA, frame_current_ua, limit_current
from firmware.rules.mls.codes import A_MOVE
from tests import skip

from ..rules.support import CAMP, scenario
from .rig import Rig


def test_a_frame_inside_the_budget_is_unchanged():
    frame = bytearray([10, 20, 30] * 37)
    assert limit_current(frame) == 256 and frame == bytearray([10, 20, 30] * 37)


def test_a_frame_over_the_budget_is_scaled_down_to_fit():
    frame = bytearray([255] * (3 * 41))
    assert frame_current_ua(frame) > DEFAULT_BUDGET_UA
    f = limit_current(frame)
    assert f < 256
    assert frame_current_ua(frame) <= DEFAULT_BUDGET_UA
    assert frame[0] == frame[-1] and frame[0] > 0   # evenly scaled, still lit


def test_scan_and_render_allocate_nothing():
    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}))
    rig.choose(0, A_MOVE)
    rig.lift(0, 0)                    # lights on: a non-trivial frame
    rig.run(100)
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


def test_idle_time_collects_garbage_once_enough_has_piled_up():
    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}))
    table = rig.table
    if sys.implementation.name != "micropython":
        assert table.idle() is False        # CPython manages its own memory: idle() does nothing
        skip("collecting is MicroPython's gc: checked under MicroPython (make test-micropython)")
    import gc

    table.idle(0)
    before = table.collections
    assert table.idle(1 << 20) is False     # little garbage: nothing done
    junk = [bytearray(64) for _ in range(200)]
    del junk
    assert table.idle(4096) is True and table.collections == before + 1
    mem_alloc = getattr(gc, "mem_alloc", None)   # MicroPython's
    assert mem_alloc is not None and mem_alloc() - table._gc_mark < 4096
