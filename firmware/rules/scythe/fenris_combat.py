# Fenris's two combat mech abilities (The Rise of Fenris, docs/fenris.md 1.9): Horrify and Death
# Ray. fenris.py installs these functions in move.py and combat.py in place of their own (a base
# game keeps its code); each answers as the plain one outside a game with Fenris.
#
# The rulebook's lines: "Horrify: You may give an opponent 1 Influence token for each unit
# (character, mech, or worker) you force to retreat as an aggressor. This applies to forcing
# workers off territories in non-combat situations, as well as winning combat as an attacker. The
# Influence token must come from your personal supply." "Death Ray: In combat, play any number of
# combat cards having the same value. Once this ability is active, you may only use identical cards
# in each combat (regardless of the quantity of your combat units), but there is no limit to the
# number you may play."
from ..compat import const
from . import combat as CB
from . import common
from . import move as M
from .fenris_faction import supply

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_C_CARDS = const(48)
_C_DEF = const(44)
_C_SIDE = const(45)
_C_SPACE = const(43)
_C_USED = const(51)
_FACTION_FENRIS = const(8)
_F_HORRIFY = const(128)
_F_INFL = const(111)
_F_SIZE = const(189)
_INFL_HELD = const(200)
_INFL_SUPPLY = const(255)
_K_HORRIFY = const(49)
_M_DEATH_RAY = const(4194304)
_M_HORRIFY = const(2097152)
_N = const(0)
_N_UNITS = const(13)
_P_UNITS = const(18)
_STAGE = const(1)
_ST_OVER = const(30)
_TAIL = const(20)
_U_WORKER = const(5)
# -- end of private copies --

_TOKENS = const(16)
_NO_LIMIT = const(99)   # Death Ray's slots (C_SLOTS is a byte; the hand bounds the cards)
# move's and combat's own (this module is imported once, before fenris_hooks.install()).
_PLAIN = (M._retreat_workers, CB._retreat_to, CB._slots)


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def _horrify_on(st, p):
    return (getattr(st, "FENRIS", 0) and common.faction(st, p) == _FACTION_FENRIS
            and common.abilities(st, p) & _M_HORRIFY and supply(st))


def retreat_workers(st, p, y):
    """move._retreat_workers (a character or mech sends lone workers home); then Horrify: "This
    applies to forcing workers off territories in non-combat situations"."""
    q = -1
    if _horrify_on(st, p):
        for r in range(st.s[_N]):
            o = common.po(r) + _P_UNITS
            if r != p and any(st.s[o + u] == y for u in range(_U_WORKER, _N_UNITS)):
                q = r
    k = _PLAIN[0](st, p, y)
    if q >= 0 and k:
        st.s[_f(st) + _F_HORRIFY] = (q + 1) | (k << 3)
    return k


def retreat_to(st, to):
    """combat._retreat_to (the loser's units leave the combat territory); then Horrify: "as well
    as winning combat as an attacker"."""
    s = st.s
    p = s[_ACTIVE]
    q = s[_C_DEF]
    k = 0
    if not s[_C_SIDE] & 1 and _horrify_on(st, p):   # the attacker won
        o = common.po(q) + _P_UNITS
        k = sum(1 for u in range(_N_UNITS) if s[o + u] == s[_C_SPACE])
    _PLAIN[1](st, to)
    if k and s[_STAGE] != _ST_OVER:
        s[_f(st) + _F_HORRIFY] = (q + 1) | (k << 3)


def lost_to_figure(st, q, x, to):
    """q lost a combat on x to a unit no player has (Mad Tesla, the Annihilator): its units there
    retreat to `to` (its workers onto a lake only with a mech, else home), a card drawn if it revealed
    power (C_SIDE's 4)."""
    s = st.s
    home = st.board.home[common.faction(st, q)]
    o = common.po(q) + _P_UNITS
    mech = any(s[o + u] == x for u in range(1, _U_WORKER))
    for u in range(_N_UNITS):
        if s[o + u] == x:
            s[o + u] = to if u < _U_WORKER or mech else home
    if s[_C_SIDE] & 4:
        common.draw_cards(st, q, 1)


def interrupt(st):
    """K_HORRIFY before any other decision while one is due (FenrisState._interrupt)."""
    if st.FENRIS and st.s[_f(st) + _F_HORRIFY] and st.s[_STAGE] != _ST_OVER:
        return _K_HORRIFY, st.s[_ACTIVE]
    return None


def legal_horrify(st):
    """Horrify: "You may give an opponent 1 Influence token for each unit ... you force to
    retreat"; "The Influence token must come from your personal supply"."""
    v = st.s[_f(st) + _F_HORRIFY]
    return list(range(min(v >> 3, supply(st)) + 1))


def do_horrify(st, a):
    s = st.s
    x = _f(st) + _F_HORRIFY
    q = (s[x] & 7) - 1
    s[x] = 0
    i = _f(st) + _F_INFL
    for k in range(_TOKENS):
        if a and s[i + k] == _INFL_SUPPLY:
            s[i + k] = _INFL_HELD + q
            a -= 1


def slots(st, q):
    """combat._slots; Death Ray: "there is no limit to the number you may play" (the hand is)."""
    if (getattr(st, "FENRIS", 0) or getattr(st, "VESNA", 0)) and common.abilities(st, q) & _M_DEATH_RAY:
        return _NO_LIMIT
    return _PLAIN[2](st, q)


def same_value(st, q, out, total, n):
    """Death Ray: "play any number of combat cards having the same value. Once this ability is
    active, you may only use identical cards in each combat": the card options `out` (0: no more,
    else a value) once q entered n cards worth `total` in this combat: only their value (the
    total over the count: each card the same). A combat with the Desolation asks it too."""
    if not (st.FENRIS or st.VESNA) or not n or not common.abilities(st, q) & _M_DEATH_RAY:
        return out
    v = total // n
    return [a for a in out if a == 0 or a == v]


def legal_card(legal):
    """K_CARD's options; Death Ray: after the first card, only its value (same_value)."""

    def cards(st):
        s = st.s
        side = s[_C_SIDE]
        return same_value(st, s[_C_DEF] if side else s[_ACTIVE], legal(st), s[_C_CARDS + side],
                          s[_C_USED + side])
    return cards
