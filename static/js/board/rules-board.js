// The generic board of the rules-file games: squares, points and lines, rows of holes, or a
// track, drawn from the variant's geometry (view.info: Variant.board_info), the pieces on it by
// kind and owner, each seat's hand beside it. It knows no rules: the host gives it the legal
// actions and it reports the one chosen (onMove(action)), by click-click, drag and drop or tap.
// Where and what is pure (rules-geometry.js); this draws and listens.

import { el, svgPoint, redrawer } from "./svg.js";
import {
  UNIT, layout, hitTest, stripItems, boardStacks, jumpsOf, isSeeds, stripSeats, classify, targets, tapSite, pendingSite, claimedHoles,
  actionLabel, initialSelection, placeableKinds, optionLabels, seatLabels, kindName, countOf, possessive, throwValue,
} from "./rules-geometry.js";
import { sameAction } from "./notation.js";

const DRAG_THRESHOLD = 6;
const SEEDS_SHOWN = 20;
// Glyphs that mean only "a piece": the piece's own shape says it, no letter inside.
const PLAIN = new Set(["●", "○", "•", "◦", "⬤", ""]);

// Where seeds lie in a hole of radius r: two rings round the hole's number, which stands in the
// middle (the number always says how many there are; more than fit are not drawn).
export function seedOffsets(count, r) {
  const out = [];
  for (const [n, radius] of [[8, 0.7], [12, 0.95]]) {
    for (let k = 0; k < n && out.length < Math.min(count, SEEDS_SHOWN); k++) {
      const angle = (2 * Math.PI * k) / n + (radius > 0.5 ? Math.PI / 12 : 0);
      out.push({ dx: Math.cos(angle) * radius * r, dy: Math.sin(angle) * radius * r });
    }
  }
  return out;
}

// A seat's piece outline where more than two seats play: the light and dark circles of two
// seats, then a diamond and a hexagon, so seats are told apart without colour.
export function pieceShape(seat, players) {
  if (players <= 2 || seat === null || seat === undefined) return "circle";
  return ["circle", "square", "diamond", "hexagon"][seat % 4];
}

// A piece's direction indicators (pieces.KIND.indicators: Ploy): a wedge on its rim for each
// compass point listed (data axes, north up the board from the first seat), its tip at the rim,
// turned with the board (`turns` quarter turns clockwise, as the layout turns it). Each wedge is
// [[x, y] tip, [x, y] left, [x, y] right].
const COMPASS = { n: [0, 1], ne: [1, 1], e: [1, 0], se: [1, -1], s: [0, -1], sw: [-1, -1], w: [-1, 0], nw: [-1, 1] };
export function indicatorWedges(cx, cy, r, points, turns = 0) {
  const out = [];
  for (const p of points || []) {
    if (!COMPASS[p]) continue;
    let [u, v] = [COMPASS[p][0], -COMPASS[p][1]]; // y down on the screen
    for (let k = 0; k < ((turns % 4) + 4) % 4; k++) [u, v] = [-v, u];
    const n = Math.hypot(u, v);
    [u, v] = [u / n, v / n];
    const bx = cx + u * r * 0.62;
    const by = cy + v * r * 0.62;
    const round = (x) => Math.round(x * 100) / 100;
    out.push([[round(cx + u * r * 0.97), round(cy + v * r * 0.97)],
      [round(bx - v * r * 0.22), round(by + u * r * 0.22)], [round(bx + v * r * 0.22), round(by - u * r * 0.22)]]);
  }
  return out;
}

function outline(shape, cx, cy, r, attrs) {
  if (shape === "square") return el("rect", { x: cx - r * 0.88, y: cy - r * 0.88, width: r * 1.76, height: r * 1.76, rx: r * 0.25, ...attrs });
  if (shape === "diamond") return el("polygon", { points: `${cx},${cy - r * 1.1} ${cx + r * 1.1},${cy} ${cx},${cy + r * 1.1} ${cx - r * 1.1},${cy}`, ...attrs });
  if (shape === "hexagon") {
    const pts = [];
    for (let k = 0; k < 6; k++) pts.push(`${cx + r * Math.cos((Math.PI / 3) * k)},${cy + r * Math.sin((Math.PI / 3) * k)}`);
    return el("polygon", { points: pts.join(" "), ...attrs });
  }
  return el("circle", { cx, cy, r, ...attrs });
}

// A mark's symbol in a square of side s centred on (cx, cy): the throne and corners of tafl
// hatched, a rosette, a castle's cross, a home's rings, anything else its word.
function markSymbol(mark, cx, cy, s) {
  const g = el("g", { class: `mark mark-${mark}` });
  const line = (x1, y1, x2, y2) => el("line", { x1: cx + x1 * s, y1: cy + y1 * s, x2: cx + x2 * s, y2: cy + y2 * s });
  switch (mark) {
    case "throne":
    case "corner":
    case "refuge":
      g.append(el("rect", { x: cx - 0.4 * s, y: cy - 0.4 * s, width: 0.8 * s, height: 0.8 * s, class: "ring" }));
      g.append(line(-0.4, -0.4, 0.4, 0.4), line(-0.4, 0.4, 0.4, -0.4));
      break;
    case "rosette":
      g.append(el("circle", { cx, cy, r: 0.42 * s, class: "ring" }));
      for (let k = 0; k < 8; k++) {
        const a = (Math.PI * k) / 4;
        g.append(el("circle", { cx: cx + Math.cos(a) * 0.25 * s, cy: cy + Math.sin(a) * 0.25 * s, r: 0.09 * s, class: "petal" }));
      }
      break;
    case "safe":
    case "castle":
    case "x":
      g.append(line(-0.36, -0.36, 0.36, 0.36), line(-0.36, 0.36, 0.36, -0.36));
      break;
    case "home":
    case "goal":
      g.append(el("circle", { cx, cy, r: 0.44 * s, class: "ring" }), el("circle", { cx, cy, r: 0.3 * s, class: "ring" }));
      break;
    default:
      g.append(el("text", { x: cx, y: cy + 0.36 * s, class: "mark-word" }, [String(mark).slice(0, 6)]));
  }
  return g;
}

// How much larger than the stylesheet's sizes words on this board are drawn: a board wider
// than 720 units is shown scaled down as much as it is wider.
// A file's seat colours (info.colours, "#rrggbb" a seat) as the CSS variables board.css reads:
// --seat-N the piece, --seat-N-ink the glyph that reads on it (dark on a light colour, white on a
// dark one, by relative luminance), --seat-N-tile its squares' pale tint (a quarter of the colour).
export function seatPalette(colours) {
  const out = {};
  (Array.isArray(colours) ? colours : []).forEach((c, i) => {
    const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(c || "");
    if (!m) return;
    const rgb = m.slice(1).map((h) => parseInt(h, 16));
    const lin = rgb.map((v) => { const x = v / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
    const luminance = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
    out[`--seat-${i}`] = c.toLowerCase();
    out[`--seat-${i}-ink`] = luminance > 0.3 ? "#1f1f1f" : "#fff";
    const tint = rgb.map((v, k) => Math.round(v * 0.25 + [255, 253, 248][k] * 0.75));
    out[`--seat-${i}-tile`] = `#${tint.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
  });
  return out;
}

// A glyph of more than two characters (Rithmomachia's numbers, "▲120") is drawn smaller and
// fitted to the piece's width, where the stylesheet's size would spill over its neighbours.
export function glyphFit(glyph) {
  const n = Array.from(String(glyph)).length;
  if (n <= 2) return {};
  return { style: `font-size: ${Math.round(32 * Math.max(0.5, 2.4 / n))}px`, textLength: (0.78 * 2 * 0.38 * UNIT).toFixed(1), lengthAdjust: "spacingAndGlyphs" };
}

export function textScale(lay) {
  return Math.max(1, Math.min(2.5, lay.width / 720));
}

export class RulesBoard {
  constructor(container, { onMove, label = "Board", info = null } = {}) {
    this.onMove = onMove || (() => {});
    this.svg = el("svg", { class: "board-svg rules-board", role: "img", "aria-label": label });
    container.append(this.svg);
    this.view = { state: null, viewer: 0, mover: null, legal: [], highlight: [], captured: [], names: null, info, note: null };
    this.classified = classify([]);
    this.selection = null;
    this.choice = null; // {site, actions}: actions that share their sites, to choose among
    this.drag = null;
    this.locked = false; // an action sent, its answer not yet drawn
    this.chips = [];
    this.schedule = redrawer(() => this.draw());
    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.svg.addEventListener("pointercancel", () => this.cancelDrag());
    container.addEventListener?.("keydown", (e) => {
      if (e.key === "Escape" && (this.selection || this.choice)) { this.selection = null; this.choice = null; this.schedule(); }
    });
  }

  // view: {state, viewer (the seat drawn nearest), mover (the seat whose actions are legal now,
  // or null), legal, highlight (site names of the last move), captured (sites just taken),
  // names, info (board_info), note (words over the board)}
  set(view) {
    const before = this.view.state;
    const next = { ...this.view, ...view };
    const moved = "state" in view && JSON.stringify(view.state ?? null) !== JSON.stringify(before ?? null);
    // The turn comes to a seat on the same position (a match's first move, drawn before it
    // started): the selection starts afresh too, so a hand that is all there is to play is lit.
    const turned = "mover" in view && (view.mover ?? null) !== (this.view.mover ?? null);
    if (moved && !("captured" in view)) next.captured = [];
    this.view = next;
    // Whatever the host says next (a new position, the same one after a refusal) ends the wait.
    if ("legal" in view || "mover" in view || moved) this.locked = false;
    const { mover, legal, state } = this.view;
    this.classified = classify(mover === null || mover === undefined ? [] : legal);
    if (moved || turned || !this.selectionValid()) this.selection = initialSelection(this.classified, state, this.seat());
    if (this.choice && (moved || !this.choice.actions.every((a) => (legal || []).some((b) => sameAction(a, b))))) this.choice = null;
    this.schedule();
  }

  info() {
    return this.view.info || {};
  }

  geometry() {
    // A match of several games (race.tavli): the game being played's tracks and marks.
    const k = this.view.state?.match?.game;
    const games = this.info().geometry?.games;
    if (Number.isInteger(k) && Array.isArray(games) && games[k]) return games[k];
    return this.info().geometry || null;
  }

  players() {
    const info = this.info();
    return info.players ?? info.sides?.length ?? 2;
  }

  // The seat's name: the host's for its side, or the variant's (seatLabels).
  name(seat) {
    return seatLabels(this.view.names, this.info())[seat] ?? `Seat ${seat + 1}`;
  }

  // The seat whose pieces the legal actions move: the state's seat to move (a team's side moves
  // each of its seats' pieces in turn), while the host says someone may act.
  seat() {
    const { mover, state } = this.view;
    if (mover === null || mover === undefined) return null;
    return Number.isInteger(state?.to_move) ? state.to_move : mover;
  }

  // The seat drawn nearest: the host's viewer is a side of the play layer, which is a team
  // where seats play in teams (its first seat then).
  viewSeat(viewer) {
    const info = this.info();
    const teams = Array.isArray(info.teams) && this.players() > 2 ? info.teams : null;
    return teams ? teams[viewer]?.[0] ?? viewer : viewer;
  }

  selectionValid() {
    const s = this.selection;
    if (!s) return true;
    if (s.site !== undefined) return this.classified.moves.has(s.site);
    return s.hand === this.seat() && targets(this.classified, s).size > 0;
  }

  // -- input -------------------------------------------------------------------------------------

  hit(event) {
    if (!this.lay) return null;
    const { x, y } = svgPoint(this.svg, event);
    return hitTest(this.lay, x, y, this.chips.filter((c) => !c.passive));
  }

  active() {
    return !this.locked && this.view.mover !== null && this.view.mover !== undefined && Boolean(this.view.state);
  }

  pointerDown(event) {
    if (event.button > 0 || !this.active()) return;
    const option = event.target.closest?.("[data-option]");
    if (option && this.choice) {
      event.preventDefault();
      const action = this.choice.actions[Number(option.dataset.option)];
      if (action) this.emit(action);
      return;
    }
    if (this.choice) { this.choice = null; this.schedule(); return; }
    const extra = event.target.closest?.("[data-extra]");
    if (extra) {
      event.preventDefault();
      const action = this.extras()[Number(extra.dataset.extra)];
      if (action) this.emit(action);
      return;
    }
    const hit = this.hit(event);
    if (!hit) { this.select(null); return; }
    if (hit.strip !== undefined) { this.tapStrip(hit, event); return; }
    // A second tap on the selected piece lets it go, unless the piece may move where it stands
    // (Mehen's ball spending a throw of one in the centre): then that move is played.
    if (this.selection?.site === hit.site && !targets(this.classified, this.selection).has(hit.site)) { this.select(null); return; }
    const what = tapSite(this.classified, this.selection, hit.site);
    if (!what) { this.select(null); return; }
    event.preventDefault();
    if (what.play) this.emit(what.play);
    else if (what.choose) this.offer(hit.site, what.choose);
    else if (what.select) { this.select(what.select); this.startDrag(event); }
  }

  tapStrip(hit, event) {
    const mover = this.seat();
    if (hit.kind === "off") {
      if (this.dropOn("off")) event.preventDefault();
      return;
    }
    if (hit.strip !== mover) { this.select(null); return; }
    const kinds = placeableKinds(this.classified);
    const kind = kinds.includes(hit.kind) ? hit.kind : kinds.includes(null) ? null : undefined;
    if (kind === undefined) { this.select(null); return; }
    event.preventDefault();
    const same = this.selection?.hand === mover && this.selection.kind === kind;
    this.select(same && !initialSelection(this.classified, this.view.state, mover) ? null : { hand: mover, kind });
    if (this.selection) this.startDrag(event);
  }

  startDrag(event) {
    this.drag = { x0: event.clientX, y0: event.clientY, moving: false, pointer: event.pointerId };
    this.svg.setPointerCapture?.(event.pointerId);
  }

  pointerMove(event) {
    if (!this.drag || event.pointerId !== this.drag.pointer) return;
    const dist = Math.hypot(event.clientX - this.drag.x0, event.clientY - this.drag.y0);
    if (!this.drag.moving && dist < DRAG_THRESHOLD) return;
    this.drag.moving = true;
    this.drag.at = svgPoint(this.svg, event);
    this.schedule();
  }

  pointerUp(event) {
    if (!this.drag || event.pointerId !== this.drag.pointer) return;
    const { moving } = this.drag;
    this.drag = null;
    if (!moving) return;
    const hit = this.hit(event);
    const to = hit?.site ?? (hit?.kind === "off" && hit.strip === this.seat() ? "off" : null);
    if (!to || !this.dropOn(to)) this.schedule();
  }

  cancelDrag() {
    this.drag = null;
    this.schedule();
  }

  // The selection's action(s) to `to`: played, or offered to choose among.
  dropOn(to) {
    const actions = targets(this.classified, this.selection).get(to);
    if (!actions) return false;
    if (actions.length === 1) this.emit(actions[0]);
    else this.offer(to, actions);
    return true;
  }

  select(selection) {
    this.selection = selection;
    this.choice = null;
    this.schedule();
  }

  offer(site, actions) {
    this.choice = { site, actions };
    this.drag = null;
    this.schedule();
  }

  emit(action) {
    this.selection = null;
    this.choice = null;
    this.drag = null;
    this.locked = true;
    this.schedule();
    this.onMove(action);
  }

  // -- drawing -------------------------------------------------------------------------------------

  draw() {
    const svg = this.svg;
    svg.replaceChildren();
    const geometry = this.geometry();
    const { state, viewer } = this.view;
    if (!state) return;
    if (!geometry || !Array.isArray(geometry.sites)) {
      svg.setAttribute("viewBox", "0 0 400 60");
      svg.append(el("text", { x: 200, y: 34 }, ["This game's board could not be drawn (no geometry)."]));
      return;
    }
    const players = this.players();
    const lay = layout(geometry, { viewer: this.viewSeat(viewer ?? 0), players, strips: stripSeats(geometry, state, players) });
    this.lay = lay;
    svg.setAttribute("viewBox", `0 0 ${lay.width} ${lay.height}`);
    svg.style.setProperty("--board-ratio", String(lay.width / lay.height));
    // A large board is shown small: its words grow with it (board.css reads --text-scale).
    svg.style.setProperty("--text-scale", String(textScale(lay)));
    for (const [name, value] of Object.entries(seatPalette(this.info().colours))) svg.style.setProperty(name, value);
    svg.classList.toggle("locked", this.locked);
    svg.dataset.style = lay.style;
    const b = lay.board;
    svg.append(el("rect", { x: b.x, y: b.y, width: b.width, height: b.height, rx: 10, class: "frame" }));
    const marks = this.marks();
    this.stacks = boardStacks(state, geometry);
    this.drawGround(geometry, lay);
    for (const site of lay.sites) this.drawSite(site, geometry, lay, marks);
    this.drawJumps(geometry, lay);
    const labels = el("g", { class: "coords", "aria-hidden": "true" });
    for (const l of lay.labels) labels.append(el("text", { x: l.x, y: l.y, "dominant-baseline": "central", class: "coord" }, [l.text]));
    svg.append(labels);
    this.drawStrips(lay, marks);
    if (this.choice) this.drawChoice(lay);
    else if (this.extras().length) this.drawExtras(lay);
    if (this.view.note) this.drawNote(lay);
    if (this.drag?.moving && this.drag.at) this.drawGhost(lay);
  }

  // What each site is to the player now: a source, a target, selected, the last move's.
  marks() {
    const c = this.classified;
    const sel = this.selection;
    return {
      sources: new Set(c.moves.keys()),
      removals: new Set(c.removals.keys()),
      sows: new Set(c.sows.keys()),
      targets: targets(c, sel),
      selected: sel?.site ?? null,
      recent: new Set(this.view.highlight || []),
      captured: new Set(this.view.captured || []),
      pending: pendingSite(this.view.state),
      closed: new Set(Array.isArray(this.view.state?.closed) ? this.view.state.closed.map(String) : []),
      sown: new Set(Array.isArray(this.view.state?.sown) ? this.view.state.sown.map(String) : []),
      claimed: claimedHoles(this.view.state),
    };
  }

  // Under the sites: the lines of a line board, the wooden board of a sowing game.
  drawGround(geometry, lay) {
    if (lay.style === "mancala") {
      const b = lay.board;
      this.svg.append(el("rect", { x: b.x + 6, y: b.y + 6, width: b.width - 12, height: b.height - 12, rx: 24, class: "mancala-board" }));
      // A row shared by two owners (three rows: the centre) is marked where its halves meet.
      for (const [x1, y1, x2, y2] of lay.dividers || []) this.svg.append(el("line", { x1, y1, x2, y2, class: "row-divider" }));
    }
    const lines = el("g", { class: "lines" });
    for (const [x1, y1, x2, y2] of lay.edges) lines.append(el("line", { x1, y1, x2, y2, class: "edge" }));
    this.svg.append(lines);
  }

  // Snakes, ladders and goals (geometry.jumps): an arrow from the square a piece lands on to the
  // square it is carried to, over the squares and under nothing a player taps (pointer-events
  // off); a goal is a ring. Each has a title a pointer or a screen reader finds.
  drawJumps(geometry, lay) {
    const jumps = jumpsOf(geometry);
    if (!jumps.length) return;
    const u = lay.unit;
    const g = el("g", { class: "jumps" });
    for (const j of jumps) {
      const a = lay.byName.get(j.from);
      const b = j.to === "off" ? null : lay.byName.get(j.to);
      if (!a || (j.to !== "off" && !b)) continue;
      const title = el("title", {}, [j.kind === "goal" ? `${j.from}: goal (off the board)` : `${j.kind} from ${j.from} to ${j.to}`]);
      const item = el("g", { class: `jump jump-${j.kind}`, "data-jump": j.from });
      item.append(title);
      if (!b) {
        item.append(el("circle", { cx: a.cx, cy: a.cy, r: 0.42 * u, class: "jump-line" }));
      } else {
        const dx = b.cx - a.cx;
        const dy = b.cy - a.cy;
        const len = Math.hypot(dx, dy) || 1;
        const ux = dx / len;
        const uy = dy / len;
        const head = 0.22 * u;
        const tx = b.cx - ux * 0.18 * u;
        const ty = b.cy - uy * 0.18 * u;
        item.append(el("line", { x1: a.cx, y1: a.cy, x2: tx - ux * head * 0.6, y2: ty - uy * head * 0.6, class: "jump-line" }));
        item.append(el("path", {
          d: `M ${tx} ${ty} L ${tx - ux * head - uy * head * 0.6} ${ty - uy * head + ux * head * 0.6} `
            + `L ${tx - ux * head + uy * head * 0.6} ${ty - uy * head - ux * head * 0.6} Z`,
          class: "jump-head",
        }));
        item.append(el("circle", { cx: a.cx, cy: a.cy, r: 0.1 * u, class: "jump-head" }));
      }
      g.append(item);
    }
    this.svg.append(g);
  }

  drawSite(site, geometry, lay, m) {
    const mover = this.seat();
    const state = this.view.state;
    const u = lay.unit;
    const name = site.name;
    const classes = ["site", `shape-${site.shape}`];
    if (site.mark) classes.push("marked");
    if (m.sources.has(name)) classes.push("source");
    if (m.removals.has(name)) classes.push("removable");
    if (m.sows.has(name)) classes.push("sowable");
    if (m.targets.has(name)) classes.push("dest");
    if (m.recent.has(name)) classes.push("recent");
    if (m.captured.has(name)) classes.push("captured");
    if (m.selected === name) classes.push("selected");
    if (site.owner !== null && site.owner !== undefined) classes.push(`owned-${site.owner}`);
    if (geometry.checkered && site.shape === "square") classes.push((site.x + site.y) % 2 === 0 ? "dark" : "light");
    for (const [region, names] of Object.entries(geometry.regions || {})) {
      if (Array.isArray(names) && names.includes(name)) classes.push(`region-${String(region).replace(/[^\w-]/g, "")}`);
    }
    const g = el("g", { class: classes.join(" "), "data-site": name });
    const { cx, cy, w, h } = site;
    g.append(el("rect", { x: cx - w / 2, y: cy - h / 2, width: w, height: h, class: "hit" }));
    if (site.shape === "store") g.append(el("rect", { x: cx - w / 2, y: cy - h / 2, width: w, height: h, rx: Math.min(w, h) / 2, class: "store-box" }));
    else if (site.shape === "hole") g.append(el("circle", { cx, cy, r: 0.42 * u, class: "cup" }));
    else if (site.shape === "point") g.append(el("circle", { cx, cy, r: 0.09 * u, class: "point" }));
    else if (site.shape === "hex") g.append(outline("hexagon", cx, cy, 0.57 * u, { class: "tile", transform: `rotate(30 ${cx} ${cy})` }));
    else g.append(el("rect", { x: cx - u / 2 + 1, y: cy - u / 2 + 1, width: u - 2, height: u - 2, class: "tile" }));
    if (site.mark) g.append(markSymbol(site.mark, cx, cy, u * (site.shape === "point" ? 0.5 : 0.9)));
    if (site.shape === "store") {
      // The owner's name across the store, squeezed to its width when long.
      const label = this.name(site.owner);
      const fit = label.length * 8 > w - 10 ? { textLength: w - 10, lengthAdjust: "spacingAndGlyphs" } : {};
      g.append(el("text", { x: cx, y: cy - h / 2 + 18, class: "store-name", ...fit }, [label]));
    } else if (site.shape === "hole" || (lay.style === "track" && lay.sites.length <= 40)) {
      // A hole's number (or a short track's square's) in its top left corner; a long track's
      // names are in each square's title, too small to read drawn.
      g.append(el("text", { x: cx - 0.47 * u, y: cy - 0.34 * u, class: "site-name" }, [name]));
    }
    const here = this.stacks.get(name) || [];
    const seeds = here.filter((s) => isSeeds(s, site));
    const men = here.filter((s) => !isSeeds(s, site));
    let seedCount = seeds.reduce((n, s) => n + s.count, 0);
    // (A store the state's board lists, even empty, holds what it lists: Tchela's one-counter store.)
    if (site.shape === "store" && !here.length && !(state.board && name in state.board) && Array.isArray(state.scores) && site.owner !== null && site.owner !== undefined) {
      seedCount = state.scores[site.owner] ?? 0;
    }
    if (site.shape === "hole" || site.shape === "store" || seeds.length) this.drawSeeds(g, site, seedCount, u);
    // Counters that belong to a seat (board.owners = "counters": the hole is whoever's counters lie
    // in it, Quendo, Mwendo) ring their hole in the holder's colour.
    const holder = seeds.find((s) => s.owner !== null && s.owner !== undefined)?.owner;
    if (holder !== undefined) g.append(el("circle", { cx, cy, r: 0.44 * u, class: `held-mark held-${holder}` }));
    const r = (lay.style === "lines" ? 0.34 : 0.38) * u;
    men.forEach((s, i) => {
      const n = men.length;
      const dx = n > 1 ? (i - (n - 1) / 2) * (u * 0.9 / n) : 0;
      const rr = n > 1 ? Math.min(r, u * 0.5 / n + 4) : r;
      this.drawPiece(g, cx + dx, cy, rr, s, {
        movable: m.sources.has(name) && s.owner === mover,
        selected: m.selected === name && s.owner === mover,
        pending: m.pending === name,
        lifted: m.selected === name && this.drag?.moving,
      });
    });
    // A hole left empty for the round (state.closed) is crossed; one sown from (state.sown) dotted.
    if (m.closed.has(name)) g.append(el("path", { d: `M${cx - 0.24 * u} ${cy - 0.24 * u}l${0.48 * u} ${0.48 * u}m0 ${-0.48 * u}l${-0.48 * u} ${0.48 * u}`, class: "closed-mark" }));
    if (m.sown.has(name)) g.append(el("circle", { cx: cx + 0.34 * u, cy: cy - 0.34 * u, r: 0.07 * u, class: "sown-mark" }));
    // A hole a seat has claimed (a tuz, a wegue: state.tuz) is ringed in the holder's colour.
    if (m.claimed?.has(name)) g.append(el("circle", { cx, cy, r: 0.47 * u, class: `claimed-mark claimed-${m.claimed.get(name)}` }));
    if (m.targets.has(name)) g.append(el("circle", { cx, cy, r: (here.length ? 0.46 : 0.2) * u, class: here.length ? "dest-ring" : "dest-mark" }));
    if (m.removals.has(name)) g.append(el("circle", { cx, cy, r: 0.46 * u, class: "remove-ring" }));
    if (m.recent.has(name)) g.append(el("rect", { x: cx - w / 2 + 3, y: cy - h / 2 + 3, width: w - 6, height: h - 6, rx: 6, class: "recent-mark" }));
    if (m.captured.has(name)) g.append(el("path", { d: `M${cx - 0.18 * u} ${cy - 0.18 * u}l${0.36 * u} ${0.36 * u}m0 ${-0.36 * u}l${-0.36 * u} ${0.36 * u}`, class: "captured-mark" }));
    g.append(el("title", {}, [this.siteTitle(site, here, seedCount, m)]));
    this.svg.append(g);
  }

  siteTitle(site, here, seedCount, m) {
    const pieces = this.info().pieces || {};
    const what = here.length
      ? here.map((s) => (s.owner === null ? countOf(s.count, pieces, s.kind) : `${possessive(this.name(s.owner))} ${s.count > 1 ? countOf(s.count, pieces, s.kind) : kindName(pieces, s.kind)}`)).join(", ")
      : site.shape === "store" ? countOf(seedCount, pieces, "seed") : "empty";
    const label = site.shape === "hole" ? `hole ${site.name}` : site.shape === "store" ? `${possessive(this.name(site.owner))} store` : site.name;
    const holder = m.claimed?.get(site.name);
    const notes = [site.mark, holder !== undefined ? `claimed by ${this.name(holder)}` : null, m.closed.has(site.name) ? "left empty" : null, m.targets.has(site.name) ? "can move here" : null, m.removals.has(site.name) ? "can be removed" : null,
      m.sows.has(site.name) ? "can be sown" : null, m.recent.has(site.name) ? "last move" : null].filter(Boolean);
    return `${label}${notes.length ? ` (${notes.join(", ")})` : ""}: ${what}`;
  }

  // Seeds in a hole or a store: as many as fit, and the number, large, on top.
  drawSeeds(g, site, count, u) {
    const { cx, cy, h } = site;
    if (site.shape === "store") {
      const shown = Math.min(count, 24);
      const cols = 3;
      for (let k = 0; k < shown; k++) {
        const col = k % cols;
        const row = Math.floor(k / cols);
        g.append(el("circle", { cx: cx + (col - 1) * 0.22 * u, cy: cy + h / 2 - 0.2 * u - row * 0.15 * u, r: 0.07 * u, class: "seed" }));
      }
      g.append(el("text", { x: cx, y: cy, "dominant-baseline": "central", class: "seed-count store-count" }, [String(count)]));
      return;
    }
    const r = 0.36 * u;
    for (const { dx, dy } of seedOffsets(count, r)) g.append(el("circle", { cx: cx + dx, cy: cy + dy, r: 0.065 * u, class: "seed" }));
    if (count > 0 || site.shape === "hole") {
      g.append(el("text", { x: cx, y: cy, "dominant-baseline": "central", class: `seed-count${count ? "" : " empty"}` }, [String(count)]));
    }
  }

  drawPiece(g, cx, cy, r, stack, { movable = false, selected = false, pending = false, lifted = false } = {}) {
    const players = this.players();
    const seat = stack.owner;
    const seatClass = seat === null ? "neutral" : `seat-${seat % 4}`;
    const shape = pieceShape(seat, players);
    const classes = ["piece", seatClass, `kind-${String(stack.kind).replace(/[^\w-]/g, "")}`];
    if (movable) classes.push("movable");
    if (selected) classes.push("selected");
    if (pending) classes.push("pending");
    if (lifted) classes.push("lifted");
    const group = el("g", { class: classes.join(" ") });
    if (selected || pending) group.append(el("circle", { cx, cy, r: r + 6, class: "select-halo" }));
    group.append(outline(shape, cx, cy, r, { class: "piece-body" }));
    const glyph = this.info().pieces?.[stack.kind]?.glyph ?? String(stack.kind).slice(0, 1).toUpperCase();
    // The glyph at the piece's size (the stylesheet's is for a piece on a square, at 0.38 units).
    if (!PLAIN.has(glyph)) {
      const k = r / (0.38 * UNIT);
      const t = el("g", { transform: `translate(${cx} ${cy}) scale(${k})` });
      t.append(el("text", { x: 0, y: 0, "dominant-baseline": "central", class: "glyph", ...glyphFit(glyph) }, [glyph]));
      group.append(t);
    }
    const indicators = this.info().pieces?.[stack.kind]?.indicators;
    if (Array.isArray(indicators)) {
      for (const pts of indicatorWedges(cx, cy, r, indicators, this.lay?.turns ?? 0)) {
        group.append(el("polygon", { points: pts.map(([x, y]) => `${x},${y}`).join(" "), class: "indicator" }));
      }
    }

    if (stack.count > 1) {
      const bx = cx + r * 0.75;
      const by = cy - r * 0.75;
      group.append(el("circle", { cx: bx, cy: by, r: 11, class: "badge" }));
      group.append(el("text", { x: bx, y: by, "dominant-baseline": "central", class: "badge-count" }, [String(stack.count)]));
    }
    g.append(group);
  }

  // Each seat's strip: its name, the pieces in its hand by kind, pieces borne off, the throw.
  drawStrips(lay, m) {
    const { state } = this.view;
    const mover = this.seat();
    const info = this.info();
    const order = Object.keys(info.pieces || {});
    const offAllowed = lay.style === "track" || [...this.classified.moves.values()].some((l) => l.some((d) => d.to === "off"));
    const kinds = placeableKinds(this.classified);
    this.chips = [];
    for (const strip of lay.strips) {
      const seat = strip.seat;
      const k = strip.scale ?? 1;
      const name = this.name(seat);
      const hand = Array.isArray(state.hands) ? state.hands[seat] : null;
      const thrown = Boolean(state.throw) && state.to_move === seat;
      const items = stripItems(strip, hand, { order, off: offAllowed, thrown, unit: lay.unit, nameWidth: name.length * 9.5 + 12 });
      this.chips.push(...items);
      const g = el("g", { class: `strip seat-strip-${seat % 4}${seat === mover ? " to-move" : ""}`, "data-strip": seat });
      g.append(el("rect", { x: strip.x + 2, y: strip.y + 2, width: strip.width - 4, height: strip.height - 4, rx: 8 * k, class: "strip-box" }));
      for (const item of items) g.append(this.drawChip(item, seat, { mover, kinds, m, state, k, name, rows: strip.rows ?? 1 }));
      const tip = Object.entries(hand || {}).filter(([, n]) => n > 0).map(([kind, n]) => countOf(n, info.pieces, kind)).join(", ");
      g.append(el("title", {}, [`${name}: in hand ${tip || "nothing"}`]));
      this.svg.append(g);
    }
  }

  // Words in a strip, at the strip's scale (the stylesheet sets the size at scale 1).
  label(x, y, k, cls, text, anchor = null) {
    const g = el("g", { transform: `translate(${x} ${y}) scale(${k})` });
    g.append(el("text", { x: 0, y: 0, "dominant-baseline": "central", class: cls, ...(anchor ? { "text-anchor": anchor } : {}) }, [text]));
    return g;
  }

  drawChip(item, seat, { mover, kinds, m, state, k, name, rows }) {
    const u = this.lay.unit * k;
    const cy = item.y + item.height / 2;
    if (item.kind === "name") {
      const g = el("g", { class: "strip-label" });
      g.append(outline(pieceShape(seat, this.players()), item.x + 0.22 * u, cy, 0.16 * u, { class: `piece-body swatch seat-${seat % 4}` }));
      g.append(this.label(item.x + 0.45 * u, cy, k, "strip-name", name));
      const empty = !Object.values(state.hands?.[seat] || {}).some((n) => n > 0);
      if (empty && rows === 1 && (this.geometry().hands || Array.isArray(state.hands))) {
        g.append(this.label(item.x + item.width + 0.1 * u, cy, k, "strip-empty", "hand empty"));
      }
      return g;
    }
    if (item.kind === "throw") {
      const g = el("g", { class: "throw" });
      g.append(el("rect", { x: item.x, y: item.y, width: item.width, height: item.height, rx: 6 * k, class: "throw-box" }));
      const t = state.throw;
      const faces = Array.isArray(t.faces) && !t.pair ? t.faces.join(" ") : "";
      const left = Array.isArray(t.left) && t.left.length ? ` (left ${t.left.join(", ")})` : "";
      g.append(this.label(item.x + item.width / 2, cy, k, "throw-text", `${faces ? `${faces} = ` : ""}${throwValue(t) ?? ""}${left}`));
      g.append(el("title", {}, [`${name} threw ${throwValue(t) ?? ""}`]));
      return g;
    }
    if (item.kind === "off") {
      // Borne off: the state's `off` where a mechanic gives it; a race game counts them as its score.
      const n = Array.isArray(state.off) ? state.off[seat] : this.lay.style === "track" && Array.isArray(state.scores) ? state.scores[seat] : null;
      const dest = seat === mover && m.targets.has("off");
      const g = el("g", { class: `chip off${dest ? " dest" : ""}`, "data-off": seat });
      g.append(el("rect", { x: item.x, y: item.y, width: item.width, height: item.height, rx: 6 * k, class: "chip-box" }));
      g.append(this.label(item.x + item.width / 2, cy, k, "chip-label", n === null || n === undefined ? "off" : `off ${n}`));
      g.append(el("title", {}, [`${name}: borne off${n === null || n === undefined ? "" : ` ${n}`}${dest ? " (bear off here)" : ""}`]));
      return g;
    }
    const placeable = seat === mover && (kinds.includes(item.kind) || kinds.includes(null));
    const sel = this.selection;
    const selected = sel?.hand === seat && (sel.kind === item.kind || sel.kind === null);
    const classes = ["chip", "hand"];
    if (placeable) classes.push("source");
    if (selected) classes.push("selected");
    const g = el("g", { class: classes.join(" "), "data-hand": seat, "data-kind": item.kind });
    g.append(el("rect", { x: item.x, y: item.y, width: item.width, height: item.height, rx: 6 * k, class: "chip-box" }));
    if (item.kind === "seed" || item.kind === "seeds") g.append(el("circle", { cx: item.x + 0.36 * u, cy, r: 0.12 * u, class: "seed" }));
    else this.drawPiece(g, item.x + 0.36 * u, cy, 0.26 * u, { owner: seat, kind: item.kind, count: 1 }, { movable: placeable, selected });
    g.append(this.label(item.x + 0.68 * u, cy, k, "chip-count", `×${item.count}`));
    g.append(el("title", {}, [`${possessive(name)} hand: ${countOf(item.count, this.info().pieces, item.kind)}${placeable ? " (tap, then a lit site, to place)" : ""}`]));
    return g;
  }

  // The actions that share the sites tapped (a promotion, a sowing's direction, the kind to
  // place), each a button beside the site.
  drawChoice(lay) {
    const { site, actions } = this.choice;
    const labels = optionLabels(actions, this.info().pieces || {});
    const at = lay.byName.get(site) || { cx: lay.width / 2, cy: lay.height / 2 };
    const k = textScale(lay);
    const bw = Math.max(...labels.map((l) => 24 + l.length * 9), 90);
    const bh = 40;
    const total = (actions.length * (bw + 8) - 8) * k;
    const x0 = Math.min(Math.max(4, at.cx - total / 2), lay.width - total - 4);
    const y = at.cy + (at.cy > lay.height / 2 ? -lay.unit * 0.6 - bh * k : lay.unit * 0.6);
    const g = el("g", { class: "choice", role: "group", "aria-label": "choose", transform: `translate(${x0} ${y}) scale(${k})` });
    actions.forEach((action, i) => {
      const x = i * (bw + 8);
      const b = el("g", { class: "option", "data-option": i, role: "button" });
      b.append(el("rect", { x, y: 0, width: bw, height: bh, rx: 8, class: "option-box" }));
      b.append(el("text", { x: x + bw / 2, y: bh / 2, "dominant-baseline": "central", class: "option-text" }, [labels[i]]));
      b.append(el("title", {}, [labels[i]]));
      g.append(b);
    });
    this.svg.append(g);
  }

  // The legal actions no tap on the board makes (a mechanic's own, as Béchi's choice of holes
  // to leave empty): a button each, along the board's foot. Passing has the page's own button.
  extras() {
    return this.classified.other.filter((a) => !a.pass && !a.undo && !a.confirm);
  }

  drawExtras(lay) {
    const actions = this.extras();
    const k = textScale(lay);
    const labels = actions.map((a) => actionLabel(a));
    const bw = Math.max(...labels.map((l) => 24 + l.length * 8.5), 90);
    const bh = 36;
    const perRow = Math.max(1, Math.floor((lay.width / k - 8) / (bw + 8)));
    const rows = Math.ceil(actions.length / perRow);
    const y0 = lay.board.y + lay.board.height - (rows * (bh + 8) + 8) * k;
    const g = el("g", { class: "choice extras", role: "group", "aria-label": "other moves", transform: `translate(${4} ${y0}) scale(${k})` });
    actions.forEach((action, i) => {
      const x = (i % perRow) * (bw + 8);
      const y = Math.floor(i / perRow) * (bh + 8);
      const b = el("g", { class: "option", "data-extra": i, role: "button" });
      b.append(el("rect", { x, y, width: bw, height: bh, rx: 8, class: "option-box" }));
      b.append(el("text", { x: x + bw / 2, y: y + bh / 2, "dominant-baseline": "central", class: "option-text" }, [labels[i]]));
      b.append(el("title", {}, [labels[i]]));
      g.append(b);
    });
    this.svg.append(g);
  }

  drawNote(lay) {
    const text = this.view.note;
    const w = Math.min(lay.width - 40, 14 + text.length * 8.6);
    const g = el("g", { class: "board-note", role: "note" });
    g.append(el("rect", { x: (lay.width - w) / 2, y: lay.height / 2 - 24, width: w, height: 48, rx: 8 }));
    g.append(el("text", { x: lay.width / 2, y: lay.height / 2, "dominant-baseline": "central" }, [text]));
    this.svg.append(g);
  }

  drawGhost(lay) {
    const sel = this.selection;
    const { state } = this.view;
    const mover = this.seat();
    let stack = null;
    if (sel?.site !== undefined) stack = (this.stacks?.get(sel.site) || []).find((s) => s.owner === mover) || null;
    else if (sel?.hand !== undefined) stack = { owner: mover, kind: sel.kind ?? Object.keys(state.hands?.[mover] || {})[0] ?? "piece", count: 1 };
    if (!stack) return;
    const g = el("g", { class: "ghost" });
    this.drawPiece(g, this.drag.at.x, this.drag.at.y, 0.38 * lay.unit, { ...stack, count: 1 });
    this.svg.append(g);
  }
}
