# The two base-engine readings The Rise of Fenris changes (docs/fenris.md C2, C3), installed when
# a module game loads this package's fenris.py, so that a base game keeps its code, its bytes and
# its heap (a line in common.py costs every base game its bytecode; measured: +128 B for the
# Alliance token in has_ability, +160 B for the Mech Mods in abilities):
# - has_ability: the faction's ability, or the one of the Alliance token held face up
#   (fenris_alliances.py); with ab | AB_HAD, also a token's flipped since (the state's check);
# - abilities: a Mech Mod placed over a printed mech ability gives the mod's (fenris_mods.py).
# install() puts the module-aware functions in common.py and in every module of the ruleset
# already loaded that imported the plain ones by name (a module loaded later imports the new
# ones from common.py). On a base state (no module block) each gives the plain answer, so a base
# game played after a module game on the same board plays the same.
import sys

from ..compat import const
from . import common
from . import tables as TB

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_HAD = const(128)
_ALLY_FLIPPED = const(128)
_FACTION_SIZE = const(4)
_FA_ABILITY = const(2)
_F_ALLY = const(66)
_F_MECH = const(74)
_F_SIZE = const(189)
_N = const(0)
_NOWHERE = const(255)
_P_FACTION = const(0)
_P_UNITS = const(18)
_TAIL = const(20)
_U_MECH = const(1)
# -- end of private copies --

# common's own has_ability and abilities (this module is imported once, before install()).
_PLAIN = (common.has_ability, common.abilities)


def has_ability(st, p, ab):
    """common.has_ability, and the faction's whose Alliance token p holds face up (Alliances);
    ab | AB_HAD: also one held before it was flipped."""
    if _PLAIN[0](st, p, ab & ~_AB_HAD):
        return True
    if not getattr(st, "ALLIANCES", 0):
        return False
    s = st.s
    v = s[len(s) - _TAIL - _F_SIZE + _F_ALLY + p]
    if not v or (v & _ALLY_FLIPPED and not ab & _AB_HAD):
        return False
    q = (v & ~_ALLY_FLIPPED) - 1
    if not 0 <= q < s[_N]:   # (a corrupt token: the state's check says so, fenris_alliances.check)
        return False
    return TB.FACTIONS[_FACTION_SIZE * s[common.po(q) + _P_FACTION] + _FA_ABILITY] == ab & ~_AB_HAD


def abilities(st, p):
    """common.abilities, with a Mech Mod (or a Vesna token) over a printed ability giving its own."""
    if not (getattr(st, "MECHMODS", 0) or getattr(st, "VESNA", 0)):
        return _PLAIN[1](st, p)
    s = st.s
    o = common.po(p) + _P_UNITS + _U_MECH
    row = 4 * common.faction(st, p)
    x = len(s) - _TAIL - _F_SIZE + _F_MECH + 4 * p
    f = 0
    for i in range(4):
        if s[o + i] != _NOWHERE:
            v = s[x + i]
            f |= 1 << (v - 1) if v else TB.MECH_ABILITIES[row + i]
    return f


def install(more=()):
    """The functions above in place of common's, wherever the ruleset's modules hold them, and
    `more` ((name, plain, new): the Fenris faction's seats, move's steps and stops,
    fenris_faction.py). Idempotent."""
    swap = (("has_ability", _PLAIN[0], has_ability), ("abilities", _PLAIN[1], abilities)) + tuple(more)
    package = __name__[:__name__.rfind(".")]   # firmware.rules.scythe
    for name in list(sys.modules):
        if name.startswith(package):
            mod = sys.modules[name]
            for attr, plain, new in swap:
                if getattr(mod, attr, None) is plain:
                    setattr(mod, attr, new)


def install_pieces(cls, on, pieces, place):
    """The Scythe ruleset's piece methods (cls: the class) with a module's own pieces ((kind,
    owner, tag), ...: Mad Tesla's miniature, the Influence tokens, the Desolation's units) in a game
    where on(st): listed by game_pieces, their tags within game_tags, each expected where
    place(st, at) puts it. Each gives the plain answer in a game without them."""
    plain = (cls.game_tags, cls.expected, cls.game_pieces)
    top = max(t for _k, _o, t in pieces) + 1

    def game_pieces(self, st):
        out = plain[2](self, st)
        return out + pieces if on(st) else out

    def game_tags(self, st):
        n = plain[0](self, st)
        return max(n, top) if on(st) else n

    def expected(self, st, at):
        plain[1](self, st, at)
        if on(st):
            place(st, at)

    cls.game_pieces = game_pieces
    cls.game_tags = game_tags
    cls.expected = expected


def grown(cls, stages, kinds):
    """cls's (PENDING, LEGAL, DO) as lists (cls: a class, or another module's tables), grown with
    None to `stages` stages and `kinds` kinds: a module's tables are made from them
    (fenris_agents.py, fenris_extraobj.py)."""
    t = cls if isinstance(cls, tuple) else (cls.PENDING, cls.LEGAL, cls.DO)
    pending, legal, do = list(t[0]), list(t[1]), list(t[2])
    while len(pending) < stages:
        pending.append(None)
    while len(legal) < kinds:
        legal.append(None)
        do.append(None)
    return pending, legal, do
