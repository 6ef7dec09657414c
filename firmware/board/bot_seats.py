# Bot seats: seats the board's bot plays, carried out by a person at the table. Once per
# decision the bot chooses (from the game through the seam, its generator seeded from the
# position so that an undo or a power cut gives the same plan), and the plan says how a person
# carries it out: the piece to lift, where it stands and where it goes, the wand's place, or
# the dial to press. A secret entry of a bot seat is locked at once and never shown.
# The wording of a plan is the display's (firmware/board/screens.py, bot_instruction).
from firmware.rules.compat import const

_OFF_BOARD = const(255)
_ENTRY_PIECE = const(1)
_ENTRY_SPACE = const(2)
_ENTRY_SECRET = const(3)
_SEVERAL = const(254)


class BotSeats:
    def __init__(self, rs, mask=0):
        self.rs = rs
        self.mask = mask                # bit p set: seat p is played by the board's bot
        self.bot = None                 # made on the first bot decision (firmware/bots.py), its
                                        # rng reseeded for each decision (choose)
        self.plan = -1                  # the bot's choice for the pending decision, or -1
        self.plan_tag = -1              # a piece plan: the piece to lift,
        self.plan_from = _OFF_BOARD     # where it stands,
        self.plan_dest = _OFF_BOARD     # and where it goes (or the wand's place)
        self.plan_dial = -1             # the dial that commits the plan with a press, or -1
        self.plans = 0                  # bot choices computed (once per decision)
        self.bid = False                # a bot seat's dial locked its secret entry in this run
        self._hash = -1                 # the position the last plan was computed for
        self._a = -1

    def is_bot(self, player):
        return player >= 0 and (self.mask >> player) & 1 == 1

    def choose(self, st):
        """The bot's option in st, chosen on what its seat can see only: a copy of st with
        what the seat cannot see drawn again (Ruleset.determinise, its draws seeded alike
        every time). Its generator is seeded from that copy, so a decision gets the same plan
        after an undo or a power cut (games replay), whatever the hidden values are."""
        from firmware.rng import Rng

        bot = self.bot
        if bot is None:
            from firmware.bot_kinds import make_bot

            bot = self.bot = make_bot(self.rs, Rng(1), "strong")
        seen = self.rs.determinise(st, st.current_player(), Rng(1))
        bot.rng.x = (seen.hash() * 2654435761 + 1) & 0xFFFFFFFF or 1
        self.plans += 1
        return bot.choose(seen)

    def make_plan(self, ctl):
        """Once per decision: what a bot seat chooses, and how a person carries it out."""
        self.plan = self.plan_tag = self.plan_dial = -1
        self.plan_from = self.plan_dest = _OFF_BOARD
        st = ctl.st
        entry = self.rs.entry[st.decision()]
        if entry != _ENTRY_SECRET:
            self.bid = False
        if not self.mask or st.is_terminal():
            return
        if entry == _ENTRY_SECRET:
            self._plan_secret(ctl)
            return
        p = st.current_player()
        if not self.is_bot(p) or self.rs.reads_card(st):
            return   # a person's, or the bot's printed card read out: the table enters it
        h = st.hash()
        if h != self._hash or self._a < 0:   # the same position: the same plan
            self._a = self.choose(st)
            self._hash = h
        a = self.plan = self._a
        g = ctl.gestures
        tr = ctl.questions.tracker if ctl.questions is not None else None
        if entry == _ENTRY_PIECE:
            t, d = self.rs.piece_move(st, a)
            self.plan_tag = t
            self.plan_from = g.expected_at[t]
            d = self.plan_dest = g.place_of(st, t, d)
            if d == self.plan_from or d == _OFF_BOARD:
                self.plan_dial = ctl.dial_of(p)    # it stays (or leaves the map): a press
            elif tr is not None and d < len(g.fix) and tr.occupied(d):
                self.plan_dial = ctl.dial_of(p)    # no readers, onto a piece: moved, then a press
            return
        if entry == _ENTRY_SPACE and a < g.n_spaces:
            self.plan_dest = a                     # the wand on that place, nothing else
            if tr is not None:
                self.plan_dial = ctl.dial_of(p)    # no readers, no wand: a press
            return
        self.plan_dial = ctl.dial_of(p)

    def _plan_secret(self, ctl):
        """A secret run: each bot seat's side locks at once with the bot's entries (never
        shown), chosen on a look-ahead that holds only placeholders of the other sides."""
        sec = ctl.secret
        locked = False
        for k in range(len(sec.sides)):
            if sec.locked[k] or sec.entries[k] or not self.is_bot(sec.sides[k]):
                continue
            sec.enter_for(ctl.st, k, self.choose)
            locked = self.bid = True
        if locked and sec.lock_done(ctl.st):
            ctl.reveal()

    def ready(self, ctl):
        """A board without readers, a bot seat's move onto an occupied place: the press counts
        once its piece is seen lifted; at once if it stood with others (no lift shows)."""
        tr = ctl.questions.tracker if ctl.questions is not None else None
        src = self.plan_from
        if tr is None or self.plan_tag < 0 or self.plan_dest in (src, _OFF_BOARD) or src >= len(ctl.light):
            return True
        return tr.count[src] >= 2 or ctl.gestures.lifted == self.plan_tag

    def check_move(self, ctl, moved):
        """A bot seat's piece decision, piece `moved` away from its place: only its piece (or
        its twin: a piece of the same seat that stands with it, as two Seekers at camp), only
        to its place. The option to commit, or -1 (then gestures.wrong says where it is wrong)."""
        g = ctl.gestures
        st = ctl.st
        where = g.sensed_at[moved]
        g.lifted = moved
        if g.expected_at[moved] != self.plan_from:
            g.wrong = g.expected_at[moved] if where == _OFF_BOARD else where
        elif where == self.plan_dest and self.plan_dial < 0:
            a = self.plan if moved == self.plan_tag else g.action(st, moved, where)
            if a >= 0:
                return a
            g.wrong = where
        elif where != _OFF_BOARD:
            g.wrong = where
        if g.wrong == _SEVERAL or g.wrong == _OFF_BOARD:
            g.wrong = -1
        return -1
