# A board on the bench: the real Table (debounce, controller, render, save) on the mock
# hardware, with a player's gestures (lift, place, wand, dials) and a bot that plays through
# those gestures only. Used by the tests, the simulator and the power-cut runner.
from firmware.hal import WAND_TAG
from firmware.hal.mock import MockButtons, MockDial, MockDisplay, MockLeds, MockSensors
from firmware.rules import registry
from firmware.rules.ruleset import ENTRY_PIECE, ENTRY_SECRET, ENTRY_SPACE, OFF_BOARD
from firmware.board.table import Table, wiring

SCAN_MS = 10


class Bench:
    def __init__(self, board_def, st, rng, save=None, table_dice=False, scans=3, settle_ms=600, ruleset=None,
                 commits=0, bots=None, presence=False):
        self.rs = ruleset or registry.of_game(st)
        # Places: the spaces, then the sensed base camps (place n + site; firmware/board/controller.py).
        n, self.place_channel, led = wiring(board_def)
        self.channel = self.place_channel[:n]
        self.led = led[:n]
        self.sensors = MockSensors(max(self.place_channel) + 1, self.rs.max_stack)
        self.sensors.presence_only = presence   # a board without readers: occupied or not
        self.dials = [MockDial(), MockDial()]
        self.leds = MockLeds(len(self.place_channel) + 4)
        self.buttons = MockButtons()
        self.display = MockDisplay()
        self.now = 0
        self.table = Table(board_def, st, self.sensors, self.dials, self.leds, rng, save, scans, settle_ms,
                           table_dice, self.display, self.buttons, self.rs, commits, bots, presence)
        self.ctl = self.table.ctl
        self.put_pieces_where_expected()
        self.settle()

    @property
    def st(self):
        return self.table.ctl.st

    def expected(self):
        """tag -> the place the game puts it on: a space, its sensed camp, else OFF_BOARD."""
        st = self.st
        at = bytearray(self.rs.game_tags(st))
        for t in range(len(at)):
            at[t] = OFF_BOARD
        self.rs.expected(st, at)
        for t in range(len(at)):
            at[t] = self.ctl.place_of(t, at[t])
        return at

    def put_pieces_where_expected(self):
        self.sensors.clear()
        at = self.expected()
        for tag in range(len(at)):
            if at[tag] != OFF_BOARD:
                self.sensors.put(self.place_channel[at[tag]], tag)

    def run(self, ms):
        """Let time pass: every SCAN_MS a step of the main loop's scan task (a scan, a dial
        poll, the frame when they changed anything, the display's prompt), then one of its
        render task (the frame, the idle collection)."""
        end = self.now + ms
        while self.now < end:
            self.now += SCAN_MS
            self.table.step(self.now)
            self.table.render(self.now)
            self.table.idle()

    def settle(self):
        self.run(SCAN_MS * 5)

    # ---- gestures ----------------------------------------------------------------------
    def where_tag(self, tag):
        for sp in range(len(self.place_channel)):
            if self.sensors.has(self.place_channel[sp], tag):
                return sp
        return -1

    def _home(self, tag):
        """The camp place the game expects tag on, or -1."""
        e = self.ctl.place_of(tag, self.ctl.expected_at[tag])
        return e if len(self.channel) <= e < len(self.place_channel) else -1

    def where(self, p, k):
        return self.where_tag(self.rs.tag_of(p, k))

    def lift_tag(self, tag):
        """Lift a piece. One the game has sent home (a fight, a delivery) is carried to its
        camp: hosts of the link speak only of spaces and lift it."""
        loc = self.where_tag(tag)
        if loc >= 0:
            self.sensors.lift(self.place_channel[loc], tag)
            home = self._home(tag)
            if home >= 0 and loc != home:
                self.sensors.put(self.place_channel[home], tag)
        self.settle()

    def place_tag(self, tag, space):
        """Put a piece on a place; one standing on a camp is taken from there."""
        loc = self.where_tag(tag)
        if loc >= len(self.channel):
            self.sensors.lift(self.place_channel[loc], tag)
        self.sensors.put(self.place_channel[space], tag)
        self.settle()

    def lift(self, p, k):
        self.lift_tag(self.rs.tag_of(p, k))

    def place(self, p, k, space):
        self.place_tag(self.rs.tag_of(p, k), space)

    def move(self, p, k, space):
        self.lift(p, k)
        self.place(p, k, space)

    def wand(self, space):
        self.sensors.put(self.place_channel[space], WAND_TAG)
        self.settle()
        self.sensors.lift(self.place_channel[space], WAND_TAG)
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
        """Take off the board every piece the game sent off it, to its camp every piece
        the game sent home (after a fight or a delivery), and onto its space every piece the
        game put there itself (Scythe: a worker produced, a unit sent to its home base)."""
        at = self.expected()
        for tag in range(len(at)):
            loc = self.where_tag(tag)
            if at[tag] == OFF_BOARD and loc >= 0:
                self.lift_tag(tag)
            elif at[tag] != OFF_BOARD and at[tag] >= len(self.channel) and loc != at[tag]:
                if loc >= 0:
                    self.lift_tag(tag)      # carried to its camp
                else:
                    self.place_tag(tag, at[tag])
            elif at[tag] != OFF_BOARD and loc != at[tag]:
                if loc >= 0:
                    self.lift_tag(tag)
                self.place_tag(tag, at[tag])

    # ---- what the board shows --------------------------------------------------------
    def rgb(self, space):
        return self.leds.rgb(self.led[space])

    def lit(self, code):
        return sorted(i for i in range(len(self.ctl.light)) if self.ctl.light[i] == code)

    # ---- a bot at the table --------------------------------------------------------------
    def bot_turn(self, bot, bots_rng):
        """One decision of the game, played by `bot` through gestures only."""
        st = self.st
        rs = self.rs
        self.tidy()
        entry = rs.entry[st.decision()]
        if entry == ENTRY_SECRET:
            for dial in (0, 1):
                while rs.entry[st.decision()] == ENTRY_SECRET and self.ctl.options(dial):
                    self.choose(dial, bots_rng.choice(self.ctl.options(dial)))
            return
        a = self.ctl.bot_choice()   # a bot seat's: the board's bot chose already
        if a < 0:
            a = bot.choose(st)
        if entry == ENTRY_PIECE:
            self.piece_gesture(a)
            return
        if entry == ENTRY_SPACE and a < len(self.channel):
            self.wand(a)
            return
        dial = 0 if st.current_player() == st.active_player() or st.current_player() < 0 else 1
        self.choose(dial, a)

    def piece_gesture(self, a):
        """Carry out piece decision `a` with the pieces (lift, put down); a piece that stays
        where it stands is chosen on dial 0 instead."""
        st = self.st
        tag, dest = self.rs.piece_move(st, a)
        dest = self.ctl.place_of(tag, dest)
        if dest == self.expected()[tag]:
            self.choose(0, a)
            return
        self.lift_tag(tag)
        if dest != OFF_BOARD:
            self.place_tag(tag, dest)
