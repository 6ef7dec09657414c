# The Rise of Fenris modules as options of the Scythe ruleset (docs/fenris.md): a game with a
# module on is a FenrisState, a State whose bytes carry the module block (layout.F_*: F_SIZE
# bytes between the resources and the tail, so the tail stays the last bytes and every base
# offset holds). This module is imported only when a module is on (a new game with one of its
# options, or a save whose length says so): a base game never loads it and keeps its bytes,
# digests and heap.
#
# Here: the options (each module an on/off option, content.MODULES), the refusals of the
# combinations the Module Chart forbids (docs/fenris.md section 2) and of the modules whose
# rules are not implemented yet, the state and its check.
from ..compat import const
from . import engine as E
from . import move as M
from . import turn as T
from .common import (achievements, control_map, controlled_res, faction, game_over, hand_size, model_cards,
                     objective_limit, objective_options, po, seats, star_for, stars, x0)
from .engine import State, new_game as _base_game

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_CAT_CARDS8 = const(10)
_CAT_COMBAT = const(8)
_CAT_ENC3 = const(12)
_CAT_FACTORY = const(14)
_CAT_MECHS_OR_RECRUITS = const(11)
_CAT_OBJECTIVE = const(7)
_CAT_POP13 = const(13)
_CAT_RES16 = const(15)
_CAT_UP_OR_STRUCT = const(9)
_DEFER = const(42)
_ENC = const(22)
_END_STARS = const(6)
_F_ENC = const(2)
_F_MODS = const(0)
_F_OBJ3 = const(7)
_F_OBJ_DRAW = const(5)
_F_SIZE = const(16)
_K_MODEL_OBJECTIVE = const(3)
_K_OBJECTIVE = const(4)
_MOD_DESOLATION = const(2048)
_MOD_HARDER = const(4096)
_MOD_MADTESLA = const(1024)
_MOD_PEACE = const(8)
_MOD_RIVALS = const(32)
_MOD_TESLA = const(512)
_MOD_TILES = const(16)
_MOD_WAR = const(4)
_N = const(0)
_NOWHERE = const(255)
_N_MODULES = const(13)
_N_OBJECTIVES = const(23)
_OBJ_23 = const(22)
_OBJ_BACK = const(57)
_OBJ_NOT_MET = const(31)
_OBJ_OUT = const(16)
_P_FACTORY = const(17)
_P_OBJ_HELD = const(38)
_P_OBJ_STARS = const(16)
_P_POP = const(3)
_P_STARS = const(14)
_RES0 = const(267)
_SETUP_I = const(5)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_AFTER_MOVE = const(28)
_ST_END_TURN = const(29)
_ST_OBJ = const(4)
_ST_OBJECTIVE = const(36)
_ST_OVER = const(30)
_ST_SECTION = const(6)
_ST_TILE = const(5)
_S_MECHS = const(1)
_S_POWER = const(6)
_S_RECRUITS = const(3)
_S_STRUCTURES = const(2)
_S_UPGRADES = const(0)
_S_WORKERS = const(4)
_TAIL = const(20)
_TF_ENDED = const(32)
_TURN_FLAGS = const(61)
_X_OBJ = const(8)
# -- end of private copies --

# content.MODULES (content.py is never imported on a board): the option words in bit order.
WORDS = ("mechmods", "infra", "war", "peace", "tiles", "rivals", "alliances", "vesna", "fenris",
         "tesla", "madtesla", "desolation", "harder")
# The modules whose rules are played (the others are refused: "not implemented yet").
IMPLEMENTED = _MOD_WAR | _MOD_PEACE
# The Triumph Tracks (docs/fenris.md C4, 1.3; content.CAT_*): each slot a category, left to
# right. Derived from each module's list of changes (the rulebook prints no layout, gap G5).
# War: "Place a star for 6 Upgrades OR 4 Structures"; "up to 4 combat stars"; "8 Combat Cards
# in your hand at the end of your turn"; "no stars for placing all 8 workers or maximizing
# Popularity".
WAR = bytes((_CAT_UP_OR_STRUCT, _S_MECHS, _S_RECRUITS, _CAT_OBJECTIVE, _CAT_COMBAT, _CAT_COMBAT,
             _CAT_COMBAT, _CAT_COMBAT, _S_POWER, _CAT_CARDS8))
# Peace: "Place a star for 4 mechs OR 4 recruits, but not both"; "stars for 2 Objectives";
# "claiming 3 encounter tokens"; "achieving 13 popularity"; "gaining a Factory card"; "controlling
# 16 total resources"; "No stars are placed for combat victories or 16 power" (so the base
# track's upgrades, structures and workers stay). 8 slots placed by bits: P_STARS' 8 bits.
PEACE = bytes((_CAT_MECHS_OR_RECRUITS, _S_UPGRADES, _S_STRUCTURES, _S_WORKERS, _CAT_OBJECTIVE,
               _CAT_OBJECTIVE, _CAT_ENC3, _CAT_POP13, _CAT_FACTORY, _CAT_RES16))
# The combinations refused (docs/fenris.md section 2): (a module, the modules it may not be
# played with, the reason: fenris_text.REASONS' index). Checked in this order.
_TRACKS = _MOD_WAR | _MOD_PEACE | _MOD_TILES
CLASHES = (
    (_MOD_RIVALS, _MOD_PEACE, 0),                  # Module Chart: Rivals and Peace
    (_MOD_DESOLATION, _MOD_WAR | _MOD_PEACE | _MOD_RIVALS | _MOD_MADTESLA, 2),   # Desolation Setup
    (_MOD_DESOLATION, _MOD_TILES, 3),              # Desolation uses all 21 tiles already
    (_MOD_WAR, _MOD_PEACE | _MOD_TILES, 1),        # one Triumph Track (Derived)
    (_MOD_PEACE, _MOD_TILES, 1),
    (_MOD_TESLA, _MOD_MADTESLA | _MOD_DESOLATION, 4),   # one Tesla miniature (Derived)
)
_NOT_YET = 6
_HARDER_ALONE = 5


def f0(st):
    """The offset of the module block (layout.F_*)."""
    return len(st.s) - _TAIL - _F_SIZE


def _refuse(what, reason):
    from ..errors import SetupError
    from .fenris_text import reason as words

    raise SetupError("bad_setup", "%s: %s" % (what, words(reason)))


def _named(mods):
    return "+".join(WORDS[i] for i in range(_N_MODULES) if (mods >> i) & 1)


def modules(options):
    """The modules an options dict turns on (a bit mask of content.MOD_*; 0: the base game),
    after refusing (SetupError "bad_setup", saying why) a value that is not 0 or 1, a
    combination the rules forbid, and a module whose rules are not implemented yet."""
    mods = 0
    for i in range(_N_MODULES):
        v = options.get(WORDS[i])
        if v in (None, [], [0]):
            continue
        if v != [1]:
            from ..errors import SetupError

            raise SetupError("bad_setup", WORDS[i])
        mods |= 1 << i
    refuse(mods)
    return mods


def clash(mods):
    """(the options named, the reason) of the first combination in `mods` the rules forbid,
    else None."""
    for a, b, why in CLASHES:
        if mods & a and mods & b:
            return _named(a) + "+" + _named(mods & b), why
    if mods & _MOD_HARDER and not mods & _MOD_DESOLATION:
        return WORDS[12], _HARDER_ALONE
    return None


def refuse(mods):
    """SetupError for modules that may not be played together, or not yet (see modules())."""
    why = clash(mods)
    if why:
        _refuse(why[0], why[1])
    if mods & ~IMPLEMENTED:
        _refuse(_named(mods & ~IMPLEMENTED), _NOT_YET)


def desolation_played():
    """Whether the Desolation's rules are played (its 1-player games are offered only then)."""
    return bool(IMPLEMENTED & _MOD_DESOLATION)


def words(mods):
    """The option words of the modules in `mods` ({"war": [1], ...}: Ruleset.setup_of)."""
    return {WORDS[i]: [1] for i in range(_N_MODULES) if (mods >> i) & 1}


def new_game(board, players, model, mods):
    """A new game with the modules `mods` on (not checked here: modules() refuses)."""
    base = _base_game(board, players, model)
    n = len(base.s)
    data = bytearray(n + _F_SIZE)
    data[:n - _TAIL] = base.s[:n - _TAIL]
    data[n - _TAIL + _F_SIZE:] = base.s[n - _TAIL:]
    data[n - _TAIL + _F_MODS] = mods & 0xFF
    data[n - _TAIL + _F_MODS + 1] = mods >> 8
    if mods & _MOD_PEACE:   # "remove Objective 23 from the Objective deck": as if revealed
        data[_OBJ_OUT + _OBJ_23 // 8] |= 1 << (_OBJ_23 % 8)
    st = FenrisState(board, data)
    st.begin()
    return st


# ---- the Triumph Track (C4) -----------------------------------------------------------------
def track(mods):
    """The track in play (a bytes of content.CAT_*), or None: the base track (common.py's)."""
    if mods & _MOD_WAR:
        return WAR
    return PEACE if mods & _MOD_PEACE else None


def encounters(st, p):
    """The encounter tokens p claimed (F_ENC, a nibble a player)."""
    return (st.s[f0(st) + _F_ENC + p // 2] >> (4 * (p & 1))) & 15


def resources(st, p, ctrl=None):
    """The resources on the territories p controls, all kinds (Peace: "controlling 16 total
    resources (these resources do not need to be on the same territory)")."""
    if ctrl is None:
        ctrl = control_map(st)[0]
    return sum(controlled_res(st, p, r, ctrl) for r in range(4))


def met(st, p, cat, end, ctrl=None):
    """True if p meets category `cat` now (end: at the end of p's own turn, when the
    end-of-turn categories count; ctrl: control_map's, if known)."""
    if cat <= _S_POWER:
        return (achievements(st, p) >> cat) & 1
    if cat == _CAT_UP_OR_STRUCT:
        return achievements(st, p) & (1 << _S_UPGRADES | 1 << _S_STRUCTURES)
    if cat == _CAT_CARDS8:
        return end and hand_size(st, p) >= 8
    if cat == _CAT_MECHS_OR_RECRUITS:
        return achievements(st, p) & (1 << _S_MECHS | 1 << _S_RECRUITS)
    if cat == _CAT_ENC3:
        return encounters(st, p) >= 3
    if cat == _CAT_POP13:
        return st.s[po(p) + _P_POP] >= 13
    if cat == _CAT_FACTORY:   # "place your star on the same turn": at its end (D5)
        return end and st.s[po(p) + _P_FACTORY] != _NOWHERE
    if cat == _CAT_RES16:
        return resources(st, p, ctrl) >= 16
    return False


def place_goals(st, p, end=False, ctrl=None):
    """Place p's stars for the track's categories it meets (each once; the counted ones,
    objective and combat, are common.star_for's); True if the game ended (a 6th star)."""
    s = st.s
    o = po(p) + _P_STARS
    new = 0
    goals = st.goals
    for i in range(len(goals)):
        if not (s[o] >> i) & 1 and met(st, p, goals[i], end, ctrl):
            new |= 1 << i
    if not new:
        return False
    while new and stars(st, p) < _END_STARS:
        b = new & -new
        s[o] |= b
        new &= ~b
    if stars(st, p) >= _END_STARS:
        game_over(st)
        return True
    return False


def _pending_end_turn(st):
    """turn.pending_end_turn; before the turn passes, the stars of the end of the turn (War:
    "8 Combat Cards in your hand at the end of your turn")."""
    s = st.s
    p = s[_ACTIVE]
    if st.goals is not None and (s[_TURN_FLAGS] & _TF_ENDED or not objective_options(st, p)):
        if place_goals(st, p, True):
            return None
    return T.pending_end_turn(st)


# ---- Peace's objectives (1.4): #23 out, Saxony's 3rd card, a draw after each objective star --
def _pending_obj(st):
    """engine.pending_obj; Peace: "Saxony starts with 3 objective cards instead of 2" (the
    model deck: its 3rd dealt last, into its F_OBJ3 slot)."""
    if not st.OBJ_DRAW:
        return E.pending_obj(st)
    s = st.s
    n = s[_N]
    sax = [p for p in range(n) if faction(st, p) == 3]
    if model_cards(st):
        if s[_SETUP_I] < 2 * n + len(sax):
            return _K_MODEL_OBJECTIVE, 255
        s[_SETUP_I] = 0
    for p in range(n):
        s[po(p) + _P_OBJ_HELD] = 3 if p in sax else 2
    s[_STAGE] = _ST_TILE
    return None


def _held_slots(st):
    """Every model objective slot (X_OBJ, 2 a player; Peace: F_OBJ3, 1 a player)."""
    x = x0(st) + _X_OBJ
    return list(range(x, x + 10)) + list(range(st.OBJ_DRAW, st.OBJ_DRAW + 5))


def _model_pool(st):
    """The model objective cards still in the deck: not held, not revealed (nor #23); Peace:
    "do not reshuffle discarded objectives" (none is discarded: the other cards are kept)."""
    s = st.s
    held = [s[i] for i in _held_slots(st)]
    return [c for c in range(_N_OBJECTIVES)
            if c + 1 not in held and not (s[_OBJ_OUT + c // 8] >> (c % 8)) & 1]


def _legal_model_objective(st):
    return _model_pool(st) if st.OBJ_DRAW else E.legal_model_objective(st)


def _do_model_objective(st, a):
    """A model objective card dealt: at setup (the 2 of each player, then Saxony's 3rd), or
    Peace's draw after an objective star (into the drawer's free slot)."""
    s = st.s
    if not st.OBJ_DRAW:
        return E.do_model_objective(st, a)
    n = s[_N]
    if s[_STAGE] == _ST_OBJ:
        i = s[_SETUP_I]
        s[_SETUP_I] = i + 1
        if i < 2 * n:
            s[x0(st) + _X_OBJ + i] = a + 1
        else:
            s[st.OBJ_DRAW + [p for p in range(n) if faction(st, p) == 3][0]] = a + 1
        return
    x = f0(st) + _F_OBJ_DRAW
    p = s[x] - 1
    s[x] = 0
    o = x0(st) + _X_OBJ + 2 * p
    for i in (o, o + 1, st.OBJ_DRAW + p):
        if not s[i]:
            s[i] = a + 1
            break
    s[po(p) + _P_OBJ_HELD] += 1
    s[_STAGE] = s[_OBJ_BACK]


def _pending_objective(st):
    """engine.pending_objective; Peace, the model deck: the card drawn after the star (chance)."""
    if st.OBJ_DRAW and st.s[f0(st) + _F_OBJ_DRAW]:
        return _K_MODEL_OBJECTIVE, 255
    return _K_OBJECTIVE, st.s[_ACTIVE]


def _do_objective(st, a):
    """engine.do_objective; Peace: "After you place your objective star, instead of discarding
    your other objective card, draw another objective card (if available; do not reshuffle
    discarded objectives)." Printed cards: a count (+1 while the deck has cards); the model
    deck: a chance deal (_pending_objective)."""
    if not st.OBJ_DRAW or a == _OBJ_NOT_MET:
        return E.do_objective(st, a)
    s = st.s
    p = s[_ACTIVE]
    s[_OBJ_OUT + a // 8] |= 1 << (a % 8)
    s[po(p) + _P_OBJ_HELD] -= 1
    model = model_cards(st)
    if model:
        o = x0(st) + _X_OBJ + 2 * p
        for i in (o, o + 1, st.OBJ_DRAW + p):
            if s[i] == a + 1:
                s[i] = 0
    star_for(st, p, _P_OBJ_STARS, objective_limit(st, p))
    if s[_STAGE] == _ST_OVER:
        return
    if model:
        if _model_pool(st):
            s[f0(st) + _F_OBJ_DRAW] = p + 1   # the stage stays: the draw is next
            return
    elif _N_OBJECTIVES - _revealed(s) - sum(s[po(q) + _P_OBJ_HELD] for q in range(s[_N])) > 0:
        s[po(p) + _P_OBJ_HELD] += 1
    s[_STAGE] = s[_OBJ_BACK]


def _revealed(s):
    k = 0
    for i in range(_N_OBJECTIVES):
        k += (s[_OBJ_OUT + i // 8] >> (i % 8)) & 1
    return k


# ---- Peace's encounters (1.4): "Place a star for claiming 3 encounter tokens" ----------------
def _pending_after_move(st):
    """move.pending_after_move; an encounter token claimed counts for its player (F_ENC)."""
    s = st.s
    before = s[_ENC] | s[_ENC + 1] << 8
    r = M.pending_after_move(st)
    if (s[_ENC] | s[_ENC + 1] << 8) != before:
        p = s[_ACTIVE]
        x = f0(st) + _F_ENC + p // 2
        if encounters(st, p) < 15:
            s[x] += 1 << (4 * (p & 1))
        s[_STARS_DIRTY] = 1
    return r


def _replace(table, changes):
    return tuple(changes.get(i, table[i]) for i in range(len(table)))


class FenrisState(State):
    """A game of Scythe with The Rise of Fenris modules on (F_MODS)."""

    SECRET = ()   # set by __init__ (State's is a property)

    PENDING = _replace(State.PENDING, {_ST_END_TURN: _pending_end_turn, _ST_OBJ: _pending_obj,
                                       _ST_OBJECTIVE: _pending_objective,
                                       _ST_AFTER_MOVE: _pending_after_move})
    LEGAL = _replace(State.LEGAL, {_K_MODEL_OBJECTIVE: _legal_model_objective})
    DO = _replace(State.DO, {_K_MODEL_OBJECTIVE: _do_model_objective, _K_OBJECTIVE: _do_objective})

    def __init__(self, board, data=None):
        State.__init__(self, board, data)
        mods = self.mods()
        t = track(mods)
        self.track = t
        # The categories placed by bits (P_STARS bit i: the i-th), and the combat stars allowed
        # (Peace: none; its 2 objective stars: common.objective_limit, by OBJ_DRAW).
        self.goals = None
        self.res16 = False
        if t is not None:
            self.goals = bytes([c for c in t if c != _CAT_OBJECTIVE and c != _CAT_COMBAT])
            self.COMBAT_STARS = len([c for c in t if c == _CAT_COMBAT])
            self.res16 = _CAT_RES16 in self.goals
        if mods & _MOD_PEACE:
            self.OBJ_DRAW = f0(self) + _F_OBJ3
        # State.SECRET (the dials, the model objective cards held); Peace: the third slots too.
        x = x0(self) + _X_OBJ
        self.SECRET = E._DIALS + tuple(range(x, x + 10)) + (
            tuple(range(self.OBJ_DRAW, self.OBJ_DRAW + 5)) if self.OBJ_DRAW else ())

    def _interrupt(self):
        """State._interrupt with the track in play: its categories' stars before any decision
        (the active player first, then clockwise; not while a bottom-row action is resolved)."""
        if self.goals is None:
            return State._interrupt(self)
        s = self.s
        stage = s[_STAGE]
        if stage < _ST_SECTION or stage == _ST_OVER or s[_DEFER]:
            return None
        ctrl = None
        if not s[_STARS_DIRTY]:
            # Peace's 16 resources: control changes with almost any decision, so it is looked
            # at before each one while a player lacks that star (and the map holds 16).
            if not self.res16 or sum(s[_RES0:f0(self)]) < 16:
                return None
            ctrl = control_map(self)[0]
        s[_STARS_DIRTY] = 0
        order = seats(self)
        i = order.index(s[_ACTIVE])
        for k in range(len(order)):
            if place_goals(self, order[(i + k) % len(order)], False, ctrl):
                return None
        return None

    @staticmethod
    def size(board):
        return _RES0 + 4 * board.n_spaces + _F_SIZE + _TAIL

    def _with_bytes(self, data):
        return FenrisState(self.board, data)

    def mods(self):
        """The modules on (content.MOD_*)."""
        x = f0(self)
        return self.s[x + _F_MODS] | (self.s[x + _F_MODS + 1] << 8)

    def check(self):
        problem = State.check(self)
        if problem:
            return problem
        mods = self.mods()
        if not mods or mods >> _N_MODULES or clash(mods):
            return "modules %d" % mods
        if self.goals is not None:
            for p in range(self.n_players()):
                if self.s[po(p) + _P_STARS] >> len(self.goals):
                    return "stars of player %d" % p
        return None
