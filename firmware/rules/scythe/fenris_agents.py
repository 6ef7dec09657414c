# Episode 4 of The Rise of Fenris campaign, "Fenris" (docs/campaign.md, section 3): the `agents`
# module, the 8 Fenris agents. Loaded only by a game with it on (fenris_tables.agents_tables): it
# installs its hooks then, so every other game keeps its code and heap.
#
# The rulebook's lines: "Open Box B and place 1 Fenris agent (wooden worker meeples, 8 total) on
# each tunnel and 2 on the Factory." "When one of your combat units (character or mechs) moves into
# a territory containing Fenris agents, their movement ends. Before continuing with other movements
# and/or other aspects of your turn, you must attempt to subdue the agent(s): Draw and reveal 1
# combat card per Fenris unit on the territory (this is not combat). Lose your choice of any
# combination of power, coins, and/or popularity equal to the sum of the numbers on the combat cards
# drawn. a. If you can afford this cost (you must pay if you can), you successfully subdued the
# Fenris agent(s)! Gain the Fenris combat card(s) and place the Fenris agent(s) on your faction mat
# ... This is not combat and does not earn you a combat star. b. If you cannot afford the cost, pay
# nothing, discard the Fenris combat card(s), and return your unit to the territory from which it
# entered." "You may not move a worker by itself into a territory containing Fenris agents (though
# your mech may transport workers as normal)." "The game ends immediately when all 8 Fenris agents
# have been subdued or when a player places their 6th star on the Triumph Track."
#
# As built (Guess where the text is silent, docs/campaign.md): the agents are tried as the unit
# enters (K_MOVE_TO), before what a mech carries is moved: an attempt that fails moves nothing
# else, and the unit stays where it entered from (its move spent; Speed's second step too); one
# that succeeds goes on with the carry, and the unit's movement ends there. The cards are drawn by
# chance (K_SEEN_CARD: a value by the cards of it not in the discard pile nor drawn now; an empty
# deck is the discard pile shuffled); the payment is asked as the power paid, then the popularity
# paid (K_AGENT_PAY), the coins the rest. The game that ends with the 8th agent ends when that
# unit's move is complete (what it carries is moved first). The agents are not tagged pieces: the
# board does not sense them (as the encounter tokens).
from ..compat import const
from . import common
from . import move as M
from . import tables as TB
from .fenris_hooks import grown, install

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_AG_DONE = const(4)
_AG_DRAW = const(1)
_AG_POP = const(3)
_AG_POWER = const(2)
_DISCARD = const(12)
_F_AGENTS = const(168)
_F_AG_CARDS = const(173)
_F_AG_OWED = const(174)
_F_AG_STEP = const(172)
_F_SIZE = const(189)
_K_AGENT_PAY = const(68)
_K_MOVE_TO = const(9)
_K_SEEN_CARD = const(55)
_MOVED = const(26)
_MOVES_LEFT = const(25)
_N = const(0)
_NOWHERE = const(255)
_N_KINDS = const(78)
_N_STAGES = const(65)
_P_NCARDS = const(37)
_P_POP = const(3)
_P_POWER = const(2)
_P_UNITS = const(18)
_SHUFFLED = const(58)
_SPACE_DONE = const(60)
_STAGE = const(1)
_ST_AGENTS = const(57)
_ST_CARRY = const(10)
_ST_MOVE_UNIT = const(8)
_TAIL = const(20)
_TF_ONE_UNIT = const(4)
_TF_SPEED_STEP = const(64)
_TF_STOPPED = const(16)
_TO = const(30)
_TURN_FLAGS = const(61)
_T_LAKE = const(6)
_UNIT = const(28)
_U_WORKER = const(5)
# -- end of private copies --

_CHANCE = const(255)
N_AGENTS = const(8)
_W_AGENT = const(80)   # the rule bot: an agent held, in tenths of a coin (a Setup Bonus per 2) ...
_W_STEP = const(20)    # ... and a step from its nearest character or mech to an agent left
_FAR = const(4)
_DIST = [None, None, -1]   # (the printed board, _steps' answer, the agents on the map it is for)

_PLAIN = (M._stops, M.destinations)


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def holder(st, i):
    """The seat that subdued agent i, or -1 while it is on the map."""
    return ((st.s[_f(st) + _F_AGENTS + i // 2] >> (4 * (i & 1))) & 15) - 1


def _take(st, i, p):
    x = _f(st) + _F_AGENTS + i // 2
    sh = 4 * (i & 1)
    st.s[x] = (st.s[x] & ~(15 << sh)) | ((p + 1) << sh)


def space(b, i):
    """Where agent i stands at the setup: "1 Fenris agent ... on each tunnel and 2 on the Factory"."""
    return b.tunnels[i] if i < len(b.tunnels) else b.factory


def on_map(st, y):
    """The agents still on territory y."""
    b = st.board
    return sum(1 for i in range(N_AGENTS) if holder(st, i) < 0 and space(b, i) == y)


def held(st, p):
    """The agents p subdued (on its faction mat)."""
    return sum(1 for i in range(N_AGENTS) if holder(st, i) == p)


def left(st):
    return sum(1 for i in range(N_AGENTS) if holder(st, i) < 0)


def drawn(st):
    """The values of the combat cards drawn for the agents now (their order)."""
    c = st.s[_f(st) + _F_AG_CARDS]
    return [v for v in (c & 15, c >> 4) if v]


# ---- the hooks ------------------------------------------------------------------------------
def stops(st, p, u, y):
    """move._stops; a character or mech moving into a territory with agents: "their movement
    ends" (so too after it subdued them, until it has arrived: AG_DONE)."""
    if _PLAIN[0](st, p, u, y):
        return True
    if not getattr(st, "AGENTS", 0) or u >= _U_WORKER:
        return False
    return bool(on_map(st, y)) or (st.s[_f(st) + _F_AG_STEP] == _AG_DONE and st.s[_TO] == y)


def destinations(st, p, u, ctrl=None):
    """move.destinations; "You may not move a worker by itself into a territory containing Fenris
    agents"."""
    out = _PLAIN[1](st, p, u, ctrl)
    if u < _U_WORKER or not getattr(st, "AGENTS", 0):
        return out
    return [y for y in out if not on_map(st, y)]


def do_move_to(do):
    """move.do_move_to; a character or mech entering a territory with agents tries them first."""

    def to(st, a):
        do(st, a)
        s = st.s
        if a != _SPACE_DONE and s[_UNIT] < _U_WORKER and on_map(st, a):
            x = _f(st)
            s[x + _F_AG_STEP] = _AG_DRAW
            s[x + _F_AG_CARDS] = 0
            s[_STAGE] = _ST_AGENTS
    return to


def on_arrive(pending):
    """The unit's arrival (move.pending_carry); after agents subdued there, the 8th ends the game."""

    def arrive(st):
        got = pending(st)
        if got is not None:
            return got
        x = _f(st) + _F_AG_STEP
        if st.s[x] == _AG_DONE:
            st.s[x] = 0
            if not left(st):
                common.game_over(st)
        return None
    return arrive


# ---- the subduing ---------------------------------------------------------------------------
def _budget(st, p):
    s = st.s
    o = common.po(p)
    return s[o + _P_POWER] + common.coins(st, p) + s[o + _P_POP]


def pending_agents(st):
    s = st.s
    x = _f(st)
    p = s[_ACTIVE]
    if s[x + _F_AG_STEP] != _AG_DRAW:
        return _K_AGENT_PAY, p
    cards = drawn(st)
    if len(cards) < on_map(st, s[_TO]):
        if common.deck_size(st) <= len(cards) and any(s[_DISCARD:_DISCARD + 4]):
            for i in range(4):   # an empty deck: the discard pile shuffled (rulebook, Combat Cards)
                s[_DISCARD + i] = 0
            s[_SHUFFLED] = 1
        if common.deck_size(st) > len(cards):
            return _K_SEEN_CARD, _CHANCE
    owed = sum(cards)
    if owed <= _budget(st, p):   # "you must pay if you can"
        s[x + _F_AG_OWED] = owed
        s[x + _F_AG_STEP] = _AG_POWER
        return _K_AGENT_PAY, p
    _fail(st)
    return None


def seen_weights(st):
    """(outcome, weight) of a card drawn for the agents: a value (index, value - 2) by the cards of
    it not in the discard pile nor drawn now (the hands' values are unseen)."""
    s = st.s
    cards = drawn(st)
    out = []
    for i in range(4):
        w = TB.COMBAT_CARDS[i] - s[_DISCARD + i] - cards.count(i + 2)
        if w > 0:
            out.append((i, w))
    return out


def legal_seen(st):
    return [i for i, _w in seen_weights(st)]


def do_seen(st, a):
    x = _f(st) + _F_AG_CARDS
    c = st.s[x]
    st.s[x] = c | ((a + 2) << 4) if c else a + 2


def legal_pay(st):
    """The power (then the popularity) paid: at most what is owed and what p has, at least what
    the rest (coins, and popularity while power is asked) cannot cover."""
    s = st.s
    x = _f(st)
    p = s[_ACTIVE]
    o = common.po(p)
    owed = s[x + _F_AG_OWED]
    coins = common.coins(st, p)
    if s[x + _F_AG_STEP] == _AG_POWER:
        have, rest = s[o + _P_POWER], coins + s[o + _P_POP]
    else:
        have, rest = s[o + _P_POP], coins
    return list(range(max(0, owed - rest), min(owed, have) + 1))


def do_pay(st, a):
    s = st.s
    x = _f(st)
    p = s[_ACTIVE]
    s[x + _F_AG_OWED] -= a
    if s[x + _F_AG_STEP] == _AG_POWER:
        common.add_power(st, p, -a)
        s[x + _F_AG_STEP] = _AG_POP
        return
    common.add_pop(st, p, -a)
    common.add_coins(st, p, -s[x + _F_AG_OWED])
    _subdued(st)


def _subdued(st):
    """"Gain the Fenris combat card(s) and place the Fenris agent(s) on your faction mat"; the
    move goes on (what a mech carries), its movement ending there."""
    s = st.s
    x = _f(st)
    p = s[_ACTIVE]
    b = st.board
    for i in range(N_AGENTS):
        if holder(st, i) < 0 and space(b, i) == s[_TO]:
            _take(st, i, p)
    s[common.po(p) + _P_NCARDS] += len(drawn(st))
    s[x + _F_AG_CARDS] = 0
    s[x + _F_AG_OWED] = 0
    s[x + _F_AG_STEP] = _AG_DONE
    s[_STAGE] = _ST_CARRY


def _fail(st):
    """"pay nothing, discard the Fenris combat card(s), and return your unit to the territory from
    which it entered": it never left it in the bytes; its move is spent."""
    s = st.s
    x = _f(st)
    for v in drawn(st):
        common.discard_shown(st, v - 2, 1)
    s[x + _F_AG_CARDS] = 0
    s[x + _F_AG_STEP] = 0
    tf = s[_TURN_FLAGS]
    if tf & _TF_SPEED_STEP:   # Speed's second territory: the move was counted at the first
        s[_TURN_FLAGS] = tf & ~_TF_SPEED_STEP
    else:
        moved = (s[_MOVED] | (s[_MOVED + 1] << 8)) | (1 << s[_UNIT])
        s[_MOVED] = moved & 0xFF
        s[_MOVED + 1] = moved >> 8
        s[_MOVES_LEFT] -= 1
    if tf & _TF_ONE_UNIT:   # the Factory card's Move: this unit stops
        s[_TURN_FLAGS] |= _TF_STOPPED
    s[_STAGE] = _ST_MOVE_UNIT


# ---- the rule bot, the check ----------------------------------------------------------------
def _steps(st):
    """Per space, the steps (at most _FAR) by land to the nearest agent still on the map (made
    again only when one is subdued); None when none is left."""
    b = getattr(st.board, "base", st.board)   # (a ModuleBoard per state in a Vesna or Fenris game)
    m = 0
    for i in range(N_AGENTS):
        if holder(st, i) < 0:
            m |= 1 << i
    if _DIST[0] is not b or _DIST[2] != m:
        from .fenris_tesla_bot import land_steps

        at = [space(b, i) for i in range(N_AGENTS) if (m >> i) & 1]
        _DIST[1] = land_steps(b, at, _FAR, _T_LAKE) if at else None
        _DIST[0] = b
        _DIST[2] = m
    return _DIST[1]


def value(st, p):
    """For the rule bot (fenris_track.pursued), in tenths of a coin: W_AGENT an agent p holds, half
    that for each it is trying now (the cards still to come), less W_STEP a step from p's nearest
    character or mech to the nearest agent left."""
    s = st.s
    v = _W_AGENT * held(st, p)
    if s[_STAGE] == _ST_AGENTS and s[_ACTIVE] == p and s[_f(st) + _F_AG_STEP] == _AG_DRAW:
        v += _W_AGENT // 2 * on_map(st, s[_TO])
    d = _steps(st)
    if d is not None:
        o = common.po(p) + _P_UNITS
        near = _FAR
        for u in range(_U_WORKER):
            x = s[o + u]
            if x != _NOWHERE and x < len(d) and d[x] < near:
                near = d[x]
        v -= _W_STEP * near
    return v


def check(st):
    """A problem with the agents' bytes, else None."""
    s = st.s
    x = _f(st)
    n = s[_N]
    for i in range(N_AGENTS):
        if holder(st, i) >= n:
            return "fenris agent %d" % i
    step = s[x + _F_AG_STEP]
    cards = drawn(st)
    if step > _AG_DONE or (step and step < _AG_DONE) != (s[_STAGE] == _ST_AGENTS):
        return "fenris agents step"
    if any(not 2 <= v <= 5 for v in cards) or (s[x + _F_AG_CARDS] >> 4 and not s[x + _F_AG_CARDS] & 15):
        return "fenris agents cards"
    if step == _AG_DRAW and len(cards) > on_map(st, s[_TO]) or step != _AG_DRAW and step < _AG_DONE and (
            s[x + _F_AG_OWED] > sum(cards)):
        return "fenris agents owed"
    if step in (0, _AG_DONE) and (s[x + _F_AG_CARDS] or s[x + _F_AG_OWED]):
        return "fenris agents cards left"
    if step == _AG_DONE and s[_STAGE] != _ST_CARRY:
        return "fenris agents subdued"
    return None


def tables(cls):
    """cls's (PENDING, LEGAL, DO) with the agents' steps."""
    pending, legal, do = grown(cls, _N_STAGES, _N_KINDS)
    pending[_ST_AGENTS] = pending_agents
    pending[_ST_CARRY] = on_arrive(pending[_ST_CARRY])
    do[_K_MOVE_TO] = do_move_to(do[_K_MOVE_TO])
    legal[_K_SEEN_CARD], do[_K_SEEN_CARD] = legal_seen, do_seen
    legal[_K_AGENT_PAY], do[_K_AGENT_PAY] = legal_pay, do_pay
    return tuple(pending), tuple(legal), tuple(do)


install((("_stops", _PLAIN[0], stops), ("destinations", _PLAIN[1], destinations)))
