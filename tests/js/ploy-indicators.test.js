import { test } from "node:test";
import assert from "node:assert/strict";
import { indicatorWedges } from "../../static/js/board/rules-board.js";
import { actionWords } from "../../static/js/board/rules-geometry.js";

// Ploy's direction indicators (pieces.KIND.indicators): a wedge on the rim of a piece of radius 10
// at the origin (y down on the screen) for each compass point, turned with the board.
test("a wedge per indicator, turned with the board", () => {
  assert.deepEqual(indicatorWedges(0, 0, 10, ["n", "e"]),
    [[[0, -9.7], [2.2, -6.2], [-2.2, -6.2]], [[9.7, 0], [6.2, 2.2], [6.2, -2.2]]]);
  // half round (the second seat's view): north's wedge at the bottom
  assert.deepEqual(indicatorWedges(0, 0, 10, ["n"], 2), [[[0, 9.7], [-2.2, 6.2], [2.2, 6.2]]]);
  // a quarter turn clockwise: north's at the right
  assert.deepEqual(indicatorWedges(0, 0, 10, ["n"], 1), [[[9.7, 0], [6.2, 2.2], [6.2, -2.2]]]);
  // a name that is no compass point draws nothing
  assert.deepEqual(indicatorWedges(0, 0, 10, ["up"]), []);
});

test("a rotation is written as the piece turned where it stands", () => {
  const pieces = { "shield-n": { name: "shield (n)" }, "shield-ne": { name: "shield (ne)" } };
  assert.equal(actionWords({ from: "e3", to: "e3", promote: "shield-ne" }, { pieces }),
    "turns the piece on e3 to shield (ne)");
});
