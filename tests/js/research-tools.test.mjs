import { test } from "node:test";
import assert from "node:assert/strict";
import { bboxParameter, pointsFromRows } from "../../static/js/map.js";
import { labelled, periodHref } from "../../static/js/periods.js";

const bounds = (west, south, east, north) => ({ getWest: () => west, getSouth: () => south, getEast: () => east, getNorth: () => north });

test("a box is west,south,east,north, rounded to 4 decimals", () => {
  assert.equal(bboxParameter(bounds(10.123456, -5.5, 30, 40.00004)), "10.1235,-5.5,30,40");
});

test("a box drawn on a copy of the world is brought back to -180..180 (west above east crosses the antimeridian)", () => {
  assert.equal(bboxParameter(bounds(190, 0, 200, 10)), "-170,0,-160,10");
  assert.equal(bboxParameter(bounds(170, 0, 190, 10)), "170,0,-170,10");
});

test("a box wider than the world is the whole world, and latitudes stay within the poles", () => {
  assert.equal(bboxParameter(bounds(-300, -95, 200, 100)), "-180,-90,180,90");
});

test("compact rows become points with their page's address", () => {
  const body = { url_prefix: "/evidence/", points: [["DLP.Evidence.1188", 15.1, 37.6, "Béchi · Ethnography · 1971"]] };
  assert.deepEqual(pointsFromRows(body), [
    { id: "DLP.Evidence.1188", lat: 15.1, lon: 37.6, label: "Béchi · Ethnography · 1971", url: "/evidence/DLP.Evidence.1188/" },
  ]);
});

test("a bar's link keeps the other filters and replaces the date filter and the page", () => {
  const href = periodHref("?type=artifact&page=3&date_from=-500&to=100", { date_from: -3100, date_to: -3001 });
  const params = new URLSearchParams(href.slice(1));
  assert.deepEqual([...params.entries()], [["type", "artifact"], ["from", "-3100"], ["to", "-3001"]]);
});

test("the first and the last bars are labelled, and a few between", () => {
  const show = labelled(51);
  const shown = [...Array(51).keys()].filter(show);
  assert.equal(shown[0], 0);
  assert.equal(shown.at(-1), 50);
  assert.ok(shown.length >= 6 && shown.length <= 9, String(shown));
  assert.deepEqual([...Array(3).keys()].filter(labelled(3)), [0, 1, 2]);
});
