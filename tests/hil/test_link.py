# The serial link, spoken only through the protocol, against the target board
# (--target inproc | unix | port; see conftest.py).
import random
import time

import pytest

from firmware.link.protocol import PROTOCOL, encode
from firmware.rules.mls.codes import K_BID_SPELL, K_FIGHT_BID
from host_tools.boards import load_map_json
from host_tools.session import bot_game


def test_handshake_reports_versions_capabilities_and_boots(target):
    c = target.client()
    hello, st = c.connect()
    assert hello["proto"] == list(PROTOCOL) and hello["fw"]
    bd = load_map_json(c.ruleset.map_name)        # the board of the game it plays
    spaces = len(bd["spaces"])                     # My Little Scythe 37, Scythe 54
    camps = len([cp for cp in bd.get("camps", ()) if "sensor" in cp])
    assert hello["caps"]["spaces"] == spaces and hello["caps"]["dials"] == 2
    # every LED of the chain: the spaces, 4 status LEDs, the sensed base camps (My Little
    # Scythe: 6); the snapshot's frame has as many
    leds = spaces + 4 + camps
    assert hello["caps"]["leds"] == leds and len(c.snap["leds"]) == 2 * 3 * leds
    assert hello["boots"] >= 1 and hello["reset"] in ("power-on", "restart")
    assert st.n_players() == 3


def test_a_major_version_mismatch_is_refused_with_a_clear_message(target):
    c = target.client()
    ack = c.request("hello", proto=[PROTOCOL[0] + 1, 0])
    assert not ack["ok"] and ack["err"] == "incompatible"
    assert "update the older" in ack["msg"]


def _acks(c, seq, seconds):
    """Every ack for sequence number `seq` that arrives within `seconds` (other lines are
    taken as usual: events are kept in c.events)."""
    acks = []
    deadline = time.monotonic() + seconds
    while True:
        raw = c._read_line(deadline)
        if raw is None:
            return acks
        obj = c._take(raw)
        if obj is not None and obj.get("e") == "ack" and obj.get("s") == seq:
            acks.append(obj)


def test_another_command_with_the_last_sequence_number_is_run_not_taken_for_a_retry(target):
    # Two clients one after the other may number their commands alike (a host's numbers start
    # from its clock): the board answers a retry only for the same command.
    c = target.client()
    c.connect()
    for line in (encode({"c": "snapshot", "s": 777101}), encode({"c": "hello", "s": 777101,
                                                                 "proto": [PROTOCOL[0] + 1, 0]})):
        c.write(line.encode())
    acks = _acks(c, 777101, 0.8)
    assert len(acks) == 2 and acks[0]["ok"] == 1, acks
    assert not acks[1]["ok"] and acks[1]["err"] == "incompatible", acks


def test_a_repeated_sequence_number_is_answered_but_not_run_twice(target):
    c = target.client()
    c.connect()
    st = c.snapshot()
    commits = c.snap["commits"]
    p = st.current_player()
    # A decision after which no chance follows: exactly one commit if it runs once.
    for a in st.legal_actions():
        after = st.clone()
        after.apply_checked(a, p)
        if after.current_player() >= 0:
            break
    else:
        raise AssertionError("no decision without chance after it")
    c.events = []
    line = encode({"c": "decide", "s": 777001, "a": a, "p": p}).encode()
    c.write(line)
    c.write(line)  # a retry after a lost ack
    acks = _acks(c, 777001, 0.8)
    assert len(acks) == 2 and acks[0]["ok"] == 1, acks
    assert acks[1] == acks[0]  # the repeat is answered with the very same ack
    decs = [e for e in c.events if e.get("e") == "dec"]
    assert len(decs) == 1 and decs[0]["a"] == a and decs[0]["commits"] == commits + 1, decs
    assert decs[0]["hash"] == after.hash()
    c.write(line)  # once more, later (the board remembers the last number it answered)
    again = _acks(c, 777001, 1.5)   # (a loaded machine answered after more than 0.5 s)
    assert again == [acks[0]], again
    assert len([e for e in c.events if e.get("e") == "dec"]) == 1   # nothing new done
    assert c.snapshot().hash() == after.hash() and c.snap["commits"] == commits + 1


def test_illegal_decisions_and_out_of_range_values_are_refused_and_change_nothing(target):
    c = target.client()
    c.connect()
    st = c.snapshot()
    h = st.hash()
    illegal = [a for a in range(300) if a not in st.legal_actions()][:5]
    for a in illegal:
        ack = c.request("decide", a=a)
        assert not ack["ok"] and ack["err"] == "illegal", ack
    for cmd, fields in (
        ("new", {"players": 9}),
        ("decide", {"a": -1}),
        ("place", {"p": 0, "k": 0, "space": 59}),
        ("dial", {"d": 0, "steps": 99}),
    ):
        ack = c.request(cmd, **fields)
        assert not ack["ok"] and ack["err"] == "bad_field", (cmd, ack)
    assert c.snapshot().hash() == h


def _fuzz_lines(rng, st, n):
    valid = encode({"c": "snapshot", "s": 1}).encode()
    out = []
    for i in range(n):
        kind = i % 9
        if kind == 0:  # garbage
            out.append(bytes(rng.randrange(32, 127) for _ in range(rng.randrange(1, 80))) + b"\n")
        elif kind == 1:  # a valid line with a flipped byte
            b = bytearray(valid)
            j = rng.randrange(len(b) - 1)
            b[j] = 32 + (b[j] + 1 + rng.randrange(90)) % 95
            out.append(bytes(b))
        elif kind == 2:  # truncated
            out.append(valid[: rng.randrange(1, len(valid) - 1)] + b"\n")
        elif kind == 3:  # wrong crc
            out.append(valid[:-9] + b"%08x\n" % rng.randrange(1 << 32))
        elif kind == 4:  # unknown commands, valid frame
            out.append(encode({"c": "rm -rf", "s": 100000 + i}).encode())
        elif kind == 5:  # out-of-range values / wrong types / extra fields
            bad = rng.choice([{"a": 70000}, {"a": "1"}, {"a": True}, {"a": 3, "x": 1}, {}])
            out.append(encode(dict(bad, c="decide", s=100000 + i)).encode())
        elif kind == 6:  # illegal decisions
            a = rng.choice([x for x in range(200) if x not in st.legal_actions()])
            out.append(encode({"c": "decide", "s": 100000 + i, "a": a}).encode())
        elif kind == 7:  # control characters and high bytes
            out.append(
                bytes(rng.randrange(0, 256) for _ in range(rng.randrange(1, 40))).replace(b"\n", b"") + b"\n"
            )
        else:  # oversized
            out.append(b"{" + b"x" * rng.randrange(4100, 6000) + b"}\n")
    return out


def test_ten_thousand_fuzzed_lines_crash_nothing_and_change_nothing(target):
    # (a thousand on the emulated board: its UART takes about 10 KB/s, as a 115200-baud line)
    c = target.client(timeout=10)
    c.connect()
    st = c.snapshot()
    before = (st.hash(), c.snap["commits"])
    rng = random.Random(1234)
    lines = _fuzz_lines(rng, st, target.fuzz_lines)
    step = target.fuzz_lines // 100
    for i in range(0, len(lines), step):
        c.write(b"".join(lines[i : i + step]))
        c.pump(0.02)
    c.pump(0.5)
    st = c.snapshot()  # the link still works
    assert (st.hash(), c.snap["commits"]) == before
    errors = [e for e in c.events if e.get("e") == "err"]
    assert len(errors) > target.fuzz_lines // 10


def test_a_host_that_reconnects_resyncs_from_the_snapshot(target):
    a = target.client()
    a.connect()
    st = a.snapshot()
    for _ in range(5):
        a.command("decide", a=st.legal_actions()[0], p=st.current_player())
        st = a.snapshot()
    a.close()
    b = target.client()  # a new host, mid-game
    _, st2 = b.connect()
    assert st2.hash() == st.hash()
    b.command("decide", a=st2.legal_actions()[0], p=st2.current_player())


def test_missed_events_are_detected_and_repaired_by_a_snapshot(target):
    c = target.client()
    c.connect()
    st = c.snapshot()
    c.command("decide", a=st.legal_actions()[0], p=st.current_player())
    c.pump(0.2)
    c.last_n -= 3  # as if three events had been lost on the line
    c.command("snapshot")
    c.pump(0.2)
    assert c.gaps >= 1
    assert c.resync_if_needed() and c.gaps == 0
    assert c.state is not None


def test_a_firmware_restart_mid_game_is_detected_and_the_game_resumes(target):
    c = target.client()
    c.connect()
    st = c.snapshot()
    for _ in range(6):
        c.command("decide", a=st.legal_actions()[-1], p=st.current_player())
        st = c.snapshot()
    h = st.hash()
    boots = c.device["boots"]
    c.close()
    target.restart()
    c2 = target.client()
    hello, st2 = c2.connect()
    assert hello["boots"] == boots + 1 and hello["reset"] == "restart"
    assert st2.hash() == h


def test_a_secret_bid_never_shows_in_a_snapshot(target):
    c = target.client()
    c.connect()
    if c.ruleset.name != "mls":
        # (Scythe's combats are secret too: tests/hil/test_scythe_combat.py, from a built position)
        pytest.skip("%s has no pie-fight bids" % c.ruleset.title)
    st = c.snapshot()
    rng = random.Random(3)
    for _ in range(3000):  # play until an attacker with pies must bid
        if st.is_terminal() or (st.decision() == K_FIGHT_BID and len(st.legal_actions()) > 1):
            break
        c.command("decide", a=rng.choice(st.legal_actions()), p=st.current_player())
        st = c.snapshot()
    assert not st.is_terminal(), "no pie fight in this game"
    attacker = st.current_player()
    at_bid = st.hash()
    seen = []
    for pies in st.legal_actions()[:2]:
        c.command("decide", a=pies, p=attacker)
        st = c.snapshot()
        while st.current_player() == attacker and st.decision() == K_BID_SPELL:
            c.command("decide", a=0, p=attacker)
            st = c.snapshot()
        if st.decision() in (K_FIGHT_BID, K_BID_SPELL):  # the defender bids now
            seen.append(c.snap["state"])
        while st.hash() != at_bid:
            c.command("undo")
            st = c.snapshot()
    assert len(seen) == 2 and seen[0] == seen[1]  # two different bids, identical snapshots


def test_a_full_bot_game_end_to_end(target):
    c = target.client()
    c.connect()
    st, log = bot_game(c, seed=9, out=lambda *a: None, options=target.options)
    assert st.is_terminal() and st.winners()
    assert len(log.entries) > (50 if c.ruleset.name == "mls" else 5)


def test_a_log_recorded_mid_game_replays_from_its_snapshot(target, tmp_path):
    from host_tools.gamelog import GameLog, replay
    from host_tools.session import record

    c = target.client()
    c.connect()
    st = c.snapshot()
    for _ in range(3):
        c.command("decide", a=st.legal_actions()[0], p=st.current_player())
        st = c.snapshot()
    log = GameLog(st.n_players(), start=c.snap["state"], game=c.ruleset.name)
    c.events = [e for e in c.events if e.get("e") != "dec"]
    for _ in range(20):
        if st.is_terminal():
            break
        c.command("decide", a=st.legal_actions()[-1], p=st.current_player())
        st = c.snapshot()
        record(c, log)
    path = str(tmp_path / "mid.log")
    log.write(path)
    assert replay(GameLog.read(path)).hash() == st.hash()


def test_a_new_game_with_setup_options_from_the_host(target):
    c = target.client()
    c.connect()
    if "camps" not in c.ruleset.new_options:
        pytest.skip("%s has no camp sites to choose" % c.ruleset.title)
    c.command("new", players=2, camps=[1, 4], kingdoms=[5, 6])
    st = c.snapshot()
    from firmware.rules.mls import view

    assert st.n_players() == 2
    assert [view.camp_site(st, p) for p in range(2)] == [1, 4]
    assert [view.kingdom(st, p) for p in range(2)] == [5, 6]
    h = st.hash()
    ack = c.request("new", players=3, camps=[1, 1, 2])          # the rules refuse it
    assert not ack["ok"] and ack["err"] == "bad_camps" and "camp" in ack["msg"]
    ack = c.request("new", players=2, camps=[1, 9])             # out of range
    assert not ack["ok"] and ack["err"] == "bad_field"
    assert c.snapshot().hash() == h                              # the game was kept
