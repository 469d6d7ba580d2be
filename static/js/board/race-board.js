// The race board, one for every track game: the squares or holes and their marks, each side's
// pieces on them, the pieces waiting to enter and those borne off, and the throw as the sticks or
// dice themselves. It is drawn from the variant's geometry (view.info.geometry) and knows no
// rules: the host gives it the legal moves and it reports the one chosen (onMove(action)), by
// click-click or drag.

import { el, svgPoint, redrawer, die } from "./svg.js";
import {
  SIZE, layout, hitTest, hitPositions, placeOf, occupancy, destinations, chooseMove, throwFaces,
  routePositions, goalCell,
} from "./race-geometry.js";

const DRAG_THRESHOLD = 6;
const SHOWN_IN_ZONE = 7;
// A finger-wide cell on a phone, in CSS px (44 is the guideline; a little more for rounding).
const FINGER = 46;

// A mark's symbol, drawn in a square of side s centred on (cx, cy).
function markSymbol(mark, cx, cy, s) {
  const g = el("g", { class: `mark mark-${mark}` });
  const line = (x1, y1, x2, y2) => el("line", { x1: cx + x1 * s, y1: cy + y1 * s, x2: cx + x2 * s, y2: cy + y2 * s });
  switch (mark) {
    case "rosette": {
      g.append(el("circle", { cx, cy, r: 0.42 * s, class: "ring" }));
      for (let k = 0; k < 8; k++) {
        const a = (Math.PI * k) / 4;
        g.append(el("circle", { cx: cx + Math.cos(a) * 0.25 * s, cy: cy + Math.sin(a) * 0.25 * s, r: 0.1 * s, class: "petal" }));
      }
      g.append(el("circle", { cx, cy, r: 0.1 * s, class: "petal" }));
      break;
    }
    case "ankh":
      g.append(el("ellipse", { cx, cy: cy - 0.22 * s, rx: 0.13 * s, ry: 0.17 * s, class: "stroke" }));
      g.append(line(-0.24, -0.03, 0.24, -0.03), line(0, -0.05, 0, 0.42));
      break;
    case "water":
      for (const dy of [-0.18, 0, 0.18]) {
        const pts = [];
        for (let k = 0; k <= 8; k++) pts.push(`${cx + (-0.36 + k * 0.09) * s},${cy + (dy + (k % 2 ? -0.05 : 0.05)) * s}`);
        g.append(el("polyline", { points: pts.join(" "), class: "stroke" }));
      }
      break;
    case "three":
    case "two": {
      const xs = mark === "three" ? [-0.18, 0, 0.18] : [-0.1, 0.1];
      for (const x of xs) g.append(line(x, -0.3, x, 0.3));
      break;
    }
    case "beauty": // nfr: a heart with the windpipe rising from it
      g.append(el("circle", { cx, cy: cy + 0.17 * s, r: 0.17 * s, class: "stroke" }));
      g.append(line(0, 0, 0, -0.42), line(-0.12, -0.28, 0.12, -0.28));
      break;
    case "horus": // the eye of Horus (wedjat)
      g.append(el("path", { d: `M${cx - 0.36 * s} ${cy - 0.05 * s}Q${cx} ${cy - 0.34 * s} ${cx + 0.36 * s} ${cy - 0.05 * s}Q${cx} ${cy + 0.22 * s} ${cx - 0.36 * s} ${cy - 0.05 * s}Z`, class: "stroke" }));
      g.append(el("circle", { cx, cy: cy - 0.06 * s, r: 0.1 * s, class: "petal" }));
      g.append(line(-0.1, 0.1, -0.16, 0.38), line(0.06, 0.1, 0.28, 0.3));
      break;
    case "hole":
    case "marked": // 58 Holes' marked holes: a ring round the hole
      g.append(el("circle", { cx, cy, r: 0.44 * s, class: "ring" }));
      break;
    case "goal":
      g.append(el("circle", { cx, cy, r: 0.46 * s, class: "ring" }), el("circle", { cx, cy, r: 0.36 * s, class: "ring" }));
      break;
    default:
      g.append(el("text", { x: cx, y: cy, "dominant-baseline": "central", class: "mark-word" }, [String(mark).slice(0, 4)]));
  }
  g.append(el("title", {}, [mark]));
  return g;
}

export class RaceBoard {
  constructor(container, { onMove, label = "Race board", info = null } = {}) {
    this.onMove = onMove || (() => {});
    this.svg = el("svg", { class: "board-svg race", role: "img", "aria-label": label });
    container.append(this.svg);
    this.view = { state: null, viewer: 0, mover: null, legal: [], highlight: [], names: ["Light", "Dark"], info };
    this.dests = new Map();
    this.selected = null;
    this.drag = null;
    this.schedule = redrawer(() => this.draw());
    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.svg.addEventListener("pointercancel", () => this.cancelDrag());
    // A phone held upright gets a long board turned a quarter (orient()): its squares then run
    // down the screen, each wide enough for a finger (44 px).
    this.portraitQuery = window.matchMedia?.("(max-width: 600px) and (orientation: portrait)") ?? null;
    this.portraitQuery?.addEventListener?.("change", () => this.schedule());
    this.turnedQuarter = false;
  }

  // The pointer in board coordinates (the board may be drawn turned a quarter).
  boardPoint(event) {
    const p = svgPoint(this.svg, event);
    if (!this.turnedQuarter || !this.lay) return p;
    return { x: p.y, y: this.lay.height - p.x };
  }

  // view: {state, viewer, mover (the side whose moves are legal now, or null), legal, highlight
  // ([[side, position]]), names, info (board_info: {geometry})}
  set(view) {
    this.view = { ...this.view, ...view };
    this.dests = destinations(this.view.mover === null ? [] : this.view.legal);
    if (this.selected !== null && !this.dests.has(this.selected)) this.selected = null;
    this.schedule();
  }

  // An action has gone to the server: nothing is offered until the host sets the next position.
  lock() {
    this.dests = new Map();
    this.selected = null;
    this.drag = null;
    this.schedule();
  }

  geometry() {
    return this.view.info?.geometry || null;
  }

  // -- input ---------------------------------------------------------------------------------

  positionsAt(event) {
    const geometry = this.geometry();
    const { mover } = this.view;
    if (!geometry || mover === null || !this.lay) return [];
    const { x, y } = this.boardPoint(event);
    return hitPositions(geometry, hitTest(this.lay, x, y), mover);
  }

  pointerDown(event) {
    if (event.button > 0) return;
    const positions = this.positionsAt(event);
    if (this.selected !== null && this.tryMove(this.selected, positions)) return;
    const from = positions.find((p) => this.dests.has(p));
    if (from === undefined) { this.select(null); return; }
    event.preventDefault();
    this.select(from);
    this.drag = { from, x0: event.clientX, y0: event.clientY, moving: false, pointer: event.pointerId };
    this.svg.setPointerCapture?.(event.pointerId);
  }

  pointerMove(event) {
    if (!this.drag || event.pointerId !== this.drag.pointer) return;
    const dist = Math.hypot(event.clientX - this.drag.x0, event.clientY - this.drag.y0);
    if (!this.drag.moving && dist < DRAG_THRESHOLD) return;
    this.drag.moving = true;
    this.drag.at = this.boardPoint(event);
    this.schedule();
  }

  pointerUp(event) {
    if (!this.drag || event.pointerId !== this.drag.pointer) return;
    const { moving, from } = this.drag;
    this.drag = null;
    if (moving && !this.tryMove(from, this.positionsAt(event))) this.schedule();
  }

  cancelDrag() {
    this.drag = null;
    this.schedule();
  }

  select(p) {
    this.selected = p;
    this.schedule();
  }

  tryMove(from, tos) {
    const action = chooseMove(this.dests, [from], tos);
    if (!action) return false;
    this.selected = null;
    this.drag = null;
    this.schedule();
    this.onMove(action);
    return true;
  }

  // -- drawing -------------------------------------------------------------------------------

  // A place ({cell} or {zone, side}) as a key for the sets below.
  static key(place) {
    return place.zone ? `${place.zone}:${place.side}` : `cell:${place.cell}`;
  }

  draw() {
    const svg = this.svg;
    svg.replaceChildren();
    const geometry = this.geometry();
    const { state, viewer, mover, names } = this.view;
    if (!state) return;
    if (!geometry) {
      // The server sends the squares with the variant (board_info); without them there is no board.
      svg.setAttribute("viewBox", "0 0 400 60");
      svg.append(el("text", { x: 200, y: 34 }, ["This game's board could not be drawn (no geometry)."]));
      return;
    }
    const lay = layout(geometry, viewer);
    this.lay = lay;
    this.turnedQuarter = Boolean(this.portraitQuery?.matches) && lay.width > lay.height * 1.2;
    svg.setAttribute("viewBox", `0 0 ${lay.width} ${lay.height}`);
    svg.style.setProperty("--board-ratio", String(lay.width / lay.height));
    // A board taller than wide (58 Holes) may take more of the screen's height (board.css), and a
    // holes board prints its numbers larger: at 1366x768 they are drawn at least 10 px.
    svg.classList.toggle("tall", lay.width < lay.height);
    svg.classList.toggle("holes", geometry.shape === "holes");
    // The width at which a cell is a finger wide (44 px and a little): a phone's board.css keeps a
    // holes board (58 Holes) no narrower, in a frame that scrolls sideways.
    svg.style.setProperty("--finger-width", `${Math.ceil(lay.width * FINGER / SIZE.cell)}px`);
    svg.append(el("rect", { x: 0, y: 0, width: lay.width, height: lay.height, rx: 10, class: "frame" }));

    const key = RaceBoard.key;
    const place = (side, p) => key(placeOf(geometry, side, p));
    const sources = new Set(mover === null ? [] : [...this.dests.keys()].map((p) => place(mover, p)));
    const targets = new Set(this.selected === null ? [] : (this.dests.get(this.selected) || []).map((d) => place(mover, d.to)));
    const goal = goalCell(geometry);
    if (goal !== null && mover !== null && targets.has(key({ zone: "off", side: mover }))) targets.add(key({ cell: goal }));
    const selected = this.selected === null ? null : place(mover, this.selected);
    const recent = new Set((this.view.highlight || []).map(([side, p]) => {
      try { return place(side, p); } catch (e) { return null; }
    }));
    const occ = occupancy(geometry, state.pieces || [[], []]);
    const routes = routePositions(geometry);
    const mine = routes[viewer];
    const theirs = routes[1 - viewer];

    this.drawGround(geometry, lay);
    const marks = { sources, targets, selected, recent };
    for (const c of lay.cells) this.drawCell(c, geometry, occ, mine, marks, theirs);

    for (const z of lay.zones) this.drawZone(z, occ, marks);
    this.drawThrow(lay.throwBoxes, state, names);

    if (this.drag?.moving && this.drag.at) {
      svg.append(el("circle", { cx: this.drag.at.x, cy: this.drag.at.y, r: SIZE.cell * 0.3, class: `checker side-${mover} ghost` }));
    }
    this.orient(lay);
    this.centreInFrame();
  }

  // A board wider than its frame (58 Holes on a phone) opens on its middle, once: both sides'
  // columns are then as far in view; afterwards the player's own scrolling is kept.
  centreInFrame() {
    const frame = this.svg.parentElement;
    if (this.centred || !frame || !frame.clientWidth) return;
    const spare = frame.scrollWidth - frame.clientWidth;
    if (spare > 0) frame.scrollLeft = spare / 2;
    this.centred = true;
  }

  // Upright phones: a long board is turned a quarter clockwise (the viewer's strip on the left),
  // its words turned back so they read across.
  orient(lay) {
    const svg = this.svg;
    svg.classList.toggle("portrait", this.turnedQuarter);
    if (!this.turnedQuarter) return;
    svg.setAttribute("viewBox", `0 0 ${lay.height} ${lay.width}`);
    svg.style.setProperty("--board-ratio", String(lay.height / lay.width));
    const turned = el("g", { class: "turned", transform: `translate(${lay.height} 0) rotate(90)` });
    turned.append(...svg.childNodes);
    svg.append(turned);
    for (const text of turned.querySelectorAll("text")) {
      text.setAttribute("transform", `rotate(-90 ${text.getAttribute("x")} ${text.getAttribute("y")})`);
    }
  }

  // Under the cells: the board of a holes game, and the lines drawn between holes.
  drawGround(geometry, lay) {
    if (geometry.shape === "holes") {
      const xs = lay.cells.map((c) => c.x);
      const ys = lay.cells.map((c) => c.y);
      const pad = 6;
      this.svg.append(el("rect", {
        x: Math.min(...xs) - pad, y: Math.min(...ys) - pad, rx: 18, class: "hole-board",
        width: Math.max(...xs) - Math.min(...xs) + SIZE.cell + 2 * pad, height: Math.max(...ys) - Math.min(...ys) + SIZE.cell + 2 * pad,
      }));
    }
    const lines = el("g", { class: "lines" });
    for (const [a, b] of geometry.lines || []) {
      const ca = lay.cells[a];
      const cb = lay.cells[b];
      if (ca && cb) lines.append(el("line", { x1: ca.cx, y1: ca.cy, x2: cb.cx, y2: cb.cy, class: "track-line" }));
    }
    this.svg.append(lines);
  }

  // One square or hole: its mark, its number on the viewer's route, the pieces on it.
  // A square only the other side's route uses is numbered as that side counts it, in its colour
  // ("their 23" in the move list and the text mode).
  drawCell(c, geometry, occ, mine, { sources, targets, selected, recent }, theirs = new Map()) {
    const { mover, names } = this.view;
    const k = RaceBoard.key({ cell: c.id });
    const classes = ["cell"];
    if (c.mark) classes.push("marked");
    if (sources.has(k)) classes.push("source");
    if (targets.has(k)) classes.push("dest");
    if (recent.has(k)) classes.push("recent");
    if (selected === k) classes.push("selected");
    const g = el("g", { class: classes.join(" "), "data-cell": c.id });
    g.append(el("rect", { x: c.x, y: c.y, width: c.width, height: c.height, class: "hit" }));
    if (geometry.shape === "holes") g.append(el("circle", { cx: c.cx, cy: c.cy, r: c.width * 0.3, class: "cup" }));
    else g.append(el("rect", { x: c.x + 2, y: c.y + 2, width: c.width - 4, height: c.height - 4, rx: 4, class: "tile" }));
    if (c.mark) g.append(markSymbol(c.mark, c.cx, c.cy, c.width * 0.8));
    const number = c.label ?? (mine.get(c.id) || []).join("/");
    const other = c.label === null && !mine.has(c.id) ? (theirs.get(c.id) || []).join("/") : "";
    const big = geometry.shape === "holes";
    const at = { x: c.x + (big ? 3 : 5), y: c.y + (big ? 15 : 12) };
    if (number !== "") g.append(el("text", { ...at, class: "cell-no" }, [String(number)]));
    else if (other) g.append(el("text", { ...at, class: `cell-no theirs side-${1 - this.view.viewer}` }, [other]));
    const here = occ.cells.get(c.id);
    const who = [];
    if (here) {
      const sides = [0, 1].filter((s) => here[s]);
      sides.forEach((side, i) => {
        const dx = sides.length > 1 ? (i ? 1 : -1) * c.width * 0.2 : 0;
        this.drawPiece(g, c.cx + dx, c.cy + (geometry.shape === "holes" ? 0 : 3), c.width * (sides.length > 1 ? 0.22 : 0.3), side,
          here[side], sources.has(k) && side === mover, selected === k && side === mover);
        who.push(`${here[side]} of ${names[side]}'s`);
      });
    }
    if (targets.has(k)) g.append(el("circle", { cx: c.cx, cy: c.cy, r: c.width * 0.18, class: "dest-mark" }));
    // A hole is hidden by the piece in it: the last move is ringed round it instead.
    if (recent.has(k) && geometry.shape === "holes") g.append(el("circle", { cx: c.cx, cy: c.cy, r: c.width * 0.42, class: "recent-mark" }));
    const positions = mine.get(c.id);
    const title = `${positions ? `square ${positions.join("/")}` : other ? `their square ${other}` : "square"}${c.mark ? ` (${c.mark})` : ""}: ${who.join(", ") || "empty"}`;
    g.append(el("title", {}, [title]));
    this.svg.append(g);
  }

  drawPiece(g, cx, cy, r, side, count, movable, selected) {
    const lifted = selected && this.drag?.moving;
    g.append(el("circle", {
      cx, cy, r, class: `checker piece side-${side}${movable ? " movable" : ""}${selected ? " selected" : ""}${lifted ? " lifted" : ""}`,
    }));
    if (count > 1) g.append(el("text", { x: cx, y: cy, "dominant-baseline": "central", class: `count side-${side}` }, [String(count)]));
  }

  drawZone(z, occ, { sources, targets, selected, recent }) {
    const k = RaceBoard.key(z);
    const { mover, names, viewer } = this.view;
    const n = z.zone === "start" ? occ.waiting[z.side] : occ.off[z.side];
    const classes = ["zone", z.zone];
    if (sources.has(k)) classes.push("source");
    if (targets.has(k)) classes.push("dest");
    if (recent.has(k)) classes.push("recent");
    if (selected === k) classes.push("selected");
    const g = el("g", { class: classes.join(" "), "data-zone": z.zone, "data-side": z.side });
    g.append(el("rect", { x: z.x + 2, y: z.y + 2, width: z.width - 4, height: z.height - 4, rx: 8, class: "zone-box" }));
    const r = 13;
    // As many pieces as fit (the label always says how many there are).
    const shown = Math.min(n, SHOWN_IN_ZONE, Math.floor((z.width - 12) / (2 * r + 3)));
    for (let i = 0; i < shown; i++) {
      const top = i === shown - 1;
      g.append(el("circle", {
        cx: z.x + 8 + r + i * (2 * r + 3), cy: z.y + z.height / 2 + 7, r,
        class: `checker piece side-${z.side}${top && sources.has(k) && z.side === mover ? " movable" : ""}${top && selected === k ? " selected" : ""}`,
      }));
    }
    const whose = z.side === viewer ? "" : `${names[z.side]}: `;
    g.append(el("text", { x: z.x + z.width - 10, y: z.y + 18, class: "zone-label" },
      [`${whose}${n} ${z.zone === "start" ? "to enter" : "off"}`]));
    g.append(el("title", {}, [`${names[z.side]}: ${n} ${z.zone === "start" ? "waiting to enter" : "borne off"}`]));
    this.svg.append(g);
  }

  // The throw as it fell, on the strip of the side that threw, with its value beside it.
  drawThrow(boxes, state, names) {
    const shown = throwFaces(state.throw, state.moves_left);
    const side = state.to_move;
    const box = boxes[side === 1 ? 1 : 0];
    const g = el("g", { class: "throw", "aria-label": "throw" });
    g.append(el("rect", { ...box, rx: 8, class: "throw-box" }));
    if (shown.kind === "none") {
      g.append(el("text", { x: box.x + box.width / 2, y: box.y + box.height / 2 + 4, class: "throw-label" }, ["no throw yet"]));
      this.svg.append(g);
      return;
    }
    g.dataset.kind = shown.kind;
    g.dataset.value = String(shown.value);
    g.dataset.side = String(side);
    const valueW = 44;
    const n = shown.faces.length;
    const room = box.width - valueW - 8;
    const slot = Math.min(34, room / Math.max(n, 1));
    const x0 = box.x + 4 + (room - slot * n) / 2;
    shown.faces.forEach((face, i) => {
      g.append(this.face(shown.kind, face, x0 + i * slot + slot / 2, box.y + box.height / 2, slot));
    });
    const vx = box.x + box.width - valueW / 2 - 4;
    g.append(el("text", { x: vx, y: box.y + box.height / 2, "dominant-baseline": "central", class: "throw-value" }, [String(shown.value ?? "")]));
    // Of a split throw, the dice already played are faded; the facts panel lists what is left.
    g.append(el("title", {}, [`${names?.[side] ?? "Thrown"}: ${shown.value}`]));
    this.svg.append(g);
  }

  // One stick, die or bone as it fell, centred on (x, cy) in a slot `slot` wide.
  face(kind, face, x, cy, slot) {
    const used = face.used ? " used" : "";
    if (kind === "sticks") {
      // The flat, painted side up (1) shows light; the round side (0) dark.
      const w = Math.min(14, slot * 0.5);
      const g = el("g", { class: `stick ${face.value ? "up" : "down"}${used}` });
      g.append(el("rect", { x: x - w / 2, y: cy - 24, width: w, height: 48, rx: w / 2, class: "stick-body" }));
      g.append(el("title", {}, [face.value ? "stick: marked side up" : "stick: plain side up"]));
      return g;
    }
    if (kind === "tetrahedral") {
      const s = Math.min(30, slot - 4);
      const y = cy - s * 0.45;
      const g = el("g", { class: `tetra ${face.value ? "up" : "down"}${used}` });
      g.append(el("polygon", { points: `${x},${y} ${x - s / 2},${y + s * 0.87} ${x + s / 2},${y + s * 0.87}`, class: "tetra-body" }));
      if (face.value) g.append(el("circle", { cx: x, cy: y + 5, r: 3.5, class: "tetra-tip" }));
      g.append(el("title", {}, [face.value ? "die: marked tip up" : "die: plain tip up"]));
      return g;
    }
    if (kind === "dice") {
      const s = Math.min(30, slot - 4);
      return die(x - s / 2, cy - s / 2, s, face.value, { class: `die${used}` });
    }
    // Astragals (and anything else): the bone and the face it shows.
    const g = el("g", { class: `bone${used}` });
    const w = Math.min(30, slot - 4);
    // A knucklebone: rounded ends and a waist.
    const h = 42;
    const k = h * 0.25;
    const [l, r, t, b] = [x - w / 2, x + w / 2, cy - h / 2, cy + h / 2];
    g.append(el("path", {
      d: `M${l} ${t + k}Q${l} ${t} ${x} ${t}Q${r} ${t} ${r} ${t + k}Q${x + w / 4} ${cy} ${r} ${b - k}`
        + `Q${r} ${b} ${x} ${b}Q${l} ${b} ${l} ${b - k}Q${x - w / 4} ${cy} ${l} ${t + k}Z`,
      class: "bone-body",
    }));
    g.append(el("text", { x, y: cy, "dominant-baseline": "central", class: "bone-face" }, [face.label ?? String(face.value)]));
    g.append(el("title", {}, [face.title ?? `${kind === "astragals" ? "astragal" : "throw"}: ${face.value}`]));
    return g;
  }
}
