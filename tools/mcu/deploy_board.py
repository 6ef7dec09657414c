# pyright: reportAttributeAccessIssue=false, reportUndefinedVariable=false, reportMissingImports=false
# ruff: noqa: F821
# Runs ON the emulated board (docs/mcu.md, "Three deployment paths"), sent by
# tools/mcu/deploy_paths.py after two lines setting MCU_JOB and J (the map's text):
#     MCU_JOB = [path, n_free, seed, players, game, options, limit]
# path "frozen" (build/mcu: the game frozen in), "mpy" (build/mcu-stock: .mpy files on
# littlefs, loaded into the heap at import) or "romfs" (build/mcu-romfs: the ROMFS image,
# bytecode run in place). A whole game of any ruleset through the full stack (engine,
# controller, renderer, save on littlefs, link, mock hardware, a game by gestures), with
# only n_free bytes of heap free beside a filler, as tools/bench/mcu_board.py's
# full_stack_game does for My Little Scythe; what differs between the paths is where the
# firmware's bytecode lives. Prints "MCU {json}": ok, free, decisions, peak, live (after a
# collection every 50 decisions), boot_us (from before the filesystem is mounted to the game
# ready: mount, imports, map, new game, table and link; instructions / 1000 under -icount),
# digest (st.hash() of the last position, taken after the game: the same seed must give the
# same game, so the same digest, on every path).
import gc
import json
import time


def scrub(n):
    """Overwrite the C stack below here (stale words the conservative GC would read)."""
    return scrub(n - 1) if n else 0


def hold(n_free):
    """Fillers so that only about n_free bytes of heap stay free; (fillers, free after)."""
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


def game(path, n_free, seed, players, name, options, limit):
    if path == "frozen":
        from firmware.hal.ramflash import mount
    else:
        from pomme_boot import boot as mount   # littlefs at /, the ROMFS partition at /rom
    filler, free0 = hold(n_free)
    t0 = time.ticks_us()
    base = gc.mem_alloc()
    ok = False
    n = peak = live = boot_us = 0
    err = ""
    bench = None
    try:
        mount()
        from firmware.board.table import collect_often

        collect_often()   # as firmware/app.py and sim_board.py at power-up
        from firmware.board.storage import SaveFile
        from firmware.board.table import table_def
        from firmware.bot_kinds import make_bot
        from firmware.hosts.bench import Bench
        from firmware.link.device import DeviceLink
        from firmware.rng import Rng
        from firmware.rules import registry

        rs = registry.load(name)
        first = ["firmware.board.screens", "firmware.text"] + (["firmware.rules.mls.pits"] if options else [])
        for m in first:
            __import__(m)   # imported by the table when it is built: first, with the others
        gc.collect()
        board_def = json.loads(J)
        board = rs.make_board(board_def)
        board_def = table_def(board_def)
        scrub(30)
        gc.collect()
        st = rs.new_game(board, players, options or None)
        st.keep_history = False
        st.undo_depth = 2
        save = SaveFile("bench-game.sav")
        bench = Bench(board_def, st, Rng(seed), save, ruleset=rs)
        board_def = None
        sent = [0]

        def sink(text):
            sent[0] += len(text)

        link = DeviceLink(bench.table, sink, {"sim": 1}, 1, "power-on", bench, save)
        link.snapshot()
        boot_us = time.ticks_diff(time.ticks_us(), t0)
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
        ok = (bench.st.is_terminal() or n == limit) and saved
    except MemoryError as e:
        err = "MemoryError %s" % e
    gc.threshold(-1)
    del filler
    digest = bench.st.hash() if bench is not None else None
    bench = link = save = board = st = None  # noqa: F841
    gc.collect()
    import sys

    reg = sys.modules.get("firmware.rules.registry")
    return {"ok": ok, "free": free0, "origin": getattr(reg, "__file__", "?"), "decisions": n, "peak": peak,
            "live": live, "boot_us": boot_us, "digest": digest,
            "finished": n < limit, "error": err}


out = game(*MCU_JOB)
gc.collect()
out["heap_total"] = gc.mem_free() + gc.mem_alloc()
print("MCU " + json.dumps(out))
