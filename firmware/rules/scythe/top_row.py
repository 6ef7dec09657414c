# Scythe's top-row actions: the choice (skip, the action's options, an objective), Trade (the
# resources gained and where they go, or popularity), Produce (its cost, the territories
# that produce), Bolster, and Move's coins; the Move itself is move.py. A Factory card's top
# row is stated with the encounter terms (encounter.py).
from . import tables as TB
from .common import (add_coins, add_pop, add_power, add_res, coins, control_map, draw_cards, mat_byte,
                     model_cards, objective_options, po, start_move, upgraded, worker_territories,
                     workers_on_board)
from .turn import ask_objective

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_FACTORY_OPT = const(3)
_FACTORY_SECTION = const(4)
_GAIN_LEFT = const(37)
_GAIN_TYPE = const(38)
_K_PLACE = const(12)
_K_PRODUCE_AT = const(13)
_K_TOP = const(7)
_K_TRADE_RES = const(11)
_MAT_TOP = const(3)
_MAX_TERMS = const(4)
_MOVED = const(26)
_MOVES_LEFT = const(25)
_NOWHERE = const(255)
_N_UNITS = const(13)
_N_WORKERS = const(8)
_O_FIRST = const(1)
_O_OBJ1 = const(3)
_O_SECOND = const(2)
_O_SKIP = const(0)
_PRODUCE_WORKER = const(4)
_PROD_DONE = const(33)
_PROD_LEFT = const(32)
_P_FACTORY = const(17)
_P_POP = const(3)
_P_POWER = const(2)
_P_STRUCT = const(31)
_P_UNITS = const(18)
_SECTION = const(24)
_SPACE_DONE = const(60)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_BOTTOM = const(15)
_ST_MOVE_UNIT = const(8)
_ST_PRODUCE = const(13)
_ST_TERM = const(32)
_ST_TRADE_PLACE = const(12)
_ST_TRADE_RES = const(11)
_TA_BOLSTER = const(3)
_TA_MOVE = const(0)
_TA_PRODUCE = const(2)
_TA_TRADE = const(1)
_TERMS_LEFT = const(55)
_UP_BOLSTER_CARDS = const(5)
_UP_BOLSTER_POWER = const(4)
_UP_MOVE_COINS = const(1)
_UP_MOVE_UNITS = const(0)
_UP_PRODUCE = const(3)
_UP_TRADE_POP = const(2)
_U_WORKER = const(5)
# -- end of private copies --


def _top_action(st, p):
    return mat_byte(st, p, _MAT_TOP + st.s[_SECTION])


def produce_cost(st, p):
    """(power, popularity, coins) of a Produce action now (content.PRODUCE_COSTS)."""
    w = workers_on_board(st, p)
    pw = pop = cn = 0
    for need, a, b, c in TB.PRODUCE_COSTS:
        if w >= need:
            pw += a
            pop += b
            cn += c
    return pw, pop, cn


def _mill(st, p):
    return st.s[po(p) + _P_STRUCT + _TA_PRODUCE]


# ---- the top-row action ------------------------------------------------------------------
def pending_top(st):
    return _K_TOP, st.s[_ACTIVE]


def legal_top(st):
    p = st.s[_ACTIVE]
    if st.s[_SECTION] == _FACTORY_SECTION:   # the card's top row, stated the physical way
        if model_cards(st):                  # or the model card's, when it can be paid
            from .content_model import factory
            from .encounter import affordable

            ok = affordable(st, p, factory(st.s[po(p) + _P_FACTORY]))
            return ([_O_SKIP, _O_FIRST] if ok else [_O_SKIP]) + objective_options(st, p)
        return [_O_SKIP, _O_FIRST] + objective_options(st, p)
    t = _top_action(st, p)
    out = [_O_SKIP]
    if t == _TA_MOVE:
        out += [_O_FIRST, _O_SECOND]
    elif t == _TA_PRODUCE:
        pw, pop, cn = produce_cost(st, p)
        o = po(p)
        if st.s[o + _P_POWER] >= pw and st.s[o + _P_POP] >= pop and coins(st, p) >= cn:
            out.append(_O_FIRST)
    elif coins(st, p) >= 1:
        if t == _TA_BOLSTER or worker_territories(st, p, control_map(st)[0]):
            out.append(_O_FIRST)
        out.append(_O_SECOND)
    return out + objective_options(st, p)


def do_top(st, a):
    s = st.s
    p = s[_ACTIVE]
    if a == _O_OBJ1:
        ask_objective(st)
        return
    s[_STAGE] = _ST_BOTTOM
    if a == _O_SKIP:
        return
    if s[_SECTION] == _FACTORY_SECTION:
        if model_cards(st):
            from .encounter import start_model_terms

            start_model_terms(st, _FACTORY_OPT)
            return
        s[_TERMS_LEFT] = _MAX_TERMS
        s[_STAGE] = _ST_TERM
        return
    t = _top_action(st, p)
    if t == _TA_MOVE:
        if a == _O_FIRST:
            s[_MOVES_LEFT] = 2 + upgraded(st, p, _UP_MOVE_UNITS)
            s[_MOVED] = s[_MOVED + 1] = 0
            start_move(st)
            s[_STAGE] = _ST_MOVE_UNIT
        else:
            add_coins(st, p, 1 + upgraded(st, p, _UP_MOVE_COINS))
        return
    if t == _TA_PRODUCE:
        pw, pop, cn = produce_cost(st, p)
        add_power(st, p, -pw)
        add_pop(st, p, -pop)
        add_coins(st, p, -cn)
        s[_PROD_LEFT] = 2 + upgraded(st, p, _UP_PRODUCE)
        for i in range(4):
            s[_PROD_DONE + i] = _NOWHERE
        s[_STAGE] = _ST_PRODUCE
        return
    add_coins(st, p, -1)
    built = s[po(p) + _P_STRUCT + t] != _NOWHERE   # Armory (Trade), Monument (Bolster)
    if t == _TA_TRADE:
        if built:
            add_power(st, p, 1)
        if a == _O_FIRST:
            s[_GAIN_LEFT] = 2
            s[_STAGE] = _ST_TRADE_RES
        else:
            add_pop(st, p, 1 + upgraded(st, p, _UP_TRADE_POP))
        return
    if built:
        add_pop(st, p, 1)
    if a == _O_FIRST:
        add_power(st, p, 2 + upgraded(st, p, _UP_BOLSTER_POWER))
    else:
        draw_cards(st, p, 1 + upgraded(st, p, _UP_BOLSTER_CARDS))


# ---- Trade: the resources gained and where they go --------------------------------------------
def pending_trade_res(st):
    if not st.s[_GAIN_LEFT]:
        st.s[_STAGE] = _ST_BOTTOM
        return None
    return _K_TRADE_RES, st.s[_ACTIVE]


def legal_trade_res(st):
    return [0, 1, 2, 3]


def do_trade_res(st, a):
    st.s[_GAIN_TYPE] = a
    st.s[_STAGE] = _ST_TRADE_PLACE


def pending_place(st):
    return _K_PLACE, st.s[_ACTIVE]


def legal_place(st):
    p = st.s[_ACTIVE]
    return sorted(worker_territories(st, p, control_map(st)[0]))


def do_place(st, a):
    s = st.s
    add_res(st, a, s[_GAIN_TYPE], 1)
    s[_GAIN_LEFT] -= 1
    s[_STAGE] = _ST_TRADE_RES


# ---- Produce ----------------------------------------------------------------------------
def _yield(st, p, x):
    """What producing on x gives now: (what, how many); what: a resource or
    content.PRODUCE_WORKER."""
    s = st.s
    what = TB.PRODUCES[st.board.terrain[x]]
    if what == 255:
        return what, 0
    k = sum(1 for u in range(_U_WORKER, _N_UNITS) if s[po(p) + _P_UNITS + u] == x)
    if _mill(st, p) == x:
        k += 1
    if what == _PRODUCE_WORKER:
        k = min(k, _N_WORKERS - workers_on_board(st, p))
    return what, k


def legal_produce(st):
    s = st.s
    p = s[_ACTIVE]
    ctrl = control_map(st)[0]
    mill = _mill(st, p)
    places = worker_territories(st, p, ctrl)
    if mill != _NOWHERE and ctrl[mill] == p and mill not in places:
        places.append(mill)
    out = []
    for x in places:
        if _produced(s, x):
            continue
        if not s[_PROD_LEFT] and x != mill:
            continue
        if _yield(st, p, x)[1]:
            out.append(x)
    out.sort()
    return out + [_SPACE_DONE]


def _produced(s, x):
    for i in range(4):
        if s[_PROD_DONE + i] == x:
            return True
    return False


def pending_produce(st):
    return _K_PRODUCE_AT, st.s[_ACTIVE]


def do_produce(st, a):
    s = st.s
    p = s[_ACTIVE]
    if a == _SPACE_DONE:
        s[_STAGE] = _ST_BOTTOM
        return
    what, k = _yield(st, p, a)
    if what == _PRODUCE_WORKER:
        s[_STARS_DIRTY] = 1
        o = po(p) + _P_UNITS + _U_WORKER
        for i in range(8):
            if k and s[o + i] == _NOWHERE:
                s[o + i] = a
                k -= 1
    else:
        add_res(st, a, what, k)
    for i in range(4):
        if s[_PROD_DONE + i] == _NOWHERE:
            s[_PROD_DONE + i] = a
            break
    if a != _mill(st, p):   # the Mill's territory is a bonus one: it takes no choice
        s[_PROD_LEFT] -= 1
