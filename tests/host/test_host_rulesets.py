# The host decodes a board's snapshots with the ruleset its handshake names, and refuses a
# ruleset it does not know with a message naming the ones it knows.
import pytest

from firmware.app import find_map
from firmware.link.protocol import PROTOCOL, encode
from firmware.rules import registry
from host_tools.link import Client, LinkError


class _Port:
    """A serial port that has `lines` waiting to be read."""

    def __init__(self, *objs):
        self.data = b"".join(encode(o).encode() for o in objs)

    def write(self, data):
        return len(data)

    @property
    def in_waiting(self):
        return len(self.data)

    def read(self, n=1):
        out, self.data = self.data[:n], self.data[n:]
        return out

    def close(self):
        pass


def _hello(ruleset):
    return {"e": "hello", "n": 0, "proto": list(PROTOCOL), "fw": "0.1.0", "boots": 1, "reset": "power-on",
            "caps": {"spaces": 37, "leds": 41, "dials": 2, "sim": 1, "ruleset": ruleset}}


def test_a_board_playing_an_unknown_ruleset_is_refused_naming_the_known_ones():
    c = Client(_Port(_hello("scythe-3000")))
    with pytest.raises(LinkError) as e:
        c.pump(0.05)
    msg = str(e.value)
    assert "scythe-3000" in msg and "mls" in msg and "--plugin" in msg


def test_a_snapshot_is_decoded_with_the_ruleset_the_board_announced():
    rs = registry.plug("tests.rulesets.race")
    st = rs.new_game(rs.make_board(find_map("mls")), 3)
    snap = {"e": "snap", "n": 1, "state": st.to_bytes().hex(), "hash": st.hash(), "commits": 0, "leds": "",
            "prompt": ["", ""], "locks": [0, 0], "mismatch": 0}
    c = Client(_Port(_hello("race"), snap))
    c.pump(0.05)
    assert c.ruleset is rs and c.state is not None and c.state.hash() == st.hash()
    assert type(c.state).__name__ == "RaceState"


def _snap(st, n):
    return {"e": "snap", "n": n, "state": st.to_bytes().hex(), "hash": st.hash(), "commits": 0, "leds": "",
            "prompt": ["", ""], "locks": [0, 0], "mismatch": 0}


def test_a_heartbeat_snapshot_before_the_hello_of_another_ruleset_is_not_taken_for_the_default_one():
    # A Scythe board's heartbeat snapshot can reach the laptop before the hello it answers: it is
    # not a My Little Scythe game (once `pomme campaign` failed on it with a corrupt-state error).
    rs = registry.load("scythe")
    st = rs.new_game(rs.make_board(find_map("scythe")), 2)
    hello = _hello("scythe")
    hello["n"] = 1
    c = Client(_Port(_snap(st, 0), hello, _snap(st, 2)))
    c.pump(0.05)
    assert c.ruleset is rs and c.state is not None and c.state.hash() == st.hash()
    # after the hello a snapshot the ruleset cannot read is still an error
    bad = Client(_Port(_hello("scythe"), _snap(registry.load("mls").new_game(
        registry.load("mls").make_board(find_map("mls")), 2), 1)))
    with pytest.raises(ValueError):
        bad.pump(0.05)


class _Recording(_Port):
    def __init__(self, *objs):
        _Port.__init__(self, *objs)
        self.sent = []

    def write(self, data):
        self.sent.append(data)
        return len(data)


def test_a_board_before_protocol_1_4_is_told_nothing_of_held_seats_and_its_snapshot_stands_for_a_view():
    # Protocol 1.4 added `holds` and the seats' views; a 1.3 board knows neither (its snapshot
    # and its `dec` show every card): the host sends neither, and reads the table's snapshot.
    rs = registry.load("mls")
    st = rs.new_game(rs.make_board(find_map("mls")), 2)
    hello = dict(_hello("mls"), proto=[1, 3])
    port = _Recording(hello, {"e": "ack", "s": 1, "ok": 1, "n": 1}, {"e": "ack", "s": 2, "ok": 1, "n": 2},
                      _snap(st, 3), {"e": "ack", "s": 3, "ok": 1, "n": 4}, _snap(st, 5))
    c = Client(port, timeout=0.5, holds=255)
    c.seq = 0   # (the commands' numbers the acks above answer: 1, 2, 3)
    c.connect()
    view = c.snapshot(seat=1)
    assert not c.views and view.hash() == st.hash()
    sent = b"".join(port.sent).decode()
    assert '"c":"holds"' not in sent and '"p":' not in sent and sent.count('"c":"snapshot"') == 2
