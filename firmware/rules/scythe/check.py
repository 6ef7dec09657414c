# Consistency of a Scythe state (a game read back, and the playout tests after every
# decision): every value in range and every combat card, unit and structure accounted for.
from . import content as C
from . import layout as L
from .common import po, stars


def check(st):
    s = st.s
    n = s[L.N]
    ns = st.board.n_spaces
    if not 2 <= n <= 5 or not 1 <= s[L.STAGE] < L.N_STAGES or s[L.KIND] >= L.N_KINDS:
        return "players, stage or kind"
    if s[L.STAGE] <= L.ST_MAT:
        return None
    factions = [s[po(p) + L.P_FACTION] for p in range(n)]
    mats = [s[po(p) + L.P_MAT] for p in range(n)]
    if len(set(factions)) != n or max(factions) >= C.N_BASE_FACTIONS:
        return "factions"
    if len(set(mats)) != n or any(m not in C.BASE_MATS for m in mats):
        return "player mats"
    for i in range(4):
        total = s[L.DECK + i] + s[L.DISCARD + i] + sum(s[po(p) + L.P_HAND + i] for p in range(n))
        if total != C.COMBAT_CARDS[i]:
            return "combat cards of value %d: %d" % (i + 2, total)
    for p in range(n):
        o = po(p)
        if s[o + L.P_POWER] > C.MAX_POWER or s[o + L.P_POP] > C.MAX_POPULARITY:
            return "power or popularity of player %d" % p
        for i in range(L.P_UNITS, L.P_STRUCT + 4):
            if s[o + i] != L.NOWHERE and s[o + i] >= ns:
                return "a unit of player %d" % p
        if s[o + L.P_UNITS] == L.NOWHERE:
            return "the character of player %d" % p
        if s[o + L.P_UNITS + L.U_WORKER] == L.NOWHERE and s[L.STAGE] > L.ST_START:
            return "the workers of player %d" % p
        structs = [s[o + L.P_STRUCT + i] for i in range(4) if s[o + L.P_STRUCT + i] != L.NOWHERE]
        for x in structs:
            if st.board.is_home(x) or st.board.terrain[x] == 6:
                return "a structure of player %d on a home base or lake" % p
        if s[o + L.P_STARS] >> 7:
            return "stars of player %d" % p
        if stars(st, p) > C.END_STARS:
            return "more than 6 stars for player %d" % p
        dom = s[o + L.P_FACTION] == 3
        if not dom and s[o + L.P_COMBAT_STARS] > C.MAX_COMBAT_STARS:
            return "combat stars of player %d" % p
        if s[o + L.P_OBJ_STARS] > (C.DOMINATE_OBJECTIVE_STARS if dom else C.MAX_OBJECTIVE_STARS):
            return "objective stars of player %d" % p
        botup = sum(s[o + L.P_BOTUP + i] for i in range(4))
        topup = sum(1 for i in range(6) if (s[o + L.P_TOPUP] >> i) & 1)
        mid = 1 if s[L.STAGE] == L.ST_UPGRADE_BOTTOM and p == s[L.ACTIVE] else 0
        if botup + mid != topup or s[o + L.P_TOPUP] >> 6:
            return "upgrade cubes of player %d" % p
        mid = 1 if s[L.STAGE] == L.ST_ENLIST_BONUS and p == s[L.ACTIVE] else 0
        if _bits(s[o + L.P_RECRUITS]) != _bits(s[o + L.P_ONETIME]) + mid:
            return "recruits of player %d" % p
    seen = set()
    for p in range(n):
        for i in range(4):
            x = s[po(p) + L.P_STRUCT + i]
            if x != L.NOWHERE:
                if x in seen:
                    return "two structures on space %d" % x
                seen.add(x)
    return None


def _bits(m):
    k = 0
    while m:
        k += m & 1
        m >>= 1
    return k
