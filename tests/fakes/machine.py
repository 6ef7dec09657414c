# A stand-in for MicroPython's `machine` on machines without one (the unix port, CPython):
# pins remember what was written and read what a test wires to them. Only what the drivers use.
class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 2
    registry = {}

    def __init__(self, n, mode=0, pull=None, value=None):
        self.n = n
        self.mode = mode
        self.v = 1 if value is None else value
        self.source = None        # a function giving the input level, set by a test
        self.writes = []
        Pin.registry[n] = self

    def value(self, v=None):
        if v is None:
            return self.source() if self.source is not None else self.v
        self.v = v
        self.writes.append(v)
        return None


class WDT:
    def __init__(self, timeout=8000):
        self.timeout = timeout
        self.feeds = 0

    def feed(self):
        self.feeds += 1


def bitstream(pin, encoding, timing, buf):
    pin.writes.append(bytes(buf))


class SPI:
    """A bus: write_readinto hands the bytes to `device` (a test's chip model: exchange(tx,
    rx)); with no device MISO reads 0, as a bus with nothing on it."""

    def __init__(self, id=0, baudrate=1000000, polarity=0, phase=0, sck=None, mosi=None, miso=None):
        self.id = id
        self.baudrate = baudrate
        self.device = None

    def write_readinto(self, tx, rx):
        if self.device is None:
            for i in range(len(rx)):
                rx[i] = 0
        else:
            self.device.exchange(tx, rx)


class I2C:
    """An I2C bus: `devices` answer (ACK) at their addresses and every write to one is
    recorded as (address, bytes); a write to an address nothing answers at raises
    OSError(ENODEV), as MicroPython's I2C does on a NACK. A test may set `nack` on an
    address later to unplug that device."""

    ENODEV = 19

    def __init__(self, bus_id=0, scl=None, sda=None, freq=400000, devices=()):
        self.bus_id = bus_id
        self.scl = scl
        self.sda = sda
        self.freq = freq
        self.devices = set(devices if devices else I2C.present)
        self.writes = []
        I2C.last = self

    present = []    # the addresses a bus built by the code under test finds (set by a test)
    last = None     # the bus built last

    def scan(self):
        return sorted(self.devices)

    def _check(self, addr):
        if addr not in self.devices:
            raise OSError(I2C.ENODEV)

    def writeto(self, addr, buf, stop=True):
        self._check(addr)
        self.writes.append((addr, bytes(buf)))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        self._check(addr)
        self.writes.append((addr, b"".join(bytes(b) for b in vector)))
        return True
