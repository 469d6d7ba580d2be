import { test } from "node:test";
import assert from "node:assert/strict";
import { parseCommand, sameAction } from "../../static/js/board/notation.js";
import { tables, parseTablesStep } from "../../static/js/board/family-tables.js";
import { mancala, parseBechiMove, parseLeaveEmpty } from "../../static/js/board/family-mancala.js";

test("tables steps in the usual spellings", () => {
  assert.deepEqual(parseTablesStep("24/18"), { from: 24, to: 18 });
  assert.deepEqual(parseTablesStep(" 24-18 "), { from: 24, to: 18 });
  assert.deepEqual(parseTablesStep("bar/20*"), { from: 25, to: 20 });
  assert.deepEqual(parseTablesStep("6/off"), { from: 6, to: 0 });
  assert.deepEqual(parseTablesStep("13 to 7"), { from: 13, to: 7 });
  assert.equal(parseTablesStep("25/18"), null);
  assert.equal(parseTablesStep("hello"), null);
});

test("béchi sowings and choices", () => {
  assert.deepEqual(parseBechiMove("3"), { hole: 2 });
  assert.deepEqual(parseBechiMove("2 cw"), { hole: 1, direction: "clockwise" });
  assert.deepEqual(parseBechiMove("2↺"), { hole: 1, direction: "anticlockwise" });
  assert.deepEqual(parseLeaveEmpty("leave 3, 1"), { leave_empty: [0, 2] });
  assert.deepEqual(parseLeaveEmpty("leave 2 empty"), { leave_empty: [1] });
  assert.equal(parseBechiMove("x"), null);
});

const tablesLegal = [{ from: 24, to: 18, die: 6 }, { from: 13, to: 7 }, { undo: true }];

test("a typed step is matched to the legal action, with its extra fields", () => {
  const r = parseCommand("24/18", { family: tables, legalActions: tablesLegal });
  assert.deepEqual(r, { kind: "action", action: { from: 24, to: 18, die: 6 } });
});

test("an illegal step is refused", () => {
  assert.equal(parseCommand("24/20", { family: tables, legalActions: tablesLegal }).kind, "error");
});

test("commands and questions", () => {
  assert.deepEqual(parseCommand("undo", { family: tables, legalActions: tablesLegal }),
    { kind: "action", action: { undo: true } });
  assert.equal(parseCommand("confirm", { family: tables, legalActions: tablesLegal }).kind, "error");
  assert.deepEqual(parseCommand("p 13", { family: tables, legalActions: [] }), { kind: "read", what: "point", arg: 13 });
  assert.deepEqual(parseCommand("point bar", { family: tables, legalActions: [] }), { kind: "read", what: "point", arg: 25 });
  assert.deepEqual(parseCommand("pips", { family: tables, legalActions: [] }), { kind: "read", what: "pips" });
  assert.deepEqual(parseCommand("read 2", { family: mancala, legalActions: [] }), { kind: "read", what: "hole", arg: 1, other: false });
  assert.deepEqual(parseCommand("read o3", { family: mancala, legalActions: [] }), { kind: "read", what: "hole", arg: 2, other: true });
  assert.deepEqual(parseCommand("roll", { family: tables, legalActions: [{ double: true }, { double: false }] }),
    { kind: "action", action: { double: false } });
});

test("the engine's notation as shown is accepted", () => {
  const r = parseCommand("3↺", { family: mancala, legalActions: [{ hole: 2 }], legalNotation: ["3↺"] });
  assert.deepEqual(r, { kind: "action", action: { hole: 2 } });
});

test("a centre hole asks for a direction", () => {
  const legal = [{ hole: 1, direction: "clockwise" }, { hole: 1, direction: "anticlockwise" }, { hole: 0 }];
  assert.equal(parseCommand("2", { family: mancala, legalActions: legal }).kind, "error");
  assert.deepEqual(parseCommand("2 acw", { family: mancala, legalActions: legal }).action,
    { hole: 1, direction: "anticlockwise" });
  assert.deepEqual(parseCommand("1", { family: mancala, legalActions: legal }).action, { hole: 0 });
});

test("actions compare regardless of key order", () => {
  assert.ok(sameAction({ hole: 1, direction: "clockwise" }, { direction: "clockwise", hole: 1 }));
  assert.ok(!sameAction({ hole: 1 }, { hole: 2 }));
});
