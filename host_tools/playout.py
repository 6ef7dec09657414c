"""Bot games through the rules engine, with statistics: for a game designer studying
balance. Every game is reproducible from its seed (same games on CPython and MicroPython)."""

import time

from firmware.bots import play_game
from firmware.rng import Rng
from firmware.rules import registry
from firmware.text import name

from .boards import load_board
from .session import make_bot


def run(players, games, seed, out=print, game="mls"):
    rs = registry.load(game)
    if rs.name != "mls":
        return _run_plain(rs, players, games, seed, out)
    from firmware.rules.mls import view

    board = load_board(ruleset=rs)
    turns = decisions = 0
    wins = [0] * players
    shared = 0
    trophy_counts = [0] * 8
    t0 = time.perf_counter()
    for g in range(games):
        rng = Rng(seed + g)
        st = rs.new_game(board, players)
        decisions += play_game(st, [make_bot(rs, rng) for _ in range(players)], rng)
        turns += st.turn() + 1
        w = st.winners()
        shared += len(w) > 1
        for p in w:
            wins[p] += 1
        for p in range(players):
            for t in range(8):
                if view.trophies(st, p) & (1 << t):
                    trophy_counts[t] += 1
        if games == 1:
            out("seed %d: %d players, %d turns, %d decisions" % (seed + g, players, st.turn() + 1, decisions))
            for p in range(players):
                out(
                    "  player %d (%s): %d trophies, friendship %d, pies %d%s"
                    % (
                        p,
                        name("kingdom", view.kingdom(st, p)),
                        st.trophy_count(p),
                        view.friendship(st, p),
                        st.pies(p),
                        "  WINNER" if p in w else "",
                    )
                )
    dt = time.perf_counter() - t0
    out(
        "%d games of %d players from seed %d: %.1f turns and %.0f decisions per game, %.0f games/s"
        % (games, players, seed, turns / games, decisions / games, games / dt if dt else 0)
    )
    out("wins by seat: %s; shared wins: %d" % (" ".join(str(w) for w in wins), shared))
    out(
        "trophies earned (all players): "
        + ", ".join("%s %d" % (name("trophy", t), trophy_counts[t]) for t in range(8))
    )
    return wins


def _run_plain(rs, players, games, seed, out):
    """Statistics any ruleset has: decisions per game and wins by seat."""
    board = load_board(ruleset=rs)
    decisions = 0
    wins = [0] * players
    t0 = time.perf_counter()
    for g in range(games):
        rng = Rng(seed + g)
        st = rs.new_game(board, players)
        decisions += play_game(st, [make_bot(rs, rng) for _ in range(players)], rng)
        for p in st.winners():
            wins[p] += 1
    dt = time.perf_counter() - t0
    out("%d games of %s, %d players from seed %d: %.0f decisions per game, %.0f games/s"
        % (games, rs.title, players, seed, decisions / games, games / dt if dt else 0))
    out("wins by seat: %s" % " ".join(str(w) for w in wins))
    return wins
