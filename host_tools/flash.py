"""`pomme flash`: compile the device code with mpy-cross, copy the files that changed with
mpremote, restart, and check the firmware version through the handshake.

What was copied is remembered on the board in pomme-manifest.json (file -> sha256), so a
second flash copies only what changed."""

import hashlib
import json
import os
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


def build(out):
    """Compile every device module to out/; return {device path: local file}."""
    files = {}
    for d, subdirs, names in os.walk(resources.path("firmware")):
        # firmware/hosts/: the places the firmware runs other than a board (simulator, page, bench)
        subdirs[:] = [s for s in subdirs if s not in ("hosts", "__pycache__")]
        for n in sorted(names):
            if (not n.endswith(".py") or "mock" in n
                    or n in ("blinka.py", "ramflash.py")):   # ramflash: the emulated board's flash
                continue
            src = os.path.join(d, n)
            rel = os.path.relpath(src, resources.PACKAGES).replace(os.sep, "/")[:-3] + ".mpy"
            dest = os.path.join(out, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            r = subprocess.run(
                [_tool("mpy-cross"), "-o", dest, "-s", rel, src], capture_output=True, text=True
            )
            if r.returncode:
                raise RuntimeError(t("flash.mpy_cross", rel, r.stderr))
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


class Mpremote:
    def __init__(self, port, resume=False, step_s=STEP_S):
        self.base = [_tool("mpremote"), "connect", port] + (["resume"] if resume else [])
        self.step_s = step_s

    def run(self, *args, check=True):
        try:
            r = subprocess.run(self.base + list(args), capture_output=True, text=True, timeout=self.step_s)
        except subprocess.TimeoutExpired:
            raise RuntimeError(
                t("flash.mpremote_slow", " ".join(args), self.step_s, t("flash.safe"))
            ) from None
        if check and r.returncode:
            raise RuntimeError(
                t("flash.mpremote_failed", " ".join(args), (r.stderr or r.stdout).strip()[-300:])
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
        made = set()
        for p in sorted(paths):
            parts = p.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                d = "/".join(parts[:i])
                if d not in made:
                    self.run("fs", "mkdir", ":" + d, check=False)
                    made.add(d)


def flash(port, out=print, resume=False):
    """Copy what changed; returns (copied, unchanged) counts."""
    m = Mpremote(port, resume)
    with tempfile.TemporaryDirectory() as tmp:
        out(t("flash.compiling"))
        files = build(tmp)
        wanted = {rel: _sha(path) for rel, path in files.items()}
        have = m.read_manifest()
        changed = [rel for rel in sorted(files) if have.get(rel) != wanted[rel]]
        m.mkdirs(changed)
        for i, rel in enumerate(changed, 1):
            out("[%d/%d] %s" % (i, len(changed), rel))
            m.run("fs", "cp", files[rel], ":" + rel)
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
