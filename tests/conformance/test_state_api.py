# The decision API's promises (firmware/rules/core.py) for every game form
# (tests/conformance/games.py): clones are independent of their original both ways, with and
# without undo snapshots; undo restores exactly the state before a decision and applying it
# again (redo) the state after it, at every decision of a game; undo beyond the kept
# snapshots replays from the history; snapshots a clone shares are never overwritten; the hash
# follows the state.
import os

from firmware.rng import Rng

from tests.rules.support import MICROPYTHON

from .games import add_tests, chance_pick, played, volume

# Games per form of the two checks at every decision: the whole volume; make test plays the
# first, make test-long the others (games.volume, docs/testing.md).
GAMES = int(os.getenv("CONFORMANCE_API_GAMES") or (1 if MICROPYTHON else 4))
_CHANCE = -1


def _step(st, rng):
    """One decision: chance with its weights, else a random option. Returns it."""
    a = chance_pick(st, rng) if st.current_player() == _CHANCE else st.legal_actions()[
        rng.below(len(st.legal_actions()))]
    st.apply(a)
    return a


def _seeds(g):
    return volume(1, GAMES)


def _clones_are_independent(g, seeds):
    for seed in seeds:
        rng = Rng(seed)
        st = played(g, seed, 0)
        n = 0
        while not st.is_terminal():
            if n % 23 == 0:
                for undo in (True, False):
                    before = bytes(st.s)
                    history = len(st.history)
                    c = st.clone(undo)
                    assert bytes(c.s) == before and c.legal_actions() == st.legal_actions()
                    for _ in range(12):   # the clone plays on: the original does not move
                        if c.is_terminal():
                            break
                        _step(c, rng)
                    assert bytes(st.s) == before and len(st.history) == history
                    assert st.legal_actions() == st.clone().legal_actions()
                    seen = bytes(c.s)
                    c2 = st.clone(undo)
                    for _ in range(3):    # the original plays on: neither clone moves
                        if st.is_terminal():
                            break
                        _step(st, rng)
                        n += 1
                    assert bytes(c.s) == seen and bytes(c2.s) == before
            if st.is_terminal():
                break
            _step(st, rng)
            n += 1


def _undo_and_redo_at_every_decision(g, seeds):
    for seed in seeds:
        rng = Rng(100 + seed)
        st = played(g, 100 + seed, 0)
        while not st.is_terminal():
            before = bytes(st.s)
            opts = list(st.legal_actions())
            taken = len(st.history)
            a = _step(st, rng)
            after = bytes(st.s)
            after_opts = list(st.legal_actions())
            st.undo()
            assert bytes(st.s) == before, "undo did not restore the state before the decision"
            assert st.legal_actions() == opts and len(st.history) == taken
            st.apply(a)   # redo
            assert bytes(st.s) == after and st.legal_actions() == after_opts, "redo differs"


def _undo_beyond_the_snapshots_replays_from_the_start(g):
    st = played(g, 7, 30)
    st.undo_depth = 2
    rng = Rng(7)
    states = [bytes(st.s)]
    for _ in range(6):
        if st.is_terminal():
            break
        _step(st, rng)
        states.append(bytes(st.s))
    for i in range(len(states) - 1):
        st.undo()
        assert bytes(st.s) == states[-2 - i], "undo %d" % (i + 1)


def _snapshots_shared_with_a_clone_are_never_overwritten(g):
    # apply() copies into its oldest snapshot's buffer once the undo depth is reached; a
    # clone shares those buffers, so neither may reuse them.
    st = played(g, 5, 0)
    st.undo_depth = 3
    rng = Rng(5)
    for _ in range(40):   # the snapshots are full and reused from here on
        if st.is_terminal():
            break
        _step(st, rng)
    c = st.clone()
    seen = [bytes(c.s)]
    for _ in range(3):
        c.undo()
        seen.append(bytes(c.s))
    c = st.clone()
    for _ in range(6):   # the original goes on: the clone's buffers are its oldest
        if st.is_terminal():
            break
        _step(st, rng)
    assert bytes(c.s) == seen[0]
    for i in range(3):
        c.undo()
        assert bytes(c.s) == seen[1 + i]


def _hash_follows_the_state(g):
    st = played(g, 3, 40)
    if st.is_terminal():
        st = played(g, 3, 10)
    h = st.hash()
    c = st.clone()
    _step(c, Rng(1))
    assert c.hash() != h and st.hash() == h
    assert g.rs.from_bytes(g.board(), st.to_bytes()).hash() == h


add_tests(globals(), "clones_are_independent_both_ways", _clones_are_independent, unix_combined=False,
          seeds=_seeds)
add_tests(globals(), "undo_and_redo_at_every_decision", _undo_and_redo_at_every_decision,
          unix_combined=False, seeds=_seeds)
add_tests(globals(), "undo_beyond_the_snapshots_replays_from_the_start",
          _undo_beyond_the_snapshots_replays_from_the_start, unix_combined=False)
add_tests(globals(), "undo_snapshots_shared_with_a_clone_are_never_overwritten",
          _snapshots_shared_with_a_clone_are_never_overwritten, unix_combined=False)
add_tests(globals(), "hash_follows_the_state", _hash_follows_the_state, unix_combined=False)
