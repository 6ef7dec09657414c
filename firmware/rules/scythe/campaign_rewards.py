# The campaign's rewards that change factions and Mods (campaign.py runs them in the order of
# campaign_data.REWARDS): the Vesna faction (Episode 3) and the faction switches after it, the
# Fenris faction (5), the switches of Episode 6, and the Mods: unlocked (2a, 2b, 4), drawn (a
# chance decision: the table enters the token it drew), kept free and bought. Each step is a
# pending function of the campaign: (decision kind, decider), or None when it moved on; it sets
# SUB to 255 when done. The rulebook's lines are quoted where each rule is made.
from . import campaign_data as D
from .campaign_log import (first_winner, bits, LEFT, L_DRAW, L_KEPT, L_TAKE, CNT, CUR, EP, EV_ANNIHILATOR,
                           EV_VESNA, FBASE, FLAGS, F_INFRA, F_MECH, KIND_DRAWN, K_BASE, K_BUY, K_DRAW,
                           K_EXTRA, K_FACTION, K_KEEP, K_SWITCH, L_BASE, L_BOUGHT, L_FACTION, L_INFRA, L_MECH,
                           MAX_DRAW, ORDER, PICKED, PICKERS, R_COINS, R_EVENTS, R_UNITS, SUB, SWITCHED, VBASE,
                           WHO, WIN, away, lo, pay, ro, seats_in, set16, u16, wealth)


def _seats(c):
    return seats_in(c)   # (a seat away switches no faction, takes no Vesna or Fenris)


def _others(c, but):
    """Every seat but `but`, a seat away too: it keeps its faction mat and its home base ("To
    temporarily drop a player mid-campaign, simply set aside their accumulated tokens and campaign
    log until they rejoin"), so no other seat is given them."""
    return [q for q in range(c.s[0]) if q != but]


def _first_with(c, event):
    """The seat whose game had `event` (R_EVENTS), else the episode's winner."""
    for p in _seats(c):
        if c.s[ro(p) + R_EVENTS] & event:
            return p
    return first_winner(c)


# ---- factions --------------------------------------------------------------------------------
def _revealed(c):
    """The factions a seat may take: the five base ones, Vesna and Fenris once revealed."""
    out = list(D.PLAYABLE)
    if c.s[VBASE] != 255:
        out.append(D.VESNA)
    if c.s[FBASE] != 255:
        out.append(D.FENRIS)
    return out


def _settled(c, p):
    """True if p's faction is fixed in this switch: p keeps it, or p has picked already."""
    s = c.s
    return not (s[SWITCHED] >> p) & 1 or (s[PICKED] >> p) & 1


def _bases_taken(c, but):
    return [c.s[lo(q) + L_BASE] for q in _others(c, but) if _settled(c, q)]


def _legal_faction(c):
    """"Any player who decides to change faction adds their faction mat to the unused faction
    mats"; the pickers choose among those no settled seat holds. A base faction whose home base
    holds Vesna's or Fenris's tile is not offered (Guess: one tile a base)."""
    s = c.s
    p = s[ORDER + s[CUR]]
    held = [s[lo(q) + L_FACTION] for q in _others(c, p) if _settled(c, q)]
    taken = _bases_taken(c, p)
    return [f for f in _revealed(c) if f not in held and (f >= D.VESNA or f not in taken)]


def _base_of(c, f):
    return c.s[VBASE] if f == D.VESNA else c.s[FBASE] if f == D.FENRIS else f


def _do_faction(c, a):
    s = c.s
    p = s[ORDER + s[CUR]]
    s[lo(p) + L_FACTION] = a
    base = _base_of(c, a)
    s[PICKED] |= 1 << p
    s[CUR] += 1
    if base in _bases_taken(c, p):
        # "If you choose Vesna or Fenris, you will keep using the current position of their home
        # base, unless that base is in use by another player's faction, in which case you may
        # choose an unused base to use."
        s[CNT] = p + 1   # its base is asked next (K_BASE)
    else:
        s[lo(p) + L_BASE] = base


def _legal_base(c):
    """A home base no other seat uses ("chooses a home base from among the unselected factions")."""
    s = c.s
    p = s[CNT] - 1
    taken = [s[lo(q) + L_BASE] for q in _others(c, p)]
    held = [s[lo(q) + L_FACTION] for q in _others(c, p)]
    return [b for b in range(7) if b not in taken and b not in held]


def _do_base(c, a):
    s = c.s
    p = s[CNT] - 1
    s[lo(p) + L_BASE] = a
    f = s[lo(p) + L_FACTION]
    if f == D.VESNA:
        s[VBASE] = a
    elif f == D.FENRIS:
        s[FBASE] = a
    s[CNT] = 0


def _switches(c, order, who):
    """Phases 1-3 of a switch: each seat in `who` says whether it switches (K_SWITCH), then the
    switchers choose in `order` (K_FACTION, K_BASE where their base is taken)."""
    s = c.s
    if s[SUB] == 1:
        while s[CUR] < s[0]:
            if s[CUR] in who:
                return K_SWITCH, s[CUR]
            s[CUR] += 1
        k = 0
        for p in order:
            if (s[SWITCHED] >> p) & 1:
                s[ORDER + k] = p
                k += 1
        s[PICKERS] = k
        s[CUR] = 0
        s[CNT] = 0
        s[SUB] = 2
    if s[CNT]:
        return K_BASE, s[CNT] - 1
    if s[CUR] < s[PICKERS]:
        return K_FACTION, s[ORDER + s[CUR]]
    s[SWITCHED] = s[PICKED] = 0
    return None


def _do_switch(c, a):
    s = c.s
    if a:
        s[SWITCHED] |= 1 << s[CUR]
    s[CUR] += 1


def _total_wealth(c, p):
    """"Total up each player's Wealth (for this purpose only, all purchased Mods count as $50
    toward a player's TOTAL WEALTH)"."""
    return wealth(c, p) + D.MOD_COST * c.s[lo(p) + L_BOUGHT]


def _vesna(c):
    s = c.s
    if s[SUB] == 0:
        # "a. If a player found the Vesna card, they gain control of the Vesna faction. b. If no one
        # found Vesna, then the player who won the game gains control of the Vesna faction."
        v = _first_with(c, EV_VESNA)
        s[lo(v) + L_FACTION] = D.VESNA
        s[lo(v) + L_BASE] = 255   # chosen after the switches
        s[WHO] = v
        s[SUB] = 1
        s[CUR] = 0
    v = s[WHO]
    if s[SUB] in (1, 2):
        # "The Vesna player may not change factions at this point"; "The player with the LOWEST
        # total Wealth chooses a new faction first" (ties: seat order, Guess)
        order = sorted(_seats(c), key=lambda p: (_total_wealth(c, p), p))
        r = _switches(c, order, [p for p in _seats(c) if p != v])
        if r:
            return r
        # "After faction selection, the Vesna player chooses a home base from among the
        # unselected factions"
        s[SUB] = 3
        s[CNT] = v + 1
    if s[CNT]:
        return K_BASE, s[CNT] - 1
    s[SUB] = 255
    return None


def _fenris(c):
    # "a. If a player defeated the Annihilator in combat, they gain control of the Fenris faction.
    # b. If no one defeated the Annihilator, the winner of this game gains control"; "That player's
    # previous home base will be Fenris' home base." A Vesna player who becomes Fenris leaves
    # Vesna unused ("This may result in the Vesna faction not being in use for a game").
    s = c.s
    f = _first_with(c, EV_ANNIHILATOR)
    s[lo(f) + L_FACTION] = D.FENRIS
    s[FBASE] = s[lo(f) + L_BASE]
    s[SUB] = 255
    return None


def _switch6(c):
    s = c.s
    if s[SUB] == 0:
        s[SUB] = 1
        s[CUR] = 0
    # "The WINNER of this game chooses a new faction first. Then the player with the next highest
    # score, and so on." (ties: seat order, Guess)
    w = s[WIN]
    order = sorted(_seats(c), key=lambda p: (-((w >> p) & 1), -u16(s, ro(p) + R_COINS), p))
    r = _switches(c, order, list(_seats(c)))
    if r:
        return r
    s[SUB] = 255
    return None


# ---- Mods ------------------------------------------------------------------------------------
# "Players all draw, then make their purchasing choices simultaneously." Phases (SUB): 1 each
# winner's extra Mod's type (K_EXTRA; ORDER + p: its type + 1), 2 every seat's draw (K_DRAW, a
# chance decision; L_DRAW), 3 every seat's choices (K_KEEP the free one of 2a/2b, K_BUY each other;
# L_KEPT and L_TAKE stay secret until the last seat has chosen), 4 the choices carried out.
def _owned(c, p, kind):
    o = lo(p)
    return u16(c.s, o + L_MECH) if kind == D.MECH else c.s[o + L_INFRA]


def _printed(c, p):
    """The Mech Mods that are abilities printed on p's faction mat (their indices)."""
    f = c.s[lo(p) + L_FACTION]
    if f >= 7:
        return ()
    from . import tables as TB

    flags = 0
    for j in range(4):
        flags |= TB.MECH_ABILITIES[4 * f + j]
    return tuple(i for i, bit in D.MOD_ABILITY if (flags >> bit) & 1)


def drawn(c, p):
    """p's draw: its entries ((kind << 7) | (type + 1)), in the order drawn."""
    o = lo(p) + L_DRAW
    return [c.s[o + j] for j in range(MAX_DRAW) if c.s[o + j]]


def candidates(c, p, kind):
    """The Mod types p may draw: "discard any duplicates (e.g., from your draw, Mods you already
    have, and abilities on your current faction mat) and draw replacements" (gap C4: the supply
    by type; other players' Mods do not empty it)."""
    have = _owned(c, p, kind)
    got = [(v & 0x7F) - 1 for v in drawn(c, p) if v >> 7 == kind]
    n = D.N_MECH_MODS if kind == D.MECH else D.N_INFRA_MODS
    skip = _printed(c, p) if kind == D.MECH else ()
    return [t for t in range(n) if not (have >> t) & 1 and t not in got and t not in skip]


def _chosen(c, p):
    """The entries p takes so far (kept or bought), and how many it buys."""
    o = lo(p)
    d = drawn(c, p)
    kept = c.s[o + L_KEPT] - 1
    take = c.s[o + L_TAKE]
    return [d[j] for j in range(len(d)) if j == kept or (take >> j) & 1], bits(take)


def _room(c, p, kind):
    """p may take one more Mod of `kind`: "You are limited to 6 total"."""
    taken = [v for v in _chosen(c, p)[0] if v >> 7 == kind]
    return bits(_owned(c, p, kind)) + len(taken) < D.MOD_LIMIT


def _plan(c, p, both):
    """What p draws: "each player draws 2 of each Mod type" (both), or 2 of the one type unlocked
    and the winner +1 ("for a total of 3"), or at an unlock "2 Mods plus 1 Mod for each mech you
    deployed [structure you built]"; with the winner's extra of either type (ORDER + p)."""
    s = c.s
    e = s[EP]
    win = (s[WIN] >> p) & 1
    if e == D.E2A:
        mech, infra = 2 + s[ro(p) + R_UNITS], 0
    elif e == D.E2B:
        mech, infra = 0, 2 + s[ro(p) + R_UNITS]
    elif both:
        mech = infra = 2
        if s[ORDER + p] == 1 + D.MECH:
            mech += 1
        elif s[ORDER + p] == 1 + D.INFRA:
            infra += 1
    else:
        one = 2 + win
        mech, infra = (one, 0) if s[FLAGS] & F_MECH else (0, one)
    if away(c, p):   # a seat away draws no Mod
        mech = infra = 0
    s[LEFT] = mech
    s[LEFT + 1] = infra


def _mods(c, unlock, both, free):
    s = c.s
    n = s[0]
    if s[SUB] == 0:
        s[FLAGS] |= unlock
        for p in range(n):
            s[ORDER + p] = 0
        s[CUR] = 0
        s[SUB] = 1
    if s[SUB] == 1:
        # "As a bonus, the game winner draws +1 Mod of either type" (each winner of a shared victory)
        while both and s[CUR] < n:
            p = s[CUR]
            if (s[WIN] >> p) & 1:
                return K_EXTRA, p
            s[CUR] += 1
        s[CUR] = 0
        s[SUB] = 2
        _plan(c, 0, both)
    if s[SUB] == 2:
        while s[CUR] < n:
            p = s[CUR]
            for kind in (D.MECH, D.INFRA):
                while s[LEFT + kind] and len(drawn(c, p)) < MAX_DRAW:
                    if candidates(c, p, kind):
                        s[KIND_DRAWN] = 2 + kind
                        return K_DRAW, 255
                    s[LEFT + kind] = 0
            s[CUR] += 1
            if s[CUR] < n:
                _plan(c, s[CUR], both)
        s[CUR] = s[CNT] = 0
        s[SUB] = 3
    if s[SUB] == 3:
        while s[CUR] < n:
            p = s[CUR]
            d = drawn(c, p)
            if s[CNT] == 0:
                s[CNT] = 1
                if free and d and _legal_keep(c):
                    return K_KEEP, p
            while s[CNT] - 1 < len(d):
                if s[CNT] - 1 != s[lo(p) + L_KEPT] - 1:
                    return K_BUY, p
                s[CNT] += 1
            s[CUR] += 1
            s[CNT] = 0
        s[SUB] = 4
    for p in range(n):   # 4: every seat has chosen: the choices are carried out, in the open
        taken, bought = _chosen(c, p)
        for v in taken:
            _gain(c, p, v)
        pay(c, p, D.MOD_COST * bought)
        o = lo(p)
        s[o + L_BOUGHT] += bought
        s[o + L_KEPT] = s[o + L_TAKE] = 0
        for j in range(MAX_DRAW):
            s[o + L_DRAW + j] = 0
    s[SUB] = 255
    return None


def _legal_extra(c):
    return [0, 1]


def _do_extra(c, a):
    s = c.s
    s[ORDER + s[CUR]] = 1 + a
    s[CUR] += 1


def _legal_draw(c):
    s = c.s
    return candidates(c, s[CUR], s[KIND_DRAWN] - 2)


def _do_draw(c, a):
    s = c.s
    p = s[CUR]
    kind = s[KIND_DRAWN] - 2
    s[lo(p) + L_DRAW + len(drawn(c, p))] = (kind << 7) | (a + 1)
    s[LEFT + kind] -= 1


def _legal_keep(c):
    s = c.s
    p = s[CUR]
    return [j for j, v in enumerate(drawn(c, p)) if _room(c, p, v >> 7)]


def _gain(c, p, v):
    kind = v >> 7
    t = (v & 0x7F) - 1
    o = lo(p)
    if kind == D.MECH:
        set16(c.s, o + L_MECH, u16(c.s, o + L_MECH) | (1 << t))
    else:
        c.s[o + L_INFRA] |= 1 << t


def _do_keep(c, a):
    # "Keep 1 for free, then you may also purchase any of the other Mods you drew for $50 each."
    c.s[lo(c.s[CUR]) + L_KEPT] = a + 1


def _legal_buy(c):
    s = c.s
    p = s[CUR]
    v = drawn(c, p)[s[CNT] - 1]
    if wealth(c, p) >= D.MOD_COST * (_chosen(c, p)[1] + 1) and _room(c, p, v >> 7):
        return [0, 1]
    return [0]


def _do_buy(c, a):
    s = c.s
    if a:
        s[lo(s[CUR]) + L_TAKE] |= 1 << (s[CNT] - 1)
    s[CNT] += 1


def install(reward):
    reward[D.R_VESNA] = _vesna
    reward[D.R_FENRIS] = _fenris
    reward[D.R_SWITCH] = _switch6
    reward[D.R_UNLOCK_MECH] = lambda c: _mods(c, F_MECH, False, True)   # "Keep 1 for free"
    reward[D.R_UNLOCK_INFRA] = lambda c: _mods(c, F_INFRA, False, True)
    reward[D.R_MODS_ONE] = lambda c: _mods(c, 0, False, False)
    # Episode 4: "Add the Mod tokens you did not unlock in Episode 2a/b ... and make those tokens
    # available"; from then on both types.
    reward[D.R_MODS_BOTH] = lambda c: _mods(c, F_MECH | F_INFRA, True, False)


def decisions(legal, do):
    legal[K_SWITCH], do[K_SWITCH] = (lambda c: [0, 1]), _do_switch
    legal[K_FACTION], do[K_FACTION] = _legal_faction, _do_faction
    legal[K_BASE], do[K_BASE] = _legal_base, _do_base
    legal[K_EXTRA], do[K_EXTRA] = _legal_extra, _do_extra
    legal[K_DRAW], do[K_DRAW] = _legal_draw, _do_draw
    legal[K_KEEP], do[K_KEEP] = _legal_keep, _do_keep
    legal[K_BUY], do[K_BUY] = _legal_buy, _do_buy
