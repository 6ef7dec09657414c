# Scythe's Move action (one unit at a time: the unit, its destination, what it carries) and
# combat (the attacker's order of combats, secret dials and combat cards, the outcome).
from . import tables as TB
from .common import (abilities, add_pop, add_power, card_values, control_map, discard_shown, draw_cards,
                     faction, faction_byte, hand_size, po, res, star_for, steal_card)

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_MEANDER = const(5)
_AB_SWIM = const(1)
_ACTIVE = const(4)
_CARRY_I = const(31)
_C_CARDS = const(48)
_C_COMMIT = const(8)
_C_DEF = const(44)
_C_DIAL = const(46)
_C_PRE = const(53)
_C_SIDE = const(45)
_C_SLOTS = const(50)
_C_SPACE = const(43)
_C_USED = const(51)
_ENC = const(22)
_FACTION_SIZE = const(4)
_FACTORY_OUT = const(20)
_FA_ABILITY = const(2)
_FA_RIVERWALK = const(3)
_FROM = const(29)
_F_ENCOUNTER = const(1)
_F_TUNNEL = const(2)
_K_ARTILLERY = const(27)
_K_CARD = const(26)
_K_CARRY = const(10)
_K_COMBAT_AT = const(24)
_K_DIAL = const(25)
_K_FACTORY_CARD = const(31)
_K_MOVE_TO = const(9)
_K_MOVE_UNIT = const(8)
_K_RETREAT = const(34)
_MAX_COMBAT_STARS = const(2)
_MAX_DIAL = const(7)
_MAX_TERMS = const(4)
_MOVED = const(26)
_MOVES_LEFT = const(25)
_MOVE_DONE = const(13)
_M_ARTILLERY = const(128)
_M_CAMARADERIE = const(2048)
_M_DISARM = const(256)
_M_PEOPLES_ARMY = const(1024)
_M_RIVERWALK = const(1)
_M_SCOUT = const(512)
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
_P_COMBAT_STARS = const(15)
_P_FACTORY = const(17)
_P_NCARDS = const(37)
_P_POWER = const(2)
_P_STRUCT = const(31)
_P_UNITS = const(18)
_RES0 = const(267)
_SPACE_DONE = const(60)
_STAGE = const(1)
_ST_AFTER_MOVE = const(28)
_ST_BOTTOM = const(15)
_ST_CARD = const(27)
_ST_CARRY = const(10)
_ST_COMBATS = const(25)
_ST_DIAL = const(26)
_ST_END_TURN = const(29)
_ST_FACTORY = const(34)
_ST_MOVE_TO = const(9)
_ST_MOVE_UNIT = const(8)
_ST_PRE_COMBAT = const(31)
_ST_RETREAT = const(35)
_ST_TERM = const(32)
_TA_MOVE = const(0)
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


def _mine(st, p):
    return st.s[po(p) + _P_STRUCT + _TA_MOVE]


def _enemy_units(st, p, x):
    """(workers, fighters) of p's opponents on x: counts of workers and of characters and
    mechs."""
    s = st.s
    w = f = 0
    for q in range(s[_N]):
        if q == p:
            continue
        o = po(q) + _P_UNITS
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
            elif TB.FACTIONS[row + _FA_ABILITY] != _AB_SWIM:
                continue
        out.append(y)
    mine = _mine(st, p)
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


def destinations(st, p, u):
    """Where unit u of p may move now (sorted): one territory (Speed's second one is asked
    after it). The Factory card's Move: up to two at once with Speed, then one."""
    s = st.s
    x = s[po(p) + _P_UNITS + u]
    if x == _NOWHERE:
        return []
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
        if destinations(st, p, u):
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


def pending_retreat(st):
    return _K_RETREAT, _loser(st)


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


# ---- combat -----------------------------------------------------------------------------------
def _combat_spaces(st):
    s = st.s
    p = s[_ACTIVE]
    fighters = control_map(st)[1]
    return [x for x in range(st.board.n_spaces)
            if (fighters[x] >> p) & 1 and fighters[x] & ~(1 << p)]


def pending_combats(st):
    s = st.s
    if not _combat_spaces(st):
        s[_STAGE] = _ST_AFTER_MOVE
        return None
    return _K_COMBAT_AT, s[_ACTIVE]


def legal_combat_at(st):
    return _combat_spaces(st)


def do_combat_at(st, a):
    s = st.s
    p = s[_ACTIVE]
    fighters = control_map(st)[1]
    d = 0
    while not ((fighters[a] >> d) & 1) or d == p:
        d += 1
    s[_C_SPACE] = a
    s[_C_DEF] = d
    s[_C_SIDE] = 0
    for i in range(2):
        s[_C_DIAL + i] = s[_C_CARDS + i] = s[_C_USED + i] = 0
    for side, q in ((0, p), (1, d)):     # Disarm: the opponent loses 2 power (tunnel, Mine)
        if abilities(st, q) & _M_DISARM and (st.board.flags[a] & _F_TUNNEL or a == _mine(st, q)):
            add_power(st, d if side == 0 else p, -2)
    s[_C_PRE] = 0
    s[_STAGE] = _ST_PRE_COMBAT


def _pre_players(st):
    """(the player whose pre-combat ability is asked, the opponent)."""
    s = st.s
    if s[_C_PRE] < 2:
        return s[_ACTIVE], s[_C_DEF]
    return s[_C_DEF], s[_ACTIVE]


def pending_pre_combat(st):
    """Before the dials, the attacker then the defender: Artillery (may pay 1 power: the
    opponent loses 2), Scout (takes one of the opponent's combat cards at random)."""
    s = st.s
    while s[_C_PRE] < 4:
        q, opp = _pre_players(st)
        ab = abilities(st, q)
        if s[_C_PRE] % 2 == 0:
            if ab & _M_ARTILLERY and s[po(q) + _P_POWER]:
                return _K_ARTILLERY, q
        elif ab & _M_SCOUT:
            steal_card(st, q, opp)
        s[_C_PRE] += 1
    s[_STAGE] = _ST_DIAL
    return None


def legal_artillery(st):
    return [0, 1]


def do_artillery(st, a):
    q, opp = _pre_players(st)
    if a:
        add_power(st, q, -1)
        add_power(st, opp, -2)
    st.s[_C_PRE] += 1


def _side_player(st):
    s = st.s
    return s[_C_DEF] if s[_C_SIDE] else s[_ACTIVE]


def pending_dial(st):
    return _K_DIAL, _side_player(st)


def legal_dial(st):
    q = _side_player(st)
    return list(range(min(_MAX_DIAL, st.s[po(q) + _P_POWER]) + 1))


def _slots(st, q):
    """Combat cards q may add: one per character and mech in the combat, one more with
    People's Army and a worker there."""
    s = st.s
    x = s[_C_SPACE]
    o = po(q) + _P_UNITS
    k = sum(1 for u in range(_U_WORKER) if s[o + u] == x)
    if abilities(st, q) & _M_PEOPLES_ARMY and any(s[o + u] == x for u in range(_U_WORKER, _N_UNITS)):
        k += 1
    return k


def do_dial(st, a):
    s = st.s
    s[_C_DIAL + s[_C_SIDE]] = a
    s[_C_SLOTS] = _slots(st, _side_player(st))   # in all: C_USED counts those added (secret)
    s[_STAGE] = _ST_CARD


def pending_card(st):
    s = st.s
    q = _side_player(st)
    if s[_C_USED + s[_C_SIDE]] >= s[_C_SLOTS] or not _unshown(st):
        _next_side(st)
        return None
    return _K_CARD, q


def _unshown(st):
    """Cards the deciding side still holds that are not behind its dial."""
    s = st.s
    return hand_size(st, _side_player(st)) - s[_C_USED + s[_C_SIDE]]


def legal_card(st):
    """0 (no more), or the value of a card added behind the dial: the player says which
    (the board cannot see the hand), any value still plausible (common.card_values)."""
    return [0] + [2 + i for i in card_values(st, _unshown(st), st.s[_C_SIDE])]


def do_card(st, a):
    s = st.s
    if a == 0:
        _next_side(st)
        return
    side = s[_C_SIDE]
    s[_C_COMMIT + a - 2] += 1 << (4 * side)   # in hand until the reveal, then discarded face up
    s[_C_CARDS + side] += a
    s[_C_USED + side] += 1


def _next_side(st):
    s = st.s
    if s[_C_SIDE] == 0:
        s[_C_SIDE] = 1
        s[_STAGE] = _ST_DIAL
    else:
        _resolve(st)


def _attacker_won(st):
    """After the reveal (C_SIDE: 2 the attacker won, 3 the defender)."""
    return not st.s[_C_SIDE] & 1


def _loser(st):
    s = st.s
    return s[_C_DEF] if _attacker_won(st) else s[_ACTIVE]


def legal_retreat(st):
    return retreats(st)


def do_retreat(st, a):
    _retreat_to(st, a)


def retreats(st):
    """Where the loser's units may retreat: the home base; with Seaworthy also a lake
    adjacent to the combat territory (rulebook, Seaworthy)."""
    q = _loser(st)
    b = st.board
    x = st.s[_C_SPACE]
    out = [b.home[faction(st, q)]]
    if abilities(st, q) & _M_SEAWORTHY:
        out += sorted(set(y for y, e in b.neighbours(x) if b.terrain[y] == _T_LAKE))
    return out


def _resolve(st):
    """Reveal: the higher total wins (the attacker on a tie); both pay their dials and
    discard their cards face up; the loser retreats (Seaworthy: it chooses where)."""
    s = st.s
    for i in range(4):
        c = s[_C_COMMIT + i]
        discard_shown(st, i, (c & 15) + (c >> 4))
        s[_C_COMMIT + i] = 0
    s[po(s[_ACTIVE]) + _P_NCARDS] -= s[_C_USED]
    s[po(s[_C_DEF]) + _P_NCARDS] -= s[_C_USED + 1]
    add_power(st, s[_ACTIVE], -s[_C_DIAL])
    add_power(st, s[_C_DEF], -s[_C_DIAL + 1])
    lost = 1 if s[_C_DIAL] + s[_C_CARDS] >= s[_C_DIAL + 1] + s[_C_CARDS + 1] else 0   # the loser's side
    # What the combat decided, in public bytes; the secret ones are cleared, so outside a
    # combat's dials the table's snapshot is the whole state.
    s[_C_SIDE] = 2 | (1 - lost) | (4 if s[_C_DIAL + lost] or s[_C_CARDS + lost] else 0)
    for i in range(2):
        s[_C_DIAL + i] = s[_C_CARDS + i] = s[_C_USED + i] = 0
    where = retreats(st)
    if len(where) > 1:
        s[_STAGE] = _ST_RETREAT
        return
    _retreat_to(st, where[0])


def _retreat_to(st, to):
    """The loser's units on the combat territory retreat to `to` (their resources stay; its
    workers onto a lake only with a mech, else home); the loser who revealed power draws a
    card; the attacker who won loses 1 popularity per worker sent away; the winner's star.
    A 6th star with combats left: the attacker's units that moved into them go back."""
    s = st.s
    p = s[_ACTIVE]
    x = s[_C_SPACE]
    won = _attacker_won(st)
    win, lose = (p, s[_C_DEF]) if won else (s[_C_DEF], p)
    home = st.board.home[faction(st, lose)]
    o = po(lose) + _P_UNITS
    with_mech = any(s[o + u] == x for u in range(_U_MECH, _U_WORKER))
    workers = 0
    for u in range(_N_UNITS):
        if s[o + u] == x:
            if u >= _U_WORKER:
                workers += 1
                s[o + u] = to if with_mech else home
            else:
                s[o + u] = to
    if s[_C_SIDE] & 4:   # the loser revealed power (dial or cards)
        draw_cards(st, lose, 1)
    if won and workers and not abilities(st, p) & _M_CAMARADERIE:
        add_pop(st, p, -workers)
    s[_STAGE] = _ST_COMBATS
    if star_for(st, win, _P_COMBAT_STARS, _MAX_COMBAT_STARS):
        _move_back(st)


def _move_back(st):
    """The game ended on a 6th star with combats left: the attacker's characters and mechs
    that moved into them go back where they started the Move, with the workers there
    (they came with a mech: workers enter no territory with an opponent's unit)."""
    s = st.s
    p = s[_ACTIVE]
    o = po(p) + _P_UNITS
    for x in _combat_spaces(st):
        back = _NOWHERE
        for u in range(_U_WORKER):
            if s[o + u] == x and s[_ORIGIN + u] != _NOWHERE:
                s[o + u] = s[_ORIGIN + u]
                if u >= _U_MECH and back == _NOWHERE:
                    back = s[_ORIGIN + u]
        if back != _NOWHERE:
            for u in range(_U_WORKER, _N_UNITS):
                if s[o + u] == x:
                    s[o + u] = back


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
        b = st.board
        i = 0
        while b.encounters[i] != x:
            i += 1
        s[_ENC + i // 8] &= ~(1 << (i % 8))
        meander = faction_byte(st, p, _FA_ABILITY) == _AB_MEANDER   # Polania: 2 options
        s[_TERMS_LEFT] = 2 * _MAX_TERMS if meander else _MAX_TERMS
        s[_STAGE] = _ST_TERM
    return None
