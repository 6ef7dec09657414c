"""Compile device modules with mpy-cross, exactly as the board would load them.

Usage: python tools/compile_mpy.py --out build/mpy firmware/... boot.py main.py
Writes OUT/<same path>.mpy for each module (boot.py and main.py are only checked: the
board runs them as source) and prints the total size. Exits non-zero on the first error.
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE_ONLY = ("boot.py", "main.py")


def mpy_cross():
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return here if os.path.exists(here) else "mpy-cross"


def compile_all(out, files, opt=0):
    total = 0
    count = 0
    for f in files:
        rel = os.path.relpath(os.path.join(ROOT, f), ROOT)
        dest = os.path.join(out, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        flags = ["-O%d" % opt] if opt else []
        # Named as the file the board holds (as `pomme flash` names it): its traceback
        # lines name that file, and the name and the loader's path are one interned string.
        name = rel[:-3] + ".mpy"
        r = subprocess.run([mpy_cross()] + flags + ["-o", dest, "-s", name, os.path.join(ROOT, rel)],
                           capture_output=True, text=True)
        if r.returncode:
            sys.stderr.write("mpy-cross failed on %s:\n%s%s" % (rel, r.stdout, r.stderr))
            return None
        if os.path.basename(rel) in SOURCE_ONLY:
            os.remove(dest)
            continue
        total += os.path.getsize(dest)
        count += 1
    return count, total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "mpy"))
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    res = compile_all(args.out, args.files)
    if res is None:
        sys.exit(1)
    print("mpy-cross: %d modules, %d bytes of .mpy in %s" % (res[0], res[1], os.path.relpath(args.out, ROOT)))


if __name__ == "__main__":
    main()
