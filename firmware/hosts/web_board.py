# The virtual board (docs/web.md): the firmware's Table on the mock hardware (firmware/hosts/bench.py),
# run by a browser page in MicroPython WebAssembly (web/board.js). The page does what hands do
# at a real board - it puts pieces on spaces and takes them off (the sensed position the tag
# readers report), touches the wand to a space, turns and pushes the dials, holds the undo
# button - and reads back what the board shows: the LED frame, the display's rows, and a
# summary of the game for the panels around the map. Time is the page's: step(ms) scans every
# SCAN_MS, as the board's scan task does, and renders one frame.
#
# Nothing here decides anything: every gesture goes through the same Table.scan ->
# Controller path as on the board, so lighting, wrong placements, undo by putting a piece
# back and the pie-fight dials are the firmware's own.
import json
from binascii import hexlify

from firmware.hosts.bench import SCAN_MS, Bench
from firmware.hal import WAND_TAG
from firmware.hal.display import TextDisplay
from firmware.hosts.web_games import default_game, map_file, panels, parse, view  # noqa: F401 (the page's)
from firmware.rng import Rng
from firmware.rules.compat import const
from firmware.rules.ruleset import ENTRY_PIECE, ENTRY_SECRET, ENTRY_SPACE, OFF_BOARD

CATCH_UP_MS = const(250)   # a page that was hidden: at most this much time is scanned at once
WAND_MS = const(80)        # a wand touch: the wand rests on the space this long
GESTURE_SCANS = const(12)  # auto_fast(): scans after each gesture (a wand touch, debouncing)
SAID_MAX = const(200)      # the log in words keeps the sentences of this many decisions


def _hex(b):
    return hexlify(b).decode()


class TextGrid:
    """A framebuffer stand-in for the display (firmware/hal/display.py's TextDisplay draws on
    it): the OLED's rows of text, as drawn, and which rows are inverted (the title bar)."""

    def __init__(self, cols=16, rows=8):
        self.cols = cols
        self.rows = [""] * rows
        self.inverted = [False] * rows
        self.shown = 0

    def fill(self, colour):
        for i in range(len(self.rows)):
            self.rows[i] = ""
            self.inverted[i] = bool(colour)

    def fill_rect(self, x, y, w, h, colour):
        for i in range(y // 8, min(len(self.rows), (y + h + 7) // 8)):
            self.inverted[i] = bool(colour)

    def text(self, s, x, y, colour=1):
        row = y // 8
        if 0 <= row < len(self.rows):
            col = x // 8
            line = self.rows[row]
            line = line + " " * (col - len(line)) if len(line) < col else line
            self.rows[row] = (line[:col] + s + line[col + len(s):])[:self.cols]

    def show(self):
        self.shown += 1


class WebBoard:
    """The board the page plays on. players/bots: a new game of `game` for that many seats,
    `bots` the mask of seats the board's bot plays (bit p: seat p + 1); seed: the dice."""

    def __init__(self, board_def, players=2, seed=1, bots=0, game="", camps=None):
        if isinstance(game, str):   # a game name with its options ("mls+pits+solo": web_games.parse)
            rs, self.options, solo = parse(game)
            players = 1 if solo else players
        else:
            rs, self.options = game, {}
        if rs.deck_option and rs.deck_option not in self.options:
            self.options[rs.deck_option] = [1]   # the page has no printed cards: the model deck
        self.rs = rs
        self.board = rs.make_board(board_def)
        self.n_spaces = self.board.n_spaces
        st = rs.new_game(self.board, rs.players[0])
        self.bench = Bench(board_def, st, Rng(seed), ruleset=rs, bots=0)
        self.table = self.bench.table
        self.grid = TextGrid()
        self.table.display = TextDisplay(self.grid)
        self.log = []            # every decision committed (link's `dec`: -1 undo, -2 new game)
        self.table.listeners.append(self.log.append)
        self.said = []           # the log in words: a sentence per decision ("" for none), the last SAID_MAX
        self.said_base = 0       # decisions of the game before the first one kept in said
        self.shadow = None       # the game as the log has it: the sentences are told on it
        self.table.listeners.append(lambda a: tell(self, a))
        self.debt = 0            # ms of page time not scanned yet
        self.moves = 0           # pieces put down or taken off by the page
        self.version = 0
        self._seen = None
        self.wand_at = -1
        self.wand_left = 0
        self.release = [False, False, False]   # dial 0, dial 1, undo: let go once seen pushed
        self.pushed_seen = [False, False, False]
        self.carrying = -1       # auto(): the bot seat's piece in the air
        self.new_game(players, seed, bots, camps)

    # ---- games ---------------------------------------------------------------------------
    def new_game(self, players, seed=1, bots=0, camps=None):
        """Abort the game and start a new one, the pieces where it wants them (setup). camps:
        the ruleset's setup option (My Little Scythe: a camp site per seat), or None."""
        rs = self.rs
        lo, hi = rs.player_range(self.options)
        if not lo <= players <= hi:
            raise ValueError("%s takes %d to %d players, not %d" % (rs.title, lo, hi, players))
        options = dict(self.options)
        if camps:
            if "camps" not in rs.new_options:
                raise ValueError("%s has no camps to choose" % rs.title)
            options["camps"] = list(camps)
        st = rs.new_game(self.board, players, options)
        seats = st.n_players()   # a solo game: the rules' own seat too (Automountie's)
        if not 0 <= bots < (1 << seats):
            raise ValueError("bot seats %d: a %d-seat game takes 0 to %d" % (bots, seats, (1 << seats) - 1))
        return self.put_game(st, seed, bots)

    def put_game(self, st, seed=1, bots=0):
        """Game st (new) replaces the board's, pieces set out, `seed` its dice (web_campaign.py too)."""
        self.table.rng.x = Rng(seed).x
        self.table.flush()       # the last game's decisions are told before this one starts
        del self.log[:]
        self.shadow = st.clone()
        self.table.replace_game(st, bots)
        self.carrying = -1
        self.bench.put_pieces_where_expected()
        self.bench.settle()
        self.moves += 1
        return True

    def set_bots(self, bots):
        """Which seats the board's bot plays from now on (ValueError for a seat not in the game)."""
        self.table.set_bots(bots)
        self.moves += 1
        return True

    # ---- time ----------------------------------------------------------------------------
    def step(self, ms):
        """ms of page time pass: a scan and a dial poll every SCAN_MS, then one frame.
        Returns "<version>|<frame hex>": the version changes whenever summary() may have."""
        self.debt = min(self.debt + int(ms), CATCH_UP_MS)
        scans = self.debt // SCAN_MS
        self.debt -= scans * SCAN_MS
        self._scan(scans)
        t = self.table
        b = self.bench
        t.render(b.now)
        return "%d|%s" % (self._version(), _hex(t.renderer.frame))

    def _scan(self, scans):
        """`scans` scans and dial polls, SCAN_MS apart, in board time."""
        b = self.bench
        t = self.table
        for _ in range(scans):
            b.now += SCAN_MS
            if self.wand_at >= 0:
                self.wand_left -= SCAN_MS
                if self.wand_left <= 0:
                    b.sensors.lift(b.channel[self.wand_at], WAND_TAG)
                    self.wand_at = -1
            t.scan(b.now)
            t.poll_dials(b.now)
            t.finish()   # the prompt, unless this scan drew a commit's frame
            self._let_go()
            t.idle()

    def _version(self):
        ctl = self.table.ctl
        g = ctl.gestures
        seen = (ctl.commits, self.grid.shown, self.moves, g.lifted, g.wrong, g.wand_wrong, g.mismatch,
                g.hold, ctl.secret.locks[0], ctl.secret.locks[1], ctl.sel[0], ctl.sel[1], ctl.seats.plan,
                ctl.seats.mask)
        if seen != self._seen:
            self._seen = seen
            self.version += 1
        return self.version

    def _let_go(self):
        """A push shorter than a scan still reaches the firmware: a dial or the undo button
        is let go only after one poll has seen it pushed."""
        b = self.bench
        for i in range(3):
            if i < 2:
                down = b.dials[i].down
            else:
                down = "undo" in b.buttons.held
            if down:
                if self.pushed_seen[i] and self.release[i]:
                    if i < 2:
                        b.dials[i].down = False
                    else:
                        b.buttons.held.discard("undo")
                    self.release[i] = False
                self.pushed_seen[i] = True

    # ---- hands at the table ----------------------------------------------------------------
    def _space(self, space):
        if not isinstance(space, int) or not 0 <= space < self.n_spaces:
            raise ValueError("no space %r: the map has spaces 0 to %d" % (space, self.n_spaces - 1))

    def _tag(self, tag):
        n = self.rs.game_tags(self.table.ctl.st)
        if not isinstance(tag, int) or not 0 <= tag < n:
            raise ValueError("no piece %r: this game has pieces 0 to %d" % (tag, n - 1))

    def lift(self, tag):
        """Take piece `tag` off the space it stands on (nothing when it stands on none)."""
        self._tag(tag)
        b = self.bench
        sp = b.where_tag(tag)
        if sp >= 0:
            b.sensors.lift(b.place_channel[sp], tag)   # a space, or a sensed base camp
            self.moves += 1
        return self._on_map(sp)

    def _on_map(self, place):
        """A place as the page shows it: a space, or -1 for a base camp or off the board."""
        return place if 0 <= place < self.n_spaces else -1

    def to_camp(self, tag):
        """Put piece `tag` back in its seat's base camp (taken off wherever it stood); on a
        board without sensed camps it is simply off the board. Returns the camp's place or -1."""
        self._tag(tag)
        b = self.bench
        sp = b.where_tag(tag)
        if sp >= 0:
            b.sensors.lift(b.place_channel[sp], tag)
        place = self.table.ctl.place_of(tag, OFF_BOARD)
        if place == OFF_BOARD or place < self.n_spaces:
            return -1
        b.sensors.put(b.place_channel[place], tag)
        self.moves += 1
        return place

    def place(self, tag, space):
        """Put piece `tag` down on `space` (taken off wherever else it stood)."""
        self._tag(tag)
        self._space(space)
        b = self.bench
        sp = b.where_tag(tag)
        if sp >= 0:
            b.sensors.lift(b.place_channel[sp], tag)
        b.sensors.put(b.channel[space], tag)   # (a 17th piece: the space reads CROWDED, firmware/hal/mock.py)
        self.moves += 1
        return True

    def wand(self, space):
        """Touch the wand to `space` (it rests there for WAND_MS, then lifts)."""
        self._space(space)
        b = self.bench
        if self.wand_at >= 0:
            b.sensors.lift(b.channel[self.wand_at], WAND_TAG)
        b.sensors.put(b.channel[space], WAND_TAG)
        self.wand_at = space
        self.wand_left = WAND_MS
        self.moves += 1
        return True

    def turn(self, dial, steps):
        """Turn dial 0 or 1 by steps clicks (8 a turn; negative: the other way)."""
        self.bench.dials[self._dial(dial)].turn(int(steps))
        return True

    def _dial(self, dial):
        if dial not in (0, 1):
            raise ValueError("no dial %r: dials 0 and 1" % (dial,))
        return dial

    def push(self, dial, down):
        """Push (down true) or let go of a dial; a let-go right after a push waits for one poll."""
        d = self.bench.dials[self._dial(dial)]
        self._button(dial, down, d.down)
        if down:
            d.down = True
        return True

    def undo_button(self, down):
        held = self.bench.buttons.held
        self._button(2, down, "undo" in held)
        if down:
            held.add("undo")
        return True

    def _button(self, i, down, was):
        if down:
            self.pushed_seen[i] = was and self.pushed_seen[i]
            self.release[i] = False
        elif was:
            self.release[i] = True

    # ---- what the board shows ----------------------------------------------------------------
    def display(self):
        return self.grid.rows, self.grid.inverted

    def summary(self):
        """The game and the table as JSON, for the page's panels and tests."""
        b = self.bench
        ctl = self.table.ctl
        st = ctl.st
        rs = self.rs
        n = st.n_players()
        from firmware.text import name

        kind = st.decision()
        tags = []
        expected = b.expected()
        for t in range(rs.game_tags(st)):
            tags.append(self._on_map(b.where_tag(t)))
        pieces = [[kind_name, owner, tag] for kind_name, owner, tag in rs.game_pieces(st)]
        out = {
            "players": n, "commits": ctl.commits, "hash": st.public_hash(), "decision": kind,
            "kind": name("kind", kind), "entry": rs.entry[kind], "player": st.current_player(),
            "active": st.active_player(), "over": st.is_terminal(), "winners": list(st.winners()),
            "tags": tags, "expected": [self._on_map(x) for x in expected], "pieces": pieces,
            "display": self.grid.rows, "inverted": self.grid.inverted, "lifted": ctl.gestures.lifted,
            "wrong": ctl.gestures.wrong, "wand_wrong": ctl.gestures.wand_wrong,
            "mismatch": ctl.gestures.mismatch, "hold": ctl.gestures.hold,
            "locks": [ctl.secret.locks[0], ctl.secret.locks[1]],
            "options": [len(ctl.options(0)), len(ctl.options(1))], "sel": [ctl.sel[0], ctl.sel[1]],
            "choices": [list(ctl.options(0)), list(ctl.options(1))],
            "bots": ctl.seats.mask,
            "plan": [ctl.seats.plan, ctl.seats.plan_tag, self._on_map(ctl.seats.plan_from),
                     self._on_map(ctl.seats.plan_dest),
                     ctl.seats.plan_dial],
            "state": _hex(st.public_bytes()), "log": len(self.log), "message": ctl.message,
            "said": [x for x in self.said if x],   # the log in words, oldest first
            # each sentence's decision number in the game (1: the first), for the Log panel
            "said_n": [self.said_base + i + 1 for i, x in enumerate(self.said) if x],
        }
        return json.dumps(panels(rs, st, out))

    def decisions(self, start=0):
        """The decisions committed since the game began, from `start` on (JSON list)."""
        return json.dumps(self.log[start:])

    # ---- a bot seat's plan, carried out by the page's hand -----------------------------------
    def auto(self):
        """One gesture of what a person at the table does for a bot seat (bot_gesture)."""
        return bot_gesture(self)

    def auto_fast(self, budget_ms=40, most=200):
        """The bot seats play on at full speed, in board time (each gesture then the scans it
        needs), for about budget_ms of the page's time or `most` gestures; stops at a person's
        decision or the end. Returns how many gestures it made."""
        import time

        ticks = getattr(time, "ticks_ms", None)
        start = ticks() if ticks else 0
        made = 0
        while made < most:
            did = self.auto()
            if not did:
                # a secret bid of two bot seats reveals at once; a person's turn stops here
                self._scan(2)
                if not self.auto():
                    break
            made += 1
            self._scan(GESTURE_SCANS)
            if ticks and time.ticks_diff(ticks(), start) >= budget_ms:
                break
        return made


def tell(self, a):   # (self: the WebBoard)
    """A committed decision (the link's `dec`: -1 undo, -2 new game) into the log in words
    (firmware/rules/narrate.py): its sentence, told on the log's own copy of the game."""
    said = self.said
    sh = self.shadow
    if a == -2 or sh is None:
        del said[:]
        self.said_base = 0
        return
    if a == -1:
        try:
            sh.undo()
        except ValueError:
            pass
        if said:
            said.pop()
        return
    from firmware.rules.narrate import narrate

    before = sh.clone(False)
    sh.apply(a)
    said.append(narrate(self.rs, before, a, sh))
    if len(said) > SAID_MAX:
        del said[0]
        self.said_base += 1


def bot_gesture(self):   # (self: the WebBoard)
    """One gesture of what a person at the table does for a bot seat (docs/board-firmware.md,
    "Bot seats"): put its pieces that the game moved off or back where the game says, lift
    the planned piece, put it down on its space, press the planned dial, touch the wand; a
    shared piece (the airship) is moved by the seat deciding (at a chance decision the seat
    whose turn it is: Pie in the Sky's setup has a seat place it before the first player's
    turn). Returns what was done
    ("" when no bot seat has anything to do now). Call it once the board has scanned the
    previous gesture (the page waits a few scans between calls)."""
    b = self.bench
    ctl = self.table.ctl
    st = ctl.st
    if st.is_terminal() or not ctl.seats.mask:
        return ""
    if self.carrying >= 0:
        tag = self.carrying
        self.carrying = -1
        if ctl.seats.plan_tag == tag or ctl.gestures.lifted == tag:
            if ctl.seats.plan_dest != OFF_BOARD:
                self.place(tag, ctl.seats.plan_dest)
                return "place %d %d" % (tag, ctl.seats.plan_dest)
    expected = b.expected()
    n = st.n_players()
    decider = st.current_player()
    if decider < 0:
        decider = st.active_player()
    for _kind, owner, tag in self.rs.game_pieces(st):
        # a shared piece (the airship: no seat owns it) is the hand of the seat deciding
        hand = owner if owner < n else decider
        if not ctl.is_bot(hand) or tag == ctl.seats.plan_tag and ctl.seats.plan_dial < 0:
            continue
        where = b.where_tag(tag)
        want = ctl.place_of(tag, expected[tag])   # its camp's place when it is sensed
        if where != (-1 if want == OFF_BOARD else want):
            if want == OFF_BOARD:
                self.lift(tag)
                return "lift %d" % tag
            if want >= self.n_spaces:
                self.to_camp(tag)
                return "camp %d" % tag
            self.place(tag, want)
            return "place %d %d" % (tag, want)
    if ctl.seats.plan < 0 or ctl.gestures.hold or ctl.gestures.mismatch:
        return ""
    entry = self.rs.entry[st.decision()]
    if ctl.seats.plan_dial >= 0:
        self.push(ctl.seats.plan_dial, True)
        self.push(ctl.seats.plan_dial, False)
        return "press %d" % ctl.seats.plan_dial
    if entry == ENTRY_PIECE and ctl.seats.plan_tag >= 0:
        tag = ctl.seats.plan_tag
        if b.where_tag(tag) >= 0:
            self.lift(tag)
            self.carrying = tag
            return "lift %d" % tag
        self.place(tag, ctl.seats.plan_dest)
        return "place %d %d" % (tag, ctl.seats.plan_dest)
    if entry == ENTRY_SPACE and ctl.seats.plan_dest != OFF_BOARD:
        self.wand(ctl.seats.plan_dest)
        return "wand %d" % ctl.seats.plan_dest
    return ""


_board = None   # the page's board (start)


def start(map_json, players=2, seed=1, bots=0, lang="en", game="", camps=""):
    """The page's entry: the board built from the map (JSON text) in `lang` ("en", "es") for
    `game` (a name with its options, "mls+pits+solo"; "": the registry's default); camps: ""
    or the camp sites of the seats, comma-separated ("0,1")."""
    global _board
    from firmware.text import set_language

    set_language(lang)
    sites = [int(x) for x in camps.split(",")] if camps else None
    _board = WebBoard(json.loads(map_json), players, seed, bots, game, sites)
    return _board


def current():
    """The board the page plays on (the last start()); ValueError before the first."""
    if _board is None:
        raise ValueError("no board yet: start() makes one")
    return _board


def entry_names():
    """The entry kinds by number, for the page (firmware/rules/ruleset.py)."""
    return json.dumps({"piece": ENTRY_PIECE, "space": ENTRY_SPACE, "secret": ENTRY_SECRET})


def colours():
    """The seats' colours as the board's LEDs show them (firmware/board/render.py), JSON [[r, g, b], ...]."""
    from firmware.board.render import PLAYER_COLOURS

    c = PLAYER_COLOURS
    return json.dumps([[c[i], c[i + 1], c[i + 2]] for i in range(0, len(c), 3)])
