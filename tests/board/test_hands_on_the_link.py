# What the link shows of the cards in hand (docs/protocol.md, "What a snapshot shows" and
# "Cards dealt face down"): two boards whose My Little Scythe games (the model deck) differ only
# in the personality cards and spell cards of two seats send the same lines to a `snapshot`; two
# boards that deal other cards face down in a new game's setup (My Little Scythe's spell and
# personality cards, Scythe's model objective cards) send the same lines, their `dec`
# naming no card, unless the host holds every seat (`holds`), when the `dec` events replay to the
# board's game; a seat's view (`snapshot` with `p`, for a seat the host holds) has that seat's own
# cards as the board has them; a seat the game does not have, or one the host does not hold, is
# refused with nothing sent; a bot seat's plan (the `bot` field, the prompt, the display) says
# nothing of the cards dealt face down to the other seats.
import json
from binascii import unhexlify

from firmware.link.device import DeviceLink
from firmware.link.protocol import FACE_DOWN, decode, encode
from firmware.rng import Rng
from firmware.rules import registry
from firmware.rules.mls import layout as L

from ..rules.support import repo_path
from .face_down import dealer
from .rig import Rig, board_def

CHANCE = -1


def _dealt(seed):
    """A 3-player model-deck game just past its setup (the board's dice: Rng(seed))."""
    rs = registry.load("mls")
    st = rs.new_game(rs.make_board(board_def()), 3, {"cards": [1]})
    rng = Rng(seed)
    while st.current_player() == CHANCE:
        st.apply(rng.weighted(st.chance_outcomes()))
    return rs, st


def _cards(st, p):
    o = L.P0 + p * L.PSZ
    return st.s[o + L.PERSONA], bytes(st.s[o + L.SPELLS:o + L.SPELLS + 9])


def _swapped(st):
    """st with seats 1 and 2's personality cards and spell hands exchanged (neither revealed)."""
    other = st.clone()
    a, b = L.P0 + L.PSZ, L.P0 + 2 * L.PSZ
    s = other.s
    for k in [L.PERSONA] + [L.SPELLS + c for c in range(9)]:
        s[a + k], s[b + k] = s[b + k], s[a + k]
    other.changed()
    assert other.check() is None
    return other


def _lines(st, *commands):
    rig = Rig(st)
    lines = []
    link = DeviceLink(rig.table, lines.append, {"sim": 1}, 1, "power-on", rig, None)
    for i, c in enumerate(commands):
        link.on_line(encode(dict(c, s=i + 1)))
    # (a snapshot is written in pieces: the lines are the pieces joined)
    return "".join(x if isinstance(x, str) else x.decode() for x in lines).splitlines()


def _snap(lines):
    snaps = [decode(x) for x in lines if '"e":"snap"' in x]
    assert len(snaps) == 1, lines
    return snaps[0]


def test_cards_dealt_face_down_change_no_line_of_the_tables_snapshot():
    rs, one = _dealt(5)
    two = _swapped(one)
    assert one.hash() != two.hash() and _cards(one, 1) != _cards(two, 1)
    a = _lines(one, {"c": "snapshot"})
    b = _lines(two, {"c": "snapshot"})
    assert a == b
    assert _snap(a)["seat"] == -1 and _snap(a)["hash"] == one.public_hash() == two.public_hash()


def test_a_seats_view_holds_its_own_cards_as_the_board_has_them():
    rs, one = _dealt(5)
    two = _swapped(one)
    for st in (one, two):
        snap = _snap(_lines(st, {"c": "holds", "seats": 2}, {"c": "snapshot", "p": 1}))
        view = rs.from_bytes(st.board, unhexlify(snap["state"]))
        assert snap["seat"] == 1 and snap["hash"] == st.public_hash()
        assert _cards(view, 1) == _cards(st, 1)            # its own: as dealt
        assert view.spells(2) == st.spells(2)              # another's: the hand's size alone
        assert view.legal_actions() == st.legal_actions()
    views = [_snap(_lines(st, {"c": "holds", "seats": 2}, {"c": "snapshot", "p": 1}))["state"]
             for st in (one, two)]
    assert views[0] != views[1]                             # seat 1 holds other cards on each


def _refused(lines, err):
    acks = [decode(x) for x in lines if '"e":"ack"' in x]
    assert acks[-1]["ok"] == 0 and acks[-1]["err"] == err, lines
    assert not any('"e":"snap"' in x for x in lines)


def test_a_snapshot_of_a_seat_the_game_does_not_have_or_the_host_does_not_hold_is_refused():
    rs, st = _dealt(5)
    _refused(_lines(st, {"c": "holds", "seats": 255}, {"c": "snapshot", "p": 3}), "bad_field")
    _refused(_lines(st, {"c": "snapshot", "p": 1}), "not_held")
    _refused(_lines(st, {"c": "holds", "seats": 5}, {"c": "snapshot", "p": 1}), "not_held")
    _refused(_lines(st, {"c": "holds", "seats": 3}, {"c": "snapshot", "whole": 1}), "not_held")
    whole = _snap(_lines(st, {"c": "holds", "seats": 7}, {"c": "snapshot", "whole": 1}))
    assert unhexlify(whole["state"]) == bytes(st.to_bytes())   # every seat held: the whole game


def _link_new(rig, holds, bots=0):
    """The lines a `new` game of 3 seats (`bots`: the board's bot seats) sends, then a snapshot's
    (the LED frame, the display's prompt, the bot seat's choice)."""
    lines = []
    link = DeviceLink(rig.table, lines.append, {"sim": 1}, 1, "power-on", rig, None)
    link.on_line(encode({"c": "holds", "s": 1, "seats": holds}))
    link.on_line(encode({"c": "new", "s": 2, "players": 3, "cards": [1], "bots": bots}))
    link.on_line(encode({"c": "snapshot", "s": 3}))
    out = "".join(x if isinstance(x, str) else x.decode() for x in lines).splitlines()
    return rig, [decode(x) for x in out]


# (ruleset, its map, the cards it deals face down in a 3-player game's setup)
GAMES = (("mls", "mls", 6),        # a spell card and a personality card a seat
         ("scythe", "scythe", 6))  # two model objective cards a seat


def test_cards_dealt_face_down_are_named_only_to_a_host_that_holds_every_seat():
    for game, map_name, dealt in GAMES:
        a, lines_a = _link_new(_rig_dealing(game, map_name, 0), 0)
        b, lines_b = _link_new(_rig_dealing(game, map_name, -1), 0)
        assert a.st.hash() != b.st.hash(), game          # other cards in the hands
        assert lines_a == lines_b, game                  # not a line tells them apart
        assert a.display.lines == b.display.lines and a.display.lines, game   # nor the board's display
        down = [e for e in lines_a if e.get("e") == "dec" and e["a"] == FACE_DOWN]
        assert len(down) == dealt, (game, len(down))
        for pick in (0, -1):
            rig, events = _link_new(_rig_dealing(game, map_name, pick), 7)
            decs = [e for e in events if e.get("e") == "dec" and e["a"] != -2]
            assert decs and all(e["a"] >= 0 for e in decs), game
            rs = registry.load(game)
            st = rs.new_game(rig.st.board, 3, {"cards": [1]})
            for e in decs:                               # the host's log replays to the board's game
                st.apply(e["a"])
                assert st.public_hash() == e["hash"], game
            assert st.hash() == rig.st.hash(), game


def map_def(name):
    with open(repo_path("hardware/maps/%s.json" % name)) as f:
        return json.load(f)


def _rig_dealing(game, map_name, pick, spare=-1, seed=1):
    """A simulated board of `game` whose cards dealt face down are the `pick`-th of their options
    (ctl.deal), the board's dice (seed) for the rest; those seat `spare` sees the first option."""
    rs = registry.load(game)
    st = rs.new_game(rs.make_board(map_def(map_name)), 3, {"cards": [1]})
    rig = Rig(st, seed, definition=map_def(map_name))
    rig.ctl.deal = dealer(rs, pick, spare)  # pyright: ignore[reportAttributeAccessIssue]
    return rig


SEEDS = tuple(range(1, 9))   # the board's dice: 8 setups of each game


def test_a_bot_seats_plan_shows_nothing_of_the_cards_dealt_face_down_to_others():
    """Every seat the board's bot: the first seat to decide is a bot seat whose plan (the
    snapshot's `bot`, the prompt and the display saying what to carry out) may rest on its own
    cards only. Two boards whose deals face down differ only in the other seats' cards send the
    same lines and show the same."""
    for (game, map_name, _dealt), seed in [(g, k) for g in GAMES for k in SEEDS]:
        first = _link_new(_rig_dealing(game, map_name, 0, -1, seed), 0, 7)[0].st.current_player()
        rigs = [_link_new(_rig_dealing(game, map_name, pick, first, seed), 0, 7) for pick in (0, -1)]
        (a, lines_a), (b, lines_b) = rigs
        assert a.st.current_player() == b.st.current_player() == first, game
        assert a.st.hash() != b.st.hash(), game          # the others hold other cards
        snap = [e for e in lines_a if e.get("e") == "snap"]
        assert len(snap) == 1 and snap[0]["bot"] >= 0, game   # a bot seat's plan is shown
        assert lines_a == lines_b, game
        assert a.display.lines == b.display.lines, game
