# Every ruleset on the page (docs/web.md, "Every game"): for each game the registry offers
# (My Little Scythe, Pie in the Sky, solo against Automountie, Scythe) the page is opened from
# its address (?game=...), seat 1 is played by a person with real pointer events (pieces lifted
# and put down, the wand, the dials), the board's bots play the other seats, and what the page
# draws is checked against the CPython rules engine: every piece on the space the game puts it
# on, inside that space's hexagon, labels uncovered, the page within a 1366x768 window. The
# decisions the page committed, replayed by the CPython engine, give the page's hash and the
# winner it shows; after the end the turn LED shows the winner's colour (off on a shared win).
import json
import os
import time

import pytest

from firmware.bot_kinds import make_bot
from firmware.hosts.web_games import parse
from firmware.rng import Rng
from firmware.rules.ruleset import ENTRY_PIECE, ENTRY_SECRET, ENTRY_SPACE, OFF_BOARD
from tests.conformance.games import LONG

from .conftest import ROOT
from .device.test_web_log import narration
from .page import Page

DOCS = os.path.join(ROOT, "docs")
# game, players, seat 1's decisions by hand before "Bots play every seat to the end" (None:
# the whole game by hand). make test plays My Little Scythe's games to their end with seat 1's
# first 30 decisions by hand; make test-long (POMME_LONG=1) each game whole by hand, and Scythe's
# (a 2-player game: 445 decisions, 205 of them seat 1's by clicks, 160 s on the shared 2-core
# machine; until stop 62 make test played it too, with the bots finishing it: 88 s of its 288 s
# in the browser). make test opens Scythe's Desolation on the page (below).
QUICK_BY_HAND = 30
GAMES = [(g, n, None if LONG else QUICK_BY_HAND)
         for g, n in (("mls", 2), ("mls+pits", 2), ("mls+pits+solo", 1), ("scythe", 2))
         if LONG or g != "scythe"]


def _engine(game):
    rs, options, _ = parse(game)
    with open(os.path.join(ROOT, "hardware", "maps", rs.map_name + ".json")) as f:
        return rs, rs.make_board(json.load(f)), options


def _state(eng, s):
    return eng[0].from_bytes(eng[1], bytes.fromhex(s["state"]))


def _choice(eng, st, rng):
    """What seat 1 does: the ruleset's strong bot's choice, and for a piece's move the space
    it ends on (a unit chosen then moved: the next decision's choice too)."""
    rs = eng[0]
    bot = make_bot(rs, rng)
    a = bot.choose(st)
    if rs.entry[st.decision()] != ENTRY_PIECE:
        return a, None
    tag, dest = rs.piece_move(st, a)
    nxt = st.clone()
    nxt.apply(a)
    same = not nxt.is_terminal() and nxt.current_player() == st.current_player()
    if same and rs.entry[nxt.decision()] == ENTRY_PIECE:
        t2, d2 = rs.piece_move(nxt, bot.choose(nxt))
        if t2 == tag:
            dest = d2
    return a, (tag, dest)


def _dial_to(page, d, s, a):
    """Turn dial d to option a (the options the board offers on it) and push."""
    choices = s["choices"][d]
    if a in choices:
        steps = choices.index(a) - s["sel"][d]
        for _ in range(abs(steps)):
            page.click("#dial%d-%s" % (d, "right" if steps > 0 else "left"))
    page.push(d)


def _fix_pieces(page, s, seat):
    """Seat's pieces that the game moved (a deploy, a produce, a retreat), and when it decides
    the shared ones (the airship): put where it says (as firmware/hosts/web_board.bot_gesture)."""
    for _kind, owner, tag in s["pieces"]:
        hand = owner if owner < len(s["seats"]) else s["player"] if s["player"] >= 0 else s["active"]
        if hand != seat or s["tags"][tag] == s["expected"][tag]:
            continue
        page.click_piece(tag)
        want = s["expected"][tag]
        if want >= 0:
            page.click_space(want)
        else:
            page.click_camp(s["seats"][seat]["tray"])
        page.settle(2)
        return True
    return False


def by_hand(page, eng, rng, seat=0):
    """One gesture of seat 1's person: a piece put where the game says, or its decision."""
    s = page.summary()
    if s["lifted"] < 0 and _fix_pieces(page, s, seat):
        return True
    if s["over"] or s["player"] != seat and s["entry"] != ENTRY_SECRET:
        return False
    a = move = None
    if s["entry"] == ENTRY_SECRET:
        d = 0 if s["choices"][0] else 1
        if not s["choices"][d] or s["locks"][d]:
            return False
        page.push(d)   # the first of the side's options (a bid of 0, the least power); a side
        page.settle(4)  # may take several pushes (pies, then spells) before it locks
        return True
    else:
        st = _state(eng, s)
        a, move = _choice(eng, st, rng)
        entry = s["entry"]
        if entry == ENTRY_PIECE and move and move[1] != OFF_BOARD and move[1] != s["tags"][move[0]]:
            page.click_piece(move[0])
            page.click_space(move[1])
        elif entry == ENTRY_SPACE and a < eng[1].n_spaces and a not in s["choices"][0]:
            page.click_space(a)
        else:
            d = 0 if s["choices"][0] else 1
            _dial_to(page, d, s, a)
    before = (s["commits"], s["locks"], s["sel"], s["tags"])
    said = {k: s[k] for k in ("kind", "entry", "player", "choices", "sel", "lifted", "tags")}

    def took():
        t = page.summary()
        return (t["commits"], t["locks"], t["sel"], t["tags"]) != before

    try:
        page.wait(took, 10, "the board took the gesture")
    except AssertionError as e:   # what the page did with it, for the report
        t = page.summary()
        why = ("%s: before %s; expected %s; after: message %r, lifted %s, tags %s; the page's last gestures "
               "%s; bot's choice %r, move %r" % (e, said, s["expected"], t["message"], t["lifted"], t["tags"],
                                                 page.js("return window.pomme.gestures.slice(-4)"), a, move))
        raise AssertionError(why) from None
    page.settle(1)
    return True


def drawn(page):
    """The page's summary and its pieces as drawn (tag -> (space it is drawn on, its centre on
    screen)), read in one script: the bots' hands move pieces between two calls from here (a
    summary read before a bot lifted a piece and the drawing after it failed CI once)."""
    s, pieces = page.js(
        "return [window.pomme.summary, Array.from(document.querySelectorAll('#map g.piece')).map(g => {"
        " const r = g.getBoundingClientRect();"
        " return [+g.dataset.tag, +g.dataset.at, r.x + r.width / 2, r.y + r.height / 2]; })]")
    return s, {p[0]: (p[1], (p[2], p[3])) for p in pieces}


def hex_boxes(page):
    return {b[0]: b[1:] for b in page.js(
        "return Array.from(document.querySelectorAll('#map g.space')).map(g => { const r = g.querySelector"
        "('polygon.hex').getBoundingClientRect();"
        " return [+g.dataset.space, r.left, r.top, r.right, r.bottom]; })")}


def covered_labels(page):
    """Labels (space numbers and names, marks, LEDs, tray labels) a piece overlaps on screen."""
    return page.js("""
      const boxes = (sel) => Array.from(document.querySelectorAll(sel))
        .filter(e => e.textContent !== '' || e.tagName === 'circle')
        .map(e => [e, e.getBoundingClientRect()]).filter(([e, r]) => r.width > 0);
      const labels = boxes('#map text.num, #map text.kind, #map circle.led, #map text.camp-label');
      const out = [];
      for (const [p, r] of boxes('#map g.piece')) for (const [l, q] of labels)
        if (r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1 && q.top < r.bottom - 1)
          out.push([+p.dataset.tag, l.getAttribute('class'), l.textContent]);
      return out;""")


def check_drawn(page, eng):
    """Every piece drawn where the CPython engine's game puts it, inside that hexagon."""
    s, pieces = drawn(page)
    st = _state(eng, s)
    rs = eng[0]
    at = bytearray([OFF_BOARD]) * rs.game_tags(st)
    rs.expected(st, at)
    boxes = hex_boxes(page)
    on_map = 0
    for _kind, _owner, tag in s["pieces"]:
        if s["lifted"] >= 0 or s["tags"][tag] != s["expected"][tag]:
            continue   # in a hand, or still to be put where the game says
        where, (x, y) = pieces[tag]
        want = -1 if at[tag] == OFF_BOARD else at[tag]
        assert where == want, "piece %d drawn on %d, the game has it on %d" % (tag, where, want)
        if want >= 0:
            left, top, right, bottom = boxes[want]
            assert left <= x <= right and top <= y <= bottom, "piece %d outside hex %d" % (tag, want)
            on_map += 1
    assert not covered_labels(page)
    return on_map


def narrated(eng, players, log):
    """The sentences the page's Log panel must show for the decisions in log (the kept ones)."""
    rs, board, options = eng
    return [x for x in narration(rs, board, players, options, log) if x]


def replay(eng, players, log):
    rs, board, options = eng
    st = rs.new_game(board, players, options)
    for a in log:
        if a == -2:
            st = rs.new_game(board, players, options)
        elif a == -1:
            st.undo()
        else:
            st.apply_checked(a)
    return st


@pytest.mark.parametrize("game,players,by_hand_decisions", GAMES, ids=[g[0] for g in GAMES])
def test_a_person_plays_seat_1_by_clicks_against_the_bots(browser, server, game, players, by_hand_decisions):
    eng = _engine(game)
    browser.set_window_size(1366, 768)
    page = Page(browser, server + "?game=%s&players=%d&bots=%d" % (game.replace("+", "%2B"), players,
                                                                   (1 << max(players, 2)) - 2))
    t0 = time.monotonic()
    s = page.summary()
    assert page.js("return new URLSearchParams(location.search).get('game')") == game
    rs, board, options = eng
    assert s["players"] == rs.new_game(board, players, options).n_players() and s["bots"] & 1 == 0
    fits = "return document.documentElement.scrollHeight <= window.innerHeight + 1"
    assert page.js(fits), "the page scrolls"
    rng = Rng(7)
    mine = 0
    pieces_seen = 0
    shot = False
    checks = 0
    end = time.monotonic() + 600
    while not page.summary()["over"] and time.monotonic() < end:
        if by_hand_decisions is not None and mine >= by_hand_decisions:
            break
        c0 = page.summary()["commits"]
        if by_hand(page, eng, rng):
            mine += page.summary()["commits"] > c0
            continue
        page.js("window.pomme.page.board.auto_fast(200, 400)")   # the bots' hands, at full speed
        page.settle(1)
        checks += 1
        if checks % 4 == 1 and page.summary()["lifted"] < 0 and not page.summary()["mismatch"]:
            pieces_seen = max(pieces_seen, check_drawn(page, eng))
        if not shot and mine >= 6 and page.summary()["lifted"] < 0:   # docs/: the game under way
            browser.save_screenshot(os.path.join(DOCS, "web-%s.png" % game.replace("+", "-")))
            shot = True
    by_clicks_s = time.monotonic() - t0
    assert mine >= 10, "seat 1 made %d decisions by hand" % mine
    assert pieces_seen >= 2, "no pieces checked on the map"
    if not page.summary()["over"]:
        page.click("#finish")   # the bounded game: the bots play every seat to the end
    page.wait(lambda: page.js("return !document.getElementById('winner').hidden"), 600, "the game's end")
    final = page.summary()
    log = json.loads(page.js("return window.pomme.page.board.decisions()"))
    st = replay(eng, players, log)
    assert st.is_terminal() and st.public_hash() == final["hash"]
    # the Log panel: what a person reads is the narration of the game's decisions, the newest last
    page.wait(lambda: page.js("return document.querySelectorAll('#log li').length") > 0, 10, "the log")
    shown = page.js("return Array.from(document.querySelectorAll('#log li'))"
                    ".map(li => li.lastChild.textContent)")
    told = narrated(eng, players, log)
    assert shown and shown == told[-len(shown):], (shown[-3:], told[-3:])
    # each line numbered by its decision in the game, the number whole in view (a list marker
    # clipped numbers of 3 digits): the numbers are those of the decisions told
    numbers = page.js("const box = document.getElementById('log').getBoundingClientRect();"
                      "return Array.from(document.querySelectorAll('#log li .n')).map(n => {"
                      " const r = n.getBoundingClientRect(); return [+n.textContent, r.left >= box.left - 0.5"
                      " && n.scrollWidth <= n.clientWidth + 0.5]; })")
    said = narration(rs, board, players, options, log)
    told_n = [i + 1 for i, x in enumerate(said) if x]
    assert [n for n, _ in numbers] == told_n[-len(numbers):]
    assert numbers[-1][0] >= 100 and all(whole for _, whole in numbers), numbers[-3:]
    assert "Game over" in shown[-1], shown[-1]
    shown = page.js("return document.getElementById('winner').dataset.seats")
    assert shown == ",".join(str(p + 1) for p in st.winners())
    page.settle(3)
    colours = json.loads(page.js("return window.pomme.page.wb.colours()"))
    want = "rgb(%d,%d,%d)" % tuple(colours[st.winners()[0]]) if len(st.winners()) == 1 else "rgb(0,0,0)"
    assert page.led("led-turn") == want, "the turn LED after the end: %s" % page.led("led-turn")
    if not shot:
        browser.save_screenshot(os.path.join(DOCS, "web-%s.png" % game.replace("+", "-")))
    print("%s: %d decisions, %d by hand in %.0f s, %.0f s in all" % (game, len(log), mine, by_clicks_s,
                                                                   time.monotonic() - t0))


def test_the_desolation_alone_opens_from_its_address_and_the_form_offers_1_player(browser, server):
    # "1 player: 5 tiles" (The Rise of Fenris, Desolation setup): the page's game of 1 player, and
    # the form's player counts with the options together (Alliances need 2).
    # (its one seat a person's: a bot seat alone would keep the page busy playing the whole game)
    page = Page(browser, server + "?game=scythe%2Bdesolation&players=1&bots=0")
    s = page.summary()
    assert s["players"] == 1 and len(s["seats"]) == 1
    st = _state(_engine("scythe+desolation"), s)
    assert st.n_players() == 1 and st.check() is None

    def offered():
        return page.js("return Array.from(document.querySelectorAll('#players option'))"
                       ".map(o => +o.textContent)")

    assert offered() == [1, 2, 3, 4, 5]
    page.click('#gameopts input[data-word="alliances"]')
    assert offered() == [2, 3, 4, 5]
    page.click('#gameopts input[data-word="alliances"]')
    page.click('#gameopts input[data-word="desolation"]')
    assert offered() == [2, 3, 4, 5]
