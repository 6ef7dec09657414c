# The REPL the flash tests start (tests/host/repl.py) must not outlive a killed test run: a
# `micropython -i` whose terminal hangs up spins at full CPU and slowed the next runs on the
# machine until a timing-sensitive test failed.
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PARENT = """
import sys, time
sys.path.insert(0, %r)
from tests.host.repl import Repl
r = Repl(%r)
print(r.proc.pid, flush=True)
time.sleep(60)
"""


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open("/proc/%d/stat" % pid) as f:   # a zombie is dead, only not yet reaped
        return f.read().split(") ")[1][0] != "Z"


def test_a_killed_parent_takes_its_repl_with_it(tmp_path):
    parent = subprocess.Popen([sys.executable, "-c", PARENT % (ROOT, str(tmp_path))], stdout=subprocess.PIPE,
                              text=True)
    assert parent.stdout is not None
    pid = int(parent.stdout.readline())
    assert _alive(pid)
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 10
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid)
