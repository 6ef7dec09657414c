# Cards the software does not know (docs/content.md, "Printed cards or the model deck"): a new
# game of My Little Scythe plays them from the printed cards at the table (the board's default:
# whoever draws reads the terms in, a bot's seat too) or from the model deck (the `new` option
# "cards" [1]: the page, the simulator, the laptop). A bot never states a printed term; a model
# card's terms are chance and stay within the documented bounds; the deck is kept in a save and
# a game replays from its history.
from firmware.bot_kinds import make_bot
from firmware.rng import Rng
from firmware.rules.mls import content_model, content_mls, view
from firmware.rules.mls.codes import (K_AM_DIRECTION, K_AM_PAY, K_AM_TROPHY, K_BID_SPELL, K_QUEST_OPTION,
                                      K_STATE_TERM, K_TERM_AMOUNT, QUEST_NO_THANKS)
from firmware.rules.mls.layout import BID_STEP, CARDS, XOPT

from tests.conformance.games import MAX_DECISIONS, chance_pick, game

from .support import MICROPYTHON, raises

_STATING = (K_STATE_TERM, K_TERM_AMOUNT)
_AUTOMOUNTIE = (K_AM_DIRECTION, K_AM_PAY, K_AM_TROPHY)


def read_at_the_table(st):
    """Whether the pending decision reads a printed card: a quest option's terms, the value
    of a spell card of unknown value just attached (K_BID_SPELL's value step), what
    Automountie's card shows (tests/rules/test_spell_and_automountie_cards.py), and every
    other decision of her seat (her card and rules decide them)."""
    k = st.decision()
    p = st.current_player()
    hers = st.s[XOPT] and p >= 0 and st.automountie(p)
    return k in _STATING or k in _AUTOMOUNTIE or k == K_BID_SPELL and st.s[BID_STEP] > 2 or bool(hers)


_FORMS = ("mls", "mls+pits", "mls+pits+solo")


def _new(name, players, cards):
    g = game(name)
    options = dict(g.options)
    if cards is not None:
        options["cards"] = [cards]
    return g.rs, g.rs.new_game(g.board(), players, options)


def _players(name, seed):
    return 1 if name.endswith("solo") else 2 + seed % 3


def _play(name, seed, kind, cards, table=None, on_step=None):
    """One game to its end, every seat a bot of `kind`; table(st): the entry the table makes
    for a decision that reads a printed card (Ruleset.reads_card), else the bot decides."""
    rs, st = _new(name, _players(name, seed), cards)
    rng = Rng(seed)
    bot = make_bot(rs, Rng(seed + 7919), kind)
    n = 0
    while not st.is_terminal():
        if st.current_player() == -1:
            a = chance_pick(st, rng)
        elif table is not None and rs.reads_card(st):
            a = table(st)
        else:
            assert table is None or not read_at_the_table(st), "a bot stated a printed term"
            a = bot.choose(st)
        if on_step is not None:
            on_step(st, a)
        st.apply(a)
        n += 1
        assert n < MAX_DECISIONS, (name, seed)
    return st


def test_every_model_card_keeps_to_the_bounds_and_to_what_is_known():
    assert len(content_model.MODEL_QUESTS) == len(content_mls.QUEST_CARDS) + 2   # with Pie in the Sky's
    for card in content_model.MODEL_QUESTS:
        assert len(card) == 3
        for opt in card[1:]:
            assert opt[2] and content_model.within_bounds(opt[1]), card
    # Help with Apples: its name and Donate Apples' known term (give 2 apples) come first.
    printed = content_mls.QUEST_CARDS[0]
    model = content_model.MODEL_QUESTS[0]
    assert model[0] == printed[0] and model[1][0] == printed[1][0]
    assert model[1][1][:len(printed[1][1])] == printed[1][1]
    # The invented terms are outside the bounds.
    assert not content_model.within_bounds(((9, 6), (4, 3)))          # gain friendship 6, gems 3
    assert not content_model.within_bounds(((5, 7), (7, 3), (10, 6)))  # give apples 7, ...


def test_in_a_model_deck_game_no_term_is_stated_and_every_offered_option_keeps_to_the_bounds():
    games = 6 if MICROPYTHON else 300
    seen = {"options": 0, "taken": 0}

    def on_step(st, a):
        kind = st.decision()
        assert kind not in _STATING, "a model-deck game stated a term"
        if kind == K_QUEST_OPTION:
            card = st.quest_card(view.current_quest(st))
            for o in st.legal_actions():
                if o != QUEST_NO_THANKS:
                    assert content_model.within_bounds(card[1 + o][1]), card
                    seen["options"] += 1
            seen["taken"] += a != QUEST_NO_THANKS

    for i in range(games):
        name = _FORMS[i % len(_FORMS)]
        st = _play(name, 1000 + i, "random" if i % 2 else "strong", 1, on_step=on_step)
        assert st.model_cards()
    assert seen["options"] > games and seen["taken"] > games // 2, seen


def test_with_the_printed_cards_a_bot_seat_never_states_a_term_the_table_does():
    games = 4 if MICROPYTHON else 60
    read = [0]
    table_rng = Rng(77)

    def table(st):   # the person reading the bot's card in: any legal entry
        assert read_at_the_table(st)
        read[0] += 1
        return table_rng.choice(st.legal_actions())

    for i in range(games):
        _play(_FORMS[i % len(_FORMS)], 2000 + i, "random" if i % 2 else "strong", None, table)
    assert read[0] > games, read   # the table was asked, again and again


def test_the_board_s_bot_seat_makes_no_plan_for_a_printed_card():
    from firmware.board.bot_seats import BotSeats

    rs, st = _new("mls", 2, None)
    rng = Rng(5)
    while st.decision() != K_STATE_TERM:   # play on until some seat states a quest option
        if st.is_terminal():
            rs, st = _new("mls", 2, None)
        if st.current_player() == -1:
            st.apply(chance_pick(st, rng))
            continue
        opts = st.legal_actions()
        want = [o for o in opts if o in (0, 1)] if st.decision() == K_QUEST_OPTION else []
        st.apply(want[0] if want else rng.choice(opts))

    class Ctl:   # the controller's part make_plan reads before a plan
        def __init__(self, st):
            self.st = st

    ctl = Ctl(st)
    seats = BotSeats(rs, 1 << st.current_player())
    seats.make_plan(ctl)
    assert seats.plan == -1 and seats.plans == 0   # the table reads the card in
    assert rs.reads_card(st)
    st.s[CARDS] = 2   # the same position in a model-deck game would be no printed card
    assert not rs.reads_card(st)


def test_the_deck_is_kept_in_a_save_and_in_a_new_game_like_it():
    for name in _FORMS:
        rs, st = _new(name, 1 if name.endswith("solo") else 3, 1)
        back = rs.from_bytes(st.board, st.to_bytes())
        assert back.model_cards() and bytes(back.s) == bytes(st.s)
        players, options = rs.setup_of(st)
        assert options.get("cards") == [1]
        assert rs.new_game(st.board, players, options).model_cards()
        rs, st = _new(name, 1 if name.endswith("solo") else 3, None)
        assert not st.model_cards() and rs.setup_of(st)[1].get("cards") is None
    # A save from before the option held the option taken last (0 or 1) there: printed cards.
    rs, st = _new("mls", 3, None)
    st.s[CARDS] = 1
    assert not rs.from_bytes(st.board, st.to_bytes()).model_cards()
    raises(Exception, rs.new_game, st.board, 3, {"cards": [2]})


def test_a_model_deck_game_replays_from_its_history():
    for name in _FORMS:
        st = _play(name, 31, "strong", 1)
        rs, again = _new(name, _players(name, 31), 1)
        for a in st.history:
            again.apply(a)
        assert bytes(again.s) == bytes(st.s), name


def test_the_log_calls_a_model_card_a_model():
    if MICROPYTHON:
        return   # the log in words is the host's and the page's (a board never narrates)
    from firmware.rules.mls.narrate import narrate
    from firmware.text import set_language, language

    said = []

    def on_step(st, a):
        if st.decision() in (K_QUEST_OPTION,) and a != QUEST_NO_THANKS:
            before = st.clone(False)
            after = st.clone(False)
            after.apply(a)
            said.append(narrate(before, a, after))

    was = language()
    _play("mls", 3, "strong", 1, on_step=on_step)
    assert said and all("model quest card" in line for line in said), said
    try:
        set_language("es")
        line = said and narrate(*_one_option("mls", 1))
        assert "carta de misión modelo" in line, line
    finally:
        set_language(was)


def _one_option(name, cards):
    """(before, a, after) of the first quest option taken in a game."""
    rs, st = _new(name, 3, cards)
    rng = Rng(9)
    while not st.is_terminal():
        if st.current_player() == -1:
            a = chance_pick(st, rng)
        else:
            opts = st.legal_actions()
            if st.decision() == K_QUEST_OPTION and opts[0] != QUEST_NO_THANKS:
                after = st.clone(False)
                after.apply(opts[0])
                return st, opts[0], after
            a = rng.choice(opts)
        st.apply(a)
    raise AssertionError("no quest option taken")
