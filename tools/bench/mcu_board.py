# pyright: reportAttributeAccessIssue=false, reportUndefinedVariable=false, reportMissingImports=false
# ruff: noqa: F821
# Runs ON the emulated board (QEMU mps2-an385, firmware frozen), sent by tools/bench/mcu.py
# in one script, after two lines setting MCU_JOB (what to run) and J (the text of
# hardware/maps/mls.json, kept alive: on a board it would sit in flash) and, for the timing
# jobs only, tools/bench/pystone.py and tools/bench/device_bench.py (its functions, not its
# main). The script's own bytecode is allocated before any filler, like frozen code.
# Prints "MCU {json}".
import gc
import json

import micropython


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
    """Allocate a filler so that only about n_free bytes of heap stay free; the actual free
    bytes after it (gc.mem_free after a collection) are returned with the filler."""
    gc.collect()
    free = gc.mem_free()
    filler = bytearray(max(0, free - n_free - 32)) if free > n_free else None
    gc.collect()
    return filler, gc.mem_free()


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


def full_stack_game(n_free, seed, players, limit=5000, pits=0):
    """tools/bench/full_stack_game.py on the board: engine, controller, renderer, save, link
    and mock hardware through a whole bot game played by gestures (Pie in the Sky on when
    pits: the airship is a miniature moved by gestures too)."""
    filler, free0 = hold(n_free)
    # The saves go to littlefs on the board's RAM flash (outside the heap, as a flash chip
    # is), mounted after the filler: its buffers and each open file's cache count.
    from firmware.hal.ramflash import mount

    mount()
    base = gc.mem_alloc()
    from firmware.table import collect_often

    collect_often()   # as firmware/app.py and sim_board.py at power-up
    peak = live = 0
    n = 0
    try:
        # Every module the game needs is imported first (on a board they are frozen: their
        # dicts and functions live in the heap for good), then the map is parsed and built
        # into the rules board, and only what the table reads of it is kept, so the parse's
        # garbage is collected before the game's long-lived objects are placed.
        from firmware.bench import Bench
        from firmware.bots import RandomBot
        from firmware.link.device import DeviceLink
        from firmware.rng import Rng
        from firmware.rules.board import Board
        from firmware.rules.mls.bot import nudge
        from firmware.storage import SaveFile
        from firmware.table import table_def
        mods = ("engine", "ruleset", "pits") if pits else ("engine", "ruleset")
        for m in ["firmware.rules.mls." + m for m in mods] + ["firmware.screens", "firmware.text"]:
            __import__(m)   # imported by the table when it is built: first, with the others
        gc.collect()
        board_def = json.loads(J)
        board = Board(board_def)
        board_def = table_def(board_def)
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
        bot_rng = Rng(seed + 1)
        bot = RandomBot(bot_rng, nudge)
        while not bench.st.is_terminal() and n < limit:
            bench.bot_turn(bot, bot_rng)
            n += 1
            if n % 10 == 0:
                link.snapshot()
                a = gc.mem_alloc() - base
                if a > peak:
                    peak = a
            if n % 50 == 0:   # what stays alive: after a collection
                gc.collect()
                live = max(live, gc.mem_alloc() - base)
        saved = save.exists()
        save.abort()
        ok = (bench.st.is_terminal() or n == limit < 5000) and saved
    except MemoryError:
        ok = False
    return {"ok": ok, "free": free0, "decisions": n, "peak": peak, "live": live, "finished": n < limit}


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
else:
    out = full_stack_game(*MCU_JOB[1:])
gc.collect()
out["heap_total"] = gc.mem_free() + gc.mem_alloc()
print("MCU " + json.dumps(out))
