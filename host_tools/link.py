"""The host's end of the serial link (pyserial): handshake, acknowledged commands with
retries (a retry reuses its sequence number, so the board never runs a command twice),
the event stream with gap detection (a gap asks for a snapshot), and decoding snapshots
with the ruleset the board announces in its handshake (caps.ruleset)."""

import binascii
import time

import serial

from firmware.link.protocol import PROTOCOL, ProtocolError, compatible, decode, encode
from firmware.rules import registry

from .boards import load_board
from .text import t


class LinkError(Exception):
    """An expected failure of the link, with a message that says what to do."""


def open_port(port, baud=115200, write_timeout=3.0):
    """Open a serial port for this process alone, or raise LinkError saying why not."""
    try:
        return serial.serial_for_url(
            port, baudrate=baud, timeout=0.05, write_timeout=write_timeout, exclusive=True
        )
    except (serial.SerialException, OSError, ValueError) as e:
        text = str(e)
        if "lock" in text or "busy" in text.lower():
            raise LinkError(t("link.in_use", port)) from None
        if "ioctl" in text or "configure port" in text:
            raise LinkError(t("link.not_serial", port, text)) from None
        raise LinkError(t("link.cannot_open", port, text)) from None


class Client:
    def __init__(self, port, timeout=3.0, retries=3, board=None, baud=115200, watch=None, holds=0):
        if not isinstance(port, str):
            self.ser = port  # a serial-port-like object (host_tools/inproc.py)
        else:
            self.ser = open_port(port, baud, timeout)
        self.port = port
        # watch(): None, or a sentence saying the board is gone (the simulator's process has
        # stopped): asked while waiting, so a dead board is reported at once, with its words
        self.watch = watch
        self.timeout = timeout
        self.retries = retries
        self.board = board  # the board the ruleset in play uses (known from the handshake)
        # The seats whose cards this host holds (bit p: seat p; 255 every seat: `pomme sim`,
        # `play`, `log`), told to the board at connect(): it names the cards dealt face down in
        # `dec` only to a host holding every seat, and a seat's view only to a host holding it.
        self.holds = holds
        self.views = True   # the board answers seats' views and `holds` (protocol 1.4; connect())
        self.ruleset = None
        self.seq = int(time.time()) & 0xFFFF
        self.events = []  # events received and not yet taken
        self.last_n = None  # the last device event number seen
        self.gaps = 0
        self.device = None  # the hello event
        self.save_aside = None  # the board's save_aside event: a save it could not use
        self.snap = None  # the last snapshot event
        self.state = None  # the last snapshot's decoded State
        self._buf = b""
        self.repl = False  # noise seen that a MicroPython REPL prints (no game running)

    def close(self):
        self.ser.close()

    def write(self, data):
        try:
            self.ser.write(data)
        except (serial.SerialTimeoutException, OSError) as e:
            raise LinkError(t("link.cannot_write", self.port, e)) from None

    # ---- lines -----------------------------------------------------------------------------
    def _read_line(self, deadline):
        while b"\n" not in self._buf:
            if time.monotonic() > deadline:
                return None
            try:
                chunk = self.ser.read(max(1, self.ser.in_waiting))  # what is there, or wait for 1 byte
            except (serial.SerialException, OSError) as e:
                raise LinkError(t("link.lost", self.port, e)) from None
            if chunk:
                self._buf += chunk
            elif self.watch is not None:
                gone = self.watch()
                if gone:
                    raise LinkError(gone)
        line, _, self._buf = self._buf.partition(b"\n")
        return line

    def _take(self, line):
        """Decode a device line; keep events; note gaps in the event numbers."""
        try:
            obj = decode(line)
        except ProtocolError:
            self._noise(line)
            return None  # noise (a boot banner, a REPL prompt): not ours
        n = obj.get("n")
        if isinstance(n, int):
            if self.last_n is not None and n != self.last_n + 1:
                self.gaps += 1
            self.last_n = n
        if obj.get("e") == "hello":
            self.device = obj
            self._use_ruleset((obj.get("caps") or {}).get("ruleset", registry.default()))
        if obj.get("e") == "save_aside":
            self.save_aside = obj
        if obj.get("e") == "snap":
            self._decode_snap(obj)
        if obj.get("e") != "ack":
            self.events.append(obj)
        return obj

    def _noise(self, line):
        if any(w in line for w in (b">>> ", b"Traceback (most recent call last)", b"MicroPython v")):
            self.repl = True

    def _use_ruleset(self, name):
        try:
            rs = registry.load(name)
        except ValueError:
            raise LinkError(t("link.unknown_game", name, ", ".join(registry.names()))) from None
        if rs is not self.ruleset:
            self.ruleset = rs
            self.board = load_board(ruleset=rs)
        return rs

    def _decode(self, obj):
        rs = self.ruleset or self._use_ruleset(registry.default())  # no hello seen yet: the default
        return rs.from_bytes(self.board, binascii.unhexlify(obj["state"]))

    def _decode_snap(self, obj):
        if obj.get("seat", -1) != -1:
            return   # a seat's view or the whole game: snapshot() reads it
        self.snap = obj
        try:
            self.state = self._decode(obj)
        except ValueError:
            if self.device is not None:
                raise
            # a snapshot before the hello (the board's heartbeat) of a game the default ruleset
            # does not read: the hello names the ruleset, and a snapshot follows it (connect)
            self.state = None

    def pump(self, seconds=0.1):
        """Read whatever arrives for a moment."""
        deadline = time.monotonic() + seconds
        while True:
            line = self._read_line(deadline)
            if line is None:
                return
            self._take(line)

    def wait_event(self, kind, seconds=None, seat=None):
        """The next event of this kind (a `snap`: of this seat's view, given one)."""
        deadline = time.monotonic() + (seconds or self.timeout)
        while True:
            for i, e in enumerate(self.events):
                if e.get("e") == kind and (seat is None or e.get("seat", -1) == seat):
                    return self.events.pop(i)
            line = self._read_line(deadline)
            if line is None:
                raise LinkError(t("link.no_event", kind, self.port, seconds or self.timeout))
            self._take(line)

    # ---- commands ----------------------------------------------------------------------------
    def request(self, cmd, **fields):
        """Send a command and return its ack (dict). Retries with the same sequence number."""
        self.seq = (self.seq + 1) & 0x7FFFFFFF
        msg = dict(fields, c=cmd, s=self.seq)
        line = encode(msg).encode()
        for _ in range(self.retries):
            self.write(line)
            deadline = time.monotonic() + self.timeout
            while True:
                raw = self._read_line(deadline)
                if raw is None:
                    break  # retry
                obj = self._take(raw)
                if obj is not None and obj.get("e") == "ack" and obj.get("s") == self.seq:
                    return obj
        raise LinkError(t("link.no_answer", self.port, cmd))

    def command(self, cmd, **fields):
        """request() that raises LinkError with the board's message when refused."""
        ack = self.request(cmd, **fields)
        if not ack.get("ok"):
            raise LinkError(t("link.refused", cmd, ack.get("err"), ack.get("msg", "")))
        return ack

    def connect(self):
        """Handshake: our protocol against the board's; then a first snapshot. The board
        sends its hello event before the ack, so a hello missing once the ack is in was lost
        on the line (or answered from a retry, which the board does not run again): ask
        again with a new sequence number, up to `retries` times."""
        hello = {}
        for attempt in range(self.retries):
            try:
                ack = self.request("hello", proto=list(PROTOCOL))
            except LinkError:
                self._noise(self._buf)  # a REPL's prompt has no end of line
                if self.repl:
                    raise LinkError(t("link.repl", self.port, self.port)) from None
                raise
            if not ack.get("ok"):
                raise LinkError(t("link.refused_host", ack.get("msg")))
            last = attempt == self.retries - 1
            try:
                hello = self.wait_event("hello", None if last else min(1.0, self.timeout))
                break
            except LinkError:
                if last:
                    raise
        refused = compatible(hello.get("proto"))
        if refused:
            raise LinkError(t("link.incompatible", refused))
        # A board before protocol 1.4 has no seat views: its snapshot is the whole game (but the
        # sealed entries), its `dec` names every card; the table's snapshot stands in for them.
        proto = hello.get("proto") or [0, 0]
        self.views = (proto[0], proto[1]) >= (1, 4)
        if self.holds and self.views:
            self.command("holds", seats=self.holds)
        return hello, self.snapshot()

    def snapshot(self, seat=-1, whole=False):
        """A fresh snapshot (the board sends it right after acknowledging the request): the
        table's view of the game, or, given a seat (0..n-1), that seat's view (its own cards
        in hand kept: docs/protocol.md), or (whole, a host holding every seat) the whole game;
        the last two do not replace the table's (`state`)."""
        if not self.views:
            seat, whole = -1, False
        self.events = [e for e in self.events if e.get("e") != "snap"]
        if whole:
            self.command("snapshot", whole=1)
            return self._decode(self.wait_event("snap", seat=-2))
        if seat < 0:
            self.command("snapshot")
            self.wait_event("snap", seat=-1)
            if self.state is None:
                raise LinkError(t("link.no_snapshot"))
            return self.state
        self.command("snapshot", p=seat)
        return self._decode(self.wait_event("snap", seat=seat))

    def resync_if_needed(self):
        """After a gap in the event numbers, the snapshot is the truth."""
        if self.gaps:
            self.gaps = 0
            self.snapshot()
            return True
        return False
