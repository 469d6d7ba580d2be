// How many of each die value the steps played this turn took (a bearing-off step takes the
// smallest die that reaches).
function playedDice(played, values) {
  const taken = {};
  for (const { from, to } of played) {
    let d = to === OFF ? null : (from === BAR ? 25 - to : from - to);
    if (d === null) d = [...values].sort((a, b) => a - b).find((v) => v >= from) ?? from;
    taken[d] = (taken[d] || 0) + 1;
  }
  return taken;
}

// The dice values some legal step uses, from the legal steps and the steps of the combined moves
// the server lists (a bearing-off step may use a larger die). A single step that takes all the
// dice at once (Şeş-Beş's 6-5 jump from the head to 13, SS-7) uses each of them.
export function usableDiceOf(steps, paths, dice) {
  const all = [...steps, ...(Array.isArray(paths) ? paths.flat() : [])];
  const used = new Set();
  const left = Array.isArray(dice) ? dice : [];
  const total = left.reduce((a, b) => a + b, 0);
  for (const a of all) {
    if (typeof a.from !== "number" || typeof a.to !== "number") continue;
    if (typeof a.die === "number") { used.add(a.die); continue; }
    const distance = a.from === BAR ? 25 - a.to : a.from - a.to;
    if (a.to !== OFF && left.length >= 2 && distance === total && !left.includes(distance)) {
      left.forEach((d) => used.add(d));
      continue;
    }
    for (let d = 1; d <= 6; d++) {
      if (a.to === OFF ? a.from <= d : distance === d) used.add(d);
    }
  }
  return used;
}

// The tables board: draws a state and reports the steps a player makes, by click-click or drag.
// It knows no rules: the host gives it the legal steps and gets back the one chosen
// (onMove(action)), in the manner of lichess's chessground.

import { el, svgPoint, redrawer, die } from "./svg.js";
import {
  BAR, OFF, SIZE, boardSize, pointRect, barRect, trayRect, stackCentres, barCentres, hitTest, hitToMover,
  toView, destinations, diceFaces, pathDestinations,
} from "./tables-geometry.js";

const DRAG_THRESHOLD = 6;
const MOST_SLIDES = 4; // more checkers changed than this: a new game or a jump, drawn at once
// The own point number is drawn this far left of the point's middle, the other side's as far right.
const OTHER_NO_SHIFT = 10;

// The checkers that moved between two positions, each {side, from, to, countFrom} in its side's
// numbering (countFrom: the stack it left, before it left): the points that lost checkers are
// paired with those that gained, in the order of the route (the bar first, off last).
export function slidesBetween(before, after) {
  const out = [];
  if (!before?.checkers || !after?.checkers) return out;
  for (const side of [0, 1]) {
    const was = before.checkers[side];
    const now = after.checkers[side];
    if (!was || !now) continue;
    const lost = [];
    const gained = [];
    for (let p = 25; p >= 0; p--) {
      const d = (now[p] || 0) - (was[p] || 0);
      for (let i = 0; i < -d; i++) lost.push({ p, count: (was[p] || 0) - i });
      for (let i = 0; i < d; i++) gained.push(p);
    }
    if (!lost.length || lost.length !== gained.length || lost.length > MOST_SLIDES) continue;
    lost.forEach(({ p, count }, i) => out.push({ side, from: p, to: gained[i], countFrom: count }));
  }
  return out.length > MOST_SLIDES ? [] : out;
}

export class TablesBoard {
  constructor(container, { onMove, label = "Tables board", onDice } = {}) {
    this.onMove = onMove || (() => {});
    this.onDice = onDice || (() => {});
    this.diceBox = null; // where the dice lie (board units): a click there rolls or confirms
    const { width, height } = boardSize();
    this.svg = el("svg", {
      viewBox: `0 0 ${width} ${height}`, class: "board-svg tables", role: "img", "aria-label": label,
    });
    // The board's shape, for CSS: its width never makes it taller than the screen.
    this.svg.style.setProperty("--board-ratio", String(width / height));
    container.append(this.svg);
    // A phone held upright gets the board turned a quarter (orient()): its points then run down
    // the screen, wide enough for a finger.
    this.portraitQuery = window.matchMedia?.("(max-width: 600px) and (orientation: portrait)") ?? null;
    this.portrait = Boolean(this.portraitQuery?.matches);
    this.portraitQuery?.addEventListener?.("change", () => { this.portrait = this.portraitQuery.matches; this.schedule(); });
    this.motionQuery = window.matchMedia?.("(prefers-reduced-motion: reduce)") ?? null;
    this.slides = [];
    this.tops = new Map();
    this.view = { state: null, viewer: 0, mover: null, legal: [], highlight: [] };
    this.selected = null;
    this.drag = null;
    this.schedule = redrawer(() => this.draw());
    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.svg.addEventListener("pointercancel", () => this.cancelDrag());
  }

  // view: {state, viewer, mover (the side whose steps are legal now, or null), legal, highlight}
  // passed ({side, roll}): a throw with no play, drawn crossed out on its side's half; handoff
  // (a side): the dice on the board are that side's to play next (Gul Bara's remainder); note:
  // words shown across the board (a game's end).
  set(view) {
    const before = this.view.state;
    const viewerBefore = this.view.viewer;
    this.view = { ...this.view, ...view };
    if (view.state && before && view.state !== before && this.view.viewer === viewerBefore) {
      this.slides = [...this.slides, ...slidesBetween(before, this.view.state)];
    }
    this.dests = destinations(this.view.mover === null ? [] : this.view.legal);
    // Targets reached with several dice (a combined move: 24/13 with 6-5), by source point: only
    // the ways the server lists (paths), each step of them legal after the one before.
    this.sums = this.view.mover === null ? new Map() : pathDestinations(this.view.paths, this.view.legal);
    if (this.selected !== null && !this.dests.has(this.selected)) this.selected = null;
    this.schedule();
  }

  // An action has gone to the server: nothing is offered until the host sets the next position.
  lock() {
    this.dests = new Map();
    this.sums = new Map();
    this.selected = null;
    this.drag = null;
    this.schedule();
  }

  geometry() {
    return this.view.state?.geometry || "opposite";
  }

  // A mover's point as the viewer sees it.
  vp(side, p) {
    return toView(this.geometry(), side, this.view.viewer, p);
  }

  // -- input ---------------------------------------------------------------------------------

  // The pointer in board coordinates (the board may be drawn turned a quarter).
  boardPoint(event) {
    const p = svgPoint(this.svg, event);
    if (!this.portrait) return p;
    const { height } = boardSize();
    return { x: p.y, y: height - p.x };
  }

  targetAt(event) {
    const { x, y } = this.boardPoint(event);
    const { mover, viewer } = this.view;
    if (mover === null) return null;
    return hitToMover(hitTest(x, y), this.geometry(), mover, viewer);
  }

  pointerDown(event) {
    if (event.button > 0) return;
    const at = this.boardPoint(event);
    const box = this.diceBox;
    if (box && at.x >= box.x && at.x <= box.x + box.width && at.y >= box.y && at.y <= box.y + box.height) {
      event.preventDefault();
      this.onDice();
      return;
    }
    const p = this.targetAt(event);
    if (p === null) { this.select(null); return; }
    if (this.selected !== null && this.tryMove(this.selected, p)) return;
    if (this.dests.has(p)) {
      event.preventDefault();
      // A second click on the selected checker lets it go (unless it turns into a drag).
      const again = this.selected === p;
      this.select(p);
      this.drag = { from: p, x0: event.clientX, y0: event.clientY, moving: false, pointer: event.pointerId, again };
      this.svg.setPointerCapture?.(event.pointerId);
    } else {
      this.select(null);
    }
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
    const { moving, from, again } = this.drag;
    this.drag = null;
    if (moving) {
      const p = this.targetAt(event);
      if (p === null || !this.tryMove(from, p)) this.schedule();
    } else if (again) {
      this.select(null);
    }
  }

  cancelDrag() {
    this.drag = null;
    this.schedule();
  }

  select(p) {
    this.selected = p;
    this.schedule();
  }

  // A single step, or a combined move: then the host gets the ways to play it, each a list of
  // steps, and plays them one by one.
  tryMove(from, to) {
    const found = (this.dests.get(from) || []).find((d) => d.to === to);
    const sum = found ? null : (this.sums.get(from) || []).find((d) => d.to === to);
    if (!found && !sum) return false;
    this.selected = null;
    this.drag = null;
    this.schedule();
    this.onMove(found ? found.action : sum.paths);
    return true;
  }

  // -- drawing -------------------------------------------------------------------------------

  draw() {
    const { state, viewer, mover } = this.view;
    const svg = this.svg;
    svg.replaceChildren();
    this.tops = new Map();
    const { width, height } = boardSize();
    svg.append(el("rect", { x: 0, y: 0, width, height, rx: 8, class: "frame" }));
    if (!state) { this.orient(); return; }
    const sides = [viewer, 1 - viewer];
    const destsHere = this.selected !== null ? (this.dests.get(this.selected) || []).map((d) => d.to) : [];
    const sumsHere = this.selected !== null ? (this.sums.get(this.selected) || []).map((d) => d.to) : [];
    const sumViews = new Set(sumsHere.filter((p) => p !== OFF && p !== BAR).map((p) => this.vp(mover, p)));
    destsHere.push(...sumsHere);
    const destViews = new Set(destsHere.filter((p) => p !== OFF && p !== BAR).map((p) => this.vp(mover, p)));
    const sources = new Set(
      [...this.dests.keys()].filter((p) => p !== BAR && p !== OFF).map((p) => this.vp(mover, p)),
    );
    const recent = new Set((this.view.highlight || []).map(([side, p]) => (p >= 1 && p <= 24 ? this.vp(side, p) : null)));

    // Points: triangles, numbers at the rim, checkers stacked with a count over five.
    const counts = new Map(); // viewer point -> [side, n]
    for (const side of [0, 1]) {
      for (let p = 1; p <= 24; p++) {
        const n = state.checkers[side][p];
        if (n) counts.set(this.vp(side, p), [side, n]);
      }
    }
    for (let v = 1; v <= 24; v++) {
      const r = pointRect(v);
      const tipY = r.top ? r.y + r.height * 0.86 : r.y + r.height * 0.14;
      const baseY = r.top ? r.y : r.y + r.height;
      const at = counts.get(v);
      const g = el("g", {
        class: `point${destViews.has(v) ? " dest" : ""}${sumViews.has(v) ? " dest-sum" : ""}${sources.has(v) ? " source" : ""}${recent.has(v) ? " recent" : ""}`,
        "data-point": v,
      });
      g.append(el("rect", { x: r.x, y: r.y, width: r.width, height: r.height, class: "hit" }));
      g.append(el("polygon", {
        points: `${r.x + 1},${baseY} ${r.x + r.width - 1},${baseY} ${r.x + r.width / 2},${tipY}`,
        class: v % 2 ? "tri tri-a" : "tri tri-b",
      }));
      // Numbered as the player numbers the points, whichever side is drawn nearest; beside it, in
      // a lighter ring, the number the other side gives the point (its moves, and the rules'
      // words for its points, count the route the other way).
      const numbering = this.view.numbering ?? viewer;
      const label = toView(this.geometry(), viewer, numbering, v);
      const theirs = toView(this.geometry(), viewer, 1 - numbering, v);
      const rimY = r.top ? r.y - SIZE.margin / 2 : r.y + r.height + SIZE.margin / 2;
      g.append(el("text", {
        x: r.x + r.width / 2 - OTHER_NO_SHIFT, y: r.top ? r.y - 1 + 0 : r.y + r.height + 1, class: "point-no",
        "dominant-baseline": r.top ? "text-after-edge" : "text-before-edge",
      }, [String(label)]));
      g.append(el("circle", { cx: r.x + r.width / 2 + OTHER_NO_SHIFT, cy: rimY, r: 8, class: "point-no-ring" }));
      g.append(el("text", {
        x: r.x + r.width / 2 + OTHER_NO_SHIFT, y: rimY, class: "point-no-other", "dominant-baseline": "central",
      }, [String(theirs)]));
      if (at) this.drawStack(g, stackCentres(v, at[1]), at[0], at[1], v, sources.has(v) && at[0] === mover);
      if (destViews.has(v)) {
        const n = at ? Math.min(at[1], 5) : 0;
        const c = stackCentres(v, n + 1)[Math.min(n, 4)];
        g.append(el("circle", { cx: c.x, cy: c.y, r: SIZE.checker * 0.55, class: `dest-mark${sumViews.has(v) ? " sum" : ""}` }));
      }
      const named = `point ${v} (the opponent's ${theirs})`;
      g.append(el("title", {}, [at ? `${named}: ${at[1]} ${at[0] === viewer ? "yours" : "opponent's"}` : `${named}: empty`]));
      svg.append(g);
    }

    // The bar, with each side's checkers on it.
    const bar = barRect();
    const barG = el("g", { class: `bar${this.selected === BAR ? " selected" : ""}`, "data-point": "bar" });
    barG.append(el("rect", { ...bar, class: "bar-strip" }));
    for (const side of sides) {
      const n = state.checkers[side][BAR];
      if (n) this.drawStack(barG, barCentres(side === viewer, n), side, n, "bar", side === mover && this.dests.has(BAR));
    }
    svg.append(barG);

    // The trays: borne-off checkers as thin slabs, and the count.
    for (const side of sides) {
      const mine = side === viewer;
      const tray = trayRect(mine);
      const off = state.checkers[side][OFF];
      const canBearOff = mine ? destsHere.includes(OFF) && mover === viewer : destsHere.includes(OFF) && mover !== viewer;
      const g = el("g", { class: `tray${canBearOff ? " dest" : ""}`, "data-point": mine ? "off" : "off-opponent" });
      g.append(el("rect", { ...tray, rx: 4, class: "tray-box" }));
      for (let i = 0; i < off; i++) {
        const y = mine ? tray.y + tray.height - 6 - i * 10 : tray.y + 4 + i * 10;
        const slab = el("rect", { x: tray.x + 6, y, width: tray.width - 12, height: 8, rx: 2, class: `slab side-${side}` });
        g.append(slab);
        if (i === off - 1) this.tops.set(`${side}:off`, slab);
      }
      g.append(el("text", {
        x: tray.x + tray.width / 2, y: mine ? tray.y - 4 : tray.y + tray.height + 14, class: "tray-count",
      }, [`${off} off`]));
      svg.append(g);
    }

    this.drawDice(state, viewer);
    this.drawCube(state, viewer);
    this.drawNote();

    if (this.drag?.moving && this.drag.at) {
      const side = mover;
      svg.append(el("circle", {
        cx: this.drag.at.x, cy: this.drag.at.y, r: SIZE.checker, class: `checker side-${side} ghost`,
      }));
    }
    this.orient();
    this.slide(state);
  }

  // Upright phones: everything drawn is turned a quarter clockwise (the viewer's side on the
  // left, the trays at the bottom), its words turned back so they read across.
  orient() {
    const svg = this.svg;
    const { width, height } = boardSize();
    svg.classList.toggle("portrait", this.portrait);
    svg.setAttribute("viewBox", this.portrait ? `0 0 ${height} ${width}` : `0 0 ${width} ${height}`);
    const ratio = String(this.portrait ? height / width : width / height);
    svg.style.setProperty("--board-ratio", ratio);
    // The page's layout may size the board's column by it too.
    svg.closest(".play")?.style.setProperty("--board-ratio", ratio);
    if (!this.portrait) return;
    const turned = el("g", { class: "turned", transform: `translate(${height} 0) rotate(90)` });
    turned.append(...svg.childNodes);
    svg.append(turned);
    for (const ring of turned.querySelectorAll(".point-no-ring")) {
      const top = Number(ring.getAttribute("cy")) < height / 2;
      ring.setAttribute("cy", String(top ? SIZE.margin / 2 : height - SIZE.margin / 2));
    }
    for (const text of turned.querySelectorAll("text")) {
      if (text.classList.contains("point-no") || text.classList.contains("point-no-other")) {
        // Centred in the rim, whichever way it faces.
        const top = Number(text.getAttribute("y")) < height / 2;
        text.setAttribute("y", String(top ? SIZE.margin / 2 : height - SIZE.margin / 2));
        text.setAttribute("dominant-baseline", "central");
      } else if (text.classList.contains("tray-count")) {
        // Inside its tray: the trays lie side by side at the bottom.
        const tray = trayRect(text.closest("[data-point]")?.dataset.point === "off");
        text.setAttribute("x", String(tray.x + tray.width / 2));
        text.setAttribute("y", String(tray.y + tray.height / 2));
        text.setAttribute("dominant-baseline", "central");
      }
      text.setAttribute("transform", `rotate(-90 ${text.getAttribute("x")} ${text.getAttribute("y")})`);
    }
  }

  // Checkers that moved since the last position slide from where they were (the top of the
  // stack they left) to where they are now; not when the reader asked for less motion.
  slide(state) {
    const slides = this.slides;
    this.slides = [];
    if (!slides.length || this.motionQuery?.matches || this.view.motion === false || this.drag) return;
    const { viewer } = this.view;
    for (const { side, from, to, countFrom } of slides) {
      const vTo = to === BAR ? "bar" : to === OFF ? "off" : this.vp(side, to);
      const node = this.tops.get(`${side}:${vTo}`);
      if (!node || typeof node.animate !== "function") continue;
      let start;
      if (from === BAR) start = barCentres(side === viewer, countFrom)[Math.min(countFrom, 4) - 1];
      else if (from === OFF) continue;
      else start = stackCentres(this.vp(side, from), countFrom)[Math.min(countFrom, 5) - 1];
      const box = node.tagName === "circle"
        ? { x: Number(node.getAttribute("cx")), y: Number(node.getAttribute("cy")) }
        : { x: Number(node.getAttribute("x")) + Number(node.getAttribute("width")) / 2, y: Number(node.getAttribute("y")) };
      if (!start) continue;
      const dx = start.x - box.x;
      const dy = start.y - box.y;
      const ms = Math.min(420, 160 + Math.hypot(dx, dy) * 0.45);
      node.classList.add("sliding");
      const run = node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }],
        { duration: ms, easing: "cubic-bezier(.3, .7, .4, 1)" });
      run.onfinish = () => node.classList.remove("sliding");
    }
    void state;
  }

  drawStack(g, centres, side, n, where, movable = false) {
    const selectedHere = this.selected !== null && (
      where === "bar" ? this.selected === BAR && side === this.view.mover
        : this.view.mover === side && this.vp(side, this.selected) === where);
    centres.forEach((c, i) => {
      const top = i === centres.length - 1;
      const lifted = top && this.drag?.moving && selectedHere;
      const circle = el("circle", {
        cx: c.x, cy: c.y, r: SIZE.checker - 1,
        class: `checker side-${side}${top && selectedHere ? " selected" : ""}${top && movable ? " movable" : ""}${lifted ? " lifted" : ""}`,
      });
      g.append(circle);
      if (top) this.tops.set(`${side}:${where}`, circle);
      if (top && selectedHere) g.append(el("circle", { cx: c.x, cy: c.y, r: SIZE.checker + 3, class: "select-halo" }));
      if (top && n > centres.length) {
        g.append(el("text", { x: c.x, y: c.y, class: `count side-${side}`, "dominant-baseline": "central" }, [String(n)]));
      }
    });
  }

  drawDice(state, viewer) {
    const { passed, handoff } = this.view;
    this.diceBox = null;
    const { height } = boardSize();
    const size = 34;
    const y = height / 2 - size / 2;
    // The mover's dice lie on the mover's right half of the board, as at a real table.
    const left = (side) => (side === viewer ? SIZE.margin + SIZE.pointWidth * 6 + SIZE.bar + 40 : SIZE.margin + 40);
    const label = (g, x, text) => g.append(el("text", { x, y: y - 8, class: "dice-label" }, [text]));
    if (passed && !(state.phase === "move" && state.roll)) {
      // A throw with no legal move: its dice crossed out, and said.
      const [a, b] = passed.roll;
      const faces = a === b ? [a, a, a, a] : [a, b];
      const x0 = left(passed.side);
      const g = el("g", { class: "dice no-play", "aria-label": "dice: no play", "data-side": passed.side });
      faces.forEach((value, i) => {
        const x = x0 + i * (size + 8);
        g.append(die(x, y, size, value, { class: `die side-${passed.side} blocked` }));
        g.append(el("line", { x1: x + 4, y1: y + 4, x2: x + size - 4, y2: y + size - 4, class: "die-cross" }));
      });
      label(g, x0 + (faces.length * (size + 8) - 8) / 2, "no play");
      this.svg.append(g);
      return;
    }
    const faces = state.phase === "over" ? [] : diceFaces(state);
    const { mover, rollable, confirmable } = this.view;
    if (!faces.length && rollable && mover !== null) {
      // Dice waiting to be thrown: a click on them rolls.
      const x0 = left(mover);
      const g = el("g", { class: "dice to-roll", "aria-label": "roll the dice" });
      [0, 1].forEach((i) => g.append(die(x0 + i * (size + 8), y, size, 0, { class: `die side-${mover} to-roll` })));
      g.append(el("text", { x: x0 + size + 4, y: y + size / 2, "dominant-baseline": "central", class: "dice-roll-label" }, ["Roll"]));
      this.diceBox = { x: x0 - 6, y: y - 6, width: 2 * size + 20, height: size + 12 };
      this.svg.append(g);
      return;
    }
    if (!faces.length && confirmable && mover !== null && state.last_turn?.side === mover && state.last_turn.roll) {
      // The turn is played: its dice, all used, confirm it when clicked.
      const [a, b] = state.last_turn.roll;
      const x0 = left(mover);
      const g = el("g", { class: "dice to-confirm", "aria-label": "confirm the turn" });
      (a === b ? [a, a, a, a] : [a, b]).forEach((value, i) => g.append(die(x0 + i * (size + 8), y, size, value, { class: `die side-${mover} used` })));
      label(g, x0 + ((a === b ? 4 : 2) * (size + 8) - 8) / 2, "Confirm");
      this.diceBox = { x: x0 - 6, y: y - 6, width: (a === b ? 4 : 2) * (size + 8) + 4, height: size + 12 };
      this.svg.append(g);
      return;
    }
    if (!faces.length) return;
    const x0 = left(state.to_move);
    // Dice no legal step can use are marked so before anything moves (not faded as if used).
    const usable = this.usableDice();
    const owner = handoff !== null && handoff !== undefined ? handoff : state.to_move;
    const g = el("g", { class: `dice${handoff !== null && handoff !== undefined ? " handoff" : ""}`, "aria-label": "dice" });
    // A die gone from the dice still to play that no step played this turn took was cut by the
    // rules (it cannot be played): marked so, not faded as if used.
    const taken = playedDice(state.played || [], faces.map((f) => f.value));
    faces.forEach((f, i) => {
      if (f.used && !state.cascade) {
        if (taken[f.value]) taken[f.value] -= 1;
        else f = { ...f, used: false, cut: true };
      }
      const dead = f.cut || (!f.used && usable !== null && !usable.has(f.value));
      const x = x0 + i * (size + 8);
      g.append(die(x, y, size, f.value, {
        class: `die side-${owner}${f.used ? " used" : ""}${dead ? " unplayable" : ""}${handoff !== null && handoff !== undefined ? " handoff" : ""}`,
      }));
      if (dead) g.append(el("line", { x1: x + 4, y1: y + size - 4, x2: x + size - 4, y2: y + 4, class: "die-cross" }));
    });
    if (g.querySelector(".unplayable")) {
      label(g, x0 + (faces.length * (size + 8) - 8) / 2, "✗ cannot be played");
    }
    if (confirmable) this.diceBox = { x: x0 - 6, y: y - 6, width: faces.length * (size + 8) + 4, height: size + 12 };
    if (handoff !== null && handoff !== undefined) {
      // Gul Bara: what the roller could not play, left for the other side (GB-5).
      const who = this.view.names?.[handoff] ?? "the opponent";
      label(g, x0 + (faces.length * (size + 8) - 8) / 2, `for ${who} to play`);
    }
    this.svg.append(g);
  }

  // The dice values some legal step uses (a bearing-off step may use a larger die), or null when
  // the viewer is not the one moving.
  usableDice() {
    const { legal, mover, paths, state } = this.view;
    if (mover === null || !legal?.length) return null;
    const steps = legal.filter((a) => typeof a.from === "number" && typeof a.to === "number");
    if (!steps.length) return null;
    return usableDiceOf(steps, paths, state?.dice);
  }

  drawNote() {
    const text = this.view.note;
    if (!text) return;
    const { width, height } = boardSize();
    const w = Math.min(width - 80, 14 + text.length * 8.6);
    const g = el("g", { class: "board-note", role: "note" });
    g.append(el("rect", { x: (width - w) / 2, y: height / 2 - 24, width: w, height: 48, rx: 8 }));
    g.append(el("text", { x: width / 2, y: height / 2, "dominant-baseline": "central" }, [text]));
    this.svg.append(g);
  }

  drawCube(state, viewer) {
    if (!state.cube) return;
    const { value, owner } = state.cube;
    const bar = barRect();
    const size = 36;
    const { height } = boardSize();
    const offered = state.phase === "take" && state.to_move !== null && state.to_move !== undefined;
    let y = height / 2 - size / 2;
    if (offered) {
      // A double offered: the cube turned to its new value and pushed towards the side that
      // must take or drop, as across a real table.
      y = state.to_move === viewer ? height / 2 + 6 : height / 2 - size - 6;
    } else if (owner === viewer) y = height - SIZE.margin - size - 4;
    else if (owner !== null && owner !== undefined) y = SIZE.margin + 4;
    const next = value * 2;
    const shown = offered ? next : value === 1 ? 64 : value;
    const g = el("g", { class: `cube${offered ? " offered" : ""}`, "data-owner": owner ?? "centre", "data-value": shown });
    g.append(el("rect", { x: bar.x + (bar.width - size) / 2, y, width: size, height: size, rx: 5, class: "cube-face" }));
    g.append(el("text", { x: bar.x + bar.width / 2, y: y + size / 2, "dominant-baseline": "central", class: "cube-value" }, [String(shown)]));
    const whose = (side) => (side === viewer ? "you" : this.view.names?.[side] ?? "the opponent");
    let title = owner === null || owner === undefined ? `cube at ${value}, in the middle` : `cube at ${value}, owned by ${owner === viewer ? "you" : "the opponent"}`;
    if (offered) {
      const taker = state.to_move;
      title = `double to ${next} offered to ${whose(taker)}: take or drop`;
      const label = taker === this.view.mover && taker === viewer ? `Doubled to ${next}: take or drop?` : `Doubled to ${next}`;
      // The question in the empty middle of the right-hand half, beside the cube.
      g.append(el("text", {
        x: bar.x + bar.width + 14, y: height / 2, "dominant-baseline": "central", class: "cube-offer-label",
      }, [label]));
    }
    g.append(el("title", {}, [title]));
    this.svg.append(g);
  }

}
