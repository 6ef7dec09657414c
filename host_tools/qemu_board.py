"""The simulated board on the emulated microcontroller: build/mcu/firmware.elf (`make mcu`) in
QEMU (mps2-an385, Cortex-M3), its UART on a pseudo-terminal reached exactly as a board on USB.
The frozen firmware runs firmware/hosts/sim_board.py (mock hardware, saves on littlefs on a RAM flash
in the board's PSRAM, which a reset keeps). `pomme sim --target qemu` and the HIL suite's
`--target qemu` use QemuBoard; the smoke run and the benchmark use boot/reset/stop."""
from firmware.rules.registry import default as _default_game
import os
import re
import shutil
import subprocess
import tempfile
import time

from . import resources
from .boards import map_file

DEFAULT_GAME = _default_game()   # the game played when none is named (firmware/rules/registry.py)


def boot(elf, icount: "str | None" = "shift=0", monitor=None, loaders=()):
    """Start QEMU on `elf`; (the process, its serial port's pty path). icount None: as fast
    as it can (time is the host's), else exactly one instruction per 2**shift ns. monitor: a
    unix socket path for QEMU's monitor (system_reset: reset()). RuntimeError when QEMU
    reports no pty within 10 s (it is stopped then). loaders: (file, address) pairs QEMU
    copies into the board's memory at start, as a flash programmer would (a ROMFS image into
    the ROMFS partition, a littlefs image into the RAM flash: docs/mcu.md)."""
    cmd = ["qemu-system-arm", "-machine", "mps2-an385", "-nographic", "-semihosting", "-serial", "pty",
           "-kernel", elf, "-monitor", "unix:%s,server=on,wait=off" % monitor if monitor else "null"]
    if icount:
        cmd += ["-icount", icount]
    for path, addr in loaders:
        cmd += ["-device", "loader,file=%s,addr=0x%x,force-raw=on" % (path, addr)]
    qemu = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    pty = None
    deadline = time.monotonic() + 10
    while pty is None and time.monotonic() < deadline:
        line = qemu.stdout.readline() if qemu.stdout else ""
        if not line:
            break
        m = re.search(r"(/dev/pts/\d+)", line)
        pty = m.group(1) if m else None
    if pty is None:
        stop(qemu)
        raise RuntimeError("QEMU did not report its serial pseudo-terminal")
    return qemu, pty


def reset(monitor):
    """Press the emulated board's reset (QEMU's system_reset): RAM outside the image, such as
    the PSRAM that holds firmware/hosts/sim_board.py's flash, keeps its contents."""
    import socket

    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(monitor)
        s.sendall(b"system_reset\n")
        time.sleep(0.2)


def stop(qemu):
    qemu.terminate()
    try:
        qemu.wait(timeout=5)
    except subprocess.TimeoutExpired:
        qemu.kill()


ELF = resources.work_dir("mcu", "firmware.elf")   # build/mcu/ in a checkout (`make mcu`)
APT = "apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm"

# What the host types at the board's raw REPL to start the simulated board (firmware/hosts/sim_board.py).
START = ("import json\nfrom firmware.hosts.sim_board import run\n"
         "run(%d, %d, %r, json.loads(%r), %r, bots=%d, flash=%r)\n")


def why_not(elf):
    """None when the emulated board can run here, else what is missing and how to get it."""
    if not shutil.which("qemu-system-arm"):
        return "qemu-system-arm is missing: install it with `%s` (as root)" % APT
    if not os.path.exists(elf):
        root = resources.checkout()
        if root is None:   # an installed package: the emulated board is built in a checkout
            return "%s is missing: the emulated board is built in a checkout, with `make mcu`" % elf
        return "%s is missing: build it with `make mcu`" % os.path.relpath(elf, root)
    return None


class QemuBoard:
    """The simulated board on the emulated microcontroller, with SimBoard's interface:
    start() -> the serial port; kill() pulls the plug (QEMU's reset: the game saved on the
    board's RAM flash stays, as on a board's flash); stop() ends QEMU."""

    def __init__(self, players=4, seed=1, game=DEFAULT_GAME, lang="en", elf=None, bots=0, loaders=(),
                 prelude=""):
        """elf, loaders: another image and what QEMU copies into its memory (boot()); prelude:
        lines typed before the start lines, which then mount no flash of their own (the
        stock images' `import pomme_boot; pomme_boot.boot()`, docs/mcu.md)."""
        from firmware.rules import registry

        self.players = players
        self.seed = seed
        self.game = game
        self.lang = lang
        self.elf = elf or ELF
        self.bots = bots   # bot seats of a new game (a mask: bit p for seat p)
        self.loaders = loaders
        self.prelude = prelude
        self.map_name = registry.load(game).map_name
        self.qemu = None
        self.port = None
        self.tmp = None
        self.monitor = None

    def power_on(self):
        """Start QEMU (once) without typing anything: the board's REPL is on self.port."""
        missing = why_not(self.elf)
        if missing:
            raise FileNotFoundError(missing)
        if self.qemu is None:
            self.tmp = tempfile.mkdtemp(prefix="pomme-qemu-")
            self.monitor = os.path.join(self.tmp, "monitor")
            self.qemu, self.port = boot(self.elf, icount=None, monitor=self.monitor, loaders=self.loaders)
        return self.port

    def start(self):
        self.power_on()
        try:
            self._run_firmware()
        except BaseException:
            self.stop()
            raise
        return self.port

    def _run_firmware(self):
        """Type the start lines at the raw REPL (mpremote's serial transport, without its
        goodbye Ctrl-B, which would reach the running firmware as data)."""
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport

        with open(map_file(self.map_name)) as f:
            board_json = f.read()
        code = self.prelude + START % (self.players, self.seed, self.game, board_json, self.lang, self.bots,
                                       not self.prelude)
        deadline = time.monotonic() + 20
        while True:
            try:
                t = SerialTransport(self.port, baudrate=115200, exclusive=False)
                break
            except TransportError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the emulated board's port %s does not open" % self.port) from None
                time.sleep(0.2)
        try:
            t.enter_raw_repl(soft_reset=False)
            t.exec_raw_no_follow(code)
        except TransportError as e:
            raise RuntimeError("the emulated board did not take the start lines: %s" % e) from None
        finally:
            t.serial.close()

    def failure(self):
        if self.qemu is not None and self.qemu.poll() is not None:
            return "the emulated board (QEMU) stopped (exit code %d)" % self.qemu.returncode
        return None

    def gone(self):
        return self.failure()

    def kill(self):
        """Pull the plug: reset the board (its RAM flash, and the game saved on it, stay)."""
        if self.qemu is not None and self.qemu.poll() is None:
            reset(self.monitor)

    def stop(self):
        if self.qemu is not None:
            stop(self.qemu)
            if self.qemu.stdout is not None:
                self.qemu.stdout.close()
            self.qemu = None
        if self.tmp:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()
