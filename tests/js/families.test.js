import { test } from "node:test";
import assert from "node:assert/strict";
import { FAMILY_NAMES, loadFamily } from "../../static/js/board/families.js";

// The board host calls these on whatever family a variant belongs to: each plug-in has them all.
const FUNCTIONS = ["createBoard", "isMove", "startsTurn", "playBack", "facts", "outcome", "status"];

for (const name of FAMILY_NAMES) {
  test(`the ${name} family offers everything the board host uses`, async () => {
    const family = await loadFamily(name);
    assert.equal(family.name, name);
    assert.equal(family.sides.length, 2);
    assert.equal(typeof family.autoConfirm, "boolean");
    assert.equal(typeof family.playsBackOwnMoves, "boolean");
    for (const fn of FUNCTIONS) assert.equal(typeof family[fn], "function", `${name}.${fn}`);
    assert.ok(family.text.help.length > 20);
    for (const [what, question] of Object.entries(family.text.questions)) {
      assert.equal(typeof question.answer, "function", `${name}: ${what}`);
      assert.ok(Array.isArray(question.words), `${name}: ${what}`);
    }
    for (const decision of family.decisions) {
      assert.ok(decision.name && decision.label && decision.action && decision.words.length, `${name}: ${decision.name}`);
    }
    // No word means two things within a family.
    const words = [...family.decisions.flatMap((d) => d.words), ...Object.values(family.text.questions).flatMap((q) => q.words)];
    assert.equal(new Set(words).size, words.length, `${name}: ${words}`);
  });
}

test("an unknown family is named in the error", async () => {
  await assert.rejects(loadFamily("dominoes"), /"dominoes".*tables, mancala, race/);
  await assert.rejects(loadFamily("constructor"), /"constructor"/);
});

test("a family is loaded once, however many boards ask for it", async () => {
  assert.equal(loadFamily("tables"), loadFamily("tables"));
  assert.equal(await loadFamily("tables"), await loadFamily("tables"));
});
