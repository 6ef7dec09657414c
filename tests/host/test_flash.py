# `pomme flash` for real: mpy-cross compiles, mpremote copies to the MicroPython unix port
# over a pseudo-terminal (`mpremote connect <pty> resume ...`), a second flash copies only
# what changed, and the version is read back from the copied code.
import os
import subprocess
import tempfile
import time

import pytest

from firmware.link.device import VERSION
from host_tools import flash
from host_tools.cli import main
from tests.host.repl import Repl


@pytest.fixture(scope="module")
def repl_on_pty():
    work = tempfile.mkdtemp(prefix="pomme-flash-")
    repl = Repl(work)
    time.sleep(0.3)
    yield repl.port, work
    repl.close()


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


def test_the_log_in_words_stays_off_a_board_which_never_imports_it(tmp_path):
    # narrate*.py: the page's and the laptop's log (docs/rulesets.md, "Narration")
    import re

    files = flash.build(str(tmp_path))
    assert "firmware/rules/mls/ruleset.mpy" in files and "firmware/rules/scythe/engine.mpy" in files
    assert [f for f in files if os.path.basename(f).startswith("narrate")] == []
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    on_board = [f[:-4] + ".py" for f in files if f.endswith(".mpy")]
    for rel in on_board + ["boot.py", "main.py"]:
        with open(os.path.join(root, rel)) as f:
            src = f.read()
        assert not re.search(r"^\s*(from|import)\s+\S*narrate", src, re.M), rel
