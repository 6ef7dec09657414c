# Pairing: which tag UID is which piece. Tags carry no data; at setup the board asks for
# each miniature in turn (its pairing space lights, the display names it), reads the one UID
# on that space and remembers it. The table lives on flash (PAIRING_PATH), written to a
# temporary file renamed over the old one (atomic on littlefs, as firmware/board/storage.py does).
# A table that cannot be trusted is refused with a clear message and kept aside (.bad):
# nothing is lost, and the board asks for pairing again. The reader looks UIDs up with
# tag_of() while scanning, so it allocates nothing.
from firmware.rules.compat import const, crc32

PAIRING_PATH = "pairing.tab"
_MAGIC = b"PBPT"
PAIRING_FORMAT = const(1)
_UID = const(10)           # bytes of the longest UID
_R = const(12)             # a record: UID length, 10 UID bytes (zero padded), tag id
_HEAD = const(7)           # magic, format, count (2 bytes)


class PairingError(Exception):
    pass


class PairingTable:
    def __init__(self, capacity=64):
        self.capacity = capacity
        self.data = bytearray(capacity * _R)
        self.n = 0

    def tag_of(self, uids, off, length):
        """The tag paired with the UID uids[off:off + length], or -1 (no allocation)."""
        d = self.data
        for r in range(0, self.n * _R, _R):
            if d[r] != length:
                continue
            same = True
            for i in range(length):
                if d[r + 1 + i] != uids[off + i]:
                    same = False
                    break
            if same:
                return d[r + 1 + _UID]
        return -1

    def uid_of(self, tag):
        """The UID (bytes) paired with `tag`, or None."""
        d = self.data
        for r in range(0, self.n * _R, _R):
            if d[r + 1 + _UID] == tag:
                return bytes(d[r + 1:r + 1 + d[r]])
        return None

    def pair(self, uid, tag):
        """Remember that `uid` (bytes) is `tag`. A UID already paired with another piece is
        refused (PairingError) and nothing changes; pairing a tag again replaces its UID."""
        if len(uid) not in (4, 7, 10):
            raise PairingError("a tag UID has 4, 7 or 10 bytes, not %d" % len(uid))
        if not 0 <= tag <= 0xFD:
            raise PairingError("tag id %d is out of range" % tag)
        other = self.tag_of(uid, 0, len(uid))
        if other >= 0 and other != tag:
            raise PairingError("this tag is already paired with piece %d" % other)
        self.unpair(tag)
        if self.n >= self.capacity:
            raise PairingError("the pairing table is full (%d tags)" % self.capacity)
        r = self.n * _R
        d = self.data
        for i in range(_R):
            d[r + i] = 0
        d[r] = len(uid)
        d[r + 1:r + 1 + len(uid)] = uid
        d[r + 1 + _UID] = tag
        self.n += 1

    def unpair(self, tag):
        d = self.data
        for r in range(0, self.n * _R, _R):
            if d[r + 1 + _UID] == tag:
                last = (self.n - 1) * _R
                d[r:r + _R] = d[last:last + _R]
                self.n -= 1
                return True
        return False

    def tags(self):
        return sorted(self.data[r + 1 + _UID] for r in range(0, self.n * _R, _R))

    def to_bytes(self):
        body = _MAGIC + bytes((PAIRING_FORMAT,)) + self.n.to_bytes(2, "little")
        body += bytes(self.data[:self.n * _R])
        return body + (crc32(body) & 0xFFFFFFFF).to_bytes(4, "little")

    @classmethod
    def from_bytes(cls, data, capacity=64):
        if len(data) < _HEAD + 4 or data[:4] != _MAGIC:
            raise PairingError("the pairing table is not a Pomme Board pairing file")
        if data[4] != PAIRING_FORMAT:
            raise PairingError("the pairing table has format %d; this firmware reads %d"
                               % (data[4], PAIRING_FORMAT))
        if int.from_bytes(data[-4:], "little") != crc32(data[:-4]) & 0xFFFFFFFF:
            raise PairingError("the pairing table is damaged (checksum)")
        n = int.from_bytes(data[5:7], "little")
        if len(data) != _HEAD + n * _R + 4 or n > capacity:
            raise PairingError("the pairing table is damaged (%d records do not fit)" % n)
        t = cls(capacity)
        for i in range(n):
            r = _HEAD + i * _R
            ln = data[r]
            t.pair(bytes(data[r + 1:r + 1 + ln]), data[r + 1 + _UID])
        return t


def save(table, path=PAIRING_PATH, os_module=None):
    if os_module is None:
        import os as os_module
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(table.to_bytes())
    os_module.rename(tmp, path)


def load(path=PAIRING_PATH, out=print, os_module=None):
    """The table on flash; an empty one when there is none. A damaged one is renamed .bad
    (kept, with a message) and an empty table returned: the board asks for pairing again."""
    if os_module is None:
        import os as os_module
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return PairingTable()
    try:
        return PairingTable.from_bytes(data)
    except PairingError as e:
        bad = path + ".bad"
        try:
            os_module.rename(path, bad)
        except OSError:
            pass
        out("%s cannot be used (%s); it is kept as %s. Pair the pieces again." % (path, e, bad))
        return PairingTable()


def pair_pieces(pieces, reader, ask, wait_ms, table, out=print, polls=-1, skip=None):
    """The setup step. pieces: ((name, tag), ...). For each piece ask(name, tag) lights the
    pairing space and names the piece; the maker puts that one miniature there. The reader
    (read_uids() and its uids records, firmware/hal/mfrc522.py, on the pairing space's
    module) must see exactly one tag, not paired with another piece; then the maker takes it
    off. skip() true (a dial pushed) leaves a piece unpaired and goes on. Returns the number
    of pieces paired (fewer when some were skipped or `polls` ran out)."""

    done = 0
    for name, tag in pieces:
        ask(name, tag)
        paired = False
        said = None
        while polls != 0:
            polls -= 1
            if not paired and skip is not None and skip():
                out("%s: skipped" % name)
                while skip():
                    wait_ms(20)               # one push skips one piece
                break
            n = reader.read_uids()
            if paired:
                if n == 0:
                    break                     # taken off: next piece
            elif n == 1:
                uid = bytes(reader.uids[1:1 + reader.uids[0]])
                try:
                    table.pair(uid, tag)
                    paired = True
                    done += 1
                    out("%s: tag %s" % (name, "".join("%02x" % b for b in uid)))
                    said = None
                except PairingError as e:
                    if said != str(e):
                        said = str(e)
                        out("%s: %s; take it off" % (name, e))
            elif n > 1 and said != "several":
                said = "several"
                out("%s: %d tags on the pairing space; one piece at a time" % (name, n))
            elif n < 0 and said != "reader":
                said = "reader"
                out("%s: the pairing space's reader does not answer" % name)
            wait_ms(100)
        if polls == 0 and not paired:
            break
    return done


def wanted(ruleset, table, everything=False):
    """((name, tag), ...) the setup step asks for: every piece of the largest game of
    `ruleset`, the pieces its options add (Pie in the Sky's airship) and the wand; only
    those not paired yet unless `everything`."""
    from firmware.hal import WAND_TAG

    out = [("%s %d of seat %d" % (kind, tag, owner + 1), tag)
           for kind, owner, tag in ruleset.pieces(ruleset.players[1])]
    out += [("the %s (%d)" % (kind, tag), tag) for kind, _owner, tag in ruleset.option_pieces()]
    out.append(("the wand", WAND_TAG))
    if not everything:
        out = [p for p in out if table.uid_of(p[1]) is None]
    return out


def setup(pieces, board_def, sensors, leds, table, wait_ms, out=print, n_leds=None, path=PAIRING_PATH,
          skip=None):
    """Pair `pieces` on the pairing space (the board's first space: its LED lights blue)
    through the real sensors (firmware/hal/rp2040.py MuxTagSensors), then save the table.
    skip() true skips a piece (the maker has fewer miniatures). Returns the number paired."""
    from firmware.board.table import wiring

    n, sensor, led = wiring(board_def)
    frame = bytearray(3 * (n_leds or n))
    sensors.select_channel(sensor[0])

    def ask(name, tag):
        for i in range(len(frame)):
            frame[i] = 0
        frame[3 * led[0] + 2] = 60
        leds.show(frame)
        out("Pairing: put %s alone on the lit space, then take it off." % name)

    done = pair_pieces(pieces, sensors.reader, ask, wait_ms, table, out, -1, skip)
    save(table, path)
    for i in range(len(frame)):
        frame[i] = 0
    leds.show(frame)
    out("Pairing: %d of %d pieces paired, saved in %s." % (done, len(pieces), path))
    return done
