// The board drawn in SVG from its definition (hardware/maps/<name>.json): one hexagon per
// space at its axial coordinates (pointy-top), its terrain, its number, its LED, the tokens on
// it and the pieces standing on it; each seat's camp tray off the map. The LEDs are painted
// from the firmware's frame (paintLeds), everything else from the board's summary.
const NS = "http://www.w3.org/2000/svg";
export const HEX = 44;                // centre to corner, px
const TERRAIN = { white: "#e9eef2", grey: "#b9b9bd", green: "#93c993", yellow: "#ead98c", red: "#d98d73",
                  blue: "#8fb0da" };
const KIND = { portal: "#efa8d2", castle: "#b89bd8" };

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export function centre(sp) {
  return [HEX * Math.sqrt(3) * (sp.q + sp.r / 2), HEX * 1.5 * sp.r];
}

function corners(x, y, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push((x + r * Math.cos(a)).toFixed(1) + "," + (y + r * Math.sin(a)).toFixed(1));
  }
  return pts.join(" ");
}

// Where a camp's tray stands: beyond the map, outwards from its front spaces.
function campPoint(def, camp) {
  let x = 0, y = 0;
  for (const s of camp.front) {
    const [cx, cy] = centre(def.spaces[s]);
    x += cx; y += cy;
  }
  x /= camp.front.length; y /= camp.front.length;
  const d = Math.hypot(x, y) || 1;
  const out = HEX * 1.9;
  return [x + (x / d) * out, y + (y / d) * out];
}

export class MapView {
  constructor(svg, def) {
    this.svg = svg;
    this.def = def;
    this.leds = [];
    this.spaceGroups = [];
    this.tokenLayers = [];
    const xs = def.spaces.map((s) => centre(s)[0]), ys = def.spaces.map((s) => centre(s)[1]);
    const pad = HEX * 3.2;
    const minX = Math.min(...xs) - pad, maxX = Math.max(...xs) + pad;
    const minY = Math.min(...ys) - pad, maxY = Math.max(...ys) + pad;
    svg.setAttribute("viewBox", [minX, minY, maxX - minX, maxY - minY].map((v) => v.toFixed(0)).join(" "));
    this.camps = [];
    const campLayer = el("g", { class: "camps" }, svg);
    for (const camp of def.camps || []) {
      const [x, y] = campPoint(def, camp);
      const g = el("g", { class: "camp", "data-camp": camp.site }, campLayer);
      const tray = el("rect", { x: x - 46, y: y - 22, width: 92, height: 44, rx: 10, class: "tray" }, g);
      const label = el("text", { x: x, y: y + 15, class: "camp-label" }, g);
      this.camps[camp.site] = { x, y, g, label, tray, led: camp.led, rgb: "" };
    }
    const spaces = el("g", { class: "spaces" }, svg);
    for (const sp of def.spaces) {
      const [x, y] = centre(sp);
      const g = el("g", { class: "space", "data-space": sp.id }, spaces);
      const fill = sp.kind === "region" ? TERRAIN[def.region_colours[sp.region]] || "#ddd" : KIND[sp.kind] || "#ddd";
      el("polygon", { points: corners(x, y, HEX - 1.5), fill, class: "hex" }, g);
      const ring = el("polygon", { points: corners(x, y, HEX - 5), class: "glow" }, g);
      const led = el("circle", { cx: x, cy: y - HEX * 0.56, r: 8, class: "led", fill: "rgb(0,0,0)",
                                 "data-space": sp.id }, g);
      const num = el("text", { x: x, y: y + HEX * 0.78, class: "num" }, g);
      num.textContent = sp.id;
      if (sp.kind !== "region") {
        const k = el("text", { x: x, y: y - HEX * 0.22, class: "kind" }, g);
        k.textContent = sp.kind === "castle" ? "\u2656" : "\u25c8";
      }
      this.leds[sp.id] = { led, ring, rgb: "" };
      this.spaceGroups[sp.id] = g;
      this.tokenLayers[sp.id] = el("g", { class: "tokens" }, g);
    }
    this.pieceLayer = el("g", { class: "pieces" }, svg);
    this.ghost = el("g", { class: "ghost", visibility: "hidden" }, svg);
  }

  // LED i of the frame (r, g, b bytes in chain order) on each space's LED.
  paintLeds(frame) {
    for (const sp of this.def.spaces) {
      const j = 3 * sp.led;
      const rgb = "rgb(" + frame[j] + "," + frame[j + 1] + "," + frame[j + 2] + ")";
      const l = this.leds[sp.id];
      if (l.rgb === rgb) continue;
      l.rgb = rgb;
      l.led.setAttribute("fill", rgb);
      const lit = frame[j] + frame[j + 1] + frame[j + 2] > 0;
      l.ring.style.stroke = lit ? rgb : "none";
      l.led.classList.toggle("lit", lit);
    }
    // A sensed base camp's LED (after the spaces and the status LEDs): the tray's rim.
    for (const camp of this.camps) {
      if (!camp || camp.led === undefined || 3 * camp.led + 2 >= frame.length) continue;
      const j = 3 * camp.led;
      const rgb = "rgb(" + frame[j] + "," + frame[j + 1] + "," + frame[j + 2] + ")";
      if (camp.rgb === rgb) continue;
      camp.rgb = rgb;
      const lit = frame[j] + frame[j + 1] + frame[j + 2] > 0;
      camp.tray.style.stroke = lit ? rgb : "";
      camp.tray.style.strokeWidth = lit ? "4" : "";
    }
  }

  paintTokens(goods) {
    for (const sp of this.def.spaces) {
      const layer = this.tokenLayers[sp.id];
      const key = goods ? goods[sp.id].join(",") : "";
      if (layer.dataset.key === key) continue;
      layer.dataset.key = key;
      layer.replaceChildren();
      if (!goods) continue;
      const [x, y] = centre(sp);
      const [apples, gems, quest] = goods[sp.id];
      let tx = x - 24;
      const ty = y + HEX * 0.42;
      if (apples) {
        el("circle", { cx: tx, cy: ty, r: 6, class: "apple" }, layer);
        el("text", { x: tx + 10, y: ty + 4, class: "count" }, layer).textContent = apples;
        tx += 20;
      }
      if (gems) {
        el("polygon", { points: [tx, ty - 7, tx + 6, ty, tx, ty + 7, tx - 6, ty].join(" "), class: "gem" }, layer);
        el("text", { x: tx + 10, y: ty + 4, class: "count" }, layer).textContent = gems;
        tx += 20;
      }
      if (quest) el("rect", { x: tx - 5, y: ty - 6, width: 11, height: 12, rx: 2, class: "quest" }, layer);
      layer.setAttribute("data-goods", key);
    }
  }
}
