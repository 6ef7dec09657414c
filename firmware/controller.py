# The controller: turns sensed positions, dial turns and wand touches into engine decisions,
# and the engine's state into what each space shows. The engine is the authority: nothing
# here changes the game except through st.apply_checked().
#
# Gestures are recognised by matching whole positions (as picochess does), not by parsing
# event sequences: the sensed position is compared with the position the engine expects and
# with the positions after each legal move. Pieces are tags (the ruleset's piece registry);
# a space senses a set of tags. A piece missing from its space is "lifted"
# (its origin and every legal destination light); found on a lit space the move is
# committed; found on an unlit space that space blinks red and nothing changes; found back
# on its origin the lift is undone. A position that matches nothing is shown (the spaces
# that disagree blink) only after it has been stable for settle_ms. How each decision is
# entered (pieces, wand, dial, both dials in secret) is the ruleset's entry table.
#
# Places: the board's spaces 0..n-1, then the base camps it senses (place n + site): a piece
# the ruleset puts OFF_BOARD at its camp (Ruleset.home) is expected on its camp's place, so
# a Seeker lifted from its camp lights its moves as from a space.
#
# A board without readers (hardware/presence-only.md) gives the controller a tracker
# (firmware/presence.py) that makes the sensed position from presence alone; the
# controller then also asks: "which piece?" (the tracker's question: lights and dial 1), "onto
# which occupied space?" (a lifted piece: dial 1 through its legal destinations that already
# hold a piece) and, at power-up and after undo, "pieces in place?" (a push).
from firmware.hal import position
from firmware.rules.compat import const

# What a space shows (codes for render.py).
L_OFF = const(0)
L_ORIGIN = const(1)      # the lifted piece's space: white
L_DEST = const(2)        # a legal destination: green
L_WRONG = const(3)       # a piece put where it may not go: blinking red
L_FIX = const(4)         # the sensed position disagrees here: blinking amber
L_TARGET = const(5)      # a space to choose (wand or dial): blue
L_SELECTED = const(6)    # the option the dial points at: bright blue
L_WINNER = const(7)      # the pie-fight winner / the game's winner: their colour
L_BOT_LIFT = const(8)    # a bot seat's move: the piece to lift stands here: violet
L_BOT_DEST = const(9)    # a bot seat's move: put it here / touch the wand here: cyan
L_OWN_DEST = const(10)   # a legal space of a piece with its own colour (the airship): gold
L_TOKEN = const(11)      # a token the engine tracks stands here (a gadget): dim gold

_CHANCE = const(-1)
# Private copies of firmware/hal's tag codes and firmware/rules/ruleset.py's, inlined by
# MicroPython's compiler (an imported name is a dictionary lookup at each use; the lift's
# path reads them per place): tests/host/test_private_copies.py checks them.
_NO_TAG = const(0xFF)
_UNREADABLE = const(0xFE)
_WAND_TAG = const(0xFD)
_ASKING = const(0xFA)
_OFF_BOARD = const(255)
_ENTRY_PIECE = const(1)
_ENTRY_SPACE = const(2)
_ENTRY_SECRET = const(3)
_ENTRY_ROLL = const(5)
_SEVERAL = const(254)    # a tag sensed on more than one space at once
_DIFFERS = const(1)      # _survey_bits: the sensed position differs from the game's
_OTHERS_OK = const(2)    # _survey_bits: every piece but the movers is where the game says


class Controller:
    def __init__(self, st, rng, ruleset, settle_ms=600, table_dice=False, on_commit=None, bots=0, camps=0):
        self.st = st
        self.rs = ruleset
        self.n_spaces = st.board.n_spaces
        self.camps = camps              # base-camp sites sensed: places n_spaces .. n_spaces + camps - 1
        n = self.n_spaces + camps
        self.rng = rng
        self.settle_ms = settle_ms
        self.table_dice = table_dice
        self.on_commit = on_commit      # called with each committed decision (save, log, link)
        self.stack = ruleset.max_stack
        tags = ruleset.max_tags()
        self.expected_at = bytearray(tags)   # tag -> the space the game says, or OFF_BOARD
        self.sensed_at = bytearray(tags)     # tag -> where it is sensed: a space, OFF_BOARD, _SEVERAL
        self.fix = bytearray(n)              # 1 where the sensed position disagrees with the game
        # Copied over expected_at, sensed_at, fix and light at once (refresh, _survey, _lights), instead
        # of a Python loop per byte: every tag nowhere; every place zero (L_OFF, nothing to fix).
        self._nowhere = bytes((_OFF_BOARD,)) * tags
        self._zeros = bytes(n)
        self.sensed = position(n, self.stack)
        self.light = bytearray(n)
        self.winner_colour = bytearray(n)   # the player whose colour a L_WINNER space shows
        self.lights_set = 0   # counts each time light[] is set (firmware/render.py redraws then)
        self.lifted = -1                # the tag of the piece in the air (a piece decision)
        self.wrong = -1                 # a space where a piece was put wrongly
        self.mismatch_since = -1        # ms when the sensed position last stopped matching
        self.mismatch = False
        self.wand_armed = True
        self.wand_wrong = -1            # an unlit space the wand touched (until the next touch)
        self.sel = [0, 0]               # the option each dial points at
        self.last_pos = [0, 0]
        self.last_down = [False, False]
        self.bids = [[], []]            # secret entries per dial (active player 0, other 1)
        self.bid_locked = [False, False]
        self.message = ""
        self.commits = 0
        self._dirty = True
        self._survey_bits = _OTHERS_OK   # the last _survey(): _DIFFERS | _OTHERS_OK
        # After power-up or an undo, the pieces must first stand where the engine says
        # before any gesture counts (otherwise a piece left on its old destination would
        # replay the move just taken back).
        self.hold = True
        # A board without readers: its tracker (firmware/presence.py, set by the table),
        # and whether the setup waits for the players' push that confirms it.
        self.tracker = None
        self.confirm = False
        self._asked = -1                # the place of the question last put in words
        # Bot seats (bit p set: seat p is played by the board's bot, carried out by a person).
        self.bots = bots
        self.bot = None                 # made on the first bot decision (firmware/bots.py), its
                                        # rng reseeded for each decision (_bot_choose)
        self.plan = -1                  # the bot's choice for the pending decision, or -1
        self.plan_tag = -1              # a piece plan: the piece to lift,
        self.plan_from = _OFF_BOARD     # where it stands,
        self.plan_dest = _OFF_BOARD     # and where it goes (or the wand's space)
        self.plan_dial = -1             # the dial that commits the plan with a press, or -1
        self.plans = 0                  # bot choices computed (once per decision)
        self._bot_bid = False           # a bot seat's dial locked its bid in this fight
        self._plan_hash = -1            # the position the last plan was computed for
        self._plan_a = -1
        self._revealing = False
        # The pie-fight look-ahead's state bytes, made now (among the long-lived objects)
        # and reused by every look-ahead (_bid_state).
        self._ahead = bytearray(len(st.s))
        self.refresh()

    def _entry(self):
        return self.rs.entry[self.st.decision()]

    def use_tracker(self, tracker):
        """A board without readers: sense through `tracker` (firmware/presence.py)."""
        self.tracker = tracker

    def place_of(self, tag, space):
        """The place piece `tag` stands on when the ruleset says `space`: its camp's place
        for OFF_BOARD at a sensed camp, else `space` itself."""
        if space == _OFF_BOARD and self.camps:
            h = self.rs.home(self.st, tag)
            if 0 <= h < self.camps:
                return self.n_spaces + h
        return space

    def _action(self, tag, where):
        """The piece option that puts `tag` on place `where` (a camp only if it is its
        own: the ruleset's OFF_BOARD), or -1."""
        if where >= self.n_spaces:
            if where != self.place_of(tag, _OFF_BOARD):
                return -1
            where = _OFF_BOARD
        return self.rs.piece_action(self.st, tag, where)

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
        """The undo button: take back the last decision (the pieces are then shown where
        they must go back). Chance decisions rolled by the board are taken back with it."""
        st = self.st
        undone = 0
        try:
            st.undo()
            undone = 1
            while st.current_player() == _CHANCE and not (self.table_dice and self._entry() == _ENTRY_ROLL):
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
        self.hold = True
        self.refresh()
        return True

    def prompt(self):
        """Two short lines for a display: whose decision and what the dial points at."""
        from firmware.text import message, name

        st = self.st
        if st.is_terminal():
            w = st.winners()
            return (message("prompt.game_over"), message("prompt.winners", ",".join(str(p + 1) for p in w)))
        p = st.current_player()
        group = self.rs.option_names.get(st.decision())
        if self.plan >= 0:   # a bot seat's decision: what the person at the table does
            return (message("prompt.bot", p + 1, name("kind", st.decision())), self.bot_instruction())
        who = message("prompt.dice") if p < 0 else message("prompt.seat", p + 1)
        opts = self.options(0 if p < 0 or p == st.active_player() else 1)
        line2 = ""
        if opts:
            choice = opts[self.sel[0 if p < 0 or p == st.active_player() else 1] % len(opts)]
            line2 = "> %s" % choice
            if group is not None:
                line2 = "> " + name(group, choice)
        else:
            line2 = self.bot_instruction()
        return ("%s: %s" % (who, name("kind", st.decision())), line2 or self.message)

    def status(self):
        """What the table tracks off the map, in words (Ruleset.status): "" for none."""
        return self.rs.status(self.st)

    def bot_instruction(self):
        """What the person at the table does for a bot seat now, in words ("" when no bot
        seat decides): lift and place a piece, press a dial, touch a space with the wand; or
        that the bot locked its secret bid."""
        from firmware.text import message, name

        if self.plan < 0:
            return message("prompt.bot_bid") if self._bot_bid else ""
        if self.plan_tag >= 0 and self.plan_dial < 0:
            if self.plan_from >= self.n_spaces:   # from its camp (or from off the board)
                return message("prompt.bot_place", self.plan_dest)
            return message("prompt.bot_move", self.plan_from, self.plan_dest)
        if self.plan_tag >= 0 and self.plan_dest != self.plan_from and self.plan_dest != _OFF_BOARD:
            # (a board without readers: onto an occupied place, from a space or its camp)
            return message("prompt.bot_join", self._place_name(self.plan_from), self.plan_dest,
                           self.plan_dial + 1)
        group = self.rs.option_names.get(self.st.decision())
        if self.plan_tag >= 0 and group is None:   # (a named option: pressed by its name)
            return message("prompt.bot_stay", self.plan_dial + 1)
        if self.plan_dest != _OFF_BOARD and self.plan_dial < 0:
            return message("prompt.bot_wand", self.plan_dest)
        choice = str(self.plan) if group is None else name(group, self.plan)
        return message("prompt.bot_dial", self.plan_dial + 1, choice)

    def play_chance(self):
        """Roll the board's dice for every pending chance decision (unless the players roll
        those at the table and enter them on the dial)."""
        st = self.st
        while st.current_player() == _CHANCE and not (self.table_dice and self._entry() == _ENTRY_ROLL):
            a = self.rng.weighted(st.chance_outcomes())
            st.apply_checked(a)
            self.commits += 1
            if self.on_commit is not None:
                self.on_commit(a)

    # ---- bot seats -------------------------------------------------------------------
    def is_bot(self, player):
        return player >= 0 and (self.bots >> player) & 1 == 1

    def set_bots(self, bots):
        """Which seats the board's bot plays (bit p: seat p); ValueError for a mask that
        names a seat this game does not have (then nothing changes)."""
        n = self.st.n_players()
        if not isinstance(bots, int) or isinstance(bots, bool) or not 0 <= bots < (1 << n):
            raise ValueError("bot seats %r: a mask of seats 1..%d (0 to %d)" % (bots, n, (1 << n) - 1))
        self.bots = bots
        self.bids = [[], []]
        self.bid_locked = [False, False]
        self.refresh()

    def bot_choice(self):
        """The option the bot chose for the pending decision (the display shows it), or -1
        (a person decides, or a secret bid that is never shown)."""
        return self.plan

    def _bot_choose(self, st):
        """The bot's option in st. Its generator is seeded from the state, so a decision
        gets the same plan after an undo or a power cut (games replay)."""
        bot = self.bot
        if bot is None:
            from firmware.bot_kinds import make_bot
            from firmware.rng import Rng

            bot = self.bot = make_bot(self.rs, Rng(1), "strong")
        bot.rng.x = (st.hash() * 2654435761 + 1) & 0xFFFFFFFF or 1
        self.plans += 1
        return bot.choose(st)

    def _plan(self):
        """Once per decision: what a bot seat chooses, and how a person carries it out."""
        self.plan = self.plan_tag = self.plan_dial = -1
        self.plan_from = self.plan_dest = _OFF_BOARD
        st = self.st
        if self._entry() != _ENTRY_SECRET:
            self._bot_bid = False
        if not self.bots or st.is_terminal():
            return
        entry = self._entry()
        if entry == _ENTRY_SECRET:
            self._plan_bids()
            return
        p = st.current_player()
        if not self.is_bot(p):
            return
        h = st.hash()
        if h != self._plan_hash or self._plan_a < 0:   # the same position: the same plan
            self._plan_a = self._bot_choose(st)
            self._plan_hash = h
        a = self.plan = self._plan_a
        if entry == _ENTRY_PIECE:
            t, d = self.rs.piece_move(st, a)
            self.plan_tag = t
            self.plan_from = self.expected_at[t]
            d = self.plan_dest = self.place_of(t, d)
            if d == self.plan_from or d == _OFF_BOARD:
                self.plan_dial = self._dial_of(p)    # it stays (or leaves the map): a press
            elif self.tracker is not None and d < len(self.light) and self.tracker.occupied(d):
                self.plan_dial = self._dial_of(p)    # no readers, onto a piece: moved, then a press
            return
        if entry == _ENTRY_SPACE and a < self.n_spaces:
            self.plan_dest = a                       # the wand on that space, nothing else
            if self.tracker is not None:
                self.plan_dial = self._dial_of(p)    # no readers, no wand: a press
            return
        self.plan_dial = self._dial_of(p)

    def _plan_bids(self):
        """A pie fight: each bot seat's dial locks at once with the bot's bid (never shown).
        The defender's bid is planned first, without the attacker's (as a person's dial)."""
        locked = False
        for d in (1, 0):
            if self.bid_locked[d] or self.bids[d]:
                continue
            c, attacker = self._bid_state(d)
            if self.rs.entry[c.decision()] != _ENTRY_SECRET or (d == 0) != (c.current_player() == attacker):
                continue
            if not self.is_bot(c.current_player()):
                continue
            mine = d == 0
            while self.rs.entry[c.decision()] == _ENTRY_SECRET and mine == (c.current_player() == attacker):
                v = self._bot_choose(c)
                self.bids[d].append(v)
                c.apply(v)
            self.bid_locked[d] = True
            locked = self._bot_bid = True
        if not locked:
            return
        for d in (0, 1):
            if not self.bid_locked[d] and not self._bid_options(d):
                self.bid_locked[d] = True   # nothing to choose (a bid the engine forced)
        if self.bid_locked[0] and self.bid_locked[1]:
            self._reveal()

    def refresh(self):
        """Recompute the expected position and the lights after the game changed."""
        st = self.st
        at = self.expected_at
        at[:] = self._nowhere
        self.rs.expected(st, at)
        if self.camps:
            for t in range(len(at)):
                if at[t] == _OFF_BOARD:
                    at[t] = self.place_of(t, _OFF_BOARD)
        self.lifted = -1
        self.wrong = -1
        self.wand_wrong = -1
        self.sel[0] = self.sel[1] = 0
        if self._entry() != _ENTRY_SECRET:
            self.bids = [[], []]
            self.bid_locked = [False, False]
        if not self._revealing:
            self._plan()
        if self.tracker is not None:
            self.sensed[:] = self.tracker.infer()   # the same switches, read against the new game
        self.match()

    # ---- sensing ---------------------------------------------------------------------
    def on_position(self, sensed, now_ms):
        """A new stable sensed position: `stack` tag slots per space (firmware/hal)."""
        self.sensed[:] = sensed
        self.match(now_ms)

    def _where(self, tag):
        """The space where tag is sensed: -1 nowhere, -2 on several spaces."""
        found = -1
        w = self.stack
        sensed = self.sensed
        for i in range(len(self.light)):
            for j in range(i * w, i * w + w):
                t = sensed[j]
                if t == tag:
                    if found >= 0:
                        return -2
                    found = i
                if t == _NO_TAG:
                    break
        return found

    def match(self, now_ms=0):
        """Compare sensed and expected positions and act on what matches."""
        st = self.st
        self.wrong = -1
        if self.hold:
            if self._differs():
                if self.confirm:
                    self.confirm = False
                    self.message = ""
                self._show_mismatch(now_ms)
                return
            if self.tracker is not None:
                # Presence cannot tell which piece stands where: the players confirm (a push).
                if not self.confirm:
                    from firmware.text import message

                    self.confirm = True
                    self.message = message("screen.confirm")
                self._show_mismatch(now_ms, True)
                return
            self.hold = False
        if st.is_terminal():
            self._show_mismatch(now_ms)
            return
        if self.tracker is not None:
            a = self.asking()
            if a != self._asked:          # a question appears (in words) or is answered
                self._asked = a
                self.sel[0] = 0
                if a >= 0:
                    self._say_question()
                else:
                    self.message = ""
        entry = self._entry()
        if entry == _ENTRY_SPACE:
            self._wand(now_ms)
        if entry != _ENTRY_PIECE:
            self.lifted = -1
            self._show_mismatch(now_ms)
            return
        movers = self.rs.movers(st)
        self._survey(movers)
        moved = -1
        one = len(movers) > 1 and self.rs.as_one(st)
        sa = self.sensed_at
        for t in movers:
            if sa[t] == self.expected_at[t]:
                continue
            if moved == -1:
                moved = t
            elif moved >= 0 and one:   # movers that go together: a piece put down speaks for
                if sa[moved] == _OFF_BOARD:   # those still lifted; two places are no gesture
                    moved = t
                elif sa[t] != _OFF_BOARD and sa[t] != sa[moved]:
                    moved = -2
            else:
                moved = -2
        if moved >= 0 and self._survey_bits & _OTHERS_OK and self.plan_tag >= 0:
            # A bot seat's move: only its piece (or its twin: a piece of the same seat that
            # stands with it, as two Seekers at camp), only to its space.
            where = self.sensed_at[moved]
            self.lifted = moved
            if self.expected_at[moved] != self.plan_from:
                self.wrong = self.expected_at[moved] if where == _OFF_BOARD else where
            elif where == self.plan_dest and self.plan_dial < 0:
                a = self.plan if moved == self.plan_tag else self._action(moved, where)
                if a >= 0:
                    self.commit(a, st.current_player())
                    return
                self.wrong = where
            elif where != _OFF_BOARD:
                self.wrong = where
            if self.wrong == _SEVERAL or self.wrong == _OFF_BOARD:
                self.wrong = -1
        elif moved >= 0 and self._survey_bits & _OTHERS_OK:
            where = self.sensed_at[moved]
            if where == _OFF_BOARD:
                self.lifted = moved
            elif where != _SEVERAL:
                a = self._action(moved, where)
                if a >= 0:
                    self.commit(a, st.current_player())
                    return
                self.lifted = moved
                self.wrong = where
        elif moved == -1:
            self.lifted = -1
        self._show_mismatch(now_ms, True)

    def _survey(self, movers=()):
        """One pass over the sensed position: where every piece is (self.sensed_at), which
        spaces disagree with the game (self.fix), whether anything differs at all
        (bit _DIFFERS of self._survey_bits) and whether everything but the movers is in place
        (bit _OTHERS_OK)."""
        w = self.stack
        sensed = self.sensed
        sa = self.sensed_at
        at = self.expected_at
        fix = self.fix
        n_tags = self.rs.game_tags(self.st)
        sa[:] = self._nowhere
        fix[:] = self._zeros
        others_ok = True
        differs = False
        o = -w
        for i in range(len(fix)):
            o += w
            t = sensed[o]
            if t == _NO_TAG:
                continue   # an empty place (most of them): one read
            if t == _UNREADABLE:
                fix[i] = 1
                others_ok = False
                differs = True
                continue
            for j in range(o, o + w):
                t = sensed[j]
                if t == _NO_TAG:
                    break
                if t == _WAND_TAG or t == _ASKING:   # (ASKING: the players are asked which piece)
                    continue
                if t >= n_tags:        # a tag that is no piece of this game
                    fix[i] = 1
                    others_ok = False
                    differs = True
                    continue
                if sa[t] == _OFF_BOARD:
                    sa[t] = i
                else:
                    if sa[t] != _SEVERAL:
                        fix[sa[t]] = 1
                    fix[i] = 1
                    sa[t] = _SEVERAL
        n = len(fix)
        for t in range(n_tags):
            e = at[t]
            v = sa[t]
            if v != e:
                differs = True
                if e != _OFF_BOARD:
                    fix[e] = 1
                if v < n:
                    fix[v] = 1
                if t not in movers:
                    others_ok = False
        self._survey_bits = (_DIFFERS if differs else 0) | (_OTHERS_OK if others_ok else 0)

    def _wand(self, now_ms):
        """A wand touch on a space answers a 'which space?' decision."""
        where = self._where(_WAND_TAG)
        if where < 0:
            self.wand_armed = True
            return
        if not self.wand_armed:
            return
        self.wand_armed = False   # one touch, one answer: lift the wand before the next
        self.wand_wrong = -1
        st = self.st
        if where >= self.n_spaces:
            self.wand_wrong = where       # a camp is no answer to "which space?"
        elif self.plan >= 0:
            if where == self.plan:
                self.commit(where, st.current_player())
            else:
                self.wand_wrong = where   # a bot seat's decision: only its space
        elif where in st.legal_actions():
            self.commit(where, st.current_player())
        else:
            self.wand_wrong = where

    def _differs(self):
        self._survey()
        return self._survey_bits & _DIFFERS

    def _show_mismatch(self, now_ms, surveyed=False):
        """Start (or stop) the settle clock of a sensed position that disagrees with the
        game; a lifted Seeker of the player moving is not a disagreement."""
        if not surveyed:
            self._differs()
        differs = self._survey_bits & _DIFFERS
        if self.lifted >= 0 and self._survey_bits & _OTHERS_OK:
            differs = False
        if not differs:
            self.mismatch_since = -1
            self.mismatch = False
        elif self.mismatch_since < 0:
            self.mismatch_since = now_ms
        self._dirty = True
        self.tick(now_ms)

    def tick(self, now_ms):
        """Time passes: a mismatch shows once it has been stable for settle_ms.
        Allocation-free when nothing changes (it runs on every scan)."""
        m = self.mismatch_since >= 0 and now_ms - self.mismatch_since >= self.settle_ms
        if m != self.mismatch or self._dirty:
            self.mismatch = m
            self._dirty = False
            self._lights()

    # ---- dials -----------------------------------------------------------------------
    def options(self, dial=0):
        """The options the dial offers now (for the host and display)."""
        st = self.st
        entry = self._entry()
        if entry == _ENTRY_SECRET:
            return self._bid_options(dial)
        if st.current_player() == _CHANCE:
            return st.legal_actions() if self.table_dice else []
        if dial != self._dial_of(st.current_player()):
            return []
        if self.plan >= 0:   # a bot seat: its choice only
            return [self.plan] if dial == self.plan_dial and self._plan_ready() else []
        if entry == _ENTRY_PIECE:
            if self.tracker is not None and self.lifted >= 0:
                return self._joins() + self._picks()   # no readers: onto which occupied space it went
            if self.tracker is not None:
                return self._stays() + self._joins()   # and a piece of a stack onto a piece
            return self._stays()   # moves are made with the pieces; the dial keeps one in place
        return st.legal_actions()

    def _plan_ready(self):
        """A board without readers, a bot seat's move onto an occupied place: the press
        counts once its piece is seen lifted; at once if it stood with others (no lift shows)."""
        tr = self.tracker
        src = self.plan_from
        if tr is None or self.plan_tag < 0 or self.plan_dest in (src, _OFF_BOARD) or src >= len(self.light):
            return True
        return tr.count[src] >= 2 or self.lifted == self.plan_tag

    def _stays(self):
        """The options of a piece decision that leave a piece where it stands."""
        st = self.st
        rs = self.rs
        out = []
        for a in st.legal_actions():
            t, d = rs.piece_move(st, a)
            if self.place_of(t, d) == self.expected_at[t]:
                out.append(a)
        return out

    def _picks(self):
        """A board without readers: the lifted piece's option of a decision whose options name
        pieces (Ruleset.option_names: Scythe's unit, its destination asked next). Pushed,
        the piece is chosen and the next decision offers its moves onto occupied places,
        which the piece put there could not make."""
        st = self.st
        if self.lifted < 0 or st.decision() not in self.rs.option_names:
            return []
        rs = self.rs
        out = []
        for a in self._stays():
            if rs.piece_move(st, a)[0] == self.lifted:
                out.append(a)
        return out

    def _joins(self):
        """A board without readers: the moves presence cannot see, onto places that already
        hold a piece: the lifted piece's; with none lifted, those of the movers standing on
        places with several pieces (of pieces alike standing together, one move to each
        place: the first such option's, the lowest tag's when both may go there; a twin
        that may not move, a Seeker moved already, stands for nothing)."""
        st = self.st
        rs = self.rs
        tr = self.tracker
        at = self.expected_at
        out = []
        if tr is None:
            return out
        if self.lifted >= 0:
            movers = (self.lifted,)
        else:
            movers = []
            for t in rs.movers(st):
                q = at[t]
                if q < len(self.light) and tr.count[q] >= 2 and tr.occupied(q):
                    movers.append(t)
        for a in st.legal_actions():
            t, d = rs.piece_move(st, a)
            d = self.place_of(t, d)
            if t in movers and d != at[t] and d < len(self.light) and tr.occupied(d):
                twin = False
                if self.lifted < 0:
                    for o in out:
                        u, e = rs.piece_move(st, o)
                        if at[u] == at[t] and tr.kind[u] == tr.kind[t] and self.place_of(u, e) == d:
                            twin = True
                if not twin:
                    out.append(a)
        return out

    def asking(self):
        """The place of a board without readers' "which piece?" question, or -1."""
        tr = self.tracker
        return tr.ask_at if tr is not None and tr.n_cands else -1

    def _say_question(self):
        from firmware.text import message

        tr = self.tracker
        if tr is None or not tr.n_cands:
            return
        t = tr.cands[self.sel[0] % tr.n_cands]
        self.message = message("screen.which_piece", self._place_name(tr.ask_at),
                               self._place_name(self.expected_at[t]))

    def _place_name(self, place):
        from firmware.text import message

        if place >= self.n_spaces:
            return message("screen.camp", place - self.n_spaces + 1)
        return message("screen.space", place)

    def _dial_of(self, player):
        return 0 if player == self.st.active_player() else 1

    def on_dial(self, dial, position, pressed, now_ms=0):
        """A dial reading: turning moves its selection through the options (any number of
        them, 8 positions per turn); a push locks the selected option."""
        delta = (position - self.last_pos[dial]) % 8
        if delta > 4:
            delta -= 8
        self.last_pos[dial] = position
        click = pressed and not self.last_down[dial]
        self.last_down[dial] = pressed
        if self.tracker is not None and self._presence_dial(dial, delta, click, now_ms):
            return
        opts = self.options(dial)
        st = self.st
        if not opts:
            return
        if delta:
            self.sel[dial] = (self.sel[dial] + delta) % len(opts)
            self._dirty = True
            self._lights()
        if not click:
            return
        choice = opts[self.sel[dial] % len(opts)]
        self.sel[dial] = 0
        if self._entry() == _ENTRY_SECRET:
            self._bid_step(dial, choice)
        else:
            self.commit(choice, None if st.current_player() == _CHANCE else st.current_player())

    def _presence_dial(self, dial, delta, click, now_ms):
        """A board without readers: the dial answers its questions first. True if it did."""
        if self.hold and self.confirm:
            if click:                     # "pieces in place?": yes
                self.confirm = False
                self.hold = False
                self.message = ""
                self.match(now_ms)
            return True
        at = self.asking()
        tr = self.tracker
        if at < 0 or dial != 0 or tr is None:
            return at >= 0
        if delta:
            self.sel[0] = (self.sel[0] + delta) % tr.n_cands
            self._say_question()
            self._dirty = True
            self._lights()
        if click:
            tr.name(at, tr.cands[self.sel[0] % tr.n_cands])
            self.sel[0] = 0
            self.message = ""
            self.on_position(tr.infer(), now_ms)
        return True

    # ---- pie fights: both dials, secret until both are locked --------------------------
    def _bid_state(self, dial):
        """A clone of the game advanced through the attacker's (and for dial 1 the
        defender's) entries so far: its pending decision is this dial's next step."""
        st = self.st
        # The bytes of the previous look-ahead are reused: a 400-byte copy per dial turn
        # would need a free block that large in a fragmented heap (docs/performance.md).
        c = st.clone(False, self._ahead)
        self._ahead = c.s
        attacker = st.active_player()
        for v in self.bids[0]:
            c.apply(v)
        if dial == 1:
            # The defender's options do not depend on the attacker's bid: without it yet,
            # step the clone past the attacker with the smallest bid.
            while self.rs.entry[c.decision()] == _ENTRY_SECRET and c.current_player() == attacker:
                c.apply(c.legal_actions()[0])
            for v in self.bids[1]:
                c.apply(v)
        return c, attacker

    def _bid_options(self, dial):
        if self.bid_locked[dial]:
            return []
        c, attacker = self._bid_state(dial)
        if self.rs.entry[c.decision()] != _ENTRY_SECRET:
            return []
        if (dial == 0) != (c.current_player() == attacker):
            return []
        return c.legal_actions()

    def _bid_step(self, dial, value):
        self.bids[dial].append(value)
        if not self._bid_options(dial):
            self.bid_locked[dial] = True
        for d in (0, 1):
            if not self.bid_locked[d] and not self._bid_options(d):
                self.bid_locked[d] = True   # nothing to choose (a bid the engine forced)
        if self.bid_locked[0] and self.bid_locked[1]:
            self._reveal()
        else:
            self._lights()

    def _reveal(self):
        """Both locked: apply the attacker's then the defender's entries; the engine reveals."""
        st = self.st
        entries = self.bids[0] + self.bids[1]
        self.bids = [[], []]
        self.bid_locked = [False, False]
        self._revealing = True
        try:
            for v in entries:
                if self._entry() != _ENTRY_SECRET:
                    break
                self.commit(v, st.current_player())
        finally:
            self._revealing = False
        self.message = self.rs.revealed(st) or self.message
        if self.bots:
            self.refresh()   # the decision after the fight may be a bot's

    def turn_colour(self):
        """The seat whose colour the turn LED shows (asking which piece: the owner of the
        one the dial points at)."""
        tr = self.tracker
        if tr is not None and self.asking() >= 0:
            return tr.kind[tr.cands[self.sel[0] % tr.n_cands]] >> 4
        p = self.st.active_player()
        return p if p < self.rs.players[1] else 0

    def bid_locks(self):
        """What the table may see of a bid in progress: which dials are locked (never values)."""
        return self.bid_locked[0], self.bid_locked[1]

    # ---- lights ----------------------------------------------------------------------
    def _lights(self):
        self.lights_set += 1
        st = self.st
        light = self.light
        tr = self.tracker   # a board without readers: "which piece?" their places blue, the dial's brighter
        light[:] = self._zeros   # every place L_OFF
        entry = self._entry()
        if st.is_terminal():
            w = st.winners()
            for i in range(len(light)):
                light[i] = L_WINNER
                self.winner_colour[i] = w[0] if w else 0
        elif self.plan >= 0:
            if self.plan_tag >= 0 and self.plan_dial < 0 and self.plan_from != _OFF_BOARD:
                light[self.plan_from] = L_BOT_LIFT
            if self.plan_dest != _OFF_BOARD:
                light[self.plan_dest] = L_BOT_DEST
        elif entry == _ENTRY_PIECE and tr is not None and self.asking() >= 0:
            for j in range(tr.n_cands):
                light[self.expected_at[tr.cands[j]]] = L_TARGET
            light[self.expected_at[tr.cands[self.sel[0] % tr.n_cands]]] = L_SELECTED
            light[tr.ask_at] = L_DEST
        elif entry == _ENTRY_PIECE and self.lifted >= 0:
            origin = self.expected_at[self.lifted]
            if origin != _OFF_BOARD:
                light[origin] = L_ORIGIN
            own = self.rs.own_colour(self.lifted)
            self.rs.light_destinations(st, self.lifted, origin, light, L_OWN_DEST if own else L_DEST)
            if self.tracker is not None:     # occupied destinations: blue, the dial's brighter
                joins = self._joins()
                for j in range(len(joins)):
                    d = self.place_of(self.lifted, self.rs.piece_move(st, joins[j])[1])
                    light[d] = L_SELECTED if j == self.sel[0] % len(joins) else L_TARGET
        elif entry == _ENTRY_PIECE:
            movers = self.rs.movers(st)     # a piece with its own colour alone to move (the
            if len(movers) == 1 and self.rs.own_colour(movers[0]):   # airship): its spaces at once
                t = movers[0]
                self.rs.light_destinations(st, t, self.expected_at[t], light, L_OWN_DEST)
        elif entry == _ENTRY_SPACE:
            opts = st.legal_actions()
            for d in opts:
                if d < self.n_spaces:
                    light[d] = L_TARGET
            s = self.sel[self._dial_of(st.current_player())] % len(opts)
            if opts[s] < self.n_spaces:
                light[opts[s]] = L_SELECTED
        elif entry == _ENTRY_SECRET:
            space = self.rs.focus(st)
            if space != _OFF_BOARD:
                light[space] = L_TARGET
        if not st.is_terminal():
            self.rs.tokens(st, light, L_TOKEN)   # on spaces nothing else lights
        if self.mismatch:
            fix = self.fix
            for i in range(len(light)):
                shown = light[i] in (L_ORIGIN, L_DEST, L_BOT_LIFT, L_BOT_DEST, L_OWN_DEST)
                if fix[i] and not (self.lifted >= 0 and shown):
                    light[i] = L_FIX
        if self.wrong >= 0:
            light[self.wrong] = L_WRONG
        if self.wand_wrong >= 0:
            light[self.wand_wrong] = L_WRONG
