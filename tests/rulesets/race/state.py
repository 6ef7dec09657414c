# The race's rules on the generic State core (firmware/rules/core.py): one bytearray, a
# table of legal() and do() per decision kind and of pending() per stage. The core gives
# the decision API, undo, clone, hash and the framed bytes.
from firmware.rules.compat import const
from firmware.rules.core import GameState
from firmware.rules.errors import SetupError

from . import K_FIRST, K_OVER, K_RUN, K_SPEED

_NONE = const(255)
# layout: the first four bytes are the core's (players, stage, kind, decider)
_N = const(0)
_STAGE = const(1)
_ACTIVE = const(4)
_SPEED = const(5)
_GOAL = const(6)
_WINNER = const(7)
_TURN = const(8)
_POS = const(9)       # 4 runners
_SIZE = const(13)
_START = const(0)
# stages: what is asked next
_ST_FIRST = const(1)
_ST_SPEED = const(2)
_ST_RUN = const(3)
_ST_OVER = const(4)
RULESET_ID = const(250)


def new_game(board, players):
    if not 2 <= players <= 4:
        raise SetupError("bad_players", players)
    st = RaceState(board)
    s = st.s
    s[_N] = players
    s[_STAGE] = _ST_FIRST
    s[_WINNER] = _NONE
    dist = board.distance_table()[_START]
    far = 0
    for x in range(board.n_spaces):
        if dist[x] != 255 and dist[x] > dist[far]:
            far = x
    s[_GOAL] = far
    for p in range(4):
        s[_POS + p] = _START if p < players else _NONE
    st.begin()
    return st


def _reach(st, src, steps):
    """Spaces at most `steps` steps from src (src left out), in id order."""
    seen = {src}
    frontier = [src]
    for _ in range(steps):
        nxt = []
        for x in frontier:
            for y in st.board.neighbours(x):
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    seen.discard(src)
    return sorted(seen)


# ---- per decision kind: the options and what choosing one does ----------------------------
def _legal_first(st):
    return list(range(st.s[_N]))


def _do_first(st, a):
    st.s[_ACTIVE] = a
    st.s[_STAGE] = _ST_SPEED


def _legal_speed(st):
    return [1, 2]


def _do_speed(st, a):
    st.s[_SPEED] = a
    st.s[_STAGE] = _ST_RUN


def _legal_run(st):
    s = st.s
    return _reach(st, s[_POS + s[_ACTIVE]], s[_SPEED])


def _do_run(st, a):
    s = st.s
    p = s[_ACTIVE]
    s[_POS + p] = a
    if a == s[_GOAL]:
        s[_WINNER] = p
        s[_STAGE] = _ST_OVER
        return
    s[_ACTIVE] = (p + 1) % s[_N]
    s[_TURN] = min(255, s[_TURN] + 1)
    s[_STAGE] = _ST_SPEED


class RaceState(GameState):
    RULESET = RULESET_ID
    TERMINAL_KIND = K_OVER
    MANUAL = (K_RUN,)          # a runner is always moved by hand
    LEGAL = (None, _legal_first, _legal_speed, _legal_run, None)
    DO = (None, _do_first, _do_speed, _do_run, None)
    PENDING = (None,
               lambda st: (K_FIRST, _NONE),
               lambda st: (K_SPEED, st.s[_ACTIVE]),
               lambda st: (K_RUN, st.s[_ACTIVE]),
               lambda st: (K_OVER, _NONE))

    @staticmethod
    def size(board):
        return _SIZE

    def _with_bytes(self, data):
        return RaceState(self.board, data)

    def check(self):
        s = self.s
        if not 2 <= s[_N] <= 4 or not _ST_FIRST <= s[_STAGE] <= _ST_OVER:
            return "players or stage"
        for p in range(s[_N]):
            if s[_POS + p] >= self.board.n_spaces:
                return "runner %d" % p
        return None

    def winners(self):
        return tuple(p for p in (self.s[_WINNER],) if p != _NONE)

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
