# Mad Tesla (The Rise of Fenris, docs/fenris.md 1.11), the `madtesla` module: "an autonomous unit
# that players may engage in combat either as an attacker or defender". Loaded only by a game with
# the module on (fenris.FenrisState): it installs its hooks then, so a base game and every other
# module game keep their code and heap.
#
# The rulebook's lines: Setup: "Place the Tesla miniature on the Factory." "Discard the top 2 cards
# of the Combat Card deck." "Place an unused faction's popularity token on the 16 spot on the Power
# Track. This indicates Tesla's 'health'" "Mad Tesla is always LAST in turn order." Ongoing Rules:
# "After any combat ..., the attacker discards combat cards first, and then the defender discards."
# "Mad Tesla controls territories like any other unit." "Mad Tesla forces workers to retreat back to
# their base like any other combat unit." Movement: "roll the blue six-sided die ... Move Mad Tesla
# according to the Mad Tesla Tile. If his first movement doesn't initiate combat, roll the die again
# and move Mad Tesla again. Stop there"; "If Mad Tesla would move off the map, he returns to the
# Factory. This may initiate a combat."; "not blocked by rivers and may move onto lake
# territories."; "does not use tunnels."; "does not interact with any tokens". Combat: "Gain 1
# Popularity."; "Mad Tesla's base power is equal to the top 2 cards on the combat card discard
# pile."; "Roll the orange six-sided die ... Add the number on that die"; "Attacker wins ties, as
# usual."; "If you lose: ... Mad Tesla also retreats (back to the Factory)."; "If you win: ... a. Mad
# Tesla retreats to the Factory.* b. Gain 1 Popularity. c. Place a combat star ... d. Reduce Mad
# Tesla's power on the Power Track by the difference between your totals (in the case of a tie,
# reduce it by 1)."; "If you reduce Mad Tesla's power to 0, he is destroyed ... You gain $10,
# complete your turn, and then the game ends immediately."; "*If you win combat against Mad Tesla on
# the Factory, he retreats to an unoccupied adjacent territory of your choice. If all adjacent
# territories are occupied, roll the die, move Mad Tesla according to the Mad Tesla Tile, and he
# proceeds to initiate combat."; "In the rare case that you enter 2 combats on your turn and one of
# them is on the Factory against Mad Tesla, you must execute that combat first."
#
# The state: F_TESLA (his space; F_TESLA + 1 = MAD_TESLA), F_TESLA_STEP (his turn's phase, a fight
# in progress, the Factory's extra roll), F_TESLA_FROM (the player he fights), F_TOP2 (the discard
# pile's top 2), F_MT_HEALTH. A fight with him uses the combat bytes: the player's side only (the
# attacker's when it attacks him, C_SIDE 0; the defender's when he attacks, C_SIDE 1 from the start;
# C_DEF is the player either way); his die (K_MT_DIE) after the player's dial and cards is the reveal.
from ..compat import const
from . import combat as CB
from . import common
from . import fenris_rivals as R
from . import move as M
from .fenris_combat import lost_to_figure
from .fenris_hooks import install

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_C_CARDS = const(48)
_C_COMMIT = const(8)
_C_DEF = const(44)
_C_DIAL = const(46)
_C_PRE = const(53)
_C_SIDE = const(45)
_C_SPACE = const(43)
_C_USED = const(51)
_DISCARD = const(12)
_F_MT_HEALTH = const(146)
_F_SIZE = const(189)
_F_TESLA = const(141)
_F_TOP2 = const(145)
_K_MT_DIE = const(57)
_K_MT_DIRECTION = const(56)
_K_MT_RETREAT = const(58)
_MAT_ORDER = const(0)
_MT_BACK_DUE = const(64)
_MT_LOST = const(128)
_MT_ROLL1 = const(1)
_MT_ROLL2 = const(2)
_MT_SOURCING = const(32)
_N = const(0)
_NOWHERE = const(255)
_NO_SPACE = const(255)
_N_UNITS = const(13)
_PRE_DONE = const(6)
_P_COMBAT_STARS = const(15)
_P_NCARDS = const(37)
_P_STRUCT = const(31)
_P_UNITS = const(18)
_STAGE = const(1)
_ST_COMBATS = const(25)
_ST_DIAL = const(26)
_ST_MT_DIE = const(46)
_ST_MT_RETREAT = const(47)
_ST_MT_TURN = const(45)
_ST_RETREAT = const(35)
_ST_RIVAL_STAR = const(40)
_ST_SECTION = const(6)
_TAIL = const(20)
_T_HOME = const(0)
_U_WORKER = const(5)
# -- end of private copies --

_CHANCE = const(255)
_PHASE = const(3)       # F_TESLA_STEP & _PHASE: 0 a player's turn, MT_ROLL1, MT_ROLL2, _OVER
_OVER = const(3)        # his turn is over (a fight began, or both moves made)
_FIGHT = const(4)       # a fight with him is being resolved
_EXTRA = const(8)       # the Factory footnote: one roll, then he initiates combat
_STAR_DUE = const(16)   # beaten on the Factory: the winner's combat star, after its choice of his retreat
_FIGHTER = const(0x80)  # his bit in control_map's fighters (the seats are bits 0-6)


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def _t(st):
    return _f(st) + _F_TESLA


def at(st):
    """Mad Tesla's space, or NOWHERE once destroyed."""
    return st.s[_t(st)]


def health(st):
    return st.s[_f(st) + _F_MT_HEALTH]


def top2(st):
    """(the top card's value, the next one's) of the discard pile (0: no card)."""
    v = st.s[_f(st) + _F_TOP2]
    return v & 15, v >> 4


def base_power(st):
    """"Mad Tesla's base power is equal to the top 2 cards on the combat card discard pile" (after a
    shuffle, fewer: those there, S8)."""
    a, b = top2(st)
    return a + b


def _push(st, value):
    """A combat card of `value` goes face up on top of the discard pile."""
    o = _f(st) + _F_TOP2
    st.s[o] = ((st.s[o] << 4) | value) & 0xFF


def _push_side(st, side):
    """One side's cards behind its dial, discarded: the board holds them by value, not in the order
    the player put them down, so (Guess, S9) the lowest first and the highest on top."""
    s = st.s
    shift = 4 * side
    for i in range(4):
        for _ in range((s[_C_COMMIT + i] >> shift) & 15):
            _push(st, 2 + i)


def fighting(st):
    """The player fighting Mad Tesla now, or -1."""
    s = st.s
    t = _t(st)
    return s[t + 3] if s[t + 2] & _FIGHT else -1


# ---- the hooks over the base rules (installed below) --------------------------------------------
def resolve_players(st):
    """combat._resolve between players: the attacker's cards go down first, then the defender's."""
    if getattr(st, "MADTESLA", 0):
        _push_side(st, 0)
        _push_side(st, 1)
    _PLAIN[0](st)


def discard_card(st, p, i):
    """common.discard_card (Coercion, a cost): the card shown goes on top."""
    _PLAIN[1](st, p, i)
    if getattr(st, "MADTESLA", 0):
        _push(st, 2 + i)


def draw_cards(st, p, k):
    """common.draw_cards: a discard pile shuffled into the deck leaves no card on top."""
    _PLAIN[2](st, p, k)
    if getattr(st, "MADTESLA", 0) and not any(st.s[_DISCARD:_DISCARD + 4]):
        st.s[_f(st) + _F_TOP2] = 0


def controlled(st):
    """common.control_map: he controls his territory as a unit (nobody's) and is a fighter there."""
    ctrl, fighters = _PLAIN[3](st)
    if getattr(st, "MADTESLA", 0):
        x = at(st)
        if x != _NOWHERE:
            fighters[x] |= _FIGHTER
            ctrl[x] = _NOWHERE
    return ctrl, fighters


def enemy_units(st, p, x):
    """move._enemy_units: he is everyone's opponent's combat unit ("a combat unit for the purposes of
    all movement and unit interactions")."""
    w, f = _PLAIN[4](st, p, x)
    if getattr(st, "MADTESLA", 0) and at(st) == x:
        f += 1
    return w, f


def next_side(st):
    """combat._next_side: in a fight with him, the player's side entered is followed by his die."""
    if getattr(st, "MADTESLA", 0) and st.s[_t(st) + 2] & _FIGHT:
        st.s[_STAGE] = _ST_MT_DIE
        return
    _PLAIN[5](st)


# (the laptop's memoised control_map keeps the plain one as .plain, and hands a Mad Tesla game here:
# host_tools/views/scythe_speed.py)
_PLAIN = (CB._resolve, common.discard_card, common.draw_cards,
          getattr(common.control_map, "plain", common.control_map), M._enemy_units, CB._next_side)


# ---- his moves ------------------------------------------------------------------------------------
def step(board, x, d):
    """Where a move in direction d (board.DIRECTIONS) takes him from x: the neighbour that way, over a
    river or onto a lake alike (never a tunnel's way: only borders); off the map or onto a home base
    ("Home bases aren't territories", S2), the Factory."""
    y = board.adj[x * 6 + d]
    if y == _NO_SPACE or board.terrain[y] == _T_HOME:
        return board.factory
    return y


def _units_of(st, x):
    """(the first player with a character or mech on x, or -1; the players with only workers there)."""
    s = st.s
    fighter = -1
    workers = []
    for q in range(s[_N]):
        o = common.po(q) + _P_UNITS
        for u in range(_N_UNITS):
            if s[o + u] == x:
                if u < _U_WORKER:
                    if fighter < 0:
                        fighter = q
                elif q not in workers:
                    workers.append(q)
    return fighter, [q for q in workers if q != fighter]


def _arrive(st):
    """He stands on his space: a player's character or mech there is attacked (True); lone workers
    there go home, no popularity lost (he is no player)."""
    s = st.s
    x = at(st)
    q, workers = _units_of(st, x)
    if q >= 0:
        _fight(st, q, True)
        return True
    for w in workers:
        home = st.board.home[common.faction(st, w)]
        o = common.po(w) + _P_UNITS
        for u in range(_U_WORKER, _N_UNITS):
            if s[o + u] == x:
                s[o + u] = home
    return False


def _fight(st, q, he_attacks):
    """A combat of q with him on his space: q gains 1 popularity, then enters its side."""
    s = st.s
    t = _t(st)
    s[_C_SPACE] = s[t]
    s[_C_DEF] = q   # (the player on both sides' bytes: C_SIDE says which side is its)
    s[_C_SIDE] = 1 if he_attacks else 0
    for i in range(2):
        s[_C_DIAL + i] = s[_C_CARDS + i] = s[_C_USED + i] = 0
    s[_C_PRE] = _PRE_DONE   # no Artillery, Disarm or Scout: "do not apply to combat with Mad Tesla"
    s[t + 2] |= _FIGHT
    s[t + 3] = q
    common.add_pop(st, q, 1)   # "Gain 1 Popularity."
    s[_STAGE] = _ST_DIAL


# ---- his turn: after the last player's ------------------------------------------------------------
def _first(st):
    """The first player: the lowest player mat number (engine.do_tile)."""
    return min(range(st.s[_N]), key=lambda p: common.mat_byte(st, p, _MAT_ORDER))


def end_turn(pending):
    """The end of a turn: a destroyed Mad Tesla ends the game once his destroyer's turn is complete;
    after the last player's turn in the round, his turn."""

    def end(st):
        r = pending(st)
        s = st.s
        if r is not None or s[_STAGE] != _ST_SECTION:
            return r
        if at(st) == _NOWHERE:   # "complete your turn, and then the game ends immediately"
            common.game_over(st)
            return None
        if s[_ACTIVE] == _first(st):
            s[_t(st) + 2] = _MT_ROLL1
            s[_STAGE] = _ST_MT_TURN
        return None
    return end


def pending_turn(st):
    """His rolls; once over, the next player's turn (or, after a fight in a player's turn, its
    combats go on)."""
    s = st.s
    step_ = s[_t(st) + 2]
    if step_ & _EXTRA or step_ & _PHASE in (_MT_ROLL1, _MT_ROLL2):
        return _K_MT_DIRECTION, _CHANCE
    s[_t(st) + 2] = 0
    if step_ & _PHASE and at(st) == _NOWHERE:   # destroyed in his own turn: the game ends (D6)
        common.game_over(st)
        return None
    s[_STAGE] = _ST_SECTION if step_ & _PHASE == _OVER else _ST_COMBATS
    return None


def legal_direction(st):
    return [0, 1, 2, 3, 4, 5]


def do_direction(st, a):
    s = st.s
    t = _t(st)
    step_ = s[t + 2]
    s[t] = step(st.board, s[t], a)
    if step_ & _EXTRA:
        s[t + 2] = step_ & ~_EXTRA
    elif step_ & _PHASE == _MT_ROLL1:
        s[t + 2] = _MT_ROLL2
    else:
        s[t + 2] = _OVER
    if _arrive(st) and s[t + 2] & _PHASE == _MT_ROLL2:   # "If his first movement doesn't initiate combat"
        s[t + 2] = (s[t + 2] & ~_PHASE) | _OVER


# ---- the fight --------------------------------------------------------------------------------------
def pending_die(st):
    return _K_MT_DIE, _CHANCE


def legal_die(st):
    return [1, 2, 3, 4, 5, 6]


def do_die(st, a):
    """The reveal: the player's dial and cards against the top 2 discarded and the die; the player's
    cards go down; the loser retreats, and he goes back to the Factory either way."""
    s = st.s
    t = _t(st)
    q = s[t + 3]
    side = s[_C_SIDE]
    attacked = side == 0
    his = base_power(st) + a
    mine = s[_C_DIAL + side] + s[_C_CARDS + side]
    revealed = s[_C_DIAL + side] or s[_C_CARDS + side]
    _push_side(st, side)
    for i in range(4):
        c = s[_C_COMMIT + i]
        common.discard_shown(st, i, (c >> (4 * side)) & 15)
        s[_C_COMMIT + i] = 0
    s[common.po(q) + _P_NCARDS] -= s[_C_USED + side]
    common.add_power(st, q, -s[_C_DIAL + side])
    for i in range(2):
        s[_C_DIAL + i] = s[_C_CARDS + i] = s[_C_USED + i] = 0
    won = mine >= his if attacked else mine > his   # "Attacker wins ties, as usual."
    s[_C_SIDE] = 2 | (0 if won == attacked else 1) | (4 if revealed and not won else 0)
    s[t + 2] &= ~_FIGHT
    x = s[_C_SPACE]
    if not won:   # "Treat it as any other combat loss, but ... Mad Tesla also retreats"
        where = CB.retreats(st)   # its home base; with Seaworthy a lake next to the fight too
        if len(where) > 1:
            s[t + 2] |= _MT_LOST
            s[_STAGE] = _ST_RETREAT   # its choice (K_RETREAT, then lost())
        else:
            lost(st, where[0])
        return
    # "a. Mad Tesla retreats", "b. Gain 1 Popularity.", "c. Place a combat star", "d. Reduce Mad
    # Tesla's power ... by the difference between your totals (in the case of a tie, reduce it by
    # 1)": his retreat comes before the star (a 6th ends the game with him where he went), but the
    # winner's choice of where (on the Factory) waits for the star (STAR_DUE).
    common.add_pop(st, q, 1)
    h = _f(st) + _F_MT_HEALTH
    s[h] = max(0, s[h] - max(1, mine - his))
    s[_STAGE] = _ST_MT_TURN
    if not s[h]:   # "he is destroyed (removed from the board). You gain $10"
        s[t] = _NOWHERE
        common.add_coins(st, q, 10)
    elif x == st.board.factory and retreats(st):
        s[t + 2] |= _STAR_DUE
        s[_STAGE] = _ST_MT_RETREAT
        return
    elif x == st.board.factory:
        s[t + 2] |= _EXTRA   # "roll the die, move Mad Tesla ..., and he proceeds to initiate combat"
    else:
        s[t] = st.board.factory
    if _star(st, q):   # the game ends here
        return
    back = s[t] == st.board.factory and not s[t + 2] & _EXTRA
    if s[_STAGE] == _ST_RIVAL_STAR:   # its source first (Rivals), then he is back
        s[t + 2] |= _MT_SOURCING | (_MT_BACK_DUE if back else 0)
    elif back:
        _back(st)


def _star(st, q):
    """q's combat star for winning (common.star_for: True when it ends the game) and, with Rivals,
    where it comes from (fenris_rivals._source: no $5, he is no one's rival; "ANY opponent's base"
    or the supply, the winner's choice, stage ST_RIVAL_STAR)."""
    o = common.po(q) + _P_COMBAT_STARS
    before = st.s[o]
    over = common.star_for(st, q, _P_COMBAT_STARS, st.COMBAT_STARS)
    if getattr(st, "RIVALS", 0) and st.s[o] != before:
        R._source(st, False)
    return over


def lost(st, to):
    """The player who lost to him: its units there retreat to `to` (its workers onto a lake only
    with a mech, else home), a card drawn if it revealed power; he goes back to the Factory."""
    s = st.s
    t = _t(st)
    q = s[t + 3]
    x = s[_C_SPACE]
    lost_to_figure(st, q, x, to)   # (do_die: C_SIDE's 4, revealed power, and lost)
    s[t + 2] &= ~_MT_LOST
    s[t] = st.board.factory
    _back(st)


def _back(st):
    """He is back on the Factory: "This may initiate another combat"; else the turn goes on."""
    st.s[_STAGE] = _ST_MT_TURN
    _arrive(st)


def retreats(st):
    """The unoccupied territories next to the Factory (the winner's choice)."""
    s = st.s
    b = st.board
    taken = bytearray(b.n_spaces)
    for q in range(s[_N]):
        o = common.po(q) + _P_UNITS
        for u in range(_N_UNITS):
            if s[o + u] != _NOWHERE:
                taken[s[o + u]] = 1
        o = common.po(q) + _P_STRUCT
        for i in range(4):
            if s[o + i] != _NOWHERE:
                taken[s[o + i]] = 1
    return sorted(y for y, e in b.neighbours(b.factory) if not taken[y] and b.terrain[y] != _T_HOME)


def pending_retreat(st):
    return _K_MT_RETREAT, st.s[_t(st) + 3]


def legal_retreat(st):
    return retreats(st)


def do_retreat(st, a):
    s = st.s
    t = _t(st)
    s[t] = a
    s[t + 2] &= ~_STAR_DUE
    s[_STAGE] = _ST_MT_TURN
    _star(st, s[t + 3])   # (after "a.", as any win)
    if s[_STAGE] == _ST_RIVAL_STAR:
        s[t + 2] |= _MT_SOURCING


def legal_combat_at(legal):
    """"you must execute that combat first": his fight on the Factory before the others."""
    def combat_at(st):
        out = legal(st)
        x = at(st)
        if x == st.board.factory and x in out:
            return [x]
        return out
    return combat_at


def do_combat_at(do):
    def combat_at(st, a):
        if a != at(st):
            return do(st, a)
        _fight(st, st.s[_ACTIVE], False)
    return combat_at


install((("_resolve", _PLAIN[0], resolve_players), ("discard_card", _PLAIN[1], discard_card),
         ("draw_cards", _PLAIN[2], draw_cards), ("control_map", _PLAIN[3], controlled),
         ("_enemy_units", _PLAIN[4], enemy_units), ("_next_side", _PLAIN[5], next_side)))
