"""Play a full bot game under the MicroPython unix port inside a small heap.

Usage: python tools/mp_heap_game.py --micropython .venv/bin/micropython --heap 64k --players 6
Device modules are compiled with mpy-cross first and loaded as .mpy (as on a board); only
the short driver below is compiled from source. Prints the game's length, the winners and
the peak heap use seen by gc.mem_alloc(); exits non-zero if the game does not finish.
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from compile_mpy import compile_all  # noqa: E402

DRIVER = """
import gc, json
from firmware.rules.board import Board
# The map first: its parsed JSON is freed before the engine's code is loaded.
with open(%(map)r) as f:
    board = Board(json.load(f))
gc.collect()
from firmware.rules.mls.engine import new_game
from firmware.rng import Rng
from firmware.bots import RandomBot, chance_step
from firmware.rules.mls.bot import nudge
gc.collect()
loaded = gc.mem_alloc()
rng = Rng(%(seed)d)
st = new_game(board, %(players)d)
st.undo_depth = 2
st.keep_history = False   # a board logs decisions to flash, not RAM
bots = [RandomBot(rng, nudge) for _ in range(%(players)d)]
peak = gc.mem_alloc()
n = 0
while not st.is_terminal():
    if st.current_player() < 0:
        chance_step(st, rng)
    else:
        st.apply(bots[st.current_player()].choose(st))
    n += 1
    if n %% 25 == 0:
        a = gc.mem_alloc()
        if a > peak:
            peak = a
        gc.collect()
gc.collect()
print("heap game: %%d decisions, %%d turns, winners %%s, code+board %%d bytes, "
      "peak %%d bytes, after %%d bytes" %% (n, st.turn(), st.winners(), loaded, peak, gc.mem_alloc()))
"""


def run(micropython, heap, players, seed, quiet=False, opt=0):
    out = tempfile.mkdtemp(prefix="pomme-mpy-")
    files = []
    for d, _, names in os.walk(os.path.join(ROOT, "firmware")):
        files += [os.path.relpath(os.path.join(d, n), ROOT) for n in names if n.endswith(".py")]
    if compile_all(out, files, opt) is None:
        return 1, ""
    script = os.path.join(out, "heap_game.py")
    with open(script, "w") as f:
        f.write(DRIVER % {"map": os.path.join(ROOT, "hardware", "maps", "mls.json"),
                          "seed": seed, "players": players})
    if os.sep in micropython:
        micropython = os.path.abspath(micropython)   # it runs from the build folder
    env = dict(os.environ, MICROPYPATH=out)
    r = subprocess.run([micropython, "-X", "heapsize=" + heap, script], env=env, cwd=out,
                       capture_output=True, text=True)
    text = r.stdout + r.stderr
    if not quiet:
        sys.stdout.write(text)
    return r.returncode, text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--micropython", default="micropython")
    ap.add_argument("--heap", default="64k")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    code, _ = run(args.micropython, args.heap, args.players, args.seed)
    if code:
        print("the game did not finish inside -X heapsize=%s" % args.heap)
    sys.exit(code)


if __name__ == "__main__":
    main()
