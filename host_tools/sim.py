"""Start the simulated board: the firmware (firmware/sim_main.py) under the MicroPython unix
port, its stdin/stdout on the master side of a pseudo-terminal. The slave side's path is
the simulated board's serial port: the host attaches to it exactly as to a real board."""

import os
import pty
import shutil
import subprocess
import sys
import tempfile
import termios
import tty

from .boards import ROOT


def micropython_path():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    found = here if os.path.exists(here) else shutil.which("micropython")
    if not found:
        raise FileNotFoundError("the MicroPython unix port is not installed: run `make setup`")
    return found


class SimBoard:
    def __init__(self, players=4, seed=1, workdir=None, heap="2m", script=None, game="mls", plugins=()):
        self.game = game
        self.plugins = tuple(plugins)  # ruleset modules outside firmware/ (registry.plug)
        self.workdir = workdir or tempfile.mkdtemp(prefix="pomme-sim-")
        self.players = players
        self.seed = seed
        self.heap = heap
        self.script = script or os.path.join(ROOT, "firmware", "sim_main.py")
        self.proc = None
        self.master = None
        self.port = None

    def start(self):
        master, slave = pty.openpty()
        tty.setraw(slave)  # a serial line: no echo, no line editing
        attrs = termios.tcgetattr(slave)
        attrs[3] &= ~termios.ECHO
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        self.port = os.ttyname(slave)
        self._slave = slave  # kept open so the line stays up between clients
        env = dict(os.environ, MICROPYPATH=ROOT)
        self.proc = subprocess.Popen(
            [
                micropython_path(),
                "-X",
                "heapsize=" + self.heap,
                self.script,
                str(self.players),
                str(self.seed),
                self.game,
                ",".join(self.plugins),
            ],
            stdin=master,
            stdout=master,
            stderr=subprocess.PIPE,
            cwd=self.workdir,
            env=env,
            close_fds=True,
        )
        self.master = master
        return self.port

    def kill(self):
        """Pull the plug (the save file stays in workdir)."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            if self.proc.stderr:
                self.proc.stderr.close()
            self.proc = None
        master = self.master
        if master is not None:
            os.close(master)
            self.master = None

    def stop(self):
        self.kill()
        slave = getattr(self, "_slave", None)
        if slave is not None:
            os.close(slave)
            self._slave = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()
