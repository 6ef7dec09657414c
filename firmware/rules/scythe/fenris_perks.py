# A campaign episode's Perks (docs/campaign.md, section 3): the `perks` module. "Players may use
# their Wealth to purchase 1 Perk during the setup of an episode ... After purchasing a Perk, check
# it off your Campaign Log and immediately gain the benefit." "For the +2 resources Perk, place the
# resources you choose on one of your starting territories." "For the +1 Worker Perk, place it on
# one of your starting territories." Loaded only while its setup is asked (fenris_bonuses'
# dispatchers), so every other game keeps its code and heap.
#
# As built: after the Setup Bonuses, each seat in seat order (SETUP_I): its Perk is a chance
# decision (K_PERK, the Perk's number or PERK_NONE) that the campaign's keeper fixes from the
# Campaign Log (campaign_episode.forced: the Perk bought for this episode), so the game replays
# from its history; a game named with `perks` by hand gets them from the board's dice. +2 resources:
# the two resources (K_PERK_RES, twice), then the starting territory (K_PERK_AT); +1 Worker: the
# starting territory (a worker still on the mat; none left: nothing). Perks 3 to 7 are not printed
# in the sources (campaign_data, gap C3): the table plays them the physical way.
from ..compat import const
from . import common

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_F_PERK = const(178)
_F_PERK_RES = const(179)
_F_SIZE = const(189)
_K_PERK = const(70)
_K_PERK_AT = const(72)
_K_PERK_RES = const(71)
_MAT_ORDER = const(0)
_N = const(0)
_NOWHERE = const(255)
_PERK_NONE = const(7)
_P_UNITS = const(18)
_RES0 = const(267)
_SETUP_I = const(5)
_STAGE = const(1)
_ST_PERK = const(60)
_TAIL = const(20)
_U_WORKER = const(5)
# -- end of private copies --

_CHANCE = const(255)
_RESOURCES = const(0)   # campaign_data.PERK_RESOURCES
_WORKER = const(1)      # campaign_data.PERK_WORKER


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def begin(st):
    st.s[_STAGE] = _ST_PERK
    st.s[_SETUP_I] = 0
    st.s[_f(st) + _F_PERK] = 0
    st.s[_f(st) + _F_PERK_RES] = 0


def _starts(st, p):
    b = st.board
    f = common.faction(st, p)
    return [b.start[2 * f], b.start[2 * f + 1]]


def _free_worker(st, p):
    o = common.po(p) + _P_UNITS + _U_WORKER
    for u in range(8):
        if st.s[o + u] == _NOWHERE:
            return u
    return -1


def pending(st, after):
    """Each seat's Perk and its benefit's choices; then after(st), the next setup step."""
    s = st.s
    x = _f(st) + _F_PERK
    while s[_SETUP_I] < s[_N]:
        p = s[_SETUP_I]
        s[_ACTIVE] = p   # (the seat asked: its words, its line; the first player again after)
        perk = (s[x] & 15) - 1
        step = s[x] >> 4
        if perk < 0:
            return _K_PERK, _CHANCE
        if perk == _RESOURCES:
            return (_K_PERK_RES if step < 2 else _K_PERK_AT), p
        if perk == _WORKER and _free_worker(st, p) >= 0:
            return _K_PERK_AT, p
        _next(st)
    s[_ACTIVE] = min(range(s[_N]), key=lambda q: common.mat_byte(st, q, _MAT_ORDER))   # engine.do_tile's
    after(st)
    return None


def _next(st):
    s = st.s
    s[_SETUP_I] += 1
    s[_f(st) + _F_PERK] = 0
    s[_f(st) + _F_PERK_RES] = 0


def legal_perk(st):
    return list(range(_PERK_NONE + 1))


def do_perk(st, a):
    st.s[_f(st) + _F_PERK] = a + 1


def legal_res(st):
    return [0, 1, 2, 3]


def do_res(st, a):
    s = st.s
    x = _f(st)
    step = s[x + _F_PERK] >> 4
    s[x + _F_PERK_RES] |= (a + 1) << (4 * step)
    s[x + _F_PERK] += 16


def legal_at(st):
    return sorted(_starts(st, st.s[_SETUP_I]))


def do_at(st, a):
    """The benefit on starting territory a: the two resources, or the worker."""
    s = st.s
    x = _f(st)
    p = s[_SETUP_I]
    if (s[x + _F_PERK] & 15) - 1 == _RESOURCES:
        r = s[x + _F_PERK_RES]
        for v in (r & 15, r >> 4):
            s[_RES0 + 4 * a + v - 1] += 1
    else:
        s[common.po(p) + _P_UNITS + _U_WORKER + _free_worker(st, p)] = a
    _next(st)


def check(st):
    """A problem with the Perks' setup bytes, else None."""
    s = st.s
    x = _f(st)
    perk = (s[x + _F_PERK] & 15) - 1
    step = s[x + _F_PERK] >> 4
    r = s[x + _F_PERK_RES]
    if perk > _PERK_NONE or step > 2 or (step and perk != _RESOURCES):
        return "perk"
    if [v for v in (r & 15, r >> 4) if v] != [v for v in (r & 15, r >> 4)][:step] or r & 15 > 4 or r >> 4 > 4:
        return "perk resources"   # (one taken a step, each a kind + 1)
    if s[_STAGE] != _ST_PERK and (s[x + _F_PERK] or r):
        return "perk after its setup"
    return None
