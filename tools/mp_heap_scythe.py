"""Play a full random Scythe game under the MicroPython unix port inside a small heap.

Usage: python tools/mp_heap_scythe.py --micropython .venv/bin/micropython --heap 96k --players 5
Device modules are compiled with mpy-cross (tools/mp_heap_game.py's build) and loaded as
.mpy, as on a board. Prints the game's length, the winners, the heap after loading and its
peak (gc.mem_alloc()); exits non-zero if the game does not finish.
"""
import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from mp_heap_game import build  # noqa: E402

DRIVER = """
import gc, json, sys
sys.path[0] = ""
from firmware.rules.scythe.board import ScytheBoard
with open("map.json") as f:
    board = ScytheBoard(json.load(f))
gc.collect()
from firmware.rules.scythe.engine import new_game
from firmware.rng import Rng
gc.collect()
%(campaign)s
loaded = gc.mem_alloc()
rng = Rng(%(seed)d)
st = new_game(board, %(players)d)
st.undo_depth = 2
st.keep_history = False
peak = gc.mem_alloc()
n = 0
while not st.is_terminal():
    if st.current_player() < 0:
        st.apply(rng.weighted(st.chance_outcomes()))
    else:
        opts = st.legal_actions()
        st.apply(opts[rng.below(len(opts))])
    n += 1
    if n %% 25 == 0:
        a = gc.mem_alloc()
        if a > peak:
            peak = a
        gc.collect()
gc.collect()
print("scythe heap game: %%d decisions, winners %%s, code+board %%d bytes, peak %%d bytes, "
      "after %%d bytes" %% (n, st.winners(), loaded, peak, gc.mem_alloc()))
"""

# The campaign alive beside the game (docs/campaign.md): its modules, a campaign of the game's
# players at Episode 1's game.
CAMPAIGN = """from firmware.rules.scythe.campaign import new_campaign
campaign = new_campaign(board, list(range(%d)))
while not campaign.is_terminal():
    campaign.apply(0)
gc.collect()"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--micropython", default="micropython")
    ap.add_argument("--heap", default="96k")
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--campaign", action="store_true",
                    help="The Rise of Fenris campaign loaded and kept while its Episode 1 game is played")
    args = ap.parse_args()
    out = build()
    if out is None:
        sys.exit(1)
    try:
        shutil.copy(os.path.join(ROOT, "hardware", "maps", "scythe.json"), os.path.join(out, "map.json"))
        with open(os.path.join(out, "heap_game.py"), "w") as f:
            f.write(DRIVER % {"seed": args.seed, "players": args.players,
                              "campaign": CAMPAIGN % args.players if args.campaign else ""})
        mp = os.path.abspath(args.micropython) if os.sep in args.micropython else args.micropython
        r = subprocess.run([mp, "-X", "heapsize=" + args.heap, "heap_game.py"], cwd=out,
                           env=dict(os.environ, MICROPYPATH=""), capture_output=True, text=True)
        sys.stdout.write(r.stdout + r.stderr)
        if r.returncode:
            print("the game did not finish inside -X heapsize=%s" % args.heap)
        sys.exit(r.returncode)
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
