# The Rise of Fenris campaign on the page (issue 27: "The page plays a campaign too, kept in the
# browser's storage"; "A campaign exported from the simulated board, imported into the page, and
# continued there"; docs/web.md, "A campaign"): `pomme campaign export` from the simulated board
# (the MicroPython unix port over a pty), the file given to the page's Import, the next Perk chosen
# on the page's panel, the episode's game played on the virtual board to its end with the
# campaign's factions, its end recorded in the Campaign Log, and the campaign found again after the
# page is opened anew (localStorage).
import json

from firmware.rules.scythe.content import FACTION_NAMES
from host_tools.cli import main
from host_tools.sim import SimBoard

from .page import Page

KEY = "pomme-campaign"


def _campaign(page):
    return page.js("return window.pomme.campaign")


def _document(page):
    return json.loads(page.js("return window.pomme.page.wc.document()"))


def test_a_campaign_exported_from_the_simulated_board_is_imported_into_the_page_and_continued_there(
        browser, server, tmp_path, capsys):
    path = str(tmp_path / "campaign.json")
    with SimBoard(players=2, game="scythe") as board:
        assert main(["campaign", "new", "--port", board.port, "--factions", "nordic,crimea"]) == 0
        assert main(["campaign", "decide", "--port", board.port, "--choice", "2"]) == 0   # seat 1: +1 Worker
        assert main(["campaign", "export", path, "--port", board.port]) == 0
    with open(path) as f:
        doc = json.load(f)
    assert doc["episode"] == "1" and [p["faction"] for p in doc["players"]] == ["Nordic", "Crimea"]

    url = server + "?game=scythe&players=2&bots=0"
    page = Page(browser, url)
    page.js("localStorage.setItem('%s', '00ff')" % KEY)
    page = Page(browser, url)   # opened anew with a damaged campaign kept: refused, said, none held
    assert _campaign(page)["campaign"] and not _campaign(page)["held"]
    assert "refused" in page.js("return document.getElementById('campaign').textContent")
    page.js("localStorage.removeItem('%s')" % KEY)
    page = Page(browser, url)   # opened anew with nothing kept
    assert _campaign(page)["campaign"] and not _campaign(page)["held"]
    page.click("#campaignbox summary")
    page.d.find_element(page.By.ID, "cimport").send_keys(path)
    page.wait(lambda: _campaign(page)["held"], 10, "the imported campaign")
    # the page holds the board's campaign: the same logs and the same state
    mine = _document(page)
    assert mine["players"] == doc["players"] and mine["state"] == doc["state"]
    c = _campaign(page)
    assert c["decider"] == 1 and [w for _, w in c["options"]][:3] == ["no Perk", "+2 resources", "+1 Worker"]

    # continued: seat 2 takes the +2 resources Perk by the panel's button
    page.click('#campaignopts button[data-a="1"]')
    page.wait(lambda: _campaign(page)["waiting"], 10, "the episode waiting")
    assert _document(page)["players"][1]["perks_used"] == [1]
    assert page.js("return localStorage.getItem('%s')" % KEY) == _campaign(page)["saved"]

    # between episodes a seat may sit out (the panel's buttons): of two seats, none may (two always
    # play): the page says why and the campaign is unchanged
    before = _campaign(page)["saved"]
    page.click('#campaignopts button[data-seat="1"]')
    page.wait(lambda: "refused" in page.js("return document.getElementById('status').textContent"), 10,
              "the refusal")
    assert _campaign(page)["saved"] == before and _campaign(page)["seats"][1]["away"] == 0

    # the episode's game on the virtual board, the campaign's factions dealt; the bots finish it
    page.click("#campaignopts button[data-play]")
    page.wait(lambda: _campaign(page)["in_game"], 10, "the episode's game")
    page.settle()
    seats = page.summary()["seats"]
    assert [FACTION_NAMES.index(n) for n in ("Nordic", "Crimea")] == [0, 2]
    assert "Nordic" in seats[0]["name"] and "Crimea" in seats[1]["name"], seats
    page.click("#finish")
    page.wait(lambda: page.js("return !document.getElementById('winner').hidden"), 600, "the game's end")
    page.wait(lambda: not _campaign(page)["in_game"], 10, "the episode recorded")
    winners = page.summary()["winners"]
    after = _document(page)
    for p in range(2):
        assert after["players"][p]["victories"] == ([1] if p in winners else []), (p, winners)
    c = _campaign(page)
    assert c["title"].startswith("Episode 1") and c["options"], c   # the episode's rewards are asked
    kept = page.js("return localStorage.getItem('%s')" % KEY)
    assert kept == c["saved"]

    # the page opened anew: the campaign comes back from the browser's storage, and goes on
    page = Page(browser, url)
    again = _campaign(page)
    assert again["held"] and again["hash"] == c["hash"] and again["saved"] == kept
    assert _document(page)["players"] == after["players"]
    page.click("#campaignbox summary")
    first = again["options"][0][0]
    page.click('#campaignopts button[data-a="%d"]' % first)
    page.wait(lambda: _campaign(page)["hash"] != c["hash"], 10, "the next campaign decision")
    assert page.js("return localStorage.getItem('%s')" % KEY) == _campaign(page)["saved"] != kept
