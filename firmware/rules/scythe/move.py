# Scythe's Move action, one unit at a time: where a unit may go (rivers, lakes, tunnels, the
# mech abilities, Speed, the stopping rules), the unit, its destination, what it carries; and
# the end of the Move (a Factory card, an encounter). The combats after it are combat.py.
from . import tables as TB
from .common import (abilities, add_pop, control_map, faction, has_ability, mine_space, model_cards, po,
                     res)

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_MEANDER = const(5)
_AB_SWIM = const(1)
_ACTIVE = const(4)
_CARRY_I = const(31)
_ENC = const(22)
_FACTION_SIZE = const(4)
_FACTORY_OUT = const(20)
_FA_RIVERWALK = const(3)
_FROM = const(29)
_F_ENCOUNTER = const(1)
_F_TUNNEL = const(2)
_K_CARRY = const(10)
_K_FACTORY_CARD = const(31)
_K_MOVE_TO = const(9)
_K_MOVE_UNIT = const(8)
_MAX_TERMS = const(4)
_MOVED = const(26)
_MOVES_LEFT = const(25)
_MOVE_DONE = const(13)
_M_RIVERWALK = const(1)
_M_SEAWORTHY = const(4)
_M_SPEED = const(2)
_M_SUBMERGE = const(8)
_M_TOWNSHIP = const(16)
_M_UNDERPASS = const(32)
_M_WAYFARE = const(64)
_N = const(0)
_NOWHERE = const(255)
_N_FACTIONS = const(7)
_N_FACTORY_CARDS = const(12)
_N_UNITS = const(13)
_ORIGIN = const(64)
_P0 = const(72)
_PSZ = const(39)
_P_FACTORY = const(17)
_P_UNITS = const(18)
_RES0 = const(267)
_SPACE_DONE = const(60)
_STAGE = const(1)
_ST_BOTTOM = const(15)
_ST_CARRY = const(10)
_ST_COMBATS = const(25)
_ST_ENC_DRAW = const(37)
_ST_END_TURN = const(29)
_ST_FACTORY = const(34)
_ST_MOVE_TO = const(9)
_ST_MOVE_UNIT = const(8)
_ST_TERM = const(32)
_TERMS_LEFT = const(55)
_TF_FACTORY_BOTTOM = const(2)
_TF_ONE_UNIT = const(4)
_TF_SPED = const(8)
_TF_SPEED_STEP = const(64)
_TF_STOPPED = const(16)
_TO = const(30)
_TURN_FLAGS = const(61)
_T_FACTORY = const(7)
_T_HOME = const(0)
_T_LAKE = const(6)
_T_MOUNTAIN = const(5)
_T_VILLAGE = const(2)
_UNIT = const(28)
_U_CHARACTER = const(0)
_U_MECH = const(1)
_U_WORKER = const(5)
# -- end of private copies --

_EDGE_RIVER = 1
_EDGE_LAKE = 2


def _enemy_units(st, p, x):
    """(workers, fighters) of p's opponents on x: counts of workers and of characters and
    mechs."""
    s = st.s
    w = f = 0
    for q in range(s[_N]):
        if q == p:
            continue
        o = _P0 + q * _PSZ + _P_UNITS
        for u in range(_N_UNITS):
            if s[o + u] == x:
                if u < _U_WORKER:
                    f += 1
                else:
                    w += 1
    return w, f


def steps(st, p, u, x, ab, ctrl):
    """The spaces one move takes unit u of p from x (stopping rules aside)."""
    b = st.board
    fighter = u < _U_WORKER
    fac = faction(st, p)
    out = []
    for y, e in b.neighbours(x):
        if b.terrain[y] == _T_HOME:
            continue
        if e == _EDGE_LAKE:
            if not (fighter and ab & (_M_SEAWORTHY | _M_SUBMERGE)):
                continue
        elif e == _EDGE_RIVER:
            row = _FACTION_SIZE * fac
            if fighter:
                if not (ab & _M_RIVERWALK and (TB.FACTIONS[row + _FA_RIVERWALK] >> b.terrain[y]) & 1):
                    continue
            elif not has_ability(st, p, _AB_SWIM):
                continue
        out.append(y)
    mine = mine_space(st, p)
    if b.flags[x] & _F_TUNNEL or x == mine:
        out += [t for t in b.tunnels]
        if mine != _NOWHERE:
            out.append(mine)
    if fighter:
        t = b.terrain[x]
        if ab & _M_SUBMERGE and t == _T_LAKE:
            out += [y for y in b.lakes]
        if ab & _M_TOWNSHIP and ((t == _T_VILLAGE and ctrl[x] == p) or t == _T_FACTORY):
            out += [y for y in range(b.n_spaces)
                    if (b.terrain[y] == _T_VILLAGE and ctrl[y] == p) or b.terrain[y] == _T_FACTORY]
        if ab & _M_UNDERPASS and ((t == _T_MOUNTAIN and ctrl[x] == p) or b.flags[x] & _F_TUNNEL or x == mine):
            out += [y for y in range(b.n_spaces)
                    if (b.terrain[y] == _T_MOUNTAIN and ctrl[y] == p) or b.flags[y] & _F_TUNNEL or y == mine]
        if ab & _M_WAYFARE:
            active = [faction(st, q) for q in range(st.s[_N])]
            for f in range(_N_FACTIONS):
                if f == fac or f not in active:
                    out.append(b.home[f])
    return [y for y in out if y != x]


def _stops(st, p, u, y):
    """True if a unit entering y must stop there (opponents' units; a character on an
    encounter token)."""
    w, f = _enemy_units(st, p, y)
    if w or f:
        return True
    return u == _U_CHARACTER and _encounter_token(st, y)


def _encounter_token(st, y):
    b = st.board
    if not b.flags[y] & _F_ENCOUNTER:
        return False
    i = 0
    while b.encounters[i] != y:
        i += 1
    return bool((st.s[_ENC + i // 8] >> (i % 8)) & 1)


def destinations(st, p, u, ctrl=None):
    """Where unit u of p may move now (sorted): one territory (Speed's second one is asked
    after it). The Factory card's Move: up to two at once with Speed, then one. ctrl: the
    control map's controllers (control_map), when the caller has it."""
    s = st.s
    x = s[po(p) + _P_UNITS + u]
    if x == _NOWHERE:
        return []
    if ctrl is None:
        ctrl = control_map(st)[0]
    if u >= _U_WORKER:
        if _enemy_units(st, p, x)[1]:
            return []   # workers cannot leave a territory with an opponent's character or mech
        return sorted(set(y for y in steps(st, p, u, x, 0, ctrl) if _enemy_units(st, p, y) == (0, 0)))
    ab = abilities(st, p)
    seen = set(steps(st, p, u, x, ab, ctrl))
    # Speed in a Move action is a second step of its own (the unit may pick up and drop off
    # on the way: _arrive); the Factory card's one-unit Move takes both steps at once.
    tf = st.s[_TURN_FLAGS]
    if ab & _M_SPEED and tf & _TF_ONE_UNIT and not tf & _TF_SPED:
        for y in list(seen):
            if not _stops(st, p, u, y) and st.board.terrain[y] != _T_HOME:
                seen.update(steps(st, p, u, y, ab, ctrl))
    seen.discard(x)
    return sorted(seen)


# ---- the unit and its destination --------------------------------------------------------------
def pending_move_unit(st):
    s = st.s
    if not s[_MOVES_LEFT]:
        s[_STAGE] = _ST_COMBATS
        return None
    return _K_MOVE_UNIT, s[_ACTIVE]


def legal_move_unit(st):
    s = st.s
    p = s[_ACTIVE]
    moved = s[_MOVED] | (s[_MOVED + 1] << 8)
    o = po(p) + _P_UNITS
    out = []
    one = s[_TURN_FLAGS] & _TF_ONE_UNIT
    ctrl = control_map(st)[0]   # once for every unit: no move changes it here
    for u in range(_N_UNITS):
        x = s[o + u]
        if x == _NOWHERE:
            continue
        if one and moved:   # the Factory card's Move: the same unit again, unless it stopped
            if not (moved >> u) & 1 or s[_TURN_FLAGS] & _TF_STOPPED:
                continue
        elif (moved >> u) & 1:
            continue
        # Every worker is its own option (not one per space, though they are alike): each
        # has its own tag at the table, and the one lifted is the one that moves.
        if destinations(st, p, u, ctrl):
            out.append(u)
    return out + [_MOVE_DONE]


def do_move_unit(st, a):
    s = st.s
    if a == _MOVE_DONE:
        s[_STAGE] = _ST_COMBATS
        return
    s[_UNIT] = a
    s[_FROM] = s[po(s[_ACTIVE]) + _P_UNITS + a]
    s[_STAGE] = _ST_MOVE_TO


def pending_move_to(st):
    return _K_MOVE_TO, st.s[_ACTIVE]


def legal_move_to(st):
    s = st.s
    p = s[_ACTIVE]
    u = s[_UNIT]
    if s[_TURN_FLAGS] & _TF_SPEED_STEP:   # Speed's second territory, or stop here
        x = s[_FROM]
        return sorted(set(steps(st, p, u, x, abilities(st, p), control_map(st)[0])) - {x}) + [_SPACE_DONE]
    return destinations(st, p, u)


def do_move_to(st, a):
    s = st.s
    if a == _SPACE_DONE:
        s[_TURN_FLAGS] &= ~_TF_SPEED_STEP
        s[_STAGE] = _ST_MOVE_UNIT
        return
    s[_TO] = a
    s[_CARRY_I] = 0
    s[_STAGE] = _ST_CARRY


# ---- what goes along -----------------------------------------------------------------------
def _carry_max(st):
    s = st.s
    p = s[_ACTIVE]
    i = s[_CARRY_I]
    x = s[_FROM]
    if i == 0:
        if not _U_MECH <= s[_UNIT] < _U_WORKER:
            return 0
        o = po(p) + _P_UNITS
        return sum(1 for u in range(_U_WORKER, _N_UNITS) if s[o + u] == x)
    return min(res(st, x, i - 1), 255 - res(st, s[_TO], i - 1))   # a byte a kind a territory


def pending_carry(st):
    s = st.s
    while s[_CARRY_I] < 5 and not _carry_max(st):
        s[_CARRY_I] += 1
    if s[_CARRY_I] >= 5:
        _arrive(st)
        return None
    return _K_CARRY, s[_ACTIVE]


def legal_carry(st):
    k = _carry_max(st)
    return [k] if _lake_forced(st) else list(range(k + 1))


def _lake_forced(st):
    """Nothing is left behind on a lake (Seaworthy, Submerge): the last mech moving off takes
    every worker there (workers leave a lake only with a mech, and never stay on one without
    a mech: a character staying is no help), the last character or mech every resource."""
    s = st.s
    x = s[_FROM]
    if st.board.terrain[x] != _T_LAKE:
        return False
    o = po(s[_ACTIVE]) + _P_UNITS
    first = _U_MECH if s[_CARRY_I] == 0 else _U_CHARACTER
    return not any(s[o + u] == x for u in range(first, _U_WORKER) if u != s[_UNIT])


def do_carry(st, a):
    s = st.s
    i = s[_CARRY_I]
    x = s[_FROM]
    y = s[_TO]
    if i == 0:
        o = po(s[_ACTIVE]) + _P_UNITS
        for u in range(_U_WORKER, _N_UNITS):
            if a and s[o + u] == x:
                s[o + u] = y
                a -= 1
    else:
        s[_RES0 + 4 * x + i - 1] -= a
        s[_RES0 + 4 * y + i - 1] += a
    s[_CARRY_I] = i + 1


def _arrive(st):
    """The unit stands on its destination: a character or mech that finds only an
    opponent's workers sends them home (1 popularity each); the next unit."""
    s = st.s
    p = s[_ACTIVE]
    u = s[_UNIT]
    y = s[_TO]
    tf = s[_TURN_FLAGS]
    stops = _stops(st, p, u, y)
    if tf & _TF_ONE_UNIT:
        if stops:
            s[_TURN_FLAGS] |= _TF_STOPPED
        ab = abilities(st, p) if u < _U_WORKER else 0
        if y not in steps(st, p, u, s[_FROM], ab, control_map(st)[0]):
            s[_TURN_FLAGS] |= _TF_SPED
    if u < _U_WORKER and s[_ORIGIN + u] == _NOWHERE:
        s[_ORIGIN + u] = s[_FROM]   # a 6th star with combats left sends it back there
    s[po(p) + _P_UNITS + u] = y
    s[_STAGE] = _ST_MOVE_UNIT
    if tf & _TF_SPEED_STEP:          # Speed's second territory: the same unit, the same move
        s[_TURN_FLAGS] &= ~_TF_SPEED_STEP
    else:
        moved = (s[_MOVED] | (s[_MOVED + 1] << 8)) | (1 << u)
        s[_MOVED] = moved & 0xFF
        s[_MOVED + 1] = moved >> 8
        s[_MOVES_LEFT] -= 1
        if (u < _U_WORKER and not tf & _TF_ONE_UNIT and not stops and abilities(st, p) & _M_SPEED
                and st.board.terrain[y] != _T_HOME):
            s[_TURN_FLAGS] |= _TF_SPEED_STEP
            s[_FROM] = y
            s[_STAGE] = _ST_MOVE_TO
    if u < _U_WORKER:
        w, f = _enemy_units(st, p, y)
        if w and not f:
            add_pop(st, p, -_retreat_workers(st, p, y))


def _retreat_workers(st, p, y):
    """Every opponent's worker on y goes to its home base; returns how many."""
    s = st.s
    k = 0
    for q in range(s[_N]):
        if q == p:
            continue
        home = st.board.home[faction(st, q)]
        o = po(q) + _P_UNITS
        for u in range(_U_WORKER, _N_UNITS):
            if s[o + u] == y:
                s[o + u] = home
                k += 1
    return k


# ---- the Move ends: a Factory card or an encounter -------------------------------------------
def pending_factory(st):
    return _K_FACTORY_CARD, st.s[_ACTIVE]


def legal_factory(st):
    """The Factory cards left, by number (their texts are unknown: the player takes one of
    those shown, n + 1 to the first visitor, one fewer to each next, and states which)."""
    s = st.s
    return [c for c in range(_N_FACTORY_CARDS) if not (s[_FACTORY_OUT + c // 8] >> (c % 8)) & 1]


def do_factory(st, a):
    s = st.s
    s[po(s[_ACTIVE]) + _P_FACTORY] = a
    s[_FACTORY_OUT + a // 8] |= 1 << (a % 8)
    s[_STAGE] = _ST_END_TURN if s[_TURN_FLAGS] & _TF_FACTORY_BOTTOM else _ST_BOTTOM


def pending_after_move(st):
    """After the Move and its combats: the character still on an encounter token takes
    it and has the encounter (the Factory: not yet played here)."""
    s = st.s
    p = s[_ACTIVE]
    x = s[po(p) + _P_UNITS + _U_CHARACTER]
    s[_STAGE] = _ST_END_TURN if s[_TURN_FLAGS] & _TF_FACTORY_BOTTOM else _ST_BOTTOM
    if x == st.board.factory and s[po(p) + _P_FACTORY] == _NOWHERE and legal_factory(st):
        s[_STAGE] = _ST_FACTORY   # the first visit: a Factory card
        return None
    if _encounter_token(st, x):
        _take_token(st, x)
        start_encounter(st, p)
    return None


def _take_token(st, x):
    """The encounter token on x leaves the map (The Rise of Fenris's Episode 7 puts a 12th on the
    Factory: fenris_search.py)."""
    b = st.board
    i = 0
    while b.encounters[i] != x:
        i += 1
    st.s[_ENC + i // 8] &= ~(1 << (i % 8))


def start_encounter(st, p):
    """p's character has an encounter: the model deck's card drawn by chance (encounter.py), or
    the printed card's terms read in."""
    s = st.s
    if model_cards(st):
        s[_STAGE] = _ST_ENC_DRAW
        return
    meander = has_ability(st, p, _AB_MEANDER)   # Polania: 2 options
    s[_TERMS_LEFT] = 2 * _MAX_TERMS if meander else _MAX_TERMS
    s[_STAGE] = _ST_TERM
