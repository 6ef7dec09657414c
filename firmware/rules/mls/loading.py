# Reading a serialised state back (a save file, a snapshot from the wire): the frame
# (magic, format, ruleset, length, crc32) and the consistency of every value. Used when a
# game is resumed, then released (engine.State.from_bytes).
from ..compat import const, crc32
from .engine import FORMAT, RULESET_MLS, _popcount
from ..errors import CorruptStateError

# The engine's state layout (private there; tests/host/test_private_copies.py checks these).
_MAGIC0 = const(0x50)
_MAGIC1 = const(0x42)
_AT_CAMP = const(63)
_GOODS = const(292)
_MAX_PLAYERS = const(6)
_N = const(0)
_P0 = const(148)
_PIES = const(1)
_PSZ = const(24)
_SK = const(5)
_STAGE = const(1)
_ST_OVER = const(15)
_ST_SETUP = const(1)
_SUP = const(10)
_TRO = const(3)
_TROPHIES_TO_WIN = const(4)


def body(board, data):
    """The state bytes inside a serialised state, after checking its frame."""
    if len(data) < 11 or data[0] != _MAGIC0 or data[1] != _MAGIC1:
        raise CorruptStateError("corrupt_state", "not a Pomme state")
    if data[2] != FORMAT:
        raise CorruptStateError("corrupt_state", "format %d, this firmware reads %d" % (data[2], FORMAT))
    if data[3] != RULESET_MLS or data[4] != board.n_spaces:
        raise CorruptStateError("corrupt_state", "another ruleset or board")
    n = data[5] | (data[6] << 8)
    if len(data) != 7 + n + 4 or n != _GOODS + 3 * board.n_spaces:
        raise CorruptStateError("corrupt_state", "length %d" % len(data))
    out = bytearray(data[7:7 + n])
    c = data[7 + n] | (data[8 + n] << 8) | (data[9 + n] << 16) | (data[10 + n] << 24)
    if c != crc32(out) & 0xFFFFFFFF:
        raise CorruptStateError("corrupt_state", "checksum")
    return out


def check(st):
    """None if the state is consistent, else a short description of what is not."""
    s = st.s
    n = s[_N]
    if not 2 <= n <= _MAX_PLAYERS:
        return "players %d" % n
    if not _ST_SETUP <= s[_STAGE] <= _ST_OVER:
        return "stage %d" % s[_STAGE]
    c = st.content
    ns = st.board.n_spaces
    for good, total, base in ((0, c.apples, st._ga), (1, c.gems, st._gg), (2, c.quest_tokens, st._gq)):
        on_map = s[_SUP + good] + st._held_goods(good)
        for i in range(ns):
            on_map += s[base + i]
        if on_map != total:
            return "goods %d: %d of %d" % (good, on_map, total)
    for i in range(ns):
        if s[st._gq + i] > 1:
            return "two quest tokens on %d" % i
    for p in range(n):
        o = _P0 + p * _PSZ
        if s[o + _PIES] > c.pies_max:
            return "pies %d" % s[o + _PIES]
        if _popcount(s[o + _TRO]) > _TROPHIES_TO_WIN:
            return "trophies"
        for k in range(2):
            loc = s[o + _SK + k]
            if loc != _AT_CAMP and loc >= ns:
                return "seeker at %d" % loc
    return None
