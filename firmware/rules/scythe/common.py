# Helpers every Scythe phase module uses: a player's numbers, where units stand, who
# controls what, resources, the seating order, stars, combat cards (counts) and objectives.
from . import tables as TB

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_DOMINATE = const(4)
_ACTIVE = const(4)
_CARDS_MODEL = const(1)
_C_COMMIT = const(8)
_DISCARD = const(12)
_END_STARS = const(6)
_FACTION_SIZE = const(4)
_FA_ABILITY = const(2)
_MAT_SIZE = const(19)
_MAX_POPULARITY = const(18)
_MAX_POWER = const(16)
_N = const(0)
_NOWHERE = const(255)
_N_COMBAT_CARDS = const(42)
_N_MECHS = const(4)
_N_OBJECTIVES = const(23)
_N_STRUCTURES = const(4)
_N_UNITS = const(13)
_N_WORKERS = const(8)
_OBJ_OUT = const(16)
_ORIGIN = const(64)
_O_OBJ1 = const(3)
_P0 = const(72)
_PSZ = const(39)
_P_COINS = const(4)
_P_COMBAT_STARS = const(15)
_P_FACTION = const(0)
_P_MAT = const(1)
_P_NCARDS = const(37)
_P_OBJ_HELD = const(38)
_P_OBJ_STARS = const(16)
_P_POP = const(3)
_P_POWER = const(2)
_P_RECRUITS = const(12)
_P_STARS = const(14)
_P_STRUCT = const(31)
_P_TOPUP = const(7)
_P_UNITS = const(18)
_RES0 = const(267)
_SHUFFLED = const(58)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_OVER = const(30)
_S_MECHS = const(1)
_S_POPULARITY = const(5)
_S_POWER = const(6)
_S_RECRUITS = const(3)
_S_STRUCTURES = const(2)
_S_UPGRADES = const(0)
_S_WORKERS = const(4)
_TAIL = const(20)
_TA_MOVE = const(0)
_T_HOME = const(0)
_U_MECH = const(1)
_U_WORKER = const(5)
_X_CARDS = const(0)
_X_NOT_MET = const(18)
_X_OBJ = const(8)
# -- end of private copies --


def po(p):
    """The offset of player p's block."""
    return _P0 + p * _PSZ


def x0(st):
    """The offset of the tail (layout.X_*: the cards whose text is unknown)."""
    return len(st.s) - _TAIL


def model_cards(st):
    """True in a game played with the model deck (no printed cards: content_model.py)."""
    return st.s[len(st.s) - _TAIL + _X_CARDS] == _CARDS_MODEL


def held_objectives(st, p):
    """The model objective cards p holds (model deck: their numbers are p's secret)."""
    o = len(st.s) - _TAIL + _X_OBJ + 2 * p
    t = (o, o + 1, st.OBJ_DRAW + p) if st.OBJ_DRAW else (o, o + 1)   # Peace: a third slot
    return [st.s[i] - 1 for i in t if st.s[i]]


def coins(st, p):
    o = po(p) + _P_COINS
    return st.s[o] | (st.s[o + 1] << 8)


def add_coins(st, p, k):
    o = po(p) + _P_COINS
    v = coins(st, p) + k
    if v < 0:
        raise ValueError("coins below 0")
    v = min(v, 0xFFFF)
    st.s[o] = v & 0xFF
    st.s[o + 1] = v >> 8


def add_power(st, p, k):
    st.s[_STARS_DIRTY] = 1
    o = po(p) + _P_POWER
    st.s[o] = max(0, min(_MAX_POWER, st.s[o] + k))


def add_pop(st, p, k):
    st.s[_STARS_DIRTY] = 1
    o = po(p) + _P_POP
    st.s[o] = max(0, min(_MAX_POPULARITY, st.s[o] + k))


def faction(st, p):
    return st.s[po(p) + _P_FACTION]


def mat_byte(st, p, k):
    """Byte k of p's player mat row (tables.MATS: content.MAT_*)."""
    return TB.MATS[_MAT_SIZE * st.s[po(p) + _P_MAT] + k]


def faction_byte(st, p, k):
    """Byte k of p's faction row (tables.FACTIONS: content.FA_*)."""
    return TB.FACTIONS[_FACTION_SIZE * st.s[po(p) + _P_FACTION] + k]


def has_ability(st, p, ab):
    """True if p has faction ability `ab` (content.AB_*): its faction's (docs/fenris.md C2: an
    Alliance token held face up will add one). Tested by ability, never by faction number."""
    return TB.FACTIONS[_FACTION_SIZE * st.s[po(p) + _P_FACTION] + _FA_ABILITY] == ab


def seats(st):
    """The players in clockwise seating order (by faction: Nordic, Rusviet, Crimea, Saxony,
    Polania)."""
    n = st.s[_N]
    return sorted(range(n), key=lambda p: faction(st, p))


def left(st, p):
    """The player on p's left: the next in clockwise order (who plays after p)."""
    order = seats(st)
    return order[(order.index(p) + 1) % len(order)]


def right(st, p):
    order = seats(st)
    return order[(order.index(p) - 1) % len(order)]


def abilities(st, p):
    """The mech abilities p's character and mechs have: the rows under its deployed mechs."""
    s = st.s
    o = po(p) + _P_UNITS + _U_MECH
    row = 4 * faction(st, p)
    f = 0
    for i in range(4):
        if s[o + i] != _NOWHERE:
            f |= TB.MECH_ABILITIES[row + i]
    return f


def upgraded(st, p, box):
    """1 if p has upgraded top-row box `box` (content.UP_*), else 0."""
    return (st.s[po(p) + _P_TOPUP] >> box) & 1


def mine_space(st, p):
    """Where p's Mine stands (NOWHERE: not built): a tunnel for p (move.py, combat.py)."""
    return st.s[po(p) + _P_STRUCT + _TA_MOVE]


def workers_on_board(st, p):
    o = po(p) + _P_UNITS + _U_WORKER
    return sum(1 for i in range(8) if st.s[o + i] != _NOWHERE)


def control_map(st):
    """(controller, fighters): per space the player who controls it (255: nobody), and a
    bit mask of players with a character or mech there. Units control; a structure controls
    its territory while no other player's unit stands there. Where two players' units meet
    (before combat) the one who was there first, not the active player, controls it."""
    s = st.s
    n = s[_N]
    ns = st.board.n_spaces
    ctrl = bytearray(b"\xff" * ns)
    fighters = bytearray(ns)
    for p in range(n):
        o = _P0 + p * _PSZ + _P_STRUCT
        for i in range(4):
            x = s[o + i]
            if x != _NOWHERE:
                ctrl[x] = p
    # The active player's units last: a space another player's unit holds stays theirs.
    unit = bytearray(ns)
    act = s[_ACTIVE]
    for k in range(n + 1):
        p = act if k == n else k
        if k < n and p == act:
            continue
        o = _P0 + p * _PSZ + _P_UNITS
        bit = 1 << p
        for u in range(_N_UNITS):
            x = s[o + u]
            if x == _NOWHERE:
                continue
            if u < _U_WORKER:
                fighters[x] |= bit
            if not unit[x]:
                unit[x] = 1
                ctrl[x] = p
    return ctrl, fighters


def res(st, x, r):
    return st.s[_RES0 + 4 * x + r]


def add_res(st, x, r, k):
    """k resources of kind r onto x (k < 0: paid from x). A territory holds at most 255 of a
    kind (a byte; the rulebook sets no limit): what would go beyond is not gained."""
    o = _RES0 + 4 * x + r
    v = st.s[o] + k
    if v < 0:
        raise ValueError("resources below 0")
    st.s[o] = min(v, 255)


def controlled_res(st, p, r, ctrl=None):
    """Resources of kind r on the territories p controls (home bases do not count)."""
    if ctrl is None:
        ctrl = control_map(st)[0]
    s = st.s
    terrain = st.board.terrain
    o = _RES0 + r
    k = 0
    for x in range(st.board.n_spaces):
        if ctrl[x] == p and terrain[x] != _T_HOME:
            k += s[o + 4 * x]
    return k


def worker_territories(st, p, ctrl):
    """Territories p controls with at least one of its workers (not home bases)."""
    s = st.s
    o = po(p) + _P_UNITS + _U_WORKER
    b = st.board
    out = []
    for i in range(8):
        x = s[o + i]
        if x != _NOWHERE and ctrl[x] == p and not b.is_home(x) and x not in out:
            out.append(x)
    return out


def hand_size(st, p):
    """Combat cards in p's hand: a count (the values are p's secret; the board never holds
    them: a card's value is entered when the card is shown, card_values)."""
    return st.s[po(p) + _P_NCARDS]


def deck_size(st):
    """Combat cards in the deck: the 42 printed less the discard pile and the hands (the
    cards behind a combat's dials are still counted in their hands until the reveal)."""
    s = st.s
    k = _N_COMBAT_CARDS
    for i in range(4):
        k -= s[_DISCARD + i]
    for p in range(s[_N]):
        k -= s[po(p) + _P_NCARDS]
    return k


def draw_cards(st, p, k):
    """p draws k combat cards: the hand's count grows (the board does not see the cards).
    An empty deck is the discard pile shuffled (rulebook, Combat Cards); with neither, no card
    is drawn."""
    s = st.s
    o = po(p) + _P_NCARDS
    for _ in range(k):
        if not deck_size(st):
            if not any(s[_DISCARD:_DISCARD + 4]):
                return
            for i in range(4):
                s[_DISCARD + i] = 0
            s[_SHUFFLED] = 1   # the display says so (ruleset.status) until the turn ends
        s[o] += 1


def card_values(st, held, side=-1):
    """The indexes (value - 2) of the combat cards a player with `held` cards in hand (not
    already shown) may show: any value while some card of it may still be in a hand (the
    discard pile and, in a combat, the cards this side put behind its dial leave one of the
    printed number); none with an empty hand. The board cannot see which values a player
    holds. The other side's hidden cards do not count: its secret must not change this
    side's options (both dials are entered at once, move.do_card). At most 15 of a value behind
    one dial (C_COMMIT's nibble; docs/fenris.md, Fenris: only Death Ray could add a 16th)."""
    if held <= 0:
        return []
    s = st.s
    out = []
    for i in range(4):
        k = s[_C_COMMIT + i] >> (4 * side) & 15 if side >= 0 else 0   # (this side's, behind its dial)
        if k < 15 and s[_DISCARD + i] + k < TB.COMBAT_CARDS[i]:
            out.append(i)
    return out


def discard_shown(st, i, k):
    """k cards of value 2 + i shown go face up. More than the printed number of a value (a
    card entered wrong: two players showed the last one) is counted as the lowest value that
    still has room, so the 42 cards stay 42."""
    s = st.s
    room = TB.COMBAT_CARDS[i] - s[_DISCARD + i]
    s[_DISCARD + i] += min(k, room)
    k -= min(k, room)
    j = 0
    while k and j < 4:
        room = TB.COMBAT_CARDS[j] - s[_DISCARD + j]
        s[_DISCARD + j] += min(k, room)
        k -= min(k, room)
        j += 1


def discard_card(st, p, i):
    """p shows a combat card of value 2 + i and discards it face up (Coercion, a cost)."""
    st.s[po(p) + _P_NCARDS] -= 1
    st.s[_DISCARD + i] += 1


def steal_card(st, p, q):
    """p takes one of q's combat cards at random (Scout): a card moves from hand to hand,
    unseen by the board."""
    if hand_size(st, q):
        st.s[po(q) + _P_NCARDS] -= 1
        st.s[po(p) + _P_NCARDS] += 1


def stars(st, p):
    s = st.s
    o = po(p)
    m = s[o + _P_STARS]
    k = 0
    while m:
        k += m & 1
        m >>= 1
    return k + s[o + _P_COMBAT_STARS] + s[o + _P_OBJ_STARS]


def _all_out(s, o, k):
    """True if none of the k bytes from s[o] is NOWHERE (all placed on the board)."""
    for i in range(o, o + k):
        if s[i] == 255:
            return False
    return True


def achievements(st, p):
    """The bit mask of the triumph-track goals p meets now (content.S_*)."""
    s = st.s
    o = _P0 + p * _PSZ
    m = 0
    if s[o + _P_TOPUP] == 0x3F:
        m |= 1 << _S_UPGRADES
    if _all_out(s, o + _P_UNITS + _U_MECH, _N_MECHS):
        m |= 1 << _S_MECHS
    if _all_out(s, o + _P_STRUCT, _N_STRUCTURES):
        m |= 1 << _S_STRUCTURES
    if s[o + _P_RECRUITS] == 0x0F:
        m |= 1 << _S_RECRUITS
    if _all_out(s, o + _P_UNITS + _U_WORKER, _N_WORKERS):
        m |= 1 << _S_WORKERS
    if s[o + _P_POP] >= _MAX_POPULARITY:
        m |= 1 << _S_POPULARITY
    if s[o + _P_POWER] >= _MAX_POWER:
        m |= 1 << _S_POWER
    return m


def start_move(st):
    """A Move action begins: no character or mech has an origin yet (move.py)."""
    for i in range(_U_WORKER):
        st.s[_ORIGIN + i] = _NOWHERE


def game_over(st):
    """The game ends at once (engine.py scores it)."""
    st.s[_STAGE] = _ST_OVER


def place_stars(st, p):
    """Place p's stars for the goals it meets; True if the game ended (a 6th star)."""
    s = st.s
    o = po(p) + _P_STARS
    new = achievements(st, p) & ~s[o]
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


def star_for(st, p, field, limit):
    """A combat (P_COMBAT_STARS) or objective (P_OBJ_STARS) star, up to `limit`
    (Dominate: none); True if the game ended. Limit 0 under Peace (its combat victories): no
    star, Dominate included (the Triumph Tiles: Saxony keeps its unlimited stars)."""
    if not limit and st.OBJ_DRAW:
        return False
    o = po(p) + field
    if field == _P_OBJ_STARS or not has_ability(st, p, _AB_DOMINATE):
        if st.s[o] >= limit:
            return False
    if stars(st, p) >= _END_STARS:
        return False
    st.s[o] += 1
    if stars(st, p) >= _END_STARS:
        game_over(st)
        return True
    return False


def objective_limit(st, p):
    """The objective stars p may place: the track's (1; Peace 2, "All players may place stars
    for 2 Objectives"; the Triumph Tiles: the objective tiles), Dominate no limit (docs/fenris.md
    D1; base Saxony holds 2 cards and never draws, so it places 2 at most, as before)."""
    return _END_STARS if has_ability(st, p, _AB_DOMINATE) else st.OBJECTIVE_STARS


def objective_options(st, p):
    """[O_OBJ1] while p holds an objective card and may still score one, else []. Printed
    cards: whoever holds one may say it is met (the table judges a bot's: Ruleset.reads_card),
    not again in a turn once the table judged none met (X_NOT_MET); the model deck: only while
    a model objective p holds is met (content_model.goal_met)."""
    o = po(p)
    s = st.s
    if not s[o + _P_OBJ_HELD] or s[o + _P_OBJ_STARS] >= objective_limit(st, p):
        return []
    if model_cards(st):
        return [_O_OBJ1] if met_objectives(st, p) else []
    if s[x0(st) + _X_NOT_MET]:
        return []
    return [_O_OBJ1] if unrevealed_objectives(st) else []


def met_objectives(st, p):
    """The model objective cards p holds whose goals p meets now."""
    from .content_model import goal_met

    return [c for c in held_objectives(st, p) if goal_met(st, p, c)]


def unrevealed_objectives(st):
    """The numbers of the objective cards not revealed yet (the ones a player may reveal)."""
    s = st.s
    return [c for c in range(_N_OBJECTIVES) if not (s[_OBJ_OUT + c // 8] >> (c % 8)) & 1]


def reveal_objective(st, p, c):
    """p reveals objective card c (its goal met: the physical way, the board cannot see it,
    nor the card's text): a star; the card and the other one held go to the bottom of the
    objective deck, except for Saxony, who keeps the other for a second objective star."""
    s = st.s
    s[_OBJ_OUT + c // 8] |= 1 << (c % 8)
    o = po(p) + _P_OBJ_HELD
    s[o] = s[o] - 1 if has_ability(st, p, _AB_DOMINATE) else 0
    if model_cards(st):   # the model cards held: the other kept by Saxony only
        x = x0(st) + _X_OBJ + 2 * p
        kept = [k for k in held_objectives(st, p) if k != c] if s[o] else []
        s[x] = kept[0] + 1 if kept else 0
        s[x + 1] = 0
    star_for(st, p, _P_OBJ_STARS, objective_limit(st, p))
