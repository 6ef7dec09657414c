"""My Little Scythe's hooks for the search bot (host_tools/search_bot.py), named by the
ruleset's `host_search`: the determinisation of what a player cannot see, the evaluation of
a position a rollout stops at, the decisions worth searching, how the rule bot is told of a
move it did not pick, and the rollout bot."""

from firmware.rules.mls import codes, layout, rule_bot, view


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


# (determinise, evaluate, searched decision kinds, prime, rollout bot): host_tools/search_bot.py
HOOKS = (mls_determinise, mls_evaluate, (codes.K_ACTION,), mls_prime, mls_rollout_bot)
