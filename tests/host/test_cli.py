# The pomme command as a user runs it.
import subprocess
import sys

from host_tools.cli import main


def test_playout_prints_a_reproducible_game(capsys):
    def game_lines():
        main(["playout", "--players", "3", "--seed", "5"])
        return [s for s in capsys.readouterr().out.splitlines() if "games/s" not in s]

    first = game_lines()
    assert game_lines() == first
    assert first[0].startswith("seed 5: 3 players")
    assert sum("WINNER" in s for s in first) >= 1


def test_playout_statistics_count_every_game(capsys):
    main(["playout", "--players", "2", "--games", "20", "--seed", "1"])
    out = capsys.readouterr().out
    line = [s for s in out.splitlines() if s.startswith("wins by seat")][0]
    wins = [int(w) for w in line.split(":")[1].split(";")[0].split()]
    shared = int(line.rsplit(":", 1)[1])
    assert sum(wins) >= 20 and sum(wins) <= 20 + shared


def test_a_bad_player_count_is_a_clear_error_without_a_traceback():
    r = subprocess.run([sys.executable, "-m", "host_tools.cli", "playout", "--players", "9"],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert "invalid choice" in r.stderr and "Traceback" not in r.stderr
