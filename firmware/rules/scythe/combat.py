# Scythe's combats after a Move: the attacker's order of combats, Disarm, Artillery and Scout,
# the secret dials and combat cards, the reveal, the loser's retreat (Seaworthy: where it
# chooses), the winner's star, and the 6th star with combats left.
from .common import (abilities, add_pop, add_power, card_values, control_map, discard_shown, draw_cards,
                     faction, hand_size, mine_space, po, star_for, steal_card)

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_C_CARDS = const(48)
_C_COMMIT = const(8)
_C_DEF = const(44)
_C_DIAL = const(46)
_C_PRE = const(53)
_C_SIDE = const(45)
_C_SLOTS = const(50)
_C_SPACE = const(43)
_C_USED = const(51)
_F_TUNNEL = const(2)
_K_ARTILLERY = const(27)
_K_CARD = const(26)
_K_COMBAT_AT = const(24)
_K_DIAL = const(25)
_K_RETREAT = const(34)
_MAX_DIAL = const(7)
_M_ARTILLERY = const(128)
_M_CAMARADERIE = const(2048)
_M_DISARM = const(256)
_M_PEOPLES_ARMY = const(1024)
_M_SCOUT = const(512)
_M_SEAWORTHY = const(4)
_NOWHERE = const(255)
_N_UNITS = const(13)
_ORIGIN = const(64)
_PRE_DONE = const(6)
_P_COMBAT_STARS = const(15)
_P_NCARDS = const(37)
_P_POWER = const(2)
_P_UNITS = const(18)
_STAGE = const(1)
_ST_AFTER_MOVE = const(28)
_ST_CARD = const(27)
_ST_COMBATS = const(25)
_ST_DIAL = const(26)
_ST_PRE_COMBAT = const(31)
_ST_RETREAT = const(35)
_T_LAKE = const(6)
_U_MECH = const(1)
_U_WORKER = const(5)
# -- end of private copies --


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
    s[_C_PRE] = 0
    s[_STAGE] = _ST_PRE_COMBAT


def _pre_players(st):
    """(the player whose pre-combat ability is asked, the opponent)."""
    s = st.s
    if s[_C_PRE] < 3:
        return s[_ACTIVE], s[_C_DEF]
    return s[_C_DEF], s[_ACTIVE]


def pending_pre_combat(st):
    """Before the dials, the attacker's abilities, then the defender's ("Attacker Advantage: If
    the attacking player has a mech ability that impacts combat, they use that ability first,
    followed by the defending player"), each a step of C_PRE: Disarm (on a tunnel or the player's
    Mine the opponent loses 2 power), Artillery (may pay 1 power: the opponent loses 2), Scout
    (takes one of the opponent's combat cards at random)."""
    s = st.s
    x = s[_C_SPACE]
    while s[_C_PRE] < _PRE_DONE:
        q, opp = _pre_players(st)
        ab = abilities(st, q)
        step = s[_C_PRE] % 3
        if step == 0:
            if ab & _M_DISARM and (st.board.flags[x] & _F_TUNNEL or x == mine_space(st, q)):
                add_power(st, opp, -2)
        elif step == 1:
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


def pending_retreat(st):
    return _K_RETREAT, _loser(st)


def legal_retreat(st):
    return retreats(st)


def do_retreat(st, a):
    _retreat_to(st, a)


def retreats(st):
    """Where the loser's units may retreat: the home base; with Seaworthy also a lake
    adjacent to the combat territory (rulebook, Seaworthy) where no other player's unit stands
    (a retreat is no move: it starts no combat, so it does not go where one would be owed;
    docs/scythe.md)."""
    q = _loser(st)
    b = st.board
    x = st.s[_C_SPACE]
    out = [b.home[faction(st, q)]]
    if abilities(st, q) & _M_SEAWORTHY:
        from . import move as M   # (move._enemy_units: as the modules count them, a found Tesla a
        # fighter too; imported here: a retreat is rare, and combat's globals stay as they were)
        out += [y for y in sorted(set(y for y, e in b.neighbours(x) if b.terrain[y] == _T_LAKE))
                if M._enemy_units(st, q, y) == (0, 0)]
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
    if star_for(st, win, _P_COMBAT_STARS, st.COMBAT_STARS):
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
