"""Flash-level power cuts on the emulated board (docs/mcu.md): tests/board/flash_cut_runner.py
run on build/mcu/firmware.elf in QEMU, with littlefs on a RAM flash of 16 blocks of 512 bytes.
The board's heap (140 KB) holds the operation log of about the first 47 decisions of a 2-player
game (--journal bytes of it); a cut is made at every operation of those saves.

Usage: python tools/mcu/flash_cut.py [--decisions N] [--journal BYTES] [--timeout 600]
Prints the board's output; exit status 0 when every cut point held ("failures 0").
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "tests", "board", "flash_cut_runner.py")

# The board has no files: the map comes inline, and the runner's find_map returns it.
PRELUDE = """import sys, json
ARGV = ["flash_cut_runner", "%d", "3", "2", "rename", "512", "16", "%d"]
import firmware.app
_MAP = json.loads(%r)
firmware.app.find_map = lambda name: _MAP
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--decisions", type=int, default=1000,
                    help="at most this many (the journal may end the game sooner)")
    ap.add_argument("--journal", type=int, default=40000,
                    help="bytes of the board's heap for the operation log")
    ap.add_argument("--timeout", type=float, default=600)
    args = ap.parse_args()
    with open(os.path.join(ROOT, "hardware", "maps", "mls.json")) as f:
        board_json = f.read()
    with open(RUNNER) as f:
        runner = f.read()
    fd, script = tempfile.mkstemp(prefix="pomme-flash-cut-", suffix=".py")
    with os.fdopen(fd, "w") as f:
        f.write(PRELUDE % (args.decisions, args.journal, board_json) + runner)
    try:
        smoke = os.path.join(ROOT, "tools", "mcu", "smoke.py")
        r = subprocess.run([sys.executable, smoke, "--script", script, "--timeout", str(args.timeout)],
                           capture_output=True, text=True)
    finally:
        os.remove(script)
    sys.stdout.write(r.stdout)
    sys.stderr.write(r.stderr)
    m = re.search(r"cut points (\d+) failures (\d+)", r.stdout)
    if m is None:
        print("flash_cut: the emulated board did not report its cut points")
        return 1
    return 0 if int(m.group(1)) > 0 and int(m.group(2)) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
