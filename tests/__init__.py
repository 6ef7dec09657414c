# skip(reason): the one way a test says it cannot run here, understood by both runners. Under
# pytest it is pytest.skip (reported as skipped, with the reason); under tests/mp_runner.py
# (the MicroPython unix port, which has no pytest) it raises Skip, which the runner counts as
# skipped, never as passed. A test that cannot check what it names must skip, not return.
import sys


class Skip(Exception):
    pass


def skip(reason):
    __tracebackhide__ = True   # pytest reports the skip at the test's line, not here
    pytest = sys.modules.get("pytest")
    if pytest is not None:
        pytest.skip(reason)
    raise Skip(reason)
