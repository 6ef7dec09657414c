"""Smoke run of the emulated board (docs/mcu.md): boot build/mcu/firmware.elf in QEMU (mps2-an385,
Cortex-M3, -icount shift=0), run a script on it over the emulated UART (a pseudo-terminal, through
mpremote's raw REPL, as a board on USB), print what it prints, stop QEMU.

The default script imports the frozen rules engine and prints the heap before and after, then
imports every other frozen firmware module and prints each failure.

Usage: python tools/mcu/smoke.py [--elf build/mcu/firmware.elf] [--script file.py] [--timeout 120]
Exit status: 0 when the script ran and printed "SMOKE OK", 1 otherwise.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
from tools.mcu.qemu import boot, stop  # noqa: E402

SCRIPT = r'''
import gc, sys
gc.collect()
free0 = gc.mem_free()
import firmware.rules.mls.engine
gc.collect()
free1 = gc.mem_free()
print("board:", sys.implementation._machine, "heap:", gc.mem_free() + gc.mem_alloc())
print("engine import: mem_free %d -> %d (%d bytes of heap)" % (free0, free1, free0 - free1))
bad = []
for m in MODULES:
    try:
        __import__(m)
    except Exception as e:
        bad.append(m)
        print("import %s: %s: %s" % (m, type(e).__name__, e))
gc.collect()
print("all imported but %d: mem_free %d, mem_alloc %d" % (len(bad), gc.mem_free(), gc.mem_alloc()))
print("SMOKE OK")
'''


def frozen_modules():
    """Module names of the firmware files the manifest freezes (same rule as firmware/manifest.py)."""
    out = []
    base = os.path.join(ROOT, "firmware")
    for d, subdirs, names in os.walk(base):
        subdirs[:] = sorted(s for s in subdirs if s != "__pycache__")
        for n in sorted(names):
            rel = os.path.relpath(os.path.join(d, n), base)
            if n.endswith(".py") and rel not in (os.path.join("hosts", "sim_main.py"), "manifest.py"):
                mod = "firmware/" + rel[:-3]
                if mod.endswith("/__init__"):
                    mod = mod[: -len("/__init__")]
                out.append(mod.replace("/", ".").replace(os.sep, "."))
    return ["asyncio"] + out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--elf", default=os.path.join(ROOT, "build", "mcu", "firmware.elf"))
    ap.add_argument("--script", help="a script to run instead of the default import check")
    ap.add_argument("--timeout", type=float, default=120)
    args = ap.parse_args()

    for tool in ("qemu-system-arm",):
        if not shutil.which(tool):
            print("%s is missing: apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi "
                  "qemu-system-arm" % tool)
            return 2
    if not os.path.exists(args.elf):
        print("%s is missing: run make mcu first" % args.elf)
        return 2
    mpremote = os.path.join(os.path.dirname(sys.executable), "mpremote")
    if not os.path.exists(mpremote):
        mpremote = shutil.which("mpremote") or ""
    if not mpremote:
        print("mpremote is missing: make setup (it is in .venv)")
        return 2

    tmp = tempfile.mkdtemp(prefix="pomme-mcu-")
    script = args.script
    if script is None:
        script = os.path.join(tmp, "smoke.py")
        with open(script, "w") as f:
            f.write("MODULES = %r\n" % frozen_modules() + SCRIPT)

    try:
        qemu, pty = boot(args.elf)
    except RuntimeError as e:
        print(e)
        shutil.rmtree(tmp, ignore_errors=True)
        return 1
    try:
        t0 = time.monotonic()
        r = subprocess.run([mpremote, "connect", pty, "run", script], capture_output=True, text=True,
                           timeout=args.timeout)
        sys.stdout.write(r.stdout)
        sys.stderr.write(r.stderr)
        print("(mpremote exit %d, %.1f s wall)" % (r.returncode, time.monotonic() - t0))
        if args.script:
            return r.returncode
        return 0 if r.returncode == 0 and "SMOKE OK" in r.stdout else 1
    except subprocess.TimeoutExpired:
        print("the board did not finish within %.0f s" % args.timeout)
        return 1
    finally:
        stop(qemu)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
