# Pie in the Sky from the host: `--game mls+pits` is the ruleset mls with the `new` command's
# option pits: [1] (host_tools/games.py). The simulated board (the MicroPython unix port)
# plays a whole expansion game over the serial protocol to a winner; its log replays; the
# playouts give their statistics; an unknown option is one clear line.
import json
import subprocess
import sys

from host_tools.cli import main
from host_tools.games import parse


def test_a_game_name_is_a_ruleset_and_the_options_it_turns_on():
    # the laptop has no printed cards: a name plays them from the model deck unless it says
    # "printed" (docs/content.md)
    rs, options = parse("mls+pits")
    assert rs.name == "mls" and options == {"pits": [1], "cards": [1]}
    assert parse("mls+pits+mats")[1] == {"pits": [1], "mats": [1], "cards": [1]}
    assert parse("mls")[1] == {"cards": [1]} and parse("mls+printed")[1] == {"cards": [0]}
    try:
        parse("mls+kingdoms")          # not an on/off option
    except ValueError as e:
        assert "kingdoms" in str(e) and "pits" in str(e)
    else:
        raise AssertionError("mls+kingdoms taken")


def test_pomme_sim_plays_an_expansion_game_over_the_protocol_to_a_winner(capsys, tmp_path):
    log = str(tmp_path / "game.log")
    assert main(["sim", "--game", "mls+pits", "--bots", "4", "--seed", "1", "--log", log]) == 0
    out = capsys.readouterr().out
    assert "MicroPython unix port" in out and "Game over" in out and "The winner" in out
    assert "Pie in the Sky: the airship (A) on space" in out and "cargo hold" in out
    with open(log) as f:
        assert json.loads(f.readline())["game"] == "mls+pits"
    assert main(["replay", log]) == 0
    assert "every state matched the board's" in capsys.readouterr().out


def test_pomme_playout_gives_the_expansion_statistics(capsys):
    from host_tools.playout import run

    wins = run(4, 6, 1, out=lambda s: None, game="mls+pits")
    assert sum(wins) >= 6
    main(["playout", "--game", "mls+pits", "--games", "6", "--players", "4"])
    out = capsys.readouterr().out
    assert "6 games of My Little Scythe" in out and "wins by seat" in out
    pits = [x for x in out.splitlines() if x.startswith("Pie in the Sky, per game: Air Support")]
    assert len(pits) == 1, out
    main(["playout", "--games", "3", "--players", "4"])      # a base game has no such line
    assert "Pie in the Sky" not in capsys.readouterr().out


def test_an_option_the_ruleset_does_not_have_is_a_clear_error_without_a_traceback():
    r = subprocess.run([sys.executable, "-m", "host_tools.cli", "playout", "--game", "mls+wings"],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert "wings is no on/off option of mls" in r.stderr and "Traceback" not in r.stderr


def test_solo_is_one_player_against_automountie_on_either_side():
    assert parse("mls+pits+solo")[1] == {"pits": [1], "automountie": [0], "cards": [1]}   # Trophy Dropper
    assert parse("mls+pits+emp")[1] == {"pits": [1], "automountie": [1], "cards": [1]}    # EMP Device


def test_pomme_sim_plays_a_solo_game_against_automountie_over_the_protocol_to_its_end(capsys, tmp_path):
    log = str(tmp_path / "solo.log")
    assert main(["sim", "--game", "mls+pits", "--solo", "--seed", "1", "--log", log]) == 0
    out = capsys.readouterr().out
    assert "MicroPython unix port" in out and "Game over" in out
    assert "Automountie (seat 2): Trophy Dropper side" in out and "trophies dropped on spaces" in out
    with open(log) as f:
        head = json.loads(f.readline())
    assert head["game"] == "mls+pits+solo" and head["players"] == 1
    assert main(["replay", log]) == 0
    out = capsys.readouterr().out
    assert "every state matched the board's" in out and "Automountie (seat 2)" in out


def test_pomme_playout_gives_the_statistics_of_solo_games():
    r = subprocess.run([sys.executable, "-m", "host_tools.cli", "playout", "--game", "mls+pits", "--solo",
                        "--games", "5"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "5 games of My Little Scythe, 2 players" in r.stdout and "wins by seat" in r.stdout
    wins = [x for x in r.stdout.splitlines() if x.startswith("wins by seat:")][0]
    assert sum(int(w) for w in wins.split(";")[0].split(":")[1].split()) >= 5
    assert "Pie in the Sky, per game" in r.stdout


def test_solo_without_the_expansion_is_a_clear_error_without_a_traceback():
    r = subprocess.run([sys.executable, "-m", "host_tools.cli", "sim", "--game", "mls", "--solo"],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert "a solo game of My Little Scythe is played with Pie in the Sky" in r.stderr
    assert "Traceback" not in r.stderr


def test_pomme_play_starts_an_expansion_game_on_the_simulated_board(capsys, monkeypatch):
    # Every seat a bot: the game of mls+pits is played to its end at the laptop's view; at
    # "game over" the person quits.
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    assert main(["play", "--game", "mls+pits", "--players", "2", "--seat", "1=bot", "--seat", "2=bot",
                 "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "seat 2 (bot): airship move -> the airship to space" in out
    assert "Pie in the Sky: the airship (A) on space" in out and "Game over" in out


def test_pomme_tournament_plays_the_expansion_from_its_game_name(capsys):
    # `--game` of `pomme tournament` takes a game name like playout's (help.ruleset says
    # mls+pits): the games are Pie in the Sky's, and its statistics line is printed.
    assert main(["tournament", "--game", "mls+pits", "--games", "1", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "1 games of My Little Scythe" in out, out
    assert [x for x in out.splitlines() if x.startswith("Pie in the Sky, per game: Air Support")], out


def test_options_the_rules_refuse_together_are_a_clear_error_in_playout_and_tournament():
    # mls+mats names an on/off option of mls, but the engine deals the airship mats only with
    # Pie in the Sky on (SetupError): one line, no traceback, like the board's "new refused".
    for cmd in (["playout", "--games", "1"], ["tournament", "--games", "1"]):
        r = subprocess.run([sys.executable, "-m", "host_tools.cli"] + cmd + ["--game", "mls+mats"],
                           capture_output=True, text=True)
        assert r.returncode == 1, (cmd, r.stderr)
        assert r.stderr.startswith("pomme: mls+mats: ") and "Traceback" not in r.stderr, r.stderr
