# Scythe's information sets (Ruleset.infoset): what a seat cannot see, drawn again for a
# bot's copy of the state (Ruleset.determinise). Hands of combat cards are counts (printed
# objective cards too), decks are chance decisions drawn when they happen, and the board never
# holds a printed card's value before it is shown. What is hidden:
# - with the model deck, the model objective cards the other players hold (layout.X_OBJ):
#   each drawn again from the 23 less those revealed (OBJ_OUT) and the observer's own, as
#   many as each holds (P_OBJ_HELD); Peace (fenris.py): a third slot each, #23 out (in OBJ_OUT);
# - Rivals (fenris_rivals.py), in the setup's secret run: the stars the others entered so far;
# - what stands behind a combat's dials before the reveal:
# - the attacker's side, while the defender enters its own: the power on the dial (0 to the
#   most it could put there), how many combat cards it added (0 to its slots and hand) and
#   their values (from the cards the observer has not seen: the 42 printed less the discard
#   pile and the other side's behind its dial);
# - for any other seat, the side being entered so far (the attacker's before the defender's
#   turn, then the defender's): its dial and the values of its cards (how many it added so
#   far is kept: it is still adding them, in sight).
# The draws depend on the hidden values only through what bounds them, so two states that
# differ only in what `observer` cannot see give the same copy for the same generator.
from ..compat import const
from . import tables as TB
from .combat import _slots

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_CARDS_MODEL = const(1)
_C_CARDS = const(48)
_C_COMMIT = const(8)
_C_DEF = const(44)
_C_DIAL = const(46)
_C_SIDE = const(45)
_C_USED = const(51)
_DISCARD = const(12)
_MAX_DIAL = const(7)
_N = const(0)
_N_OBJECTIVES = const(23)
_OBJ_OUT = const(16)
_P0 = const(72)
_PSZ = const(39)
_P_NCARDS = const(37)
_P_POWER = const(2)
_STAGE = const(1)
_ST_CARD = const(27)
_ST_RIVALS = const(39)
_TAIL = const(20)
_X_CARDS = const(0)
_X_OBJ = const(8)
# -- end of private copies --


def _hidden(s, observer):
    # (side 0 hidden, side 1 hidden) from `observer`: a side sealed behind its dial, or being
    # entered (its dial set, its cards being added), by another seat.
    side = s[_C_SIDE]
    if side > 1:   # no combat being entered (or its dials revealed)
        return False, False
    att = s[_ACTIVE]
    entering = s[_STAGE] == _ST_CARD
    if side == 0:
        return entering and observer != att, False
    return observer != att, entering and observer != s[_C_DEF]


def _objectives(st, observer, rng):
    """The model objective cards of the other seats, drawn again (in seat order)."""
    s = st.s
    mine = [s[i] for i in _obj_slots(st, observer)] if observer >= 0 else []
    pool = [c for c in range(_N_OBJECTIVES) if not (s[_OBJ_OUT + c // 8] >> (c % 8)) & 1
            and c + 1 not in mine]
    for q in range(s[_N]):
        if q == observer:
            continue
        slots = _obj_slots(st, q)
        k = 0
        for i in slots:
            k += s[i] != 0
            s[i] = 0
        for j in range(k):
            if pool:
                s[slots[j]] = pool.pop(rng.below(len(pool))) + 1


def _obj_slots(st, q):
    """The offsets of q's model objective cards (X_OBJ; Peace: a third, State.OBJ_DRAW)."""
    x = len(st.s) - _TAIL + _X_OBJ + 2 * q
    return (x, x + 1, st.OBJ_DRAW + q) if st.OBJ_DRAW else (x, x + 1)


def determinise(st, observer, rng):
    """Draw again, in st (a copy: Ruleset.determinise), what seat `observer` cannot see."""
    s = st.s
    # The model objective cards held, when State.SECRET holds them (not in The Rise of Fenris's
    # Desolation: "Objectives and combat cards are public knowledge").
    if s[len(s) - _TAIL + _X_CARDS] == _CARDS_MODEL and len(s) - _TAIL + _X_OBJ in st.SECRET:
        _objectives(st, observer, rng)
        st.changed()
    if s[_STAGE] == _ST_RIVALS:   # Rivals: the stars the others entered in the setup's secret run
        from .fenris_rivals import redraw

        redraw(st, observer, rng)
        st.changed()
    h0, h1 = _hidden(s, observer)
    if not (h0 or h1):
        return
    att = s[_ACTIVE]
    k0 = s[_C_USED]   # (being entered: how many so far, in sight)
    if s[_C_SIDE] == 1:   # sealed: how many too
        k0 = rng.below(min(_slots(st, att), s[_P0 + att * _PSZ + _P_NCARDS]) + 1)
    k1 = s[_C_USED + 1]
    if h0:
        _blank(s, 0)
    if h1:
        _blank(s, 1)
    if h0:
        _draw_side(s, 0, att, k0, rng)
    if h1:
        _draw_side(s, 1, s[_C_DEF], k1, rng)
    st.changed()


def observation(st, observer):
    """What seat `observer` sees of st, as bytes: the state with the sides behind the dials
    it cannot see blanked (how many cards a side being entered added so far is kept)."""
    s = bytearray(st.s)
    for q in range(s[_N]):   # the others' model objective cards (the model deck)
        if q != observer and len(s) - _TAIL + _X_OBJ in st.SECRET:   # (not the Desolation's)
            for i in _obj_slots(st, q):
                s[i] = 0
    if s[_STAGE] == _ST_RIVALS:
        from .fenris_rivals import hide

        hide(st, s, observer)
    h0, h1 = _hidden(s, observer)
    if h0:
        _blank(s, 0)
        if s[_C_SIDE] == 1:
            s[_C_USED] = 0
    if h1:
        _blank(s, 1)
    return bytes(s)


def _blank(s, side):
    shift = 4 * side
    s[_C_DIAL + side] = s[_C_CARDS + side] = 0
    for i in range(4):
        s[_C_COMMIT + i] &= ~(15 << shift) & 0xFF


def _draw_side(s, side, p, k, rng):
    # Side `side` (0 the attacker, 1 the defender) of player p, blanked: a dial and k cards
    # drawn from those not seen (the 42 printed less the discard pile and the other side's).
    shift = 4 * side
    s[_C_DIAL + side] = rng.below(min(_MAX_DIAL, s[_P0 + p * _PSZ + _P_POWER]) + 1)
    pool = bytearray(4)
    total = 0
    for i in range(4):
        n = TB.COMBAT_CARDS[i] - s[_DISCARD + i] - (s[_C_COMMIT + i] >> (4 - shift) & 15)
        pool[i] = n if n > 0 else 0
        total += pool[i]
    cards = n = 0
    while n < k and total:
        n += 1
        r = rng.below(total)
        i = 0
        while r >= pool[i]:
            r -= pool[i]
            i += 1
        pool[i] -= 1
        total -= 1
        s[_C_COMMIT + i] += 1 << shift
        cards += 2 + i
    s[_C_CARDS + side] = cards
    s[_C_USED + side] = n
