# Ctrl-C and Ctrl-D stop a pomme command cleanly: one line, exit 130 (or 0 where stopping is
# the normal way out), no traceback, and what was logged is kept.
import pytest

from host_tools.cli import main


@pytest.fixture
def board(tmp_path, monkeypatch):
    """`--port inproc` is the firmware in this process (host_tools/inproc.py)."""
    from host_tools import link
    from host_tools.inproc import InProcBoard

    b = InProcBoard(players=2, seed=3, workdir=str(tmp_path))
    class OnBoard(link.Client):
        def __init__(self, port, **kw):
            super().__init__(b.port(), **kw)

    monkeypatch.setattr(link, "Client", OnBoard)
    return b


def _one_line(capsys, says):
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and says in err, err
    return err


def _interrupt_pump_after(monkeypatch, calls):
    from host_tools import link

    real, left = link.Client.pump, [calls]

    def pump(self, seconds=0.1):
        left[0] -= 1
        if left[0] < 0:
            raise KeyboardInterrupt
        return real(self, seconds)

    monkeypatch.setattr(link.Client, "pump", pump)


def test_ctrl_c_in_sim_log_writes_the_log_so_far(capsys, tmp_path, monkeypatch):
    from firmware.bots import RandomBot
    from host_tools import session

    chosen = [0]

    class Impatient(RandomBot):
        def choose(self, st):
            chosen[0] += 1
            if chosen[0] > 5:
                raise KeyboardInterrupt
            return super().choose(st)

    monkeypatch.setattr(session, "make_bot", lambda ruleset, rng: Impatient(rng))
    log = str(tmp_path / "part.log")
    assert main(["sim", "--bots", "2", "--seed", "2", "--log", log]) == 130
    _one_line(capsys, "decisions so far written to " + log)
    assert main(["replay", log]) == 0
    assert "every state matched" in capsys.readouterr().out


def test_ctrl_d_and_ctrl_c_stop_play(capsys, board, monkeypatch):
    def eof(prompt):
        raise EOFError

    monkeypatch.setattr("builtins.input", eof)
    assert main(["play", "--port", "inproc"]) == 0
    _one_line(capsys, "play stopped (end of input)")

    def ctrl_c(prompt):
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", ctrl_c)
    assert main(["play", "--port", "inproc"]) == 130
    _one_line(capsys, "play stopped (Ctrl-C)")


def test_ctrl_c_stops_monitor(capsys, board, monkeypatch):
    _interrupt_pump_after(monkeypatch, 3)
    assert main(["monitor", "--port", "inproc"]) == 0
    _one_line(capsys, "monitor stopped (Ctrl-C)")


def test_ctrl_c_in_log_keeps_what_was_recorded(capsys, board, monkeypatch, tmp_path):
    from host_tools.gamelog import GameLog

    _interrupt_pump_after(monkeypatch, 2)
    out = str(tmp_path / "live.log")
    assert main(["log", "--port", "inproc", "--out", out]) == 0
    assert "Traceback" not in capsys.readouterr().err
    assert GameLog.read(out).players == 2


def test_ctrl_c_anywhere_else_is_one_line_and_130(capsys, board, monkeypatch):
    from host_tools import link

    def connect(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(link.Client, "connect", connect)
    assert main(["log", "--port", "inproc", "--out", "unused.log"]) == 130
    _one_line(capsys, "stopped (Ctrl-C)")


def test_monitor_says_when_the_board_falls_silent_and_when_it_comes_back(capsys, board, monkeypatch):
    from host_tools import cli, link

    monkeypatch.setattr(cli, "SILENT_AFTER_S", 0.5)
    real, calls = link.Client.pump, [0]

    def pump(self, seconds=0.1):
        calls[0] += 1
        if calls[0] == 6:  # about 1.2 s in: the board sends its heartbeat again
            board.link.snapshot()
        return real(self, seconds)

    monkeypatch.setattr(link.Client, "pump", pump)
    assert main(["monitor", "--port", "inproc", "--seconds", "1.6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    silent = [i for i, s in enumerate(lines) if "is silent: no heartbeat" in s]
    back = [i for i, s in enumerate(lines) if s.startswith("the board is back")]
    assert len(silent) == 1 and len(back) == 1 and silent[0] < back[0]


def test_monitor_says_when_the_board_started_again(capsys, board, monkeypatch):
    from host_tools import link

    real, calls = link.Client.pump, [0]

    def pump(self, seconds=0.1):
        calls[0] += 1
        if calls[0] == 2:
            board.restart()  # power cut: hello and a snapshot again
        return real(self, seconds)

    monkeypatch.setattr(link.Client, "pump", pump)
    assert main(["monitor", "--port", "inproc", "--seconds", "0.8"]) == 0
    out = capsys.readouterr().out
    assert "the board started again (power-up 2, restart)" in out
