# The NXP MFRC522 13.56 MHz reader (ISO/IEC 14443-A) behind the tag reader seam
# (firmware/hal/tag_reader.py), written from the chip's datasheet (registers, FIFO, commands,
# CRC coprocessor, timer) and ISO/IEC 14443-3 (REQA/WUPA, anticollision and SELECT per cascade
# level, HLTA). One module per space, selected by the multiplexers (hardware/reader.md): the
# driver keeps no state about which module it talks to and sets each one up on every read.
#
# read_tags(buf) lists every tag on the selected antenna: WUPA, then per tag the anticollision
# loop of each cascade level (the chip reports where two tags' UIDs differ: CollReg.CollPos),
# SELECT with CRC_A, HLTA so the tag keeps quiet, and REQA again until nobody answers. UIDs
# become tag ids through the pairing table; a UID not in it is UNKNOWN_TAG, never a guess.
# Nothing is allocated after construction (the scan runs under micropython.heap_lock()).
from firmware.rules.compat import const

UNKNOWN_TAG = const(0xFC)   # a UID the pairing table does not know (no piece of any game)
MAX_UID = const(10)         # bytes of a triple-size UID
REC = const(11)             # a UID record in `uids`: its length, then up to 10 bytes

# Registers (datasheet section 9)
_COMMAND = const(0x01)
_COMIRQ = const(0x04)
_DIVIRQ = const(0x05)
_ERROR = const(0x06)
_FIFODATA = const(0x09)
_FIFOLEVEL = const(0x0A)
_CONTROL = const(0x0C)
_BITFRAMING = const(0x0D)
_COLL = const(0x0E)
_MODE = const(0x11)
_TXCONTROL = const(0x14)
_TXASK = const(0x15)
_CRCH = const(0x21)
_CRCL = const(0x22)
_RFCFG = const(0x26)
_TMODE = const(0x2A)
_TPRESCALER = const(0x2B)
_TRELOADH = const(0x2C)
_TRELOADL = const(0x2D)
_VERSION = const(0x37)

# Commands (CommandReg bits 3..0) and CommandReg.PowerDown
_IDLE = const(0x00)
_CALCCRC = const(0x03)
_TRANSCEIVE = const(0x0C)
_POWERDOWN = const(0x10)

# ComIrqReg: RxIRq | IdleIRq, TimerIRq; DivIrqReg: CRCIRq; ErrorReg: BufferOvfl |
# ParityErr | ProtocolErr, CollErr; CollReg: CollPosNotValid
_DONE = const(0x30)
_TIMER = const(0x01)
_CRCIRQ = const(0x04)
_BAD = const(0x13)
_COLLERR = const(0x08)
_POSNOTVALID = const(0x20)

# ISO/IEC 14443-3 type A
_REQA = const(0x26)
_WUPA = const(0x52)
_SEL1 = const(0x93)
_HLTA = const(0x50)
_CT = const(0x88)          # cascade tag: more UID bytes follow at the next level
_SAK_MORE = const(0x04)    # SAK's cascade bit

# What _transceive returns besides a byte count
_TIMEOUT = const(-1)
_FAULT = const(-2)         # a frame came back damaged (parity, protocol, CRC, BCC)
_COLLISION = const(-3)
_DEAD = const(-4)          # the chip never finished: no reader there

_POLLS = const(200)        # reads of an IRQ register before the chip counts as dead
_TIMER_TICKS = const(40)   # 40 x 25 us: a tag that has not answered 1 ms after a frame is not there


class _Chip:
    """The chip over SPI: its registers, its FIFO, a frame sent and received (transceive),
    its CRC coprocessor, the field on and off. MFRC522 below speaks ISO 14443-3 through it."""

    def __init__(self, spi, cs, pairing=None, wait_us=None, field_on_us=5000, max_tags=8, retries=3,
                 gain=4):
        if wait_us is None:
            import time

            wait_us = getattr(time, "sleep_us", None) or (lambda us: time.sleep(us / 1000000))
        self.spi = spi
        self.cs = cs
        self.pairing = pairing
        self.wait_us = wait_us
        self.field_on_us = field_on_us   # ISO 14443-3: a tag may take 5 ms to power up
        self.max_tags = max_tags
        self.retries = retries           # damaged frames forgiven per read before giving up
        self.gain = gain & 7             # RFCfgReg.RxGain (4: 33 dB, the reset value)
        self.uids = bytearray(max_tags * REC)   # the UIDs of the last read (REC bytes each)
        self.n_uids = 0
        self.errors = 0                  # damaged frames seen since construction (self-test)
        self.version = 0                 # VersionReg at the last read (0x91 / 0x92: MFRC522 1.0 / 2.0)
        self._tx = bytearray(12)
        self._rx = bytearray(12)
        tx = memoryview(self._tx)
        rx = memoryview(self._rx)
        self._txv = [tx[:n] for n in range(13)]   # slices made once: none made while reading
        self._rxv = [rx[:n] for n in range(13)]
        self._frame = bytearray(9)      # the frame to send
        self._resp = bytearray(8)       # the frame received
        self._got = 0                   # bytes in _resp
        self._cl = bytearray(5)         # the cascade level being resolved: 4 UID bytes + BCC
        self._crc = bytearray(2)
        self._dirty = False             # a tag may be left READY by a damaged exchange
        cs.value(1)

    # -- SPI framing (datasheet 8.1.2): address byte (reg << 1), bit 7 set to read --

    def _xfer(self, n):
        self.cs.value(0)
        self.spi.write_readinto(self._txv[n], self._rxv[n])
        self.cs.value(1)

    def _write(self, reg, value):
        t = self._tx
        t[0] = (reg << 1) & 0x7E
        t[1] = value
        self._xfer(2)

    def _read(self, reg):
        t = self._tx
        t[0] = 0x80 | ((reg << 1) & 0x7E)
        t[1] = 0
        self._xfer(2)
        return self._rx[1]

    def _write_fifo(self, src, n):
        t = self._tx
        t[0] = _FIFODATA << 1
        for i in range(n):
            t[1 + i] = src[i]
        self._xfer(n + 1)

    def _read_fifo(self, n):
        t = self._tx
        for i in range(n):
            t[i] = 0x80 | (_FIFODATA << 1)
        t[n] = 0
        self._xfer(n + 1)
        r = self._rx
        d = self._resp
        for i in range(n):
            d[i] = r[i + 1]

    # -- the chip --

    def _wake(self):
        """Leave soft power-down, check the chip answers, set it up. False: no reader."""
        self._write(_COMMAND, _IDLE)           # PowerDown bit cleared
        for _ in range(_POLLS):
            if not self._read(_COMMAND) & _POWERDOWN:
                break
        else:
            return False
        v = self._read(_VERSION)
        self.version = v
        if v == 0 or v == 0xFF:               # MISO stuck: nothing there
            return False
        self._write(_TMODE, 0x80)             # TAuto: the timer starts at the end of each frame sent
        self._write(_TPRESCALER, 0xA9)        # 13.56 MHz / (2 * 169 + 1): 25 us ticks
        self._write(_TRELOADH, 0)
        self._write(_TRELOADL, _TIMER_TICKS)
        self._write(_TXASK, 0x40)             # Force100ASK: type A modulation
        self._write(_MODE, 0x3D)              # CRC preset 6363h (CRC_A)
        self._write(_COLL, 0x00)              # ValuesAfterColl = 0: bits after a collision read 0
        self._write(_RFCFG, self.gain << 4)
        # A field left on (a read cut short) may have left tags READY, deaf to one WUPA.
        self._dirty = self._read(_TXCONTROL) & 3 != 0
        self._write(_TXCONTROL, 0x83)         # field on (Tx1RFEn, Tx2RFEn)
        return True

    def _sleep(self):
        self._write(_TXCONTROL, 0x80)         # field off: the next module's tags are not disturbed
        self._write(_COMMAND, _POWERDOWN | _IDLE)

    def _transceive(self, n_tx, last_bits, rx_align):
        """Send _frame[:n_tx] (last byte: last_bits bits, 0 = 8) and receive into _resp.
        Returns the bytes received, _TIMEOUT, _FAULT, _COLLISION (the bytes are in _resp)
        or _DEAD."""
        self._got = 0
        self._write(_COMMAND, _IDLE)
        self._write(_COMIRQ, 0x7F)            # clear every IRQ
        self._write(_FIFOLEVEL, 0x80)         # flush
        self._write_fifo(self._frame, n_tx)
        framing = (rx_align << 4) | last_bits
        self._write(_BITFRAMING, framing)
        self._write(_COMMAND, _TRANSCEIVE)
        self._write(_BITFRAMING, 0x80 | framing)   # StartSend
        irq = 0
        for _ in range(_POLLS):
            irq = self._read(_COMIRQ)
            if irq & (_DONE | _TIMER):
                break
        else:
            return _DEAD
        self._write(_BITFRAMING, 0)
        if not irq & _DONE:
            return _TIMEOUT
        err = self._read(_ERROR)
        if err & _BAD:
            return _FAULT
        n = self._read(_FIFOLEVEL) & 0x7F
        if n > len(self._resp):
            return _FAULT
        self._read_fifo(n)
        self._got = n
        if err & _COLLERR:
            return _COLLISION
        return n

    def _calc_crc(self, src, n):
        """CRC_A of src[:n] by the chip's coprocessor into _crc (low byte first). False: it
        never finished."""
        self._write(_COMMAND, _IDLE)
        self._write(_DIVIRQ, _CRCIRQ)         # clear CRCIRq
        self._write(_FIFOLEVEL, 0x80)
        self._write_fifo(src, n)
        self._write(_COMMAND, _CALCCRC)
        for _ in range(_POLLS):
            if self._read(_DIVIRQ) & _CRCIRQ:
                self._write(_COMMAND, _IDLE)
                self._crc[0] = self._read(_CRCL)
                self._crc[1] = self._read(_CRCH)
                return True
        return False

    # -- ISO/IEC 14443-3 type A --

class MFRC522(_Chip):
    """spi: a machine.SPI (mode 0, MSB first, <= 10 MHz); cs: the chip-select Pin (through
    the multiplexers); pairing: an object with tag_of(uids, offset, length) -> tag id or -1
    (firmware/board/pairing.py), or None (every UID unknown: the pairing step itself).
    ISO 14443-3 on the chip (_Chip): REQA/WUPA, the anticollision loop of each cascade level,
    SELECT, HLTA, and the reads of every tag on a space."""

    def _request(self, cmd):
        """REQA or WUPA (a 7-bit short frame). >= 0 or _COLLISION: some tag answered (tags
        of different kinds answer with different ATQAs: that collision is harmless)."""
        self._frame[0] = cmd
        return self._transceive(1, 7, 0)

    def _anticollision(self, sel):
        """Resolve one cascade level's UID part into _cl (4 bytes + BCC), one tag chosen bit
        by bit where the tags differ. 0, or a negative status."""
        cl = self._cl
        f = self._frame
        known = 0                             # bits of the level's UID already fixed
        for _ in range(33):                   # at most one round per UID bit
            full = known >> 3
            rem = known & 7
            nb = full + (1 if rem else 0)
            f[0] = sel
            f[1] = ((2 + full) << 4) | rem    # NVB: bytes and bits sent
            for i in range(nb):
                f[2 + i] = cl[i]
            r = self._transceive(2 + nb, rem, rem)
            if r < 0 and r != _COLLISION:
                return r
            d = self._resp
            for i in range(self._got):        # the answer continues byte `full` from bit `rem`
                j = full + i
                if j > 4:
                    break
                b = d[i]
                if i == 0 and rem:
                    keep = (1 << rem) - 1
                    b = (cl[j] & keep) | (b & ~keep & 0xFF)
                cl[j] = b
            if r == _COLLISION:
                coll = self._read(_COLL)
                if coll & _POSNOTVALID:
                    return _FAULT
                # CollPos counts from bit 0 of the first byte received into the FIFO, the
                # RxAlign bits (the `rem` known bits of byte `full`) included: 1..31, 0 for
                # the 32nd (hardware/reader.md, "Where a collision is")
                bit = (full << 3) + (coll & 0x1F or 32) - 1
                if bit < known or bit >= 32:
                    return _FAULT             # a bit already fixed, or past the UID: no progress
                byte = bit >> 3
                m = 1 << (bit & 7)
                cl[byte] = (cl[byte] & (m - 1)) | m   # bits before it kept; follow the tags whose bit is 1
                for j in range(byte + 1, 5):
                    cl[j] = 0
                known = bit + 1
                continue
            if full + r != 5 or cl[0] ^ cl[1] ^ cl[2] ^ cl[3] != cl[4]:
                return _FAULT                 # short answer or wrong BCC
            return 0
        return _FAULT

    def _select(self, rec):
        """Single out one tag (every cascade level) and write its UID record at uids[rec].
        The UID's length, or a negative status."""
        u = self.uids
        f = self._frame
        cl = self._cl
        length = 0
        for level in range(3):
            sel = _SEL1 + 2 * level
            r = self._anticollision(sel)
            if r < 0:
                return r
            f[0] = sel
            f[1] = 0x70                       # NVB: the whole UID part follows
            for i in range(5):
                f[2 + i] = cl[i]
            if not self._calc_crc(f, 7):
                return _DEAD
            f[7] = self._crc[0]
            f[8] = self._crc[1]
            r = self._transceive(9, 0, 0)
            if r < 0:
                return _FAULT if r == _COLLISION else r
            if r != 3:
                return _FAULT
            sak = self._resp[0]
            if not self._calc_crc(self._resp, 1):
                return _DEAD
            if self._crc[0] != self._resp[1] or self._crc[1] != self._resp[2]:
                return _FAULT
            if sak & _SAK_MORE:
                if cl[0] != _CT or level == 2:
                    return _FAULT
                for i in range(3):
                    u[rec + 1 + length + i] = cl[1 + i]
                length += 3
            else:
                for i in range(4):
                    u[rec + 1 + length + i] = cl[i]
                length += 4
                u[rec] = length
                return length
        return _FAULT

    def _halt(self):
        f = self._frame
        f[0] = _HLTA
        f[1] = 0
        if not self._calc_crc(f, 2):
            return _DEAD
        f[2] = self._crc[0]
        f[3] = self._crc[1]
        r = self._transceive(4, 0, 0)
        return 0 if r == _TIMEOUT else r      # a halted tag says nothing: silence is success

    def _listed(self, rec):
        """True when the record at uids[rec] repeats an earlier one (a tag that missed HLTA)."""
        u = self.uids
        n = u[rec]
        for o in range(0, rec, REC):
            if u[o] == n:
                same = True
                for i in range(1, n + 1):
                    if u[o + i] != u[rec + i]:
                        same = False
                        break
                if same:
                    return True
        return False

    def read_uids(self, limit=-1):
        """List the UIDs on the selected module's antenna into self.uids (REC bytes each:
        length, UID); returns how many (at most `limit`, or max_tags), or -1 when nothing can
        be read: no reader there, or damaged answers after every retry."""
        if limit < 0 or limit > self.max_tags:
            limit = self.max_tags
        self.n_uids = 0
        if not self._wake():
            return -1
        self.wait_us(self.field_on_us)
        n = 0
        faults = 0
        cmd = _WUPA                           # the first request also wakes halted tags
        result = 0
        while n < limit:
            r = self._request(cmd)
            cmd = _REQA
            if r == _TIMEOUT and self._dirty:
                self._dirty = False           # a tag left READY ignores one REQA: ask again
                r = self._request(cmd)
            if r == _TIMEOUT:
                break                         # nobody left
            if r == _DEAD:
                result = -1
                break
            if r == _FAULT:
                s = _FAULT
            else:
                s = self._select(n * REC)
            if s == _DEAD:
                result = -1
                break
            if s < 0:                         # damaged or a tag that left: ask again
                faults += 1
                self.errors += 1
                self._dirty = True
                if faults > self.retries:
                    result = -1
                    break
                continue
            self._halt()
            if not self._listed(n * REC):
                n += 1
                continue
            faults += 1                       # it answered again: it ignored HLTA
            self.errors += 1
            if faults > self.retries:
                result = -1
                break
        self._sleep()
        if result < 0:
            return -1
        self.n_uids = n
        return n

    def read_tags(self, buf):
        """The tag reader seam: the tag ids on the selected antenna into buf, how many, or -1."""
        n = self.read_uids(len(buf))
        if n < 0:
            return -1
        p = self.pairing
        for i in range(n):
            t = -1 if p is None else p.tag_of(self.uids, i * REC + 1, self.uids[i * REC])
            buf[i] = UNKNOWN_TAG if t < 0 else t
        return n
