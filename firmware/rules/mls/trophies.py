# Events, trophies and rejuvenation. A move, a fight or the end of a turn queues events
# (a trophy checkpoint, a rejuvenation offer, a spell drawn for a player) that are resolved
# before the turn goes on: pending() is the State's interrupt. Also the small changes to a
# player's tracks that several phases make (pies, friendship, the spell deck).
from ..compat import const
from ..framing import popcount

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_CTX_DEFENDER = const(1)
_CTX_TURN = const(0)
_EV = const(28)
_EV_N = const(27)
_EV_REJUV = const(1)
_EV_SPELL = const(3)
_FINALE = const(8)
_FR = const(0)
_KIND = const(2)
_K_DRAW_SPELL = const(12)
_K_REJUVENATE = const(11)
_K_TROPHY = const(7)
_LAST = const(2)
_NONE = const(255)
_N_SPELL_CLASSES = const(9)
_N_TROPHIES = const(8)
_OP_DONE = const(61)
_P0 = const(148)
_PERSONA = const(9)
_PIES = const(1)
_PSZ = const(24)
_QDONE = const(12)
_REJUV = const(20)
_REVEALED = const(23)
_SDECK = const(90)
_SDISC = const(99)
_SPELLS = const(14)
_TFLAGS = const(18)
_TF_APPLES = const(1)
_TF_FIGHT = const(4)
_TF_GEMS = const(2)
_TILE = const(7)
_TRO = const(3)
_TROPHIES_TO_WIN = const(4)
_TROPHIES_TURN = const(19)
_TROPHY_DECLINE = const(8)
_T_APPLES = const(4)
_T_FRIENDSHIP = const(0)
_T_GEMS = const(5)
_T_PIES = const(7)
_T_PIE_FIGHT = const(6)
_T_POWER_UPS = const(1)
_T_QUESTS = const(3)
_T_SPELLS = const(2)
# -- end of private copies --


# ---- the event queue: (type * 8 + player, context) pairs ------------------------------
def push_event(st, ev, p, ctx):
    s = st.s
    i = s[_EV_N]
    s[_EV + 2 * i] = ev * 8 + p
    s[_EV + 2 * i + 1] = ctx
    s[_EV_N] = i + 1


def pop_event(st):
    s = st.s
    n = s[_EV_N] - 1
    s[_EV:_EV + 2 * n] = s[_EV + 2:_EV + 2 + 2 * n]
    s[_EV_N] = n


def pending(st):
    """The decision the first event asks for; events that ask nothing are dropped. None
    once the queue is empty (the stage goes on)."""
    s = st.s
    while s[_EV_N]:
        ev = s[_EV] >> 3
        p = s[_EV] & 7
        if ev == _EV_REJUV:
            if not s[_REJUV] & (1 << p):
                return _K_REJUVENATE, p
        elif ev == _EV_SPELL:
            refill_spells(st)
            return _K_DRAW_SPELL, _NONE
        else:
            must, may = eligible(st, p, s[_EV + 1])
            if must | may:
                return _K_TROPHY, p
        pop_event(st)
    return None


# ---- trophies -------------------------------------------------------------------------
def eligible(st, p, ctx):
    """(mandatory, optional) masks of the trophies p may earn at this checkpoint."""
    s = st.s
    o = _P0 + p * _PSZ
    tro = s[o + _TRO]
    content = st.content
    if popcount(tro) >= _TROPHIES_TO_WIN or s[o + _FR] < content.trophy_friendship_min:
        return 0, 0
    if ctx == _CTX_DEFENDER:
        # Only the pie-fight trophy may be earned off-turn; the defender may decline it.
        return 0, (0 if tro & (1 << _T_PIE_FIGHT) else 1 << _T_PIE_FIGHT)
    if not s[_FINALE] and s[_TROPHIES_TURN] >= 1:
        return 0, 0
    must = 0
    may = 0
    persona = s[o + _PERSONA]
    tf = s[_TFLAGS]
    for t in range(_N_TROPHIES):
        if tro & (1 << t):
            continue
        if t == _T_APPLES:
            if tf & _TF_APPLES:
                must |= 1 << t
            continue
        if t == _T_GEMS:
            if tf & _TF_GEMS:
                must |= 1 << t
            continue
        if t == _T_PIE_FIGHT:
            if tf & _TF_FIGHT:
                must |= 1 << t
            continue
        have = _measure(st, p, t)
        req, eased = content.requirement(t, persona if persona != _NONE else None)
        if have >= req:
            if eased and have < content.requirement(t, None)[0]:
                may |= 1 << t   # only met through the personality card: revealing is optional
            else:
                must |= 1 << t
    return must, may


def _measure(st, p, t):
    s = st.s
    o = _P0 + p * _PSZ
    if t == _T_FRIENDSHIP:
        return s[o + _FR]
    if t == _T_POWER_UPS:
        return (s[o + _TILE] != _NONE) + (s[o + _TILE + 1] != _NONE)
    if t == _T_SPELLS:
        return st.spells(p)
    if t == _T_QUESTS:
        return s[o + _QDONE]
    return s[o + _PIES]  # _T_PIES


def legal(st):
    """K_TROPHY: the trophies p may earn (and TROPHY_DECLINE when none is mandatory);
    K_REJUVENATE: 0 a spell (while any is left), 1 two pies; K_DRAW_SPELL (and the setup's
    K_DEAL_SPELL): the spell classes left in the deck."""
    s = st.s
    kind = s[_KIND]
    if kind == _K_TROPHY:
        must, may = eligible(st, s[_EV] & 7, s[_EV + 1])
        opts = [t for t in range(_N_TROPHIES) if (must | may) & (1 << t)]
        if not must:
            opts.append(_TROPHY_DECLINE)
        return opts
    if kind == _K_REJUVENATE:
        return [0, 1] if spells_available(st) else [1]
    return [c for c in range(_N_SPELL_CLASSES) if s[_SDECK + c]]


def do(st, a):
    s = st.s
    kind = s[_KIND]
    if kind == _K_DRAW_SPELL:
        # A spell drawn for a rejuvenated player, or for the active player's card option.
        s[_SDECK + a] -= 1
        if s[_EV_N] and s[_EV] >> 3 == _EV_SPELL:
            p = s[_EV] & 7
            pop_event(st)
        else:
            p = s[_ACTIVE]
            s[_OP_DONE] += 1
        s[_P0 + p * _PSZ + _SPELLS + a] += 1
        return
    p = s[_EV] & 7
    o = _P0 + p * _PSZ
    if kind == _K_REJUVENATE:
        s[_REJUV] |= 1 << p
        s[o + _LAST] = _NONE   # the action token leaves the mat: any action next turn
        if a == 0:
            s[_EV] = _EV_SPELL * 8 + p   # the event becomes "draw a spell for p"
            return
        gain_pies(st, p, 2)
        pop_event(st)
        return
    # K_TROPHY
    if a == _TROPHY_DECLINE:
        pop_event(st)
        return
    content = st.content
    if a != _T_APPLES and a != _T_GEMS and a != _T_PIE_FIGHT:
        req, eased = content.requirement(a, s[o + _PERSONA] if s[o + _PERSONA] != _NONE else None)
        if eased and _measure(st, p, a) < content.requirement(a, None)[0]:
            s[o + _REVEALED] = 1   # earned through the personality card: it is shown
    s[o + _TRO] |= 1 << a
    if p == s[_ACTIVE] and s[_EV + 1] == _CTX_TURN:
        s[_TROPHIES_TURN] += 1
    if not (s[_FINALE] and s[_EV + 1] == _CTX_TURN):
        pop_event(st)   # in the grand finale the checkpoint offers more


# ---- spells and player tracks ---------------------------------------------------------------
def spells_available(st):
    s = st.s
    for c in range(_N_SPELL_CLASSES):
        if s[_SDECK + c] or s[_SDISC + c]:
            return True
    return False


def refill_spells(st):
    """An empty spell deck takes the discard pile back (the rulebook is silent here)."""
    s = st.s
    if any(s[_SDECK:_SDECK + _N_SPELL_CLASSES]):
        return
    for c in range(_N_SPELL_CLASSES):
        s[_SDECK + c] = s[_SDISC + c]
        s[_SDISC + c] = 0


def gain_pies(st, p, k):
    s = st.s
    o = _P0 + p * _PSZ + _PIES
    s[o] = min(st.content.pies_max, s[o] + k)


def lose_friendship(st, p, k):
    s = st.s
    o = _P0 + p * _PSZ + _FR
    s[o] = max(0, s[o] - k)
