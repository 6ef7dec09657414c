# host_tools/tournament.py and `pomme tournament`: Wilson intervals, seeded and reproducible
# figures, seats that alternate, the rates it reports, its command line and its errors; and
# the ruleset's Tally (`pomme playout` figures) adding up with what the games did.
import subprocess
import sys

import pytest

from firmware.rng import Rng
from firmware.rules import registry
from firmware.rules.mls import view
from host_tools import playout, tournament
from host_tools.boards import load_board
from host_tools.cli import main
from host_tools.session import make_bot


def test_wilson_interval():
    lo, hi = tournament.wilson(95, 100)
    assert abs(lo - 0.8882) < 1e-3 and abs(hi - 0.9785) < 1e-3
    assert tournament.wilson(0, 0) == (0.0, 1.0)
    lo, hi = tournament.wilson(10, 10)
    assert hi == 1.0 and 0.69 < lo < 0.73
    lo, hi = tournament.wilson(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.31


def test_figures_are_seeded_and_consistent():
    lines = []
    a = tournament.run("rule", "random", games=6, seed=3, players=2, out=lines.append)
    b = tournament.run("rule", "random", games=6, seed=3, players=2, out=lambda s: None)
    for k in ("wins_a", "wins_b", "apples", "gems", "quests", "fights", "finale_rate", "turns"):
        assert a[k] == b[k], k
    assert a["wins_a"] + a["wins_b"] == 6          # every game ends with a winner kind
    assert a["finale_rate"] == 1.0
    assert a["rate_a"] == a["wins_a"] / 6
    lo, hi = a["ci_a"]
    assert lo <= a["rate_a"] <= hi
    assert a["quests"] > 0
    for k in ("apples", "gems", "quests", "fights"):   # bot A's seat is one of the seats
        assert 0 <= a["a_" + k] <= a[k], k
    assert any("95% CI" in s for s in lines) and any("deliveries" in s for s in lines)


def test_random_against_itself_is_even_over_seats(monkeypatch):
    # The pie fights the figures report (the Tally infers them from the state around each
    # decision) are counted again where the rules resolve them: every call of move._resolve,
    # and those whose attacker sits in bot A's seat.
    from firmware.rules.mls import move

    resolved = {"all": 0, "a": 0, "seat": -1}
    resolve, play = move._resolve, tournament.play

    def counted_resolve(st, code):
        resolved["all"] += 1
        resolved["a"] += st.active_player() == resolved["seat"]
        return resolve(st, code)

    def seat_of_a(st, bots, rng, tally, max_decisions):
        resolved["seat"] = bots.seat          # tournament._Timed: bot A's seat in this game
        return play(st, bots, rng, tally, max_decisions)

    monkeypatch.setattr(move, "_resolve", counted_resolve)
    monkeypatch.setattr(tournament, "play", seat_of_a)
    r = tournament.run("random", "random", games=10, seed=1, players=3, out=lambda s: None)
    assert r["wins_a"] + r["wins_b"] == pytest.approx(10)
    assert r["apples"] == 0 and r["gems"] == 0     # the random bot never stacks 4 to deliver
    assert resolved["all"] >= 10 and resolved["a"] >= 3   # random bots fight: seeded, 29 and 9
    assert r["fights"] * 10 == pytest.approx(resolved["all"])     # figures are per game
    assert r["a_fights"] * 10 == pytest.approx(resolved["a"])


def test_rule_bot_beats_random_and_delivers():
    r = tournament.run("rule", "random", games=20, seed=1, players=2, out=lambda s: None)
    assert r["rate_a"] >= 0.75
    assert r["a_apples"] + r["a_gems"] > 0


def test_bad_arguments_change_nothing_and_say_why():
    with pytest.raises(ValueError):
        tournament.run("nobody", "rule", games=1, out=lambda s: None)
    with pytest.raises(ValueError):
        tournament.run("rule", "rule", games=1, players=7, out=lambda s: None)
    with pytest.raises(ValueError):
        tournament.run("rule", "rule", games=0, out=lambda s: None)


def test_the_search_bots_cpu_is_counted_within_the_games():
    r = tournament.run("search", "rule", games=1, seed=2, players=2, out=lambda s: None,
                       iterations=2, depth=1)
    assert r["cpu_per_game"] > 0 and r["seconds_per_search"] > 0
    assert 0 < r["cpu_per_search"] <= r["cpu_per_game"]


def test_pomme_tournament_prints_win_rates_with_intervals(capsys):
    argv = ["tournament", "--a", "search", "--b", "rule", "--games", "2", "--seed", "1",
            "--playouts", "2", "--depth", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "search wins" in out and "95% CI" in out and "grand finale reached" in out
    assert "per searched one" in out and "deliveries of apples" in out
    assert "CPU" in out
    assert main(argv) == 0
    again = capsys.readouterr().out
    keep = lambda s: [x for x in s.splitlines() if " s " not in x and "s per" not in x]
    assert keep(again) == keep(out)                # seeded: the same games


@pytest.mark.parametrize("args,says", [
    (["--playouts", "0"], "--playouts"),
    (["--budget", "-1"], "--budget"),
    (["--depth", "-2"], "--depth"),
    (["--games", "0"], "--games"),
    (["--jobs", "0"], "--jobs"),
    (["--players", "9"], "My Little Scythe tournaments take 2 to 6 players"),
    (["--players", "1"], "My Little Scythe tournaments take 2 to 6 players"),
    (["--a", "nobody"], "invalid choice"),
])
def test_pomme_tournament_errors_are_one_line(args, says):
    r = subprocess.run([sys.executable, "-m", "host_tools.cli", "tournament"] + args,
                       capture_output=True, text=True)
    assert r.returncode != 0 and says in r.stderr and "Traceback" not in r.stderr


def test_paired_plays_each_deal_once_from_every_seat():
    # --paired: game g's seed is seed + g // players, A in seat g % players. Two bots of one kind
    # then play the same game twice with the labels swapped, so A wins exactly one of each
    # deal's two games (half of a shared crown each time); unpaired, the seeds differ.
    lines = []
    res = tournament.run("rule", "rule", games=12, seed=21, players=2, out=lines.append, paired=True)
    assert res["wins_a"] == 6.0 and res["deals"] == 6
    assert res["deals_every_seat"] == 0 and res["deals_no_seat"] == 0 and res["ci_deals"] == (0.5, 0.5)
    assert lines[0].startswith("12 games of My Little Scythe, 2 players, seeds 21-26:")
    said = "6 deals, each from every seat: rule won from every seat 0, from none 0, the rest (6) split"
    assert any(s.startswith(said) for s in lines)
    rows = [tournament.play_game("rule", "rule", 21, 2, "mls", 10, 0.0, 0, g)[0] for g in range(12)]
    assert any(rows[g][1] + rows[g + 1][1] != 1.0 for g in range(0, 12, 2))   # unpaired: not so


def test_the_interval_over_deals_is_the_normal_one_of_their_means():
    mean, lo, hi = tournament.deal_interval([1.0, 0.5, 0.5, 0.0])
    half = 1.96 * (((0.25 + 0 + 0 + 0.25) / 3) / 4) ** 0.5
    assert mean == 0.5 and abs(lo - (0.5 - half)) < 1e-12 and abs(hi - (0.5 + half)) < 1e-12
    assert tournament.deal_interval([1.0, 1.0, 1.0]) == (1.0, 1.0, 1.0)
    assert tournament.deal_interval([0.5]) == (0.5, 0.0, 1.0)


@pytest.mark.parametrize("args, says", [
    (["--paired", "--games", "5"], "--games must be a multiple of 2"),
    (["--paired", "--round-robin", "rule,random", "--games", "2"], "--paired is for two bots"),
])
def test_paired_errors_are_one_line_and_play_nothing(args, says):
    r = subprocess.run([sys.executable, "-m", "host_tools.cli", "tournament"] + args,
                       capture_output=True, text=True)
    assert r.returncode != 0 and says in r.stderr and "Traceback" not in r.stderr and r.stdout == ""


def test_python_m_tournament_is_the_same_command():
    r = subprocess.run([sys.executable, "-m", "host_tools.tournament", "--games", "2", "--seed", "1"],
                       capture_output=True, text=True)
    assert r.returncode == 0 and "rule wins" in r.stdout


def test_playout_uses_the_rule_bot_unless_asked_for_random(capsys):
    main(["playout", "--players", "2", "--games", "10", "--seed", "1"])
    strong = capsys.readouterr().out
    main(["playout", "--players", "2", "--games", "10", "--seed", "1", "--bot", "random"])
    rand = capsys.readouterr().out
    assert "strong bots" in strong and "random bots" in rand
    assert "deliveries of apples 0.00, of gems 0.00" in rand   # the random bot never delivers
    assert "deliveries of apples 0.00, of gems 0.00" not in strong
    for s in (strong, rand):
        assert "quests resolved" in s and "pie fights" in s and "Apple Delivery" in s


def test_playout_figures_add_up_with_what_the_games_did():
    rs = registry.load("mls")
    board = load_board(ruleset=rs)
    from host_tools.views.mls import Tally

    tally = playout.tally_for(rs, 2)
    assert isinstance(tally, Tally)
    trophies = 0
    delivered = 0
    for seed in range(1, 13):
        rng = Rng(seed)
        st = rs.new_game(board, 2)
        assert playout.play(st, [make_bot(rs, rng, "strong") for _ in range(2)], rng, tally) > 0
        tally.add(st)
        ev = tally.last
        for p in range(2):
            tro = view.trophies(st, p)
            assert ev["quests"][p] == view.quests_resolved(st, p)
            if tro & (1 << 4):       # an apple-delivery trophy needs a delivery of apples
                assert ev["apples"][p] >= 1
            if tro & (1 << 5):
                assert ev["gems"][p] >= 1
        trophies += st.trophy_count(0) + st.trophy_count(1)
        delivered += sum(ev["apples"]) + sum(ev["gems"]) > 0
        won = sum(bool(view.trophies(st, p) & (1 << 6)) for p in range(2))
        assert sum(ev["fights"]) >= won   # a pie-fight trophy needs a fight
    f = tally.figures()
    assert tally.games == 12
    assert tally.with_delivery == delivered and tally.with_quest == 12
    assert sum(tally.trophies) == trophies         # trophies by type: every one, once
    assert sum(f["trophy_%d" % t] for t in range(8)) == pytest.approx(trophies / 12)
    assert f["apples"] + f["gems"] > 0 and f["quests"] > 0


def test_jobs_play_the_same_games():
    one = tournament.run("rule", "random", games=6, seed=5, players=2, out=lambda s: None)
    lines = []
    two = tournament.run("rule", "random", games=6, seed=5, players=2, out=lines.append, jobs=2,
                         progress=2)
    assert sum(s.startswith("  2 games:") or s.startswith("  4 games:") for s in lines) == 2
    for k in ("wins_a", "wins_b", "finale_rate", "turns", "apples", "gems", "quests", "fights",
              "a_apples", "a_quests", "trophy_2"):
        assert one[k] == pytest.approx(two[k]), k


def test_a_scythe_tournament_reports_games_that_ended_not_a_grand_finale(capsys):
    argv = ["tournament", "--game", "scythe", "--a", "random", "--b", "random", "--games", "1",
            "--players", "2", "--seed", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "games that ended: 100.0%" in out
    assert "grand finale" not in out


def test_a_slow_playout_rate_is_not_printed_as_zero():
    from host_tools.text import t

    line = t("playout.games", 2, "Scythe", 5, 1, "strong", 1500.0, 0.04)
    assert "0.04 games/s" in line
    assert "12.3 games/s" in t("playout.games", 2, "Scythe", 5, 1, "random", 1500.0, 12.34)
