# Spell cards and Automountie's cards the software does not know (docs/content.md, "Printed
# cards or the model deck"). Printed at the table: a spell card of unknown value goes onto a
# bid as the card, then its value, read from the card (a bot seat's by the table, never the
# bot); what Automountie's card shows is read at the table. The model deck: every spell card
# has a model value within the bounds, known to its holder only; her card's decisions are
# chance decisions from the model Automountie deck, decided by no bot. Games replay from their
# histories.
from firmware.bot_kinds import make_bot
from firmware.rng import Rng
from firmware.rules.mls import content_model, view
from firmware.rules.mls.codes import (K_AM_DIRECTION, K_AM_PAY, K_AM_TROPHY, K_BID_SPELL, K_DEAL_SPELL,
                                      K_DISCARD_SPELL, K_DRAW_SPELL, SPELL_UNKNOWN)
from firmware.rules.mls.layout import BID_STEP, SDECK, XOPT

from tests.conformance.games import MAX_DECISIONS, chance_pick

from .support import MICROPYTHON
from .test_card_modes import _STATING, _new, _players, read_at_the_table

_AM = (K_AM_DIRECTION, K_AM_PAY, K_AM_TROPHY)
_FORMS = ("mls", "mls+pits", "mls+pits+solo")


def _play(name, seed, kind, cards, table=None, on_step=None):
    """A game to its end, every seat a bot of `kind`; table(st) enters what reads a card."""
    rs, st = _new(name, _players(name, seed), cards)
    rng = Rng(seed)
    bot = make_bot(rs, Rng(seed + 7919), kind)
    n = 0
    while not st.is_terminal():
        if st.current_player() == -1:
            a = chance_pick(st, rng)
        elif rs.reads_card(st):
            assert table is not None, "a model-deck game read a card: %d" % st.decision()
            a = table(st)
        else:
            a = bot.choose(st)
        if on_step is not None:
            on_step(st, a)
        st.apply(a)
        n += 1
        assert n < MAX_DECISIONS, (name, seed)
    return st


def test_every_model_spell_value_and_automountie_card_keeps_to_the_bounds():
    assert len(content_model.MODEL_SPELLS) == 30
    assert all(content_model.SPELL_MIN <= v <= content_model.SPELL_MAX for v in content_model.MODEL_SPELLS)
    assert sum(content_model.MODEL_SPELLS) == 2 * 30   # mean 2: the 2 pies a rejuvenation gives instead
    assert len(content_model.MODEL_AM) == 21
    for card in content_model.MODEL_AM:
        assert card >> 3 < 6 and content_model.AM_PAY_MIN <= card & 7 <= content_model.AM_PAY_MAX
    # the model deck of a game: the 30 cards, each of a model value, none unknown
    rs, st = _new("mls", 3, 1)
    deck = st.s[SDECK:SDECK + 9]
    assert sum(deck) == 30 and deck[SPELL_UNKNOWN] == 0 and deck[0] == 0
    assert [v for v in range(8) if deck[v]] == [1, 2, 3]
    rs, st = _new("mls", 3, None)   # printed: every card's value is read from it
    assert st.s[SDECK + SPELL_UNKNOWN] == 30


def test_in_a_model_deck_game_every_spell_has_a_model_value_and_her_card_is_chance():
    games = 6 if MICROPYTHON else 300
    seen = {"attached": 0, "am": 0}

    def on_step(st, a):
        kind = st.decision()
        if kind in (K_DEAL_SPELL, K_DRAW_SPELL, K_DISCARD_SPELL):
            assert content_model.SPELL_MIN <= a <= content_model.SPELL_MAX, (kind, a)
        if kind == K_BID_SPELL:
            for o in st.legal_actions():   # never a card of unknown value, never a stated value
                assert o == 0 or 1 + content_model.SPELL_MIN <= o <= 1 + content_model.SPELL_MAX, o
            assert st.s[BID_STEP] <= 2
            seen["attached"] += a != 0
        if kind in _AM:
            assert st.current_player() == -1, "a bot decided Automountie's card"
            seen["am"] += 1
            if kind == K_AM_PAY:
                assert a == 0 or content_model.AM_PAY_MIN <= a <= content_model.AM_PAY_MAX, a
        for p in range(st.n_players()):
            assert view.spell_hand(st, p)[SPELL_UNKNOWN] == 0

    for i in range(games):
        name = _FORMS[i % len(_FORMS)]
        st = _play(name, 3000 + i, "random" if i % 2 else "strong", 1, on_step=on_step)
        assert st.model_cards()
    assert seen["attached"] > 0 and seen["am"] > 0, seen


def test_the_rule_bot_attaches_a_model_spell_of_its_own():
    attached = [0]

    def on_step(st, a):
        if st.decision() == K_BID_SPELL and a:
            assert view.spell_hand(st, st.current_player())[a - 1] > 0   # a card it holds
            attached[0] += 1

    for seed in range(4 if MICROPYTHON else 30):
        _play("mls", 4000 + seed, "strong", 1, on_step=on_step)
    assert attached[0] > 0


def test_with_the_printed_cards_the_table_reads_a_spell_value_and_her_card_never_a_bot():
    games = 12 if MICROPYTHON else 60
    read = {"spell": 0, "am": 0, "her": 0}
    table_rng = Rng(91)

    def table(st):   # the person reading the card in: any legal entry
        assert read_at_the_table(st)
        if st.decision() == K_BID_SPELL and st.s[BID_STEP] > 2:
            assert st.legal_actions() == list(range(9, 17))
            read["spell"] += 1
        elif st.decision() in _AM:
            read["am"] += 1
        elif st.decision() not in _STATING:   # (a quest card's terms: test_card_modes.py)
            # any other decision of Automountie's seat: her card and rules decide it
            assert st.s[XOPT] and st.automountie(st.current_player()), st.decision()
            read["her"] += 1
        return table_rng.choice(st.legal_actions())

    def on_step(st, a):   # a bot's spell slot: none, or the card, never a value
        if st.decision() == K_BID_SPELL and st.s[BID_STEP] <= 2:
            assert a in (0, 9), a

    for i in range(games):
        _play(_FORMS[i % len(_FORMS)], 5000 + i, "random" if i % 2 else "strong", None, table, on_step)
    assert read["spell"] > 0 and read["am"] > 0 and read["her"] > 0, read


def test_the_board_s_bot_seat_leaves_its_spell_value_to_the_table():
    from firmware.board.secrets import SecretEntry

    rs, st = _new("mls", 2, None)
    rng = Rng(8)
    while not (st.decision() == K_BID_SPELL and 9 in st.legal_actions()):   # a card to attach
        if st.is_terminal():
            rs, st = _new("mls", 2, None)
        st.apply(chance_pick(st, rng) if st.current_player() == -1 else rng.choice(st.legal_actions()))
    # back to the start of this side's bid: the secret run begins with its pies
    sec = SecretEntry(rs, len(st.s))
    while st.history and st.decision() == K_BID_SPELL:
        st.undo()
    sec.start(st, 0)
    p = st.current_player()
    k = sec.sides.index(p)

    def bot(c):   # a bot attaching the card of unknown value
        return 9 if c.decision() == K_BID_SPELL else c.legal_actions()[0]

    sec.enter_for(st, k, bot)
    assert not sec.locked[k] and sec.entries[k][-1] == 9   # unlocked: the value is the table's
    assert sec.options(st, sec.dial[k]) == list(range(9, 17))


def test_games_replay_from_their_histories():
    for name in _FORMS:
        for cards, table in ((1, None), (None, lambda st: st.legal_actions()[-1])):
            st = _play(name, 41, "random", cards, table)
            rs, again = _new(name, _players(name, 41), cards)
            for a in st.history:
                again.apply(a)
            assert bytes(again.s) == bytes(st.s), (name, cards)


def test_a_save_of_a_model_deck_game_keeps_its_spell_values():
    rs, st = _new("mls+pits", 3, 1)
    rng = Rng(2)
    for _ in range(60):
        st.apply(chance_pick(st, rng) if st.current_player() == -1 else rng.choice(st.legal_actions()))
    back = rs.from_bytes(st.board, st.to_bytes())   # loading.check counts the model deck's cards
    assert bytes(back.s) == bytes(st.s) and back.model_cards()


def test_the_log_names_model_spell_cards_and_the_model_automountie_card():
    if MICROPYTHON:
        return   # the log in words is the host's and the page's (a board never narrates)
    from firmware.rules.mls.narrate import narrate

    said = {"spell": [], "am": []}

    def on_step(st, a):
        kind = st.decision()
        if kind == K_BID_SPELL or kind in _AM:
            after = st.clone(False)
            after.apply(a)
            said["spell" if kind == K_BID_SPELL else "am"].append(narrate(st, a, after))

    for seed in range(6):
        _play("mls+pits+solo", 6000 + seed, "random", 1, on_step=on_step)
    assert said["spell"] and all("model spell card" in x for x in said["spell"]), said["spell"][:3]
    assert said["am"] and all("model Automountie card" in x or "model trophy track" in x
                              for x in said["am"]), said["am"][:3]
