# Pie fights, after the Move, in the order the spaces were attacked. The attacker loses
# 1 friendship per fight at once; both players bid in secret on the dials (pies, then a
# spell slot per own Seeker in the fight: codes.bid_code); ties go to the attacker. Then,
# in the rulebook's order: pies and spells spent, the loser's Seekers home (goods stay),
# the winner's trophy checkpoint, the loser's rejuvenation.
from ..compat import const
from .trophies import lose_friendship, push_event

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_ATT_BID = const(25)
_AT_CAMP = const(63)
_BID = const(144)
_BID_STEP = const(143)
_CTX_DEFENDER = const(1)
_CTX_TURN = const(0)
_DECIDER = const(3)
_EV_REJUV = const(1)
_EV_TROPHY = const(2)
_FIGHTS = const(22)
_FIGHTS_N = const(21)
_FIGHT_DEF = const(24)
_KIND = const(2)
_K_BID_SPELL = const(27)
_K_FIGHT_BID = const(10)
_LAST_FIGHT = const(139)
_MAX_STATED = const(7)
_NONE = const(255)
_P0 = const(148)
_PIES = const(1)
_PSZ = const(24)
_SDISC = const(99)
_SK = const(5)
_SPELLS = const(14)
_SPELL_UNKNOWN = const(8)
_STAGE = const(1)
_ST_QUESTS = const(6)
_TFLAGS = const(18)
_TF_FIGHT = const(4)
# -- end of private copies --


def pending(st):
    """ST_FIGHT: the next bid of the fight at hand (starting it), or on to the quests."""
    s = st.s
    act = s[_ACTIVE]
    if s[_FIGHT_DEF] == _NONE:
        if not s[_FIGHTS_N]:
            s[_STAGE] = _ST_QUESTS
            return None
        here = st.occupants(s[_FIGHTS])
        others = here & ~(1 << act)
        if not others or not here & (1 << act):
            s[_FIGHTS] = s[_FIGHTS + 1]   # nobody left to fight there
            s[_FIGHTS_N] -= 1
            return None
        d = 0
        while not others & (1 << d):
            d += 1
        s[_FIGHT_DEF] = d
        s[_ATT_BID] = 0xFF   # the attacker has not bid yet
        s[_ATT_BID + 1] = 0xFF
        s[_BID_STEP] = 0
        s[_BID] = 0
        s[_BID + 1] = 0
        lose_friendship(st, act, 1)   # the attacker loses 1 friendship at once
    kind = _K_FIGHT_BID if s[_BID_STEP] == 0 else _K_BID_SPELL
    if s[_ATT_BID] == 0xFF and s[_ATT_BID + 1] == 0xFF:
        return kind, act
    return kind, s[_FIGHT_DEF]


def legal(st):
    """K_FIGHT_BID: 0-7 pies, no more than the pie track. K_BID_SPELL: 0 (none), a card of
    known value v (1 + v), or an unknown card stated as v (9 + v); a card already attached
    in the first slot must be in hand twice to fill the second."""
    s = st.s
    o = _P0 + s[_DECIDER] * _PSZ
    if s[_KIND] == _K_FIGHT_BID:
        return list(range(min(7, s[o + _PIES]) + 1))
    o += _SPELLS
    first = (s[_BID] | (s[_BID + 1] << 8)) // 8 % 17 if s[_BID_STEP] == 2 else 0
    used = -1 if not first else (first - 1 if first <= 8 else _SPELL_UNKNOWN)
    opts = [0]
    for v in range(8):
        if s[o + v] > (1 if used == v else 0):
            opts.append(1 + v)
    if s[o + _SPELL_UNKNOWN] > (1 if used == _SPELL_UNKNOWN else 0):
        for v in range(_MAX_STATED + 1):
            opts.append(9 + v)
    return opts


def do(st, a):
    """One step of a bid: the pies, then a spell slot for each own Seeker involved; the
    fight is resolved once both bids are complete."""
    s = st.s
    code = s[_BID] | (s[_BID + 1] << 8)
    step = s[_BID_STEP]
    if s[_KIND] == _K_FIGHT_BID:
        code = a
    else:
        code += a * (8 if step == 1 else 136)
    step += 1
    if step == 2 and a:
        o = _P0 + s[_DECIDER] * _PSZ + _SK
        if (s[o] == s[_FIGHTS]) + (s[o + 1] == s[_FIGHTS]) < 2:
            step = 0   # one own Seeker in the fight: one spell slot
    elif step >= 2:
        step = 0   # this player's bid is complete
    s[_BID_STEP] = step
    if step:
        s[_BID] = code & 0xFF
        s[_BID + 1] = code >> 8
        return
    s[_BID] = 0
    s[_BID + 1] = 0
    if s[_ATT_BID] == 0xFF and s[_ATT_BID + 1] == 0xFF:
        s[_ATT_BID] = code & 0xFF
        s[_ATT_BID + 1] = code >> 8
        return
    _resolve(st, code)


def _spend_bid(st, p, code):
    """Spend a bid's pies and spells (discarded); its total."""
    s = st.s
    o = _P0 + p * _PSZ
    pies = code % 8                                   # codes.bid_parts
    s[o + _PIES] -= pies
    total = pies
    for slot in (code // 8 % 17, code // 136):
        if slot:
            cls = slot - 1 if slot <= 8 else _SPELL_UNKNOWN   # codes.spell_slot_class
            s[o + _SPELLS + cls] -= 1
            s[_SDISC + cls] += 1
            total += (slot - 1) % 8                   # codes.spell_slot_value
    return total


def _resolve(st, code):
    s = st.s
    act = s[_ACTIVE]
    d = s[_FIGHT_DEF]
    space = s[_FIGHTS]
    att = _spend_bid(st, act, s[_ATT_BID] | (s[_ATT_BID + 1] << 8))
    dfn = _spend_bid(st, d, code)
    winner, loser = (act, d) if att >= dfn else (d, act)   # ties go to the attacker
    s[_LAST_FIGHT] = att
    s[_LAST_FIGHT + 1] = dfn
    s[_LAST_FIGHT + 2] = winner
    o = _P0 + loser * _PSZ + _SK
    for k in range(2):
        if s[o + k] == space:
            s[o + k] = _AT_CAMP   # goods stay on the space
    s[_FIGHTS] = s[_FIGHTS + 1]
    s[_FIGHTS_N] -= 1
    s[_FIGHT_DEF] = _NONE
    s[_ATT_BID] = 0
    s[_ATT_BID + 1] = 0
    # Rulebook order: the winner's trophy, then the loser rejuvenated at camp.
    if winner == act:
        s[_TFLAGS] |= _TF_FIGHT
        push_event(st, _EV_TROPHY, act, _CTX_TURN)
    else:
        push_event(st, _EV_TROPHY, d, _CTX_DEFENDER)
    push_event(st, _EV_REJUV, loser, 0)
