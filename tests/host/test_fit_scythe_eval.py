# The tool that fits a win predictor to Scythe rule-bot games (tools/fit_scythe_eval.py, the
# record of an evaluation tried for the search bot: docs/bots.md): the fitter recovers the
# weights of a known logistic model, and the terms are one side's less the other's.
import math

from firmware.rng import Rng
from tools import fit_scythe_eval as F


def test_the_fitter_recovers_the_weights_of_a_known_logistic_model():
    rng = Rng(7)
    true = [1.5, -0.8, 0.3]
    xs, ys = [], []
    for _ in range(4000):
        x = [(rng.below(2001) - 1000) / 500.0 for _ in true]
        p = 1.0 / (1.0 + math.exp(-sum(a * b for a, b in zip(true, x))))
        xs.append(x)
        ys.append(1.0 if rng.below(10000) < p * 10000 else 0.0)
    w = F.fit(xs, ys)
    assert all(abs(a - b) < 0.2 for a, b in zip(w, true)), w
    loss, right = F.log_loss(w, xs, ys)
    assert loss < F.log_loss([0.0] * 3, xs, ys)[0] - 0.1 and right > 0.6


def test_the_terms_of_one_side_are_minus_the_others():
    a, b = (4200, 31, 2, 9), (3900, 45, 3, 12)
    assert F.terms(a, b) == [-t for t in F.terms(b, a)]
