# pyright: reportAttributeAccessIssue=false, reportUndefinedVariable=false, reportMissingImports=false, reportIndexIssue=false, reportOptionalSubscript=false, reportOptionalCall=false
# ruff: noqa: F821
# Runs ON the emulated board (QEMU mps2-an385, firmware frozen), sent by tools/bench/mcu.py
# in one script, after two lines setting MCU_JOB (what to run) and J (the text of
# hardware/maps/mls.json, kept alive: on a board it would sit in flash; a Scythe job gets JS,
# hardware/maps/scythe.json, too) and, for the timing
# jobs only, tools/bench/pystone.py and tools/bench/device_bench.py (its functions, not its
# main). The script's own bytecode is allocated before any filler, like frozen code.
# Prints "MCU {json}".
import gc
import json

import micropython

DEBUG = 0   # 1: print the MemoryError and micropython.mem_info() of a failed game


@micropython.asm_thumb
def wfi():
    wfi()  # noqa: F821  (the Thumb instruction, in MicroPython's inline assembler)


def scrub(n):
    """Overwrite the C stack below here with the same values on every boot (the UART polling
    before the script leaves timing-dependent words there, which the conservative GC reads)."""
    return scrub(n - 1) if n else 0


def sync():
    """Wait for the next SysTick interrupt (1 ms). Until the script starts, the board polls the
    UART for a number of instructions that depends on the host's timing; after a WFI woken by
    the timer (QEMU -icount sleep=off: virtual time jumps to the interrupt) the instruction
    stream and the SysTick phase are the same on every boot, so ticks_us differences are too."""
    wfi()


def hold(n_free):
    """Allocate fillers so that only about n_free bytes of heap stay free; the actual free
    bytes after them (gc.mem_free after a collection) are returned with the fillers. One
    block when the free heap is in one piece; else the largest that fit, in turn (what the
    script imported before may leave the free heap in two or more runs)."""
    fillers = []
    gc.collect()
    free = gc.mem_free()
    while free > n_free + 64:
        size = free - n_free - 32
        while size >= 64:
            try:
                fillers.append(bytearray(size))
                break
            except MemoryError:
                size //= 2
        else:
            break
        gc.collect()
        free = gc.mem_free()
    return fillers, free


def new_mls_game(board, players, pits):
    """A new game of My Little Scythe, with Pie in the Sky when pits (the ruleset's option
    {"pits": [1]}, as a game set up at the table)."""
    if pits:
        from firmware.rules.mls.ruleset import RULESET

        return RULESET.new_game(board, players, {"pits": [1]})
    from firmware.rules.mls.engine import new_game

    return new_game(board, players)


def engine_game(n_free, seed, players, pits=0):
    filler, free0 = hold(n_free)
    base = gc.mem_alloc()
    try:
        board_def = json.loads(J)
        from firmware.bots import RandomBot, play_game
        from firmware.rng import Rng
        from firmware.rules.board import Board
        from firmware.rules.mls.bot import nudge

        st = new_mls_game(Board(board_def), players, pits)
        st.keep_history = False
        rng = Rng(seed)
        play_game(st, [RandomBot(rng, nudge) for _ in range(players)], rng)
        ok = st.is_terminal()
        gc.collect()
        peak = gc.mem_alloc() - base
    except MemoryError:
        ok, peak = False, None
    return {"ok": ok, "free": free0, "after_collect": peak}


# What the timed full-stack job records, per kind of loop step: kept in arrays made before
# the filler (like the script's own code), in thousands of instructions (emulated us).
KINDS = ("lift", "commit", "reveal", "idle_collect", "snapshot", "save")
# (a game of seed 1 has 56 lifts, 440 commits, 15 reveals, 455 saves; records past a size are
# counted, not kept: a summary says over how many it ran. Sized so that the small image's
# filler can still leave 32 KB free beside them and the timing's closures.)
SIZES = (256, 512, 64, 512, 128, 512)
N_GESTURES = 3   # the first KINDS carry a gesture: their span to the LED frame is kept too
FRAME_SIZES = (256, 512, 64, 512)
AFTER_FRAME = 3   # FRAME_SIZES[3]: a commit's (or reveal's) frame to the end of its loop step


def timed_loop(rec, counts, allocs, steps, mode):
    """Bench.run with every step timed, as the board's main loop runs it (Table.step, the
    scan task: the scan of every channel, the dials, the LED frame when they changed
    anything, then the display's prompt; the work a gesture triggers, a commit's save and
    link event included: the real path), then the render task's frame and its idle time
    (Table.idle). A step is a lift when a piece became lifted in it, a commit when it
    committed a decision, a reveal when that decision was the secret bid; for those the
    span to the frame (the scan up to leds.show: lift-to-light) is kept in rec[N_GESTURES +
    kind]. The quiet step (nothing sensed or drawn: the scan, the dials, the prompt's
    check alone) is kept in steps[0] (quickest) and steps[2] (slowest), the quickest
    render-task frame in steps[1]. An idle() that
    collected is timed on its own. mode [threshold, slack, margin]: other collection
    settings (a threshold set once the table is built).
    Called before the filler, like the record arrays: the timing's closures are the
    harness's, not the firmware's, and stay out of the heap the game is given. Returns
    (run, snapshot, attach); attach(bench, link) once the game is built (it imports no
    module the game has not: their dictionaries are the firmware's)."""
    import time

    us = time.ticks_us
    diff = time.ticks_diff
    mem_alloc = gc.mem_alloc
    # bench, link, table, ctl, entry, slack, margin, ENTRY_SECRET, the LEDs' show, the save's
    # save, firmware.board.table's _often (collect_often() set a small heap's threshold)
    ctx = [None] * 11  # type: list
    # The time the step's first frame reached the LEDs: a commit's is drawn inside the scan
    # (Table.flush: the frame, then the save and the link's report), a lift's after the dials.
    shown = [0]

    def note(k, dt, da):
        i = counts[k]
        if i < len(rec[k]):
            rec[k][i] = min(dt, 65535)
        counts[k] = i + 1
        if da > allocs[k]:
            allocs[k] = da

    def note_frame(k, dt):
        k += len(KINDS)
        i = counts[k]
        if i < len(rec[k]):
            rec[k][i] = min(dt, 65535)
        counts[k] = i + 1

    def timed_show(frame):
        if not shown[0]:
            shown[0] = us()
        ctx[8](frame)

    def timed_save(st, x, count):
        a0 = mem_alloc()
        t0 = us()
        ctx[9](st, x, count)
        note(5, diff(us(), t0), mem_alloc() - a0)

    def run(ms):
        bench = ctx[0]   # (one at a time: a multiple assignment builds a tuple)
        table = ctx[2]
        ctl = ctx[3]
        entry = ctx[4]
        slack = ctx[5]
        margin = ctx[6]
        secret_entry = ctx[7]
        if ctx[10][0] and table.quiet:
            # A small heap: the board's idle() collected all of its own garbage in the quiet
            # steps that ended the last gesture; what is left is the harness's (its bot's
            # choice, the mock sensors'), which a person's hand does not make. Collected
            # here, untimed, so that it does not start a collection inside the next gesture.
            gc.collect()
        end = bench.now + ms
        while bench.now < end:
            bench.now += 10
            now = bench.now
            commits = ctl.commits
            saves = counts[5]
            lifted = ctl.gestures.lifted
            secret = entry[ctl.st.decision()] == secret_entry
            a0 = mem_alloc()
            shown[0] = 0
            t0 = us()
            table.scan(now)             # Table.step, with the time to the frame taken
            table.poll_dials(now)
            if not table.quiet:
                table.render(now)
            framed = shown[0] != 0
            table.finish()              # the prompt, unless the step drew a commit's frame
            dt = diff(us(), t0)
            da = mem_alloc() - a0
            df = diff(shown[0], t0)
            after = 0   # a commit's frame, when its loop step is to be timed to its end
            if ctl.commits != commits:
                k = 2 if secret else 1
                note(k, dt, da)
                if framed:   # (a commit that changes no LED has no light to wait for)
                    note_frame(k, df)
                    after = shown[0]
            elif lifted < 0 <= ctl.gestures.lifted:
                note(0, dt, da)
                if framed:
                    note_frame(0, df)
            else:   # any other step: its allocation, and the quiet step's time
                if da > allocs[6]:
                    allocs[6] = da
                # A quiet step (nothing sensed, no frame): the quickest and the slowest under
                # 1,000 k. The qemu port's ticks_us reads its millisecond count, then SysTick's
                # counter: a tick between the two makes a reading 1 ms early, and a quiet step
                # of ~40 k measured -954 once; such readings are left out here.
                if not framed and table.quiet and saves == counts[5] and 0 <= dt < 1000:
                    if not steps[0] or dt < steps[0]:
                        steps[0] = dt
                    if dt > steps[2]:
                        steps[2] = dt
            t0 = us()
            table.render(now)           # the render task (every 33 ms on the board)
            dt = diff(us(), t0)
            if dt >= 0 and (not steps[1] or dt < steps[1]):   # (a 1 ms early reading left out)
                steps[1] = dt
            t0 = us()
            done = table.idle(slack, margin)
            if done:
                note(3, diff(us(), t0), 0)
            if after:   # the frame to the end of the loop step: the next scan starts one period later
                note_frame(AFTER_FRAME, diff(us(), after))

    def snapshot():
        a0 = mem_alloc()
        t0 = us()
        ctx[1].snapshot()
        note(4, diff(us(), t0), mem_alloc() - a0)

    def attach(bench, link):
        from firmware.rules.ruleset import ENTRY_SECRET
        from firmware.board.table import GC_MARGIN, GC_SLACK, _often

        table = bench.table
        ctx[0] = bench
        ctx[1] = link
        ctx[2] = table
        ctx[3] = table.ctl
        ctx[4] = bench.rs.entry
        ctx[5] = mode[1] if mode else GC_SLACK
        ctx[6] = mode[2] if mode else GC_MARGIN
        ctx[7] = ENTRY_SECRET
        ctx[10] = _often
        ctx[8] = table.leds.show
        table.leds.show = timed_show
        save = table.save
        if save is not None:   # each save timed too (a commit's step includes its saves)
            ctx[9] = save.save
            save.save = timed_save

    return run, snapshot, attach


def summary(xs, n):
    """p50, p99 and max of the first n figures, sorted in place (a sorted copy needs a block
    a small heap may not have)."""
    n = min(n, len(xs))
    gap = n // 2
    while gap:   # Shell sort: no allocation
        for i in range(gap, n):
            v = xs[i]
            j = i
            while j >= gap and xs[j - gap] > v:
                xs[j] = xs[j - gap]
                j -= gap
            xs[j] = v
        gap //= 2
    if not n:
        return {"n": 0}
    return {"n": n, "p50": xs[n // 2], "p99": xs[min(n - 1, int(0.99 * n))], "max": xs[n - 1]}


def full_stack_game(n_free, seed, players, limit=5000, pits=0, timed=0, mode=0):
    """tools/bench/full_stack_game.py on the board: engine, controller, renderer, save, link
    and mock hardware through a whole bot game played by gestures (Pie in the Sky on when
    pits: the airship is a miniature moved by gestures too). timed: every step of the loop
    timed (timed_loop) with the scrub and SysTick sync of the timing jobs."""
    rec = counts = allocs = steps = timed_run = timed_snapshot = attach = None
    if timed:
        from array import array

        rec = [array("H", bytes(2 * n)) for n in SIZES + FRAME_SIZES]
        counts = [0] * len(rec)
        allocs = [0] * (len(KINDS) + 1)
        steps = [0, 0, 0]
        timed_run, timed_snapshot, attach = timed_loop(rec, counts, allocs, steps, mode)
    # The saves go to littlefs on the board's RAM flash (outside the heap, as a flash chip
    # is), mounted after the filler: the block device, littlefs's buffers and each open
    # file's cache count. The RAM flash's module (its functions and class, 768 B) is
    # imported before: it stands in for a port's flash driver, which is C (rp2.Flash,
    # esp32.Partition) and takes no heap for its code.
    from firmware.hal.ramflash import mount

    filler, free0 = hold(n_free)
    mount()
    base = gc.mem_alloc()
    from firmware.board.table import collect_often

    collect_often()   # as firmware/app.py and sim_board.py at power-up
    if timed:
        scrub(30)
        sync()
    peak = live = 0
    n = 0
    frames = None
    try:
        # Every module the game needs is imported first (on a board they are frozen: their
        # dicts and functions live in the heap for good), then the map is parsed and built
        # into the rules board, and only what the table reads of it is kept, so the parse's
        # garbage is collected before the game's long-lived objects are placed.
        from firmware.hosts.bench import Bench
        from firmware.bots import RandomBot
        from firmware.link.device import DeviceLink
        from firmware.rng import Rng
        from firmware.rules.board import Board
        from firmware.rules.mls.bot import nudge
        from firmware.board.storage import SaveFile
        from firmware.board.table import table_def
        mods = ("engine", "ruleset", "pits") if pits else ("engine", "ruleset")
        for m in ["firmware.rules.mls." + m for m in mods] + ["firmware.board.screens", "firmware.text"]:
            __import__(m)   # imported by the table when it is built: first, with the others
        gc.collect()
        board_def = json.loads(J)
        board = Board(board_def)
        board_def = table_def(board_def)
        scrub(30)   # no stale word on the C stack may keep the parsed map (7.6 KB) alive
        gc.collect()

        st = new_mls_game(board, players, pits)
        st.keep_history = False
        st.undo_depth = 2
        save = SaveFile("bench-game.sav")
        bench = Bench(board_def, st, Rng(seed), save)
        board_def = None   # as firmware/app.py does: the parsed map is not kept once built
        sent = [0]

        def sink(text):
            sent[0] += len(text)

        link = DeviceLink(bench.table, sink, {"sim": 1}, 1, "power-on", bench, save)
        snapshot = link.snapshot
        if timed:
            attach(bench, link)
            bench.run, snapshot = timed_run, timed_snapshot
        if mode and mode[0]:   # a threshold kept through the game (mode[0] bytes)
            bench.table.idle()   # start-up over (the first idle lifts collect_often's threshold)
            gc.threshold(mode[0])
        bot_rng = Rng(seed + 1)
        bot = RandomBot(bot_rng, nudge)
        while not bench.st.is_terminal() and n < limit:
            bench.bot_turn(bot, bot_rng)
            n += 1
            if n % 10 == 0:
                snapshot()
                a = gc.mem_alloc() - base
                if a > peak:
                    peak = a
            if n % 50 == 0:   # what stays alive: after a collection
                gc.collect()
                live = max(live, gc.mem_alloc() - base)
        saved = save.exists()
        frames = [bench.table.frames, bench.table.renders]   # frames sent to the LEDs, of those rendered
        save.abort()
        ok = (bench.st.is_terminal() or n == limit < 5000) and saved
    except MemoryError as e:
        ok = False
        if DEBUG:
            import sys

            sys.print_exception(e)
            micropython.mem_info()
    gc.threshold(-1)
    del filler   # room for the summaries
    bench = link = save = None  # noqa: F841
    board = board_def = st = None  # noqa: F841  (a game that failed early: what it had built)
    gc.collect()
    out = {"ok": ok, "free": free0, "decisions": n, "peak": peak, "live": live, "finished": n < limit}
    if timed:
        out["kinstr"] = {KINDS[k]: summary(rec[k], counts[k]) for k in range(len(KINDS))}
        out["alloc_max"] = {k: allocs[i] for i, k in enumerate(KINDS + ("other",))}
        out["quiet_step"] = steps[0]
        out["quiet_step_max"] = steps[2]
        # Lift-to-light: a gesture's step from the scan to the LED frame sent (65,535: no
        # frame in that step), without the prompt's redraw that follows it.
        out["kinstr_to_frame"] = {KINDS[k]: summary(rec[len(KINDS) + k], counts[len(KINDS) + k])
                                  for k in range(N_GESTURES)}
        # A commit's frame to the end of its loop step (the rest of the scan task's step, the
        # render task's frame and its idle time): the next scan starts one scan period later.
        k = len(KINDS) + AFTER_FRAME
        out["kinstr_frame_to_step_end"] = summary(rec[k], counts[k])
        out["quiet_render"] = steps[1]
        out["frames_sent"] = frames
    return out


# The Rise of Fenris's modules played together in a 5-player game (docs/fenris.md step 14: every
# compatible module the board plays; Peace and the Triumph Tiles exclude War, Rivals excludes
# Peace, Tesla excludes Mad Tesla and Desolation, so this is the largest set).
MODULE_SET = ("mechmods", "infra", "war", "rivals", "alliances", "vesna", "fenris", "tesla")
# The other largest set: Mad Tesla in Tesla's place (one miniature; Rivals with him since stop 39).
MAD_MODULE_SET = MODULE_SET[:-1] + ("madtesla",)
# The cooperative one: the Desolation with every module its "Easier" variant and the chart allow.
DES_MODULE_SET = ("mechmods", "infra", "alliances", "vesna", "fenris", "desolation", "harder")


def scythe_full_stack_game(n_free, seed, players, limit=30000, modules=0, campaign=0, owned=0):
    """full_stack_game for Scythe (the ruleset's registry entry, its own board class and map,
    JS: the text of hardware/maps/scythe.json): engine, controller, renderer, save on littlefs,
    link and mock hardware through a whole random-bot game played by gestures (a smaller
    limit: its first `limit` decisions, the smoke's); modules: 1 with MODULE_SET on, 2 with
    MAD_MODULE_SET, 3 with DES_MODULE_SET. campaign: 1: the game is Episode 1 of a campaign of
    `players` seats made over the link and kept by the board (docs/campaign.md), recorded at its
    end; 5: Episode 5 (its Factory Fortress: the campaign's episode byte set to 5 before the
    Perks, as the rules tests do, so its game carries the `fortress` module); 7: Episode 7. owned:
    1 every seat holds the Mods the board plays; 2 also late in a campaign (Vesna and Fenris seats,
    Setup Bonuses, 2b played)."""
    from firmware.hal.ramflash import mount

    filler, free0 = hold(n_free)
    mount()
    base = gc.mem_alloc()
    from firmware.board.table import collect_often

    collect_often()   # as firmware/app.py and sim_board.py at power-up
    peak = live = rest = 0
    stages = []
    setup = []   # the heap after a collection at each step of the setup (below)

    def mark(into):   # the heap after a collection, above the start, into a list of figures
        gc.collect()
        into.append(gc.mem_alloc() - base)
    n = 0
    st = None
    try:
        from firmware.hosts.bench import Bench
        from firmware.bot_kinds import make_bot
        from firmware.link.device import DeviceLink
        from firmware.rng import Rng
        from firmware.rules import registry
        from firmware.board.storage import SaveFile
        from firmware.board.table import table_def

        rs = registry.load("scythe")
        for m in ("firmware.rules.scythe.engine", "firmware.board.screens", "firmware.text"):
            __import__(m)   # imported by the table when it is built: first, with the others
        mark(setup)   # [0] the modules above
        board_def = json.loads(JS)
        board = rs.make_board(board_def)
        board_def = table_def(board_def)
        scrub(30)
        mark(setup)   # [1] the board (and the table's definition)
        on = (MODULE_SET, MAD_MODULE_SET, DES_MODULE_SET)[modules - 1] if modules else ()
        st = rs.new_game(board, players, {w: [1] for w in on} if modules else None)
        st.keep_history = False
        st.undo_depth = 2
        mark(setup)   # [2] the game set up (its modules' code imported)
        save = SaveFile("bench-game.sav")
        bench = Bench(board_def, st, Rng(seed), save, ruleset=rs)
        board_def = None
        mark(setup)   # [3] the table (controller, renderer, save)
        sent = [0]

        def sink(text):
            sent[0] += len(text)

        keeper = k = None
        stages = []   # the campaign's heap, after a collection: [before it, its modules and keeper, made]
        if campaign:
            from firmware.board.campaign_hook import keeper_of

            mark(stages)
            keeper = keeper_of(bench.table, "bench-campaign.sav")
        link = DeviceLink(bench.table, sink, {"sim": 1}, 1, "power-on", bench, save, keeper)
        mark(setup)   # [4] the link
        if keeper is not None:
            k = keeper()
            mark(stages)
        if k is not None:
            k.file.abort()
            k.new(list(range(players)))
            if campaign > 1:
                k.c.s[4] = campaign   # (the episode byte: campaign_log.EP)
            if owned:   # every seat holds the Mods the board plays: the episode's game places them
                from firmware.rules.scythe import campaign_log as G

                for p in range(players):
                    G.set16(k.c.s, G.lo(p) + G.L_MECH, 0x75)   # Artillery, Scout, Sword, Township, Underpass
                    k.c.s[G.lo(p) + G.L_INFRA] = 0x1F          # Machinery ... Automachines
                if owned == 2:   # late in a campaign: 2b played (Episode 7 plays War and Rivals),
                    # the last two seats switched to Vesna and Fenris (on their former home bases),
                    # every seat with a Setup Bonus of each kind
                    from firmware.rules.scythe.campaign_data import FENRIS, VESNA

                    k.c.s[G.FLAGS] |= G.F_PEACE | G.F_MECH | G.F_INFRA
                    for p, f, at in ((players - 2, VESNA, G.VBASE), (players - 1, FENRIS, G.FBASE)):
                        k.c.s[G.lo(p) + G.L_FACTION] = f
                        k.c.s[at] = k.c.s[G.lo(p) + G.L_BASE]
                    for p in range(players):
                        for i in range(3):
                            k.c.s[G.lo(p) + G.L_BONUS + i] = 1
            while not k.c.is_terminal():
                k.decide(0)   # no Perk
            mark(stages)
            k.start_episode(save, None, [1])
            st = None
        gc.collect()
        rest = gc.mem_alloc() - base   # the game set up on the table, the link (and the campaign) held
        bot_rng = Rng(seed + 1)
        bot = make_bot(rs, bot_rng, "random")
        while not bench.st.is_terminal() and n < limit:
            bench.bot_turn(bot, bot_rng)
            n += 1
            if n % 10 == 0:
                link.snapshot()
                a = gc.mem_alloc() - base
                if a > peak:
                    peak = a
            if n % 50 == 0:
                gc.collect()
                live = max(live, gc.mem_alloc() - base)
        saved = save.exists()
        save.abort()
        if k is not None and k.c is not None:   # the episode recorded in the Campaign Log, on the flash
            bench.table.flush()   # (the last decision's save and listeners: the loop ended before them)
            if DEBUG:
                print("campaign", saved, k.c.in_game(), k.file.exists())
            saved = saved and not k.c.in_game() and k.file.exists()
            k.file.abort()
        ok = (bench.st.is_terminal() or n == limit < 30000) and saved
    except MemoryError as e:
        ok = False
        if DEBUG:
            import sys

            sys.print_exception(e)
            micropython.mem_info()
    gc.threshold(-1)
    del filler
    bench = link = save = None  # noqa: F841
    board = board_def = st = None  # noqa: F841
    gc.collect()
    return {"ok": ok, "free": free0, "decisions": n, "peak": peak, "live": live, "finished": n < limit,
            "rest": rest, "stages": stages, "setup": setup}


def table_job(games, loops):
    board_def = json.loads(J)
    scrub(30)
    gc.collect()
    sync()
    before = pystones(loops)
    lift, commit, reveal = table_figures(board_def, games)
    gc.collect()
    after = pystones(loops)

    def summary(xs):
        return {"n": len(xs), "p50": percentile(xs, 0.5), "p99": percentile(xs, 0.99), "max": max(xs or [0])}

    return {
        "games": games,
        "pystone": {
            "loops": loops,
            "before": before[0],
            "after": after[0],
            "per_s": max(before[0], after[0]),
        },
        "lift_us": summary(lift),
        "commit_us": summary(commit),
        "reveal_us": summary(reveal),
    }


def pystone_job(loops):
    scrub(30)
    gc.collect()
    sync()
    rate, us = pystones(loops)
    return {"loops": loops, "us": us, "per_s": rate}


kind = MCU_JOB[0]
if kind == "table":
    out = table_job(MCU_JOB[1], MCU_JOB[2])
elif kind == "pystone":
    out = pystone_job(MCU_JOB[1])
elif kind == "engine":
    out = engine_game(*MCU_JOB[1:])
elif kind == "scythe_full":   # n_free, seed, players
    out = scythe_full_stack_game(*MCU_JOB[1:])
elif kind == "scythe_modules_full":   # n_free, seed, players: with MODULE_SET
    out = scythe_full_stack_game(*MCU_JOB[1:4], modules=1)
elif kind == "scythe_mad_full":   # n_free, seed, players: with MAD_MODULE_SET
    out = scythe_full_stack_game(*MCU_JOB[1:4], modules=2)
elif kind == "scythe_des_full":   # n_free, seed, players: with DES_MODULE_SET
    out = scythe_full_stack_game(*MCU_JOB[1:4], modules=3)
elif kind == "scythe_campaign_full":   # n_free, seed, players: Episode 1 of a campaign kept by the board
    out = scythe_full_stack_game(*MCU_JOB[1:4], campaign=1)
elif kind == "scythe_campaign5_full":   # ... its Episode 5 (the fortress module)
    out = scythe_full_stack_game(*MCU_JOB[1:4], campaign=5)
elif kind == "scythe_campaign5m_full":   # ... with every seat's Mods on its log (the owned module)
    out = scythe_full_stack_game(*MCU_JOB[1:4], campaign=5, owned=1)
elif kind == "scythe_campaign7late_full":   # Episode 7 late in a campaign: Vesna, Fenris, Mods, bonuses
    out = scythe_full_stack_game(*MCU_JOB[1:4], campaign=7, owned=2)
elif kind == "fullt":   # timed: n_free, seed, players, mode
    out = full_stack_game(MCU_JOB[1], MCU_JOB[2], MCU_JOB[3], 5000, 0, 1, MCU_JOB[4])
else:
    out = full_stack_game(*MCU_JOB[1:])
gc.collect()
out["heap_total"] = gc.mem_free() + gc.mem_alloc()
print("MCU " + json.dumps(out))
