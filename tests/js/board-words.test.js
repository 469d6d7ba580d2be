import { test } from "node:test";
import assert from "node:assert/strict";
import { refusalWords } from "../../static/js/board/app.js";
import { usableDiceOf } from "../../static/js/board/tables-board.js";
import { BAR, OFF } from "../../static/js/board/tables-geometry.js";

test("a refusal is told in words, never as the action's JSON", () => {
  assert.equal(refusalWords("a piece on 3 cannot go to 5 with this throw (legal: in→2)", 400),
    "a piece on 3 cannot go to 5 with this throw (legal: in→2).");
  assert.equal(refusalWords('rolling is not possible now: the turn wants a checker step ({"from": p, "to": q})', 400),
    "rolling is not possible now: the turn wants a checker step.");
  assert.equal(refusalWords('{"from": 0, "to": 2} is not a legal move with this throw', 400),
    "that move cannot be played in the position now on the board.");
  assert.equal(refusalWords("", 503), "error 503.");
  assert.equal(refusalWords(undefined, 500), "error 500.");
});

test("the dice a legal step uses: the 6-5 jump takes both", () => {
  assert.deepEqual([...usableDiceOf([{ from: 24, to: 13 }], [], [6, 5])].sort(), [5, 6]);
  assert.deepEqual([...usableDiceOf([{ from: 24, to: 18 }], [], [6, 5])], [6]);
  // A die used only as a combined move's second step is usable too.
  assert.deepEqual([...usableDiceOf([{ from: 24, to: 18 }], [[{ from: 24, to: 18 }, { from: 18, to: 13 }]], [6, 5])].sort(), [5, 6]);
  assert.deepEqual([...usableDiceOf([{ from: BAR, to: 22 }], [], [3, 1])], [3]);
  assert.deepEqual([...usableDiceOf([{ from: 2, to: OFF, die: 6 }], [], [6])], [6]);
});
