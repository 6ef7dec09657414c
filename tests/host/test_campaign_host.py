# The Rise of Fenris campaign at the laptop (issue 27, "How it is shown"; docs/campaign.md): `pomme
# sim --campaign` has bots play all eight episodes on the simulated board (the MicroPython unix
# port) over the serial protocol to a campaign winner, and the record replays through the rules to
# the board's campaign; `pomme campaign` exports a board's campaign as JSON and imports it on
# another board; a damaged, foreign or hand-edited document is refused and changes nothing.
import json

from firmware.rules.scythe import campaign as C
from firmware.rules.scythe import campaign_data as D
from firmware.rules.scythe import campaign_log as G
from host_tools.views.scythe_campaign import from_json, replay, to_json
from host_tools.cli import main
from host_tools.gamelog import load_board
from host_tools.link import Client
from host_tools.sim import SimBoard
from tests.rules.support import raises

from firmware.rules.scythe.ruleset import RULESET


def _board():
    return load_board(ruleset=RULESET)


def test_pomme_sim_plays_a_whole_campaign_to_its_winner_and_it_replays_equal(tmp_path, capsys):
    rec_path = str(tmp_path / "campaign.json")
    assert main(["sim", "--campaign", "--bots", "2", "--seed", "1", "--log", rec_path]) == 0
    out = capsys.readouterr().out
    assert "campaign winner: seat" in out and "replayed through the rules: the same campaign" in out
    with open(rec_path) as f:
        rec = json.load(f)
    games = [s["episode"] for s in rec["steps"] if "episode" in s]
    assert len(games) == 8                                     # "an 8-game campaign"
    c = replay(rec, _board())
    assert c.over() and G.campaign_winners(c)
    assert bytes(c.public_bytes()).hex() == rec["final"]
    # each game's name carries the episode's modules: 2a or 2b, then 7 the other pair, 8a or 8b
    names = [g["game"] for g in games]
    assert ("+war+" in names[1] + "+") != ("+war+" in names[6] + "+")
    assert "madtesla" in names[7] or "tesla" in names[7]
    # a record changed in one decision no longer replays to the board's campaign
    first = [i for i, s in enumerate(rec["steps"]) if "decide" in s and s["p"] >= 0][0]
    rec["steps"][first]["decide"] = 99
    raises(ValueError, replay, rec, _board())


def test_a_campaign_exported_from_one_board_is_imported_by_another(tmp_path, capsys):
    path = str(tmp_path / "campaign.json")
    with SimBoard(players=3, game="scythe") as one:
        assert main(["campaign", "new", "--port", one.port, "--factions", "nordic,crimea,polania"]) == 0
        assert main(["campaign", "decide", "--port", one.port, "--choice", "2"]) == 0
        assert main(["campaign", "export", path, "--port", one.port]) == 0
    with open(path) as f:
        doc = json.load(f)
    assert doc["format"] == "pomme-campaign" and doc["episode"] == "1"
    assert [p["faction"] for p in doc["players"]] == ["Nordic", "Crimea", "Polania"]
    assert doc["players"][0]["perks_used"] == [2]
    capsys.readouterr()
    with SimBoard(players=2, game="scythe") as two:
        assert main(["campaign", "import", path, "--port", two.port]) == 0
        shown = capsys.readouterr().out
        assert "Episode 1: A New Era" in shown and "seat 3, Polania" in shown
        client = Client(two.port)
        client.connect()
        from host_tools.views.scythe_campaign import fetch

        _ev, c = fetch(client)
        client.close()
    assert to_json(c) == doc


def test_a_damaged_foreign_or_hand_edited_campaign_document_is_refused(tmp_path, capsys):
    board = _board()
    c = C.new_campaign(board, [0, 1])
    doc = to_json(c)
    assert from_json(json.loads(json.dumps(doc)), board).s == c.s
    edited = json.loads(json.dumps(doc))
    edited["players"][1]["wealth"] = 500
    assert "edited by hand" in str(raises(ValueError, from_json, edited, board))
    damaged = dict(doc, state=doc["state"][:-2] + ("00" if doc["state"][-2:] != "00" else "11"))
    raises(ValueError, from_json, damaged, board)
    assert "pomme-campaign" in str(raises(ValueError, from_json, {"format": "pomme-game"}, board))
    assert "version" in str(raises(ValueError, from_json, dict(doc, version=9), board))
    # pomme campaign import of a damaged file leaves the board's campaign as it was
    path = str(tmp_path / "bad.json")
    with open(path, "w") as f:
        json.dump(damaged, f)
    with SimBoard(players=2, game="scythe") as sim:
        assert main(["campaign", "new", "--port", sim.port, "--factions", "saxony,rusviet"]) == 0
        before = capsys.readouterr().out
        assert main(["campaign", "import", path, "--port", sim.port]) == 1
        assert "bad.json" in capsys.readouterr().err
        assert main(["campaign", "--port", sim.port]) == 0
        assert capsys.readouterr().out == before
        assert main(["campaign", "new", "--port", sim.port, "--factions", "saxony,vesna"]) == 1
        assert "not a faction a campaign starts with" in capsys.readouterr().err


def test_the_campaign_shows_in_spanish_too(capsys):
    from firmware.text import set_language

    from host_tools.views.scythe_campaign import describe

    c = C.new_campaign(_board(), [0, 1])
    try:
        set_language("es")
        lines = describe(c)
    finally:
        set_language("en")
    assert lines[0] == "Episodio 1: Una nueva era" and lines[1].startswith("Objetivos: ")
    assert D.LABELS[G.episode(c)] == "1"


def test_pomme_sim_campaign_refuses_another_game_in_one_line(capsys):
    import pytest

    with pytest.raises(SystemExit) as e:
        main(["sim", "--campaign", "--game", "mls", "--bots", "2"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "--campaign plays Scythe's campaign" in err and "Traceback" not in err


def test_pomme_campaign_sets_a_seat_aside_brings_it_back_and_adds_a_player(capsys):
    with SimBoard(players=2, game="scythe") as b:
        assert main(["campaign", "new", "--port", b.port, "--factions", "nordic,crimea,polania"]) == 0
        for _ in range(3):
            assert main(["campaign", "decide", "--port", b.port, "--choice", "0"]) == 0
        capsys.readouterr()
        assert main(["campaign", "away", "--port", b.port, "--seat", "2"]) == 0
        out = capsys.readouterr().out
        assert "(away) seat 2, Crimea" in out and "(away) seat 1" not in out
        assert main(["campaign", "away", "--port", b.port]) == 1       # which seat: said in one line
        assert "--seat N" in capsys.readouterr().err
        assert main(["campaign", "back", "--port", b.port, "--seat", "2"]) == 0
        assert "(away)" not in capsys.readouterr().out
        assert main(["campaign", "join", "--port", b.port, "--factions", "saxony"]) == 0
        assert "seat 4, Saxony" in capsys.readouterr().out
        assert main(["campaign", "join", "--port", b.port, "--factions", "saxony"]) == 1   # held
        assert capsys.readouterr().err.strip()


def test_whole_campaigns_play_in_this_process_with_the_campaigns_deals_to_a_winner():
    # "Bots play whole campaigns in the simulator ..., so the campaign's balance can be measured":
    # pomme playout --campaign plays them in this process, as the board's keeper does: each
    # episode's game has the campaign's seats and factions and its modules; 8 games; the same
    # seed, the same campaign.
    from firmware.rules.scythe.common import faction
    from firmware.rules.scythe.content import MOD_PEACE, MOD_WAR
    from host_tools.views.scythe_campaign import play_campaign

    games = []

    def seen(c, st):
        seats = G.seats_in(c)
        assert st.n_players() == len(seats)
        assert [faction(st, i) for i in range(len(seats))] == [G.faction(c, p) for p in seats]
        mods = st.mods() if hasattr(st, "mods") else 0   # (Episode 1, 6: a base game's state)
        assert bool(mods & MOD_WAR) == ("war" in G.modules(c))
        assert bool(mods & MOD_PEACE) == ("peace" in G.modules(c))
        games.append(D.LABELS[G.episode(c)])

    c, facts = play_campaign(_board(), 3, 2, "random", seen)
    assert c.over() and G.campaign_winners(c)
    assert games == facts["episodes"] and len(games) == 8
    assert games[0] == "1" and games[1] in ("2a", "2b") and games[-1] in ("8a", "8b")
    assert games[2:7] == ["3", "4", "5", "6", "7"]
    again, facts2 = play_campaign(_board(), 3, 2, "random")
    assert bytes(again.s) == bytes(c.s) and facts2 == facts


def test_pomme_playout_campaign_reports_the_winners_by_seat_and_faction_and_the_branches(capsys):
    assert main(["playout", "--campaign", "--players", "2", "--games", "2", "--seed", "5", "--bot", "random",
                 "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "2 campaigns of 2 players from seed 5, random bots" in out
    seats = [ln for ln in out.splitlines() if ln.startswith("campaign winners by seat")][0]
    assert "1: " in seats and "2: " in seats and "/2 [" in seats
    assert "campaign winners by starting faction: " in out
    branches = [ln for ln in out.splitlines() if ln.startswith("branches played")][0]
    a2, b2, a8, b8 = [int(w.strip(",;")) for w in branches.split()[3::2]]
    assert a2 + b2 == 2 and a8 + b8 == 2


def test_pomme_playout_jobs_without_campaign_or_below_1_is_refused_in_one_line(capsys):
    import pytest

    with pytest.raises(SystemExit) as e:
        main(["playout", "--jobs", "2"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "--jobs is for --campaign" in err and "Traceback" not in err
    with pytest.raises(SystemExit) as e:
        main(["playout", "--campaign", "--jobs", "0"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "--jobs must be 1 or more" in err and "Traceback" not in err


def test_an_episodes_game_without_an_end_stops_the_campaign_playout_with_its_seed_and_episode(monkeypatch):
    # (a Rivals game the rules cannot end, docs/fenris.md S19, would otherwise run for ever)
    from host_tools.views import scythe_campaign as SC

    monkeypatch.setattr(SC, "MAX_DECISIONS", 50)
    try:
        SC.play_campaign(_board(), 3, 2, "random")
    except RuntimeError as e:
        assert str(e) == "campaign of seed 3: Episode 1's game had no end after 50 decisions", e
    else:
        raise AssertionError("played on")
