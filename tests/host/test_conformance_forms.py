# The conformance suite's forms (tests/conformance/games.py): the combinations of on/off options
# it tries skip every set holding a clashing pair (two options accepted alone, refused together),
# on the rule that a clash holds in every larger set. Checked here against trying every
# combination, for every registered ruleset (CPython only: 2^19 combinations are too slow for the
# unix port, which runs the same forms()). make test tries the first QUICK_OPTIONS options of each
# ruleset (2^16 combinations); make test-long all of them (2^23 for Scythe: about 2 minutes).
from array import array

from firmware.rules import registry
from tests.conformance import games as G

QUICK_OPTIONS = 16


def test_the_combinations_skipping_clashes_are_those_accepted_of_every_combination():
    G._plug_test_rulesets()
    for name in registry.names():
        rs = registry.load(name)
        on_off = sorted(k for k, v in rs.new_options.items()
                        if tuple(v) == (0, 1) and k != rs.solo_option and k != rs.deck_option)
        whole = len(on_off)
        if not G.LONG:
            on_off = on_off[:QUICK_OPTIONS]
        solos = [(w, v) for w, opt, v in rs.aliases if opt == rs.solo_option] if rs.solo_option else []
        clashes = G._clashes(rs, on_off, solos)
        pruned = array("I")
        G._accept(rs, on_off, solos, clashes, len(on_off) - 1, 0, pruned)
        full = array("I")
        G._accept(rs, on_off, solos, clashes, len(on_off) - 1, 0, full, everything=True)
        assert list(pruned) == list(full), name
        assert list(full) == sorted(full) and len(full) >= 1
        if name == "scythe":   # (a ruleset with clashes)
            assert sum(1 for c in clashes if c) >= (9 if len(on_off) == whole else 5), clashes
            assert len(full) > (3000 if len(on_off) == whole else 500), len(full)


def test_the_largest_combinations_make_test_checks_turn_on_every_option_the_largest_do():
    # make test checks a cover of the largest combinations once a form (G.in_cover), make
    # test-long the others: every option of theirs is still in make test's, and none is both
    largest = [g for g in G.forms() if G.combined(g) and not G.pair(g)]
    chosen = [g for g in largest if G.in_cover(g)]
    for rs in set(g.rs for g in largest):
        want = set(k for g in largest if g.rs is rs for k in g.options)
        got = set(k for g in chosen if g.rs is rs for k in g.options)
        assert want and got == want, sorted(want - got)
    assert 0 < len(chosen) < len(largest)
    for g in largest:
        assert G.in_this_volume(g) == (G.in_cover(g) != G.LONG)
