"""Seeded bot-against-bot games on the rules engine (like host_tools/playout.py), on every core
or on a Ray cluster (host_tools/executors.py; docs/tournaments.md); `pomme tournament` runs it:
win rates with 95% Wilson confidence intervals, and how the games went: the rate of games
that reach the end (for My Little Scythe: the grand finale) and the ruleset's own figures per
game (its host view's Tally; My Little Scythe: deliveries, quests, pie fights and trophies
by type), over all seats and in bot A's seat.

    pomme tournament --a rule --b random --games 200 --seed 1 --players 2

Kinds: "rule" (the ruleset's strong bot; for My Little Scythe the rule-based bot; "strong"
is the same), "random" (uniform with the ruleset's nudges) and "search" (the determinised
Monte Carlo search of host_tools/search_bot.py). Seat assignment alternates: in game g, bot
A sits in seat g % players and bot B in every other seat, so neither kind keeps the first seat (who starts
is itself dealt by chance). A game won by both kinds (a shared crown) counts half a win to
each; a game that does not end within the decision limit counts as no win and as not
reaching the finale. Each game depends only on its seed, and the games are merged in their
order, so the figures are the same whatever the number of workers.

Paired (`--paired`): each deal is played once with A in every seat (game g: seed seed + g //
players, A in seat g % players), so the same factions, mats and dice until the bots' choices
part meet A in each seat; what the deal decides then cancels out of A's result. The report adds
how many deals A won from every seat, from none, or split, and an interval over the deals (each
deal's share of A's wins a sample: normal approximation), narrower than the games' Wilson
interval when many deals are split (won by the same seat whoever sat there; 2-player Scythe,
docs/bots.md). A round robin of several
kinds: host_tools/roundrobin.py. `python -m host_tools.tournament ...` is the same command."""

from firmware.rules.registry import default as _default_game
import importlib
import math
import sys
import time

from firmware.bot_kinds import fair_bot
from firmware.rng import Rng
from .boards import load_board
from .executors import Progress, run_tasks
from .games import parse
from .playout import play, tally_for
from .text import has, plural, t

DEFAULT_GAME = _default_game()   # the game played when none is named (firmware/rules/registry.py)

KINDS = ("rule", "strong", "random", "search")
MAX_DECISIONS = 20000


def make(kind, rng, rs, iterations=10, seconds=0.0, depth=0):
    """A bot of this kind for ruleset rs; each decides only on what its seat can see (the
    rule and random bots behind bot_kinds.FairBot, the search bot by its own draws)."""
    if kind in ("rule", "strong"):
        return fair_bot(rs, rng, "strong")
    if kind == "random":
        return fair_bot(rs, rng, "random")
    if kind == "search":
        from .search_bot import SearchBot

        return SearchBot(rng, rs, iterations, seconds, depth)
    raise ValueError("unknown bot kind %r (one of %s)" % (kind, ", ".join(KINDS)))


def wilson(wins, n, z=1.96):
    """The 95% Wilson score interval (low, high) of a rate wins/n; (0, 1) when n is 0."""
    if n == 0:
        return 0.0, 1.0
    ph = wins / n
    den = 1 + z * z / n
    mid = (ph + z * z / (2 * n)) / den
    half = z * math.sqrt(ph * (1 - ph) / n + z * z / (4 * n * n)) / den
    lo = 0.0 if wins <= 0 else max(0.0, mid - half)
    hi = 1.0 if wins >= n else min(1.0, mid + half)
    return lo, hi


def _finale(rs, st):
    # Whether a finished game ended by its rules' intended route: the host view's
    # intended_end(st) (My Little Scythe: its grand finale), else that it ended.
    view = importlib.import_module(rs.host_view) if rs.host_view else None
    fn = getattr(view, "intended_end", None)
    return fn(st) if fn is not None else st.is_terminal()


_BOARDS = {}   # a process's boards by game name: every game of a tournament plays on one


def play_game(a, b, seed, players, game, iterations, seconds, depth, g, paired=False):
    """Game g of a tournament (seed seed + g, or seed + g // players when paired; bot A in seat
    g % players): (row, tally), with
    row = (g, A's win share, B's, whether it reached the finale, A's decisions, their seconds,
    searches, their seconds, their CPU seconds, the game's CPU seconds) and the game's own
    Tally. It depends only on its arguments: each executor (host_tools/executors.py) calls it
    once per game, in any process, and the tournament merges the games in their order."""
    rs, options = parse(game)   # "mls+pits": the ruleset and its options (host_tools/games.py)
    board = _BOARDS.get(game)
    if board is None:
        board = _BOARDS[game] = load_board(ruleset=rs)
    tally = tally_for(rs, players)
    cpu = time.process_time()
    rng = Rng(seed + (g // players if paired else g))
    seat_a = g % players
    bots = [make(a if q == seat_a else b, rng, rs, iterations, seconds, depth)
            for q in range(players)]
    tally.mark = seat_a
    st = rs.new_game(board, players, options)
    ended = play(st, _Timed(bots, seat_a), rng, tally, MAX_DECISIONS) >= 0
    tally.add(st)
    ba = bots[seat_a]
    wa = wb = 0.0
    fin = False
    if ended:
        fin = _finale(rs, st)
        w = st.winners()
        for p in w:
            if p == seat_a:
                wa += 1.0 / len(w)
            else:
                wb += 1.0 / len(w)
    row = (g, wa, wb, fin, ba.moves, ba.spent, getattr(ba, "searches", 0),
           getattr(ba, "search_seconds", 0.0), getattr(ba, "search_cpu", 0.0),
           time.process_time() - cpu)
    return row, tally


def check(rs, players, games, jobs, paired=False):
    """ValueError unless rs plays tournaments of `players` and games and jobs are >= 1 (paired:
    games a multiple of players, each deal from every seat)."""
    if not rs.players[0] <= players <= rs.players[1] or players < 2:
        raise ValueError("%s tournaments take 2 to %d players" % (rs.title, rs.players[1]))
    if games < 1:
        raise ValueError("a tournament needs at least 1 game")
    if jobs < 1:
        raise ValueError("a tournament needs at least 1 job")
    if paired and games % players:
        raise ValueError(t("tournament.paired_games", players))


def deal_interval(shares, z=1.96):
    """(mean, low, high) of A's win rate over deals: shares[d] is A's mean win share over deal
    d's games (one a seat); a normal interval of the mean (clipped to 0..1; (mean, 0, 1) with
    fewer than 2 deals)."""
    n = len(shares)
    mean = sum(shares) / n if n else 0.0
    if n < 2:
        return mean, 0.0, 1.0
    var = sum((x - mean) ** 2 for x in shares) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def play_all(tasks, jobs=1, ray=None, quiet=False, desc="", note=None):
    """play_game(*task) for every task, in the tasks' order, on `jobs` local processes or on
    Ray (executors.run_tasks), with a progress bar on a terminal's stderr; note(result, n)
    is called with each result as it comes (the n-th) and gives the bar's note."""
    bar = Progress(len(tasks), desc, quiet)
    count = [0]

    def done(i, res):
        count[0] += 1
        bar.step(note(res, count[0]) if note is not None else None)

    try:
        return run_tasks(play_game, tasks, jobs, ray, done)
    finally:
        bar.close()


def merged(results):
    """The games' rows, in game order, and their Tallies merged in that order."""
    tally = results[0][1]
    for _, other in results[1:]:
        tally.merge(other)
    return [row for row, _ in results], tally


def where(jobs, ray):
    """How the games were played, for the report: "2 jobs", "Ray"."""
    return t("tournament.on_ray") if ray is not None else plural("tournament.jobs", jobs)


def run(a="rule", b="random", games=200, seed=1, players=2, out=print, board=None,
        iterations=10, seconds=0.0, depth=0, game=DEFAULT_GAME, jobs=1, progress=0, ray=None,
        quiet=False, paired=False):
    """Play the games (on `jobs` local processes, or as Ray tasks when `ray` is an address:
    executors.run_tasks; the same games and figures whatever the number of workers); print and
    return the figures (a dict). progress > 0: a line with A's wins so far every `progress`
    games (in the order they finish); a progress bar on stderr when it is a terminal, unless
    quiet. paired: each deal from every seat (games a multiple of players; the module's head)."""
    if a not in KINDS or b not in KINDS:
        raise ValueError("unknown bot kind (one of %s)" % ", ".join(KINDS))
    rs = parse(game)[0]
    check(rs, players, games, jobs, paired)
    t0 = time.perf_counter()
    tasks = [(a, b, seed, players, game, iterations, seconds, depth, g, paired) for g in range(games)]

    won = [0.0]

    def note(res, n):
        won[0] += res[0][1]
        if progress and n % progress == 0 and n < games:
            out(t("tournament.progress", n, a, won[0], 100 * won[0] / n))
        return "%s %.1f%%" % (a, 100 * won[0] / n)

    rows, tally = merged(play_all(tasks, jobs, ray, quiet, "%s-%s" % (a, b), note))
    wins_a = sum(r[1] for r in rows)
    wins_b = sum(r[2] for r in rows)
    finales = sum(r[3] for r in rows)
    moves = sum(r[4] for r in rows)
    search_time = sum(r[5] for r in rows)
    searches = sum(r[6] for r in rows)
    searched = sum(r[7] for r in rows)
    searched_cpu = sum(r[8] for r in rows)
    cpu = sum(r[9] for r in rows)
    dt = time.perf_counter() - t0
    lo, hi = wilson(wins_a, games)
    res = {
        "games": games, "players": players, "a": a, "b": b, "seed": seed,
        "wins_a": wins_a, "wins_b": wins_b, "rate_a": wins_a / games,
        "ci_a": (lo, hi), "finale_rate": finales / games, "seconds": dt,
        "cpu_per_game": cpu / games,
    }
    res.update(tally.figures())
    seeds = games // players if paired else games
    out(t("tournament.games", games, rs.title, players, seed, seed + seeds - 1, a, b,
          plural("tournament.seats", players - 1)))
    out(t("tournament.wins", a, wins_a, 100 * res["rate_a"], 100 * lo, 100 * hi, b, wins_b))
    if paired:
        shares = [sum(r[1] for r in rows[d:d + players]) / players for d in range(0, games, players)]
        mean, dlo, dhi = deal_interval(shares)
        res["deals"] = len(shares)
        res["deals_every_seat"] = sum(1 for x in shares if x == 1.0)
        res["deals_no_seat"] = sum(1 for x in shares if x == 0.0)
        res["ci_deals"] = (dlo, dhi)
        out(t("tournament.paired", len(shares), a, res["deals_every_seat"], res["deals_no_seat"],
              len(shares) - res["deals_every_seat"] - res["deals_no_seat"], 100 * mean, 100 * dlo, 100 * dhi))
    # A ruleset whose intended end has a name of its own (host_tools/text: tournament.end.NAME,
    # My Little Scythe's grand finale); any other's: that it ended.
    ended = "tournament.end." + rs.name
    if not has(ended):
        ended = "tournament.ended"
    out(t(ended, 100 * res["finale_rate"], dt, dt / games, where(jobs, ray),
          res["cpu_per_game"]))
    if a == "search":
        res["seconds_per_move"] = search_time / moves if moves else 0.0
        res["seconds_per_search"] = searched / searches if searches else 0.0
        res["cpu_per_search"] = searched_cpu / searches if searches else 0.0
        out(t("tournament.search", res["seconds_per_move"], moves, res["seconds_per_search"], searches,
              res["cpu_per_search"]))
    tally.report(out)
    return res


class _Timed:
    """bots[], timing seat `seat`'s choices (its decisions and the seconds they took)."""

    def __init__(self, bots, seat):
        self.bots = bots
        self.seat = seat
        bots[seat].moves = 0
        bots[seat].spent = 0.0

    def __getitem__(self, p):
        if p != self.seat:
            return self.bots[p]
        return self

    def choose(self, st):
        bot = self.bots[self.seat]
        t = time.perf_counter()
        a = bot.choose(st)
        bot.spent += time.perf_counter() - t
        bot.moves += 1
        return a


if __name__ == "__main__":
    from .cli import main

    sys.exit(main(["tournament"] + sys.argv[1:]))
