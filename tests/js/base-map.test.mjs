import { test } from "node:test";
import assert from "node:assert/strict";
import { labelPoint, pointsFromRows } from "../../static/js/map.js";

test("a country's name goes at the centroid of its largest piece of land", () => {
  const square = (x, y, size) => [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]];
  assert.deepEqual(labelPoint({ type: "MultiPolygon", coordinates: [square(100, 0, 1), square(10, 20, 4)] }), [22, 12]);
  assert.deepEqual(labelPoint({ type: "Polygon", coordinates: square(-2, -2, 4) }), [0, 0]);
});

test("a point placed from a record's place name keeps its precision; others carry none", () => {
  const body = { url_prefix: "/evidence/", points: [["DLP.Evidence.649", -22.9, 30.5, "Bavenda", "region"], ["DLP.Evidence.2", 1, 2, "x", ""]] };
  const [named, own] = pointsFromRows(body);
  assert.equal(named.placed, "region");
  assert.equal("placed" in own, false);
});
