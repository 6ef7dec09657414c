"""Start the simulated board: the firmware (firmware/hosts/sim_main.py) under the MicroPython unix
port, its stdin/stdout on the master side of a pseudo-terminal. The slave side's path is
the simulated board's serial port: the host attaches to it exactly as to a real board."""

from firmware.rules.registry import default as _default_game
import os
import pty
import shutil
import subprocess
import sys
import tempfile
import termios
import tty

from . import resources
from .text import t

DEFAULT_GAME = _default_game()   # the game played when none is named (firmware/rules/registry.py)


def micropython_path():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    found = here if os.path.exists(here) else shutil.which("micropython")
    if not found:
        raise FileNotFoundError(t("sim.no_micropython"))
    return found


class SimBoard:
    """The simulated board. Its save file lives in `workdir`: a folder of the caller's is kept
    (and a game saved there resumes on the next start); a temporary one (workdir None) is
    removed by stop(). What the firmware prints on stderr (an error, a traceback) is kept in
    a temporary file: failure() reads it."""

    def __init__(self, players=4, seed=1, workdir=None, heap="2m", script=None, game=DEFAULT_GAME, plugins=(),
                 bots=0, lang=""):
        self.game = game
        self.lang = lang  # the display's language ("en", "es"); "" for its lang.cfg (else English)
        self.plugins = tuple(plugins)  # ruleset modules outside firmware/ (registry.plug)
        self.bots = bots  # the bot seats of a new game: bit p for seat p (a resumed game keeps its own)
        self.own_workdir = workdir is None
        self.workdir = workdir or tempfile.mkdtemp(prefix="pomme-sim-")
        self.players = players
        self.seed = seed
        self.heap = heap
        self.script = script or resources.path("firmware/hosts/sim_main.py")
        self.proc = None
        self.master = None
        self.port = None
        self.errors = None  # the firmware's stderr (a temporary file)

    def start(self):
        try:
            return self._start()
        except BaseException:
            self.stop()
            raise

    def _start(self):
        exe = micropython_path()
        os.makedirs(self.workdir, exist_ok=True)
        master, slave = pty.openpty()
        tty.setraw(slave)  # a serial line: no echo, no line editing
        attrs = termios.tcgetattr(slave)
        attrs[3] &= ~termios.ECHO
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        self.port = os.ttyname(slave)
        self._slave = slave  # kept open so the line stays up between clients
        env = dict(os.environ, MICROPYPATH=resources.module_path())
        if self.errors is not None:
            self.errors.close()
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115 (kept open for the process; stop() closes it)
        self.master = master
        self.proc = subprocess.Popen(
            [
                exe,
                "-X",
                "heapsize=" + self.heap,
                self.script,
                str(self.players),
                str(self.seed),
                self.game,
                ",".join(self.plugins),
                self.lang or "",
                str(self.bots),
            ],
            stdin=master,
            stdout=master,
            stderr=self.errors,
            cwd=self.workdir,
            env=env,
            close_fds=True,
        )
        return self.port

    def failure(self):
        """None while the firmware runs and has printed nothing on stderr; else one line
        saying what happened (its exit code, the last line it printed)."""
        printed = ""
        if self.errors is not None:
            self.errors.seek(0)
            lines = [x.strip() for x in self.errors.read().decode("utf-8", "replace").splitlines()]
            lines = [x for x in lines if x]
            printed = lines[-1] if lines else ""
        code = self.proc.poll() if self.proc is not None else None
        if code is None and not printed:
            return None
        what = t("sim.stopped", code) if code is not None else t("sim.printed")
        return what + (": " + printed if printed else "")

    def gone(self):
        """failure() once the firmware's process has ended, else None (Client's watch)."""
        if self.proc is not None and self.proc.poll() is None:
            return None
        return self.failure()

    def kill(self):
        """Pull the plug (the save file stays in workdir)."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None
        master = self.master
        if master is not None:
            os.close(master)
            self.master = None

    def stop(self):
        """Stop the firmware; remove the working folder if it is a temporary one."""
        self.kill()
        slave = getattr(self, "_slave", None)
        if slave is not None:
            os.close(slave)
            self._slave = None
        if self.errors is not None:
            self.errors.close()
            self.errors = None
        if self.own_workdir and self.workdir:
            shutil.rmtree(self.workdir, ignore_errors=True)

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()
