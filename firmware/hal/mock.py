# The mock hardware of tests and the simulator: the same seams as the real drivers, with
# what a test needs to play physically: put tags on spaces (with bounce, glitches and a
# stuck sensor), turn and press dials, hold buttons, read back every LED frame shown.
from firmware.hal import (CROWDED, NO_TAG, STACK, UNREADABLE, add_tag, clear, has_tag, position, remove_tag,
                          set_tags, tags_at)


class MockSensors:
    """Channels hold sets of tags (a sensed position, firmware/hal/__init__.py).
    bounce(ch, n, old) makes the next n scans of a channel alternate between `old` (a tuple
    of tags) and its real reading; glitch(ch, tags) shows `tags` for one scan; stuck(ch)
    makes a channel unreadable (or read `tags`) until unstuck. None means unreadable. A
    channel may hold more tags than its `stack` slots, as a real space may hold more pieces
    than the game allows: it then reads CROWDED, as the reader driver reports it."""

    def __init__(self, n_channels, stack=STACK):
        self.n = n_channels
        self.stack = stack
        self.pos = position(n_channels, stack)
        self._bounce = {}
        self._glitch = {}
        self._stuck = {}
        self.scans = 0
        self.presence_only = False   # as a board without readers: an occupied channel reads UNREADABLE
        self._over = {}              # channel -> the tags put beyond its stack slots

    def _reading(self, tags):
        r = position(1, self.stack)
        set_tags(r, 0, tags, self.stack)
        return r

    def put(self, channel, tag):
        if add_tag(self.pos, channel, tag, self.stack):
            return
        if self.pos[channel * self.stack] == UNREADABLE:
            raise ValueError("channel %d cannot take tag %d" % (channel, tag))
        over = self._over.setdefault(channel, [])
        if tag not in over:
            over.append(tag)   # one piece too many: the channel reads CROWDED

    def lift(self, channel, tag):
        over = self._over.get(channel)
        if over and tag in over:
            over.remove(tag)
        elif remove_tag(self.pos, channel, tag, self.stack) and over:
            add_tag(self.pos, channel, over.pop(), self.stack)
        if not over:
            self._over.pop(channel, None)

    def has(self, channel, tag):
        return has_tag(self.pos, channel, tag, self.stack) or tag in self._over.get(channel, ())

    def tags(self, channel):
        """The tags on the channel (all of them, a crowded one's too), None if unreadable."""
        t = tags_at(self.pos, channel, self.stack)
        over = self._over.get(channel)
        return t if not over or t is None else tuple(sorted(t + tuple(over)))

    def clear(self):
        """Every piece off the board."""
        for ch in range(self.n):
            clear(self.pos, ch, self.stack)
        self._over.clear()

    def bounce(self, channel, scans, old):
        self._bounce[channel] = [scans, self._reading(old)]

    def glitch(self, channel, tags):
        self._glitch[channel] = self._reading(tags)

    def stuck(self, channel, tags=None):
        self._stuck[channel] = self._reading(tags)

    def unstuck(self, channel):
        self._stuck.pop(channel, None)

    def scan(self, out):
        self.scans += 1
        w = self.stack
        out[:] = self.pos
        if self._bounce or self._glitch or self._stuck:
            for ch in range(self.n):
                v = None
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
                if v is not None:
                    out[ch * w:ch * w + w] = v
        for ch in self._over:
            o = ch * w
            if out[o] != UNREADABLE:
                clear(out, ch, w)
                out[o] = CROWDED
        if self.presence_only:
            for ch in range(self.n):
                o = ch * w
                if out[o] != NO_TAG:
                    out[o] = UNREADABLE
                    for j in range(o + 1, o + w):
                        out[j] = NO_TAG


class MockDial:
    def __init__(self):
        self.position = 0
        self.down = False
        self._read = (0, False)   # the last reading, returned again while it holds (no allocation)

    def turn(self, steps):
        self.position = (self.position + steps) % 8

    def read(self):
        r = self._read
        if r[0] != self.position or r[1] != self.down:
            r = self._read = (self.position, self.down)
        return r


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
    """The display seam without a panel: the lines last shown, and how many times they
    changed (firmware/hal/display.py redraws only then)."""

    def __init__(self):
        self.lines = []
        self.draws = 0

    def show(self, lines):
        lines = list(lines)
        if lines == self.lines:
            return False
        self.lines = lines
        self.draws += 1
        return True
