"""The search bot (laptop only): Monte Carlo tree search over determinised hidden information,
in the manner of single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012).

    bot = SearchBot(rng, ruleset, iterations=30)    # or seconds=0.5
    bot.choose(st)                                  # like RuleBot / RandomBot

At a decision of its own that the ruleset marks as worth searching (My Little Scythe: the
action and the Seekers' moves; the rule bot carries what it would on the move chosen), each
iteration

1. **determinises** what the searching player cannot see: a copy of the state with the
   opponents' hidden content resampled from everything it could be (the ruleset's
   `determinise`; My Little Scythe: unrevealed personality cards and the classes of the spell
   cards in opponents' hands, dealt again from the pool they and the undealt cards form);
   decks, dice and tiles are chance decisions, drawn anew in every iteration;
2. **selects** down one tree of the searcher's decisions in its current turn (open loop: a
   node is the sequence of the searcher's choices; opponents' and trivial decisions are the
   ruleset's strong bot, chance is sampled), by UCB1 with availability counts (an option
   that is not legal in this determinisation is not counted as tried) and a fading bonus
   for the strong bot's own pick, which is expanded first; other options are added by
   progressive widening; one new node an iteration;
3. **rolls out** with the strong bot in every seat for `depth` turns (0: to the end) and
   scores the position for the searcher (1 a win, a share of a shared one; else the
   ruleset's evaluation in 0..1, for My Little Scythe trophies and progress toward the
   missing ones against the best opponent's);
4. backs the score up the selected path.

It plays the most visited option (the strong bot's pick credited with `trust` visits). The
tree is kept for the rest of the turn: the next searched decision of the same turn starts
from the node of the choices made so far and tops it up to the budget. Every other decision
is the strong bot's. Only the public GameState API is used (clone, apply, legal_actions,
chance_outcomes, current_player, decision, active_player, is_terminal, winners, turn,
n_players), plus the per-ruleset HOOKS below;
a ruleset without them is searched at every decision with more than one option, without
determinisation (nothing hidden in its state) and a neutral evaluation."""

import math
import time
from array import array

from firmware.bot_kinds import make_bot
from firmware.rng import Rng
from firmware.rules.mls import layout
from firmware.rules.mls import codes
from firmware.rules.mls import view

CHANCE = -1


# ---- My Little Scythe's hooks -------------------------------------------------------------

def mls_determinise(st, observer, rng):
    """Resample, in st (a copy), what `observer` cannot see: the personality cards of
    opponents who have not revealed theirs (from those plus the undealt ones) and the classes
    of the spell cards in opponents' hands (from those plus the deck's; hand sizes, the
    discard pile and every count stay). The result depends on the hidden content only
    through the pools, so two states that differ only in it give the same copies."""
    s = st.s
    n = st.n_players()
    # Personality cards.
    hidden = [p for p in range(n) if p != observer and not view.personality_revealed(st, p)
              and s[layout.P0 + p * layout.PSZ + layout.PERSONA] != codes.NONE]
    if hidden:
        pool = [c for c in range(8) if s[layout.PERS] & (1 << c)]
        for p in hidden:
            pool.append(s[layout.P0 + p * layout.PSZ + layout.PERSONA])
        pool.sort()
        m = 0
        for c in pool:
            m |= 1 << c
        for p in hidden:
            c = pool.pop(rng.below(len(pool)))
            s[layout.P0 + p * layout.PSZ + layout.PERSONA] = c
            m &= ~(1 << c)
        s[layout.PERS] = m
    # Spell cards in opponents' hands, by class.
    ncls = 9
    counts = [0] * n
    pool = bytearray(s[layout.SDECK:layout.SDECK + ncls])
    for p in range(n):
        if p == observer:
            continue
        o = layout.P0 + p * layout.PSZ + layout.SPELLS
        for c in range(ncls):
            counts[p] += s[o + c]
            pool[c] += s[o + c]
            s[o + c] = 0
    for p in range(n):
        o = layout.P0 + p * layout.PSZ + layout.SPELLS
        for _ in range(counts[p]):
            r = rng.below(sum(pool))
            c = 0
            while r >= pool[c]:
                r -= pool[c]
                c += 1
            pool[c] -= 1
            s[o + c] += 1
    s[layout.SDECK:layout.SDECK + ncls] = pool
    st.changed()
    return st


def _mls_worth(st, q):
    # Trophies, and how far q is toward the ones it lacks (0..1 each, squared: nearly
    # there counts most; the best three), less a penalty below 3 friendship, where no
    # trophy can be earned.
    s = st.s
    o = layout.P0 + q * layout.PSZ
    tro = s[o + layout.TRO]
    fr = s[o + layout.FR]
    piles = [0.0, 0.0]
    for x in st.seekers(q):
        if x != codes.AT_CAMP:
            piles[0] = max(piles[0], min(st.apples(x), 4) / 4.0)
            piles[1] = max(piles[1], min(st.gems(x), 4) / 4.0)
    prog = (
        min(fr, 8) / 8.0,                                                        # 8 friendship
        ((s[o + layout.TILE] != codes.NONE) + (s[o + layout.TILE + 1] != codes.NONE)) / 2.0,
        min(st.spells(q), 3) / 3.0,                                              # 3 spells
        min(s[o + layout.QDONE], 2) / 2.0,                                       # 2 quests
        piles[0] * 0.9,                                                          # deliveries
        piles[1] * 0.9,
        0.0,                                                                     # pie fight
        min(s[o + layout.PIES], 8) / 8.0,                                        # 8 pies
    )
    near = sorted([prog[t] * prog[t] for t in range(8) if not tro & (1 << t)], reverse=True)
    v = st.trophy_count(q) + 0.25 * sum(near[:3]) + min(fr, 12) / 100.0
    return v - (0.6 if fr < 3 else 0.0)


def mls_evaluate(st, p):
    """A position's worth to p in 0..1 when a rollout stops before the end: its trophies
    and its progress toward the trophies it lacks, against the best opponent's."""
    best = max(_mls_worth(st, q) for q in range(st.n_players()) if q != p)
    v = 0.5 + (_mls_worth(st, p) - best) / 6.0
    return 0.0 if v < 0.0 else (1.0 if v > 1.0 else v)


def mls_prime(bot, st, a):
    """Tell the rule bot a Seeker's move it did not pick (K_MOVE) was made, so that it
    carries what it would carry on that move (its K_CARRY answers follow its last move)."""
    if st.decision() == codes.K_MOVE and hasattr(bot, "carrying"):
        from firmware.rules.mls import rule_bot

        p = st.current_player()
        bot.carrying = rule_bot.move(bot, st, p, a >> 6, a & 63, view.trophies(st, p))[1]


HOOKS = {
    # ruleset name: (determinise, evaluate, searched decision kinds)
    "mls": (mls_determinise, mls_evaluate, (codes.K_ACTION, codes.K_MOVE), mls_prime),
}


# ---- the search ---------------------------------------------------------------------------

class Node:
    __slots__ = ("children", "visits", "total", "avail", "prior")

    def __init__(self):
        self.children = {}   # option -> Node
        self.visits = 0
        self.total = 0.0
        self.avail = 0       # iterations in which this option was legal (set on children)
        self.prior = False   # the strong bot's pick here


class SearchBot:
    """Information-set MCTS with the ruleset's strong bot as the rollout policy and the
    opponents' model. Budget: `iterations` per turn (the first searched decision of a turn
    runs them; a later one of the same turn tops its node up to `iterations`, at least a
    quarter of them), or `seconds` per searched decision when given (then iterations is
    only a cap)."""

    def __init__(self, rng, ruleset, iterations=30, seconds=0.0, depth=4, c=0.5, bias=0.3, trust=3):
        if iterations < 1 or seconds < 0 or depth < 0:
            raise ValueError("the search needs iterations >= 1, seconds >= 0 and depth >= 0")
        self.rng = rng
        self.ruleset = ruleset
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.c = c
        self.bias = bias     # UCB bonus of the strong bot's pick, bias / (visits + 1)
        self.trust = trust   # visits the strong bot's pick is credited with when choosing
        hooks = HOOKS.get(ruleset.name)
        self.determinise = hooks[0] if hooks else None
        self.evaluate = hooks[1] if hooks else None
        self.searched = hooks[2] if hooks else None
        self.prime = hooks[3] if hooks else None
        self.policy = make_bot(ruleset, rng, "strong")   # the bot's own trivial decisions
        self._seats = []     # the rollout bots, one a seat, kept (tables built once)
        self.tree = None     # (turn, active player, root Node, path of options taken)
        self.last_iterations = 0
        self.iterations_done = 0
        self.searches = 0          # searched decisions so far, and the seconds they took
        self.search_seconds = 0.0

    def _bots(self, n, rng):
        # The rollout bots, kept from one iteration to the next so tables a bot builds once
        # (the rule bot's step distances) are built once; each iteration gives them its rng.
        while len(self._seats) < n:
            self._seats.append(make_bot(self.ruleset, rng, "strong"))
        for b in self._seats:
            b.rng = rng
        return self._seats

    def choose(self, st):
        opts = st.legal_actions()
        p = st.current_player()
        if len(opts) == 1:
            return opts[0]
        if self.searched is not None and st.decision() not in self.searched:
            return self.policy.choose(st)
        node = self._node(st, p)
        t0 = time.perf_counter()
        self._search(st, p, node)
        self.searches += 1
        self.search_seconds += time.perf_counter() - t0
        best = None
        bv = -1
        for a in opts:
            ch = node.children.get(a)
            if ch is not None and ch.visits + (self.trust if ch.prior else 0) > bv:
                bv = ch.visits + (self.trust if ch.prior else 0)
                best = a
        pick = self.policy.choose(st)   # also primes the bot's own state for what follows
        if best is None:
            best = pick
        elif best != pick and self.prime is not None:
            self.prime(self.policy, st, best)
        tree = self.tree
        if tree is not None:
            tree[3].append(best)
        return best

    def _node(self, st, p):
        """The node of this decision: the kept tree's, when the turn and the searcher's
        choices so far match; else a new root."""
        key = (st.turn(), st.active_player())
        if self.tree is not None and self.tree[:2] == key:
            node = self.tree[2]
            for a in self.tree[3]:
                node = node.children.get(a)
                if node is None:
                    break
            if node is not None:
                return node
        root = Node()
        self.tree = (key[0], key[1], root, [])
        return root

    def _search(self, st, p, node):
        base = st.clone()
        base.history = array("H")   # copies need not carry the game's decisions
        base.keep_history = False
        n = base.n_players()
        if self.seconds:
            deadline = time.perf_counter() + self.seconds
            todo = self.iterations
        else:
            deadline = None
            todo = max(self.iterations - node.visits, self.iterations // 4, 1)
        until = (base.turn() + self.depth) if self.depth else 0
        turn = base.turn()
        k = 0
        while k < todo:
            if deadline is not None and k and time.perf_counter() >= deadline:
                break
            r = Rng(self.rng.next())
            sim = base.clone()
            determinise = self.determinise
            if determinise is not None:
                sim = determinise(sim, p, r)
            bots = self._bots(n, r)
            path = [node]
            cur = node
            expanding = True
            steps = 0
            while not sim.is_terminal() and steps < 4000:
                q = sim.current_player()
                if q == CHANCE:
                    sim.apply(r.weighted(sim.chance_outcomes()))
                elif (expanding and q == p and sim.turn() == turn
                        and (self.searched is None or sim.decision() in self.searched)
                        and len(sim.legal_actions()) > 1):
                    a, cur, new = self._select(sim, bots[q], cur)
                    path.append(cur)
                    expanding = not new
                    sim.apply(a)
                else:
                    if until and sim.turn() >= until:
                        break
                    sim.apply(bots[q].choose(sim))
                steps += 1
            v = self._score(sim, p)
            for nd in path:
                nd.visits += 1
                nd.total += v
            k += 1
        self.last_iterations = k
        self.iterations_done += k

    def _select(self, sim, bot, node):
        """(option, child node, whether it is new): UCB1 with availability counts over the
        children legal here, plus a bonus for the strong bot's pick that fades with its
        visits; progressive widening adds an untried option when the node's visits allow."""
        opts = sim.legal_actions()
        pick = bot.choose(sim)
        if pick not in node.children:
            node.children[pick] = ch = Node()
            ch.prior = True
            ch.avail = 1
            return pick, ch, True
        untried = [a for a in opts if a not in node.children]
        tried = len(opts) - len(untried)
        if untried and tried * tried <= 2 * node.visits:   # widen
            a = untried[self.rng.below(len(untried))]
            node.children[a] = ch = Node()
            ch.avail = 1
            for b in opts:
                if b != a and b in node.children:
                    node.children[b].avail += 1
            self._prime(bot, sim, a, pick)
            return a, ch, True
        best = -1.0
        ba = pick
        for b in opts:
            ch = node.children.get(b)
            if ch is None:
                continue
            ch.avail += 1
            u = ch.total / ch.visits + self.c * math.sqrt(math.log(ch.avail) / ch.visits)
            if ch.prior:
                u += self.bias / (ch.visits + 1)
            if u > best:
                best = u
                ba = b
        self._prime(bot, sim, ba, pick)
        return ba, node.children[ba], False

    def _prime(self, bot, sim, a, pick):
        if a != pick and self.prime is not None:
            self.prime(bot, sim, a)

    def _score(self, sim, p):
        if sim.is_terminal():
            w = sim.winners()
            return 1.0 / len(w) if p in w else 0.0
        return self.evaluate(sim, p) if self.evaluate is not None else 0.5
