# The Triumph Tiles dealt at setup (docs/fenris.md 1.5): "randomly select 10 Triumph Tiles and
# place them on all 10 slots of the Triumph Track" (the Desolation: by player count), a chance
# decision each before the factions are dealt. FenrisState (fenris.py) puts these in its tables.
from ..compat import const
from . import engine as E
from .fenris_track import TILES, f0, slots

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_CAT_OBJECTIVE = const(7)
_F_TILES = const(22)
_K_TRIUMPH_TILE = const(36)
_N = const(0)
_STAGE = const(1)
_ST_FACTION = const(1)
# -- end of private copies --
_N_TILES = const(16)   # the Triumph Tiles module's 16 (TILES without the Desolation's)


def _pending_deal(st):
    """engine.pending_deal; the Triumph Tiles first (K_TRIUMPH_TILE, chance, 10 distinct)."""
    if st.tiles and st.s[_STAGE] == _ST_FACTION and not st.s[f0(st) + _F_TILES + slots(st) - 1]:
        return _K_TRIUMPH_TILE, 255
    return E.pending_deal(st)


def _legal_tile(st):
    """The tiles not dealt yet; the Desolation's 5-star tile in its games only; a Desolation
    game alone: "1 player: 5 tiles (do not use the 5-star tile, and draw and discard another
    tile if you reveal 2 objective tiles)": neither the 5-star tile nor a second objective tile
    (the discarded one and the one drawn in its place are the deal of a tile that is not)."""
    x = f0(st) + _F_TILES
    dealt = list(st.s[x:x + slots(st)])
    n = _N_TILES
    skip = -1
    if getattr(st, "DESOLATION", 0):
        n = len(TILES)
        if st.s[_N] == 1:
            n = _N_TILES
            skip = _CAT_OBJECTIVE if any(i and TILES[i - 1] == _CAT_OBJECTIVE for i in dealt) else -1
    return [i for i in range(n) if i + 1 not in dealt and TILES[i] != skip]


def _do_tile(st, a):
    s = st.s
    x = f0(st) + _F_TILES
    i = 0
    while s[x + i]:
        i += 1
    s[x + i] = a + 1
    if i == slots(st) - 1:
        st._set_track()
