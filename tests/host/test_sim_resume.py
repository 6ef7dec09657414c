# `pomme sim --workdir DIR` keeps the simulated board's folder; `--resume` lets the bots
# continue the game saved there (here: a game stopped with Ctrl-C).
import pytest

from host_tools.cli import main


def test_a_stopped_simulated_game_resumes_from_its_workdir(capsys, tmp_path, monkeypatch):
    from firmware.bots import RandomBot
    from host_tools import session

    work = tmp_path / "board"
    chosen = [0]

    class Impatient(RandomBot):
        def choose(self, st):
            chosen[0] += 1
            if chosen[0] > 12:
                raise KeyboardInterrupt
            return super().choose(st)

    with monkeypatch.context() as m:
        m.setattr(session, "make_bot", lambda ruleset, rng: Impatient(rng))
        assert main(["sim", "--bots", "2", "--seed", "2", "--workdir", str(work)]) == 130
    assert (work / "sim-game.sav").exists()
    capsys.readouterr()
    log = str(tmp_path / "rest.log")
    assert main(["sim", "--bots", "2", "--seed", "2", "--workdir", str(work), "--resume", "--log", log]) == 0
    out = capsys.readouterr().out
    resumed = [s for s in out.splitlines() if s.startswith("resuming the saved game in")]
    assert len(resumed) == 1 and int(resumed[0].rsplit(" ", 1)[1]) >= 12
    assert "The winner" in out
    assert main(["replay", log]) == 0  # the log starts from the resumed state
    assert "every state matched" in capsys.readouterr().out
    assert work.exists()  # the caller's folder is kept


@pytest.mark.parametrize("argv", [["--resume"], ["--resume", "--workdir", "x"], ["--resume", "--bots", "2"]])
def test_resume_needs_bots_and_a_workdir(capsys, argv):
    with pytest.raises(SystemExit) as e:
        main(["sim"] + argv)
    assert e.value.code == 2
    assert "--resume continues the bot game saved in a --workdir" in capsys.readouterr().err


def test_resume_with_nothing_saved_is_one_clear_line(capsys, tmp_path):
    assert main(["sim", "--bots", "2", "--workdir", str(tmp_path), "--resume"]) == 1
    err = capsys.readouterr().err
    assert "no saved simulated game in %s" % tmp_path in err and "Traceback" not in err
