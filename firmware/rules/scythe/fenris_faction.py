# The Fenris faction (The Rise of Fenris, docs/fenris.md 1.9; C5): dealt among the factions, its
# home base one no other player uses, its Influence tokens and its printed mech abilities Leap
# and Fanatical. FenrisState (fenris.py) puts these functions in its tables; imported only in a
# module game.
#
# The rulebook's lines: Fenris Faction, Setup: "select a random home base tile from those unused
# by other players"; "Place all 16 Influence tokens in your supply". Influence: "After moving
# your character (and resolving combat and/or encounters), you may place an Influence token on
# that territory. If you do, you may then place 1 more Influence token on any other unoccupied,
# tokenless, primary terrain territory." Influence Tokens: "For non-Fenris players, whenever one
# of your units (character, mech, or worker) moves into a territory containing an Influence
# token, that unit's movement ends. Gain the Influence token"; "If your Mill produces a worker on
# a territory containing an Influence token, you gain the Influence immediately."; "Each
# Influence token is worth -$1 at the end of the game to the player who has it." Mech
# Abilities: Leap, Fanatical (below; Horrify and Death Ray: fenris_combat.py). End of Game: "The
# fewest coins you can end the game with ... is $0."
#
# As built:
# - The faction's row (tables.FACTIONS: power 4, 2 combat cards, data) and its mech abilities
#   (Leap, Horrify, Death Ray, Fanatical, in the text's order) are appended to the tables when
#   this module loads (extend_tables), so a base game's tables and heap do not hold them.
# - Its home base: K_DEAL_BASE before the units are placed; the state's board is a ModuleBoard
#   whose home and start rows have the bases Vesna (7) and Fenris (8) took, so every reading of
#   board.home[faction] holds; seats() orders the players by their bases clockwise (C5).
# - Influence: asked when the stage reaches the bottom row or the end of the turn after a Move
#   in which Fenris's character moved (its MOVED bit, cleared once asked); a token is placed on
#   the character's territory unless it is a home base or holds an encounter or Influence token,
#   the second on a primary terrain territory no unit occupies, without a token.
# - Only the faction Fenris places tokens and is "Fenris" for the stops (an Alliance token of
#   Fenris gives no Influence: the tokens are the Fenris player's). Tokens Fenris gains
#   (Fanatical) go back to its supply; each token in its supply counts -$1 for it at the end.
from ..compat import const
from . import common
from . import move as M
from . import tables as TB

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_INFLUENCE = const(8)
_ACTIVE = const(4)
_FACTION_FENRIS = const(8)
_FACTION_VESNA = const(7)
_FROM = const(29)
_F_BASE = const(109)
_F_HORRIFY = const(128)
_F_INFL = const(111)
_F_INFL_STEP = const(127)
_F_SIZE = const(189)
_F_TESLA = const(141)
_INFL_HELD = const(200)
_INFL_SUPPLY = const(255)
_K_DEAL_BASE = const(46)
_K_INFLUENCE = const(47)
_K_INFLUENCE_AT = const(48)
_MOVED = const(26)
_M_DEATH_RAY = const(4194304)
_M_FANATICAL = const(8388608)
_M_HORRIFY = const(2097152)
_M_LEAP = const(1048576)
_M_RIVERWALK = const(1)
_M_SEAWORTHY = const(4)
_M_SPEED = const(2)
_M_SUBMERGE = const(8)
_N = const(0)
_NOWHERE = const(255)
_N_UNITS = const(13)
_PRODUCE_WORKER = const(4)
_P_UNITS = const(18)
_SPACE_DONE = const(60)
_TAIL = const(20)
_TO = const(30)
_UNIT = const(28)
_U_CHARACTER = const(0)
_U_TESLA = const(14)
_U_WORKER = const(5)
# -- end of private copies --
_TESLA_MOVED = const(0x40)   # MOVED's second byte: U_TESLA (14) moved in this Move

_N_BASES = const(7)          # the printed home bases (board.FACTIONS' order)
_TOKENS = const(16)          # "all 16 Influence tokens"
# C5: each printed base's place clockwise around the board (Nordic, Rusviet, Togawa, Crimea,
# Saxony, Polania, Albion), by base index.
_CLOCKWISE = b"\x00\x01\x03\x04\x05\x06\x02"
_LAKE = const(6)

_FACTORY = const(7)


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def extend_tables():
    """Vesna's and Fenris's rows after the 7 printed factions'. Vesna: the model Vesna mat (G7:
    3 power, 2 combat cards), no ability byte (Technophile: fenris_vesna.py), Riverwalk, blank,
    Speed, blank (fenris_vesna.py's Guess); Fenris: power 4, 2 cards (data), Influence."""
    if len(TB.FACTIONS) == 4 * _FACTION_VESNA:
        TB.FACTIONS = TB.FACTIONS + bytes((3, 2, 0, 0, 4, 2, _AB_INFLUENCE, 0))
        TB.MECH_ABILITIES = TB.MECH_ABILITIES + (_M_RIVERWALK, 0, _M_SPEED, 0, _M_LEAP, _M_HORRIFY,
                                                 _M_DEATH_RAY, _M_FANATICAL)


# ---- the home base and the board ------------------------------------------------------------
class ModuleBoard:
    """The Scythe board of a game with Vesna or Fenris: home[7], home[8] and their start
    territories are those of the bases they took (255 until dealt); the rest is the board's."""

    def __init__(self, board, st):
        self.base = board
        for name in ("n_spaces", "terrain", "flags", "adj", "edge", "factory", "tunnels", "lakes",
                     "encounters", "neighbours", "is_home"):
            setattr(self, name, getattr(board, name))
        self.home = bytearray(board.home) + bytearray(b"\xff\xff")
        self.start = bytearray(board.start) + bytearray(b"\xff\xff\xff\xff")
        self.sync(st)

    def sync(self, st):
        """The bases dealt so far (F_BASE) into home and start."""
        b = self.base
        x = len(st.s) - _TAIL - _F_SIZE + _F_BASE
        for i in range(2):
            v = st.s[x + i]
            self.home[_N_BASES + i] = b.home[v - 1] if v else _NOWHERE
            self.start[2 * (_N_BASES + i)] = b.start[2 * (v - 1)] if v else _NOWHERE
            self.start[2 * (_N_BASES + i) + 1] = b.start[2 * (v - 1) + 1] if v else _NOWHERE

    def shares(self, st):
        """Whether st, a game on this board, may use it as its own: every base st deals is dealt
        (sync is never called again) and is the one this board holds."""
        if _undealt(st) >= 0:
            return False
        x = len(st.s) - _TAIL - _F_SIZE + _F_BASE
        b = self.base
        for i in range(2):
            v = st.s[x + i]
            if self.home[_N_BASES + i] != (b.home[v - 1] if v else _NOWHERE):
                return False
        return True

    def __getattr__(self, name):
        return getattr(self.base, name)


def base_of(st, p):
    """The index of p's home base (board.FACTIONS' order), or -1 not dealt yet."""
    f = common.faction(st, p)
    if f < _N_BASES:
        return f
    if f > _FACTION_FENRIS:   # not dealt yet
        return -1
    return st.s[_f(st) + _F_BASE + f - _FACTION_VESNA] - 1


def _undealt(st):
    """The first player (seat number) of a faction with no printed base whose base is not dealt."""
    for p in range(st.s[_N]):
        if common.faction(st, p) >= _N_BASES and base_of(st, p) < 0:
            return p
    return -1


def pending_start(pending):
    """engine's start (units on the home bases): first the bases of Vesna and Fenris."""

    def start(st):
        if st.BASES and _undealt(st) >= 0:
            return _K_DEAL_BASE, 255
        return pending(st)
    return start


def legal_base(st):
    """The printed home bases no player uses: "from those unused by other players"."""
    used = [base_of(st, p) for p in range(st.s[_N])]
    return [i for i in range(_N_BASES) if i not in used]


def do_base(st, a):
    p = _undealt(st)
    st.s[_f(st) + _F_BASE + common.faction(st, p) - _FACTION_VESNA] = a + 1
    st.board.sync(st)


def seats(st):
    """The players clockwise by the home base each occupies (C5); before a base is dealt, after
    the others."""
    if not getattr(st, "BASES", 0):
        return _PLAIN[2](st)
    return sorted(range(st.s[_N]), key=lambda p: _CLOCKWISE[base_of(st, p)] if base_of(st, p) >= 0
                  else _N_BASES + common.faction(st, p))


# ---- Influence tokens ----------------------------------------------------------------------
def fenris_seat(st):
    """The seat playing Fenris, or -1."""
    for p in range(st.s[_N]):
        if common.faction(st, p) == _FACTION_FENRIS:
            return p
    return -1


def token_at(st, x):
    """The index of the Influence token on x, or -1."""
    i = _f(st) + _F_INFL
    s = st.s
    for k in range(_TOKENS):
        if s[i + k] == x:
            return k
    return -1


def supply(st):
    """The tokens in Fenris's supply."""
    i = _f(st) + _F_INFL
    return sum(1 for k in range(_TOKENS) if st.s[i + k] == _INFL_SUPPLY)


def held(st, p):
    """The tokens p holds (Fenris: those in its supply)."""
    i = _f(st) + _F_INFL
    v = _INFL_SUPPLY if common.faction(st, p) == _FACTION_FENRIS else _INFL_HELD + p
    return sum(1 for k in range(_TOKENS) if st.s[i + k] == v)


def any_at(st, x, field, n):
    """True if any player has one of its n pieces at `field` of its block on x (units:
    P_UNITS, N_UNITS; structures: P_STRUCT, 4)."""
    s = st.s
    for q in range(s[_N]):
        o = common.po(q) + field
        for u in range(n):
            if s[o + u] == x:
                return True
    return False


def _occupied(st, x):
    """A player's unit on x, or Tesla: found (a unit of his finder's) or Mad Tesla ("a combat unit
    for the purposes of all movement and unit interactions")."""
    if (st.TESLA or st.MADTESLA) and st.s[_f(st) + _F_TESLA] == x:
        return True
    return any_at(st, x, _P_UNITS, _N_UNITS)


def first_ok(st, x):
    """The character's territory takes a token: not a home base, no encounter or Influence
    token ("may not be placed on a territory with a Trap, Flag, Encounter, or Influence token")."""
    return not st.board.is_home(x) and not M._encounter_token(st, x) and token_at(st, x) < 0


def legal_second(st):
    """"any other unoccupied, tokenless, primary terrain territory"."""
    b = st.board
    return [x for x in range(b.n_spaces) if 1 <= b.terrain[x] <= 5 and not _occupied(st, x)
            and not M._encounter_token(st, x) and token_at(st, x) < 0]


def _place(st, x):
    i = _f(st) + _F_INFL
    for k in range(_TOKENS):
        if st.s[i + k] == _INFL_SUPPLY:
            st.s[i + k] = x
            return


def influence_first(pending):
    """The bottom row's (or the end of the turn's) pending, after Fenris's Influence: its
    character moved in the Move just ended; then Tesla, if Fenris found him and he moved ("both
    a character and a mech for all standard and special abilities", as his encounter: D14)."""

    def first(st):
        s = st.s
        if not st.FENRIS:
            return pending(st)
        p = s[_ACTIVE]
        if s[_f(st) + _F_INFL_STEP]:
            if supply(st) and legal_second(st):
                return _K_INFLUENCE_AT, p
            s[_f(st) + _F_INFL_STEP] = 0
        if common.faction(st, p) == _FACTION_FENRIS:
            if s[_MOVED] & 1:
                if supply(st) and first_ok(st, s[common.po(p) + _P_UNITS + _U_CHARACTER]):
                    return _K_INFLUENCE, p
                s[_MOVED] &= ~1
            if st.TESLA and s[_MOVED + 1] & _TESLA_MOVED:   # (he moves for his finder only)
                if supply(st) and first_ok(st, s[_f(st) + _F_TESLA]):
                    return _K_INFLUENCE, p
                s[_MOVED + 1] &= ~_TESLA_MOVED
        return pending(st)
    return first


def legal_influence(st):
    return [0, 1]


def do_influence(st, a):
    """The token on the character's territory, or on Tesla's once the character's is asked (its
    MOVED bit cleared): asked once a Move for each of them."""
    s = st.s
    if s[_MOVED] & 1:
        x = s[common.po(s[_ACTIVE]) + _P_UNITS + _U_CHARACTER]
        s[_MOVED] &= ~1
    else:
        x = s[_f(st) + _F_TESLA]
        s[_MOVED + 1] &= ~_TESLA_MOVED
    if a:
        _place(st, x)
        s[_f(st) + _F_INFL_STEP] = 1


def legal_influence_at(st):
    return legal_second(st) + [_SPACE_DONE]


def do_influence_at(st, a):
    if a != _SPACE_DONE:
        _place(st, a)
    st.s[_f(st) + _F_INFL_STEP] = 0


def _gain(st, p, x):
    """p gains the token on x, if one is there."""
    k = token_at(st, x)
    if k >= 0:
        st.s[_f(st) + _F_INFL + k] = (_INFL_SUPPLY if common.faction(st, p) == _FACTION_FENRIS
                                      else _INFL_HELD + p)


# ---- the stops and the moves (installed in move.py: install()) -------------------------------
# move's and common's own (this module is imported once, before fenris_hooks.install()).
_PLAIN = (M._stops, M.steps, common.seats)


def stops(st, p, u, y):
    """move._stops, and "whenever one of your units ... moves into a territory containing an
    Influence token, that unit's movement ends" (not Fenris's units)."""
    if _PLAIN[0](st, p, u, y):
        return True
    return (getattr(st, "INFLUENCE", 0) and common.faction(st, p) != _FACTION_FENRIS
            and not st.DESOLATION and token_at(st, y) >= 0)   # (the Desolation: "all players ignore them")


def steps(st, p, u, x, ab, ctrl):
    """move.steps; no step onto Vesna's or Fenris's home base (Wayfare: they are active);
    Leap: "you may 'leap over' a territory if the destination is in a straight line (allows
    crossing of rivers and lakes, and avoiding enemy units)"; Fanatical: "move to any
    non-adjacent territory containing an Influence token"."""
    out = _PLAIN[1](st, p, u, x, ab, ctrl)
    if not getattr(st, "BASES", 0):
        return out
    b = st.board
    v = b.home[_N_BASES]
    f = b.home[_N_BASES + 1]
    if v in out or f in out:   # (a new list only then: steps is on the legal moves' path)
        out = [y for y in out if y != v and y != f]
    if u >= _U_WORKER or not ab & (_M_LEAP | _M_FANATICAL):
        return out
    if ab & _M_LEAP:
        for d in range(6):
            y = b.adj[6 * x + d]
            if y == _NOWHERE or b.terrain[y] == 0:
                continue   # over a territory (a lake too), not over a home base (S4)
            z = b.adj[6 * y + d]
            if z == _NOWHERE or z == x or b.terrain[z] == 0:
                continue
            if b.terrain[z] == _LAKE and not ab & (_M_SEAWORTHY | _M_SUBMERGE):
                continue   # "crossing" lakes, not landing on one
            if z not in out:
                out.append(z)
    if ab & _M_FANATICAL and st.FENRIS:
        near = [y for y, _ in b.neighbours(x)]
        i = _f(st) + _F_INFL
        for k in range(_TOKENS):
            y = st.s[i + k]
            if y < b.n_spaces and y not in near and y != x and y not in out:
                out.append(y)
    return out


def on_arrive(pending):
    """move.pending_carry (the unit arrives), then the Influence token there: gained by a
    non-Fenris unit ("Gain the Influence token"), by Fenris's unit only when it came by
    Fanatical ("You only gain an Influence token if you move to it with the Fanatical
    ability"): the destination is none of its steps without Fanatical. Tesla too, Fenris's: "both
    a character and a mech for all standard and special abilities"."""

    def arrive(st):
        s = st.s
        frm = s[_FROM]
        got = pending(st)
        if got is not None or not st.INFLUENCE:
            return got
        p = s[_ACTIVE]
        y = s[_TO]
        if token_at(st, y) < 0:
            return None
        if common.faction(st, p) != _FACTION_FENRIS:
            if not st.DESOLATION:   # "all players ignore them, as they are not opponents"
                _gain(st, p, y)
        elif s[_UNIT] < _U_WORKER or s[_UNIT] == _U_TESLA:   # (Tesla: "both a character and a mech")
            ab = common.abilities(st, p)
            u = _U_CHARACTER if s[_UNIT] == _U_TESLA else s[_UNIT]   # (his steps: fenris_tesla)
            if ab & _M_FANATICAL and y not in steps(st, p, u, frm, ab & ~_M_FANATICAL,
                                                     common.control_map(st)[0]):
                _gain(st, p, y)
        return None
    return arrive


def on_produce(do):
    """K_PRODUCE_AT; then "If your Mill produces a worker on a territory containing an
    Influence token, you gain the Influence immediately" (a non-Fenris player)."""

    def produce(st, a):
        s = st.s
        p = s[_ACTIVE]
        do(st, a)
        if (st.INFLUENCE and a != _SPACE_DONE and common.faction(st, p) != _FACTION_FENRIS
                and not st.DESOLATION and TB.PRODUCES[st.board.terrain[a]] == _PRODUCE_WORKER):
            _gain(st, p, a)
    return produce


def penalty(st, p):
    """The rule: "Each Influence token is worth -$1 at the end of the game to the player who has it"."""
    return held(st, p) if st.INFLUENCE else 0


def check(st):
    """A problem with the Fenris faction's state, else None."""
    s = st.s
    f = _f(st)
    n = s[_N]
    fen = fenris_seat(st)
    for k in range(_TOKENS):
        v = s[f + _F_INFL + k]
        if not (v == _INFL_SUPPLY or v < st.board.n_spaces or _INFL_HELD <= v < _INFL_HELD + n):
            return "influence token %d" % k
        if v < st.board.n_spaces and (st.board.is_home(v) or token_at(st, v) != k):
            return "influence token %d" % k
        if fen < 0 and v != _INFL_SUPPLY and not st.FORTRESS:   # (Episode 5's 9 on the map)
            return "influence token %d" % k
        if fen >= 0 and v == _INFL_HELD + fen:
            return "influence token %d held by Fenris" % k
    bases = []
    for p in range(n):
        b = base_of(st, p)
        if b >= 0:
            bases.append(b)
    if len(set(bases)) != len(bases) or s[f + _F_INFL_STEP] > 1:
        return "home bases"
    v = s[f + _F_HORRIFY]
    if v and (fen < 0 or not 1 <= v & 7 <= n or (v & 7) - 1 == fen or not v >> 3):
        return "horrify"
    return None
