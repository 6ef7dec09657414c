# The page's log in words (firmware/hosts/web_board.py: summary()["said"]), on CPython and on the
# MicroPython unix port: for every game the page offers, the sentences it shows are the
# narration (firmware/rules/narrate.py) of the decisions the board committed, told again on a
# game of its own, in English and in Spanish; an undo takes the last sentence back.
import json

from firmware.hosts import web_board, web_games
from firmware.rules.narrate import narrate
from firmware.text import set_language

from ...rules.support import repo_path

FORMS = (("mls", 2), ("mls+pits", 3), ("mls+pits+solo", 1), ("scythe", 2))


def _map(game):
    with open(repo_path(web_games.map_file(game)[1:])) as f:
        return f.read()


def narration(rs, board, players, options, decisions):
    """The sentences of a page's decisions (web_board.decisions(): -1 an undo, -2 a new
    game), told on a game of our own, the empty ones kept (the page keeps SAID_MAX)."""
    st = rs.new_game(board, players, options)
    said = []
    for a in decisions:
        if a == -2:
            st = rs.new_game(board, players, options)
            said = []
        elif a == -1:
            st.undo()
            said.pop()
        else:
            before = st.clone(False)
            st.apply_checked(a)
            said.append(narrate(rs, before, a, st))
    return said


def told(b, game, players):
    """The sentences of the board's committed decisions (b.log), told on a game of our own."""
    rs, options, solo = web_games.parse(game)
    board = rs.make_board(json.loads(_map(game)))
    said = narration(rs, board, 1 if solo else players, options, json.loads(b.decisions()))
    return [x for x in said[-web_board.SAID_MAX:] if x]


def _the_log_is_the_narration_of_the_decisions(lang):
    for game, players in FORMS:
        b = web_board.start(_map(game), players, 3, (1 << (1 if game.endswith("solo") else players)) - 1,
                            lang, game)
        try:
            for _ in range(3):
                b.auto_fast(10 ** 6, 40)
            shown = json.loads(b.summary())["said"]
            assert shown and shown == told(b, game, players), game
            # an undo (the button, as a hand holds it): the last decision's sentence goes
            b.set_bots(0)
            n = len(json.loads(b.decisions()))
            b.undo_button(True)
            b.step(60)
            b.undo_button(False)
            b.step(60)
            assert len(json.loads(b.decisions())) > n, game
            after = json.loads(b.summary())["said"]
            assert after == told(b, game, players) and len(after) < len(shown), game
        finally:
            set_language("en")


def test_the_pages_log_is_the_narration_of_its_decisions_in_english():
    _the_log_is_the_narration_of_the_decisions("en")


def test_the_pages_log_is_the_narration_of_its_decisions_in_spanish():
    _the_log_is_the_narration_of_the_decisions("es")


def test_each_sentence_keeps_its_decisions_number_past_what_the_page_keeps():
    """The Log panel numbers a sentence by its decision in the game (summary "said_n"), also
    once the page keeps only the last SAID_MAX decisions' sentences."""
    game, players = "scythe", 2
    b = web_board.start(_map(game), players, 3, 3, "en", game)
    for _ in range(40):
        b.auto_fast(10 ** 6, 40)
        if len(json.loads(b.decisions())) > web_board.SAID_MAX + 20 or json.loads(b.summary())["over"]:
            break
    rs, options, _ = web_games.parse(game)
    said = narration(rs, rs.make_board(json.loads(_map(game))), players, options, json.loads(b.decisions()))
    assert len(said) > web_board.SAID_MAX
    s = json.loads(b.summary())
    want = [i + 1 for i, x in enumerate(said) if x and i >= len(said) - web_board.SAID_MAX]
    assert s["said_n"] == want and len(s["said_n"]) == len(s["said"])
    assert s["said"] == [x for x in said[-web_board.SAID_MAX:] if x]
    assert s["said_n"][0] > 1   # the first sentences dropped, the numbers kept
