# My Little Scythe's information sets (Ruleset.infoset): what a seat cannot see, drawn again
# for a bot's copy of the state (Ruleset.determinise). The state holds no deck order (decks
# are chance decisions drawn when they happen), so what is hidden from seat `observer` is:
# - the personality cards of opponents who have not revealed theirs: drawn again from those
#   cards and the undealt ones;
# - the classes of the spell cards in opponents' hands (their hand sizes are seen): drawn
#   again from those cards and the deck's (the discard pile is face up);
# - a pie-fight bid sealed behind another player's dial (the attacker's complete bid while
#   the defender bids, or a bid being entered by another seat): drawn again among the bids
#   that player could make with the hand drawn for it.
# The draws depend on the hidden values only through the pools they come from, so two states
# that differ only in what `observer` cannot see give the same copy for the same generator.
# Both Pie in the Sky and the Automountie solo add nothing hidden to the state (her deck is a
# chance decision; airship mats, cargo holds and tiles are face up).
from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_ATT_BID = const(25)
_BID = const(144)
_BID_STEP = const(143)
_DECIDER = const(3)
_FIGHTS = const(22)
_FIGHT_DEF = const(24)
_NONE = const(255)
_P0 = const(148)
_PERS = const(138)
_PERSONA = const(9)
_PIES = const(1)
_PSZ = const(24)
_REVEALED = const(23)
_SDECK = const(90)
_SK = const(5)
_SPELLS = const(14)
# -- end of private copies --
_N_CLASSES = const(9)        # spell classes: the 8 known values and the unknown cards
_N_PERSONAS = const(8)
_MAX_STATED = const(7)       # the highest value an unknown card may be stated as


def determinise(st, observer, rng):
    """Draw again, in st (a copy: Ruleset.determinise), what seat `observer` cannot see."""
    s = st.s
    n = st.n_players()
    _personalities(s, n, observer, rng)
    _hands(s, n, observer, rng)
    if s[_FIGHT_DEF] != _NONE:
        _sealed_bids(s, observer, rng)
    st.changed()


def _personalities(s, n, observer, rng):
    pool = []
    hidden = []
    for p in range(n):
        o = _P0 + p * _PSZ
        if p != observer and s[o + _REVEALED] != 1 and s[o + _PERSONA] != _NONE:
            hidden.append(p)
            pool.append(s[o + _PERSONA])
    if not hidden:
        return
    m = s[_PERS]
    for c in range(_N_PERSONAS):
        if m & (1 << c):
            pool.append(c)
    pool.sort()
    for p in hidden:
        c = pool.pop(rng.below(len(pool)))
        s[_P0 + p * _PSZ + _PERSONA] = c
        m &= ~(1 << c)
    for c in pool:   # (the cards drawn by nobody stay undealt)
        m |= 1 << c
    s[_PERS] = m


def _hands(s, n, observer, rng):
    pool = bytearray(s[_SDECK:_SDECK + _N_CLASSES])
    counts = bytearray(n)
    for p in range(n):
        if p == observer:
            continue
        o = _P0 + p * _PSZ + _SPELLS
        for c in range(_N_CLASSES):
            counts[p] += s[o + c]
            pool[c] += s[o + c]
            s[o + c] = 0
    total = sum(pool)
    for p in range(n):
        o = _P0 + p * _PSZ + _SPELLS
        for _ in range(counts[p]):
            r = rng.below(total)
            c = 0
            while r >= pool[c]:
                r -= pool[c]
                c += 1
            pool[c] -= 1
            total -= 1
            s[o + c] += 1
    s[_SDECK:_SDECK + _N_CLASSES] = pool


def _slot(s, p, used, rng, empty=True):
    # A spell slot p could fill (0: none, unless not `empty`) with its hand; `used`: the
    # first slot's class.
    o = _P0 + p * _PSZ + _SPELLS
    opts = [0] if empty else []
    for c in range(_N_CLASSES):
        if s[o + c] > (1 if used == c else 0):
            if c < 8:
                opts.append(1 + c)
            else:
                for v in range(_MAX_STATED + 1):
                    opts.append(9 + v)
    return opts[rng.below(len(opts))]


def _bid(s, p, slots, rng, filled=False):
    # A bid of p: 0..7 pies (no more than its track), then `slots` spell slots (the first
    # one `filled`: a card in it).
    code = rng.below(min(7, s[_P0 + p * _PSZ + _PIES]) + 1)
    if slots:
        first = _slot(s, p, -1, rng, not filled)
        code += 8 * first
        if first and slots > 1:
            code += 136 * _slot(s, p, first - 1 if first <= 8 else 8, rng)
    return code


def _slots(s, p):
    # Spell slots p's bid has: 1, or 2 with both its Seekers in the fight.
    o = _P0 + p * _PSZ + _SK
    return 1 + ((s[o] == s[_FIGHTS]) + (s[o + 1] == s[_FIGHTS]) == 2)


def _sealed_bids(s, observer, rng):
    att = s[_ACTIVE]
    if (s[_ATT_BID] != 0xFF or s[_ATT_BID + 1] != 0xFF) and observer != att:
        code = _bid(s, att, _slots(s, att), rng)
        s[_ATT_BID] = code & 0xFF
        s[_ATT_BID + 1] = code >> 8
    step = s[_BID_STEP]
    p = s[_DECIDER]
    if step > 2 and p != observer and p != _NONE:
        # p has attached a card of unknown value (a slot 9) and states its value next: the
        # hand drawn for p holds one, and the first slot (step 4) is any card besides it.
        _hold_unknown(s, p, rng)
        code = rng.below(min(7, s[_P0 + p * _PSZ + _PIES]) + 1)
        if step == 3:
            code += 8 * 9
        else:
            code += 8 * _slot(s, p, _N_CLASSES - 1, rng, False) + 136 * 9
        s[_BID] = code & 0xFF
        s[_BID + 1] = code >> 8
    elif step and p != observer and p != _NONE:
        # p has entered the pies (step 1) or the first slot (step 2) of its bid so far.
        code = _bid(s, p, step - 1, rng, step == 2)
        s[_BID] = code & 0xFF
        s[_BID + 1] = code >> 8


def _hold_unknown(s, p, rng):
    # A card of unknown value in p's hand drawn again: one of its cards swapped with one of
    # the deck's when it has none (every spell card is of unknown value in the shipped data).
    o = _P0 + p * _PSZ + _SPELLS
    u = _N_CLASSES - 1
    if s[o + u] or not s[_SDECK + u]:
        return
    held = [c for c in range(u) if s[o + c]]
    if held:
        c = held[rng.below(len(held))]
        s[o + c] -= 1
        s[_SDECK + c] += 1
        s[o + u] += 1
        s[_SDECK + u] -= 1


def observation(st, observer):
    """What seat `observer` sees of st, as bytes (the state with what it cannot see replaced
    by what it knows of it: the pools the hidden cards come from, the hand sizes)."""
    s = bytearray(st.s)
    n = st.n_players()
    for p in range(n):
        o = _P0 + p * _PSZ
        if p != observer and s[o + _REVEALED] != 1 and s[o + _PERSONA] != _NONE:
            s[_PERS] |= 1 << s[o + _PERSONA]   # (the card could be any of these)
            s[o + _PERSONA] = 0
        if p != observer:
            k = 0
            for c in range(_N_CLASSES):
                k += s[o + _SPELLS + c]
                s[_SDECK + c] += s[o + _SPELLS + c]
                s[o + _SPELLS + c] = 0
            s[o + _SPELLS] = k
    if s[_FIGHT_DEF] != _NONE:
        if observer != s[_ACTIVE] and (s[_ATT_BID] != 0xFF or s[_ATT_BID + 1] != 0xFF):
            s[_ATT_BID] = s[_ATT_BID + 1] = 0
        if s[_BID_STEP] and observer != s[_DECIDER]:
            s[_BID] = s[_BID + 1] = 0
    return bytes(s)
