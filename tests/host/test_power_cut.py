# Power cuts: the firmware (bench, controller, save file) runs under the real MicroPython
# unix port and is killed (SIGKILL) at many points of a scripted bot game; after each kill
# a restart must find exactly a committed game state of the uninterrupted reference run,
# no older than the last save the firmware had reported, and the game must go on from it.
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = "tests/board/power_cut_runner.py"


def _micropython():
    here = Path(os.path.dirname(sys.executable)) / "micropython"
    return str(here) if here.exists() else shutil.which("micropython")


pytestmark = pytest.mark.skipif(_micropython() is None, reason="MicroPython unix port not installed")


def _run(args, **kw):
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    return subprocess.Popen([_micropython(), "-X", "heapsize=8m", RUNNER] + args, cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def _saved(lines):
    out = []
    for line in lines:
        if line.startswith("saved "):
            _, n, h = line.split()
            out.append((int(n), h))
    return out


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("ref") / "game.sav")
    p = _run(["play", path, "11"])
    out, err = p.communicate(timeout=300)
    assert p.returncode == 0, err
    saves = _saved(out.splitlines())
    assert len(saves) > 100 and out.splitlines()[-1].startswith("done")
    return saves


@pytest.mark.parametrize("kill_after", [1, 2, 5, 9, 17, 30, 55, 80, 120, 160, 230, 300])
def test_a_killed_board_resumes_at_its_last_committed_decision(reference, tmp_path, kill_after):
    path = str(tmp_path / "game.sav")
    p = _run(["play", path, "11", "1"])   # 1 ms between saves, so kills land mid-game
    seen = []
    assert p.stdout is not None and p.stderr is not None
    for line in p.stdout:
        seen.append(line.strip())
        if len(_saved(seen)) >= kill_after:
            time.sleep(random.Random(kill_after).random() * 0.002)
            p.kill()                       # the plug is pulled, wherever the firmware is now
            break
    p.wait(timeout=30)
    p.stdout.close()
    p.stderr.close()
    last = _saved(seen)[-1]
    check = _run(["check", path])
    out, err = check.communicate(timeout=60)
    assert check.returncode == 0, err
    _, n, h = out.split()
    n = int(n)
    assert (n, h) in reference                    # exactly a state the game committed
    assert n >= last[0]                           # nothing reported as saved was lost
    assert n < reference[-1][0]                   # the kill did land before the game ended
    assert not os.path.exists(path + ".tmp") or n >= last[0]
    # The game goes on from there.
    again = _run(["play", path, "11"])
    out, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    lines = out.splitlines()
    assert lines[0] == "resumed %d %s" % (n, h)
    assert _saved(lines)[0][0] == n + 1 or lines[-1].startswith("done")
