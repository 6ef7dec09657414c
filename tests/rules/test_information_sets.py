# Information sets on the seam (docs/rulesets.md, "Information sets"), for every registered
# ruleset and option set: Ruleset.observation(st, seat) is what a seat sees, and
# Ruleset.determinise(st, seat, rng) the copy its bots decide on, with what it cannot see
# drawn again. Random games through the seam only (no engine module imported); at every chance
# decision and every secret entry, the outcomes a seat cannot tell apart (the same
# observation, different states: another player's card drawn, a sealed dial) must give that
# seat the same copy, so the same decisions of its bots; the table's bytes (public_bytes, the
# link's hash) must not tell apart the sealed entries the other side cannot.
import json

from firmware.bot_kinds import FairBot, make_bot
from firmware.rng import Rng
from firmware.rules import registry
from firmware.rules.ruleset import ENTRY_SECRET

from .support import MICROPYTHON, repo_path

CHANCE = -1
# (ruleset name, options of the `new` command, players, seeds): every shipped game; the test
# race (tests/rulesets/race) has nothing hidden and is checked for that. Random Scythe games
# seldom fight: its seeds are of games that reach a combat.
GAMES = (("mls", {}, 3, (100, 101)), ("mls", {"pits": [1]}, 3, (100, 101)),
         ("mls", {"pits": [1], "automountie": [0]}, 1, (100, 101)),
         ("mls", {"pits": [1], "automountie": [1]}, 1, (102,)),
         ("scythe", {}, 3, (104, 105)), ("race", {}, 2, (1,)))
SEEDS = 1 if MICROPYTHON else 2
MAX_DECISIONS = 1500 if MICROPYTHON else 4000


def _ruleset(name):
    if name == "race":
        return registry.plug("tests.rulesets.race")
    return registry.load(name)


def _board(rs):
    with open(repo_path("hardware/maps/%s.json" % rs.map_name)) as f:
        return rs.make_board(json.load(f))


def _children(st, opts):
    out = []
    for a in opts:
        c = st.clone(False)
        c.apply(a)
        out.append(c)
    return out


def _same_copies(rs, a, b, q):
    for k in (1, 2):
        if rs.determinise(a, q, Rng(k)).s != rs.determinise(b, q, Rng(k)).s:
            return False
    return True


def _same_decisions(rs, a, b, q):
    """q's rule bot and random bot, behind FairBot with the same generators, choose alike."""
    for kind in ("strong", "random"):
        x = FairBot(rs, make_bot(rs, Rng(7), kind), Rng(9)).choose(a)
        y = FairBot(rs, make_bot(rs, Rng(7), kind), Rng(9)).choose(b)
        if x != y:
            return False
    return True


def _check_node(rs, st, opts, figures):
    """The children of st (one per option) that a seat cannot tell apart: its copies and its
    bots' decisions alike; for a secret entry, the table's bytes alike too."""
    kids = _children(st, opts)
    secret = st.current_player() != CHANCE and rs.entry[st.decision()] == ENTRY_SECRET
    for q in range(st.n_players()):
        if q == st.current_player():
            continue
        groups = {}
        for c in kids:
            groups.setdefault(rs.observation(c, q), []).append(c)
        for group in groups.values():
            first = group[0]
            for other in group[1:]:
                if other.s == first.s:
                    continue
                figures[0] += 1
                assert _same_copies(rs, first, other, q), (rs.name, "copies differ", q, st.decision())
                if first.current_player() == q and not first.is_terminal():
                    figures[1] += 1
                    assert _same_decisions(rs, first, other, q), (rs.name, "decisions differ", q)
                if secret:
                    figures[2] += 1
                    assert first.public_bytes() == other.public_bytes(), (rs.name, "public bytes")
                    assert first.public_hash() == other.public_hash(), (rs.name, "public hash")


def _walk(name, options, players, seed, figures):
    rs = _ruleset(name)
    st = rs.new_game(_board(rs), players, options)
    rng = Rng(seed)
    n = 0
    while not st.is_terminal() and n < MAX_DECISIONS:
        p = st.current_player()
        if p == CHANCE:
            outs = st.chance_outcomes()
            if len(outs) > 1:
                _check_node(rs, st, [o for o, _ in outs], figures)
            st.apply(rng.weighted(outs))
        else:
            opts = st.legal_actions()
            if rs.entry[st.decision()] == ENTRY_SECRET and len(opts) > 1:
                _check_node(rs, st, opts, figures)
            # Every seat's copy keeps what it sees, and the decider's its options.
            for q in range(st.n_players()):
                before = bytes(st.s)
                w = rs.determinise(st, q, Rng(n + 1))
                assert bytes(st.s) == before, (name, "determinise wrote the game's state")
                assert rs.observation(w, q) == rs.observation(st, q), (name, "seen values changed", q)
                assert not len(w.history), (name, "the copy carries the decisions taken")
                if q == p:
                    assert w.legal_actions() == opts, (name, "the decider's options changed")
                    assert w.check() is None, (name, w.check())
            st.apply(opts[rng.below(len(opts))])
        n += 1
    return rs


def test_a_seat_that_cannot_tell_two_states_apart_gets_the_same_copy_and_the_same_decisions():
    met = {}   # ruleset name -> [pairs a seat could not tell apart, decisions compared, sealed pairs]
    for name, options, players, seeds in GAMES:
        figures = met.setdefault(name, [0, 0, 0])
        for seed in seeds[:SEEDS]:
            _walk(name, options, players, seed, figures)
    for name, figures in met.items():
        if _ruleset(name).infoset:   # a ruleset with hidden values met some pairs
            assert figures[0] > 0 and figures[1] > 0, (name, figures)
        else:
            assert figures == [0, 0, 0], (name, "nothing is hidden, yet states looked alike")


def test_a_sealed_dial_leaves_the_tables_bytes_and_hash_alike():
    # My Little Scythe's pie fights and Scythe's combats: sealed entries met and compared.
    for name, options, players, seeds in (GAMES[0], GAMES[4]):
        figures = [0, 0, 0]
        for seed in seeds[:SEEDS]:
            _walk(name, options, players, seed, figures)
        assert figures[2] > 0, (name, figures)


def test_the_check_catches_a_copy_that_keeps_a_hidden_value():
    # The differential itself: with a determinise that draws nothing again (a plain copy), two
    # states that differ in an opponent's spell card give different copies: the check fails.
    rs = registry.load("mls")

    def plain(st, observer, rng):
        return st.clone(False)

    rs.determinise = plain
    failed = False
    try:
        _walk("mls", {}, 3, 100, [0, 0, 0])
    except AssertionError:
        failed = True
    finally:
        del rs.determinise
    assert failed


def test_a_copy_draws_the_hidden_values_again():
    # Over a game, a seat's copies differ from the real state somewhere (opponents' hands).
    rs = registry.load("mls")
    st = rs.new_game(_board(rs), 3, {})
    rng = Rng(5)
    differ = 0
    for _ in range(300 if MICROPYTHON else 600):
        if st.is_terminal():
            break
        if st.current_player() == CHANCE:
            st.apply(rng.weighted(st.chance_outcomes()))
            continue
        if rs.determinise(st, st.current_player(), rng).s != st.s:
            differ += 1
        opts = st.legal_actions()
        st.apply(opts[rng.below(len(opts))])
    assert differ > 10, differ
