import { test } from "node:test";
import assert from "node:assert/strict";
import { race, readSquare, readRace, throwWords } from "../../static/js/board/family-race.js";
import { parseCommand } from "../../static/js/board/notation.js";
import { groupTurns, entryLine, statusLine } from "../../static/js/board/words.js";
import { ur, senet } from "./race-fixtures.mjs";

const names = ["You", "Computer"];

test("typed moves: a pair of squares, a lone square with one move, entering and bearing off", () => {
  const geometry = ur();
  const context = { match: { to_move: 0, board: { geometry } } };
  const legal = [{ from: 0, to: 3 }, { from: 12, to: 15 }, { from: 6, to: 9 }, { undo: true }];
  const run = (text) => parseCommand(text, { family: race, legalActions: legal, context });
  assert.deepEqual(run("6 9"), { kind: "action", action: { from: 6, to: 9 } });
  assert.deepEqual(run("6-9"), { kind: "action", action: { from: 6, to: 9 } });
  assert.deepEqual(run("6"), { kind: "action", action: { from: 6, to: 9 } });
  assert.deepEqual(run("in 3"), { kind: "action", action: { from: 0, to: 3 } });
  assert.deepEqual(run("12 off"), { kind: "action", action: { from: 12, to: 15 } });
  assert.equal(run("6 10").kind, "error");
  assert.match(run("7").message, /No piece on 7/);
  assert.deepEqual(run("undo"), { kind: "action", action: { undo: true } });
  assert.equal(run("pass").kind, "error", "passing is not legal here");
  assert.deepEqual(parseCommand("pass", { family: race, legalActions: [{ pass: true }], context }),
    { kind: "action", action: { pass: true } });
  assert.deepEqual(run("sq 15"), { kind: "read", what: "square", arg: 15 });
  assert.deepEqual(run("throw"), { kind: "read", what: "throw" });
});

test("a piece with two moves (XII Scripta's dice) asks which", () => {
  const legal = [{ from: 4, to: 7 }, { from: 4, to: 10 }];
  const r = parseCommand("4", { family: race, legalActions: legal, context: {} });
  assert.equal(r.kind, "error");
  assert.match(r.message, /4 7, 4 10/);
});

test("squares and the board are read aloud in the viewer's numbering", () => {
  const geometry = ur();
  const state = { pieces: [[0, 0, 4, 8], [0, 2, 8 - 0 + 1, 15]] };
  assert.equal(readSquare(geometry, state, 0, 4), "Square 4 (rosette): 1 piece of yours.");
  assert.equal(readSquare(geometry, state, 0, 9), "Square 9: 1 piece of the opponent's (their 9).");
  assert.equal(readSquare(geometry, state, 0, 5), "Square 5: empty.");
  assert.equal(readSquare(geometry, state, 0, 0), "Waiting to enter: yours 2, opponent's 1.");
  assert.equal(readSquare(geometry, state, 0, 15), "Borne off: yours 0, opponent's 1.");
  assert.match(readSquare(geometry, state, 0, 16), /no square 16/);
  assert.equal(readRace(geometry, state, 1),
    "Yours on 2, 9; opponent's on their 4, 8. To enter: you 1, opponent 2. Off: you 1, opponent 0.");
  const s = senet();
  assert.equal(readSquare(s, { pieces: [[15], [26]] }, 1, 26), "Square 26 (beauty): 1 piece of yours.");
});

test("throws, turns and the status line in words", () => {
  assert.equal(throwWords({ device: "sticks", dice: [1, 0, 1, 1], value: 3 }), "3 (sticks 1 0 1 1)");
  assert.equal(throwWords(null), "none yet");
  const log = [
    { side: null, by: "chance", action: { throw: [1, 0, 1, 1] }, notation: "1011" },
    { side: 0, by: "human", action: { from: 0, to: 3 }, notation: "0-3" },
    { side: null, by: "chance", action: { throw: [0, 0, 0, 0] }, notation: "0000" },
    { side: 1, by: "computer", action: { pass: true }, notation: "pass" },
  ];
  assert.equal(groupTurns(log, race.startsTurn).length, 2);
  assert.equal(entryLine(log[0], names, { to_move: 0, throw: { value: 3 } }, race), "You throw 1011 = 3.");
  const said = { ...log[0], notation: "throw 1-0-1-1 = 3" };
  assert.equal(entryLine(said, names, { to_move: 1, throw: { value: 3 } }, race), "Computer throws 1-0-1-1 = 3.");
  assert.deepEqual(race.highlight(log), [[0, 0], [0, 3]]);
  assert.deepEqual(race.highlight(log.slice(0, 1)), []);
  assert.equal(entryLine(log[1], names, null, race), "You play 0-3.");
  assert.equal(entryLine(log[3], names, null, race), "Computer: pass.");
  const state = { throw: { dice: [1, 0, 1, 1], value: 3, device: "sticks" } };
  const match = { to_move: 0, outcome: null, legal_actions: [{ from: 0, to: 3 }] };
  assert.equal(statusLine({ family: race, state, match, names, mine: true }), "Your turn: threw 3. Move a piece.");
  const stuck = { ...match, legal_actions: [{ pass: true }] };
  assert.equal(statusLine({ family: race, state, match: stuck, names, mine: true }), "Your turn: threw 3. No move: pass.");
  const over = { to_move: null, outcome: { winner: 1, score: [3, 7] } };
  assert.equal(statusLine({ family: race, state, match: over, names, mine: false }), "Game over. Computer wins, 3–7.");
});

test("the facts panel counts pieces to enter and borne off", () => {
  const geometry = ur();
  const state = { pieces: [[0, 0, 4, 15], [0, 2, 15, 15]], throw: { dice: [1, 1, 0, 0], value: 2, device: "tetrahedral" } };
  assert.deepEqual(race.facts(state, names, { config: { board: { geometry } } }), [
    ["Throw", "2 (dice 1 1 0 0)"],
    ["To enter", "You 2 · Computer 1"],
    ["Borne off", "You 1 · Computer 2"],
  ]);
});
