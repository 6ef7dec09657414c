# Scythe's rule bot (Ruleset.strong_bot): plays for stars through the decision API.
# RuleBot(rng).choose(st) -> an option, like RandomBot. It looks ahead on copies of the state
# and never writes the one it is given:
# - an ordinary decision: each option is applied to a copy and the copy valued
#   (rule_plan.value: the fortune now, stars, progress toward the stars not yet reached);
# - a decision that only opens others (the mat section, whether to take the top or bottom
#   action, which unit moves, where and with what, the resource a Trade buys): each option
#   is followed by the bot's own greedy decisions until the turn passes, a chance decision
#   or LOOKAHEAD of them, and valued then.
# Once a decision it finds, from the public board, how far each space is from an
# opponent's unit it may beat (rule_plan.nearest), so its Moves close in for combat stars.
# With the printed cards, whose texts the sources do not have, it states no term and claims no
# objective: the table reads its card in (Ruleset.reads_card: an encounter's or Factory card's
# terms, which Factory card, which objective is met, an Alliance token's coins); if asked anyway
# it picks at random. With
# the model deck it values each option of a model encounter card by its look-ahead and reveals
# a model objective when one it holds is met (the engine offers it only then). In a combat it
# dials the least power that wins whatever the opponent may show, by the public tracks and
# hand counts (rule_plan.dial), else all it may, and adds a card wherever it may (the value
# of a card is what its hand holds: the board does not know it, so the bot takes one of the
# values offered at random). It reads nothing another seat hides (a locked dial, cards,
# objectives): the state it is given may be a copy with those resampled, a new object at
# every call.
# RAM: the look-ahead buffers of the state's size and two of the spaces' number, made once.
from ..compat import const
from .rule_plan import dial, nearest, value

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_K_ALLY_COINS = const(41)
_K_AMOUNT = const(30)
_K_ANN_DIE = const(74)
_K_ARTILLERY = const(27)
_K_BOTTOM = const(15)
_K_CARD = const(26)
_K_CARRY = const(10)
_K_DIAL = const(25)
_K_ENC_OPTION = const(35)
_K_END = const(33)
_K_FACTORY_CARD = const(31)
_K_INFRA_KEEP = const(45)
_K_MOD_SLOT = const(43)
_K_MOVE_TO = const(9)
_K_MOVE_UNIT = const(8)
_K_SECTION = const(6)
_K_TERM = const(29)
_K_TOP = const(7)
_K_TRADE_RES = const(11)
_K_VESNA_MOD = const(77)
_K_VESNA_SLOT = const(52)
_O_OBJ1 = const(3)
# -- end of private copies --

_LOOKAHEAD = const(40)


class RuleBot:
    def __init__(self, rng):
        self.rng = rng
        self._bufs = None    # look-ahead buffers: an option's copy, then its follow-ups'
        self._near = None    # steps to a unit it may beat, per space (rule_plan.nearest)
        self._queue = None
        self._use = None     # _near while it names a unit to beat, else None

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
        if k == _K_TERM or k == _K_AMOUNT or k == _K_FACTORY_CARD or k == _K_ALLY_COINS:
            return self.rng.choice(opts)        # the card's terms, a token's coins: not in the sources
        if k == _K_MOD_SLOT:   # Mech Mods: no mech stands there yet, so no look-ahead sees a mod
            from .fenris_mods import bot_slot

            return bot_slot(st, opts)
        if k == _K_VESNA_SLOT:   # Vesna's tokens: the same reason
            from .fenris_vesna import bot_slot as vesna_slot

            return vesna_slot(st, opts)
        if k == _K_INFRA_KEEP or k == _K_VESNA_MOD:   # a kept mod costs nothing, its use optional: keep it
            return 1
        p = st.current_player()
        if getattr(st, "FORTRESS", 0):   # Episode 5's Annihilator: its die; against it, all the power
            from . import fenris_fortress as FF

            if k == _K_ANN_DIE:
                return FF.bot_die(st, opts)
            if k == _K_DIAL and FF.fighting(st):
                return opts[-1]
        if k == _K_DIAL:
            return dial(st, p, opts)
        if k == _K_CARD:
            cards = [a for a in opts if a]
            return self.rng.choice(cards) if cards else opts[0]
        if k == _K_ARTILLERY:
            return max(opts)
        n = st.board.n_spaces
        if self._near is None or len(self._near) != n:
            self._near = bytearray(n)
            self._queue = bytearray(n)
        self._use = self._near if nearest(st, p, self._near, self._queue) else None
        opts = self._honest(st, k, opts)
        deep = (k == _K_SECTION or k == _K_TOP or k == _K_BOTTOM or k == _K_MOVE_UNIT or k == _K_ENC_OPTION
                or k == _K_TRADE_RES or k == _K_MOVE_TO or k == _K_CARRY)
        return self._best(st, p, opts, 0, deep)

    def _honest(self, st, k, opts):
        """The printed cards: the options without an objective claimed (the bot cannot know
        one is met). The model deck offers one only when it is met."""
        if (k == _K_TOP or k == _K_BOTTOM or k == _K_END) and not st.model_cards():
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
            v = self._follow(c, p, i + 1) if deep else value(c, p, self._use)
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
            if (k == _K_TERM or k == _K_AMOUNT or k == _K_FACTORY_CARD or k == _K_DIAL or k == _K_CARD
                    or k == _K_ALLY_COINS):
                break
            opts = self._honest(c, k, c.legal_actions())
            if (k == _K_TOP or k == _K_BOTTOM or k == _K_TRADE_RES) and len(opts) > 1 and i < 4:
                # a cost now, its gain later; what a Trade buys is for the bottom row's action
                a = self._best(c, p, opts, i + 1, True)
            else:
                a = self._best(c, p, opts, i, False) if len(opts) > 1 else opts[0]
            c.apply(a)
            depth += 1
        return value(c, p, self._use)
