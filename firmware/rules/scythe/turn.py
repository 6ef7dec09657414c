# A Scythe turn: the section, its top-row action (Trade, Produce, Bolster, Move's coins; the
# Move itself is move.py) and bottom-row action (Upgrade, Deploy, Build, Enlist), paying
# resources, coins and recruit bonuses, objectives, and passing the turn.
from . import tables as TB
from .common import (add_coins, add_pop, add_power, add_res, card_values, coins, control_map,
                     controlled_res, discard_card, draw_cards, faction_byte, hand_size, left,
                     mat_byte, objective_options, po, res, right, start_move, workers_on_board)

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_COERCION = const(3)
_AB_RELENTLESS = const(2)
_ACTIVE = const(4)
_AFTER_PAY = const(41)
_DEFER = const(42)
_FACTORY_SECTION = const(4)
_FA_ABILITY = const(2)
_GAIN_LEFT = const(37)
_GAIN_TYPE = const(38)
_K_BOTTOM = const(15)
_K_BUILD_AT = const(21)
_K_BUILD_WHICH = const(20)
_K_DEPLOY_AT = const(19)
_K_DEPLOY_MECH = const(18)
_K_END = const(33)
_K_ENLIST_BONUS = const(23)
_K_ENLIST_SECTION = const(22)
_K_PAY_FROM = const(14)
_K_PLACE = const(12)
_K_PRODUCE_AT = const(13)
_K_SECTION = const(6)
_K_TOP = const(7)
_K_TRADE_RES = const(11)
_K_UPGRADE_BOTTOM = const(17)
_K_UPGRADE_TOP = const(16)
_MAT_BOTTOM = const(7)
_MAT_TOP = const(3)
_MAX_TERMS = const(4)
_MOVED = const(26)
_MOVES_LEFT = const(25)
_N = const(0)
_NOWHERE = const(255)
_N_UNITS = const(13)
_N_UPGRADES = const(6)
_N_WORKERS = const(8)
_OBJ_BACK = const(57)
_ONE_TIME_AMOUNT = const(2)
_OT_COINS = const(1)
_OT_POPULARITY = const(2)
_OT_POWER = const(0)
_O_FIRST = const(1)
_O_OBJ1 = const(3)
_O_SECOND = const(2)
_O_SKIP = const(0)
_PAY_CARD = const(60)
_PAY_CARDS_TYPE = const(4)
_PAY_LEFT = const(40)
_PAY_TYPE = const(39)
_PRODUCE_WORKER = const(4)
_PROD_DONE = const(33)
_PROD_LEFT = const(32)
_P_BOTUP = const(8)
_P_FACTORY = const(17)
_P_LAST = const(6)
_P_ONETIME = const(13)
_P_POP = const(3)
_P_POWER = const(2)
_P_RECRUITS = const(12)
_P_STRUCT = const(31)
_P_TOPUP = const(7)
_P_UNITS = const(18)
_SECTION = const(24)
_SHUFFLED = const(58)
_SPACE_DONE = const(60)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_BOTTOM = const(15)
_ST_BOTTOM_DONE = const(24)
_ST_BUILD_AT = const(21)
_ST_BUILD_WHICH = const(20)
_ST_DEPLOY_AT = const(19)
_ST_DEPLOY_MECH = const(18)
_ST_END_TURN = const(29)
_ST_ENLIST_BONUS = const(23)
_ST_ENLIST_SECTION = const(22)
_ST_MOVE_UNIT = const(8)
_ST_OBJECTIVE = const(36)
_ST_PAY = const(14)
_ST_PRODUCE = const(13)
_ST_SECTION = const(6)
_ST_TERM = const(32)
_ST_TOP = const(7)
_ST_TRADE_PLACE = const(12)
_ST_TRADE_RES = const(11)
_ST_UPGRADE_BOTTOM = const(17)
_ST_UPGRADE_TOP = const(16)
_TA_BOLSTER = const(3)
_TA_MOVE = const(0)
_TA_PRODUCE = const(2)
_TA_TRADE = const(1)
_TERMS_LEFT = const(55)
_TF_COERCION = const(1)
_TF_ENDED = const(32)
_TF_FACTORY_BOTTOM = const(2)
_TF_FREE = const(128)
_TF_ONE_UNIT = const(4)
_TURN = const(6)
_TURN_FLAGS = const(61)
_UNIT = const(28)
_UP_BOLSTER_CARDS = const(5)
_UP_BOLSTER_POWER = const(4)
_UP_MOVE_COINS = const(1)
_UP_MOVE_UNITS = const(0)
_UP_PRODUCE = const(3)
_UP_TRADE_POP = const(2)
_U_CHARACTER = const(0)
_U_MECH = const(1)
_U_WORKER = const(5)
# -- end of private copies --


def _top_action(st, p):
    return mat_byte(st, p, _MAT_TOP + st.s[_SECTION])


def _upgraded(st, p, box):
    return (st.s[po(p) + _P_TOPUP] >> box) & 1


def bottom_cost(st, p, b):
    return mat_byte(st, p, _MAT_BOTTOM + 3 * b) - st.s[po(p) + _P_BOTUP + b]


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


def worker_territories(st, p, ctrl):
    """Territories p controls with at least one of its workers (not home bases)."""
    s = st.s
    o = po(p) + _P_UNITS + _U_WORKER
    b = st.board
    out = []
    for i in range(8):
        x = s[o + i]
        if x != _NOWHERE and ctrl[x] == p and not b.is_home(x) and x not in out:
            out.append(x)
    return out


def _mill(st, p):
    return st.s[po(p) + _P_STRUCT + _TA_PRODUCE]


# ---- the section -----------------------------------------------------------------------
def legal_end(st):
    return [_O_SKIP] + objective_options(st, st.s[_ACTIVE])


def do_end(st, a):
    s = st.s
    if a == _O_SKIP:
        s[_TURN_FLAGS] |= _TF_ENDED
    else:
        _objective(st)


def _objective(st):
    """O_OBJ1: the player reveals an objective; its number is asked next (K_OBJECTIVE,
    engine.py), then the same decision again."""
    s = st.s
    s[_OBJ_BACK] = s[_STAGE]
    s[_STAGE] = _ST_OBJECTIVE


def pending_section(st):
    return _K_SECTION, st.s[_ACTIVE]


def legal_section(st):
    p = st.s[_ACTIVE]
    last = st.s[po(p) + _P_LAST]
    relentless = faction_byte(st, p, _FA_ABILITY) == _AB_RELENTLESS
    out = [i for i in range(4) if i != last or relentless]
    if st.s[po(p) + _P_FACTORY] != _NOWHERE and (last != _FACTORY_SECTION or relentless):
        out.append(_FACTORY_SECTION)
    return out


def do_section(st, a):
    s = st.s
    p = s[_ACTIVE]
    s[_SECTION] = a
    s[po(p) + _P_LAST] = a
    s[_TURN_FLAGS] = 0
    s[_SHUFFLED] = 0
    s[_STAGE] = _ST_TOP


# ---- the top-row action ------------------------------------------------------------------
def pending_top(st):
    return _K_TOP, st.s[_ACTIVE]


def legal_top(st):
    p = st.s[_ACTIVE]
    if st.s[_SECTION] == _FACTORY_SECTION:   # the card's top row, stated the physical way
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
        _objective(st)
        return
    s[_STAGE] = _ST_BOTTOM
    if a == _O_SKIP:
        return
    if s[_SECTION] == _FACTORY_SECTION:
        s[_TERMS_LEFT] = _MAX_TERMS
        s[_STAGE] = _ST_TERM
        return
    t = _top_action(st, p)
    if t == _TA_MOVE:
        if a == _O_FIRST:
            s[_MOVES_LEFT] = 2 + _upgraded(st, p, _UP_MOVE_UNITS)
            s[_MOVED] = s[_MOVED + 1] = 0
            start_move(st)
            s[_STAGE] = _ST_MOVE_UNIT
        else:
            add_coins(st, p, 1 + _upgraded(st, p, _UP_MOVE_COINS))
        return
    if t == _TA_PRODUCE:
        pw, pop, cn = produce_cost(st, p)
        add_power(st, p, -pw)
        add_pop(st, p, -pop)
        add_coins(st, p, -cn)
        s[_PROD_LEFT] = 2 + _upgraded(st, p, _UP_PRODUCE)
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
            add_pop(st, p, 1 + _upgraded(st, p, _UP_TRADE_POP))
        return
    if built:
        add_pop(st, p, 1)
    if a == _O_FIRST:
        add_power(st, p, 2 + _upgraded(st, p, _UP_BOLSTER_POWER))
    else:
        draw_cards(st, p, 1 + _upgraded(st, p, _UP_BOLSTER_CARDS))


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


# ---- paying resources ---------------------------------------------------------------------
def pending_pay(st):
    s = st.s
    if not s[_PAY_LEFT]:
        s[_STAGE] = s[_AFTER_PAY]
        return None
    return _K_PAY_FROM, s[_ACTIVE]


def can_pay(st, p, r, k, ctrl=None):
    have = controlled_res(st, p, r, ctrl)
    if _coercion_ready(st, p):
        have += 1
    return have >= k


def _coercion_ready(st, p):
    s = st.s
    return (faction_byte(st, p, _FA_ABILITY) == _AB_COERCION and not s[_TURN_FLAGS] & _TF_COERCION
            and hand_size(st, p))


def legal_pay(st):
    s = st.s
    p = s[_ACTIVE]
    r = s[_PAY_TYPE]
    if r == _PAY_CARDS_TYPE:   # an encounter's cost in combat cards: the value of the card shown
        return [_PAY_CARD + 2 + i for i in card_values(st, hand_size(st, p))]
    ctrl = control_map(st)[0]
    b = st.board
    out = [x for x in range(b.n_spaces) if ctrl[x] == p and not b.is_home(x) and res(st, x, r)]
    if _coercion_ready(st, p):
        out += [_PAY_CARD + 2 + i for i in card_values(st, hand_size(st, p))]
    return out


def do_pay(st, a):
    s = st.s
    p = s[_ACTIVE]
    if a >= _PAY_CARD:   # a combat card shown and discarded: the cost, or (Coercion) a resource
        discard_card(st, p, a - _PAY_CARD - 2)
        if s[_PAY_TYPE] != _PAY_CARDS_TYPE:
            s[_TURN_FLAGS] |= _TF_COERCION
    else:
        add_res(st, a, s[_PAY_TYPE], -1)
    s[_PAY_LEFT] -= 1


# ---- the bottom-row action ------------------------------------------------------------------
def pending_bottom(st):
    return _K_BOTTOM, st.s[_ACTIVE]


def legal_bottom(st):
    p = st.s[_ACTIVE]
    b = st.s[_SECTION]
    out = [_O_SKIP]
    if b == _FACTORY_SECTION or can_pay(st, p, b, bottom_cost(st, p, b)):
        out.append(_O_FIRST)
    return out + objective_options(st, p)


_PRIMARY = (_ST_UPGRADE_TOP, _ST_DEPLOY_MECH, _ST_BUILD_WHICH, _ST_ENLIST_SECTION)


def do_bottom(st, a):
    s = st.s
    p = s[_ACTIVE]
    if a == _O_OBJ1:
        _objective(st)
        return
    if a == _O_SKIP:
        s[_STAGE] = _ST_END_TURN
        return
    b = s[_SECTION]
    if b == _FACTORY_SECTION:   # "move one unit up to two times"; no coins, no bonuses
        s[_TURN_FLAGS] |= _TF_FACTORY_BOTTOM | _TF_ONE_UNIT
        s[_MOVES_LEFT] = 2
        s[_MOVED] = s[_MOVED + 1] = 0
        start_move(st)
        s[_STAGE] = _ST_MOVE_UNIT
        return
    s[_DEFER] = 1
    s[_PAY_TYPE] = b
    s[_PAY_LEFT] = bottom_cost(st, p, b)
    s[_AFTER_PAY] = _PRIMARY[b]
    s[_STAGE] = _ST_PAY


def bottom_room(st, p):
    """Bottom-row actions with room for another upgrade cube."""
    o = po(p) + _P_BOTUP
    out = []
    for b in range(4):
        k = _MAT_BOTTOM + 3 * b
        if st.s[o + b] < mat_byte(st, p, k) - mat_byte(st, p, k + 1):
            out.append(b)
    return out


def pending_upgrade_top(st):
    p = st.s[_ACTIVE]
    if st.s[po(p) + _P_TOPUP] == 0x3F or not bottom_room(st, p):
        st.s[_STAGE] = _ST_BOTTOM_DONE    # the action is complete: coins and bonuses only
        return None
    return _K_UPGRADE_TOP, p


def legal_upgrade_top(st):
    p = st.s[_ACTIVE]
    return [i for i in range(_N_UPGRADES) if not _upgraded(st, p, i)]


def do_upgrade_top(st, a):
    s = st.s
    s[po(s[_ACTIVE]) + _P_TOPUP] |= 1 << a
    s[_STARS_DIRTY] = 1
    s[_STAGE] = _ST_UPGRADE_BOTTOM


def pending_upgrade_bottom(st):
    return _K_UPGRADE_BOTTOM, st.s[_ACTIVE]


def legal_upgrade_bottom(st):
    return bottom_room(st, st.s[_ACTIVE])


def do_upgrade_bottom(st, a):
    s = st.s
    s[po(s[_ACTIVE]) + _P_BOTUP + a] += 1
    s[_STAGE] = _ST_BOTTOM_DONE


def free_place(st, p, build):
    """Where an encounter's free Deploy or Build puts its mech or structure: the character's
    territory (not a home base nor a lake; for a structure, none there yet), else None."""
    s = st.s
    x = s[po(p) + _P_UNITS + _U_CHARACTER]
    b = st.board
    if b.is_home(x) or b.terrain[x] == 6:
        return None
    if build:
        for q in range(s[_N]):
            for i in range(4):
                if s[po(q) + _P_STRUCT + i] == x:
                    return None
    return x


def _free_places(st, p, build):
    x = free_place(st, p, build)
    return [] if x is None else [x]


def _build_places(st, p):
    if st.s[_TURN_FLAGS] & _TF_FREE:
        return _free_places(st, p, True)
    ctrl = control_map(st)[0]
    s = st.s
    taken = set()
    for q in range(s[_N]):
        for i in range(4):
            taken.add(s[po(q) + _P_STRUCT + i])
    lake = 6
    return sorted(x for x in worker_territories(st, p, ctrl)
                  if x not in taken and st.board.terrain[x] != lake)


def _deploy_places(st, p):
    if st.s[_TURN_FLAGS] & _TF_FREE:
        return _free_places(st, p, False)
    lake = 6
    return sorted(x for x in worker_territories(st, p, control_map(st)[0]) if st.board.terrain[x] != lake)


def pending_deploy_mech(st):
    p = st.s[_ACTIVE]
    if not legal_deploy_mech(st) or not _deploy_places(st, p):
        st.s[_STAGE] = _ST_BOTTOM_DONE
        return None
    return _K_DEPLOY_MECH, p


def legal_deploy_mech(st):
    o = po(st.s[_ACTIVE]) + _P_UNITS + _U_MECH
    return [i for i in range(4) if st.s[o + i] == _NOWHERE]


def do_deploy_mech(st, a):
    st.s[_UNIT] = a
    st.s[_STAGE] = _ST_DEPLOY_AT


def pending_deploy_at(st):
    return _K_DEPLOY_AT, st.s[_ACTIVE]


def legal_deploy_at(st):
    return _deploy_places(st, st.s[_ACTIVE])


def do_deploy_at(st, a):
    s = st.s
    s[po(s[_ACTIVE]) + _P_UNITS + _U_MECH + s[_UNIT]] = a
    s[_STARS_DIRTY] = 1
    s[_STAGE] = _ST_BOTTOM_DONE


def pending_build_which(st):
    p = st.s[_ACTIVE]
    if not legal_build_which(st) or not _build_places(st, p):
        st.s[_STAGE] = _ST_BOTTOM_DONE
        return None
    return _K_BUILD_WHICH, p


def legal_build_which(st):
    o = po(st.s[_ACTIVE]) + _P_STRUCT
    return [i for i in range(4) if st.s[o + i] == _NOWHERE]


def do_build_which(st, a):
    st.s[_UNIT] = a
    st.s[_STAGE] = _ST_BUILD_AT


def pending_build_at(st):
    return _K_BUILD_AT, st.s[_ACTIVE]


def legal_build_at(st):
    return _build_places(st, st.s[_ACTIVE])


def do_build_at(st, a):
    s = st.s
    s[po(s[_ACTIVE]) + _P_STRUCT + s[_UNIT]] = a
    s[_STARS_DIRTY] = 1
    s[_STAGE] = _ST_BOTTOM_DONE


def pending_enlist_section(st):
    p = st.s[_ACTIVE]
    if st.s[po(p) + _P_RECRUITS] == 0x0F:
        st.s[_STAGE] = _ST_BOTTOM_DONE
        return None
    return _K_ENLIST_SECTION, p


def legal_enlist_section(st):
    m = st.s[po(st.s[_ACTIVE]) + _P_RECRUITS]
    return [i for i in range(4) if not (m >> i) & 1]


def do_enlist_section(st, a):
    s = st.s
    s[po(s[_ACTIVE]) + _P_RECRUITS] |= 1 << a
    s[_STARS_DIRTY] = 1
    s[_STAGE] = _ST_ENLIST_BONUS


def pending_enlist_bonus(st):
    return _K_ENLIST_BONUS, st.s[_ACTIVE]


def legal_enlist_bonus(st):
    m = st.s[po(st.s[_ACTIVE]) + _P_ONETIME]
    return [i for i in range(4) if not (m >> i) & 1]


def gain_bonus(st, p, kind, k):
    """A recruit bonus: power, coins, popularity or combat cards (content.OT_*)."""
    if kind == _OT_POWER:
        add_power(st, p, k)
    elif kind == _OT_COINS:
        add_coins(st, p, k)
    elif kind == _OT_POPULARITY:
        add_pop(st, p, k)
    else:
        draw_cards(st, p, k)


def do_enlist_bonus(st, a):
    s = st.s
    p = s[_ACTIVE]
    s[po(p) + _P_ONETIME] |= 1 << a
    gain_bonus(st, p, a, _ONE_TIME_AMOUNT)
    s[_STAGE] = _ST_BOTTOM_DONE


def pending_bottom_done(st):
    """The bottom action's coins, then the recruit ongoing bonuses: the active player, the
    one on the left, the one on the right (once each: in a 2-player game, once)."""
    s = st.s
    if s[_TURN_FLAGS] & _TF_FREE:   # an encounter's action: back to its terms
        s[_TURN_FLAGS] &= ~_TF_FREE
        s[_DEFER] = 0
        s[_STAGE] = _ST_TERM
        return None
    p = s[_ACTIVE]
    b = s[_SECTION]
    add_coins(st, p, mat_byte(st, p, _MAT_BOTTOM + 3 * b + 2))
    done = []
    for q in (p, left(st, p), right(st, p)):
        if q in done:
            continue
        done.append(q)
        if (s[po(q) + _P_RECRUITS] >> b) & 1:
            gain_bonus(st, q, TB.ONGOING[b], 1)
    s[_DEFER] = 0
    s[_STAGE] = _ST_END_TURN
    return None


def pending_end_turn(st):
    """An objective may still be revealed after the bottom-row action; then the next player
    clockwise."""
    s = st.s
    if not s[_TURN_FLAGS] & _TF_ENDED and objective_options(st, s[_ACTIVE]):
        return _K_END, s[_ACTIVE]
    s[_ACTIVE] = left(st, s[_ACTIVE])
    t = s[_TURN] | (s[_TURN + 1] << 8)
    t = min(t + 1, 0xFFFF)
    s[_TURN] = t & 0xFF
    s[_TURN + 1] = t >> 8
    s[_STAGE] = _ST_SECTION
    return None
