# What Scythe's rule bot (rule_bot.py) wants: the value of a position to a player, and the
# combat it may win. Only what the player's seat sees is read: the board, the tracks,
# coins, stars, the counts of cards in hands; never a combat's locked dial or cards
# (C_DIAL, C_CARDS, C_COMMIT, C_USED) nor an objective card (the board holds only counts).
#
# value(st, p, near) is, in tenths of a coin:
# - the fortune the game would score now (coins, stars, territories and pairs of resources
#   by the popularity tier, the structure bonus);
# - W_STAR a star more (each star is a sixth of the way to the end of the game);
# - progress toward the bottom-row stars not yet reached: W_ROW an upgrade, mech, structure
#   or recruit, plus W_CURVE * (k / n)^2 for k of n (the last of a row is worth more than
#   the first, so the bot finishes a row it has begun), still counted once its star is placed;
# - each resource such a row's action needs, up to its cost now (W_NEED; beyond, W_SURPLUS),
#   less W_COST a resource its remaining actions will cost (a lowered cost where most remain);
# - the top-row boxes upgraded (W_BOX: Produce and Move first);
# - workers on the board (W_WORKER), and W_PROD each worker a Produce would put to use (the
#   two controlled territories, three once Produce is upgraded, with most of its workers making
#   what a star not reached needs; a village's workers W_VILLAGE times while the workers' star
#   is not reached); W_SITE while it has structures to build and a worker where one may go;
# - power, popularity, combat cards;
# - while combat stars are left: a combat about to be fought (its character or mech on an
#   opponent's) by its odds from the public power tracks and hand counts (W_COMBAT), and
#   its closest character or mech nearer a unit it may beat (W_NEAR a step; near: steps to
#   such a unit from every space, made once a decision by nearest());
# - the model deck: W_OBJ x (the shares of its goal's two measures met, summed, halved)^2 for
#   the held model objective closest to its goal (p's own cards: its secret, never another's).
from ..compat import const
from .common import (coins, control_map, has_ability, held_objectives, model_cards, objective_limit,
                     po, stars, workers_on_board)
from . import tables as TB
from .score import structure_count, territories, tier
from .bottom_row import bottom_cost

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_DOMINATE = const(4)
_ACTIVE = const(4)
_C_DEF = const(44)
_C_SPACE = const(43)
_F_TUNNEL = const(2)
_MAX_DIAL = const(7)
_NOWHERE = const(255)
_P_COMBAT_STARS = const(15)
_P_NCARDS = const(37)
_P_OBJ_HELD = const(38)
_P_OBJ_STARS = const(16)
_P_POP = const(3)
_P_POWER = const(2)
_P_RECRUITS = const(12)
_P_STARS = const(14)
_P_STRUCT = const(31)
_P_TOPUP = const(7)
_P_UNITS = const(18)
_RES0 = const(267)
_S_MECHS = const(1)
_S_RECRUITS = const(3)
_S_STRUCTURES = const(2)
_S_UPGRADES = const(0)
_S_WORKERS = const(4)
_TAIL = const(20)
_TILE = const(19)
_T_LAKE = const(6)
_UP_PRODUCE = const(3)
_U_MECH = const(1)
_U_WORKER = const(5)
# -- end of private copies --

W_STAR = 500
W_ROW = (90, 110, 100, 100)     # an upgrade, a mech, a structure, a recruit
W_CURVE = 120
W_NEED = 25
W_SURPLUS = 3
W_WORKER = 20
W_PROD = 15
W_SITE = 60
W_POWER = 4
W_POP = 3
W_NEAR = 25
W_COMBAT = 700
W_OBJ = 300
W_VILLAGE = 2
THIRD = 1
W_COST = 5
W_BOX = (8, 4, 6, 10, 6, 2)
_FAR = const(255)


def fortune_now(st, p, ctrl, have):
    """score.fortune(st, p, ctrl), the fortune the game would score now, counting p's
    resources into have (by type: oil, metal, wood, food: Upgrade, Deploy, Build and
    Enlist's) on the way."""
    s = st.s
    b = st.board
    for x in range(b.n_spaces):
        if ctrl[x] == p and not b.is_home(x):
            for r in range(4):
                have[r] += s[_RES0 + 4 * x + r]
    t = tier(s[po(p) + _P_POP])
    k = coins(st, p) + TB.COINS_STAR[t] * stars(st, p) + TB.COINS_TERRITORY[t] * territories(st, p, ctrl)
    k += TB.COINS_RESOURCES[t] * (sum(have) // 2)
    return k + TB.structure_bonus_coins(s[_TILE], structure_count(st, p, s[_TILE]))


def _placed(s, o, k):
    return sum(1 for i in range(o, o + k) if s[i] != _NOWHERE)


def row_counts(st, p):
    """(done, of) of the bottom-row stars: upgrades, mechs, structures, recruits."""
    s = st.s
    o = po(p)
    return ((bin(s[o + _P_TOPUP]).count("1"), 6), (_placed(s, o + _P_UNITS + _U_MECH, 4), 4),
            (_placed(s, o + _P_STRUCT, 4), 4), (bin(s[o + _P_RECRUITS]).count("1"), 4))


_ROW_STARS = (_S_UPGRADES, _S_MECHS, _S_STRUCTURES, _S_RECRUITS)


def combat_stars_left(st, p):
    """True while p may still place a combat star: the track's limit (2; The Rise of Fenris:
    War 4, Peace none, the Triumph Tiles their combat tiles), Dominate none (but under Peace;
    Alliances: Saxony's token held face up gives it)."""
    s = st.s
    return ((has_ability(st, p, _AB_DOMINATE) and not st.OBJ_DRAW)
            or s[po(p) + _P_COMBAT_STARS] < st.COMBAT_STARS)


def strength(st, q, slots):
    """What q may put into a combat with `slots` cards, as others can count it: the dial's
    most and 3 a card (hand counts and the power track are public)."""
    s = st.s
    return min(_MAX_DIAL, s[po(q) + _P_POWER]) + 3 * min(s[po(q) + _P_NCARDS], slots)


def fighters_at(st, q, x):
    o = po(q) + _P_UNITS
    return sum(1 for u in range(_U_WORKER) if st.s[o + u] == x)


def odds(st, p, q, x):
    """p's chance, in tenths, of winning as the attacker against q on x."""
    d = strength(st, p, fighters_at(st, p, x)) - strength(st, q, fighters_at(st, q, x))
    return max(1, min(9, 5 + d))


def value(st, p, near=None):
    """What the position is worth to player p, in tenths of a coin (see the module's head)."""
    s = st.s
    o = po(p)
    ctrl, fight = control_map(st)
    have = [0, 0, 0, 0]
    v = 10 * fortune_now(st, p, ctrl, have) + W_STAR * stars(st, p)
    got = s[o + _P_STARS]
    if len(s) != _RES0 + 4 * st.board.n_spaces + _TAIL:   # The Rise of Fenris: a module block;
        # the track's slots are not P_STARS' bits
        from .fenris_track import pursued, reached
        from .fenris_alliances import broken

        got = reached(st, p)
        v += pursued(st, p, ctrl)   # the track's own categories (Peace's 13 popularity, ...)
        v -= 100 * broken(st, p)   # Alliances: a flipped token's -$10 at the end
    rows = row_counts(st, p)
    for r in range(4):
        k, n = rows[r]
        v += W_ROW[r] * k + W_CURVE * k * k // (n * n)   # kept with the star: no step down
        if got >> _ROW_STARS[r] & 1:
            continue
        need = bottom_cost(st, p, r)
        use = min(have[r], need)
        v += W_NEED * use + W_SURPLUS * min(have[r] - use, need) - W_COST * need * (n - k)
    up = s[o + _P_TOPUP]
    for b in range(6):
        if up >> b & 1:
            v += W_BOX[b]
    k = workers_on_board(st, p) - 2
    v += W_WORKER * k + W_CURVE * k * k // 36
    v += W_PROD * _producers(st, p, got, ctrl)
    if not got >> _S_STRUCTURES & 1 and _build_site(st, p, ctrl):
        v += W_SITE
    v += W_POWER * s[o + _P_POWER] + W_POP * s[o + _P_POP] + 5 * s[o + _P_NCARDS]
    if combat_stars_left(st, p):
        v += _combat_value(st, p, fight, near)
    if W_OBJ and model_cards(st) and s[o + _P_OBJ_HELD] and s[o + _P_OBJ_STARS] < objective_limit(st, p):
        v += W_OBJ * _objective_progress(st, p, rows) // 3600
    return v


_CM = None


def _objective_progress(st, p, rows):
    """How far p is toward its closest held model objective (its own secret: p's cards
    only): 0 to 3600, (the two measures' shares of their goals, each at most 1, summed)^2
    in 30ths squared."""
    global _CM
    if _CM is None:
        from . import content_model
        _CM = content_model
    goals = _CM.MODEL_OBJECTIVES
    best = 0
    for g in held_objectives(st, p):
        t = 0
        for j in (0, 2):
            m = goals[4 * g + j]
            x = goals[4 * g + j + 1]
            t += 30 * min(x, _measure(st, p, m, rows)) // x
        t = t * t
        if t > best:
            best = t
    return best


def _measure(st, p, m, rows):
    """content_model.measure, by rows (row_counts) where it may."""
    if m < 4:
        return rows[m][0]
    if m == 4:
        return workers_on_board(st, p)
    return st.s[po(p) + (_P_POP if m == 5 else _P_POWER)]


def _producers(st, p, got, ctrl):
    """Workers a Produce would put to use: on the two territories p controls with most of
    its workers that make what a star not reached needs (a resource of a bottom-row action,
    workers on a village), at most 4 a territory."""
    s = st.s
    b = st.board
    o = po(p) + _P_UNITS + _U_WORKER
    first = second = third = 0
    for i in range(8):
        x = s[o + i]
        if x == _NOWHERE or b.is_home(x) or ctrl[x] != p:
            continue
        if any(s[o + j] == x for j in range(i)):
            continue   # counted with the first worker there
        t = TB.PRODUCES[b.terrain[x]]
        if t > 4 or got >> (_S_WORKERS if t == 4 else _ROW_STARS[t]) & 1:
            continue
        w = min(4, sum(1 for j in range(i, 8) if s[o + j] == x))
        if t == 4:
            w *= W_VILLAGE
        if w > first:
            first, second, third = w, first, second
        elif w > second:
            second, third = w, second
        elif w > third:
            third = w
    return first + second + (third if THIRD and s[po(p) + _P_TOPUP] >> _UP_PRODUCE & 1 else 0)


def _build_site(st, p, ctrl):
    """True if p has a worker on a territory it controls where a structure may go (no
    structure there, not a home base or a lake)."""
    s = st.s
    b = st.board
    o = po(p) + _P_UNITS + _U_WORKER
    n = s[0]
    for i in range(8):
        x = s[o + i]
        if x == _NOWHERE or b.is_home(x) or ctrl[x] != p or b.terrain[x] == _T_LAKE:
            continue
        if not any(s[po(q) + _P_STRUCT + j] == x for q in range(n) for j in range(4)):
            return True
    return False


def _combat_value(st, p, fight, near):
    s = st.s
    n = s[0]
    b = st.board
    v = 0
    if s[_ACTIVE] == p:   # combats about to be fought: p's fighters on an opponent's
        for x in range(b.n_spaces):
            m = fight[x]
            if m & (1 << p) and m & ~(1 << p):
                for q in range(n):
                    if q != p and m & (1 << q):
                        v += W_COMBAT * odds(st, p, q, x) // 10
    if near is not None:
        best = _FAR
        o = po(p) + _P_UNITS
        for u in range(_U_WORKER):
            x = s[o + u]
            if x != _NOWHERE and near[x] < best:
                best = near[x]
        if best < 8:
            v += W_NEAR * (8 - best)
    return v


def nearest(st, p, near, queue):
    """near[x]: steps from x to the closest unit of an opponent p may beat (its character or
    a mech off its home base, weaker than p), _FAR where none; queue: a bytearray of the
    spaces' number (the breadth-first search's). False when there is no such unit (or no
    combat star left). Steps count land and rivers alike, tunnels as neighbours."""
    s = st.s
    b = st.board
    ns = b.n_spaces
    for x in range(ns):
        near[x] = _FAR
    if not combat_stars_left(st, p) or not any(s[po(p) + _P_UNITS + u] != _NOWHERE for u in range(_U_WORKER)):
        return False
    tail = 0
    mine = strength(st, p, 1)
    for q in range(s[0]):
        if q == p or strength(st, q, 1) >= mine:
            continue
        o = po(q) + _P_UNITS
        for u in range(_U_WORKER):
            x = s[o + u]
            if x != _NOWHERE and not b.is_home(x) and near[x]:
                near[x] = 0
                queue[tail] = x
                tail += 1
    if not tail:
        return False
    head = 0
    adj = b.adj
    while head < tail:
        x = queue[head]
        head += 1
        d = near[x] + 1
        for k in range(6):
            y = adj[6 * x + k]
            if y != _NOWHERE and near[y] == _FAR and b.terrain[y] != _T_LAKE:
                near[y] = d
                queue[tail] = y
                tail += 1
        if b.flags[x] & _F_TUNNEL:
            for y in b.tunnels:
                if near[y] == _FAR:
                    near[y] = d
                    queue[tail] = y
                    tail += 1
    return True


def dial(st, p, opts):
    """The power p puts on its dial: the least that wins whatever the opponent shows when
    that is within its dial (the attacker wins ties; the opponent's dial at most its track,
    up to 7, and 5 a card it may add), else all it may. Only public numbers: the other
    side's locked dial is never read."""
    s = st.s
    attacker = s[_ACTIVE] == p
    q = s[_C_DEF] if attacker else s[_ACTIVE]
    x = s[_C_SPACE]
    theirs = min(_MAX_DIAL, s[po(q) + _P_POWER]) + 5 * min(s[po(q) + _P_NCARDS], fighters_at(st, q, x))
    sure = 2 * min(s[po(p) + _P_NCARDS], fighters_at(st, p, x))
    need = max(0, theirs - sure + (0 if attacker else 1))
    return need if need <= opts[-1] else opts[-1]
