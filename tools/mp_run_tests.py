"""Run the rules test suite under the MicroPython unix port.

Usage: python tools/mp_run_tests.py --micropython .venv/bin/micropython tests/rules
Every tests/rules/test_*.py module runs in one micropython process with the repository
root on MICROPYPATH; the environment variable PLAYOUTS sets how many random games the
playout test plays there (the CPython run plays 1,000).
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--micropython", default="micropython")
    ap.add_argument("--heap", default="8m")
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()
    modules = []
    for d in args.dirs:
        for f in sorted(os.listdir(os.path.join(ROOT, d))):
            if f.startswith("test_") and f.endswith(".py"):
                modules.append(d.replace("/", ".").strip(".") + "." + f[:-3])
    env = dict(os.environ, MICROPYPATH=ROOT + ":.frozen")
    runner = os.path.join(ROOT, "tests", "mp_runner.py")
    cmd = [args.micropython, "-X", "heapsize=" + args.heap, runner] + modules
    print("micropython: %d modules" % len(modules), flush=True)
    r = subprocess.run(cmd, cwd=ROOT, env=env)
    sys.exit(r.returncode)


if __name__ == "__main__":
    main()
