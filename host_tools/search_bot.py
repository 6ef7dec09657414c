"""The search bot (laptop only): determinised Monte Carlo search with common random numbers,
the rule-based bot as rollout policy, opponent model and prior.

    bot = SearchBot(rng, ruleset, iterations=10)    # or seconds=0.5
    bot.choose(st)                                  # like RuleBot / RandomBot

At a decision of its own that the ruleset marks as worth searching (My Little Scythe: the
turn's action), the bot plays `iterations` scenarios. A scenario is

1. a **determinisation** of what the searching player cannot see: a copy of the state with
   the opponents' hidden content resampled from everything it could be (the ruleset's
   `determinise`; My Little Scythe: unrevealed personality cards and the classes of the
   spell cards in opponents' hands, dealt again from the pool they and the undealt cards
   form); decks, dice and tiles are chance decisions, drawn in the playout;
2. a **seed**: chance and the bots' own random draws in turn t of the playout come from a
   generator seeded by the scenario and t (common random numbers: every option meets the
   same hidden cards, the same dice and the same cards drawn in the same turn).

Every option is played in every scenario: the option, then the strong bot in every seat
(the searcher's own later decisions included) for `depth` turns (0: to the end), scored for
the searcher (1 a win, a share of a shared one, 0 a loss; a playout stopped early: the
ruleset's evaluation in 0..1). The bot plays the option with the best mean score; the strong
bot's own pick keeps the choice unless another beats it by more than `margin`. Because the
options are compared on the same scenarios, the luck of the draw cancels out of their
differences, which is what the choice depends on.

Every other decision is the strong bot's (primed, for My Little Scythe, with what it would
carry on a move it did not pick). Only the public GameState API is used (clone, apply,
legal_actions, chance_outcomes, current_player, decision, is_terminal, winners, turn,
n_players), plus the ruleset's HOOKS (Ruleset.host_search names their module: My Little
Scythe's are host_tools/views/mls_search.py); a ruleset without them is searched at every
decision with more than one option, without determinisation (nothing hidden in its state)
and a neutral evaluation (use depth 0)."""

import time
from array import array

import importlib

from firmware.bot_kinds import make_bot
from firmware.rng import Rng

CHANCE = -1


# ---- the search ---------------------------------------------------------------------------

class SearchBot:
    """Determinised Monte Carlo over the options of a searched decision, every option played
    in the same `iterations` scenarios (or as many as `seconds` per searched decision allow,
    at least one; then iterations is only a cap), playouts of `depth` turns (0: to the end);
    the strong bot's pick stays unless another option's mean beats it by more than
    `margin`."""

    def __init__(self, rng, ruleset, iterations=10, seconds=0.0, depth=0, margin=0.0):
        if iterations < 1 or seconds < 0 or depth < 0 or margin < 0:
            raise ValueError("the search needs iterations >= 1, seconds >= 0, depth >= 0 "
                             "and margin >= 0")
        self.rng = rng
        self.ruleset = ruleset
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.margin = margin
        # The ruleset's hooks (Ruleset.host_search: a host view's module, host_tools/views/).
        hooks = importlib.import_module(ruleset.host_search).HOOKS if ruleset.host_search else None
        self.determinise = hooks[0] if hooks else None
        self.evaluate = hooks[1] if hooks else None
        self.searched = hooks[2] if hooks else None
        self.prime = hooks[3] if hooks else None
        self.rollout_bot = hooks[4] if hooks else (lambda r: make_bot(ruleset, r, "strong"))
        self.policy = make_bot(ruleset, rng, "strong")   # the bot's own other decisions
        self._seats = []     # the rollout bots, one a seat, kept (tables built once)
        self.means = {}      # option -> mean score, of the last searched decision
        self.last_iterations = 0   # scenarios of the last searched decision
        self.iterations_done = 0   # playouts so far
        self.searches = 0          # searched decisions so far, and the seconds they took
        self.search_seconds = 0.0
        self.search_cpu = 0.0      # (their CPU seconds)

    def choose(self, st):
        opts = st.legal_actions()
        if len(opts) == 1:
            return opts[0]
        if self.searched is not None and st.decision() not in self.searched:
            return self.policy.choose(st)
        t0 = time.perf_counter()
        c0 = time.process_time()
        pick = self.policy.choose(st)   # also primes the bot's own state for what follows
        means = self._search(st, opts)
        best = pick
        bv = means[pick] + self.margin
        for a in opts:
            if means[a] > bv:
                bv = means[a]
                best = a
        if best != pick and self.prime is not None:
            self.prime(self.policy, st, best)
        self.means = means
        self.searches += 1
        self.search_seconds += time.perf_counter() - t0
        self.search_cpu += time.process_time() - c0
        return best

    def _search(self, st, opts):
        """The mean score of every option over the scenarios."""
        p = st.current_player()
        base = st.clone()
        base.history = array("H")   # copies need not carry the game's decisions
        base.keep_history = False
        n = base.n_players()
        while len(self._seats) < n:
            self._seats.append(self.rollout_bot(self.rng))
        bots = self._seats
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        until = (base.turn() + self.depth) if self.depth else 0
        totals = dict.fromkeys(opts, 0.0)
        k = 0
        while k < self.iterations:
            if deadline is not None and k and time.perf_counter() >= deadline:
                break
            seed = self.rng.next()
            for a in opts:
                totals[a] += self._playout(base, p, a, seed, bots, until)
            k += 1
        self.last_iterations = k
        self.iterations_done += k * len(opts)
        return {a: totals[a] / k for a in opts}

    def _playout(self, base, p, a, seed, bots, until):
        """p's score after option a in the scenario `seed`."""
        r = Rng(seed)
        sim = base.clone()
        if self.determinise is not None:
            sim = self.determinise(sim, p, r)
        for b in bots:
            if hasattr(b, "terms"):   # (a rule bot's memory of its last card option)
                b.terms = 0
        if self.prime is not None:
            self.prime(bots[p], sim, a)
        sim.apply(a)
        turn = -1
        steps = 0
        while not sim.is_terminal() and steps < 4000:
            if sim.turn() != turn:
                turn = sim.turn()
                if until and turn >= until:
                    break
                r = Rng((seed + 7919 * turn) & 0xFFFFFFFF)
                for b in bots:
                    b.rng = r
            q = sim.current_player()
            sim.apply(r.weighted(sim.chance_outcomes()) if q == CHANCE else bots[q].choose(sim))
            steps += 1
        if sim.is_terminal():
            w = sim.winners()
            return 1.0 / len(w) if p in w else 0.0
        return self.evaluate(sim, p) if self.evaluate is not None else 0.5
