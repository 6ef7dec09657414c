# Drivers for the reference board (Raspberry Pi Pico, MicroPython). Pins come from a pin map
# (hardware/boards/*.json), never from constants here. Each class takes its pins in the
# constructor, so tests run it on the unix port with a fake `machine` module.
from firmware.hal import CROWDED, NO_TAG, STACK, UNREADABLE, add_tag, clear, position
from firmware.rules.compat import const

_MUX_CHANNELS = const(16)


class ShiftRegisterPresence:
    """The cheap presence layer: a hall switch per space on a chain of 74HC165 shift
    registers. read(out) sets out[ch] = 1 where a magnet (a miniature) is present."""

    def __init__(self, load, clock, data, n):
        self.load = load     # PL, active low: latch the inputs
        self.clock = clock
        self.data = data     # Q7 of the last register
        self.n = n

    def read(self, out):
        self.load.value(0)
        self.load.value(1)
        for i in range(self.n):
            out[i] = 1 - self.data.value()   # switches pull the input low when present
            self.clock.value(1)
            self.clock.value(0)


class MuxTagSensors:
    """Tag identity through 16-channel multiplexers: select a channel, enable its mux, ask
    the tag reader which tags its antenna sees (hardware/reader.md: the muxes route one
    MFRC522 module's chip select and MISO). The identity read is slow, so it is done only
    where the presence layer changed, everywhere after sweep() (power-up, undo), and on one
    occupied space every `background` scans, round robin (0: never): a hall switch cannot
    see a second piece joining an occupied space, nor one lifted off a stack."""

    def __init__(self, select, enables, reader, presence, n_channels, stack=STACK, background=0):
        self.select = select      # 4 select pins, shared by every mux
        self.enables = enables    # one active-low enable pin per mux
        self.reader = reader      # read_tags(buf) -> number of tags put in buf, or -1; None: no readers
        self.presence = presence
        self.n = n_channels
        self.stack = stack
        self._present = bytearray(n_channels)
        self._before = bytearray(n_channels)
        self._cache = position(n_channels, stack)
        self._buf = bytearray(stack + 1)   # one more than a place reports: a crowded place
        self.refresh = True
        self.background = background
        self._tick = 0
        self._next = 0          # the next channel the background re-read looks at
        self.reads = 0          # identity reads so far (benchmarks, tests)

    def sweep(self):
        """Read every occupied space again at the next scan (after undo)."""
        self.refresh = True

    def _select(self, ch):
        mux = ch // _MUX_CHANNELS
        line = ch % _MUX_CHANNELS
        for b in range(4):
            self.select[b].value((line >> b) & 1)
        for m in range(len(self.enables)):
            self.enables[m].value(0 if m == mux else 1)

    def select_channel(self, ch):
        """Route the reader to channel ch's module (pairing talks to one space's reader)."""
        self._select(ch)

    def check(self, ch, out):
        """Self-test: read channel ch's tags now, present or not, into out (a sensed
        position); returns what its hall switch says (1: a magnet), from the last scan."""
        self._identify(ch)
        w = self.stack
        for j in range(ch * w, (ch + 1) * w):
            out[j] = self._cache[j]
        return self._present[ch]

    def _identify(self, ch):
        cache = self._cache
        w = self.stack
        clear(cache, ch, w)
        if self.reader is None:          # a board built without readers (hardware/presence-only.md)
            cache[ch * w] = UNREADABLE
            return
        self._select(ch)
        self.reads += 1
        n = self.reader.read_tags(self._buf)
        if n < 0:
            cache[ch * w] = UNREADABLE
            return
        if n > w:                        # more pieces than the game allows on a place
            cache[ch * w] = CROWDED
            return
        for i in range(n):
            add_tag(cache, ch, self._buf[i], w)

    def scan(self, out):
        self.presence.read(self._present)
        w = self.stack
        for ch in range(self.n):
            if not self._present[ch]:
                if self._cache[ch * w] != NO_TAG:
                    clear(self._cache, ch, w)
            elif self.refresh or not self._before[ch]:
                self._identify(ch)
            self._before[ch] = self._present[ch]
        if self.background and not self.refresh:
            self._tick += 1
            if self._tick >= self.background:
                self._tick = 0
                self._reread()
        out[:] = self._cache
        self.refresh = False

    def _reread(self):
        n = self.n
        for k in range(n):
            ch = (self._next + k) % n
            if self._present[ch]:
                self._identify(ch)
                self._next = (ch + 1) % n
                return


class QuadratureDial:
    """A rotary encoder (A, B) with a push switch, counted to 8 positions by polling."""

    _STEP = (0, -1, 1, 0, 1, 0, 0, -1, -1, 0, 0, 1, 0, 1, -1, 0)

    def __init__(self, a, b, switch, detents_per_step=4):
        self.a = a
        self.b = b
        self.switch = switch
        self.per = detents_per_step
        self._state = (a.value() << 1) | b.value()
        self._count = 0
        self._read = (0, False)   # the last reading, returned again while it holds (no allocation)

    def poll(self):
        s = (self.a.value() << 1) | self.b.value()
        self._count += self._STEP[(self._state << 2) | s]
        self._state = s

    def read(self):
        self.poll()
        pos = (self._count // self.per) % 8
        down = self.switch.value() == 0
        r = self._read
        if r[0] != pos or r[1] != down:
            r = self._read = (pos, down)
        return r


class PinButtons:
    def __init__(self, pins):
        self.pins = pins          # name -> Pin (active low, pulled up)

    def pressed(self, name):
        pin = self.pins.get(name)
        return pin is not None and pin.value() == 0


def build(pinmap, reader, machine=None, stack=STACK):
    """Sensors, dials and buttons from a pin map dict (hardware/boards/*.json)."""
    if machine is None:
        import machine
    Pin = machine.Pin

    def out(n):
        return Pin(n, Pin.OUT, value=1)

    def inp(n):
        return Pin(n, Pin.IN, Pin.PULL_UP)

    s = pinmap["sensors"]
    presence = ShiftRegisterPresence(out(s["presence_load"]), out(s["presence_clock"]),
                                     inp(s["presence_data"]), s["channels"])
    sensors = MuxTagSensors([out(p) for p in s["mux_select"]], [out(p) for p in s["mux_enable"]], reader,
                            presence, s["channels"], stack, s.get("reader", {}).get("background", 0))
    dials = [QuadratureDial(inp(d["a"]), inp(d["b"]), inp(d["switch"])) for d in pinmap["dials"]]
    buttons = PinButtons({k: inp(v) for k, v in pinmap["buttons"].items()})
    return sensors, dials, buttons
