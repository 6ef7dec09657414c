# Tesla (The Rise of Fenris, docs/fenris.md 1.10), the `tesla` module: found by the first player
# to claim the player count's number of encounter tokens, then a unit of his finder that is "both
# a character and a mech for all standard and special abilities". Loaded only by a game with the
# module on (fenris.FenrisState): it installs its hooks then, so a base game and every other module
# game keep their code and heap.
#
# The rulebook's lines: "Whenever you have an Encounter, gain the token and place it on your
# faction mat." "To find Tesla, a player must collect the following number of Encounter tokens,
# based on player count: ... 2 players: 6 encounters, 3 players: 5 encounters, 4 players: 5
# encounters, 5 players: 4 encounters". "a. Discard all Encounter tokens you have acquired." "(For
# non-campaign games, the game does not end when Tesla is found. He appears on the territory where
# he was found and is played using the Episode 8a rules.)" "Tesla is both a character and a mech
# for all standard and special abilities (although he is not counted towards the Mech goal on the
# Triumph Track). Tesla can have encounters, claim Factory cards, transport workers, and use all of
# your faction and mech abilities."
#
# The state: F_TESLA (his space, his finder), F_TESLA_STEP, F_TESLA_FROM (layout.py). He is unit
# U_TESLA of his finder in the Move (K_MOVE_UNIT); he moves as the character does (Speed,
# Riverwalk, the mech abilities; he stops on an encounter token and on an opponent's unit),
# carries workers as a mech, controls his territory, fights with a combat card of his own and
# retreats with the loser's units. His encounter or Factory card comes after the character's: for
# it he and the character trade places in the bytes (TESLA_SWAP), so the encounter's code reads his
# territory as "the character's"; the table and the screens see them where they stand (real()).
import sys

from ..compat import const
from . import combat as CB
from . import common
from . import fenris_alliances as A
from . import fenris_combat as FC
from . import fenris_faction as F
from . import move as M
from . import score as SC
from .fenris_hooks import install
from .fenris_tesla_bot import needed  # noqa: F401  (fenris_tesla.needed for hosts, tests)
from .fenris_track import f0

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_CARRY_I = const(31)
_C_DEF = const(44)
_C_SPACE = const(43)
_FROM = const(29)
_F_ENC = const(2)
_F_HORRIFY = const(128)
_F_SIZE = const(189)
_F_TESLA = const(141)
_K_CARRY = const(10)
_K_MOVE_TO = const(9)
_K_MOVE_UNIT = const(8)
_MOVED = const(26)
_MOVES_LEFT = const(25)
_M_SPEED = const(2)
_N = const(0)
_NOWHERE = const(255)
_N_UNITS = const(13)
_P_FACTORY = const(17)
_P_UNITS = const(18)
_SPACE_DONE = const(60)
_STAGE = const(1)
_ST_AFTER_MOVE = const(28)
_ST_BOTTOM = const(15)
_ST_CARRY = const(10)
_ST_END_TURN = const(29)
_ST_MOVE_TO = const(9)
_ST_MOVE_UNIT = const(8)
_ST_OVER = const(30)
_TAIL = const(20)
_TESLA_ENC = const(1)
_TESLA_SWAP = const(2)
_TF_ONE_UNIT = const(4)
_TF_SPED = const(8)
_TF_SPEED_STEP = const(64)
_TF_STOPPED = const(16)
_TO = const(30)
_TURN_FLAGS = const(61)
_T_HOME = const(0)
_T_LAKE = const(6)
_UNIT = const(28)
_U_CHARACTER = const(0)
_U_TESLA = const(14)
_U_WORKER = const(5)
# -- end of private copies --

_NO_LIMIT = const(99)   # fenris_combat's: Death Ray's slots

_TESLA_BIT = 1 << _U_TESLA


def _t(st):
    return len(st.s) - _TAIL - _F_SIZE + _F_TESLA


def at(st):
    """Tesla's space (the real one, whatever the bytes trade for his encounter), or NOWHERE."""
    s = st.s
    t = _t(st)
    if s[t + 2] == _TESLA_SWAP:
        return s[common.po(s[t + 1]) + _P_UNITS + _U_CHARACTER]
    return s[t]


def finder(st):
    """The player Tesla belongs to, or -1 before he is found."""
    v = st.s[_t(st) + 1]
    return -1 if v == _NOWHERE else v


def real(st, p, u, x):
    """Where unit u of p stands for the table (x: its byte): the character and Tesla trade
    bytes while Tesla's encounter is resolved."""
    s = st.s
    t = _t(st)
    if u == _U_CHARACTER and s[t + 2] == _TESLA_SWAP and s[t + 1] == p:
        return s[t]
    return x


def _mine(st, p):
    """Tesla's bytes' space if he is p's and on the map, else NOWHERE."""
    s = st.s
    t = _t(st)
    return s[t] if s[t + 1] == p else _NOWHERE


# ---- his Move -------------------------------------------------------------------------------
def destinations(st, p, ctrl=None):
    """move.destinations for Tesla: the character's and a mech's steps with p's abilities."""
    x = _mine(st, p)
    if x == _NOWHERE:
        return []
    if ctrl is None:
        ctrl = common.control_map(st)[0]
    ab = common.abilities(st, p)
    seen = set(M.steps(st, p, _U_CHARACTER, x, ab, ctrl))
    tf = st.s[_TURN_FLAGS]
    if ab & _M_SPEED and tf & _TF_ONE_UNIT and not tf & _TF_SPED:
        for y in list(seen):
            if not M._stops(st, p, _U_CHARACTER, y) and st.board.terrain[y] != _T_HOME:
                seen.update(M.steps(st, p, _U_CHARACTER, y, ab, ctrl))
    seen.discard(x)
    return sorted(seen)


def _moved(s):
    return s[_MOVED] | (s[_MOVED + 1] << 8)


def legal_move_unit(st):
    """K_MOVE_UNIT: the engine's units (its own function: the laptop's faster one does not see
    Tesla), then Tesla (U_TESLA) while he may move."""
    out = _PLAIN_UNITS(st)
    s = st.s
    p = s[_ACTIVE]
    if _mine(st, p) == _NOWHERE:
        return out
    moved = _moved(s)
    if s[_TURN_FLAGS] & _TF_ONE_UNIT and moved:   # the Factory card's Move: the same unit again
        if not moved & _TESLA_BIT or s[_TURN_FLAGS] & _TF_STOPPED:
            return out
    elif moved & _TESLA_BIT:
        return out
    if destinations(st, p):
        out.append(_U_TESLA)
    return out


def do_move_unit(do):
    def move_unit(st, a):
        if a != _U_TESLA:
            return do(st, a)
        s = st.s
        s[_UNIT] = a
        s[_FROM] = s[_t(st)]
        s[_STAGE] = _ST_MOVE_TO
    return move_unit


def legal_move_to(legal):
    def move_to(st):
        s = st.s
        if s[_UNIT] != _U_TESLA:
            return legal(st)
        p = s[_ACTIVE]
        if s[_TURN_FLAGS] & _TF_SPEED_STEP:   # Speed's second territory, or stop here
            x = s[_FROM]
            out = M.steps(st, p, _U_CHARACTER, x, common.abilities(st, p), common.control_map(st)[0])
            return sorted(set(out) - {x}) + [_SPACE_DONE]
        return destinations(st, p)
    return move_to


def _workers_along(st):
    """"transport workers": p's workers on the territory he leaves (a mech's carry)."""
    s = st.s
    o = common.po(s[_ACTIVE]) + _P_UNITS
    return sum(1 for u in range(_U_WORKER, _N_UNITS) if s[o + u] == s[_FROM])


def pending_carry(st):
    """move.pending_carry for Tesla: workers as a mech's, resources as any unit's; then he
    arrives (_arrive)."""
    s = st.s
    if s[_UNIT] != _U_TESLA:
        return M.pending_carry(st)
    while s[_CARRY_I] < 5 and not (_workers_along(st) if s[_CARRY_I] == 0 else M._carry_max(st)):
        s[_CARRY_I] += 1
    if s[_CARRY_I] >= 5:
        _arrive(st)
        return None
    return _K_CARRY, s[_ACTIVE]


def legal_carry(legal):
    def carry(st):
        s = st.s
        if s[_UNIT] != _U_TESLA or s[_CARRY_I]:
            return legal(st)
        k = _workers_along(st)
        return [k] if M._lake_forced(st) else list(range(k + 1))
    return carry


def _arrive(st):
    """move._arrive for Tesla: he stands on his destination; lone workers of opponents there go
    home (1 popularity each); Speed's second step; the next unit."""
    s = st.s
    p = s[_ACTIVE]
    y = s[_TO]
    t = _t(st)
    tf = s[_TURN_FLAGS]
    stops = M._stops(st, p, _U_CHARACTER, y)
    ab = common.abilities(st, p)
    if tf & _TF_ONE_UNIT:
        if stops:
            s[_TURN_FLAGS] |= _TF_STOPPED
        if y not in M.steps(st, p, _U_CHARACTER, s[_FROM], ab, common.control_map(st)[0]):
            s[_TURN_FLAGS] |= _TF_SPED
    moved = _moved(s)
    if not moved & _TESLA_BIT:
        s[t + 3] = s[_FROM]   # F_TESLA_FROM: a 6th star with combats left sends him back there
    s[t] = y
    s[_STAGE] = _ST_MOVE_UNIT
    if tf & _TF_SPEED_STEP:
        s[_TURN_FLAGS] &= ~_TF_SPEED_STEP
    else:
        moved |= _TESLA_BIT
        s[_MOVED] = moved & 0xFF
        s[_MOVED + 1] = moved >> 8
        s[_MOVES_LEFT] -= 1
        if not tf & _TF_ONE_UNIT and not stops and ab & _M_SPEED and st.board.terrain[y] != _T_HOME:
            s[_TURN_FLAGS] |= _TF_SPEED_STEP
            s[_FROM] = y
            s[_STAGE] = _ST_MOVE_TO
    w, f = M._enemy_units(st, p, y)
    if w and not f:
        common.add_pop(st, p, -M._retreat_workers(st, p, y))


# ---- found, and his encounter after the character's ----------------------------------------
def _visit(st, p, x):
    """True if Tesla, p's, on x has an encounter token to claim or the Factory card to take."""
    s = st.s
    if x == st.board.factory:
        return s[common.po(p) + _P_FACTORY] == _NOWHERE
    return M._encounter_token(st, x)


def after_move(pending):
    """The after-Move (the encounter counted: fenris_track): the player who reaches needed()
    finds him on the character's territory and discards its tokens; p's Tesla on an encounter
    token or the Factory has his turn after the character's (TESLA_ENC)."""

    def after(st):
        s = st.s
        t = _t(st)
        if s[t + 2] == _TESLA_SWAP:   # his own: the bytes say he is the character
            return pending(st)
        r = pending(st)
        p = s[_ACTIVE]
        if not found(st, p) and s[t + 1] == p and s[t] != _NOWHERE and _visit(st, p, s[t]):
            s[t + 2] = _TESLA_ENC
        return r
    return after


def found(st, p):
    """True if p's encounter tokens just reached needed() (no one found him before): he stands on
    p's character's territory, p's tokens are discarded; with Episode 7's rules (the `search`
    module, fenris_search.py) "c. The game ends immediately"."""
    s = st.s
    t = _t(st)
    e = f0(st) + _F_ENC + p // 2
    if s[t + 1] != _NOWHERE or (s[e] >> (4 * (p & 1))) & 15 < needed(st):
        return False
    s[t] = s[common.po(p) + _P_UNITS + _U_CHARACTER]
    s[t + 1] = p
    s[e] &= 0xF0 if p & 1 == 0 else 0x0F   # "Discard all Encounter tokens you have acquired"
    if getattr(st, "SEARCH", 0):
        common.game_over(st)
    return True


def _swap(st):
    s = st.s
    t = _t(st)
    c = common.po(s[t + 1]) + _P_UNITS + _U_CHARACTER
    s[t], s[c] = s[c], s[t]


def unswapped(pending):
    """The end of the game's pending: a game ended during his encounter trades back first."""

    def over(st):
        s = st.s
        t = _t(st)
        if s[t + 2] == _TESLA_SWAP:
            _swap(st)
        s[t + 2] = 0
        return pending(st)
    return over


def before(pending):
    """The bottom row's (or the end of the turn's) pending: Tesla's encounter first when due (he
    and the character trade bytes, the after-Move again); after it they trade back."""

    def bottom(st):
        s = st.s
        t = _t(st)
        if s[t + 2] == _TESLA_ENC:
            _swap(st)
            s[t + 2] = _TESLA_SWAP
            s[_STAGE] = _ST_AFTER_MOVE
            return None
        if s[t + 2] == _TESLA_SWAP:
            _swap(st)
            s[t + 2] = 0
        return pending(st)
    return bottom


# ---- the map and combat (installed in common.py, move.py and combat.py) ----------------------
_PLAIN_UNITS = getattr(M.legal_move_unit, "plain", M.legal_move_unit)
_PLAIN = (getattr(common.control_map, "plain", common.control_map), M._enemy_units, FC.slots, FC.retreat_to,
          CB._move_back, SC.ranking_key, M._lake_forced)


def controlled(st):
    """common.control_map; Tesla controls his territory as any unit (a unit of another player's
    there keeps it theirs, the active player's last, as common's) and is a fighter. (His bytes:
    while they are traded for his encounter, they hold the character, also p's.)"""
    ctrl, fighters = _PLAIN[0](st)
    if not getattr(st, "TESLA", 0):
        return ctrl, fighters
    s = st.s
    t = _t(st)
    x = s[t]
    if x == _NOWHERE:
        return ctrl, fighters
    p = s[t + 1]
    fighters[x] |= 1 << p
    act = s[_ACTIVE]
    others = [q for q in range(s[_N]) if q != p and _any_unit(st, q, x)]
    if not others or (p != act and others == [act]):
        ctrl[x] = p
    return ctrl, fighters


def _any_unit(st, q, x):
    s = st.s
    o = common.po(q) + _P_UNITS
    for u in range(_N_UNITS):
        if s[o + u] == x:
            return True
    return False


def enemy_units(st, p, x):
    """move._enemy_units; an opponent's Tesla is a character and a mech (a fighter)."""
    w, f = _PLAIN[1](st, p, x)
    if getattr(st, "TESLA", 0):
        t = _t(st)
        if st.s[t] == x and st.s[t + 1] != p:
            f += 1
    return w, f


def slots(st, q):
    """combat._slots: his combat card ("one per character and mech in the combat")."""
    k = _PLAIN[2](st, q)
    t = _t(st) if getattr(st, "TESLA", 0) else 0
    if t and st.s[t + 1] == q and st.s[t] == st.s[_C_SPACE] and k < _NO_LIMIT:
        k += 1
    return k


def retreat_to(st, to):
    """combat._retreat_to; Tesla retreats with the loser's units (Horrify counts him). Onto a lake
    (Seaworthy) its workers there go with him as with a mech ("both a character and a mech")."""
    s = st.s
    if not getattr(st, "TESLA", 0):
        return _PLAIN[3](st, to)
    x = s[_C_SPACE]
    won = CB._attacker_won(st)
    lose = s[_C_DEF] if won else s[_ACTIVE]
    his = finder(st) == lose and s[_t(st)] == x
    horrify = his and won and FC._horrify_on(st, s[_ACTIVE])
    o = common.po(lose) + _P_UNITS
    lake = his and st.board.terrain[to] == _T_LAKE   # (combat's sends them home without a mech)
    along = [u for u in range(_U_WORKER, _N_UNITS) if lake and s[o + u] == x]
    _PLAIN[3](st, to)
    if his:
        s[_t(st)] = to
        for u in along:
            s[o + u] = to
        if horrify and s[_STAGE] != _ST_OVER:   # "1 Influence token for each unit"
            h = f0(st) + _F_HORRIFY
            s[h] = (lose + 1) | (((s[h] >> 3) + 1) << 3)


def move_back(st):
    """combat._move_back (a 6th star with combats left): Tesla too goes back where he started
    the Move, with p's workers left there."""
    if not getattr(st, "TESLA", 0):
        return _PLAIN[4](st)
    s = st.s
    p = s[_ACTIVE]
    spaces = CB._combat_spaces(st)
    _PLAIN[4](st)
    x = _mine(st, p)
    if x in spaces and _moved(s) & _TESLA_BIT:
        back = s[_t(st) + 3]
        s[_t(st)] = back
        o = common.po(p) + _P_UNITS
        for u in range(_U_WORKER, _N_UNITS):
            if s[o + u] == x:
                s[o + u] = back


def check(st):
    """A problem with Tesla's bytes, else None."""
    s = st.s
    t = _t(st)
    x, p, step = s[t], s[t + 1], s[t + 2]
    n = st.board.n_spaces
    if (x == _NOWHERE) != (p == _NOWHERE) or (p != _NOWHERE and p >= s[_N]) or (x != _NOWHERE and x >= n):
        return "tesla"
    if step > _TESLA_SWAP or (step and p == _NOWHERE) or (s[t + 3] >= n and s[t + 3] != _NOWHERE):
        return "tesla step"
    return None


def tables(cls):
    """(PENDING, LEGAL, DO) of a game with Tesla: cls's with his steps in."""
    pending = list(cls.PENDING)
    legal = list(cls.LEGAL)
    do = list(cls.DO)
    pending[_ST_AFTER_MOVE] = after_move(pending[_ST_AFTER_MOVE])
    pending[_ST_BOTTOM] = before(pending[_ST_BOTTOM])
    pending[_ST_END_TURN] = before(pending[_ST_END_TURN])
    pending[_ST_OVER] = unswapped(pending[_ST_OVER])
    pending[_ST_CARRY] = F.on_arrive(A.on_arrive(pending_carry))
    legal[_K_MOVE_UNIT] = legal_move_unit
    do[_K_MOVE_UNIT] = do_move_unit(do[_K_MOVE_UNIT])
    legal[_K_MOVE_TO] = legal_move_to(legal[_K_MOVE_TO])
    legal[_K_CARRY] = legal_carry(legal[_K_CARRY])
    return tuple(pending), tuple(legal), tuple(do)


def lake_forced(st):
    """move._lake_forced; Tesla staying on the lake is a mech and a character staying there."""
    if not _PLAIN[6](st):
        return False
    s = st.s
    return not (getattr(st, "TESLA", 0) and s[_UNIT] != _U_TESLA and _mine(st, s[_ACTIVE]) == s[_FROM])


def ranking_key(st, p, ctrl):
    """score.ranking_key; Tesla a mech in "workers, mechs, and structures" (docs/fenris.md S11)."""
    k = _PLAIN[5](st, p, ctrl)
    if getattr(st, "TESLA", 0) and _mine(st, p) != _NOWHERE:
        return k[:1] + (k[1] + 1,) + k[2:]
    return k


# combat's _slots and _retreat_to are Fenris's (fenris_combat.py) once fenris.py has installed them, else
# still combat's own: Tesla's go over whichever is there (his call Fenris's, which answer as combat's
# outside a game with Fenris or Vesna), and an install of Fenris's after finds no plain one to replace.
install((("control_map", _PLAIN[0], controlled), ("_enemy_units", _PLAIN[1], enemy_units),
         ("_slots", _PLAIN[2], slots), ("_slots", FC._PLAIN[2], slots),
         ("_retreat_to", _PLAIN[3], retreat_to), ("_retreat_to", FC._PLAIN[1], retreat_to),
         ("_move_back", _PLAIN[4], move_back), ("ranking_key", _PLAIN[5], ranking_key),
         ("_lake_forced", _PLAIN[6], lake_forced)))
# The Scythe ruleset's piece methods with Tesla's miniature (its module, loaded before this one).
_rs = sys.modules.get(__name__[:__name__.rfind(".")] + ".ruleset")
if _rs is not None:
    from .fenris_tesla_table import install as _table

    _table(_rs.Scythe, sys.modules[__name__])
