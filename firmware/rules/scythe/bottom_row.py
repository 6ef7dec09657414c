# Scythe's bottom-row actions: the choice (skip, the action, an objective) and its cost,
# Upgrade, Deploy, Build and Enlist (also run free by an encounter, encounter.py), then the
# action's coins and the recruit ongoing bonuses; a Factory card's bottom row (a one-unit
# Move, move.py).
from . import tables as TB
from .common import (add_coins, add_pop, add_power, control_map, draw_cards, left, mat_byte,
                     objective_options, po, right, start_move, upgraded, worker_territories)
from .turn import ask_objective, can_pay

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_AFTER_PAY = const(41)
_DEFER = const(42)
_FACTORY_SECTION = const(4)
_K_BOTTOM = const(15)
_K_BUILD_AT = const(21)
_K_BUILD_WHICH = const(20)
_K_DEPLOY_AT = const(19)
_K_DEPLOY_MECH = const(18)
_K_ENLIST_BONUS = const(23)
_K_ENLIST_SECTION = const(22)
_K_UPGRADE_BOTTOM = const(17)
_K_UPGRADE_TOP = const(16)
_MAT_BOTTOM = const(7)
_MOVED = const(26)
_MOVES_LEFT = const(25)
_N = const(0)
_NOWHERE = const(255)
_N_UPGRADES = const(6)
_ONE_TIME_AMOUNT = const(2)
_OT_COINS = const(1)
_OT_POPULARITY = const(2)
_OT_POWER = const(0)
_O_FIRST = const(1)
_O_OBJ1 = const(3)
_O_SKIP = const(0)
_PAY_LEFT = const(40)
_PAY_TYPE = const(39)
_P_BOTUP = const(8)
_P_ONETIME = const(13)
_P_RECRUITS = const(12)
_P_STRUCT = const(31)
_P_TOPUP = const(7)
_P_UNITS = const(18)
_SECTION = const(24)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_BOTTOM_DONE = const(24)
_ST_BUILD_AT = const(21)
_ST_BUILD_WHICH = const(20)
_ST_DEPLOY_AT = const(19)
_ST_DEPLOY_MECH = const(18)
_ST_END_TURN = const(29)
_ST_ENLIST_BONUS = const(23)
_ST_ENLIST_SECTION = const(22)
_ST_MOVE_UNIT = const(8)
_ST_PAY = const(14)
_ST_TERM = const(32)
_ST_UPGRADE_BOTTOM = const(17)
_ST_UPGRADE_TOP = const(16)
_TF_FACTORY_BOTTOM = const(2)
_TF_FREE = const(128)
_TF_ONE_UNIT = const(4)
_TURN_FLAGS = const(61)
_UNIT = const(28)
_U_CHARACTER = const(0)
_U_MECH = const(1)
# -- end of private copies --


def bottom_cost(st, p, b):
    return mat_byte(st, p, _MAT_BOTTOM + 3 * b) - st.s[po(p) + _P_BOTUP + b]


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
        ask_objective(st)
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
    return [i for i in range(_N_UPGRADES) if not upgraded(st, p, i)]


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
