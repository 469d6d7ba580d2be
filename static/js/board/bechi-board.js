// The Béchi board: two rows of holes with their counters, each side's captures and counters set
// aside, holes left empty, and sowing animated counter by counter. It knows no rules: the host
// gives it the legal actions and it reports the one chosen (onMove(action)).

import { el, svgPoint, redrawer } from "./svg.js";
import { boardSize, holeCentre, storeRect, hitTest, counterOffsets, sowingFrames, frameDelay } from "./bechi-geometry.js";
import { sameAction } from "./notation.js";

export class BechiBoard {
  constructor(container, { onMove, onChoice, label = "Béchi board" } = {}) {
    this.onMove = onMove || (() => {});
    this.onChoice = onChoice || (() => {});
    this.container = container;
    this.svg = el("svg", { class: "board-svg bechi", role: "img", "aria-label": label });
    container.append(this.svg);
    this.view = { state: null, viewer: 0, mover: null, legal: [], names: ["South", "North"] };
    this.frame = null; // the animation frame being shown, if any
    this.choosing = null; // a hole whose direction is being chosen (centre of a 3-hole row)
    this.leave = new Set(); // holes picked to leave empty
    this.schedule = redrawer(() => this.draw());
    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
  }

  holes() {
    return this.view.state ? this.view.state.rows[0].length : 4;
  }

  set(view) {
    const phaseBefore = this.view.state?.phase;
    this.view = { ...this.view, ...view };
    if (this.view.state?.phase !== "leave_empty" || phaseBefore !== "leave_empty") this.leave = new Set();
    this.choosing = null;
    this.schedule();
  }

  // Plays a sowing from `rowsBefore` as the engine reports it; resolves when done (at once for
  // speed "off").
  async animate(rowsBefore, lastMove, speed) {
    const delay = frameDelay(speed);
    if (!delay || !lastMove || lastMove.kind === "leave_empty") return;
    const frames = sowingFrames(rowsBefore, lastMove);
    this.animating = true;
    for (const frame of frames) {
      this.frame = frame;
      this.draw();
      await new Promise((resolve) => setTimeout(resolve, frame.kind === "capture" ? delay * 2 : delay));
    }
    this.frame = null;
    this.animating = false;
    this.schedule();
  }

  // -- input -----------------------------------------------------------------------------------

  pointerDown(event) {
    const { state, viewer, mover, legal } = this.view;
    if (!state || mover === null || this.animating) return;
    const { x, y } = svgPoint(this.svg, event);
    const arrow = event.target.closest?.("[data-direction]");
    if (arrow && this.choosing !== null) {
      this.play({ hole: this.choosing, direction: arrow.dataset.direction });
      return;
    }
    const hit = hitTest(x, y, this.holes(), viewer);
    if (!hit || hit.row !== mover) { this.choosing = null; this.schedule(); return; }
    event.preventDefault();
    if (state.phase === "leave_empty") {
      this.toggleLeave(hit.index);
      return;
    }
    const options = legal.filter((a) => a.hole === hit.index);
    if (options.length === 1) this.play(options[0]);
    else if (options.length > 1) { this.choosing = hit.index; this.schedule(); }
  }

  play(action) {
    this.choosing = null;
    this.onMove(action);
  }

  toggleLeave(index) {
    const choices = this.view.legal.filter((a) => Array.isArray(a.leave_empty));
    if (!choices.some((a) => a.leave_empty.includes(index))) return;
    if (this.leave.has(index)) this.leave.delete(index);
    else this.leave.add(index);
    const picked = { leave_empty: [...this.leave].sort((a, b) => a - b) };
    const need = choices[0]?.leave_empty.length ?? 0;
    this.onChoice({ picked: picked.leave_empty, need });
    const found = choices.find((a) => sameAction(a, picked));
    if (found) { this.leave = new Set(); this.onMove(found); }
    this.schedule();
  }

  // -- drawing ---------------------------------------------------------------------------------

  draw() {
    const { state, viewer, mover, legal, names } = this.view;
    const svg = this.svg;
    svg.replaceChildren();
    if (!state) return;
    const n = this.holes();
    const { width, height } = boardSize(n);
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.style.setProperty("--board-ratio", String(width / height));
    const rows = this.frame ? this.frame.rows : state.rows;
    svg.append(el("rect", { x: 0, y: 0, width, height, rx: 14, class: "frame" }));
    const playable = new Set(mover === null ? [] : legal.filter((a) => typeof a.hole === "number").map((a) => a.hole));
    const leaveable = new Set(mover === null ? [] : legal.filter((a) => Array.isArray(a.leave_empty)).flatMap((a) => a.leave_empty));
    const last = state.last_move;
    const captured = new Set(((this.frame ? (this.frame.kind === "capture" ? [this.frame.at] : []) : last?.captures) || [])
      .map(([r, i]) => `${r}:${i}`));
    const dropAt = this.frame ? `${this.frame.at[0]}:${this.frame.at[1]}` : null;

    for (const row of [0, 1]) {
      for (let i = 0; i < n; i++) {
        const c = holeCentre(row, i, n, viewer);
        const count = rows[row][i];
        const closed = state.closed?.[row]?.[i];
        const key = `${row}:${i}`;
        const classes = ["hole"];
        if (row === mover && playable.has(i) && !this.frame) classes.push("source");
        if (row === mover && leaveable.has(i)) classes.push("leaveable");
        if (row === mover && this.leave.has(i)) classes.push("picked");
        if (closed) classes.push("closed");
        if (captured.has(key)) classes.push("captured");
        if (dropAt === key) classes.push("drop");
        if (state.sown?.[row]?.[i]) classes.push("sown");
        const g = el("g", { class: classes.join(" "), "data-row": row, "data-hole": i });
        g.append(el("rect", { x: c.x - c.r - 4, y: c.y - c.r - 4, width: 2 * c.r + 8, height: 2 * c.r + 8, class: "hit" }));
        g.append(el("circle", { cx: c.x, cy: c.y, r: c.r, class: "cup" }));
        if (closed) {
          const d = c.r * 0.55;
          g.append(el("path", { d: `M${c.x - d} ${c.y - d}L${c.x + d} ${c.y + d}M${c.x + d} ${c.y - d}L${c.x - d} ${c.y + d}`, class: "closed-mark" }));
        }
        for (const { dx, dy } of counterOffsets(count, c.r - 10)) {
          g.append(el("circle", { cx: c.x + dx, cy: c.y + dy, r: 5.5, class: "counter" }));
        }
        const labelY = row === viewer ? c.y + c.r + 16 : c.y - c.r - 6;
        g.append(el("text", { x: c.x, y: labelY, class: "hole-count" }, [String(count)]));
        if (state.sown?.[row]?.[i]) g.append(el("circle", { cx: c.x + c.r - 6, cy: c.y - c.r + 6, r: 4, class: "sown-mark" }));
        const owner = row === viewer ? "your" : `${names[row]}'s`;
        g.append(el("title", {}, [`${owner} hole ${i + 1}: ${count}${closed ? ", left empty" : ""}`]));
        svg.append(g);
      }
    }

    // Stores: each side's captures this round, and counters set aside.
    for (const side of [0, 1]) {
      const r = storeRect(side, n, viewer);
      const g = el("g", { class: `store side-${side}`, "data-store": side });
      g.append(el("rect", { ...r, rx: 12, class: "store-box" }));
      const cap = state.captured[side];
      const shown = Math.min(cap, 30);
      for (let k = 0; k < shown; k++) {
        const col = k % 5;
        const line = Math.floor(k / 5);
        g.append(el("circle", { cx: r.x + 16 + col * 16, cy: r.y + r.height - 14 - line * 14, r: 5, class: "counter" }));
      }
      g.append(el("text", { x: r.x + r.width / 2, y: r.y + 22, class: "store-count" }, [`${cap}`]));
      g.append(el("text", { x: r.x + r.width / 2, y: r.y + 40, class: "store-label" }, ["taken"]));
      if (state.aside[side]) {
        g.append(el("text", { x: r.x + r.width / 2, y: r.y + 58, class: "store-label" }, [`${state.aside[side]} aside`]));
      }
      svg.append(g);
    }

    // Whose row is whose.
    svg.append(el("text", { x: width / 2, y: height - 4, class: "row-name" }, [names[viewer]]));
    svg.append(el("text", { x: width / 2, y: 14, class: "row-name" }, [names[1 - viewer]]));

    if (this.frame && this.frame.hand > 0) {
      const [r, i] = this.frame.at;
      const c = holeCentre(r, i, n, viewer);
      svg.append(el("text", { x: c.x, y: c.y + 4, class: "in-hand" }, [`${this.frame.hand} in hand`]));
    }

    if (this.choosing !== null && mover !== null) {
      const c = holeCentre(mover, this.choosing, n, viewer);
      // Seen from the player, clockwise runs toward the player's left end (BE-3).
      const towardLeft = mover === viewer ? -1 : 1;
      for (const [direction, dx, glyph] of [["clockwise", towardLeft, "↻"], ["anticlockwise", -towardLeft, "↺"]]) {
        const x = c.x + dx * (c.r * 0.62);
        const g = el("g", { class: "direction", "data-direction": direction, role: "button" });
        g.append(el("circle", { cx: x, cy: c.y, r: 20, class: "direction-button" }));
        g.append(el("text", { x, y: c.y, "dominant-baseline": "central", class: "direction-glyph" }, [glyph]));
        g.append(el("title", {}, [direction]));
        svg.append(g);
      }
    }
  }
}
