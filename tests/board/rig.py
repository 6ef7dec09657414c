# A board on the bench: the real Table (debounce, controller, render, save) on mock
# hardware, with the gestures of a player. Runs under pytest and under MicroPython.
import json

from firmware.hal import WAND_TAG, seeker_tag
from firmware.hal.mock import MockDial, MockLeds, MockSensors
from firmware.rng import Rng
from firmware.storage import SaveFile
from firmware.table import Table
from tests.rules.support import repo_path

SCAN_MS = 10
_DEF = None


def board_def():
    global _DEF
    if _DEF is None:
        with open(repo_path("hardware/maps/mls.json")) as f:
            _DEF = json.load(f)
    return _DEF


class Rig:
    def __init__(self, st, seed=1, save_path=None, table_dice=False, scans=3, settle_ms=600):
        d = board_def()
        self.channel = [sp["sensor"] for sp in d["spaces"]]
        self.led = [sp["led"] for sp in d["spaces"]]
        self.sensors = MockSensors(max(self.channel) + 1)
        self.dials = [MockDial(), MockDial()]
        self.leds = MockLeds(len(self.channel) + 4)
        self.now = 0
        save = SaveFile(save_path) if save_path else None
        self.table = Table(d, st, self.sensors, self.dials, self.leds, Rng(seed), save, scans, settle_ms,
                           table_dice)
        self.ctl = self.table.ctl
        self.put_pieces_where_expected()
        self.settle()

    @property
    def st(self):
        return self.table.st

    def put_pieces_where_expected(self):
        for ch in range(len(self.sensors.tags)):
            self.sensors.tags[ch] = 0
        for p in range(self.st.n_players()):
            for k, loc in enumerate(self.st.seekers(p)):
                if loc != 63:
                    self.sensors.put(self.channel[loc], seeker_tag(p, k))

    def run(self, ms):
        """Let time pass: scans every SCAN_MS, dial polls and a frame each scan."""
        end = self.now + ms
        while self.now < end:
            self.now += SCAN_MS
            self.table.scan(self.now)
            self.table.poll_dials(self.now)
            self.table.render(self.now)

    def settle(self):
        self.run(SCAN_MS * 5)

    # gestures
    def lift(self, p, k):
        loc = self.where(p, k)
        if loc >= 0:
            self.sensors.lift(self.channel[loc], seeker_tag(p, k))
        self.settle()

    def place(self, p, k, space):
        self.sensors.put(self.channel[space], seeker_tag(p, k))
        self.settle()

    def move(self, p, k, space):
        self.lift(p, k)
        self.place(p, k, space)

    def where(self, p, k):
        bit = 1 << seeker_tag(p, k)
        for sp, ch in enumerate(self.channel):
            if self.sensors.tags[ch] & bit:
                return sp
        return -1

    def wand(self, space):
        self.sensors.put(self.channel[space], WAND_TAG)
        self.settle()
        self.sensors.lift(self.channel[space], WAND_TAG)
        self.settle()

    def turn(self, dial, steps):
        self.dials[dial].turn(steps)
        self.settle()

    def press(self, dial):
        self.dials[dial].down = True
        self.settle()
        self.dials[dial].down = False
        self.settle()

    def choose(self, dial, value):
        """Turn the dial until it points at option `value`, then press."""
        opts = self.ctl.options(dial)
        assert value in opts, (value, opts)
        steps = (opts.index(value) - self.ctl.sel[dial]) % len(opts)
        while steps:
            step = min(steps, 3)
            self.turn(dial, step)
            steps -= step
        self.press(dial)

    # what the board shows
    def rgb(self, space):
        return self.leds.rgb(self.led[space])

    def lit(self, code):
        return sorted(i for i in range(len(self.ctl.light)) if self.ctl.light[i] == code)
