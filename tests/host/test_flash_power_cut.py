# Power cuts at the flash level (tests/board/flash_cut_runner.py under the real MicroPython unix
# port): a whole bot game saved on littlefs on a RAM flash chip (firmware/hal/ramflash.py), then
# power cut before and halfway through every program and erase the game's saves made; after each
# cut the board must load a state the game committed, no older than the last save reported, and
# go on saving. The same runner writing the save in place (no temporary file and rename) must be
# caught by it: the proof the check can fail.
import os
import re
import subprocess
from pathlib import Path

import pytest

from .test_power_cut import _micropython

ROOT = Path(__file__).resolve().parents[2]
RUNNER = "tests/board/flash_cut_runner.py"


pytestmark = pytest.mark.skipif(_micropython() is None, reason="MicroPython unix port not installed")


def _run(*args):
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    r = subprocess.run([_micropython(), "-X", "heapsize=16m", RUNNER] + [str(a) for a in args], cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=900)
    m = re.search(r"cut points (\d+) failures (\d+) ops (\d+) saves (\d+) game (over|cut short)", r.stdout)
    assert m, r.stdout[-2000:] + r.stderr[-2000:]
    return r, tuple(int(x) for x in m.groups()[:4]), m.group(5)


def test_a_cut_in_any_flash_write_of_a_whole_game_resumes_a_committed_state():
    r, (cuts, failures, ops, saves), game = _run(100000, 3, 2)
    assert failures == 0 and r.returncode == 0, "\n".join(r.stdout.splitlines()[:20])
    assert game == "over"                  # the game was played to its end
    assert cuts == 2 * ops                 # before and halfway through every operation
    # a whole game, and every save's operations: at least its temporary file's creation, its
    # contents and the rename (littlefs keeps a save of up to 512 bytes inline in its metadata)
    assert saves > 200 and ops >= 3 * saves
    print("flash-level power cuts: %d cut points over %d operations of %d saves" % (cuts, ops, saves))


def test_a_save_written_in_place_is_caught_torn():
    r, (cuts, failures, ops, saves), _ = _run(30, 3, 2, "direct")
    assert r.returncode == 1 and failures > 0
    assert "FAIL op" in r.stdout and "no usable save" in r.stdout
