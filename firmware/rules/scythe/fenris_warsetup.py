# Episode 2a of The Rise of Fenris campaign, "War" (docs/campaign.md, section 3): the `warsetup`
# module, the episode's setup changes, played with `war` (and `rivals` in the campaign). Loaded
# only by a game with it on, while its setup is asked (fenris.py's dispatchers) and by its check.
#
# The rulebook's lines: "Remove Objectives 7, 13, 15, 20, 22, 23, and 27 for this game." "Place 1
# additional worker on each of your starting territories." "Place 1 structure on each of your
# starting territories." "Take 3 upgrades of your choice on your player mat." "Add 4 to your
# starting popularity." Then "Proceed to follow the rules for Rivals" (its stars: "After all other
# setup steps are complete").
#
# As built: the objectives are out from the start (OBJ_OUT, as the Peace track's #23; the base
# deck has 23, so #27 is no card of it): none is dealt (the model deck) or may be revealed (the
# printed cards). After the structure bonus tile (and the Mods', Vesna's and the Infrastructure
# Mods' setup), each seat in seat order (SETUP_I, F_WS_STEP): its 2 workers and 4 popularity at
# once, then which structure on its first starting territory and on its second (K_BUILD_WHICH),
# then 3 upgrades (K_UPGRADE_TOP, K_UPGRADE_BOTTOM: a top-row box, then the bottom-row cost it
# lowers, as the Bolster... Upgrade action does); the kinds are the base game's, so the board, the
# laptop and the page ask them as they ask a Build's and an Upgrade's. ACTIVE is the seat asked
# (the words of a bottom-row cost are its mat's), then again the first player (engine.do_tile's).
from ..compat import const
from . import common
from .bottom_row import bottom_room

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_F_SIZE = const(189)
_F_WS_STEP = const(175)
_K_BUILD_WHICH = const(20)
_K_UPGRADE_BOTTOM = const(17)
_K_UPGRADE_TOP = const(16)
_MAT_ORDER = const(0)
_N = const(0)
_NOWHERE = const(255)
_N_UPGRADES = const(6)
_OBJ_OUT = const(16)
_P_BOTUP = const(8)
_P_STRUCT = const(31)
_P_TOPUP = const(7)
_P_UNITS = const(18)
_SETUP_I = const(5)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_WARSETUP = const(58)
_TAIL = const(20)
_U_WORKER = const(5)
# -- end of private copies --

# "Remove Objectives 7, 13, 15, 20, 22, 23, and 27" (the base deck's 23: their indexes; 27 is not one)
REMOVED = (6, 12, 14, 19, 21, 22)
_POP = const(4)       # "Add 4 to your starting popularity"
_UPGRADES = const(3)  # "Take 3 upgrades of your choice"
_BUILT = const(3)     # F_WS_STEP: 1, 2 the structures asked; then top, bottom for each upgrade
_DONE = const(9)      # ... past the third upgrade's bottom: the next seat

def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def put(data):
    """The objectives out of the game (a new game's bytes)."""
    for c in REMOVED:
        data[_OBJ_OUT + c // 8] |= 1 << (c % 8)


def removed(st):
    """How many objective cards are out of this game (st.check counts the others revealed)."""
    return len(REMOVED)


def begin(st):
    st.s[_STAGE] = _ST_WARSETUP
    st.s[_SETUP_I] = 0
    st.s[_f(st) + _F_WS_STEP] = 0


def _starts(st, p):
    b = st.board
    f = common.faction(st, p)
    return b.start[2 * f], b.start[2 * f + 1]


def pending_setup(st, after):
    """Each seat's steps (SETUP_I, F_WS_STEP); then after(st), the next module's setup."""
    s = st.s
    x = _f(st) + _F_WS_STEP
    while s[_SETUP_I] < s[_N]:
        p = s[_SETUP_I]
        s[_ACTIVE] = p
        step = s[x]
        if step == 0:   # "1 additional worker on each of your starting territories", "Add 4 ..."
            o = common.po(p) + _P_UNITS + _U_WORKER
            a, b = _starts(st, p)
            free = [u for u in range(8) if s[o + u] == _NOWHERE]
            s[o + free[0]] = a
            s[o + free[1]] = b
            common.add_pop(st, p, _POP)
            s[x] = 1
            continue
        if step < _BUILT:
            return _K_BUILD_WHICH, p
        if step < _DONE and bottom_room(st, p) and legal_top(st):
            return (_K_UPGRADE_TOP if (step - _BUILT) % 2 == 0 else _K_UPGRADE_BOTTOM), p
        s[_SETUP_I] = p + 1
        s[x] = 0
    s[_ACTIVE] = min(range(s[_N]), key=lambda q: common.mat_byte(st, q, _MAT_ORDER))   # the first player
    s[_STARS_DIRTY] = 1
    after(st)
    return None


def legal_build(st):
    o = common.po(st.s[_SETUP_I]) + _P_STRUCT
    return [i for i in range(4) if st.s[o + i] == _NOWHERE]


def do_build(st, a):
    """Structure a on the seat's first (then second) starting territory."""
    s = st.s
    p = s[_SETUP_I]
    x = _f(st) + _F_WS_STEP
    s[common.po(p) + _P_STRUCT + a] = _starts(st, p)[s[x] - 1]
    s[x] += 1


def legal_top(st):
    p = st.s[_SETUP_I]
    return [i for i in range(_N_UPGRADES) if not common.upgraded(st, p, i)]


def do_top(st, a):
    s = st.s
    s[common.po(s[_SETUP_I]) + _P_TOPUP] |= 1 << a
    s[_f(st) + _F_WS_STEP] += 1


def legal_bottom(st):
    return bottom_room(st, st.s[_SETUP_I])


def do_bottom(st, a):
    s = st.s
    s[common.po(s[_SETUP_I]) + _P_BOTUP + a] += 1
    s[_f(st) + _F_WS_STEP] += 1


def check(st):
    """A problem with Episode 2a's setup bytes, else None."""
    s = st.s
    for c in REMOVED:
        if not (s[_OBJ_OUT + c // 8] >> (c % 8)) & 1:
            return "objective %d in play" % (c + 1)
    if s[_STAGE] == _ST_WARSETUP and (s[_SETUP_I] > s[_N] or s[_f(st) + _F_WS_STEP] > _DONE):
        return "war setup step"
    if s[_STAGE] != _ST_WARSETUP and s[_f(st) + _F_WS_STEP]:
        return "war setup step after it"
    return None
