"""`pomme flash`: compile the device code with mpy-cross, put it on the board the best way the
board offers, install the display driver, restart, and check the firmware version through the
handshake (docs/flashing.md).

- The board is asked first (one mpremote call): its MicroPython version, the .mpy version it
  loads (refused when mpy-cross writes another), and `mpremote romfs query`: whether its
  firmware has a ROMFS partition.
- ROMFS (MicroPython 1.25+, a board built with a partition): the firmware's .mpy files and
  the display driver go into one image (`mpremote romfs build`), written with `mpremote romfs
  deploy` unless the partition holds that image already, then read back (a hash computed on
  the board); the bytecode then runs in place, from flash. The data files, boot.py and main.py
  go to the board's filesystem; a firmware/ folder left there by an earlier .mpy flash is
  removed (it would shadow /rom on sys.path).
- Otherwise (a stock Pico, ESP32-S3): .mpy files copied to the filesystem; their bytecode is
  loaded into the heap at import.
- Either way micropython-lib's ssd1306 driver (docs/display.md): compiled from the
  micropython-lib tree the project builds with (MICROPY_DIR, the same source the frozen image's
  manifest requires) when there is one, else `mpremote mip install ssd1306`.

What was copied is remembered on the board in pomme-manifest.json (file -> sha256), so a
second flash copies only what changed."""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from firmware.rules import registry

from . import resources
from .text import t

MANIFEST = "pomme-manifest.json"
# The board definitions of every shipped ruleset (a board plays the one game.cfg names), and the pin maps.
DATA = ["hardware/maps/%s.json" % registry.load(n).map_name for n in registry.names()]
DATA += ["hardware/boards/pico.json", "hardware/boards/esp32s3.json"]
SOURCE = ["boot.py", "main.py"]  # the board runs these two as source


def _tool(name):
    here = os.path.join(os.path.dirname(sys.executable), name)
    return here if os.path.exists(here) else name


# Modules left out of a board's copy but wanted by the emulated board's tests and benchmark
# (docs/mcu.md): the simulated board, its mock hardware and the gesture bench.
HARNESS = ("firmware/hosts/sim_board.py", "firmware/hosts/bench.py", "firmware/hal/mock.py")


def _compile(src, rel, dest):
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    r = subprocess.run([_tool("mpy-cross"), "-o", dest, "-s", rel, src], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(t("flash.mpy_cross", rel, r.stderr))


def build(out, extra=(), log=False):
    """Compile every device module to out/ (and `extra`, paths such as HARNESS); return
    {device path: local file}. log: the log in words too (narrate*.py: the page's, never a
    board's)."""
    files = {}
    for rel in extra:
        mpy = rel[:-3] + ".mpy"
        _compile(resources.path(rel), mpy, os.path.join(out, mpy))
        files[mpy] = os.path.join(out, mpy)
    for d, subdirs, names in os.walk(resources.path("firmware")):
        # firmware/hosts/: the places the firmware runs other than a board (simulator, page, bench)
        subdirs[:] = [s for s in subdirs if s not in ("hosts", "__pycache__")]
        for n in sorted(names):
            # narrate*: the log in words, shown by the page and the laptop, never imported by a
            # board (docs/rulesets.md, "Narration"); ramflash: the emulated board's flash
            if (not n.endswith(".py") or "mock" in n or n.startswith("narrate") and not log
                    or n in ("blinka.py", "ramflash.py")):
                continue
            src = os.path.join(d, n)
            rel = os.path.relpath(src, resources.PACKAGES).replace(os.sep, "/")[:-3] + ".mpy"
            dest = os.path.join(out, rel)
            _compile(src, rel, dest)
            files[rel] = dest
    for rel in DATA + SOURCE:
        files[rel] = resources.path(rel)
    return files


def _sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


STEP_S = 30  # the longest one mpremote step (connect, copy one file, ...) may take


def check_port(port, probe_s=1.5):
    """Before anything is compiled or copied: the port opens (exists, is a serial port, no
    other program holds it), and no game answers on it (a game ignores mpremote's Ctrl-C).
    Raises LinkError saying what to do."""
    from firmware.link.protocol import PROTOCOL

    from .link import Client, LinkError, open_port

    ser = open_port(port)
    try:
        client = Client(ser, timeout=probe_s, retries=1)
        client.port = port
        try:
            client.request("hello", proto=list(PROTOCOL))
        except LinkError:
            return  # no game answers: a REPL (or a board mpremote can interrupt)
        try:
            fw = client.wait_event("hello", probe_s).get("fw", "?")
        except LinkError:
            fw = "?"
        raise LinkError(t("flash.running_game", port, fw))
    finally:
        ser.close()


def _label(args):
    """An mpremote command line for a message: code passed to exec shown as <code>."""
    return " ".join(a if "\n" not in a and len(a) < 60 else "<code>" for a in args)


class Mpremote:
    def __init__(self, port, resume=False, step_s=STEP_S):
        self.base = [_tool("mpremote"), "connect", port] + (["resume"] if resume else [])
        self.step_s = step_s

    def run(self, *args, check=True, timeout=None):
        timeout = timeout or self.step_s
        try:
            r = subprocess.run(self.base + list(args), capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise RuntimeError(
                t("flash.mpremote_slow", _label(args), timeout, t("flash.safe"))
            ) from None
        if check and r.returncode:
            raise RuntimeError(
                t("flash.mpremote_failed", _label(args), (r.stderr or r.stdout).strip()[-300:])
            )
        return r

    def read_manifest(self, tries=3):
        """What the board holds (file -> sha256); {} if it has no manifest. A failure that is
        not a missing file (mpremote could not get the REPL at once) is tried again."""
        for _ in range(tries):
            r = self.run("fs", "cat", ":" + MANIFEST, check=False)
            if r.returncode == 0:
                try:
                    return json.loads(r.stdout)
                except ValueError:
                    return {}
            if "ENOENT" in r.stderr + r.stdout or "No such file" in r.stderr + r.stdout:
                return {}
        return {}

    def mkdirs(self, paths):
        """The folders of `paths`, parents first, in one mpremote call (one that exists is fine)."""
        made = []
        for p in sorted(paths):
            parts = p.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                d = "/".join(parts[:i])
                if d not in made:
                    made.append(d)
        if made:
            self.run("exec", "import os\nfor d in %r:\n try:\n  os.mkdir(d)\n except OSError:\n  pass" % made)

    BATCH_BYTES = 8192   # files copied by one mpremote call (chained with +)
    BYTE_S = 1 / 256     # more time a batch has per byte, beyond step_s (a slow UART: 4 KB/s)

    def copy(self, pairs, out=None):
        """Copy (local, device path) pairs, a batch of about BATCH_BYTES per mpremote call."""
        batch, size = [], 0
        for i, (src, rel) in enumerate(pairs, 1):
            if out:
                out("[%d/%d] %s" % (i, len(pairs), rel))
            batch += (["+"] if batch else []) + ["fs", "cp", src, ":" + rel]
            size += os.path.getsize(src)
            if size >= self.BATCH_BYTES or i == len(pairs):
                self.run(*batch, timeout=self.step_s + int(size * self.BYTE_S))
                batch, size = [], 0


DRIVER = "lib/ssd1306.mpy"   # on sys.path of every port ('/lib'; '/rom/lib' in a ROMFS image)
DRIVER_SRC = "micropython/drivers/display/ssd1306/ssd1306.py"   # in micropython-lib
ROMFS_KEY = "romfs:image"   # the manifest's entry for the image deployed (its sha256)


def micropython_lib():
    """The micropython-lib tree to take ssd1306 from: $MICROPY_LIB_DIR, else
    $MICROPY_DIR/lib/micropython-lib, else the checkout's ../shared/vendor/micropython (the
    Makefile's MICROPY_DIR); None when there is none (then mpremote mip)."""
    tries = [os.environ.get("MICROPY_LIB_DIR")]
    if os.environ.get("MICROPY_DIR"):
        tries.append(os.path.join(os.environ["MICROPY_DIR"], "lib", "micropython-lib"))
    root = resources.checkout()
    if root is not None:
        tries.append(os.path.join(root, "..", "shared", "vendor", "micropython", "lib", "micropython-lib"))
    for d in tries:
        if d and os.path.exists(os.path.join(d, DRIVER_SRC)):
            return os.path.normpath(d)
    return None


def build_driver(out):
    """ssd1306 compiled to out/lib/ssd1306.mpy from micropython-lib; None without the tree."""
    lib = micropython_lib()
    if lib is None:
        return None
    dest = os.path.join(out, DRIVER)
    _compile(os.path.join(lib, DRIVER_SRC), "ssd1306.py", dest)
    return dest


def mpy_cross_version():
    """The .mpy major version mpy-cross writes (6 for MicroPython 1.23 and later)."""
    r = subprocess.run([_tool("mpy-cross"), "--version"], capture_output=True, text=True)
    m = re.search(r"mpy v(\d+)", r.stdout + r.stderr)
    return int(m.group(1)) if m else None


INFO = ("import sys\nprint('POMME_MP', '.'.join(str(v) for v in sys.implementation.version[:3]), "
        "getattr(sys.implementation, '_mpy', -1) & 0xff)")


def board_info(m):
    """{"version", "mpy", "romfs"}: the board's MicroPython version, the .mpy version it loads
    (-1 unknown) and its ROMFS partition's size in bytes (None without one), from one mpremote
    call (exec, then `romfs query`)."""
    r = m.run("exec", INFO, "+", "romfs", "query")
    info = {"version": "?", "mpy": -1, "romfs": None}
    for line in r.stdout.splitlines():
        if line.startswith("POMME_MP "):
            _, info["version"], mpy = line.split()
            info["mpy"] = int(mpy)
        p = re.match(r"ROMFS0 partition has size (\d+) bytes", line)
        if p:
            info["romfs"] = int(p.group(1))
    return info


def build_romfs(files, driver, image):
    """The ROMFS image of the firmware's .mpy files (and the driver at lib/) with `mpremote
    romfs build` (already compiled: --no-mpy); returns its bytes."""
    stage = image + ".d"
    for rel, src in files.items():
        if rel.endswith(".mpy"):
            dest = os.path.join(stage, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copyfile(src, dest)
    if driver:
        os.makedirs(os.path.join(stage, "lib"), exist_ok=True)
        shutil.copyfile(driver, os.path.join(stage, DRIVER))
    r = subprocess.run([_tool("mpremote"), "romfs", "--no-mpy", "-o", image, "build", stage],
                       capture_output=True, text=True, timeout=120)
    shutil.rmtree(stage, ignore_errors=True)
    if r.returncode or not os.path.exists(image):
        raise RuntimeError(t("flash.mpremote_failed", "romfs build", (r.stderr or r.stdout).strip()[-300:]))
    with open(image, "rb") as f:
        return f.read()


ROM_SHA = ("import vfs\ntry:\n import hashlib\n h=hashlib.sha256(memoryview(vfs.rom_ioctl(2,0))[:%d])"
           "\n print('POMME_ROM', h.digest().hex())\n"
           "except (ImportError, AttributeError):\n print('POMME_ROM ?')")


def romfs_sha(m, n):
    """sha256 of the first n bytes of the board's ROMFS partition, computed on the board
    (hashlib reads the partition in place: no copy in the heap); "?" without hashlib."""
    r = m.run("exec", ROM_SHA % n)
    for line in r.stdout.splitlines():
        if line.startswith("POMME_ROM "):
            return line.split()[1]
    return "?"


def deploy_romfs(m, image_path, size):
    """Write the image with `mpremote romfs deploy` (mpremote's own step time scales with the
    image: about 4 KB a chunk) and read it back: RuntimeError when the partition does not hold
    it afterwards (mpremote does not check the board's answers to its writes)."""
    with open(image_path, "rb") as f:
        want = hashlib.sha256(f.read()).hexdigest()
    m.run("romfs", "deploy", image_path, timeout=m.step_s + size // 1024)
    got = romfs_sha(m, size)
    if got not in (want, "?"):
        raise RuntimeError(t("flash.romfs_not_taken", size))
    return want


def flash(port, out=print, resume=False, extra=()):
    """Put what changed on the board (ROMFS when it has a partition, else .mpy files) and the
    display driver; returns (copied, unchanged) counts of the files (the ROMFS image counts as
    one). extra: more modules for the image or the files (HARNESS)."""
    m = Mpremote(port, resume)
    with tempfile.TemporaryDirectory() as tmp:
        out(t("flash.compiling"))
        files = build(tmp, extra) if extra else build(tmp)
        info = board_info(m)
        mpy = mpy_cross_version()
        if info["mpy"] >= 0 and mpy is not None and info["mpy"] != mpy:
            raise RuntimeError(t("flash.mpy_mismatch", info["version"], info["mpy"], mpy))
        driver = build_driver(tmp)
        have = m.read_manifest()
        stale = []
        if info["romfs"]:
            image = os.path.join(tmp, "firmware.romfs")
            data = build_romfs(files, driver, image)
            if len(data) > info["romfs"]:
                raise RuntimeError(t("flash.romfs_too_big", len(data), info["romfs"]))
            sha = hashlib.sha256(data).hexdigest()
            if romfs_sha(m, len(data)) == sha:
                out(t("flash.romfs_same", len(data)))
            else:
                out(t("flash.romfs_deploy", len(data), info["romfs"]))
                deploy_romfs(m, image, len(data))
            # on the filesystem: the data files and the two sources only
            files = {rel: p for rel, p in files.items() if not rel.endswith(".mpy")}
            stale = sorted(rel for rel in have if rel.endswith(".mpy"))
            wanted = {rel: _sha(path) for rel, path in files.items()}
            wanted[ROMFS_KEY] = sha
        else:
            out(t("flash.path_mpy", info["version"]))
            if driver:
                files[DRIVER] = driver
            wanted = {rel: _sha(path) for rel, path in files.items()}
        if stale:   # files, then their folders, deepest first: an empty firmware/ shadows /rom's too
            dirs = sorted({"/".join(p.split("/")[:i]) for p in stale for i in range(1, p.count("/") + 1)},
                          key=lambda d: -d.count("/"))
            m.run("exec", "import os\nfor p in %r:\n try:\n  os.remove(p)\n except OSError:\n  pass\n"
                  "for p in %r:\n try:\n  os.rmdir(p)\n except OSError:\n  pass" % (stale, dirs))
        changed = [rel for rel in sorted(files) if have.get(rel) != wanted[rel]]
        m.mkdirs(changed)
        m.copy([(files[rel], rel) for rel in changed], out)
        if driver is None:
            out(t("flash.driver_mip"))
            m.run("mip", "install", "ssd1306", timeout=120)
        manifest = os.path.join(tmp, MANIFEST)
        with open(manifest, "w") as f:
            json.dump(wanted, f, sort_keys=True)
        m.run("fs", "cp", manifest, ":" + MANIFEST)
    out(t("flash.copied", len(changed), len(files) - len(changed)))
    return len(changed), len(files) - len(changed)


def device_version(port, resume=False):
    """The firmware version the board's copied code reports (read through mpremote)."""
    r = Mpremote(port, resume).run("exec", "from firmware.link import device; print('FW', device.VERSION)")
    for line in r.stdout.splitlines():
        if line.startswith("FW "):
            return line[3:].strip()
    raise RuntimeError(t("flash.no_version", r.stdout[-200:]))
