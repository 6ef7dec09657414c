# A combat with one of the Desolation's units (The Rise of Fenris, docs/fenris.md 1.12): who spends
# power, the dial and the cards in the open, its die, and what a win or a loss does; begun by
# fenris_desolation.start (its move, or a player's Move onto one of its units).
#
# The rulebook's lines: "This is done in full view of all players, not secretly."; "each player
# can use mech abilities and play combat cards for their units. However, only one involved player
# spends power, their own"; "A Desolation unit's base power is equal to the sum of the card(s)
# next to the Desolation tile"; "Roll the orange six-sided die ... Add the number on that die to
# the Desolation's base power"; "Attacker wins ties, as usual."; "If you lose combat: Treat it as
# any other combat loss for yourself. The Desolation faction places a star on the Desolation
# tile. If it is the 6th Desolation star on the tile, players lose the game immediately."; "If you
# win combat: Destroy the Desolation unit (remove it from the game). Then draw a combat card,
# place it next to the Desolation tile, and mark the increase on the power track (max 16 power).
# One of the players involved in combat places a combat victory star if available among the
# Triumph Tiles (there can be multiple defending players in combat, but only 1 star placed)."
#
# As built (a Guess where the text is silent, docs/fenris.md S20, S21): the losers' units all go
# home, no Seaworthy lake (S20); the combat star goes to an involved player who may still place
# one, the first in turn order among the involved choosing which (S21).
from ..compat import const
from . import combat as CB
from . import common
from . import fenris_combat as FC
from . import fenris_desolation as D
from . import tables as TB

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_DOMINATE = const(4)
_C_SPACE = const(43)
_DES_ATTACKS = const(128)
_DES_STARS = const(6)
_DISCARD = const(12)
_F_DES_CARDER = const(164)
_F_DES_CARDS = const(156)
_F_DES_DIAL = const(162)
_F_DES_DIALER = const(161)
_F_DES_INVOLVED = const(160)
_F_DES_POWER = const(155)
_F_DES_SHOWN = const(166)
_F_DES_STARS = const(154)
_F_DES_SUM = const(163)
_F_DES_UNIT = const(159)
_F_DES_USED = const(165)
_F_SIZE = const(189)
_K_DES_CARD = const(62)
_K_DES_DIAL = const(61)
_K_DES_DIALER = const(63)
_K_DES_DIE = const(60)
_K_DES_STAR = const(64)
_K_SEEN_CARD = const(55)
_N = const(0)
_NOWHERE = const(255)
_N_UNITS = const(13)
_P_COMBAT_STARS = const(15)
_P_NCARDS = const(37)
_P_POWER = const(2)
_P_UNITS = const(18)
_SHUFFLED = const(58)
_STAGE = const(1)
_ST_COMBATS = const(25)
_ST_DES_CARD = const(51)
_ST_DES_DIAL = const(50)
_ST_DES_DIE = const(52)
_ST_DES_STAR = const(54)
_ST_DES_TURN = const(48)
_ST_DES_WON = const(53)
_ST_OVER = const(30)
_TAIL = const(20)
_U_WORKER = const(5)
# -- end of private copies --

_CHANCE = const(255)


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def _involved(st):
    return st.s[_f(st) + _F_DES_INVOLVED]


def pending_dialer(st):
    return _K_DES_DIALER, D._first_of(st, _involved(st))


def legal_dialer(st):
    m = _involved(st)
    return [q for q in range(st.s[_N]) if (m >> q) & 1]


def do_dialer(st, a):
    st.s[_f(st) + _F_DES_DIALER] = a
    st.s[_STAGE] = _ST_DES_DIAL


def pending_dial(st):
    return _K_DES_DIAL, st.s[_f(st) + _F_DES_DIALER]


def legal_dial(st):
    q = st.s[_f(st) + _F_DES_DIALER]
    return list(range(min(7, st.s[common.po(q) + _P_POWER]) + 1))


def do_dial(st, a):
    """The power dialled, in the open: paid at once."""
    s = st.s
    f = _f(st)
    q = s[f + _F_DES_DIALER]
    common.add_power(st, q, -a)
    s[f + _F_DES_DIAL] = a
    if a:
        s[f + _F_DES_SHOWN] |= 1 << q
    s[f + _F_DES_CARDER] = D._first_of(st, _involved(st))
    s[_STAGE] = _ST_DES_CARD


def pending_card(st):
    """Each involved player's cards in turn order: up to one a character or mech of its there."""
    s = st.s
    f = _f(st)
    q = s[f + _F_DES_CARDER]
    if s[f + _F_DES_USED] >= CB._slots(st, q) or not common.hand_size(st, q):
        _next_carder(st)
        return None
    return _K_DES_CARD, q


def legal_card(st):
    """0 (no more), or the value of a card added: any value some card of which may still be in a
    hand (the discard pile and the cards next to its tile are seen); Death Ray ("Combat abilities
    that affect only the player may be used"): after the carder's first card, only its value
    (fenris_combat.same_value, by F_DES_SUM: the carder's own cards)."""
    s = st.s
    f = _f(st)
    out = [0] + [2 + i for i in range(4) if s[_DISCARD + i] + D.tile_cards(st, i) < TB.COMBAT_CARDS[i]]
    return FC.same_value(st, s[f + _F_DES_CARDER], out, s[f + _F_DES_SUM], s[f + _F_DES_USED])


def do_card(st, a):
    """A card shown in the open: discarded face up at once."""
    s = st.s
    f = _f(st)
    if not a:
        _next_carder(st)
        return
    q = s[f + _F_DES_CARDER]
    s[_DISCARD + a - 2] += 1
    s[common.po(q) + _P_NCARDS] -= 1
    s[f + _F_DES_SUM] += a
    s[f + _F_DES_USED] += 1
    s[f + _F_DES_SHOWN] |= 1 << q


def _next_carder(st):
    """The carder's cards are done: their total joins the dial's (F_DES_DIAL: the dial and the
    cards of the carders before; F_DES_SUM: the carder's own, for Death Ray), the next involved
    player in turn order enters its own, or the die."""
    s = st.s
    f = _f(st)
    m = _involved(st)
    seats = D.order(st)
    i = seats.index(s[f + _F_DES_CARDER]) + 1
    while i < len(seats) and not (m >> seats[i]) & 1:
        i += 1
    s[f + _F_DES_DIAL] += s[f + _F_DES_SUM]
    s[f + _F_DES_SUM] = 0
    s[f + _F_DES_USED] = 0
    if i < len(seats):
        s[f + _F_DES_CARDER] = seats[i]
    else:
        s[_STAGE] = _ST_DES_DIE


def pending_die(st):
    return _K_DES_DIE, _CHANCE


def legal_die(st):
    return [1, 2, 3, 4, 5, 6]


def do_die(st, a):
    """Its strength (power + the die) against the players' (the dial + the cards); the attacker
    wins ties."""
    s = st.s
    f = _f(st)
    x = s[_C_SPACE]
    attacks = s[f + _F_DES_UNIT] & _DES_ATTACKS
    theirs = s[f + _F_DES_POWER] + a
    ours = s[f + _F_DES_DIAL] + s[f + _F_DES_SUM]
    if ours > theirs or (ours == theirs and not attacks):
        s[D._d(st) + (s[f + _F_DES_UNIT] & 7)] = _NOWHERE   # "Destroy the Desolation unit"
        if all(y == _NOWHERE for y in D.units(st)):   # "if they destroy all 6 Desolation units"
            D.end(st, True)
            return
        s[_STAGE] = _ST_DES_WON
        return
    # "Treat it as any other combat loss for yourself": every involved player's units go home,
    # a card drawn by each who showed power or cards. Another player's workers there (it has no
    # character or mech there, else it is involved) go home too, as when a Desolation unit moves
    # onto "a player's workers (but no combat units)": none stay with its unit.
    m = _involved(st)
    k = 0
    for q in range(s[_N]):
        o = common.po(q) + _P_UNITS
        home = st.board.home[common.faction(st, q)]
        for u in range(_N_UNITS):
            if s[o + u] == x:
                s[o + u] = home
                k += u >= _U_WORKER
        if (m >> q) & 1 and (s[f + _F_DES_SHOWN] >> q) & 1:
            common.draw_cards(st, q, 1)
    s[f + _F_DES_STARS] += 1   # "places a star on the Desolation tile"
    if s[f + _F_DES_STARS] >= _DES_STARS:   # "the 6th ... players lose the game immediately"
        D.end(st, False)
        return
    D._harder(st, k)
    if s[_STAGE] != _ST_OVER:
        after_fight(st)


def pending_won(st):
    """Won: a combat card drawn and placed next to its tile (none when the deck and the discard
    pile are empty); then the combat star."""
    if common.deck_size(st) or any(st.s[_DISCARD:_DISCARD + 4]):
        return _K_SEEN_CARD, _CHANCE
    _star(st)
    return None


def legal_seen(st):
    """The values the card drawn may have (seen_weights')."""
    return [i for i, _w in seen_weights(st)]


def seen_weights(st):
    """(outcome, weight): each value by its cards neither discarded nor next to its tile (the
    hands' values are unseen); from an empty deck, by the discard pile shuffled into it."""
    s = st.s
    if not common.deck_size(st):
        return [(i, s[_DISCARD + i]) for i in range(4) if s[_DISCARD + i]]
    out = []
    for i in range(4):
        k = TB.COMBAT_CARDS[i] - s[_DISCARD + i] - D.tile_cards(st, i)
        if k > 0:
            out.append((i, k))
    return out


def do_seen(st, a):
    """The card next to its tile: its power up by its value (max 16). At setup: the first (D10)."""
    s = st.s
    f = _f(st)
    if not common.deck_size(st):   # the discard pile shuffled into the deck first
        for i in range(4):
            s[_DISCARD + i] = 0
        s[_SHUFFLED] = 1
    o = f + _F_DES_CARDS + a // 2
    s[o] += 1 << (4 * (a & 1))
    s[f + _F_DES_POWER] = min(16, s[f + _F_DES_POWER] + 2 + a)
    if s[_STAGE] == _ST_DES_WON:
        _star(st)
    else:
        _AFTER_SETUP[0](st)


def _no_setup(st):
    pass


_AFTER_SETUP = [_no_setup]   # fenris_desolation_setup.after_card: the setup's next step


def star_candidates(st):
    """The involved players who may place a combat star ("if available among the Triumph Tiles")."""
    s = st.s
    m = _involved(st)
    out = []
    for q in range(s[_N]):
        room = s[common.po(q) + _P_COMBAT_STARS] < st.COMBAT_STARS or common.has_ability(st, q, _AB_DOMINATE)
        if (m >> q) & 1 and common.stars(st, q) < 6 and room:
            out.append(q)
    return out


def _star(st):
    c = star_candidates(st)
    if len(c) > 1:
        st.s[_STAGE] = _ST_DES_STAR
        return
    if c:
        do_star(st, c[0])
    else:
        after_fight(st)


def pending_star(st):
    return _K_DES_STAR, D._first_of(st, _involved(st))


def legal_star(st):
    return star_candidates(st)


def do_star(st, a):
    common.star_for(st, a, _P_COMBAT_STARS, st.COMBAT_STARS)
    after_fight(st)


def after_fight(st):
    """Its turn goes on (its next combat), or the player's Move's combats."""
    s = st.s
    f = _f(st)
    attacks = s[f + _F_DES_UNIT] & _DES_ATTACKS
    for k in (_F_DES_UNIT, _F_DES_INVOLVED, _F_DES_DIALER, _F_DES_DIAL, _F_DES_SUM, _F_DES_CARDER,
              _F_DES_USED, _F_DES_SHOWN):
        s[f + k] = 0
    s[_STAGE] = _ST_DES_TURN if attacks else _ST_COMBATS
