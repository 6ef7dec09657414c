# Scythe's Move action (one unit at a time: the unit, its destination, what it carries) and
# combat (the attacker's order of combats, secret dials and combat cards, the outcome).
from . import content as C
from . import layout as L
from .board import F_ENCOUNTER, F_TUNNEL, T_FACTORY, T_HOME, T_LAKE, T_MOUNTAIN, T_VILLAGE
from .common import (abilities, add_pop, add_power, control_map, faction, hand_size,
                     owe_cards, po, res, star_for)

_EDGE_RIVER = 1
_EDGE_LAKE = 2


def _mine(st, p):
    return st.s[po(p) + L.P_STRUCT + C.TA_MOVE]


def _enemy_units(st, p, x):
    """(workers, fighters) of p's opponents on x: counts of workers and of characters and
    mechs."""
    s = st.s
    w = f = 0
    for q in range(s[L.N]):
        if q == p:
            continue
        o = po(q) + L.P_UNITS
        for u in range(L.N_UNITS):
            if s[o + u] == x:
                if u < L.U_WORKER:
                    f += 1
                else:
                    w += 1
    return w, f


def steps(st, p, u, x, ab, ctrl):
    """The spaces one move takes unit u of p from x (stopping rules aside)."""
    b = st.board
    fighter = u < L.U_WORKER
    fac = faction(st, p)
    out = []
    for y, e in b.neighbours(x):
        if b.terrain[y] == T_HOME:
            continue
        if e == _EDGE_LAKE:
            if not (fighter and ab & (C.M_SEAWORTHY | C.M_SUBMERGE)):
                continue
        elif e == _EDGE_RIVER:
            if fighter:
                if not (ab & C.M_RIVERWALK and (C.FACTIONS[fac][4] >> b.terrain[y]) & 1):
                    continue
            elif C.FACTIONS[fac][3] != C.AB_SWIM:
                continue
        out.append(y)
    mine = _mine(st, p)
    if b.flags[x] & F_TUNNEL or x == mine:
        out += [t for t in b.tunnels]
        if mine != L.NOWHERE:
            out.append(mine)
    if fighter:
        t = b.terrain[x]
        if ab & C.M_SUBMERGE and t == T_LAKE:
            out += [y for y in b.lakes]
        if ab & C.M_TOWNSHIP and ((t == T_VILLAGE and ctrl[x] == p) or t == T_FACTORY):
            out += [y for y in range(b.n_spaces)
                    if (b.terrain[y] == T_VILLAGE and ctrl[y] == p) or b.terrain[y] == T_FACTORY]
        if ab & C.M_UNDERPASS and ((t == T_MOUNTAIN and ctrl[x] == p) or b.flags[x] & F_TUNNEL or x == mine):
            out += [y for y in range(b.n_spaces)
                    if (b.terrain[y] == T_MOUNTAIN and ctrl[y] == p) or b.flags[y] & F_TUNNEL or y == mine]
        if ab & C.M_WAYFARE:
            active = [faction(st, q) for q in range(st.s[L.N])]
            for f in range(len(C.FACTIONS)):
                if f == fac or f not in active:
                    out.append(b.home[f])
    return [y for y in out if y != x]


def _stops(st, p, u, y):
    """True if a unit entering y must stop there (opponents' units; a character on an
    encounter token)."""
    w, f = _enemy_units(st, p, y)
    if w or f:
        return True
    return u == L.U_CHARACTER and _encounter_token(st, y)


def _encounter_token(st, y):
    b = st.board
    if not b.flags[y] & F_ENCOUNTER:
        return False
    i = 0
    while b.encounters[i] != y:
        i += 1
    return bool((st.s[L.ENC + i // 8] >> (i % 8)) & 1)


def destinations(st, p, u):
    """Where unit u of p may move now (sorted)."""
    s = st.s
    x = s[po(p) + L.P_UNITS + u]
    if x == L.NOWHERE:
        return []
    ctrl = control_map(st)[0]
    if u >= L.U_WORKER:
        if _enemy_units(st, p, x)[1]:
            return []   # workers cannot leave a territory with an opponent's character or mech
        return sorted(set(y for y in steps(st, p, u, x, 0, ctrl) if _enemy_units(st, p, y) == (0, 0)))
    ab = abilities(st, p)
    seen = set(steps(st, p, u, x, ab, ctrl))
    if ab & C.M_SPEED:
        for y in list(seen):
            if not _stops(st, p, u, y) and st.board.terrain[y] != T_HOME:
                seen.update(steps(st, p, u, y, ab, ctrl))
    seen.discard(x)
    return sorted(seen)


# ---- the unit and its destination --------------------------------------------------------------
def pending_move_unit(st):
    s = st.s
    if not s[L.MOVES_LEFT]:
        s[L.STAGE] = L.ST_COMBATS
        return None
    return L.K_MOVE_UNIT, s[L.ACTIVE]


def legal_move_unit(st):
    s = st.s
    p = s[L.ACTIVE]
    moved = s[L.MOVED] | (s[L.MOVED + 1] << 8)
    o = po(p) + L.P_UNITS
    out = []
    seen_workers = []
    for u in range(L.N_UNITS):
        x = s[o + u]
        if x == L.NOWHERE or (moved >> u) & 1:
            continue
        if u >= L.U_WORKER:
            if x in seen_workers:
                continue   # workers on one space are alike: offer the first
            seen_workers.append(x)
        if destinations(st, p, u):
            out.append(u)
    return out + [L.MOVE_DONE]


def do_move_unit(st, a):
    s = st.s
    if a == L.MOVE_DONE:
        s[L.STAGE] = L.ST_COMBATS
        return
    s[L.UNIT] = a
    s[L.FROM] = s[po(s[L.ACTIVE]) + L.P_UNITS + a]
    s[L.STAGE] = L.ST_MOVE_TO


def pending_move_to(st):
    return L.K_MOVE_TO, st.s[L.ACTIVE]


def legal_move_to(st):
    s = st.s
    return destinations(st, s[L.ACTIVE], s[L.UNIT])


def do_move_to(st, a):
    s = st.s
    s[L.TO] = a
    s[L.CARRY_I] = 0
    s[L.STAGE] = L.ST_CARRY


# ---- what goes along -----------------------------------------------------------------------
def _carry_max(st):
    s = st.s
    p = s[L.ACTIVE]
    i = s[L.CARRY_I]
    x = s[L.FROM]
    if i == 0:
        if not L.U_MECH <= s[L.UNIT] < L.U_WORKER:
            return 0
        o = po(p) + L.P_UNITS
        return sum(1 for u in range(L.U_WORKER, L.N_UNITS) if s[o + u] == x)
    return res(st, x, i - 1)


def pending_carry(st):
    s = st.s
    while s[L.CARRY_I] < 5 and not _carry_max(st):
        s[L.CARRY_I] += 1
    if s[L.CARRY_I] >= 5:
        _arrive(st)
        return None
    return L.K_CARRY, s[L.ACTIVE]


def legal_carry(st):
    return list(range(_carry_max(st) + 1))


def do_carry(st, a):
    s = st.s
    i = s[L.CARRY_I]
    x = s[L.FROM]
    y = s[L.TO]
    if i == 0:
        o = po(s[L.ACTIVE]) + L.P_UNITS
        for u in range(L.U_WORKER, L.N_UNITS):
            if a and s[o + u] == x:
                s[o + u] = y
                a -= 1
    else:
        s[L.RES0 + 4 * x + i - 1] -= a
        s[L.RES0 + 4 * y + i - 1] += a
    s[L.CARRY_I] = i + 1


def _arrive(st):
    """The unit stands on its destination: a character or mech that finds only an
    opponent's workers sends them home (1 popularity each); the next unit."""
    s = st.s
    p = s[L.ACTIVE]
    u = s[L.UNIT]
    y = s[L.TO]
    s[po(p) + L.P_UNITS + u] = y
    moved = (s[L.MOVED] | (s[L.MOVED + 1] << 8)) | (1 << u)
    s[L.MOVED] = moved & 0xFF
    s[L.MOVED + 1] = moved >> 8
    s[L.MOVES_LEFT] -= 1
    if u < L.U_WORKER:
        w, f = _enemy_units(st, p, y)
        if w and not f:
            add_pop(st, p, -_retreat_workers(st, p, y))
    s[L.STAGE] = L.ST_MOVE_UNIT


def _retreat_workers(st, p, y):
    """Every opponent's worker on y goes to its home base; returns how many."""
    s = st.s
    k = 0
    for q in range(s[L.N]):
        if q == p:
            continue
        home = st.board.home[faction(st, q)]
        o = po(q) + L.P_UNITS
        for u in range(L.U_WORKER, L.N_UNITS):
            if s[o + u] == y:
                s[o + u] = home
                k += 1
    return k


# ---- combat -----------------------------------------------------------------------------------
def _combat_spaces(st):
    s = st.s
    p = s[L.ACTIVE]
    fighters = control_map(st)[1]
    return [x for x in range(st.board.n_spaces)
            if (fighters[x] >> p) & 1 and fighters[x] & ~(1 << p)]


def pending_combats(st):
    s = st.s
    if not _combat_spaces(st):
        s[L.STAGE] = L.ST_AFTER_MOVE
        return None
    return L.K_COMBAT_AT, s[L.ACTIVE]


def legal_combat_at(st):
    return _combat_spaces(st)


def do_combat_at(st, a):
    s = st.s
    p = s[L.ACTIVE]
    fighters = control_map(st)[1]
    d = 0
    while not ((fighters[a] >> d) & 1) or d == p:
        d += 1
    s[L.C_SPACE] = a
    s[L.C_DEF] = d
    s[L.C_SIDE] = 0
    for i in range(2):
        s[L.C_DIAL + i] = s[L.C_CARDS + i] = s[L.C_USED + i] = 0
    for side, q in ((0, p), (1, d)):     # Disarm: the opponent loses 2 power (tunnel, Mine)
        if abilities(st, q) & C.M_DISARM and (st.board.flags[a] & F_TUNNEL or a == _mine(st, q)):
            add_power(st, d if side == 0 else p, -2)
    s[L.C_PRE] = 0
    s[L.STAGE] = L.ST_PRE_COMBAT


def _pre_players(st):
    """(the player whose pre-combat ability is asked, the opponent)."""
    s = st.s
    if s[L.C_PRE] < 2:
        return s[L.ACTIVE], s[L.C_DEF]
    return s[L.C_DEF], s[L.ACTIVE]


def pending_pre_combat(st):
    """Before the dials, the attacker then the defender: Artillery (may pay 1 power: the
    opponent loses 2), Scout (takes one of the opponent's combat cards at random)."""
    s = st.s
    while s[L.C_PRE] < 4:
        q, opp = _pre_players(st)
        ab = abilities(st, q)
        if s[L.C_PRE] % 2 == 0:
            if ab & C.M_ARTILLERY and s[po(q) + L.P_POWER]:
                return L.K_ARTILLERY, q
        elif ab & C.M_SCOUT and hand_size(st, opp):
            return L.K_STEAL, 255
        s[L.C_PRE] += 1
    s[L.STAGE] = L.ST_DIAL
    return None


def legal_artillery(st):
    return [0, 1]


def do_artillery(st, a):
    q, opp = _pre_players(st)
    if a:
        add_power(st, q, -1)
        add_power(st, opp, -2)
    st.s[L.C_PRE] += 1


def legal_steal(st):
    o = po(_pre_players(st)[1]) + L.P_HAND
    return [2 + i for i in range(4) if st.s[o + i]]


def steal_weights(st):
    o = po(_pre_players(st)[1]) + L.P_HAND
    return [(2 + i, st.s[o + i]) for i in range(4) if st.s[o + i]]


def do_steal(st, a):
    q, opp = _pre_players(st)
    st.s[po(opp) + L.P_HAND + a - 2] -= 1
    st.s[po(q) + L.P_HAND + a - 2] += 1
    st.s[L.C_PRE] += 1


def _side_player(st):
    s = st.s
    return s[L.C_DEF] if s[L.C_SIDE] else s[L.ACTIVE]


def pending_dial(st):
    return L.K_DIAL, _side_player(st)


def legal_dial(st):
    q = _side_player(st)
    return list(range(min(C.MAX_DIAL, st.s[po(q) + L.P_POWER]) + 1))


def _slots(st, q):
    """Combat cards q may add: one per character and mech in the combat, one more with
    People's Army and a worker there."""
    s = st.s
    x = s[L.C_SPACE]
    o = po(q) + L.P_UNITS
    k = sum(1 for u in range(L.U_WORKER) if s[o + u] == x)
    if abilities(st, q) & C.M_PEOPLES_ARMY and any(s[o + u] == x for u in range(L.U_WORKER, L.N_UNITS)):
        k += 1
    return k


def do_dial(st, a):
    s = st.s
    s[L.C_DIAL + s[L.C_SIDE]] = a
    s[L.C_SLOTS] = _slots(st, _side_player(st))
    s[L.STAGE] = L.ST_CARD


def pending_card(st):
    s = st.s
    q = _side_player(st)
    if not s[L.C_SLOTS] or not any(s[po(q) + L.P_HAND + i] for i in range(4)):
        _next_side(st)
        return None
    return L.K_CARD, q


def legal_card(st):
    o = po(_side_player(st)) + L.P_HAND
    return [0] + [2 + i for i in range(4) if st.s[o + i]]


def do_card(st, a):
    s = st.s
    if a == 0:
        _next_side(st)
        return
    side = s[L.C_SIDE]
    o = po(_side_player(st)) + L.P_HAND
    s[o + a - 2] -= 1
    s[L.DISCARD + a - 2] += 1   # discarded face up at the reveal
    s[L.C_CARDS + side] += a
    s[L.C_USED + side] += 1
    s[L.C_SLOTS] -= 1


def _next_side(st):
    s = st.s
    if s[L.C_SIDE] == 0:
        s[L.C_SIDE] = 1
        s[L.STAGE] = L.ST_DIAL
    else:
        _resolve(st)


def _resolve(st):
    """Reveal: the higher total wins (the attacker on a tie); both pay their dials; the loser's
    units go home (their resources stay), the loser who revealed power draws a card; the
    winner's star; the attacker who won loses 1 popularity per worker sent home."""
    s = st.s
    p = s[L.ACTIVE]
    d = s[L.C_DEF]
    x = s[L.C_SPACE]
    att = s[L.C_DIAL] + s[L.C_CARDS]
    dfn = s[L.C_DIAL + 1] + s[L.C_CARDS + 1]
    add_power(st, p, -s[L.C_DIAL])
    add_power(st, d, -s[L.C_DIAL + 1])
    win, lose = (p, d) if att >= dfn else (d, p)
    lose_side = 1 if win == p else 0
    home = st.board.home[faction(st, lose)]
    o = po(lose) + L.P_UNITS
    workers = 0
    for u in range(L.N_UNITS):
        if s[o + u] == x:
            s[o + u] = home
            if u >= L.U_WORKER:
                workers += 1
    if s[L.C_DIAL + lose_side] or s[L.C_CARDS + lose_side]:
        owe_cards(st, lose, 1)
    if win == p and workers and not abilities(st, p) & C.M_CAMARADERIE:
        add_pop(st, p, -workers)
    s[L.STAGE] = L.ST_COMBATS
    star_for(st, win, L.P_COMBAT_STARS, C.MAX_COMBAT_STARS)


def pending_after_move(st):
    """After the Move and its combats: the character still on an encounter token takes
    it and has the encounter (the Factory: not yet played here)."""
    s = st.s
    p = s[L.ACTIVE]
    x = s[po(p) + L.P_UNITS + L.U_CHARACTER]
    s[L.STAGE] = L.ST_BOTTOM
    if _encounter_token(st, x):
        b = st.board
        i = 0
        while b.encounters[i] != x:
            i += 1
        s[L.ENC + i // 8] &= ~(1 << (i % 8))
        s[L.TERMS_LEFT] = L.MAX_TERMS
        s[L.STAGE] = L.ST_TERM
    return None
