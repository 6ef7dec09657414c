# A Scythe turn's frame: the section chosen, an objective revealed (asked from the top row,
# the bottom row or the end of the turn), resources paid from controlled territories (the
# bottom row's costs, an encounter's), and the end of the turn. The actions themselves:
# top_row.py (Trade, Produce, Bolster, Move's coins), move.py and combat.py (the Move),
# bottom_row.py (Upgrade, Deploy, Build, Enlist).
from .common import (add_res, card_values, control_map, controlled_res, discard_card, hand_size,
                     has_ability, left, objective_options, po, res, x0)

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_COERCION = const(3)
_AB_RELENTLESS = const(2)
_ACTIVE = const(4)
_AFTER_PAY = const(41)
_FACTORY_SECTION = const(4)
_K_END = const(33)
_K_PAY_FROM = const(14)
_K_SECTION = const(6)
_NOWHERE = const(255)
_N_STRUCTURES = const(4)
_N_UNITS = const(13)
_OBJ_BACK = const(57)
_O_SKIP = const(0)
_P0 = const(72)
_PAY_CARD = const(60)
_PAY_CARDS_TYPE = const(4)
_PAY_LEFT = const(40)
_PAY_TYPE = const(39)
_PSZ = const(39)
_P_FACTORY = const(17)
_P_LAST = const(6)
_P_STRUCT = const(31)
_P_UNITS = const(18)
_RES0 = const(267)
_SECTION = const(24)
_SHUFFLED = const(58)
_STAGE = const(1)
_ST_OBJECTIVE = const(36)
_ST_SECTION = const(6)
_ST_TOP = const(7)
_TF_COERCION = const(1)
_TF_ENDED = const(32)
_TURN = const(6)
_TURN_FLAGS = const(61)
_X_NOT_MET = const(18)
# -- end of private copies --


# ---- the section -----------------------------------------------------------------------
def pending_section(st):
    return _K_SECTION, st.s[_ACTIVE]


def legal_section(st):
    p = st.s[_ACTIVE]
    last = st.s[po(p) + _P_LAST]
    relentless = has_ability(st, p, _AB_RELENTLESS)
    out = [i for i in range(4) if i != last or relentless]
    if st.s[po(p) + _P_FACTORY] != _NOWHERE and (last != _FACTORY_SECTION or relentless):
        out.append(_FACTORY_SECTION)
    return out


def do_section(st, a):
    s = st.s
    p = s[_ACTIVE]
    s[_SECTION] = a
    s[po(p) + _P_LAST] = a
    s[_TURN_FLAGS] = 0
    s[_SHUFFLED] = 0
    s[x0(st) + _X_NOT_MET] = 0
    s[_STAGE] = _ST_TOP


# ---- an objective revealed (O_OBJ1 of K_TOP, K_BOTTOM or K_END) -----------------------------
def ask_objective(st):
    """O_OBJ1: the player reveals an objective; its number is asked next (K_OBJECTIVE,
    engine.py), then the same decision again."""
    s = st.s
    s[_OBJ_BACK] = s[_STAGE]
    s[_STAGE] = _ST_OBJECTIVE


# ---- paying resources ---------------------------------------------------------------------
def pending_pay(st):
    s = st.s
    if not s[_PAY_LEFT]:
        s[_STAGE] = s[_AFTER_PAY]
        return None
    return _K_PAY_FROM, s[_ACTIVE]


def can_pay(st, p, r, k, ctrl=None):
    if _coercion_ready(st, p):
        k -= 1
    if k <= 0:
        return True
    if ctrl is None and _res_under(st, p, r) < k and not (
            getattr(st, "TESLA", 0) or getattr(st, "DESOLATION", 0)):
        return False   # not even where its units and structures stand: no control map needed
    return controlled_res(st, p, r, ctrl) >= k


def _res_under(st, p, r):
    """Resources of kind r on the spaces where p has a unit or a structure (a space once a
    piece): at least what p controls, since p controls only such spaces (not so with Tesla, who
    controls his territory for his finder, nor in the Desolation, where the active player pays
    with every player's: can_pay asks the control map there)."""
    s = st.s
    o = _P0 + p * _PSZ
    k = 0
    for i in range(_N_UNITS):
        x = s[o + _P_UNITS + i]
        if x != _NOWHERE:
            k += s[_RES0 + 4 * x + r]
    for i in range(_N_STRUCTURES):
        x = s[o + _P_STRUCT + i]
        if x != _NOWHERE:
            k += s[_RES0 + 4 * x + r]
    return k


def _coercion_ready(st, p):
    s = st.s
    return (has_ability(st, p, _AB_COERCION) and not s[_TURN_FLAGS] & _TF_COERCION
            and hand_size(st, p))


def legal_pay(st):
    s = st.s
    p = s[_ACTIVE]
    r = s[_PAY_TYPE]
    if r == _PAY_CARDS_TYPE:   # an encounter's cost in combat cards: the value of the card shown
        return [_PAY_CARD + 2 + i for i in card_values(st, hand_size(st, p))]
    ctrl = control_map(st)[0]
    b = st.board
    out = [x for x in range(b.n_spaces) if ctrl[x] == p and not b.is_home(x) and res(st, x, r)]
    if _coercion_ready(st, p):
        out += [_PAY_CARD + 2 + i for i in card_values(st, hand_size(st, p))]
    return out


def do_pay(st, a):
    s = st.s
    p = s[_ACTIVE]
    if a >= _PAY_CARD:   # a combat card shown and discarded: the cost, or (Coercion) a resource
        discard_card(st, p, a - _PAY_CARD - 2)
        if s[_PAY_TYPE] != _PAY_CARDS_TYPE:
            s[_TURN_FLAGS] |= _TF_COERCION
    else:
        add_res(st, a, s[_PAY_TYPE], -1)
    s[_PAY_LEFT] -= 1


# ---- the end of the turn ----------------------------------------------------------------
def legal_end(st):
    return [_O_SKIP] + objective_options(st, st.s[_ACTIVE])


def do_end(st, a):
    s = st.s
    if a == _O_SKIP:
        s[_TURN_FLAGS] |= _TF_ENDED
    else:
        ask_objective(st)


def pending_end_turn(st):
    """An objective may still be revealed after the bottom-row action; then the next player
    clockwise."""
    s = st.s
    if not s[_TURN_FLAGS] & _TF_ENDED and objective_options(st, s[_ACTIVE]):
        return _K_END, s[_ACTIVE]
    s[_ACTIVE] = left(st, s[_ACTIVE])
    t = s[_TURN] | (s[_TURN + 1] << 8)
    t = min(t + 1, 0xFFFF)
    s[_TURN] = t & 0xFF
    s[_TURN + 1] = t >> 8
    s[_STAGE] = _ST_SECTION
    return None
