// Where things are on a tables board, and which point a tap lands on. Pure: no DOM, so it is
// unit-tested with node --test (tests/js/tables-geometry.test.js).
//
// Numbering: each side counts its own points 24..1 along its route, 25 is its bar, 0 is off.
// The board is drawn from the viewer's side: the viewer's points 1..12 run right to left along
// the bottom, 13..24 left to right along the top, the bar in the middle, trays on the right.

export const BAR = 25;
export const OFF = 0;

// A point of `side` in the other side's numbering. Both mappings are their own inverse.
export function otherNumbering(geometry, p) {
  if (p === BAR || p === OFF) return p;
  if (geometry === "parallel") return ((p + 11) % 24) + 1; // nard: both run the same way
  return 25 - p; // "opposite": backgammon
}

// A point of `side` as the viewer numbers it.
export function toView(geometry, side, viewer, p) {
  return side === viewer ? p : otherNumbering(geometry, p);
}

export const SIZE = Object.freeze({
  margin: 20, pointWidth: 48, bar: 48, tray: 58, pointHeight: 212, gap: 56, checker: 21,
});

export function boardSize(size = SIZE) {
  const width = size.margin * 3 + size.pointWidth * 12 + size.bar + size.tray;
  const height = size.margin * 2 + size.pointHeight * 2 + size.gap;
  return { width, height };
}

// Column 0..11 from the left and top/bottom of a viewer point 1..24.
export function pointCell(v) {
  if (v < 1 || v > 24) throw new RangeError(`no point ${v}`);
  if (v <= 12) return { col: 12 - v, top: false };
  return { col: v - 13, top: true };
}

export function columnX(col, size = SIZE) {
  return size.margin + col * size.pointWidth + (col >= 6 ? size.bar : 0);
}

// The rectangle of a viewer point (its triangle's bounding box) and the base its stack grows from.
export function pointRect(v, size = SIZE) {
  const { col, top } = pointCell(v);
  const x = columnX(col, size);
  const { height } = boardSize(size);
  const y = top ? size.margin : height - size.margin - size.pointHeight;
  return { x, y, width: size.pointWidth, height: size.pointHeight, top };
}

export function barRect(size = SIZE) {
  const { height } = boardSize(size);
  return { x: size.margin + size.pointWidth * 6, y: size.margin, width: size.bar, height: height - 2 * size.margin };
}

export function trayRect(mine, size = SIZE) {
  const { width, height } = boardSize(size);
  const x = width - size.margin - size.tray;
  const half = (height - 2 * size.margin - size.gap) / 2;
  return { x, y: mine ? height - size.margin - half : size.margin, width: size.tray, height: half };
}

// Centres of the first `shown` checkers of a stack on viewer point v (at most 5 are drawn; the
// top one carries the count when there are more).
export function stackCentres(v, count, size = SIZE) {
  const rect = pointRect(v, size);
  const r = size.checker;
  const shown = Math.min(count, 5);
  const cx = rect.x + rect.width / 2;
  const out = [];
  for (let i = 0; i < shown; i++) {
    const offset = r + i * 2 * r;
    out.push({ x: cx, y: rect.top ? rect.y + offset : rect.y + rect.height - offset });
  }
  return out;
}

// Bar checkers: the viewer's below the middle, the opponent's above it.
export function barCentres(mine, count, size = SIZE) {
  const bar = barRect(size);
  const mid = bar.y + bar.height / 2;
  const r = size.checker;
  const shown = Math.min(count, 4);
  const out = [];
  for (let i = 0; i < shown; i++) {
    const offset = size.gap / 2 + r + i * 2 * r;
    out.push({ x: bar.x + bar.width / 2, y: mine ? mid + offset : mid - offset });
  }
  return out;
}

// What a tap or a drop at (x, y) in board coordinates lands on: a viewer point, the bar, the
// viewer's tray (off) or nothing.
export function hitTest(x, y, size = SIZE) {
  const { height } = boardSize(size);
  const bar = barRect(size);
  if (x >= bar.x && x < bar.x + bar.width && y >= bar.y && y <= bar.y + bar.height) return { kind: "bar" };
  const tray = trayRect(true, size);
  // The whole right-hand strip counts for bearing off: a finger aims loosely.
  if (x >= tray.x - 2 && x <= tray.x + tray.width + size.margin && y >= height / 2) return { kind: "off" };
  if (x >= tray.x - 2) return { kind: "tray-opponent" };
  let col = null;
  const left = size.margin;
  const right = left + size.pointWidth * 12 + size.bar;
  if (x < left || x >= right) return null;
  if (x < bar.x) col = Math.floor((x - left) / size.pointWidth);
  else col = 6 + Math.floor((x - bar.x - bar.width) / size.pointWidth);
  if (col < 0 || col > 11) return null;
  const top = y < height / 2;
  return { kind: "point", v: top ? col + 13 : 12 - col };
}

// A hit (from hitTest) as a point number in the mover's own numbering, or null.
export function hitToMover(hit, geometry, mover, viewer) {
  if (!hit) return null;
  if (hit.kind === "bar") return BAR;
  if (hit.kind === "off") return mover === viewer ? OFF : null;
  if (hit.kind === "tray-opponent") return mover === viewer ? null : OFF;
  return toView(geometry, viewer, mover, hit.v);
}

// Legal single steps as a map from each source point to its destinations (mover's numbering).
export function destinations(legalActions) {
  const dests = new Map();
  for (const action of legalActions) {
    if (typeof action.from !== "number" || typeof action.to !== "number") continue;
    if (!dests.has(action.from)) dests.set(action.from, []);
    const list = dests.get(action.from);
    if (!list.some((d) => d.to === action.to)) list.push({ to: action.to, action });
  }
  return dests;
}

// The dice to draw: this turn's roll, each marked used or not from the dice still to play.
// Doubles show four dice; Gul Bara's cascade shows the four of the number being played.
export function diceFaces(state) {
  const remaining = [...(state.dice || [])];
  if (state.cascade && typeof state.cascade.number === "number") {
    const n = state.cascade.number;
    const left = remaining.filter((d) => d === n).length;
    return [0, 1, 2, 3].map((i) => ({ value: n, used: i < 4 - left }));
  }
  const roll = state.roll;
  if (!roll) return [];
  const faces = roll[0] === roll[1] ? [roll[0], roll[0], roll[0], roll[0]] : [...roll];
  const pool = [...remaining];
  const marked = faces.map((value) => {
    const i = pool.indexOf(value);
    if (i >= 0) { pool.splice(i, 1); return { value, used: false }; }
    return { value, used: true };
  });
  // Mark the used ones first, as dice are played left to right.
  const used = marked.filter((f) => f.used).length;
  return marked.map((f, i) => ({ value: f.value, used: roll[0] === roll[1] ? i < used : f.used }));
}

// Pips for the viewer's side and the other: from the state when it has them.
export function pipCounts(state) {
  if (Array.isArray(state.pips)) return state.pips;
  return state.checkers.map((row) => row.reduce((sum, n, p) => sum + n * p, 0));
}

// -- combined moves -------------------------------------------------------------------------------

// The ways to take one checker from `from` to `to` (mover's numbering) with two or more of the
// dice still to play, each a list of single steps [{from, to}, ...], shortest first. Only the
// first step can be checked here (it must be among the legal steps); the rules decide the rest
// as each step is played (the host takes a way back when its next step turns out illegal).
// A die larger than the distance home bears off only as the last step. Gul Bara's cascades
// are played die by die, so they offer no combined moves.
export function sumPaths(from, to, dice, legalActions, { cascade = false } = {}) {
  if (cascade || !Array.isArray(dice) || dice.length < 2 || from === to) return [];
  const first = new Set(
    legalActions.filter((a) => a.from === from && typeof a.to === "number").map((a) => a.to),
  );
  const found = [];
  const seen = new Set();
  const walk = (at, left, path) => {
    const tried = new Set();
    for (let i = 0; i < left.length; i++) {
      const d = left[i];
      if (tried.has(d)) continue; // the same value twice gives the same way
      tried.add(d);
      let next = at - d;
      if (next <= 0) {
        if (to !== OFF) continue;
        next = OFF;
      }
      if (next !== OFF && next < to) continue; // past the target
      if (path.length === 0 && !first.has(next)) continue;
      const step = { from: at, to: next };
      const steps = [...path, step];
      if (next === to) {
        const key = steps.map((s) => `${s.from}/${s.to}`).join(" ");
        if (steps.length >= 2 && !seen.has(key)) { seen.add(key); found.push(steps); }
        continue;
      }
      if (next === OFF) continue;
      walk(next, [...left.slice(0, i), ...left.slice(i + 1)], steps);
    }
  };
  walk(from, [...dice], []);
  return found.sort((a, b) => a.length - b.length);
}

// Every target a checker can reach with several dice that no single step reaches: a map from
// each source point to [{to, paths}] (mover's numbering).
export function sumDestinations(state, legalActions) {
  const out = new Map();
  if (!state || state.cascade || !Array.isArray(state.dice) || state.dice.length < 2) return out;
  const singles = destinations(legalActions);
  const dice = state.dice;
  for (const from of singles.keys()) {
    const reached = new Set(singles.get(from).map((d) => d.to));
    const list = [];
    const sums = new Set();
    // Every sum of two or more of the dice (the targets worth trying).
    const combos = (start, total, count) => {
      for (let i = start; i < dice.length; i++) {
        const t = total + dice[i];
        if (count + 1 >= 2) sums.add(t);
        combos(i + 1, t, count + 1);
      }
    };
    combos(0, 0, 0);
    const targets = new Set([...sums].map((t) => Math.max(from - t, OFF)));
    for (const to of [...targets].sort((a, b) => b - a)) {
      if (reached.has(to)) continue;
      const paths = sumPaths(from, to, dice, legalActions);
      if (paths.length) list.push({ to, paths });
    }
    if (list.length) out.set(from, list);
  }
  return out;
}

// The combined moves the server lists (match.legal_paths: ways to take one checker through
// several steps in a row, each step legal after the ones before it), by source point: a map
// from each source to [{to, paths}] for the targets no single step reaches, shortest ways first.
// Only these are offered, so a target lights up only if a complete legal play reaches it.
export function pathDestinations(paths, legalActions) {
  const out = new Map();
  if (!Array.isArray(paths) || !paths.length) return out;
  const singles = destinations(legalActions || []);
  const byTarget = new Map(); // "from:to" -> {from, to, paths}
  for (const path of paths) {
    if (!Array.isArray(path) || path.length < 2) continue;
    const from = path[0].from;
    const to = path[path.length - 1].to;
    if ((singles.get(from) || []).some((d) => d.to === to)) continue;
    const key = `${from}:${to}`;
    if (!byTarget.has(key)) byTarget.set(key, { from, to, paths: [] });
    byTarget.get(key).paths.push(path.map((step) => ({ ...step })));
  }
  for (const { from, to, paths: ways } of byTarget.values()) {
    ways.sort((a, b) => a.length - b.length);
    if (!out.has(from)) out.set(from, []);
    out.get(from).push({ to, paths: ways });
  }
  for (const list of out.values()) list.sort((a, b) => b.to - a.to);
  return out;
}
