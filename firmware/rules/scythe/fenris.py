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
from . import turn as T
from .common import achievements, game_over, hand_size, objective_options, po, seats, stars
from .engine import State, new_game as _base_game

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_CAT_CARDS8 = const(10)
_CAT_COMBAT = const(8)
_CAT_OBJECTIVE = const(7)
_CAT_UP_OR_STRUCT = const(9)
_DEFER = const(42)
_END_STARS = const(6)
_F_MODS = const(0)
_F_SIZE = const(16)
_MOD_DESOLATION = const(2048)
_MOD_HARDER = const(4096)
_MOD_MADTESLA = const(1024)
_MOD_PEACE = const(8)
_MOD_RIVALS = const(32)
_MOD_TESLA = const(512)
_MOD_TILES = const(16)
_MOD_WAR = const(4)
_N_MODULES = const(13)
_P_STARS = const(14)
_RES0 = const(267)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_END_TURN = const(29)
_ST_OVER = const(30)
_ST_SECTION = const(6)
_S_MECHS = const(1)
_S_POWER = const(6)
_S_RECRUITS = const(3)
_S_STRUCTURES = const(2)
_S_UPGRADES = const(0)
_TAIL = const(20)
_TF_ENDED = const(32)
_TURN_FLAGS = const(61)
# -- end of private copies --

# content.MODULES (content.py is never imported on a board): the option words in bit order.
WORDS = ("mechmods", "infra", "war", "peace", "tiles", "rivals", "alliances", "vesna", "fenris",
         "tesla", "madtesla", "desolation", "harder")
# The modules whose rules are played (the others are refused: "not implemented yet").
IMPLEMENTED = _MOD_WAR
# The Triumph Tracks (docs/fenris.md C4, 1.3; content.CAT_*): each slot a category, left to
# right. Derived from each module's list of changes (the rulebook prints no layout, gap G5).
# War: "Place a star for 6 Upgrades OR 4 Structures"; "up to 4 combat stars"; "8 Combat Cards
# in your hand at the end of your turn"; "no stars for placing all 8 workers or maximizing
# Popularity".
WAR = bytes((_CAT_UP_OR_STRUCT, _S_MECHS, _S_RECRUITS, _CAT_OBJECTIVE, _CAT_COMBAT, _CAT_COMBAT,
             _CAT_COMBAT, _CAT_COMBAT, _S_POWER, _CAT_CARDS8))
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
    st = FenrisState(board, data)
    st.begin()
    return st


# ---- the Triumph Track (C4) -----------------------------------------------------------------
def track(mods):
    """The track in play (a bytes of content.CAT_*), or None: the base track (common.py's)."""
    return WAR if mods & _MOD_WAR else None


def met(st, p, cat, end):
    """True if p meets category `cat` now (end: at the end of p's own turn, when the
    end-of-turn categories count)."""
    if cat <= _S_POWER:
        return (achievements(st, p) >> cat) & 1
    if cat == _CAT_UP_OR_STRUCT:
        return achievements(st, p) & (1 << _S_UPGRADES | 1 << _S_STRUCTURES)
    if cat == _CAT_CARDS8:
        return end and hand_size(st, p) >= 8
    return False


def place_goals(st, p, end=False):
    """Place p's stars for the track's categories it meets (each once; the counted ones,
    objective and combat, are common.star_for's); True if the game ended (a 6th star)."""
    s = st.s
    o = po(p) + _P_STARS
    new = 0
    goals = st.goals
    for i in range(len(goals)):
        if not (s[o] >> i) & 1 and met(st, p, goals[i], end):
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


class FenrisState(State):
    """A game of Scythe with The Rise of Fenris modules on (F_MODS)."""

    PENDING = tuple(_pending_end_turn if i == _ST_END_TURN else State.PENDING[i]
                    for i in range(len(State.PENDING)))

    def __init__(self, board, data=None):
        State.__init__(self, board, data)
        t = track(self.mods())
        self.track = t
        # The categories placed by bits (P_STARS bit i: the i-th), and the combat stars allowed.
        self.goals = None
        if t is not None:
            self.goals = bytes([c for c in t if c != _CAT_OBJECTIVE and c != _CAT_COMBAT])
            self.COMBAT_STARS = len([c for c in t if c == _CAT_COMBAT])

    def _interrupt(self):
        """State._interrupt with the track in play: its categories' stars before any decision
        (the active player first, then clockwise; not while a bottom-row action is resolved)."""
        if self.goals is None:
            return State._interrupt(self)
        s = self.s
        stage = s[_STAGE]
        if stage >= _ST_SECTION and stage != _ST_OVER and not s[_DEFER] and s[_STARS_DIRTY]:
            s[_STARS_DIRTY] = 0
            order = seats(self)
            i = order.index(s[_ACTIVE])
            for k in range(len(order)):
                if place_goals(self, order[(i + k) % len(order)]):
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
