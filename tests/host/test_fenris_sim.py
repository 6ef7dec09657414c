# The Rise of Fenris over the serial protocol (issue 26, "How it is shown"): `pomme sim --game
# scythe+<a maximal set of modules> --bots 4 --seed 1` plays to its end on the simulated board
# (the MicroPython unix port) and `pomme replay` of its log gives, decision by decision, the
# state the board reported; the same for a cooperative Desolation game.
import json

import pytest

from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import stars
from host_tools.cli import main
from host_tools.gamelog import GameLog, replay

# The largest sets the Module Chart allows (tests/conformance/games.forms): with Tesla, with Mad
# Tesla (one miniature), and the cooperative Desolation with everything its "Easier" variant adds.
GAMES = ("scythe+mechmods+infra+war+rivals+alliances+vesna+fenris+tesla",
         "scythe+mechmods+infra+tiles+rivals+alliances+vesna+fenris+madtesla",
         "scythe+mechmods+infra+alliances+vesna+fenris+desolation+harder")


@pytest.mark.parametrize("game", GAMES)
def test_pomme_sim_plays_a_module_game_to_its_end_and_it_replays_equal(game, tmp_path, capsys):
    log = str(tmp_path / "game.log")
    assert main(["sim", "--game", game, "--bots", "4", "--seed", "1", "--log", log]) == 0
    out = capsys.readouterr().out
    st = replay(GameLog.read(log))
    assert st.is_terminal()
    with open(log) as f:
        assert json.loads(f.readline())["game"] == game
    if "desolation" in game:   # all win or all lose, as its end says
        assert st.winners() in ((), (0, 1, 2, 3))
        assert ("No player wins" in out) == (st.winners() == ())
    else:   # to final scores: a sixth star (or Mad Tesla destroyed, his destroyer's turn complete)
        mad = "madtesla" in game and not st.s[len(st.s) - L.TAIL - L.F_SIZE + L.F_MT_HEALTH]
        assert st.winners() and (max(stars(st, p) for p in range(4)) == 6 or mad)
        assert "final scores" in out
    assert main(["replay", log]) == 0
    assert "every state matched the board's" in capsys.readouterr().out


def test_pomme_sim_plays_the_desolation_alone_to_its_end_and_it_replays_equal(tmp_path, capsys):
    # "1 player: 5 tiles": a person alone against it (docs/fenris.md step 12), over the protocol.
    log = str(tmp_path / "game.log")
    game = "scythe+mechmods+infra+vesna+fenris+desolation+harder"
    assert main(["sim", "--game", game, "--players", "1", "--bots", "1", "--seed", "1", "--log", log]) == 0
    out = capsys.readouterr().out
    st = replay(GameLog.read(log))
    assert st.is_terminal() and st.n_players() == 1 and st.winners() in ((), (0,))
    track = list(st.track)
    assert len(track) == 5 and track.count(C.CAT_OBJECTIVE) <= 1 and C.CAT_5STARS not in track
    assert ("No player wins" in out) == (st.winners() == ())
    assert main(["replay", log]) == 0
    assert "every state matched the board's" in capsys.readouterr().out
