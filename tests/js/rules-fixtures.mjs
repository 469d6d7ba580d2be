// Board info of rules-file games written by hand in the shape games/engine/rules/CONTRACT.md fixes
// ("Board info"), for the generic board's unit tests: the engine's own data must draw the same way.

const FILES = "abcdefghijklmnopqrstuvwxyz";
const name = (x, y) => `${FILES[x]}${y + 1}`;

// Alquerque: 5 x 5 points, orthogonal lines everywhere and diagonals through the points whose
// coordinates sum to an even number; twelve men a side, the centre empty.
export function alquerque() {
  const sites = [];
  const edges = [];
  for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) sites.push({ name: name(x, y), x, y, shape: "point", owner: null, mark: null });
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 5; x++) {
      if (x < 4) edges.push([name(x, y), name(x + 1, y)]);
      if (y < 4) edges.push([name(x, y), name(x, y + 1)]);
      if ((x + y) % 2 === 0 && x < 4 && y < 4) edges.push([name(x, y), name(x + 1, y + 1)]);
      if ((x + y) % 2 === 0 && x > 0 && y < 4) edges.push([name(x, y), name(x - 1, y + 1)]);
    }
  }
  return {
    players: 2, sides: ["White", "Black"], teams: null,
    geometry: { style: "lines", width: 5, height: 5, sites, edges, checkered: false, regions: {}, hands: false },
    pieces: { man: { name: "man", glyph: "●", svg: null } },
    notation: "points",
  };
}

export function alquerqueStart() {
  const board = {};
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 5; x++) {
      if (y < 2 || (y === 2 && x > 2)) board[name(x, y)] = [0, "man", 1];
      if (y > 2 || (y === 2 && x < 2)) board[name(x, y)] = [1, "man", 1];
    }
  }
  return { key: "war.alquerque", options: {}, to_move: 0, phase: "play", turn: 1, board, hands: [{}, {}], scores: [0, 0], pending: null, throw: null, over: null };
}

// Oware: South's holes 1-6 along the bottom from South's left, North's 7-12 back along the top
// (anticlockwise), each side's store at its own right hand.
export function oware() {
  const sites = [];
  for (let i = 0; i < 6; i++) sites.push({ name: String(i + 1), x: i, y: 0, shape: "hole", owner: 0, mark: null });
  for (let i = 0; i < 6; i++) sites.push({ name: String(i + 7), x: 5 - i, y: 1, shape: "hole", owner: 1, mark: null });
  sites.push({ name: "store-south", x: 6, y: 0.5, shape: "store", owner: 0, mark: null });
  sites.push({ name: "store-north", x: -1, y: 0.5, shape: "store", owner: 1, mark: null });
  return {
    players: 2, sides: ["South", "North"], teams: null,
    geometry: { style: "mancala", width: 8, height: 2, sites, edges: [], checkered: false, regions: {}, hands: false },
    pieces: { seed: { name: "seed", glyph: "•", svg: null } },
    notation: "holes",
  };
}

export function owareStart(seeds = 4) {
  const board = {};
  for (let i = 1; i <= 12; i++) board[String(i)] = [null, "seed", seeds];
  return { key: "sow.oware", options: {}, to_move: 0, phase: "play", turn: 1, board, hands: [{}, {}], scores: [0, 0], pending: null, throw: null, over: null };
}

// A four-row sowing board (8 holes a row), each side owning its two rows: 64 seeds.
export function bao() {
  const sites = [];
  let n = 1;
  for (const [y, owner] of [[0, 0], [1, 0], [2, 1], [3, 1]]) {
    for (let x = 0; x < 8; x++) sites.push({ name: String(n++), x, y, shape: "hole", owner, mark: null });
  }
  return {
    players: 2, sides: ["South", "North"], teams: null,
    geometry: { style: "mancala", width: 8, height: 4, sites, edges: [], checkered: false, regions: {}, hands: false },
    pieces: { seed: { name: "seed", glyph: "•", svg: null } },
    notation: "holes",
  };
}

// Hnefatafl on 11 x 11: the throne in the middle and the four corners marked, attackers first.
export function tafl() {
  const sites = [];
  const corners = [name(0, 0), name(10, 0), name(0, 10), name(10, 10)];
  for (let y = 0; y < 11; y++) {
    for (let x = 0; x < 11; x++) {
      const n = name(x, y);
      sites.push({ name: n, x, y, shape: "square", owner: null, mark: n === "f6" ? "throne" : corners.includes(n) ? "corner" : null });
    }
  }
  return {
    players: 2, sides: ["Attackers", "Defenders"], teams: null,
    geometry: {
      style: "grid", width: 11, height: 11, sites, edges: [], checkered: false,
      regions: { throne: ["f6"], corners }, hands: false,
    },
    pieces: {
      attacker: { name: "attacker", glyph: "●", svg: null },
      defender: { name: "defender", glyph: "○", svg: null },
      king: { name: "king", glyph: "♔", svg: null },
    },
    notation: "grid",
  };
}

export function taflStart() {
  const board = {};
  const attackers = ["d1", "e1", "f1", "g1", "h1", "f2", "d11", "e11", "f11", "g11", "h11", "f10",
    "a4", "a5", "a6", "a7", "a8", "b6", "k4", "k5", "k6", "k7", "k8", "j6"];
  const defenders = ["f4", "e5", "f5", "g5", "d6", "e6", "g6", "h6", "e7", "f7", "g7", "f8"];
  for (const s of attackers) board[s] = [0, "attacker", 1];
  for (const s of defenders) board[s] = [1, "defender", 1];
  board.f6 = [1, "king", 1];
  return { key: "tafl.hnefatafl-fetlar", options: {}, to_move: 0, phase: "play", turn: 1, board, hands: [{}, {}], scores: [0, 0], pending: null, throw: null, over: null };
}

// A Pachisi-like cross for four seats: four arms of 3 x 8 squares round a home in the middle;
// seat 0's arm at the bottom, then anticlockwise (seat 1 right, seat 2 top, seat 3 left). The
// middle column of each arm is its seat's (its home run); castles marked "safe".
export function pachisi() {
  const sites = [];
  let n = 1;
  const arms = [
    { seat: 0, cells: (i, j) => [8 + j, i] },
    { seat: 1, cells: (i, j) => [18 - i, 8 + j] },
    { seat: 2, cells: (i, j) => [10 - j, 18 - i] },
    { seat: 3, cells: (i, j) => [i, 10 - j] },
  ];
  for (const arm of arms) {
    for (let i = 0; i < 8; i++) {
      for (let j = 0; j < 3; j++) {
        const [x, y] = arm.cells(i, j);
        const safe = (i === 3 && j !== 1) || (i === 7 && j === 1);
        sites.push({ name: String(n++), x, y, shape: "square", owner: j === 1 ? arm.seat : null, mark: safe ? "safe" : null });
      }
    }
  }
  sites.push({ name: "home", x: 9, y: 9, shape: "square", owner: null, mark: "home" });
  return {
    players: 4, sides: ["Red", "Green", "Yellow", "Black"], teams: [[0, 2], [1, 3]],
    geometry: { style: "track", width: 19, height: 19, sites, edges: [], checkered: false, regions: { home: ["home"] }, hands: true },
    pieces: { pawn: { name: "pawn", glyph: "●", svg: null } },
    notation: "points",
  };
}
