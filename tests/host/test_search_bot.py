# host_tools/search_bot.py: the information-set MCTS bot plays only legal options, keeps to its
# budget, leaves the decisions it does not search to the strong bot, never reads what its
# player cannot see (the opponents' hidden cards are resampled), and works for a ruleset with
# none of My Little Scythe's hooks. Its strength is a measured figure (docs/bots.md).
from firmware.bot_kinds import make_bot
from firmware.rng import Rng
from firmware.rules import registry
from firmware.rules.mls import codes, editing, layout, view
from host_tools.boards import load_board
from host_tools.search_bot import SearchBot, mls_determinise

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


def test_search_bot_plays_only_legal_options_to_the_end_of_a_game():
    rs, st = _game(4)
    rng = Rng(4)
    bots = [SearchBot(rng, rs, iterations=3, depth=1), make_bot(rs, rng, "strong")]
    n = 0
    while not st.is_terminal():
        p = st.current_player()
        if p == CHANCE:
            st.apply(rng.weighted(st.chance_outcomes()))
            continue
        a = bots[p].choose(st)
        assert a in st.legal_actions()
        st.apply(a)
        n += 1
    assert st.winners() and bots[0].searches > 10


def test_the_iteration_budget_is_kept_per_turn():
    rs, st = _game(5)
    rng = Rng(5)
    rule = make_bot(rs, rng, "strong")
    _play_to(st, rng, [rule, rule], _at_action)
    bot = SearchBot(Rng(9), rs, iterations=12, depth=1)
    bot.choose(st)
    assert bot.tree is not None
    root = bot.tree[2]
    assert bot.last_iterations == 12 and root.visits == 12
    assert sum(ch.visits for ch in root.children.values()) == 12
    assert set(root.children) <= set(st.legal_actions())


def test_a_time_budget_stops_the_search():
    rs, st = _game(6)
    rng = Rng(6)
    rule = make_bot(rs, rng, "strong")
    _play_to(st, rng, [rule, rule], _at_action)
    slow = SearchBot(Rng(1), rs, iterations=100000, seconds=0.2, depth=0)   # playouts to the end
    slow.choose(st)
    assert 1 <= slow.last_iterations < 100000
    assert slow.search_seconds < 5.0     # the budget and at most one playout past it


def test_decisions_it_does_not_search_are_the_strong_bots():
    rs, st = _game(7)
    rng = Rng(7)
    rule = make_bot(rs, rng, "strong")
    _play_to(st, rng, [rule, rule], lambda s: s.current_player() >= 0
              and s.decision() == codes.K_SEEK_PLACE and len(s.legal_actions()) > 1)
    assert st.decision() == codes.K_SEEK_PLACE
    bot = SearchBot(Rng(11), rs, iterations=5)
    assert bot.choose(st) == make_bot(rs, Rng(11), "strong").choose(st)
    assert bot.searches == 0


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


def test_determinisation_resamples_the_opponents_hidden_cards():
    rs, st = _with_spells(8)
    other = _hidden_variant(st, 0)
    a = mls_determinise(st.clone(), 0, Rng(42))
    b = mls_determinise(other.clone(), 0, Rng(42))
    assert a.s == b.s                                   # the hidden content is not read
    assert a.check() is None
    assert sum(view.spell_hand(a, 1)) == st.spells(1)   # hand sizes and pools are kept
    assert [x + y for x, y in zip(view.spell_hand(a, 1), view.spell_deck(a))] == \
        [x + y for x, y in zip(view.spell_hand(st, 1), view.spell_deck(st))]
    assert view.spell_hand(a, 0) == view.spell_hand(st, 0)   # the searcher's own hand stays
    assert view.personality(a, 0) == view.personality(st, 0)
    seen = {view.personality(mls_determinise(st.clone(), 0, Rng(k)), 1) for k in range(40)}
    assert len(seen) > 1                                # the opponent's card is resampled


def test_the_bot_decides_the_same_whatever_the_opponent_holds():
    rs, st = _with_spells(10)
    other = _hidden_variant(st, 0)
    a = SearchBot(Rng(77), rs, iterations=10, depth=1)
    b = SearchBot(Rng(77), rs, iterations=10, depth=1)
    assert a.choose(st) == b.choose(other)
    visits = lambda bot: sorted((k, ch.visits, round(ch.total, 9)) for k, ch in bot.tree[2].children.items())
    assert visits(a) == visits(b)


def test_a_revealed_personality_is_not_resampled():
    rs, st = _with_spells(12)
    st.s[layout.P0 + layout.PSZ + layout.REVEALED] = 1
    card = view.personality(st, 1)
    for k in range(10):
        assert view.personality(mls_determinise(st.clone(), 0, Rng(k)), 1) == card


def test_a_ruleset_without_hooks_is_searched_at_every_choice():
    rs = registry.plug("tests.rulesets.race")
    st = rs.new_game(load_board(ruleset=rs), 2)
    rng = Rng(2)
    bots = [SearchBot(rng, rs, iterations=4, depth=0), make_bot(rs, rng, "random")]
    while not st.is_terminal():
        p = st.current_player()
        if p == CHANCE:
            st.apply(rng.weighted(st.chance_outcomes()))
            continue
        a = bots[p].choose(st)
        assert a in st.legal_actions()
        st.apply(a)
    assert st.winners() and bots[0].searches > 0
