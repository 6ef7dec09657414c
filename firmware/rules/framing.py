# The serialised form shared by every ruleset, and a few byte helpers. A leaf module: it
# imports only compat (and errors, when a state is refused), so the core, any ruleset and the
# loaders can use it without an import cycle.
#
#   "P" "B" FORMAT ruleset n_spaces len_lo len_hi <state bytes> crc32 (4 bytes, little end)
#
# The same bytes as the saves written before the engine was split: they still load.
from .compat import const, crc32

FORMAT = const(2)          # version of the serialised state; bump on any layout change
# 2: The Rise of Fenris's Infrastructure Mods kept as bits (layout.F_INFRA); a format-1 state of a
# game with them is read as it was played (scythe/engine.py, fenris_infra.from_format1); every
# other state has the same bytes in both.
_OLDEST = const(1)         # the oldest format read
_MAGIC0 = const(0x50)      # "P"
_MAGIC1 = const(0x42)      # "B"
_HEAD = const(7)           # magic, format, ruleset, n_spaces, length (2)


def frame(ruleset_id, n_spaces, body, blank=(), out=None):
    """The serialised form of the state bytes `body` of a game of ruleset_id, with the body
    offsets in `blank` zeroed (what the table must not see), in one allocation: a board
    frames its state at every save and snapshot, in a heap with no large free block.
    out: a buffer kept from an earlier frame, reused when it has the right length (then
    nothing is allocated: a save, a snapshot; docs/performance.md)."""
    n = len(body)
    if out is None or len(out) != _HEAD + n + 4:
        out = bytearray(_HEAD + n + 4)
    out[0] = _MAGIC0
    out[1] = _MAGIC1
    out[2] = FORMAT
    out[3] = ruleset_id
    out[4] = n_spaces
    out[5] = n & 0xFF
    out[6] = n >> 8
    out[_HEAD:_HEAD + n] = body
    for i in blank:
        out[_HEAD + i] = 0
    c = crc32(memoryview(out)[_HEAD:_HEAD + n]) & 0xFFFFFFFF
    e = _HEAD + n
    out[e] = c & 0xFF
    out[e + 1] = (c >> 8) & 0xFF
    out[e + 2] = (c >> 16) & 0xFF
    out[e + 3] = c >> 24
    return out


def unframe(data, ruleset_id, n_spaces, length):
    """The state bytes inside `data` (a fresh bytearray), after checking the magic, the
    format, the ruleset and board, the length (`length` state bytes) and the checksum."""
    if len(data) < _HEAD + 4 or data[0] != _MAGIC0 or data[1] != _MAGIC1:
        problem = "not a Pomme state"
    elif not _OLDEST <= data[2] <= FORMAT:
        problem = "format %d, this firmware reads %d to %d" % (data[2], _OLDEST, FORMAT)
    elif data[3] != ruleset_id or data[4] != n_spaces:
        problem = "another ruleset or board"
    elif len(data) != _HEAD + length + 4 or data[5] | (data[6] << 8) != length:
        problem = "length %d" % len(data)
    else:
        out = bytearray(data[_HEAD:_HEAD + length])
        e = _HEAD + length
        c = data[e] | (data[e + 1] << 8) | (data[e + 2] << 16) | (data[e + 3] << 24)
        if c == crc32(out) & 0xFFFFFFFF:
            return out
        problem = "checksum"
    # The error classes are imported only when a state is refused: a board that plays
    # never raises one keeps their ~1 KB out of its heap (docs/performance.md).
    from .errors import CorruptStateError

    raise CorruptStateError("corrupt_state", problem)


def ruleset_of(data):
    """The ruleset byte of a serialised state, or None if data is not one."""
    if len(data) < _HEAD + 4 or data[0] != _MAGIC0 or data[1] != _MAGIC1:
        return None
    return data[3]


def popcount(x):
    """The number of bits set in x (a mask of cards, trophies, players)."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n
