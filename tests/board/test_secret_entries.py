# firmware/board/secrets.py on its own: a secret run of any number of sides, each on its dial,
# locked on its own and revealed together in the engine's order, on a small game made up here:
# three players enter two values each, interleaved (A, B, C, A, B, C); a player's second value
# is at most its first; then a dial decision follows. Nothing of one side's values shows in
# what another side's dial offers.
from firmware.board.secrets import SecretEntry
from firmware.rules.ruleset import ENTRY_DIAL, ENTRY_SECRET

_SECRET = 0
_AFTER = 1
ORDER = (0, 1, 2, 0, 1, 2)   # the players of the run's decisions, in the engine's order


class _Rules:
    entry = bytes((ENTRY_SECRET, ENTRY_DIAL))

    def reads_card(self, st):   # no printed card read in during the run
        return False


class _Run:
    """The state: s[0] = decisions taken, s[1 + i] = the i-th value entered."""

    def __init__(self, s=None, active=0, leaky=False):
        self.s = bytearray(8) if s is None else s
        self.active = active
        self.leaky = leaky      # rules that break the seam's contract: B's 2nd value <= A's 1st
        self.applied = []

    def clone(self, keep=True, into=None):
        s = into if into is not None and len(into) == len(self.s) else bytearray(len(self.s))
        s[:] = self.s
        return _Run(s, self.active, self.leaky)

    def decision(self):
        return _SECRET if self.s[0] < len(ORDER) else _AFTER

    def is_terminal(self):
        return False

    def current_player(self):
        return ORDER[self.s[0]] if self.s[0] < len(ORDER) else self.active

    def active_player(self):
        return self.active

    def legal_actions(self):
        i = self.s[0]
        if i >= len(ORDER):
            return [0, 1]
        if i < 3:
            return [0, 1, 2, 3]
        if self.leaky and i == 4:
            return list(range(self.s[1] + 1))       # at most A's first value
        return list(range(self.s[1 + i - 3] + 1))   # at most the player's first value

    def apply(self, a):
        if a not in self.legal_actions():
            raise ValueError("illegal %d" % a)
        self.applied.append((self.current_player(), a))
        self.s[1 + self.s[0]] = a
        self.s[0] += 1


def _started(active=0, leaky=False):
    st = _Run(active=active, leaky=leaky)
    sec = SecretEntry(_Rules(), len(st.s))
    sec.start(st, 0)
    return st, sec


def test_the_sides_are_the_runs_players_in_the_engines_order_the_active_one_on_dial_1():
    st, sec = _started()
    assert sec.sides == [0, 1, 2]
    assert sec.dial == [0, 1, 1]
    assert sec.side_on(0) == 0 and sec.side_on(1) == 1   # dial 2: the first other side first
    st, sec = _started(active=2)
    assert sec.dial == [1, 1, 0]


def test_each_dial_offers_its_sides_next_entry_and_passes_on_once_a_side_locks():
    st, sec = _started()
    assert sec.options(st, 0) == [0, 1, 2, 3]
    assert sec.enter(st, 0, 2) is False
    assert sec.options(st, 0) == [0, 1, 2]          # A's second value: at most its first
    assert sec.enter(st, 0, 1) is False and sec.locks == [True, False]
    assert sec.options(st, 0) == []
    assert sec.enter(st, 1, 3) is False
    assert sec.options(st, 1) == [0, 1, 2, 3]       # B's second value, after B's 3
    assert sec.enter(st, 1, 0) is False
    assert sec.side_on(1) == 2 and sec.locks == [True, False]   # dial 2 passes on to C
    assert sec.options(st, 1) == [0, 1, 2, 3]
    assert sec.enter(st, 1, 1) is False
    assert sec.enter(st, 1, 1) is True and sec.locks == [True, True]
    assert st.applied == []                         # nothing reaches the game before the reveal


def test_a_sides_options_never_depend_on_another_sides_values():
    # Even under rules whose options would tell B something of A's value, B's dial offers the
    # same whatever A entered: the look-ahead holds placeholders of A, never A's values.
    seen = []
    for a in (0, 3):
        st, sec = _started(leaky=True)
        sec.enter(st, 0, a)
        sec.enter(st, 0, 0)
        sec.enter(st, 1, 2)
        seen.append(sec.options(st, 1))
    assert seen[0] == seen[1] == [0]          # A's placeholder: its first option, 0


def test_the_reveal_takes_each_pending_decisions_value_from_the_side_it_asks():
    st, sec = _started()
    for dial, v in ((1, 3), (1, 2), (0, 2), (0, 1), (1, 1), (1, 0)):   # B, B, A, A, C, C
        done = sec.enter(st, dial, v)
    assert done
    while st.decision() == _SECRET:
        p = st.current_player()
        st.apply(sec.next_entry(p))
    assert st.applied == [(0, 2), (1, 3), (2, 1), (0, 1), (1, 2), (2, 0)]
    assert sec.next_entry(0) == -1                 # every value spent


def test_a_bot_side_enters_all_its_values_at_once_and_locks():
    st, sec = _started()
    seen = []

    def choose(c):
        seen.append(c.current_player())
        return c.legal_actions()[-1]

    sec.enter_for(st, 1, choose)
    assert seen == [1, 1] and sec.entries[1] == [3, 3] and sec.locked == [False, True, False]
    assert sec.side_on(1) == 2 and not sec.all_locked()


def test_a_side_with_nothing_left_to_choose_is_locked_by_lock_done():
    st, sec = _started()
    sec.entries[0][:] = [0]        # A's second value can only be 0: forced, still an entry to make
    assert not sec.lock_done(st)
    sec.entries[0].append(0)
    sec.lock_done(st)
    assert sec.locked[0] and sec.locks[0]


def test_clear_forgets_the_run():
    st, sec = _started()
    sec.enter(st, 0, 1)
    sec.clear()
    assert sec.sides == [] and sec.entries == [] and sec.locks == [False, False]
    sec.start(st, 1)
    assert sec.entries == [[], [], []]
