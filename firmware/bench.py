# A board on the bench: the real Table (debounce, controller, render, save) on the mock
# hardware, with a player's gestures (lift, place, wand, dials) and a bot that plays through
# those gestures only. Used by the tests, the simulator and the power-cut runner.
from firmware.hal import WAND_TAG, seeker_tag
from firmware.hal.mock import MockButtons, MockDial, MockDisplay, MockLeds, MockSensors
from firmware.table import Table

SCAN_MS = 10
_K_MOVE = 8
_K_FIGHT_BID = 10
_K_BID_SPELL = 27
_SPACE_KINDS = (20, 13, 17, 18)   # seek place, quest pick, pay from, place on
_AT_CAMP = 63


class Bench:
    def __init__(self, board_def, st, rng, save=None, table_dice=False, scans=3, settle_ms=600):
        self.channel = [sp["sensor"] for sp in board_def["spaces"]]
        self.led = [sp["led"] for sp in board_def["spaces"]]
        self.sensors = MockSensors(max(self.channel) + 1)
        self.dials = [MockDial(), MockDial()]
        self.leds = MockLeds(len(self.channel) + 4)
        self.buttons = MockButtons()
        self.display = MockDisplay()
        self.now = 0
        self.table = Table(board_def, st, self.sensors, self.dials, self.leds, rng, save, scans, settle_ms,
                           table_dice, self.display, self.buttons)
        self.ctl = self.table.ctl
        self.put_pieces_where_expected()
        self.settle()

    @property
    def st(self):
        return self.table.ctl.st

    def put_pieces_where_expected(self):
        for ch in range(len(self.sensors.tags)):
            self.sensors.tags[ch] = 0
        for p in range(self.st.n_players()):
            seekers = self.st.seekers(p)
            for k in range(2):
                if seekers[k] != _AT_CAMP:
                    self.sensors.put(self.channel[seekers[k]], seeker_tag(p, k))

    def run(self, ms):
        """Let time pass: a scan, a dial poll and a frame every SCAN_MS."""
        end = self.now + ms
        while self.now < end:
            self.now += SCAN_MS
            self.table.scan(self.now)
            self.table.poll_dials(self.now)
            self.table.render(self.now)
            self.table.idle()

    def settle(self):
        self.run(SCAN_MS * 5)

    # ---- gestures ----------------------------------------------------------------------
    def where(self, p, k):
        bit = 1 << seeker_tag(p, k)
        for sp in range(len(self.channel)):
            if self.sensors.tags[self.channel[sp]] & bit:
                return sp
        return -1

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

    def wand(self, space):
        self.sensors.put(self.channel[space], WAND_TAG)
        self.settle()
        self.sensors.lift(self.channel[space], WAND_TAG)
        self.settle()

    def press_undo(self):
        self.buttons.held.add("undo")
        self.settle()
        self.buttons.held.discard("undo")
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
        if value not in opts:
            raise ValueError("%s is not offered on dial %d: %s" % (value, dial, opts))
        steps = (opts.index(value) - self.ctl.sel[dial]) % len(opts)
        if steps > len(opts) // 2:
            steps -= len(opts)
        while steps:
            step = max(-3, min(steps, 3))
            self.turn(dial, step)
            steps -= step
        self.press(dial)

    def tidy(self):
        """Take home every Seeker the game sent home (after a fight or a delivery)."""
        for p in range(self.st.n_players()):
            seekers = self.st.seekers(p)
            for k in range(2):
                if seekers[k] == _AT_CAMP and self.where(p, k) >= 0:
                    self.lift(p, k)

    # ---- what the board shows --------------------------------------------------------
    def rgb(self, space):
        return self.leds.rgb(self.led[space])

    def lit(self, code):
        return sorted(i for i in range(len(self.ctl.light)) if self.ctl.light[i] == code)

    # ---- a bot at the table --------------------------------------------------------------
    def bot_turn(self, bot, bots_rng):
        """One decision of the game, played by `bot` through gestures only."""
        st = self.st
        self.tidy()
        kind = st.decision()
        if kind in (_K_FIGHT_BID, _K_BID_SPELL):
            for dial in (0, 1):
                while st.decision() in (_K_FIGHT_BID, _K_BID_SPELL) and self.ctl.options(dial):
                    self.choose(dial, bots_rng.choice(self.ctl.options(dial)))
            return
        a = bot.choose(st)
        if kind == _K_MOVE:
            p = st.active_player()
            k = a >> 6
            d = a & 63
            loc = st.seekers(p)[k]
            if d == loc:
                self.press(0)   # a Seeker stays: the push keeps the first unmoved one in place
                return
            self.move(p, k, d)
            return
        if kind in _SPACE_KINDS and a < len(self.channel):
            self.wand(a)
            return
        dial = 0 if st.current_player() == st.active_player() or st.current_player() < 0 else 1
        self.choose(dial, a)
