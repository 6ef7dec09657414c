# A Scythe turn: the section, its top-row action (Trade, Produce, Bolster, Move's coins; the
# Move itself is move.py) and bottom-row action (Upgrade, Deploy, Build, Enlist), paying
# resources, coins and recruit bonuses, objectives, and passing the turn.
from . import content as C
from . import layout as L
from .common import (add_coins, add_pop, add_power, add_res, coins, control_map,
                     controlled_res, faction, left, mat, objective_options, owe_cards, po,
                     res, reveal_objective, right, workers_on_board)


def _top_action(st, p):
    return mat(st, p)[4][st.s[L.SECTION]]


def _upgraded(st, p, box):
    return (st.s[po(p) + L.P_TOPUP] >> box) & 1


def bottom_cost(st, p, b):
    row = mat(st, p)[5][b]
    return row[0] - st.s[po(p) + L.P_BOTUP + b]


def produce_cost(st, p):
    """(power, popularity, coins) of a Produce action now (content.PRODUCE_COSTS)."""
    w = workers_on_board(st, p)
    pw = pop = cn = 0
    for need, a, b, c in C.PRODUCE_COSTS:
        if w >= need:
            pw += a
            pop += b
            cn += c
    return pw, pop, cn


def worker_territories(st, p, ctrl):
    """Territories p controls with at least one of its workers (not home bases)."""
    s = st.s
    o = po(p) + L.P_UNITS + L.U_WORKER
    b = st.board
    out = []
    for i in range(8):
        x = s[o + i]
        if x != L.NOWHERE and ctrl[x] == p and not b.is_home(x) and x not in out:
            out.append(x)
    return out


def _mill(st, p):
    return st.s[po(p) + L.P_STRUCT + C.TA_PRODUCE]


# ---- the section -----------------------------------------------------------------------
def pending_section(st):
    return L.K_SECTION, st.s[L.ACTIVE]


def legal_section(st):
    p = st.s[L.ACTIVE]
    last = st.s[po(p) + L.P_LAST]
    relentless = C.FACTIONS[faction(st, p)][3] == C.AB_RELENTLESS
    return [i for i in range(4) if i != last or relentless]


def do_section(st, a):
    s = st.s
    p = s[L.ACTIVE]
    s[L.SECTION] = a
    s[po(p) + L.P_LAST] = a
    s[L.TURN_FLAGS] = 0
    s[L.STAGE] = L.ST_TOP


# ---- the top-row action ------------------------------------------------------------------
def pending_top(st):
    return L.K_TOP, st.s[L.ACTIVE]


def legal_top(st):
    p = st.s[L.ACTIVE]
    t = _top_action(st, p)
    out = [L.O_SKIP]
    if t == C.TA_MOVE:
        out += [L.O_FIRST, L.O_SECOND]
    elif t == C.TA_PRODUCE:
        pw, pop, cn = produce_cost(st, p)
        o = po(p)
        if st.s[o + L.P_POWER] >= pw and st.s[o + L.P_POP] >= pop and coins(st, p) >= cn:
            out.append(L.O_FIRST)
    elif coins(st, p) >= 1:
        if t == C.TA_BOLSTER or worker_territories(st, p, control_map(st)[0]):
            out.append(L.O_FIRST)
        out.append(L.O_SECOND)
    return out + objective_options(st, p)


def do_top(st, a):
    s = st.s
    p = s[L.ACTIVE]
    if a >= L.O_OBJ1:
        reveal_objective(st, p, a - L.O_OBJ1)
        return
    s[L.STAGE] = L.ST_BOTTOM
    if a == L.O_SKIP:
        return
    t = _top_action(st, p)
    if t == C.TA_MOVE:
        if a == L.O_FIRST:
            s[L.MOVES_LEFT] = 2 + _upgraded(st, p, C.UP_MOVE_UNITS)
            s[L.MOVED] = s[L.MOVED + 1] = 0
            s[L.STAGE] = L.ST_MOVE_UNIT
        else:
            add_coins(st, p, 1 + _upgraded(st, p, C.UP_MOVE_COINS))
        return
    if t == C.TA_PRODUCE:
        pw, pop, cn = produce_cost(st, p)
        add_power(st, p, -pw)
        add_pop(st, p, -pop)
        add_coins(st, p, -cn)
        s[L.PROD_LEFT] = 2 + _upgraded(st, p, C.UP_PRODUCE)
        for i in range(4):
            s[L.PROD_DONE + i] = L.NOWHERE
        s[L.STAGE] = L.ST_PRODUCE
        return
    add_coins(st, p, -1)
    built = s[po(p) + L.P_STRUCT + t] != L.NOWHERE   # Armory (Trade), Monument (Bolster)
    if t == C.TA_TRADE:
        if built:
            add_power(st, p, 1)
        if a == L.O_FIRST:
            s[L.GAIN_LEFT] = 2
            s[L.STAGE] = L.ST_TRADE_RES
        else:
            add_pop(st, p, 1 + _upgraded(st, p, C.UP_TRADE_POP))
        return
    if built:
        add_pop(st, p, 1)
    if a == L.O_FIRST:
        add_power(st, p, 2 + _upgraded(st, p, C.UP_BOLSTER_POWER))
    else:
        owe_cards(st, p, 1 + _upgraded(st, p, C.UP_BOLSTER_CARDS))


# ---- Trade: the resources gained and where they go --------------------------------------------
def pending_trade_res(st):
    if not st.s[L.GAIN_LEFT]:
        st.s[L.STAGE] = L.ST_BOTTOM
        return None
    return L.K_TRADE_RES, st.s[L.ACTIVE]


def legal_trade_res(st):
    return [0, 1, 2, 3]


def do_trade_res(st, a):
    st.s[L.GAIN_TYPE] = a
    st.s[L.STAGE] = L.ST_TRADE_PLACE


def pending_place(st):
    return L.K_PLACE, st.s[L.ACTIVE]


def legal_place(st):
    p = st.s[L.ACTIVE]
    return sorted(worker_territories(st, p, control_map(st)[0]))


def do_place(st, a):
    s = st.s
    add_res(st, a, s[L.GAIN_TYPE], 1)
    s[L.GAIN_LEFT] -= 1
    s[L.STAGE] = L.ST_TRADE_RES


# ---- Produce ----------------------------------------------------------------------------
def _yield(st, p, x):
    """What producing on x gives now: (what, how many); what: a resource or
    content.PRODUCE_WORKER."""
    s = st.s
    what = C.PRODUCES[st.board.terrain[x]]
    if what == 255:
        return what, 0
    k = sum(1 for u in range(L.U_WORKER, L.N_UNITS) if s[po(p) + L.P_UNITS + u] == x)
    if _mill(st, p) == x:
        k += 1
    if what == C.PRODUCE_WORKER:
        k = min(k, C.N_WORKERS - workers_on_board(st, p))
    return what, k


def legal_produce(st):
    s = st.s
    p = s[L.ACTIVE]
    ctrl = control_map(st)[0]
    mill = _mill(st, p)
    places = worker_territories(st, p, ctrl)
    if mill != L.NOWHERE and ctrl[mill] == p and mill not in places:
        places.append(mill)
    out = []
    for x in places:
        if _produced(s, x):
            continue
        if not s[L.PROD_LEFT] and x != mill:
            continue
        if _yield(st, p, x)[1]:
            out.append(x)
    out.sort()
    return out + [L.SPACE_DONE]


def _produced(s, x):
    for i in range(4):
        if s[L.PROD_DONE + i] == x:
            return True
    return False


def pending_produce(st):
    return L.K_PRODUCE_AT, st.s[L.ACTIVE]


def do_produce(st, a):
    s = st.s
    p = s[L.ACTIVE]
    if a == L.SPACE_DONE:
        s[L.STAGE] = L.ST_BOTTOM
        return
    what, k = _yield(st, p, a)
    if what == C.PRODUCE_WORKER:
        o = po(p) + L.P_UNITS + L.U_WORKER
        for i in range(8):
            if k and s[o + i] == L.NOWHERE:
                s[o + i] = a
                k -= 1
    else:
        add_res(st, a, what, k)
    for i in range(4):
        if s[L.PROD_DONE + i] == L.NOWHERE:
            s[L.PROD_DONE + i] = a
            break
    if a != _mill(st, p):   # the Mill's territory is a bonus one: it takes no choice
        s[L.PROD_LEFT] -= 1


# ---- paying resources ---------------------------------------------------------------------
def pending_pay(st):
    s = st.s
    if not s[L.PAY_LEFT]:
        s[L.STAGE] = s[L.AFTER_PAY]
        return None
    return L.K_PAY_FROM, s[L.ACTIVE]


def can_pay(st, p, r, k, ctrl=None):
    have = controlled_res(st, p, r, ctrl)
    if _coercion_ready(st, p):
        have += 1
    return have >= k


def _coercion_ready(st, p):
    s = st.s
    return (C.FACTIONS[faction(st, p)][3] == C.AB_COERCION and not s[L.TURN_FLAGS] & 1
            and any(s[po(p) + L.P_HAND + i] for i in range(4)))


def legal_pay(st):
    s = st.s
    p = s[L.ACTIVE]
    r = s[L.PAY_TYPE]
    ctrl = control_map(st)[0]
    b = st.board
    out = [x for x in range(b.n_spaces) if ctrl[x] == p and not b.is_home(x) and res(st, x, r)]
    if _coercion_ready(st, p):
        out += [L.PAY_CARD + 2 + i for i in range(4) if s[po(p) + L.P_HAND + i]]
    return out


def do_pay(st, a):
    s = st.s
    p = s[L.ACTIVE]
    if a >= L.PAY_CARD:   # Coercion: a combat card as the resource, once a turn
        i = a - L.PAY_CARD - 2
        s[po(p) + L.P_HAND + i] -= 1
        s[L.DISCARD + i] += 1
        s[L.TURN_FLAGS] |= 1
    else:
        add_res(st, a, s[L.PAY_TYPE], -1)
    s[L.PAY_LEFT] -= 1


# ---- the bottom-row action ------------------------------------------------------------------
def pending_bottom(st):
    return L.K_BOTTOM, st.s[L.ACTIVE]


def legal_bottom(st):
    p = st.s[L.ACTIVE]
    b = st.s[L.SECTION]
    out = [L.O_SKIP]
    if can_pay(st, p, b, bottom_cost(st, p, b)):
        out.append(L.O_FIRST)
    return out + objective_options(st, p)


_PRIMARY = (L.ST_UPGRADE_TOP, L.ST_DEPLOY_MECH, L.ST_BUILD_WHICH, L.ST_ENLIST_SECTION)


def do_bottom(st, a):
    s = st.s
    p = s[L.ACTIVE]
    if a >= L.O_OBJ1:
        reveal_objective(st, p, a - L.O_OBJ1)
        return
    if a == L.O_SKIP:
        s[L.STAGE] = L.ST_END_TURN
        return
    b = s[L.SECTION]
    s[L.DEFER] = 1
    s[L.PAY_TYPE] = b
    s[L.PAY_LEFT] = bottom_cost(st, p, b)
    s[L.AFTER_PAY] = _PRIMARY[b]
    s[L.STAGE] = L.ST_PAY


def _bottom_room(st, p):
    """Bottom-row actions with room for another upgrade cube."""
    o = po(p) + L.P_BOTUP
    rows = mat(st, p)[5]
    return [b for b in range(4) if st.s[o + b] < rows[b][0] - rows[b][1]]


def pending_upgrade_top(st):
    p = st.s[L.ACTIVE]
    if st.s[po(p) + L.P_TOPUP] == 0x3F or not _bottom_room(st, p):
        st.s[L.STAGE] = L.ST_BOTTOM_DONE    # the action is complete: coins and bonuses only
        return None
    return L.K_UPGRADE_TOP, p


def legal_upgrade_top(st):
    p = st.s[L.ACTIVE]
    return [i for i in range(C.N_UPGRADES) if not _upgraded(st, p, i)]


def do_upgrade_top(st, a):
    s = st.s
    s[po(s[L.ACTIVE]) + L.P_TOPUP] |= 1 << a
    s[L.STAGE] = L.ST_UPGRADE_BOTTOM


def pending_upgrade_bottom(st):
    return L.K_UPGRADE_BOTTOM, st.s[L.ACTIVE]


def legal_upgrade_bottom(st):
    return _bottom_room(st, st.s[L.ACTIVE])


def do_upgrade_bottom(st, a):
    s = st.s
    s[po(s[L.ACTIVE]) + L.P_BOTUP + a] += 1
    s[L.STAGE] = L.ST_BOTTOM_DONE


def _build_places(st, p):
    ctrl = control_map(st)[0]
    s = st.s
    taken = set()
    for q in range(s[L.N]):
        for i in range(4):
            taken.add(s[po(q) + L.P_STRUCT + i])
    lake = 6
    return sorted(x for x in worker_territories(st, p, ctrl)
                  if x not in taken and st.board.terrain[x] != lake)


def _deploy_places(st, p):
    lake = 6
    return sorted(x for x in worker_territories(st, p, control_map(st)[0]) if st.board.terrain[x] != lake)


def pending_deploy_mech(st):
    p = st.s[L.ACTIVE]
    if not legal_deploy_mech(st) or not _deploy_places(st, p):
        st.s[L.STAGE] = L.ST_BOTTOM_DONE
        return None
    return L.K_DEPLOY_MECH, p


def legal_deploy_mech(st):
    o = po(st.s[L.ACTIVE]) + L.P_UNITS + L.U_MECH
    return [i for i in range(4) if st.s[o + i] == L.NOWHERE]


def do_deploy_mech(st, a):
    st.s[L.UNIT] = a
    st.s[L.STAGE] = L.ST_DEPLOY_AT


def pending_deploy_at(st):
    return L.K_DEPLOY_AT, st.s[L.ACTIVE]


def legal_deploy_at(st):
    return _deploy_places(st, st.s[L.ACTIVE])


def do_deploy_at(st, a):
    s = st.s
    s[po(s[L.ACTIVE]) + L.P_UNITS + L.U_MECH + s[L.UNIT]] = a
    s[L.STAGE] = L.ST_BOTTOM_DONE


def pending_build_which(st):
    p = st.s[L.ACTIVE]
    if not legal_build_which(st) or not _build_places(st, p):
        st.s[L.STAGE] = L.ST_BOTTOM_DONE
        return None
    return L.K_BUILD_WHICH, p


def legal_build_which(st):
    o = po(st.s[L.ACTIVE]) + L.P_STRUCT
    return [i for i in range(4) if st.s[o + i] == L.NOWHERE]


def do_build_which(st, a):
    st.s[L.UNIT] = a
    st.s[L.STAGE] = L.ST_BUILD_AT


def pending_build_at(st):
    return L.K_BUILD_AT, st.s[L.ACTIVE]


def legal_build_at(st):
    return _build_places(st, st.s[L.ACTIVE])


def do_build_at(st, a):
    s = st.s
    s[po(s[L.ACTIVE]) + L.P_STRUCT + s[L.UNIT]] = a
    s[L.STAGE] = L.ST_BOTTOM_DONE


def pending_enlist_section(st):
    p = st.s[L.ACTIVE]
    if st.s[po(p) + L.P_RECRUITS] == 0x0F:
        st.s[L.STAGE] = L.ST_BOTTOM_DONE
        return None
    return L.K_ENLIST_SECTION, p


def legal_enlist_section(st):
    m = st.s[po(st.s[L.ACTIVE]) + L.P_RECRUITS]
    return [i for i in range(4) if not (m >> i) & 1]


def do_enlist_section(st, a):
    s = st.s
    s[po(s[L.ACTIVE]) + L.P_RECRUITS] |= 1 << a
    s[L.STAGE] = L.ST_ENLIST_BONUS


def pending_enlist_bonus(st):
    return L.K_ENLIST_BONUS, st.s[L.ACTIVE]


def legal_enlist_bonus(st):
    m = st.s[po(st.s[L.ACTIVE]) + L.P_ONETIME]
    return [i for i in range(4) if not (m >> i) & 1]


def gain_bonus(st, p, kind, k):
    """A recruit bonus: power, coins, popularity or combat cards (content.OT_*)."""
    if kind == C.OT_POWER:
        add_power(st, p, k)
    elif kind == C.OT_COINS:
        add_coins(st, p, k)
    elif kind == C.OT_POPULARITY:
        add_pop(st, p, k)
    else:
        owe_cards(st, p, k)


def do_enlist_bonus(st, a):
    s = st.s
    p = s[L.ACTIVE]
    s[po(p) + L.P_ONETIME] |= 1 << a
    gain_bonus(st, p, a, C.ONE_TIME_AMOUNT)
    s[L.STAGE] = L.ST_BOTTOM_DONE


def pending_bottom_done(st):
    """The bottom action's coins, then the recruit ongoing bonuses: the active player, the
    one on the left, the one on the right (once each: in a 2-player game, once)."""
    s = st.s
    p = s[L.ACTIVE]
    b = s[L.SECTION]
    add_coins(st, p, mat(st, p)[5][b][2])
    done = []
    for q in (p, left(st, p), right(st, p)):
        if q in done:
            continue
        done.append(q)
        if (s[po(q) + L.P_RECRUITS] >> b) & 1:
            gain_bonus(st, q, C.ONGOING[b], 1)
    s[L.DEFER] = 0
    s[L.STAGE] = L.ST_END_TURN
    return None


def pending_end_turn(st):
    s = st.s
    s[L.ACTIVE] = left(st, s[L.ACTIVE])
    t = s[L.TURN] | (s[L.TURN + 1] << 8)
    t = min(t + 1, 0xFFFF)
    s[L.TURN] = t & 0xFF
    s[L.TURN + 1] = t >> 8
    s[L.STAGE] = L.ST_SECTION
    return None
