# Secret entries: a run of decisions the ruleset's entry table marks ENTRY_SECRET (a pie
# fight's pies and spells, Scythe's combat dial and cards), entered by any number of sides
# on the dials at once, each locked on its own, and all applied to the game together when
# every side is locked. The table sees only which dials are locked, never a value.
#
# The sides are the players of the run in the order the engine asks them. The active
# player's side enters on dial 1, every other side on dial 2, one after the other (the dial
# passes on once a side has locked), as every other decision goes to those dials. A side's options are read
# from a look-ahead of the game in which every other side's entries are placeholders (its
# first legal option each time): the seam's contract (docs/rulesets.md, "Secret entries") is
# that a side's options depend only on its own entries, so no option on a dial can tell
# anything of another side's values. tests/rules/test_conformance.py checks the contract for
# every ruleset. The engine may interleave the sides' decisions (A, B, A, B): at the reveal
# each pending decision takes the next entry of the side it asks.
from firmware.rules.compat import const

_ENTRY_SECRET = const(3)   # a private copy of firmware/rules/ruleset.py's ENTRY_SECRET
N_DIALS = const(2)


class SecretEntry:
    def __init__(self, rs, state_bytes):
        self.rs = rs
        self.sides = []      # the players of the run, in the engine's order
        self.entries = []    # per side: the values entered so far
        self.locked = []     # per side: True once it has entered all it enters
        self.dial = []       # per side: the dial it enters on
        self.locks = [False, False]   # per dial: every side it carries is locked (the table sees these)
        self.run = -1        # the commit count at which this run's sides were found
        # The look-ahead's state bytes, made once (among the long-lived objects) and reused:
        # a 400-byte copy per dial turn would need a free block that large in a fragmented
        # heap (docs/performance.md).
        self.ahead = bytearray(state_bytes)

    def clear(self):
        self.sides = []
        self.entries = []
        self.locked = []
        self.dial = []
        self.locks[0] = self.locks[1] = False
        self.run = -1

    def _clone(self, st):
        c = st.clone(False, self.ahead)
        self.ahead = c.s
        return c

    def start(self, st, commits):
        """A secret decision is pending: find the run's sides (once per run)."""
        if self.run == commits and self.sides:
            return
        self.clear()
        self.run = commits
        c = self._clone(st)
        entry = self.rs.entry
        sides = self.sides
        while entry[c.decision()] == _ENTRY_SECRET and not c.is_terminal():
            p = c.current_player()
            if p not in sides:
                sides.append(p)
            c.apply(c.legal_actions()[0])
        active = st.active_player()
        for p in sides:
            self.entries.append([])
            self.locked.append(False)
            self.dial.append(0 if p == active else N_DIALS - 1)
        self._update_locks()

    def side_on(self, dial):
        """The side entering on `dial` now (its first side not locked), or -1."""
        for k in range(len(self.sides)):
            if self.dial[k] == dial and not self.locked[k]:
                return k
        return -1

    def ahead_of(self, st, k):
        """A look-ahead of the game whose pending decision is side k's next entry (the other
        sides' entries placeholders), or None when side k has entered all it enters."""
        c = self._clone(st)
        entry = self.rs.entry
        p = self.sides[k]
        own = self.entries[k]
        i = 0
        while entry[c.decision()] == _ENTRY_SECRET and not c.is_terminal():
            if c.current_player() != p:
                c.apply(c.legal_actions()[0])
            elif i < len(own):
                c.apply(own[i])
                i += 1
            else:
                return c
        return None

    def options(self, st, dial):
        """The options `dial` offers now: its side's next entry ([] when none)."""
        k = self.side_on(dial)
        if k < 0:
            return []
        c = self.ahead_of(st, k)
        return c.legal_actions() if c is not None else []

    def _update_locks(self):
        for d in range(N_DIALS):
            done = True
            for k in range(len(self.sides)):
                if self.dial[k] == d and not self.locked[k]:
                    done = False
            self.locks[d] = done   # (a dial no side enters on counts as locked: nothing to choose)

    def lock_done(self, st):
        """Lock every side with nothing left to enter (a value the engine forced). True when
        every side is locked: the run is ready to be revealed."""
        for k in range(len(self.sides)):
            if not self.locked[k]:
                c = self.ahead_of(st, k)
                if c is None or not c.legal_actions():
                    self.locked[k] = True
        self._update_locks()
        return self.all_locked()

    def all_locked(self):
        for x in self.locked:
            if not x:
                return False
        return len(self.locked) > 0

    def enter(self, st, dial, value):
        """`dial` pushed on `value` (one of options(dial)). True when every side is locked."""
        k = self.side_on(dial)
        if k < 0:
            return False
        self.entries[k].append(value)
        return self.lock_done(st)

    def enter_for(self, st, k, choose):
        """A side played by a bot: every entry of side k chosen by choose(look-ahead) at once,
        the side locked. The look-ahead shows the bot only placeholders of the other sides.
        An entry that reads a printed card (Ruleset.reads_card: the value of a spell card of
        unknown value it attached) stops it unlocked: the table reads the card in on its dial."""
        while True:
            c = self.ahead_of(st, k)
            if c is None or not c.legal_actions():
                break
            if self.rs.reads_card(c):
                return
            self.entries[k].append(choose(c))
        self.locked[k] = True
        self._update_locks()

    def next_entry(self, player):
        """At the reveal: the next value of the side `player` (the pending decision's player),
        or -1 when it entered no more."""
        if player not in self.sides:
            return -1
        own = self.entries[self.sides.index(player)]
        return own.pop(0) if own else -1
