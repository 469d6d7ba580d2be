// Three-row sowing boards (the Gabata family of the Horn of Africa: sow.rows = 3): each seat
// owns the row nearest him and the half of the central row on his right, the holes numbered
// along the first seat's track (1..6 his row, 7..9 his half of the centre right to left,
// 10..15 the far row right to left, 16..18 the far seat's half left to right).
import { test } from "node:test";
import assert from "node:assert/strict";
import { UNIT, layout, quarterTurns, readPosition } from "../../static/js/board/rules-geometry.js";
import { oware, bao } from "./rules-fixtures.mjs";

function gabata() {
  const cells = [];
  for (let c = 0; c < 6; c++) cells.push([c, 0]);
  for (let c = 5; c >= 3; c--) cells.push([c, 1]);
  for (let c = 5; c >= 0; c--) cells.push([c, 2]);
  for (let c = 0; c < 3; c++) cells.push([c, 1]);
  const sites = cells.map(([x, y], i) => ({ name: String(i + 1), x, y, shape: "hole", owner: i < 9 ? 0 : 1, mark: null }));
  return {
    players: 2, sides: ["South", "North"], teams: null,
    geometry: { style: "mancala", width: 6, height: 3, sites, edges: [], checkered: false, regions: {}, hands: false },
    pieces: { seed: { name: "seed", glyph: "•", svg: null } },
    notation: "holes",
  };
}

const at = (lay, name) => lay.byName.get(name);

test("three rows: each seat's row at the bottom for him, his half of the centre on his right", () => {
  const g = gabata().geometry;
  const south = layout(g, { viewer: 0 });
  assert.equal(south.turns, 0);
  assert.ok(at(south, "1").cy > at(south, "7").cy && at(south, "7").cy > at(south, "10").cy, "three rows, South's below");
  assert.ok(at(south, "7").cx > at(south, "16").cx, "South's half of the centre on his right");
  assert.equal(quarterTurns(g, 1, 2), 2);
  const north = layout(g, { viewer: 1 });
  assert.ok(at(north, "10").cy > at(north, "16").cy && at(north, "16").cy > at(north, "1").cy, "North's row at the bottom for North");
  assert.ok(at(north, "16").cx > at(north, "7").cx, "North's half of the centre on North's right");
});

test("the central row's two halves are marked apart, and no other row is", () => {
  const g = gabata().geometry;
  for (const viewer of [0, 1]) {
    const lay = layout(g, { viewer });
    assert.equal(lay.dividers.length, 1);
    const [x1, y1, x2, y2] = lay.dividers[0];
    // A bar across the centre row, between holes 9 (D2) and 18 (C2).
    assert.equal(x1, x2);
    assert.equal(x1, (at(lay, "9").cx + at(lay, "18").cx) / 2);
    assert.ok(Math.min(y1, y2) < at(lay, "9").cy && Math.max(y1, y2) > at(lay, "9").cy);
    assert.ok(Math.abs(y2 - y1) < UNIT, "within the row, not reaching the next");
  }
  for (const fixture of [oware, bao]) assert.equal(layout(fixture().geometry, { viewer: 0 }).dividers.length, 0);
});

test("three rows of six keep their counts legible on a phone and at 1366 x 768", () => {
  const lay = layout(gabata().geometry, { viewer: 0, strips: [0, 1] });
  const phone = 374 / lay.width; // a 390 px phone less its margins
  assert.ok(26 * phone >= 13, `count at ${(26 * phone).toFixed(1)} px on a phone`);
  const scale = Math.min(860 / lay.width, (768 - 20 * 16) / lay.height);
  assert.ok(26 * scale >= 14, `count at ${(26 * scale).toFixed(1)} px at 1366 x 768`);
});

test("the position in words names each seat's nine holes", () => {
  const info = gabata();
  const board = {};
  for (let i = 1; i <= 18; i++) board[String(i)] = [null, "seed", 3];
  const words = readPosition(info, { board, scores: [0, 0], to_move: 0 }, { viewer: 0 });
  assert.match(words, /Your holes 1 to 9: 3, 3, 3, 3, 3, 3, 3, 3, 3\./);
  assert.match(words, /North's holes 10 to 18/);
});

test("the holes each seat has claimed (a wegue, a tuz) are read from the state", async () => {
  const { claimedHoles } = await import("../../static/js/board/rules-geometry.js");
  const m = claimedHoles({ tuz: [["12", "14"], ["3"]] });
  assert.deepEqual([...m.entries()].sort(), [["12", 0], ["14", 0], ["3", 1]]);
  assert.equal(claimedHoles({ tuz: [null, "5"] }).get("5"), 1);
  assert.equal(claimedHoles({}).size, 0);
});
