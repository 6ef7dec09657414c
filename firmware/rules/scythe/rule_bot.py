# Scythe's rule bot (Ruleset.strong_bot): plays to win through the decision API.
# RuleBot(rng).choose(st) -> an option, like RandomBot. It looks ahead on copies of the state
# and never writes the one it is given:
# - an ordinary decision: each option is applied to a copy and the copy valued (value());
# - a decision that only opens others (the mat section, whether to take the top or bottom
#   action, which unit moves): each option is followed by the bot's own greedy decisions
#   until the turn passes, a chance decision or LOOKAHEAD of them, and valued then.
# value() is the fortune the game would score now (coins, stars, territories and resources by
# the popularity tier, the structure bonus) plus progress toward stars not yet reached (units
# on the board, upgrades, recruits, power, popularity, combat cards), in tenths of a coin.
# Where the sources do not say what a card holds (an encounter's or Factory card's terms, an
# objective met) it does what the random bot does, except that it never claims an objective:
# it cannot know one is met. In a combat it puts all the power it may on the dial and adds a
# card wherever it may (the value of a card is what its hand holds: the board does not know
# it, so the bot takes one of the values offered at random).
# RAM: two look-ahead buffers of the state's size, made once.
from ..compat import const
from .common import coins, control_map, po, stars, workers_on_board
from . import tables as TB
from .score import structure_count, territories, tier
from .bottom_row import bottom_cost

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_K_AMOUNT = const(30)
_K_ARTILLERY = const(27)
_K_BOTTOM = const(15)
_K_CARD = const(26)
_K_DIAL = const(25)
_K_END = const(33)
_K_FACTORY_CARD = const(31)
_K_MOVE_UNIT = const(8)
_K_SECTION = const(6)
_K_TERM = const(29)
_K_TOP = const(7)
_NOWHERE = const(255)
_O_OBJ1 = const(3)
_P_NCARDS = const(37)
_P_POP = const(3)
_P_POWER = const(2)
_P_RECRUITS = const(12)
_P_STRUCT = const(31)
_P_TOPUP = const(7)
_P_UNITS = const(18)
_RES0 = const(267)
_TILE = const(19)
_U_MECH = const(1)
# -- end of private copies --

_LOOKAHEAD = const(10)
W_STAR = 150
W_NEED = 10
W_RESOURCE = 3
W_MECH = 35
W_STRUCTURE = 30
W_WORKER = 10
W_UPGRADE = 30
W_RECRUIT = 30


def fortune_now(st, p, ctrl, have):
    """score.fortune(st, p, ctrl), the fortune the game would score now, counting p's
    resources into have (by type: oil, metal, wood, food: Upgrade, Deploy, Build and
    Enlist's) on the way."""
    s = st.s
    b = st.board
    for x in range(b.n_spaces):
        if ctrl[x] == p and not b.is_home(x):
            for r in range(4):
                have[r] += s[_RES0 + 4 * x + r]
    t = tier(s[po(p) + _P_POP])
    k = coins(st, p) + TB.COINS_STAR[t] * stars(st, p) + TB.COINS_TERRITORY[t] * territories(st, p, ctrl)
    k += TB.COINS_RESOURCES[t] * (sum(have) // 2)
    return k + TB.structure_bonus_coins(s[_TILE], structure_count(st, p, s[_TILE]))


def value(st, p):
    """What the position is worth to player p, in tenths of a coin (see the module's head)."""
    s = st.s
    o = po(p)
    have = [0, 0, 0, 0]
    v = 10 * fortune_now(st, p, control_map(st)[0], have) + W_STAR * stars(st, p)
    for r in range(4):
        need = bottom_cost(st, p, r)
        v += W_NEED * min(have[r], need) + W_RESOURCE * max(0, have[r] - need)
    v += W_MECH * sum(1 for i in range(4) if s[o + _P_UNITS + _U_MECH + i] != _NOWHERE)
    v += W_STRUCTURE * sum(1 for i in range(4) if s[o + _P_STRUCT + i] != _NOWHERE)
    v += W_WORKER * workers_on_board(st, p)
    v += W_UPGRADE * bin(s[o + _P_TOPUP]).count("1")
    v += W_RECRUIT * bin(s[o + _P_RECRUITS]).count("1")
    v += 4 * s[o + _P_POWER] + 3 * s[o + _P_POP] + 5 * s[o + _P_NCARDS]
    return v


class RuleBot:
    def __init__(self, rng):
        self.rng = rng
        self._bufs = None    # two look-ahead buffers: an option's copy, then its follow-ups'

    def _copy(self, st, i):
        """A look-ahead copy of st in buffer i (no history, no undo)."""
        bufs = self._bufs
        if bufs is None or len(bufs[0]) != len(st.s):
            bufs = self._bufs = tuple(bytearray(len(st.s)) for _ in range(6))
        b = bufs[i]
        b[:] = st.s
        c = st._with_bytes(b)
        c.undo_depth = 0
        c.keep_history = False
        return c

    def choose(self, st):
        opts = st.legal_actions()
        k = st.decision()
        if len(opts) == 1:
            return opts[0]
        if k == _K_TERM or k == _K_AMOUNT or k == _K_FACTORY_CARD:
            return self.rng.choice(opts)        # the card's terms: not in the sources
        if k == _K_DIAL:
            return max(opts)
        if k == _K_CARD:
            cards = [a for a in opts if a]
            return self.rng.choice(cards) if cards else opts[0]
        if k == _K_ARTILLERY:
            return max(opts)
        opts = self._honest(k, opts)
        deep = k == _K_SECTION or k == _K_TOP or k == _K_BOTTOM or k == _K_MOVE_UNIT
        return self._best(st, st.current_player(), opts, 0, deep)

    def _honest(self, k, opts):
        """The options without an objective claimed (the bot cannot know one is met)."""
        if k == _K_TOP or k == _K_BOTTOM or k == _K_END:
            kept = [a for a in opts if a < _O_OBJ1]
            if kept:
                return kept
        return opts

    def _best(self, st, p, opts, i, deep):
        """The option of the highest value (copies in buffer i); deep: each followed on."""
        best = opts[0]
        best_v = None
        for a in opts:
            c = self._copy(st, i)
            c.apply(a)
            v = self._follow(c, p, i + 1) if deep else value(c, p)
            v = 4 * v + self.rng.below(4)   # ties broken at random
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best

    def _follow(self, c, p, i):
        """c played on by p's greedy decisions (one option's worth each) until another player
        or chance decides, the game ends or the look-ahead is spent; its value then."""
        depth = 0
        while depth < _LOOKAHEAD and not c.is_terminal() and c.current_player() == p:
            k = c.decision()
            if k == _K_TERM or k == _K_AMOUNT or k == _K_FACTORY_CARD or k == _K_DIAL or k == _K_CARD:
                break
            opts = self._honest(k, c.legal_actions())
            if (k == _K_TOP or k == _K_BOTTOM) and len(opts) > 1 and i < 4:   # a cost now, its gain later
                a = self._best(c, p, opts, i + 1, True)
            else:
                a = self._best(c, p, opts, i, False) if len(opts) > 1 else opts[0]
            c.apply(a)
            depth += 1
        return value(c, p)
