# Pie in the Sky's own stages and decisions (firmware/rules/mls/pits.py puts them in
# PitsState's tables): the expansion's setup (pits_setup.py, released once it is over); Seek
# with Air Support (ST_AIR: the airship die, the airship's flight to a space with an apple or
# a gem, then Air Support: a good into the cargo hold, the kingdom's ability, or nothing);
# the Unstable Portal's swap (K_PORTAL_SWAP); Air Transport's answer (K_AIR_TRANSPORT); and
# Automountie's decisions, passed to solo.py (imported only in a solo game); the stating of an
# effect whose text is unknown (an airship ability, a new power-up tile).
# docs/pie-in-the-sky.md.
from ..compat import const, release
from . import quest

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_UNKNOWN = const(0)
_AB_UNSTABLE_PORTAL = const(1)
_ACTIVE = const(4)
_AIR_DECLINE = const(63)
_AIR_FRIENDSHIP_LOSS = const(2)
_CARDS = const(42)
_CARDS_MODEL = const(2)
_G_APPLE = const(0)
_G_GEM = const(1)
_HOLD_CARGO = const(66)
_HOLD_SUPPLY = const(64)
_KIND = const(2)
_K_AIR_DIE = const(30)
_K_AIR_MOVE = const(31)
_K_AIR_SUPPORT = const(32)
_K_AIR_TRANSPORT = const(38)
_K_AM_DIRECTION = const(34)
_K_PORTAL_SWAP = const(33)
_N = const(0)
_NONE = const(255)
_OPS_N = const(43)
_P0 = const(148)
_PSZ = const(24)
_SK = const(5)
_STAGE = const(1)
_ST_END = const(13)
_ST_PITS_SETUP = const(16)
_ST_QUEST_TERMS = const(9)
_SUP_ABILITY = const(2)
_SUP_APPLE = const(0)
_SUP_GEM = const(1)
_SUP_NONE = const(3)
_TERM = const(146)
_XPSZ = const(4)
_XS_AM_FLIGHT = const(4)
_XS_STATING_ABILITY = const(5)
_XS_TRANSPORT = const(8)
_X_AM = const(33)
_X_DIE = const(1)
_X_GADGET = const(1)
_X_PL = const(9)
_X_SHIP = const(0)
_X_STEP = const(2)
_X_SWAP = const(6)
# -- end of private copies --


def setup_rules():
    """pits_setup.py, imported when first needed (released once a game is set up or resumed)."""
    from . import pits_setup

    return pits_setup


def solo_rules():
    """solo.py (Automountie), imported only in a solo game."""
    from . import solo

    return solo


# ---- Seek with Air Support ---------------------------------------------------------------
def _air_targets(st):
    """The spaces the airship may fly to: within air_range() steps between neighbouring
    spaces (flying over Seekers, never into the castle, no portal jumps), holding an apple
    or a gem; its own space (a move of 0) only when it holds one."""
    board = st.board
    ns = board.n_spaces
    castle = board.castle
    steps = board.steps
    dist = bytearray(b"\xff" * ns)
    start = st.airship()
    dist[start] = 0
    frontier = [start]
    r = st.air_range()
    d = 0
    while frontier and d < r:
        d += 1
        nxt = []
        for x in frontier:
            for i in range(x * 6, x * 6 + 6):
                y = steps[i]
                if y == 255:
                    break
                if y != castle and dist[y] == 255:
                    dist[y] = d
                    nxt.append(y)
        frontier = nxt
    return [x for x in range(ns) if dist[x] != 255 and (st.goods_at(x, _G_APPLE) or st.goods_at(x, _G_GEM))]


def _gadget_on(st, x):
    """Whether any gadget stands on space x."""
    for p in range(st.s[_N]):
        if st.gadget(p) == x:
            return True
    return False


def _swap_range(st):
    space, a, g = st.swap_pending()
    return a - min(a, st.supply(_G_GEM)), a + min(g, st.supply(_G_APPLE))


# ---- the expansion's stages (ST_PITS_SETUP, ST_AIR) and decision kinds (29-38) -----------
def pending(st):
    """ST_PITS_SETUP: pits_setup.pending (released once it is over); ST_AIR: the airship
    die, its move, Air Support, then the turn's end."""
    s = st.s
    x = st.x0
    if s[_STAGE] == _ST_PITS_SETUP:
        m = setup_rules()
        r = m.pending(st)
        if s[_STAGE] != _ST_PITS_SETUP:
            release(m.__name__)   # set up: its code is not needed again this game
        return r
    i = s[x + _X_STEP]
    if i == _XS_AM_FLIGHT:   # Automountie's airship after her Seek
        return solo_rules().air_pending(st)
    if i == 0:
        return _K_AIR_DIE, _NONE
    if i == 1:
        return _K_AIR_MOVE, s[_ACTIVE]
    if i == 2:
        return _K_AIR_SUPPORT, s[_ACTIVE]
    s[x + _X_DIE] = _NONE
    s[x + _X_STEP] = 0
    s[_STAGE] = _ST_END
    return None


def legal(st):
    """At setup, pits_setup.legal (K_DEAL_MAT, the airship's portal). K_AIR_DIE: its faces;
    K_AIR_MOVE: the airship's targets and AIR_DECLINE; K_AIR_SUPPORT: an apple or a gem from
    the airship's space, the ability when it can be used, nothing; K_PORTAL_SWAP: how many of
    the goods carried through the Unstable Portal are apples."""
    s = st.s
    kind = s[_KIND]
    x = st.x0
    if s[_STAGE] == _ST_PITS_SETUP:
        return setup_rules().legal(st)
    if kind >= _K_AM_DIRECTION:
        return [0, 1] if kind == _K_AIR_TRANSPORT else solo_rules().legal(st)
    if kind == _K_AIR_DIE:
        return [a for a, w in st.chance_outcomes()]
    if kind == _K_AIR_MOVE:
        return _air_targets(st) + [_AIR_DECLINE]
    if kind == _K_AIR_SUPPORT:
        ship = s[x + _X_SHIP]
        if s[x + _X_AM] and solo_rules().emp_zone(st, ship):
            return [_SUP_NONE]   # no Air Support in the EMP Device's region
        opts = [g for g in (_SUP_APPLE, _SUP_GEM) if st.goods_at(ship, g)]
        ab = st.ability(s[_ACTIVE])
        if (ab == _AB_UNSTABLE_PORTAL and not _gadget_on(st, ship)
                or ab == _AB_UNKNOWN and st.mat(s[_ACTIVE]) != _NONE and s[_CARDS] != _CARDS_MODEL):
            opts.append(_SUP_ABILITY)   # an unknown ability: its effect is stated (K_STATE_TERM);
            # the model deck has no model of it: not offered (docs/content.md, "Model deck")
        opts.append(_SUP_NONE)
        return opts
    lo, hi = _swap_range(st)   # _K_PORTAL_SWAP
    return list(range(lo, hi + 1))


def do(st, a):
    s = st.s
    kind = s[_KIND]
    x = st.x0
    act = s[_ACTIVE]
    if s[_STAGE] == _ST_PITS_SETUP:
        setup_rules().apply(st, a)
    elif kind == _K_AIR_TRANSPORT:
        if a:   # the airship goes with the Seeker (X_STEP: XS_TRANSPORT + the Seeker)
            s[x + _X_SHIP] = s[_P0 + act * _PSZ + _SK + s[x + _X_STEP] - _XS_TRANSPORT]
        s[x + _X_STEP] = 0
    elif kind >= _K_AM_DIRECTION:
        solo_rules().do(st, a)
    elif kind == _K_AIR_DIE:
        s[x + _X_DIE] = a
        s[x + _X_STEP] = 1
    elif kind == _K_AIR_MOVE:
        if a == _AIR_DECLINE:
            s[x + _X_STEP] = 3
        else:
            s[x + _X_SHIP] = a
            s[x + _X_STEP] = 2
    elif kind == _K_AIR_SUPPORT:
        ship = s[x + _X_SHIP]
        if a == _SUP_APPLE or a == _SUP_GEM:
            st.move_goods(a, ship, _HOLD_CARGO + act, 1)
            if st.occupants(ship) & ~(1 << act):   # taken from another player
                quest.lose_friendship(st, act, _AIR_FRIENDSHIP_LOSS)
        elif a == _SUP_ABILITY and st.ability(act) == _AB_UNKNOWN:
            state_effect(st, _XS_STATING_ABILITY)   # the mat's text, read at the table: stated
            return
        elif a == _SUP_ABILITY:   # the Unstable Portal onto the airship's space
            s[x + _X_PL + act * _XPSZ + _X_GADGET] = ship
        s[x + _X_STEP] = 3
    else:   # _K_PORTAL_SWAP: a = the apples among the goods carried through
        space, apples, gems = st.swap_pending()
        if a > apples:
            st.move_goods(_G_GEM, space, _HOLD_SUPPLY, a - apples)
            st.move_goods(_G_APPLE, _HOLD_SUPPLY, space, a - apples)
        elif a < apples:
            st.move_goods(_G_APPLE, space, _HOLD_SUPPLY, apples - a)
            st.move_goods(_G_GEM, _HOLD_SUPPLY, space, apples - a)
        s[x + _X_SWAP] = _NONE


# ---- an airship ability or power-up tile whose text is unknown ---------------------------
def state_effect(st, what):
    """An effect whose text the engine does not know (an airship ability, a new power-up
    tile), played the physical way: the player states its terms (K_STATE_TERM, then
    K_TERM_AMOUNT, as for a quest card), and they run; X_STEP says what is stated."""
    s = st.s
    s[_OPS_N] = 0
    s[_TERM] = _NONE
    s[st.x0 + _X_STEP] = what
    s[_STAGE] = _ST_QUEST_TERMS
