"""Bot games through the rules engine, with statistics: for a game designer studying
balance. Every game is reproducible from its seed (same games on CPython and MicroPython).
What any game has (decisions, wins by seat) is counted here; a ruleset's host view module
(Ruleset.host_view) may add its own figures with a Tally (add(st), game(st, out), report(out))."""

import importlib
import time

from firmware.bots import play_game
from firmware.rng import Rng
from firmware.rules import registry

from .boards import load_board
from .session import make_bot


class _NoTally:
    def add(self, st):
        pass

    def game(self, st, out):
        pass

    def report(self, out):
        pass


def run(players, games, seed, out=print, game="mls"):
    rs = registry.load(game)
    view = importlib.import_module(rs.host_view) if rs.host_view else None
    tally = view.Tally(players) if view is not None and hasattr(view, "Tally") else _NoTally()
    board = load_board(ruleset=rs)
    decisions = 0
    wins = [0] * players
    shared = 0
    t0 = time.perf_counter()
    for g in range(games):
        rng = Rng(seed + g)
        st = rs.new_game(board, players)
        n = play_game(st, [make_bot(rs, rng) for _ in range(players)], rng)
        decisions += n
        w = st.winners()
        shared += len(w) > 1
        for p in w:
            wins[p] += 1
        tally.add(st)
        if games == 1:
            out("seed %d: %d players, %d decisions" % (seed + g, players, n))
            tally.game(st, out)
    dt = time.perf_counter() - t0
    out(
        "%d games of %s, %d players from seed %d: %.0f decisions per game, %.0f games/s"
        % (games, rs.title, players, seed, decisions / games, games / dt if dt else 0)
    )
    out("wins by seat: %s; shared wins: %d" % (" ".join(str(w) for w in wins), shared))
    tally.report(out)
    return wins
