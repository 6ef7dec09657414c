# One set of Scythe option words (firmware/rules/scythe/narrate_words.py): the log's sentence
# (firmware/rules/scythe/narrate.py, printed by the page, `pomme play` and `pomme replay`) names
# a top-row option with its cost and gains and a unit with its hex, in the very words of the
# laptop's view (host_tools/views/scythe.py describe()), in English and in Spanish.
from firmware.rules import registry
from firmware.rules.narrate import narrate
from firmware.rules.scythe import layout as L
from host_tools import view
from host_tools.text import set_language
from tests.host.test_scythe_view import _mid_game
from tests.rules.scythe_support import H, put

RS = registry.load("scythe")


def _said(st, a):
    after = st.clone()
    after.apply_checked(a, 0)
    return narrate(RS, st.clone(), a, after)


def _section(st, action):
    """The state after choosing the section whose top-row action is `action` ("Move")."""
    a = next(a for a in st.legal_actions() if "(%s /" % action in view.describe(st, a))
    st.apply_checked(a, 0)
    return st


def test_the_log_says_a_top_row_option_with_its_cost_and_gains_as_the_view_does():
    st = _section(_mid_game(), "Trade")
    assert st.decision() == L.K_TOP
    for a in (L.O_FIRST, L.O_SECOND, L.O_SKIP):
        words = view.describe(st, a)
        said = _said(st, a)
        assert said.endswith(": %s." % words), (said, words)
        assert "take it" not in said and "second option" not in said
    assert _said(st, L.O_FIRST) == ("Seat 1 (Saxony), top-row action: Trade: pay 1 coin, gain 2 resources "
                                    "and 1 power (Armory).")


def test_the_log_names_the_unit_that_moves_and_its_hex_as_the_view_does():
    st = _mid_game()
    put(st, 0, L.U_WORKER + 2, H(41))        # a second Saxony worker on hex 41
    st = _section(st, "Move")
    st.apply_checked(L.O_FIRST, 0)
    assert st.decision() == L.K_MOVE_UNIT
    said = {a: _said(st, a) for a in st.legal_actions()}
    for a, sentence in said.items():
        assert sentence.endswith(": %s." % view.describe(st, a))
    text = " ".join(said.values())
    assert "mech on hex 42 (village)" in text and "worker (2 of 2) on hex 41 (mountain)" in text
    assert "worker 1" not in text and "done moving" in text


def test_the_log_and_the_view_share_the_spanish_words():
    st = _section(_mid_game(), "Trade")
    set_language("es")
    try:
        words = view.describe(st, L.O_FIRST)
        said = _said(st, L.O_FIRST)
    finally:
        set_language("en")
    assert words == "Comerciar: pagar 1 moneda, ganar 2 recursos y 1 de poder (Arsenal)"
    assert said.endswith(": %s." % words)
