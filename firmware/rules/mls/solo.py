# Automountie, Pie in the Sky's solo opponent (the Automountie section of
# shared/rules/my-little-scythe-pie-in-the-sky.txt): a seat the human plays from her drawn
# card (its action, its Move section's directions, where her tokens go: entered on the dials
# like any decision of that seat), while this module carries out what the rules decide:
# her airship's flight in straight lines after her Seek and the token she takes into her
# cargo hold, her trophies by paying tokens (Seekers' tokens first, then her hold; quest ->
# gem -> apple), Trophy Dropper (the trophy onto the airship's space; a player's Seeker onto
# it for 1 good), the EMP Device (other gadgets removed from its region, no Air Support
# there by others, no portal jumps when it stands on a portal), a quest token she would put
# on a Seeker left in the supply. Imported by pits.py only in a solo game. docs/pie-in-the-sky.md.
from ..compat import const
from . import turns

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_AM_DROPPER = const(0)
_AM_EMP = const(1)
_CARDS = const(42)
_CARDS_MODEL = const(2)
_CTX_TURN = const(0)
_DROP_DECLINE = const(127)
_EV = const(28)
_EV_N = const(27)
_EV_TROPHY = const(2)
_FINALE = const(8)
_G_APPLE = const(0)
_G_GEM = const(1)
_G_QUEST = const(2)
_HOLD_CARGO = const(66)
_HOLD_SUPPLY = const(64)
_KIND = const(2)
_K_AM_DIRECTION = const(34)
_K_AM_PAY = const(35)
_K_AM_TROPHY = const(36)
_K_TROPHY = const(7)
_MAX_STATED = const(7)
_N = const(0)
_NONE = const(255)
_N_DROPS = const(5)
_N_TROPHIES = const(8)
_P0 = const(148)
_PERSONA = const(9)
_PIES = const(1)
_PSZ = const(24)
_SK = const(5)
_TRO = const(3)
_TROPHIES_TO_WIN = const(4)
_TROPHIES_TURN = const(19)
_TROPHY_DECLINE = const(8)
_T_PIES = const(7)
_XF_JUMP_OFFERED = const(1)
_XF_PIES_LATER = const(8)
_XF_PLACING = const(2)
_XPSZ = const(4)
_X_AM = const(33)
_X_AM_SIDE = const(34)
_X_AM_STEP = const(36)
_X_DROPS = const(37)
_X_GADGET = const(1)
_X_PL = const(9)
_X_SHIP = const(0)
_X_STEP = const(2)
# -- end of private copies --


# ---- reading ----------------------------------------------------------------------------
def seat(st):
    """Automountie's seat (the lowest seat she plays)."""
    m = st.s[st.x0 + _X_AM]
    p = 0
    while not m & (1 << p):
        p += 1
    return p


def drops(st):
    """The spaces of the trophies she dropped (Trophy Dropper), in the order dropped."""
    o = st.x0 + _X_DROPS
    return [x for x in st.s[o:o + _N_DROPS] if x != _NONE]


def _her_spaces(st):
    """The spaces her Seekers stand on."""
    s = st.s
    m = s[st.x0 + _X_AM]
    out = []
    for p in range(s[_N]):
        if m & (1 << p):
            out += st.holders_of(p)
    return out


def _tokens(st, x):
    return st.goods_at(x, _G_QUEST) + st.goods_at(x, _G_GEM) + st.goods_at(x, _G_APPLE)


def tokens(st, p):
    """The tokens (quest tokens, gems, apples) she controls: her Seekers' spaces and her hold."""
    n = _tokens(st, _HOLD_CARGO + p)
    for x in st.holders_of(p):
        n += _tokens(st, x)
    return n


def paths(st):
    """Her airship's valid paths: of the straight lines from its space in the 6 directions
    (to the board's edge or the castle: hexlines), those holding a token she does not control
    (her Seekers' spaces do not count); each given as the first such space on it, where she
    flies."""
    return [y for i, y in path_dirs(st)]


def path_dirs(st):
    """paths(), each as (direction 0-5, space)."""
    from ..hexlines import line

    mine = _her_spaces(st)
    out = []
    for i in range(6):
        for y in line(st.board, st.airship(), i):
            if y not in mine and _tokens(st, y):
                out.append((i, y))
                break
    return out


def emp_zone(st, x):
    """Whether space x is within the EMP Device's region (its own space when on a portal)."""
    s = st.s
    if not s[st.x0 + _X_AM] or s[st.x0 + _X_AM_SIDE] != _AM_EMP:
        return False
    g = st.gadget(seat(st))
    if g == _NONE:
        return False
    r = st.board.region[g]
    return x == g or (r != _NONE and st.board.region[x] == r)


def emp_on_portal(st):
    s = st.s
    if not s[st.x0 + _X_AM] or s[st.x0 + _X_AM_SIDE] != _AM_EMP:
        return False
    g = st.gadget(seat(st))
    return g != _NONE and st.board.kind[g] == 1


# ---- her airship, after her Seek (stage ST_AIR, step 4) ----------------------------------
def air_pending(st):
    """K_AM_DIRECTION when two or more paths are valid; else the flight (or none) at once."""
    ways = paths(st)
    if len(ways) > 1:
        return _K_AM_DIRECTION, _decider(st, st.s[_ACTIVE])
    fly(st, ways[0] if ways else _NONE)
    return None


def fly(st, dest):
    """Her airship to dest (NONE: it stays), then a token from its space into her hold
    (quest -> gem -> apple, no friendship lost), else a quest token from the supply; the
    EMP Device follows a flight."""
    s = st.s
    x = st.x0
    am = s[_ACTIVE]
    if dest != _NONE:
        s[x + _X_SHIP] = dest
        if s[x + _X_AM_SIDE] == _AM_EMP:
            _emp_to(st, am, dest)
    ship = s[x + _X_SHIP]
    for good in (_G_QUEST, _G_GEM, _G_APPLE):
        if st.goods_at(ship, good):
            st.move_goods(good, ship, _HOLD_CARGO + am, 1)
            break
    else:
        if st.supply(_G_QUEST):
            st.move_goods(_G_QUEST, _HOLD_SUPPLY, _HOLD_CARGO + am, 1)
    s[x + _X_STEP] = 3


def _emp_to(st, am, dest):
    """The EMP Device onto dest; every other gadget in its region (or on dest) back to its mat."""
    s = st.s
    o = st.x0 + _X_PL
    s[o + am * _XPSZ + _X_GADGET] = dest
    for p in range(s[_N]):
        if p != am and s[o + p * _XPSZ + _X_GADGET] != _NONE and emp_zone(st, s[o + p * _XPSZ + _X_GADGET]):
            s[o + p * _XPSZ + _X_GADGET] = _NONE


# ---- her card: read at the table, or the model deck's (a chance decision) ----------------
def _decider(st, p):
    """Who settles what her card shows: her seat (the printed card, read at the table:
    Ruleset.reads_card), or chance in a model-deck game (model_outcomes)."""
    return _NONE if st.s[_CARDS] == _CARDS_MODEL else p


def model_outcomes(st):
    """A model-deck game: (option, weight) of K_AM_DIRECTION and K_AM_PAY from the model
    Automountie deck (content_model.MODEL_AM: the cards that give each option), of
    K_AM_TROPHY uniform over her free trophy spaces (the model track)."""
    from .content_model import am_direction_weights, am_pay_weights

    s = st.s
    kind = s[_KIND]
    if kind == _K_AM_DIRECTION:
        return am_direction_weights(path_dirs(st))
    if kind == _K_AM_PAY:
        return am_pay_weights(min(_MAX_STATED, tokens(st, s[_EV] & 7)))
    return [(t, 1) for t in _free_trophies(st, s[_EV] & 7)]


# ---- her trophy checkpoints ---------------------------------------------------------------
def _may_pay(st, p):
    s = st.s
    return ((s[_FINALE] or not s[_TROPHIES_TURN]) and s[_EV + 1] == _CTX_TURN
            and tokens(st, p) > 0 and st.trophy_count(p) < _TROPHIES_TO_WIN + 1)


def events(st):
    """turns.events, with her trophy checkpoints: nothing once she has 5 trophies; the
    trophies the rules give her (K_TROPHY), else a trophy by paying tokens (K_AM_PAY), then
    the trophy space when the track's layout is unknown (K_AM_TROPHY)."""
    s = st.s
    x = st.x0
    while s[_EV_N]:
        p = s[_EV] & 7
        if s[_EV] >> 3 != _EV_TROPHY or not s[x + _X_AM] & (1 << p):
            return turns.events(st)
        if s[x + _X_AM_STEP] & _XF_PLACING:
            return _K_AM_TROPHY, _decider(st, p)
        if st.trophy_count(p) < _TROPHIES_TO_WIN + 1:
            must, may = eligible(st, p, s[_EV + 1])
            if must | may:
                return _K_TROPHY, p
            if _may_pay(st, p):
                return _K_AM_PAY, _decider(st, p)
        turns.pop_event(st)
    return None


def eligible(st, p, ctx):
    """turns.eligible, without her 8-Pie trophy in the turn her 2-pie rejuvenation bonus met
    it: "she'll gain the 8-Pie trophy during the Gain Pies step of her next turn—assuming she
    still has 8 pies at that time" (her next turn's start checkpoint; X_AM_STEP is cleared
    at every turn's start)."""
    must, may = turns.eligible(st, p, ctx)
    s = st.s
    if s[st.x0 + _X_AM_STEP] & _XF_PIES_LATER and s[st.x0 + _X_AM] & (1 << p):
        must &= ~(1 << _T_PIES)
        may &= ~(1 << _T_PIES)
    return must, may


def trophy_options(st):
    """K_TROPHY in a solo game: turns.legal's, with eligible() above."""
    s = st.s
    must, may = eligible(st, s[_EV] & 7, s[_EV + 1])
    opts = [t for t in range(_N_TROPHIES) if (must | may) & (1 << t)]
    if not must:
        opts.append(_TROPHY_DECLINE)
    return opts


def rejuvenate(st, a, base):
    """K_REJUVENATE in a solo game (base: turns.do): when her 2 pies take her from below the
    8-Pie trophy's requirement to it, the trophy waits for her next turn (eligible)."""
    s = st.s
    p = s[_EV] & 7
    o = _P0 + p * _PSZ
    before = s[o + _PIES]
    base(st, a)
    if a == 1 and s[st.x0 + _X_AM] & (1 << p):
        persona = s[o + _PERSONA]
        req = st.content.requirement(_T_PIES, None if persona == _NONE else persona)[0]
        if before < req <= s[o + _PIES]:
            s[st.x0 + _X_AM_STEP] |= _XF_PIES_LATER


def _free_trophies(st, p):
    tro = st.s[_P0 + p * _PSZ + _TRO]
    return [t for t in range(8) if not tro & (1 << t)]


def _pay(st, p, k):
    """k tokens back to the supply: her Seekers' spaces first, then her hold; quest -> gem -> apple."""
    for h in st.holders_of(p) + [_HOLD_CARGO + p]:
        for good in (_G_QUEST, _G_GEM, _G_APPLE):
            t = min(k, st.goods_at(h, good))
            if t:
                st.move_goods(good, h, _HOLD_SUPPLY, t)
                k -= t


def _earned(st):
    s = st.s
    s[_TROPHIES_TURN] += 1
    if not s[_FINALE]:
        turns.pop_event(st)


def _place(st, p):
    """Her paid trophy: onto the airship's space (Trophy Dropper); else left to right on the
    track's top row, then the bottom row's leftmost free space (the layout is data: unknown,
    the space is entered, K_AM_TROPHY)."""
    s = st.s
    x = st.x0
    if s[x + _X_AM_SIDE] == _AM_DROPPER:
        o = x + _X_DROPS
        while s[o] != _NONE:
            o += 1
        s[o] = s[x + _X_SHIP]
        _earned(st)
        return
    rows = st.pits.trophy_track
    if rows:
        free = _free_trophies(st, p)
        for t in rows:
            if t in free:
                s[_P0 + p * _PSZ + _TRO] |= 1 << t
                _earned(st)
                return
    s[x + _X_AM_STEP] |= _XF_PLACING


# ---- Trophy Dropper: a player's Seeker onto a trophy's space for 1 apple or gem ----------
def jump_options(st):
    s = st.s
    p = s[_ACTIVE]
    spaces = []
    for x in drops(st):
        if x not in spaces and x not in _her_spaces(st):
            spaces.append(x)
    out = []
    for good in (_G_APPLE, _G_GEM):
        if st.controlled(p, good):
            for k in range(2):
                loc = s[_P0 + p * _PSZ + _SK + k]
                out += [good * 128 + k * 64 + x for x in spaces if x != loc]
    return out


def offer_jump(st):
    """Before a player's action, once a turn: K_DROP_JUMP when a trophy lies on the map and the
    player can pay for a Seeker's move onto it."""
    s = st.s
    x = st.x0
    if s[x + _X_AM] & (1 << s[_ACTIVE]) or s[x + _X_AM_STEP] & _XF_JUMP_OFFERED:
        return False
    s[x + _X_AM_STEP] |= _XF_JUMP_OFFERED
    return bool(jump_options(st))


def _jump(st, a):
    p = st.s[_ACTIVE]
    good = a >> 7
    for h in [_HOLD_CARGO + p] + st.holders_of(p):
        if st.goods_at(h, good):
            st.move_goods(good, h, _HOLD_SUPPLY, 1)
            break
    st.s[_P0 + p * _PSZ + _SK + ((a >> 6) & 1)] = a & 63


# ---- the decisions ------------------------------------------------------------------------
def legal(st):
    s = st.s
    kind = s[_KIND]
    if kind == _K_AM_DIRECTION:
        return sorted(paths(st))
    if kind == _K_AM_PAY:
        return list(range(min(_MAX_STATED, tokens(st, s[_EV] & 7)) + 1))
    if kind == _K_AM_TROPHY:
        return _free_trophies(st, s[_EV] & 7)
    return jump_options(st) + [_DROP_DECLINE]   # K_DROP_JUMP


def do(st, a):
    s = st.s
    kind = s[_KIND]
    if kind == _K_AM_DIRECTION:   # the path first on her card, given by the space she flies to
        fly(st, a)
    elif kind == _K_AM_PAY:
        if a == 0:
            turns.pop_event(st)
        else:
            p = s[_EV] & 7
            _pay(st, p, a)
            _place(st, p)
    elif kind == _K_AM_TROPHY:
        s[_P0 + (s[_EV] & 7) * _PSZ + _TRO] |= 1 << a
        s[st.x0 + _X_AM_STEP] &= ~_XF_PLACING
        _earned(st)
    elif a != _DROP_DECLINE:   # K_DROP_JUMP
        _jump(st, a)

