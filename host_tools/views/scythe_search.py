"""Scythe's hooks for the search bot (host_tools/search_bot.py), named by the ruleset's
`host_search`: the decisions worth searching (SEARCHED: the section of the player mat, the
turn's choice of actions; every other decision is the rule bot's) and the evaluation of a
position a rollout stops at. What a player cannot see (the sides behind a combat's dials) is
drawn again by the ruleset itself (Ruleset.determinise: firmware/rules/scythe/infoset.py)."""

from firmware.rules.scythe.layout import K_SECTION
from firmware.rules.scythe.rule_plan import value

SEARCHED = (K_SECTION,)
SPREAD = 1500.0   # tenths of a coin of the rule bot's value between a sure loss (0) and a sure win (1)


def evaluate(st, p):
    """A position's worth to p in 0..1 when a rollout stops before the end: the rule bot's
    value of it to p (rule_plan.value: the fortune now, stars and the progress toward those
    not reached, in tenths of a coin; only what p's seat sees) against the best opponent's.
    (The fortune alone, the coins the game would score now, was tried first: it does not see
    the stars to come, and the search lost 13 of 13 two-player games to the rule bot with it,
    docs/bots.md.)"""
    n = st.n_players()
    vs = [value(st, q) for q in range(n)]
    best = max(vs[q] for q in range(n) if q != p)
    v = 0.5 + (vs[p] - best) / SPREAD
    return 0.0 if v < 0.0 else (1.0 if v > 1.0 else v)
