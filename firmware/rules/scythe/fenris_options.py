# The Rise of Fenris modules as options of the Scythe ruleset (docs/fenris.md section 2): their
# words, the combinations the Module Chart forbids and the refusals (fenris.py re-exports these;
# a new game's options are read here).
from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_MOD_AGENTS = const(65536)
_MOD_ALLIANCES = const(64)
_MOD_BONUSES = const(32768)
_MOD_DESOLATION = const(2048)
_MOD_EXTRAOBJ = const(262144)
_MOD_FENRIS = const(256)
_MOD_FORTRESS = const(1048576)
_MOD_HARDER = const(4096)
_MOD_INFRA = const(2)
_MOD_MADTESLA = const(1024)
_MOD_MECHMODS = const(1)
_MOD_NEWERA = const(16384)
_MOD_OWNED = const(4194304)
_MOD_PEACE = const(8)
_MOD_PERKS = const(524288)
_MOD_PLEA = const(2097152)
_MOD_RIVALS = const(32)
_MOD_SEARCH = const(8192)
_MOD_TESLA = const(512)
_MOD_TILES = const(16)
_MOD_VESNA = const(128)
_MOD_WAR = const(4)
_MOD_WARSETUP = const(131072)
_N_MODULES = const(23)
# -- end of private copies --

# content.MODULES (content.py is never imported on a board): the option words in bit order.
WORDS = ("mechmods", "infra", "war", "peace", "tiles", "rivals", "alliances", "vesna", "fenris",
         "tesla", "madtesla", "desolation", "harder", "search", "newera", "bonuses", "agents",
         "warsetup", "extraobj", "perks", "fortress", "plea", "owned")
# The modules whose rules are played (the others are refused: "not implemented yet").
IMPLEMENTED = (_MOD_MECHMODS | _MOD_INFRA | _MOD_VESNA | _MOD_FENRIS | _MOD_WAR | _MOD_PEACE | _MOD_TILES
               | _MOD_RIVALS | _MOD_ALLIANCES | _MOD_TESLA | _MOD_MADTESLA | _MOD_DESOLATION | _MOD_HARDER
               | _MOD_SEARCH | _MOD_NEWERA | _MOD_BONUSES | _MOD_AGENTS | _MOD_WARSETUP
               | _MOD_EXTRAOBJ | _MOD_PERKS | _MOD_FORTRESS | _MOD_PLEA | _MOD_OWNED)
# FenrisState's flags (fenris.py): (attribute, the modules that turn it on); a state holds one only
# when on (the class's 0 else: a look-ahead copy's attribute table stays small).
FLAGS = (("FENRIS", _MOD_FENRIS), ("VESNA", _MOD_VESNA), ("BASES", _MOD_FENRIS | _MOD_VESNA),
         ("RIVALS", _MOD_RIVALS), ("DESOLATION", _MOD_DESOLATION), ("tiles", _MOD_TILES | _MOD_DESOLATION),
         ("INFRA", _MOD_INFRA), ("ALLIANCES", _MOD_ALLIANCES), ("MECHMODS", _MOD_MECHMODS),
         ("TESLA", _MOD_TESLA), ("PLEA", _MOD_PLEA), ("SEARCH", _MOD_SEARCH), ("NEWERA", _MOD_NEWERA),
         ("BONUSES", _MOD_BONUSES), ("PERKS", _MOD_PERKS), ("WARSETUP", _MOD_WARSETUP),
         ("EXTRAOBJ", _MOD_EXTRAOBJ), ("AGENTS", _MOD_AGENTS), ("FORTRESS", _MOD_FORTRESS),
         ("INFLUENCE", _MOD_FENRIS | _MOD_FORTRESS), ("MADTESLA", _MOD_MADTESLA))
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
    (_MOD_NEWERA, _MOD_SEARCH | _MOD_RIVALS, 9),   # Episode 8a: Tesla found already; stars in one place
    (_MOD_AGENTS, _MOD_TESLA | _MOD_MADTESLA | _MOD_DESOLATION, 10),   # Episode 4: not with a figure yet
    (_MOD_EXTRAOBJ, _TRACKS | _MOD_RIVALS | _MOD_DESOLATION | _MOD_NEWERA | _MOD_FORTRESS,
     12),   # Episode 1: the base track (of the modules with steps: the figures' and the agents')
    (_MOD_FORTRESS, _MOD_TESLA | _MOD_MADTESLA | _MOD_DESOLATION | _MOD_AGENTS | _MOD_FENRIS | _MOD_RIVALS,
     13),   # Episode 5: its tokens are Fenris's; no figure, agent nor rival beside the Annihilator yet
    (_MOD_PLEA, _MOD_TESLA | _MOD_MADTESLA | _MOD_DESOLATION | _MOD_AGENTS | _MOD_FENRIS | _MOD_VESNA
     | _MOD_FORTRESS | _MOD_EXTRAOBJ, 14),   # Episode 3: Vesna not found yet; its bytes are Episode 5's
)
_NOT_YET = 6
_HARDER_ALONE = 5
_SEARCH_ALONE = 7
_NEWERA_ALONE = 8
_WARSETUP_ALONE = 11
_OWNED_ALONE = 15


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
    if mods & _MOD_SEARCH and not mods & _MOD_TESLA:
        return WORDS[13], _SEARCH_ALONE
    if mods & _MOD_NEWERA and (mods & (_MOD_TILES | _MOD_TESLA)) != _MOD_TILES | _MOD_TESLA:
        return WORDS[14], _NEWERA_ALONE
    if mods & _MOD_WARSETUP and not mods & _MOD_WAR:
        return WORDS[17], _WARSETUP_ALONE
    if mods & _MOD_OWNED and not mods & (_MOD_MECHMODS | _MOD_INFRA):
        return WORDS[22], _OWNED_ALONE
    return None


def refuse(mods):
    """SetupError for modules that may not be played together, or not yet (see modules())."""
    why = clash(mods)
    if why:
        _refuse(why[0], why[1])
    if mods & ~IMPLEMENTED:
        _refuse(_named(mods & ~IMPLEMENTED), _NOT_YET)


def unplayed():
    """The option words of the modules not played yet (refused as "not implemented yet")."""
    return tuple(WORDS[i] for i in range(_N_MODULES) if not (IMPLEMENTED >> i) & 1)


def desolation_played():
    """Whether the Desolation's 1-player games are played (offered only then): they are, "1 player:
    5 tiles (do not use the 5-star tile, and draw and discard another tile if you reveal 2 objective
    tiles)" (fenris_tiles._legal_tile; docs/fenris.md step 12)."""
    return True


def words(mods):
    """The option words of the modules in `mods` ({"war": [1], ...}: Ruleset.setup_of)."""
    return {WORDS[i]: [1] for i in range(_N_MODULES) if (mods >> i) & 1}
