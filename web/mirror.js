// Mirroring a real board over Web Serial (Chromium): the page's protocol client
// (web/protocol.js) reads the board's snapshots and events and the page shows them, read-only:
// the LEDs from the snapshot's frame, the display's two prompt lines, the game decoded by the
// same rules engine running in WebAssembly (firmware/hosts/web_board.view). Nothing is sent but
// `hello` and `snapshot`.
import { Client } from "./protocol.js";

export const BAUD = 115200;

// game: the ruleset the board names in its hello (caps.ruleset).
export function snapshotView(wb, mapText, snap, game = "") {
  const s = JSON.parse(wb.view(mapText, snap.state, game));
  s.display = (snap.prompt || []).concat(["", "", "", "", "", ""]).slice(0, 8);
  s.inverted = s.display.map((_, i) => i === 0);
  s.bots = snap.bots || 0;
  s.commits = snap.commits;
  s.locks = snap.locks;
  s.mirror = true;
  return s;
}

export class Mirror {
  constructor(page, wb, T) {
    this.page = page;
    this.wb = wb;
    this.T = T;
    this.port = null;
    this.reader = null;
    this.pending = null;
    this.client = null;
  }

  async open(port) {
    this.port = port;
    await port.open({ baudRate: BAUD });
    const writer = port.writable.getWriter();
    const enc = new TextEncoder();
    this.client = new Client((text) => writer.write(enc.encode(text)));
    this.client.on("snap", (snap) => { this.pending = snap; });
    this.client.connect();
    this.readLoop();
  }

  async readLoop() {
    this.reader = this.port.readable.getReader();
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        this.client.feed(value);
      }
    } catch (e) {
      document.getElementById("status").textContent = String(e);
    }
  }

  // Each animation frame: the latest snapshot, if a new one came.
  tick() {
    const snap = this.pending;
    if (!snap) return;
    this.pending = null;
    // The board's ruleset from its hello (caps.ruleset): its map and drawing on the page.
    const caps = (this.client.hello && this.client.hello.caps) || {};
    if (caps.ruleset) this.page.useGame(caps.ruleset);
    const bytes = new Uint8Array(snap.leds.length >> 1);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(snap.leds.substr(2 * i, 2), 16);
    this.page.paintFrame(bytes);
    this.page.show(snapshotView(this.wb, this.page.mapText, snap, caps.ruleset || ""));
    document.getElementById("status").textContent = this.T("mirrorOn");
  }

  async close() {
    try {
      if (this.reader) await this.reader.cancel();
      await this.port.close();
    } catch (e) {
      /* the board was unplugged */
    }
  }
}
