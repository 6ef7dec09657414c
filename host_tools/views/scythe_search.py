"""Scythe's hooks for the search bot (host_tools/search_bot.py), named by the ruleset's
`host_search`: the decisions worth searching (SEARCHED: the section of the player mat, the
turn's choice of actions; every other decision is the rule bot's) and the evaluation of a
position a rollout stops at. What a player cannot see (the sides behind a combat's dials) is
drawn again by the ruleset itself (Ruleset.determinise: firmware/rules/scythe/infoset.py)."""

from firmware.rules.scythe.common import control_map
from firmware.rules.scythe.layout import K_SECTION
from firmware.rules.scythe.score import fortune

SEARCHED = (K_SECTION,)
SPREAD = 40.0    # coins of fortune between a sure loss (0) and a sure win (1)


def evaluate(st, p):
    """A position's worth to p in 0..1 when a rollout stops before the end: the fortune it
    would score now (coins, stars, territories, resources, the structure bonus) against the
    best opponent's."""
    ctrl = control_map(st)[0]
    best = max(fortune(st, q, ctrl) for q in range(st.n_players()) if q != p)
    v = 0.5 + (fortune(st, p, ctrl) - best) / SPREAD
    return 0.0 if v < 0.0 else (1.0 if v > 1.0 else v)
