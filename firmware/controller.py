# The controller: turns sensed positions, dial turns and wand touches into engine decisions,
# and the engine's state into what each space shows. The engine is the authority: nothing
# here changes the game except through st.apply_checked().
#
# Gestures are recognised by matching whole positions (as picochess does), not by parsing
# event sequences: the sensed position is compared with the position the engine expects and
# with the positions after each legal move. A Seeker missing from its space is "lifted"
# (its origin and every legal destination light); found on a lit space the move is
# committed; found on an unlit space that space blinks red and nothing changes; found back
# on its origin the lift is undone. A position that matches nothing is shown (the spaces
# that disagree blink) only after it has been stable for settle_ms.
from firmware.hal import UNREADABLE, WAND_TAG
from firmware.rules.compat import const

# What a space shows (codes for render.py).
L_OFF = const(0)
L_ORIGIN = const(1)      # the lifted Seeker's space: white
L_DEST = const(2)        # a legal destination: green
L_WRONG = const(3)       # a Seeker put where it may not go: blinking red
L_FIX = const(4)         # the sensed position disagrees here: blinking amber
L_TARGET = const(5)      # a space to choose (wand or dial): blue
L_SELECTED = const(6)    # the option the dial points at: bright blue
L_WINNER = const(7)      # the pie-fight winner / the game's winner: their colour

_CHANCE = const(-1)
_K_MOVE = const(8)
_K_FIGHT_BID = const(10)
_K_BID_SPELL = const(27)
_K_SEEK_ROLL = const(19)
_K_SEEK_PLACE = const(20)
_K_QUEST_PICK = const(13)
_K_PAY_FROM = const(17)
_K_PLACE_ON = const(18)
_K_FIRST_PLAYER = const(5)
_AT_CAMP = const(63)
_NONE = const(255)

# Decisions whose options are spaces: the wand (or the dial) picks one; they light up.
_SPACE_KINDS = (_K_SEEK_PLACE, _K_QUEST_PICK, _K_PAY_FROM, _K_PLACE_ON)
# Chance decisions the players may roll at the table (entered on the dial) instead of the
# board's own dice.
_TABLE_CHANCE = (_K_SEEK_ROLL, _K_FIRST_PLAYER)


class Controller:
    def __init__(self, st, rng, settle_ms=600, table_dice=False, on_commit=None):
        self.st = st
        self.board = st.board
        n = st.board.n_spaces
        self.rng = rng
        self.settle_ms = settle_ms
        self.table_dice = table_dice
        self.on_commit = on_commit      # called with each committed decision (save, log, link)
        self.expected = [0] * n
        self.sensed = [0] * n
        self.light = bytearray(n)
        self.winner_colour = bytearray(n)   # the player whose colour a L_WINNER space shows
        self.lifted = -1                # the Seeker (0/1) of the active player in the air
        self.wrong = -1                 # a space where a Seeker was put wrongly
        self.mismatch_since = -1        # ms when the sensed position last stopped matching
        self.mismatch = False
        self.wand_armed = True
        self.wand_wrong = -1            # an unlit space the wand touched (until the next touch)
        self.sel = [0, 0]               # the option each dial points at
        self.last_pos = [0, 0]
        self.last_down = [False, False]
        self.bids = [[], []]            # secret bid entries per dial (attacker 0, defender 1)
        self.bid_locked = [False, False]
        self.message = ""
        self.commits = 0
        self._dirty = True
        self._found = [-1, -1]          # _survey(): where the mover's Seekers are sensed
        self._others_ok = True
        self._differs_now = False
        # After power-up or an undo, the pieces must first stand where the engine says
        # before any gesture counts (otherwise a piece left on its old destination would
        # replay the move just taken back).
        self.hold = True
        self.refresh()

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
            while st.current_player() == _CHANCE and not (self.table_dice and st.decision() in _TABLE_CHANCE):
                st.undo()
                undone += 1
        except ValueError:
            if not undone:
                self.message = "nothing to undo"
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
        from firmware.text import name

        st = self.st
        if st.is_terminal():
            w = st.winners()
            return ("Game over", "winner: seat %s" % ",".join(str(p + 1) for p in w))
        p = st.current_player()
        who = "dice" if p < 0 else "seat %d" % (p + 1)
        opts = self.options(0 if p < 0 or p == st.active_player() else 1)
        line2 = ""
        if opts:
            choice = opts[self.sel[0 if p < 0 or p == st.active_player() else 1] % len(opts)]
            line2 = "> %s" % choice
            if st.decision() == 6:
                line2 = "> " + name("action", choice)
        return ("%s: %s" % (who, name("kind", st.decision())), line2 or self.message)

    def play_chance(self):
        """Roll the board's dice for every pending chance decision (unless the players roll
        those at the table and enter them on the dial)."""
        st = self.st
        while st.current_player() == _CHANCE and not (self.table_dice and st.decision() in _TABLE_CHANCE):
            a = self.rng.weighted(st.chance_outcomes())
            st.apply_checked(a)
            self.commits += 1
            if self.on_commit is not None:
                self.on_commit(a)

    def refresh(self):
        """Recompute the expected position and the lights after the game changed."""
        st = self.st
        exp = self.expected
        for i in range(len(exp)):
            exp[i] = 0
        for p in range(st.n_players()):
            a, b = st.seekers(p)
            if a != _AT_CAMP:
                exp[a] |= 1 << (2 * p)
            if b != _AT_CAMP:
                exp[b] |= 1 << (2 * p + 1)
        self.lifted = -1
        self.wrong = -1
        self.wand_wrong = -1
        self.sel[0] = self.sel[1] = 0
        if st.decision() not in (_K_FIGHT_BID, _K_BID_SPELL):
            self.bids = [[], []]
            self.bid_locked = [False, False]
        self.match()

    # ---- sensing ---------------------------------------------------------------------
    def on_position(self, sensed, now_ms):
        """A new stable sensed position (tag mask per space)."""
        for i in range(len(sensed)):
            self.sensed[i] = sensed[i]
        self.match(now_ms)

    def _where(self, tag):
        """The space where tag is sensed: -1 nowhere, -2 on several spaces."""
        bit = 1 << tag
        found = -1
        for i in range(len(self.sensed)):
            v = self.sensed[i]
            if v != UNREADABLE and v & bit:
                if found >= 0:
                    return -2
                found = i
        return found

    def match(self, now_ms=0):
        """Compare sensed and expected positions and act on what matches."""
        st = self.st
        self.wrong = -1
        if self.hold:
            if self._differs():
                self._show_mismatch(now_ms)
                return
            self.hold = False
        if st.is_terminal():
            self._show_mismatch(now_ms)
            return
        if st.decision() == _K_SEEK_PLACE or st.decision() in _SPACE_KINDS:
            self._wand(now_ms)
        if st.decision() != _K_MOVE:
            self.lifted = -1
            self._show_mismatch(now_ms)
            return
        p = st.active_player()
        self._survey(p)
        w = self._found
        seekers = st.seekers(p)
        moved = -1
        for k in range(2):
            loc = seekers[k]
            if w[k] == loc or (loc == _AT_CAMP and w[k] == -1):
                continue
            moved = k if moved == -1 else -2
        if moved >= 0 and self._others_ok:
            where = w[moved]
            if where == -1:
                self.lifted = moved
            elif where >= 0:
                a = moved * 64 + where
                if a in st.legal_actions():
                    self.commit(a, p)
                    return
                self.lifted = moved
                self.wrong = where
        elif moved == -1:
            self.lifted = -1
        self._show_mismatch(now_ms, True)

    def _survey(self, p):
        """One pass over the sensed position: where player p's two Seekers are (-1 nowhere,
        -2 on several spaces), whether every other tag is where the engine expects it
        (self._others_ok), and whether anything at all differs (self._differs_now)."""
        bit0 = 1 << (2 * p)
        bit1 = bit0 << 1
        mine = bit0 | bit1
        keep = ~(mine | (1 << WAND_TAG))
        no_wand = ~(1 << WAND_TAG)
        w0 = w1 = -1
        others_ok = True
        differs = False
        sensed = self.sensed
        expected = self.expected
        for i in range(len(sensed)):
            v = sensed[i]
            e = expected[i]
            if v == UNREADABLE:
                others_ok = False
                differs = True
                continue
            if (v & no_wand) != e:
                differs = True
                if (v & keep) != (e & keep):
                    others_ok = False
            if v & mine:
                if v & bit0:
                    w0 = i if w0 == -1 else -2
                if v & bit1:
                    w1 = i if w1 == -1 else -2
        self._found[0] = w0
        self._found[1] = w1
        self._others_ok = others_ok
        self._differs_now = differs

    def _wand(self, now_ms):
        """A wand touch on a space answers a 'which space?' decision."""
        where = self._where(WAND_TAG)
        if where < 0:
            self.wand_armed = True
            return
        if not self.wand_armed:
            return
        self.wand_armed = False   # one touch, one answer: lift the wand before the next
        self.wand_wrong = -1
        st = self.st
        if where in st.legal_actions():
            self.commit(where, st.current_player())
        else:
            self.wand_wrong = where

    def _differs(self):
        self._survey(self.st.active_player() if self.st.active_player() < 6 else 0)
        return self._differs_now

    def _show_mismatch(self, now_ms, surveyed=False):
        """Start (or stop) the settle clock of a sensed position that disagrees with the
        game; a lifted Seeker of the player moving is not a disagreement."""
        if not surveyed:
            self._differs()
        differs = self._differs_now
        if self.lifted >= 0 and self._others_ok:
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
        kind = st.decision()
        if kind in (_K_FIGHT_BID, _K_BID_SPELL):
            return self._bid_options(dial)
        if st.current_player() == _CHANCE:
            return st.legal_actions() if self.table_dice else []
        if kind == _K_MOVE or dial != self._dial_of(st.current_player()):
            return []   # a move is made with the pieces (a push keeps a Seeker in place)
        return st.legal_actions()

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
        opts = self.options(dial)
        st = self.st
        if st.decision() == _K_MOVE and dial == 0 and click and self.lifted < 0:
            self._stay()   # a push with nothing lifted: the next Seeker stays where it is
            return
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
        if st.decision() in (_K_FIGHT_BID, _K_BID_SPELL):
            self._bid_step(dial, choice)
        else:
            self.commit(choice, None if st.current_player() == _CHANCE else st.current_player())

    def _stay(self):
        st = self.st
        p = st.active_player()
        for a in st.legal_actions():
            k = a >> 6
            loc = st.seekers(p)[k]
            if (a & 63) == (_AT_CAMP if loc == _AT_CAMP else loc):
                self.commit(a, p)
                return

    # ---- pie fights: both dials, secret until both are locked --------------------------
    def _bid_state(self, dial):
        """A clone of the game advanced through the attacker's (and for dial 1 the
        defender's) entries so far: its pending decision is this dial's next step."""
        st = self.st
        c = st.clone()
        attacker = st.active_player()
        for v in self.bids[0]:
            c.apply(v)
        if dial == 1:
            # The defender's options do not depend on the attacker's bid: without it yet,
            # step the clone past the attacker with the smallest bid.
            while c.decision() in (_K_FIGHT_BID, _K_BID_SPELL) and c.current_player() == attacker:
                c.apply(c.legal_actions()[0])
            for v in self.bids[1]:
                c.apply(v)
        return c, attacker

    def _bid_options(self, dial):
        if self.bid_locked[dial]:
            return []
        c, attacker = self._bid_state(dial)
        if c.decision() not in (_K_FIGHT_BID, _K_BID_SPELL):
            return []
        if (dial == 0) != (c.current_player() == attacker):
            return []
        return c.legal_actions()

    def _bid_step(self, dial, value):
        self.bids[dial].append(value)
        if not self._bid_options(dial):
            self.bid_locked[dial] = True
        if not self.bid_locked[1] and not self._bid_options(1):
            self.bid_locked[1] = True   # the defender had nothing to choose
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
        for v in entries:
            if st.decision() not in (_K_FIGHT_BID, _K_BID_SPELL):
                break
            self.commit(v, st.current_player())
        fight = st.last_fight()
        if fight is not None:
            self.message = "pie fight: %d against %d" % (fight[0], fight[1])

    def turn_colour(self):
        """The seat whose colour the turn LED shows."""
        p = self.st.active_player()
        return p if p < 6 else 0

    def bid_locks(self):
        """What the table may see of a bid in progress: which dials are locked (never values)."""
        return self.bid_locked[0], self.bid_locked[1]

    # ---- lights ----------------------------------------------------------------------
    def _lights(self):
        st = self.st
        light = self.light
        for i in range(len(light)):
            light[i] = L_OFF
        kind = st.decision()
        if st.is_terminal():
            w = st.winners()
            for i in range(len(light)):
                light[i] = L_WINNER
                self.winner_colour[i] = w[0] if w else 0
        elif kind == _K_MOVE and self.lifted >= 0:
            p = st.active_player()
            loc = st.seekers(p)[self.lifted]
            if loc != _AT_CAMP:
                light[loc] = L_ORIGIN
            for a in st.legal_actions():
                d = a & 63
                if a >> 6 == self.lifted and d != loc and d != _AT_CAMP:
                    light[d] = L_DEST
        elif kind in _SPACE_KINDS:
            opts = st.legal_actions()
            for d in opts:
                if d < len(light):
                    light[d] = L_TARGET
            s = self.sel[self._dial_of(st.current_player())] % len(opts)
            if opts[s] < len(light):
                light[opts[s]] = L_SELECTED
        elif kind in (_K_FIGHT_BID, _K_BID_SPELL):
            space = st.fight_space()
            if space != _NONE:
                light[space] = L_TARGET
        if self.mismatch:
            for i in range(len(light)):
                v = self.sensed[i]
                if v == UNREADABLE or (v & ~(1 << WAND_TAG)) != self.expected[i]:
                    if not (self.lifted >= 0 and light[i] in (L_ORIGIN, L_DEST)):
                        light[i] = L_FIX
        if self.wrong >= 0:
            light[self.wrong] = L_WRONG
        if self.wand_wrong >= 0:
            light[self.wand_wrong] = L_WRONG
