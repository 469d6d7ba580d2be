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
    container.append(bechiLegend());
  }

  holes() {
    return this.view.state ? this.view.state.rows[0].length : 4;
  }

  set(view) {
    const phaseBefore = this.view.state?.phase;
    const stateBefore = JSON.stringify(this.view.state ?? null);
    this.view = { ...this.view, ...view };
    if (this.view.state?.phase !== "leave_empty" || phaseBefore !== "leave_empty") { this.leave = new Set(); this.order = []; }
    // A redraw of the same position (a settle, a presence update) keeps the direction being
    // chosen for the centre hole; a new position drops it.
    if (JSON.stringify(this.view.state ?? null) !== stateBefore) this.choosing = null;
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
    // The choice of holes to leave empty: take back the last pick, or commit the picks.
    const leaveButton = event.target.closest?.("[data-leave]");
    if (leaveButton && state.phase === "leave_empty") {
      event.preventDefault();
      if (leaveButton.dataset.leave === "undo") this.undoLeave();
      else this.commitLeave();
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

  // Holes to leave empty are picked one by one (a pick taken back by tapping the hole again or
  // with "Undo"); nothing is sent until the player commits a complete choice.
  leaveChoices() {
    return this.view.legal.filter((a) => Array.isArray(a.leave_empty));
  }

  leaveNeed() {
    return this.leaveChoices()[0]?.leave_empty.length ?? 0;
  }

  leavePicked() {
    return { leave_empty: [...this.leave].sort((a, b) => a - b) };
  }

  toggleLeave(index) {
    const choices = this.leaveChoices();
    if (!choices.some((a) => a.leave_empty.includes(index))) return;
    if (this.leave.has(index)) this.leave.delete(index);
    else if (this.leave.size < this.leaveNeed()) { this.leave.add(index); this.order = [...(this.order || []), index]; }
    this.order = (this.order || []).filter((i) => this.leave.has(i));
    this.onChoice({ picked: this.leavePicked().leave_empty, need: this.leaveNeed() - this.leave.size });
    this.schedule();
  }

  undoLeave() {
    const last = (this.order || []).pop();
    if (last === undefined) return;
    this.leave.delete(last);
    this.onChoice({ picked: this.leavePicked().leave_empty, need: this.leaveNeed() - this.leave.size });
    this.schedule();
  }

  commitLeave() {
    const found = this.leaveChoices().find((a) => sameAction(a, this.leavePicked()));
    if (!found) return;
    this.leave = new Set();
    this.order = [];
    this.onMove(found);
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
      // Whose store it is, named as the row names are.
      const owner = names?.[side] ?? `Side ${side + 1}`;
      const whose = owner === "You" ? "Yours" : `${owner}'s`;
      g.append(el("text", { x: r.x + r.width / 2, y: r.y + 16, class: "store-name" }, [whose]));
      g.append(el("text", { x: r.x + r.width / 2, y: r.y + 38, class: "store-count" }, [`${cap}`]));
      g.append(el("text", { x: r.x + r.width / 2, y: r.y + 54, class: "store-label" }, ["taken"]));
      if (state.aside[side]) {
        g.append(el("text", { x: r.x + r.width / 2, y: r.y + 70, class: "store-label" }, [`${state.aside[side]} aside`]));
      }
      g.append(el("title", {}, [`${whose} store: ${cap} taken this round${state.aside[side] ? `, ${state.aside[side]} set aside` : ""}`]));
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

    if (state.phase === "leave_empty" && mover !== null && this.leaveNeed() > 0) this.drawLeaveChoice(width, height);

    if (this.choosing !== null && mover !== null) {
      const c = holeCentre(mover, this.choosing, n, viewer);
      // The prompt: the centre hole of a three-hole row may be sown either way.
      const promptY = mover === viewer ? c.y - c.r - 14 : c.y + c.r + 24;
      svg.append(el("text", { x: c.x, y: promptY, class: "direction-prompt", "data-role": "direction-prompt" },
        [`Sow hole ${this.choosing + 1} which way? ↻ clockwise or ↺ anticlockwise`]));
      // Seen from the player, clockwise runs toward the player's left end (BE-3).
      const towardLeft = mover === viewer ? -1 : 1;
      for (const [direction, dx, glyph] of [["clockwise", towardLeft, "↻"], ["anticlockwise", -towardLeft, "↺"]]) {
        const x = c.x + dx * (c.r * 0.62);
        const g = el("g", { class: "direction", "data-direction": direction, role: "button" });
        g.append(el("circle", { cx: x, cy: c.y, r: 20, class: "direction-button" }));
        g.append(el("text", { x, y: c.y, "dominant-baseline": "central", class: "direction-glyph" }, [glyph]));
        g.append(el("title", {}, [`sow ${direction}`]));
        svg.append(g);
      }
    }
  }

  // The count still to choose, and Undo / Leave empty, in the middle of the board.
  drawLeaveChoice(width, height) {
    const need = this.leaveNeed();
    const left = need - this.leave.size;
    const g = el("g", { class: "leave-choice", "data-role": "leave-choice", "data-left": left });
    const text = left > 0
      ? `Choose ${left} more hole${left === 1 ? "" : "s"} to leave empty (${this.leave.size} of ${need} picked)`
      : `${need} hole${need === 1 ? "" : "s"} picked: leave ${need === 1 ? "it" : "them"} empty?`;
    g.append(el("text", { x: width / 2, y: height / 2 - 8, class: "leave-count" }, [text]));
    const buttons = [];
    if (this.leave.size) buttons.push(["undo", "Undo pick"]);
    if (left === 0) buttons.push(["commit", "Leave empty ✓"]);
    buttons.forEach(([what, label], k) => {
      const x = width / 2 + (k - (buttons.length - 1) / 2) * 150;
      const b = el("g", { class: `leave-button ${what}`, "data-leave": what, role: "button" });
      b.append(el("rect", { x: x - 68, y: height / 2 + 2, width: 136, height: 30, rx: 8, class: "leave-button-box" }));
      b.append(el("text", { x, y: height / 2 + 17, "dominant-baseline": "central", class: "leave-button-text" }, [label]));
      b.append(el("title", {}, [label]));
      g.append(b);
    });
    this.svg.append(g);
  }
}

// What the marks on the board and the move list's notation mean.
export function bechiLegend() {
  const details = document.createElement("details");
  details.className = "bechi-legend";
  details.dataset.role = "legend";
  const summary = document.createElement("summary");
  summary.textContent = "Marks and notation";
  const list = document.createElement("dl");
  const rows = [
    ["● at a hole's corner", "this hole has been sown from in this round"],
    ["✕ in a hole", "left empty this round: no counter falls into it"],
    ["3↺, 3↻", "a sowing from the mover's hole 3 (counted from the mover's left), anticlockwise or clockwise"],
    ["×4, ×2+4", "counters captured at the end of the sowing (a chain of captures is joined by +)"],
    ["shu 2", "counters forfeited under the shu rule"],
    ["leave 1,3 empty", "the holes the player chose to leave empty for the round"],
    ["round over 23–25", "the round's counters each side holds at its end"],
  ];
  for (const [mark, meaning] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = mark;
    const dd = document.createElement("dd");
    dd.textContent = meaning;
    list.append(dt, dd);
  }
  details.append(summary, list);
  return details;
}
