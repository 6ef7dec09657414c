# Episode 8a of The Rise of Fenris campaign, "A New Era" (docs/campaign.md, section 3): the `newera`
# module, played with `tiles` and `tesla`. Loaded only by a game with it on (fenris_tables): it
# installs its hooks then, so every other game keeps its code and heap.
#
# The rulebook's lines: "Place 1 star from every player on each of the 3 land territories adjacent
# to the Factory." "The Tesla miniature begins on the home base of the player who found him in
# Episode 7." "You must retrieve 3 of your stars from the board before placing them on the Triumph
# Track. Your other 3 stars are available from the beginning of the game." "Whenever one of your
# ground units (i.e., character, mech, or worker) moves onto a territory containing your star, its
# movement ends and you claim the star. Place it in your personal supply." "Resolve any Traps or
# combat after claiming your star." "Stars claimed from the map may be placed on the Triumph Track
# immediately if the requirements for placing the star are met when the star is retrieved from the
# board." "You may not 'retroactively' place a star for a combat won on an earlier turn when you
# were out of stars." "If you do not meet any category requirements at the moment when you pick up
# a star from the board, put the star on your faction mat to use later."
#
# As built: F_NE_STARS (layout.py) holds each player's stars still on the map; a player's supply is
# its 6 stars less those placed and those on the map (fenris_rivals.supply), so a category met, a
# combat won or an objective with none in supply places no star, and a star claimed is placed at
# once for a category met then (STARS_DIRTY). Tesla's finder is a chance decision at the setup
# (K_TESLA_START, after Vesna's and Fenris's bases: he stands on that seat's home base, found); a
# campaign's keeper fixes it (campaign_episode.forced), elsewhere the board draws it (Guess). A
# worker carried by a mech arrives with it: the mech's arrival claims the star. The stars are not
# tagged pieces: the board does not sense them (as the encounter tokens).
from ..compat import const
from . import common
from . import move as M
from .fenris_hooks import install

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_END_STARS = const(6)
_F_NE_STARS = const(145)
_F_SIZE = const(189)
_F_TESLA = const(141)
_K_TESLA_START = const(66)
_N = const(0)
_NOWHERE = const(255)
_N_KINDS = const(78)
_N_UNITS = const(13)
_P_UNITS = const(18)
_STARS_DIRTY = const(56)
_ST_CARRY = const(10)
_ST_START = const(3)
_TAIL = const(20)
_TO = const(30)
_T_LAKE = const(6)
# -- end of private copies --

_SPACES = [None, None]   # (the board, its 3 land territories next to the Factory, sorted)
_DIST = [None, None]     # (the board, per star territory the steps to it from each space, capped)
_W_STAR = const(120)     # the rule bot: a star still on the map, in tenths of a coin ...
_W_STEP = const(30)      # ... and each step from p's nearest ground unit to it
_FAR = const(4)


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def spaces(b):
    """The 3 land territories adjacent to the Factory (board order)."""
    b = getattr(b, "base", b)   # (a game with Vesna or Fenris: each state's ModuleBoard over it)
    sp = _SPACES[1]
    if _SPACES[0] is not b or sp is None:
        sp = _SPACES[1] = tuple(sorted(y for y, _e in b.neighbours(b.factory) if b.terrain[y] != _T_LAKE))
        _SPACES[0] = b
    return sp


def _bits(st):
    x = _f(st) + _F_NE_STARS
    return st.s[x] | (st.s[x + 1] << 8)


def _set_bits(st, m):
    x = _f(st) + _F_NE_STARS
    st.s[x] = m & 0xFF
    st.s[x + 1] = m >> 8


def put(data, f, n):
    """The setup's stars on the map: data, a new game's bytes whose module block starts at f."""
    m = (1 << (3 * n)) - 1
    data[f + _F_NE_STARS] = m & 0xFF
    data[f + _F_NE_STARS + 1] = m >> 8


def on_map(st, p):
    """p's stars still on the map (0-3)."""
    m = (_bits(st) >> (3 * p)) & 7
    return (m & 1) + ((m >> 1) & 1) + (m >> 2)


def star_at(st, p, y):
    """True if p's star is on territory y."""
    sp = spaces(st.board)
    for i in range(3):
        if sp[i] == y:
            return bool((_bits(st) >> (3 * p + i)) & 1)
    return False


# ---- the hooks ------------------------------------------------------------------------------
_PLAIN = (M._stops, common.star_for)


def stops(st, p, u, y):
    """move._stops; a ground unit moving onto a territory with its star: "its movement ends"."""
    if _PLAIN[0](st, p, u, y):
        return True
    return getattr(st, "NEWERA", 0) and star_at(st, p, y)


def star_for(st, p, field, limit):
    """common.star_for; none while p's supply is empty (its stars placed or on the map)."""
    if getattr(st, "NEWERA", 0) and common.stars(st, p) + on_map(st, p) >= _END_STARS:
        return False
    return _PLAIN[1](st, p, field, limit)


def on_arrive(pending):
    """The unit's arrival (move.pending_carry, Tesla's), then its player's star there claimed
    ("Place it in your personal supply"), before any combat; placed at once if a category is met
    (STARS_DIRTY: the track's stars are looked at before the next decision)."""

    def arrive(st):
        got = pending(st)
        if got is not None:
            return got
        s = st.s
        p = s[_ACTIVE]
        sp = spaces(st.board)
        for i in range(3):
            if sp[i] == s[_TO] and (_bits(st) >> (3 * p + i)) & 1:
                _set_bits(st, _bits(st) & ~(1 << (3 * p + i)))
                s[_STARS_DIRTY] = 1
        return None
    return arrive


# ---- Tesla's finder at the setup --------------------------------------------------------------
def pending_start(pending):
    """The setup's start: after Vesna's and Fenris's bases, Tesla's finder (K_TESLA_START)."""

    def start(st):
        t = _f(st) + _F_TESLA
        if st.s[t + 1] == _NOWHERE and not (st.BASES and _undealt(st) >= 0):
            return _K_TESLA_START, 255
        return pending(st)
    return start


def _undealt(st):
    from .fenris_faction import _undealt as undealt

    return undealt(st)


def legal_start(st):
    return list(range(st.s[_N]))


def do_start(st, a):
    """He "begins on the home base of the player who found him", found (his unit)."""
    t = _f(st) + _F_TESLA
    st.s[t] = st.board.home[common.faction(st, a)]
    st.s[t + 1] = a


# ---- the rule bot, the check ----------------------------------------------------------------
def _dist(b):
    b = getattr(b, "base", b)
    if _DIST[0] is not b:
        from .fenris_tesla_bot import land_steps

        _DIST[1] = [land_steps(b, (y,), _FAR, _T_LAKE) for y in spaces(b)]
        _DIST[0] = b
    return _DIST[1]


def value(st, p):
    """For the rule bot (fenris_track.pursued), in tenths of a coin: less W_STAR a star of p's on the
    map and W_STEP a step from p's nearest ground unit to it (claiming one is worth W_STAR)."""
    s = st.s
    m = _bits(st) >> (3 * p)
    if not m & 7:
        return 0
    dist = _dist(st.board)
    o = common.po(p) + _P_UNITS
    v = 0
    for i in range(3):
        if (m >> i) & 1:
            near = _FAR
            for u in range(_N_UNITS):
                x = s[o + u]
                if x != _NOWHERE and dist[i][x] < near:
                    near = dist[i][x]
            v -= _W_STAR + _W_STEP * near
    return v


def check(st):
    """A problem with the stars on the map, else None."""
    n = st.s[_N]
    if _bits(st) >> (3 * n):
        return "stars on the map"
    for p in range(n):
        if common.stars(st, p) + on_map(st, p) > _END_STARS:
            return "stars of player %d on the map" % p
    return None


def tables(tesla):
    """(PENDING, LEGAL, DO) of a game of Episode 8a: Tesla's (tesla) with the stars' steps."""
    pending, legal, do = list(tesla[0]), list(tesla[1]), list(tesla[2])
    pending[_ST_START] = pending_start(pending[_ST_START])
    pending[_ST_CARRY] = on_arrive(pending[_ST_CARRY])
    while len(legal) < _N_KINDS:
        legal.append(None)
        do.append(None)
    legal[_K_TESLA_START] = legal_start
    do[_K_TESLA_START] = do_start
    return tuple(pending), tuple(legal), tuple(do)


install((("_stops", _PLAIN[0], stops), ("star_for", _PLAIN[1], star_for)))
