# The Desolation for Scythe's rule bot (docs/fenris.md 1.12): its choices in a combat with one of
# the Desolation's units (all in the open), in place of RuleBot.choose for those kinds only. Loaded
# with the Desolation's setup module (fenris_desolation_setup.py), by the first game with it only.
# The involved player with the most power spends it; the dial is the least that beats its
# strength whatever its die (6), the attacker winning ties, less 2 a combat card the involved
# players may still add, else all it may; each adds a card (a value offered, at random: the board
# does not know the hand) while the total may still fall short; the order of its combats and who
# places the combat star: the first offered.
from ..compat import const
from . import combat as CB
from . import common
from . import rule_bot as RB

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_DES_ATTACKS = const(128)
_F_DES_DIAL = const(162)
_F_DES_INVOLVED = const(160)
_F_DES_POWER = const(155)
_F_DES_SUM = const(163)
_F_DES_UNIT = const(159)
_F_SIZE = const(167)
_K_DES_CARD = const(62)
_K_DES_COMBAT_AT = const(65)
_K_DES_DIAL = const(61)
_K_DES_DIALER = const(63)
_N = const(0)
_P_POWER = const(2)
_TAIL = const(20)
# -- end of private copies --

_PLAIN = RB.RuleBot.choose


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


RB.RuleBot.choose = choose
