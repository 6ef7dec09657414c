# Game names and player counts on pomme's command line: a name that is no game lists every
# form there is (each of them plays); a solo game of a ruleset without one says which games
# have one; the player counts are the rulesets' own (the seam's player_range), in --players's
# help and in its errors; --bots and --players that disagree are refused. Each error is one
# line, exit 2, and nothing starts.
import pytest

from firmware.rules import registry
from host_tools import games
from host_tools.cli import main


def _refused(capsys, argv):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "simulated board" not in out
    lines = [x for x in err.splitlines() if x.startswith("pomme: error:")]
    assert len(lines) == 1, err
    return lines[0]


def test_a_name_that_is_no_game_lists_every_form_there_is(capsys):
    err = _refused(capsys, ["sim", "--game", "nope", "--bots", "2"])
    assert "no game 'nope' here" in err
    for form in ("mls", "mls+pits", "mls+pits+mats", "scythe", "mls+pits+solo", "mls+pits+mats+solo",
                 "+emp", "--solo"):
        assert form in err, err
    assert "mls+mats" not in err          # the rules refuse the mats without Pie in the Sky
    for name in registry.names():
        assert name in err


def test_every_form_listed_plays_and_the_ones_left_out_do_not(capsys):
    names, solos = games.forms()
    assert {"mls", "mls+pits", "mls+pits+mats", "scythe"} <= set(names)
    assert {"mls+pits+solo", "mls+pits+mats+solo"} <= set(solos)
    for game in names + solos + [s.replace("+solo", "+emp") for s in solos]:
        assert main(["playout", "--game", game, "--games", "1", "--players", "2"]
                    if game in names else ["playout", "--game", game, "--games", "1"]) == 0, game
    capsys.readouterr()
    assert main(["playout", "--game", "mls+mats", "--games", "1"]) == 1
    assert "mls+mats" in capsys.readouterr().err


def test_a_plugged_ruleset_is_among_the_games(capsys):
    err = _refused(capsys, ["--plugin", "tests.rulesets.race", "sim", "--game", "nope"])
    assert "race" in err and "mls+pits" in err


def test_an_option_a_ruleset_lacks_names_the_games_too(capsys):
    err = _refused(capsys, ["playout", "--game", "mls+wings"])
    assert "wings is no on/off option of mls" in err and "mls+pits+mats" in err


@pytest.mark.parametrize("argv", [["sim", "--game", "scythe", "--solo"], ["play", "--game", "scythe+solo"],
                                  ["playout", "--game", "scythe+emp"]])
def test_scythe_has_no_solo_mode_and_the_error_names_the_games_that_do(capsys, argv):
    err = _refused(capsys, argv)
    assert "Scythe has no solo mode here" in err
    assert "solo against Automountie: mls+pits+solo, mls+pits+mats+solo" in err
    assert "on/off option" not in err and "options: -" not in err


def test_the_players_help_gives_each_rulesets_own_counts(capsys):
    with pytest.raises(SystemExit):
        main(["sim", "--help"])
    shown = " ".join(capsys.readouterr().out.split())   # argparse wraps the help
    for name in registry.names():
        rs = registry.load(name)
        assert "%s %d to %d" % ((rs.title,) + tuple(rs.player_range({}))) in shown
    assert "mls+pits: 1 to 6" in shown          # Pie in the Sky: solo too
    assert "1..8" not in shown and "{1,2" not in shown


def test_the_counts_come_through_the_seam(capsys, monkeypatch):
    mls = type(registry.load("mls"))
    monkeypatch.setattr(mls, "players", (3, 5))
    with pytest.raises(SystemExit):
        main(["playout", "--help"])
    assert "My Little Scythe 3 to 5" in " ".join(capsys.readouterr().out.split())
    assert "My Little Scythe takes 3 to 5 players" in _refused(capsys, ["playout", "--players", "2"])


@pytest.mark.parametrize("argv, says", [
    (["sim", "--players", "9"], "My Little Scythe takes 2 to 6 players"),
    (["sim", "--players", "0"], "My Little Scythe takes 2 to 6 players"),
    (["play", "--players", "7"], "My Little Scythe takes 2 to 6 players"),
    (["sim", "--game", "scythe", "--players", "6"], "Scythe takes 2 to 5 players"),
    (["playout", "--game", "scythe", "--players", "1"], "Scythe takes 2 to 5 players"),
    (["tournament", "--game", "mls+pits", "--players", "1"],
     "My Little Scythe tournaments take 2 to 6 players"),
])
def test_a_player_count_the_game_does_not_take_is_refused_with_its_range(capsys, argv, says):
    assert says in _refused(capsys, argv)


def test_bots_and_players_that_disagree_are_refused(capsys, tmp_path, monkeypatch):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    err = _refused(capsys, ["sim", "--bots", "4", "--players", "3"])
    assert "--bots 4" in err and "--players 3" in err
    assert list(tmp_path.iterdir()) == []           # no simulated board was started


def test_a_solo_game_with_more_players_is_refused(capsys):
    for argv in (["sim", "--game", "mls+pits", "--solo", "--players", "3"],
                 ["playout", "--game", "mls+pits+solo", "--players", "2"]):
        err = _refused(capsys, argv)
        assert "a solo game is 1 player against Automountie: --players" in err
