# The ruleset-independent half of a game: the decision API in the OpenSpiel shape, undo,
# clone, hash, the serialised form, and the loop that runs automatic steps until a decision
# is pending. A ruleset subclasses GameState and fills three tables (docs/rules-engine.md,
# "Adding a ruleset"):
#
#   LEGAL[kind](st) -> list of options     DO[kind](st, a)     PENDING[stage](st) -> (kind,
#   decider) or None (the stage moved on: ask again)
#
# The whole game is one bytearray st.s whose first 4 bytes mean the same in every ruleset:
# the number of players, the stage, the pending decision's kind and its decider (a player,
# or 255 for chance). Tables are tuples indexed by small ints: cheaper than dicts on
# MicroPython, and plain functions of st are cheaper than bound methods. The error classes
# (errors.py) are imported where one is raised: a board whose game raises none keeps their
# ~1 KB out of its heap (docs/performance.md, "Live set cut").
from array import array

from .compat import const, crc32
from .framing import frame, unframe

_STAGE = const(1)
_KIND = const(2)
_DECIDER = const(3)
_NONE = const(255)         # DECIDER of a chance decision
_CHANCE = const(-1)
_TERMINAL = const(-4)


class GameState:
    """A game of some ruleset. A subclass sets the class attributes below and provides
        size(board)        a static method: the number of state bytes of a game on board
        _with_bytes(data)  a State of the same ruleset, board and content over data
    and may override _interrupt(), chance_outcomes(), check() and _load_check()."""

    RULESET = 0            # the ruleset byte of the serialised form
    TERMINAL_KIND = 0      # the decision kind of a finished game
    MANUAL = ()  # type: tuple   # decision kinds never applied automatically, even when forced
    LEGAL = ()  # type: tuple    # per decision kind: legal(st) -> the options (small ints)
    DO = ()  # type: tuple       # per decision kind: do(st, a) applies option a
    PENDING = ()  # type: tuple  # per stage: pending(st) -> (kind, decider), or None to ask again
    SECRET = ()  # type: tuple   # state offsets public_bytes() blanks (what the table must not see)

    @staticmethod
    def size(board):
        """The number of state bytes of a game on board."""
        raise NotImplementedError

    def _with_bytes(self, data):
        """A State of the same ruleset, board and content over data."""
        raise NotImplementedError

    def __init__(self, board, data=None):
        self.board = board
        self.s = bytearray(self.size(board)) if data is None else data
        self._legal_cache = None
        self.history = array("H")   # the decisions taken (not the automatic ones)
        self._snaps = []
        self._mine = 0      # how many of the newest snaps no clone shares (reusable buffers)
        self._initial = None
        self.undo_depth = 8
        # Keep the decision history in RAM (for undo past the snapshots and replay). A board
        # logs decisions to flash instead and turns this off to save RAM.
        self.keep_history = True

    # ---- the decision API ------------------------------------------------------------
    def current_player(self):
        """0..n-1, CHANCE (-1) or TERMINAL (-4)."""
        s = self.s
        if s[_KIND] == self.TERMINAL_KIND:
            return _TERMINAL
        d = s[_DECIDER]
        return _CHANCE if d == _NONE else d

    def decision(self):
        """The kind of the pending decision."""
        return self.s[_KIND]

    def is_terminal(self):
        return self.s[_KIND] == self.TERMINAL_KIND

    def legal_actions(self):
        if self._legal_cache is None:
            f = self.LEGAL[self.s[_KIND]]
            self._legal_cache = f(self) if f else []   # [] once the game is over
        return self._legal_cache

    def chance_outcomes(self):
        """(outcome, weight) pairs of the pending chance decision: uniform by default."""
        return [(a, 1) for a in self.legal_actions()]

    def apply(self, action):
        """Apply a legal decision, unchecked (fast path for search and trusted callers)."""
        snaps = self._snaps
        if not self.undo_depth:           # a look-ahead copy: no undo, no snapshot
            pass
        elif len(snaps) >= self.undo_depth:
            old = snaps.pop(0)
            if self._mine > len(snaps):   # no clone holds it: copy into it, allocate nothing
                old[:] = self.s
                snaps.append(old)
            else:
                snaps.append(bytearray(self.s))
                self._mine += 1
        else:
            snaps.append(bytearray(self.s))
            self._mine += 1
        if self.keep_history:
            self.history.append(action)
        else:
            self._initial = None   # no history to replay from it: undo goes through the snapshots only
        self._legal_cache = None
        self.DO[self.s[_KIND]](self, action)
        self._advance()

    def apply_checked(self, action, player=None):
        """Apply a decision from the outside world (wire, sensor, person): raises a typed
        error naming the problem and changes nothing if it is not legal now."""
        if self.is_terminal():
            from .errors import IllegalDecisionError

            raise IllegalDecisionError("game_over", action)
        if player is not None and player != self.current_player():
            from .errors import NotYourDecisionError

            raise NotYourDecisionError("not_your_decision", player, self.current_player())
        if not isinstance(action, int) or action not in self.legal_actions():
            from .errors import IllegalDecisionError

            raise IllegalDecisionError("illegal", self.s[_KIND], action)
        self.apply(action)

    def undo(self):
        """Take back the last decision taken (with the automatic ones it caused)."""
        if self._snaps:
            self.s[:] = self._snaps.pop()
            if self._mine:
                self._mine -= 1
            if self.history:
                self.history = self.history[:-1]   # MicroPython arrays have no pop()
            self._legal_cache = None
            return
        if not self.history or self._initial is None:
            from .errors import IllegalDecisionError

            raise IllegalDecisionError("nothing_to_undo")
        self.history = self.history[:-1]
        self.s[:] = self._initial
        self._legal_cache = None
        self._advance()
        do = self.DO
        for a in self.history:
            self._legal_cache = None
            do[self.s[_KIND]](self, a)
            self._advance()

    def changed(self):
        """The bytes were edited from outside (editing.py): forget the options computed."""
        self._legal_cache = None

    def begin(self):
        """Run the automatic steps from the current bytes and make this position the start
        of the game: history and undo begin here (a new game set up, an edited position)."""
        self.history = array("H")
        self._snaps = []
        self._mine = 0
        self._advance()
        self._initial = bytes(self.s)

    def clone(self, undo=True, buf=None):
        """An independent copy. undo=False: a look-ahead copy that keeps no undo snapshots
        (undo_depth 0), so applying decisions to it allocates no state copies. buf: a
        bytearray of the state's length to copy the bytes into, made for the caller's
        previous look-ahead (its clone() .s) and no longer used by it; another length is not."""
        if buf is not None and len(buf) == len(self.s):
            buf[:] = self.s
        else:
            buf = bytearray(self.s)
        st = self._with_bytes(buf)
        st.history = array("H", self.history)
        if undo:
            st._snaps = list(self._snaps)   # the buffers are shared: neither copy reuses them
            self._mine = st._mine = 0
            st.undo_depth = self.undo_depth
        else:
            st.undo_depth = 0
        st._initial = self._initial
        st.keep_history = self.keep_history
        return st

    # ---- the serialised form -----------------------------------------------------------
    def to_bytes(self, out=None):
        """Magic, format, ruleset, spaces, length, state, crc32 (framing.frame); into `out`,
        a buffer kept from an earlier call, when it has the right length."""
        return frame(self.RULESET, self.board.n_spaces, self.s, (), out)

    @classmethod
    def from_bytes(cls, board, data, *args):
        """A State read back from to_bytes(); CorruptStateError if it cannot be trusted.
        args go to the constructor between board and data (a ruleset's content)."""
        st = cls(board, *args, data=unframe(data, cls.RULESET, board.n_spaces, cls.size(board)))
        problem = st._load_check()
        if problem:
            from .errors import CorruptStateError

            raise CorruptStateError("corrupt_state", problem)
        return st

    def check(self):  # type: () -> str | None
        """None if the state is consistent, else a short description of what is not."""
        return None

    def _load_check(self):
        """check() for a state just read back (a ruleset may release its checks after)."""
        return self.check()

    def public_bytes(self, out=None):
        """to_bytes() with what the table must not see yet blanked (a ruleset's secrets:
        the state offsets in its SECRET); out as to_bytes()."""
        return frame(self.RULESET, self.board.n_spaces, self.s, self.SECRET, out)

    def hash(self):
        return crc32(self.s) & 0xFFFFFFFF

    def public_hash(self):
        """hash() of what the table may see (the checksum public_bytes() ends with): the
        SECRET offsets count as 0, so a sealed dial does not change it. The link and the
        page report this one."""
        sec = self.SECRET
        s = self.s
        if not sec:
            return crc32(s) & 0xFFFFFFFF
        kept = [s[o] for o in sec]
        for o in sec:
            s[o] = 0
        h = crc32(s) & 0xFFFFFFFF
        for i in range(len(sec)):
            s[sec[i]] = kept[i]
        return h

    # ---- the flow --------------------------------------------------------------------
    def _interrupt(self):
        """A decision that comes before the stage's (a queue of events), else None."""
        return None

    def _advance(self):
        """Run automatic steps until a decision is pending; apply forced single options
        (except the MANUAL kinds); raise if a decision has no option at all."""
        s = self.s
        pending = self.PENDING
        while True:
            r = self._interrupt()
            if r is None:
                r = pending[s[_STAGE]](self)
                if r is None:
                    continue
            kind, decider = r
            s[_KIND] = kind
            s[_DECIDER] = decider
            self._legal_cache = None
            if kind == self.TERMINAL_KIND:
                return
            opts = self.LEGAL[kind](self)
            if len(opts) == 1 and kind not in self.MANUAL:
                self.DO[kind](self, opts[0])
                continue
            if not opts:
                from .errors import IllegalDecisionError

                raise IllegalDecisionError("no_options", kind)
            self._legal_cache = opts
            return
