# The campaign on the page (firmware/hosts/web_campaign.py; docs/web.md, "A campaign"), on CPython
# and the MicroPython unix port: a campaign made with the factions named or drawn, each decision
# from the panel with its options in words, a refused one changing nothing, an import of a damaged
# or foreign document refused with the page's campaign unchanged, the episode's game dealt the
# campaign's factions, and a new board (the page's New game) sending a playing episode back to wait.
# The browser's part (Import, the buttons, localStorage): tests/web/test_campaign_page.py.
import json
import os

from firmware.board.campaign_file import CampaignFile
from firmware.hosts import web_board, web_campaign, web_finish
from firmware.rules.scythe.common import faction

from ...rules.support import raises, repo_path

TMP = "/tmp" if os.getenv("TMPDIR") is None else os.getenv("TMPDIR")


def _start(name, game="scythe", players=2):
    web_campaign.PATH = "%s/pomme-test-web-%s.camp" % (TMP, name)
    CampaignFile(web_campaign.PATH).abort()
    with open(repo_path("hardware/maps/%s.json" % game.split("+")[0])) as f:
        web_board.start(f.read(), players, 1, 0, "en", game)


def _summary():
    return json.loads(web_campaign.summary())


def test_a_game_without_a_campaign_says_so_and_offers_nothing():
    _start("none", "mls")
    assert _summary() == {"campaign": False}
    raises(ValueError, web_campaign.new, "", 2)


def test_a_campaign_is_made_for_the_factions_named_and_asks_each_seat_its_perk_in_words():
    _start("named")
    assert _summary() == {"campaign": True, "held": False, "aside": None}
    s = json.loads(web_campaign.new("Nordic, crimea", 2))
    assert [x["name"] for x in s["seats"]] == ["Nordic", "Crimea"]
    assert s["title"] == "Episode 1: A New Era" and s["decider"] == 0
    assert s["options"][:3] == [[0, "no Perk"], [1, "+2 resources"], [2, "+1 Worker"]]
    raises(ValueError, web_campaign.new, "nordic,albion", 2)   # not a playable faction
    assert _summary()["hash"] == s["hash"]                      # unchanged
    drawn = json.loads(web_campaign.new("", 3))                  # blank: drawn with the board's dice
    names = [x["name"] for x in drawn["seats"]]
    assert len(set(names)) == 3
    assert all(n in ("Nordic", "Rusviet", "Crimea", "Saxony", "Polania") for n in names)


def test_a_refused_decision_and_a_damaged_import_change_nothing():
    _start("refused")
    s = json.loads(web_campaign.new("nordic,crimea", 2))
    raises(ValueError, web_campaign.decide, 9, 0)    # no Perk 9
    raises(ValueError, web_campaign.decide, 1, 1)    # seat 2 is not asked yet
    doc = json.loads(web_campaign.document())
    state = doc["state"]
    for bad in ("[1, 2]", '{"format": "other"}', json.dumps(dict(doc, version=99)),
                json.dumps(dict(doc, state=state[:-2] + ("00" if state[-2:] != "00" else "11"))),
                json.dumps(dict(doc, state="zz")), "not json"):
        raises(ValueError, web_campaign.import_doc, bad)
        assert _summary()["hash"] == s["hash"] and _summary()["saved"] == s["saved"]
    assert json.loads(web_campaign.import_doc(json.dumps(doc)))["hash"] == s["hash"]


def test_the_episode_s_game_is_dealt_the_campaign_s_factions_and_a_new_board_sends_it_back_to_wait():
    _start("episode")
    web_campaign.new("polania,rusviet", 2)
    web_campaign.decide(0, 0)
    s = json.loads(web_campaign.decide(0, 1))
    assert s["waiting"] and not s["in_game"]
    raises(ValueError, web_campaign.decide, 0, 0)   # nothing is asked while the episode waits
    s = json.loads(web_campaign.episode(5, 3))
    assert s["in_game"] and not s["waiting"]
    # Episode 1: the Influence tokens each seat took from the Triumph Track (none yet)
    assert [x["lines"][0] for x in s["seats"]] == ["Influence tokens taken from the Triumph Track: 0"] * 2
    wb = web_board.current()
    assert wb is not None and wb.table.ctl.seats.mask == 3
    st = wb.table.ctl.st
    assert [faction(st, p) for p in range(2)] == [4, 1]     # Polania, Rusviet (content.FACTION_*)
    raises(ValueError, web_campaign.episode)                 # one game at a time
    with open(repo_path("hardware/maps/scythe.json")) as f:
        web_board.start(f.read(), 2, 1, 0, "en", "scythe")   # the page's New game: another board
    again = _summary()
    assert again["waiting"] and not again["in_game"]


def test_a_seat_sits_out_comes_back_and_a_player_joins_from_the_page():
    _start("seats")
    web_campaign.new("nordic,crimea,polania", 3)
    for p in range(3):
        web_campaign.decide(0, p)
    s = json.loads(web_campaign.away(1, 1))
    assert [x["away"] for x in s["seats"]] == [0, 1, 0]
    raises(ValueError, web_campaign.away, 0, 1)        # two seats always play
    s = json.loads(web_campaign.join("saxony"))
    assert [x["name"] for x in s["seats"]] == ["Nordic", "Crimea", "Polania", "Saxony"]
    raises(ValueError, web_campaign.join, "saxony")     # held
    s = json.loads(web_campaign.episode(1, 0))
    assert web_board.current().table.ctl.st.n_players() == 3


def _push(wb):
    """A click on the page's dial 1 knob (pushed and let go before the firmware scanned)."""
    wb.push(0, True)
    wb.push(0, False)
    wb.step(40)


def test_between_games_the_pages_dial_1_takes_the_campaigns_decisions_and_starts_its_episode():
    # as the board's (docs/campaign.md, section 5, "On the board's dial and display"), the episode's
    # game put on the page as its Episode button puts it: the log and its words start again
    from firmware.rng import Rng

    _start("dial")
    wb = web_board.current()
    ctl = wb.table.ctl
    rng = Rng(3)
    while not ctl.st.is_terminal():   # the page's game played to its end
        opts = ctl.st.legal_actions()
        ctl.commit(opts[rng.below(len(opts))], ctl.st.current_player())
    wb.step(40)
    web_campaign.new("nordic,crimea", 2)
    wb.step(40)
    assert wb.grid.rows[0].startswith("Episode 1"), wb.grid.rows
    _push(wb)                                        # seat 1: no Perk, on the dial
    assert _summary()["decider"] == 1
    _push(wb)
    assert _summary()["waiting"]
    _push(wb)                                        # the episode's game starts on the page
    s, page = _summary(), json.loads(wb.summary())
    assert s["in_game"] and not page["over"] and [faction(ctl.st, p) for p in range(2)] == [0, 2]
    assert page["log"] == 1 + len(ctl.st.history)   # the new game's mark (-2), then its decisions
    assert wb.shadow is not None and wb.shadow.hash() == ctl.st.hash()   # its words told on its copy


def test_the_campaign_the_page_gives_back_at_opening_leaves_its_new_games_dial_to_the_game():
    # the page loads the campaign the browser kept each time it opens a Scythe game (web/board.js,
    # campaignInit): the game's first push on dial 1 is the game's
    _start("kept")
    kept = json.loads(web_campaign.new("nordic,crimea", 2))["saved"]
    _start("kept-again")
    web_campaign.load(kept)
    wb = web_board.current()
    commits = wb.table.ctl.commits
    _push(wb)
    assert wb.table.ctl.commits > commits and _summary()["decider"] == 0


def _episode_to_its_end(bots, finish):
    """A two-seat campaign's Episode 1 on the page, its seats `bots` the board's bot, played to its
    end (finish: the page's Finish button pressed first); the campaign's summary after it."""
    from firmware.rng import Rng

    web_campaign.new("nordic,crimea", 2)
    for p in range(2):
        if _summary()["decider"] == p:
            web_campaign.decide(0, p)
    web_campaign.episode(2, bots)
    wb = web_board.current()
    ctl = wb.table.ctl
    if finish:
        web_finish.finish()
        assert ctl.seats.mask == 3
    rng = Rng(5)
    while not ctl.st.is_terminal():
        opts = ctl.st.legal_actions()
        ctl.commit(opts[rng.below(len(opts))], ctl.st.current_player())
    wb.step(40)
    return _summary(), ctl.seats.mask


def test_the_pages_finish_gives_the_bots_the_game_only_and_the_rewards_stay_the_peoples():
    _start("finish")
    s, mask = _episode_to_its_end(0, True)
    assert mask == 0                                  # the seats as they were before Finish
    assert not s["in_game"] and s["title"].startswith("Episode 1") and s["decider"] >= 0, s


def test_a_bot_seat_of_the_pages_episode_takes_its_campaign_decisions_itself():
    _start("botseat")
    s, mask = _episode_to_its_end(2, False)           # seat 2 the board's bot
    assert mask == 2
    asked = set()
    while not s["waiting"] and not s.get("over"):
        assert len(asked) < 60 and s["decider"] != 1, s   # seat 2 is never asked
        asked.add(s["hash"])
        s = json.loads(web_campaign.decide(s["options"][0][0], s["decider"]))
    assert s["waiting"] and s["title"].startswith("Episode 2"), s
