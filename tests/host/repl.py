# A MicroPython REPL (the unix port, `micropython -i`) on a pseudo-terminal: what a stock
# board shows on USB, for the tests of `pomme flash` and of a port that is not running the
# game. The REPL dies with the test run: a REPL whose terminal hangs up reads an endless
# end of file and spins at full CPU, so a killed pytest must not leave one behind.
import ctypes
import os
import pty
import signal
import subprocess
import tty

from host_tools.sim import micropython_path

_PR_SET_PDEATHSIG = 1


def _die_with_parent():
    """In the child, before exec: SIGKILL when the process that started it ends (Linux)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):   # not Linux: the test's own cleanup still kills it
        pass


class Repl:
    """`micropython -i` in `cwd` on a pty; port is the device path a host opens."""

    def __init__(self, cwd):
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self.proc = subprocess.Popen([micropython_path(), "-i"], stdin=self.master, stdout=self.master,
                                     stderr=self.master, cwd=cwd, preexec_fn=_die_with_parent)

    def close(self):
        self.proc.kill()
        self.proc.wait()
        os.close(self.master)
        os.close(self.slave)
