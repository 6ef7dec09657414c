# pyright: reportAttributeAccessIssue=false
# (runs under MicroPython: time.ticks_us, gc.mem_alloc, micropython.heap_lock)
# A full 6-player bot game through the whole board stack - engine, controller, save file,
# serial link (its output discarded) - played by gestures on the mock hardware. Run by
# tools/bench/run.py under `micropython -X heapsize=N` with the device code as .mpy, to find
# the smallest heap it needs. Prints "OK decisions peak" at the end.
import gc
import json
import sys

sys.path[0] = ""   # the device modules from the working folder, by relative paths, as on a board
from firmware.rules.board import Board  # noqa: E402

SEED = int(sys.argv[1]) if len(sys.argv) > 1 else 1
with open(sys.argv[2]) as f:
    board_def = json.load(f)
board = Board(board_def)
from firmware.board.table import table_def  # noqa: E402

board_def = table_def(board_def)   # as firmware/app.py: the parsed map goes first
gc.collect()
from firmware.hosts.bench import Bench  # noqa: E402
from firmware.bots import RandomBot  # noqa: E402
from firmware.link.device import DeviceLink  # noqa: E402
from firmware.rng import Rng  # noqa: E402
from firmware.rules.mls.bot import nudge  # noqa: E402
from firmware.rules.mls.engine import new_game  # noqa: E402
from firmware.board.storage import SaveFile  # noqa: E402

st = new_game(board, 6)
st.keep_history = False
st.undo_depth = 2
save = SaveFile("bench-game.sav")
bench = Bench(board_def, st, Rng(SEED), save)
sent = [0]


def sink(text):
    sent[0] += len(text)


link = DeviceLink(bench.table, sink, {"sim": 1}, 1, "power-on", bench, save)
bot_rng = Rng(SEED + 1)
bot = RandomBot(bot_rng, nudge)
peak = 0
n = 0
while not bench.st.is_terminal() and n < 5000:
    bench.bot_turn(bot, bot_rng)
    n += 1
    if n % 10 == 0:
        link.snapshot()
        a = gc.mem_alloc()
        if a > peak:
            peak = a
save.abort()
# A game that stalls is not a measurement: only a finished game reports OK.
print("%s %d %d %d" % ("OK" if bench.st.is_terminal() else "STALLED", n, peak, sent[0]))
