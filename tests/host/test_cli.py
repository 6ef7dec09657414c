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
    r = subprocess.run(
        [sys.executable, "-m", "host_tools.cli", "playout", "--players", "9"], capture_output=True, text=True
    )
    assert r.returncode == 2
    assert "My Little Scythe takes 2 to 6 players" in r.stderr and "Traceback" not in r.stderr


def test_pomme_sim_plays_a_bot_game_over_the_protocol_and_names_the_winner(capsys, tmp_path):
    log = str(tmp_path / "game.log")
    assert main(["sim", "--bots", "3", "--seed", "4", "--log", log]) == 0
    out = capsys.readouterr().out
    assert "MicroPython unix port" in out and "Game over" in out and "The winner" in out
    assert main(["replay", log]) == 0
    assert "every state matched the board's" in capsys.readouterr().out


def test_pomme_sim_replays_a_script_of_physical_events(capsys, tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text(
        "# wait for the board, then nudge the dial and press it\nwait 100\ndial 1 +1\npress 1\n"
    )
    assert main(["sim", "--players", "2", "--seed", "3", "--script", str(script)]) == 0
    out = capsys.readouterr().out
    assert "seat 1" in out and "now:" in out


def test_a_bad_script_line_is_named(capsys, tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("lift 1\n")
    assert main(["sim", "--script", str(script)]) == 1
    assert "line 1" in capsys.readouterr().err


def test_no_board_on_the_port_is_a_clear_error(capsys):
    assert main(["monitor", "--port", "/dev/nonexistent-board", "--seconds", "1"]) == 1
    err = capsys.readouterr().err
    assert "cannot open /dev/nonexistent-board" in err and "plugged in" in err


def test_a_damaged_game_log_is_refused(capsys, tmp_path):
    bad = tmp_path / "bad.log"
    bad.write_text('{"log": "pomme-game", "version": 1, "players": 2}\n{"a": 0, "hash": 1}\n')
    assert main(["replay", str(bad)]) == 1
    assert "differs" in capsys.readouterr().err
