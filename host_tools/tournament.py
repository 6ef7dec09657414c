"""Seeded bot-against-bot games of My Little Scythe on the rules engine (in process, like
host_tools/playout.py): win rates with 95% Wilson confidence intervals, and how the games
went: the rate of games that reach the grand finale, deliveries (apples, gems), quests (cards
drawn) and pie fights (attacks) per game, over all seats and in bot A's seat.

    python -m host_tools.tournament --a rule --b random --games 200 --seed 1 --players 2

Seat assignment alternates: in game g, bot A sits in seat g % players and bot B in every
other seat, so neither kind keeps the first-player seat (who starts is itself dealt by
chance). A game won by both kinds (a shared crown) counts half a win to each; a game that
does not end within the decision limit counts as no win and as not reaching the finale."""

import argparse
import math
import sys
import time

from firmware.bots import RandomBot, chance_step
from firmware.rng import Rng
from firmware.rules.mls import layout
from firmware.rules.mls import view
from firmware.rules.mls.bot import nudge
from firmware.rules.mls.rule_bot import RuleBot
from firmware.rules.mls.codes import CHANCE, K_ACTION, K_DRAW_QUEST, K_FIGHT_BID
from firmware.rules.mls.engine import new_game

from .boards import load_board

KINDS = ("rule", "random", "search")
MAX_DECISIONS = 20000
EVENTS = ("apples", "gems", "quests", "fights")


class SearchBot:
    """Flat Monte Carlo over the turn's action (the laptop's; a first step toward the
    issue's search bot): each legal action is tried in `playouts` games played on from a
    copy of the state by rule-based bots and random chance, and the action with the most
    wins (a share for a shared crown; trophies break ties) is taken. Every other decision
    is the rule-based bot's. At an action decision nothing is hidden in the state (no bid
    is pending; decks and dice are chance decisions, drawn in each playout), so the copy is
    a fair determinisation."""

    def __init__(self, rng, playouts=10, depth=8):
        self.rng = rng
        self.rule = RuleBot(rng)
        self.playouts = playouts
        self.depth = depth   # rounds a playout runs before it is scored (0: to the end)

    def choose(self, st):
        opts = st.legal_actions()
        if st.decision() != K_ACTION or len(opts) == 1:
            return self.rule.choose(st)
        p = st.current_player()
        best = -1.0
        ba = opts[0]
        for a in opts:
            score = 0.0
            for _ in range(self.playouts):
                sim = st.clone()
                sim.undo_depth = 0
                sim.keep_history = False
                sim.apply(a)
                r = Rng(self.rng.next())
                bots = [RuleBot(r) for _ in range(sim.n_players())]
                score += _playout(sim, bots, r, p, st.turn() + self.depth * sim.n_players())
            if score > best:
                best = score
                ba = a
        return ba


def _playout(sim, bots, rng, p, until):
    """Play sim on to the end, or to turn `until`; p's score: 1 for a win (a share of a
    shared one), else its trophies ahead of the best opponent's, and friendship, scaled
    below a win."""
    n = 0
    while not sim.is_terminal() and (until <= 0 or sim.turn() < until) and n < 4000:
        q = sim.current_player()
        if q == CHANCE:
            chance_step(sim, rng)
        else:
            sim.apply(bots[q].choose(sim))
        n += 1
    if sim.is_terminal():
        w = sim.winners()
        return 1.0 / len(w) if p in w else 0.0
    lead = sim.trophy_count(p) - max(sim.trophy_count(q) for q in range(sim.n_players()) if q != p)
    return 0.5 + lead / 10.0 + view.friendship(sim, p) / 200.0


def make(kind, rng, playouts=10, depth=8):
    if kind == "rule":
        return RuleBot(rng)
    if kind == "search":
        return SearchBot(rng, playouts, depth)
    if kind == "random":
        return RandomBot(rng, nudge)
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


def play(st, bots, rng, stats, seat_a=None, max_decisions=MAX_DECISIONS):
    """Play one game to its end, counting deliveries, quests (cards drawn) and pie fights
    (attacks) into stats; those of the player in seat_a also under "a_" + the name.
    Returns whether it ended."""
    s = st.s
    n = 0

    def count(name):
        if stats is None:
            return
        stats[name] += 1
        if st.active_player() == seat_a:
            stats["a_" + name] += 1

    while not st.is_terminal():
        p = st.current_player()
        kind = st.decision()
        if p == CHANCE:
            if kind == K_DRAW_QUEST:
                count("quests")
            chance_step(st, rng)
        else:
            if kind == K_FIGHT_BID and p == st.active_player():
                count("fights")
            flags = s[layout.TFLAGS]
            st.apply(bots[p].choose(st))
            new = s[layout.TFLAGS] & ~flags
            if new & layout.TF_APPLES:
                count("apples")
            if new & layout.TF_GEMS:
                count("gems")
        n += 1
        if n >= max_decisions:
            return False
    return True


def run(a="rule", b="random", games=200, seed=1, players=2, out=print, board=None, playouts=10,
        depth=8):
    """Play the games; print and return the figures (a dict)."""
    if players < 2:
        raise ValueError("a tournament needs at least 2 players")
    board = board if board is not None else load_board()
    stats = {}
    for k in EVENTS:
        stats[k] = stats["a_" + k] = 0
    wins_a = wins_b = 0.0
    finales = 0
    turns = 0
    t0 = time.perf_counter()
    for g in range(games):
        rng = Rng(seed + g)
        seat_a = g % players
        bots = [make(a if q == seat_a else b, rng, playouts, depth) for q in range(players)]
        st = new_game(board, players)
        ended = play(st, bots, rng, stats, seat_a)
        turns += st.turn() + 1
        if not ended:
            continue
        if view.in_finale(st):
            finales += 1
        w = st.winners()
        if w:
            share = 1.0 / len(w)
            for p in w:
                if p == seat_a:
                    wins_a += share
                else:
                    wins_b += share
    dt = time.perf_counter() - t0
    lo, hi = wilson(wins_a, games)
    res = {
        "games": games, "players": players, "a": a, "b": b, "seed": seed,
        "wins_a": wins_a, "wins_b": wins_b, "rate_a": wins_a / games if games else 0.0,
        "ci_a": (lo, hi), "finale_rate": finales / games if games else 0.0,
        "turns": turns / games if games else 0.0, "seconds": dt,
    }
    for k, v in stats.items():
        res[k] = v / games if games else 0.0
    out("%d games, %d players, seeds %d-%d: %s (1 seat) against %s (%d seat%s)"
        % (games, players, seed, seed + games - 1, a, b, players - 1, "s" if players > 2 else ""))
    out("%s wins %.1f (%.1f%%, 95%% CI %.1f-%.1f%%); %s wins %.1f"
        % (a, wins_a, 100 * res["rate_a"], 100 * lo, 100 * hi, b, wins_b))
    out("grand finale reached: %.1f%%; %.1f turns per game; %.1f s"
        % (100 * res["finale_rate"], res["turns"], dt))
    out("per game, all seats: apple deliveries %.2f, gem deliveries %.2f, quests %.2f, "
        "pie fights %.2f" % (res["apples"], res["gems"], res["quests"], res["fights"]))
    out("per game, %s's seat: apple deliveries %.2f, gem deliveries %.2f, quests %.2f, "
        "pie fights %.2f" % (a, res["a_apples"], res["a_gems"], res["a_quests"], res["a_fights"]))
    return res


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tournament",
        description="Seeded bot-against-bot games of My Little Scythe: win rates and how the games went.")
    ap.add_argument("--a", default="rule", choices=KINDS, help="the bot in one seat")
    ap.add_argument("--b", default="random", choices=KINDS, help="the bot in the other seats")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--playouts", type=int, default=10, help="the search bot's playouts per action")
    ap.add_argument("--depth", type=int, default=8, help="rounds a playout runs (0: to the end)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if not 2 <= args.players <= 6:
        ap.error("--players must be 2 to 6")
    if args.playouts < 1 or args.depth < 0:
        ap.error("--playouts must be at least 1 and --depth at least 0")
    run(args.a, args.b, args.games, args.seed, args.players, playouts=args.playouts, depth=args.depth)
    return 0


if __name__ == "__main__":
    sys.exit(main())
