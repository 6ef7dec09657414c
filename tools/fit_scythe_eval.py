"""Fit a win predictor to two-player Scythe rule-bot games: the record of an evaluation
tried for the Scythe search bot and not kept (docs/bots.md, "A fitted evaluation").

    python tools/fit_scythe_eval.py [--games 600] [--seed 20001] [--jobs 2]

Plays two-player Scythe games (the model deck, as `pomme tournament --game scythe`) with the
rule bot in both seats, seeds seed..seed+games-1. At the start of every turn (the mat
section to choose) it records, for the player to move and its opponent, the rule bot's
value, the fortune the game would score now, the stars and the popularity; each record is
labelled with the game's result for each side (1 a win, a share of a shared one, 0 a loss).
It fits a logistic regression (Newton's method, a small L2 penalty, no intercept: one side's
chance is one less the other's) of the result on the sides' differences (TERMS) on three
games in four and prints, for the games left out, the log loss and the share of results on
the predicted side, for the rule bot's value difference alone and for all the terms, then
the weights.
"""

import argparse
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# dv the rule bot's values (rule_plan.value, in thousands of tenths of a coin), dF the fortunes
# the game would score now (in tens of coins), dS the stars, dP the popularity (in tens), each
# one side's less the other's; prog (the most stars of the two, in sixths) times dF and dv
TERMS = ("dv", "dF", "dS", "prog_dF", "prog_dv", "dP")


def play(seed):
    """One two-player rule-bot game: [(player, [mine, theirs])...] at each turn's start, each
    side (value, fortune, stars, popularity), and the winners."""
    from firmware.bot_kinds import make_bot
    from firmware.rng import Rng
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe.common import control_map, po, stars
    from firmware.rules.scythe.rule_plan import value
    from firmware.rules.scythe.score import fortune
    from host_tools.boards import load_board
    from host_tools.games import parse

    rs, options = parse("scythe")
    board = load_board(ruleset=rs)
    rng = Rng(seed)
    st = rs.new_game(board, 2, options)
    bots = [make_bot(rs, rng, "strong") for _ in range(2)]
    turns = []
    while not st.is_terminal():
        p = st.current_player()
        if p >= 0 and st.decision() == L.K_SECTION:
            ctrl = control_map(st)[0]
            turns.append((p, [(value(st, q), fortune(st, q, ctrl), stars(st, q), st.s[po(q) + L.P_POP])
                              for q in (p, 1 - p)]))
        st.apply(rng.weighted(st.chance_outcomes()) if p == -1 else bots[p].choose(st))
    return turns, tuple(st.winners())


def terms(mine, theirs):
    """TERMS for one side against the other."""
    (vp, fp, sp, pp), (vq, fq, sq, pq) = mine, theirs
    prog = max(sp, sq) / 6.0
    dv = (vp - vq) / 1000.0
    df = (fp - fq) / 10.0
    return [dv, df, float(sp - sq), prog * df, prog * dv, (pp - pq) / 10.0]


def _sigmoid(z):
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(xs, ys, l2=1e-3, rounds=25):
    """Logistic regression weights (no intercept: the chance of p against q is one less that of
    q against p) by Newton's method."""
    d = len(xs[0])
    w = [0.0] * d
    for _ in range(rounds):
        g = [l2 * wj for wj in w]
        h = [[l2 if j == k else 0.0 for k in range(d)] for j in range(d)]
        for x, y in zip(xs, ys):
            pz = _sigmoid(sum(a * b for a, b in zip(w, x)))
            r = pz - y
            s = pz * (1.0 - pz)
            for j in range(d):
                g[j] += r * x[j]
                hj = h[j]
                for k in range(d):
                    hj[k] += s * x[j] * x[k]
        step = _solve(h, g)
        w = [a - b for a, b in zip(w, step)]
    return w


def _solve(a, b):
    """x with a x = b (Gauss-Jordan with partial pivoting; a is positive definite here)."""
    d = len(b)
    m = [a[j][:] + [b[j]] for j in range(d)]
    for c in range(d):
        piv = max(range(c, d), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(d):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, d + 1):
                    m[r][k] -= f * m[c][k]
    return [m[j][d] / m[j][j] for j in range(d)]


def log_loss(w, xs, ys):
    """(mean log loss, share of results on the predicted side of one half)."""
    loss = 0.0
    right = 0
    for x, y in zip(xs, ys):
        pz = min(max(_sigmoid(sum(a * b for a, b in zip(w, x))), 1e-9), 1.0 - 1e-9)
        loss -= y * math.log(pz) + (1.0 - y) * math.log(1.0 - pz)
        right += (pz > 0.5) == (y > 0.5)
    return loss / len(xs), right / len(xs)


def records(games):
    """(game index, terms, result) of every recorded turn, both sides' points of view."""
    out = []
    for g, (turns, winners) in enumerate(games):
        for p, (mine, theirs) in turns:
            for q, sides in ((p, (mine, theirs)), (1 - p, (theirs, mine))):
                out.append((g, terms(*sides), 1.0 / len(winners) if q in winners else 0.0))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=20001)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    if args.games < 4 or args.jobs < 1:
        ap.error("--games must be 4 or more (every 4th game is left out) and --jobs 1 or more")
    seeds = range(args.seed, args.seed + args.games)
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(args.jobs) as pool:
            games = pool.map(play, seeds)
    else:
        games = [play(s) for s in seeds]
    recs = records(games)
    train = [r for r in recs if r[0] % 4]
    held = [r for r in recs if not r[0] % 4]
    print("%d games, %d turns recorded, %d left out (every 4th game)" % (len(games), len(recs), len(held)))
    for name, cols in (("value difference alone", [0]), ("the fitted terms", list(range(len(TERMS))))):
        xs = [[r[1][c] for c in cols] for r in train]
        w = fit(xs, [r[2] for r in train])
        loss, right = log_loss(w, [[r[1][c] for c in cols] for r in held], [r[2] for r in held])
        print("%-24s held-out log loss %.4f, results predicted %.1f%%  (a coin: %.4f)"
              % (name, loss, 100.0 * right, math.log(2.0)))
    for t, v in zip(TERMS, w):
        print("W_%s = %.3f" % (t.upper(), v))


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        sys.exit(130)
