"""The search bot (laptop only): single-observer information-set Monte Carlo tree search
(SO-ISMCTS, Cowling, Powley and Whitehouse 2012) with UCT, through the ruleset seam only.

    bot = SearchBot(rng, ruleset, iterations=100)   # or seconds=1.0 (then iterations is a cap)
    bot.choose(st)                                  # like RuleBot / RandomBot

At a decision worth searching (the ruleset's host hooks say which: My Little Scythe's and
Scythe's turn actions; without hooks, every decision with more than one option), every
iteration

1. draws a **determinisation**: Ruleset.determinise(st, p, rng), a copy of the state with
   everything the searching player p cannot see drawn again (opponents' hands, a sealed
   dial); the bot never reads the real hidden values;
2. **descends the tree** in that copy: at each searched decision (of any player), the
   options legal in this copy are the available children; an untried one is added and
   taken, else the child of the highest UCB1 score over its availability count
   (mean + c * sqrt(ln(available) / visits)); chance is drawn, and the decisions not worth
   searching (a Seeker's carry, a unit's resources) are the rollout bot's, as they come;
3. **rolls out** with the rollout bot (the ruleset's strong bot) in every seat to the end,
   or for `depth` searched decisions (0: to the end), then scores every player (1 a win, a
   share of a shared one, 0 a loss; a rollout stopped early: the hooks' evaluation in 0..1);
4. **backs up**: each node on the path counts a visit and the score of the player who chose
   its edge.

Paired (the default): in every determinisation every root option descends once, with the
same dice (chance and the bots' draws at the k-th searched decision come from a generator
seeded by the determinisation and k: common random numbers), so the luck of the deal largely
cancels out of the differences between the root options' means; the option played is the
best mean (the strong bot's pick among equals). Below the root the tree is UCT as above.
Unpaired: one descent a determinisation, UCT at the root too, the most visited child played.
The tree is single-observer: the opponents' decisions are edges as the searcher would see
them, their hidden entries (a sealed dial) are sampled in the determinisation. Chance is open
loop: two iterations that drew different dice share a node after the same decisions.

The ruleset's hooks (Ruleset.host_search names their module; My Little Scythe's is
host_tools/views/mls_search.py, Scythe's scythe_search.py): SEARCHED (decision kinds worth
searching), evaluate(st, p), prime(bot, st, a) (tell the strong bot of a move it did not
pick) and rollout_bot(rng). Only the public GameState API is used (clone, apply,
legal_actions, chance_outcomes, current_player, decision, is_terminal, winners, n_players)."""

import importlib
import math
import time

from firmware.bot_kinds import make_bot
from firmware.rng import Rng

CHANCE = -1
MAX_STEPS = 6000          # decisions an iteration plays at most (a game that does not end)


class _Node:
    __slots__ = ("kids", "visits", "score", "avail")

    def __init__(self):
        self.kids = {}        # option -> _Node
        self.visits = 0
        self.score = 0.0      # summed score of the player who chose the edge into this node
        self.avail = 0        # iterations in which this node's option was legal


class SearchBot:
    """SO-ISMCTS over the searched decisions: `iterations` determinisations (or as many as
    `seconds` per searched decision allow, at least one; then iterations is only a cap),
    rollouts of `depth` searched decisions (0: to the end), exploration constant `c`.
    paired: every root option descends in every determinisation, with the same dice (common
    random numbers at the root, UCT below it), the best mean chosen; else one descent a
    determinisation, UCT at the root too, the most visited chosen."""

    def __init__(self, rng, ruleset, iterations=100, seconds=0.0, depth=0, c=0.7, paired=True):
        if iterations < 1 or seconds < 0 or depth < 0 or c < 0:
            raise ValueError("the search needs iterations >= 1, seconds >= 0, depth >= 0 and c >= 0")
        self.paired = paired
        self.rng = rng
        self.ruleset = ruleset
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.c = c
        hooks = importlib.import_module(ruleset.host_search) if ruleset.host_search else None
        self.evaluate = getattr(hooks, "evaluate", None)
        self.searched = getattr(hooks, "SEARCHED", None)
        self.prime = getattr(hooks, "prime", None)
        make = getattr(hooks, "rollout_bot", None)
        self.rollout_bot = make if make is not None else (lambda r: make_bot(ruleset, r, "strong"))
        self.policy = make_bot(ruleset, rng, "strong")   # the bot's own other decisions
        self.draws = Rng(rng.x ^ 0x6A09E667)              # its determinisations
        self._seats = []     # the rollout bots, one a seat, kept (tables built once)
        self.means = {}      # option -> mean score of the root's children, last search
        self.visits = {}     # option -> visits, last search
        self.last_iterations = 0   # iterations of the last searched decision
        self.iterations_done = 0   # iterations so far
        self.searches = 0          # searched decisions so far, and the seconds they took
        self.search_seconds = 0.0
        self.search_cpu = 0.0      # (their CPU seconds)

    def _is_searched(self, st):
        return self.searched is None or st.decision() in self.searched

    def choose(self, st):
        opts = st.legal_actions()
        if len(opts) == 1:
            return opts[0]
        p = st.current_player()
        seen = self.ruleset.determinise(st, p, self.draws)   # the policy sees what p sees
        if not self._is_searched(st):
            return self.policy.choose(seen)
        t0 = time.perf_counter()
        c0 = time.process_time()
        pick = self.policy.choose(seen)   # also primes the bot's own state for what follows
        best = self._search(st, p, pick)
        if best != pick and self.prime is not None:
            self.prime(self.policy, seen, best)
        self.searches += 1
        self.search_seconds += time.perf_counter() - t0
        self.search_cpu += time.process_time() - c0
        return best

    # ---- the search -------------------------------------------------------------------------
    def _search(self, st, p, pick):
        n = st.n_players()
        while len(self._seats) < n:
            self._seats.append(self.rollout_bot(self.rng))
        root = _Node()
        opts = st.legal_actions()
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        k = 0
        while k < self.iterations:
            if deadline is not None and k and time.perf_counter() >= deadline:
                break
            seed = self.rng.next()
            if self.paired:   # every root option in this determinisation, with these dice
                for a in opts:
                    self._iterate(st, p, root, a, seed)
            else:
                self._iterate(st, p, root, pick, seed)
            k += 1
        self.last_iterations = k
        self.iterations_done += k
        self.visits = {a: c.visits for a, c in root.kids.items()}
        self.means = {a: c.score / c.visits for a, c in root.kids.items() if c.visits}
        best = pick
        for a, c in root.kids.items():
            b = root.kids.get(best)
            if b is None or self._rank(c, a) > self._rank(b, best):
                best = a
        return best

    def _rank(self, node, a):
        # Paired: the best mean (every option met the same scenarios); else the most visits.
        if self.paired:
            return self.means.get(a, 0.0)
        return node.visits, self.means.get(a, 0.0)

    def _iterate(self, st, p, root, first, seed):
        """One descent from the root, in the determinisation and dice of `seed`. Paired:
        `first` is the root option taken; else the root's option is selected (`first`, the
        strong bot's pick, tried first)."""
        r = Rng(seed)
        sim = self.ruleset.determinise(st, p, r)
        bots = self._seats
        for b in bots:
            b.rng = r
            if hasattr(b, "terms"):   # (a rule bot's memory of its last card option)
                b.terms = 0
        node = root
        path = []       # (node, the player who chose its edge)
        growing = True  # still in the tree (until a node is added)
        searched = 0
        steps = 0
        while not sim.is_terminal() and steps < MAX_STEPS:
            steps += 1
            q = sim.current_player()
            if q == CHANCE:
                sim.apply(r.weighted(sim.chance_outcomes()))
                continue
            opts = sim.legal_actions()
            if len(opts) == 1:
                sim.apply(opts[0])
                continue
            if not self._is_searched(sim):
                sim.apply(bots[q].choose(sim))
                continue
            if self.depth and searched >= self.depth:
                break
            if searched:   # the dice of the k-th searched decision on: alike for every option
                r = Rng((seed + 7919 * searched) & 0xFFFFFFFF)
                for b in bots:
                    b.rng = r
            searched += 1
            if not growing:
                sim.apply(bots[q].choose(sim))
                continue
            if node is root and self.paired:
                a = first
            elif node is root:
                a = self._select(node, opts, r, first)
            else:
                a = self._widen(node, opts, r, bots[q], sim)
            child = node.kids.get(a)
            if child is None:
                child = node.kids[a] = _Node()
                growing = False
            for o in opts:
                kid = node.kids.get(o)
                if kid is not None:
                    kid.avail += 1
            if self.prime is not None:
                self.prime(bots[q], sim, a)
            sim.apply(a)
            path.append((child, q))
            node = child
        scores = self._scores(sim)
        root.visits += 1
        for nd, q in path:
            nd.visits += 1
            nd.score += scores[q]

    def _select(self, node, opts, r, first):
        """An untried option (the strong bot's pick first at the root), else UCB1 over the
        availability counts."""
        kids = node.kids
        untried = [a for a in opts if a not in kids]
        if untried:
            if first in untried:
                return first
            return untried[r.below(len(untried))]
        return self._ucb(kids, opts)

    def _widen(self, node, opts, r, bot, sim):
        """Below the root, progressive widening led by the strong bot: a node takes its
        first child from the bot's pick and one more option only when its visits grow
        (1 + sqrt(visits / 16) children), so the opponents' replies follow the strong bot
        until the search has seen enough to try others; UCB1 among the children legal here."""
        kids = node.kids
        live = [a for a in opts if a in kids]
        if not live or (len(kids) < 1 + int(math.sqrt(node.visits / 16.0)) and len(live) < len(opts)):
            pick = bot.choose(sim)
            if pick not in kids:
                return pick
            untried = [a for a in opts if a not in kids]
            if untried:
                return untried[r.below(len(untried))]
        return self._ucb(kids, live)

    def _ucb(self, kids, opts):
        """The option of best UCB1 over its availability count (every one in kids)."""
        best = opts[0]
        bv = -1.0
        c = self.c
        for a in opts:
            k = kids[a]
            v = k.score / k.visits + c * math.sqrt(math.log(k.avail) / k.visits)
            if v > bv:
                bv = v
                best = a
        return best

    def _scores(self, sim):
        n = sim.n_players()
        if sim.is_terminal():
            w = sim.winners()
            return [1.0 / len(w) if q in w else 0.0 for q in range(n)]
        if self.evaluate is None:
            return [0.5] * n
        return [self.evaluate(sim, q) for q in range(n)]
