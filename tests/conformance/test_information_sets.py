# Information sets on the seam (docs/rulesets.md, "Information sets"), for every registered
# ruleset and option set (tests/conformance/games.py: forms()): Ruleset.observation(st, seat)
# is what a seat sees, and Ruleset.determinise(st, seat, rng) the copy its bots decide on,
# with what it cannot see drawn again. Random games through the seam only (no engine module
# imported); at every chance decision and every secret entry, the outcomes a seat cannot tell
# apart (the same observation, different states: another player's card drawn, a sealed dial)
# must give that seat the same copy, so the same decisions of its bots, and the same view
# (Ruleset.view); the table's bytes (public_bytes, the link's hash) must not tell apart what no
# seat at the table can (a card dealt face down, a sealed entry), and Ruleset.face_down must say
# which chance decisions deal such cards; every view loads as a game the seat sees as the real one.
from firmware.bot_kinds import FairBot, make_bot
from firmware.rng import Rng
from firmware.rules.ruleset import ENTRY_SECRET

from tests.rules.support import MICROPYTHON

from .games import LONG, combined, forms, in_this_volume

CHANCE = -1
TABLE = -1   # the observer that is no seat: what everyone at the table sees
# Seeds of each ruleset's games (random Scythe games seldom fight: its seeds are of games that
# reach a combat); a ruleset not named here plays DEFAULT_SEEDS.
SEEDS_OF = {"scythe": (104, 105)}
DEFAULT_SEEDS = (100, 101)
SEEDS = 1 if MICROPYTHON else 2
MAX_DECISIONS = 1500 if MICROPYTHON else 4000
VIEW_EVERY = 7   # the views decoded at every 7th decision


def _players(g):
    return 3 if 3 in g.players else g.players[0]


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


def _groups(rs, kids, q):
    """The children that seat q (TABLE: no seat) cannot tell apart, as lists of two or more."""
    groups = {}
    for c in kids:
        groups.setdefault(rs.observation(c, q), []).append(c)
    return [g for g in groups.values() if len(g) > 1]


def _check_node(rs, st, opts, figures):
    """The children of st (one per option) that a seat cannot tell apart: its copies, its
    bots' decisions and its view (Ruleset.view) alike; those no seat may tell apart
    (the table, a deal face down or a sealed entry): the table's bytes and hash alike."""
    kids = _children(st, opts)
    for q in range(st.n_players()):
        if q == st.current_player():
            continue
        for group in _groups(rs, kids, q):
            first = group[0]
            for other in group[1:]:
                if other.s == first.s:
                    continue
                figures[0] += 1
                assert _same_copies(rs, first, other, q), (rs.name, "copies differ", q, st.decision())
                assert rs.view(first, q) == rs.view(other, q), (rs.name, "view", q)
                if first.current_player() == q and not first.is_terminal():
                    figures[1] += 1
                    assert _same_decisions(rs, first, other, q), (rs.name, "decisions differ", q)
    unseen = False   # some outcomes the table cannot tell apart
    for group in _groups(rs, kids, TABLE):
        first = group[0]
        for other in group[1:]:
            if other.s != first.s:
                unseen = True
                figures[2] += 1
                assert first.public_bytes() == other.public_bytes(), (rs.name, "public bytes", st.decision())
                assert first.public_hash() == other.public_hash(), (rs.name, "public hash", st.decision())
    if st.current_player() == CHANCE:
        # The link names a chance outcome unless the state says it deals a card face down
        # (docs/protocol.md): exactly those whose outcomes the table cannot tell apart.
        assert rs.face_down(st) == unseen, (rs.name, "face_down()", st.decision(), unseen)


def _check_views(g, st, q):
    """The table's bytes (q = TABLE) or seat q's view (Ruleset.view): a state that loads, that q
    sees as it sees st, whose checksum the public hash is (the table's)."""
    rs = g.rs
    v = rs.from_bytes(st.board, st.public_bytes() if q == TABLE else rs.view(st, q))
    # q sees in the view what it sees in the game, but for the sealed values blanked (SECRET)
    blank = [o for o in st.SECRET if q == TABLE or o not in rs.own_secrets(st, q)]
    seen, shown = bytearray(rs.observation(st, q)), bytearray(rs.observation(v, q))
    for o in blank:
        seen[o] = shown[o] = 0
    assert seen == shown, (rs.name, "a view is not what the seat sees", q, st.decision())
    if q == TABLE:
        assert st.public_hash() == v.hash(), (rs.name, "public_hash is not the bytes' checksum")


def _walk(g, seed, figures):
    rs = g.rs
    name = g.name
    st = g.new(_players(g))
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
            if n % VIEW_EVERY == 0:
                for q in range(TABLE, st.n_players()):
                    _check_views(g, st, q)
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


def _walked():
    """The forms this run walks: make test every form but those of two options, which make
    test-long walks (games.in_this_volume); on the unix port make test the forms of one option
    or none, make test-long the combined ones (two options or more: suite time)."""
    if MICROPYTHON:
        return [g for g in forms() if combined(g) == LONG]
    return [g for g in forms() if in_this_volume(g)]


def test_a_seat_that_cannot_tell_two_states_apart_gets_the_same_copy_and_the_same_decisions():
    # ruleset name -> [pairs a seat could not tell apart, decisions compared, pairs the table could not]
    met = {}
    walked = _walked()
    for g in walked:
        figures = met.setdefault(g.rs.name, [0, 0, 0])
        for seed in SEEDS_OF.get(g.rs.name, DEFAULT_SEEDS)[:SEEDS]:
            _walk(g, seed, figures)
    assert walked
    for g in walked:
        figures = met[g.rs.name]
        if g.rs.infoset:   # a ruleset with hidden values met some pairs
            assert figures[0] > 0 and figures[1] > 0, (g.rs.name, figures)
        else:
            assert figures == [0, 0, 0], (g.rs.name, "nothing is hidden, yet states looked alike")


def test_a_sealed_dial_leaves_the_tables_bytes_and_hash_alike():
    # My Little Scythe's pie fights and Scythe's combats: sealed entries met and compared.
    for name in ("mls", "scythe"):
        g = [f for f in forms() if f.name == name][0]
        figures = [0, 0, 0]
        for seed in SEEDS_OF.get(name, DEFAULT_SEEDS)[:SEEDS]:
            _walk(g, seed, figures)
        assert figures[2] > 0, (name, figures)


def test_the_check_catches_a_copy_that_keeps_a_hidden_value():
    # The differential itself: with a determinise that draws nothing again (a plain copy), two
    # states that differ in an opponent's spell card give different copies: the check fails.
    g = [f for f in forms() if f.name == "mls"][0]
    rs = g.rs

    def plain(st, observer, rng):
        return st.clone(False)

    rs.determinise = plain
    failed = False
    try:
        _walk(g, 100, [0, 0, 0])
    except AssertionError:
        failed = True
    finally:
        del rs.determinise
    assert failed


def test_a_copy_draws_the_hidden_values_again():
    # Over a game, a seat's copies differ from the real state somewhere (opponents' hands).
    g = [f for f in forms() if f.name == "mls"][0]
    rs = g.rs
    st = g.new(3)
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
