# pyright: reportAttributeAccessIssue=false
# (runs under MicroPython: time.ticks_us, gc.mem_alloc, micropython.heap_lock)
# Figures measured inside one interpreter (MicroPython unix port, or CPython for comparison):
#   micropython tools/bench/device_bench.py GAMES PLAYOUTS PYSTONE_LOOPS
# Prints one line "BENCH {json}". Lift-to-light and commit times are compute only: from the
# debounced position reaching the controller to the LED frame being filled.
import json
import sys
import time

from firmware.app import find_map
from firmware.hosts.bench import Bench
from firmware.bots import RandomBot, play_game
from firmware.hal import add_tag, remove_tag
from firmware.rng import Rng
from firmware.rules.board import Board
from firmware.rules.mls.bot import nudge
from firmware.rules.mls.engine import new_game
from tools.bench import pystone

MICRO = sys.implementation.name == "micropython"


def now_us():
    if MICRO:
        return time.ticks_us()
    return int(time.perf_counter() * 1000000)


def elapsed_us(t0):
    if MICRO:
        return time.ticks_diff(time.ticks_us(), t0)
    return now_us() - t0


def pystones(loops, runs=3):
    """Best of `runs` timings of Pystone's main loop (the usual way to quote pystones)."""
    best = 0
    for _ in range(runs):
        t0 = now_us()
        pystone.Proc0(loops)
        us = elapsed_us(t0)
        if us and (not best or us < best):
            best = us
    return loops * 1000000 / best if best else 0, best


def percentile(xs, q):
    xs.sort()  # in place: a sorted copy of ~800 figures needs 8 KB in one piece, and the
    # unix port's 256 KB heap, fragmented by the games, failed that in some runs
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0


def table_figures(board_def, games):
    """Lift-to-light, placement commit and pie-fight reveal over bot games at the table."""
    lift = []
    commit = []
    reveal = []
    for g in range(games):
        rng = Rng(100 + g)
        st = new_game(Board(board_def), 2 + g % 5)
        bench = Bench(board_def, st, rng)
        ctl = bench.ctl
        render = bench.table.renderer.render
        bot_rng = Rng(200 + g)
        bot = RandomBot(bot_rng, nudge)
        sensed = bytearray(len(ctl.sensed))   # a sensed position by space (firmware/hal)
        w = ctl.stack
        for _ in range(4000):
            st = ctl.st
            if st.is_terminal():
                break
            bench.tidy()
            kind = st.decision()
            if kind == 8:
                a = bot.choose(st)
                p = st.active_player()
                k = a >> 6
                d = a & 63
                loc = st.seekers(p)[k]
                if loc != 63 and d != loc and d != 63:
                    sensed[:] = ctl.sensed
                    remove_tag(sensed, loc, 2 * p + k, w)
                    t0 = now_us()
                    ctl.on_position(sensed, bench.now)
                    render(ctl, bench.now)
                    lift.append(elapsed_us(t0))
                    add_tag(sensed, d, 2 * p + k, w)
                    t0 = now_us()
                    ctl.on_position(sensed, bench.now)
                    render(ctl, bench.now)
                    commit.append(elapsed_us(t0))
                    bench.sensors.lift(bench.channel[loc], 2 * p + k)
                    bench.sensors.put(bench.channel[d], 2 * p + k)
                    bench.settle()
                    continue
            if kind in (10, 27):
                # Choose both bids first (on the controller's own option lists), then enter
                # them; the last entry locks the second dial and triggers the reveal.
                steps = []
                sec = ctl.secret
                for dial in (0, 1):
                    opts = ctl.options(dial)
                    while opts:
                        v = bot_rng.choice(opts)
                        steps.append((dial, v))
                        sec.entries[sec.side_on(dial)].append(v)
                        opts = ctl.options(dial)
                for e in sec.entries:
                    del e[:]
                for dial, v in steps[:-1]:
                    ctl.enter_secret(dial, v)
                if steps:
                    t0 = now_us()
                    ctl.enter_secret(steps[-1][0], steps[-1][1])
                    render(ctl, bench.now)
                    reveal.append(elapsed_us(t0))
                continue
            bench.bot_turn(bot, bot_rng)
    return lift, commit, reveal


def zero_alloc(board_def):
    """Scan + render 200 times under micropython.heap_lock() (MicroPython only)."""
    if not MICRO:
        return None
    import micropython

    st = new_game(Board(board_def), 4)
    bench = Bench(board_def, st, Rng(1))
    table = bench.table
    micropython.heap_lock()
    try:
        for i in range(200):
            table.scan(10 * i)
            table.render(10 * i)
        ok = True
    except MemoryError:
        ok = False
    finally:
        micropython.heap_unlock()
    return ok


def throughput(board_def, games):
    board = Board(board_def)
    t0 = now_us()
    for g in range(games):
        rng = Rng(g)
        st = new_game(board, 2 + g % 5)
        play_game(st, [RandomBot(rng, nudge) for _ in range(st.n_players())], rng)
    us = elapsed_us(t0)
    return games * 1000000 / us if us else 0


def main(argv):
    games, playouts, loops = int(argv[1]), int(argv[2]), int(argv[3])
    if games == 0:  # Pystone only (run with a roomy heap, as the published figures were)
        rate, us = pystones(loops)
        print("BENCH " + json.dumps({"pystone": {"loops": loops, "us": us, "per_s": rate}}))
        return
    import gc

    board_def = find_map()
    gc.collect()
    before = pystones(loops)  # in this very process, before and after the table figures
    lift, commit, reveal = table_figures(board_def, games)
    gc.collect()
    after = pystones(loops)
    out = {
        "interpreter": sys.implementation.name,
        "pystone": {
            "loops": loops,
            "per_s": max(before[0], after[0]),
            "before": before[0],
            "after": after[0],
        },
        "lift_us": {
            "n": len(lift),
            "p50": percentile(lift, 0.5),
            "p99": percentile(lift, 0.99),
            "max": max(lift or [0]),
        },
        "commit_us": {
            "n": len(commit),
            "p50": percentile(commit, 0.5),
            "p99": percentile(commit, 0.99),
            "max": max(commit or [0]),
        },
        "reveal_us": {
            "n": len(reveal),
            "p50": percentile(reveal, 0.5),
            "p99": percentile(reveal, 0.99),
            "max": max(reveal or [0]),
        },
        "zero_alloc": zero_alloc(board_def),
        "games_per_s": throughput(board_def, playouts),
        "playouts": playouts,
    }
    print("BENCH " + json.dumps(out))


main(sys.argv)
