import { test } from "node:test";
import assert from "node:assert/strict";
import { withLog } from "../../static/js/board/api.js";

const e = (n) => ({ side: 0, by: "human", action: { from: n, to: n - 1 }, notation: `${n}/${n - 1}` });
const held = { id: "m", version: 4, log: [e(24), e(23), e(22)] };

test("new entries are appended to the log the board holds", () => {
  const merged = withLog(held, { id: "m", version: 5, log: [e(21)], log_from: 3 });
  assert.deepEqual(merged.log, [e(24), e(23), e(22), e(21)]);
  assert.equal("log_from" in merged, false);
  assert.equal(merged.version, 5);
  assert.equal(held.log.length, 3); // the held match is not changed
});

test("a step taken back shortens the log", () => {
  assert.deepEqual(withLog(held, { id: "m", version: 5, log: [], log_from: 2 }).log, [e(24), e(23)]);
});

test("an answer with the whole log is taken as it is", () => {
  const whole = { id: "m", version: 5, log: [e(20)] };
  assert.equal(withLog(held, whole), whole);
});
