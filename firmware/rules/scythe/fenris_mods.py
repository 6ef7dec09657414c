# Mech Mods (The Rise of Fenris, docs/fenris.md 1.1; S15): at setup each player draws 4 mods and
# places up to 2 over the mech abilities printed on its faction mat; a deployed mech then gives
# the mod's ability instead of the printed one (fenris_hooks.abilities reads the slots, F_MECH).
# FenrisState (fenris.py) puts these functions in its tables; imported only in a module game.
#
# The rulebook's lines: Module Chart: "draw 4 Mech Mods at random (redraw duplicates) and place up
# to 2 of them on your faction mat. Discard all Mech Mods you neither choose nor place." Mech Mods:
# "These 41 tokens provide variable mech abilities that replace the abilities on your faction
# mat"; "discard any duplicates (e.g., from your draw, Mods you already have, and abilities on
# your current faction mat) and draw replacements."
#
# As built: the 41 tokens' list and most of their texts are not in the sources (gap G1), and the
# board cannot light or check an ability it does not know. So the board draws (K_MOD_DRAWN, a
# chance decision, as it deals the Triumph Tiles) from the mods whose effect it plays, PLAYED, and
# the table takes the tokens it names: Artillery, Camaraderie, Scout, Township and Underpass (a
# printed ability's text, Guess: a mod named as one has its text) and Sword (data, medium: "as
# attacker, defender loses 2 power", at the start of the combat, as Disarm). Armor, Feint,
# Stealth, Suiton, Tactics and the 5 whose effects are unknown are never drawn. Duplicates (S15):
# the player's draw and its mat's printed abilities.
#
# A campaign episode (`owned`, docs/campaign.md section 3): "During setup, you may choose to
# replace mech abilities on your faction mat with your Mech Mods. Set aside any extras (which may
# include all of your Mods; you are not required to use them)." No draw: each player's Mods from
# its Campaign Log come one by one (K_MOD_DRAWN, chance: the campaign's keeper fixes each from the
# log, in PLAYED order, then MODS_DONE; a mod printed on its current mat is a duplicate and never
# given), each placed over any slot still printed or set aside (K_MOD_SLOT): up to 4, not 2.
from ..compat import const
from .common import abilities, add_power, faction
from . import tables as TB

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_C_DEF = const(44)
_FACTION_VESNA = const(7)
_F_DRAW = const(94)
_F_DRAW_I = const(98)
_F_MECH = const(74)
_F_SIZE = const(189)
_K_MOD_DRAWN = const(42)
_K_MOD_SLOT = const(43)
_MODS_DONE = const(31)
_MOD_OWNED = const(4194304)
_MOD_SKIP = const(4)
_M_MOVE_MASK = const(127)
_M_SWORD = const(16384)
_N = const(0)
_SETUP_I = const(5)
_STAGE = const(1)
_ST_MODS = const(41)
_ST_TILE = const(5)
_ST_VESNA = const(43)
_TAIL = const(20)
# -- end of private copies --

# The mods the board plays, by their ability's bit (content.M_*): Township, Underpass,
# Artillery, Scout, Camaraderie, Sword.
PLAYED = (4, 5, 7, 9, 11, 14)
_DRAWN = const(4)   # "draw 4 Mech Mods"
_PLACED = const(2)  # "place up to 2 of them"
_OWNED_MAX = const(4)   # `owned`: the faction mat's 4 slots
_SWORD = const(2)   # "defender loses 2 power"


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def owned(st):
    """A campaign episode's Mods from the Campaign Log (`owned`), not a draw."""
    return st.mods() & _MOD_OWNED


def slot(st, p, j):
    """The mod on slot j (0-3) of p's faction mat: its ability's bit, or -1 (the printed one)."""
    return st.s[_f(st) + _F_MECH + 4 * p + j] - 1


def placed(st, p):
    """How many mods p placed."""
    x = _f(st) + _F_MECH + 4 * p
    return sum(1 for j in range(4) if st.s[x + j])


# ---- setup -------------------------------------------------------------------------------------
def begin(st):
    """After the structure bonus tile, before Rivals."""
    st.s[_STAGE] = _ST_MODS
    st.s[_SETUP_I] = 0
    st.s[_f(st) + _F_DRAW_I] = 0


def pending_mods(st, then):
    """Each player in seat-number order: 4 draws, then each drawn mod placed or not until 2 are
    placed (Vesna's seat: none here, fenris_vesna.pending_vesna); then `then(st)`."""
    s = st.s
    f = _f(st)
    if owned(st):
        return _pending_owned(st, then)
    while s[_SETUP_I] < s[_N]:
        p = s[_SETUP_I]
        if st.VESNA and faction(st, p) == _FACTION_VESNA:
            next_player(st)   # her mods: drawn and kept in her own step, with her tokens (fenris_vesna)
            continue
        i = s[f + _F_DRAW_I]
        if i < _DRAWN:
            if legal_drawn(st):
                return _K_MOD_DRAWN, 255
            s[f + _F_DRAW_I] = _DRAWN   # fewer mods left than 4 (none yet: each mat prints one)
            continue
        if i < 2 * _DRAWN and placed(st, p) < _PLACED:
            if s[f + _F_DRAW + i - _DRAWN]:
                return _K_MOD_SLOT, p
            s[f + _F_DRAW_I] = i + 1
            continue
        next_player(st)   # "Discard all Mech Mods you neither choose nor place."
    s[_SETUP_I] = 0
    then(st)
    return None


def _pending_owned(st, then):
    """`owned`: each player in seat-number order: its Mods one by one until MODS_DONE, each asked
    where while a slot is free; then `then(st)`."""
    s = st.s
    x = _f(st) + _F_DRAW
    if s[_SETUP_I] >= s[_N]:
        s[_SETUP_I] = 0
        then(st)
        return None
    p = s[_SETUP_I]
    if s[x + 1] and free_slots(st, p):
        return _K_MOD_SLOT, p
    s[x + 1] = 0   # (every slot covered: set aside)
    return _K_MOD_DRAWN, 255


def next_player(st):
    """The draw of the player being set up discarded, the next player's (the Mech Mods and the
    Infrastructure Mods share the scratch F_DRAW, F_DRAW_I)."""
    s = st.s
    f = _f(st)
    for k in range(_DRAWN):
        s[f + _F_DRAW + k] = 0
    s[f + _F_DRAW_I] = 0
    s[_SETUP_I] += 1


def printed(st, p):
    """The flags of the 4 mech abilities printed on p's faction mat."""
    row = 4 * faction(st, p)
    m = 0
    for j in range(4):
        m |= TB.MECH_ABILITIES[row + j]
    return m


def legal_drawn(st):
    """The played mods that are not duplicates: not drawn already, not printed on the mat.
    `owned`: those after the last one given (PLAYED order), and MODS_DONE."""
    mat = printed(st, st.s[_SETUP_I])
    if owned(st):
        last = st.s[_f(st) + _F_DRAW] - 1
        return [PLAYED[j] for j in range(last + 1, len(PLAYED)) if not (mat >> PLAYED[j]) & 1] + [_MODS_DONE]
    got = drawn(st)
    return [b for b in PLAYED if not (mat >> b) & 1 and b not in got]


def do_drawn(st, a):
    """The mod drawn (its ability's bit) into the draw; `owned`: the mod given, asked where next
    (MODS_DONE: the next player's)."""
    if owned(st):
        x = _f(st) + _F_DRAW
        if a == _MODS_DONE:
            next_player(st)
        else:
            st.s[x] = PLAYED.index(a) + 1
            st.s[x + 1] = a + 1
        return
    draw(st, a)


def draw(st, a):
    """The mod drawn (its ability's bit; the Infrastructure Mods': its index) into the draw."""
    s = st.s
    f = _f(st)
    i = s[f + _F_DRAW_I]
    s[f + _F_DRAW + i] = a + 1
    s[f + _F_DRAW_I] = i + 1


def free_slots(st, p):
    """The slots of p's faction mat no mod covers yet; Vesna's: her blank ones (1 and 3) first,
    then Riverwalk's and Speed's ("Place 2 of those tokens on the blank spaces ... if you choose a
    3rd or 4th token, place them over your printed mech abilities")."""
    out = [j for j in range(4) if slot(st, p, j) < 0]
    if faction(st, p) == _FACTION_VESNA and (1 in out or 3 in out):
        out = [j for j in out if j & 1]
    return out


def legal_slot(st):
    """A free slot of the faction mat (free_slots), or MOD_SKIP."""
    return free_slots(st, st.s[_SETUP_I]) + [_MOD_SKIP]


def placing(st):
    """The byte of the mod asked where (its bit + 1); Vesna's step: her mod asked kept or not
    (fenris_vesna.do_keep)."""
    f = _f(st)
    return f + _F_DRAW + 1 if owned(st) else f + _F_DRAW + st.s[f + _F_DRAW_I] - _DRAWN


def do_slot(st, a):
    s = st.s
    f = _f(st)
    x = placing(st)
    if a != _MOD_SKIP:
        s[f + _F_MECH + 4 * s[_SETUP_I] + a] = s[x]
    if owned(st):
        s[x] = 0
    else:
        s[f + _F_DRAW_I] += 1


def drawn(st):
    """The mods the player being set up drew so far (their bits)."""
    x = _f(st) + _F_DRAW
    return [v - 1 for v in st.s[x:x + _DRAWN] if v]


def bot_slot(st, opts):
    """The rule bot's choice for the drawn mod (rule_bot.py: its look-ahead cannot value a mod
    before a mech stands on the mat's slot): a movement mod over the faction's own movement
    ability (slot 1: Seaworthy, Township, Wayfare, Underpass, Submerge), a combat mod over its
    combat ability (slot 3); never over Riverwalk or Speed; else not placed."""
    b = st.s[placing(st)] - 1
    j = 1 if (1 << b) & _M_MOVE_MASK else 3
    return j if j in opts else _MOD_SKIP


# ---- in play -----------------------------------------------------------------------------------
def on_attack(do):
    """combat.do_combat_at, then Sword: "as attacker, defender loses 2 power"."""

    def attack(st, a):
        do(st, a)
        if (st.MECHMODS or st.VESNA) and abilities(st, st.s[_ACTIVE]) & _M_SWORD:
            add_power(st, st.s[_C_DEF], -_SWORD)
    return attack


def check(st):
    """A problem with the mods, else None."""
    s = st.s
    f = _f(st)
    for p in range(s[_N]):
        x = f + _F_MECH + 4 * p
        got = [v - 1 for v in s[x:x + 4] if v]   # (slot(st, p, j) >= 0)
        if not got or (faction(st, p) == _FACTION_VESNA and getattr(st, "VESNA", 0)):
            continue   # (Vesna's tokens and mods: fenris_vesna.check)
        mat = printed(st, p) if s[_STAGE] > _ST_TILE else -1   # -1: placed before the factions
        if len(got) > (_OWNED_MAX if owned(st) else _PLACED) or len(set(got)) != len(got) or any(
                b not in PLAYED or (mat >> b) & 1 for b in got):
            return "mech mods of player %d" % p
    if s[f + _F_DRAW_I] > 2 * _DRAWN and s[_STAGE] != _ST_VESNA:   # (Vesna's step: fenris_vesna.check)
        return "mech mods drawn"
    return None
