# The package as a user gets it: `python -m build` makes the sdist and builds the wheel from
# it (so the sdist holds everything the wheel needs); the wheel goes into a fresh virtual
# environment (its dependencies from the package index, or pip's cache); and, from a folder
# outside the checkout, its `pomme` plays every game (sim, play, playout, tournament), serves
# the virtual board's page (web) and flashes the MicroPython unix port on a pty (flash): the
# very files a flash from the checkout copies. About a minute, most of it the flash.
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from firmware.rules import registry
from host_tools import flash
from tests.host.repl import Repl

ROOT = Path(__file__).resolve().parents[2]
NPM = "@micropython/micropython-webassembly-pyscript"


def _run(cmd, timeout=180, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)
    assert r.returncode == 0, "%s failed (%d):\n%s\n%s" % (cmd, r.returncode, r.stdout[-2000:],
                                                           r.stderr[-2000:])
    return r


def _clean_copy(tree):
    """A copy of the checkout without what builds and runs leave in it (an old egg-info's
    SOURCES.txt would put its files in the sdist whatever MANIFEST.in says)."""
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "node_modules", "*.egg-info", "__pycache__", ".*_cache"))
    return tree


@pytest.fixture(scope="module")
def pkg(tmp_path_factory):
    """The built sdist and wheel, a fresh virtual environment with the wheel installed, a
    folder outside the checkout to run in, and the environment pomme runs with there."""
    top = tmp_path_factory.mktemp("pkg")
    tree = _clean_copy(top / "checkout")
    dist = top / "dist"
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(tree)])
    sdist, = dist.glob("*.tar.gz")
    wheel, = dist.glob("*.whl")
    venv = top / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    _run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--quiet",
          "--disable-pip-version-check", str(wheel)], timeout=300)
    away = top / "elsewhere"
    away.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "POMME_LANG")}
    env.update(PATH=os.pathsep.join([str(venv / "bin"), "/usr/bin", "/bin"]),
               XDG_CACHE_HOME=str(top / "cache"), PYTHONUNBUFFERED="1")
    return {"sdist": sdist, "wheel": wheel, "venv": venv, "away": away, "env": env, "cache": top / "cache"}


def _pomme(pkg, *args, **kw):
    kw.setdefault("cwd", pkg["away"])
    kw.setdefault("env", pkg["env"])
    return subprocess.run([str(pkg["venv"] / "bin" / "pomme")] + list(args), capture_output=True, text=True,
                          timeout=kw.pop("timeout", 180), **kw)


def _checkout_files(top, suffix=".py"):
    return {p.relative_to(ROOT).as_posix() for p in (ROOT / top).rglob("*" + suffix)
            if "__pycache__" not in p.parts}


def _shipped():
    """The checkout's files that are no module, which setup.py ships (its SHIPPED)."""
    out = {"boot.py", "main.py", "package.json"}
    out |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "hardware").rglob("*.json")}
    out |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "web").rglob("*") if p.is_file()}
    return out


def test_the_wheel_and_the_sdist_hold_every_module_map_page_and_board_file(pkg):
    modules = _checkout_files("firmware") | _checkout_files("host_tools")
    assert "host_tools/text/en.py" in modules and "firmware/rules/scythe/ruleset.py" in modules
    wheel = set(zipfile.ZipFile(pkg["wheel"]).namelist())
    assert modules <= wheel, sorted(modules - wheel)
    shipped = {"host_tools/_shipped/" + f for f in _shipped()}
    assert "host_tools/_shipped/hardware/maps/scythe.json" in shipped
    assert shipped <= wheel, sorted(shipped - wheel)
    with tarfile.open(pkg["sdist"]) as tar:
        sdist = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    need = modules | _shipped() | {"pyproject.toml", "setup.py", "README.md"}
    assert need <= sdist, sorted(need - sdist)


def test_a_module_gone_since_the_last_build_is_not_in_the_wheel(tmp_path):
    tree = _clean_copy(tmp_path / "checkout")
    old = tree / "build" / "lib" / "firmware"
    old.mkdir(parents=True)
    (old / "moved_away.py").write_text("# a module moved since the last `pip install .`\n")
    _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path / "dist"),
          str(tree)])
    wheel, = (tmp_path / "dist").glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "firmware/rules/registry.py" in names and "firmware/moved_away.py" not in names


def test_the_description_names_every_game(pkg):
    with zipfile.ZipFile(pkg["wheel"]) as z:
        meta = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    summary = next(line for line in meta.splitlines() if line.startswith("Summary:"))
    shipped = [e[0] for e in registry._SHIPPED]   # not a ruleset another test plugged in
    for title in [registry.load(n).title for n in shipped] + ["Pie in the Sky", "Automountie"]:
        assert title in summary, summary


def test_pomme_runs_from_the_installed_package_not_the_checkout(pkg):
    code = "import host_tools, firmware.rules.registry as r; print(host_tools.__file__, r.__file__)"
    r = subprocess.run([str(pkg["venv"] / "bin" / "python"), "-c", code],
                       capture_output=True, text=True, cwd=pkg["away"], env=pkg["env"])
    assert r.returncode == 0, r.stderr
    for f in r.stdout.split():
        assert f.startswith(str(pkg["venv"])), r.stdout


@pytest.mark.parametrize("game", [["mls", "--bots", "2"], ["mls+pits", "--bots", "3"],
                                  ["mls+pits", "--solo", "--bots", "1"], ["scythe", "--bots", "2"]])
def test_pomme_sim_plays_every_game_to_its_end(pkg, game):
    r = _pomme(pkg, "sim", "--seed", "1", "--game", *game)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "Game over" in r.stdout and re.search(r"The winners? (is|are): seat \d", r.stdout), r.stdout[-800:]
    if game[0] == "scythe":
        assert "final scores" in r.stdout
    assert "decisions over the serial protocol" in r.stdout


@pytest.mark.parametrize("game", ["mls", "mls+pits", "mls+pits+solo", "scythe"])
def test_pomme_play_takes_a_move_and_quits(pkg, game):
    r = _pomme(pkg, "play", "--game", game, "--seat", "2=bot", input="1\nq\ny\n")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "seat 1 [1-" in r.stdout and "the simulated board stops" in r.stdout


def test_pomme_playout_and_tournament_play_every_game(pkg):
    for game in ("mls", "mls+pits", "scythe"):
        r = _pomme(pkg, "playout", "--game", game, "--games", "2", "--players", "2")
        assert r.returncode == 0 and "2 games of %s" % registry.load(game.split("+")[0]).title in r.stdout, \
            r.stdout + r.stderr
    r = _pomme(pkg, "playout", "--game", "mls+pits", "--solo", "--games", "2")
    assert r.returncode == 0 and "2 games of My Little Scythe" in r.stdout, r.stdout + r.stderr
    r = _pomme(pkg, "tournament", "--game", "mls+pits", "--games", "2")
    assert r.returncode == 0 and "rule wins" in r.stdout, r.stdout + r.stderr


def _npm_package(where):
    """A stand-in for `npm install` of MicroPython's WebAssembly package in `where`."""
    d = where.joinpath("node_modules", *NPM.split("/"))
    d.mkdir(parents=True)
    (d / "micropython.mjs").write_text("export const stand_in = 1;\n")
    (d / "micropython.wasm").write_bytes(b"\0asm\1\0\0\0")


def _get(url):
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.headers["Content-Type"], r.read()


def test_pomme_web_serves_the_page_its_firmware_and_the_npm_package(pkg):
    _npm_package(pkg["away"])
    # SIGINT at its default in the child, as a shell at a terminal gives it: a test run started
    # in the background of a non-interactive shell (`cmd &`) ignores SIGINT, the child would
    # inherit that, and Ctrl-C would never reach `pomme web` (two CI runs here hung so)
    proc = subprocess.Popen([str(pkg["venv"] / "bin" / "pomme"), "web", "--port", "0"], cwd=pkg["away"],
                            env=pkg["env"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        url = None
        deadline = time.monotonic() + 120
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline() if proc.stdout else ""
            if not line:
                break
            m = re.search(r"open (http://\S+/) in a browser", line)
            url = m.group(1) if m else None
        assert url, "pomme web did not serve: %s" % (proc.stderr.read() if proc.stderr else "")
        kind, page = _get(url)
        assert kind.startswith("text/html") and b"/web/board.js" in page
        assert b"export" in _get(url + "web/board.js")[1]
        kind, wasm = _get(url + "mp/micropython.wasm")
        assert kind == "application/wasm" and wasm.startswith(b"\0asm")
        manifest = json.loads(_get(url + "fw/manifest.json")[1])
        files = manifest["files"]
        assert "firmware/hosts/web_board.mpy" in files and "hardware/maps/mls.json" in files
        kind, mpy = _get(url + "fw/firmware/rules/registry.mpy")
        assert mpy[:1] == b"M"                       # a compiled module (.mpy header)
        assert json.loads(_get(url + "fw/hardware/maps/mls.json")[1])["spaces"]
        # built in the user's cache, not in the (perhaps read-only) installed package
        assert (pkg["cache"] / "pomme-board" / "web" / "fw" / "manifest.json").is_file()
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0 and "stopped" in out and "Traceback" not in err, err


def test_pomme_web_without_the_npm_package_says_how_to_get_it_in_one_line(pkg, tmp_path):
    r = _pomme(pkg, "web", "--port", "0", cwd=tmp_path)
    version = json.loads((ROOT / "package.json").read_text())["dependencies"][NPM]
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "npm install %s@%s" % (NPM, version) in r.stderr and str(tmp_path) in r.stderr


def test_pomme_flash_copies_what_a_flash_from_the_checkout_copies(pkg, tmp_path):
    work = str(tmp_path)
    repl = Repl(work)
    try:
        time.sleep(0.3)
        lib = ROOT.parent / "shared" / "vendor" / "micropython" / "lib" / "micropython-lib"
        env = dict(pkg["env"], MICROPY_LIB_DIR=str(lib))   # (installed: no checkout beside it)
        r = _pomme(pkg, "flash", "--port", repl.port, "--resume", timeout=300, env=env)
    finally:
        repl.close()
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stdout[-800:] + r.stderr
    assert "board runs firmware" in r.stdout
    with open(os.path.join(work, flash.MANIFEST)) as f:
        on_board = json.load(f)
    assert on_board.pop("lib/ssd1306.mpy", None)   # the display driver, added by the flash step
    with tempfile.TemporaryDirectory() as tmp:
        from_checkout = {rel: flash._sha(p) for rel, p in flash.build(tmp).items()}
    assert on_board == from_checkout    # the same files, byte for byte
