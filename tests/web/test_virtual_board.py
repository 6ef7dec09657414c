# The virtual board in headless Chromium: a scripted opening played with real pointer events
# on the page `pomme web` serves, checked against the CPython rules engine, then the bots
# finish the game. docs/web.md.
import json
import os

from firmware.rules.mls.codes import AT_CAMP, K_ACTION, K_QUEST_OPTION
from firmware.rules.ruleset import ENTRY_PIECE, ENTRY_SECRET, ENTRY_SPACE

from .conftest import OUT
from .page import GREEN, OFF, RED, WHITE, Page, destinations, replay, state_of

MOVE = 0


def by_hand(page, engine, fight=False):
    """One decision of the game carried out with the pointer as a person at the table would:
    a Seeker lifted and put down (from its camp, or dragged across the map), the wand on a
    space, a dial turned and pushed. fight: prefer moves onto another seat's Seeker."""
    s = page.summary()
    st = state_of(engine, s)
    p = st.active_player()
    legal = st.legal_actions()
    before = (s["commits"], s["locks"], s["sel"])
    if s["entry"] == ENTRY_PIECE:
        where = st.seekers(p)
        moves = [a for a in legal if a & 63 not in (where[a >> 6], AT_CAMP)]
        if fight:
            theirs = {x for q in range(st.n_players()) if q != p for x in st.seekers(q) if x != AT_CAMP}
            moves.sort(key=lambda a: (a & 63) not in theirs)
        if moves:
            a = moves[0]
            tag, dest = 2 * p + (a >> 6), a & 63
            if s["tags"][tag] >= 0:
                page.drag_piece(tag, dest)
            else:
                page.click_piece(tag)     # from the camp tray: its camp senses the lift
                site = s["seats"][p]["tray"]
                page.wait(lambda: page.camp_rim(site) == WHITE, 5, "the camp's LED white on the lift")
                page.click_space(dest)
        else:
            page.push(0)                  # the Seeker stays
    elif s["entry"] == ENTRY_SPACE and legal[0] < engine[1].n_spaces:
        page.click_space(legal[0])        # the wand
    elif s["entry"] == ENTRY_SECRET:
        page.push(0 if s["options"][0] else 1)
    else:
        d = 0 if st.current_player() in (p, -1) else 1
        if s["decision"] == K_ACTION and MOVE in legal:
            page.turn(d, legal.index(MOVE))
        elif s["decision"] == K_QUEST_OPTION:
            # No Thanks (the last option): stating an unknown card's terms by the first option
            # each time states eight terms it cannot pay, cancels, and goes round forever.
            page.turn(d, len(legal) - 1)
        page.push(d)
    page.wait(lambda: (lambda t: (t["commits"], t["locks"], t["sel"]) != before)(page.summary()), 10,
              "the board took the gesture")
    page.settle(4)


def lift_ready(page, engine):
    """A Move decision with one of the active seat's Seekers on the map and able to move."""
    s = page.summary()
    if s["entry"] != ENTRY_PIECE:
        return None
    st = state_of(engine, s)
    p = st.active_player()
    for k in (0, 1):
        if st.seekers(p)[k] != AT_CAMP and destinations(st, k):
            return 2 * p + k, st.seekers(p)[k], destinations(st, k)
    return None


def test_a_scripted_opening_then_the_bots_finish_the_game(browser, server, engine):
    page = Page(browser, server + "?players=2&bots=0&seed=1")
    timings = {"page_load_ms": round(page.load_ms)}

    # The opening, by hand, until a Seeker on the map can be lifted.
    ready = None
    for _ in range(60):
        ready = lift_ready(page, engine)
        if ready:
            break
        by_hand(page, engine)
    assert ready, "no Move with a Seeker on the map within 60 decisions"
    tag, origin, dests = ready
    s0 = page.summary()

    # Lift it: exactly the spaces the engine allows light green, its own space white.
    page.click_piece(tag)
    page.wait(lambda: page.lit(GREEN), 5, "green spaces after the lift")
    page.settle(3)
    assert page.lit(GREEN) == dests
    assert page.lit(WHITE) == [origin]
    lit = page.js("return window.pomme.lit")
    timings["lift_to_lit"] = lit[-1]
    browser.save_screenshot(os.path.join(OUT, "board-mid-game.png"))

    # Put it down where it may not go: that space blinks red, nothing is committed.
    wrong = min(sp for sp in range(37) if sp not in dests and sp != origin)
    page.click_space(wrong)
    seen = set()
    for _ in range(40):
        seen.add(page.leds()[wrong])
        page.settle(1)
    assert {RED, OFF} <= seen, "the wrong space should blink red: %s" % seen
    assert page.summary()["commits"] == s0["commits"]
    assert page.summary()["wrong"] == wrong

    # Pick it up again and put it back where it was: nothing happened, nothing is lit.
    page.click_piece(tag)
    page.wait(lambda: page.lit(GREEN) == dests, 5, "the lift lit again")
    page.click_space(origin)
    page.wait(lambda: not page.lit(GREEN) and not page.lit(RED), 5, "lights off once put back")
    s1 = page.summary()
    assert (s1["commits"], s1["hash"], s1["tags"]) == (s0["commits"], s0["hash"], s0["tags"])

    # The bots play every seat to the end; the winner shown is the engine's.
    page.click("#finish")
    page.wait(lambda: page.js("return !document.getElementById('winner').hidden"), 240, "the game's end")
    shown = page.js("return document.getElementById('winner').dataset.seats")
    log = json.loads(page.js("return window.pomme.page.board.decisions()"))
    final = page.summary()
    st = replay(engine, 2, log)
    assert st.is_terminal()
    assert st.public_hash() == final["hash"]   # (the page shows the table's hash)
    assert shown == ",".join(str(p + 1) for p in st.winners())
    browser.save_screenshot(os.path.join(OUT, "board-game-over.png"))
    timings["decisions"] = len(log)
    with open(os.path.join(OUT, "timings.json"), "w") as f:
        json.dump(timings, f, indent=1)
    print("virtual board: %s" % timings)


LOCKED = "rgb(0,90,0)"


def test_a_pie_fight_is_bid_in_secret_on_both_dials(browser, server, engine):
    # Camps side by side (the `camps` setup option): the Seekers meet within a few turns.
    page = Page(browser, server + "?players=2&bots=0&seed=1&camps=0,1")
    for _ in range(60):
        if page.summary()["entry"] == ENTRY_SECRET:
            break
        by_hand(page, engine, fight=True)
    s0 = page.summary()
    assert s0["entry"] == ENTRY_SECRET, "no pie fight within 60 decisions"
    assert (page.led("led-dial0"), page.led("led-dial1")) == (OFF, OFF)

    # The attacker (dial 1) turns to 1 pie and pushes until the dial locks: its lock light
    # turns green, the other stays dark, and nothing reaches the engine yet.
    page.turn(0, 1)
    for _ in range(4):
        if page.summary()["locks"][0]:
            break
        by_hand(page, engine)
    s1 = page.summary()
    assert s1["locks"] == [True, False]
    page.settle(3)
    assert (page.led("led-dial0"), page.led("led-dial1")) == (LOCKED, OFF)
    assert (s1["commits"], s1["hash"]) == (s0["commits"], s0["hash"])

    # The defender (dial 2) pushes until locked: both bids reach the engine, the fight is
    # revealed, and the display says its totals, as the engine computes them.
    for _ in range(4):
        if page.summary()["entry"] != ENTRY_SECRET:
            break
        page.push(1)
        page.settle(4)
    s2 = page.summary()
    assert s2["entry"] != ENTRY_SECRET and s2["commits"] > s0["commits"]
    log = json.loads(page.js("return window.pomme.page.board.decisions()"))
    st = replay(engine, 2, log, {"camps": [0, 1], "cards": [1]})   # the page's: the model deck
    assert st.public_hash() == s2["hash"]
    attack, defence = st.last_fight()[:2]
    assert attack >= 1   # the attacker's pie counted
    said = "pie fight: %d against %d" % (attack, defence)
    assert s2["message"] == said
    assert "pie fight:" in " ".join(s2["display"])   # the display shows it (word-wrapped)


def test_the_page_speaks_spanish_with_the_boards_spanish_catalogue(browser, server):
    page = Page(browser, server + "?lang=es&players=3&bots=6")
    s = page.summary()
    who = s["player"] + 1
    assert s["display"][0] in ("Jugador %d" % who, "Bot: jugador %d" % who)   # firmware/text/es.py
    assert page.js("return document.getElementById('undo').textContent") == "Deshacer"
    assert page.js("return document.documentElement.lang") == "es"
    seats = page.js("return Array.from(document.querySelectorAll('#seats .seat b')).map(b => b.textContent)")
    assert seats[1].startswith("Jugador 2 (bot)") and len(seats) == 3
