# The board at the table: hardware seams, debouncing, the controller, rendering and the
# save file wired together. The main loop (main_loop.py) calls step() (scan(), poll_dials(),
# a frame when they changed anything, prompt()) and render() on timers; tests call them
# directly with a fake clock.
import gc

from firmware.board.controller import Controller
from firmware.hal import position
from firmware.hal.debounce import Debouncer
from firmware.board.render import N_STATUS, Renderer
from firmware.rules import registry
from firmware.rules.compat import const

GC_SLACK = 8192   # bytes of garbage allowed to pile up before an idle collection
# Fewer bytes free than this, and the loop idle: collect. The most one step of the loop was
# measured to allocate (a lift, a commit with its save and link event, a reveal, a heartbeat
# snapshot: docs/performance.md, "Heap and latency together"), with room to spare, so that a
# gesture almost never finds the heap full and collects inside itself.
GC_MARGIN = 4096
GC_THRESHOLD = 2048   # bytes allocated since the last collection that start the next one (start-up)
# Below this many bytes free at power-up, collect_often() collects often: 80 KB, so that a Scythe
# game with The Rise of Fenris modules (about 56 KB held once set up) starts in 66 KB; it was 40 KB,
# for My Little Scythe's 32 KB game (docs/performance.md, "A small heap for the module games").
_SMALL_HEAP = const(81920)
OWED_MAX = const(8)   # decisions owed at most before flush() saves without waiting for a frame
# [a small heap: idle() collects all garbage, collect_often()'s threshold still set]
_often = [False, False]


def collect_often():
    """On a small heap (MicroPython only), from power-up until the table runs: a collection
    whenever GC_THRESHOLD bytes were allocated since the last, so that the start-up's
    garbage (the imports, the parsed map, a save read back) goes before it is interleaved
    with what stays (without it the 32 KB game fails while it is set up). Table.idle()
    lifts the threshold at its first quiet call and from then on collects every bit of
    garbage in idle time, between gestures: a threshold counts every allocation, also the
    frames of Python calls with more than 11 words of locals, which MicroPython allocates
    on the heap and frees on return, so it started collections inside lifts that left no
    garbage at all. Table.flush() sets it again while it writes a save, after the LED
    frame: littlefs's garbage goes as it is made (without that the 31 KB game fails at
    decision 257). docs/performance.md, "A threshold only while the board starts and
    saves". A larger heap (80 KB or more free: an RP2040's) is left as it was."""
    threshold = getattr(gc, "threshold", None)
    free = getattr(gc, "mem_free", None)
    if threshold is not None and free is not None and free() < _SMALL_HEAP:
        threshold(GC_THRESHOLD)
        _often[0] = _often[1] = True


def wiring(board_def):
    """(n_spaces, sensor, led): the number of spaces and, for each place (the spaces, then
    the base camps that have a sensor channel: hardware/wiring.md "Base camps"), its sensor
    channel and its LED, as bytes. Read from a board definition, or from what table_def()
    kept of one."""
    kept = board_def.get("wiring")
    if kept is not None:
        return kept
    spaces = board_def["spaces"]
    places = spaces + [c for c in board_def.get("camps", ()) if "sensor" in c]
    return len(spaces), bytes(sp["sensor"] for sp in places), bytes(sp["led"] for sp in places)


def table_def(board_def):
    """What the table, the mock hardware and pairing read of a board definition (its
    wiring(), about 100 bytes). A board builds its rules board from the parsed map, keeps
    this, and lets the rest (7.5 KB of parsed JSON) be collected before it allocates
    anything that lives long, so the parse's garbage leaves no holes among long-lived
    objects (docs/performance.md)."""
    return {"wiring": wiring(board_def)}


class Table:
    def __init__(self, board_def, st, sensors, dials, leds, rng, save=None, scans=3, settle_ms=600,
                 table_dice=False, display=None, buttons=None, ruleset=None, commits=0, bots=None,
                 presence=False):
        ruleset = ruleset or registry.of_game(st)
        from firmware.text import use_catalogue

        use_catalogue(ruleset.catalogue)
        self.stack = w = ruleset.max_stack
        # The places sensed: the spaces, then the base camps that have a sensor channel
        # (hardware/wiring.md "Base camps"): place n + site is camp site `site`.
        n, self.channel_of_space, led_of_place = wiring(board_def)
        n_places = len(led_of_place)
        camps = n_places - n
        self.n_channels = max(self.channel_of_space) + 1
        if len(set(self.channel_of_space)) != n_places:
            raise ValueError("board definition: two places share a sensor channel")
        self.place_of_channel = bytearray(b"\xff" * self.n_channels)   # 0xFF: no place
        for i in range(n_places):
            self.place_of_channel[self.channel_of_space[i]] = i
        self.sensors = sensors
        self.dials = dials
        self.leds = leds
        self.display = display
        self.buttons = buttons
        self._undo_down = False
        self._shown = None
        self.rng = rng
        if display is not None:
            from firmware.board import screens

            self.screens = screens
            self._watch = screens.Watch()
        self.save = save
        self.raw = position(self.n_channels, w)
        self.renderer = Renderer(led_of_place, n + N_STATUS + camps, n)
        self._sent = bytearray(len(self.renderer.frame))   # the frame last sent to the LEDs
        # Bot seats: the caller's, else those of the save the game was resumed from.
        if bots is None:
            bots = getattr(save, "seats", None) or 0
        if bots >> st.n_players():
            raise ValueError("bot seats %d: a %d-player game has seats 1..%d" % (bots, st.n_players(),
                                                                                st.n_players()))
        if save is not None:
            save.seats = bots
        self.ctl = Controller(st, rng, ruleset, settle_ms, table_dice, self._committed, bots, camps)
        self.ctl.commits = commits   # a resumed game numbers its commits on from its save
        # A board built without readers (hardware/presence-only.md): the sensors report only
        # which places are occupied; the tracker names the pieces from the game.
        self.tracker = None
        if presence:
            from firmware.board.presence import PresenceTracker

            self.spaces = position(n_places, w)
            self.tracker = PresenceTracker(self.ctl, self.spaces)
            self.ctl.use_tracker(self.tracker)
        else:
            # The places' stable position is the controller's sensed position: one buffer
            # instead of two.
            self.spaces = self.ctl.sensed
        # The debouncer settles each channel straight into its place's slots of `spaces`: no
        # stable copy in channel order (a board reads on without one: 864 B on a Scythe board).
        self.debounce = Debouncer(self.n_channels, scans, w, self.spaces, self.place_of_channel)
        self.scans = 0
        self.renders = 0
        self.frames = 0   # frames sent to the LEDs (render() skips one that did not change)
        self.fed = 0      # watchdog feeds (main_loop.py)
        self.collections = 0
        self._gc_mark = 0
        self.quiet = True   # the last scan and dial poll saw nothing change (idle())
        self.listeners = []   # told of each decision once it is saved (the serial link): f(action)
        # Decisions committed but not yet saved nor told to the listeners: (action, the state's
        # hash after it, the commit count after it, whether it dealt a card face down). flush()
        # pays them after the LED frame.
        self._owed = []
        self._shown_at = -1      # the commit count whose LED frame was last drawn for an owed decision
        self._owed_scan = 0      # the scan after which that frame was drawn: its save waits for a later one
        # (hash, commits, dealt face down) of the decision a listener is being told of
        self.reported = (0, 0, False)
        self.ctl.play_chance()
        self.ctl.refresh()
        self.flush()

    @property
    def st(self):
        return self.ctl.st

    def replace_game(self, st, bots=None):
        """Play st from now on (a new game, an aborted save), with `bots` seats (None: the
        same seats, those the new player count still has)."""
        ctl = self.ctl
        if bots is None:
            bots = ctl.seats.mask & ((1 << st.n_players()) - 1)
        elif not 0 <= bots < (1 << st.n_players()):
            raise ValueError("bot seats %d: a %d-player game has seats 1..%d" % (bots, st.n_players(),
                                                                                st.n_players()))
        ctl.use_bots(bots)
        if self.save is not None:
            self.save.seats = bots
        ctl.st = st
        ctl.commits = 0
        ctl.gestures.hold = True
        self._committed(-2)   # a new game starts here; its setup rolls follow
        ctl.play_chance()
        ctl.refresh()
        self.flush()

    def set_bots(self, bots):
        """Which seats the board's bot plays from now on (bit p: seat p), kept in the save;
        ValueError for a seat the game does not have, and nothing changes."""
        self.ctl.set_bots(bots)
        self._shown = None
        if self.save is not None:
            self.save.seats = bots
            self.save.save(self.ctl.st, self.rng.x, self.ctl.commits)

    def _committed(self, action):
        self._shown = None
        ctl = self.ctl
        owed = self._owed
        down = ctl.face_down   # the board's dice dealt a card face down (controller._chance)
        ctl.face_down = False
        owed.append((action, ctl.st.public_hash(), ctl.commits, down))
        if len(owed) >= OWED_MAX:   # a game's setup rolls dozens of dice at once: save as it goes
            self.flush()

    def flush(self, now_ms=None):
        """Pay what the decisions committed since the last flush owe, in this order: the LED
        frame of the new position (when now_ms is given: the players see the answer before
        the flash is written), one save (the decision and the dice the board rolled after it),
        then each decision told to the listeners (the link's `dec`: a decision reported is
        always on the flash). The link calls it after every command; a gesture's decisions are
        paid by _pay() after the scans. True when something was owed (docs/performance.md)."""
        owed = self._owed
        if not owed:
            return False
        if now_ms is not None:
            self.render(now_ms)
        if self.save is not None:
            if _often[0]:   # a small heap: the save's garbage (littlefs) goes as it is made
                gc.threshold(GC_THRESHOLD)
            try:
                self.save.save(self.ctl.st, self.rng.x, self.ctl.commits)
            finally:
                if _often[0] and not _often[1]:   # (the board has started: none in a gesture)
                    gc.threshold(-1)
        for i in range(len(owed)):
            action, h, commits, down = owed[i]
            self.reported = (h, commits, down)
            for listener in self.listeners:
                listener(action)
        del owed[:]
        return True

    def scan(self, now_ms):
        """One sensor scan. Allocation-free unless the stable position changed. A quiet scan
        (the same reading as the last, every channel settled) costs a comparison of two
        buffers, the controller's clock tick and little else."""
        self.sensors.scan(self.raw)
        self.scans += 1
        deb = self.debounce
        changed = deb.update(self.raw)
        self.quiet = not changed and not deb.n_pending
        if changed:   # the channels that settled are in self.spaces already (the debouncer's)
            tr = self.tracker
            self.ctl.on_position(self.spaces if tr is None else tr.infer(), now_ms)
        else:
            self.ctl.tick(now_ms)
        self._pay(now_ms)

    def _pay(self, now_ms):
        """After a scan or a dial poll, what the decisions committed since the last save owe:
        a new decision's LED frame at once; the save (and the link's reports) at the first quiet
        scan or poll after a later scan, so that the scan after a commit's frame comes one scan
        period later, never behind a save (docs/board-firmware.md, "Saves off the scan path").
        A gesture that keeps the board busy is saved at the latest when OWED_MAX decisions
        are owed (_committed)."""
        if not self._owed:
            return
        commits = self.ctl.commits
        if commits != self._shown_at:
            self.render(now_ms)
            self._shown_at = commits
            self._owed_scan = self.scans
        elif self.quiet and self.scans > self._owed_scan:
            self.flush()

    def poll_dials(self, now_ms):
        """The dials and the undo button (the display's prompt: prompt(), after the frame)."""
        ctl = self.ctl
        dials = self.dials
        for i in range(len(dials)):
            pos, down = dials[i].read()
            if pos != ctl.last_pos[i] or down != ctl.last_down[i]:
                self.quiet = False
                ctl.on_dial(i, pos, down, now_ms)
        if self.buttons is not None:
            down = self.buttons.pressed("undo")
            if down and not self._undo_down:
                self.quiet = False
                self.undo()
            self._undo_down = down
        self._pay(now_ms)

    def prompt(self):
        """The display's prompt, redrawn only when it may have changed (screens.Watch)."""
        if self.display is not None and self._watch.changed(self.ctl):
            self.display.show(self.screens.screen(self.ctl))

    def step(self, now_ms):
        """One step of the scan task (main_loop.py): a scan and a dial poll; when they
        changed anything, the LED frame at once (a lifted piece's light does not wait for
        the render task), then the rest (finish())."""
        self.scan(now_ms)
        self.poll_dials(now_ms)
        if not self.quiet:
            self.render(now_ms)
        self.finish()

    def finish(self):
        """The end of a loop step, after its frame: the display's prompt (slower), except in
        the step that drew a new decision's frame: its prompt comes in the next step, after
        that step's scan, so the scan after a commit's frame is one scan period later
        (docs/board-firmware.md, "Saves off the scan path")."""
        if self._owed and self._owed_scan == self.scans:
            return
        self.prompt()

    def undo(self):
        """Take back the last decision (the button, or the link); the tag readers, which read
        a space only when its presence changes, read every occupied space again (a piece
        may have been swapped for another while the game moved on). False: nothing to undo."""
        if not self.ctl.undo():
            return False
        self.flush()
        sweep = getattr(self.sensors, "sweep", None)
        if sweep is not None:
            sweep()
        return True

    def render(self, now_ms):
        """One LED frame, sent to the LEDs only when it differs from the last one sent (a
        real chain's write takes over a millisecond). Allocation-free."""
        frame = self.renderer.render(self.ctl, now_ms)
        if frame != self._sent or not self.frames:
            self._sent[:] = frame
            self.leds.show(frame)
            self.frames += 1
        self.renders += 1

    def idle(self, slack=GC_SLACK, margin=GC_MARGIN):
        """Between gestures: when the last scan saw nothing change (no new stable position,
        none being debounced, no dial moved), collect garbage if fewer than `margin` bytes are
        free or `slack` bytes have piled up since the last collection, so that a collection
        rarely lands in the middle of answering a lifted piece. On a small heap
        (collect_often()) any garbage at all is collected. True when it collected."""
        mem_alloc = getattr(gc, "mem_alloc", None)   # MicroPython only
        if mem_alloc is None:
            return False
        if not self.quiet:
            return False
        if _often[0]:
            slack = 1
            if _often[1]:   # the table runs: no collection inside a gesture from now on
                _often[1] = False
                gc.threshold(-1)
        if gc.mem_free() >= margin and mem_alloc() - self._gc_mark < slack:
            return False
        gc.collect()
        self._gc_mark = mem_alloc()
        self.collections += 1
        return True
