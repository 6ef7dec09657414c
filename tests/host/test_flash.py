# `pomme flash` for real: mpy-cross compiles, mpremote copies to the MicroPython unix port
# over a pseudo-terminal (`mpremote connect <pty> resume ...`), a second flash copies only
# what changed, and the version is read back from the copied code.
import os
import pty
import subprocess
import tempfile
import time
import tty

import pytest

from firmware.link.device import VERSION
from host_tools import flash
from host_tools.cli import main
from host_tools.sim import micropython_path


@pytest.fixture(scope="module")
def repl_on_pty():
    master, slave = pty.openpty()
    tty.setraw(slave)
    work = tempfile.mkdtemp(prefix="pomme-flash-")
    proc = subprocess.Popen([micropython_path(), "-i"], stdin=master, stdout=master, stderr=master, cwd=work)
    time.sleep(0.3)
    yield os.ttyname(slave), work
    proc.kill()
    proc.wait()
    os.close(master)
    os.close(slave)


def test_flash_copies_compiled_firmware_then_only_what_changed(repl_on_pty):
    port, work = repl_on_pty
    copied, unchanged = flash.flash(port, out=lambda *a: None, resume=True)
    assert copied > 30 and unchanged == 0
    assert os.path.exists(os.path.join(work, "firmware", "rules", "board.mpy"))
    assert os.path.exists(os.path.join(work, "hardware", "maps", "mls.json"))
    assert not os.path.exists(os.path.join(work, "firmware", "rules", "engine.py"))   # .mpy only
    copied, unchanged = flash.flash(port, out=lambda *a: None, resume=True)
    assert copied == 0 and unchanged > 30
    assert flash.device_version(port, resume=True) == VERSION


def test_pomme_flash_reports_progress_and_the_verified_version(repl_on_pty, capsys):
    port, _ = repl_on_pty
    assert main(["flash", "--port", port, "--resume"]) == 0
    out = capsys.readouterr().out
    assert "compiling device code" in out and "board runs firmware %s" % VERSION in out


def test_flash_without_a_board_says_what_to_do_without_a_traceback():
    r = subprocess.run(["pomme" if not os.path.exists(".venv/bin/pomme") else ".venv/bin/pomme", "flash",
                        "--port", "/dev/nonexistent-board"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "pomme:" in r.stderr
