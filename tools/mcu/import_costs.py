"""What each frozen module costs the emulated board's heap (docs/mcu.md, "What a module costs
the heap"): build/mcu/firmware.elf booted in QEMU, the modules imported in the order given,
each after a collection, and the heap it adds after another (its function objects, its globals'
and classes' dictionaries, whatever it builds at import; the bytecode is in the image's flash).
A module imported before by another one of the list costs 0 there: its cost is in the first.

Usage: python tools/mcu/import_costs.py firmware.rules.scythe.engine firmware.rules.scythe.fenris ...
Prints one line a module (bytes) and their total; exit status 1 with what is missing when the
emulated board cannot run here, or with the board's output when an import fails.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
from tools.bench.mcu import ELF, mpremote, why_not  # noqa: E402
from tools.mcu.qemu import boot, stop  # noqa: E402


def board_script(modules):
    """The script run on the board: 'COST <module> <bytes>' a module, then 'TOTAL <bytes>'."""
    lines = ["import gc", "gc.collect()", "_start = gc.mem_alloc()"]
    for m in modules:
        if not all(part.isidentifier() for part in m.split(".")):
            raise ValueError("not a module name: %r" % m)
        lines += ["gc.collect()", "_a = gc.mem_alloc()", "import %s" % m, "gc.collect()",
                  "print('COST %s', gc.mem_alloc() - _a)" % m]
    lines += ["gc.collect()", "print('TOTAL', gc.mem_alloc() - _start)"]
    return "\n".join(lines) + "\n"


def costs(modules, timeout=600):
    """[(module, bytes)] and the total, measured in one boot of the emulated board."""
    script = board_script(modules)   # (a name refused before anything is made)
    fd, path = tempfile.mkstemp(suffix=".py", prefix="pomme-import-costs-")
    with os.fdopen(fd, "w") as f:
        f.write(script)
    qemu, pty = boot(ELF, "shift=0,sleep=off")
    try:
        r = subprocess.run([mpremote() or "mpremote", "connect", pty, "run", path],
                           capture_output=True, text=True, timeout=timeout)
    finally:
        stop(qemu)   # (terminated, waited for, killed if it lingers)
        os.unlink(path)
    out, total = [], None
    for line in r.stdout.splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "COST":
            out.append((words[1], int(words[2])))
        elif len(words) == 2 and words[0] == "TOTAL":
            total = int(words[1])
    if total is None or len(out) != len(modules):
        raise RuntimeError("the board did not import them all:\n" + (r.stdout + r.stderr)[-2000:])
    return out, total


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    why = why_not()
    if why:
        print("import_costs: the emulated board cannot run here: " + why)
        return 1
    try:
        rows, total = costs(argv)
    except (RuntimeError, ValueError) as e:
        print("import_costs: " + str(e))
        return 1
    except subprocess.TimeoutExpired:
        print("import_costs: the board did not answer within 600 s")
        return 1
    except KeyboardInterrupt:
        print("import_costs: interrupted (QEMU stopped)")
        return 130
    width = max(len(m) for m, _ in rows)
    for m, n in rows:
        print("%-*s %7d B" % (width, m, n))
    print("%-*s %7d B" % (width, "total", total))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
