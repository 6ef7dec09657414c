# Power cuts: the firmware (bench, controller, save file) runs under the real MicroPython
# unix port and is killed (SIGKILL) at many points of a scripted bot game; after each kill
# a restart must find exactly a committed game state of the uninterrupted reference run,
# no older than the last save the firmware had reported, and the game must go on from it
# (every later commit saved in order, to the game's end).
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
# The game played: the first seed from 12 whose game makes more saves than the last kill point
# (250) and a margin, found by the reference run (a change of the rules or of the board's rolls
# changes the games: seed 11 made 228 once the state held the deck, seed 12 too few once spell
# cards were dealt by value). GAME_SEED[0] is set by the reference fixture.
KILLS = [1, 2, 5, 9, 17, 30, 55, 80, 120, 160, 200, 250]
GAME_SEED = ["12"]


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
    """The uninterrupted run: {commit count: state hash} of every save, in order 1..N."""
    for seed in range(12, 32):
        path = str(tmp_path_factory.mktemp("ref") / "game.sav")
        p = _run(["play", path, str(seed)])
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        lines = out.splitlines()
        saves = _saved(lines)
        if len(saves) > max(KILLS) + 20:
            GAME_SEED[0] = str(seed)
            break
    else:
        raise AssertionError("no game of seeds 12-31 makes %d saves" % (max(KILLS) + 20))
    assert lines[-1] == "done %d" % saves[-1][0]
    # One save per loop step that committed: a decision and the dice the board rolled after
    # it (or the decisions one gesture carried) share a save (firmware/board/table.py flush()).
    counts = [c for c, _ in saves]
    assert counts[0] >= 1 and all(a < b for a, b in zip(counts, counts[1:]))
    return dict(saves)


@pytest.mark.parametrize("kill_after", KILLS)
def test_a_killed_board_resumes_at_its_last_committed_decision(reference, tmp_path, kill_after):
    path = str(tmp_path / "game.sav")
    p = _run(["play", path, GAME_SEED[0], "1"])   # 1 ms between saves, so kills land mid-game
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
    assert p.returncode == -9, p.returncode       # it was killed, it did not end by itself
    reported = _saved(seen)
    assert len(reported) == kill_after
    # Until the kill, the run is the reference game.
    assert all(reference[c] == h for c, h in reported)
    last = reported[-1][0]
    check = _run(["check", path])
    out, err = check.communicate(timeout=60)
    assert check.returncode == 0, err
    word, n, h = out.split()
    n = int(n)
    assert word == "loaded"
    assert reference.get(n) == h, (n, h)          # exactly the state the game committed as n
    assert n >= last                              # nothing reported as saved was lost
    assert n < max(reference)                     # the kill did land before the game ended
    # The game goes on from there: it resumes at that state, saves every commit after it
    # in order, and plays to its end.
    again = _run(["play", path, GAME_SEED[0]])
    out, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    lines = out.splitlines()
    assert lines[0] == "resumed %d %s" % (n, h)
    # (How the commits after a resume are numbered: the next test.)
    assert _saved(lines) and lines[-1].startswith("done ")


def test_a_resumed_game_numbers_its_commits_on_from_the_save(tmp_path):
    from firmware.bots import RandomBot, chance_step
    from firmware.rules.mls.bot import nudge
    from firmware.rng import Rng
    from firmware.board.storage import SaveFile
    from tests.rules.support import started

    st = started(3)
    rng = Rng(5)
    bot = RandomBot(rng, nudge)
    for _ in range(40):                   # into the game, then up to a pending chance decision
        if st.current_player() >= 0:
            st.apply(bot.choose(st))
        else:
            chance_step(st, rng)
    while st.current_player() >= 0:
        st.apply(bot.choose(st))
    path = str(tmp_path / "game.sav")
    SaveFile(path).save(st, rng.x, 50)
    p = _run(["play", path, GAME_SEED[0]])
    out, err = p.communicate(timeout=300)
    assert p.returncode == 0, err
    lines = out.splitlines()
    assert lines[0] == "resumed 50 %08x" % st.hash()
    counts = [c for c, _ in _saved(lines)]
    # The pending dice, rolled at power-up, are commit 51; later saves count on from there
    # (a save may hold several commits: a decision and the dice rolled after it).
    assert counts[0] == 51 and all(a < b for a, b in zip(counts, counts[1:])), counts[:5]
    assert lines[-1] == "done %d" % counts[-1]
