# host_tools/search_bot.py: the information-set tree search plays only legal options, keeps
# to its budget, tries every root option and the rule bot's first, grows a tree below the
# root, finds a winning action the rule bot misses, repeats itself from the same seed, leaves
# the decisions it does not search to the strong bot, never reads what its player cannot see
# (the determinisations are the ruleset's: Ruleset.determinise), rolls out with a rule bot
# that chooses as the rule bot does, plays Scythe through its hooks and works for a ruleset
# with none. Its strength is a measured figure (docs/bots.md).
import pytest

from firmware.bot_kinds import make_bot
from firmware.rng import Rng
from firmware.rules import registry
from firmware.rules.mls import codes, editing, layout, view
from firmware.rules.mls.rule_bot import RuleBot
from host_tools.boards import load_board
from host_tools.search_bot import SearchBot
from host_tools.views.mls_search import rollout_bot as mls_rollout_bot

CHANCE = -1


def _game(seed=3, players=2):
    rs = registry.load("mls")
    return rs, rs.new_game(load_board(ruleset=rs), players)


def _play_to(st, rng, bots, stop):
    # Play on (bots[p] for player p, chance from rng) until stop(st) or the end.
    while not st.is_terminal() and not stop(st):
        p = st.current_player()
        st.apply(rng.weighted(st.chance_outcomes()) if p == CHANCE else bots[p].choose(st))


def _at_action(st):
    return st.current_player() == 0 and st.decision() == codes.K_ACTION


def _at_rule_action(seed):
    rs, st = _game(seed)
    rng = Rng(seed)
    rule = make_bot(rs, rng, "strong")
    _play_to(st, rng, [rule, rule], _at_action)
    assert len(st.legal_actions()) > 1
    return rs, st


def test_search_bot_plays_only_legal_options_to_the_end_of_a_game():
    rs, st = _game(4)
    rng = Rng(4)
    bots = [SearchBot(rng, rs, iterations=2, depth=2), make_bot(rs, rng, "strong")]
    while not st.is_terminal():
        p = st.current_player()
        if p == CHANCE:
            st.apply(rng.weighted(st.chance_outcomes()))
            continue
        a = bots[p].choose(st)
        assert a in st.legal_actions()
        st.apply(a)
    assert st.winners() and bots[0].searches > 5


def test_every_root_option_meets_every_determinisation_when_paired():
    rs, st = _at_rule_action(5)
    opts = st.legal_actions()
    bot = SearchBot(Rng(9), rs, iterations=4, depth=1)
    bot.choose(st)
    assert bot.last_iterations == 4 == bot.iterations_done
    assert bot.visits == dict.fromkeys(opts, 4)
    assert all(0.0 <= v <= 1.0 for v in bot.means.values())


def test_unpaired_every_root_option_is_tried_and_the_visits_add_up():
    rs, st = _at_rule_action(5)
    opts = st.legal_actions()
    bot = SearchBot(Rng(9), rs, iterations=3 * len(opts), depth=1, paired=False)
    bot.choose(st)
    assert bot.last_iterations == 3 * len(opts) == bot.iterations_done
    assert set(bot.visits) == set(opts) and sum(bot.visits.values()) == 3 * len(opts)


def test_unpaired_the_rule_bots_pick_is_tried_first():
    rs, st = _at_rule_action(6)
    pick = make_bot(rs, Rng(3), "strong").choose(st)
    bot = SearchBot(Rng(3), rs, iterations=1, depth=1, paired=False)
    assert bot.choose(st) == pick and list(bot.visits) == [pick]


def test_paired_options_meet_the_same_determinisation():
    # Common random numbers at the root: in each scenario every root option descends from the
    # same determinised copy (the same hidden cards), one descent an option.
    rs, st = _at_rule_action(7)
    opts = st.legal_actions()
    seen = {}
    real = rs.determinise

    def recording(state, observer, rng):
        key = rng.x
        copy = real(state, observer, rng)
        seen.setdefault(key, []).append(bytes(copy.s))
        return copy

    rs.determinise = recording
    try:
        SearchBot(Rng(4), rs, iterations=5, depth=2).choose(st)
    finally:
        del rs.determinise
    scenarios = [v for v in seen.values() if len(v) > 1]
    assert len(scenarios) == 5
    assert all(len(v) == len(opts) and len(set(v)) == 1 for v in scenarios)


def _nodes_of(bot, st):
    """bot.choose(st), and every tree node the search made (the root first)."""
    from host_tools import search_bot

    grown = []
    real = search_bot._Node

    class Counted(real):
        __slots__ = ()

        def __init__(self):
            real.__init__(self)
            grown.append(self)

    search_bot._Node = Counted
    try:
        bot.choose(st)
    finally:
        search_bot._Node = real
    return grown


def test_the_tree_grows_below_the_root():
    # With more iterations than root options, the search adds nodes for later turns' actions
    # (of the opponent, then its own): a tree, not a flat search over the root's options.
    rs, st = _at_rule_action(5)
    bot = SearchBot(Rng(9), rs, iterations=10, depth=3)
    grown = _nodes_of(bot, st)
    root_kids = len(bot.visits)
    assert len(grown) > 1 + root_kids + 5, (len(grown), root_kids)


def test_a_time_budget_stops_the_search():
    rs, st = _at_rule_action(6)
    slow = SearchBot(Rng(1), rs, iterations=100000, seconds=0.2, depth=0)   # playouts to the end
    slow.choose(st)
    assert 1 <= slow.last_iterations < 100000
    assert slow.search_seconds < 5.0     # the budget and at most one scenario past it


def test_bad_budgets_are_refused():
    rs = registry.load("mls")
    bad = (lambda: SearchBot(Rng(1), rs, iterations=0), lambda: SearchBot(Rng(1), rs, seconds=-1.0),
           lambda: SearchBot(Rng(1), rs, depth=-1), lambda: SearchBot(Rng(1), rs, c=-0.1))
    for make in bad:
        with pytest.raises(ValueError):
            make()


def _winning_conjure():
    # Player 0 to choose its action with 3 trophies (not the spells one), 2 spells and 2
    # gems: Conjure gives the third spell, the fourth trophy and the game (the opponent,
    # also at 3 trophies, has one turn left and cannot pass 4). The rule bot prefers to
    # Move the Seeker standing on 4 apples toward the castle (400 against Conjure's 260).
    rs, st = _at_rule_action(3)
    board = st.board
    rule = RuleBot(Rng(1))
    rule.build(board)
    taken = set(st.seekers(0)) | set(st.seekers(1))
    x = [y for y in range(board.n_spaces) if y != board.castle and rule.castle[y] >= 2
         and y not in taken and not st.occupants(y) and not st.apples(y) and not st.gems(y)][0]
    editing.set_seeker(st, 0, 1, codes.AT_CAMP)
    editing.set_seeker(st, 0, 0, x)
    editing.set_goods(st, x, apples=4, gems=2)
    three = (1 << codes.T_POWER_UPS) | (1 << codes.T_QUESTS)
    editing.set_trophies(st, 0, three | (1 << codes.T_PIES))
    editing.set_trophies(st, 1, three | (1 << codes.T_FRIENDSHIP))
    editing.set_friendship(st, 0, 6)
    editing.set_friendship(st, 1, 8)
    editing.set_spells(st, 0, [c for c in range(9) if view.spell_deck(st)[c]][0], 2)
    editing.set_last_action(st, 0, codes.A_SEEK_1)
    st.changed()
    assert st.check() is None and codes.A_CONJURE in st.legal_actions()
    return rs, st


def test_the_search_finds_the_winning_action_the_rule_bot_misses():
    rs, st = _winning_conjure()
    assert make_bot(rs, Rng(1), "strong").choose(st) == codes.A_MOVE
    bot = SearchBot(Rng(2), rs, iterations=4, depth=2)
    assert bot.choose(st) == codes.A_CONJURE
    assert bot.means[codes.A_CONJURE] == 1.0 > bot.means[codes.A_MOVE]
    unpaired = SearchBot(Rng(2), rs, iterations=40, depth=2, paired=False)
    assert unpaired.choose(st) == codes.A_CONJURE
    assert unpaired.visits[codes.A_CONJURE] > unpaired.visits[codes.A_MOVE]


def test_the_same_seed_gives_the_same_choices():
    rs, st = _at_rule_action(13)
    a = SearchBot(Rng(21), rs, iterations=5, depth=3)
    b = SearchBot(Rng(21), rs, iterations=5, depth=3)
    assert a.choose(st.clone()) == b.choose(st.clone())
    assert a.means == b.means and a.visits == b.visits


def test_decisions_it_does_not_search_are_the_strong_bots():
    rs, st = _game(7)
    rng = Rng(7)
    rule = make_bot(rs, rng, "strong")
    for kind in (codes.K_SEEK_PLACE, codes.K_MOVE):
        _play_to(st, rng, [rule, rule], lambda s, kind=kind: s.current_player() >= 0
                  and s.decision() == kind and len(s.legal_actions()) > 1)
        assert st.decision() == kind
        bot = SearchBot(Rng(11), rs, iterations=5)
        assert bot.choose(st) == make_bot(rs, Rng(11), "strong").choose(st)
        assert bot.searches == 0
        st.apply(rule.choose(st))


def test_the_rollout_bot_chooses_as_the_rule_bot_does():
    # The playouts' policy (mls_rollout_bot) against RuleBot at every Seeker's move of two
    # rule-bot games, 2 and 4 players: the same option and the same carry.
    checked = 0
    for seed, players in ((1, 2), (2, 4)):
        rs, st = _game(seed, players)
        rng = Rng(seed)
        rule = RuleBot(rng)
        fast = mls_rollout_bot(Rng(0))
        while not st.is_terminal():
            p = st.current_player()
            if p == CHANCE:
                st.apply(rng.weighted(st.chance_outcomes()))
                continue
            a = rule.choose(st)
            if st.decision() == codes.K_MOVE and len(st.legal_actions()) > 1:
                assert fast.choose(st) == a and fast.carrying == rule.carrying
                checked += 1
            st.apply(a)
    assert checked > 40


def _hidden_variant(st, observer):
    # The same position with the opponent's hidden cards swapped for unseen ones: another
    # personality card from the undealt ones, and one spell of its hand for a deck class.
    other = st.clone()
    q = 1 - observer
    mine = view.personality(other, q)
    undealt = [c for c in range(8) if other.s[layout.PERS] & (1 << c)]
    assert undealt and mine != codes.NONE
    editing.set_personality(other, q, undealt[0])
    hand = view.spell_hand(other, q)
    deck = view.spell_deck(other)
    c_out = [c for c in range(9) if hand[c]][0]
    c_in = [c for c in range(9) if deck[c] and c != c_out]
    if c_in:   # (the base game's spell cards are all of one class: no other to swap in)
        editing.set_spells(other, q, c_out, hand[c_out] - 1)
        editing.set_spells(other, q, c_in[0], hand[c_in[0]] + 1)
    other.changed()
    assert other.s != st.s and other.check() is None
    return other


def _with_spells(seed):
    # A position at player 0's action where player 1 holds a spell card.
    rs, st = _game(seed)
    rng = Rng(seed)
    rule = make_bot(rs, rng, "strong")
    _play_to(st, rng, [rule, rule], _at_action)
    if not st.spells(1):
        editing.set_spells(st, 1, [c for c in range(9) if view.spell_deck(st)[c]][0], 1)
        st.changed()
    return rs, st


def test_the_determinisation_is_the_rulesets_and_resamples_the_opponents_hidden_cards():
    rs, st = _with_spells(8)
    other = _hidden_variant(st, 0)
    a = rs.determinise(st, 0, Rng(42))
    b = rs.determinise(other, 0, Rng(42))
    assert a.s == b.s                                   # the hidden content is not read
    assert a.check() is None
    assert sum(view.spell_hand(a, 1)) == st.spells(1)   # hand sizes and pools are kept
    assert [x + y for x, y in zip(view.spell_hand(a, 1), view.spell_deck(a))] == \
        [x + y for x, y in zip(view.spell_hand(st, 1), view.spell_deck(st))]
    assert view.spell_hand(a, 0) == view.spell_hand(st, 0)   # the searcher's own hand stays
    assert view.personality(a, 0) == view.personality(st, 0)
    seen = {view.personality(rs.determinise(st, 0, Rng(k)), 1) for k in range(40)}
    assert len(seen) > 1                                # the opponent's card is resampled


def test_the_bot_decides_the_same_whatever_the_opponent_holds():
    rs, st = _with_spells(10)
    other = _hidden_variant(st, 0)
    a = SearchBot(Rng(77), rs, iterations=12, depth=2)
    b = SearchBot(Rng(77), rs, iterations=12, depth=2)
    assert a.choose(st) == b.choose(other)
    assert a.means == b.means and a.visits == b.visits


def test_a_revealed_personality_is_not_resampled():
    rs, st = _with_spells(12)
    st.s[layout.P0 + layout.PSZ + layout.REVEALED] = 1
    card = view.personality(st, 1)
    for k in range(10):
        assert view.personality(rs.determinise(st, 0, Rng(k)), 1) == card


def test_a_ruleset_without_hooks_is_searched_at_every_choice():
    rs = registry.plug("tests.rulesets.race")
    st = rs.new_game(load_board(ruleset=rs), 2)
    rng = Rng(2)
    bots = [SearchBot(rng, rs, iterations=3, depth=0), make_bot(rs, rng, "random")]
    while not st.is_terminal():
        p = st.current_player()
        if p == CHANCE:
            st.apply(rng.weighted(st.chance_outcomes()))
            continue
        a = bots[p].choose(st)
        assert a in st.legal_actions()
        st.apply(a)
    assert st.winners() and bots[0].searches > 0


def test_a_scythe_defender_searches_without_the_attackers_real_dial():
    # At a defender's dial, two games that differ only in the attacker's sealed dial: the
    # same search, the same choice (the attacker's side is drawn again, never read).
    from firmware.rules.scythe.layout import C_DIAL, K_DIAL

    rs = registry.load("scythe")
    found = 0
    for seed in range(104, 112):
        st = rs.new_game(load_board(ruleset=rs), 2)
        rng = Rng(seed)
        while not st.is_terminal():
            p = st.current_player()
            if p == CHANCE:
                st.apply(rng.weighted(st.chance_outcomes()))
                continue
            if st.decision() == K_DIAL and p != st.active_player() and len(st.legal_actions()) > 1:
                break
            opts = st.legal_actions()
            st.apply(opts[rng.below(len(opts))])
        if st.is_terminal():
            continue
        other = st.clone()
        other.s[C_DIAL] = 0 if st.s[C_DIAL] else 1   # another attacker's dial
        other.changed()
        a = SearchBot(Rng(5), rs, iterations=8, depth=2)
        b = SearchBot(Rng(5), rs, iterations=8, depth=2)
        assert a.choose(st) == b.choose(other) and a.means == b.means and a.visits == b.visits
        found += 1
        if found == 2:
            break
    assert found


def test_scythe_is_searched_at_the_mat_section_only():
    from firmware.rules.scythe.layout import K_SECTION

    rs = registry.load("scythe")
    st = rs.new_game(load_board(ruleset=rs), 2)
    rng = Rng(3)
    bots = [SearchBot(rng, rs, iterations=3, depth=2), make_bot(rs, rng, "strong")]
    sections = 0
    for _ in range(400):
        if st.is_terminal():
            break
        p = st.current_player()
        if p == CHANCE:
            st.apply(rng.weighted(st.chance_outcomes()))
            continue
        before = bots[0].searches
        a = bots[p].choose(st)
        if p == 0 and len(st.legal_actions()) > 1:
            assert (bots[0].searches > before) == (st.decision() == K_SECTION)
            sections += st.decision() == K_SECTION
        assert a in st.legal_actions()
        st.apply(a)
    assert sections > 3


def test_below_the_root_a_node_widens_only_as_its_visits_grow():
    # Progressive widening: a node below the root holds at most 1 + sqrt(visits / 16) children
    # (one more where none of its children was legal in a determinisation), its first the
    # strong bot's pick: the opponents' replies follow the strong bot until visits grow.
    import math

    rs, st = _at_rule_action(5)
    grown = _nodes_of(SearchBot(Rng(9), rs, iterations=30, depth=3), st)
    inner = [n for n in grown[1:] if n.kids]
    assert inner and max(n.visits for n in inner) >= 16
    assert all(len(n.kids) <= 2 + int(math.sqrt(n.visits / 16.0)) for n in inner)
    assert all(len(n.kids) <= 2 for n in inner if n.visits < 16)   # (UCT alone gives 3 at 9 here)
    assert any(len(n.kids) > 1 for n in inner)   # it does widen


def test_a_scythe_rollout_is_scored_by_the_progress_toward_stars_not_the_coins_alone():
    # The same coins and board, but player 0 has upgraded three times (half the way to the
    # upgrades' star): its evaluation rises and its opponent's falls by as much.
    from firmware.rules.scythe.common import po
    from firmware.rules.scythe.layout import P_TOPUP
    from host_tools.views.scythe_search import evaluate

    rs = registry.load("scythe")
    st = rs.new_game(load_board(ruleset=rs), 2)
    rng = Rng(4)
    while st.current_player() == CHANCE:
        st.apply(rng.weighted(st.chance_outcomes()))
    ahead = st.clone(False)
    ahead.s[po(0) + P_TOPUP] |= 0b111
    assert evaluate(ahead, 0) > evaluate(st, 0) + 0.02
    assert abs(evaluate(ahead, 0) + evaluate(ahead, 1) - 1.0) < 1e-9
