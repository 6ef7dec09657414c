# Hardware in the loop: one suite that speaks only the serial protocol, against
#   --target inproc   the firmware in this process (CPython, mock hardware)
#   --target unix     the firmware under the MicroPython unix port behind a pty (default)
#   --target qemu     the frozen firmware on the emulated board (make mcu) behind QEMU's pty
#   --target port     a real board on --port (skipped when no --port is given)
import pytest

from firmware.rules import registry
from host_tools.link import Client


def pytest_addoption(parser):
    parser.addoption("--target", default="unix", choices=("inproc", "unix", "qemu", "port"))
    parser.addoption("--port", default=None, help="serial port of a real board (--target port)")
    parser.addoption("--game", default="mls",
                     help="the game the simulated board plays: a ruleset, or RULESET+OPTION (mls+pits)")
    parser.addoption("--plugin", action="append", default=[], help="a ruleset module outside firmware/")


class Target:
    """Starts the board under test and opens clients on it."""

    def __init__(self, kind, port=None, game="mls", plugins=()):
        from host_tools.games import parse

        self.options = parse(game)[1]       # mls+pits: the `new` command's {"pits": [1]}
        self.game = game.partition("+")[0]  # the ruleset the board runs
        self.plugins = plugins
        self.kind = kind
        self.port = port
        self.sim = None
        self.inproc = None
        self.fuzz_lines = 1000 if kind == "qemu" else 10000   # the emulated UART is slow

    def start(self, players=3, seed=5):
        if self.kind == "unix":
            from host_tools.sim import SimBoard

            self.sim = SimBoard(players=players, seed=seed, game=self.game, plugins=self.plugins)
            self.port = self.sim.start()
        elif self.kind == "qemu":
            from host_tools.qemu_board import QemuBoard

            if self.plugins:
                pytest.fail("--target qemu runs the frozen firmware: it has no plug-in rulesets")
            self.sim = QemuBoard(players=players, seed=seed, game=self.game)
            self.port = self.sim.start()
        elif self.kind == "inproc":
            from host_tools.inproc import InProcBoard

            self.inproc = InProcBoard(players=players, seed=seed, game=self.game)
        if self.options:    # the suite plays a game with these options: a new one from the host
            c = self.client()
            c.connect()
            c.command("new", players=players, **self.options)
            c.close()
        return self

    def client(self, **kw):
        if self.inproc is not None:
            return Client(self.inproc.port(), **kw)
        return Client(self.port, **kw)

    def restart(self):
        """Pull the plug and power up again on the same save."""
        if self.sim is not None:
            self.sim.kill()
            self.port = self.sim.start()
        elif self.inproc is not None:
            self.inproc.restart()
        else:
            pytest.skip("a real board cannot be power-cycled from here")

    def stop(self):
        if self.sim is not None:
            self.sim.stop()


@pytest.fixture
def target(request):
    kind = request.config.getoption("--target")
    port = request.config.getoption("--port")
    if kind == "port" and not port:
        pytest.skip("no --port given for a real board")
    plugins = request.config.getoption("--plugin")
    for module in plugins:
        registry.plug(module)
    t = Target(kind, port, request.config.getoption("--game"), plugins).start()
    yield t
    t.stop()
