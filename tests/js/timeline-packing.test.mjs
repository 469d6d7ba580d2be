import { test } from "node:test";
import assert from "node:assert/strict";
import { packRows } from "../../static/js/timeline.js";

test("records that do not overlap share a row", () => {
  assert.deepEqual(packRows([{ start: 1900, end: 1910 }, { start: 1911, end: 1920 }, { start: 1950, end: 1950 }]), [0, 0, 0]);
});

test("an overlapping record goes to the first row that is free", () => {
  const items = [{ start: -3100, end: -3000 }, { start: -3050, end: -2900 }, { start: -2990, end: -2950 }, { start: -2899, end: -2800 }];
  assert.deepEqual(packRows(items), [0, 1, 0, 0]);
});

test("a record ending in the year the next starts needs a row of its own (bars cover whole years)", () => {
  assert.deepEqual(packRows([{ start: 1971, end: 1971 }, { start: 1971, end: 1971 }, { start: 1972, end: 1972 }]), [0, 1, 0]);
});

test("no records, no rows", () => {
  assert.deepEqual(packRows([]), []);
});
