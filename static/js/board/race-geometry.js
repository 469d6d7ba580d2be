// Where things are on a race board (Senet, Ur, 20 Squares, 58 Holes, XII Scripta), drawn from the
// variant's geometry data alone, and which square a tap lands on. Pure: no DOM
// (tests/js/race-geometry.test.js).
//
// Geometry (DESIGN.md, "Race"): {columns, rows, cells: [{x, y, mark, label}], routes: [side 0's
// cells for route positions 1..N, side 1's], lines: [[cell, cell]], shape: "squares" | "holes"}.
// A cell's id is its index; y = 0 is the top row. Route position 0 is a piece not yet entered,
// N + 1 a piece borne off. The viewer's own squares are drawn nearest the viewer: the board is
// turned half round when the viewer's side owns the top of it.

export const START = 0;

export const SIZE = Object.freeze({ margin: 14, cell: 64, strip: 64, gap: 10, throwMin: 150, throwMax: 210 });

export function routeLength(geometry, side) {
  return geometry.routes[side].length;
}

export function offPosition(geometry, side) {
  return routeLength(geometry, side) + 1;
}

// Each side's cells as a map cell id -> the route positions (1-based) that use it; a route may
// pass a cell more than once.
export function routePositions(geometry) {
  return geometry.routes.map((route) => {
    const at = new Map();
    route.forEach((cell, i) => {
      if (!at.has(cell)) at.set(cell, []);
      at.get(cell).push(i + 1);
    });
    return at;
  });
}

// Whether the viewer sees the board turned half round. The data has side 0 at the bottom; side 1
// sees it from the other end, unless both sides run the same squares the same way (Senet) or
// mirror each other left and right (58 Holes), where each already sees its own part as well.
export function turned(geometry, viewer) {
  if (viewer !== 1) return false;
  const [a, b] = geometry.routes;
  const same = a.length === b.length && a.every((cell, i) => cell === b[i]);
  const mirrored = a.length === b.length && a.every((cell, i) => {
    const p = geometry.cells[cell];
    const q = geometry.cells[b[i]];
    return q.y === p.y && q.x === geometry.columns - 1 - p.x;
  });
  return !same && !mirrored;
}

// The cell pieces are borne off to where the board has one (58 Holes' goal): marked "goal" and
// on no route.
export function goalCell(geometry) {
  const used = new Set(geometry.routes.flat());
  const i = geometry.cells.findIndex((c, id) => c.mark === "goal" && !used.has(id));
  return i < 0 ? null : i;
}

// Everything's place for one viewer: the grid's cells, and each side's strip (the viewer's below
// the board, the other's above): pieces waiting at the start on the left, the throw in the middle
// (shown on the side of who threw), pieces borne off on the right. The board takes the whole
// width, so a phone gets squares as large as they can be.
export function layout(geometry, viewer, size = SIZE) {
  const flip = turned(geometry, viewer);
  const cols = geometry.columns;
  const rows = geometry.rows;
  const boardW = cols * size.cell;
  const boardH = rows * size.cell;
  const board = { x: size.margin, y: size.margin + size.strip + size.gap, width: boardW, height: boardH };
  const width = size.margin * 2 + boardW;
  const height = size.margin * 2 + boardH + 2 * (size.strip + size.gap);
  const cells = geometry.cells.map((cell, id) => {
    const col = flip ? cols - 1 - cell.x : cell.x;
    const row = flip ? rows - 1 - cell.y : cell.y;
    const x = board.x + col * size.cell;
    const y = board.y + row * size.cell;
    return {
      id, x, y, width: size.cell, height: size.cell, cx: x + size.cell / 2, cy: y + size.cell / 2,
      mark: cell.mark || null, label: cell.label ?? null,
    };
  });
  const throwW = Math.round(Math.min(size.throwMax, Math.max(size.throwMin, boardW * 0.3)));
  const zoneW = (boardW - throwW) / 2 - size.gap;
  const zones = [];
  const throwBoxes = [];
  for (const side of [0, 1]) {
    const y = side === viewer ? board.y + boardH + size.gap : size.margin;
    zones.push({ zone: "start", side, x: board.x, y, width: zoneW, height: size.strip });
    zones.push({ zone: "off", side, x: board.x + boardW - zoneW, y, width: zoneW, height: size.strip });
    throwBoxes[side] = { x: board.x + zoneW + size.gap, y, width: throwW, height: size.strip };
  }
  return { width, height, board, cells, zones, throwBoxes, flip };
}

// What a tap or a drop at (x, y) lands on: {cell} or {zone, side}, or null.
export function hitTest(lay, x, y) {
  for (const c of lay.cells) {
    if (x >= c.x && x < c.x + c.width && y >= c.y && y < c.y + c.height) return { cell: c.id };
  }
  for (const z of lay.zones) {
    if (x >= z.x && x < z.x + z.width && y >= z.y && y < z.y + z.height) return { zone: z.zone, side: z.side };
  }
  return null;
}

// The mover's route positions a hit can mean (a shared cell used twice by a route means two).
export function hitPositions(geometry, hit, mover) {
  if (!hit) return [];
  if (hit.zone) {
    if (hit.side !== mover) return [];
    return [hit.zone === "start" ? START : offPosition(geometry, mover)];
  }
  const positions = routePositions(geometry)[mover].get(hit.cell);
  if (positions) return positions;
  return hit.cell === goalCell(geometry) ? [offPosition(geometry, mover)] : [];
}

// Where a route position of a side is drawn: {cell} on the board, or {zone, side} beside it.
export function placeOf(geometry, side, p) {
  if (p === START) return { zone: "start", side };
  if (p === offPosition(geometry, side)) return { zone: "off", side };
  const cell = geometry.routes[side][p - 1];
  if (cell === undefined) throw new RangeError(`side ${side} has no route position ${p}`);
  return { cell };
}

// The pieces as the board draws them: per cell the sides and counts there, and per side how many
// wait to enter and how many are borne off. `pieces` is the state's (route positions per side).
export function occupancy(geometry, pieces) {
  const cells = new Map();
  const waiting = [0, 0];
  const off = [0, 0];
  pieces.forEach((list, side) => {
    for (const p of list) {
      const place = placeOf(geometry, side, p);
      if (place.zone === "start") waiting[side] += 1;
      else if (place.zone === "off") off[side] += 1;
      else {
        if (!cells.has(place.cell)) cells.set(place.cell, [0, 0]);
        cells.get(place.cell)[side] += 1;
      }
    }
  });
  return { cells, waiting, off };
}

// Legal moves as a map from each source position to its destinations (mover's numbering).
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

// The move from one of `froms` to one of `tos` that is legal, if exactly one is meant.
export function chooseMove(dests, froms, tos) {
  for (const from of froms) {
    const found = (dests.get(from) || []).find((d) => tos.includes(d.to));
    if (found) return found.action;
  }
  return null;
}

// What kind of device threw: from the engine's name for it, else from the faces themselves.
export function deviceKind(thrown) {
  const name = String(thrown?.device || "").toLowerCase();
  if (name.includes("stick")) return "sticks";
  if (name.includes("tetra") || name.includes("pyramid") || name.includes("d4")) return "tetrahedral";
  if (["astragal", "knuckle", "talus", "sheep", "ox"].some((w) => name.includes(w))) return "astragals";
  if (name.includes("dice") || name.includes("die") || name.includes("d6")) return "dice";
  const dice = thrown?.dice || [];
  if (dice.length && dice.every((d) => d === 0 || d === 1)) return "sticks";
  if (dice.length && dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)) return "dice";
  return "numbers";
}

// The faces of the throw to draw, each marked used once the moves it gave are played (XII
// Scripta splits a throw of three dice among moves: state.moves_left lists what is still to
// play). Sticks and tetrahedral dice count together, so they are never used one by one.
export function throwFaces(thrown, movesLeft) {
  if (!thrown || !Array.isArray(thrown.dice)) return { kind: "none", faces: [], value: null };
  const kind = deviceKind(thrown);
  // The sheep-and-ox pair: the ox astragal says yes (1) or no (0).
  const ox = String(thrown.device || "") === "sheep-ox";
  const faces = thrown.dice.map((value, i) => {
    const face = { value, used: false };
    if (ox) face.label = i === 1 ? (value ? "yes" : "no") : String(value);
    if (ox) face.title = i === 1 ? `ox astragal: ${face.label}` : `sheep astragal: ${value}`;
    return face;
  });
  if (kind === "dice" && Array.isArray(movesLeft)) {
    const pool = [...movesLeft];
    for (const face of faces) {
      const i = pool.indexOf(face.value);
      if (i >= 0) pool.splice(i, 1);
      else face.used = true;
    }
  }
  return { kind, faces, value: thrown.value ?? null };
}

// "14 17", "14-17", "14/17", "14→17", "14 to 17", "in 4", "0-4", "27 off": a move typed by its route
// positions; `off` is the mover's borne-off position. A lone "14" is {from: 14}.
export function parseRaceMove(text, off) {
  const t = text.trim().toLowerCase().replace(/\s+/g, " ");
  const word = (w) => {
    if (["in", "start", "enter", "e", "new"].includes(w)) return START;
    if (["off", "out", "o", "home"].includes(w)) return off ?? null;
    return /^\d{1,3}$/.test(w) ? Number(w) : null;
  };
  const pair = t.match(/^([a-z0-9]+)\s*(?:\/|->|-|–|→|\s|to)\s*([a-z0-9]+)$/);
  if (pair) {
    const from = word(pair[1]);
    const to = word(pair[2]);
    return from === null || to === null ? null : { from, to };
  }
  const one = t.match(/^(?:move\s+)?([a-z0-9]+)$/);
  if (one) {
    const from = word(one[1]);
    return from === null ? null : { from };
  }
  return null;
}

// The positions a move passes through, one per square, for playing it back: the side's pieces
// with the moving one on each square between `from` and `to` in turn (forwards or backwards),
// the last frame being the move's end. Whatever the move did to others (a capture, a swap) shows
// only in the state after it.
export function moveFrames(pieces, side, from, to) {
  const step = to >= from ? 1 : -1;
  const frames = [];
  const at = pieces[side].indexOf(from);
  if (at < 0) return frames;
  for (let p = from + step; step > 0 ? p <= to : p >= to; p += step) {
    const mine = [...pieces[side]];
    mine[at] = p;
    mine.sort((a, b) => a - b);
    frames.push(side === 0 ? [mine, [...pieces[1]]] : [[...pieces[0]], mine]);
  }
  return frames;
}
