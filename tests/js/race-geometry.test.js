import { test } from "node:test";
import assert from "node:assert/strict";
import {
  SIZE, layout, hitTest, hitPositions, placeOf, occupancy, destinations, chooseMove, throwFaces, deviceKind,
  parseRaceMove, routePositions, turned, offPosition, goalCell, moveFrames,
} from "../../static/js/board/race-geometry.js";
import { ur, senet, holes } from "./race-fixtures.mjs";

const centre = (lay, id) => [lay.cells[id].cx, lay.cells[id].cy];

test("the viewer's own row of Ur is drawn nearest the viewer: side 1 sees the board turned", () => {
  const g = ur();
  assert.equal(turned(g, 0), false);
  assert.equal(turned(g, 1), true);
  const first = g.routes[1][0]; // side 1's first square, top row in the data
  const forOne = layout(g, 1);
  const forZero = layout(g, 0);
  assert.ok(forOne.cells[first].cy > forOne.board.y + forOne.board.height / 2, "below the middle for side 1");
  assert.ok(forZero.cells[first].cy < forZero.board.y + forZero.board.height / 2, "above the middle for side 0");
  // Turned half round, not mirrored: left and right swap too.
  // (x 3, top row) for side 0 is (column 4, bottom row) for side 1.
  assert.equal(forZero.cells[first].x, forZero.board.x + 3 * SIZE.cell);
  assert.equal(forOne.cells[first].x, forOne.board.x + 4 * SIZE.cell);
  assert.equal(forOne.cells[first].y, forOne.board.y + 2 * SIZE.cell);
});

test("a shared track (Senet) is never turned, and the grid keeps its shape", () => {
  const g = senet();
  assert.equal(turned(g, 0), false);
  assert.equal(turned(g, 1), false);
  const lay = layout(g, 1);
  assert.equal(lay.cells.length, 30);
  assert.equal(lay.board.width, 10 * SIZE.cell);
  assert.equal(lay.board.height, 3 * SIZE.cell);
  // Square 11 sits under square 10 (the snake turns).
  assert.equal(lay.cells[10].x, lay.cells[9].x);
  assert.equal(lay.cells[10].y, lay.cells[9].y + SIZE.cell);
  // The throw sits between the strip's two zones, on each side's own strip.
  for (const side of [0, 1]) {
    const [start, off] = lay.zones.filter((z) => z.side === side);
    const box = lay.throwBoxes[side];
    assert.ok(start.x + start.width < box.x && box.x + box.width < off.x, `side ${side}`);
    assert.equal(box.y, start.y);
    assert.ok(box.width >= SIZE.throwMin);
  }
  assert.equal(lay.width, lay.board.width + 2 * SIZE.margin);
});

test("a tap on a square or a strip says what it landed on", () => {
  const g = ur();
  const lay = layout(g, 0);
  const id = g.routes[0][5];
  assert.deepEqual(hitTest(lay, ...centre(lay, id)), { cell: id });
  // The gap in Ur's top and bottom rows is no square.
  const gapX = lay.board.x + 4.5 * SIZE.cell;
  assert.equal(hitTest(lay, gapX, lay.board.y + SIZE.cell / 2), null);
  const start = lay.zones.find((z) => z.zone === "start" && z.side === 0);
  const off = lay.zones.find((z) => z.zone === "off" && z.side === 1);
  assert.deepEqual(hitTest(lay, start.x + 5, start.y + 5), { zone: "start", side: 0 });
  assert.deepEqual(hitTest(lay, off.x + 5, off.y + 5), { zone: "off", side: 1 });
  assert.ok(start.y > lay.board.y + lay.board.height, "the viewer's strip is below the board");
  assert.ok(off.y < lay.board.y, "the opponent's strip is above it");
});

test("a hit means route positions in the mover's numbering", () => {
  const g = ur();
  const shared = g.routes[0][6]; // the middle row is shared: side 0's 7 is side 1's 7
  assert.deepEqual(hitPositions(g, { cell: shared }, 0), [7]);
  assert.deepEqual(hitPositions(g, { cell: shared }, 1), [7]);
  assert.deepEqual(hitPositions(g, { cell: g.routes[1][0] }, 0), [], "the other side's private square");
  assert.deepEqual(hitPositions(g, { zone: "start", side: 0 }, 0), [0]);
  assert.deepEqual(hitPositions(g, { zone: "off", side: 0 }, 0), [15]);
  assert.deepEqual(hitPositions(g, { zone: "off", side: 1 }, 0), [], "not the opponent's tray");
  assert.deepEqual(hitPositions(g, null, 0), []);
});

test("a route passing a cell twice gives both positions", () => {
  const g = holes();
  g.routes[0] = [4, 3, 2, 3, 10];
  assert.deepEqual(routePositions(g)[0].get(3), [2, 4]);
  assert.deepEqual(hitPositions(g, { cell: 3 }, 0), [2, 4]);
});

test("pieces are counted per cell and beside the board", () => {
  const g = ur();
  const state = { pieces: [[0, 0, 0, 4, 4, 15], [0, 7, 15, 15]] };
  const occ = occupancy(g, state.pieces);
  assert.deepEqual(occ.waiting, [3, 1]);
  assert.deepEqual(occ.off, [1, 2]);
  assert.deepEqual(occ.cells.get(g.routes[0][3]), [2, 0]);
  assert.deepEqual(occ.cells.get(g.routes[1][6]), [0, 1]);
  assert.equal(offPosition(g, 1), 15);
  assert.deepEqual(placeOf(g, 1, 0), { zone: "start", side: 1 });
  assert.throws(() => placeOf(g, 0, 16), RangeError);
});

test("legal moves become sources and destinations; a click pair picks one", () => {
  const legal = [{ from: 0, to: 3 }, { from: 4, to: 7, extra: 1 }, { from: 4, to: 7 }, { pass: true }, { undo: true }];
  const dests = destinations(legal);
  assert.deepEqual([...dests.keys()], [0, 4]);
  assert.deepEqual(dests.get(4).map((d) => d.to), [7]);
  assert.deepEqual(chooseMove(dests, [4], [7]), { from: 4, to: 7, extra: 1 });
  assert.equal(chooseMove(dests, [4], [8]), null);
  assert.deepEqual(chooseMove(dests, [0], [2, 3]), { from: 0, to: 3 });
});

test("the throw's device and faces", () => {
  assert.equal(deviceKind({ device: "sticks", dice: [1, 0, 1, 1] }), "sticks");
  assert.equal(deviceKind({ device: "tetrahedral dice", dice: [1, 0, 1, 1] }), "tetrahedral");
  assert.equal(deviceKind({ device: "astragals", dice: [1, 4] }), "astragals");
  assert.equal(deviceKind({ device: "3d6", dice: [6, 3, 1] }), "dice");
  assert.equal(deviceKind({ dice: [0, 1, 0, 0] }), "sticks");
  assert.equal(deviceKind({ dice: [2, 5] }), "dice");
  assert.equal(deviceKind({ dice: [7] }), "numbers");
  const xii = throwFaces({ device: "dice", dice: [6, 3, 3], value: 12 }, [3]);
  assert.deepEqual(xii.faces.map((f) => f.used), [true, false, true]);
  assert.equal(xii.value, 12);
  const sticks = throwFaces({ device: "sticks", dice: [0, 0, 0, 0], value: 5 }, null);
  assert.deepEqual(sticks, { kind: "sticks", faces: [0, 0, 0, 0].map((value) => ({ value, used: false })), value: 5 });
  assert.equal(throwFaces(null).kind, "none");
});

test("moves are typed by route positions", () => {
  assert.deepEqual(parseRaceMove("14 17", 31), { from: 14, to: 17 });
  assert.deepEqual(parseRaceMove("14-17", 31), { from: 14, to: 17 });
  assert.deepEqual(parseRaceMove(" 14 / 17 ", 31), { from: 14, to: 17 });
  assert.deepEqual(parseRaceMove("in 4", 15), { from: 0, to: 4 });
  assert.deepEqual(parseRaceMove("13 off", 15), { from: 13, to: 15 });
  assert.deepEqual(parseRaceMove("13 off", null), null);
  assert.deepEqual(parseRaceMove("14", 31), { from: 14 });
  assert.equal(parseRaceMove("fly away", 31), null);
});

test("58 Holes: holes and the lines between them come from the data", () => {
  const g = holes();
  const lay = layout(g, 0);
  assert.equal(g.shape, "holes");
  assert.equal(lay.flip, false);
  const [a, b] = g.lines[0];
  assert.notEqual(lay.cells[a].cy, lay.cells[b].cy);
  assert.deepEqual(hitPositions(g, { cell: 10 }, 1), [6], "the shared last hole");
});

test("routes over the same squares in different orders (XII Scripta) turn the board for side 1", () => {
  const g = senet();
  g.routes = [g.routes[0], [...g.routes[0]].reverse()];
  assert.equal(turned(g, 0), false);
  assert.equal(turned(g, 1), true);
});

test("a goal hole on no route takes the pieces borne off", () => {
  const g = holes();
  g.cells.push({ x: 1, y: 4, mark: "goal" });
  const goal = g.cells.length - 1;
  assert.equal(goalCell(g), goal);
  assert.deepEqual(hitPositions(g, { cell: goal }, 0), [7]);
  assert.deepEqual(hitPositions(g, { cell: goal }, 1), [7]);
  assert.equal(goalCell(ur()), null);
});

test("the sheep and the ox astragal say their faces", () => {
  const shown = throwFaces({ device: "sheep-ox", dice: [3, 1], value: 4 }, null);
  assert.equal(shown.kind, "astragals");
  assert.deepEqual(shown.faces.map((f) => f.label), ["3", "yes"]);
  assert.deepEqual(shown.faces.map((f) => f.title), ["sheep astragal: 3", "ox astragal: yes"]);
  assert.deepEqual(parseRaceMove("14→17", 31), { from: 14, to: 17 });
  assert.deepEqual(parseRaceMove("in→3", 31), { from: 0, to: 3 });
  assert.deepEqual(parseRaceMove("27→off", 31), { from: 27, to: 31 });
});

test("a move is played back square by square", () => {
  const pieces = [[0, 3, 9], [2, 5]];
  assert.deepEqual(moveFrames(pieces, 0, 3, 6), [[[0, 4, 9], [2, 5]], [[0, 5, 9], [2, 5]], [[0, 6, 9], [2, 5]]]);
  assert.deepEqual(moveFrames(pieces, 1, 5, 3), [[[0, 3, 9], [2, 4]], [[0, 3, 9], [2, 3]]]);
  assert.deepEqual(moveFrames(pieces, 0, 7, 9), [], "no piece there");
  assert.deepEqual(pieces, [[0, 3, 9], [2, 5]], "the state is not changed");
});
