# Power cuts at the flash level for every game form (tests/conformance/games.py), as littlefs
# itself is tested: tests/board/flash_cut_runner.py under the MicroPython unix port plays a bot
# game saved on littlefs on a RAM flash chip, logs every program and erase of its saves, and cuts
# power before and halfway through each; after every cut the board must load a state the game
# committed, no older than the last save reported, and go on saving.
#
# Each form is cut with its largest player count (its longest save: a 5-player Scythe save is
# 494 bytes, a 6-player Pie in the Sky one the longest of My Little Scythe's) over a window of
# saves (WINDOW for a ruleset's plain game, OPTION_WINDOW for its option sets; the forms of two
# options in make test-long, docs/testing.md) that starts
# mid-game (after SKIP decisions, over the save already there); the
# default game's 2-player game is cut at every save from its first to its end. The runner writing
# the save in place (no temporary file and rename) is caught by it: the proof the check can fail.
#
# The runner needs littlefs (vfs.VfsLfs2), which CPython has not: the CPython run starts the unix
# port; the MicroPython run skips (the same port, already run by the CPython run).
import os
import re

from tests import skip
from tests.rules.support import MICROPYTHON

from .games import add_tests, in_this_volume

WINDOW = int(os.getenv("CONFORMANCE_CUT_SAVES") or 25)   # saves of a ruleset's plain game cut
OPTION_WINDOW = 10    # of its other option sets (the same save code, another state length)
SKIP = 40
RUNNER = "tests/board/flash_cut_runner.py"


def _micropython():
    from tests.host.test_power_cut import _micropython as find

    return find()


def run_cuts(*args):
    """The runner's (returncode, stdout, (cuts, failures, ops, saves), game over, save bytes)."""
    if MICROPYTHON:
        skip("the flash-level cuts run on the unix port from the CPython run (littlefs: no CPython)")
    import subprocess
    from pathlib import Path

    mp = _micropython()
    if mp is None:
        skip("MicroPython unix port not installed")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, MICROPYPATH=str(root))
    r = subprocess.run([mp, "-X", "heapsize=16m", RUNNER] + [str(a) for a in args], cwd=root, env=env,
                       capture_output=True, text=True, timeout=900)
    m = re.search(r"cut points (\d+) failures (\d+) ops (\d+) saves (\d+) game (over|cut short) "
                  r"save (\d+) bytes", r.stdout)
    assert m, r.stdout[-2000:] + r.stderr[-2000:]
    counts = tuple(int(x) for x in m.groups()[:4])
    return r.returncode, r.stdout, counts, m.group(5) == "over", int(m.group(6))


def _cut_every_save_of_a_window(g):
    players = max(g.players)
    window = WINDOW if g.name == g.rs.name else OPTION_WINDOW
    code, out, (cuts, failures, ops, saves), over, size = run_cuts(
        window, 3, players, "rename", 4096, 16, 1 << 20, "game=" + g.name, "skip=%d" % SKIP)
    if over and not saves:   # the game ended within SKIP (scythe+peace's printed objectives,
        # claimed at random: Saxony may place 6 in one turn): its first saves are cut instead
        code, out, (cuts, failures, ops, saves), over, size = run_cuts(
            window, 3, players, "rename", 4096, 16, 1 << 20, "game=" + g.name, "skip=0")
    assert failures == 0 and code == 0, "\n".join(out.splitlines()[:20])
    assert cuts == 2 * ops                  # before and halfway through every operation
    assert saves == window or over          # the window's saves (or the game ended in it)
    # every save's operations: at least its temporary file's contents and the rename
    assert saves > 0 and ops >= 2 * saves, (ops, saves)
    print("%s, %d players: %d cut points over %d operations of %d saves of %d bytes" % (
        g.name, players, cuts, ops, saves, size))


# (a form of two options: in make test-long, games.in_this_volume)
add_tests(globals(), "a_cut_in_any_flash_write_of_its_saves_resumes_a_committed_state",
          _cut_every_save_of_a_window, only=in_this_volume)


def test_a_cut_in_any_flash_write_of_a_whole_game_resumes_a_committed_state():
    from firmware.rules import registry

    code, out, (cuts, failures, ops, saves), over, _ = run_cuts(100000, 3, 2, "rename", 4096, 16, 1 << 20,
                                                                "game=" + registry.default())
    assert failures == 0 and code == 0, "\n".join(out.splitlines()[:20])
    assert over                            # the game was played to its end
    assert cuts == 2 * ops
    # a whole game, and every save's operations: at least its temporary file's creation, its
    # contents and the rename (littlefs keeps a save of up to 512 bytes inline in its metadata)
    assert saves > 200 and ops >= 3 * saves


def test_a_save_written_in_place_is_caught_torn():
    code, out, (cuts, failures, ops, saves), _, _ = run_cuts(30, 3, 2, "direct")
    assert code == 1 and failures > 0
    assert "FAIL op" in out and "no usable save" in out


def test_a_cut_in_any_flash_write_of_a_whole_campaign_resumes_a_committed_state():
    # The Rise of Fenris campaign "lives on the board's flash beside the game save, written with the
    # same power-safe scheme" (issue 27): a 5-player campaign, random decisions and episode results
    # (tests/board/campaign_play.py), cut before and halfway through every program and erase of its
    # file from the first save to the campaign winner.
    code, out, (cuts, failures, ops, saves), over, size = run_cuts(100000, 3, 5, "rename", 4096, 16, 1 << 20,
                                                                   "game=campaign")
    assert failures == 0 and code == 0, "\n".join(out.splitlines()[:20])
    assert over and saves > 100 and cuts == 2 * ops and ops >= 3 * saves
    print("campaign, 5 players: %d cut points over %d operations of %d saves of %d bytes"
          % (cuts, ops, saves, size))


def test_a_campaign_file_written_in_place_is_caught_torn():
    code, out, (cuts, failures, ops, saves), _, _ = run_cuts(100000, 3, 5, "direct", 4096, 16, 1 << 20,
                                                            "game=campaign")
    assert code == 1 and failures > 0 and "no usable save" in out
