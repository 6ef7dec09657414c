// The serial protocol's host end in JavaScript (docs/protocol.md), for the page's mirror of a
// real board (web/mirror.js) and for Node (tests/web/protocol_client.mjs). A line is a compact
// JSON object, '*', the CRC32 of the JSON text in 8 lowercase hex digits, '\n'. The client
// sends `hello` and `snapshot`, keeps the latest snapshot, and asks for a new one when the
// events' numbers `n` show a gap or a decision arrives. It only reads: it never sends a
// command that changes the game.

const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[i] = c >>> 0;
  }
  return t;
})();

export const PROTOCOL = [1, 4];
export const MAX_LINE = 4096;

export function crc32(text) {
  let c = 0xffffffff;
  for (let i = 0; i < text.length; i++) c = TABLE[(c ^ text.charCodeAt(i)) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// Python's json.dumps(obj, separators=(",", ":")) for the commands this client sends.
export function encode(obj) {
  const body = JSON.stringify(obj);
  return body + "*" + crc32(body).toString(16).padStart(8, "0") + "\n";
}

export class ProtocolError extends Error {
  constructor(code, detail = "") {
    super(detail ? code + ": " + detail : code);
    this.code = code;
  }
}

// The object one line carries, or a ProtocolError naming what is wrong with it.
export function decode(line) {
  line = line.replace(/\r?\n$/, "");
  if (line.length > MAX_LINE) throw new ProtocolError("too_long", line.length + " bytes");
  for (let i = 0; i < line.length; i++) {
    const b = line.charCodeAt(i);
    if (b < 32 || b > 126) throw new ProtocolError("not_ascii", "byte " + b);
  }
  const star = line.lastIndexOf("*");
  if (star < 0 || line.length - star !== 9) throw new ProtocolError("no_crc");
  const body = line.slice(0, star);
  const crcText = line.slice(star + 1);
  if (!/^[0-9a-fA-F]{8}$/.test(crcText)) throw new ProtocolError("no_crc");
  if (parseInt(crcText, 16) !== crc32(body)) throw new ProtocolError("bad_crc");
  let obj;
  try {
    obj = JSON.parse(body);
  } catch (e) {
    throw new ProtocolError("bad_json");
  }
  if (obj === null || typeof obj !== "object" || Array.isArray(obj)) throw new ProtocolError("bad_json", "not an object");
  return obj;
}

// A read-only client. write(text): sends one line to the board (a port, a pipe).
// on(kind, fn): "snap" (the snapshot event), "event" (every event), "error" (a bad line).
export class Client {
  constructor(write) {
    this.write = write;
    this.seq = 0;
    this.buf = "";
    this.lastN = null;
    this.hello = null;
    this.snap = null;
    this.gaps = 0;
    this.badLines = 0;
    this.decisions = [];
    this.listeners = { snap: [], event: [], error: [] };
    this.waiters = [];
  }

  on(kind, fn) {
    this.listeners[kind].push(fn);
  }

  emit(kind, value) {
    for (const fn of this.listeners[kind]) fn(value);
  }

  send(name, fields = {}) {
    this.seq = (this.seq + 1) & 0x7fffffff;
    const obj = Object.assign({ c: name, s: this.seq }, fields);
    this.write(encode(obj));
    return this.seq;
  }

  // Start (or start again after a reconnection): the handshake, then a snapshot.
  connect() {
    this.send("hello", { proto: PROTOCOL });
    this.send("snapshot");
  }

  // Bytes or text from the board; complete lines are handled.
  feed(chunk) {
    this.buf += typeof chunk === "string" ? chunk : new TextDecoder("latin1").decode(chunk);
    let nl;
    while ((nl = this.buf.indexOf("\n")) >= 0) {
      const line = this.buf.slice(0, nl);
      this.buf = this.buf.slice(nl + 1);
      if (line.trim()) this.line(line);
    }
    if (this.buf.length > MAX_LINE) {
      this.badLines++;
      this.emit("error", new ProtocolError("too_long"));
      this.buf = "";
    }
  }

  line(text) {
    let obj;
    try {
      obj = decode(text);
    } catch (e) {
      this.badLines++;   // REPL output or line noise: not a message
      this.emit("error", e);
      return;
    }
    if (typeof obj.n === "number") {
      if (this.lastN !== null && obj.n !== this.lastN + 1 && obj.e !== "hello") {
        this.gaps++;       // events were lost: state, not deltas, is the truth
        this.send("snapshot");
      }
      this.lastN = obj.n;
    }
    if (obj.e === "hello") this.hello = obj;
    if (obj.e === "snap") {
      this.snap = obj;
      this.emit("snap", obj);
    }
    if (obj.e === "dec") {
      this.decisions.push(obj);
      this.send("snapshot");
    }
    this.emit("event", obj);
    this.waiters = this.waiters.filter((w) => !w(obj));
  }

  // A promise of the next event for which test(event) is true.
  next(test, timeoutMs = 5000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no such event within " + timeoutMs + " ms")), timeoutMs);
      this.waiters.push((obj) => {
        if (!test(obj)) return false;
        clearTimeout(timer);
        resolve(obj);
        return true;
      });
    });
  }
}
