# Consistency of a Scythe state (a game read back, and the playout tests after every
# decision): every value in range and every combat card, unit and structure accounted for.
from . import tables as TB
from .common import has_ability, objective_limit, po, stars
from ..framing import popcount

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_DOMINATE = const(4)
_AB_HAD = const(128)
_ACTIVE = const(4)
_C_CARDS = const(48)
_C_COMMIT = const(8)
_C_DEF = const(44)
_C_USED = const(51)
_DISCARD = const(12)
_END_STARS = const(6)
_FACTORY_OUT = const(20)
_KIND = const(2)
_K_UPGRADE_BOTTOM = const(17)
_MAX_POPULARITY = const(18)
_MAX_POWER = const(16)
_N = const(0)
_NOWHERE = const(255)
_N_ALL_FACTIONS = const(9)
_N_BASE_FACTIONS = const(5)
_N_COMBAT_CARDS = const(42)
_N_FACTORY_CARDS = const(12)
_N_KINDS = const(78)
_N_OBJECTIVES = const(23)
_N_STAGES = const(65)
_OBJ_OUT = const(16)
_P_BOTUP = const(8)
_P_COMBAT_STARS = const(15)
_P_FACTION = const(0)
_P_FACTORY = const(17)
_P_MAT = const(1)
_P_NCARDS = const(37)
_P_OBJ_HELD = const(38)
_P_OBJ_STARS = const(16)
_P_ONETIME = const(13)
_P_POP = const(3)
_P_POWER = const(2)
_P_RECRUITS = const(12)
_P_STARS = const(14)
_P_STRUCT = const(31)
_P_TOPUP = const(7)
_P_UNITS = const(18)
_RES0 = const(267)
_STAGE = const(1)
_ST_ANN_DRAW = const(62)
_ST_CARD = const(27)
_ST_DIAL = const(26)
_ST_ENLIST_BONUS = const(23)
_ST_MAT = const(2)
_ST_MT_DIE = const(46)
_ST_START = const(3)
_ST_UPGRADE_BOTTOM = const(17)
_ST_WARSETUP = const(58)
_TAIL = const(20)
_U_WORKER = const(5)
# -- end of private copies --


def check(st):
    s = st.s
    n = s[_N]
    ns = st.board.n_spaces
    least = 1 if getattr(st, "DESOLATION", 0) else 2   # 1 player: the Desolation alone
    if not least <= n <= 5 or not 1 <= s[_STAGE] < _N_STAGES or s[_KIND] >= _N_KINDS:
        return "players, stage or kind"
    if s[_STAGE] <= _ST_MAT:
        return None
    factions = [s[po(p) + _P_FACTION] for p in range(n)]
    mats = [s[po(p) + _P_MAT] for p in range(n)]
    # (a module game, fenris.py, by its length: Vesna 7 and Fenris 8 too)
    if len(set(factions)) != n or max(factions) >= (
            _N_BASE_FACTIONS if len(s) == _RES0 + 4 * ns + _TAIL else _N_ALL_FACTIONS):
        return "factions"
    if len(set(mats)) != n or any(m not in TB.BASE_MATS for m in mats):
        return "player mats"
    problem = _cards(st)
    if problem:
        return problem
    for p in range(n):
        o = po(p)
        if s[o + _P_POWER] > _MAX_POWER or s[o + _P_POP] > _MAX_POPULARITY:
            return "power or popularity of player %d" % p
        for v in s[o + _P_UNITS:o + _P_STRUCT + 4]:
            if ns <= v != _NOWHERE:
                return "a unit of player %d" % p
        if s[o + _P_UNITS] == _NOWHERE:
            return "the character of player %d" % p
        if s[o + _P_UNITS + _U_WORKER] == _NOWHERE and s[_STAGE] > _ST_START:
            return "the workers of player %d" % p
        for x in s[o + _P_STRUCT:o + _P_STRUCT + 4]:
            if x != _NOWHERE and (st.board.is_home(x) or st.board.terrain[x] == 6):
                return "a structure of player %d on a home base or lake" % p
        if s[o + _P_STARS] >> 7 and not st.OBJ_DRAW:   # (Peace's track: 8 such slots, fenris.py)
            return "stars of player %d" % p
        if stars(st, p) > _END_STARS:
            return "more than 6 stars for player %d" % p
        # (Alliances: stars won with Dominate stay after the token's flip; fenris_hooks.py)
        over = s[o + _P_COMBAT_STARS] > st.COMBAT_STARS
        more = s[o + _P_OBJ_STARS] > objective_limit(st, p)
        # (Dominate asked only then: both answers are theirs when neither is over its limit)
        dom = (over or more) and (has_ability(st, p, _AB_DOMINATE)
                                  or has_ability(st, p, _AB_DOMINATE | _AB_HAD))
        if (not dom or st.OBJ_DRAW) and over:   # (Peace: Saxony too)
            return "combat stars of player %d" % p
        if more and not dom:   # Dominate: no limit (D1)
            return "objective stars of player %d" % p
        botup = s[o + _P_BOTUP] + s[o + _P_BOTUP + 1] + s[o + _P_BOTUP + 2] + s[o + _P_BOTUP + 3]
        topup = popcount(s[o + _P_TOPUP] & 0x3F)
        up = s[_STAGE] == _ST_UPGRADE_BOTTOM or s[_STAGE] == _ST_WARSETUP and s[_KIND] == _K_UPGRADE_BOTTOM
        mid = 1 if up and p == s[_ACTIVE] else 0   # (Episode 2a's setup: its upgrades too)
        if botup + mid != topup or s[o + _P_TOPUP] >> 6:
            return "upgrade cubes of player %d" % p
        mid = 1 if s[_STAGE] == _ST_ENLIST_BONUS and p == s[_ACTIVE] else 0
        if popcount(s[o + _P_RECRUITS]) != popcount(s[o + _P_ONETIME]) + mid:
            return "recruits of player %d" % p
    taken = 0
    for p in range(n):
        c = s[po(p) + _P_FACTORY]
        if c != _NOWHERE:
            if c >= _N_FACTORY_CARDS or not (s[_FACTORY_OUT + c // 8] >> (c % 8)) & 1:
                return "the Factory card of player %d" % p
            taken += 1
    if popcount(s[_FACTORY_OUT]) + popcount(s[_FACTORY_OUT + 1]) != taken:
        return "Factory cards taken"
    seen = set()
    for p in range(n):
        o = po(p) + _P_STRUCT
        for x in s[o:o + 4]:
            if x != _NOWHERE:
                if x in seen:
                    return "two structures on space %d" % x
                seen.add(x)
    return None


def _cards(st):
    """The combat cards add up: the discard pile (by value) and the hands (counts) within
    the 42 printed, each value within its printed number with the cards behind a combat's
    dials; those cards only during a combat, as many as its sides added, out of their
    hands. Objective cards: at most 2 held, as many revealed as objective stars, none
    held after a star but Saxony's second card, within the 23 printed."""
    s = st.s
    n = s[_N]
    total = 0
    for i in range(4):
        total += s[_DISCARD + i]
        c = s[_C_COMMIT + i]
        if s[_DISCARD + i] + max(c & 15, c >> 4) > TB.COMBAT_CARDS[i]:
            return "combat cards of value %d" % (i + 2)
    for p in range(n):
        total += s[po(p) + _P_NCARDS]
    if total > _N_COMBAT_CARDS:
        return "combat cards: %d" % total
    committed = s[_C_COMMIT] | s[_C_COMMIT + 1] | s[_C_COMMIT + 2] | s[_C_COMMIT + 3]
    if s[_STAGE] in (_ST_DIAL, _ST_CARD, _ST_MT_DIE, _ST_ANN_DRAW):   # (Mad Tesla's die, the Annihilator's
        # cards: the player's side entered)
        for side in (0, 1):
            k = [s[_C_COMMIT + i] >> (4 * side) & 15 for i in range(4)]
            if (sum(k) != s[_C_USED + side]
                    or sum((i + 2) * k[i] for i in range(4)) != s[_C_CARDS + side]):
                return "combat cards behind the dials"
        if (s[_C_USED] > s[po(s[_ACTIVE]) + _P_NCARDS]
                or s[_C_USED + 1] > s[po(s[_C_DEF]) + _P_NCARDS]):
            return "combat cards behind the dials"
    elif committed:
        return "combat cards behind the dials"
    held = 0
    obj_stars = 0
    peace = st.OBJ_DRAW   # Peace: a draw after each objective star, Saxony holds 3, #23 out
    for p in range(n):
        o = po(p)
        k = s[o + _P_OBJ_HELD]
        held += k
        obj_stars += s[o + _P_OBJ_STARS]
        if peace:
            if k > 2 + (s[o + _P_FACTION] == 3):
                return "objectives of player %d" % p
        elif k + s[o + _P_OBJ_STARS] > 2 or (s[o + _P_OBJ_STARS] and k and not (
                has_ability(st, p, _AB_DOMINATE) or has_ability(st, p, _AB_DOMINATE | _AB_HAD))):
            return "objectives of player %d" % p
    revealed = popcount(s[_OBJ_OUT]) + popcount(s[_OBJ_OUT + 1]) + popcount(s[_OBJ_OUT + 2])
    if peace:
        if not (s[_OBJ_OUT + 2] >> 6) & 1:
            return "objective 23 in play"
        revealed -= 1
    gone = getattr(st, "objectives_gone", None)   # The Rise of Fenris: out of the game, no star's
    out = gone() if gone else 0
    if s[_OBJ_OUT + 2] >> 7 or revealed - out != obj_stars or held + revealed > _N_OBJECTIVES:
        return "objective cards revealed"
    return None

