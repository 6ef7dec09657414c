# What a sealed dial shows the table: a pie fight's attacker locks 1 pie on one board and 3 on
# another, the defender has not locked; until the reveal, every line each board's link sends
# (its events, a snapshot: the public state bytes, the hash, the prompt, the LED frame, the
# locks) is the same. After the reveal the bids are public and the boards differ.
from firmware.link.device import DeviceLink
from firmware.link.protocol import encode
from firmware.rules.mls.codes import A_MOVE, K_FIGHT_BID

from ..rules.support import CAMP, scenario
from .rig import Rig


def _sealed(bid):
    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (32, CAMP)}, pies={0: 4, 1: 4},
                       friendship={0: 5, 1: 2}))
    rig.choose(0, A_MOVE)
    rig.move(0, 0, 32)
    rig.press(0)
    assert rig.st.decision() == K_FIGHT_BID
    lines = []
    link = DeviceLink(rig.table, lines.append, {"sim": 1}, 1, "power-on", rig, None)
    rig.choose(0, bid)                     # the attacker's dial locks: sealed
    assert rig.ctl.bid_locks() == (True, False)
    link.on_line(encode({"c": "snapshot", "s": 1}))
    return rig, link, lines


def test_a_sealed_bid_changes_no_line_the_link_sends_before_the_reveal():
    one, _, a = _sealed(1)
    three, _, b = _sealed(3)
    assert any('"e":"snap"' in x for x in a)
    assert a == b
    one.choose(1, 2)
    three.choose(1, 2)                     # the reveal: now they differ
    assert one.st.last_fight() != three.st.last_fight()
    assert one.st.public_hash() != three.st.public_hash()


def _decided_on_the_laptop(bid):
    # The attacker's bid entered through the link (a seat played at the laptop): the engine
    # holds it sealed until the defender's. The snapshot another mirror reads must not tell it.
    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (32, CAMP)}, pies={0: 4, 1: 4},
                       friendship={0: 5, 1: 2}))
    rig.choose(0, A_MOVE)
    rig.move(0, 0, 32)
    rig.press(0)
    lines = []
    link = DeviceLink(rig.table, lines.append, {"sim": 1}, 1, "power-on", rig, None)
    link.on_line(encode({"c": "decide", "s": 1, "a": bid, "p": 0}))
    assert '"ok":1' in lines[-1], lines[-2:]
    assert rig.st.decision() == K_FIGHT_BID and rig.st.current_player() == 1
    del lines[:]
    link.on_line(encode({"c": "snapshot", "s": 2}))
    return rig, lines


def test_a_bid_sealed_in_the_engine_leaves_the_snapshot_alike():
    one, a = _decided_on_the_laptop(1)
    three, b = _decided_on_the_laptop(3)
    assert one.st.hash() != three.st.hash()          # the engines differ (the sealed bid)
    assert any('"e":"snap"' in x for x in a) and a == b
