import { test } from "node:test";
import assert from "node:assert/strict";
import { holeCentre, hitTest, sowingFrames, counterOffsets, frameDelay, storeRect } from "../../static/js/board/bechi-geometry.js";

test("the viewer's row is at the bottom left to right; the opponent's runs right to left", () => {
  const a = holeCentre(0, 0, 4, 0);
  const b = holeCentre(0, 3, 4, 0);
  const top0 = holeCentre(1, 0, 4, 0);
  assert.ok(a.x < b.x && a.y > top0.y);
  assert.equal(top0.x, b.x); // the opponent's first hole is above the viewer's last
});

test("seen from side 1 the board turns round", () => {
  assert.deepEqual(holeCentre(1, 0, 4, 1), holeCentre(0, 0, 4, 0));
  assert.deepEqual(holeCentre(0, 0, 3, 1), holeCentre(1, 0, 3, 0));
});

test("every hole's centre hits that hole", () => {
  for (const viewer of [0, 1]) {
    for (const row of [0, 1]) {
      for (let i = 0; i < 3; i++) {
        const c = holeCentre(row, i, 3, viewer);
        assert.deepEqual(hitTest(c.x, c.y, 3, viewer), { row, index: i });
      }
    }
  }
  assert.equal(hitTest(1, 1, 4, 0), null);
});

test("each store is at its owner's right hand", () => {
  assert.ok(storeRect(0, 4, 0).x > storeRect(1, 4, 0).x);
  assert.ok(storeRect(1, 4, 1).x > storeRect(0, 4, 1).x);
});

test("sowing frames lift the hole, drop counter by counter, then take captures", () => {
  const frames = sowingFrames([[6, 6, 6, 6], [6, 6, 6, 6]], {
    path: [[0, 2], [0, 3], [1, 0], [1, 1], [1, 2], [1, 3]], captures: [[1, 3, 8]],
  });
  assert.equal(frames[0].kind, "lift");
  assert.deepEqual(frames[0].rows[0], [6, 6, 0, 6]);
  assert.equal(frames[0].hand, 6);
  assert.deepEqual(frames[6].rows, [[6, 6, 1, 7], [7, 7, 7, 7]]);
  assert.equal(frames[6].hand, 0);
  assert.deepEqual(frames[7], { rows: [[6, 6, 1, 7], [7, 7, 7, 0]], hand: 0, at: [1, 3], kind: "capture" });
  assert.deepEqual(sowingFrames([[1]], null), []);
});

test("counters are laid out without overflowing the hole", () => {
  const offsets = counterOffsets(30, 40);
  assert.equal(offsets.length, 19);
  for (const { dx, dy } of offsets) assert.ok(Math.hypot(dx, dy) <= 40);
});

test("animation speeds, with off", () => {
  assert.equal(frameDelay("off"), 0);
  assert.ok(frameDelay("slow") > frameDelay("fast"));
});
