# What the table's snapshot shows of the cards in hand (docs/protocol.md, "What a snapshot
# shows"): two boards whose My Little Scythe games (the model deck) differ only in the
# personality cards and spell cards of two seats, dealt face down, send the same lines to a
# `snapshot`; a seat's view (`snapshot` with `p`) holds that seat's own cards as the board has
# them, and a seat the game does not have is refused with nothing sent.
from binascii import unhexlify

from firmware.link.device import DeviceLink
from firmware.link.protocol import decode, encode
from firmware.rng import Rng
from firmware.rules import registry
from firmware.rules.mls import layout as L

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
        snap = _snap(_lines(st, {"c": "snapshot", "p": 1}))
        view = rs.from_bytes(st.board, unhexlify(snap["state"]))
        assert snap["seat"] == 1 and snap["hash"] == st.public_hash()
        assert _cards(view, 1) == _cards(st, 1)            # its own: as dealt
        assert view.spells(2) == st.spells(2)              # another's: the hand's size alone
        assert view.legal_actions() == st.legal_actions()
    views = [_snap(_lines(st, {"c": "snapshot", "p": 1}))["state"] for st in (one, two)]
    assert views[0] != views[1]                             # seat 1 holds other cards on each


def test_a_snapshot_of_a_seat_the_game_does_not_have_is_refused_and_sends_nothing_else():
    rs, st = _dealt(5)
    lines = _lines(st, {"c": "snapshot", "p": 3})
    acks = [decode(x) for x in lines if '"e":"ack"' in x]
    assert len(acks) == 1 and acks[0]["ok"] == 0 and acks[0]["err"] == "bad_field", lines
    assert not any('"e":"snap"' in x for x in lines)
