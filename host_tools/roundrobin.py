"""A round robin of several bot kinds (`pomme tournament --round-robin rule,random,search`):
every pair plays the same seeded 2-player games (seeds seed .. seed + games - 1, the first kind
of the pair in seat g % 2 of game g, so each sits first in half of them), on every core or on
Ray like any tournament (host_tools/tournament.py, executors.py); then each pair's result
with its 95% Wilson interval, and a table of Bradley-Terry ratings on the Elo scale with 95%
bootstrap intervals (host_tools/ratings.py; docs/tournaments.md)."""

import time

from . import ratings
from .games import parse
from .tournament import DEFAULT_GAME, KINDS, check, play_all, where, wilson
from .text import plural, t


def kinds_of(text):
    """["rule", "random"] from "rule,random"; ValueError unless 2 or more known kinds, each once."""
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    bad = [k for k in kinds if k not in KINDS]
    if bad:
        raise ValueError(t("roundrobin.unknown", ", ".join(bad), ", ".join(KINDS)))
    if len(kinds) < 2 or len(set(kinds)) != len(kinds):
        raise ValueError(t("roundrobin.kinds", text))
    return kinds


def run(kinds, games=20, seed=1, players=2, out=print, iterations=10, seconds=0.0, depth=0,
        game=DEFAULT_GAME, jobs=1, ray=None, quiet=False, resamples=ratings.RESAMPLES):
    """Play the round robin (games per pair) and print and return its figures: per pair
    (kind, kind) its games, each kind's wins and the first one's rate with its interval; per
    kind its rating, interval, score and games."""
    rs = parse(game)[0]
    if players != 2:
        raise ValueError(t("roundrobin.players", players))
    check(rs, players, games, jobs)
    n = len(kinds)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    tasks = [(kinds[i], kinds[j], seed, players, game, iterations, seconds, depth, g)
             for i, j in pairs for g in range(games)]
    t0 = time.perf_counter()
    results = play_all(tasks, jobs, ray, quiet, t("roundrobin.bar", n), None)
    dt = time.perf_counter() - t0
    out(t("roundrobin.games", rs.title, plural("roundrobin.pairs", len(pairs)), games, seed,
          seed + games - 1, ", ".join(kinds)))
    scores = {}
    score = [0.0] * n
    played = [0] * n
    res = {"kinds": list(kinds), "games": games, "seed": seed, "pairs": {}, "seconds": dt}
    for k, (i, j) in enumerate(pairs):
        rows = [row for row, _ in results[k * games:(k + 1) * games]]
        wa = sum(r[1] for r in rows)
        wb = sum(r[2] for r in rows)
        # A game that did not end tells nothing of who is stronger: left out of the ratings.
        scores[(i, j)] = [r[1] / (r[1] + r[2]) for r in rows if r[1] + r[2] > 0]
        score[i] += sum(scores[(i, j)])
        score[j] += len(scores[(i, j)]) - sum(scores[(i, j)])
        played[i] += len(scores[(i, j)])
        played[j] += len(scores[(i, j)])
        lo, hi = wilson(wa, games)
        res["pairs"][(kinds[i], kinds[j])] = {"games": games, "wins_a": wa, "wins_b": wb,
                                               "rate_a": wa / games, "ci_a": (lo, hi)}
        out(t("roundrobin.pair", kinds[i], kinds[j], kinds[i], wa, 100 * wa / games, 100 * lo,
              100 * hi, kinds[j], wb))
    est, ci = ratings.intervals(n, scores, resamples, seed)
    res["ratings"] = dict(zip(kinds, est))
    res["ci"] = dict(zip(kinds, ci))
    res["score"] = dict(zip(kinds, score))
    res["played"] = dict(zip(kinds, played))
    out(t("roundrobin.table", resamples))
    for rank, i in enumerate(sorted(range(n), key=lambda i: (-est[i], i)), 1):
        out(t("roundrobin.row", rank, kinds[i], est[i], ci[i][0], ci[i][1], score[i], played[i],
              100 * score[i] / played[i] if played[i] else 0.0))
    out(t("roundrobin.time", dt, len(tasks), where(jobs, ray)))
    return res
