# The Scythe host view (host_tools/views/scythe.py, Ruleset.host_view): a mid-game state
# rendered from the public snapshot shows the hex map (every hex a cell with its number,
# terrain, encounter token, units by faction, structure and resources) with its legend, each
# faction's numbers, its combat and objective cards (counts), and the pending decision with
# every option in words (which unit on which hex, the top-row action's options from the
# player's mat); Spanish names come from text_es.py and host_tools/text/es.py.
import re

from firmware.rules import registry
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.engine import State
from host_tools import view
from host_tools.text import set_language
from tests.rules.scythe_support import (INDUSTRIAL, MECHANICAL, NORDIC, SAXONY, H, begin_turn, board,
                                        build, put, set_player, set_res, started)


def _mid_game():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    put(st, 0, L.U_MECH, H(42))
    put(st, 1, L.U_MECH + 1, H(12))
    build(st, 0, 1, H(41))                      # Saxony's Armory (content.STRUCTURES: 1, under Trade)
    set_res(st, H(42), oil=2, food=1)
    set_player(st, 0, power=7, pop=4, coins=9, hand=3)
    set_player(st, 1, power=3, pop=6, coins=2, hand=0)
    begin_turn(st, 0)
    return State.from_bytes(board(), st.public_bytes())   # what the board sends the host


def test_the_view_renders_territories_factions_and_the_question_of_a_mid_game_state():
    st = _mid_game()
    assert registry.of_game(st).host_view == "host_tools.views.scythe"
    out = view.render(st)
    assert "Scythe, 2 players" in out
    assert cell(out, 42) == ["42 V E", "Sm", "o2f1"]       # Saxony's mech; 2 oil, 1 food
    assert cell(out, 41) == ["41 M", "Sw", "SAr"]          # Saxony's worker and Armory
    assert cell(out, 12) == ["12 T", "Nmw", ""]            # a Nordic mech and worker
    assert cell(out, 5) == ["5 H", "Sc", "Saxony"]        # Saxony's home base, its character
    assert cell(out, 46) == ["46 M E", "", ""]             # an encounter token
    assert all(cell(out, n) for n in range(1, 55))          # every hex on the map
    assert max(len(line) for line in out.split("\n")) <= 100
    assert "terrain: F farm, V village, T tundra, W forest, M mountain, L lake, X Factory, H home base" in out
    assert "units after their faction's letter (S Saxony, N Nordic):" in out
    assert ">1 Saxony: power 7, popularity 4, coins 9, stars 0, combat cards 3, objective cards 2" in out
    assert " 2 Nordic: power 3, popularity 6, coins 2, stars 0, combat cards 0, objective cards 2" in out
    assert "now: seat 1 (Saxony): choose a section" in out
    assert "combat cards: %d in the deck" % (42 - 3) in out


def cell(out, n):
    """The three lines of hex n's cell on the map (stripped), or None."""
    lines = out.split("\n")
    for i, line in enumerate(lines):
        m = re.search(r"\[%2d [A-Z] " % n, line)
        if m:
            return [lines[i + k][m.start() + 1:m.start() + 11].strip() for k in range(3)]
    return None


def test_the_view_names_the_top_row_options_and_the_unit_on_its_hex():
    st = _mid_game()
    words = {view.describe(st, a): a for a in st.legal_actions()}
    move = next(a for w, a in words.items() if "(Move /" in w)
    trade = next(a for w, a in words.items() if "(Trade /" in w)
    s = st.clone()
    s.apply_checked(trade, 0)
    said = [view.describe(s, a) for a in s.legal_actions()]
    assert said[:3] == ["skip Trade", "Trade: pay 1 coin, gain 2 resources and 1 power (Armory)",
                        "Trade: pay 1 coin, gain 1 popularity and 1 power (Armory)"]
    st.apply_checked(move, 0)
    said = [view.describe(st, a) for a in st.legal_actions()]
    assert said[:3] == ["skip Move", "Move: up to 2 units", "Move: gain 1 coin"]
    st.apply_checked(L.O_FIRST, 0)
    said = [view.describe(st, a) for a in st.legal_actions()]
    assert "character on hex 5 (home base)" in said and "mech on hex 42 (village)" in said
    assert "worker on hex 41 (mountain)" in said and "worker on hex 48 (tundra)" in said
    assert said[-1] == "done moving"
    st.apply_checked(next(a for a in st.legal_actions() if view.describe(st, a).startswith("mech")), 0)
    assert view.question(st) == "seat 1 (Saxony): where to: mech on hex 42 (village)"


def test_the_view_describes_the_options_in_words():
    st = _mid_game()
    words = [view.describe(st, a) for a in st.legal_actions()]
    assert any(w.startswith("section ") and "(" in w for w in words)
    st.apply_checked(0, 0)
    assert view.describe(st, L.O_OBJ1) == "reveal an objective"
    st.apply_checked(L.O_OBJ1, 0)
    assert view.describe(st, 7) == "objective card 7" and "which objective is revealed" in view.render(st)


def test_the_view_speaks_spanish():
    st = _mid_game()
    set_language("es")
    try:
        out = view.render(st)
        assert "Scythe, 2 jugadores" in out and "elegir una sección" in out
        assert cell(out, 42) == ["42 A E", "Sm", "p2c1"] and cell(out, 5) == ["5 H", "Sp", "Saxony"]
        assert ("terreno: G granja, A aldea, T tundra, B bosque, M montaña, L lago, F Fábrica, "
                "H base") in out
        words = {view.describe(st, a): a for a in st.legal_actions()}
        st.apply_checked(next(a for w, a in words.items() if "(Comerciar /" in w), 0)
        assert [view.describe(st, a) for a in st.legal_actions()][:2] == [
            "no hacer Comerciar", "Comerciar: pagar 1 moneda, ganar 2 recursos y 1 de poder (Arsenal)"]
    finally:
        set_language("en")


def test_a_finished_game_shows_the_final_scores_by_coins_highest_first():
    from firmware.bots import RandomBot, play_game
    from firmware.rng import Rng
    from firmware.rules.scythe.engine import new_game

    rng = Rng(4)
    st = new_game(board(), 3)
    play_game(st, [RandomBot(rng) for _ in range(3)], rng)
    out = view.render(State.from_bytes(board(), st.public_bytes()))
    line = next(x for x in out.split("\n") if x.startswith("final scores (coins"))
    scores = [int(cell.rsplit(" ", 1)[1]) for cell in line.split(": ", 1)[1].split(", ")]
    assert sorted(scores, reverse=True) == scores
    assert sorted(scores) == sorted(st.fortune(p) for p in range(3))
    assert all(st.fortune(p) == max(scores) for p in st.winners())
