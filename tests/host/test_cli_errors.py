# The pomme command when things go wrong: one clear line, an exit code, no traceback.
import pytest

from host_tools.cli import main


def _one_error(capsys):
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(
    "argv, says",
    [
        (["sim", "--bots", "1"], "takes 2 to 6 players"),
        (["sim", "--bots", "9"], "takes 2 to 6 players"),
        (["sim", "--bots", "-2"], "--bots"),
        (["sim", "--bots", "3", "--seed", "-1"], "--seed must be 0 to"),
        (["sim", "--bots", "3", "--seed", "99999999999"], "--seed must be 0 to"),
        (["monitor", "--port", "x", "--seconds", "-1"], "--seconds"),
        (["playout", "--games", "0"], "--games"),
    ],
)
def test_argument_ranges_are_checked_before_anything_starts(capsys, argv, says):
    with pytest.raises(SystemExit) as exit:
        main(argv)
    assert exit.value.code == 2
    err = _one_error(capsys)
    assert says in err
    assert "simulated board" not in capsys.readouterr().out


def _no_sim_folders(where):
    return [p.name for p in where.iterdir() if p.name.startswith("pomme-sim-")]


@pytest.fixture
def tmpdirs(tmp_path, monkeypatch):
    """Temporary folders go to a folder of this test's own, to be counted."""
    import tempfile

    where = tmp_path / "tmp"
    where.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(where))
    return where


def _firmware(tmp_path, monkeypatch, source):
    """pomme sim runs `source` as the simulated board's firmware."""
    from host_tools import cli
    from host_tools.sim import SimBoard

    script = tmp_path / "broken_main.py"
    script.write_text(source)
    monkeypatch.setattr(
        cli, "_sim_board", lambda args: SimBoard(players=args.players, seed=args.seed, script=str(script))
    )


def test_the_simulators_own_error_reaches_the_user(capsys, tmp_path, monkeypatch, tmpdirs):
    source = (
        "import sys\nsys.stderr.write('Traceback:\\nValueError: no tag reader on this bench\\n')\n"
        "sys.exit(1)\n"
    )
    _firmware(tmp_path, monkeypatch, source)
    assert main(["sim", "--bots", "2"]) == 1
    err = _one_error(capsys)
    assert "stopped (exit code 1)" in err and "ValueError: no tag reader on this bench" in err
    assert len(err.strip().splitlines()) == 1
    assert _no_sim_folders(tmpdirs) == []


def test_a_simulator_that_dies_mid_game_is_reported_at_once(capsys, tmp_path, monkeypatch, tmpdirs):
    import time

    # answers nothing, prints its last words and exits after a moment
    source = "import sys, time\ntime.sleep(0.5)\nsys.stderr.write('MemoryError: heap full\\n')\nsys.exit(3)\n"
    _firmware(tmp_path, monkeypatch, source)
    t0 = time.monotonic()
    assert main(["sim", "--bots", "2"]) == 1
    assert time.monotonic() - t0 < 3  # not the 9 s of three unanswered tries
    err = _one_error(capsys)
    assert "stopped (exit code 3): MemoryError: heap full" in err


def test_pomme_sim_leaves_no_temporary_folder(capsys, tmp_path, tmpdirs):
    script = tmp_path / "moves.txt"
    script.write_text("wait 100\n")
    assert main(["sim", "--players", "2", "--script", str(script)]) == 0
    assert _no_sim_folders(tmpdirs) == []


def test_the_firmwares_traceback_goes_to_stderr_and_is_reported(tmpdirs):
    from host_tools.link import Client, LinkError
    from host_tools.sim import SimBoard

    sim = SimBoard(players=2, plugins=["no_such_ruleset_module"])
    try:
        sim.start()
        with pytest.raises(LinkError) as e:
            Client(sim.port, watch=sim.gone).connect()
    finally:
        sim.stop()
    assert "stopped (exit code 1)" in str(e.value) and "no_such_ruleset_module" in str(e.value)
    assert _no_sim_folders(tmpdirs) == []


def test_a_port_with_nothing_behind_it_is_one_clear_line(capsys, tmp_path):
    assert main(["monitor", "--port", str(tmp_path / "no-such-port"), "--seconds", "1"]) == 1
    err = _one_error(capsys)
    assert len(err.strip().splitlines()) == 1 and "cannot open" in err and "plugged in" in err
    plain = tmp_path / "plain-file"
    plain.write_text("")
    assert main(["play", "--port", str(plain)]) == 1
    err = _one_error(capsys)
    assert len(err.strip().splitlines()) == 1 and "is not a serial port" in err


def test_a_port_in_use_is_reported_as_such(capsys):
    import os
    import pty

    from host_tools.link import Client

    master, slave = pty.openpty()
    first = None
    try:
        first = Client(os.ttyname(slave))
        assert main(["monitor", "--port", os.ttyname(slave), "--seconds", "1"]) == 1
    finally:
        if first is not None:
            first.close()
        os.close(master)
        os.close(slave)
    err = _one_error(capsys)
    assert len(err.strip().splitlines()) == 1 and "is in use by another program" in err


def test_a_port_that_fails_while_reading_is_one_clear_line():
    import serial

    from host_tools.link import Client, LinkError

    class Unplugged:
        in_waiting = 0

        def read(self, n):
            raise serial.SerialException("device reports readiness to read but returned no data")

        def write(self, data):
            return len(data)

    c = Client(Unplugged())
    c.port = "/dev/ttyACM0"
    with pytest.raises(LinkError) as e:
        c.connect()
    assert "lost the board on /dev/ttyACM0" in str(e.value)


@pytest.mark.parametrize("command", [["sim", "--bots", "2", "--log"], ["log", "--port", "x", "--out"]])
def test_a_log_that_cannot_be_written_is_refused_before_anything_starts(capsys, tmp_path, command):
    for path, says in [(tmp_path / "no" / "game.log", "there is no folder"), (tmp_path, "is a folder")]:
        with pytest.raises(SystemExit) as e:
            main(command + [str(path)])
        assert e.value.code == 2
        err = _one_error(capsys)
        assert says in err and "simulated board" not in capsys.readouterr().out


def test_a_log_write_that_fails_late_is_one_line(capsys, tmp_path, monkeypatch):
    from host_tools import cli
    from host_tools.gamelog import GameLog

    def full(self, path):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(GameLog, "write", full)
    with pytest.raises(cli.LinkError) as e:
        cli._write_log(GameLog(2), str(tmp_path / "g.log"))
    assert "cannot write the game log to" in str(e.value) and "No space left" in str(e.value)


def test_a_board_showing_a_repl_is_told_apart_from_no_board(capsys, tmp_path, monkeypatch):
    import time

    from host_tools import link
    from tests.host.repl import Repl

    class Quick(link.Client):
        def __init__(self, port, **kw):
            super().__init__(port, timeout=0.5, retries=1)

    monkeypatch.setattr(link, "Client", Quick)
    repl = Repl(tmp_path)
    try:
        time.sleep(0.3)
        assert main(["monitor", "--port", repl.port, "--seconds", "1"]) == 1
    finally:
        repl.close()
    err = _one_error(capsys)
    assert len(err.strip().splitlines()) == 1 and "shows a MicroPython REPL, not the game" in err


def test_a_served_simulator_that_dies_is_reported(capsys, monkeypatch, tmpdirs):
    import time

    from host_tools import cli
    from host_tools.sim import SimBoard

    boards = []

    def board(args):
        boards.append(SimBoard(players=args.players, seed=args.seed))
        return boards[-1]

    def sleep(s):  # while serving, the firmware's process dies
        boards[0].proc.kill()
        boards[0].proc.wait()

    monkeypatch.setattr(cli, "_sim_board", board)
    monkeypatch.setattr(cli.time, "sleep", sleep)
    t0 = time.monotonic()
    assert main(["sim", "--serve"]) == 1
    assert time.monotonic() - t0 < 10
    err = _one_error(capsys)
    assert "the simulated board (MicroPython) stopped (exit code -9)" in err
    assert _no_sim_folders(tmpdirs) == []


def test_ctrl_c_stops_a_served_simulator_and_removes_its_folder(capsys, monkeypatch, tmpdirs):
    from host_tools import cli

    def sleep(s):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.time, "sleep", sleep)
    assert main(["sim", "--serve"]) == 0
    err = _one_error(capsys)
    assert "simulated board stopped (Ctrl-C)" in err
    assert _no_sim_folders(tmpdirs) == []


def test_the_emulated_board_without_its_image_is_one_clear_line(capsys, tmp_path, monkeypatch):
    from host_tools import qemu_board

    monkeypatch.setattr(qemu_board, "ELF", str(tmp_path / "firmware.elf"))
    monkeypatch.setattr(qemu_board.shutil, "which", lambda name: "/usr/bin/" + name)
    assert main(["sim", "--target", "qemu", "--bots", "2"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["pomme: %s is missing: build it with `make mcu`" % qemu_board.os.path.relpath(
        str(tmp_path / "firmware.elf"), qemu_board.resources.checkout())]


def test_the_emulated_board_refuses_what_it_cannot_do(capsys):
    with pytest.raises(SystemExit) as e:
        main(["sim", "--target", "qemu", "--bots", "2", "--workdir", "w"])
    assert e.value.code == 2
    assert "--target qemu keeps its saved game on the emulated board's own flash" in capsys.readouterr().err


@pytest.mark.parametrize("port", ["99999", "-1"])
def test_pomme_web_refuses_a_port_out_of_range_in_one_line(capsys, port):
    assert main(["web", "--port", port]) != 0
    out = capsys.readouterr()
    assert "Traceback" not in out.err and out.err.strip() == "pomme: --port must be 0 to 65535"
    assert "compiling" not in out.out   # refused before anything is built


def test_a_hello_lost_on_the_line_is_asked_for_again(tmp_path):
    # The board sends its hello event before the ack: when the event is lost (noise on the
    # line, a client that opened the port mid-line), the host asks again and connects.
    from host_tools.inproc import InProcBoard
    from host_tools.link import Client

    b = InProcBoard(players=2, seed=3, workdir=str(tmp_path))
    port = b.port()
    send = port.write
    dropped = []

    def write(data):
        n = send(data)
        if not dropped and b'"e":"hello"' in bytes(b.out):
            text = bytes(b.out)
            start = text.index(b'"e":"hello"')
            head = text.rfind(b"\n", 0, start) + 1
            end = text.index(b"\n", start) + 1
            del b.out[head:end]                      # the hello event never arrives
            dropped.append(text[head:end])
        return n

    port.write = write
    b.out.clear()                                    # the power-up's hello is long gone
    c = Client(port, timeout=2.0)
    hello, st = c.connect()
    assert dropped and hello["proto"] and st.n_players() == 2
