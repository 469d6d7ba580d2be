// The board's words as a player reads them (issue 37, items 8 and 10, and the rule terms).
import { test } from "node:test";
import assert from "node:assert/strict";
import { entryLine, statusLine, resignLine, readBy, termsIn, midName } from "../../static/js/board/words.js";
import { race, throwWords } from "../../static/js/board/family-race.js";
import { tables } from "../../static/js/board/family-tables.js";
import { mancala } from "../../static/js/board/family-mancala.js";

const names = ["You", "Computer"];

test("20 Squares' astragals: what each showed and what the throw counts", () => {
  assert.equal(throwWords({ device: "sheep-ox", dice: [4, 0], value: 4 }),
    "4 (sheep astragal 4, ox astragal no: the sheep's number counts)");
  assert.equal(throwWords({ device: "sheep-ox", dice: [3, 1], value: 7 }),
    "7 (sheep astragal 3, ox astragal yes: 3 counts 7)");
});

test("a race throw with no move says so, and names the side that threw, not the next", () => {
  const entry = { side: null, by: "chance", action: { throw: [0, 0, 0, 0] }, notation: "throw 0-0-0-0 = 0" };
  const before = { phase: "throw", to_move: 0 };
  const after = { phase: "throw", to_move: 1, throw: { value: 0 } };
  assert.equal(entryLine(entry, names, after, race, before), "You throw 0-0-0-0 = 0: no move.");
  assert.deepEqual(race.annotate(entry, before, after), { side: 0, noPlay: true });
  // A throw with a move to make says nothing of the kind.
  const moving = { phase: "move", to_move: 0, throw: { value: 2 } };
  assert.equal(entryLine({ ...entry, notation: "throw 1-1-0-0 = 2" }, names, moving, race, before), "You throw 1-1-0-0 = 2.");
  assert.deepEqual(race.annotate(entry, before, moving), { side: 0 });
  // Senet's opening throws (who starts) are no throws for a move.
  assert.equal(race.annotate(entry, { phase: "opening", to_move: 0 }, { phase: "opening", to_move: 1 }).noPlay, undefined);
});

test("a resignation: who resigned and who wins, with a match score only where matches are played", () => {
  const resigned = { winner: 1, resigned: 0, how: "resign", score: [0, 0] };
  assert.equal(resignLine(resigned, names), "You resign: Computer wins the game.");
  assert.equal(resignLine({ ...resigned, winner: 0, resigned: 1 }, ["You", "Your friend"]), "Your friend resigns: you win the game.");
  assert.equal(resignLine(resigned, ["You", "Your friend"].reverse()), "Your friend resigns: you win the game.");
  const bound = readBy(race, () => ({ viewer: 0 }));
  assert.equal(bound.outcome(resigned, names), "You resign: Computer wins the game.");
  const status = statusLine({ family: bound, state: {}, match: { outcome: resigned }, names });
  assert.equal(status, "Game over. You resign: Computer wins the game.");
  assert.doesNotMatch(status, /0–0/);
  const tablesBound = readBy(tables, () => ({ viewer: 0 }));
  assert.equal(tablesBound.outcome({ ...resigned, score: [2, 3] }, ["You", "Your friend"]), "You resign: your friend wins the match, 2–3.");
});

test("a Senet tie says the tie-break decided it; other results as before", () => {
  assert.equal(race.outcome({ winner: 1, how: "most-off", score: [4, 4] }, names),
    "Computer wins, 4–4: as many pieces borne off each, and Computer finished first.");
  assert.equal(race.outcome({ winner: 0, how: "most-off", score: [4, 4] }, names),
    "You win, 4–4: as many pieces borne off each, and you finished first.");
  assert.equal(race.outcome({ winner: 0, how: "most-off", score: [5, 3] }, names), "You win, 5–3.");
  assert.equal(race.outcome({ winner: 1, how: "first-off", score: [7, 3] }, names), "Computer wins, 7–3.");
});

test("names inside a sentence are not capitalised", () => {
  assert.equal(midName("You"), "you");
  assert.equal(midName("Your friend"), "your friend");
  assert.equal(midName("Computer"), "Computer");
  assert.equal(mancala.outcome({ winner: 1, how: "houses-burnt", score: [8, 40] }, names),
    "Computer wins (you cannot fill a single hole): 8–40 counters.");
});

test("rule terms are found in what the board says, explained, and linked where the ruleset states them", () => {
  const known = { mars: { clause: "SB-7", href: "/games/shesh-besh/#clause-SB-7" } };
  const found = termsIn("Game over. You win the match (Turkish mars), 3–0. Last game: You won 2 points (mars)", known);
  assert.deepEqual(found.map((t) => t.term), ["mars", "Turkish mars"]);
  assert.equal(found[0].href, "/games/shesh-besh/#clause-SB-7");
  assert.match(found[1].means, /bar/);
  assert.equal(found[1].href, undefined);
  assert.deepEqual(termsIn("Your turn: rolled 2-2. Cascade: playing 3s, then 4, 5, 6.").map((t) => t.term), ["cascade"]);
  assert.deepEqual(termsIn("Your turn. Huff the piece on c3 (it could have captured and did not) or move a piece.").map((t) => t.term), ["huff"]);
  assert.deepEqual(termsIn("You win (black mars)").map((t) => t.term), ["black mars"]);
  assert.deepEqual(termsIn("Backgammon: White to play").map((t) => t.term), [], "the game's name is no term");
  assert.deepEqual(termsIn("Your turn: threw 3. Move a piece."), []);
});
