# A register-level model of the NXP MFRC522 and of ISO/IEC 14443-A tags in its field, for
# the driver tests (firmware/hal/mfrc522.py). It sits behind the fake machine.SPI
# (spi.device = chip) and answers the chip's SPI framing: an address byte (reg << 1), bit 7
# set to read; a read returns the addressed register one byte later; a write burst puts
# every data byte into the same register (the FIFO). Modelled: the 64-byte FIFO and its
# level, the commands Idle, CalcCRC, Transceive and SoftReset, soft power-down, the CRC_A
# coprocessor, the timer (TAuto: TimerIRq when no tag answers), the IRQ, error and
# collision registers, BitFramingReg's TxLastBits/RxAlign, ControlReg's RxLastBits, and the
# field (TxControlReg): tags lose power, and their state, when it goes off.
#
# Tags follow ISO/IEC 14443-3's state machine (IDLE, READY, ACTIVE, HALT; cascade levels)
# and answer REQA, WUPA, ANTICOLLISION, SELECT and HLTA. When several answer at once the
# chip sees their bits superposed: the first bit where they differ is a collision, reported
# as the chip does (ErrorReg.CollErr; CollReg.CollPos: the collided bit's place in the FIFO
# bytes received, counted from bit 0 of the first one, so the RxAlign bits are included: 1 =
# that byte's bit 0, 8 = its bit 7, 0 = the 32nd bit, beyond it CollPosNotValid; with
# ValuesAfterColl = 0 every bit from there on reads 0). hardware/reader.md gives the sources.
#
# Faults to inject: corrupt(n, kind) damages the next n UID/SAK answers (or only those to
# "ANTICOLL" or "SELECT": a bit flipped, a wrong BCC or CRC), parity(n) flags the next n
# answers with ErrorReg.ParityErr, leave(tag, k) takes a tag out of the field after k
# more frames, dead = True makes MISO stay low, and stop_timer = True makes the timer
# never fire (a chip that answers but never finishes).
# Counters for the figures: accesses (SPI register accesses) and air_us (time on air).
IDLE = 0
READY = 1
ACTIVE = 2
HALT = 3

_BIT_US = 128 / 13.56     # one bit at 106 kbit/s
_FDT_US = 1172 / 13.56    # frame delay time, tag answer after the reader's frame

COMMAND, COMIRQ, DIVIRQ, ERROR = 0x01, 0x04, 0x05, 0x06
FIFODATA, FIFOLEVEL, CONTROL, BITFRAMING, COLL = 0x09, 0x0A, 0x0C, 0x0D, 0x0E
TXCONTROL, CRCH, CRCL = 0x14, 0x21, 0x22
TMODE, TPRESCALER, TRELOADH, TRELOADL, VERSION = 0x2A, 0x2B, 0x2C, 0x2D, 0x37

_RESET = {COMMAND: 0x20, 0x02: 0x80, COMIRQ: 0x14, COLL: 0x80, 0x11: 0x3F, TXCONTROL: 0x80,
          0x18: 0x84, 0x19: 0x4D, 0x24: 0x26, 0x26: 0x48, 0x27: 0x88, 0x28: 0x20, 0x29: 0x20,
          VERSION: 0x92}


def crc_a(data):
    """ISO/IEC 14443-3 CRC_A (x^16 + x^12 + x^5 + 1, preset 6363h, LSB first): (low, high)."""
    crc = 0x6363
    for b in data:
        ch = (b ^ crc) & 0xFF
        ch = (ch ^ (ch << 4)) & 0xFF
        crc = ((crc >> 8) ^ (ch << 8) ^ (ch << 3) ^ (ch >> 4)) & 0xFFFF
    return crc & 0xFF, crc >> 8


def to_bits(data, n_bits):
    out = []
    for i in range(n_bits):
        out.append((data[i >> 3] >> (i & 7)) & 1)
    return out


def _byte_bits(data):
    return to_bits(data, 8 * len(data))


class Tag:
    """An ISO/IEC 14443-A tag: a 4, 7 or 10 byte UID (NTAG21x: 7, first byte 04h)."""

    def __init__(self, uid, sak=0x00):
        if len(uid) not in (4, 7, 10):
            raise ValueError("a UID has 4, 7 or 10 bytes")
        self.uid = bytes(uid)
        self.sak = sak
        self.atqa = {4: (0x04, 0x00), 7: (0x44, 0x00), 10: (0x84, 0x00)}[len(uid)]
        u = self.uid
        if len(u) == 4:
            chunks = [u]
        elif len(u) == 7:
            chunks = [bytes((0x88,)) + u[0:3], u[3:7]]
        else:
            chunks = [bytes((0x88,)) + u[0:3], bytes((0x88,)) + u[3:6], u[6:10]]
        self.parts = [c + bytes((c[0] ^ c[1] ^ c[2] ^ c[3],)) for c in chunks]   # 4 bytes + BCC
        self.state = IDLE
        self.level = 0
        self.halted = False     # HALT is where it goes back to after a bad frame
        self.ignores_halt = False   # a faulty tag that keeps answering after HLTA

    def power_off(self):
        self.state = IDLE
        self.level = 0
        self.halted = False

    def _drop(self):
        self.state = HALT if self.halted else IDLE

    def hear(self, kind, level, bits):
        """The bits this tag sends back for a frame (kind, cascade level, UID bits sent), or None."""
        if kind in ("REQA", "WUPA"):
            if self.state == IDLE or (kind == "WUPA" and self.state == HALT):
                self.state = READY
                self.level = 0
                return _byte_bits(bytes(self.atqa))
            if self.state in (READY, ACTIVE):
                self._drop()
            return None
        if kind in ("ANTICOLL", "SELECT"):
            if self.state != READY or level != self.level:
                if self.state != HALT:
                    self._drop()
                return None
            mine = _byte_bits(self.parts[level])
            if bits != mine[:len(bits)]:
                return None                   # another tag's UID: stay READY, keep quiet
            if kind == "ANTICOLL":
                return mine[len(bits):]
            more = level + 1 < len(self.parts)
            if more:
                self.level += 1
                sak = 0x04
            else:
                self.state = ACTIVE
                sak = self.sak
            lo, hi = crc_a(bytes((sak,)))
            return _byte_bits(bytes((sak, lo, hi)))
        if kind == "HLTA" and self.state == ACTIVE and self.ignores_halt:
            self.state = IDLE
            return None
        if kind == "HLTA" and self.state == ACTIVE:
            self.state = HALT
            self.halted = True
            return None
        if self.state != HALT:
            self._drop()
        return None


class Chip:
    def __init__(self, tags=(), cs=None):
        self.tags = list(tags)      # the tags in the field
        self.cs = cs                # when given, the chip answers only while cs reads 0
        self.dead = False
        self.stop_timer = False
        self.wake_reads = 2         # reads of CommandReg that still show PowerDown after waking
        self.accesses = 0
        self.air_us = 0.0
        self.frames = []            # (kind, bits sent) of every frame sent, for the tests
        self._corrupt = 0
        self._corrupt_kind = None
        self._parity = 0
        self._leave = {}
        self.reset()

    # -- test controls --

    def corrupt(self, n=1, kind=None):
        self._corrupt = n
        self._corrupt_kind = kind

    def parity(self, n=1):
        self._parity = n

    def leave(self, tag, frames):
        self._leave[id(tag)] = [tag, frames]

    # -- the chip --

    def reset(self):
        self.regs = bytearray(64)
        for k, v in _RESET.items():
            self.regs[k] = v
        self.fifo = []
        self.powered_down = False
        self._waking = 0
        self._field(False)

    def field_on(self):
        return self.regs[TXCONTROL] & 3 != 0

    def _field(self, on):
        if not on:
            for t in self.tags:
                t.power_off()

    def exchange(self, tx, rx):
        n = len(tx)
        if self.dead or (self.cs is not None and self.cs.value() != 0):
            for i in range(n):
                rx[i] = 0
            return
        self.accesses += 1
        rx[0] = 0
        if tx[0] & 0x80:
            for i in range(1, n):
                rx[i] = self.read((tx[i - 1] >> 1) & 0x3F)
        else:
            reg = (tx[0] >> 1) & 0x3F
            for i in range(1, n):
                rx[i] = 0
                self.write(reg, tx[i])

    def read(self, reg):
        r = self.regs
        if reg == FIFODATA:
            return self.fifo.pop(0) if self.fifo else 0
        if reg == FIFOLEVEL:
            return len(self.fifo)
        if reg == COMMAND and self._waking:
            self._waking -= 1
            return r[COMMAND] | 0x10
        return r[reg]

    def write(self, reg, v):
        r = self.regs
        if reg == COMMAND:
            if self.powered_down and not v & 0x10:
                self._waking = self.wake_reads
            self.powered_down = bool(v & 0x10)
            r[COMMAND] = (r[COMMAND] & 0x20) | (v & 0x1F)
            self._command(v & 0x0F)
        elif reg in (COMIRQ, DIVIRQ):
            if v & 0x80:
                r[reg] |= v & 0x7F
            else:
                r[reg] &= ~v & 0xFF
        elif reg == FIFODATA:
            if len(self.fifo) >= 64:
                r[ERROR] |= 0x10      # BufferOvfl
            else:
                self.fifo.append(v)
        elif reg == FIFOLEVEL:
            if v & 0x80:
                self.fifo = []
                r[ERROR] &= ~0x10 & 0xFF
        elif reg == BITFRAMING:
            r[reg] = v & 0x77
            if v & 0x80 and r[COMMAND] & 0x0F == 0x0C and not self.powered_down:
                self._transceive()
        elif reg == TXCONTROL:
            was = self.field_on()
            r[reg] = v
            if was and not self.field_on():
                self._field(False)
        elif reg == COLL:
            r[reg] = (r[reg] & 0x7F) | (v & 0x80)
        elif reg not in (VERSION, ERROR, CONTROL, CRCH, CRCL):
            r[reg] = v

    def _command(self, cmd):
        r = self.regs
        if cmd == 0x0F:
            self.reset()
        elif cmd == 0x03 and not self.powered_down:   # CalcCRC over the FIFO
            lo, hi = crc_a(bytes(self.fifo))
            self.fifo = []
            r[CRCL] = lo
            r[CRCH] = hi
            r[DIVIRQ] |= 0x04

    def _timer_us(self):
        r = self.regs
        if not r[TMODE] & 0x80 or self.stop_timer:
            return None
        presc = ((r[TMODE] & 0x0F) << 8) | r[TPRESCALER]
        reload = (r[TRELOADH] << 8) | r[TRELOADL]
        if reload == 0:
            return None
        return (reload + 1) * (2 * presc + 1) / 13.56

    def _parse(self, data, n_bits):
        """(kind, level, UID bits sent) of a reader frame, as a tag decodes it."""
        if n_bits == 7:
            return {0x26: "REQA", 0x52: "WUPA"}.get(data[0] & 0x7F, "?"), 0, None
        if n_bits >= 16 and data[0] in (0x93, 0x95, 0x97):
            level = (data[0] - 0x93) // 2
            nvb = data[1]
            if nvb == 0x70:
                if n_bits == 72 and crc_a(data[:7]) == (data[7], data[8]):
                    return "SELECT", level, _byte_bits(data[2:7])
                return "?", 0, None
            sent = (nvb >> 4) * 8 + (nvb & 0x0F)
            if sent != n_bits or sent < 16 or sent > 56:
                return "?", 0, None
            return "ANTICOLL", level, to_bits(data[2:], n_bits - 16)
        if n_bits == 32 and data[0] == 0x50 and data[1] == 0 and crc_a(data[:2]) == (data[2], data[3]):
            return "HLTA", 0, None
        return "?", 0, None

    def _transceive(self):
        r = self.regs
        framing = r[BITFRAMING]
        last = framing & 7
        align = (framing >> 4) & 7
        data = bytes(self.fifo)
        self.fifo = []
        r[ERROR] &= 0x10
        r[COLL] &= 0x80
        r[COMIRQ] |= 0x40 | 0x04            # TxIRq (and the FIFO's LoAlert)
        n_bits = 8 * (len(data) - 1) + (last or 8) if data else 0
        self.air_us += (9 * (n_bits // 8) + n_bits % 8 + 2) * _BIT_US
        kind, level, bits = self._parse(data, n_bits)
        self.frames.append((kind, bits))
        for key in list(self._leave):
            entry = self._leave[key]
            if entry[1] <= 0:
                if entry[0] in self.tags:
                    self.tags.remove(entry[0])
                del self._leave[key]
            else:
                entry[1] -= 1
        answers = []
        if self.field_on():
            for t in self.tags:
                a = t.hear(kind, level, bits)
                if a is not None:
                    answers.append(a)
        if not answers:
            t_us = self._timer_us()
            if t_us is not None:
                self.air_us += t_us
                r[COMIRQ] |= 0x01          # TimerIRq
            return
        n = max(len(a) for a in answers)
        got = []
        coll = -1
        for i in range(n):
            vals = set(a[i] for a in answers if i < len(a))
            if coll < 0 and len(vals) > 1:
                coll = i
            if coll >= 0 and not r[COLL] & 0x80:
                got.append(0)
            else:
                got.append(min(vals))
        if kind in ("ANTICOLL", "SELECT") and self._corrupt > 0 and self._corrupt_kind in (None, kind):
            self._corrupt -= 1
            got[-1] ^= 1
        self.air_us += _FDT_US + (9 * (n // 8) + n % 8 + 2) * _BIT_US
        total = align + n
        out = bytearray((total + 7) // 8)
        for i, b in enumerate(got):
            p = align + i
            out[p >> 3] |= b << (p & 7)
        self.fifo = list(out)
        r[CONTROL] = (r[CONTROL] & 0xF8) | (total % 8)
        if coll >= 0:
            r[ERROR] |= 0x08                # CollErr
            pos = align + coll + 1          # the first bit received is stored at bit RxAlign
            r[COLL] |= (pos & 0x1F) if pos <= 32 else 0x20
            r[COMIRQ] |= 0x02               # ErrIRq
        else:
            r[COLL] |= 0x20                 # CollPosNotValid: no collision
        if self._parity > 0:
            self._parity -= 1
            r[ERROR] |= 0x02                # ParityErr
            r[COMIRQ] |= 0x02
        r[COMIRQ] |= 0x20                   # RxIRq


class Replay:
    """An SPI device that plays back what a Recorder heard (allocation-free: the MicroPython
    zero-allocation test runs the driver against it under heap_lock)."""

    def __init__(self, size=1 << 16):
        self.data = bytearray(size)
        self.n = 0
        self.pos = 0

    def exchange(self, tx, rx):
        d = self.data
        p = self.pos
        for i in range(len(rx)):
            rx[i] = d[p]
            p += 1
        self.pos = p


class Recorder:
    """Wraps a device and keeps every byte it sent back into a Replay."""

    def __init__(self, device, replay):
        self.device = device
        self.replay = replay

    def exchange(self, tx, rx):
        self.device.exchange(tx, rx)
        rp = self.replay
        for b in rx:
            rp.data[rp.n] = b
            rp.n += 1


class QuietPin:
    """A pin that remembers only its level (the fake machine.Pin logs every write)."""

    def __init__(self, v=1):
        self.v = v

    def value(self, v=None):
        if v is None:
            return self.v
        self.v = v
        return None
