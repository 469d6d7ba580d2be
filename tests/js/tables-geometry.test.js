import { test } from "node:test";
import assert from "node:assert/strict";
import {
  BAR, OFF, otherNumbering, toView, pointCell, pointRect, hitTest, hitToMover, destinations, diceFaces,
  boardSize, stackCentres, SIZE,
} from "../../static/js/board/tables-geometry.js";

test("opposite geometry: a point is 25 minus the other side's", () => {
  assert.equal(otherNumbering("opposite", 24), 1);
  assert.equal(otherNumbering("opposite", 6), 19);
  assert.equal(otherNumbering("opposite", BAR), BAR);
  assert.equal(otherNumbering("opposite", OFF), OFF);
});

test("parallel geometry (nard): a player's 24-point is the opponent's 12-point", () => {
  assert.equal(otherNumbering("parallel", 24), 12);
  assert.equal(otherNumbering("parallel", 12), 24);
  assert.equal(otherNumbering("parallel", 13), 1);
  assert.equal(otherNumbering("parallel", 1), 13);
});

test("both mappings are their own inverse", () => {
  for (const g of ["opposite", "parallel"]) {
    for (let p = 1; p <= 24; p++) assert.equal(otherNumbering(g, otherNumbering(g, p)), p);
  }
});

test("the viewer's own points need no mapping", () => {
  assert.equal(toView("parallel", 0, 0, 7), 7);
  assert.equal(toView("parallel", 1, 0, 24), 12);
  assert.equal(toView("opposite", 0, 1, 24), 1);
});

test("home is bottom right, the head (24) top right", () => {
  assert.deepEqual(pointCell(1), { col: 11, top: false });
  assert.deepEqual(pointCell(12), { col: 0, top: false });
  assert.deepEqual(pointCell(13), { col: 0, top: true });
  assert.deepEqual(pointCell(24), { col: 11, top: true });
  assert.throws(() => pointCell(0), RangeError);
});

test("every point's centre hits that point", () => {
  for (let v = 1; v <= 24; v++) {
    const r = pointRect(v);
    assert.deepEqual(hitTest(r.x + r.width / 2, r.y + r.height / 3 + (r.top ? 0 : r.height / 3)), { kind: "point", v });
  }
});

test("the bar and the trays are hit; outside the board is nothing", () => {
  const { width, height } = boardSize();
  const barX = SIZE.margin + 6 * SIZE.pointWidth + SIZE.bar / 2;
  assert.deepEqual(hitTest(barX, height / 2), { kind: "bar" });
  assert.deepEqual(hitTest(width - 20, height - 40), { kind: "off" });
  assert.deepEqual(hitTest(width - 20, 40), { kind: "tray-opponent" });
  assert.equal(hitTest(2, 100), null);
});

test("a hit becomes the mover's point number", () => {
  assert.equal(hitToMover({ kind: "point", v: 12 }, "parallel", 1, 0), 24);
  assert.equal(hitToMover({ kind: "point", v: 3 }, "opposite", 0, 0), 3);
  assert.equal(hitToMover({ kind: "bar" }, "opposite", 1, 0), BAR);
  assert.equal(hitToMover({ kind: "off" }, "opposite", 0, 0), OFF);
  assert.equal(hitToMover({ kind: "off" }, "opposite", 1, 0), null);
  assert.equal(hitToMover({ kind: "tray-opponent" }, "opposite", 1, 0), OFF);
  assert.equal(hitToMover(null, "opposite", 0, 0), null);
});

test("destinations group legal steps by their source, ignoring other actions", () => {
  const d = destinations([{ from: 24, to: 18 }, { from: 24, to: 21 }, { from: 13, to: 7 }, { undo: true },
    { from: 24, to: 18, die: 6 }]);
  assert.deepEqual(d.get(24).map((x) => x.to), [18, 21]);
  assert.deepEqual(d.get(13).map((x) => x.to), [7]);
  assert.equal(d.size, 2);
});

test("dice: used dice are dimmed, doubles show four", () => {
  assert.deepEqual(diceFaces({ roll: [6, 1], dice: [1] }), [{ value: 6, used: true }, { value: 1, used: false }]);
  assert.deepEqual(diceFaces({ roll: [3, 3], dice: [3, 3, 3] }).map((f) => f.used), [true, false, false, false]);
  assert.deepEqual(diceFaces({ roll: null, dice: [] }), []);
});

test("dice: Gul Bara's cascade shows the number being played", () => {
  const faces = diceFaces({ roll: [1, 1], dice: [2, 2, 3, 3, 3, 3], cascade: { number: 2, then: [3] } });
  assert.deepEqual(faces, [2, 2, 2, 2].map((value, i) => ({ value, used: i < 2 })));
});

test("stacks grow from the rim toward the middle, five at most", () => {
  const bottom = stackCentres(1, 7);
  assert.equal(bottom.length, 5);
  assert.ok(bottom[1].y < bottom[0].y);
  const top = stackCentres(24, 2);
  assert.ok(top[1].y > top[0].y);
});
