# Pairing (firmware/board/pairing.py): the UID -> piece table on flash, written atomically, a
# damaged table refused and kept; the setup step asking for each piece in turn, on the
# MFRC522 driver and its chip model.
import os

from firmware.board import pairing
from firmware.hal.mfrc522 import MFRC522
from firmware.board.pairing import PairingError, PairingTable
from tests.fakes import machine
from tests.fakes.mfrc522_chip import Chip, QuietPin, Tag

TMP = os.getenv("TMPDIR") or "/tmp"
U1 = bytes((0x04, 1, 2, 3, 4, 5, 6))
U2 = bytes((0x04, 6, 5, 4, 3, 2, 1))
U3 = bytes((0xDE, 0xAD, 0xBE, 0xEF))


def _path(name):
    p = "%s/pomme-pairing-%s.tab" % (TMP, name)
    for q in (p, p + ".tmp", p + ".bad"):
        try:
            os.remove(q)
        except OSError:
            pass
    return p


def _exists(p):
    try:
        os.stat(p)
        return True
    except OSError:
        return False


def test_the_table_maps_uids_to_pieces_and_unknown_uids_to_minus_one():
    t = PairingTable()
    t.pair(U1, 0)
    t.pair(U3, 253)
    assert t.tag_of(U1, 0, 7) == 0 and t.tag_of(U3, 0, 4) == 253
    assert t.tag_of(U2, 0, 7) == -1
    assert t.tag_of(b"\x00" + U1, 1, 7) == 0          # read from inside a reader's record


def test_a_uid_paired_with_another_piece_is_refused_and_nothing_changes():
    t = PairingTable()
    t.pair(U1, 0)
    t.pair(U2, 1)
    try:
        t.pair(U1, 1)
        raise AssertionError("a duplicate was accepted")
    except PairingError as e:
        assert "already paired with piece 0" in str(e)
    assert t.tag_of(U1, 0, 7) == 0 and t.tag_of(U2, 0, 7) == 1 and t.n == 2


def test_pairing_a_piece_again_replaces_its_uid():
    t = PairingTable()
    t.pair(U1, 0)
    t.pair(U2, 0)                                      # a new sticker under the same Seeker
    assert t.tag_of(U1, 0, 7) == -1 and t.tag_of(U2, 0, 7) == 0 and t.n == 1


def test_a_uid_of_the_wrong_length_is_refused():
    try:
        PairingTable().pair(b"\x01\x02", 0)
        raise AssertionError("accepted")
    except PairingError as e:
        assert "4, 7 or 10" in str(e)


def test_the_table_survives_a_save_and_load_with_no_temporary_left():
    p = _path("roundtrip")
    t = PairingTable()
    t.pair(U1, 0)
    t.pair(U2, 1)
    t.pair(U3, 253)
    pairing.save(t, p)
    assert not _exists(p + ".tmp")
    back = pairing.load(p, out=None)
    assert back.tags() == [0, 1, 253]
    assert back.uid_of(1) == U2 and back.tag_of(U3, 0, 4) == 253


def test_no_table_on_flash_is_an_empty_table():
    assert pairing.load(_path("none"), out=None).n == 0


def test_a_damaged_table_is_refused_and_kept_aside():
    p = _path("damaged")
    t = PairingTable()
    t.pair(U1, 0)
    data = bytearray(t.to_bytes())
    data[9] ^= 0x40                                    # a bit flipped on flash
    with open(p, "wb") as f:
        f.write(data)
    msgs = []
    back = pairing.load(p, out=msgs.append)
    assert back.n == 0
    assert "damaged" in msgs[0] and ".bad" in msgs[0] and "Pair the pieces again" in msgs[0]
    with open(p + ".bad", "rb") as f:
        assert f.read() == bytes(data)                 # nothing lost
    assert not _exists(p)


def test_a_file_that_is_not_a_pairing_table_is_refused():
    try:
        PairingTable.from_bytes(b"PBSV" + bytes(20))
        raise AssertionError("accepted")
    except PairingError as e:
        assert "not a Pomme Board pairing file" in str(e)


def _reader(chip):
    spi = machine.SPI(0)
    spi.device = chip
    return MFRC522(spi, QuietPin(), None, lambda us: None)


def test_setup_learns_each_piece_in_turn_and_refuses_a_tag_already_paired():
    a, b = Tag(U1), Tag(U2)
    chip = Chip()
    # What lies on the pairing space at each poll: piece 0 (a), taken off; for piece 1 the
    # maker puts a again (refused), then a and b together, then b alone; taken off.
    script = [[a], [], [a], [a, b], [b], [], []]
    asked = []
    msgs = []

    def wait(ms):
        chip.tags[:] = script.pop(0) if script else []

    def ask(name, tag):
        asked.append((name, tag))

    chip.tags[:] = [a]
    script.pop(0)
    table = PairingTable()
    done = pairing.pair_pieces((("Seeker 0", 0), ("Seeker 1", 1)), _reader(chip), ask, wait, table,
                               msgs.append, polls=20)
    assert done == 2 and asked == [("Seeker 0", 0), ("Seeker 1", 1)]
    assert table.tag_of(U1, 0, 7) == 0 and table.tag_of(U2, 0, 7) == 1
    assert any("already paired with piece 0" in m for m in msgs)
    assert any("one piece at a time" in m for m in msgs)


def test_setup_stops_when_no_piece_is_put_down():
    chip = Chip()
    table = PairingTable()
    done = pairing.pair_pieces((("Seeker 0", 0),), _reader(chip), lambda n, t: None, lambda ms: None, table,
                               [].append, polls=5)
    assert done == 0 and table.n == 0


def test_setup_says_when_the_pairing_space_has_no_reader():
    chip = Chip()
    chip.dead = True
    msgs = []
    pairing.pair_pieces((("Seeker 0", 0),), _reader(chip), lambda n, t: None, lambda ms: None, PairingTable(),
                        msgs.append, polls=3)
    assert msgs == ["Seeker 0: the pairing space's reader does not answer"]


def test_setup_asks_for_every_seeker_the_airship_and_the_wand_then_only_the_missing_ones():
    from firmware.hal import WAND_TAG
    from firmware.rules import registry

    rs = registry.load("mls")
    t = PairingTable()
    all_pieces = pairing.wanted(rs, t)
    assert [tag for _, tag in all_pieces] == list(range(13)) + [WAND_TAG]   # 12: the airship
    assert all_pieces[0][0] == "seeker 0 of seat 1" and all_pieces[-1][0] == "the wand"
    assert all_pieces[12][0] == "the airship (12)"
    t.pair(U1, 0)
    assert [tag for _, tag in pairing.wanted(rs, t)] == list(range(1, 13)) + [WAND_TAG]
    assert len(pairing.wanted(rs, t, everything=True)) == 14


def test_setup_lights_the_pairing_space_saves_the_table_and_can_skip_a_piece():
    from .rig import board_def

    d = board_def()
    p = _path("setup")
    chip = Chip()
    reader = _reader(chip)

    class Sensors:
        selected = None

        def __init__(self, reader):
            self.reader = reader

        def select_channel(self, ch):
            self.selected = ch

    sensors = Sensors(reader)
    frames = []

    class Leds:
        def show(self, frame):
            frames.append(bytes(frame))

    pushes = [False, True, False]          # piece 0: not pushed; piece 1: the dial pushed once

    def skip():
        return pushes.pop(0) if pushes else False

    script = [[]]                          # seeker 0 is on the space, then taken off
    chip.tags[:] = [Tag(U1)]

    def wait(ms):
        chip.tags[:] = script.pop(0) if script else []

    msgs = []
    table = PairingTable()
    done = pairing.setup((("seeker 0", 0), ("seeker 1", 1)), d, sensors, Leds(), table, wait, msgs.append, 41,
                         p, skip)
    assert done == 1 and sensors.selected == d["spaces"][0]["sensor"]
    led = d["spaces"][0]["led"]
    assert frames[0][3 * led:3 * led + 3] == bytes((0, 0, 60)) and sum(frames[0]) == 60
    assert not any(frames[-1])
    assert "seeker 1: skipped" in msgs and "seeker 0: tag 04010203040506" in msgs
    assert msgs[-1].startswith("Pairing: 1 of 2 pieces paired")
    assert pairing.load(p, out=None).tag_of(U1, 0, 7) == 0
