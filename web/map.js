// The board drawn in SVG from the ruleset's drawing of it (firmware/hosts/web_games.layout:
// the ruleset's page_panel module, through the seam): one hexagon per space at the centre the
// layout gives, its fill, its mark, its label, its LED, the tokens on it and the pieces
// standing on it; borders (rivers); the trays off the map (camps, supplies). The LEDs are
// painted from the firmware's frame (paintLeds), everything else from the board's summary.
const NS = "http://www.w3.org/2000/svg";

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function corners(x, y, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push((x + r * Math.cos(a)).toFixed(1) + "," + (y + r * Math.sin(a)).toFixed(1));
  }
  return pts.join(" ");
}

// A small shape centred on (x, y): circle, square, diamond or triangle.
export function shape(kind, x, y, r, attrs, parent) {
  if (kind === "square") return el("rect", Object.assign({ x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2 }, attrs), parent);
  if (kind === "diamond") return el("polygon", Object.assign({ points: [x, y - r, x + r, y, x, y + r, x - r, y].join(" ") }, attrs), parent);
  if (kind === "triangle") return el("polygon", Object.assign({ points: [x, y - r, x + r, y + 0.8 * r, x - r, y + 0.8 * r].join(" ") }, attrs), parent);
  return el("circle", Object.assign({ cx: x, cy: y, r }, attrs), parent);
}

export class MapView {
  constructor(svg, def, layout) {
    svg.replaceChildren();
    this.svg = svg;
    this.def = def;
    this.layout = layout;
    const H = (this.hex = layout.hex);
    this.leds = [];
    this.spaceGroups = [];
    this.tokenLayers = [];
    this.centres = [];
    this.trays = [];
    const xs = [], ys = [];
    for (const sp of layout.spaces) { xs.push(sp.x - H, sp.x + H); ys.push(sp.y - H, sp.y + H); }
    for (const t of layout.trays) { xs.push(t.x - t.w / 2, t.x + t.w / 2); ys.push(t.y - t.h / 2, t.y + t.h / 2); }
    const pad = H * 0.3;
    const minX = Math.min(...xs) - pad, maxX = Math.max(...xs) + pad;
    const minY = Math.min(...ys) - pad, maxY = Math.max(...ys) + pad;
    svg.setAttribute("viewBox", [minX, minY, maxX - minX, maxY - minY].map((v) => v.toFixed(0)).join(" "));
    const trayLayer = el("g", { class: "camps" }, svg);
    for (const t of layout.trays) {
      const g = el("g", { class: "camp", "data-camp": t.site }, trayLayer);
      const tray = el("rect", { x: t.x - t.w / 2, y: t.y - t.h / 2, width: t.w, height: t.h, rx: 10, class: "tray" }, g);
      const label = el("text", { x: t.x, y: t.y + t.h / 2 - 5, class: "camp-label" }, g);
      this.trays[t.site] = Object.assign({ g, label, tray, rgb: "" }, t);
    }
    const spaces = el("g", { class: "spaces" }, svg);
    for (const sp of layout.spaces) {
      const { x, y } = sp;
      this.centres[sp.id] = [x, y];
      const g = el("g", { class: "space", "data-space": sp.id }, spaces);
      el("polygon", { points: corners(x, y, H - 1.5), fill: sp.fill, class: "hex" }, g);
      const ring = el("polygon", { points: corners(x, y, H - 5), class: "glow" }, g);
      const led = el("circle", { cx: x, cy: y - H * 0.62, r: 6, class: "led", fill: "rgb(0,0,0)", "data-space": sp.id }, g);
      const num = el("text", { x: x, y: y + H * 0.86, class: "num" }, g);
      num.textContent = sp.label;
      if (sp.mark) el("text", { x: x - H * 0.42, y: y - H * 0.48, class: "kind" }, g).textContent = sp.mark;
      this.leds[sp.id] = { led, ring, rgb: "" };
      this.spaceGroups[sp.id] = g;
      this.tokenLayers[sp.id] = el("g", { class: "tokens" }, g);
    }
    const borders = el("g", { class: "borders" }, svg);
    for (const [x1, y1, x2, y2, colour] of layout.borders) el("line", { x1, y1, x2, y2, stroke: colour, class: "river" }, borders);
    this.pieceLayer = el("g", { class: "pieces" }, svg);
    this.ghost = el("g", { class: "ghost", visibility: "hidden" }, svg);
  }

  centre(space) {
    return this.centres[space];
  }

  // LED i of the frame (r, g, b bytes in chain order) on each space's LED.
  paintLeds(frame) {
    for (const sp of this.def.spaces) {
      const j = 3 * sp.led;
      const rgb = "rgb(" + frame[j] + "," + frame[j + 1] + "," + frame[j + 2] + ")";
      const l = this.leds[sp.id];
      if (!l || l.rgb === rgb) continue;
      l.rgb = rgb;
      l.led.setAttribute("fill", rgb);
      const lit = frame[j] + frame[j + 1] + frame[j + 2] > 0;
      l.ring.style.stroke = lit ? rgb : "none";
      l.led.classList.toggle("lit", lit);
    }
    // A sensed base camp's LED (after the spaces and the status LEDs): the tray's rim.
    for (const t of this.trays) {
      if (!t || t.led === undefined || t.led < 0 || 3 * t.led + 2 >= frame.length) continue;
      const j = 3 * t.led;
      const rgb = "rgb(" + frame[j] + "," + frame[j + 1] + "," + frame[j + 2] + ")";
      if (t.rgb === rgb) continue;
      t.rgb = rgb;
      const lit = frame[j] + frame[j + 1] + frame[j + 2] > 0;
      t.tray.style.stroke = lit ? rgb : "";
      t.tray.style.strokeWidth = lit ? "4" : "";
    }
  }

  // The tokens on each space: [[kind, count, owner], ...] per space (the ruleset's panel),
  // each drawn as the layout's token looks say, in a row below the pieces.
  paintTokens(tokens, colourOf) {
    const looks = this.layout.tokens || {};
    for (const sp of this.layout.spaces) {
      const layer = this.tokenLayers[sp.id];
      const here = tokens ? tokens[sp.id] || [] : [];
      const key = JSON.stringify(here);
      if (layer.dataset.key === key) continue;
      layer.dataset.key = key;
      layer.replaceChildren();
      const [x, y] = this.centre(sp.id);
      const step = here.length > 3 ? 15 : 20;
      let tx = x - (step * (here.length - 1)) / 2 - 4;
      const ty = y + this.hex * 0.55;
      for (const [kind, count, owner] of here) {
        const [form, fill] = looks[kind] || ["circle", "#999"];
        shape(form, tx, ty, 5, { class: "token", "data-token": kind, fill: owner >= 0 ? colourOf(owner) : fill }, layer);
        if (count > 1) el("text", { x: tx + 8, y: ty + 4, class: "count" }, layer).textContent = count;
        tx += step;
      }
      layer.setAttribute("data-goods", here.map((t) => t[0] + t[1]).join(","));
    }
  }
}
