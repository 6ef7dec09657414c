# pomme's output piped into a reader that stops early (`pomme replay --step LOG | head`):
# pomme stops without a word (no BrokenPipeError traceback, no "Exception ignored") and with
# 141, what a program stopped by the pipe's signal returns.
import shlex
import subprocess
import sys

import pytest

from host_tools.cli import PIPE_CLOSED, main

POMME = [sys.executable, "-m", "host_tools.cli"]


@pytest.fixture(scope="module")
def game_log(tmp_path_factory):
    log = str(tmp_path_factory.mktemp("pipe") / "game.log")
    assert main(["sim", "--bots", "2", "--seed", "1", "--log", log]) == 0
    return log


def test_replay_step_into_head_ends_quietly(game_log):
    cmd = " ".join(shlex.quote(a) for a in POMME + ["replay", "--step", game_log]) + " | head -3"
    r = subprocess.run(["sh", "-c", cmd], capture_output=True, text=True, timeout=120)
    assert r.stderr == "", r.stderr
    assert len(r.stdout.splitlines()) == 3 and r.stdout.startswith("   1. ")


def test_a_closed_pipe_stops_pomme_with_141_and_no_traceback(game_log):
    import fcntl
    import os

    r, w = os.pipe()
    try:   # a one-page pipe: the replay's steps (~10 KB) cannot all fit in it before it closes
        fcntl.fcntl(r, getattr(fcntl, "F_SETPIPE_SZ", 1031), 4096)
    except OSError:
        pass
    p = subprocess.Popen(POMME + ["replay", "--step", game_log], stdout=w, stderr=subprocess.PIPE)
    os.close(w)
    try:
        assert os.read(r, 6) == b"   1. "
    finally:
        os.close(r)                    # the reader goes away with hundreds of steps to come
    assert p.stderr is not None
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == PIPE_CLOSED
    assert err == "", err
