"""The heap gate on the emulated board (make test-heap, docs/mcu.md "The heap gate"): a whole
6-player My Little Scythe game (--scythe: a 5-player Scythe game with The Rise of Fenris's
largest module sets, make test-long) through the full stack (tools/bench/mcu_board.py's
full_stack_game and scythe_full_stack_game: engine,
controller, renderer, save on littlefs, link, mock hardware, a game by gestures), the firmware
frozen into build/mcu/firmware.elf, with only --free KB of the board's heap left free beside a
filler bytearray (the rest of the 140,032-byte heap is held). One QEMU boot per seed.

Usage: python tools/mcu/heap_gate.py [--pits] [--free 64] [--players 6] [--seeds 1,2,3]
       python tools/mcu/heap_gate.py --scythe modules,mad,des --free 64 --players 5 --seeds 1
(--scythe: mcu_board.py's MODULE_SET, MAD_MODULE_SET, DES_MODULE_SET; docs/performance.md
"Within 64 KB")
Exit status: 0 when every seed's game finished (and saved); 1 otherwise, and 1 with what is
missing and how to get it when the emulated board cannot run here (this is a gate: it does not
skip).
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
from tools.bench.mcu import run_job, why_not  # noqa: E402

# --scythe's words: mcu_board.py's jobs and their module sets
SCYTHE = {"modules": ("scythe_modules_full", "MODULE_SET"), "mad": ("scythe_mad_full", "MAD_MODULE_SET"),
          "des": ("scythe_des_full", "DES_MODULE_SET")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pits", action="store_true", help="Pie in the Sky on (the option {\"pits\": [1]})")
    ap.add_argument("--free", type=int, default=64, help="KB of heap left free beside the filler")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--scythe", default="", help="Scythe module sets instead: modules,mad,des")
    args = ap.parse_args()
    sets = [k for k in args.scythe.split(",") if k]
    for k in sets:
        if k not in SCYTHE:
            ap.error("--scythe takes %s, not %r" % (", ".join(SCYTHE), k))
    if args.scythe and args.pits:
        ap.error("--pits is a My Little Scythe option, not Scythe's")
    reason = why_not()
    if reason:
        # reason names what is missing and the command that gets it (why_not)
        print("heap gate on the emulated board: FAILED, not run: %s; as root .ci/run installs the "
              "toolchain; docs/mcu.md, 'What it needs'" % reason)
        return 1
    bad = 0
    games = [(SCYTHE[k][0], "%d-player Scythe game with %s" % (args.players, SCYTHE[k][1]))
             for k in sets] or [
        ("full", "%d-player %s game" % (args.players, "Pie in the Sky" if args.pits else "base"))]
    for (kind, name), seed in [(g, int(s)) for g in games for s in args.seeds.split(",")]:
        what = "%s, full stack, frozen, %d KB of free heap" % (name, args.free)
        t0 = time.time()
        job = ([kind, args.free * 1024, seed, args.players] if kind != "full"
               else ["full", args.free * 1024, seed, args.players, 5000, 1 if args.pits else 0])
        try:
            r = run_job(job)
        except Exception as e:  # no "MCU" line: the board crashed or the run timed out
            r = {"ok": False, "error": str(e)[-600:]}
        ok = bool(r.get("ok")) and bool(r.get("finished"))
        bad += not ok
        print("heap gate, %s, seed %d: %s, %s decisions, free %s B, peak %s B, live %s B (%.0f s)" % (
            what, seed, "finished" if ok else "FAILED", r.get("decisions"), r.get("free"), r.get("peak"),
            r.get("live"), time.time() - t0))
        if "error" in r:
            print(r["error"])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
