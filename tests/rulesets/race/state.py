# The race's rules: one bytearray, the decision API of every Pomme ruleset.
from firmware.rules.compat import const, crc32
from firmware.rules.errors import CorruptStateError, IllegalDecisionError, NotYourDecisionError

from . import K_FIRST, K_OVER, K_RUN, K_SPEED

_NONE = const(255)
_CHANCE = const(-1)
_TERMINAL = const(-4)
# layout
_N = const(0)
_STAGE = const(1)     # unused (the kind says it all); kept for the shared first four bytes
_KIND = const(2)
_DECIDER = const(3)
_ACTIVE = const(4)
_SPEED = const(5)
_GOAL = const(6)
_WINNER = const(7)
_TURN = const(8)
_POS = const(9)       # 4 runners
_SIZE = const(13)
_START = const(0)
RULESET_ID = const(250)


def new_game(board, players):
    from firmware.rules.errors import SetupError

    if not 2 <= players <= 4:
        raise SetupError("bad_players", players)
    st = RaceState(board)
    s = st.s
    s[_N] = players
    s[_KIND] = K_FIRST
    s[_DECIDER] = _NONE
    s[_WINNER] = _NONE
    dist = board.distance_table()[_START]
    far = 0
    for x in range(board.n_spaces):
        if dist[x] != 255 and dist[x] > dist[far]:
            far = x
    s[_GOAL] = far
    for p in range(4):
        s[_POS + p] = _START if p < players else _NONE
    return st


class RaceState:
    def __init__(self, board, data=None):
        self.board = board
        self.s = bytearray(_SIZE) if data is None else data
        self._undo = []

    # ---- the decision API ---------------------------------------------------------------
    def current_player(self):
        if self.s[_KIND] == K_OVER:
            return _TERMINAL
        d = self.s[_DECIDER]
        return _CHANCE if d == _NONE else d

    def decision(self):
        return self.s[_KIND]

    def is_terminal(self):
        return self.s[_KIND] == K_OVER

    def legal_actions(self):
        s = self.s
        kind = s[_KIND]
        if kind == K_FIRST:
            return list(range(s[_N]))
        if kind == K_SPEED:
            return [1, 2]
        if kind == K_RUN:
            return self.reach(s[_POS + s[_ACTIVE]], s[_SPEED])
        return []

    def reach(self, src, steps):
        """Spaces at most `steps` steps from src (src left out), in id order."""
        seen = {src}
        frontier = [src]
        for _ in range(steps):
            nxt = []
            for x in frontier:
                for y in self.board.neighbours(x):
                    if y not in seen:
                        seen.add(y)
                        nxt.append(y)
            frontier = nxt
        seen.discard(src)
        return sorted(seen)

    def chance_outcomes(self):
        return [(a, 1) for a in self.legal_actions()]

    def apply(self, a):
        s = self.s
        self._undo.append(bytes(s))
        kind = s[_KIND]
        if kind == K_FIRST:
            s[_ACTIVE] = a
            self._turn_start()
        elif kind == K_SPEED:
            s[_SPEED] = a
            s[_KIND] = K_RUN
        elif kind == K_RUN:
            p = s[_ACTIVE]
            s[_POS + p] = a
            if a == s[_GOAL]:
                s[_WINNER] = p
                s[_KIND] = K_OVER
                s[_DECIDER] = _NONE
                return
            s[_ACTIVE] = (p + 1) % s[_N]
            s[_TURN] = min(255, s[_TURN] + 1)
            self._turn_start()

    def _turn_start(self):
        self.s[_KIND] = K_SPEED
        self.s[_DECIDER] = self.s[_ACTIVE]

    def apply_checked(self, a, player=None):
        if self.is_terminal():
            raise IllegalDecisionError("game_over", a)
        if player is not None and player != self.current_player():
            raise NotYourDecisionError("not_your_decision", player, self.current_player())
        if not isinstance(a, int) or a not in self.legal_actions():
            raise IllegalDecisionError("illegal", self.s[_KIND], a)
        self.apply(a)

    def undo(self):
        if not self._undo:
            raise IllegalDecisionError("nothing_to_undo")
        self.s[:] = self._undo.pop()

    def clone(self):
        c = RaceState(self.board, bytearray(self.s))
        c._undo = list(self._undo)
        return c

    def winners(self):
        return tuple(p for p in (self.s[_WINNER],) if p != _NONE)

    # ---- reading ------------------------------------------------------------------------
    def n_players(self):
        return self.s[_N]

    def active_player(self):
        return self.s[_ACTIVE]

    def runner(self, p):
        return self.s[_POS + p]

    def goal(self):
        return self.s[_GOAL]

    def turn(self):
        return self.s[_TURN]

    # ---- bytes --------------------------------------------------------------------------
    def to_bytes(self):
        s = self.s
        c = crc32(s) & 0xFFFFFFFF
        head = bytes((0x50, 0x42, 1, RULESET_ID, self.board.n_spaces, len(s), 0))
        return head + bytes(s) + c.to_bytes(4, "little")

    public_bytes = to_bytes   # nothing secret in a race

    def hash(self):
        return crc32(self.s) & 0xFFFFFFFF

    @classmethod
    def from_bytes(cls, board, data):
        if len(data) != 7 + _SIZE + 4 or data[0] != 0x50 or data[1] != 0x42 or data[3] != RULESET_ID:
            raise CorruptStateError("corrupt_state", "not a race")
        body = bytearray(data[7:7 + _SIZE])
        if int.from_bytes(data[7 + _SIZE:], "little") != crc32(body) & 0xFFFFFFFF:
            raise CorruptStateError("corrupt_state", "checksum")
        st = cls(board, body)
        n = body[_N]
        if not 2 <= n <= 4 or body[_KIND] not in (K_FIRST, K_SPEED, K_RUN, K_OVER):
            raise CorruptStateError("corrupt_state", "values")
        for p in range(n):
            if body[_POS + p] >= board.n_spaces:
                raise CorruptStateError("corrupt_state", "runner %d" % p)
        return st
