# Runs test modules under MicroPython (or CPython): every test_* function of each module
# named on the command line. Prints one line per failure and per skip (tests.skip: a test
# that cannot run on this interpreter, with its reason) and a closing "N passed, N failed,
# N skipped", and the modules that took 5 s or more ("TIME module seconds": where the suite's
# time goes).
import sys
import time

from tests import Skip


def main(modules):
    passed = 0
    failed = 0
    skipped = 0
    for name in modules:
        start = time.time()
        mod = __import__(name, None, None, ["x"])
        # The module's dict, not dir(): MicroPython's dir() finds only interned names, not
        # the test functions a module makes at import (tests/conformance: one per game).
        for attr in sorted(getattr(mod, "__dict__", None) or dir(mod)):
            if not attr.startswith("test_"):
                continue
            fn = getattr(mod, attr)
            try:
                fn()
                passed += 1
            except Skip as e:
                skipped += 1
                print("SKIP %s.%s: %s" % (name, attr, e))
            except Exception as e:  # report and go on: one failure must not hide the rest
                failed += 1
                print("FAIL %s.%s: %s %s" % (name, attr, type(e).__name__, e))
                show = getattr(sys, "print_exception", None)   # MicroPython's traceback printer
                if show is not None:
                    show(e)
        took = time.time() - start
        if took >= 5:
            print("TIME %s %d" % (name, took))
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:]) else 0)
