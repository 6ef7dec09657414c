# The MFRC522 driver (firmware/hal/mfrc522.py) against the register-level chip model
# (tests/fakes/mfrc522_chip.py) on the fake SPI bus: every tag on an antenna listed through
# the ISO 14443-A anticollision loop (stacks colliding at every bit of each cascade level;
# the model's CollPos held to the data sheet: hardware/reader.md), cascade levels, damaged
# frames retried, a tag leaving mid-read, a dead reader, unpaired UIDs, and no allocation
# while reading.
# (the fake SPI's device is set by each test:)
# pyright: reportAttributeAccessIssue=false
import sys

from firmware.hal import CROWDED, NO_TAG, UNREADABLE, position, tags_at
from firmware.hal.mfrc522 import MFRC522, REC, UNKNOWN_TAG
from firmware.hal.rp2040 import MuxTagSensors
from firmware.board.pairing import PairingTable
from tests import skip
from tests.fakes import machine
from tests.fakes.mfrc522_chip import READY, Chip, QuietPin, Recorder, Replay, Tag, crc_a, to_bits


def _rig(tags, pairing=None, **kw):
    chip = Chip(tags)
    spi = machine.SPI(0)
    spi.device = chip
    waits = []
    reader = MFRC522(spi, QuietPin(), pairing, waits.append, **kw)
    return chip, reader, waits


def _uids(reader):
    u = reader.uids
    return sorted(bytes(u[i * REC + 1:i * REC + 1 + u[i * REC]]) for i in range(reader.n_uids))


def _ntag(*tail):
    return bytes((0x04,) + tail)     # NXP's manufacturer byte, then 6 bytes


def _paired(tags):
    t = PairingTable()
    for i, tag in enumerate(tags):
        t.pair(tag.uid, i)
    return t


def test_crc_a_of_the_hlta_frame_is_the_standard_one():
    assert crc_a(bytes((0x50, 0x00))) == (0x57, 0xCD)    # ISO/IEC 14443-3: 50 00 57 CD


def test_one_tag_is_read_and_left_halted_with_the_field_off():
    tag = Tag(_ntag(0x11, 0x22, 0x33, 0x44, 0x55, 0x66))
    chip, reader, waits = _rig([tag])
    assert reader.read_uids() == 1
    assert _uids(reader) == [tag.uid]
    kinds = [k for k, _ in chip.frames]
    assert kinds[:5] == ["WUPA", "ANTICOLL", "SELECT", "ANTICOLL", "SELECT"]   # two cascade levels
    assert "HLTA" in kinds and kinds[-1] == "REQA"                            # nobody left
    assert waits == [5000]                                                    # tags powered up first
    assert not chip.field_on() and chip.powered_down
    assert reader.version == 0x92


def test_two_seekers_on_one_space_are_both_listed():
    a = Tag(_ntag(0x10, 0x20, 0x30, 0x40, 0x50, 0x60))
    b = Tag(_ntag(0x10, 0x20, 0x31, 0x40, 0x50, 0x61))    # same first bytes: collide late in CL1
    chip, reader, _ = _rig([a, b], _paired([a, b]))
    buf = bytearray(8)
    assert reader.read_tags(buf) == 2
    assert sorted(buf[:2]) == [0, 1]
    assert sum(1 for k, _ in chip.frames if k == "ANTICOLL") > 4   # collisions resolved bit by bit


def test_eight_tags_that_differ_in_many_bits_are_all_listed():
    tags = [Tag(_ntag(0xA5, i * 37 & 0xFF, (i * 91) & 0xFF, 0x5A ^ i, i, 0xFF - i)) for i in range(8)]
    chip, reader, _ = _rig(tags, _paired(tags))
    buf = bytearray(8)
    assert reader.read_tags(buf) == 8
    assert sorted(buf) == list(range(8))
    assert sum(1 for k, _ in chip.frames if k == "HLTA") == 8     # each one halted once


def test_uids_that_collide_at_every_bit_of_a_byte_are_told_apart():
    # 0x00 against 0xFF in the last UID byte, and UIDs one bit apart.
    tags = [Tag(bytes((1, 2, 3, 0x00))), Tag(bytes((1, 2, 3, 0xFF))), Tag(bytes((1, 2, 3, 0x80))),
            Tag(bytes((0xFE, 2, 3, 4)))]
    chip, reader, _ = _rig(tags)
    assert reader.read_uids() == 4
    assert _uids(reader) == sorted(t.uid for t in tags)


def _collreg(diff, known):
    """The chip model's CollReg after an ANTICOLLISION that sends `known` bits of the UID
    parts of two 4-byte tags differing first at bit `diff` (RxAlign = known % 8, as the
    driver and the data sheet's bit-oriented frames have it), driven through its registers."""
    a = Tag(bytes((0x11, 0x22, 0x33, 0x44)))
    u = bytearray(a.uid)
    u[diff >> 3] ^= 1 << (diff & 7)
    chip = Chip([a, Tag(bytes(u))])
    chip.write(0x14, 0x83)                             # field on

    def send(frame, bits):
        chip.write(0x0A, 0x80)                         # flush the FIFO
        for x in frame:
            chip.write(0x09, x)
        chip.write(0x01, 0x0C)                         # Transceive
        chip.write(0x0D, 0x80 | (bits << 4) | bits)    # StartSend, RxAlign, TxLastBits

    send(bytes((0x52,)), 7)                            # WUPA: both READY
    full, rem = known >> 3, known & 7
    send(bytes((0x93, ((2 + full) << 4) | rem)) + a.parts[0][:full + (1 if rem else 0)], rem)
    assert chip.read(0x06) & 0x08, (diff, known)       # CollErr
    return chip.read(0x0E) & 0x3F


def test_the_chip_model_counts_collpos_as_the_data_sheet_does():
    # MFRC522 data sheet, CollReg: CollPos 01h = a collision in the 1st bit, 08h in the 8th,
    # 00h in the 32nd; counted in the FIFO's bytes from bit 0 of the first one, whose first
    # RxAlign bits were sent, not received (hardware/reader.md, "Where a collision is").
    assert _collreg(0, 0) == 1 and _collreg(7, 0) == 8 and _collreg(31, 0) == 0
    assert _collreg(3, 3) == 4            # the first bit received, stored at bit 3: the 4th
    assert _collreg(13, 10) == 6          # byte 1 goes first: its bit 5 is the 6th
    assert _collreg(31, 5) == 0           # the 32nd bit from bit 0 of byte 0
    assert _collreg(31, 9) == 24


class _Lcg:
    """Seeded numbers, the same under CPython and MicroPython."""

    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n


def _stack(level, splits, rng):
    """Tags whose UID parts at cascade `level` (0: 4-byte UIDs, 1: 7, 2: 10) collide at the
    bits `splits` (ascending, bit i = bit i % 8 of byte i // 8 of the part, as sent); their
    earlier parts are alike. Main path P: random bits with every split bit 1; tag j keeps P
    below splits[j], has a 0 there, random bits above; the last tag is P. The driver follows
    the 1s, so reading them meets a collision at splits[k] right after one at splits[k - 1]:
    the frame that collides there starts at bit splits[k - 1] + 1, mid-byte or not."""
    size = (4, 7, 10)[level]
    while True:
        head = bytes(rng.below(256) for _ in range(size - 4))   # the earlier levels: alike
        path = 0
        for i in range(32):
            path |= rng.below(2) << i
        for b in splits:
            path |= 1 << b
        parts = []
        for b in splits:
            mine = path & ((1 << b) - 1)
            for i in range(b + 1, 32):
                mine |= rng.below(2) << i
            parts.append(mine)
        parts.append(path)
        uids = [head + bytes((v >> (8 * i)) & 0xFF for i in range(4)) for v in parts]
        if all(u[0] != 0x88 and (size < 10 or u[3] != 0x88) for u in uids):   # no cascade tag there
            return [Tag(u) for u in uids]


def _collisions(frames):
    """(cascade level, UID bits the frame fixed, the collided bit) of every collision the
    driver resolved, read from the frames it sent: an ANTICOLLISION that follows another
    sends the bits received before the collision and the collided bit (set)."""
    out = []
    level = 0
    prev = None
    for kind, bits in frames:
        if kind in ("REQA", "WUPA"):
            level = 0
        elif kind == "SELECT":
            level += 1
        if kind == "ANTICOLL" and prev is not None:
            assert len(bits) > len(prev) and bits[-1] == 1, (prev, bits)
            out.append((level, len(prev), len(bits) - 1))
        prev = bits if kind == "ANTICOLL" else None
    return out


def _splits(bit, n, rng):
    """n - 1 split bits, `bit` among them; the one before it (the frame that collides at `bit`
    then starts after it) chosen by n: none (the first frame, from bit 0), one in the first
    byte (the frame starts mid-byte there), one past it (mid-byte in a later byte), anywhere."""
    mode = (n - 3) % 4
    if mode == 2 and bit < 10 or mode == 1 and bit < 2:
        mode = 3
    if mode == 0 and 31 - bit < n - 2:
        mode = 3
    if mode == 0:
        before = -1
    elif mode == 1:
        before = rng.below(min(bit, 7))                 # 0..6: the next frame starts at 1..7
    elif mode == 2:
        before = 8 + rng.below(bit - 8)
        while before & 7 == 7:
            before = 8 + rng.below(bit - 8)
    else:
        before = rng.below(bit) if bit else -1
    out = {bit} if before < 0 else {before, bit}
    free = [b for b in range(32) if b < before or b > bit]
    while len(out) < n - 1:
        if not free:                                    # no room around: anywhere
            free = [b for b in range(32) if b not in out]
        out.add(free.pop(rng.below(len(free))))
    return sorted(out)


def _every_bit(level):
    """For each bit of the part at `level` and stacks of 3 to 8 tags: one read lists every
    tag, exactly, with no error. The collisions met must include, for every bit, one in the
    first frame (bit 0 on), one in a frame begun mid-byte in the first byte (for bit 31: the
    32nd bit of the frame's bytes, CollPos 0) and one begun mid-byte further on."""
    rng = _Lcg(1 + level)
    seen = []
    for bit in range(32):
        for n in range(3, 9):
            tags = _stack(level, _splits(bit, n, rng), rng)
            chip, reader, _ = _rig(tags)
            assert reader.read_uids() == n, (level, bit, n, [t.uid for t in tags])
            assert _uids(reader) == sorted(t.uid for t in tags) and reader.errors == 0, (level, bit, n)
            seen.extend(c for c in _collisions(chip.frames) if c[0] == level)
    for bit in range(32):
        known = set(k for _, k, b in seen if b == bit)
        assert bit == 31 or 0 in known, (level, bit, known)           # bit 31 last: never first
        assert bit == 0 or [k for k in known if 0 < k < 8], (level, bit, known)
        assert bit < 10 or [k for k in known if k > 8 and k & 7], (level, bit, known)
    return seen


def test_stacks_colliding_at_every_bit_of_cascade_level_1_are_read_tag_for_tag():
    _every_bit(0)     # 4-byte UIDs: each of the 32 bits of the UID


def test_stacks_colliding_at_every_bit_of_cascade_level_2_are_read_tag_for_tag():
    _every_bit(1)     # 7-byte UIDs (NTAG21x) alike in their first 3 bytes: each of the last 32 bits


def test_stacks_colliding_at_every_bit_of_cascade_level_3_are_read_tag_for_tag():
    _every_bit(2)     # 10-byte UIDs alike in their first 6 bytes: each of the last 32 bits


def test_four_seven_and_ten_byte_uids_on_one_antenna():
    tags = [Tag(bytes((0xC1, 0xC2, 0xC3, 0xC4))), Tag(_ntag(1, 2, 3, 4, 5, 6)),
            Tag(bytes((0x04, 9, 8, 7, 6, 5, 4, 3, 2, 1)))]
    chip, reader, _ = _rig(tags)
    assert reader.read_uids() == 3            # their ATQAs collide too: harmless
    assert _uids(reader) == sorted(t.uid for t in tags)


def test_an_empty_antenna_reads_no_tags():
    chip, reader, _ = _rig([])
    buf = bytearray(8)
    assert reader.read_tags(buf) == 0
    assert [k for k, _ in chip.frames] == ["WUPA"]


def test_a_uid_with_a_wrong_bcc_is_retried():
    a = Tag(_ntag(0x10, 0x20, 0x30, 0x40, 0x50, 0x60))
    chip, reader, _ = _rig([a])
    chip.corrupt(1, "ANTICOLL")
    assert reader.read_uids() == 1
    assert _uids(reader) == [a.uid] and reader.errors == 1


def test_a_sak_with_a_crc_error_is_retried():
    a = Tag(_ntag(0x10, 0x20, 0x30, 0x40, 0x50, 0x60))
    b = Tag(_ntag(0x77, 0x20, 0x30, 0x40, 0x50, 0x60))
    chip, reader, _ = _rig([a, b])
    chip.corrupt(2, "SELECT")                 # CRC_A checked by the chip's coprocessor
    assert reader.read_uids() == 2
    assert _uids(reader) == sorted((a.uid, b.uid)) and reader.errors == 2


def test_a_parity_error_is_retried():
    tag = Tag(bytes((9, 9, 9, 9)))
    chip, reader, _ = _rig([tag])
    chip.parity(1)
    assert reader.read_uids() == 1 and reader.errors == 1


def test_answers_damaged_every_time_make_the_space_unreadable():
    tag = Tag(_ntag(1, 2, 3, 4, 5, 6))
    chip, reader, _ = _rig([tag], retries=3)
    chip.corrupt(100)
    buf = bytearray(8)
    assert reader.read_tags(buf) == -1        # never a half-read list
    assert not chip.field_on()


def test_a_tag_leaving_mid_read_is_not_listed_and_the_others_are():
    stays = Tag(_ntag(0x10, 0x20, 0x30, 0x40, 0x50, 0x60))
    goes = Tag(_ntag(0x10, 0x20, 0x30, 0x41, 0x50, 0x60))
    chip, reader, _ = _rig([stays, goes])
    chip.leave(goes, 3)                       # gone after WUPA and two anticollision rounds
    assert reader.read_uids() == 1
    assert _uids(reader) == [stays.uid]


def test_a_lone_tag_leaving_mid_read_leaves_an_empty_space():
    goes = Tag(_ntag(1, 2, 3, 4, 5, 6))
    chip, reader, _ = _rig([goes])
    chip.leave(goes, 2)                       # after WUPA and ANTICOLL: its SELECT gets no answer
    assert reader.read_uids() == 0


def test_a_tag_that_ignores_halt_makes_the_space_unreadable_instead_of_looping():
    tag = Tag(_ntag(1, 2, 3, 4, 5, 6))
    tag.ignores_halt = True
    chip, reader, _ = _rig([tag], retries=3)
    assert reader.read_tags(bytearray(8)) == -1
    assert sum(1 for k, _ in chip.frames if k == "HLTA") == 5     # the first read and 4 more


def test_a_dead_reader_reads_minus_one():
    chip, reader, _ = _rig([Tag(bytes((1, 2, 3, 4)))])
    chip.dead = True
    assert reader.read_tags(bytearray(8)) == -1
    spi = machine.SPI(0)                      # nothing on the bus at all
    assert MFRC522(spi, QuietPin(), None, lambda us: None).read_tags(bytearray(8)) == -1


def test_a_reader_whose_timer_never_fires_reads_minus_one():
    chip, reader, _ = _rig([])
    chip.stop_timer = True
    assert reader.read_tags(bytearray(8)) == -1


def test_an_unpaired_uid_is_reported_as_unknown_not_guessed():
    known = Tag(_ntag(1, 2, 3, 4, 5, 6))
    stranger = Tag(_ntag(6, 5, 4, 3, 2, 1))
    pairing = PairingTable()
    pairing.pair(known.uid, 3)
    chip, reader, _ = _rig([known, stranger], pairing)
    buf = bytearray(8)
    assert reader.read_tags(buf) == 2
    assert sorted(buf[:2]) == [3, UNKNOWN_TAG]


def test_no_more_tags_are_read_than_the_buffer_holds():
    tags = [Tag(bytes((i, 2, 3, 4))) for i in range(5)]
    chip, reader, _ = _rig(tags)
    buf = bytearray(3)
    assert reader.read_tags(buf) == 3


class _Presence:
    def __init__(self, n):
        self.present = bytearray(n)

    def read(self, out):
        out[:] = self.present


class _Bank:
    """One chip model per space; the multiplexers route CS and MISO to the selected one."""

    def __init__(self, chips, select, enables):
        self.chips = chips
        self.select = select
        self.enables = enables

    def exchange(self, tx, rx):
        line = sum(self.select[b].v << b for b in range(4))
        mux = [m for m in range(3) if self.enables[m].v == 0][0]
        c = self.chips.get(16 * mux + line)
        if c is None:
            for i in range(len(rx)):
                rx[i] = 0             # no module there
        else:
            c.exchange(tx, rx)


def _board(tags_by_space, device=None, max_tags=8):
    select = [QuietPin(0) for _ in range(4)]
    enables = [QuietPin(1) for _ in range(3)]
    chips = {ch: Chip(t) for ch, t in tags_by_space.items()}
    spi = machine.SPI(0)
    bank = _Bank(chips, select, enables)
    spi.device = bank if device is None else device(bank)
    pairing = PairingTable()
    k = 0
    for ch in sorted(tags_by_space):
        for t in tags_by_space[ch]:
            pairing.pair(t.uid, k)
            k += 1
    presence = _Presence(37)
    reader = MFRC522(spi, QuietPin(), pairing, lambda us: None, max_tags=max_tags)
    sensors = MuxTagSensors(select, enables, reader, presence, 37, background=2)
    return sensors, presence, chips, spi


def test_the_muxed_readers_give_each_space_its_own_tags():
    seekers = {5: [Tag(_ntag(5, 0, 0, 0, 0, 1)), Tag(_ntag(5, 0, 0, 0, 0, 2))],
               20: [Tag(_ntag(20, 1, 1, 1, 1, 1))]}
    sensors, presence, chips, _ = _board(seekers)
    for ch in (5, 20, 30):                    # 30: a magnet over a space without a module
        presence.present[ch] = 1
    out = position(37)
    sensors.scan(out)
    assert tags_at(out, 5) == (0, 1) and tags_at(out, 20) == (2,)
    assert out[30 * 8] == UNREADABLE and out[0] == NO_TAG


def test_a_piece_joining_an_occupied_space_is_seen_by_the_background_reread():
    first = Tag(_ntag(5, 0, 0, 0, 0, 1))
    second = Tag(_ntag(5, 0, 0, 0, 0, 2))
    sensors, presence, chips, _ = _board({5: [first, second]})
    chips[5].tags.remove(second)              # only the first Seeker is there
    presence.present[5] = 1
    out = position(37)
    sensors.scan(out)
    assert tags_at(out, 5) == (0,)
    chips[5].tags.append(second)              # the hall switch cannot tell
    reads = sensors.reads
    sensors.scan(out)
    sensors.scan(out)                         # background = 2: the second scan re-reads
    assert sensors.reads == reads + 1 and tags_at(out, 5) == (0, 1)
    chips[5].tags.remove(first)               # lifted off the stack
    sensors.scan(out)
    sensors.scan(out)
    assert tags_at(out, 5) == (1,)


def test_make_reader_builds_the_mfrc522_from_the_pin_map_and_refuses_other_chips():
    import json

    from firmware.hal.tag_reader import ReaderNotConfigured, make_reader

    from ..rules.support import repo_path

    for name in ("pico", "esp32s3"):
        with open(repo_path("hardware/boards/%s.json" % name)) as f:
            config = json.load(f)["sensors"]["reader"]
        reader = make_reader(config, machine)
        assert isinstance(reader, MFRC522) and reader.read_tags(bytearray(8)) == -1   # nothing on the bus
        # a Scythe board (16 pieces a territory): up to 17 listed, so a 17th shows as one too many
        assert reader.max_tags == 9 and make_reader(config, machine, None, 16).max_tags == 17
    try:
        make_reader({"chip": "pn532"}, machine)
        raise AssertionError("an unknown chip was accepted")
    except ReaderNotConfigured as e:
        assert "mfrc522" in str(e)


def test_a_scan_with_the_reader_in_the_loop_allocates_nothing():
    seekers = {5: [Tag(_ntag(5, 0, 0, 0, 0, 1)), Tag(_ntag(5, 0, 0, 0, 0, 2))]}
    replay = Replay()

    def scenario(sensors, presence, lock):
        out = position(37)
        sensors.scan(out)                     # nothing there yet
        presence.present[5] = 1               # two Seekers put down: an identity read
        lock(True)
        try:
            for _ in range(4):                # and background re-reads
                sensors.scan(out)
        finally:
            lock(False)
        return bytes(out)

    def no_lock(on):
        pass

    sensors, presence, _, _ = _board(seekers, lambda bank: Recorder(bank, replay))
    expected = scenario(sensors, presence, no_lock)
    assert tags_at(expected, 5) == (0, 1) and sensors.reads == 3
    sensors, presence, _, spi = _board(seekers)
    spi.device = replay
    if sys.implementation.name != "micropython":
        assert scenario(sensors, presence, no_lock) == expected   # the replay is faithful
        skip("heap_lock is MicroPython's: allocation is checked under MicroPython (make test-micropython)")
    micropython = __import__("micropython")

    def lock(on):
        if on:
            micropython.heap_lock()
        else:
            micropython.heap_unlock()

    assert scenario(sensors, presence, lock) == expected


def test_reading_tags_allocates_nothing():
    # The driver is run once against the chip model with a recorder, then again, under
    # heap_lock on MicroPython, against the recorded answers (the model itself allocates).
    # Collisions at the start of a frame, mid-byte (0x61 / 0x63 after bit 24) and in the 32nd bit.
    tags = [Tag(_ntag(0x10, 0x20, 0x30, 0x40, 0x50, i)) for i in (0x60, 0x61, 0x63, 0xE0)]
    pairing = _paired(tags)
    chip = Chip(tags)
    replay = Replay()
    spi = machine.SPI(0)
    spi.device = Recorder(chip, replay)
    reader = MFRC522(spi, QuietPin(), pairing, lambda us: None)
    buf = bytearray(b"\xff" * 8)
    assert reader.read_tags(buf) == 4
    assert sorted(c[1] & 7 for c in _collisions(chip.frames)) == [0, 0, 0, 1]   # one begun mid-byte
    expected = bytes(buf)
    spi.device = replay
    for i in range(8):
        buf[i] = NO_TAG
    if sys.implementation.name != "micropython":
        assert reader.read_tags(buf) == 4 and bytes(buf) == expected   # the replay is faithful
        skip("heap_lock is MicroPython's: allocation is checked under MicroPython (make test-micropython)")
    micropython = __import__("micropython")
    micropython.heap_lock()
    try:
        n = reader.read_tags(buf)
    finally:
        micropython.heap_unlock()
    assert n == 4 and bytes(buf) == expected


def test_self_test_reads_every_space_and_flags_what_disagrees():
    from firmware.board import selftest

    from .rig import board_def

    d = board_def()
    ch = [sp["sensor"] for sp in d["spaces"]]
    ok, no_magnet = Tag(_ntag(1, 1, 1, 1, 1, 1)), Tag(_ntag(2, 2, 2, 2, 2, 2))
    stranger = Tag(_ntag(3, 3, 3, 3, 3, 3))
    fields = {c: [] for c in ch}
    fields[ch[0]] = [ok]
    fields[ch[1]] = [no_magnet]
    fields[ch[3]] = [stranger]
    sensors, presence, chips, _ = _board(fields)
    table = sensors.reader.pairing
    assert isinstance(table, PairingTable)
    table.unpair(table.tag_of(stranger.uid, 0, 7))
    for i in (0, 2, 3):                       # 2: a magnet without a tag
        presence.present[ch[i]] = 1
    del chips[ch[4]]                          # a module missing
    verdicts = []
    lines = []
    selftest.run(d, sensors, _leds(), lambda ms: None, lines.append, 41, verdicts=verdicts)
    assert verdicts[:5] == [selftest.PASS, selftest.FAIL, selftest.FAIL, selftest.UNKNOWN, selftest.FAIL]
    assert verdicts[5:].count(selftest.PASS) == 32        # empty spaces read empty
    assert "a tag but no magnet" in lines[1] and "a magnet but no tag" in lines[2]
    assert "does not answer" in lines[4]


def test_self_test_without_readers_shows_the_hall_switches():
    from firmware.board import selftest

    from .rig import board_def

    d = board_def()
    presence = _Presence(37)
    presence.present[d["spaces"][7]["sensor"]] = 1
    select, enables = [QuietPin(0) for _ in range(4)], [QuietPin(1) for _ in range(3)]
    sensors = MuxTagSensors(select, enables, None, presence, 37)
    verdicts = []
    lines = []
    selftest.run(d, sensors, _leds(), lambda ms: None, lines.append, 41, verdicts=verdicts)
    assert verdicts[7] == selftest.MAGNET and verdicts.count(selftest.EMPTY) == 36
    assert "no reader" in lines[0] and "hall 1" in lines[7]


def _leds():
    class Leds:
        def show(self, frame):
            pass

    return Leds()


def test_a_collision_in_the_32nd_bit_is_resolved_by_following_the_tag_whose_bit_is_1():
    # UIDs that differ only in their last bit (bit 32 of cascade level 1: CollPos 0).
    a, b = Tag(bytes((1, 2, 3, 0x00))), Tag(bytes((1, 2, 3, 0x80)))
    chip, reader, _ = _rig([a, b])
    assert reader.read_uids() == 2 and _uids(reader) == sorted((a.uid, b.uid)) and reader.errors == 0
    anticoll = [bits for kind, bits in chip.frames if kind == "ANTICOLL"]
    # The first asks with no UID bit; the collision in the 32nd bit makes the second send all
    # 32 of b's (the 32nd set: the tag whose bit is 1 goes first); a, alone, then collides with nobody.
    assert anticoll == [[], to_bits(b.parts[0], 32), []], anticoll
    assert [k for k, _ in chip.frames] == ["WUPA", "ANTICOLL", "ANTICOLL", "SELECT", "HLTA",
                                           "REQA", "ANTICOLL", "SELECT", "HLTA", "REQA"]


def test_tags_left_ready_by_a_read_cut_short_are_still_found():
    a, b = Tag(bytes((1, 2, 3, 0x00))), Tag(bytes((1, 2, 3, 0x80)))
    chip, reader, _ = _rig([a, b])
    assert reader._wake() and reader._request(0x52) >= 0   # cut short: field on, both READY
    assert a.state == b.state == READY                      # and READY tags ignore a WUPA
    assert reader.read_uids() == 2 and _uids(reader) == sorted((a.uid, b.uid))


def test_a_soft_reset_puts_the_chip_back_to_its_reset_values():
    chip, reader, _ = _rig([])
    assert reader._wake()
    assert chip.regs[0x2B] == 0xA9 and chip.field_on()
    reader._write(0x01, 0x0F)                          # SoftReset
    assert chip.regs[0x2B] == 0 and chip.regs[0x14] == 0x80 and not chip.field_on()
    assert reader._read(0x37) == 0x92


def test_an_unpaired_tag_on_the_board_blinks_its_space_and_moves_nothing():
    from firmware.board.light_codes import L_FIX
    from firmware.rules.mls.codes import A_MOVE

    from ..rules.support import CAMP, scenario
    from .rig import Rig

    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}))
    rig.choose(0, A_MOVE)
    before = bytes(rig.st.s)
    rig.sensors.put(rig.channel[20], UNKNOWN_TAG)   # what read_tags reports for a UID not paired
    rig.run(700)
    assert bytes(rig.st.s) == before and rig.lit(L_FIX) == [20]


def test_a_space_holding_more_tags_than_its_stack_reads_crowded_not_a_partial_list():
    """A 9th piece on a space of 8 slots: the reader lists one tag more than the slots, and
    the space reads CROWDED (which pieces stand there cannot be known), not 8 of the 9 (one
    piece would look lifted). One taken off: its 8 tags again."""
    tags = [Tag(_ntag(5, 0, 0, 0, 0, k + 1)) for k in range(9)]
    sensors, presence, chips, _ = _board({5: tags}, max_tags=9)   # (make_reader: the stack + 1)
    presence.present[5] = 1
    out = position(37)
    sensors.scan(out)
    assert out[5 * 8] == CROWDED and tags_at(out, 5) == (CROWDED,)
    chips[5].tags.remove(tags[8])
    sensors.sweep()
    sensors.scan(out)
    assert tags_at(out, 5) == tuple(range(8))
