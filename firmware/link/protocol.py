# The serial protocol, one module for both ends (MicroPython on the board, CPython on the
# host). One printable-ASCII line per message: a compact JSON object, '*', its CRC32 in 8
# hex digits, '\n'. Host commands carry a sequence number "s" and are acknowledged; device
# events carry their own sequence "n". Spec: docs/protocol.md.
import json
from binascii import hexlify

from firmware.rules.compat import crc32

PROTOCOL = (1, 4)          # major, minor: a major mismatch is refused on both sides
MAX_LINE = 4096            # bytes, newline included; longer lines are refused unread

# Commands: (name, required fields), each field (name, its allowed range (lo, hi) or a type:
# "pair" two ints, "hex" a string of hex digits (at most MAX_HEX), or ("list", lo, hi) a list of
# 1 to MAX_OPTION_LIST ints each in lo..hi).
# Tuples of constants, not dicts: frozen on a board they stay in flash (no heap at all).
COMMANDS = (
    ("hello", (("proto", "pair"),)),
    ("snapshot", ()),
    ("decide", (("a", (0, 0xFFFF)),)),
    ("new", (("players", (1, 8)),)),   # the ruleset in play narrows it (Ruleset.players)
    ("abort", ()),
    ("undo", ()),
    ("seed", (("seed", (0, 0x7FFFFFFF)),)),
    ("seats", (("bots", (0, 255)),)),                  # which seats the board's bot plays (bit p: seat p)
    ("holds", (("seats", (0, 255)),)),                 # the seats whose cards the host holds (bit p: seat p)
    # Physical gestures, accepted only by a simulated board (caps.sim): the script/bot path.
    ("lift", (("p", (0, 7)), ("k", (0, 31)))),          # piece k of player p (Ruleset.tag_of)
    ("place", (("p", (0, 7)), ("k", (0, 31)), ("space", (0, 249)))),
    ("wand", (("space", (0, 249)),)),
    ("dial", (("d", (0, 1)), ("steps", (-7, 7)))),
    ("press", (("d", (0, 1)),)),
    ("wait", (("ms", (0, 60000)),)),
    # The Rise of Fenris campaign kept by the board (Scythe; docs/campaign.md, section 5).
    ("campaign", ()),                                   # the board sends a `campaign` event
    ("campaign_new", (("factions", ("list", 0, 8)),)),  # a campaign, a faction a seat
    ("campaign_decide", (("a", (0, 255)),)),            # a campaign decision (p: -1 a draw entered)
    ("campaign_load", (("state", "hex"),)),             # replace the campaign (a framed campaign)
    ("campaign_seat", (("p", (0, 4)), ("away", (0, 1)))),   # a seat sits the campaign out, or back
    ("campaign_join", (("faction", (0, 8)),)),          # a player joins as a new seat
    ("episode", ()),                                    # start the episode's game
)
SIM_ONLY = ("lift", "place", "wand", "dial", "press", "wait", "seed")
# Optional integer fields of a command: (name, fields) as in COMMANDS.
OPTIONAL = (("new", (("bots", (0, 255)),)), ("episode", (("bots", (0, 255)), ("cards", (0, 1)))),
            ("snapshot", (("whole", (0, 1)),)))
# Other optional fields of `new` are the ruleset's setup options (Ruleset.new_options: name ->
# (lo, hi)), lists of at most MAX_OPTION_LIST small ints.
MAX_OPTION_LIST = 8
FACE_DOWN = -3            # a `dec` event's `a` for a card dealt face down, to a host not holding every seat
MAX_HEX = 1024            # hex digits of a "hex" field (a campaign's frame is 241 bytes)


class ProtocolError(Exception):
    """A line that is not a valid message: code (see docs/protocol.md) and detail."""

    def __init__(self, code, detail=""):
        super().__init__(code, detail)
        self.code = code
        self.detail = detail


def _ascii(body):
    """(body, its bytes) with every character past ASCII as a JSON escape (\\u00e9):
    MicroPython's json writes them as UTF-8, and a line must stay printable ASCII (Spanish
    words: docs/protocol.md). The bytes are what the line's CRC is taken over (encoded once)."""
    raw = body.encode()
    if len(body) == len(raw):   # ASCII (json escapes what is below 32): as it is
        return body, raw
    out = []
    for c in body:
        o = ord(c)
        if o < 127:
            out.append(c)
        elif o < 0x10000:
            out.append("\\u%04x" % o)
        else:   # past the basic plane: a surrogate pair, as JSON writes it
            o -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 | o >> 10, 0xDC00 | o & 0x3FF))
    body = "".join(out)
    return body, body.encode()


def encode(obj):
    body, raw = _ascii(json.dumps(obj, separators=(",", ":")))
    return "%s*%08x\n" % (body, crc32(raw) & 0xFFFFFFFF)


HEX_PIECE = 48            # bytes of a blob hexlified per write in write_line


def write_line(write, obj, blobs=()):
    """Write one line through write(str) in pieces, never as one string: the same line as
    encode() of obj with each (key, bytes) of blobs added as a hex string field. A board
    sends its snapshots (~1.5 KB) this way: a whole line would need one free block that
    large, which a fragmented small heap does not have, while pieces of a few hundred
    bytes fit between its live objects. A consumer joins the pieces up to the newline."""
    body, raw = _ascii(json.dumps(obj, separators=(",", ":")))
    if blobs:
        body = body[:-1]
        raw = raw[:-1]
    write(body)
    crc = crc32(raw)
    sep = "," if len(body) > 1 else ""
    for key, data in blobs:
        head = '%s"%s":"' % (sep, key)
        sep = ","
        write(head)
        crc = crc32(head.encode(), crc)
        view = memoryview(data)
        for i in range(0, len(data), HEX_PIECE):
            piece = hexlify(view[i:i + HEX_PIECE])
            crc = crc32(piece, crc)
            write(piece.decode())
        write('"')
        crc = crc32(b'"', crc)
    if blobs:
        write("}")
        crc = crc32(b"}", crc)
    write("*%08x\n" % (crc & 0xFFFFFFFF))


def decode(line):
    """The object carried by one line (bytes or str); ProtocolError if it is not one."""
    if isinstance(line, str):
        line = line.encode()
    if len(line) > MAX_LINE:
        raise ProtocolError("too_long", "%d bytes" % len(line))
    line = line.rstrip(b"\r\n")
    for b in line:
        if b < 32 or b > 126:
            raise ProtocolError("not_ascii", "byte %d" % b)
    star = line.rfind(b"*")
    if star < 0 or len(line) - star != 9:
        raise ProtocolError("no_crc")
    body = line[:star]
    try:
        crc = int(line[star + 1:], 16)
    except ValueError:
        raise ProtocolError("no_crc") from None
    if crc != crc32(body) & 0xFFFFFFFF:
        raise ProtocolError("bad_crc")
    try:
        obj = json.loads(body)
    except ValueError:
        raise ProtocolError("bad_json") from None
    if not isinstance(obj, dict):
        raise ProtocolError("bad_json", "not an object")
    return obj


def check_seq(obj):
    """The command's sequence number, else ProtocolError (then no ack can be addressed)."""
    seq = obj.get("s")
    if not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq <= 0x7FFFFFFF:
        raise ProtocolError("bad_seq")
    return seq


def _lookup(pairs, key):
    """The value paired with key in a tuple of (key, value) pairs, or None."""
    for k, v in pairs:
        if k == key:
            return v
    return None


def _int_in(x, lo, hi):
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def check_command(obj, new_options=None):
    """(name, seq) of a well-formed command, else ProtocolError naming the problem.
    new_options: the optional list fields `new` takes (the ruleset's), name -> (lo, hi)."""
    seq = check_seq(obj)
    name = obj.get("c")
    spec = _lookup(COMMANDS, name) if isinstance(name, str) else None
    if spec is None:
        raise ProtocolError("unknown_command", str(name)[:20])
    for field, rule in spec:
        v = obj.get(field)
        if rule == "pair":   # a list of two ints
            if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v)):
                raise ProtocolError("bad_field", field)
        elif rule == "hex":
            if not isinstance(v, str) or not v or len(v) > MAX_HEX or len(v) % 2 or \
                    any(ch not in "0123456789abcdefABCDEF" for ch in v):
                raise ProtocolError("bad_field", field)
        elif len(rule) == 3:   # ("list", lo, hi)
            if not isinstance(v, list) or not 1 <= len(v) <= MAX_OPTION_LIST or \
                    any(not _int_in(x, rule[1], rule[2]) for x in v):
                raise ProtocolError("bad_field", field)
        elif not _int_in(v, rule[0], rule[1]):
            raise ProtocolError("bad_field", field)
    optional = _lookup(OPTIONAL, name) or ()
    for field in obj:
        if _lookup(spec, field) is not None or field in ("c", "s", "p"):
            continue
        rule = _lookup(optional, field)
        if rule is not None:
            v = obj[field]
            if not isinstance(v, int) or isinstance(v, bool) or not rule[0] <= v <= rule[1]:
                raise ProtocolError("bad_field", field)
            continue
        opt = new_options.get(field) if new_options and name == "new" else None
        v = obj[field]
        if opt is None or not isinstance(v, list) or len(v) > MAX_OPTION_LIST:
            raise ProtocolError("bad_field", str(field)[:20])
        for x in v:
            if not isinstance(x, int) or isinstance(x, bool) or not opt[0] <= x <= opt[1]:
                raise ProtocolError("bad_field", field)
    p = obj.get("p")
    if p is not None and (not isinstance(p, int) or isinstance(p, bool) or not -1 <= p <= 7):
        raise ProtocolError("bad_field", "p")
    return name, seq


def compatible(theirs):
    """None if a peer speaking protocol `theirs` can be served, else the refusal text."""
    if not isinstance(theirs, list) or len(theirs) != 2 or theirs[0] != PROTOCOL[0]:
        return "protocol %s does not match %d.%d: update the older of host tool and firmware" % (
            theirs, PROTOCOL[0], PROTOCOL[1])
    return None
