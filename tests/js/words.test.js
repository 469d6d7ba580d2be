import { test } from "node:test";
import assert from "node:assert/strict";
import { sideNames, groupTurns, entryLine, statusLine } from "../../static/js/board/words.js";
import { tables, readPoint } from "../../static/js/board/family-tables.js";
import { mancala, readHole } from "../../static/js/board/family-mancala.js";

const log = [
  { side: null, by: "chance", action: { opening: [3, 6] }, notation: "opening 3-6" },
  { side: 1, by: "computer", action: { from: 13, to: 7 }, notation: "13/7" },
  { side: 1, by: "computer", action: { from: 7, to: 4 }, notation: "7/4" },
  { side: null, by: "chance", action: { roll: [2, 1] }, notation: "2-1" },
  { side: 0, by: "human", action: { from: 24, to: 22 }, notation: "24/22" },
];

test("names read from the player's side", () => {
  const sides = [{ player: "human" }, { player: "computer", level: "easy" }];
  assert.deepEqual(sideNames({ base: tables.sides, opponent: "computer", you: [0], sides }), ["You", "Computer"]);
  assert.deepEqual(sideNames({ base: tables.sides, opponent: "hotseat", you: [0, 1], sides }), ["White", "Black"]);
  assert.deepEqual(sideNames({ base: mancala.sides, opponent: "remote", you: [1], sides: [{ player: "human" }, { player: "human" }] }),
    ["Your friend", "You"]);
});

test("a turn in the move list starts with its throw and holds its steps", () => {
  const turns = groupTurns(log, tables.startsTurn);
  assert.equal(turns.length, 2);
  assert.deepEqual(turns[0].entries.map((e) => e.notation), ["opening 3-6", "13/7", "7/4"]);
  assert.equal(turns[0].side, 1);
  assert.deepEqual(turns[1].entries.map((e) => e.index), [4, 5]);
  assert.equal(groupTurns(log, mancala.startsTurn).length, 5);
});

test("log entries are told in words", () => {
  const names = ["You", "Computer"];
  assert.equal(entryLine(log[0], names, { to_move: 1 }, tables), "Opening throw: You 3, Computer 6; Computer starts.");
  // The roller is the side to move before the throw, not after it.
  assert.equal(entryLine(log[3], names, { to_move: 0 }, tables, { phase: "roll", to_move: 0 }), "You roll 2-1.");
  const passed = { to_move: 1, last_turn: { side: 0, roll: [6, 6], play: "(no play)", passed: true } };
  const six = { side: null, by: "chance", action: { roll: [6, 6] }, notation: "6-6" };
  assert.equal(entryLine(six, names, passed, tables, { phase: "roll", to_move: 0 }), "You roll 6-6: no move.");
  assert.equal(entryLine(six, names, passed, tables, null), "You roll 6-6: no move.");
  assert.deepEqual(tables.annotate(six, { phase: "roll", to_move: 0 }, passed, names), { side: 0, noPlay: true });
  assert.equal(entryLine({ side: 0, by: "human", action: { double: true }, notation: "doubles to 4" }, names, null, tables), "You double to 4.");
  assert.equal(entryLine({ side: 1, by: "computer", action: { double: false }, notation: "rolls" }, names, null, tables), "Computer rolls.");
  assert.equal(tables.notation({ action: { double: false }, notation: "rolls" }), "roll");
  assert.equal(entryLine(log[1], names, null, tables), "Computer plays 13/7.");
});

test("the status line says whose turn and what to do", () => {
  const names = ["You", "Computer"];
  const match = { to_move: 0, outcome: null };
  const state = { phase: "cube", cube: { value: 2, owner: 0 } };
  assert.equal(statusLine({ family: tables, state, match, names, mine: true }), "Your turn: roll, or double to 4.");
  const cascade = { phase: "move", roll: [2, 2], dice: [3, 3], cascade: { number: 3, then: [4, 5, 6], remainder: false } };
  assert.match(statusLine({ family: tables, state: cascade, match, names, mine: true }), /Cascade: playing 3s, then 4, 5, 6/);
  // Two players on one device are named, never "Your turn".
  const seat = ["White", "Black"];
  assert.equal(statusLine({ family: tables, state, match: { to_move: 1, outcome: null }, names: seat, mine: true, hotseat: true }),
    "Black to move: roll, or double to 4.");
  assert.equal(statusLine({ family: tables, state: { phase: "take", cube: { value: 1 } }, match: { to_move: 1, outcome: null }, names: seat, mine: true, hotseat: true }),
    "Black is offered the cube at 2: take or drop?");
  assert.equal(statusLine({ family: tables, state, match: { to_move: 0, outcome: null }, names: seat, mine: true, awaiting: true, hotseat: true }),
    "White: turn played, confirm it or take back a step.");
  // Gul Bara: a failed cascade's remainder is the opponent's to play, and the status says so.
  const handed = { phase: "move", to_move: 1, dice: [6, 6, 6], cascade: { number: 6, then: [], remainder: true, for_opponent: [] } };
  assert.equal(statusLine({ family: tables, state: handed, match: { to_move: 0, outcome: null }, names, mine: true, awaiting: true }),
    "Turn played: confirm it, or take back a step. Computer will then play the rest of the cascade: 6, 6, 6.");
  const over = { to_move: null, outcome: { winner: 0, points: 2, how: "mars", score: [2, 0] } };
  assert.equal(statusLine({ family: tables, state: {}, match: over, names, mine: false }), "Game over. You win the match (mars), 2–0.");
});

test("points and holes are read aloud", () => {
  const checkers = [Array(26).fill(0), Array(26).fill(0)];
  checkers[0][6] = 5;
  checkers[1][24] = 2;
  const state = { geometry: "opposite", checkers };
  assert.equal(readPoint(state, 0, 6), "Point 6: 5 checkers of yours.");
  assert.equal(readPoint(state, 0, 1), "Point 1: 2 checkers of the opponent's (their 24).");
  assert.equal(readPoint(state, 0, 2), "Point 2: empty.");
  assert.equal(readPoint({ ...state, geometry: "parallel" }, 0, 12), "Point 12: 2 checkers of the opponent's (their 24).");
  const bechi = { rows: [[6, 1, 0, 6], [2, 2, 2, 2]], closed: [[false, false, true, false], [false, false, false, false]] };
  assert.equal(readHole(bechi, 0, 1), "Your hole 2: 1 counter.");
  assert.equal(readHole(bechi, 0, 2), "Your hole 3: 0 counters, left empty this round.");
  assert.equal(readHole(bechi, 0, 0, true), "Opponent's hole 1: 2 counters.");
});

test("a game without a winner is called a draw", async () => {
  const { race } = await import("../../static/js/board/family-race.js");
  const names = ["You", "Computer"];
  const drawn = { winner: null, points: 0, how: "draw", score: [24, 24] };
  assert.equal(mancala.outcome(drawn, names), "A draw: 24–24 counters.");
  assert.equal(statusLine({ family: mancala, state: {}, match: { outcome: drawn }, names, mine: false }),
    "Game over. A draw: 24–24 counters.");
  assert.equal(race.outcome({ winner: null, score: [3, 3] }, names), "A draw, 3–3.");
  assert.equal(tables.outcome({ winner: null, score: [1, 1] }, names), "A draw, 1–1.");
});

test("the engine's words are not shown", () => {
  const names = ["You", "Computer"];
  assert.equal(mancala.notation({ notation: "4↺ ×2; side 1 passes" }, names), "4↺ ×2; Computer passes");
  assert.equal(mancala.outcome({ winner: 0, points: 1, how: "houses-burnt", score: [43, 5] }, names),
    "You win (Computer cannot fill a single hole): 43–5 counters.");
  assert.equal(tables.outcome({ winner: 1, points: 3, how: "turkish-mars", score: [0, 3] }, names),
    "Computer wins the match (Turkish mars), 0–3.");
});

test("béchi's lot for the first round is told", () => {
  const entry = { side: null, by: "chance", action: { first: 1 }, notation: "lot: North starts" };
  assert.equal(entryLine(entry, ["You", "Computer"], null, mancala), "Computer starts (drawn by lot).");
  assert.equal(entryLine({ ...entry, action: { first: 0 } }, ["You", "Computer"], null, mancala), "You start (drawn by lot).");
});

test("the last turn's steps are marked on a tables board", () => {
  assert.deepEqual(tables.highlight(log), [[0, 24], [0, 22]]);
  assert.deepEqual(tables.highlight(log.slice(0, 4)), [[1, 7], [1, 4], [1, 13], [1, 7]]);
  assert.deepEqual(tables.highlight(log.slice(0, 1)), []);
});
