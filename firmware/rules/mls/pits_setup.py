# Pie in the Sky's setup and checks: the expansion's tables built from its data, a new
# game, the airship mats and the airship's portal (layout.ST_PITS_SETUP), and the checks of
# a state read back. Used while a game is set up or resumed, then released (pits.py).
from ..compat import const
from ..errors import ContentDataError, SetupError
from .content import Content

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_UNKNOWN = const(0)
_AIR_BOOST = const(1)
_AIR_TROPHY = const(0)
_AM_DROPPER = const(0)
_AM_EMP = const(1)
_CAMP = const(4)
_FIRST = const(5)
_G_QUEST = const(2)
_HOLD_CARGO = const(66)
_HOLD_SUPPLY = const(64)
_KIND = const(2)
_KINGDOM = const(13)
_K_AIR_MOVE = const(31)
_K_DEAL_MAT = const(29)
_N = const(0)
_NONE = const(255)
_N_DROPS = const(5)
_N_MATS = const(9)
_P0 = const(148)
_PSZ = const(24)
_STAGE = const(1)
_ST_PITS_SETUP = const(16)
_ST_SETUP = const(1)
_ST_TURN_START = const(2)
_S_MAKE = const(1)
_TROPHIES_TO_WIN = const(4)
_XPSZ = const(4)
_X_AM = const(33)
_X_AM_QUESTS = const(35)
_X_AM_SIDE = const(34)
_X_DIE = const(1)
_X_DROPS = const(37)
_X_GADGET = const(1)
_X_MAT = const(0)
_X_MATS = const(3)
_X_PL = const(9)
_X_RANDOM = const(5)
_X_SHIP = const(0)
_X_STEP = const(2)
_X_SWAP = const(6)
# -- end of private copies --


class Tables:
    """The expansion's tables (Pits builds them): mat_ability (per mat, AB_*; AB_UNKNOWN
    when its text is unknown), air_die ((trophy faces, boost faces)), air_seeks (per Seek
    action: whether it rolls the airship die). No methods: a game keeps these, not this
    module's code."""

    mat_ability = b""
    air_die = (0, 0)
    air_seeks = (False, False)  # type: tuple
    trophy_track = b""          # Automountie's track order (T_*), empty when unknown


def Pits(source=None, **overrides):  # noqa: N802  (it builds the tables, like a class)
    """The expansion's Tables from the data module `source` (content_pits when None), with
    the fields in `overrides` replacing it (tests); ContentDataError if they do not fit."""
    if source is None:
        from . import content_pits as source
    mats = overrides.pop("MAT_ABILITY", source.MAT_ABILITY)
    die = overrides.pop("AIR_DIE", source.AIR_DIE)
    seeks = overrides.pop("AIR_SEEKS", source.AIR_SEEKS)
    track = overrides.pop("TROPHY_TRACK", source.TROPHY_TRACK)
    if overrides:
        raise ContentDataError("bad_content", "unknown fields %s" % sorted(overrides))
    if len(mats) != _N_MATS or any(m is not None and m not in source.KNOWN_ABILITIES for m in mats):
        raise ContentDataError("bad_content", "airship mats %s" % (mats,))
    if len(die) != 2 or min(die) < 0 or not die[0] + die[1]:
        raise ContentDataError("bad_content", "airship die %s" % (die,))
    if len(seeks) != 2:
        raise ContentDataError("bad_content", "air seeks %s" % (seeks,))
    if track is not None and sorted(track) != list(range(8)):
        raise ContentDataError("bad_content", "trophy track %s" % (track,))
    t = Tables()
    t.trophy_track = bytes(track or ())
    t.mat_ability = bytes(_AB_UNKNOWN if m is None else m for m in mats)
    t.air_die = tuple(die)
    t.air_seeks = tuple(bool(x) for x in seeks)
    return t


def contents(solo=False):
    """(the base game's Content with the expansion's 2 quest cards and 4 power-up tiles,
    the expansion's Pits tables); the data modules are then released (pits.contents keeps
    them). solo: Copy Cat removed (Automountie's setup)."""
    from ..compat import release
    from . import content_mls as base
    from . import content_pits as x

    tiles = base.POWER_UPS + x.POWER_UPS
    if solo:
        tiles = without_copy_cat(tiles)
    c = Content(None, QUEST_CARDS=base.QUEST_CARDS + x.QUEST_CARDS, POWER_UPS=tiles)
    out = (c, Pits(x))
    release(x.__name__)
    release(base.__name__)
    return out


def without_copy_cat(tiles):
    """The power-up tiles without Copy Cat (a Make tile): the one named so, else the first
    unnamed Make tile (Copy Cat is one of the base game's unnamed Make tiles)."""
    names = [t[0] for t in tiles]
    if "Copy Cat" in names:
        i = names.index("Copy Cat")
    else:
        i = 0
        while tiles[i][0] is not None or tiles[i][1] != _S_MAKE:
            i += 1
    return tiles[:i] + tiles[i + 1:]


def new_game(cls, board, players=2, content=None, camp_sites=None, kingdoms=None, random_mats=False,
             pits=None, automountie=None):
    """A new game with Pie in the Sky: as engine.new_game, with kingdoms 0..8 (7 Fox, 8 Owl;
    distinct: a kingdom's airship mat is its own) and the airship mats by kingdom, or dealt
    at random (chance decisions) when random_mats. players=1: solo against Automountie, who
    plays seat 1 (her mat's side `automountie`: AM_DROPPER or AM_EMP); kingdoms: the
    player's (and hers), camp_sites: both seats'."""
    solo = players == 1
    if automountie is not None and (not solo or automountie not in (_AM_DROPPER, _AM_EMP)):
        raise SetupError("bad_setup", "automountie")
    if solo:
        players = 2
        if kingdoms is not None and len(kingdoms) == 1:
            kingdoms = (kingdoms[0], 1 if kingdoms[0] == 0 else 0)
    if kingdoms is None:
        kingdoms = tuple(range(players))
    kingdoms = tuple(kingdoms)
    if len(set(kingdoms)) != len(kingdoms) or any(not 0 <= k < _N_MATS for k in kingdoms):
        raise SetupError("bad_kingdoms", kingdoms)
    st = cls(board, content, None, pits)
    s = st.s
    s[st.x0 + _X_RANDOM] = 1 if random_mats else 0
    for i in range(_N_DROPS):
        s[st.x0 + _X_DROPS + i] = _NONE
    from . import setup

    setup.new_game(st, players, camp_sites, kingdoms)
    if solo:   # Automountie: seat 1, her mat's side, a quest token in her cargo hold
        s[st.x0 + _X_AM] = 2
        s[st.x0 + _X_AM_SIDE] = automountie or _AM_DROPPER
        st.move_goods(_G_QUEST, _HOLD_SUPPLY, _HOLD_CARGO + 1, 1)
    return st


def pending(st):
    """ST_PITS_SETUP: the mats (dealt at random, or each player's kingdom's), then the
    airship's portal (the last player chooses between tied ones)."""
    s = st.s
    x = st.x0
    n = s[_N]
    i = s[x + _X_STEP]
    if i < n and s[x + _X_AM] & (1 << i):   # Automountie has her own mat
        s[x + _X_STEP] = i + 1
        return None
    if i < n:
        if s[x + _X_RANDOM]:
            return _K_DEAL_MAT, _NONE
        deal(st, s[_P0 + i * _PSZ + _KINGDOM])
        return None
    if s[x + _X_SHIP] == _NONE:
        return _K_AIR_MOVE, (s[_FIRST] + n - 1) % n
    s[x + _X_STEP] = 0
    s[_STAGE] = _ST_TURN_START
    return None


def legal(st):
    """K_DEAL_MAT: the mats not dealt; K_AIR_MOVE: the closest portals."""
    s = st.s
    if s[_KIND] == _K_DEAL_MAT:
        m = s[st.x0 + _X_MATS] | (s[st.x0 + _X_MATS + 1] << 8)
        return [i for i in range(_N_MATS) if not m & (1 << i)]
    return closest_portals(st)


def apply(st, a):
    if st.s[_KIND] == _K_DEAL_MAT:
        deal(st, a)
    else:
        st.s[st.x0 + _X_SHIP] = a


def closest_portals(st):
    """The portals closest (in steps between neighbouring spaces, the castle excluded) to
    the base camp of the last player in turn order: where the airship starts."""
    s = st.s
    board = st.board
    last = (s[_FIRST] + s[_N] - 1) % s[_N]
    seen = bytearray(board.n_spaces)
    frontier = list(board.camp_fronts[s[_P0 + last * _PSZ + _CAMP]])
    for x in frontier:
        seen[x] = 1
    while frontier:
        found = [x for x in frontier if board.kind[x] == 1]
        if found:
            found.sort()
            return found
        nxt = []
        for x in frontier:
            for i in range(x * 6, x * 6 + 6):
                y = board.steps[i]
                if y == 255:
                    break
                if y != board.castle and not seen[y]:
                    seen[y] = 1
                    nxt.append(y)
        frontier = nxt
    return list(board.portals)


def deal(st, mat):
    s = st.s
    x = st.x0
    i = s[x + _X_STEP]
    s[x + _X_PL + i * _XPSZ + _X_MAT] = mat
    m = (s[x + _X_MATS] | (s[x + _X_MATS + 1] << 8)) | (1 << mat)
    s[x + _X_MATS] = m & 0xFF
    s[x + _X_MATS + 1] = m >> 8
    s[x + _X_STEP] = i + 1


def check(st):
    """The expansion's part of check(): airship, mats, gadgets, a pending swap."""
    s = st.s
    x = st.x0
    n = s[_N]
    board = st.board
    ns = board.n_spaces
    ship = s[x + _X_SHIP]
    if ship == _NONE:
        if s[_STAGE] != _ST_SETUP and s[_STAGE] != _ST_PITS_SETUP:
            return "airship missing"
    elif ship >= ns or ship == board.castle:
        return "airship at %d" % ship
    mats = s[x + _X_MATS] | (s[x + _X_MATS + 1] << 8)
    seen = 0
    spaces = []
    for p in range(n):
        o = x + _X_PL + p * _XPSZ
        m = s[o + _X_MAT]
        if m != _NONE:
            if m >= _N_MATS or seen & (1 << m) or not mats & (1 << m):
                return "airship mat %d" % m
            seen |= 1 << m
        g = s[o + _X_GADGET]
        if g != _NONE:
            if g >= ns or g == board.castle or g in spaces:
                return "gadget at %d" % g
            spaces.append(g)
    if seen != mats:
        return "airship mats"
    problem = _check_solo(st)
    if problem:
        return problem
    sw = s[x + _X_SWAP]
    if sw != _NONE and sw >= ns or s[x + _X_DIE] not in (_NONE, _AIR_TROPHY, _AIR_BOOST):
        return "air support"
    return None




def _check_solo(st):
    """Automountie's bytes: her seat (one of two), her side, no mat, her dropped trophies (on
    spaces, not the castle; with her track's, 5 at most), her hold's quest tokens."""
    s = st.s
    x = st.x0
    am = s[x + _X_AM]
    drops = [d for d in s[x + _X_DROPS:x + _X_DROPS + _N_DROPS] if d != _NONE]
    if not am:
        if drops or s[x + _X_AM_QUESTS] or s[x + _X_AM_SIDE]:
            return "automountie"
        return None
    if am != 2 or s[_N] != 2 or s[x + _X_AM_SIDE] > _AM_EMP or s[x + _X_PL + _XPSZ + _X_MAT] != _NONE:
        return "automountie %d" % am
    for d in drops:
        if d >= st.board.n_spaces or d == st.board.castle:
            return "trophy dropped at %d" % d
    if st.trophy_count(1) > _TROPHIES_TO_WIN + 1:
        return "trophies"
    return None
