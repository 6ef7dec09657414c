"""Play a full bot game under the MicroPython unix port inside a small heap.

Usage: python tools/mp_heap_game.py --micropython .venv/bin/micropython --heap 64k --players 6
       python tools/mp_heap_game.py --micropython .venv/bin/micropython --scan 58-70 --seeds 1,2,3
Device modules are compiled with mpy-cross first and loaded as .mpy (as on a board); only
the short driver below is compiled from source. Prints the game's length, the winners, the
peak heap use seen by gc.mem_alloc() and MicroPython's qstr pool; exits non-zero if the
game does not finish. --scan plays every heap size of a range (in KB) for each seed and
prints which finish: the smallest heap is not a clean threshold (fragmentation), and the
qstr pool grows in steps (the 301st interned name allocates a pool of 320 more, ~3.7 KB on
the 64-bit port), so one name too many can cost a whole step.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from compile_mpy import compile_all  # noqa: E402

DRIVER = """
import gc, json, sys
sys.path[0] = ""   # as on a board: modules by their path from the working folder
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
import micropython
micropython.qstr_info()   # the names interned in RAM (pools grow in steps)
"""


def build(opt=0):
    """Compile the device modules into a new temporary folder; its path, or None."""
    out = tempfile.mkdtemp(prefix="pomme-mpy-")
    files = []
    for d, _, names in os.walk(os.path.join(ROOT, "firmware")):
        files += [os.path.relpath(os.path.join(d, n), ROOT) for n in names if n.endswith(".py")]
    if compile_all(out, files, opt) is None:
        shutil.rmtree(out, ignore_errors=True)
        return None
    return out


def play(out, micropython, heap, players, seed):
    """(exit code, output) of one game with the modules compiled in `out`."""
    script = os.path.join(out, "heap_game.py")
    # The map beside the script, by a name of fixed length: the game's heap must not depend
    # on where the repository is (a longer path once moved the heap's layout enough to fail).
    shutil.copy(os.path.join(ROOT, "hardware", "maps", "mls.json"), os.path.join(out, "map.json"))
    with open(script, "w") as f:
        f.write(DRIVER % {"map": "map.json", "seed": seed, "players": players})
    if os.sep in micropython:
        micropython = os.path.abspath(micropython)   # it runs from the build folder
    env = dict(os.environ, MICROPYPATH="")
    r = subprocess.run([micropython, "-X", "heapsize=" + heap, script], env=env, cwd=out,
                       capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def run(micropython, heap, players, seed, quiet=False, opt=0):
    out = build(opt)
    if out is None:
        return 1, ""
    try:
        code, text = play(out, micropython, heap, players, seed)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    if not quiet:
        sys.stdout.write(text)
    return code, text


def scan(micropython, lo, hi, players, seeds):
    """Print, for each heap size lo..hi KB, which seeds' games finish; 0 if one size of
    the range lets every seed finish."""
    out = build()
    if out is None:
        return 1
    try:
        every = []
        for kb in range(lo, hi + 1):
            ok = [play(out, micropython, "%dk" % kb, players, s)[0] == 0 for s in seeds]
            print("%dk: %s" % (kb, " ".join("ok" if x else "--" for x in ok)))
            if all(ok):
                every.append(kb)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    print("every seed (%s) finishes with: %s" % (",".join(map(str, seeds)),
                                                 ", ".join("%dk" % k for k in every) or "none"))
    return 0 if every else 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--micropython", default="micropython")
    ap.add_argument("--heap", default="64k")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scan", help="a range of heap sizes in KB, e.g. 58-70")
    ap.add_argument("--seeds", default="1,2,3", help="seeds for --scan")
    args = ap.parse_args()
    if args.scan:
        lo, hi = (int(x) for x in args.scan.split("-"))
        sys.exit(scan(args.micropython, lo, hi, args.players, [int(s) for s in args.seeds.split(",")]))
    code, _ = run(args.micropython, args.heap, args.players, args.seed)
    if code:
        print("the game did not finish inside -X heapsize=%s" % args.heap)
    sys.exit(code)


if __name__ == "__main__":
    main()
