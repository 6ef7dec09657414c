# The campaign's file on the board's flash (firmware/board/campaign_file.py): written after every
# committed decision the same power-safe way as the game save; read back whole or refused with a
# clear message (a damaged file, a game save, an impossible campaign), never half-loaded.
# CPython and the MicroPython unix port. The power cuts at every program and erase of the file:
# tests/conformance/test_flash_cuts.py.
import os

from firmware.board.campaign_file import CampaignFile
from firmware.board.storage import SaveError, SaveFile
from firmware.rules.scythe.campaign import new_campaign
from firmware.rules.scythe import campaign_log as G
from firmware.rules.scythe.ruleset import RULESET as SCYTHE

from ..rules.scythe_support import board
from ..rules.support import raises

TMP = "/tmp" if os.getenv("TMPDIR") is None else os.getenv("TMPDIR")


def _file(name):
    f = CampaignFile("%s/pomme-test-%s.camp" % (TMP, name))
    f.abort()
    return f


def _campaign():
    c = new_campaign(board(), [0, 1, 2])
    c.apply_checked(3)   # seat 0: Perk 3, for free
    return c


def test_a_saved_campaign_reads_back_with_its_dice_and_decision_count():
    f = _file("back")
    c = _campaign()
    f.save(c, 12345, 7)
    back, x, count = f.load(board(), SCYTHE)
    assert bytes(back.s) == bytes(c.s) and (x, count) == (12345, 7) and G.perk_now(back, 0) == 2
    assert f.exists()
    f.abort()
    assert not f.exists()
    assert "no saved campaign" in str(raises(SaveError, f.load, board(), SCYTHE))


def test_a_damaged_campaign_file_is_refused_and_left_as_it_is():
    f = _file("damaged")
    f.save(_campaign(), 1, 1)
    with open(f.path, "rb") as h:
        data = bytearray(h.read())
    data[30] ^= 0x10
    with open(f.path, "wb") as h:
        h.write(data)
    assert "damaged" in str(raises(SaveError, f.load, board(), SCYTHE))
    with open(f.path, "rb") as h:
        assert h.read() == bytes(data)   # nothing lost: the file stays for a look


def test_a_game_save_is_not_read_as_a_campaign_nor_a_campaign_as_a_game():
    from tests.rules.scythe_support import started

    f = _file("game")
    SaveFile(f.path).save(started(), 1, 1)
    assert "not a Pomme Board save" in str(raises(SaveError, f.load, board(), SCYTHE))
    f.save(_campaign(), 1, 1)
    assert "not a Pomme Board save" in str(raises(SaveError, SaveFile(f.path).load, board(), SCYTHE))


def test_an_impossible_campaign_with_a_right_checksum_is_refused():
    from firmware.rules.compat import crc32
    from firmware.rules.framing import frame

    f = _file("impossible")
    c = _campaign()
    c.s[G.lo(1) + G.L_FACTION] = c.s[G.lo(0) + G.L_FACTION]   # two seats, one faction
    body = frame(G.CAMPAIGN_ID, board().n_spaces, c.s)
    head = b"PBCP" + bytes((2,)) + (1).to_bytes(4, "little") + (1).to_bytes(4, "little") + b"\x00"
    with open(f.path, "wb") as h:
        h.write(head + body + (crc32(body, crc32(head)) & 0xFFFFFFFF).to_bytes(4, "little"))
    assert "two seats hold faction" in str(raises(SaveError, f.load, board(), SCYTHE))
