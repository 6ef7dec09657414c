// The page's protocol client (web/protocol.js) and its mirror view (web/mirror.js, the game
// decoded by firmware/hosts/web_board.py in MicroPython WebAssembly) in Node, against the simulated
// board (firmware/hosts/sim_main.py under the MicroPython unix port, on pipes).
//   node tests/web/protocol_client.mjs ROOT MICROPYTHON DECISIONS
// Prints one JSON line of what it saw; tests/web/test_protocol_client.py checks it.
import { spawn } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { pathToFileURL } from "url";

const [root, micropython, decisionsArg] = process.argv.slice(2);
const { Client, decode, encode } = await import(pathToFileURL(path.join(root, "web/protocol.js")));
const { snapshotView } = await import(pathToFileURL(path.join(root, "web/mirror.js")));
const { loadMicroPython } = await import(pathToFileURL(path.join(root, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs")));

// The firmware as the page loads it (build/web/fw, `pomme web`'s build).
const fw = path.join(root, "build/web/fw");
const mp = await loadMicroPython({ heapsize: 2 * 1024 * 1024, stdout: () => {}, stderr: (l) => process.stderr.write(l + "\n") });
for (const f of JSON.parse(fs.readFileSync(path.join(fw, "manifest.json"), "utf8")).files) {
  const dir = path.dirname(f);
  if (dir !== ".") mp.FS.mkdirTree("/" + dir);
  mp.FS.writeFile("/" + f, fs.readFileSync(path.join(fw, f)));
}
const wb = mp.pyimport("firmware.hosts.web_board");
const mapText = fs.readFileSync(path.join(fw, "hardware/maps/mls.json"), "utf8");

const work = fs.mkdtempSync(path.join(os.tmpdir(), "pomme-web-proto-"));
const sim = spawn(micropython, [path.join(root, "firmware/hosts/sim_main.py"), "2", "3", "mls", "", "en", "0"],
                  { cwd: work, env: Object.assign({}, process.env, { MICROPYPATH: root }) });
let stderr = "";
sim.stderr.on("data", (d) => { stderr += d; });
const client = new Client((text) => sim.stdin.write(text));
let dropNextDec = false;
let partial = "";   // the end of a chunk that is not a whole line yet
sim.stdout.on("data", (chunk) => {
  // Whole lines only: a chunk may end inside a line, and dropping half a line would leave
  // the other half as one more bad line (a flake seen once in CI: 3 bad lines, not 2).
  const lines = (partial + chunk.toString("latin1")).split("\n");
  partial = lines.pop();
  if (dropNextDec) {
    // A lost line: the first `dec` event among these lines never arrives.
    const i = lines.findIndex((l) => l.includes('"e":"dec"'));
    if (i >= 0) {
      lines.splice(i, 1);
      dropNextDec = false;
    }
  }
  if (lines.length) client.feed(lines.join("\n") + "\n");
});

client.on("event", (e) => { if (e.e === "ack" && !e.ok) out.errors.push("refused: " + JSON.stringify(e)); });
process.on("unhandledRejection", (e) => { out.errors.push("unhandled: " + e); });
const out = { decisions: 0, matched: 0, viewMatched: 0, gaps: 0, badLines: 0, errors: [] };
const fail = (why) => { out.errors.push(why); };
try {
  const hello = client.next((e) => e.e === "hello", 15000);
  const first = client.next((e) => e.e === "snap", 15000);
  client.connect();
  out.hello = await hello;
  let snap = await first;
  const decisions = parseInt(decisionsArg, 10);
  for (let i = 0; i < decisions; i++) {
    const v = snapshotView(wb, mapText, snap);
    if (v.hash !== snap.hash) fail("view hash " + v.hash + " != snap hash " + snap.hash);
    else out.viewMatched++;
    if (v.over) break;
    if (i === Math.floor(decisions / 2)) dropNextDec = true;
    const dec = client.next((e) => e.e === "dec");
    dec.catch(() => {});   // a dec that is lost on purpose never comes
    // A lost dec is noticed at the next event: the board's heartbeat snapshot (every 5 s).
    const nextSnap = client.next((e) => e.e === "snap" && e.commits !== snap.commits, dropNextDec ? 20000 : 5000);
    client.send("decide", { a: v.legal[0] });   // the test's hand; the mirror only reads
    if (!dropNextDec) {
      const d = await dec;
      snap = await nextSnap;
      if (d.hash === snap.hash || snap.commits > d.commits) out.matched++;
      else fail("dec hash " + d.hash + " then snap " + snap.hash);
    } else {
      snap = await nextSnap;   // the dec was lost: the gap asked for this snapshot
    }
    out.decisions++;
  }
  // Garbage and a bad checksum on the line: counted, nothing else happens.
  client.feed("MicroPython v1.27 REPL noise\n");
  client.feed(encode({ e: "snap", n: 999 }).replace(/\*[0-9a-f]{8}/, "*00000000"));
  out.gaps = client.gaps;
  out.badLines = client.badLines;
  out.last = { hash: snap.hash, state: snap.state, commits: snap.commits, leds: snap.leds.length };
  out.roundTrip = decode(encode({ c: "snapshot", s: 7 })).s === 7;
} catch (e) {
  fail(String(e && e.stack ? e.stack : e) + " stderr: " + stderr.slice(-500));
}
sim.stdin.end();
sim.kill();
fs.rmSync(work, { recursive: true, force: true });
console.log(JSON.stringify(out));
process.exit(0);
