// The virtual Pomme Board (docs/web.md): the board's firmware in MicroPython WebAssembly,
// drawn in SVG, played by hand. Every animation frame the firmware scans (every 10 ms of the
// time that passed), polls its dials and renders one LED frame, which is painted at once.
import { loadMicroPython } from "/mp/micropython.mjs";
import { el, MapView, shape } from "./map.js";
import { words } from "./i18n.js";
import { Mirror } from "./mirror.js";

const params = new URLSearchParams(location.search);
const lang = params.get("lang") === "es" ? "es" : "en";
const T = words(lang);
const $ = (id) => document.getElementById(id);
const AUTO_MS = 400;       // bots' hands: one gesture this often
const FAST_MS = 30;        // "bots play to the end": firmware time per frame spent on them
const CAMPAIGN_KEY = "pomme-campaign";   // the browser's copy of the campaign (localStorage)

export const pomme = (window.pomme = {
  ready: false, error: null, loadMs: null, frames: 0, summary: null, version: "",
  gestures: [],           // the hands' gestures, in order: [what, tag or dial, space]
  lift: null,             // {at, frame}: the last lift; lit: how long until its spaces lit
  lit: [],
  mode: "play",
});

function int(name, dflt, lo, hi) {
  const v = parseInt(params.get(name) || "", 10);
  return Number.isFinite(v) && v >= lo && v <= hi ? v : dflt;
}

function hexBytes(hex) {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

function rgbOf(c) {
  if (!c) c = [150, 110, 0]; // a piece of no seat (Pie in the Sky's airship): gold
  return "rgb(" + c[0] + "," + c[1] + "," + c[2] + ")";
}

async function loadFirmware(mp) {
  const manifest = await (await fetch("/fw/manifest.json")).json();
  const blobs = await Promise.all(manifest.files.map(async (f) => [f, new Uint8Array(await (await fetch("/fw/" + f)).arrayBuffer())]));
  for (const [f, data] of blobs) {
    const dir = f.split("/").slice(0, -1).join("/");
    if (dir) mp.FS.mkdirTree("/" + dir);
    mp.FS.writeFile("/" + f, data);
  }
  return manifest;
}

class Page {
  constructor(mp, wb, wg) {
    this.mp = mp;
    this.wb = wb;
    this.wg = wg;          // firmware/hosts/web_games: the games, their maps and drawings
    this.colours = JSON.parse(wb.colours());
    this.games = JSON.parse(wg.games());
    this.hand = -1;
    this.drag = null;
    this.pointer = null;
    this.frame = null;
    this.auto = true;
    this.fast = false;
    this.lastAuto = 0;
    this.last = performance.now();
    this.mirror = null;
    this.bindMap();
    this.bindControls();
  }

  // The game's ruleset, its board file and its drawing, through the seam (web_games).
  useGame(game) {
    const rs = this.wg.ruleset_name(game);
    if (this.map && this.ruleset === rs) {
      this.game = game;
      return;
    }
    this.game = game;
    this.ruleset = rs;
    const map = this.wg.map_file(game);
    this.mapText = new TextDecoder().decode(this.mp.FS.readFile(map));
    this.def = JSON.parse(this.mapText);
    this.layout = JSON.parse(this.wg.layout(this.mapText, game));
    this.map = new MapView($("map"), this.def, this.layout);
  }

  start(game, players, seed, bots, camps = "") {
    this.useGame(game);
    this.board = this.wb.start(this.mapText, players, seed, bots, lang, game, camps);
    this.hand = -1;
    this.fast = false;
    pomme.version = "";
    pomme.game = game;
    const q = new URLSearchParams(location.search);   // the address links this game
    q.set("game", game);
    q.set("players", players);
    q.set("bots", bots);
    history.replaceState(null, "", "?" + q.toString());
    this.campaignInit();
  }

  // ---- The Rise of Fenris campaign (firmware/hosts/web_campaign.py; docs/web.md) ---------------
  // The browser keeps the campaign's bytes (localStorage) after every change and gives them back
  // to the board when the page opens a game of a ruleset with a campaign.
  campaignCall(name, ...args) {
    try {
      this.campaignError = "";
      this.campaignShow(JSON.parse(this.wc[name](...args)));
      $("status").textContent = "";
      return true;
    } catch (e) {
      this.campaignError = T("campaignRefused", String(e).split("\n").filter((l) => l).pop());
      $("status").textContent = this.campaignError;
      return false;
    }
  }

  campaignInit() {
    if (!this.wc) return;
    const j = JSON.parse(this.wc.summary());
    $("campaignbox").hidden = !j.campaign;
    if (!j.campaign) return;
    const kept = localStorage.getItem(CAMPAIGN_KEY);
    if (!j.held && kept && this.campaignCall("load", kept)) return;
    this.campaignShow(j);   // (a kept campaign the board refused: the status line says why)
  }

  campaignShow(j) {
    pomme.campaign = j;
    this.campaignOver = pomme.summary ? pomme.summary.over : false;
    if (j.saved) localStorage.setItem(CAMPAIGN_KEY, j.saved);
    const box = $("campaign");
    const opts = $("campaignopts");
    opts.replaceChildren();
    const line = (text, cls) => {
      const d = document.createElement("div");
      if (cls) d.className = cls;
      d.textContent = text;
      box.appendChild(d);
      return d;
    };
    box.replaceChildren();
    if (!j.held) {
      line(T("campaignNone"));
      if (this.campaignError) line(this.campaignError, "cask");   // (a kept campaign refused)
      return;
    }
    line(j.title, "ctitle");
    if (j.goals) line(j.goals);
    j.seats.forEach((seat, p) => {
      line(T("seat", p + 1) + " - " + seat.name + (seat.away ? " (" + T("campaignAway") + ")" : ""), "cseat");
      for (const l of seat.lines) line(l, "stats");
      if (j.totals) line(T("campaignTotal", j.totals[p], j.styles[p]), "stats");
    });
    const button = (text, act, data) => {
      const b = document.createElement("button");
      b.textContent = text;
      Object.assign(b.dataset, data);
      b.addEventListener("click", act);
      opts.appendChild(b);
    };
    if (j.over) {
      line(T("campaignWinners", j.winners.map((p) => T("seat", p + 1)).join(", ")), "ctitle");
    } else if (j.in_game) {
      line(T("campaignInGame"));
    } else if (j.waiting) {
      button(T("campaignPlay"), () => this.campaignEpisode(), { play: "1" });
      // between episodes a player may sit out or come back, and one may join (the factions box)
      j.seats.forEach((seat, p) => {
        button(T(seat.away ? "campaignBack" : "campaignSitOut", p + 1), () => this.campaignCall("away", p, seat.away ? 0 : 1),
               { seat: p, away: seat.away ? "0" : "1" });
      });
      button(T("campaignJoin"), () => this.campaignCall("join", $("cfactions").value), { join: "1" });
    } else {
      line(T("campaignAsks", j.decider < 0 ? T("campaignTable") : T("seat", j.decider + 1), j.question), "cask");
      for (const [a, words] of j.options) {
        button(words, () => this.campaignCall("decide", a, j.decider), { a: a });
      }
      if (j.decider < 0) button(T("campaignDraw"), () => this.campaignCall("draw"), { draw: "1" });
    }
  }

  campaignEpisode() {
    let bots = 0;
    document.querySelectorAll("#botseats input").forEach((b) => { if (b.checked) bots |= 1 << +b.dataset.seat; });
    this.campaignCall("episode", +$("seed").value || 1, bots & ((1 << pomme.campaign.players) - 1));
    this.hand = -1;
    this.fast = false;
    this.refresh();
  }

  // ---- the loop ------------------------------------------------------------------------------
  tick(now) {
    const dt = Math.max(0, Math.min(now - this.last, 250));
    this.last = now;
    if (this.mirror) {
      this.mirror.tick();
    } else {
      if (this.fast) this.board.auto_fast(FAST_MS);
      else if (this.auto && now - this.lastAuto >= AUTO_MS) {
        this.lastAuto = now;
        if (this.hand < 0 && !this.drag) this.board.auto();
      }
      const r = this.board.step(Math.round(dt));
      const bar = r.indexOf("|");
      this.paintFrame(hexBytes(r.slice(bar + 1)));
      const v = r.slice(0, bar);
      if (v !== pomme.version) {
        pomme.version = v;
        this.show(JSON.parse(this.board.summary()));
      }
      if (this.fast && pomme.summary.over) this.fast = false;
    }
    pomme.frames++;
  }

  paintFrame(frame) {
    this.frame = frame;
    this.map.paintLeds(frame);
    const base = 3 * this.def.spaces.length;
    const led = (id, j) => $(id).setAttribute("fill", "rgb(" + frame[j] + "," + frame[j + 1] + "," + frame[j + 2] + ")");
    led("led-turn", base);
    led("led-attention", base + 3);
    led("led-dial0", base + 6);
    led("led-dial1", base + 9);
    if (pomme.lift && !pomme.lift.done) {
      // The lifted piece's spaces: the first frame that shows them lit.
      for (const sp of this.def.spaces) {
        const j = 3 * sp.led;
        if (frame[j] === 0 && frame[j + 1] === 110 && frame[j + 2] === 0) {
          pomme.lift.done = true;
          pomme.lit.push({ ms: performance.now() - pomme.lift.at, frames: pomme.frames - pomme.lift.frame });
          break;
        }
      }
    }
  }

  // ---- what the board shows ------------------------------------------------------------------
  show(s) {
    pomme.summary = s;
    if (pomme.campaign && pomme.campaign.held && s.over !== this.campaignOver) this.campaignCall("summary");
    this.map.paintTokens(s.tokens, (p) => rgbOf(this.colours[p]));
    this.drawPieces(s);
    this.drawDisplay(s.display || [], s.inverted || []);
    this.drawSeats(s);
    this.drawLog(s.said || [], s.said_n);
    const w = $("winner");
    if (s.over) {
      w.hidden = false;
      w.dataset.seats = s.winners.map((p) => p + 1).join(",");
      w.textContent = T("winner", s.winners.map((p) => T("seat", p + 1)).join(", "));
    } else {
      w.hidden = true;
      w.dataset.seats = "";
    }
    const held = $("hand");
    if (this.hand >= 0) {
      const p = s.pieces.find((x) => x[2] === this.hand);
      held.textContent = (p[1] < s.players ? T("seat", p[1] + 1) + ": " : "") + p[0] + " " + this.label(s, p[0], this.hand);
      held.dataset.tag = this.hand;
    } else {
      held.textContent = T("handEmpty");
      held.dataset.tag = "";
    }
  }

  // The log in words (firmware/rules/narrate.py): a sentence per decision, the newest in view.
  drawLog(said, numbers) {
    const box = $("log");
    const key = said.length + "|" + (numbers && numbers.length ? numbers[numbers.length - 1] : "") + "|" +
      (said.length ? said[said.length - 1] : "");
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    box.replaceChildren(...said.map((line, i) => {
      const li = document.createElement("li");
      const n = document.createElement("span");
      n.className = "n";   // its decision's number in the game, in the line (a marker clipped 3 digits)
      n.textContent = numbers ? numbers[i] : i + 1;
      li.append(n, line);
      return li;
    }));
    box.scrollTop = box.scrollHeight;
  }

  drawDisplay(rows, inverted) {
    const d = $("oled");
    d.replaceChildren();
    rows.forEach((row, i) => {
      const div = document.createElement("div");
      div.className = "row" + (inverted[i] ? " inv" : "");
      div.textContent = row.padEnd(16, " ");
      d.appendChild(div);
    });
  }

  drawSeats(s) {
    const box = $("seats");
    box.replaceChildren();
    for (const t of this.map.trays) if (t) t.label.textContent = "";
    (s.seats || []).forEach((seat, p) => {
      const div = document.createElement("div");
      div.className = "seat" + (p === s.active && !s.over ? " active" : "");
      div.dataset.seat = p + 1;
      const sw = document.createElement("span");
      sw.className = "swatch";
      sw.style.background = rgbOf(this.colours[p]);
      div.appendChild(sw);
      const name = document.createElement("b");
      name.textContent = T("seat", p + 1) + ((s.bots >> p) & 1 ? " (" + T("bot") + ")" : "") + (seat.name ? " - " + seat.name : "");
      div.appendChild(name);
      for (const line of seat.lines || []) {
        const d = document.createElement("div");
        d.className = "stats";
        d.textContent = line;
        div.appendChild(d);
      }
      box.appendChild(div);
      const tray = this.map.trays[seat.tray];
      if (tray) tray.label.textContent = T(tray.word, p + 1);
    });
  }

  label(s, kind, tag) {
    return (s.labels && s.labels[tag]) || kind.slice(0, 1).toUpperCase();
  }

  // The seat whose colour and tray a piece is drawn in: its owner's, unless the panel tints it
  // (Scythe's Influence tokens: Fenris's, or the holder's of one gained).
  tint(s, tag, owner) {
    const t = s.tints ? s.tints[tag] : undefined;
    return t !== undefined && t >= 0 ? t : owner;
  }

  // The tray that holds piece `tag` off the map: its seat's (or its tint's, or its owner's
  // site), and a shared piece's (the airship before it is placed) the deciding seat's; the
  // slots are counted per tray, so it stands after that seat's own pieces, covering none.
  trayOf(s, tag, owner) {
    const seat = s.seats[this.tint(s, tag, owner)];
    const tray = this.map.trays[seat ? seat.tray : owner];
    if (tray) return tray;
    const decider = s.seats[s.player >= 0 ? s.player : 0];
    return this.map.trays[decider ? decider.tray : 0] || null;
  }

  // Where piece `tag` is drawn: the slot-th place on its space (the layout's slots), or in
  // its seat's tray off the map (camp, supply) in rows.
  piecePos(s, tag, slot, owner) {
    const at = s.tags[tag];
    const slots = this.layout.slots;
    if (at >= 0) {
      const [x, y] = this.map.centre(at);
      const [dx, dy] = slots[slot % slots.length];
      return [x + dx, y + dy];
    }
    const tray = this.trayOf(s, tag, owner);
    if (!tray) return null;
    const step = 17;
    const per = Math.max(1, Math.floor((tray.w - 8) / step));
    const rows = Math.ceil(17 / per);
    return [tray.x - tray.w / 2 + 4 + step / 2 + step * (slot % per),
            tray.y - tray.h / 2 + 4 + step / 2 + step * (Math.floor(slot / per) % Math.max(rows, 1))];
  }

  drawPiece(parent, s, kind, owner, tag, attrs, grow = 0) {
    const look = (this.layout.pieces || {})[kind] || ["circle", 8];
    const g = el("g", attrs, parent);
    shape(look[0], 0, 0, look[1] + grow, { fill: rgbOf(this.colours[this.tint(s, tag, owner)]) }, g);
    el("text", { y: 3.5, class: look[1] < 7 ? "small" : "" }, g).textContent = this.label(s, kind, tag);
    return g;
  }

  drawPieces(s) {
    const layer = this.map.pieceLayer;
    layer.replaceChildren();
    const slots = {};
    for (const [kind, owner, tag] of s.pieces) {
      if (tag === this.hand) continue;
      const at = s.tags[tag];
      const tray = at >= 0 ? null : this.trayOf(s, tag, owner);
      const key = at >= 0 ? "s" + at : tray ? "c" + tray.site : "none";
      const slot = (slots[key] = (slots[key] || 0) + 1) - 1;
      const pos = this.piecePos(s, tag, slot, owner);
      if (!pos) continue;
      this.drawPiece(layer, s, kind, owner, tag, { class: "piece", "data-tag": tag, "data-owner": owner, "data-at": at,
                                                   "data-kind": kind, transform: "translate(" + pos[0] + "," + pos[1] + ")" });
    }
    this.drawGhost();
  }

  drawGhost() {
    const g = this.map.ghost;
    g.replaceChildren();
    if (this.hand < 0 || !pomme.summary) {
      g.setAttribute("visibility", "hidden");
      return;
    }
    const s = pomme.summary;
    const [kind, owner] = s.pieces.find((x) => x[2] === this.hand);
    this.drawPiece(g, s, kind, owner, this.hand, {}, 2);
    g.setAttribute("visibility", "visible");
    this.moveGhost();
  }

  moveGhost() {
    if (this.hand < 0) return;
    let x, y;
    if (this.pointer) [x, y] = this.pointer;
    else {
      const vb = $("map").viewBox.baseVal;
      [x, y] = [vb.x + 40, vb.y + 40];
    }
    this.map.ghost.setAttribute("transform", "translate(" + (x + 14) + "," + (y - 14) + ")");
  }

  // ---- hands ---------------------------------------------------------------------------------
  svgPoint(ev) {
    const svg = $("map");
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    return [p.x, p.y];
  }

  lift(tag) {
    pomme.gestures.push(["lift", tag, this.board.lift(tag)]);
    this.hand = tag;
    pomme.lift = { at: performance.now(), frame: pomme.frames, done: false };
    this.refresh();
  }

  put(space) {
    if (this.hand < 0) return;
    try {
      this.board.place(this.hand, space);
      pomme.gestures.push(["put", this.hand, space]);
    } catch (e) {
      return; // the space cannot take more pieces: it stays in the hand
    }
    this.hand = -1;
    this.refresh();
  }

  toCamp() {
    // back in its seat's base camp: sensed there when the board senses its camps
    pomme.gestures.push(["camp", this.hand, this.board.to_camp(this.hand)]);
    this.hand = -1;
    this.refresh();
  }

  refresh() {
    pomme.version = "";   // redraw at the next frame
  }

  targetAt(ev) {
    const hit = document.elementFromPoint(ev.clientX, ev.clientY);
    if (!hit) return null;
    const piece = hit.closest("[data-tag]");
    if (piece && piece.closest("#map")) return { tag: +piece.dataset.tag, at: +piece.dataset.at };
    const space = hit.closest("[data-space]");
    if (space) return { space: +space.dataset.space };
    const camp = hit.closest("[data-camp]");
    if (camp) return { camp: +camp.dataset.camp };
    return null;
  }

  bindMap() {
    const svg = $("map");
    svg.addEventListener("pointerdown", (ev) => {
      if (this.mirror || !pomme.summary) return;
      ev.preventDefault();
      this.pointer = this.svgPoint(ev);
      const t = this.targetAt(ev);
      if (!t) return;
      if (this.hand < 0) {
        if (t.tag !== undefined) {
          this.lift(t.tag);
          this.drag = { x: ev.clientX, y: ev.clientY, moved: false };
          svg.setPointerCapture(ev.pointerId);
        } else if (t.space !== undefined && pomme.summary.entry === 2) {
          this.board.wand(t.space);   // a "which space?" question: the wand touches it
        }
        return;
      }
      this.drop(t);
    });
    svg.addEventListener("pointermove", (ev) => {
      this.pointer = this.svgPoint(ev);
      if (this.drag && Math.hypot(ev.clientX - this.drag.x, ev.clientY - this.drag.y) > 6) this.drag.moved = true;
      this.moveGhost();
    });
    svg.addEventListener("pointerup", (ev) => {
      const drag = this.drag;
      this.drag = null;
      if (!drag || !drag.moved || this.hand < 0) return;
      const t = this.targetAt(ev);   // a drag: put it down where it was let go
      if (t) this.drop(t);
    });
  }

  // The piece in the hand put down on what the pointer is over: a space (or a piece standing
  // on one), or a camp (off the map).
  drop(t) {
    if (t.tag !== undefined) {
      if (t.at >= 0) this.put(t.at);
      else this.toCamp();
    } else if (t.space !== undefined) this.put(t.space);
    else if (t.camp !== undefined) this.toCamp();
  }

  bindControls() {
    for (const d of [0, 1]) {
      $("dial" + d + "-left").addEventListener("click", () => this.board && this.board.turn(d, -1));
      $("dial" + d + "-right").addEventListener("click", () => this.board && this.board.turn(d, 1));
      const knob = $("dial" + d);
      knob.addEventListener("pointerdown", (ev) => { ev.preventDefault(); this.board.push(d, true); });
      knob.addEventListener("pointerup", () => this.board.push(d, false));
      knob.addEventListener("pointerleave", () => this.board.push(d, false));
      knob.addEventListener("wheel", (ev) => { ev.preventDefault(); this.board.turn(d, ev.deltaY > 0 ? 1 : -1); });
    }
    const undo = $("undo");
    undo.addEventListener("pointerdown", (ev) => { ev.preventDefault(); this.board.undo_button(true); });
    undo.addEventListener("pointerup", () => this.board.undo_button(false));
    undo.addEventListener("pointerleave", () => this.board.undo_button(false));
    $("auto").addEventListener("change", (ev) => { this.auto = ev.target.checked; });
    $("finish").addEventListener("click", () => {
      if (this.hand >= 0) this.hand = -1;
      this.wf.finish();   // every seat the bot's to this game's end (firmware/hosts/web_finish.py)
      this.fast = true;
    });
    $("cnew").addEventListener("click", () => this.campaignCall("new", $("cfactions").value, +$("players").value));
    $("cexport").addEventListener("click", () => {
      const doc = this.wc.document();
      pomme.campaignDoc = doc;
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([doc], { type: "application/json" }));
      a.download = "campaign.json";
      a.click();
    });
    $("cimport").addEventListener("change", async (ev) => {
      const f = ev.target.files[0];
      if (f) this.campaignCall("import_doc", await f.text());
      ev.target.value = "";
    });
    $("players").addEventListener("change", () => this.seatBoxes());
    $("game").addEventListener("change", () => this.gameForm());
    $("new").addEventListener("click", () => {
      const game = this.formGame();
      const players = +$("players").value;
      let bots = 0;
      document.querySelectorAll("#botseats input").forEach((b) => { if (b.checked) bots |= 1 << +b.dataset.seat; });
      try {
        this.start(game, players, +$("seed").value || 1, bots & ((1 << this.seats(players, game)) - 1));
        $("status").textContent = "";
      } catch (e) {
        $("status").textContent = T("refused", String(e).split("\n").pop());
      }
    });
  }

  // ---- the new-game form: every ruleset of the registry, its on/off options and solo words --
  gameForm(game) {
    const sel = $("game");
    if (!sel.options.length) {
      for (const g of this.games) {
        const o = document.createElement("option");
        o.value = g.name;
        o.textContent = g.title;
        sel.appendChild(o);
      }
    }
    const words = game ? game.split("+") : null;
    if (words) sel.value = words[0];
    const g = this.games.find((x) => x.name === sel.value) || this.games[0];
    const box = $("gameopts");
    box.replaceChildren();
    const add = (word, text, radio) => {
      const label = document.createElement("label");
      const c = document.createElement("input");
      c.type = "checkbox";
      c.dataset.word = word;
      if (radio) c.dataset.solo = "1";
      c.checked = !!words && words.includes(word);
      c.addEventListener("change", () => {
        if (radio && c.checked) box.querySelectorAll("input[data-solo]").forEach((x) => { if (x !== c) x.checked = false; });
        this.playerChoices();
      });
      label.appendChild(c);
      label.appendChild(document.createTextNode(" " + text + " "));
      box.appendChild(label);
    };
    for (const [opt] of g.options) add(opt, g.words[opt] || opt, false);
    for (const [word] of g.solo) add(word, g.words[word] || word, true);
    this.playerChoices(words ? null : undefined);
  }

  formGame() {
    const words = [$("game").value];
    $("gameopts").querySelectorAll("input").forEach((c) => { if (c.checked) words.push(c.dataset.word); });
    return words.join("+");
  }

  // The player counts the chosen game takes (the ruleset's player_range with its options).
  playerChoices() {
    let lo = 2, hi = 2;
    try {
      [lo, hi] = JSON.parse(this.wg.player_range(this.formGame()));   // its options together
    } catch (e) {
      // a combination the ruleset refuses: the new game says why
    }
    const sel = $("players");
    const was = +sel.value;
    sel.replaceChildren();
    for (let n = lo; n <= hi; n++) {
      const o = document.createElement("option");
      o.textContent = n;
      sel.appendChild(o);
    }
    sel.value = Math.min(Math.max(was || lo, lo), hi);
    this.seatBoxes();
  }

  // Seats a game has: a solo game's rules seat (Automountie's) too.
  seats(players, game) {
    try {
      return this.wg.seats(game, players);
    } catch (e) {
      return players;
    }
  }

  seatBoxes(bots) {
    const n = this.seats(+$("players").value, this.formGame());
    const box = $("botseats");
    const was = {};
    box.querySelectorAll("input").forEach((b) => { was[b.dataset.seat] = b.checked; });
    box.replaceChildren();
    for (let p = 0; p < n; p++) {
      const label = document.createElement("label");
      const c = document.createElement("input");
      c.type = "checkbox";
      c.dataset.seat = p;
      c.checked = bots !== undefined ? !!((bots >> p) & 1) : !!was[p];
      label.appendChild(c);
      label.appendChild(document.createTextNode(" " + (p + 1)));
      box.appendChild(label);
    }
  }

  // The dials' pointers: a real dial's position (0-7) is not shown by the board; the knob
  // turns with the clicks given to it.
}

function texts() {
  document.title = T("title");
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-t]").forEach((e) => { e.textContent = T(e.dataset.t, e.dataset.arg); });
  document.querySelectorAll("[data-title]").forEach((e) => { e.title = T(e.dataset.title); });
}

async function main() {
  const t0 = performance.now();
  texts();
  $("status").textContent = T("loading");
  const mp = await loadMicroPython({ heapsize: 2 * 1024 * 1024, stdout: (l) => console.log(l), stderr: (l) => console.error(l) });
  await loadFirmware(mp);
  const wb = mp.pyimport("firmware.hosts.web_board");
  const wg = mp.pyimport("firmware.hosts.web_games");
  const page = new Page(mp, wb, wg);
  page.wc = mp.pyimport("firmware.hosts.web_campaign");
  page.wf = mp.pyimport("firmware.hosts.web_finish");
  pomme.page = page;
  // The game from the address (?game=NAME+OPTION...), checked by the firmware's parse.
  let game = params.get("game") || wg.default_game();
  try {
    wg.ruleset_name(game);
  } catch (e) {
    game = wg.default_game();
  }
  const solo = JSON.parse(wg.games()).some((g) => g.solo.some(([w]) => game.split("+").slice(1).includes(w)));
  let [lo, hi] = [2, 6];
  try {
    [lo, hi] = JSON.parse(wg.player_range(game));
  } catch (e) {
    // a word the ruleset does not have: the new game says why
  }
  const players = solo ? 1 : int("players", Math.max(lo, 2), lo, hi);
  const seats = page.seats(players, game);
  const bots = int("bots", seats === 2 ? 2 : 0, 0, (1 << seats) - 1);
  page.gameForm(game);
  $("players").value = players;
  $("seed").value = int("seed", 1, 1, 0x7fffffff);
  page.seatBoxes(bots);
  const camps = /^[0-5](,[0-5]){1,5}$/.test(params.get("camps") || "") ? params.get("camps") : "";
  page.start(game, players, +$("seed").value, bots, camps.split(",").length === players ? camps : "");
  page.tick(performance.now());
  pomme.loadMs = performance.now();   // since the page's navigation started
  pomme.startMs = performance.now() - t0;
  pomme.ready = true;
  $("status").textContent = T("loadedIn", (pomme.loadMs / 1000).toFixed(2));
  const mirror = $("mirror");
  if ("serial" in navigator) {
    mirror.addEventListener("click", async () => {
      if (page.mirror) {
        await page.mirror.close();
        page.mirror = null;
        pomme.mode = "play";
        mirror.textContent = T("mirror");
        document.body.classList.remove("mirroring");
        page.useGame(pomme.game);   // back to the page's own game and its map
        pomme.version = "";
        return;
      }
      const port = await navigator.serial.requestPort();
      page.mirror = new Mirror(page, wb, T);
      await page.mirror.open(port);
      pomme.mode = "mirror";
      mirror.textContent = T("mirrorOff");
      document.body.classList.add("mirroring");
    });
  } else {
    mirror.disabled = true;
    mirror.title = T("mirrorNone");
  }
  const loop = (now) => {
    try {
      page.tick(now);
    } catch (e) {
      pomme.error = String(e);
      console.error(e);
    }
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}

main().catch((e) => {
  pomme.error = String(e && e.stack ? e.stack : e);
  $("status").textContent = "The board could not start: " + e;
  console.error(e);
});
