# A board with a small heap collects often while it starts (firmware/board/table.py collect_often),
# then, once the table runs, collects all its garbage in idle time, between gestures, and
# never inside one but while a save is written, after the gesture's frame (Table.idle,
# Table.flush: docs/performance.md "A threshold only while the board starts and saves"); a
# board with room to spare keeps MicroPython's default. The gc module is
# replaced by a fake here, so these run the same on CPython and MicroPython.
from firmware.board import table
from firmware.rules.mls.codes import A_MOVE

from ..rules.support import CAMP, scenario
from .rig import Rig


class _Gc:
    def __init__(self, free):
        self.free = free
        self.set_to = None
        self.collected = 0

    def mem_free(self):
        return self.free

    def mem_alloc(self):
        return 1000

    def threshold(self, n):
        self.set_to = n

    def collect(self):
        self.collected += 1


def _on(fake, body, start=True):
    """body() with `fake` as the table's gc module (collect_often() called first when
    start); the real one and the small-heap flags are put back whatever happens."""
    real = table.gc
    table.gc = fake
    try:
        if start:
            table.collect_often()
        return body()
    finally:
        table.gc = real
        table._often[0] = table._often[1] = False


def _with_gc(fake):
    _on(fake, lambda: None)
    return fake.set_to


def test_a_board_with_a_small_heap_collects_every_few_kilobytes_allocated_while_it_starts():
    assert _with_gc(_Gc(32 * 1024)) == table.GC_THRESHOLD


def test_a_board_with_66_kb_free_collects_often_as_a_fenris_module_game_needs_and_80_kb_does_not():
    # the largest module sets start in 65 KB only so (docs/performance.md, "A small heap for the
    # module games"); from 80 KB free a board keeps MicroPython's default
    assert _with_gc(_Gc(66 * 1024)) == table.GC_THRESHOLD
    assert _with_gc(_Gc(80 * 1024)) is None


def test_a_board_with_room_to_spare_keeps_the_default_collections():
    assert _with_gc(_Gc(190 * 1024)) is None


def test_without_gc_threshold_nothing_is_changed():
    class _NoThreshold:
        set_to = None

        def mem_free(self):
            return 1024

    assert _with_gc(_NoThreshold()) is None


def _idle_with(fake, rig, start=False):
    return _on(fake, rig.table.idle, start)


def _rig():
    return Rig(scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}))


def test_on_a_small_heap_idle_time_collects_any_garbage():
    rig = _rig()
    fake = _Gc(32 * 1024)            # more than the margin free
    rig.table._gc_mark = 1000 - 16   # 16 bytes allocated since the last collection
    assert _idle_with(fake, rig, start=True) is True and fake.collected == 1


def test_on_a_small_heap_the_threshold_is_lifted_at_the_first_quiet_idle_time():
    rig = _rig()
    t = rig.table
    fake = _Gc(32 * 1024)

    def body():
        assert fake.set_to == table.GC_THRESHOLD
        rig.sensors.lift(rig.channel[31], rig.rs.tag_of(0, 0))
        rig.now += 10
        t.scan(rig.now)            # a lifted piece being debounced: not idle time
        assert t.idle() is False and fake.set_to == table.GC_THRESHOLD   # still starting
        rig.run(100)               # answered and quiet again: rig.run calls idle()
        assert t.quiet is True
        assert fake.set_to == -1   # no collection inside a gesture from now on
        fake.set_to = None
        t._gc_mark = 1000 - 16
        assert t.idle() is True and fake.set_to is None   # lifted once; idle still collects

    _on(fake, body)


def test_idle_time_collects_when_less_than_the_margin_is_free():
    rig = _rig()
    fake = _Gc(table.GC_MARGIN - 1)
    assert _idle_with(fake, rig) is True and fake.collected == 1


def test_idle_time_leaves_a_heap_with_more_than_the_margin_free():
    rig = _rig()
    fake = _Gc(table.GC_MARGIN + 4096)
    rig.table._gc_mark = 1000     # no garbage piled up since the last collection
    assert _idle_with(fake, rig) is False and fake.collected == 0


def test_no_collection_while_a_lifted_piece_is_being_debounced():
    rig = _rig()
    t = rig.table
    rig.sensors.lift(rig.channel[31], rig.rs.tag_of(0, 0))
    rig.now += 10
    t.scan(rig.now)                # the first scan that sees it: not yet stable
    assert t.quiet is False
    fake = _Gc(0)
    assert _idle_with(fake, rig) is False and fake.collected == 0
    rig.run(100)                   # stable, answered, nothing more changes: idle again
    assert t.quiet is True


class _Save:
    """A save file that notes the collection threshold in force while it writes."""

    seats = 0

    def __init__(self, fake):
        self.fake = fake
        self.during = []

    def save(self, st, x, count):
        self.during.append(self.fake.set_to)


def test_on_a_small_heap_a_save_is_written_with_the_threshold_set_and_a_gesture_without():
    rig = _rig()
    t = rig.table
    fake = _Gc(32 * 1024)

    def body():
        rig.run(30)                       # started: the first quiet idle lifted it
        assert fake.set_to == -1
        save = t.save = _Save(fake)
        rig.choose(0, A_MOVE)             # a decision on the dial: committed and saved
        assert save.during == [table.GC_THRESHOLD]
        assert fake.set_to == -1          # lifted again once the save is written
        rig.lift(0, 0)                    # a gesture that commits nothing: no threshold
        assert len(save.during) == 1 and fake.set_to == -1
        rig.place(0, 0, 32)
        assert save.during[1:] == [table.GC_THRESHOLD] and fake.set_to == -1

    _on(fake, body)


def test_a_board_with_room_to_spare_writes_its_saves_without_a_threshold():
    rig = _rig()
    t = rig.table
    fake = _Gc(190 * 1024)

    def body():
        save = t.save = _Save(fake)
        rig.choose(0, A_MOVE)
        rig.move(0, 0, 32)
        assert save.during == [None, None]

    _on(fake, body)


def test_a_save_that_fails_leaves_no_threshold_behind_on_a_started_small_heap():
    class _Failing(_Save):
        def save(self, st, x, count):
            _Save.save(self, st, x, count)
            raise OSError(28)   # the flash is full

    rig = _rig()
    t = rig.table
    fake = _Gc(32 * 1024)

    def body():
        rig.run(30)
        save = t.save = _Failing(fake)
        try:
            rig.choose(0, A_MOVE)
        except OSError:
            pass
        assert save.during == [table.GC_THRESHOLD]
        assert fake.set_to == -1

    _on(fake, body)
