# The virtual board's device side (firmware/hosts/web_board.py) without a browser, on CPython and on
# the MicroPython unix port (tools/mp_run_tests.py tests/web/device): the page's gestures reach
# the firmware as sensed positions, dial readings and the undo button, and what it reads back
# (LED frame, display rows, summary) is the firmware's.
import json

from firmware.hosts import web_board
from firmware.rules.mls.codes import AT_CAMP, K_ACTION, K_MOVE

from ...rules.support import map_def

GREEN = "006e00"
RED = "a00000"
_MAP = None


def _map_text():
    global _MAP
    if _MAP is None:
        _MAP = json.dumps(map_def())
    return _MAP


def _board(players=2, seed=4, bots=0, camps=""):
    return web_board.start(_map_text(), players, seed, bots, "en", "mls", camps)


def _frame(b, ms=10):
    return b.step(ms).split("|")[1]


def _led(frame, b, space):
    j = 6 * b.bench.led[space]
    return frame[j:j + 6]


def _push(b, dial):
    """A click on the page's knob: pushed and let go before the firmware scanned."""
    b.push(dial, True)
    b.push(dial, False)
    _frame(b, 40)


def _to_move(b):
    """Seat 1 chooses Move on dial 1 (it is the first option) and moves Seeker A out of camp."""
    st = b.table.ctl.st
    assert st.decision() == K_ACTION
    _push(b, 0)
    assert st.decision() == K_MOVE


def _summary(b):
    return json.loads(b.summary())


def test_a_push_shorter_than_a_scan_still_reaches_the_firmware():
    b = _board()
    commits = b.table.ctl.commits
    _push(b, 0)
    assert b.table.ctl.commits > commits
    assert not b.bench.dials[0].down      # let go once the poll saw it


def test_a_piece_put_on_a_space_from_camp_commits_a_legal_move():
    b = _board()
    _to_move(b)
    st = b.table.ctl.st
    dest = [a & 63 for a in st.legal_actions() if a >> 6 == 0 and a & 63 != AT_CAMP][0]
    b.place(0, dest)
    _frame(b, 40)
    assert st.seekers(0)[0] == dest
    assert _summary(b)["tags"][0] == dest


def test_a_lifted_seeker_lights_its_legal_spaces_and_a_wrong_one_blinks_red():
    b = _board()
    _to_move(b)
    st = b.table.ctl.st
    dest = [a & 63 for a in st.legal_actions() if a >> 6 == 0 and a & 63 != AT_CAMP][0]
    b.place(0, dest)
    _frame(b, 40)
    # Seeker B still to move this turn: put A back in the game's hands by moving B instead.
    legal_b = sorted({a & 63 for a in st.legal_actions() if a >> 6 == 1 and a & 63 != AT_CAMP})
    b.place(1, legal_b[0])
    _frame(b, 40)
    while st.decision() != K_MOVE or st.active_player() != 0:
        a = st.legal_actions()[0]
        if st.decision() == K_ACTION and 0 in st.legal_actions():
            a = 0
        b.table.ctl.commit(a, None if st.current_player() < 0 else st.current_player())
        b.bench.put_pieces_where_expected()
        _frame(b, 40)
    where = st.seekers(0)[0]
    legal = sorted({a & 63 for a in st.legal_actions() if a >> 6 == 0 and a & 63 not in (where, AT_CAMP)})
    assert legal
    b.lift(0)
    frame = _frame(b, 40)
    assert sorted(sp for sp in range(37) if _led(frame, b, sp) == GREEN) == legal
    wrong = [sp for sp in range(37) if sp not in legal and sp != where][0]
    commits = b.table.ctl.commits
    b.place(0, wrong)
    shown = set()
    for _ in range(30):
        shown.add(_led(_frame(b, 20), b, wrong))
    assert shown == {RED, "000000"}
    assert b.table.ctl.commits == commits
    b.place(0, where)                   # put back: nothing happened
    frame = _frame(b, 40)
    assert b.table.ctl.commits == commits
    assert not [sp for sp in range(37) if _led(frame, b, sp) in (GREEN, RED)]


def test_the_display_rows_are_the_firmwares_screen():
    b = _board()
    _frame(b, 40)
    rows, inverted = b.display()
    assert rows[0].startswith("Seat 1") and inverted[0] and not inverted[1]
    assert all(len(r) <= 16 for r in rows)


def test_the_bots_play_a_whole_game_through_the_gestures_and_it_ends_with_a_winner():
    b = _board(2, 3, 3)
    gestures = 0
    while not b.table.ctl.st.is_terminal():
        made = b.auto_fast(10 ** 6, 500)
        assert made, "the bots stopped before the end"
        gestures += made
    s = _summary(b)
    assert s["over"] and s["winners"] == list(b.table.ctl.st.winners())
    assert gestures > 50
    assert json.loads(b.decisions())[0] == -2


def test_bad_input_is_refused_and_changes_nothing():
    b = _board()
    before = b.summary()
    for call in (lambda: b.place(99, 3), lambda: b.place(0, 37), lambda: b.lift(-1), lambda: b.wand(40),
                 lambda: b.turn(2, 1), lambda: b.push(5, True), lambda: b.new_game(7),
                 lambda: b.new_game(2, 1, 4), lambda: b.set_bots(8)):
        try:
            call()
        except ValueError:
            pass
        else:
            raise AssertionError("accepted bad input")
    assert b.summary() == before


def test_the_mirror_decodes_a_snapshot_state_with_the_same_engine():
    b = _board(3, 2)
    s = _summary(b)
    v = json.loads(web_board.view(_map_text(), s["state"]))
    assert v["hash"] == s["hash"] and v["players"] == 3
    assert v["seats"] == s["seats"] and v["expected"] == s["expected"]


def test_while_the_board_asks_what_a_seeker_carried_it_stands_where_it_was_put():
    # The move waits for "what did it carry?" on the dial: the Seeker already stands on its new
    # space, and the board must not blink that space and its old one (firmware/rules/mls/ruleset.py).
    b = _board()
    st = b.table.ctl.st
    for _ in range(200):
        if st.decision() == 9:         # K_CARRY
            break
        if st.decision() == K_MOVE:
            p = st.active_player()
            here = st.seekers(p)
            a = [x for x in st.legal_actions() if x & 63 not in (AT_CAMP, here[x >> 6])][0]
            b.lift(2 * p + (a >> 6))
            _frame(b, 40)
            b.place(2 * p + (a >> 6), a & 63)
            _frame(b, 40)
            continue
        legal = st.legal_actions()
        b.table.ctl.commit(0 if st.decision() == K_ACTION and 0 in legal else legal[0],
                           None if st.current_player() < 0 else st.current_player())
        b.bench.put_pieces_where_expected()
        _frame(b, 40)
    assert st.decision() == 9
    for _ in range(10):
        _frame(b, 100)                 # a second to turn the dial: past the 600 ms settle
    assert not b.table.ctl.gestures.mismatch
    assert "blinking" not in " ".join(b.display()[0])


def test_the_airship_a_person_places_while_a_bot_seat_has_the_turn_stays_put():
    # Pie in the Sky's setup: seat 1 places the airship on a gold space while seat 2, a bot seat,
    # is the first player. The bot seat's hand does not touch it (a CI run of the page saw the
    # bot lift it back off before the board's scans took the placement).
    b = web_board.start(_map_text(), 2, 4, 2, "en", "mls+pits", "")   # (seed 4: seat 2 goes first)
    st = b.table.ctl.st
    s = _summary(b)
    assert s["kind"] == "airship move" and s["player"] == 0 and s["active"] == 1
    portal = st.legal_actions()[0]
    b.place(12, portal)
    assert b.auto() == ""   # nothing for the bot seat to do while seat 1 decides
    _frame(b, 40)
    assert st.airship() == portal and _summary(b)["tags"][12] == portal
