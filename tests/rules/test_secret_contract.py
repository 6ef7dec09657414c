# The seam's contract for secret entries (docs/rulesets.md, "Secret entries"), for every
# registered ruleset: in a run of ENTRY_SECRET decisions, a side's options depend only on the
# game before the run and on that side's own entries, never on another side's values. The
# board relies on it: a dial's options are read with the other sides' entries as placeholders
# (firmware/board/secrets.py), so no option tells a side anything of another's secret.
#
# Random games through the seam (rs.new_game, no engine module imported); at the start of each
# secret run, each side's own entries are drawn at random, and its options at every step are
# compared between two walks of the run: the other sides on placeholders (their first option),
# and the other sides on random values.
import json

from firmware.rng import Rng
from firmware.rules import registry
from firmware.rules.ruleset import ENTRY_SECRET

from .support import MICROPYTHON, repo_path

# (ruleset name, options of the `new` command, players, seeds). Random Scythe games seldom
# fight: its seeds are of games that reach a combat (checked: runs > 0 below).
GAMES_OF = (("mls", {}, 3, (100, 101, 102, 103)), ("mls", {"pits": [1]}, 3, (100, 101, 102, 103)),
            ("scythe", {}, 3, (104, 105, 107)))
SEEDS = 1 if MICROPYTHON else 4   # of each ruleset's


def _board(rs):
    with open(repo_path("hardware/maps/%s.json" % rs.map_name)) as f:
        return rs.make_board(json.load(f))


def _walk(rs, st, side, own, others):
    """Walk the run from st: side's decisions take `own` in turn (their options recorded),
    the others' others(c). Returns the option lists side met."""
    c = st.clone()
    seen = []
    i = 0
    while rs.entry[c.decision()] == ENTRY_SECRET and not c.is_terminal():
        opts = c.legal_actions()
        if c.current_player() == side:
            seen.append(opts)
            if i >= len(own):
                break
            c.apply(own[i])
            i += 1
        else:
            c.apply(others(c, opts))
    return seen


def _check_run(rs, st, rng):
    """Every side of the run at st: the same options under placeholders and random others."""
    sides = []
    c = st.clone()
    while rs.entry[c.decision()] == ENTRY_SECRET and not c.is_terminal():
        if c.current_player() not in sides:
            sides.append(c.current_player())
        opts = c.legal_actions()
        c.apply(opts[rng.below(len(opts))])
    checked = 0
    for side in sides:
        # Its own entries: drawn while walking with the placeholders.
        own = []
        c = st.clone()
        while rs.entry[c.decision()] == ENTRY_SECRET and not c.is_terminal():
            opts = c.legal_actions()
            if c.current_player() == side:
                a = opts[rng.below(len(opts))]
                own.append(a)
            else:
                a = opts[0]
            c.apply(a)
        first = _walk(rs, st, side, own, lambda c, opts: opts[0])
        other = _walk(rs, st, side, own, lambda c, opts: opts[rng.below(len(opts))])
        assert first == other, "%s: side %d's options changed with another side's values: %r / %r" % (
            rs.name, side, first, other)
        checked += len(first)
    return checked


def _play(name, options, players, seed):
    rs = registry.load(name)
    st = rs.new_game(_board(rs), players, options)
    rng = Rng(seed)
    runs = steps = 0
    was_secret = False
    n = 0
    while not st.is_terminal() and n < 20000:
        secret = rs.entry[st.decision()] == ENTRY_SECRET
        if secret and not was_secret:
            steps += _check_run(rs, st, rng)
            runs += 1
        was_secret = secret
        if st.current_player() < 0:
            st.apply(rng.weighted(st.chance_outcomes()))
        else:
            opts = st.legal_actions()
            st.apply(opts[rng.below(len(opts))])
        n += 1
    return runs, steps


def test_a_secret_sides_options_never_depend_on_another_sides_values():
    for name, options, players, seeds in GAMES_OF:
        runs = steps = 0
        for seed in seeds[:SEEDS]:
            r, s = _play(name, options, players, seed)
            runs += r
            steps += s
        assert runs > 0 and steps > runs, (name, options, runs, steps)   # secret runs were met


def test_the_contract_check_sees_options_that_tell_another_sides_value():
    # The check itself, on a run whose second side's options grow with the first side's value.
    class _Rs:
        name = "leaky"
        entry = bytes((ENTRY_SECRET, 0))

    class _St:
        def __init__(self, s=None):
            self.s = list(s or [0, 0])   # [decisions taken, the first side's value]

        def clone(self):
            return _St(self.s)

        def decision(self):
            return 0 if self.s[0] < 2 else 1

        def is_terminal(self):
            return False

        def current_player(self):
            return self.s[0]

        def legal_actions(self):
            return [0, 1, 2] if self.s[0] == 0 else list(range(self.s[1] + 1))

        def apply(self, a):
            if self.s[0] == 0:
                self.s[1] = a
            self.s[0] += 1

    failed = False
    rng = Rng(3)
    for _ in range(20):
        try:
            _check_run(_Rs(), _St(), rng)
        except AssertionError:
            failed = True
    assert failed
