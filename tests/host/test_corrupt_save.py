# A save the board cannot use is kept aside (renamed .bad) and a new game starts: the board
# tells the laptop with a save_aside event after its hello (docs/protocol.md), and pomme says so.
import os

from host_tools.cli import main

GARBAGE = b"this is not a Pomme Board save"


def test_the_in_process_board_reports_a_corrupt_save_to_pomme(capsys, tmp_path, monkeypatch):
    from host_tools import link
    from host_tools.inproc import InProcBoard

    (tmp_path / "game.sav").write_bytes(GARBAGE)
    b = InProcBoard(players=2, seed=3, workdir=str(tmp_path))

    class OnBoard(link.Client):
        def __init__(self, port, **kw):
            super().__init__(b.port(), **kw)

    monkeypatch.setattr(link, "Client", OnBoard)
    assert main(["monitor", "--port", "inproc", "--seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "the board could not use its saved game (the saved game is not a Pomme Board save)" in out
    assert "kept as %s" % os.path.join(str(tmp_path), "game.sav.bad") in out
    assert (tmp_path / "game.sav.bad").read_bytes() == GARBAGE


def test_the_simulated_board_reports_a_corrupt_save_over_the_link(tmp_path):
    from host_tools.link import Client
    from host_tools.sim import SimBoard

    (tmp_path / "sim-game.sav").write_bytes(GARBAGE)
    with SimBoard(players=2, workdir=str(tmp_path)) as sim:
        c = Client(sim.port, watch=sim.gone, timeout=30.0)   # a busy machine boots it slowly (10 s: short)
        c.connect()
        assert c.save_aside is not None and c.save_aside["kept"] == "sim-game.sav.bad"
        assert "not a Pomme Board save" in c.save_aside["msg"]
        c.close()
        again = Client(sim.port, watch=sim.gone, timeout=30.0)
        again.connect()  # said again at every handshake of this power-up
        assert again.save_aside is not None and again.save_aside["kept"] == "sim-game.sav.bad"
        again.close()
    assert (tmp_path / "sim-game.sav.bad").exists()  # a folder of the caller's is kept
