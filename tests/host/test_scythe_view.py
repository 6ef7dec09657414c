# The Scythe host view (host_tools/views/scythe.py, Ruleset.host_view): a mid-game state
# rendered from the public snapshot shows the territories with their units, structures and
# resources, each faction's numbers, its combat and objective cards (counts), and the pending
# decision in words; Spanish names come from text_es.py.
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
    build(st, 0, 1, H(41))                      # Saxony's Mill
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
    assert "hex 42 (village): Saxony mech x1; oil 2 food 1" in out
    assert "hex 41 (mountain): Saxony worker x1, Mill" in out
    assert "hex 12 (tundra): Nordic mech x1, worker x1" in out
    assert "hex 5 (home base): Saxony character" in out and "hex 46 (mountain): encounter" in out
    assert ">1 Saxony: power 7, popularity 4, coins 9, stars 0, combat cards 3, objective cards 2" in out
    assert " 2 Nordic: power 3, popularity 6, coins 2, stars 0, combat cards 0, objective cards 2" in out
    assert "now: seat 1 (Saxony): choose a section" in out
    assert "combat cards: %d in the deck" % (42 - 3) in out


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
        assert "hexágono 42 (aldea): Saxony meca x1; petróleo 2 comida 1" in out
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
