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
n_players), plus the per-ruleset HOOKS below; a ruleset without them is searched at every
decision with more than one option, without determinisation (nothing hidden in its state)
and a neutral evaluation (use depth 0)."""

import time
from array import array

from firmware.bot_kinds import make_bot
from firmware.rng import Rng
from firmware.rules.mls import codes
from firmware.rules.mls import layout
from firmware.rules.mls import rule_bot
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
        p = st.current_player()
        trophy = view.trophies(st, p)
        lured = rule_bot.lures(bot, st, p, trophy)
        bot.carrying = rule_bot.move(bot, st, p, a >> 6, a & 63, trophy, lured)[1]


def mls_rollout_bot(rng):
    return rule_bot.RuleBot(rng)


HOOKS = {
    # ruleset name: (determinise, evaluate, searched decision kinds, prime, rollout bot)
    "mls": (mls_determinise, mls_evaluate, (codes.K_ACTION,), mls_prime, mls_rollout_bot),
}


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
        hooks = HOOKS.get(ruleset.name)
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
