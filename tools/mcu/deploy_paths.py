"""The three ways a board gets the firmware, measured on the emulated board (make bench, the
`deploy` section; docs/mcu.md "Three deployment paths", docs/flashing.md):

- "mpy": stock MicroPython (build/mcu-stock: no ROMFS partition, make mcu-stock), the .mpy
  files `pomme flash` copies on littlefs; their bytecode is loaded into the heap at import;
- "romfs": MicroPython built with a ROMFS partition (build/mcu-romfs, make mcu-romfs), the
  image `pomme flash` builds (mpremote romfs build) in it; the bytecode runs in place;
- "frozen": the firmware frozen into the image (build/mcu, make mcu).

For each game (My Little Scythe 6 players, Pie in the Sky 6 players, Scythe 5 players) and
path: a whole game through the full stack (tools/mcu/deploy_board.py) first with the whole
heap (its peak and live set), then the smallest free heap in which it finishes (bisected in
1 KB steps, one boot each, QEMU as fast as it goes: heap figures do not depend on time), then
the time to boot into the game under -icount shift=0,sleep=off (instructions / 1000).
The stock images have a 384 KB heap so that the .mpy path fits; the frozen one 140 KB.
Every path plays the same game (seed 1: the board's rolls and the bots' choices come from
it alone): same_game says, per game, whether the paths agree in decisions and in the last
position's hash (digest). Figures of two runs compare only at the same commit: a rule or a
roll changed in between can make seed 1 another game.

    python tools/mcu/deploy_paths.py [--smoke] [--games mls,pits,scythe] [--paths mpy,romfs,frozen]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
from host_tools import flash  # noqa: E402
from host_tools.qemu_board import boot, stop  # noqa: E402

ELFS = {"mpy": os.path.join(ROOT, "build", "mcu-stock", "firmware.elf"),
        "romfs": os.path.join(ROOT, "build", "mcu-romfs", "firmware.elf"),
        "frozen": os.path.join(ROOT, "build", "mcu", "firmware.elf")}
PATHS = ("mpy", "romfs", "frozen")
ROMFS_ADDR = 0x21000000   # MPS2_AN385's MICROPY_HW_ROMFS_PART0_START
from tools.mcu.pomme_boot import LFS_ADDR, LFS_BLOCKS  # noqa: E402  (littlefs after the partition)
# (row, ruleset, players, options, map)
GAMES = {"mls": ("mls", 6, {}, "mls"), "pits": ("mls", 6, {"pits": [1]}, "mls"),
         "scythe": ("scythe", 5, {}, "scythe")}
BOARD = os.path.join(ROOT, "tools", "mcu", "deploy_board.py")

LFS_SCRIPT = """
import sys, json, vfs, os
sys.path.insert(0, %(root)r)
from firmware.hal.ramflash import RamFlash
dev = RamFlash(4096, %(blocks)d)
vfs.VfsLfs2.mkfs(dev, readsize=128)
vfs.mount(vfs.VfsLfs2(dev, readsize=128), "/lfs")
for src, rel in json.loads(%(files)r):
    parts = rel.split("/")
    for i in range(1, len(parts)):
        try:
            os.mkdir("/lfs/" + "/".join(parts[:i]))
        except OSError:
            pass
    with open(src, "rb") as f:
        data = f.read()
    with open("/lfs/" + rel, "wb") as f:
        f.write(data)
vfs.umount("/lfs")
with open(%(out)r, "wb") as f:
    f.write(dev.mem)
print("LFS OK")
"""


def mpremote():
    here = os.path.join(os.path.dirname(sys.executable), "mpremote")
    return here if os.path.exists(here) else (shutil.which("mpremote") or "mpremote")


def images(tmp):
    """The two images `pomme flash` would put on the stock boards, with the test harness's
    modules (flash.HARNESS: the mock hardware and the gesture bench, as a board's HAL
    drivers): {"mpy": a littlefs image of the .mpy files and the driver (written by the unix
    port's littlefs, the same C code), "romfs": the ROMFS image}, and the .mpy bytes."""
    files = flash.build(os.path.join(tmp, "build"), flash.HARNESS)
    driver = flash.build_driver(os.path.join(tmp, "driver"))
    romfs = os.path.join(tmp, "firmware.romfs")
    flash.build_romfs(files, driver, romfs)
    pairs = [(p, rel) for rel, p in files.items() if rel.endswith(".mpy")]
    if driver:
        pairs.append((driver, flash.DRIVER))
    lfs = os.path.join(tmp, "littlefs.img")
    from host_tools.sim import micropython_path

    script = os.path.join(tmp, "lfs.py")
    with open(script, "w") as f:
        f.write(LFS_SCRIPT % {"root": ROOT, "blocks": LFS_BLOCKS, "files": json.dumps(pairs), "out": lfs})
    r = subprocess.run([micropython_path(), "-X", "heapsize=8m", script],   # the flash's bytes, in RAM
                       capture_output=True, text=True, timeout=120)
    if "LFS OK" not in r.stdout:
        raise RuntimeError("the littlefs image was not built: %s" % (r.stdout + r.stderr)[-500:])
    mpy_bytes = sum(os.path.getsize(p) for p, _ in pairs)
    return {"mpy": [(lfs, LFS_ADDR)], "romfs": [(romfs, ROMFS_ADDR)], "frozen": []}, {
        "mpy_files": len(pairs), "mpy_bytes": mpy_bytes, "romfs_bytes": os.path.getsize(romfs)}


def run_job(path, loaders, job, icount=None, timeout=1800):
    """Boot the path's image (loaders: what QEMU copies into its memory), run one game job."""
    tmp = tempfile.mkdtemp(prefix="pomme-deploy-")
    script = os.path.join(tmp, "job.py")
    game = GAMES[job[0]]
    with open(os.path.join(ROOT, "hardware", "maps", game[3] + ".json")) as f:
        text = f.read()
    with open(BOARD) as f:
        board = f.read()
    with open(script, "w") as f:
        f.write("MCU_JOB = %r\nJ = %r\n" % ([path, job[1], job[2], game[1], game[0], game[2], job[3]], text))
        f.write(board)
    qemu, pty = boot(ELFS[path], icount, loaders=loaders)
    try:
        r = subprocess.run([mpremote(), "connect", pty, "run", script], capture_output=True, text=True,
                           timeout=timeout)
        for line in r.stdout.splitlines():
            if line.startswith("MCU "):
                return json.loads(line[4:])
        raise RuntimeError("deploy job %r on %s failed:\n%s" % (job, path, (r.stdout + r.stderr)[-1500:]))
    finally:
        stop(qemu)
        shutil.rmtree(tmp, ignore_errors=True)


def smallest(path, loaders, row, top, seed=1, limit=5000):
    """The smallest free heap (1 KB steps) in which the game finishes: between the live set of
    the whole-heap game and its peak + 16 KB (else the whole heap). (bytes, result, boots)."""
    lo = top["live"] // 1024 * 1024
    hi = (top["peak"] // 1024 + 16) * 1024
    best = run_job(path, loaders, [row, hi, seed, limit])
    boots = 1
    if not best["ok"]:
        hi, best = top["free"] // 1024 * 1024, top
    while hi - lo > 1024:
        mid = (lo + hi) // 2 // 1024 * 1024
        r = run_job(path, loaders, [row, mid, seed, limit])
        boots += 1
        if r["ok"]:
            hi, best = mid, r
        else:
            lo = mid
    return hi, best, boots


def why_not(paths):
    if not shutil.which("qemu-system-arm"):
        return "qemu-system-arm is missing (apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi " \
               "qemu-system-arm)"
    missing = [os.path.relpath(ELFS[p], ROOT) for p in paths if not os.path.exists(ELFS[p])]
    if missing:
        return "%s missing (make mcu mcu-stock mcu-romfs)" % ", ".join(missing)
    return None


def same_game(figs):
    """Whether the paths measured for one game ({path: figures}) played the same game: the
    same number of decisions and the same last position (in the smallest heap too)."""
    games = {(f["decisions"], f.get("digest")) for f in figs.values()}
    games |= {(f["decisions"], f["digest_at_smallest"]) for f in figs.values() if "digest_at_smallest" in f}
    return len(games) <= 1


def measure(smoke=False, games=("mls", "pits", "scythe"), paths=PATHS, factor=None, out=None):
    """The deploy section: {row: {path: figures}}; factor: emulated us -> RP2040 us (the mcu
    section's rp2040_factor) for the boot times."""
    reason = why_not(paths)
    if reason:
        return {"skipped": reason}
    t0 = time.time()
    tmp = tempfile.mkdtemp(prefix="pomme-deploy-img-")
    try:
        loaders, sizes = images(tmp)
        res = {"images": sizes, "smoke": smoke}
        for row in games:
            res[row] = {}
            for path in paths:
                if smoke:   # that the three paths boot into a game and play a few decisions
                    r = run_job(path, loaders[path], [row, 1 << 22, 1, 12])
                    res[row][path] = {"ok": r["ok"], "decisions": r["decisions"], "digest": r["digest"],
                                      "origin": r["origin"]}
                    continue
                top = run_job(path, loaders[path], [row, 1 << 22, 1, 5000])
                kb, best, boots = smallest(path, loaders[path], row, top) if top["ok"] else (None, top, 0)
                timed = run_job(path, loaders[path], [row, 1 << 22, 1, 0], icount="shift=0,sleep=off")
                fig = {"decisions": top["decisions"], "digest": top["digest"], "finished": top["finished"],
                       "peak_bytes": top["peak"], "live_bytes": top["live"],
                       "smallest_kb": kb // 1024 if kb else None,
                       "smallest_free_bytes": best["free"] if kb else None,
                       "peak_at_smallest": best["peak"], "live_at_smallest": best["live"],
                       "digest_at_smallest": best["digest"], "boots": boots + 2,
                       "boot_kinstr": timed["boot_us"], "heap_total": top["heap_total"],
                       "origin": top["origin"]}
                if factor:
                    fig["boot_rp2040_ms"] = round(timed["boot_us"] * factor / 1000, 1)
                res[row][path] = fig
                if out:
                    out("deploy %s %s: %s" % (row, path, json.dumps(fig)))
            res.setdefault("same_game", {})[row] = same_game(res[row])
        res["seconds"] = round(time.time() - t0)
        return res
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--games", default="mls,pits,scythe")
    ap.add_argument("--paths", default=",".join(PATHS))
    ap.add_argument("--factor", type=float, help="emulated us -> RP2040 us (make bench's mcu.rp2040_factor)")
    args = ap.parse_args()
    res = measure(args.smoke, args.games.split(","), args.paths.split(","), args.factor,
                  out=lambda s: print(s, file=sys.stderr, flush=True))
    print(json.dumps(res, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
