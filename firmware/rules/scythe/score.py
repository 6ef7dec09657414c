# End-game scoring: coins in hand plus, by popularity tier, coins per star, per territory
# controlled (the Factory counts 3) and per 2 resources controlled, plus the structure bonus
# tile; the tie-breakers in the rulebook's order.
from . import tables as TB
from .common import coins, control_map, po, res, stars, workers_on_board

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_FACTORY_TERRITORIES = const(3)
_F_ENCOUNTER = const(1)
_F_TUNNEL = const(2)
_N = const(0)
_NOWHERE = const(255)
_P_COINS_END = const(35)
_P_POP = const(3)
_P_POWER = const(2)
_P_STRUCT = const(31)
_P_UNITS = const(18)
_SB_FARMS_TUNDRA = const(5)
_SB_LINE = const(4)
_SB_NEAR_ENCOUNTERS = const(2)
_SB_NEAR_LAKES = const(1)
_SB_NEAR_TUNNELS = const(0)
_SB_ON_TUNNELS = const(3)
_TILE = const(19)
_T_FARM = const(1)
_T_LAKE = const(6)
_T_TUNDRA = const(3)
_U_MECH = const(1)
_WINNER_MASK = const(62)
# -- end of private copies --


def tier(pop):
    for i, top in enumerate(TB.TIER_TOPS):
        if pop <= top:
            return i
    return len(TB.TIER_TOPS) - 1


def territories(st, p, ctrl):
    b = st.board
    k = 0
    for x in range(b.n_spaces):
        if ctrl[x] == p and not b.is_home(x):
            k += _FACTORY_TERRITORIES if x == b.factory else 1
    return k


def resources(st, p, ctrl):
    b = st.board
    return sum(res(st, x, r) for x in range(b.n_spaces) if ctrl[x] == p and not b.is_home(x)
               for r in range(4))


def structure_count(st, p, tile):
    """What the structure bonus tile counts for p (content.SB_*), wherever p's structures
    stand (control does not matter)."""
    b = st.board
    o = po(p) + _P_STRUCT
    mine = [st.s[o + i] for i in range(4) if st.s[o + i] != _NOWHERE]
    if tile == _SB_ON_TUNNELS:
        return sum(1 for x in mine if b.flags[x] & _F_TUNNEL)
    if tile == _SB_FARMS_TUNDRA:
        return sum(1 for x in mine if b.terrain[x] in (_T_FARM, _T_TUNDRA))
    if tile == _SB_LINE:
        best = 1 if mine else 0
        for x in mine:
            for d in range(3):
                k = 1
                y = b.adj[x * 6 + d]
                while y != 255 and y in mine:
                    k += 1
                    y = b.adj[y * 6 + d]
                best = max(best, k)
        return best
    near = set()
    for x in mine:
        for y, _e in b.neighbours(x):
            if ((tile == _SB_NEAR_TUNNELS and b.flags[y] & _F_TUNNEL)
                    or (tile == _SB_NEAR_LAKES and b.terrain[y] == _T_LAKE)
                    or (tile == _SB_NEAR_ENCOUNTERS and b.flags[y] & _F_ENCOUNTER)):
                near.add(y)
    return len(near)


def fortune(st, p, ctrl):
    s = st.s
    t = tier(s[po(p) + _P_POP])
    k = coins(st, p)
    k += TB.COINS_STAR[t] * stars(st, p)
    k += TB.COINS_TERRITORY[t] * territories(st, p, ctrl)
    k += TB.COINS_RESOURCES[t] * (resources(st, p, ctrl) // 2)
    k += TB.structure_bonus_coins(s[_TILE], structure_count(st, p, s[_TILE]))
    return k


def ranking_key(st, p, ctrl):
    """Fortune, then the tie-breakers: workers, mechs and structures on the board, power,
    popularity, resources controlled, territories controlled, stars."""
    s = st.s
    o = po(p)
    units = workers_on_board(st, p)
    units += sum(1 for i in range(4) if s[o + _P_UNITS + _U_MECH + i] != _NOWHERE)
    units += sum(1 for i in range(4) if s[o + _P_STRUCT + i] != _NOWHERE)
    return (fortune(st, p, ctrl), units, s[o + _P_POWER], s[o + _P_POP],
            resources(st, p, ctrl), territories(st, p, ctrl), stars(st, p))


def score(st):
    """Score a finished game: each player's fortune (P_COINS_END) and the winners."""
    s = st.s
    ctrl = control_map(st)[0]
    keys = [ranking_key(st, p, ctrl) for p in range(s[_N])]
    best = max(keys)
    mask = 0
    for p in range(s[_N]):
        f = min(keys[p][0], 0xFFFF)
        s[po(p) + _P_COINS_END] = f & 0xFF
        s[po(p) + _P_COINS_END + 1] = f >> 8
        if keys[p] == best:
            mask |= 1 << p
    s[_WINNER_MASK] = mask
