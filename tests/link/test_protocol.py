# The protocol module, the same on both ends: runs under pytest and the MicroPython unix port.
from firmware.link.protocol import (
    MAX_LINE,
    PROTOCOL,
    ProtocolError,
    check_command,
    compatible,
    decode,
    encode,
    write_line,
)

from ..rules.support import raises


def test_a_message_round_trips_through_one_printable_line():
    msg = {"c": "decide", "s": 42, "a": 129, "p": 1}
    line = encode(msg)
    assert line.endswith("\n") and line.count("\n") == 1
    assert all(32 <= ord(ch) <= 126 for ch in line[:-1])
    assert decode(line) == msg
    assert decode(line.encode()) == msg
    assert check_command(decode(line)) == ("decide", 42)


def test_a_line_written_in_pieces_is_the_line_encode_gives_with_the_blobs_as_hex():
    import binascii

    state = bytes(range(256)) * 2 + b"\x07"          # 513 bytes: pieces and a short tail
    frame = bytearray(b"\x10\x20\x30" * 41)
    pieces = []
    blobs = (("state", state), ("leds", frame))
    write_line(pieces.append, {"e": "snap", "n": 3, "prompt": ["a", "b"]}, blobs)
    line = "".join(pieces)
    whole = {"e": "snap", "n": 3, "prompt": ["a", "b"],
             "state": binascii.hexlify(state).decode(), "leds": binascii.hexlify(frame).decode()}
    assert decode(line) == whole                     # the CRC covers every piece
    assert len(line) == len(encode(whole)) and line.endswith("\n") and line.count("\n") == 1
    assert max(len(p) for p in pieces) < 200 and len(line) > 1300
    empty = []
    write_line(empty.append, {}, (("x", b"\x01"),))
    assert decode("".join(empty)) == {"x": "01"}
    plain = []
    write_line(plain.append, {"a": 1})
    assert "".join(plain) == encode({"a": 1})
    broken = line.replace("0102", "0103", 1)
    assert raises(ProtocolError, decode, broken).code == "bad_crc"


def test_damaged_lines_are_refused_with_a_reason():
    line = encode({"c": "snapshot", "s": 1})
    cases = (
        (line[:-12] + "\n", "no_crc"),
        (line.replace("snapshot", "snapshoT"), "bad_crc"),
        ("hello\n", "no_crc"),
        ("x" * (MAX_LINE + 1), "too_long"),
        (line[:5] + "\x03" + line[5:], "not_ascii"),
    )
    for bad, code in cases:
        e = raises(ProtocolError, decode, bad)
        assert e.code == code, (bad[:30], e.code)


def test_commands_are_checked_field_by_field():
    for obj, code in (({"c": "decide", "s": -1, "a": 1}, "bad_seq"),
                      ({"c": "decide", "s": True, "a": 1}, "bad_seq"),
                      ({"c": "exec", "s": 1}, "unknown_command"),
                      ({"c": "decide", "s": 1}, "bad_field"),
                      ({"c": "decide", "s": 1, "a": 70000}, "bad_field"),
                      ({"c": "decide", "s": 1, "a": "3"}, "bad_field"),
                      ({"c": "decide", "s": 1, "a": 3, "x": 0}, "bad_field"),
                      ({"c": "new", "s": 1, "players": 9}, "bad_field"),
                      ({"c": "hello", "s": 1, "proto": "1.0"}, "bad_field")):
        e = raises(ProtocolError, check_command, obj)
        assert e.code == code, (obj, e.code)


def test_only_the_same_major_version_is_compatible():
    assert compatible([PROTOCOL[0], PROTOCOL[1] + 5]) is None
    assert "update" in (compatible([PROTOCOL[0] + 1, 0]) or "")
    assert compatible("1.0") is not None


def test_bot_seats_are_a_mask_in_the_seats_command_or_the_new_command():
    assert check_command({"c": "seats", "s": 1, "bots": 6}) == ("seats", 1)
    assert check_command({"c": "new", "s": 2, "players": 3, "bots": 6}) == ("new", 2)
    for obj in ({"c": "seats", "s": 1},
                {"c": "seats", "s": 1, "bots": 256},
                {"c": "seats", "s": 1, "bots": -1},
                {"c": "seats", "s": 1, "bots": "6"},
                {"c": "seats", "s": 1, "bots": True},
                {"c": "new", "s": 1, "players": 3, "bots": [1]},
                {"c": "decide", "s": 1, "a": 3, "bots": 1}):   # only `new` takes it
        e = raises(ProtocolError, check_command, obj)
        assert e.code == "bad_field" and e.detail == "bots", (obj, e.code, e.detail)


def test_words_past_ascii_travel_as_json_escapes_on_a_printable_ascii_line():
    # Spanish on the link (a prompt, a seat's name): MicroPython's json writes UTF-8, the line
    # must stay printable ASCII; both ends write and read the same escapes.
    said = {"prompt": ["\u00bfCu\u00e1ntas manzanas?", "misi\u00f3n a\u00f1adida \u00fc \u00a1ya!"], "n": 3}
    line = encode(said)
    assert all(32 <= ord(c) <= 126 for c in line[:-1]), line
    assert "\\u00bf" in line and "\\u00f1" in line
    assert decode(line) == said
    pieces = []
    write_line(pieces.append, said)
    assert "".join(pieces) == line
    with_blob = []
    write_line(with_blob.append, {"t": "\u00e9"}, (("x", b"\x01"),))
    assert decode("".join(with_blob)) == {"t": "\u00e9", "x": "01"}
