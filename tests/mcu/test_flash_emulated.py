# `pomme flash` on the emulated board as a maker gets a board (docs/mcu.md, "Three deployment
# paths"; make test-mcu runs these with POMME_MCU_TESTS=1): stock MicroPython without the game
# frozen in, flashed over its serial line with the real mpremote, then reset and a game played
# on it through the serial protocol; once without a ROMFS partition (the .mpy path, a stock
# Pico), once with the ROMFS image pomme built loaded into the partition at start (the qemu
# port's partition takes no writes: QEMU loads it as a flash programmer would).
# The qemu port runs no _boot.py after mpremote's soft reset, so the start-up a port does
# (tools/mcu/pomme_boot.py: littlefs at /) is typed first and mpremote keeps it (resume).
import os
import tempfile
import time

import pytest

from firmware.link.device import VERSION
from host_tools import flash
from host_tools.link import Client, LinkError
from host_tools.qemu_board import QemuBoard
from host_tools.session import bot_game
from tools.mcu.deploy_paths import ELFS, ROMFS_ADDR

pytestmark = pytest.mark.skipif(not os.environ.get("POMME_MCU_TESTS"),
                                reason="the emulated board's flashing tests run in make test-mcu")
BOOT = "import pomme_boot\npomme_boot.boot()\n"
DECISIONS = 30


def _play(board):
    """Reset the board, start the firmware from where pomme flash put it, play DECISIONS."""
    board.kill()
    time.sleep(0.5)
    board.start()
    client = Client(board.port, watch=board.gone)
    hello, _ = client.connect()
    try:   # a few dozen decisions, not a whole game: bot_game says when it stops short of the end
        bot_game(client, 3, out=lambda *a: None, max_decisions=DECISIONS)
    except LinkError as e:
        assert "did not end after %d decisions" % DECISIONS in str(e), e
    client.snapshot()
    commits = int((client.snap or {}).get("commits") or 0)
    client.close()
    return hello, commits


def _has(port, path):
    r = flash.Mpremote(port, resume=True).run("exec", "import os\nprint('SIZE', os.stat(%r)[6])" % path)
    return int(r.stdout.split("SIZE ", 1)[1]) > 0


def _where(port, module="firmware.rules.registry"):
    r = flash.Mpremote(port, resume=True).run("exec", "import %s as m\nprint('AT', m.__file__)" % module)
    return r.stdout.split("AT ", 1)[1].strip()


def test_pomme_flash_copies_mpy_files_to_a_stock_board_without_romfs_which_then_plays():
    board = QemuBoard(players=2, seed=3, elf=ELFS["mpy"], prelude=BOOT)
    try:
        port = board.power_on()
        flash.Mpremote(port, resume=True).run("exec", BOOT)
        said = []
        t0 = time.monotonic()
        copied, unchanged = flash.flash(port, out=said.append, resume=True, extra=flash.HARNESS)
        took = time.monotonic() - t0
        assert any("has no ROMFS partition" in s for s in said), said
        assert copied > 80 and unchanged == 0
        assert flash.device_version(port, resume=True) == VERSION
        assert _where(port) == "firmware/rules/registry.mpy"       # from littlefs: nothing frozen
        assert _has(port, "/lib/ssd1306.mpy")   # the display driver (no framebuf here to import it)
        hello, commits = _play(board)
        assert hello["fw"] == VERSION and commits >= DECISIONS
        print("flash .mpy: %d files in %.1f s" % (copied, took))
    finally:
        board.stop()


def test_a_board_with_the_romfs_image_pomme_built_runs_the_firmware_from_rom_and_plays():
    with tempfile.TemporaryDirectory() as tmp:
        files = flash.build(os.path.join(tmp, "b"), flash.HARNESS)
        image = os.path.join(tmp, "firmware.romfs")
        data = flash.build_romfs(files, flash.build_driver(os.path.join(tmp, "d")), image)
        board = QemuBoard(players=2, seed=3, elf=ELFS["romfs"], prelude=BOOT, loaders=[(image, ROMFS_ADDR)])
        try:
            port = board.power_on()
            flash.Mpremote(port, resume=True).run("exec", BOOT)
            said = []
            copied, _ = flash.flash(port, out=said.append, resume=True, extra=flash.HARNESS)
            # pomme asked the board, found its image in the partition (hash on the board): no
            # deploy, only the data files and the two sources on littlefs
            assert any("holds this image already (%d bytes)" % len(data) in s for s in said), said
            assert 0 < copied <= 8
            assert _where(port) == "/rom/firmware/rules/registry.mpy"
            assert _has(port, "/rom/lib/ssd1306.mpy")
            hello, commits = _play(board)
            assert hello["fw"] == VERSION and commits >= DECISIONS
        finally:
            board.stop()
