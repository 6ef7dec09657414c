# The base game's turn as Pie in the Sky changes it: wrappers of State's table entries
# (LEGAL, DO and PENDING below are PitsState's tables): the Move (a delivery paid from the cargo hold,
# in part or all of it; the Unstable Portal's swap; Air Transport), paying from the cargo
# hold, the Seek's end (Air Support follows; Automountie's airship flies), her quest token
# that is not placed, the stated terms of unknown airship abilities and new power-up tiles,
# the turn's start, action and end (Trophy Dropper's move), and in a solo game her
# rejuvenation and trophies (solo.py, imported only then). docs/pie-in-the-sky.md.
from ..compat import const
from . import move, pits_airship, quest
from .engine import State

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_AM_DROPPER = const(0)
_AM_NOT_PLACED = const(63)
_AT_CAMP = const(63)
_A_MOVE = const(0)
_A_SEEK_1 = const(1)
_A_SEEK_2 = const(2)
_CARDS = const(42)
_CARDS_MODEL = const(2)
_CARRY_FROM_HOLD = const(31)
_CUR_APPLES = const(142)
_CUR_DEST = const(15)
_CUR_SEEKER = const(14)
_DELIVERY = const(4)
_DELIV_COUNT = const(17)
_DELIV_GOOD = const(16)
_E_GIVE_APPLES = const(5)
_E_PAY_APPLES = const(1)
_FX_AIR_TRANSPORT = const(2)
_G_APPLE = const(0)
_G_GEM = const(1)
_G_QUEST = const(2)
_HOLD_CARGO = const(66)
_KIND = const(2)
_K_CARRY = const(9)
_K_CARRY_GEMS = const(26)
_K_DROP_JUMP = const(37)
_K_FIRST_PLAYER = const(5)
_K_MOVE = const(8)
_K_PAY_FROM = const(17)
_K_REJUVENATE = const(11)
_K_SEEK_PLACE = const(20)
_K_STATE_TERM = const(16)
_K_TROPHY = const(7)
_MOVED = const(13)
_NONE = const(255)
_N_KINDS = const(29)
_N_KINDS_PITS = const(39)
_N_STAGES = const(16)
_N_STAGES_PITS = const(18)
_OPS = const(45)
_OPS_I = const(44)
_OPS_N = const(43)
_OPS_RET = const(62)
_OP_DONE = const(61)
_P0 = const(148)
_PSZ = const(24)
_SEEK = const(37)
_SEEK_I = const(36)
_SK = const(5)
_STAGE = const(1)
_ST_ACTION = const(3)
_ST_AIR = const(17)
_ST_END = const(13)
_ST_OPS = const(10)
_ST_PITS_SETUP = const(16)
_ST_SEEK_PLACE = const(12)
_ST_TURN_START = const(2)
_S_MAKE = const(1)
_S_MOVE = const(0)
_TERMS_CANCEL = const(201)
_TERMS_DONE = const(200)
_TILE = const(7)
_TRO = const(3)
_T_APPLES = const(4)
_T_GEMS = const(5)
_XF_TILE_STATED = const(4)
_XS_AM_FLIGHT = const(4)
_XS_STATING_ABILITY = const(5)
_XS_STATING_TILE = const(6)
_XS_TRANSPORT = const(8)
_X_AM = const(33)
_X_AM_SIDE = const(34)
_X_AM_STEP = const(36)
_X_DIE = const(1)
_X_STEP = const(2)
_X_SWAP = const(6)
# -- end of private copies --
_NEW_TILES = const(4)         # the expansion's power-up tiles: the content's last 4


_BASE_FIRST = State.DO[_K_FIRST_PLAYER]
_BASE_SEEK_PLACE = State.PENDING[_ST_SEEK_PLACE]
_BASE_TURN_START = State.PENDING[_ST_TURN_START]
_BASE_END = State.PENDING[_ST_END]
_BASE_STATE_TERM = State.DO[_K_STATE_TERM]
_BASE_ACTION = State.PENDING[_ST_ACTION]
_BASE_LEGAL_SEEK = State.LEGAL[_K_SEEK_PLACE]
_BASE_DO_SEEK = State.DO[_K_SEEK_PLACE]
_BASE_REJUVENATE = State.DO[_K_REJUVENATE]
_BASE_TROPHY = State.LEGAL[_K_TROPHY]


def _first_player(st, a):
    """The base setup's last decision; then the expansion's setup."""
    _BASE_FIRST(st, a)
    st.s[st.x0 + _X_STEP] = 0
    st.s[_STAGE] = _ST_PITS_SETUP


def hold_goods(st, p):
    """The goods whose whole delivery p's cargo hold pays (a Seeker carrying nothing onto the
    castle): 4 or more in the hold, that delivery's trophy not earned, no delivery under way."""
    s = st.s
    if s[_DELIV_COUNT]:
        return ()
    tro = s[_P0 + p * _PSZ + _TRO]
    return [g for g in (_G_APPLE, _G_GEM)
            if st.cargo(p, g) >= _DELIVERY and not tro & (1 << (_T_APPLES if g == _G_APPLE else _T_GEMS))]


def carries_to_castle(st, k):
    """Whether Seeker k of the active player may carry goods onto the castle (one carried step)."""
    p = st.s[_ACTIVE]
    return st.s[_P0 + p * _PSZ + _SK + k] != _AT_CAMP and st.board.castle in st.reach(p, k, True)


def carry_options(st, k, d):
    """PitsState.carry_options: move.carry_options; onto the castle also carrying nothing
    while the cargo hold pays a whole delivery (CARRY_FROM_HOLD as the apples, or as the gems)."""
    opts = move.carry_options(st, k, d)
    goods = hold_goods(st, st.s[_ACTIVE]) if d == st.board.castle else ()
    if goods and not carries_to_castle(st, k):
        opts = []   # 2 steps away: it may only go there carrying nothing
    for g in goods:
        opts.append(_CARRY_FROM_HOLD if g == _G_APPLE else 32 * _CARRY_FROM_HOLD)
    return opts


def _move_legal(st):
    """move.legal (K_MOVE, K_CARRY, K_CARRY_GEMS), and: while the cargo hold pays a whole
    delivery, the castle for a Seeker carrying nothing (within its 2 steps: st.reach's
    carrying 2), and CARRY_FROM_HOLD among the carry answers there."""
    opts = move.legal(st)
    s = st.s
    p = s[_ACTIVE]
    goods = hold_goods(st, p)
    if not goods:
        return opts
    castle = st.board.castle
    kind = s[_KIND]
    if kind == _K_MOVE:
        for k in range(2):
            a = k * 64 + castle
            if not s[_MOVED] & (1 << k) and a not in opts and castle in st.reach(p, k, 2):
                opts.append(a)
    elif s[_CUR_DEST] == castle:
        apples = s[_CUR_APPLES]
        if kind == _K_CARRY_GEMS and apples == _CARRY_FROM_HOLD:
            return [0]   # the hold's apples: no gems
        if not carries_to_castle(st, s[_CUR_SEEKER]):
            opts = []    # 2 steps away: it may only go there carrying nothing
        for g in goods:
            v = _NONE
            if kind == _K_CARRY:
                v = _CARRY_FROM_HOLD if g == _G_APPLE else 0
            elif g == _G_GEM and apples == 0:
                v = _CARRY_FROM_HOLD
            if v != _NONE and v not in opts:
                opts.append(v)
    return opts


def _carry_gems(st, a):
    """The base game's move, then: a delivery completed from the cargo hold (the rest of one
    under way, or all of it: CARRY_FROM_HOLD, the Seeker carrying nothing); goods carried
    through p's Unstable Portal (a move that
    starts or ends on its space and does not go to a neighbouring space: a portal jump) may
    be swapped (K_PORTAL_SWAP). Deliveries onto the castle are not swapped."""
    s = st.s
    p = s[_ACTIVE]
    k = s[_CUR_SEEKER]
    d = s[_CUR_DEST]
    loc = s[_P0 + p * _PSZ + _SK + k]
    apples = s[_CUR_APPLES]
    castle = st.board.castle
    hold = _NONE
    if d == castle and (apples == _CARRY_FROM_HOLD or a == _CARRY_FROM_HOLD):
        hold = _G_APPLE if apples == _CARRY_FROM_HOLD else _G_GEM
        s[_CUR_APPLES] = 0
        a = 0
    move.do(st, a)
    if hold != _NONE:
        s[_DELIV_GOOD] = hold   # nothing carried: the good is the one the hold delivers
    if loc == st.airship() and d != castle and _air_transport(st, p, k, loc, d):
        s[st.x0 + _X_STEP] = _XS_TRANSPORT + k   # K_AIR_TRANSPORT: the airship may go along
    rest = _DELIVERY - s[_DELIV_COUNT]
    if d == castle and (rest < _DELIVERY or hold != _NONE) and st.cargo(p, s[_DELIV_GOOD]) >= rest:
        # A delivery under way: the cargo hold pays the rest at once when it holds it.
        st.move_goods(s[_DELIV_GOOD], _HOLD_CARGO + p, castle, rest)
        s[_DELIV_COUNT] = _DELIVERY
        move._complete_delivery(st, p)
        return
    g = st._portal(p)
    if g == _NONE or not (apples or a) or d == loc or d == _AT_CAMP or d == st.board.castle:
        return
    if s[_P0 + p * _PSZ + _SK + k] != d or (loc != g and d != g):
        return
    steps = st.board.steps
    near = loc if d == g else d
    for i in range(g * 6, g * 6 + 6):
        if steps[i] == near:
            return   # a step to a neighbour, not through the portal
    o = st.x0 + _X_SWAP
    s[o] = d
    s[o + 1] = apples
    s[o + 2] = a


def _air_transport(st, p, k, loc, d):
    """Whether p's Air Transport may take the airship from loc along with a Seeker that moved
    to d: p holds the tile, and d is a space one or two steps between neighbouring spaces
    away (the airship never goes through a portal, into the castle or onto a camp)."""
    t = st.s[_P0 + p * _PSZ + _TILE + _S_MOVE]
    if t == _NONE or st.content.tile_effect[t] != _FX_AIR_TRANSPORT or d == _AT_CAMP or d == loc:
        return False
    if st.s[_P0 + p * _PSZ + _SK + k] != d:
        return False
    steps = st.board.steps
    for i in range(loc * 6, loc * 6 + 6):
        y = steps[i]
        if y == d:
            return True
        if y != _NONE and d in steps[y * 6:y * 6 + 6]:
            return True
    return False


def _pay_from(st):
    """The base game's holders to pay from, and the cargo hold: it pays quests, Make
    actions and gifts like the goods on the map (gains still go onto Seekers' spaces)."""
    opts = quest.legal(st)
    s = st.s
    act = s[_ACTIVE]
    term = s[_OPS + 2 * s[_OPS_I]]
    if st.cargo(act, _G_APPLE if term == _E_PAY_APPLES or term == _E_GIVE_APPLES else _G_GEM):
        opts.append(_HOLD_CARGO + act)
    return opts


def _seek_place(st):
    """The base game's Seek placement; once every token is placed, Air Support follows
    (for the Seek actions whose overlay rolls the airship die); Automountie's airship flies
    after every Seek of hers."""
    r = _BASE_SEEK_PLACE(st)
    s = st.s
    if s[_STAGE] != _ST_END:
        return r
    if st.automountie(s[_ACTIVE]):
        s[st.x0 + _X_STEP] = _XS_AM_FLIGHT
        s[_STAGE] = _ST_AIR
    elif st.pits.air_seeks[0 if st.last_action(s[_ACTIVE]) == _A_SEEK_1 else 1]:
        s[st.x0 + _X_STEP] = 0
        s[_STAGE] = _ST_AIR
    return r


def _seek_spaces(st):
    """The base game's spaces for a Seek's token; for Automountie's quest token also
    AM_NOT_PLACED: her card put it on a Seeker, so it is not placed."""
    opts = _BASE_LEGAL_SEEK(st)
    s = st.s
    if st.automountie(s[_ACTIVE]) and s[_SEEK + s[_SEEK_I]] >> 3 == _G_QUEST:
        for x in st.board.region_spaces[s[_SEEK + s[_SEEK_I]] & 7]:
            if st.occupants(x) and not st.quest_token(x):
                opts.append(_AM_NOT_PLACED)
                break
    return opts


def _seek_token(st, a):
    if a == _AM_NOT_PLACED:
        st.s[_SEEK_I] += 1
    else:
        _BASE_DO_SEEK(st, a)


def _state_term(st, a):
    """K_STATE_TERM: for a stated ability or tile, TERMS_DONE runs the terms and ends the
    turn's part (Air Support, the action), TERMS_CANCEL goes back to the Air Support choice
    (an ability) or states nothing (a tile); a quest card's terms as in the base game."""
    s = st.s
    x = st.x0
    what = s[x + _X_STEP]
    if what != _XS_STATING_ABILITY and what != _XS_STATING_TILE or a != _TERMS_DONE and a != _TERMS_CANCEL:
        return _BASE_STATE_TERM(st, a)
    s[x + _X_STEP] = 0
    if a == _TERMS_CANCEL:
        s[_OPS_N] = 0
        if what == _XS_STATING_ABILITY:
            s[x + _X_STEP] = 2
            s[_STAGE] = _ST_AIR
            return
    s[x + _X_DIE] = _NONE
    s[_OPS_I] = 0
    s[_OP_DONE] = 0
    s[_OPS_RET] = _ST_END
    s[_STAGE] = _ST_OPS


def _new_tile(st, p):
    """The expansion's power-up tile p holds for the section of the action just taken (Move:
    the Move tile; Bake, Conjure, Power Up: the Make tile) when its effect is unknown, else NONE."""
    s = st.s
    last = st.last_action(p)
    if last == _NONE or last == _A_SEEK_1 or last == _A_SEEK_2:
        return _NONE
    t = s[_P0 + p * _PSZ + _TILE + (_S_MOVE if last == _A_MOVE else _S_MAKE)]
    c = st.content
    if t == _NONE or t < len(c.power_ups) - _NEW_TILES or c.tile_effect[t] or c.power_ups[t][0] is not None:
        return _NONE
    return t


def _end(st):
    """The end of an action: a new power-up tile whose text is unknown, held for that action's
    section, is stated once (its bonus, or nothing: TERMS_DONE at once)."""
    s = st.s
    p = s[_ACTIVE]
    if not s[st.x0 + _X_AM_STEP] & _XF_TILE_STATED and not st.automountie(p) and _new_tile(st, p) != _NONE \
            and s[_CARDS] != _CARDS_MODEL:   # the model deck: such a tile gives no bonus
        s[st.x0 + _X_AM_STEP] |= _XF_TILE_STATED
        pits_airship.state_effect(st, _XS_STATING_TILE)
        return None
    return _BASE_END(st)


def _turn_start(st):
    """A new turn: Trophy Dropper's move may be offered again."""
    st.s[st.x0 + _X_AM_STEP] = 0
    return _BASE_TURN_START(st)


def _action(st):
    """Before a player's action in a solo game with dropped trophies: K_DROP_JUMP."""
    s = st.s
    if s[st.x0 + _X_AM] and s[st.x0 + _X_AM_SIDE] == _AM_DROPPER and pits_airship.solo_rules().offer_jump(st):
        return _K_DROP_JUMP, s[_ACTIVE]
    return _BASE_ACTION(st)


def _rejuvenate(st, a):
    """K_REJUVENATE; in a solo game Automountie's 2-pie bonus may defer her 8-Pie trophy."""
    if st.s[st.x0 + _X_AM]:
        pits_airship.solo_rules().rejuvenate(st, a, _BASE_REJUVENATE)
    else:
        _BASE_REJUVENATE(st, a)


def _trophy_options(st):
    """K_TROPHY: the base game's; in a solo game without Automountie's deferred 8-Pie trophy."""
    return pits_airship.solo_rules().trophy_options(st) if st.s[st.x0 + _X_AM] else _BASE_TROPHY(st)


def _table(base, extra, wrap):
    t = list(base) + list(extra)
    for i, f in wrap:
        t[i] = f
    return tuple(t)


# PitsState's tables (pits.py): State's, with the expansion's kinds and stages (pits_airship's)
# and the wrappers above.
LEGAL = _table(State.LEGAL, (pits_airship.legal,) * (_N_KINDS_PITS - _N_KINDS),
               ((_K_PAY_FROM, _pay_from), (_K_SEEK_PLACE, _seek_spaces), (_K_MOVE, _move_legal),
                (_K_CARRY, _move_legal), (_K_CARRY_GEMS, _move_legal), (_K_TROPHY, _trophy_options)))
DO = _table(State.DO, (pits_airship.do,) * (_N_KINDS_PITS - _N_KINDS),
            ((_K_FIRST_PLAYER, _first_player), (_K_CARRY_GEMS, _carry_gems),
             (_K_SEEK_PLACE, _seek_token), (_K_STATE_TERM, _state_term), (_K_REJUVENATE, _rejuvenate)))
PENDING = _table(State.PENDING, (pits_airship.pending,) * (_N_STAGES_PITS - _N_STAGES),
                 ((_ST_SEEK_PLACE, _seek_place), (_ST_TURN_START, _turn_start),
                  (_ST_ACTION, _action), (_ST_END, _end)))
