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
from .engine import State, new_game as _base_game

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
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
_RES0 = const(267)
_TAIL = const(20)
# -- end of private copies --

# content.MODULES (content.py is never imported on a board): the option words in bit order.
WORDS = ("mechmods", "infra", "war", "peace", "tiles", "rivals", "alliances", "vesna", "fenris",
         "tesla", "madtesla", "desolation", "harder")
# The modules whose rules are played (the others are refused: "not implemented yet").
IMPLEMENTED = 0
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
    st = FenrisState(board, data)
    x = f0(st)
    st.s[x + _F_MODS] = mods & 0xFF
    st.s[x + _F_MODS + 1] = mods >> 8
    st.begin()
    return st


class FenrisState(State):
    """A game of Scythe with The Rise of Fenris modules on (F_MODS)."""

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
        return None
