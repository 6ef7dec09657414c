# A board with a small heap collects often (firmware/table.py collect_often, docs/performance.md
# "Heap: collections"); a board with room to spare keeps MicroPython's default, so its
# collections do not land inside gestures.
from firmware import table


class _Gc:
    def __init__(self, free):
        self.free = free
        self.set_to = None

    def mem_free(self):
        return self.free

    def threshold(self, n):
        self.set_to = n


def _with_gc(fake):
    real = table.gc
    table.gc = fake
    try:
        table.collect_often()
    finally:
        table.gc = real
    return fake.set_to


def test_a_board_with_a_small_heap_collects_every_few_kilobytes_allocated():
    assert _with_gc(_Gc(32 * 1024)) == table.GC_THRESHOLD


def test_a_board_with_room_to_spare_keeps_the_default_collections():
    assert _with_gc(_Gc(190 * 1024)) is None


def test_without_gc_threshold_nothing_is_changed():
    class _NoThreshold:
        set_to = None

        def mem_free(self):
            return 1024

    assert _with_gc(_NoThreshold()) is None
