import { test } from "node:test";
import assert from "node:assert/strict";
import { parseCommand, parsePointPath } from "../../static/js/board/notation.js";
import { tables, readTablesMove } from "../../static/js/board/family-tables.js";
import { sumPaths, sumDestinations, pathDestinations, BAR, OFF } from "../../static/js/board/tables-geometry.js";

const point = (w) => (w === "bar" ? BAR : w === "off" ? OFF : /^\d+$/.test(w) && Number(w) <= 24 ? Number(w) : null);

test("a typed move's points, in every spelling", () => {
  assert.deepEqual(parsePointPath("24/13", point), [24, 13]);
  assert.deepEqual(parsePointPath(" 24/18/13 ", point), [24, 18, 13]);
  assert.deepEqual(parsePointPath("24/18*/13", point), [24, 18, 13]);
  assert.deepEqual(parsePointPath("bar/20", point), [BAR, 20]);
  assert.deepEqual(parsePointPath("6/off", point), [6, OFF]);
  assert.deepEqual(parsePointPath("13 to 7", point), [13, 7]);
  assert.deepEqual(parsePointPath("24-18-13", point), [24, 18, 13]);
  assert.equal(parsePointPath("24", point), null);
  assert.equal(parsePointPath("24/13/x", point), null);
  assert.equal(parsePointPath("30/13", point), null);
});

// 6-5 from the start of a backgammon game: the first steps the server lists.
const opening65 = [
  { from: 24, to: 18 }, { from: 24, to: 19 }, { from: 13, to: 7 }, { from: 13, to: 8 },
  { from: 8, to: 2 }, { from: 8, to: 3 }, { from: 6, to: 1 },
];
const state65 = { dice: [6, 5], cascade: null };

test("24/13 with 6-5: both orders, the 6 first as typed by most", () => {
  assert.deepEqual(sumPaths(24, 13, [6, 5], opening65), [
    [{ from: 24, to: 18 }, { from: 18, to: 13 }],
    [{ from: 24, to: 19 }, { from: 19, to: 13 }],
  ]);
});

test("a combined move whose first step is not legal has no way", () => {
  assert.deepEqual(sumPaths(24, 13, [6, 5], [{ from: 24, to: 19 }]), [[{ from: 24, to: 19 }, { from: 19, to: 13 }]]);
  assert.deepEqual(sumPaths(24, 13, [6, 5], [{ from: 13, to: 7 }]), []);
  assert.deepEqual(sumPaths(24, 12, [6, 5], opening65), []); // 12 is no sum of 6 and 5
  assert.deepEqual(sumPaths(24, 13, [6], opening65), []); // one die left
  assert.deepEqual(sumPaths(24, 13, [6, 5], opening65, { cascade: true }), []);
});

test("doubles: from the bar over three dice, and bearing off with the sum", () => {
  assert.deepEqual(sumPaths(BAR, 13, [4, 4, 4, 4], [{ from: BAR, to: 21 }]),
    [[{ from: BAR, to: 21 }, { from: 21, to: 17 }, { from: 17, to: 13 }]]);
  assert.deepEqual(sumPaths(6, OFF, [4, 2], [{ from: 6, to: 2 }, { from: 6, to: 4 }]), [
    [{ from: 6, to: 2 }, { from: 2, to: OFF }],
    [{ from: 6, to: 4 }, { from: 4, to: OFF }],
  ]);
  // A larger die bears off only as the last step.
  assert.deepEqual(sumPaths(5, OFF, [4, 3], [{ from: 5, to: 1 }]), [[{ from: 5, to: 1 }, { from: 1, to: OFF }]]);
});

test("the board offers the sum points no single step reaches", () => {
  const sums = sumDestinations(state65, opening65);
  assert.deepEqual(sums.get(24).map((d) => d.to), [13]);
  assert.deepEqual(sums.get(13).map((d) => d.to), [2]);
  assert.equal(sumDestinations({ dice: [6] }, opening65).size, 0);
});

test("text mode: 24/13 and 24/18/13 become the ways to play them", () => {
  const context = { match: { state: state65 } };
  const whole = parseCommand("24/13", { family: tables, legalActions: opening65, context });
  assert.equal(whole.kind, "path");
  assert.deepEqual(whole.paths[0], [{ from: 24, to: 18 }, { from: 18, to: 13 }]);
  const stops = parseCommand("24/18/13", { family: tables, legalActions: opening65, context });
  assert.deepEqual(stops, { kind: "path", paths: [[{ from: 24, to: 18 }, { from: 18, to: 13 }]] });
  // A single legal step stays a single action; bar/20 and 6/off as before.
  assert.deepEqual(parseCommand("24/18", { family: tables, legalActions: opening65, context }),
    { kind: "action", action: { from: 24, to: 18 } });
  assert.deepEqual(parseCommand("bar/20", { family: tables, legalActions: [{ from: BAR, to: 20 }], context }),
    { kind: "action", action: { from: BAR, to: 20 } });
  assert.deepEqual(parseCommand("6/off", { family: tables, legalActions: [{ from: 6, to: OFF, die: 6 }], context }),
    { kind: "action", action: { from: 6, to: OFF, die: 6 } });
});

test("text mode: a combined move the dice cannot make is refused, naming it", () => {
  const context = { match: { state: state65 } };
  const r = parseCommand("24/12", { family: tables, legalActions: opening65, context });
  assert.equal(r.kind, "error");
  assert.match(r.message, /"24\/12" cannot be played/);
  const stops = parseCommand("24/20/13", { family: tables, legalActions: opening65, context });
  assert.equal(stops.kind, "error");
  assert.deepEqual(readTablesMove("hello", opening65, state65), null);
});

test("resign and rematch are the match's commands, whatever the legal moves", () => {
  const context = { match: { state: state65 } };
  for (const typed of ["resign", "Give up", "  RESIGN "]) {
    assert.deepEqual(parseCommand(typed, { family: tables, legalActions: opening65, context }), { kind: "match", what: "resign" });
  }
  for (const typed of ["rematch", "play again"]) {
    assert.deepEqual(parseCommand(typed, { family: tables, legalActions: [], context }), { kind: "match", what: "rematch" });
  }
  assert.equal(parseCommand("resignation", { family: tables, legalActions: opening65, context }).kind, "error");
});

// Backgammon 6-6 from the start: 8/2 is legal, but no complete play takes that checker on to
// bear off (the others are not home), so the server lists no way 8/2/off.
const opening66 = [{ from: 24, to: 18 }, { from: 13, to: 7 }, { from: 8, to: 2 }];
const paths66 = [
  [{ from: 24, to: 18 }, { from: 18, to: 12 }],
  [{ from: 13, to: 7 }, { from: 7, to: 1 }],
  [{ from: 24, to: 18 }, { from: 18, to: 12 }, { from: 12, to: 6 }],
];

test("the board offers only the combined moves the server lists", () => {
  const sums = pathDestinations(paths66, opening66);
  assert.equal(sums.has(8), false); // the guess from the dice alone offered 8/off
  assert.deepEqual(sumDestinations({ dice: [6, 6, 6, 6] }, opening66).get(8).map((d) => d.to), [OFF]);
  assert.deepEqual(sums.get(24).map((d) => d.to), [12, 6]);
  assert.deepEqual(sums.get(13).map((d) => d.to), [1]);
  assert.deepEqual(sums.get(24)[1].paths, [paths66[2]]);
  // A target a single step reaches is that step, not a combined move.
  assert.equal(pathDestinations([[{ from: 13, to: 7 }, { from: 7, to: 1 }]], [{ from: 13, to: 1 }]).size, 0);
  assert.equal(pathDestinations([], opening66).size, 0);
  assert.equal(pathDestinations(undefined, opening66).size, 0);
  // A step carrying its die keeps it (a bearing-off step may be made with more than one die).
  const withDie = pathDestinations([[{ from: 6, to: 2 }, { from: 2, to: OFF, die: 6 }]], [{ from: 6, to: 2 }]);
  assert.deepEqual(withDie.get(6)[0].paths[0][1], { from: 2, to: OFF, die: 6 });
});

test("text mode: with the server's list, a combined move is one it lists", () => {
  const state = { dice: [6, 6, 6, 6], cascade: null };
  assert.deepEqual(readTablesMove("8/off", opening66, state, paths66), { paths: [] });
  assert.deepEqual(readTablesMove("24/12", opening66, state, paths66), { paths: [paths66[0]] });
  assert.deepEqual(readTablesMove("24/18/12/6", opening66, state, paths66), { paths: [paths66[2]] });
  assert.deepEqual(readTablesMove("24/12/6", opening66, state, paths66), { paths: [] });
});
