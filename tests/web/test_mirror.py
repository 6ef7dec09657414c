# The page mirroring a board over Web Serial, in headless Chromium, against the simulated board
# (firmware/hosts/sim_main.py under the MicroPython unix port) through a loopback bridge: the page's
# navigator.serial is replaced, before the page loads, by a port whose bytes this test carries
# to and from the simulated board's pipes. What is real: the page's button, its protocol client,
# its decoding in WebAssembly and its drawing. What is not: Chromium's port picker and a USB
# port (docs/web.md).
import os
import queue
import subprocess
import threading
import time

from firmware.link.protocol import decode, encode

from tests.rules.support import map_def

from .conftest import ROOT
from .page import Page, state_of
from .test_protocol_client import MICROPYTHON

FAKE_SERIAL = r"""
window.__tx = []; window.__rx = [];
const port = {
  async open(options) { window.__opened = options; },
  readable: new ReadableStream({
    pull(ctrl) {
      return new Promise((resolve) => {
        const poll = () => {
          if (window.__rx.length) { ctrl.enqueue(new TextEncoder().encode(window.__rx.shift())); resolve(); }
          else setTimeout(poll, 5);
        };
        poll();
      });
    },
  }),
  writable: new WritableStream({ write(chunk) { window.__tx.push(new TextDecoder().decode(chunk)); } }),
  async close() {},
};
Object.defineProperty(navigator, "serial", { value: { requestPort: async () => port }, configurable: true });
"""


class Bridge:
    """The simulated board on pipes, its lines carried to the page's fake port and back."""

    def __init__(self, page, workdir):
        env = dict(os.environ, MICROPYPATH=ROOT)
        argv = [MICROPYTHON, os.path.join(ROOT, "firmware", "hosts", "sim_main.py"),
                "2", "3", "mls", "", "en", "0"]
        self.proc = subprocess.Popen(argv, cwd=workdir, env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.page = page
        self.lines = queue.Queue()
        self.sent_by_page = []
        self.events = []
        self.seq = 100000
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        assert out is not None
        for line in iter(out.readline, b""):
            self.lines.put(line.decode("latin-1"))

    def _to_board(self, text):
        stdin = self.proc.stdin
        assert stdin is not None
        stdin.write(text.encode())
        stdin.flush()

    def pump(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for text in self.page.js("return window.__tx.splice(0)"):
                self.sent_by_page.extend(t for t in text.split("\n") if t)
                self._to_board(text)
            rx = []
            while not self.lines.empty():
                line = self.lines.get()
                rx.append(line)
                try:
                    self.events.append(decode(line))
                except ValueError:
                    pass
            if rx:
                self.page.d.execute_script("window.__rx.push(...arguments)", *rx)
            time.sleep(0.02)

    def decide(self, a):
        """The test's hand at the board (not the page's: the mirror only reads)."""
        self.seq += 1
        self._to_board(encode({"c": "decide", "s": self.seq, "a": a}))

    def close(self):
        self.proc.kill()
        self.proc.wait()


def test_the_page_mirrors_a_board_over_web_serial_read_only(browser, server, engine, tmp_path):
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_SERIAL})
    try:
        page = Page(browser, server + "?players=2&bots=0")
        bridge = Bridge(page, str(tmp_path))
        try:
            page.click("#mirror")
            page.wait(lambda: page.js("return window.pomme.mode") == "mirror", 5, "mirror mode")
            assert page.js("return window.__opened") == {"baudRate": 115200}
            for _ in range(12):
                bridge.pump(0.6)
                snaps = [e for e in bridge.events if e.get("e") == "snap"]
                snap = snaps[-1]
                s = page.summary()
                assert s["mirror"] and s["hash"] == snap["hash"], "the page shows the board's game"
                st = state_of(engine, snap)
                bridge.decide(st.legal_actions()[0])
            bridge.pump(1.0)
            snap = [e for e in bridge.events if e.get("e") == "snap"][-1]
            s = page.summary()
            assert s["hash"] == snap["hash"] and s["commits"] == snap["commits"] >= 12
            assert s["display"][:2] == snap["prompt"]
            frame = bytes.fromhex(snap["leds"])
            leds = page.leds()
            for sp in map_def()["spaces"]:
                j = 3 * sp["led"]
                assert leds[sp["id"]] == "rgb(%d,%d,%d)" % tuple(frame[j:j + 3])
            names = {decode(line)["c"] for line in bridge.sent_by_page}
            assert names == {"hello", "snapshot"}, "the mirror only reads"
        finally:
            bridge.close()
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                {"identifier": script["identifier"]})
