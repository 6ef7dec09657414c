"""Decisions per second on CPython, for every registered game form and bot kind, and the search
bot's playouts per second (issue 24, "Speed where search needs it"; docs/performance.md).

    python tools/bench/decisions.py [--games N] [--repeats R] [--smoke] [--digest] [--json FILE]

A row plays N seeded games (seeds 1..N, players cycling through the form's counts) with one bot
kind in every seat, chance drawn from the same Rng (firmware/bots.py's loop); the figure is
decisions (chance ones too) per second of CPU time, the median of R repeats. --digest prints
only each row's digest of the games' histories (tests/host/test_game_digests.py keeps them):
the same seeds must play the same games before and after a speed change.
"""

import argparse
import hashlib
import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from firmware.bot_kinds import make_bot  # noqa: E402
from firmware.rng import Rng  # noqa: E402
from host_tools.boards import load_board  # noqa: E402
from host_tools.games import parse, players  # noqa: E402

CHANCE = -1

# (game form, bot kind, player counts cycled by seed)
ROWS = (
    ("mls", "random", (2, 3, 4, 5, 6)),
    ("mls", "strong", (2, 3, 4, 5, 6)),
    ("mls+pits", "random", (2, 3, 4, 5, 6)),
    ("mls+pits", "strong", (2, 3, 4, 5, 6)),
    ("mls+pits+solo", "random", (1,)),
    ("mls+pits+solo", "strong", (1,)),
    ("scythe", "random", (2, 3, 4, 5)),
    ("scythe", "strong", (2, 3, 4, 5)),
)


def play(st, bots, rng, limit=20000):
    """Play st to the end; the number of decisions (chance ones included)."""
    n = 0
    while not st.is_terminal():
        p = st.current_player()
        st.apply(rng.weighted(st.chance_outcomes()) if p == CHANCE else bots[p].choose(st))
        n += 1
        if n >= limit:
            raise RuntimeError("game did not end after %d decisions" % n)
    return n


def games(form, kind, counts, n, seed=1):
    """Yield (state, decisions) of n seeded games of a row."""
    rs, options = parse(form)
    board = load_board(ruleset=rs)
    for g in range(n):
        rng = Rng(seed + g)
        st = rs.new_game(board, players(rs, options, counts[g % len(counts)]), options)
        bots = [make_bot(rs, rng, kind) for _ in range(st.n_players())]
        yield st, play(st, bots, rng)


def timed(form, kind, counts, n):
    """(decisions, CPU seconds) of a row's n games."""
    decisions = 0
    c0 = time.process_time()
    for _, d in games(form, kind, counts, n):
        decisions += d
    return decisions, time.process_time() - c0


def digest(form, kind, counts, n):
    """sha256 over every game's history and final state bytes (the games themselves)."""
    h = hashlib.sha256()
    for st, d in games(form, kind, counts, n):
        h.update(st.history.tobytes())
        h.update(bytes(st.s))
        h.update(d.to_bytes(4, "little"))
    return h.hexdigest()[:16]


def search_rate(form, iterations, decisions, seed=1):
    """Playouts per CPU second of host_tools/search_bot.py: a 2-player game of `form`, seat 0
    the search bot (`iterations` scenarios a searched decision), until it has searched
    `decisions` times or the game ends."""
    from host_tools.search_bot import SearchBot

    rs, options = parse(form)
    board = load_board(ruleset=rs)
    rng = Rng(seed)
    st = rs.new_game(board, players(rs, options, 2), options)
    sb = SearchBot(Rng(seed + 1000), rs, iterations=iterations)
    bots = [sb] + [make_bot(rs, rng, "strong") for _ in range(st.n_players() - 1)]
    while not st.is_terminal() and sb.searches < decisions:
        p = st.current_player()
        st.apply(rng.weighted(st.chance_outcomes()) if p == CHANCE else bots[p].choose(st))
    return sb.iterations_done, sb.search_cpu


def measure(games=20, repeats=3, search_decisions=6, rows=ROWS, out=None):
    """{"rows": {"form/kind": {decisions, per_s, runs}}, "search": {form: {...}}}: every row's
    decisions per CPU second (median of `repeats`), the search bot's playouts per CPU second."""
    res = {"games": games, "repeats": repeats, "rows": {}, "search": {}}
    for form, kind, counts in rows:
        rates = []
        d = 0
        for _ in range(repeats):
            d, sec = timed(form, kind, counts, games)
            rates.append(d / sec if sec else 0.0)
        med = statistics.median(rates)
        res["rows"]["%s/%s" % (form, kind)] = {"decisions": d, "per_s": med, "runs": rates}
        if out:
            out("%-22s %-7s %8d decisions  %9.0f /s  (runs: %s)"
                % (form, kind, d, med, ", ".join("%.0f" % r for r in rates)))
    for form in sorted(set(r[0].partition("+")[0] for r in rows)):
        rates = []
        n = 0
        try:
            for _ in range(repeats):
                n, sec = search_rate(form, 4, search_decisions)
                rates.append(n / sec if sec else 0.0)
        except AttributeError as e:   # a ruleset's State without what the search bot reads
            res["search"][form] = {"failed": str(e)}
            if out:
                out("%-22s %-7s failed: %s" % (form, "search", e))
            continue
        med = statistics.median(rates)
        res["search"][form] = {"playouts": n, "per_s": med, "runs": rates}
        if out:
            out("%-22s %-7s %8d playouts   %9.1f /s  (runs: %s)"
                % (form, "search", n, med, ", ".join("%.1f" % r for r in rates)))
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--search-decisions", type=int, default=6)
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--digest", action="store_true")
    ap.add_argument("--rows", default="", help="comma-separated 'form/kind' to run (default all)")
    ap.add_argument("--json", default="")
    args = ap.parse_args()
    if args.smoke:
        args.games, args.repeats, args.search_decisions = 2, 1, 1
    rows = [r for r in ROWS if not args.rows or "%s/%s" % (r[0], r[1]) in args.rows.split(",")]
    if args.digest:
        for form, kind, counts in rows:
            print("%s/%s %s" % (form, kind, digest(form, kind, counts, args.games)))
        return
    res = measure(args.games, args.repeats, args.search_decisions, rows,
                  out=lambda line: print(line, flush=True))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
