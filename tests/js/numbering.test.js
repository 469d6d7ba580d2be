// Another side's moves are written in the numbering the viewer's board prints (issue 37, item 7):
// each side counts its own route, the board shows the viewer's numbers, and "Computer: 23→25" or
// "Computer plays 24/21" written as the computer counts could not be found on it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { entryLine, readBy } from "../../static/js/board/words.js";
import { race, placeWords, moveWords } from "../../static/js/board/family-race.js";
import { tables, otherTablesNotation } from "../../static/js/board/family-tables.js";
import { ur } from "./race-fixtures.mjs";

const names = ["You", "Computer"];

// Four squares in a row, run one way by side 0 and the other way by side 1 (as XII Scripta's
// sides run its rows in opposite directions): side 1's 1 is side 0's 4.
function opposed() {
  const cells = [0, 1, 2, 3].map((x) => ({ x, y: 0, mark: null }));
  return { columns: 4, rows: 1, cells, routes: [[0, 1, 2, 3], [3, 2, 1, 0]], lines: [], shape: "squares" };
}

test("a race move on squares both routes use is written in the viewer's numbers", () => {
  const g = opposed();
  assert.equal(placeWords(g, 1, 0, 1), "4");
  assert.equal(moveWords(g, 1, 0, { from: 1, to: 3 }, "1→3"), "4→2");
  assert.equal(moveWords(g, 1, 0, { from: 0, to: 2 }, "in→2*"), "in→3*");
  assert.equal(moveWords(g, 1, 0, { from: 3, to: 5 }, "3→off"), "2→off");
});

test("a square on the other side's route alone is 'their' square, as the board labels it", () => {
  const g = ur();
  // Side 1's first four squares are its own row (the top one); its fifth is the shared row's first.
  assert.equal(placeWords(g, 1, 0, 2), "their 2");
  assert.equal(placeWords(g, 1, 0, 5), "5");
  assert.equal(moveWords(g, 1, 0, { from: 1, to: 3 }, "1→3"), "their 1→3");
  assert.equal(moveWords(g, 1, 0, { from: 3, to: 6 }, "3→6"), "their 3→6");
  assert.equal(moveWords(g, 1, 0, { from: 12, to: 14 }, "12→14"), "12→their 14");
});

test("the move list and the log line give the viewer's numbers, and the mover's own beside them", () => {
  const family = readBy(race, () => ({ viewer: 0, hotseat: false, match: { board: { geometry: opposed() } } }));
  const theirs = { side: 1, by: "computer", action: { from: 1, to: 3 }, notation: "1→3" };
  assert.equal(family.notation(theirs, names), "4→2");
  assert.equal(entryLine(theirs, names, null, family), "Computer plays 4→2 (1→3 in its own numbering).");
  const mine = { side: 0, by: "human", action: { from: 1, to: 3 }, notation: "1→3" };
  assert.equal(entryLine(mine, names, null, family), "You play 1→3.");
  // Two on one device: each sees the board from the side to move, in its own numbers.
  const hotseat = readBy(race, () => ({ viewer: 0, hotseat: true, match: { board: { geometry: opposed() } } }));
  assert.equal(entryLine(theirs, ["Light", "Dark"], null, hotseat), "Dark plays 1→3.");
});

test("tables: the other side's points are renumbered, the bar, off, hits and counts kept", () => {
  assert.equal(otherTablesNotation("24/21", "parallel"), "12/9");
  assert.equal(otherTablesNotation("24/18*/13", "opposite"), "1/7*/12");
  assert.equal(otherTablesNotation("bar/22*", "opposite"), "bar/3*");
  assert.equal(otherTablesNotation("8/5(2)", "opposite"), "17/20(2)");
  assert.equal(otherTablesNotation("6/off", "opposite"), "19/off");
  assert.equal(otherTablesNotation("13/7 8/7", "opposite"), "12/18 17/18");
  const family = readBy(tables, () => ({ viewer: 0, hotseat: false, match: { state: { geometry: "parallel" } } }));
  const entry = { side: 1, by: "computer", action: { from: 24, to: 21 }, notation: "24/21" };
  assert.equal(entryLine(entry, names, null, family), "Computer plays 12/9 (24/21 in its own numbering).");
  // The cube is not a move: its words are the family's own.
  assert.equal(family.notation({ side: 1, by: "computer", action: { take: true }, notation: "takes" }, names), "take");
  const friend = ["You", "Your friend"];
  assert.equal(entryLine(entry, friend, null, family), "Your friend plays 12/9 (24/21 in their own numbering).");
});
