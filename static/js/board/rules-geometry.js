// The generic board of the rules-file games (games/engine/rules/CONTRACT.md), without the DOM:
// where each site is drawn from the variant's geometry, what a tap lands on, what the legal
// actions let the player do from what is selected, typed moves, and the position and the moves in
// words. Pure (tests/js/rules-geometry.test.js).
//
// Board info: {players, sides, teams, geometry, pieces: {kind: {name, glyph}}}. Geometry: {style:
// "grid" | "lines" | "mancala" | "track", sites: [{name, x, y, shape, owner, mark}], edges: [[name,
// name]], checkered, regions: {name: [site]}, hands, tracks?: [[site, ...] per seat], jumps?: [{from,
// to: site | "off", seats?}] (snakes, ladders and goals: a piece landing on `from` goes on to `to`)}. Coordinates
// are in site units with y growing upwards (the closest two sites set the scale; width and height
// are not needed); the board is drawn with y downwards, turned so the viewer's own sites (those it
// owns, else the first squares of its track) lie where the first seat's do, at the bottom.
//
// State: {board: {site: [owner, kind, count]}, hands: [{kind: n}], scores, pending, throw,
// to_move, phase, ...}. Read besides where a mechanic gives them: `pending` as a site or as
// {site, remove}; `positions` (each seat's 1-based squares of its track) to split a site shared by
// several seats ([null, kind, total]) by seat; `off` (pieces borne off per seat; a track's scores
// otherwise); `closed` and `sown` (holes left empty, holes sown from); `tuz` (each seat's claimed
// holes: a tuz, a wegue). A site may also hold a list of triples.

import { normalise, plural } from "./notation.js";

// Pixels (viewBox units) per site: the closest two sites are this far apart, whatever the data's
// units; margins, strips and pieces are in units of it.
export const UNIT = 64;
export const MARGIN = { labels: 0.5, plain: 0.3 };
export const STRIP = 0.95;
export const GAP = 0.15;
// The family's own seat names, used only until the board info's sides are known: a board given
// these names reads the variant's sides instead.
export const DEFAULT_SIDES = Object.freeze(["First", "Second"]);

// -- the sites --------------------------------------------------------------------------------

const spacingCache = new WeakMap();

// The distance between the closest two sites (1 when there is one site or none).
export function spacing(geometry) {
  if (spacingCache.has(geometry)) return spacingCache.get(geometry);
  const sites = geometry.sites || [];
  let best = Infinity;
  for (let i = 0; i < sites.length; i++) {
    for (let j = i + 1; j < sites.length; j++) {
      const d = Math.hypot(sites[i].x - sites[j].x, sites[i].y - sites[j].y);
      if (d > 1e-9 && d < best) best = d;
    }
  }
  const result = Number.isFinite(best) ? best : 1;
  spacingCache.set(geometry, result);
  return result;
}

export function siteMap(geometry) {
  return new Map((geometry?.sites || []).map((s) => [s.name, s]));
}

// Quarter turns (clockwise, as seen) that bring the viewer's own sites (ownSites: a mancala row,
// a race game's home column) where the first seat's are, at the bottom. Without own sites a
// two-seat board is turned half round for the second seat (a1 is bottom-left from the first
// side's seat).
// A seat's own sites, by which the board is turned and its strip placed: those it owns (a
// sowing game's row, its store aside: a store stands at its owner's right), else the first
// squares of its track (a race game's entry, in the seat's own arm or row).
export function ownSites(geometry, seat) {
  const sites = geometry.sites || [];
  const owned = sites.filter((s) => s.owner === seat);
  if (owned.length) return owned.some((s) => s.shape !== "store") ? owned.filter((s) => s.shape !== "store") : owned;
  const track = geometry.tracks?.[seat];
  if (!Array.isArray(track)) return [];
  const byName = siteMap(geometry);
  return track.slice(0, 4).map((n) => byName.get(n)).filter(Boolean);
}

export function quarterTurns(geometry, viewer, players = 2) {
  const sites = geometry.sites || [];
  if (!sites.length || !(viewer > 0)) return 0;
  const xs = sites.map((s) => s.x);
  const ys = sites.map((s) => s.y);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const hw = (Math.max(...xs) - Math.min(...xs)) / 2 || 1;
  const hh = (Math.max(...ys) - Math.min(...ys)) / 2 || 1;
  // Which side of the board a seat's own sites lie on: 0 below, 1 right, 2 above, 3 left (as a
  // share of the board's half width and height, so a long board's rows count as much as its ends).
  const side = (seat) => {
    const own = ownSites(geometry, seat);
    if (!own.length) return null;
    const dx = own.reduce((a, s) => a + s.x - cx, 0) / own.length / hw;
    const dy = own.reduce((a, s) => a + s.y - cy, 0) / own.length / hh; // y up: below is negative
    if (Math.abs(dx) < 1e-9 && Math.abs(dy) < 1e-9) return null;
    if (Math.abs(dy) >= Math.abs(dx)) return dy < 0 ? 0 : 2;
    return dx > 0 ? 1 : 3;
  };
  // Turned from where the first seat sits to where the viewer sits (a quarter turn clockwise
  // brings the right side down); seats starting on the same squares are not turned.
  const first = side(0);
  const mine = side(viewer);
  if (first === null || mine === null) return players === 2 && viewer === 1 && !ownSites(geometry, viewer).length ? 2 : 0;
  return (mine - first + 4) % 4;
}

// A point (u, v) in a box w x h (y down) turned k quarter turns clockwise: the new point and box.
function turn(u, v, w, h, k) {
  switch (((k % 4) + 4) % 4) {
    case 1: return [h - v, u];
    case 2: return [w - u, h - v];
    case 3: return [v, w - u];
    default: return [u, v];
  }
}

const LABELLED = new Set(["grid", "lines"]);

// Everything's place for one viewer, in viewBox units: {width, height, unit, turns, board (the
// frame's box), sites: [{name, x, y (data), cx, cy, shape, owner, mark, w, h}], byName, edges:
// [[x1, y1, x2, y2]], labels: [{text, x, y}], strips: [{seat, x, y, width, height}]}.
// `strips` lists the seats that get a strip beside the board (their hand, pieces borne off); the
// viewer's goes below, the others above in seat order.
export function layout(geometry, { viewer = 0, players = 2, strips = [], unit = UNIT, stripRows = null } = {}) {
  const sites = geometry.sites || [];
  const d = spacing(geometry);
  const style = geometry.style || "grid";
  const xs = sites.map((s) => s.x);
  const ys = sites.map((s) => s.y);
  const minX = xs.length ? Math.min(...xs) : 0;
  const maxX = xs.length ? Math.max(...xs) : 0;
  const minY = ys.length ? Math.min(...ys) : 0;
  const maxY = ys.length ? Math.max(...ys) : 0;
  const w0 = (maxX - minX) / d;
  const h0 = (maxY - minY) / d;
  const turns = quarterTurns(geometry, viewer, players);
  const [spanW, spanH] = turns % 2 ? [h0, w0] : [w0, h0];
  const margin = (LABELLED.has(style) ? MARGIN.labels : MARGIN.plain) * unit;
  const boardW = (spanW + 1) * unit + 2 * margin;
  const boardH = (spanH + 1) * unit + 2 * margin;
  const stripSeats = [...new Set(strips)].filter((s) => s >= 0);
  const grid = sites.map((s) => {
    const [u, v] = turn((s.x - minX) / d, (maxY - s.y) / d, w0, h0, turns);
    return { site: s, u, v };
  });
  // A cross (Pachisi, Ludo) keeps each seat's strip in an empty corner at the seat's right hand;
  // any other board has the viewer's strip below it and the others' above.
  const corners = stripSeats.length ? cornerStrips(grid, stripSeats, spanW, spanH, geometry.tracks) : null;
  const below = corners ? [] : stripSeats.filter((s) => s === viewer);
  const above = corners ? [] : stripSeats.filter((s) => s !== viewer).sort((a, b) => a - b);
  // Beside a track a strip has two rows (its throw above its hand).
  const rowsBeside = stripRows ?? (style === "track" ? 2 : 1);
  const stripH = STRIP * unit * rowsBeside;
  const gap = GAP * unit;
  const top = above.length * (stripH + gap);
  const width = Math.max(boardW, stripSeats.length && !corners ? 5 * unit : 0);
  const board = { x: (width - boardW) / 2, y: top, width: boardW, height: boardH };
  const height = top + boardH + below.length * (stripH + gap);
  const ox = board.x + margin + unit / 2;
  const oy = board.y + margin + unit / 2;
  const placed = grid.map(({ site: s, u, v }) => ({
    name: s.name, x: s.x, y: s.y, cx: ox + u * unit, cy: oy + v * unit, w: unit, h: unit,
    shape: s.shape || (style === "lines" ? "point" : style === "mancala" ? "hole" : "square"),
    owner: s.owner ?? null, mark: s.mark ?? null,
  }));
  sizeStores(placed, unit, turns);
  const byName = new Map(placed.map((p) => [p.name, p]));
  const edges = [];
  for (const [a, b] of geometry.edges || []) {
    const p = byName.get(a);
    const q = byName.get(b);
    if (p && q) edges.push([p.cx, p.cy, q.cx, q.cy]);
  }
  const stripBoxes = [];
  above.forEach((seat, i) => stripBoxes.push({ seat, x: 0, y: i * (stripH + gap), width, height: stripH, rows: rowsBeside }));
  below.forEach((seat) => stripBoxes.push({ seat, x: 0, y: board.y + boardH + gap, width, height: stripH, rows: rowsBeside }));
  if (corners) {
    const inset = 0.2 * unit;
    for (const [seat, { corner, size }] of corners) {
      // Drawn as large as the corner allows (a cross is a large board, shown small), to a
      // width of at least 3.6 sites at its own scale.
      const w = (size - 0.4) * unit;
      const scale = Math.max(1, Math.min(2.4, (size - 0.4) / 3.6, (size - 0.6) / (3 * STRIP)));
      const right = corner.includes("right");
      const bottom = corner.includes("bottom");
      const h = 3 * STRIP * unit * scale;
      stripBoxes.push({
        seat, corner, width: w, height: h, scale, rows: 3,
        x: right ? ox + spanW * unit + unit / 2 - w - inset : ox - unit / 2 + inset,
        y: bottom ? oy + spanH * unit + unit / 2 - h - inset : oy - unit / 2 + inset,
      });
    }
  }
  const lay = { width, height, unit, turns, style, board, sites: placed, byName, edges, strips: stripBoxes, labels: [] };
  if (LABELLED.has(style)) lay.labels = coordinateLabels(placed, board, margin);
  lay.dividers = style === "mancala" ? rowDividers(placed, unit) : [];
  return lay;
}

// A sowing board's row shared by two owners (the central row of the three-row games of the Horn
// of Africa, half each side's): a short bar across the row between its neighbouring holes of
// different owners, [[x1, y1, x2, y2]], so the halves read apart however the board is turned.
// The holes a seat has claimed (a sowing game's state.tuz: [[holes of seat 0], [of seat 1]]; a
// tuz of Toguz Kumalak, a wegue of Gabata): Map hole -> seat.
export function claimedHoles(state) {
  const out = new Map();
  const tuz = state?.tuz;
  if (!Array.isArray(tuz)) return out;
  tuz.forEach((holes, seat) => {
    if (Array.isArray(holes)) for (const h of holes) out.set(String(h), seat);
    else if (holes !== null && holes !== undefined) out.set(String(holes), seat);
  });
  return out;
}

export function rowDividers(placed, unit = UNIT) {
  const rows = new Map(); // by the data's rows (y), whichever way the board is turned
  for (const h of placed) {
    if (h.shape !== "hole" || h.owner === null || h.owner === undefined) continue;
    if (!rows.has(h.y)) rows.set(h.y, []);
    rows.get(h.y).push(h);
  }
  const out = [];
  for (const row of rows.values()) {
    row.sort((a, b) => a.x - b.x);
    for (let i = 1; i < row.length; i++) {
      const [a, b] = [row[i - 1], row[i]];
      if (a.owner === b.owner) continue;
      const len = Math.hypot(b.cx - a.cx, b.cy - a.cy) || 1;
      const [nx, ny] = [-(b.cy - a.cy) / len, (b.cx - a.cx) / len]; // across the row
      const [mx, my] = [(a.cx + b.cx) / 2, (a.cy + b.cy) / 2];
      const r = 0.42 * unit;
      out.push([mx - nx * r, my - ny * r, mx + nx * r, my + ny * r]);
    }
  }
  return out;
}

// For each seat, the empty corner at its right hand as it faces the board (the seat below: the
// bottom right; on the right: the top right; ...) where every seat's is at least four sites wide:
// Map seat -> {corner, size (sites)}; null when the board has no such corners.
function cornerStrips(grid, seats, spanW, spanH, tracksOf) {
  if (seats.length < 2 || seats.length > 4 || !grid.length) return null;
  const free = {
    "top-left": (g) => Math.max(g.u, g.v),
    "top-right": (g) => Math.max(spanW - g.u, g.v),
    "bottom-left": (g) => Math.max(g.u, spanH - g.v),
    "bottom-right": (g) => Math.max(spanW - g.u, spanH - g.v),
  };
  const size = Object.fromEntries(Object.entries(free).map(([k, f]) => [k, Math.min(...grid.map(f))]));
  const hand = { bottom: "bottom-right", right: "top-right", top: "top-left", left: "bottom-left" };
  const out = new Map();
  for (const seat of seats) {
    const mine = new Set(ownSites({ sites: grid.map((g) => g.site), tracks: tracksOf }, seat));
    const own = grid.filter((g) => mine.has(g.site));
    if (!own.length) return null;
    const du = own.reduce((a, g) => a + g.u, 0) / own.length - spanW / 2;
    const dv = own.reduce((a, g) => a + g.v, 0) / own.length - spanH / 2;
    const side = Math.abs(dv) >= Math.abs(du) ? (dv > 0 ? "bottom" : "top") : du > 0 ? "right" : "left";
    const corner = hand[side];
    if (size[corner] < 4 || [...out.values()].some((c) => c.corner === corner)) return null;
    out.set(seat, { corner, size: size[corner] });
  }
  return out;
}

// A store spans the rows of holes beside it (shared among the stores in the same column).
function sizeStores(placed, unit, turns) {
  const holes = placed.filter((p) => p.shape !== "store");
  const stores = placed.filter((p) => p.shape === "store");
  if (!stores.length || !holes.length) return;
  const vertical = turns % 2 === 0; // rows of holes run left-right: stores stand upright
  const across = (p) => (vertical ? p.cy : p.cx);
  const along = (p) => (vertical ? p.cx : p.cy);
  const lo = Math.min(...holes.map(across)) - unit * 0.45;
  const hi = Math.max(...holes.map(across)) + unit * 0.45;
  const groups = new Map();
  for (const s of stores) {
    const key = Math.round(along(s) / (unit / 2));
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(s);
  }
  for (const group of groups.values()) {
    group.sort((a, b) => across(a) - across(b));
    const share = (hi - lo) / group.length;
    // As wide as the room beside the nearest hole allows (the hole and its number), at most 0.8.
    const gap = Math.min(...holes.map((h) => Math.abs(along(h) - along(group[0]))));
    const wide = Math.max(unit * 0.5, Math.min(unit * 0.8, 2 * (gap - unit * 0.5)));
    group.forEach((s, i) => {
      const mid = lo + share * (i + 0.5);
      const long = share - unit * 0.1;
      if (vertical) { s.cy = mid; s.w = wide; s.h = long; } else { s.cx = mid; s.w = long; s.h = wide; }
    });
  }
}

// File letters under the board and rank numbers left of it, from names such as "c5": a group of
// sites sharing a letter that stand in one column is labelled below it (in one row, on a board
// turned a quarter: left of it), and the same for numbers the other way round.
function coordinateLabels(placed, board, margin) {
  const labels = [];
  const near = (a, b) => Math.abs(a - b) < 1;
  const below = (p) => ({ x: p.cx, y: board.y + board.height - margin / 2 });
  const left = (p) => ({ x: board.x + margin / 2, y: p.cy });
  for (const [part, index] of [["file", 1], ["rank", 2]]) {
    const groups = new Map();
    for (const p of placed) {
      const m = String(p.name).match(/^([a-z]+)(\d+)$/i);
      if (!m) continue;
      if (!groups.has(m[index])) groups.set(m[index], []);
      groups.get(m[index]).push(p);
    }
    for (const [text, group] of groups) {
      const column = group.every((p) => near(p.cx, group[0].cx));
      const row = group.every((p) => near(p.cy, group[0].cy));
      let at = null;
      if (part === "file") at = column ? below(group[0]) : row ? left(group[0]) : null;
      else at = row ? left(group[0]) : column ? below(group[0]) : null;
      if (at) labels.push({ text, part, ...at });
    }
  }
  return labels;
}

// What a tap at (x, y) lands on: {site: name}, {strip: seat, kind} (a kind in the hand, or
// "off"), or null. `chips` are the strips' items (stripItems) when drawn.
export function hitTest(lay, x, y, chips = []) {
  for (const c of chips) {
    if (x >= c.x && x < c.x + c.width && y >= c.y && y < c.y + c.height) return { strip: c.seat, kind: c.kind };
  }
  let best = null;
  let bestD = Infinity;
  for (const s of lay.sites) {
    const dx = Math.abs(x - s.cx);
    const dy = Math.abs(y - s.cy);
    if (dx > s.w / 2 || dy > s.h / 2) continue;
    const dist = Math.hypot(dx, dy);
    if (dist < bestD) { best = s; bestD = dist; }
  }
  return best ? { site: best.name } : null;
}

// The items of a seat's strip, in viewBox units: the seat's name ("name"), one chip per kind in
// hand (in the order of the variant's pieces), "off" where pieces leave the board, and the
// throw. A strip beside the board is one row; a strip in a cross's corner is drawn larger
// (strip.scale) in three rows: the name, the hand and "off", the throw; a strip beside a track
// in two: the name and the throw, the hand and "off". `nameWidth` is the name's width at scale 1.
export function stripItems(strip, hand, { order = [], off = false, thrown = false, unit = UNIT, nameWidth = 1.1 * UNIT } = {}) {
  const k = strip.scale ?? 1;
  const u = unit * k;
  const rows = strip.rows ?? 1;
  const pad = 0.1 * u;
  const rowH = (strip.height - pad) / rows;
  const top = (i) => strip.y + pad + i * rowH;
  const h = rowH - pad;
  const seat = strip.seat;
  const right = strip.x + strip.width - pad;
  const kinds = Object.keys(hand || {}).filter((kind) => hand[kind] > 0);
  kinds.sort((a, b) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || (a < b ? -1 : 1);
  });
  const name = { seat, kind: "name", x: strip.x + pad, y: top(0), width: 0.5 * u + nameWidth * k, height: h, passive: true };
  const items = [name];
  const handRow = rows > 1 ? 1 : 0;
  let x = rows > 1 ? strip.x + pad : name.x + name.width + pad;
  // The chips share what room the row has (narrower, down to a site's width, when many kinds).
  const room = (off ? right - 1.6 * u - pad : right) - x;
  const chipW = kinds.length ? Math.max(u, Math.min(1.5 * u, (room + pad) / kinds.length - pad)) : 0;
  for (const kind of kinds) {
    items.push({ seat, kind, count: hand[kind], x, y: top(handRow), width: chipW, height: h });
    x += chipW + pad;
  }
  if (off) items.push({ seat, kind: "off", x: right - 1.6 * u, y: top(handRow), width: 1.6 * u, height: h });
  if (thrown) {
    if (rows > 2) items.push({ seat, kind: "throw", x: strip.x + pad, y: top(2), width: strip.width - 2 * pad, height: h, passive: true });
    else if (rows === 2) {
      const start = name.x + name.width + pad;
      items.push({ seat, kind: "throw", x: start, y: top(0), width: right - start, height: h, passive: true });
    } else {
      const end = off ? right - 1.6 * u - pad : right;
      const w = Math.min(3.2 * u, end - x);
      if (w > u) items.push({ seat, kind: "throw", x: end - w, y: top(0), width: w, height: h, passive: true });
    }
  }
  return items;
}

// -- the position -----------------------------------------------------------------------------

// The stacks on each site: Map name -> [{owner, kind, count}], from the state's board (a triple
// per site, or a list of triples).
export function stacks(board) {
  const out = new Map();
  for (const [name, value] of Object.entries(board || {})) {
    if (!Array.isArray(value)) continue;
    const list = Array.isArray(value[0]) ? value : [value];
    const here = list
      .filter((t) => Array.isArray(t) && t.length >= 2)
      .map(([owner, kind, count = 1]) => ({ owner: owner ?? null, kind: String(kind), count: Number(count) }))
      .filter((t) => t.count > 0);
    if (here.length) out.set(name, here);
  }
  return out;
}

// The stacks a position shows, per site: the state's board, where a site shared by several seats
// (owner null, a race game's safe square) is split by seat from the mechanic's `positions`
// (each seat's pieces as 1-based squares of its track, geometry.tracks) when the state has them.
export function boardStacks(state, geometry) {
  const out = stacks(state?.board);
  const positions = state?.positions;
  const tracks = geometry?.tracks;
  if (!Array.isArray(positions) || !Array.isArray(tracks)) return out;
  for (const [site, list] of out) {
    if (list.length !== 1 || list[0].owner !== null) continue;
    const seats = [];
    positions.forEach((squares, seat) => {
      const n = (Array.isArray(squares) ? squares : []).filter((p) => tracks[seat]?.[p - 1] === site).length;
      if (n) seats.push({ owner: seat, kind: list[0].kind, count: n });
    });
    if (seats.length && seats.reduce((a, x) => a + x.count, 0) === list[0].count) out.set(site, seats);
  }
  return out;
}

// Seeds are the counters of a sowing game: no owner, in holes and stores.
export function isSeeds(stack, site) {
  return stack.kind === "seed" || stack.kind === "seeds" || (stack.owner === null && (site?.shape === "hole" || site?.shape === "store"));
}

// The seats that get a strip: those with a hand where the geometry says hands are drawn or
// someone holds pieces, and every seat on a track (pieces waiting, pieces borne off).
export function stripSeats(geometry, state, players) {
  const seats = [];
  const hands = Array.isArray(state?.hands) ? state.hands : [];
  const anyHand = hands.some((h) => h && Object.values(h).some((n) => n > 0));
  for (let seat = 0; seat < players; seat++) {
    if (geometry.hands || anyHand || geometry.style === "track") seats.push(seat);
  }
  return seats;
}

// The site of the piece that must go on moving this turn (a multi-jump): the state's `pending`
// as a site name, or as an object with a `site` (the pieces mechanic: {site, remove}).
export function pendingSite(state) {
  const p = state?.pending;
  if (typeof p === "string") return p;
  return typeof p?.site === "string" ? p.site : null;
}

// How many pieces are still to be removed this turn (a mill formed), where the state says.
export function pendingRemovals(state) {
  const n = state?.pending?.remove;
  return Number.isInteger(n) && n > 0 ? n : 0;
}

// -- what the legal actions allow ---------------------------------------------------------------

const isSite = (v) => typeof v === "string" && v !== "hand" && v !== "off";

export function isPlacement(action) {
  return "to" in action && (!("from" in action) || action.from === "hand");
}

export function isStep(action) {
  return isSite(action.from) && "to" in action;
}

// The kind a placement puts down, when the action names one.
export function placementKind(action) {
  return typeof action.piece === "string" ? action.piece : null;
}

// The legal actions sorted by what the player touches: moves by their site (Map from -> [{to,
// action}]), placements (list), removals (Map site -> [action]), sowings (Map hole -> [action]),
// and the rest (pass, ...).
export function classify(legal) {
  const moves = new Map();
  const placements = [];
  const removals = new Map();
  const sows = new Map();
  const other = [];
  const add = (map, key, value) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(value);
  };
  for (const action of legal || []) {
    if (!action || typeof action !== "object") continue;
    if (isStep(action)) add(moves, action.from, { to: action.to, action });
    else if (isPlacement(action)) placements.push(action);
    else if (isSite(action.remove)) add(removals, action.remove, action);
    else if (action.sow !== undefined && action.sow !== null) add(sows, String(action.sow), action);
    else other.push(action);
  }
  return { moves, placements, removals, sows, other };
}

// A selection is {site} (a piece on the board) or {hand: seat, kind} (a kind in the hand; kind
// null when the placements do not name one). The actions it allows, by target: Map to ->
// [action]. Only what a legal action reaches from the selection is there (a multi-jump's actions
// are one hop each, so only the next landing squares).
export function targets(classified, selection) {
  const out = new Map();
  if (!selection) return out;
  const add = (to, action) => {
    if (!out.has(to)) out.set(to, []);
    out.get(to).push(action);
  };
  if (selection.site !== undefined) {
    for (const { to, action } of classified.moves.get(selection.site) || []) add(to, action);
  } else if (selection.hand !== undefined) {
    for (const action of classified.placements) {
      const kind = placementKind(action);
      if (selection.kind === null || selection.kind === undefined || kind === null || kind === selection.kind) add(action.to, action);
    }
  }
  return out;
}

// The kinds of the hand the placements allow: [] when none, [null] when they name no kind.
export function placeableKinds(classified) {
  const kinds = new Set(classified.placements.map(placementKind));
  return [...kinds];
}

// What a first tap on a site does: play an action at once ({play: action}), offer a choice among
// actions ({choose: [action]}), select a piece ({select: {site}}), or nothing (null). A tap on a
// lit target of the selection plays there; removals and sowings are played where they are tapped;
// a placement is played on a tap on its empty site when it is the only way to put a piece there.
export function tapSite(classified, selection, name) {
  const chosen = targets(classified, selection).get(name);
  if (chosen) return chosen.length === 1 ? { play: chosen[0] } : { choose: chosen };
  const removals = classified.removals.get(name);
  if (removals) return removals.length === 1 ? { play: removals[0] } : { choose: removals };
  const sows = classified.sows.get(name);
  if (sows) return sows.length === 1 ? { play: sows[0] } : { choose: sows };
  if (classified.moves.has(name)) return { select: { site: name } };
  const placing = classified.placements.filter((a) => a.to === name);
  if (placing.length === 1) return { play: placing[0] };
  if (placing.length > 1) return { choose: placing };
  return null;
}

// The selection to start from: the piece that must go on moving (a multi-jump's pending site),
// or the hand when placing is all there is to do.
export function initialSelection(classified, state, mover) {
  const pending = pendingSite(state);
  if (pending && classified.moves.has(pending)) return { site: pending };
  const { moves, removals, sows, placements } = classified;
  if (!moves.size && !removals.size && !sows.size && placements.length) {
    const kinds = placeableKinds(classified);
    if (kinds.length === 1) return { hand: mover, kind: kinds[0] };
  }
  return null;
}

// Words that tell apart actions sharing their sites (a promotion, a sowing's direction, the kind
// placed, which piece of a stack): one label per action.
export function optionLabels(actions, pieces = {}) {
  const keys = new Set();
  for (const a of actions) for (const k of Object.keys(a)) keys.add(k);
  const differing = [...keys].filter((k) => new Set(actions.map((a) => JSON.stringify(a[k] ?? null))).size > 1);
  return actions.map((a) => {
    const parts = differing.map((k) => {
      const v = a[k];
      if (v === undefined || v === null) return k === "direction" ? "the usual way" : `no ${k}`;
      if (k === "direction") return directionWords(v);
      if (k === "promote" || (k === "piece" && typeof v === "string")) {
        const glyph = pieces?.[v]?.glyph;
        return glyph && !/^[●○•◦⬤]$/.test(glyph) ? `${glyph} ${kindName(pieces, v)}` : kindName(pieces, v);
      }
      if (k === "piece") return `track square ${v}`;
      if (k === "value") return `using the ${v}`;
      return `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`;
    }).filter(Boolean);
    return parts.join(", ") || "this";
  });
}

// -- text mode: typed moves ------------------------------------------------------------------------

const DIRECTIONS = {
  cw: "cw", clockwise: "cw", "↻": "cw", right: "cw",
  ccw: "ccw", acw: "ccw", anticlockwise: "ccw", counterclockwise: "ccw", "↺": "ccw", left: "ccw",
};

export function directionWords(d) {
  return { cw: "clockwise", ccw: "anticlockwise" }[d] || String(d);
}

// The site a typed word names (case as the geometry writes it), or null.
function siteNamer(names) {
  const lower = new Map((names || []).map((n) => [String(n).toLowerCase(), String(n)]));
  return (word) => {
    if (!word) return null;
    if (lower.size) return lower.get(word.toLowerCase()) ?? null;
    return /^([a-z]{1,2}\d{1,2}|\d{1,3})$/.test(word) ? word : null;
  };
}

// A typed line as what it asks for, before it is matched against the legal actions:
// {type: "move", path: [site, ...], promote?}, {type: "off", from}, {type: "place", to, kind?,
// hand?}, {type: "remove", site}, {type: "sow", site, direction?}, {type: "site", site} (a lone
// site: whatever is legal there), {type: "pass"}, or null. `sites` are the board's site names
// and `kinds` its piece kinds (so "place king c3" and "a7-a8=fers" are read).
export function parseRulesInput(text, { sites = [], kinds = [] } = {}) {
  const site = siteNamer(sites);
  const kindOf = (w) => {
    if (!w) return null;
    const k = kinds.find((x) => x.toLowerCase() === w.toLowerCase() || plural2(x).toLowerCase() === w.toLowerCase());
    return k ?? null;
  };
  let t = normalise(text).replace(/[!?+#*]+$/g, "").trim();
  if (!t) return null;
  if (["pass", "p"].includes(t)) return { type: "pass" };
  let m = t.match(/^(?:x|remove|take|capture|rm)\s*(\S+)$/);
  if (m && site(m[1]) && !site(t)) return { type: "remove", site: site(m[1]) };
  m = t.match(/^(?:sow|hole)?\s*(\S+?)\s*(cw|ccw|acw|clockwise|anticlockwise|counterclockwise|↻|↺)?$/);
  if (m && /^(sow|hole)\b/.test(t) && site(m[1])) return { type: "sow", site: site(m[1]), ...(m[2] ? { direction: DIRECTIONS[m[2]] } : {}) };
  if (m && m[2] && site(m[1])) return { type: "sow", site: site(m[1]), direction: DIRECTIONS[m[2]] };
  m = t.match(/^(place|put|drop|enter|in|hand)\s+(?:([a-z]+)\s+)?(\S+)$/);
  if (m && site(m[3])) {
    const kind = m[2] ? kindOf(m[2]) : null;
    if (m[2] && !kind) return null;
    return { type: "place", to: site(m[3]), ...(kind ? { kind } : {}), ...(["enter", "in", "hand"].includes(m[1]) ? { hand: true } : {}) };
  }
  m = t.match(/^([a-z]+)\s+(\S+)$/);
  if (m && kindOf(m[1]) && site(m[2])) return { type: "place", to: site(m[2]), kind: kindOf(m[1]) };
  // Promotion: "a7-a8=fers", "a7 a8 fers", "a7-a8 (fers)".
  let promote = null;
  m = t.match(/^(.*?)\s*(?:=|\(|\s)\s*([a-z]+)\)?$/);
  if (m && kindOf(m[2]) && !site(m[2])) { promote = kindOf(m[2]); t = m[1]; }
  const parts = t.split(/\s*(?:->|→|–|-|:|\/|\bto\b|\s)\s*/).flatMap((p) => {
    // "b2xd4": x joins two sites (a site named with x stays whole).
    if (site(p) || !p.includes("x")) return [p];
    return p.split("x");
  }).filter((p) => p && p !== "x");
  if (parts.length === 1) {
    const one = site(parts[0]);
    if (!one) return null;
    return promote ? null : { type: "site", site: one };
  }
  if (parts.length === 2 && ["off", "out", "home"].includes(parts[1]) && site(parts[0])) return { type: "off", from: site(parts[0]) };
  if (parts.length === 2 && ["in", "hand", "enter"].includes(parts[0]) && site(parts[1])) return { type: "place", to: site(parts[1]), hand: true };
  const path = parts.map(site);
  if (path.some((p) => p === null)) return null;
  return { type: "move", path, ...(promote ? { promote } : {}) };
}

function sameSite(a, b) {
  return String(a).toLowerCase() === String(b).toLowerCase();
}

// A typed line's intent matched against the legal actions: {found: action}, {paths: [[{from,
// to}]]} (a multi-jump typed whole, played hop by hop), or {error: words}.
export function resolveInput(intent, legal, { pieces = {} } = {}) {
  const c = classify(legal);
  const one = (options, what, describe) => {
    if (options.length === 1) return { found: options[0] };
    if (options.length > 1) {
      const labels = optionLabels(options, pieces);
      return { error: `${what}: say which (${options.map((a, i) => describe(a, labels[i])).join("; ")}).` };
    }
    return null;
  };
  switch (intent?.type) {
    case "pass": {
      const pass = (legal || []).find((a) => a.pass === true);
      return pass ? { found: pass } : { error: "Passing is not possible now." };
    }
    case "remove":
      return one(c.removals.get(intent.site) || [], `${intent.site} can be removed in several ways`, (a, l) => `x ${a.remove} ${l}`)
        || { error: `No piece on ${intent.site} can be removed now.` };
    case "sow": {
      const options = (c.sows.get(intent.site) || []).filter((a) => !intent.direction || a.direction === intent.direction);
      return one(options, `Hole ${intent.site} can be sown either way`, (a) => `${a.sow} ${a.direction ?? ""}`.trim())
        || { error: `Hole ${intent.site} cannot be sown now.` };
    }
    case "place": {
      const options = c.placements.filter((a) => sameSite(a.to, intent.to) && (!intent.kind || placementKind(a) === null || placementKind(a) === intent.kind));
      return one(options, `Several pieces can go on ${intent.to}`, (a, l) => `place ${placementKind(a) ?? l} ${a.to}`)
        || { error: `No piece can be placed on ${intent.to} now.` };
    }
    case "off": {
      const options = (c.moves.get(intent.from) || []).filter((m) => m.to === "off").map((m) => m.action);
      return one(options, `The piece on ${intent.from} can bear off in several ways`, (a, l) => `${a.from} off ${l}`)
        || { error: `The piece on ${intent.from} cannot bear off now.` };
    }
    case "move": {
      const [from, to] = intent.path;
      const options = (c.moves.get(from) || []).filter((m) => sameSite(m.to, to) && (!intent.promote || m.action.promote === intent.promote)).map((m) => m.action);
      if (!options.length) {
        const reach = (c.moves.get(from) || []).map((m) => m.to);
        return { error: reach.length ? `The piece on ${from} cannot go to ${to}; it can go to ${[...new Set(reach)].join(", ")}.` : `No piece on ${from} can move now.` };
      }
      if (intent.path.length > 2) {
        // A multi-jump typed whole: the first hop is legal now, the rest are checked as they come.
        const steps = intent.path.slice(1).map((p, i) => ({ from: intent.path[i], to: p }));
        return { paths: [steps] };
      }
      return one(options, `${from} to ${to} can be played in several ways`, (a, l) => `${a.from} ${a.to} ${l}`);
    }
    case "site": {
      const s = intent.site;
      const options = [
        ...(c.removals.get(s) || []), ...(c.sows.get(s) || []),
        ...c.placements.filter((a) => sameSite(a.to, s)), ...(c.moves.get(s) || []).map((m) => m.action),
      ];
      if (options.length === 1) return { found: options[0] };
      if (!options.length) return { error: `Nothing can be played on or from ${s} now.` };
      const moves = (c.moves.get(s) || []);
      if (moves.length === options.length) {
        return { error: `The piece on ${s} has ${moves.length} moves: say which (${moves.map((m) => `${s} ${m.to}`).join(", ")}).` };
      }
      const labels = optionLabels(options, pieces);
      return { error: `${s}: say which (${options.map((a, i) => `${actionWords(a, { pieces })}${labels[i] !== "this" ? ` (${labels[i]})` : ""}`).join("; ")}).` };
    }
    default:
      return null;
  }
}

// -- words -------------------------------------------------------------------------------------------

const IRREGULAR = { man: "men", king: "kings", mouse: "mice", foot: "feet", goose: "geese", person: "people" };

function plural2(word) {
  // "sarbaz (soldier)": a name with a gloss is counted as it stands.
  if (word.includes("(")) return word;
  if (IRREGULAR[word]) return IRREGULAR[word];
  if (/(s|x|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

export function kindName(pieces, kind) {
  return String(pieces?.[kind]?.name ?? kind ?? "piece");
}

// "3 men", "1 king", "4 seeds".
export function countOf(n, pieces, kind) {
  const name = kindName(pieces, kind);
  return plural(n, name, plural2(name));
}

// Every seat's name as the board and its words say it. The host names the play layer's sides
// (its own "You", "Computer"); where seats play in teams, a side is a team, so a seat is named
// by the variant with its side's name beside it ("North (You)"). Without the host's names (or
// with the family's stand-ins) the variant's sides.
export function seatLabels(names, info) {
  const sides = info?.sides || [];
  const players = info?.players ?? sides.length ?? 0;
  const host = names === DEFAULT_SIDES ? null : names;
  const teams = Array.isArray(info?.teams) && info.teams.length && players > 2 ? info.teams : null;
  return Array.from({ length: Math.max(players, host?.length ?? 0) }, (_, seat) => {
    if (!host) return sides[seat] ?? `Seat ${seat + 1}`;
    if (!teams) return host[seat] ?? sides[seat] ?? `Seat ${seat + 1}`;
    const team = teams.findIndex((t) => t.includes(seat));
    const side = host[team];
    const own = sides[seat] ?? `Seat ${seat + 1}`;
    return side && side !== sides[team] && side !== own ? `${own} (${side})` : own;
  });
}

// The seat's name, from the host's names or the board info's sides.
export function seatName(names, sides, seat) {
  const own = names === DEFAULT_SIDES ? null : names;
  return own?.[seat] ?? sides?.[seat] ?? `Seat ${seat + 1}`;
}

// "North's", "your" (the host calls the player "You").
export function possessive(name) {
  return name === "You" ? "your" : `${name}'s`;
}

const third = (person, one, many) => (person === "you" ? many : one);

// An action in words, as a phrase after its player's name: "moves the man from b2 to d4, taking
// c3" ("move" with person "you"). `before` and `after` (states) name the piece and the captures.
export function actionWords(action, { pieces = {}, before = null, after = null, person = "they", names = null, sides = null } = {}) {
  const v = (one, many) => third(person, one, many);
  if (!action || typeof action !== "object") return v("plays", "play");
  if (action.pass && action.rotate) return v("turns the board round", "turn the board round"); // sow.distribute_rotate
  if (action.pass) return v("passes", "pass");
  if (Array.isArray(action.throw)) return `${v("throws", "throw")} ${action.throw.join(" ")}`;
  const on = before ? stacks(before.board) : new Map();
  const whose = (site) => {
    const s = on.get(site)?.[0];
    if (!s) return "the piece";
    if (s.owner === null) return `the ${kindName(pieces, s.kind)}`;
    return `${possessive(seatName(names, sides, s.owner))} ${kindName(pieces, s.kind)}`;
  };
  const taking = () => {
    const taken = before && after ? capturedSites(before, after, action) : [];
    return taken.length ? `, taking ${taken.join(", ")}` : "";
  };
  if (isSite(action.remove)) return `${v("removes", "remove")} ${whose(action.remove)} on ${action.remove}`;
  if (action.sow !== undefined && action.sow !== null) {
    const dir = action.direction ? ` ${directionWords(action.direction)}` : "";
    return `${v("sows", "sow")} from hole ${action.sow}${dir}${taking()}`;
  }
  if (isPlacement(action)) {
    const kind = placementKind(action);
    const what = kind ? `a ${kindName(pieces, kind)}` : "a piece";
    if (action.from === "hand") return `${v("enters", "enter")} ${what} on ${action.to}${taking()}`;
    return `${v("places", "place")} ${what} on ${action.to}${taking()}`;
  }
  if (isStep(action)) {
    const piece = before ? stacks(before.board).get(action.from)?.[0] : null;
    const what = piece ? `the ${kindName(pieces, piece.kind)}` : "the piece";
    const promote = action.promote ? `, promoting to ${kindName(pieces, action.promote)}` : "";
    if (action.to === "off") return `${v("bears", "bear")} off ${what} from ${action.from}${taking()}`;
    // A piece changed where it stands (Ploy's rotation: a kind per orientation).
    if (action.to === action.from && action.promote) return `${v("turns", "turn")} ${what} on ${action.from} to ${kindName(pieces, action.promote)}`;
    return `${v("moves", "move")} ${what} from ${action.from} to ${action.to}${promote}${taking()}`;
  }
  return `${v("plays", "play")} ${JSON.stringify(action)}`;
}

// A short label for any action, for a button: "leave 2, 4 empty", "sow 3 clockwise", "pass".
export function actionLabel(action) {
  if (!action || typeof action !== "object") return String(action);
  if (action.pass && action.rotate) return "turn the board round"; // sow.distribute_rotate
  if (action.pass) return "pass";
  if (Array.isArray(action.leave_empty)) return `leave ${action.leave_empty.join(", ") || "none"} empty`;
  if (isSite(action.remove)) return `remove ${action.remove}`;
  if (action.sow !== undefined && action.sow !== null) return `sow ${action.sow}${action.direction ? ` ${directionWords(action.direction)}` : ""}`;
  if (isStep(action)) return `${action.from} to ${action.to}`;
  if (isPlacement(action)) return `${action.from === "hand" ? "enter" : "place"} ${action.to}`;
  return Object.entries(action).map(([k, v]) => `${k.replace(/_/g, " ")} ${Array.isArray(v) ? v.join(", ") : typeof v === "object" ? JSON.stringify(v) : v}`).join(", ");
}

// The sites an action touched, for the last move's highlight.
export function actionSites(action) {
  const out = [];
  if (!action) return out;
  for (const v of [action.from, action.to, action.remove]) if (isSite(v)) out.push(v);
  if (action.sow !== undefined && action.sow !== null) out.push(String(action.sow));
  return out;
}

// The sites whose pieces an action took: a seat's pieces (not the mover's) or seeds that were
// there before and are fewer after; never the site moved from, sown from or removed.
export function capturedSites(before, after, action) {
  const was = stacks(before?.board);
  const now = stacks(after?.board);
  const mover = before?.to_move;
  const skip = new Set([action?.from, action?.sow === undefined || action?.sow === null ? null : String(action.sow), action?.remove].filter(Boolean));
  const total = (list, owner) => list.filter((s) => s.owner === owner).reduce((n, s) => n + s.count, 0);
  const out = [];
  for (const [site, list] of was) {
    if (skip.has(site)) continue;
    const owners = new Set(list.map((s) => s.owner).filter((o) => o !== mover));
    if ([...owners].some((o) => total(now.get(site) || [], o) < total(list, o))) out.push(site);
  }
  return out;
}

// The squares that carry a piece on (geometry.jumps), each as {from, to, kind, seats}: "ladder"
// where it goes on up its track, "snake" where it goes back, "goal" where it goes off the track.
// Up or back is read on the first listed seat's track (or the first seat's).
export function jumpsOf(geometry) {
  const out = [];
  for (const j of Array.isArray(geometry?.jumps) ? geometry.jumps : []) {
    if (!j || typeof j.from !== "string" || typeof j.to !== "string") continue;
    const seats = Array.isArray(j.seats) ? j.seats : null;
    const track = geometry.tracks?.[seats ? seats[0] : 0] || [];
    const kind = j.to === "off" ? "goal" : track.indexOf(j.to) > track.indexOf(j.from) ? "ladder" : "snake";
    out.push({ from: j.from, to: j.to, kind, seats });
  }
  return out;
}

function jumpWords(geometry, name, names, sides) {
  return jumpsOf(geometry).filter((j) => j.from === name).map((j) => {
    const words = j.kind === "goal" ? "goal: a piece landing here goes off the board"
      : `${j.kind}: a piece landing here goes ${j.kind === "ladder" ? "up" : "down"} to ${j.to}`;
    return j.seats ? `${words} (${j.seats.map((s) => seatName(names, sides, s)).join(", ")})` : words;
  });
}

// What stands on a site, in words: "d4 (throne): North's king", "hole 3: 4 seeds".
export function readSite(info, state, name, { viewer = 0, names = null } = {}) {
  const geometry = info?.geometry;
  const site = siteMap(geometry).get(name) ?? [...siteMap(geometry).values()].find((s) => sameSite(s.name, name));
  if (!site) return `There is no site ${name}.`;
  const pieces = info?.pieces || {};
  const sides = info?.sides;
  const whose = (seat) => possessive(seatName(names, sides, seat));
  const store = whose(site.owner);
  const label = site.shape === "hole" ? `Hole ${site.name}` : site.shape === "store" ? `${store[0].toUpperCase()}${store.slice(1)} store` : site.name;
  const extra = [site.mark, site.owner !== null && site.owner !== undefined && site.shape !== "store"
    ? (site.owner === viewer ? "yours" : whose(site.owner)) : null, ...jumpWords(geometry, site.name, names, sides)].filter(Boolean);
  const here = boardStacks(state, geometry).get(site.name);
  let what = "empty";
  if (here) {
    what = here.map((s) => (s.owner === null ? countOf(s.count, pieces, s.kind)
      : `${whose(s.owner)} ${s.count > 1 ? countOf(s.count, pieces, s.kind) : kindName(pieces, s.kind)}`)).join(", ");
  } else if (site.shape === "store" && !(state?.board && site.name in state.board) && Array.isArray(state?.scores) && site.owner !== null && site.owner !== undefined) {
    what = countOf(state.scores[site.owner] ?? 0, pieces, "seed"); // (a store the board lists, even empty, holds what it lists)
  }
  return `${label}${extra.length ? ` (${extra.join(", ")})` : ""}: ${what}.`;
}

function handWords(hand, pieces) {
  const kinds = Object.entries(hand || {}).filter(([, n]) => n > 0);
  return kinds.length ? kinds.map(([k, n]) => countOf(n, pieces, k)).join(" and ") : "none";
}

// The whole position in words, the viewer's pieces first: on a sowing board each row of holes in
// order and the stores; elsewhere each seat's pieces by kind, then hands and scores.
export function readPosition(info, state, { viewer = 0, names = null } = {}) {
  const geometry = info?.geometry || { sites: [] };
  const pieces = info?.pieces || {};
  const sides = info?.sides;
  const players = info?.players ?? sides?.length ?? 2;
  const on = boardStacks(state, geometry);
  const order = [viewer, ...Array.from({ length: players }, (_, i) => i).filter((i) => i !== viewer)];
  const who = (seat) => (seat === viewer && names?.[seat] === "You" ? "You" : seatName(names, sides, seat));
  const parts = [];
  if (geometry.style === "mancala") {
    const holes = geometry.sites.filter((s) => s.shape !== "store");
    const count = (s) => (on.get(s.name) || []).reduce((n, x) => n + x.count, 0);
    for (const seat of order) {
      const row = holes.filter((s) => s.owner === seat);
      if (row.length) parts.push(`${seat === viewer ? "Your" : possessive(seatName(names, sides, seat))} holes ${row[0].name} to ${row[row.length - 1].name}: ${row.map(count).join(", ")}.`);
    }
    const shared = holes.filter((s) => s.owner === null || s.owner === undefined);
    if (shared.length) parts.push(`Holes: ${shared.map((s) => `${s.name}: ${count(s)}`).join(", ")}.`);
    // Holes held by whose counters lie in them (board.owners = "counters": Quendo, Mwendo).
    const held = new Map();
    for (const s of holes) {
      for (const x of on.get(s.name) || []) {
        if (x.owner === null || x.owner === undefined) continue;
        if (!held.has(x.owner)) held.set(x.owner, []);
        held.get(x.owner).push(s.name);
      }
    }
    for (const seat of order) {
      if (held.has(seat)) parts.push(`${seat === viewer ? "Your" : possessive(seatName(names, sides, seat))} counters hold holes ${held.get(seat).join(", ")}.`);
    }
    const stores = geometry.sites.filter((s) => s.shape === "store");
    if (stores.length) {
      const listed = (s) => on.has(s.name) || Boolean(state?.board && s.name in state.board); // listed even empty: Tchela
      parts.push(`Stores: ${stores.map((s) => `${seatName(names, sides, s.owner)} ${listed(s) ? count(s) : state?.scores?.[s.owner] ?? 0}`).join(", ")}.`);
    }
  } else {
    const siteOrder = new Map((geometry.sites || []).map((s, i) => [s.name, i]));
    const groups = new Map();
    for (const [site, list] of on) {
      for (const s of list) {
        const key = `${s.owner}|${s.kind}`;
        if (!groups.has(key)) groups.set(key, { owner: s.owner, kind: s.kind, at: [], n: 0 });
        groups.get(key).at.push({ site, count: s.count });
        groups.get(key).n += s.count;
      }
    }
    // "a king on f6", "12 defenders on f4, e5, ...", "3 pawns on 5 (2), 9".
    const where = (g) => {
      const at = g.at.sort((a, b) => (siteOrder.get(a.site) ?? 0) - (siteOrder.get(b.site) ?? 0));
      const sites = at.map((a) => (a.count > 1 && at.length > 1 ? `${a.site} (${a.count})` : a.site)).join(", ");
      return g.n === 1 ? `a ${kindName(pieces, g.kind)} on ${sites}` : `${countOf(g.n, pieces, g.kind)} on ${sites}`;
    };
    for (const seat of [...order, null]) {
      const mine = [...groups.values()].filter((g) => g.owner === seat);
      const name = seat === null ? "Unowned" : who(seat);
      if (!mine.length) { if (seat !== null) parts.push(`${name}: no pieces on the board.`); continue; }
      parts.push(`${name}: ${mine.map(where).join("; ")}.`);
    }
  }
  if (Array.isArray(state?.hands) && state.hands.some((h) => h && Object.values(h).some((n) => n > 0))) {
    parts.push(`In hand: ${order.map((seat) => `${who(seat)} ${handWords(state.hands[seat], pieces)}`).join(", ")}.`);
  }
  if (Array.isArray(state?.scores) && geometry.style !== "mancala") {
    parts.push(`Score: ${order.map((seat) => `${who(seat)} ${state.scores[seat] ?? 0}`).join(", ")}.`);
  }
  if (pendingSite(state)) parts.push(`The piece on ${pendingSite(state)} must go on moving.`);
  if (pendingRemovals(state)) parts.push(`${plural(pendingRemovals(state), "piece")} to remove.`);
  return parts.join(" ");
}

// What a throw is worth as shown: its value, or where two dice each name a kind (thrown.pair:
// Chaturaji's two dice) the dice themselves, "5 and 3".
export function throwValue(thrown) {
  if (thrown?.pair && Array.isArray(thrown.faces)) return thrown.faces.join(" and ");
  return thrown?.value;
}

// A throw in words: "3 (1 0 1 1)", with what is still to play.
export function throwWords(thrown) {
  if (!thrown) return "none yet";
  if (thrown.pair) return String(throwValue(thrown));
  const faces = Array.isArray(thrown.faces) ? ` (${thrown.faces.join(" ")})` : "";
  const left = Array.isArray(thrown.left) && thrown.left.length ? `; to play ${thrown.left.join(", ")}` : "";
  return `${thrown.value ?? "?"}${faces}${left}`;
}

// The phase's name as written in the state ("place", "move-2") in words.
export function phaseWords(phase) {
  return String(phase ?? "").replace(/[-_]+/g, " ").trim();
}
