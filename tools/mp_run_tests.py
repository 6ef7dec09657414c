"""Run test modules under the MicroPython unix port.

Usage: python tools/mp_run_tests.py --micropython .venv/bin/micropython [--skip FILE,...] PATH...
Each PATH is a folder (its test_*.py modules) or one test module's file; they run in one
micropython process with the repository root on MICROPYPATH, less the files --skip names
(make test leaves the slowest board and page modules to make test-long: the Makefile's
MP_LONG_MODULES). The environment variable PLAYOUTS sets how many random games the
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
    ap.add_argument("--skip", default="", help="test module files to leave out, comma-separated")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    skip = set(f for f in args.skip.split(",") if f)
    files = []
    for d in args.paths:
        if d.endswith(".py"):
            files.append(d)
            continue
        for f in sorted(os.listdir(os.path.join(ROOT, d))):
            if f.startswith("test_") and f.endswith(".py"):
                files.append(d.rstrip("/") + "/" + f)
    missing = [f for f in list(skip) + files if not os.path.isfile(os.path.join(ROOT, f))]
    if missing:
        sys.exit("mp_run_tests: no such test module: %s" % ", ".join(missing))
    modules = [f[:-3].replace("/", ".") for f in files if f not in skip]
    env = dict(os.environ, MICROPYPATH=ROOT + ":.frozen")
    runner = os.path.join(ROOT, "tests", "mp_runner.py")
    cmd = [args.micropython, "-X", "heapsize=" + args.heap, runner] + modules
    print("micropython: %d modules" % len(modules), flush=True)
    r = subprocess.run(cmd, cwd=ROOT, env=env)
    sys.exit(r.returncode)


if __name__ == "__main__":
    main()
