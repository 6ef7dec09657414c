# The Desolation for Scythe's rule bot (docs/fenris.md 1.12): its choices in a combat with one of
# the Desolation's units (all in the open), in place of RuleBot.choose for those kinds only. Loaded
# with the Desolation's setup module (fenris_desolation_setup.py), by the first game with it only.
# The involved player with the most power spends it; the dial is the least that beats its
# strength whatever its die (6), the attacker winning ties, less 2 a combat card the involved
# players may still add, else all it may; each adds a card (a value offered, at random: the board
# does not know the hand) while the total may still fall short; the order of its combats and who
# places the combat star: the first offered. Its value (rule_plan.value's, in a Desolation game
# with the players' common goal added): its units destroyed, its stars, a fight's odds before the
# die, and a step closer to one of its units on land while the player's power and 2 cards may win.
from ..compat import const
from . import combat as CB
from . import common
from . import rule_bot as RB

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_DES_ATTACKS = const(128)
_F_DES = const(147)
_F_DES_DIAL = const(162)
_F_DES_INVOLVED = const(160)
_F_DES_POWER = const(155)
_F_DES_STARS = const(154)
_F_DES_SUM = const(163)
_F_DES_UNIT = const(159)
_F_SIZE = const(189)
_K_DES_CARD = const(62)
_K_DES_COMBAT_AT = const(65)
_K_DES_DIAL = const(61)
_K_DES_DIALER = const(63)
_K_DES_DIE = const(60)
_N = const(0)
_NOWHERE = const(255)
_P_POWER = const(2)
_P_UNITS = const(18)
_TAIL = const(20)
_T_LAKE = const(6)
# -- end of private copies --

_PLAIN = RB.RuleBot.choose
_PLAIN_VALUE = RB.value
W_KILL = 500   # a unit destroyed: a sixth of one way to win (in tenths of a coin, as rule_plan's W_STAR)
W_LOSS = 400   # a star on its tile: a sixth of one way to lose
W_NEAR = 30    # a step closer to a unit p may beat (rule_plan's W_NEAR for an opponent's)
_FAR = 255
_MAP = [b"", None]   # the units' spaces -> steps from the nearest land territory it holds


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def need(st):
    """The total the involved players need to win whatever its die (6)."""
    s = st.s
    f = _f(st)
    return s[f + _F_DES_POWER] + 6 + (1 if s[f + _F_DES_UNIT] & _DES_ATTACKS else 0)


def _cards_left(st):
    """The cards the involved players may still add (one a character or mech, within the hand)."""
    s = st.s
    m = s[_f(st) + _F_DES_INVOLVED]
    return sum(min(CB._slots(st, q), common.hand_size(st, q)) for q in range(s[_N]) if (m >> q) & 1)


def choose(self, st):
    k = st.decision()
    if not getattr(st, "DESOLATION", 0) or not _K_DES_DIAL <= k <= _K_DES_COMBAT_AT:
        return _PLAIN(self, st)
    opts = st.legal_actions()
    s = st.s
    f = _f(st)
    if k == _K_DES_DIALER:
        return max(opts, key=lambda q: s[common.po(q) + _P_POWER])
    if k == _K_DES_DIAL:
        want = max(0, need(st) - 2 * _cards_left(st))
        return want if want <= opts[-1] else opts[-1]
    if k == _K_DES_CARD:
        cards = [a for a in opts if a]
        if cards and s[f + _F_DES_DIAL] + s[f + _F_DES_SUM] < need(st):
            return self.rng.choice(cards)
        return 0
    return opts[0]


def value(st, p, near=None):
    """rule_plan.value, and in a Desolation game the players' common goal: its units destroyed,
    its stars on its tile, and a combat with it whose die is still to roll at the odds of that
    die (the look-ahead stops at chance: without them no fight looks worth its power)."""
    v = _PLAIN_VALUE(st, p, near)
    if not getattr(st, "DESOLATION", 0):
        return v
    s = st.s
    f = _f(st)
    v += W_KILL * sum(1 for i in range(6) if s[f + _F_DES + i] == _NOWHERE) - W_LOSS * s[f + _F_DES_STARS]
    near = _near(st, s[f + _F_DES:f + _F_DES + 6])
    o = common.po(p) + _P_UNITS
    best = _FAR
    for u in range(5):   # its character and mechs
        x = s[o + u]
        if x != _NOWHERE and near[x] < best:
            best = near[x]
    if best < 6 and s[common.po(p) + _P_POWER] + 2 * min(common.hand_size(st, p), 2) >= need(st) - 1:
        v += W_NEAR * (6 - best)   # it may win on any die but a 6: go for it
    if st.decision() == _K_DES_DIE:
        ours = s[f + _F_DES_DIAL] + s[f + _F_DES_SUM]
        theirs = s[f + _F_DES_POWER]
        tie = 0 if s[f + _F_DES_UNIT] & _DES_ATTACKS else 1   # the attacker wins ties
        wins = sum(1 for d in range(1, 7) if ours > theirs + d or tie and ours == theirs + d)
        v += (W_KILL * wins - W_LOSS * (6 - wins)) // 6
    return v


def _near(st, units):
    """Steps from each space to the nearest of its units on land (players' units do not enter
    lakes), kept while its units stay where they are."""
    if _MAP[0] == units and _MAP[1] is not None and len(_MAP[1]) == st.board.n_spaces:
        return _MAP[1]
    b = st.board
    near = bytearray(b"\xff" * b.n_spaces)
    todo = []
    for x in units:
        if x != _NOWHERE and b.terrain[x] != _T_LAKE:
            near[x] = 0
            todo.append(x)
    for x in todo:   # breadth first: todo grows as it is walked
        for k in range(6):
            y = b.adj[6 * x + k]
            if y != _NOWHERE and near[y] == _FAR and b.terrain[y] != _T_LAKE:
                near[y] = near[x] + 1
                todo.append(y)
    _MAP[0] = bytes(units)
    _MAP[1] = near
    return near


RB.RuleBot.choose = choose
RB.value = value
