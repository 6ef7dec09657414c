"""`pomme web`: the virtual board in a browser (docs/web.md).

Serves, on 127.0.0.1 unless --host says otherwise, the page (web/), MicroPython's
WebAssembly module from the npm package that `npm ci` installed (node_modules/ of the checkout;
beside an installed package, node_modules/ of the folder pomme web starts in, where `npm install`
puts it; never fetched from elsewhere), and the board's firmware: the files `pomme flash` copies
(host_tools/flash.build: every device module compiled by mpy-cross, the maps, boot.py and
main.py), plus the mock hardware the virtual board plays on
(firmware/hosts/bench.py, firmware/hal/mock.py) and the page's entry (firmware/hosts/web_board.py, which
`pomme flash` does not copy), compiled the same way. The page runs web_board.py on them."""

import hashlib
import http.server
import json
import os
import shutil
import subprocess
import threading

from . import resources
from .text import t

MP_PACKAGE = "@micropython/micropython-webassembly-pyscript"
MP_DIR = None   # the npm package's folder when it is given (a test); else mp_dir() looks for it
WEB_DIR = resources.path("web")
BUILD = resources.work_dir("web", "fw")
# What `pomme flash` leaves out and the virtual board needs: the mock hardware.
# Beside what `pomme flash` copies: the mock hardware and the page's entry (never on a board).
SIM_MODULES = ["firmware/hosts/bench.py", "firmware/hal/mock.py", "firmware/hosts/web_board.py",
               "firmware/hosts/web_campaign.py", "firmware/hosts/web_finish.py",
               "firmware/hosts/web_games.py"]
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
         ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm",
         ".mpy": "application/octet-stream", ".py": "text/plain; charset=utf-8", ".png": "image/png",
         ".svg": "image/svg+xml"}


class SetupError(Exception):
    """Something `pomme web` needs is missing; the message says how to get it."""


def _mp_dirs():
    """Where `npm ci` (in the checkout) or `npm install` (beside an installed package, in the
    folder pomme web starts in) puts MicroPython's WebAssembly package."""
    roots = [r for r in (resources.checkout(), os.getcwd()) if r]
    return [os.path.join(r, "node_modules", *MP_PACKAGE.split("/")) for r in dict.fromkeys(roots)]


def mp_dir():
    """The npm package's folder, or None when it is nowhere it is looked for."""
    if MP_DIR:
        return MP_DIR if os.path.exists(os.path.join(MP_DIR, "micropython.mjs")) else None
    for d in _mp_dirs():
        if os.path.exists(os.path.join(d, "micropython.mjs")):
            return d
    return None


def _mp_version():
    """The version of the npm package package.json asks for ("1.27.0"), or "" without one."""
    try:
        with open(resources.path("package.json")) as f:
            return json.load(f)["dependencies"][MP_PACKAGE]
    except (OSError, ValueError, KeyError):
        return ""


def check_setup():
    if mp_dir() is None:
        root = resources.checkout()
        if root is not None:
            raise SetupError(t("web.no_wasm", root))
        version = _mp_version()
        raise SetupError(t("web.no_wasm_installed", MP_PACKAGE + ("@" + version if version else ""),
                           os.getcwd()))


def _sources():
    from .flash import DATA

    out = []
    for d, _, names in os.walk(resources.path("firmware")):
        out.extend(os.path.join(d, n) for n in names if n.endswith(".py"))
    extra = ["boot.py", "main.py", "host_tools/flash.py", "host_tools/web.py"]   # web.py: SIM_MODULES
    out.extend(resources.path(p) for p in extra + DATA)
    return sorted(out)


def _fingerprint():
    h = hashlib.sha256()
    for p in _sources():
        st = os.stat(p)
        h.update(("%s %d %d\n" % (p, st.st_mtime_ns, st.st_size)).encode())
    return h.hexdigest()


def build(out=BUILD, say=print):
    """Compile the firmware for the page into `out` (again only when a source changed);
    returns the manifest: the files' paths on the board, in the order the page loads them."""
    from . import flash

    stamp = os.path.join(out, "manifest.json")
    fp = _fingerprint()
    try:
        with open(stamp) as f:
            m = json.load(f)
        if m.get("fingerprint") == fp:
            return m
    except (OSError, ValueError):
        pass
    say("compiling the firmware for the page with mpy-cross ...")
    tmp = out + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    files = flash.build(tmp, log=True)   # what `pomme flash` copies, and the log in words
    for rel_src in SIM_MODULES:
        rel = rel_src[:-3] + ".mpy"
        dest = os.path.join(tmp, rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)   # (firmware/hosts/: nothing of it is flashed)
        r = subprocess.run([flash._tool("mpy-cross"), "-o", dest, "-s", rel, resources.path(rel_src)],
                           capture_output=True, text=True)
        if r.returncode:
            raise SetupError("mpy-cross cannot compile %s:\n%s" % (rel_src, r.stderr))
        files[rel] = dest
    for rel, path in files.items():
        dest = os.path.join(tmp, rel)
        if os.path.abspath(path) != os.path.abspath(dest):
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copyfile(path, dest)
    sim = {s[:-3] + ".mpy" for s in SIM_MODULES}   # and the log in words: the page's, not a board's
    sim |= {f for f in files if os.path.basename(f).startswith("narrate")}
    m = {"fingerprint": fp, "files": sorted(files), "flash": sorted(set(files) - sim)}
    with open(os.path.join(tmp, "manifest.json"), "w") as f:
        json.dump(m, f, indent=0)
    shutil.rmtree(out, ignore_errors=True)
    os.replace(tmp, out)
    return m


def _route(path):
    """The file a URL path names, or None."""
    path = path.split("?", 1)[0].split("#", 1)[0]
    if path in ("/", "/index.html"):
        return os.path.join(WEB_DIR, "index.html")
    for prefix, base in (("/web/", WEB_DIR), ("/mp/", mp_dir() or _mp_dirs()[0]), ("/fw/", BUILD)):
        if path.startswith(prefix):
            full = os.path.realpath(os.path.join(base, path[len(prefix):]))   # links resolved too
            if full.startswith(os.path.realpath(base) + os.sep) and os.path.isfile(full):
                return full
            return None
    return None


class Handler(http.server.BaseHTTPRequestHandler):
    quiet = True

    def do_GET(self):
        full = _route(self.path)
        if full is None:
            self.send_error(404, "no such file")
            return
        with open(full, "rb") as f:
            data = f.read()
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(os.path.splitext(full)[1], "application/octet-stream"))
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        if not self.quiet:
            http.server.BaseHTTPRequestHandler.log_message(self, format, *args)


def serve(host="127.0.0.1", port=8000, say=print):
    """Build, then start the server in a thread; returns it (server.server_address, .shutdown())."""
    check_setup()
    build(say=say)
    server = http.server.ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def cmd(args, out=print):
    """`pomme web`: serve the page until Ctrl-C."""
    import time

    from .link import LinkError

    if not 0 <= args.port <= 65535:   # before anything is built (bind() would raise OverflowError)
        raise LinkError(t("cli.range", "--port", 0, 65535))
    try:
        server = serve(args.host, args.port, out)
    except SetupError as e:
        raise LinkError(str(e)) from None
    except OSError as e:
        raise LinkError(t("web.cannot_serve", args.host, args.port, e.strerror or e)) from None
    host, port = server.server_address[:2]
    url = "http://%s:%d/" % (host, port)
    out(t("web.open", url))
    out(t("web.options"))
    if args.open:
        import webbrowser

        webbrowser.open(url)
    try:
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        out(t("web.stopped"))
    finally:
        server.shutdown()
    return 0


def add_parser(command):
    """`pomme web`'s arguments; command(name, help) makes a subcommand's parser (cli.py)."""
    p = command("web", t("help.web"))
    p.add_argument("--port", type=int, default=8000, help=t("help.web_port"))
    p.add_argument("--host", default="127.0.0.1", help=t("help.web_host"))
    p.add_argument("--open", action="store_true", help=t("help.web_open"))
    p.set_defaults(fn=cmd)
    return p
