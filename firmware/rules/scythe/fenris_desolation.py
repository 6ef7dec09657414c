# The Desolation (The Rise of Fenris, docs/fenris.md 1.12): the cooperative module's enemy, its
# turn, the start of its combats and the game's end (the combats: fenris_desolation_combat.py;
# its setup, check, steps in the state's tables and the cooperative rules over the base ones:
# fenris_desolation_setup.py). Loaded by the first game with the module only.
#
# The rulebook's lines: "The Desolation faction takes the last turn each round." "Reduce its
# popularity by 1 (this is just a timer). a. If the Desolation popularity is 13-17, its turn is
# over (no movement). b. If the Desolation popularity is 1-12, proceed to movement rules below.
# c. If the Desolation popularity reaches 0, the game ends, and the Desolation faction wins."
# "Roll the blue die. The number on the die corresponds to the directional hex on the Desolation
# tile. Move ALL Desolation units in that direction." "A Desolation unit cannot move onto a
# territory containing another Desolation unit. Move these units in an order so that as many of
# them move as possible." "Desolation units can cross rivers and move onto lakes, but they can't
# use tunnels or interact with tokens." "If a Desolation unit moves onto a territory containing a
# player's workers (but no combat units), the workers retreat back to their home base. The
# Desolation faction does not lose popularity for this." "If there are resources on a territory
# with a Desolation unit ..., it transports those resources as it moves." "if multiple
# Desolation units initiate combat, players choose the order in which those combats happen".
# End: "Players win the game immediately if there is at least 1 star on each Triumph Tile or if
# they destroy all 6 Desolation units." Harder: "Whenever a Desolation unit displaces a worker via
# movement or combat, Desolation loses 1 popularity per worker".
#
# As built (each a Guess where the text is silent, docs/fenris.md S1, S13, S21): a unit whose
# direction leads off the map or onto a home base stays (S1); the order of its combats and who
# spends power are asked of the first player in turn order among those involved (S13); every
# player with a character or mech on the territory is involved, attacking or defending (S21).
from ..compat import const
from . import common

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_C_SPACE = const(43)
_DES_ATTACKS = const(128)
_DES_MOVES = const(12)
_DES_START = const(1)
_DES_TURN = const(2)
_DES_UNITS = const(6)
_DES_WON = const(4)
_F_DES = const(147)
_F_DES_CARDS = const(156)
_F_DES_DIAL = const(162)
_F_DES_DIALER = const(161)
_F_DES_INVOLVED = const(160)
_F_DES_POP = const(153)
_F_DES_POWER = const(155)
_F_DES_SHOWN = const(166)
_F_DES_STARS = const(154)
_F_DES_STEP = const(158)
_F_DES_SUM = const(163)
_F_DES_UNIT = const(159)
_F_DES_USED = const(165)
_F_SIZE = const(189)
_K_DES_COMBAT_AT = const(65)
_K_DES_DIRECTION = const(59)
_MAT_ORDER = const(0)
_MOD_HARDER = const(4096)
_N = const(0)
_NOWHERE = const(255)
_NO_SPACE = const(255)
_N_UNITS = const(13)
_P_COMBAT_STARS = const(15)
_P_OBJ_STARS = const(16)
_P_UNITS = const(18)
_RES0 = const(267)
_STAGE = const(1)
_ST_DES_DIAL = const(50)
_ST_DES_DIALER = const(49)
_ST_DES_TURN = const(48)
_ST_OVER = const(30)
_ST_SECTION = const(6)
_TAIL = const(20)
_T_HOME = const(0)
_U_WORKER = const(5)
# -- end of private copies --

_CHANCE = const(255)
_ALL = const(0x3F)   # the 6 units' bits


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def _d(st):
    return _f(st) + _F_DES


def units(st):
    """The spaces of its 6 units (NOWHERE: destroyed)."""
    x = _d(st)
    return list(st.s[x:x + _DES_UNITS])


def unit_at(st, x):
    """The index of its unit on x, or -1."""
    d = _d(st)
    s = st.s
    for i in range(_DES_UNITS):
        if s[d + i] == x:
            return i
    return -1


def power(st):
    return st.s[_f(st) + _F_DES_POWER]


def popularity(st):
    return st.s[_f(st) + _F_DES_POP]


def stars(st):
    return st.s[_f(st) + _F_DES_STARS]


def tile_cards(st, i):
    """The combat cards of value 2 + i next to its tile (out of the deck)."""
    v = st.s[_f(st) + _F_DES_CARDS + i // 2]
    return (v >> (4 * (i & 1))) & 15


def order(st):
    """The players in turn order from the first player (the lowest player mat number)."""
    seats = common.seats(st)
    first = min(range(st.s[_N]), key=lambda p: common.mat_byte(st, p, _MAT_ORDER))
    i = seats.index(first)
    return seats[i:] + seats[:i]


def _fighters_on(st, x):
    """A bit a player with a character or mech on x."""
    s = st.s
    m = 0
    for q in range(s[_N]):
        o = common.po(q) + _P_UNITS
        for u in range(_U_WORKER):
            if s[o + u] == x:
                m |= 1 << q
    return m


def _first_of(st, mask):
    for q in order(st):
        if (mask >> q) & 1:
            return q
    return -1


# ---- the end -----------------------------------------------------------------------------------
def end(st, won):
    """The game ends: the players win (won) or the Desolation does."""
    st.s[_f(st) + _F_DES_STEP] = _DES_WON if won else 0
    common.game_over(st)


def covered(st):
    """"at least 1 star on each Triumph Tile": every tile of the track holds a star of some player's
    (the combat and objective tiles: as many stars of all players as tiles, each player's on tiles
    of its own, so they may always cover them)."""
    goals = st.goals
    if goals is None:
        return False
    s = st.s
    n = s[_N]
    m = 0
    combat = objective = 0
    from .fenris_track import goal_mask

    for p in range(n):
        m |= goal_mask(st, p)
        o = common.po(p)
        combat += min(s[o + _P_COMBAT_STARS], st.COMBAT_STARS)
        objective += min(s[o + _P_OBJ_STARS], st.OBJECTIVE_STARS)
    return m == (1 << len(goals)) - 1 and combat >= st.COMBAT_STARS and objective >= st.OBJECTIVE_STARS


# ---- its turn: after the last player's ----------------------------------------------------------
def end_turn(pending):
    """The end of a turn: after the last player's turn in the round, the Desolation's."""

    def after(st):
        r = pending(st)
        s = st.s
        if r is not None or s[_STAGE] != _ST_SECTION:
            return r
        if s[_ACTIVE] == order(st)[0]:
            s[_f(st) + _F_DES_STEP] = _DES_START
            s[_STAGE] = _ST_DES_TURN
        return None
    return after


def pending_turn(st):
    """Its timer, then its roll; once it moved, its combats, in the order the players choose."""
    s = st.s
    f = _f(st)
    step = s[f + _F_DES_STEP]
    if step & _DES_START:
        s[f + _F_DES_STEP] = 0
        s[f + _F_DES_POP] -= 1   # "Reduce its popularity by 1"
        if not s[f + _F_DES_POP]:   # "reaches 0, the game ends, and the Desolation faction wins"
            end(st, False)
            return None
        if s[f + _F_DES_POP] > _DES_MOVES:   # "13-17, its turn is over (no movement)"
            s[_STAGE] = _ST_SECTION
            return None
        return _K_DES_DIRECTION, _CHANCE
    if step & _DES_TURN:
        at = fights(st)
        if len(at) > 1:   # "players choose the order in which those combats happen" (S13)
            m = 0
            for x in at:
                m |= _fighters_on(st, x)
            return _K_DES_COMBAT_AT, _first_of(st, m)
        if at:
            start(st, at[0], True)
            return None
    s[f + _F_DES_STEP] = 0
    s[_STAGE] = _ST_SECTION
    return None


def fights(st):
    """The territories where one of its units and a player's character or mech stand."""
    return sorted(x for x in units(st) if x != _NOWHERE and _fighters_on(st, x))


def legal_combat_at(st):
    return fights(st)


def do_combat_at(st, a):
    start(st, a, True)


def step(board, x, d):
    """Where its unit on x goes in direction d (board.DIRECTIONS): the neighbour that way, over a
    river or onto a lake alike (never a tunnel's way: only borders), or NOWHERE: off the map or
    onto a home base (S1: it stays)."""
    y = board.adj[x * 6 + d]
    if y == _NO_SPACE or board.terrain[y] == _T_HOME:
        return _NOWHERE
    return y


def legal_direction(st):
    return [0, 1, 2, 3, 4, 5]


def do_direction(st, a):
    """"Move ALL Desolation units in that direction", as many as may: a unit whose way is taken by
    another moves once that one has; each carries the resources of its territory; lone workers
    where it arrives go home."""
    s = st.s
    b = st.board
    d = _d(st)
    left = 0
    for i in range(_DES_UNITS):
        if s[d + i] != _NOWHERE and step(b, s[d + i], a) != _NOWHERE:
            left |= 1 << i
    moved = True
    while moved:
        moved = False
        for i in range(_DES_UNITS):
            if not (left >> i) & 1:
                continue
            x = s[d + i]
            y = step(b, x, a)
            if unit_at(st, y) >= 0:
                continue   # blocked, for now
            r = _RES0 + 4 * x
            for k in range(4):   # "it transports those resources as it moves"
                s[_RES0 + 4 * y + k] += s[r + k]
                s[r + k] = 0
            s[d + i] = y
            left &= ~(1 << i)
            moved = True
            _workers_home(st, y)
            if s[_STAGE] == _ST_OVER:   # Harder: its timer ran out
                return
    s[_f(st) + _F_DES_STEP] = _DES_TURN


def _workers_home(st, x):
    """Lone workers on x go home ("the workers retreat back to their home base"; Harder: 1
    popularity of its per worker)."""
    s = st.s
    if _fighters_on(st, x):
        return
    k = 0
    for q in range(s[_N]):
        o = common.po(q) + _P_UNITS
        home = st.board.home[common.faction(st, q)]
        for u in range(_U_WORKER, _N_UNITS):
            if s[o + u] == x:
                s[o + u] = home
                k += 1
    _harder(st, k)


def _harder(st, k):
    """Harder: "Desolation loses 1 popularity per worker" displaced (the timer: at 0 it wins)."""
    f = _f(st)
    if k and st.mods() & _MOD_HARDER:
        st.s[f + _F_DES_POP] = max(0, st.s[f + _F_DES_POP] - k)
        if not st.s[f + _F_DES_POP]:
            end(st, False)


# ---- a combat with one of its units -------------------------------------------------------------
def start(st, x, attacks):
    """A combat on x (attacks: the Desolation moved in): every player with a character or mech
    there is involved (S21); one of them spends power, asked when several are (S13)."""
    s = st.s
    f = _f(st)
    involved = _fighters_on(st, x)
    s[_C_SPACE] = x
    s[f + _F_DES_UNIT] = unit_at(st, x) | (_DES_ATTACKS if attacks else 0)
    s[f + _F_DES_INVOLVED] = involved
    for k in (_F_DES_DIAL, _F_DES_SUM, _F_DES_USED, _F_DES_SHOWN):
        s[f + k] = 0
    if involved & (involved - 1):
        s[_STAGE] = _ST_DES_DIALER
    else:
        s[f + _F_DES_DIALER] = _first_of(st, involved)
        s[_STAGE] = _ST_DES_DIAL
