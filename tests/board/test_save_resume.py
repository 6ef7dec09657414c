# Power-safe play: every committed decision is saved (temp file, then rename); a restart
# resumes the same game and shows where every piece must stand; a corrupt or foreign save
# gives a clear message and a fresh start, never a crash; a saved game can be aborted.
import os

from firmware.board.light_codes import L_FIX
from firmware.rules.mls.codes import A_MOVE, K_MOVE
from firmware.rules.mls.ruleset import RULESET
from firmware.board.storage import SaveError, SaveFile

from ..rules.support import CAMP, board, raises, scenario
from .rig import Rig

TMP = "/tmp" if os.getenv("TMPDIR") is None else os.getenv("TMPDIR")


def _path(name):
    path = "%s/pomme-test-%s.sav" % (TMP, name)
    SaveFile(path).abort()
    return path


def test_every_commit_is_saved_and_a_restart_resumes_the_same_game():
    path = _path("resume")
    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}), save_path=path)
    rig.choose(0, A_MOVE)
    rig.move(0, 0, 32)
    st, rng_x, count = SaveFile(path).load(board(), RULESET)
    assert bytes(st.s) == bytes(rig.st.s) and count == rig.ctl.commits and rng_x == rig.table.rng.x
    # Power cut: a new board boots from the save, with the pieces where they were left.
    again = Rig(st, save_path=path)
    again.sensors.pos[:] = rig.sensors.pos
    again.run(100)
    assert again.st.decision() == K_MOVE and again.lit(L_FIX) == []


def test_a_resumed_board_shows_where_pieces_must_stand_until_they_do():
    path = _path("show")
    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}), save_path=path)
    rig.choose(0, A_MOVE)
    st, _, _ = SaveFile(path).load(board(), RULESET)
    again = Rig(st, save_path=path)
    again.sensors.clear()             # the pieces were knocked off the board
    again.run(700)
    assert again.lit(L_FIX) == [0, 31, 37, 40]   # and the camps of seats 1 and 2 (sites 0 and 3)
    again.put_pieces_where_expected()
    again.run(100)
    assert again.lit(L_FIX) == []


def test_a_corrupt_save_is_refused_with_a_clear_message():
    path = _path("corrupt")
    Rig(scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}), save_path=path).choose(0, A_MOVE)
    with open(path, "rb") as f:
        data = bytearray(f.read())
    for i, text in ((0, "not a Pomme Board save"), (4, "format"), (40, "damaged")):
        bad = bytearray(data)
        bad[i] ^= 0x55
        with open(path, "wb") as f:
            f.write(bad)
        e = raises(SaveError, SaveFile(path).load, board(), RULESET)
        assert text in str(e), str(e)
    with open(path, "wb") as f:
        f.write(data[:30])
    raises(SaveError, SaveFile(path).load, board(), RULESET)


def test_no_save_and_an_aborted_save_start_fresh():
    path = _path("abort")
    save = SaveFile(path)
    assert not save.exists()
    e = raises(SaveError, save.load, board(), RULESET)
    assert "no saved game" in str(e)
    Rig(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}), save_path=path).choose(0, A_MOVE)
    assert save.exists()
    save.abort()
    assert not save.exists()


def test_the_save_is_written_to_a_temporary_file_then_renamed():
    calls = []

    class Os:
        def rename(self, a, b):
            calls.append(("rename", a, b))
            os.rename(a, b)

        def stat(self, p):
            return os.stat(p)

        def remove(self, p):
            os.remove(p)

    path = _path("rename")
    SaveFile(path, Os()).save(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}), 1, 1)
    assert calls == [("rename", path + ".tmp", path)]
