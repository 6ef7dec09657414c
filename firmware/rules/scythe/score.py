# End-game scoring: coins in hand plus, by popularity tier, coins per star, per territory
# controlled (the Factory counts 3) and per 2 resources controlled, plus the structure bonus
# tile; the tie-breakers in the rulebook's order.
from . import content as C
from . import layout as L
from .board import F_ENCOUNTER, F_TUNNEL, T_FARM, T_LAKE, T_TUNDRA
from .common import coins, control_map, po, res, stars, workers_on_board


def tier(pop):
    for i, top in enumerate(C.TIER_TOPS):
        if pop <= top:
            return i
    return len(C.TIER_TOPS) - 1


def territories(st, p, ctrl):
    b = st.board
    k = 0
    for x in range(b.n_spaces):
        if ctrl[x] == p and not b.is_home(x):
            k += C.FACTORY_TERRITORIES if x == b.factory else 1
    return k


def resources(st, p, ctrl):
    b = st.board
    return sum(res(st, x, r) for x in range(b.n_spaces) if ctrl[x] == p and not b.is_home(x)
               for r in range(4))


def structure_count(st, p, tile):
    """What the structure bonus tile counts for p (content.SB_*), wherever p's structures
    stand (control does not matter)."""
    b = st.board
    o = po(p) + L.P_STRUCT
    mine = [st.s[o + i] for i in range(4) if st.s[o + i] != L.NOWHERE]
    if tile == C.SB_ON_TUNNELS:
        return sum(1 for x in mine if b.flags[x] & F_TUNNEL)
    if tile == C.SB_FARMS_TUNDRA:
        return sum(1 for x in mine if b.terrain[x] in (T_FARM, T_TUNDRA))
    if tile == C.SB_LINE:
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
            if ((tile == C.SB_NEAR_TUNNELS and b.flags[y] & F_TUNNEL)
                    or (tile == C.SB_NEAR_LAKES and b.terrain[y] == T_LAKE)
                    or (tile == C.SB_NEAR_ENCOUNTERS and b.flags[y] & F_ENCOUNTER)):
                near.add(y)
    return len(near)


def fortune(st, p, ctrl):
    s = st.s
    t = tier(s[po(p) + L.P_POP])
    k = coins(st, p)
    k += C.COINS_STAR[t] * stars(st, p)
    k += C.COINS_TERRITORY[t] * territories(st, p, ctrl)
    k += C.COINS_RESOURCES[t] * (resources(st, p, ctrl) // 2)
    k += C.structure_bonus_coins(s[L.TILE], structure_count(st, p, s[L.TILE]))
    return k


def ranking_key(st, p, ctrl):
    """Fortune, then the tie-breakers: workers, mechs and structures on the board, power,
    popularity, resources controlled, territories controlled, stars."""
    s = st.s
    o = po(p)
    units = workers_on_board(st, p)
    units += sum(1 for i in range(4) if s[o + L.P_UNITS + L.U_MECH + i] != L.NOWHERE)
    units += sum(1 for i in range(4) if s[o + L.P_STRUCT + i] != L.NOWHERE)
    return (fortune(st, p, ctrl), units, s[o + L.P_POWER], s[o + L.P_POP],
            resources(st, p, ctrl), territories(st, p, ctrl), stars(st, p))


def score(st):
    """Score a finished game: each player's fortune (P_COINS_END) and the winners."""
    s = st.s
    ctrl = control_map(st)[0]
    keys = [ranking_key(st, p, ctrl) for p in range(s[L.N])]
    best = max(keys)
    mask = 0
    for p in range(s[L.N]):
        f = min(keys[p][0], 0xFFFF)
        s[po(p) + L.P_COINS_END] = f & 0xFF
        s[po(p) + L.P_COINS_END + 1] = f >> 8
        if keys[p] == best:
            mask |= 1 << p
    s[L.WINNER_MASK] = mask
