# What the page shows of cards dealt face down (the brief: "the board, the laptop and the page
# show each seat only its own"; docs/protocol.md, "Cards dealt face down"): two virtual boards
# (firmware/hosts/web_board.py) whose new games differ only in the cards dealt face down (My
# Little Scythe's spell and personality cards, Scythe's model objective cards; the page plays
# the model deck) give the page the same summary (the display's rows, the log in words, the
# options on the dials, a bot seat's plan, the table's bytes and hash) and the same display.
# With every seat the board's bot, the first seat to decide keeps its own cards on both boards
# (its plan may rest on them): the others' differ.
import json

from firmware.hosts.web_board import WebBoard
from firmware.rules import registry

from ...board.face_down import dealer
from ...rules.support import repo_path

GAMES = (("mls", "mls"), ("scythe", "scythe"))   # (game, its map)
SEEDS = (1, 2, 3)


def _map(name):
    with open(repo_path("hardware/maps/%s.json" % name)) as f:
        return json.load(f)


def _page(game, map_name, pick, seed, bots, spare=-1):
    """The page's board, its new 3-seat game's cards dealt face down the `pick`-th option."""
    b = WebBoard(_map(map_name), 3, seed, 0, game)
    b.table.ctl.deal = dealer(registry.load(game), pick, spare)  # pyright: ignore[reportAttributeAccessIssue]
    b.new_game(3, seed, bots)
    return b


def _alike(a, z, game):
    assert a.table.ctl.st.hash() != z.table.ctl.st.hash(), game   # other cards in the hands
    sa, sz = json.loads(a.summary()), json.loads(z.summary())
    assert sa["log"] > 6, game            # the setup's decisions, the 6 cards dealt face down among them
    assert sa["said"] or game == "scythe", game   # (My Little Scythe tells its deals in words)
    assert sa == sz, (game, [k for k in sa if sa[k] != sz.get(k)])
    assert a.display() == z.display(), game
    return sa


def test_cards_dealt_face_down_change_nothing_the_page_shows():
    for (game, map_name), seed in [(g, k) for g in GAMES for k in SEEDS]:
        _alike(_page(game, map_name, 0, seed, 0), _page(game, map_name, -1, seed, 0), game)


def test_a_bot_seats_plan_on_the_page_shows_nothing_of_the_others_cards():
    for (game, map_name), seed in [(g, k) for g in GAMES for k in SEEDS]:
        first = _page(game, map_name, 0, seed, 7).table.ctl.st.current_player()
        s = _alike(_page(game, map_name, 0, seed, 7, first), _page(game, map_name, -1, seed, 7, first), game)
        assert s["plan"][0] >= 0 and s["player"] == first, game     # a bot seat's plan is shown
