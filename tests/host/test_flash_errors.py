# `pomme flash` checks the port before compiling anything, and has time limits that say what
# to do instead of mpremote's timeout after two minutes.
import subprocess

import pytest

from host_tools import flash
from host_tools.cli import main


def _one_line(capsys, says):
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and says in err, err
    return err


def test_flash_checks_the_port_before_compiling(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(flash, "build", lambda out: pytest.fail("compiled before checking the port"))
    assert main(["flash", "--port", str(tmp_path / "no-such-port")]) == 1
    _one_line(capsys, "cannot open")
    plain = tmp_path / "plain"
    plain.write_text("")
    assert main(["flash", "--port", str(plain)]) == 1
    _one_line(capsys, "is not a serial port")


def test_flash_refuses_a_board_in_a_game_and_says_to_hold_safe(capsys, monkeypatch):
    from host_tools.sim import SimBoard

    monkeypatch.setattr(flash, "build", lambda out: pytest.fail("compiled for a board in a game"))
    with SimBoard(players=2) as sim:
        assert main(["flash", "--port", sim.port]) == 1
    err = _one_line(capsys, "is running a game (firmware ")
    assert "hold the **safe** button while plugging it back in" in err


def test_a_stuck_mpremote_step_is_a_clear_error(monkeypatch):
    def stuck(*a, **kw):
        raise subprocess.TimeoutExpired(a[0], kw.get("timeout", 0))

    monkeypatch.setattr(subprocess, "run", stuck)
    with pytest.raises(RuntimeError) as e:
        flash.Mpremote("/dev/ttyACM0", step_s=5).run("fs", "ls")
    assert "did not finish within 5 s" in str(e.value) and "**safe**" in str(e.value)


def test_pomme_flash_reports_a_stuck_step_in_one_line(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(flash, "check_port", lambda port: None)

    def stuck(*a, **kw):
        raise subprocess.TimeoutExpired(a[0], kw.get("timeout", 0))

    monkeypatch.setattr(flash, "build", lambda out: {})
    monkeypatch.setattr(subprocess, "run", stuck)
    assert main(["flash", "--port", "/dev/ttyACM0"]) == 1
    _one_line(capsys, "hold the **safe** button")


def test_the_manifest_is_read_again_after_a_passing_mpremote_failure(monkeypatch):
    answers = [
        subprocess.CompletedProcess([], 1, "", "mpremote: could not enter raw repl"),
        subprocess.CompletedProcess([], 0, '{"boot.py": "ab"}', ""),
    ]
    monkeypatch.setattr(subprocess, "run", lambda *a, **kw: answers.pop(0))
    assert flash.Mpremote("/dev/ttyACM0").read_manifest() == {"boot.py": "ab"}
    missing = subprocess.CompletedProcess([], 1, "", "mpremote: cat: x: No such file or directory.\n")
    monkeypatch.setattr(subprocess, "run", lambda *a, **kw: missing)
    assert flash.Mpremote("/dev/ttyACM0").read_manifest() == {}
