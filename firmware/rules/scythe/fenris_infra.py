# Infrastructure Mods (The Rise of Fenris, docs/fenris.md 1.2): at setup each player draws 4 and
# keeps up to 2 face up; each kept mod is used once a game, then flipped. FenrisState (fenris.py)
# puts these functions in its tables; imported only in a module game.
#
# The rulebook's lines: Module Chart: "draw 4 Infrastructure Mods at random (redraw duplicates)
# and place up to 2 of them face up next to your player mat. Discard all Infrastructure Mods you
# neither choose nor place." Using: "Each Infrastructure Mod may be used ONCE per game (flip it
# over)"; "Each Infrastructure Mod has a triggering event that tells when it may be used."
# Clarifications: "Machinery, Assembly Line, Construction, and Recruitment Office all allow
# players to take actions without paying the associated cost. They do not provide bonus actions.
# You simply take the bottom-row action as usual, but do not have to pay the associated cost."
# "Automachines doubles production output by workers and mills only for the turn on which you
# use it."
#
# As built (as the Mech Mods, fenris_mods.py): the board draws (K_INFRA_DRAWN, chance) from the
# mods whose effect it plays, PLAYED, and the table takes the tokens it names; Spy, Propaganda
# and Cavalry, whose effects are not in the sources, are never drawn. A cost-free mod is an option
# of the bottom-row action it names (O_INFRA at K_BOTTOM: the action, its coins and recruit
# bonuses as usual, nothing paid); Automachines an option of Produce (O_INFRA at K_TOP: the
# Produce's own cost paid, each territory's output twice, Guess: a village's workers bounded by
# the 8 of the mat).
#
# A campaign episode (`owned`, docs/campaign.md section 3): "During setup, place your
# Infrastructure Mods face-up in your play area." No draw and no choice: each player's Mods from
# its Campaign Log come one by one (K_INFRA_DRAWN, chance: the campaign's keeper fixes each, in
# index order, then MODS_DONE), each kept face up; as many as the log holds (up to 6; the board
# plays 5 of the 8 types).
from ..compat import const
from .common import add_res, mat_byte, po
from .fenris_mods import draw, next_player, owned
from .top_row import _yield

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_FACTORY_SECTION = const(4)
_F_DRAW = const(94)
_F_DRAW_I = const(98)
_F_INFRA = const(99)
_F_SIZE = const(189)
_INFRA_AUTOMACHINES = const(4)
_INFRA_ON = const(128)
_K_INFRA_DRAWN = const(44)
_K_INFRA_KEEP = const(45)
_MAT_TOP = const(3)
_MODS_DONE = const(31)
_N = const(0)
_NOWHERE = const(255)
_O_FIRST = const(1)
_O_INFRA = const(2)
_PAY_LEFT = const(40)
_PRODUCE_WORKER = const(4)
_P_UNITS = const(18)
_SECTION = const(24)
_SETUP_I = const(5)
_SPACE_DONE = const(60)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_INFRA = const(42)
_ST_OVER = const(30)
_ST_PRODUCE = const(13)
_TAIL = const(20)
_TA_PRODUCE = const(2)
_U_WORKER = const(5)
# -- end of private copies --

# The mods the board plays (content.INFRA_NAMES' index): Machinery, Assembly Line, Construction,
# Recruitment Office (the bottom-row action of the same index without its cost), Automachines.
PLAYED = (0, 1, 2, 3, 4)
_DRAWN = const(4)   # "draw 4 Infrastructure Mods"
_KEPT = const(2)    # "place up to 2 of them face up"


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def kept(st, p):
    """p's mods kept: [(index, used)], by index."""
    x = _f(st) + _F_INFRA + 2 * p
    k, u = st.s[x], st.s[x + 1]
    return [(i, bool((u >> i) & 1)) for i in range(8) if (k >> i) & 1]


def _ready(st, p, i):
    """Whether p holds mod i face up (kept, not flipped yet)."""
    x = _f(st) + _F_INFRA + 2 * p
    return (st.s[x] >> i) & 1 and not (st.s[x + 1] >> i) & 1


def _flip(st, p, i):
    st.s[_f(st) + _F_INFRA + 2 * p + 1] |= 1 << i


# ---- setup -------------------------------------------------------------------------------------
def begin(st):
    """After the Mech Mods (or the structure bonus tile), before Rivals."""
    st.s[_STAGE] = _ST_INFRA
    st.s[_SETUP_I] = 0
    st.s[_f(st) + _F_DRAW_I] = 0


def pending_infra(st, then):
    """Each player in seat-number order: 4 draws, then each drawn mod kept or discarded until 2
    are kept (`owned`: each Mod on the log, then MODS_DONE); then `then(st)` (Rivals, or the
    first turn)."""
    s = st.s
    f = _f(st)
    while s[_SETUP_I] < s[_N]:
        if owned(st):
            return _K_INFRA_DRAWN, 255
        p = s[_SETUP_I]
        i = s[f + _F_DRAW_I]
        if i < _DRAWN:
            return _K_INFRA_DRAWN, 255
        if i < 2 * _DRAWN and len(kept(st, p)) < _KEPT:
            return _K_INFRA_KEEP, p
        next_player(st)   # "Discard all Infrastructure Mods you neither choose nor place."
    s[_SETUP_I] = 0
    then(st)
    return None


def legal_drawn(st):
    """The played mods not drawn already ("redraw duplicates"); `owned`: those after the last one
    kept (index order), and MODS_DONE."""
    if owned(st):
        k = st.s[_f(st) + _F_INFRA + 2 * st.s[_SETUP_I]]
        return [i for i in PLAYED if not k >> i] + [_MODS_DONE]
    x = _f(st) + _F_DRAW
    got = list(st.s[x:x + _DRAWN])   # MicroPython: no int in bytearray
    return [i for i in PLAYED if i + 1 not in got]


def do_drawn(st, a):
    """The mod drawn into the draw; `owned`: the mod given kept face up (MODS_DONE: the next
    player's)."""
    if not owned(st):
        return draw(st, a)
    if a == _MODS_DONE:
        next_player(st)
    else:
        st.s[_f(st) + _F_INFRA + 2 * st.s[_SETUP_I]] |= 1 << a


def legal_keep(st):
    return [0, 1]


def do_keep(st, a):
    s = st.s
    f = _f(st)
    i = s[f + _F_DRAW_I]
    if a:
        s[f + _F_INFRA + 2 * s[_SETUP_I]] |= 1 << (s[f + _F_DRAW + i - _DRAWN] - 1)
    s[f + _F_DRAW_I] = i + 1


def drawn(st):
    """The mod the player being set up is asked to keep (its index)."""
    s = st.s
    f = _f(st)
    return s[f + _F_DRAW + s[f + _F_DRAW_I] - _DRAWN] - 1


# ---- in play -----------------------------------------------------------------------------------
def _produce(st, p):
    s = st.s
    b = s[_SECTION]
    return b != _FACTORY_SECTION and mat_byte(st, p, _MAT_TOP + b) == _TA_PRODUCE


def bottom_legal(legal):
    """K_BOTTOM's options, and O_INFRA while the player holds the section's bottom-row action's
    mod face up: "take actions without paying the associated cost"."""

    def options(st):
        out = legal(st)
        b = st.s[_SECTION]
        if st.INFRA and b != _FACTORY_SECTION and _ready(st, st.s[_ACTIVE], b):
            out.append(_O_INFRA)
            out.sort()
        return out
    return options


def bottom_do(do):
    """K_BOTTOM: O_INFRA flips the mod and takes the action "as usual", nothing paid."""

    def bottom(st, a):
        if a != _O_INFRA:
            return do(st, a)
        s = st.s
        _flip(st, s[_ACTIVE], s[_SECTION])
        do(st, _O_FIRST)
        s[_PAY_LEFT] = 0   # engine's ST_PAY goes on to the action at once
    return bottom


def top_legal(legal):
    """K_TOP's options, and O_INFRA at a Produce the player can pay while it holds Automachines
    face up."""

    def options(st):
        out = legal(st)
        p = st.s[_ACTIVE]
        if (st.INFRA and _O_FIRST in out and _produce(st, p)
                and _ready(st, p, _INFRA_AUTOMACHINES)):
            out.append(_O_INFRA)
            out.sort()
        return out
    return options


def top_do(do):
    """K_TOP: O_INFRA at Produce flips Automachines, on for this Produce, and produces."""

    def top(st, a):
        s = st.s
        p = s[_ACTIVE]
        if a == _O_INFRA and st.INFRA and _produce(st, p):
            _flip(st, p, _INFRA_AUTOMACHINES)
            s[_f(st) + _F_INFRA + 2 * p + 1] |= _INFRA_ON
            a = _O_FIRST
        do(st, a)
    return top


def _on(st, p):
    """The byte holding INFRA_ON while p's Automachines is on (this Produce), else -1."""
    x = _f(st) + _F_INFRA + 2 * p + 1
    return x if st.s[x] & _INFRA_ON else -1


def produce_do(do):
    """K_PRODUCE_AT: with Automachines on, the territory's output once more ("doubles production
    output by workers and mills"); off when the Produce ends ("only for the turn")."""

    def produce(st, a):
        s = st.s
        p = s[_ACTIVE]
        j = _on(st, p) if st.INFRA else -1
        if j < 0:
            return do(st, a)
        if a == _SPACE_DONE:
            s[j] &= ~_INFRA_ON
            return do(st, a)
        what, k = _yield(st, p, a)
        do(st, a)
        if what != _PRODUCE_WORKER:
            add_res(st, a, what, k)
            return
        o = po(p) + _P_UNITS + _U_WORKER
        for i in range(8):   # bounded by the workers left on the mat
            if k and s[o + i] == _NOWHERE:
                s[o + i] = a
                k -= 1
        s[_STARS_DIRTY] = 1
    return produce


def check(st):
    """A problem with the Infrastructure Mods, else None."""
    s = st.s
    most = len(PLAYED) if owned(st) else _KEPT
    for p in range(s[_N]):
        got = [i for i, _ in kept(st, p)]
        x = _f(st) + _F_INFRA + 2 * p
        if len(got) > most or any(i not in PLAYED for i in got) or (s[x + 1] & ~_INFRA_ON) & ~s[x]:
            return "infrastructure mods of player %d" % p
        # (on during its Produce; or at the end, when a 6th star placed during it ended the game)
        if s[x + 1] & _INFRA_ON and (not _flipped(st, p, _INFRA_AUTOMACHINES) or p != s[_ACTIVE]
                                     or s[_STAGE] != _ST_PRODUCE and s[_STAGE] != _ST_OVER):
            return "Automachines of player %d" % p
    return None


def from_format1(st):
    """A state saved in framing format 1 kept each mod kept as a byte (its index + 1, | 0x80 once
    flipped, | 0x40 while Automachines is on): into the bits of F_INFRA (a byte that names no mod
    the board plays stays refused by check)."""
    s = st.s
    for p in range(s[_N]):
        x = _f(st) + _F_INFRA + 2 * p
        k = u = 0
        for v in s[x:x + 2]:
            i = (v & 0x3F) - 1
            if v and not 0 <= i < 8:
                k = 0xFF
            elif v:
                k |= 1 << i
                u |= (1 << i if v & 0x80 else 0) | (_INFRA_ON if v & 0x40 else 0)
        s[x] = k
        s[x + 1] = u


def _flipped(st, p, i):
    return (st.s[_f(st) + _F_INFRA + 2 * p + 1] >> i) & 1

