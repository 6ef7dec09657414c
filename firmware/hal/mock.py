# The mock hardware of tests and the simulator: the same seams as the real drivers, with
# what a test needs to play physically: put tags on spaces (with bounce, glitches and a
# stuck sensor), turn and press dials, hold buttons, read back every LED frame shown.
from firmware.hal import UNREADABLE


class MockSensors:
    """Channels hold tag masks. bounce(ch, n) makes the next n scans of a channel alternate
    between its old and new reading; glitch(ch, v) shows v for one scan; stuck(ch, v) makes a
    channel read v forever (until unstuck)."""

    def __init__(self, n_channels):
        self.tags = [0] * n_channels
        self._bounce = {}
        self._glitch = {}
        self._stuck = {}
        self.scans = 0

    def put(self, channel, tag):
        self.tags[channel] |= 1 << tag

    def lift(self, channel, tag):
        self.tags[channel] &= ~(1 << tag)

    def bounce(self, channel, scans, old):
        self._bounce[channel] = [scans, old]

    def glitch(self, channel, value):
        self._glitch[channel] = value

    def stuck(self, channel, value=UNREADABLE):
        self._stuck[channel] = value

    def unstuck(self, channel):
        self._stuck.pop(channel, None)

    def scan(self, out):
        self.scans += 1
        for ch in range(len(self.tags)):
            v = self.tags[ch]
            if ch in self._bounce:
                b = self._bounce[ch]
                if b[0] > 0:
                    if b[0] % 2:
                        v = b[1]
                    b[0] -= 1
                else:
                    del self._bounce[ch]
            if ch in self._glitch:
                v = self._glitch.pop(ch)
            if ch in self._stuck:
                v = self._stuck[ch]
            out[ch] = v


class MockDial:
    def __init__(self):
        self.position = 0
        self.down = False

    def turn(self, steps):
        self.position = (self.position + steps) % 8

    def read(self):
        return self.position, self.down


class MockButtons:
    def __init__(self):
        self.held = set()

    def pressed(self, name):
        return name in self.held


class MockLeds:
    def __init__(self, n):
        self.n = n
        self.frames = 0
        self.frame = bytearray(3 * n)

    def show(self, frame):
        self.frame[:] = frame
        self.frames += 1

    def rgb(self, i):
        return self.frame[3 * i], self.frame[3 * i + 1], self.frame[3 * i + 2]


class MockDisplay:
    def __init__(self):
        self.lines = []

    def show(self, lines):
        self.lines = list(lines)
