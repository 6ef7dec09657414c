# Make actions: when Bake, Conjure and Power Up are possible, and Power Up's draw-3-keep-1
# from a power-up pile (the pay and gain steps are effect terms, run by quest.py's ops).
from ..compat import const
from ..framing import get16, popcount, put16
from .trophies import spells_available

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_A_BAKE = const(3)
_A_CONJURE = const(4)
_G_APPLE = const(0)
_G_GEM = const(1)
_KIND = const(2)
_K_DRAW_TILE = const(22)
_K_PU_KEEP = const(23)
_K_PU_SECTION = const(21)
_NONE = const(255)
_OPS_I = const(44)
_OP_DONE = const(61)
_P0 = const(148)
_PSZ = const(24)
_PUBOT = const(114)
_PUBOT_N = const(112)
_PUDECK = const(108)
_PU_DRAWN = const(66)
_PU_N = const(65)
_PU_SEC = const(64)
_S_MAKE = const(1)
_S_MOVE = const(0)
_TILE = const(7)
# -- end of private copies --


def possible(st, p, a):
    """A Make action needs its full cost on the player's spaces and its full benefit
    available: Bake up to the pie maximum, Conjure a spell card left, Power Up a pile with a
    tile for a free section."""
    if a == _A_BAKE:
        return st.controlled(p, _G_APPLE) >= 2 and st.pies(p) + 2 <= st.content.pies_max
    if a == _A_CONJURE:
        return st.controlled(p, _G_GEM) >= 2 and spells_available(st)
    return (st.controlled(p, _G_APPLE) >= 1 and st.controlled(p, _G_GEM) >= 1
            and bool(sections(st, p)))


def _pile_size(st, sec):
    s = st.s
    return popcount(get16(s, _PUDECK + 2 * sec)) + s[_PUBOT_N + sec]


def sections(st, p):
    """K_PU_SECTION: the sections of p's mat without a tile whose pile is not empty."""
    o = _P0 + p * _PSZ + _TILE
    s = st.s
    return [sec for sec in (_S_MOVE, _S_MAKE) if s[o + sec] == _NONE and _pile_size(st, sec)]


def pending_power_up(st):
    """The next step of the E_POWER_UP term: the pile, the draws, the tile kept."""
    s = st.s
    if s[_PU_SEC] == _NONE:
        return _K_PU_SECTION, s[_ACTIVE]
    if s[_PU_N] < 3 and _pile_size(st, s[_PU_SEC]):
        return _K_DRAW_TILE, _NONE
    return _K_PU_KEEP, s[_ACTIVE]


def legal(st):
    """K_PU_SECTION: the free sections with a tile left; K_DRAW_TILE: any unseen tile of
    the pile, else the first one put back; K_PU_KEEP: one of the tiles drawn."""
    s = st.s
    kind = s[_KIND]
    if kind == _K_PU_SECTION:
        return sections(st, s[_ACTIVE])
    if kind == _K_PU_KEEP:
        return list(s[_PU_DRAWN:_PU_DRAWN + s[_PU_N]])
    sec = s[_PU_SEC]
    m = get16(s, _PUDECK + 2 * sec)
    pile = st.content.piles[sec]
    if m:
        return [pile[i] for i in range(len(pile)) if m & (1 << i)]
    return [s[_PUBOT + 12 * sec]]


def do(st, a):
    s = st.s
    kind = s[_KIND]
    if kind == _K_PU_SECTION:
        s[_PU_SEC] = a
        s[_PU_N] = 0
        return
    sec = s[_PU_SEC]
    b = _PUBOT + 12 * sec
    if kind == _K_DRAW_TILE:
        m = get16(s, _PUDECK + 2 * sec)
        if m:
            put16(s, _PUDECK + 2 * sec, m & ~(1 << st.content.piles[sec].index(a)))
        else:
            n = s[_PUBOT_N + sec] - 1
            s[b:b + n] = s[b + 1:b + 1 + n]
            s[_PUBOT_N + sec] = n
        s[_PU_DRAWN + s[_PU_N]] = a
        s[_PU_N] += 1
        return
    # K_PU_KEEP: the tile kept goes on the mat; the others back face down to the bottom.
    s[_P0 + s[_ACTIVE] * _PSZ + _TILE + sec] = a
    for i in range(s[_PU_N]):
        t = s[_PU_DRAWN + i]
        if t != a:
            s[b + s[_PUBOT_N + sec]] = t
            s[_PUBOT_N + sec] += 1
    s[_PU_SEC] = _NONE
    s[_PU_N] = 0
    s[_OPS_I] += 1   # the E_POWER_UP term is done
    s[_OP_DONE] = 0
