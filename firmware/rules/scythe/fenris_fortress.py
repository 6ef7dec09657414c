# Episode 5 of The Rise of Fenris campaign, "Factory Fortress" (docs/campaign.md, section 3): the
# `fortress` module, its 9 Influence tokens and Box C's Annihilator. Loaded only by a game with it on
# (fenris_tables.fortress_tables): it installs its hooks then, so every other game keeps its code and
# heap.
#
# The rulebook's lines: Setup: "Place 1 Influence token on each tunnel (6 total) and on each of the
# three land territories adjacent to the Factory (3 total)." Special Rules: "Whenever a unit (mech,
# character, or worker) you control moves to a territory containing an Influence token, the unit's
# movement ends and you gain the Influence token"; "Each Influence token is worth -$1 at the end of
# the game."; "The first time a player moves any unit onto the Factory, their Move action ends and
# they open Box C." Box C: "Place the Annihilator on the Factory. If you discovered it, roll the two
# 6-sided dice and choose one to represent the Annihilator's combat power."; "If any players have
# objectives 5, 7, or 22, they should now discard them and draw replacements."; "If you moved a
# worker onto the Factory by itself, it returns to your base."; "If you moved a combat unit
# (character or mech) onto the Factory to reveal the Annihilator, you must fight it. Finish your Move
# action (if you have movements remaining for other units, you may use them, including moving them
# onto the Factory to participate in combat). Then proceed to combat with the Annihilator."; "After
# you have selected and revealed your power and any combat cards, draw the top 4 cards from the combat
# card deck and add them to the Annihilator's power ... Discard these combat cards."; "In the case of
# a tie, the attacker wins."; "If you defeat the Annihilator, remove it from the board, place a combat
# star on the Triumph Track (up to the usual limit), and the game immediately ends."; "Mech Mods,
# Infrastructure Mods, and mech abilities that affect an opponent's power/combat cards do not apply";
# "The Annihilator's 'turn' takes place immediately before the controller's turn"; "its controller
# rolls two 6-sided dice. That player then chooses 1 die to represent the Annihilator's combat power
# until its next turn".
#
# As built (Guess where the text is silent, docs/campaign.md): the tokens are Fenris's Influence
# tokens (fenris_faction.py: its stops, gains, the Mill's worker and the -$1 each, never below $0),
# 9 of its 16 on the map. "their Move action ends" is read with Box C's "Finish your Move action":
# the unit that reveals it stops on the Factory (Speed too), the other units may still move. The
# Annihilator is an enemy combat unit on the Factory for every player (workers may not enter, a unit
# entering stops) and no one's for control. Its combat uses the combat's dial and cards (the player's
# side; no Artillery, Scout nor Disarm), then its 4 cards by chance (K_SEEN_CARD: values by the cards
# neither discarded nor drawn now; an empty deck is the discard pile shuffled); a player who loses
# draws a card if it revealed power and retreats as from any combat (Seaworthy: a lake next to the
# Factory). Printed objective cards 5, 7, 22 are out of the game once it is revealed (the table
# replaces those held); the model deck replaces them by chance (K_MODEL_OBJECTIVE). The miniature is
# no tagged piece: the board does not sense it (as the agents).
from ..compat import const
from ..framing import popcount
from . import combat as CB
from . import common
from . import move as M
from . import tables as TB
from .fenris_combat import lost_to_figure
from .fenris_hooks import grown, install

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_ANN_FIGHT = const(4)
_ANN_GONE = const(7)
_ANN_LOST = const(8)
_ANN_ROLL = const(1)
_ANN_TURN = const(2)
_C_CARDS = const(48)
_C_COMMIT = const(8)
_C_DEF = const(44)
_C_DIAL = const(46)
_C_PRE = const(53)
_C_SIDE = const(45)
_C_SPACE = const(43)
_C_USED = const(51)
_DISCARD = const(12)
_F_ANN = const(180)
_F_ANN_DICE = const(183)
_F_ANN_DRAWN = const(184)
_F_ANN_OBJ = const(186)
_F_ANN_STEP = const(182)
_F_ANN_SUM = const(187)
_F_ANN_THEIRS = const(188)
_F_ANN_WHO = const(181)
_F_INFL = const(111)
_F_SIZE = const(189)
_INFL_HELD = const(200)
_INFL_SUPPLY = const(255)
_K_ANN_DIE = const(74)
_K_ANN_ROLL = const(73)
_K_COMBAT_AT = const(24)
_K_MODEL_OBJECTIVE = const(3)
_K_RETREAT = const(34)
_K_SEEN_CARD = const(55)
_N = const(0)
_N_KINDS = const(78)
_N_STAGES = const(65)
_OBJ_OUT = const(16)
_PRE_DONE = const(6)
_P_COMBAT_STARS = const(15)
_P_NCARDS = const(37)
_P_UNITS = const(18)
_SETUP_I = const(5)
_SHUFFLED = const(58)
_STAGE = const(1)
_ST_ANN = const(61)
_ST_ANN_DRAW = const(62)
_ST_ANN_OBJ = const(63)
_ST_CARD = const(27)
_ST_CARRY = const(10)
_ST_COMBATS = const(25)
_ST_DIAL = const(26)
_ST_END_TURN = const(29)
_ST_MOVE_UNIT = const(8)
_ST_RETREAT = const(35)
_ST_SECTION = const(6)
_TAIL = const(20)
_T_HOME = const(0)
_T_LAKE = const(6)
_UNIT = const(28)
_U_WORKER = const(5)
_X_OBJ = const(8)
# -- end of private copies --

_CHANCE = const(255)
_REMOVED = (4, 6, 21)   # objectives 5, 7 and 22 (their numbers less 1)
_N_TOKENS = const(9)

_PLAIN = (M._stops, M._enemy_units, CB._combat_spaces, CB._next_side)


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def power(st):
    """The Annihilator's combat power (the die chosen), 0 while it is in Box C or defeated."""
    v = st.s[_f(st) + _F_ANN]
    return v if v < _ANN_GONE else 0


def controller(st):
    """The seat that revealed it (its controller), or -1."""
    return (st.s[_f(st) + _F_ANN_WHO] & 15) - 1


def defeater(st):
    """The seat that defeated it, or -1."""
    return (st.s[_f(st) + _F_ANN_WHO] >> 4) - 1


def token_spaces(board):
    """Where the 9 tokens go: the 6 tunnels, then the land territories next to the Factory."""
    near = sorted(y for y, _e in board.neighbours(board.factory)
                  if board.terrain[y] != _T_LAKE and board.terrain[y] != _T_HOME)
    return list(board.tunnels) + near


def put(data, x, board):
    """A new game's bytes (x: the module block's start): the 9 tokens on the map, the rest unused."""
    spaces = token_spaces(board)
    for k in range(16):
        data[x + _F_INFL + k] = spaces[k] if k < len(spaces) else _INFL_SUPPLY


def drawn(st):
    """Its combat cards drawn now: (count of 2s, 3s, 4s, 5s)."""
    x = _f(st) + _F_ANN_DRAWN
    s = st.s
    return (s[x] & 15, s[x] >> 4, s[x + 1] & 15, s[x + 1] >> 4)


def fighting(st):
    """True while a combat with it is being resolved."""
    return st.s[_f(st) + _F_ANN_STEP] & _ANN_FIGHT


# ---- the hooks over the base rules (installed below) ---------------------------------------------
def stops(st, p, u, y):
    """move._stops; the Factory while Box C is closed ("The first time a player moves any unit onto
    the Factory ... they open Box C")."""
    if _PLAIN[0](st, p, u, y):
        return True
    return bool(getattr(st, "FORTRESS", 0)) and y == st.board.factory and not st.s[_f(st) + _F_ANN]


def enemy_units(st, p, x):
    """move._enemy_units; the Annihilator is an enemy combat unit on the Factory for every player."""
    w, f = _PLAIN[1](st, p, x)
    if getattr(st, "FORTRESS", 0) and x == st.board.factory and power(st):
        f += 1
    return w, f


def combat_spaces(st):
    """combat._combat_spaces; the Factory too while the Annihilator is there with the active
    player's character or mech."""
    out = _PLAIN[2](st)
    if not getattr(st, "FORTRESS", 0) or not power(st):
        return out
    s = st.s
    x = st.board.factory
    o = common.po(s[_ACTIVE]) + _P_UNITS
    if x not in out and any(s[o + u] == x for u in range(_U_WORKER)):
        out = sorted(out + [x])
    return out


def next_side(st):
    """combat._next_side; in a combat with it, the player's dial and cards are followed by its 4."""
    if getattr(st, "FORTRESS", 0) and fighting(st):
        st.s[_STAGE] = _ST_ANN_DRAW
        return
    _PLAIN[3](st)


def do_combat_at(do):
    """K_COMBAT_AT: the Factory with it there is a combat with it (the player's side only)."""

    def combat_at(st, a):
        if a != st.board.factory or not power(st):
            return do(st, a)
        s = st.s
        s[_C_SPACE] = a
        s[_C_DEF] = s[_ACTIVE]   # (the player on both sides' bytes: C_SIDE 0 is its)
        s[_C_SIDE] = 0
        for i in range(2):
            s[_C_DIAL + i] = s[_C_CARDS + i] = s[_C_USED + i] = 0
        s[_C_PRE] = _PRE_DONE   # no Artillery, Scout nor Disarm: they "do not apply to combat with the
        # Annihilator"
        s[_f(st) + _F_ANN_STEP] |= _ANN_FIGHT
        s[_f(st) + _F_ANN_DRAWN] = s[_f(st) + _F_ANN_DRAWN + 1] = 0
        s[_STAGE] = _ST_DIAL
    return combat_at


def on_arrive(pending):
    """The unit's arrival (move.pending_carry): the first onto the Factory opens Box C."""

    def arrive(st):
        got = pending(st)
        if got is not None:
            return got
        s = st.s
        p = s[_ACTIVE]
        u = s[_UNIT]
        x = st.board.factory
        o = common.po(p) + _P_UNITS
        if s[_f(st) + _F_ANN] or s[o + u] != x:
            return None
        _reveal(st, p, u)
        return None
    return arrive


def _reveal(st, p, u):
    s = st.s
    f = _f(st)
    s[f + _F_ANN_WHO] = p + 1
    if u >= _U_WORKER:   # "If you moved a worker onto the Factory by itself, it returns to your base."
        s[common.po(p) + _P_UNITS + u] = st.board.home[common.faction(st, p)]
    for i in range(3):   # "objectives 5, 7, or 22 ... discard them and draw replacements"
        c = _REMOVED[i]
        if not (s[_OBJ_OUT + c // 8] >> (c % 8)) & 1:
            s[_OBJ_OUT + c // 8] |= 1 << (c % 8)
            s[f + _F_ANN_OBJ] |= 1 << i
    s[f + _F_ANN_STEP] = _ANN_ROLL
    s[f + _F_ANN_DICE] = 0
    s[_STAGE] = _ST_ANN_OBJ


def end_turn(pending):
    """The end of a turn: "The Annihilator's 'turn' takes place immediately before the controller's
    turn"."""

    def end(st):
        r = pending(st)
        s = st.s
        if r is not None or s[_STAGE] != _ST_SECTION:
            return r
        if power(st) and s[_ACTIVE] == controller(st):
            f = _f(st)
            s[f + _F_ANN_STEP] = _ANN_ROLL | _ANN_TURN
            s[f + _F_ANN_DICE] = 0
            s[_STAGE] = _ST_ANN
        return None
    return end


# ---- the objectives replaced (the model deck), its dice --------------------------------------------
def _x_obj(st):
    return len(st.s) - _TAIL + _X_OBJ


def pending_obj(st):
    """Each model objective card 5, 7 or 22 a seat holds: a replacement drawn by chance (SETUP_I its
    slot: engine.do_model_objective)."""
    s = st.s
    if common.model_cards(st):
        x = _x_obj(st)
        for i in range(2 * s[_N]):
            if s[x + i] and s[x + i] - 1 in _REMOVED:
                s[_SETUP_I] = i
                return _K_MODEL_OBJECTIVE, _CHANCE
    s[_SETUP_I] = 0
    s[_STAGE] = _ST_ANN
    return None


def pending_dice(st):
    d = st.s[_f(st) + _F_ANN_DICE]
    if not d & 15 or not d >> 4:
        return _K_ANN_ROLL, _CHANCE
    return _K_ANN_DIE, controller(st)


def legal_roll(st):
    return [1, 2, 3, 4, 5, 6]


def do_roll(st, a):
    x = _f(st) + _F_ANN_DICE
    d = st.s[x]
    st.s[x] = d | (a << 4) if d else a


def legal_die(st):
    d = st.s[_f(st) + _F_ANN_DICE]
    return sorted(set((d & 15, d >> 4)))


def do_die(st, a):
    """Its power until its next turn; then the move goes on (its reveal) or the controller's turn."""
    s = st.s
    f = _f(st)
    s[f + _F_ANN] = a
    s[f + _F_ANN_DICE] = 0
    turn = s[f + _F_ANN_STEP] & _ANN_TURN
    s[f + _F_ANN_STEP] = 0
    s[_STAGE] = _ST_SECTION if turn else _ST_MOVE_UNIT


# ---- the combat ----------------------------------------------------------------------------------
def seen_weights(st):
    """(outcome, weight) of a card it draws: a value (index, value - 2) by the cards of it neither in
    the discard pile nor drawn now (the hands' values are unseen)."""
    s = st.s
    d = drawn(st)
    out = []
    for i in range(4):
        w = TB.COMBAT_CARDS[i] - s[_DISCARD + i] - d[i]
        if w > 0:
            out.append((i, w))
    return out


def legal_seen(st):
    return [i for i, _w in seen_weights(st)]


def do_seen(st, a):
    x = _f(st) + _F_ANN_DRAWN + a // 2
    st.s[x] += 1 << (4 * (a & 1))


def pending_draw(st):
    """Its 4 cards (fewer when the deck and the discard pile run out), then the result."""
    s = st.s
    k = sum(drawn(st))
    if k < 4:
        left = common.deck_size(st) - k
        if left <= 0 and any(s[_DISCARD:_DISCARD + 4]):
            for i in range(4):   # an empty deck: the discard pile shuffled (rulebook, Combat Cards)
                s[_DISCARD + i] = 0
            s[_SHUFFLED] = 1
            left = common.deck_size(st) - k
        if left > 0:
            return _K_SEEN_CARD, _CHANCE
    _resolve(st)
    return None


def _resolve(st):
    """Its power and cards against the player's dial and cards (the attacker wins ties); both sides'
    cards are discarded, the dial paid; a win removes it, gives a combat star and ends the game."""
    s = st.s
    f = _f(st)
    p = s[_ACTIVE]
    d = drawn(st)
    theirs = s[f + _F_ANN] + 2 * d[0] + 3 * d[1] + 4 * d[2] + 5 * d[3]
    ours = s[_C_DIAL] + s[_C_CARDS]
    revealed = s[_C_DIAL] or s[_C_CARDS]
    for i in range(4):
        common.discard_shown(st, i, s[_C_COMMIT + i] & 15)
        s[_C_COMMIT + i] = 0
        common.discard_shown(st, i, d[i])
    s[common.po(p) + _P_NCARDS] -= s[_C_USED]
    common.add_power(st, p, -s[_C_DIAL])
    for i in range(2):
        s[_C_DIAL + i] = s[_C_CARDS + i] = s[_C_USED + i] = 0
    s[f + _F_ANN_DRAWN] = s[f + _F_ANN_DRAWN + 1] = 0
    s[f + _F_ANN_SUM] = min(ours, 255)
    s[f + _F_ANN_THEIRS] = theirs
    s[f + _F_ANN_STEP] &= ~_ANN_FIGHT
    won = ours >= theirs   # "In the case of a tie, the attacker wins."
    s[_C_SIDE] = 2 | (0 if won else 1) | (4 if revealed and not won else 0)
    if won:   # "remove it from the board, place a combat star ..., and the game immediately ends"
        s[f + _F_ANN] = _ANN_GONE
        s[f + _F_ANN_WHO] |= (p + 1) << 4
        common.star_for(st, p, _P_COMBAT_STARS, st.COMBAT_STARS)
        common.game_over(st)
        return
    where = CB.retreats(st)   # its home base; with Seaworthy a lake next to the Factory too
    if len(where) > 1:
        s[f + _F_ANN_STEP] |= _ANN_LOST
        s[_STAGE] = _ST_RETREAT   # its choice (K_RETREAT, then lost())
        return
    lost(st, where[0])


def lost(st, to):
    """The player who lost to it: its units on the Factory retreat to `to` (its workers onto a lake
    only with a mech, else home), a card drawn if it revealed power; its Move's combats go on."""
    s = st.s
    lost_to_figure(st, s[_ACTIVE], st.board.factory, to)
    s[_f(st) + _F_ANN_STEP] &= ~_ANN_LOST
    s[_STAGE] = _ST_COMBATS


def do_retreat(do):
    def retreat(st, a):
        if st.s[_f(st) + _F_ANN_STEP] & _ANN_LOST:
            lost(st, a)
            return
        do(st, a)
    return retreat


# ---- the rule bot, the check ---------------------------------------------------------------------
def bot_die(st, opts):
    """The rule bot's die for it: the lower at its turn when its controller has a character or mech
    next to the Factory (its turn comes next), else the higher (the others fight it first)."""
    s = st.s
    p = controller(st)
    if s[_f(st) + _F_ANN_STEP] & _ANN_TURN:
        b = st.board
        near = [y for y, _e in b.neighbours(b.factory)]
        o = common.po(p) + _P_UNITS
        if any(s[o + u] in near for u in range(_U_WORKER)):
            return opts[0]
    return opts[-1]


def objectives_gone(st):
    """The objective cards it put out of the game (not revealed by a star)."""
    return popcount(st.s[_f(st) + _F_ANN_OBJ])


def check(st):
    """A problem with the tokens' or the Annihilator's bytes, else None."""
    s = st.s
    f = _f(st)
    n = s[_N]
    spaces = token_spaces(st.board)
    for k in range(16):
        v = s[f + _F_INFL + k]
        if not (v == _INFL_SUPPLY if k >= _N_TOKENS else v == spaces[k] or _INFL_HELD <= v < _INFL_HELD + n):
            return "influence token %d" % k
    a = s[f + _F_ANN]
    who = s[f + _F_ANN_WHO]
    step = s[f + _F_ANN_STEP]
    revealing = not a and step & _ANN_ROLL   # (its power is chosen after the reveal's dice)
    if a > _ANN_GONE or (who & 15) > n or (who >> 4) > n or (bool(a) != bool(who & 15) and not revealing) or (
            (a == _ANN_GONE) != bool(who >> 4)):
        return "annihilator"
    if s[f + _F_ANN_OBJ] >> 3 or (s[f + _F_ANN_OBJ] and not who & 15):
        return "annihilator objectives"
    if step & _ANN_FIGHT and (s[_STAGE] not in (_ST_DIAL, _ST_CARD, _ST_ANN_DRAW) or not power(st)):
        return "annihilator combat"
    if sum(drawn(st)) > 4 or (sum(drawn(st)) and not step & _ANN_FIGHT):
        return "annihilator cards"
    if (step & _ANN_ROLL) != (s[_STAGE] in (_ST_ANN, _ST_ANN_OBJ)):
        return "annihilator dice"
    return None


def tables(cls):
    """cls's (PENDING, LEGAL, DO) with Episode 5's steps."""
    pending, legal, do = grown(cls, _N_STAGES, _N_KINDS)
    pending[_ST_CARRY] = on_arrive(pending[_ST_CARRY])
    pending[_ST_END_TURN] = end_turn(pending[_ST_END_TURN])
    pending[_ST_ANN] = pending_dice
    pending[_ST_ANN_DRAW] = pending_draw
    pending[_ST_ANN_OBJ] = pending_obj
    do[_K_COMBAT_AT] = do_combat_at(do[_K_COMBAT_AT])
    do[_K_RETREAT] = do_retreat(do[_K_RETREAT])
    legal[_K_SEEN_CARD], do[_K_SEEN_CARD] = legal_seen, do_seen
    legal[_K_ANN_ROLL], do[_K_ANN_ROLL] = legal_roll, do_roll
    legal[_K_ANN_DIE], do[_K_ANN_DIE] = legal_die, do_die
    return tuple(pending), tuple(legal), tuple(do)


install((("_stops", _PLAIN[0], stops), ("_enemy_units", _PLAIN[1], enemy_units),
         ("_combat_spaces", _PLAIN[2], combat_spaces), ("_next_side", _PLAIN[3], next_side)))
