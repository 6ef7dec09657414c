# The controller: turns sensed positions, dial turns and wand touches into engine decisions,
# and the engine's state into what each place shows. The engine is the authority: nothing
# here changes the game except through st.apply_checked(). How each decision is entered
# (pieces, wand, dial, several dials in secret, the table's dice) is the ruleset's entry table.
#
# It coordinates parts with narrow interfaces, each in its own module:
#   gestures.py        what moved and where it may go (whole positions matched, as picochess)
#   secrets.py         secret entries: any number of sides on the dials, revealed together
#   bot_seats.py       seats the board's bot plays and how a person carries out its plan
#                      (loaded once a seat is the bot's; NoSeats below until then)
#   piece_questions.py a board without readers: "which piece?", "onto which place?", "in place?"
#   lights.py          what each place shows
# and the words the display shows of all this are firmware/board/screens.py's.
from firmware.board.gestures import MOVED_NONE, Gestures
from firmware.board import lights
from firmware.board.secrets import SecretEntry
from firmware.rules.compat import const
from firmware.rng import Rng

_CHANCE = const(-1)
# Private copies of firmware/rules/ruleset.py's numbers (tests/host/test_private_copies.py).
_OFF_BOARD = const(255)
_ENTRY_PIECE = const(1)
_ENTRY_SPACE = const(2)
_ENTRY_SECRET = const(3)
_ENTRY_ROLL = const(5)
_SEVERAL = const(254)    # a tag sensed on more than one place at once (gestures.py)


class NoSeats:
    """The bot seats of a game without any (every seat a person's): no plan, nothing to do.
    A board where no seat is the bot's does not load bot_seats.py (its module and its state)."""

    mask = 0
    plan = plan_tag = plan_dial = -1
    plan_from = plan_dest = _OFF_BOARD
    plans = 0
    bid = False

    def is_bot(self, player):
        return False

    def make_plan(self, ctl):
        pass

    def check_move(self, ctl, moved):   # (never asked: no plan)
        return -1


def _seats(rs, mask):
    """The bot seats part for `mask` (bot_seats.py only when a seat is the bot's)."""
    if not mask:
        return NoSeats()
    from firmware.board.bot_seats import BotSeats

    return BotSeats(rs, mask)



def _roll_seed(seed, st):
    # A board roll's generator state: the game's seed (never advanced), the position as the table
    # sees it (public_hash: a card in a hand must not change the dice after it, which the link
    # shows) and the decisions taken (a position met again later rolls anew).
    return ((seed ^ st.public_hash() ^ len(st.history) * 0x9E3779B1) * 2654435761 + 1) & 0xFFFFFFFF or 1


def _chance(ctl, st):
    """The outcome of st's pending chance decision: the one ctl.deal fixes (a campaign episode's
    faction or home base), else (none, or one no longer legal) the board's dice."""
    a = ctl.deal(st) if ctl.deal is not None else None
    if a is None or a not in st.legal_actions():
        ctl._dice.x = _roll_seed(ctl.rng.x, st)
        a = ctl._dice.weighted(st.chance_outcomes())
    # Whether it deals a card face down, for on_commit (Table._committed takes it back to False).
    ctl.face_down = ctl.rs.face_down(st)
    return a


class Controller:
    def __init__(self, st, rng, ruleset, settle_ms=600, table_dice=False, on_commit=None, bots=0, camps=0):
        self.st = st
        self.rs = ruleset
        self.n_spaces = st.board.n_spaces
        self.rng = rng
        self._dice = Rng(1)   # the board's rolls: play_chance seeds it per position
        self.settle_ms, self.table_dice = settle_ms, table_dice
        self.on_commit = on_commit      # called with each committed decision (save, log, link)
        self.face_down = False          # the board's dice dealt a card face down (_chance; Table)
        self.deal = None   # deal(st): a chance outcome fixed (an episode's factions: campaign_keeper.py)
        self.gestures = g = Gestures(ruleset, self.n_spaces, camps)
        n = self.n_spaces + camps
        self.light = bytearray(n)           # the light code of each place (lights.py)
        self.winner_colour = bytearray(n)   # the seat whose colour a winner's place shows
        self.lights_drawn = 0               # lights.draw() calls (render.py redraws the places then)
        self.seats = _seats(ruleset, bots)
        self.secret = SecretEntry(ruleset, len(st.s))
        self.questions = None           # a board without readers: PieceQuestions (use_tracker)
        # The parts' buffers that the table, the renderer and the hosts read (the same objects).
        self.stack = ruleset.max_stack
        self.expected_at = g.expected_at
        self.sensed = g.sensed
        self.fix = g.fix
        self.sel = [0, 0]               # the option each dial points at
        self.last_pos = [0, 0]
        self.last_down = [False, False]
        self.message, self.commits, self._revealing = "", 0, False
        self.between = None   # the dials between games: the campaign keeper (asks, options, take)
        self.refresh()

    def entry_kind(self):
        """The entry kind of the pending decision (the ruleset's entry table)."""
        return self.rs.entry[self.st.decision()]

    def _board_rolls(self):
        """A chance decision is pending that the board rolls (not the players at the table)."""
        if self.st.current_player() != _CHANCE:
            return False
        return not (self.table_dice and self.entry_kind() == _ENTRY_ROLL)

    def use_tracker(self, tracker):
        """A board without readers: sense through `tracker` (firmware/board/presence.py)."""
        from firmware.board.piece_questions import PieceQuestions

        self.questions = PieceQuestions(tracker)

    def place_of(self, tag, space):
        """The place piece `tag` stands on when the ruleset says `space` (gestures.py)."""
        return self.gestures.place_of(self.st, tag, space)

    def action(self, tag, where):
        """The piece option that puts `tag` on place `where`, or -1 (gestures.py)."""
        return self.gestures.action(self.st, tag, where)

    def dial_of(self, player):
        return 0 if player == self.st.active_player() else 1

    # ---- the engine ------------------------------------------------------------------
    def commit(self, action, player=None):
        """Apply a decision through the engine's checked path; then save and refresh."""
        self.st.apply_checked(action, player)
        self.commits += 1
        if self.on_commit is not None:
            self.on_commit(action)
        self.play_chance()
        self.refresh()

    def undo(self):
        """The undo button: take back the last decision and the board's rolls after it."""
        st = self.st
        undone = 0
        try:
            st.undo()
            undone = 1
            while self._board_rolls():
                st.undo()
                undone += 1
        except ValueError:
            if not undone:
                from firmware.text import message

                self.message = message("nothing_to_undo")
                return False
        self.commits += 1
        if self.on_commit is not None:
            for _ in range(undone):
                self.on_commit(-1)   # one per decision taken back (the host's log follows)
        self.gestures.hold = True
        self.refresh()
        return True

    def play_chance(self):
        """The board's dice for the pending chance decisions (_roll_seed: no re-roll)."""
        st = self.st
        while self._board_rolls():
            a = _chance(self, st)
            st.apply_checked(a)
            self.commits += 1
            if self.on_commit is not None:
                self.on_commit(a)

    def status(self):   # what the table tracks off the map, in words (Ruleset.status)
        return self.rs.status(self.st)

    # ---- bot seats (bot_seats.py) -----------------------------------------------------
    def is_bot(self, player):
        return self.seats.is_bot(player)

    def set_bots(self, bots):
        """Which seats the board's bot plays (bit p: seat p); ValueError for a mask that
        names a seat this game does not have (then nothing changes)."""
        n = self.st.n_players()
        if not isinstance(bots, int) or isinstance(bots, bool) or not 0 <= bots < (1 << n):
            raise ValueError("bot seats %r: a mask of seats 1..%d (0 to %d)" % (bots, n, (1 << n) - 1))
        self.use_bots(bots)
        self.secret.clear()
        self.refresh()

    def use_bots(self, mask):   # (unchecked: set_bots checks)
        if mask != self.seats.mask:
            self.seats = _seats(self.rs, mask)

    def bot_choice(self):
        """The bot's option for the pending decision (shown), else -1 (a person's, a secret)."""
        return self.seats.plan

    def refresh(self):
        """Recompute the expected position and the lights after the game changed."""
        st = self.st
        self.gestures.expect(st)
        self.sel[0] = self.sel[1] = 0
        if not self._revealing:
            if self.entry_kind() == _ENTRY_SECRET and not st.is_terminal():
                self.secret.start(st, self.commits)
            elif self.secret.sides:
                self.secret.clear()
            self.seats.make_plan(self)
        q = self.questions
        if q is not None:
            self.sensed[:] = q.tracker.infer()   # the same switches, read against the new game
        self.match()

    # ---- sensing (gestures.py) --------------------------------------------------------
    def on_position(self, sensed, now_ms):
        """A new stable sensed position: `stack` tag slots per place (firmware/hal)."""
        self.sensed[:] = sensed
        self.match(now_ms)

    def match(self, now_ms=0):
        """Compare sensed and expected positions and act on what matches."""
        st = self.st
        g = self.gestures
        q = self.questions
        g.wrong = -1
        if g.hold:
            if g.differs(st):
                if q is not None and q.confirm:
                    q.confirm = False
                    self.message = ""
                self._settle(now_ms)
                return
            if q is not None:
                # Presence cannot tell which piece stands where: the players confirm (a push).
                if not q.confirm:
                    from firmware.text import message

                    q.confirm = True
                    self.message = message("screen.confirm")
                self._settle(now_ms, True)
                return
            g.hold = False
        if st.is_terminal():
            self._settle(now_ms)
            return
        if q is not None:
            a = q.asking()
            if a != q.asked:          # a question appears (in words) or is answered
                q.asked = a
                self.sel[0] = 0
                if a >= 0:
                    self.say_question()
                else:
                    self.message = ""
        entry = self.entry_kind()
        if entry == _ENTRY_SPACE:
            self._wand()
        if entry != _ENTRY_PIECE:
            g.lifted = -1
            self._settle(now_ms)
            return
        moved = g.moved(st, self.rs.movers(st))
        if moved >= 0 and g.others_ok() and self.seats.plan_tag >= 0:
            a = self.seats.check_move(self, moved)
            if a >= 0:
                self.commit(a, st.current_player())
                return
        elif moved >= 0 and g.others_ok():
            where = g.sensed_at[moved]
            if where == _OFF_BOARD:
                g.lifted = moved
            elif where != _SEVERAL:
                a = g.action(st, moved, where)
                if a >= 0:
                    self.commit(a, st.current_player())
                    return
                g.lifted = moved
                g.wrong = where
        elif moved == MOVED_NONE:
            g.lifted = -1
        self._settle(now_ms, True)

    def _wand(self):
        """A wand touch on a space answers a 'which space?' decision."""
        g = self.gestures
        where = g.wand()
        if where < 0:
            return
        st = self.st
        plan = self.seats.plan
        if where >= self.n_spaces:
            g.wand_wrong = where       # a camp is no answer to "which space?"
        elif plan >= 0:
            if where == plan:
                self.commit(where, st.current_player())
            else:
                g.wand_wrong = where   # a bot seat's decision: only its space
        elif where in st.legal_actions():
            self.commit(where, st.current_player())
        else:
            g.wand_wrong = where

    def _settle(self, now_ms, surveyed=False):
        self.gestures.settle(self.st, now_ms, surveyed)
        self.tick(now_ms)

    def tick(self, now_ms):
        """Time passes: a mismatch shows once it has been stable for settle_ms.
        Allocation-free when nothing changes (it runs on every scan)."""
        if self.gestures.tick(now_ms, self.settle_ms):
            self.draw()

    def draw(self):
        """Set the lights from the game and the parts now (lights.py)."""
        lights.draw(self)

    # ---- dials (the functions below the class) ---------------------------------------
    def options(self, dial=0):
        """The options the dial offers now (for the host and display)."""
        return dial_options(self, dial)

    def on_dial(self, dial, position, pressed, now_ms=0):
        """A dial reading (dial_reading below)."""
        dial_reading(self, dial, position, pressed, now_ms)

    def asking(self):
        """The place of a board without readers' "which piece?" question, or -1."""
        return self.questions.asking() if self.questions is not None else -1

    def say_question(self):
        """The "which piece?" question in words, as the message (screens.py)."""
        if self.asking() < 0:
            return
        from firmware.board.screens import which_piece

        self.message = which_piece(self)

    # ---- secret entries (secrets.py) ---------------------------------------------------
    def enter_secret(self, dial, value):
        """`dial` pushed on `value` in a secret run: its side's entry; the reveal once every
        side is locked."""
        if self.secret.enter(self.st, dial, value):
            self.reveal()
        else:
            self.draw()

    def reveal(self):
        """Every side locked: apply the entries in the engine's order; the engine reveals."""
        st = self.st
        sec = self.secret
        self._revealing = True
        try:
            while self.entry_kind() == _ENTRY_SECRET and not st.is_terminal():
                p = st.current_player()
                v = sec.next_entry(p)
                if v < 0:
                    break
                self.commit(v, p)
        finally:
            self._revealing = False
            sec.clear()
        self.message = self.rs.revealed(st) or self.message
        if self.seats.mask:
            self.refresh()   # the decision after the fight may be a bot's

    def bid_locks(self):
        """What the table may see of a secret run: which dials are locked (never values)."""
        locks = self.secret.locks
        return locks[0], locks[1]


# ---- the dials: what each offers for the pending decision (the active player's decisions on
# dial 1, another player's on dial 2; a secret run's sides, secrets.py; a bot seat's plan only;
# the table's dice when the players roll them), and their readings: turning moves a dial's
# selection through the options (any number of them, 8 positions per turn), a push enters the
# selected option. Functions beside the class, the state (sel, last_pos, last_down) its own.
def dial_options(ctl, dial=0):
    """The options the dial offers now (for the host and display)."""
    b = ctl.between
    if b is not None and b.asks():   # between games: the campaign's options (campaign_keeper.py)
        return b.options(dial)
    st = ctl.st
    entry = ctl.entry_kind()
    if entry == _ENTRY_SECRET:
        sec = ctl.secret
        if not sec.sides:
            sec.start(st, ctl.commits)
        return sec.options(st, dial)
    if st.current_player() == _CHANCE:
        return st.legal_actions() if ctl.table_dice else []
    if dial != ctl.dial_of(st.current_player()):
        return []
    seats = ctl.seats
    if seats.plan >= 0:   # a bot seat: its choice only
        return [seats.plan] if dial == seats.plan_dial and seats.ready(ctl) else []
    if entry == _ENTRY_PIECE:
        q = ctl.questions
        if q is not None and ctl.gestures.lifted >= 0:
            return q.joins(ctl) + q.picks(ctl)   # no readers: onto which occupied place it went
        if q is not None:
            return ctl.gestures.stays(ctl.st) + q.joins(ctl)    # and a piece of a stack onto a piece
        return ctl.gestures.stays(ctl.st)   # moves are made with the pieces; the dial keeps one in place
    return st.legal_actions()


def dial_reading(ctl, dial, position, pressed, now_ms=0):
    """A dial reading: turning moves its selection through the options (any number of
    them, 8 positions per turn); a push locks the selected option."""
    delta = (position - ctl.last_pos[dial]) % 8
    if delta > 4:
        delta -= 8
    ctl.last_pos[dial] = position
    click = pressed and not ctl.last_down[dial]
    ctl.last_down[dial] = pressed
    b = ctl.between
    if b is not None and not b.asks():
        b = None
    q = ctl.questions
    if b is None and q is not None and q.on_dial(ctl, dial, delta, click, now_ms):
        return
    opts = dial_options(ctl, dial)
    st = ctl.st
    if not opts:
        return
    if delta:
        ctl.sel[dial] = (ctl.sel[dial] + delta) % len(opts)
        ctl.gestures.dirty = True
        ctl.draw()
    if not click:
        return
    choice = opts[ctl.sel[dial] % len(opts)]
    ctl.sel[dial] = 0
    if b is not None:   # the campaign's decision between games
        b.take(choice)
    elif ctl.entry_kind() == _ENTRY_SECRET:
        ctl.enter_secret(dial, choice)
    else:
        ctl.commit(choice, None if st.current_player() == _CHANCE else st.current_player())
