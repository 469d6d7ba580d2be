// Race geometries written by hand for the board's unit tests, in the contract's shape
// (DESIGN.md, "Race"): the engine's own data must draw the same way.

function build(columns, rows, spots, shape = "squares") {
  const cells = [];
  const at = new Map();
  for (const [x, y, mark = null, label] of spots) {
    at.set(`${x},${y}`, cells.length);
    cells.push(label === undefined ? { x, y, mark } : { x, y, mark, label });
  }
  return { columns, rows, cells, at: (x, y) => at.get(`${x},${y}`), shape };
}

// The Royal Game of Ur: side 0's private row at the bottom (y = 2), side 1's at the top.
export function ur() {
  const spots = [];
  const rosettes = new Set(["0,0", "6,0", "3,1", "0,2", "6,2"]);
  for (let y = 0; y < 3; y++) {
    for (let x = 0; x < 8; x++) {
      if (y !== 1 && (x === 4 || x === 5)) continue;
      spots.push([x, y, rosettes.has(`${x},${y}`) ? "rosette" : null]);
    }
  }
  const g = build(8, 3, spots);
  const route = (y) => [3, 2, 1, 0].map((x) => g.at(x, y))
    .concat([0, 1, 2, 3, 4, 5, 6, 7].map((x) => g.at(x, 1)), [7, 6].map((x) => g.at(x, y)));
  return { columns: g.columns, rows: g.rows, cells: g.cells, routes: [route(2), route(0)], lines: [], shape: "squares" };
}

// Senet: thirty squares in three rows run as a snake, shared by both sides; marks on 15 and
// 26-30, labels 1..30.
export function senet() {
  const spots = [];
  const marks = { 15: "ankh", 26: "beauty", 27: "water", 28: "three", 29: "two", 30: "rosette" };
  const order = [];
  for (let i = 0; i < 30; i++) {
    const y = Math.floor(i / 10);
    const x = y === 1 ? 9 - (i % 10) : i % 10;
    order.push([x, y, marks[i + 1] || null, String(i + 1)]);
  }
  const g = build(10, 3, order);
  const route = order.map((_, i) => i);
  return { columns: 10, rows: 3, cells: g.cells, routes: [route, route], lines: [], shape: "squares" };
}

// 58 Holes, cut down: two columns of holes, each side's own, with one connecting line.
export function holes() {
  const spots = [];
  for (let y = 0; y < 5; y++) spots.push([0, y, y === 2 ? "rosette" : null]);
  for (let y = 0; y < 5; y++) spots.push([2, y, null]);
  spots.push([1, 0, "hole"]);
  const g = build(3, 5, spots);
  return {
    columns: 3, rows: 5, cells: g.cells, routes: [[4, 3, 2, 1, 0, 10], [9, 8, 7, 6, 5, 10]],
    lines: [[4, 2]], shape: "holes",
  };
}
