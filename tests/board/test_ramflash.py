# The RAM flash chip under littlefs (firmware/hal/ramflash.py): NOR rules, and power failing
# partway through an operation. Plain functions: pytest and MicroPython.
from firmware.hal.ramflash import ERASE, PROG, RamFlash, apply


def test_a_program_only_clears_bits_and_an_erase_sets_the_block_to_ff():
    f = RamFlash(16, 4)
    assert f.writeblocks(1, bytearray(b"\x0f\xf0"), 2) == 0
    assert f.writeblocks(1, bytearray(b"\x3c\x3c"), 2) == 0     # ANDed into what is there
    buf = bytearray(4)
    f.readblocks(1, buf, 1)
    assert bytes(buf) == b"\xff\x0c\x30\xff"
    assert f.ioctl(6, 1) == 0
    f.readblocks(1, buf, 1)
    assert bytes(buf) == b"\xff\xff\xff\xff"
    assert (f.ioctl(4, 0), f.ioctl(5, 0), f.ops) == (4, 16, 3)


def test_power_fails_partway_through_the_chosen_operation_and_the_chip_is_dead_after():
    f = RamFlash(16, 4)
    f.cut_at = 1
    f.tear = 3
    assert f.writeblocks(0, bytearray(b"\x00" * 8)) == 0           # operation 0: whole
    assert f.writeblocks(2, bytearray(b"\x00" * 8)) == -5          # operation 1: 3 bytes, then EIO
    assert bytes(f.mem[32:41]) == b"\x00\x00\x00" + b"\xff" * 6
    assert f.dead and f.ioctl(6, 0) == -5 and f.readblocks(0, bytearray(4)) == -5
    assert bytes(f.mem[0:8]) == b"\x00" * 8                        # nothing after the cut ran
    g = RamFlash(16, 4, f.mem)                                     # the next power-up sees it
    buf = bytearray(8)
    assert g.readblocks(2, buf) == 0 and bytes(buf) == b"\x00\x00\x00" + b"\xff" * 5


def test_a_half_done_erase_leaves_the_rest_of_the_block_as_it_was():
    f = RamFlash(16, 2, bytes(32))
    f.cut_at = 0
    f.tear = 5
    assert f.ioctl(6, 1) == -5
    assert bytes(f.mem[16:32]) == b"\xff" * 5 + b"\x00" * 11 and bytes(f.mem[:16]) == bytes(16)


def test_a_logged_run_replays_on_an_image_whole_or_torn():
    f = RamFlash(16, 2)
    f.log = []
    f.writeblocks(0, bytearray(b"\x01\x02\x03\x04"), 4)
    f.ioctl(6, 1)
    assert [(e[0], e[1], e[2], bytes(e[3])) for e in f.log] == [(PROG, 0, 4, b"\x01\x02\x03\x04"),
                                                                 (ERASE, 1, 0, b"")]
    img = bytearray(b"\xff" * 32)
    apply(img, 16, f.log[0], 2)                                    # torn after 2 bytes
    assert bytes(img[4:8]) == b"\x01\x02\xff\xff"
    apply(img, 16, f.log[0])
    assert img == f.mem


def test_an_image_of_the_wrong_size_is_refused():
    try:
        RamFlash(16, 4, bytes(10))
    except ValueError as e:
        assert "10" in str(e) and "64" in str(e)
    else:
        raise AssertionError("a 10-byte image was taken for a 64-byte chip")


def _pattern(n, seed):
    return bytearray((i * 37 + seed) & 0xFF for i in range(n))


def test_long_programs_and_reads_are_exact_at_every_alignment():
    # Word-wide on MicroPython where both sides are aligned, byte by byte elsewhere: the bytes
    # that land and those read back must be the same either way.
    for offset in (0, 1, 2, 3, 4, 16):
        for n in (1, 3, 16, 17, 37):
            for skip in (0, 3):                                     # the buffer unaligned too
                f = RamFlash(64, 2, _pattern(128, 5))
                data = _pattern(n + skip, 11)
                assert f.writeblocks(1, memoryview(data)[skip:], offset) == 0
                want = _pattern(128, 5)
                for i in range(n):
                    want[64 + offset + i] &= data[skip + i]
                assert f.mem == want, (offset, n, skip)
                got = bytearray(n + skip)
                assert f.readblocks(1, memoryview(got)[skip:], offset) == 0
                assert bytes(got) == bytes(skip) + bytes(want[64 + offset:64 + offset + n]), (offset, n, skip)


def test_an_erase_torn_after_an_odd_number_of_bytes_sets_exactly_those():
    for tear in (1, 21, 63):
        f = RamFlash(64, 2, bytes(128))
        f.cut_at = 0
        f.tear = tear
        assert f.ioctl(6, 1) == -5
        assert bytes(f.mem) == bytes(64) + b"\xff" * tear + bytes(64 - tear), tear
