"""Ratings of several bots from the games of a round robin (docs/tournaments.md, "Ratings").

The Bradley-Terry model: bot i beats bot j with probability g_i / (g_i + g_j). The strengths
g are its maximum-likelihood estimate, found by Hunter's MM iteration (Hunter 2004, "MM
algorithms for generalized Bradley-Terry models"):

    g_i <- W_i / sum_j n_ij / (g_i + g_j)

with W_i bot i's score (a shared win counts its share) and n_ij the games between i and j,
each pair given one virtual drawn game (half a win to each side, as BayesElo's prior of
virtual draws) so that a bot that always loses, or always wins, still has a finite rating.
Ratings are on the Elo scale, 400 log10(g_i), shifted so that their mean is 0: a difference
of 400 is 10-to-1 odds, 191 is 3-to-1.

The 95% interval of each rating is a percentile bootstrap: the games of each pair drawn again
with replacement (the same number), the ratings fitted again, 1000 times, and the 2.5% and
97.5% points of each bot's ratings taken. The draws come from a seeded generator, so the
intervals are the same on every run."""

import math
import random

PRIOR = 0.5        # virtual score each side of every pair (one drawn game)
RESAMPLES = 1000


def fit(n, scores, prior=PRIOR, tol=1e-10, rounds=100000):
    """Elo-scale ratings (mean 0) of n bots from scores[(i, j)] = the list of i's scores
    (1, 0.5 or 0) in its games against j, for i < j."""
    games = [[0.0] * n for _ in range(n)]
    won = [0.0] * n
    for (i, j), s in scores.items():
        games[i][j] += len(s) + 2 * prior
        games[j][i] += len(s) + 2 * prior
        won[i] += sum(s) + prior
        won[j] += len(s) - sum(s) + prior
    g = [1.0] * n
    for _ in range(rounds):
        new = []
        for i in range(n):
            den = sum(games[i][j] / (g[i] + g[j]) for j in range(n) if j != i and games[i][j])
            new.append(won[i] / den if den else g[i])
        mean = math.exp(sum(math.log(x) for x in new) / n)   # fix the scale: geometric mean 1
        new = [x / mean for x in new]
        delta = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, g))
        g = new
        if delta < tol:
            break
    return [400.0 * math.log10(x) for x in g]


def intervals(n, scores, resamples=RESAMPLES, seed=1, prior=PRIOR):
    """(ratings, [(low, high)]): the fitted ratings and each one's 95% bootstrap interval."""
    est = fit(n, scores, prior)
    rng = random.Random(seed)
    draws = [[] for _ in range(n)]
    pairs = sorted(scores)
    for _ in range(resamples):
        again = {}
        for pair in pairs:
            s = scores[pair]
            again[pair] = [s[rng.randrange(len(s))] for _ in s]
        for i, r in enumerate(fit(n, again, prior, tol=1e-7)):
            draws[i].append(r)
    ci = []
    for d in draws:
        d.sort()
        ci.append((_quantile(d, 0.025), _quantile(d, 0.975)))
    return est, ci


def _quantile(xs, q):
    # xs sorted; linear interpolation between the closest ranks
    if not xs:
        return float("nan")
    k = q * (len(xs) - 1)
    lo = int(math.floor(k))
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)
