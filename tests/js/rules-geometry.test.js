import { test } from "node:test";
import assert from "node:assert/strict";
import {
  UNIT, spacing, quarterTurns, layout, hitTest, stripItems, stacks, stripSeats, classify, targets, tapSite,
  initialSelection, optionLabels, parseRulesInput, resolveInput, actionWords, actionSites, capturedSites,
  jumpsOf, readSite, readPosition, throwWords, seatName, DEFAULT_SIDES, pendingSite, pendingRemovals, boardStacks, ownSites,
  actionLabel,
} from "../../static/js/board/rules-geometry.js";
import { seedOffsets, pieceShape } from "../../static/js/board/rules-board.js";
import { alquerque, alquerqueStart, oware, owareStart, bao, tafl, taflStart, pachisi } from "./rules-fixtures.mjs";

const at = (lay, name) => lay.byName.get(name);

test("a grid is laid out square by square, y upwards turned downwards, with its coordinates", () => {
  const info = tafl();
  const lay = layout(info.geometry, { viewer: 0 });
  assert.equal(lay.turns, 0);
  assert.equal(lay.sites.length, 121);
  // a1 bottom-left, k11 top-right; one unit between neighbours.
  assert.ok(at(lay, "a1").cy > at(lay, "a11").cy);
  assert.ok(at(lay, "a1").cx < at(lay, "k1").cx);
  assert.equal(at(lay, "b1").cx - at(lay, "a1").cx, UNIT);
  assert.equal(at(lay, "a1").cy - at(lay, "a2").cy, UNIT);
  assert.equal(at(lay, "f6").mark, "throne");
  assert.equal(at(lay, "k11").mark, "corner");
  // Everything inside the board's frame, the frame inside the view.
  for (const s of lay.sites) {
    assert.ok(s.cx - UNIT / 2 >= lay.board.x && s.cx + UNIT / 2 <= lay.board.x + lay.board.width, s.name);
    assert.ok(s.cy - UNIT / 2 >= lay.board.y && s.cy + UNIT / 2 <= lay.board.y + lay.board.height, s.name);
  }
  assert.ok(lay.board.x + lay.board.width <= lay.width && lay.board.y + lay.board.height <= lay.height);
  // Files under the board, ranks left of it.
  const a = lay.labels.find((l) => l.text === "a");
  const eleven = lay.labels.find((l) => l.text === "11");
  assert.equal(a.x, at(lay, "a1").cx);
  assert.ok(a.y > at(lay, "a1").cy);
  assert.equal(eleven.y, at(lay, "a11").cy);
  assert.ok(eleven.x < at(lay, "a11").cx);
  assert.equal(lay.labels.filter((l) => l.part === "file").length, 11);
  assert.equal(lay.labels.filter((l) => l.part === "rank").length, 11);
});

test("the second seat of a two-seat grid sees it turned half round", () => {
  const g = tafl().geometry;
  assert.equal(quarterTurns(g, 1, 2), 2);
  const lay = layout(g, { viewer: 1 });
  assert.ok(at(lay, "a1").cy < at(lay, "a11").cy, "a1 at the top");
  assert.ok(at(lay, "a1").cx > at(lay, "k1").cx, "and on the right: turned, not mirrored");
  const a = lay.labels.find((l) => l.text === "a");
  assert.equal(a.x, at(lay, "a1").cx);
  assert.ok(a.y > at(lay, "a11").cy, "file letters still under the board");
});

test("an alquerque board is points joined by its lines, the spacing read from the data", () => {
  const info = alquerque();
  const g = info.geometry;
  assert.equal(spacing(g), 1);
  const lay = layout(g, { viewer: 0 });
  assert.equal(lay.edges.length, g.edges.length);
  assert.equal(g.edges.length, 40 + 16);
  assert.equal(at(lay, "c3").shape, "point");
  // A line from a1 to b2 (a diagonal) runs between their centres.
  const i = g.edges.findIndex(([p, q]) => p === "a1" && q === "b2");
  assert.deepEqual(lay.edges[i], [at(lay, "a1").cx, at(lay, "a1").cy, at(lay, "b2").cx, at(lay, "b2").cy]);
  assert.equal(g.edges.findIndex(([p, q]) => p === "b1" && q === "c2"), -1, "no diagonal through b1");
  // Scaled: coordinates twice as far apart draw the same.
  const doubled = { ...g, sites: g.sites.map((s) => ({ ...s, x: s.x * 2, y: s.y * 2 })) };
  assert.equal(spacing(doubled), 2);
  assert.deepEqual(layout(doubled, {}).byName.get("e5").cx, lay.byName.get("e5").cx);
});

test("Oware: South's row at the bottom from South's left, stores at each side's right, turned for North", () => {
  const g = oware().geometry;
  const south = layout(g, { viewer: 0 });
  assert.equal(south.turns, 0);
  assert.ok(at(south, "1").cx < at(south, "6").cx);
  assert.ok(at(south, "1").cy > at(south, "7").cy, "South's holes below North's");
  assert.equal(at(south, "7").cx, at(south, "6").cx, "12 anticlockwise: 7 above 6");
  const store = at(south, "store-south");
  assert.ok(store.cx > at(south, "6").cx, "South's store at South's right");
  assert.ok(store.h > 1.5 * UNIT, "a store spans both rows");
  assert.ok(Math.abs(store.cy - (at(south, "1").cy + at(south, "7").cy) / 2) < 1);
  assert.equal(quarterTurns(g, 1, 2), 2);
  const north = layout(g, { viewer: 1 });
  assert.ok(at(north, "7").cy > at(north, "1").cy, "North's row at the bottom for North");
  assert.ok(at(north, "7").cx < at(north, "12").cx, "from North's left");
  assert.ok(at(north, "store-north").cx > at(north, "7").cx, "North's store at North's right");
  // No coordinate letters on a sowing board (the holes carry their numbers).
  assert.equal(south.labels.length, 0);
});

test("a 4 x 8 sowing board with 64 seeds keeps its counts legible on a phone and at 1366 x 768", () => {
  const g = bao().geometry;
  const lay = layout(g, { viewer: 0 });
  // The count is drawn at 26 px (board.css .rules .seed-count) in units of the viewBox; shown
  // 374 px wide (a 390 px phone less its margins) or at most 860 px wide beside the panel.
  const phone = 374 / lay.width;
  assert.ok(26 * phone >= 13, `count at ${(26 * phone).toFixed(1)} px on a phone`);
  const desktopHeight = 768 - 20 * 16; // the board's height limit on a game page (board.css)
  const scale = Math.min(860 / lay.width, desktopHeight / lay.height);
  assert.ok(26 * scale >= 14, `count at ${(26 * scale).toFixed(1)} px at 1366 x 768`);
  // All 64 seeds of a hole holding them are counted, a few drawn.
  assert.equal(seedOffsets(64, 20).length, 20);
  assert.equal(seedOffsets(3, 20).length, 3);
  const r = 20;
  for (const { dx, dy } of seedOffsets(19, r)) assert.ok(Math.hypot(dx, dy) <= r + 1e-9);
});

test("a four-seat cross is turned so each seat's own arm is at the bottom", () => {
  const info = pachisi();
  const g = info.geometry;
  assert.deepEqual([0, 1, 2, 3].map((v) => quarterTurns(g, v, 4)), [0, 1, 2, 3]);
  for (const viewer of [0, 1, 2, 3]) {
    const lay = layout(g, { viewer, players: 4, strips: [0, 1, 2, 3] });
    const own = lay.sites.filter((s) => s.owner === viewer);
    const home = at(lay, "home");
    assert.equal(own.length, 8);
    for (const s of own) {
      assert.ok(Math.abs(s.cx - home.cx) < 1, `seat ${viewer}: ${s.name} straight below the home`);
      assert.ok(s.cy > home.cy, `seat ${viewer}: ${s.name} below the home`);
    }
    // Each seat's strip in the empty corner at its right hand: the viewer's bottom right.
    const mine = lay.strips.find((s) => s.seat === viewer);
    assert.equal(mine.corner, "bottom-right");
    assert.ok(mine.x > home.cx && mine.y > home.cy);
    assert.ok(mine.y + mine.height <= lay.board.y + lay.board.height && mine.x + mine.width <= lay.board.x + lay.board.width);
    assert.equal(new Set(lay.strips.map((s) => s.corner)).size, 4);
    assert.equal(lay.height, lay.board.height, "no strips beside the board");
    for (const strip of lay.strips) {
      for (const s of lay.sites) {
        const clear = s.cx + UNIT / 2 <= strip.x || s.cx - UNIT / 2 >= strip.x + strip.width
          || s.cy + UNIT / 2 <= strip.y || s.cy - UNIT / 2 >= strip.y + strip.height;
        assert.ok(clear, `seat ${strip.seat}'s strip clear of ${s.name}`);
      }
    }
  }
  // A corner's strip is drawn larger, in three rows: the name; the hand and "off"; the throw.
  const cross = layout(g, { viewer: 0, players: 4, strips: [0, 1, 2, 3] });
  const corner = cross.strips.find((s) => s.seat === 0);
  assert.ok(corner.scale >= 2 && corner.rows === 3);
  const parts = stripItems(corner, { pawn: 4 }, { off: true, thrown: true });
  const byKind = Object.fromEntries(parts.map((p) => [p.kind, p]));
  assert.ok(byKind.name.y < byKind.pawn.y && byKind.pawn.y === byKind.off.y && byKind.off.y < byKind.throw.y);
  for (const p of parts) {
    assert.ok(p.x >= corner.x && p.x + p.width <= corner.x + corner.width + 1e-9, p.kind);
    assert.ok(p.y >= corner.y && p.y + p.height <= corner.y + corner.height + 1e-9, p.kind);
  }
  // A board without empty corners: the viewer's strip under it, the others' above.
  const rows = layout(alquerque().geometry, { viewer: 1, strips: [0, 1] });
  assert.ok(rows.strips.find((s) => s.seat === 1).y >= rows.board.y + rows.board.height);
  assert.ok(rows.strips.find((s) => s.seat === 0).y + rows.strips[0].height <= rows.board.y);
  assert.deepEqual(stripSeats(g, {}, 4), [0, 1, 2, 3]);
  assert.deepEqual(stripSeats(tafl().geometry, taflStart(), 2), []);
  assert.deepEqual(stripSeats(alquerque().geometry, { hands: [{ man: 1 }, {}] }, 2), [0, 1]);
  assert.deepEqual(["circle", "square", "diamond", "hexagon"], [0, 1, 2, 3].map((s) => pieceShape(s, 4)));
  assert.equal(pieceShape(1, 2), "circle");
});

test("a tap lands on the nearest site, a strip's chip, or nothing", () => {
  const lay = layout(alquerque().geometry, { viewer: 0, strips: [0, 1] });
  const c3 = at(lay, "c3");
  assert.deepEqual(hitTest(lay, c3.cx + 20, c3.cy - 20), { site: "c3" });
  assert.equal(hitTest(lay, lay.board.x + 2, lay.board.y + 2), null);
  const strip = lay.strips.find((s) => s.seat === 0);
  const items = stripItems(strip, { man: 3, king: 1 }, { order: ["man", "king"], off: true });
  assert.deepEqual(items.map((c) => c.kind), ["name", "man", "king", "off"]);
  // Name, hand and off side by side, none over another, all inside the strip.
  const row = items.slice().sort((p, q) => p.x - q.x);
  row.slice(1).forEach((c, i) => assert.ok(row[i].x + row[i].width <= c.x, `${row[i].kind} before ${c.kind}`));
  assert.ok(row[row.length - 1].x + row[row.length - 1].width <= strip.x + strip.width);
  const chips = items.filter((c) => !c.passive);
  assert.deepEqual(chips.map((c) => c.kind), ["man", "king", "off"]);
  assert.equal(chips[0].count, 3);
  assert.deepEqual(hitTest(lay, chips[1].x + 3, chips[1].y + 3, chips), { strip: 0, kind: "king" });
  assert.deepEqual(hitTest(lay, chips[2].x + 3, chips[2].y + 3, chips), { strip: 0, kind: "off" });
  // Beside a track: the throw in the name's row, the hand and "off" under them.
  const track = { seat: 0, x: 0, y: 0, width: 8 * UNIT, height: 2 * 0.95 * UNIT, rows: 2 };
  const two = Object.fromEntries(stripItems(track, { pawn: 2 }, { off: true, thrown: true }).map((p) => [p.kind, p]));
  assert.ok(two.name.y === two.throw.y && two.throw.x >= two.name.x + two.name.width);
  assert.ok(two.pawn.y > two.name.y && two.pawn.y === two.off.y);
  // The store of a sowing board is hit anywhere along it.
  const ow = layout(oware().geometry, {});
  const store = at(ow, "store-south");
  assert.deepEqual(hitTest(ow, store.cx, store.cy - store.h / 2 + 4), { site: "store-south" });
});

test("the state's board: one stack per site, or several where seats share a site", () => {
  const on = stacks({ a1: [0, "man", 1], "3": [null, "seed", 4], e5: [[0, "pawn", 2], [1, "pawn", 1]], z9: [1, "man", 0] });
  assert.deepEqual(on.get("a1"), [{ owner: 0, kind: "man", count: 1 }]);
  assert.deepEqual(on.get("3"), [{ owner: null, kind: "seed", count: 4 }]);
  assert.equal(on.get("e5").length, 2);
  assert.equal(on.has("z9"), false, "an empty stack is no stack");
});

test("only the sites a legal action reaches from the selected piece are lit; a multi-jump one hop at a time", () => {
  const legal = [{ from: "c3", to: "c5" }, { from: "c3", to: "e5" }, { from: "b2", to: "c2" }, { pass: true }];
  const c = classify(legal);
  assert.deepEqual([...c.moves.keys()], ["c3", "b2"]);
  assert.deepEqual([...targets(c, { site: "c3" }).keys()], ["c5", "e5"]);
  assert.deepEqual([...targets(c, { site: "b2" }).keys()], ["c2"]);
  assert.deepEqual([...targets(c, { site: "a1" }).keys()], []);
  assert.deepEqual([...targets(c, null).keys()], []);
  // Tapping: a source selects it, a lit target plays, anything else nothing.
  assert.deepEqual(tapSite(c, null, "c3"), { select: { site: "c3" } });
  assert.deepEqual(tapSite(c, { site: "c3" }, "e5"), { play: { from: "c3", to: "e5" } });
  assert.deepEqual(tapSite(c, { site: "c3" }, "b2"), { select: { site: "b2" } });
  assert.equal(tapSite(c, { site: "c3" }, "d4"), null);
  // A jump going on: the piece that must move is selected from the start, its next hop only lit.
  const hop = classify([{ from: "e5", to: "c5" }]);
  assert.deepEqual(initialSelection(hop, { pending: "e5" }, 0), { site: "e5" });
  assert.deepEqual([...targets(hop, { site: "e5" }).keys()], ["c5"]);
  assert.equal(initialSelection(c, { pending: null }, 0), null);
});

test("placing from the hand, removing, sowing and promoting by taps", () => {
  const place = classify([{ to: "a1" }, { to: "d1" }, { to: "g1" }]);
  const hand = initialSelection(place, {}, 1);
  assert.deepEqual(hand, { hand: 1, kind: null }, "placing is all there is: the hand is taken up");
  assert.deepEqual([...targets(place, hand).keys()], ["a1", "d1", "g1"]);
  assert.deepEqual(tapSite(place, null, "d1"), { play: { to: "d1" } });
  const kinds = classify([{ to: "c3", piece: "man" }, { to: "c3", piece: "king" }, { to: "d4", piece: "man" }]);
  assert.equal(initialSelection(kinds, {}, 0), null, "two kinds: the player picks one in the hand");
  assert.deepEqual([...targets(kinds, { hand: 0, kind: "king" }).keys()], ["c3"]);
  assert.deepEqual(tapSite(kinds, { hand: 0, kind: "man" }, "c3"), { play: { to: "c3", piece: "man" } });
  assert.equal(tapSite(kinds, null, "c3").choose.length, 2);
  const remove = classify([{ remove: "d4" }, { remove: "e4" }]);
  assert.deepEqual(tapSite(remove, null, "d4"), { play: { remove: "d4" } });
  const sow = classify([{ sow: "3", direction: "cw" }, { sow: "3", direction: "ccw" }, { sow: "4" }]);
  assert.deepEqual(tapSite(sow, null, "4"), { play: { sow: "4" } });
  assert.equal(tapSite(sow, null, "3").choose.length, 2);
  assert.deepEqual(optionLabels(tapSite(sow, null, "3").choose), ["clockwise", "anticlockwise"]);
  const pieces = { fers: { name: "fers", glyph: "F" }, rook: { name: "rukh", glyph: "R" } };
  const promo = classify([{ from: "a7", to: "a8", promote: "fers" }, { from: "a7", to: "a8", promote: "rook" }]);
  const choice = tapSite(promo, { site: "a7" }, "a8");
  assert.deepEqual(optionLabels(choice.choose, pieces), ["F fers", "R rukh"]);
  // A race game's entry from the hand and bearing off.
  const race = classify([{ from: "hand", to: "1" }, { from: "40", to: "off" }]);
  assert.deepEqual(race.placements, [{ from: "hand", to: "1" }]);
  assert.deepEqual([...targets(race, { site: "40" }).keys()], ["off"]);
  assert.deepEqual(optionLabels([{ from: "hand", to: "1", piece: 0 }, { from: "hand", to: "1", piece: 2 }]), ["track square 0", "track square 2"]);
});

test("typed moves in every form the text mode takes", () => {
  const sites = tafl().geometry.sites.map((s) => s.name);
  const kinds = ["man", "king", "fers"];
  const read = (t) => parseRulesInput(t, { sites, kinds });
  assert.deepEqual(read("a1 b2"), { type: "move", path: ["a1", "b2"] });
  assert.deepEqual(read("A1-B2"), { type: "move", path: ["a1", "b2"] });
  assert.deepEqual(read("a1xb2"), { type: "move", path: ["a1", "b2"] });
  assert.deepEqual(read("a1 x b2"), { type: "move", path: ["a1", "b2"] });
  assert.deepEqual(read("a1 to b2"), { type: "move", path: ["a1", "b2"] });
  assert.deepEqual(read("c3-e5-c7"), { type: "move", path: ["c3", "e5", "c7"] });
  assert.deepEqual(read("a7-a8=fers"), { type: "move", path: ["a7", "a8"], promote: "fers" });
  assert.deepEqual(read("a7 a8 fers"), { type: "move", path: ["a7", "a8"], promote: "fers" });
  assert.deepEqual(read("place c3"), { type: "place", to: "c3" });
  assert.deepEqual(read("place king c3"), { type: "place", to: "c3", kind: "king" });
  assert.deepEqual(read("king c3"), { type: "place", to: "c3", kind: "king" });
  assert.deepEqual(read("c3"), { type: "site", site: "c3" });
  assert.deepEqual(read("x d4"), { type: "remove", site: "d4" });
  assert.deepEqual(read("xd4"), { type: "remove", site: "d4" });
  assert.deepEqual(read("remove d4"), { type: "remove", site: "d4" });
  assert.deepEqual(read("c3 off"), { type: "off", from: "c3" });
  assert.deepEqual(read("in c3"), { type: "place", to: "c3", hand: true });
  assert.deepEqual(read("pass"), { type: "pass" });
  assert.equal(read("z9"), null, "no such site");
  assert.equal(read("a1 z9"), null);
  assert.equal(read("place queen c3"), null, "no such kind");
  const holes = oware().geometry.sites.map((s) => s.name);
  const sow = (t) => parseRulesInput(t, { sites: holes });
  assert.deepEqual(sow("sow 3"), { type: "sow", site: "3" });
  assert.deepEqual(sow("3"), { type: "site", site: "3" });
  assert.deepEqual(sow("3 cw"), { type: "sow", site: "3", direction: "cw" });
  assert.deepEqual(sow("sow 12 anticlockwise"), { type: "sow", site: "12", direction: "ccw" });
  assert.equal(sow("13"), null);
});

test("a typed move is matched against the legal actions, or refused in words", () => {
  const legal = [{ from: "c3", to: "c5" }, { from: "c3", to: "e5" }, { from: "b2", to: "c2" }, { to: "d4" }, { pass: true }];
  const read = (t) => resolveInput(parseRulesInput(t, { sites: ["b2", "c2", "c3", "c5", "d4", "e5", "a1", "c7"] }), legal);
  assert.deepEqual(read("c3 e5"), { found: { from: "c3", to: "e5" } });
  assert.deepEqual(read("b2"), { found: { from: "b2", to: "c2" } }, "a lone piece with one move");
  assert.match(read("c3").error, /2 moves: say which \(c3 c5, c3 e5\)/);
  assert.deepEqual(read("d4"), { found: { to: "d4" } }, "a lone empty site: the placement there");
  assert.deepEqual(read("place d4"), { found: { to: "d4" } });
  assert.match(read("c3 a1").error, /cannot go to a1; it can go to c5, e5/);
  assert.match(read("a1").error, /Nothing can be played on or from a1/);
  assert.deepEqual(read("c3-e5-c7"), { paths: [[{ from: "c3", to: "e5" }, { from: "e5", to: "c7" }]] });
  assert.match(read("a1-c3-e5").error, /No piece on a1/);
  assert.deepEqual(read("pass"), { found: { pass: true } });
  const sows = [{ sow: "3", direction: "cw" }, { sow: "3", direction: "ccw" }];
  const sow = (t) => resolveInput(parseRulesInput(t, { sites: ["3", "4"] }), sows);
  assert.match(sow("3").error, /say which/);
  assert.deepEqual(sow("3 ccw"), { found: { sow: "3", direction: "ccw" } });
  assert.match(sow("sow 4").error, /Hole 4 cannot be sown/);
  const removals = [{ remove: "d4" }];
  assert.deepEqual(resolveInput(parseRulesInput("x d4", { sites: ["d4"] }), removals), { found: { remove: "d4" } });
  assert.deepEqual(resolveInput(parseRulesInput("d4", { sites: ["d4"] }), removals), { found: { remove: "d4" } });
  const promo = [{ from: "a7", to: "a8", promote: "fers" }, { from: "a7", to: "a8", promote: "rook" }];
  const pieces = { fers: { name: "fers" }, rook: { name: "rukh" } };
  const p = (t) => resolveInput(parseRulesInput(t, { sites: ["a7", "a8"], kinds: ["fers", "rook"] }), promo, { pieces });
  assert.match(p("a7 a8").error, /several ways: say which \(a7 a8 fers; a7 a8 rukh\)/);
  assert.deepEqual(p("a7-a8=rook"), { found: { from: "a7", to: "a8", promote: "rook" } });
  const race = [{ from: "hand", to: "1" }, { from: "40", to: "off" }];
  const r = (t) => resolveInput(parseRulesInput(t, { sites: ["1", "40"] }), race);
  assert.deepEqual(r("in 1"), { found: { from: "hand", to: "1" } });
  assert.deepEqual(r("40 off"), { found: { from: "40", to: "off" } });
  assert.deepEqual(r("40"), { found: { from: "40", to: "off" } });
});

test("moves and captures in words", () => {
  const pieces = alquerque().pieces;
  const before = alquerqueStart();
  before.board.c3 = [1, "man", 1];
  delete before.board.d4;
  const after = JSON.parse(JSON.stringify(before));
  delete after.board.b2;
  delete after.board.c3;
  after.board.d4 = [0, "man", 1];
  const jump = { from: "b2", to: "d4" };
  assert.deepEqual(capturedSites(before, after, jump), ["c3"]);
  assert.equal(actionWords(jump, { pieces, before, after, person: "you" }), "move the man from b2 to d4, taking c3");
  assert.equal(actionWords(jump), "moves the piece from b2 to d4");
  assert.equal(actionWords({ to: "c3", piece: "man" }, { pieces }), "places a man on c3");
  assert.equal(actionWords({ from: "hand", to: "1" }), "enters a piece on 1");
  assert.equal(actionWords({ from: "40", to: "off" }), "bears off the piece from 40");
  assert.equal(actionWords({ remove: "d4" }, { pieces, before: after, names: ["White", "Black"] }), "removes White's man on d4");
  assert.equal(actionWords({ sow: "3", direction: "ccw" }, { person: "you" }), "sow from hole 3 anticlockwise");
  assert.equal(actionWords({ from: "a7", to: "a8", promote: "fers" }, { pieces: { fers: { name: "fers" } } }), "moves the piece from a7 to a8, promoting to fers");
  assert.equal(actionWords({ pass: true }), "passes");
  assert.deepEqual(actionSites({ from: "hand", to: "1" }), ["1"]);
  assert.deepEqual(actionSites({ sow: 3 }), ["3"]);
  // A sowing's captures: holes emptied that were not sown from.
  const sown = owareStart();
  const next = owareStart();
  next.board["3"] = [null, "seed", 0];
  for (const h of ["4", "5", "6", "7"]) next.board[h] = [null, "seed", 5];
  delete next.board["7"];
  assert.deepEqual(capturedSites(sown, next, { sow: "3" }), ["7"]);
});

test("the position and a site in words, the viewer's own first", () => {
  const info = tafl();
  const state = taflStart();
  assert.equal(readSite(info, state, "F6", { viewer: 1, names: ["Computer", "You"] }), "f6 (throne): your king.");
  assert.equal(readSite(info, state, "a1", {}), "a1 (corner): empty.");
  assert.equal(readSite(info, state, "d1", { names: ["You", "Computer"] }), "d1: your attacker.");
  assert.equal(readSite(info, state, "z1", {}), "There is no site z1.");
  const words = readPosition(info, state, { viewer: 1, names: ["Computer", "You"] });
  assert.match(words, /^You: 12 defenders on f4, e5, f5, g5, d6, e6, g6, h6, e7, f7, g7, f8; a king on f6\. Computer: 24 attackers on d1, e1, f1, g1, h1, f2, a4, k4, a5, k5, a6, b6, j6, k6, a7, k7, a8, k8, f10, d11, e11, f11, g11, h11\./);
  const ow = oware();
  const s = owareStart();
  s.board["3"] = [null, "seed", 0];
  delete s.board["3"];
  s.scores = [3, 5];
  assert.equal(readPosition(ow, s, { viewer: 0, names: ["You", "Computer"] }),
    "Your holes 1 to 6: 4, 4, 0, 4, 4, 4. Computer's holes 7 to 12: 4, 4, 4, 4, 4, 4. Stores: You 3, Computer 5.");
  assert.equal(readSite(ow, s, "store-north", { names: ["You", "Computer"] }), "Computer's store: 5 seeds.");
  assert.equal(readSite(ow, owareStart(), "7", { names: ["You", "Computer"] }), "Hole 7 (Computer's): 4 seeds.");
  // Holes held by whose counters lie there (Quendo, Mwendo): said after the rows.
  const held = owareStart();
  for (const h of ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]) delete held.board[h];
  held.board["2"] = [0, "seed", 3];
  held.board["9"] = [0, "seed", 1];
  held.board["11"] = [1, "seed", 4];
  held.scores = [0, 0];
  assert.match(readPosition(ow, held, { viewer: 0, names: ["You", "Computer"] }),
    /Your counters hold holes 2, 9\. Computer's counters hold holes 11\./);
  const pa = pachisi();
  const race = { board: { "5": [[0, "pawn", 2], [1, "pawn", 1]] }, hands: [{ pawn: 2 }, { pawn: 3 }, { pawn: 4 }, { pawn: 4 }], scores: [0, 0, 0, 0] };
  const said = readPosition(pa, race, { viewer: 0, names: ["You", "Computer"] });
  assert.match(said, /^You: 2 pawns on 5\. Computer: a pawn on 5\. Yellow: no pieces on the board\./);
  assert.match(said, /In hand: You 2 pawns, Computer 3 pawns, Yellow 4 pawns, Black 4 pawns\./);
  assert.equal(throwWords({ faces: [1, 0, 1], value: 2, left: [2] }), "2 (1 0 1); to play 2");
  assert.equal(throwWords(null), "none yet");
  assert.equal(seatName(DEFAULT_SIDES, ["South", "North"], 1), "North", "the family's stand-in names give way to the sides");
  assert.equal(seatName(["You", "Computer"], ["Red", "Green", "Yellow", "Black"], 3), "Black");
});

test("the mechanics' own fields: a pending object, removals due, shared squares split by seat", () => {
  assert.equal(pendingSite({ pending: "c3" }), "c3");
  assert.equal(pendingSite({ pending: { site: "e5", remove: 0 } }), "e5");
  assert.equal(pendingSite({ pending: { site: null, remove: 2 } }), null);
  assert.equal(pendingRemovals({ pending: { site: null, remove: 2 } }), 2);
  assert.equal(pendingRemovals({ pending: null }), 0);
  const hop = classify([{ from: "e5", to: "c5" }]);
  assert.deepEqual(initialSelection(hop, { pending: { site: "e5", remove: 0 } }, 0), { site: "e5" });
  // A race game's square shared by two seats is [null, kind, total]; `positions` on the seats'
  // tracks say whose.
  const geometry = { tracks: [["a1", "b1", "c1"], ["c1", "b1", "a1"]] };
  const state = { board: { b1: [null, "piece", 3], a1: [0, "piece", 1] }, positions: [[1, 2, 2], [2]] };
  const on = boardStacks(state, geometry);
  assert.deepEqual(on.get("b1"), [{ owner: 0, kind: "piece", count: 2 }, { owner: 1, kind: "piece", count: 1 }]);
  assert.deepEqual(on.get("a1"), [{ owner: 0, kind: "piece", count: 1 }]);
  assert.deepEqual(boardStacks({ board: state.board }, geometry).get("b1"), [{ owner: null, kind: "piece", count: 3 }]);
  assert.equal(actionLabel({ leave_empty: ["2", "4"] }), "leave 2, 4 empty");
  assert.equal(actionLabel({ sow: "3", direction: "cw" }), "sow 3 clockwise");
  assert.equal(actionLabel({ from: "hand", to: "d1" }), "enter d1");
  assert.equal(actionLabel({ first: 1 }), "first 1");
  assert.equal(actionLabel({ pass: true, rotate: true }), "turn the board round"); // sow.distribute_rotate
  assert.equal(actionLabel({ pass: true }), "pass");
});

test("a cross whose sites name no owner is turned and its strips placed by each seat's track", () => {
  const info = pachisi();
  const g = info.geometry;
  // Each seat's track starts up its own home column, from the middle outwards.
  const column = (seat) => g.sites.filter((s) => s.owner === seat).map((s) => s.name).reverse();
  const tracks = [0, 1, 2, 3].map(column);
  const bare = { ...g, tracks, sites: g.sites.map((s) => ({ ...s, owner: null })) };
  delete bare.sites[0].owner;
  assert.deepEqual(ownSites(bare, 1).map((s) => s.name), tracks[1].slice(0, 4));
  assert.deepEqual([0, 1, 2, 3].map((v) => quarterTurns(bare, v, 4)), [0, 1, 2, 3]);
  const lay = layout(bare, { viewer: 2, players: 4, strips: [0, 1, 2, 3] });
  assert.equal(lay.strips.find((s) => s.seat === 2).corner, "bottom-right");
  assert.equal(new Set(lay.strips.map((s) => s.corner)).size, 4);
  // Two seats on one shared track (Senet-like): nobody's board is turned.
  const shared = { style: "track", sites: [...Array(10).keys()].map((x) => ({ name: `${x}`, x, y: 0 })), tracks: [["0", "1", "2", "3"], ["0", "1", "2", "3"]] };
  assert.equal(quarterTurns(shared, 0, 2), 0);
  assert.equal(quarterTurns(shared, 1, 2), 0);
});

test("a long track board whose seats start at one end (Ur) is turned by rows, not ends", () => {
  const sites = [];
  for (let y = 0; y < 3; y++) for (let x = 0; x < 8; x++) if (y === 1 || x < 4 || x > 5) sites.push({ name: `${"abcdefgh"[x]}${y + 1}`, x, y, shape: "square" });
  const g = { style: "track", sites, tracks: [["d1", "c1", "b1", "a1", "a2"], ["d3", "c3", "b3", "a3", "a2"]] };
  assert.equal(quarterTurns(g, 0, 2), 0);
  assert.equal(quarterTurns(g, 1, 2), 2);
  const lay = layout(g, { viewer: 1, strips: [0, 1] });
  assert.ok(lay.byName.get("d3").cy > lay.byName.get("d1").cy, "Black's row at the bottom for Black");
});

test("snakes, ladders and goals are read from the geometry and said on their squares", () => {
  const geometry = {
    style: "track",
    sites: ["a1", "b1", "c1", "d1", "e1"].map((name, i) => ({ name, x: i, y: 0, shape: "square", owner: null, mark: null })),
    edges: [],
    tracks: [["a1", "b1", "c1", "d1", "e1"], ["a1", "b1", "c1", "d1", "e1"]],
    jumps: [{ from: "b1", to: "d1" }, { from: "e1", to: "a1" }, { from: "c1", to: "off", seats: [1] }, { from: 7, to: "a1" }],
  };
  assert.deepEqual(jumpsOf(geometry), [
    { from: "b1", to: "d1", kind: "ladder", seats: null },
    { from: "e1", to: "a1", kind: "snake", seats: null },
    { from: "c1", to: "off", kind: "goal", seats: [1] },
  ]);
  assert.deepEqual(jumpsOf({ sites: [] }), []);
  const info = { sides: ["Red", "Green"], geometry, pieces: {} };
  const state = { board: {}, to_move: 0 };
  assert.equal(readSite(info, state, "b1", {}), "b1 (ladder: a piece landing here goes up to d1): empty.");
  assert.equal(readSite(info, state, "e1", {}), "e1 (snake: a piece landing here goes down to a1): empty.");
  assert.equal(readSite(info, state, "c1", {}), "c1 (goal: a piece landing here goes off the board (Green)): empty.");
});

test("a file's seat colours become the board's CSS variables, each with an ink that reads on it", async () => {
  const { seatPalette } = await import("../../static/js/board/rules-board.js");
  const p = seatPalette(["#d55e00", "#F0E442"]);
  assert.equal(p["--seat-0"], "#d55e00");
  assert.equal(p["--seat-0-ink"], "#fff"); // vermillion is dark enough for white
  assert.equal(p["--seat-1"], "#f0e442");
  assert.equal(p["--seat-1-ink"], "#1f1f1f"); // yellow needs dark ink
  assert.equal(p["--seat-0-tile"], "#f5d5ba"); // a quarter of the colour over the board's paper
  assert.deepEqual(seatPalette(undefined), {});
  assert.deepEqual(seatPalette(["red"]), {}); // not #rrggbb: the board keeps its own colours
});

test("a long glyph is fitted to its piece, a short one keeps the stylesheet's size", async () => {
  const { glyphFit } = await import("../../static/js/board/rules-board.js");
  assert.deepEqual(glyphFit("K"), {});
  assert.deepEqual(glyphFit("P2"), {});
  const fit = glyphFit("▲120");
  assert.equal(fit.style, "font-size: 19px");
  assert.equal(fit.lengthAdjust, "spacingAndGlyphs");
  assert.ok(Number(fit.textLength) > 0);
});
