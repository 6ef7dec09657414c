# The conformance suite's checks of one game (test_playouts.py plays them over every form;
# tools/soak.py in volume, on CPython and, through tools/soak_mp.py, on the MicroPython unix port:
# this module loads no form, so a process that plays a few games starts at once). After every
# decision: st.check() and the ruleset's own invariants (invariants_<name>.py); options never
# empty before the end and none after it; a chance decision's outcomes a proper distribution; the
# bytes round trip and the table's snapshot; at the end the winners, the ruleset's end invariants
# and the replay from st.history (test_playouts.py's header says each in full).
from .games import MAX_DECISIONS, NoEnd, Stalemate, invariants_of, playout

_CHANCE = -1
_TERMINAL = -4


def check_chance(st):
    """The pending chance decision's outcomes: distinct, exactly the legal options, each with a
    positive integer weight (so rng.weighted draws each with weight / total)."""
    pairs = st.chance_outcomes()
    outcomes = [o for o, _ in pairs]
    assert len(set(outcomes)) == len(outcomes), ("outcomes repeated", outcomes)
    assert sorted(outcomes) == sorted(st.legal_actions()), (outcomes, st.legal_actions())
    total = 0
    for o, w in pairs:
        assert isinstance(w, int) and w > 0, ("weight", o, w)
        total += w
    assert total > 0


def check_round_trip(g, st):
    board = g.board()
    back = g.rs.from_bytes(board, st.to_bytes())
    assert bytes(back.s) == bytes(st.s), "the bytes round trip changed the state"
    assert back.hash() == st.hash()
    assert back.current_player() == st.current_player() and back.decision() == st.decision()
    assert back.legal_actions() == st.legal_actions()
    public = g.rs.from_bytes(board, st.public_bytes())   # the table's snapshot decodes
    assert public.decision() == st.decision() and public.current_player() == st.current_player()


def check_decision(g, st, inv, before, kind):
    """Every check after one decision (the suite's own, then the ruleset's)."""
    problem = st.check()
    assert problem is None, problem
    p = st.current_player()
    if st.is_terminal():
        assert p == _TERMINAL and st.legal_actions() == []
        winners = st.winners()
        # (a cooperative game, The Rise of Fenris's Desolation, may end with no winner: all lose)
        assert winners or getattr(st, "DESOLATION", 0), "no winner"
        assert all(0 <= w < st.n_players() for w in winners), winners
    else:
        assert st.legal_actions(), "no option before the end"
        assert p == _CHANCE or 0 <= p < st.n_players(), p
        if p == _CHANCE:
            check_chance(st)
    if inv is not None and before is not None:
        inv.step(st, before, kind)


def check_replay(g, st, players):
    """A new game of the same setup, every decision of st.history applied through
    apply_checked (so each was legal), ends in the same bytes."""
    again = g.new(players)
    for a in st.history:
        again.apply_checked(a)
    assert bytes(again.s) == bytes(st.s), "replaying the history gives another game"


def play_checked(g, seed, kind="random", round_trip=True, replay=True):
    inv = invariants_of(g.rs)
    count = [0]

    def on_step(st, before, k, a):
        count[0] += before is not None
        check_decision(g, st, inv, before, k)
        if round_trip:
            check_round_trip(g, st)

    players = g.players_for(seed)
    try:
        st = playout(g, seed, kind, on_step, players)
    except Stalemate as e:   # (proven: a game the rules cannot end, docs/fenris.md S19)
        st = e.st
    assert count[0] < MAX_DECISIONS
    if inv is not None and st.is_terminal():
        inv.end(st)
    if replay:
        check_replay(g, st, players)
    return st, count[0]


def play_seeds(g, first, count, kind, full_every, describe):
    """Games first..first+count-1 of g with `kind` bots, each through play_checked (every
    full_every-th seed with the round trips and the replay): (decisions, [(seed, describe(the
    error))], [(seed, "stalemate" | "capped", decisions)]): tools/soak.py's blocks, on CPython
    and on the unix port (tools/soak_mp.py). A failure is recorded and the others go on."""
    decisions = 0
    failed = []
    unended = []
    for seed in range(first, first + count):
        full = seed % full_every == 0
        try:
            st, n = play_checked(g, seed, kind, full, full)
            decisions += n
            if not st.is_terminal():   # (the ruleset proved it cannot end: games.Stalemate)
                unended.append((seed, "stalemate", n))
        except NoEnd:
            decisions += MAX_DECISIONS
            unended.append((seed, "capped", MAX_DECISIONS))
        except Exception as e:   # noqa: BLE001 (every failure recorded, the others go on)
            failed.append((seed, describe(e)))
    return decisions, failed, unended

