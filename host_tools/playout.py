"""Bot games through the rules engine, with statistics: for a game designer studying
balance. Every game is reproducible from its seed (same games on CPython and MicroPython).
The bots are the ruleset's strong bot (My Little Scythe: the rule-based bot) unless
bot="random". What any game has (decisions, wins by seat) is counted here; a ruleset's host
view module (Ruleset.host_view) may add its own figures with a Tally: add(st) at the end of
a game, game(st, out), report(out), and optionally before(st, a) / after(st) around every
decision and figures() (a dict, per game)."""

from firmware.rules.registry import default as _default_game
import importlib
import time

from firmware.rng import Rng

from .boards import load_board
from .session import make_bot
from .text import t

DEFAULT_GAME = _default_game()   # the game played when none is named (firmware/rules/registry.py)

CHANCE = -1
BOTS = ("strong", "random")


class _NoTally:
    mark = None

    def add(self, st):
        pass

    def game(self, st, out):
        pass

    def report(self, out):
        pass

    def figures(self):
        return {}

    def merge(self, other):
        pass


def tally_for(rs, players):
    """The ruleset's Tally (its host view's), or one that counts nothing."""
    view = importlib.import_module(rs.host_view) if rs.host_view else None
    return view.Tally(players) if view is not None and hasattr(view, "Tally") else _NoTally()


def play(st, bots, rng, tally, max_decisions=20000):
    """Play st to the end, telling the tally about every decision. Returns the number of
    decisions, or -1 if the game did not end within max_decisions."""
    before = getattr(tally, "before", None)
    after = getattr(tally, "after", None)
    n = 0
    while not st.is_terminal():
        p = st.current_player()
        a = rng.weighted(st.chance_outcomes()) if p == CHANCE else bots[p].choose(st)
        if before is not None:
            before(st, a)
        st.apply(a)
        if after is not None:
            after(st)
        n += 1
        if n >= max_decisions:
            return -1
    return n


def run(players, games, seed, out=print, game=DEFAULT_GAME, bot=None, quiet=False, stream=None):
    """bot: "strong" or "random"; None: the game's host view's PLAYOUT_BOT, else strong.
    A progress bar on stderr (or stream) while more than one game runs, when it is a
    terminal and not quiet (executors.Progress)."""
    from .executors import Progress
    from .games import parse

    rs, options = parse(game)   # "mls+pits": the ruleset and its options (host_tools/games.py)
    if bot is None:
        view = importlib.import_module(rs.host_view) if rs.host_view else None
        bot = getattr(view, "PLAYOUT_BOT", "strong")
    if bot not in BOTS:
        raise ValueError("unknown bot %r (strong or random)" % (bot,))
    if rs.solo_option and rs.solo_option in options:   # a solo game: 1 player, the other seat the rules'
        st = rs.new_game(load_board(ruleset=rs), 1, options)
        asked, players = 1, st.n_players()
    else:
        asked = players
    tally = tally_for(rs, players)
    board = load_board(ruleset=rs)
    decisions = 0
    wins = [0] * players
    shared = 0
    t0 = time.perf_counter()
    bar = Progress(games, rs.title, quiet=quiet or games < 2, stream=stream)
    for g in range(games):
        rng = Rng(seed + g)
        st = rs.new_game(board, asked, options)
        n = play(st, [make_bot(rs, rng, bot) for _ in range(players)], rng, tally)
        if n < 0:
            raise RuntimeError("game %d did not end after 20000 decisions" % (seed + g))
        decisions += n
        w = st.winners()
        shared += len(w) > 1
        for p in w:
            wins[p] += 1
        tally.add(st)
        bar.step()
        if games == 1:
            out(t("playout.game", seed + g, players, n))
            tally.game(st, out)
    bar.close()
    dt = time.perf_counter() - t0
    out(t("playout.games", games, rs.title, players, seed, bot, decisions / games, games / dt if dt else 0))
    out(t("playout.wins", " ".join(str(w) for w in wins), shared))
    tally.report(out)
    return wins
