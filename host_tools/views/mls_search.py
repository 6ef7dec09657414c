"""My Little Scythe's hooks for the search bot (host_tools/search_bot.py), named by the
ruleset's `host_search`: the decisions worth searching (SEARCHED), the evaluation of a
position a rollout stops at, how the rule bot is told of a move it did not pick, and the
rollout bot. What a player cannot see is drawn again by the ruleset itself
(Ruleset.determinise: firmware/rules/mls/infoset.py)."""

from firmware.rules.mls import codes, layout, rule_bot, view


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


def evaluate(st, p):
    """A position's worth to p in 0..1 when a rollout stops before the end: its trophies
    and its progress toward the trophies it lacks, against the best opponent's."""
    best = max(_mls_worth(st, q) for q in range(st.n_players()) if q != p)
    v = 0.5 + (_mls_worth(st, p) - best) / 6.0
    return 0.0 if v < 0.0 else (1.0 if v > 1.0 else v)


def prime(bot, st, a):
    """Tell the rule bot a Seeker's move it did not pick (K_MOVE) was made, so that it
    carries what it would carry on that move (its K_CARRY answers follow its last move)."""
    if st.decision() == codes.K_MOVE and hasattr(bot, "carrying"):
        p = st.current_player()
        trophy = view.trophies(st, p)
        lured = rule_bot.lures(bot, st, p, trophy)
        bot.carrying = rule_bot.move(bot, st, p, a >> 6, a & 63, trophy, lured)[1]


def rollout_bot(rng):
    return rule_bot.RuleBot(rng)


SEARCHED = (codes.K_ACTION,)   # the turn's action: every other decision is the rule bot's
