# The round robin's ratings (host_tools/ratings.py, docs/tournaments.md): Bradley-Terry on the
# Elo scale with one virtual draw a pair, checked on cases whose answer is known, and the
# round robin itself (host_tools/roundrobin.py, `pomme tournament --round-robin`).
import math

import pytest

from host_tools import ratings, roundrobin, tournament
from host_tools.cli import main


def test_two_bots_differ_by_the_log_odds_of_their_scores_with_the_virtual_draw():
    # 7 wins of 10: strengths in the ratio (7 + 0.5) / (3 + 0.5), mean rating 0
    r = ratings.fit(2, {(0, 1): [1] * 7 + [0] * 3})
    assert r[0] - r[1] == pytest.approx(400 * math.log10(7.5 / 3.5), abs=1e-6)
    assert r[0] + r[1] == pytest.approx(0, abs=1e-9)


def test_symmetric_results_give_equal_ratings():
    even = [1, 0] * 5
    r = ratings.fit(3, {(0, 1): even, (0, 2): even, (1, 2): even})
    assert r == pytest.approx([0, 0, 0], abs=1e-6)
    draws = [0.5] * 8                     # shared crowns count half a win to each
    est, ci = ratings.intervals(3, {(0, 1): draws, (0, 2): draws, (1, 2): draws}, resamples=50)
    assert est == pytest.approx([0, 0, 0], abs=1e-6)
    assert all(lo <= 0 <= hi for lo, hi in ci)


def test_a_bot_that_always_loses_ranks_last_with_a_finite_rating():
    r = ratings.fit(3, {(0, 1): [1, 0] * 5, (0, 2): [1] * 10, (1, 2): [1] * 10})
    assert r[2] < r[0] and r[2] < r[1] and math.isfinite(r[2])
    assert r[0] == pytest.approx(r[1], abs=1e-6)


def test_the_fit_is_the_maximum_likelihood_one():
    # At the maximum of the likelihood, each bot's expected score equals its actual score
    # (virtual draws included): the likelihood equations of the Bradley-Terry model.
    scores = {(0, 1): [1, 1, 0, 1, 0.5], (0, 2): [0, 0, 1], (1, 2): [1, 0, 0, 0], (0, 3): [1] * 4,
              (2, 3): [0.5, 1]}
    r = ratings.fit(4, scores)
    g = [10 ** (x / 400) for x in r]
    for i in range(4):
        actual = expected = 0.0
        for (a, b), s in scores.items():
            if i not in (a, b):
                continue
            j, mine = (b, sum(s)) if i == a else (a, len(s) - sum(s))
            actual += mine + ratings.PRIOR
            expected += (len(s) + 2 * ratings.PRIOR) * g[i] / (g[i] + g[j])
        assert expected == pytest.approx(actual, abs=1e-6), i


def test_bootstrap_intervals_are_seeded_and_hold_the_estimate():
    scores = {(0, 1): [1, 1, 1, 0, 1, 0, 1, 1], (0, 2): [1] * 6 + [0] * 2, (1, 2): [0, 1, 0, 1, 1, 0]}
    a = ratings.intervals(3, scores, resamples=200, seed=4)
    assert a == ratings.intervals(3, scores, resamples=200, seed=4)
    est, ci = a
    for r, (lo, hi) in zip(est, ci):
        assert lo < r < hi


def test_a_round_robin_plays_the_head_to_head_games_of_every_pair():
    lines = []
    rr = roundrobin.run(["rule", "random"], games=6, seed=3, out=lines.append, quiet=True)
    h2h = tournament.run("rule", "random", games=6, seed=3, out=lambda s: None, quiet=True)
    pair = rr["pairs"][("rule", "random")]
    assert (pair["wins_a"], pair["wins_b"], pair["ci_a"]) == (h2h["wins_a"], h2h["wins_b"], h2h["ci_a"])
    assert rr["ratings"]["rule"] > rr["ratings"]["random"]
    assert rr["score"]["rule"] == h2h["wins_a"] and rr["played"]["rule"] == 6
    table = [s for s in lines if s.startswith("  1. ") or s.startswith("  2. ")]
    assert table[0].startswith("  1. rule") and table[1].startswith("  2. random")
    assert any("Bradley-Terry" in s for s in lines)


def test_a_round_robin_is_the_same_on_two_jobs():
    kw = {"games": 2, "seed": 1, "out": lambda s: None, "iterations": 2, "depth": 1, "quiet": True,
          "resamples": 100}
    one = roundrobin.run(["rule", "random", "search"], jobs=1, **kw)
    two = roundrobin.run(["rule", "random", "search"], jobs=2, **kw)
    one.pop("seconds")
    two.pop("seconds")
    assert one == two and len(one["pairs"]) == 3


@pytest.mark.parametrize("args,says", [
    (["--round-robin", "rule"], "2 or more different bot kinds"),
    (["--round-robin", "rule,rule"], "2 or more different bot kinds"),
    (["--round-robin", "rule,nobody"], "unknown bot kind nobody"),
    (["--round-robin", "rule,random", "--players", "3"], "2 players a game"),
    (["--round-robin", "rule,random", "--a", "rule"], "--a and --b go without it"),
])
def test_round_robin_errors_are_one_line(args, says, capsys):
    assert main(["tournament", "--games", "1"] + args) == 1
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
