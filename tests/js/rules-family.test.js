import { test } from "node:test";
import assert from "node:assert/strict";
import { rules, todo, lastMoveSites, boardInfo } from "../../static/js/board/family-rules.js";
import { seatLabels, DEFAULT_SIDES } from "../../static/js/board/rules-geometry.js";
import { loadFamily } from "../../static/js/board/families.js";
import { parseCommand } from "../../static/js/board/notation.js";
import { groupTurns, entryLine, statusLine } from "../../static/js/board/words.js";
import { alquerque, alquerqueStart, oware, owareStart, tafl, taflStart, pachisi } from "./rules-fixtures.mjs";

const names = ["You", "Computer"];

test("the rules family is registered under the engine's family name", async () => {
  assert.equal(await loadFamily("rules"), rules);
  assert.equal(rules.name, "rules");
});

test("typed moves reach the legal actions through the host's command reader", () => {
  const info = alquerque();
  const context = { match: { to_move: 0, board: info } };
  const legal = [{ from: "c2", to: "c3" }, { from: "b3", to: "c3" }, { from: "b3", to: "d3" }, { pass: true }, { undo: true }];
  const run = (text) => parseCommand(text, { family: rules, legalActions: legal, context });
  assert.deepEqual(run("c2 c3"), { kind: "action", action: { from: "c2", to: "c3" } });
  assert.deepEqual(run("C2-C3"), { kind: "action", action: { from: "c2", to: "c3" } });
  assert.deepEqual(run("c2"), { kind: "action", action: { from: "c2", to: "c3" } });
  assert.match(run("b3").message, /2 moves: say which \(b3 c3, b3 d3\)/);
  assert.deepEqual(run("pass"), { kind: "action", action: { pass: true } });
  assert.deepEqual(run("undo"), { kind: "action", action: { undo: true } });
  assert.deepEqual(run("b3xd3-d5"), { kind: "path", paths: [[{ from: "b3", to: "d3" }, { from: "d3", to: "d5" }]] });
  assert.deepEqual(run("read c3"), { kind: "read", what: "site", arg: "c3" });
  assert.deepEqual(run("board"), { kind: "read", what: "board" });
  assert.deepEqual(run("hands"), { kind: "read", what: "hands" });
  assert.equal(run("z9 a1").kind, "error");
  const sowing = parseCommand("sow 3", { family: rules, legalActions: [{ sow: "3" }], context: { config: { board: oware() } } });
  assert.deepEqual(sowing, { kind: "action", action: { sow: "3" } });
  const morris = parseCommand("x d4", { family: rules, legalActions: [{ remove: "d4" }], context: { match: { board: tafl() } } });
  assert.deepEqual(morris, { kind: "action", action: { remove: "d4" } });
});

test("the questions answer from the state and the board info", () => {
  const info = oware();
  const state = { ...owareStart(), scores: [2, 7] };
  const ctx = { state, viewer: 0, names, match: { board: info } };
  assert.match(rules.text.questions.board.answer(ctx), /^Your holes 1 to 6: 4, 4, 4, 4, 4, 4\. Computer's holes 7 to 12/);
  assert.equal(rules.text.questions.score.answer(ctx), "Score: You 2, Computer 7.");
  assert.equal(rules.text.questions.site.answer({ ...ctx, arg: "9" }), "Hole 9 (Computer's): 4 seeds.");
  assert.equal(rules.text.questions.throw.answer(ctx), "Throw: none yet.");
  const hands = { ...alquerqueStart(), hands: [{ man: 3 }, { man: 2, king: 1 }] };
  assert.equal(rules.text.questions.hands.answer({ state: hands, names: ["White", "Black"], config: { board: alquerque() } }),
    "In hand: White 3 men, Black 2 men + 1 king.");
});

test("turns, lines and the last move: a multi-jump is one turn, its hops all highlighted", () => {
  const log = [
    { side: 0, by: "human", action: { from: "c2", to: "c3" }, notation: "c2-c3" },
    { side: 1, by: "computer", action: { from: "c4", to: "c2" }, notation: "c4xc2" },
    { side: 1, by: "computer", action: { from: "c2", to: "e2" }, notation: "c2xe2" },
  ];
  assert.equal(groupTurns(log, rules.startsTurn).length, 2);
  assert.deepEqual(lastMoveSites(log), ["c4", "c2", "e2"]);
  assert.deepEqual(rules.highlight(log.slice(0, 1)), ["c2", "c3"]);
  assert.deepEqual(rules.highlight([]), []);
  assert.equal(entryLine(log[0], names, null, rules), "You move the piece from c2 to c3.");
  assert.equal(entryLine(log[1], names, null, rules), "Computer moves the piece from c4 to c2 (c4xc2).");
  assert.equal(entryLine({ side: 1, by: "computer", action: { pass: true }, notation: "pass" }, names, null, rules), "Computer passes.");
  assert.equal(entryLine({ side: 0, by: "human", action: { sow: "3" }, notation: "3" }, names, null, rules), "You sow from hole 3.");
  assert.equal(entryLine({ side: 0, by: "human", action: { to: "d4" }, notation: "d4" }, names, null, rules), "You place a piece on d4.");
  assert.equal(entryLine({ side: 1, by: "computer", action: { remove: "d4" }, notation: "xd4" }, names, null, rules), "Computer removes the piece on d4.");
  assert.equal(entryLine({ side: 1, by: "computer", action: { to: "d1" }, notation: "@d1" }, names, null, rules), "Computer places a piece on d1.");
  assert.equal(entryLine({ side: 0, by: "human", action: { from: "hand", to: "d1" }, notation: "hand→d1" }, names, null, rules), "You enter a piece on d1.");
  assert.equal(entryLine({ side: 0, by: "human", action: { from: "h1", to: "g1" }, notation: "h1→g1+" }, names, null, rules), "You move the piece from h1 to g1 (h1→g1+).");
  const thrown = { side: null, by: "chance", action: { throw: [1, 0, 1] }, notation: "throw 1 0 1" };
  assert.equal(entryLine(thrown, names, { to_move: 0, throw: { value: 2 } }, rules, { to_move: 1 }), "Computer throws 1 0 1 = 2.");
  assert.equal(rules.startsTurn(thrown, { side: 0 }), true);
  // Chance entries and passes are not moves: the last move is found behind them.
  assert.deepEqual(lastMoveSites([...log, thrown, { side: 0, by: "human", action: { pass: true }, notation: "pass" }]), ["c4", "c2", "e2"]);
});

test("the status line says what is to do, from the legal actions", () => {
  const state = alquerqueStart();
  const match = { to_move: 0, outcome: null, legal_actions: [{ from: "c2", to: "c3" }] };
  assert.equal(statusLine({ family: rules, state, match, names, mine: true }), "Your turn. Move a piece.");
  assert.equal(statusLine({ family: rules, state, match, names, mine: false }), "You to play.");
  assert.equal(todo({ pending: "e5" }, [{ from: "e5", to: "c5" }]), "Go on with the piece on e5.");
  assert.equal(todo({}, [{ to: "a1" }, { from: "b1", to: "b2" }]), "Place a piece or move a piece.");
  assert.equal(todo({}, [{ remove: "a1" }]), "Remove a piece.");
  // the huff (Alquerque after Covarrubias): the pieces that failed to capture are named
  assert.equal(todo({ huff: ["c3"] }, [{ remove: "c3" }, { from: "b2", to: "b3" }]),
    "Huff the piece on c3 (it could have captured and did not) or move a piece.");
  assert.equal(todo({ pending: { site: null, remove: 2 } }, [{ remove: "a1" }]), "Remove 2 pieces.");
  assert.equal(todo({}, [{ from: "hand", to: "d1" }, { from: "c1", to: "b1" }]), "Enter a piece or move a piece.");
  assert.equal(todo({ pending: { site: "e5", remove: 0 } }, [{ from: "e5", to: "c5" }]), "Go on with the piece on e5.");
  assert.equal(todo({ phase: "leave_empty" }, [{ leave_empty: ["2"] }, { leave_empty: ["4"] }]), "Choose: leave 2 empty, leave 4 empty.");
  assert.equal(todo({}, [{ sow: "1" }, { pass: true }]), "Sow from a hole, or pass.");
  assert.equal(todo({}, [{ pass: true }]), "No move: pass.");
  const racing = { ...state, throw: { faces: [1, 1, 0], value: 2 } };
  assert.equal(statusLine({ family: rules, state: racing, match, names, mine: true }), "Your turn: threw 2. Move a piece.");
  // Four seats in two teams: the seat that moves is named, not only its side.
  const info = pachisi();
  const teamState = { board: {}, to_move: 3, throw: { faces: [1, 1, 0], value: 2 } };
  const teamMatch = { to_move: 1, outcome: null, legal_actions: [{ from: "hand", to: "5" }], board: info };
  assert.equal(statusLine({ family: rules, state: teamState, match: teamMatch, names: info.sides, mine: false, hotseat: true }), "Black to move: threw 2.");
  assert.equal(statusLine({ family: rules, state: teamState, match: teamMatch, names: ["Computer", "You"], mine: true }), "Your turn (Black): threw 2. Enter a piece.");
  assert.equal(statusLine({ family: rules, state: teamState, match: teamMatch, names: ["You", "Computer"], mine: false }), "Black (Computer) to play: threw 2.");
  const over = { to_move: null, outcome: { winner: 1, how: "no-moves" } };
  assert.equal(statusLine({ family: rules, state, match: over, names, mine: false }), "Game over. Computer wins (no moves).");
  assert.equal(rules.outcome({ winner: null, how: "repetition" }, names), "A draw (repetition).");
  assert.equal(rules.outcome({ winner: 0, score: [25, 23] }, names), "You win, 25–23.");
});

test("the facts panel: phase, throw, scores and hands for every seat", () => {
  const info = pachisi();
  const state = {
    phase: "enter", board: {}, hands: [{ pawn: 4 }, { pawn: 3 }, { pawn: 4 }, { pawn: 4 }], scores: [0, 1, 0, 0],
    throw: { faces: [1, 0, 1, 1, 0, 0, 1], value: 4 }, pending: null,
  };
  const facts = Object.fromEntries(rules.facts(state, ["You", "Computer"], { match: { board: info } }));
  assert.equal(facts.Phase, "enter");
  assert.equal(facts.Throw, "4 (1 0 1 1 0 0 1)");
  // Four seats in two teams: the host's two sides are the teams, each seat named with its side.
  assert.equal(facts.Score, "Red (You) 0 · Green (Computer) 1 · Yellow (You) 0 · Black (Computer) 0");
  assert.equal(facts["In hand"], "Red (You) 4 pawns · Green (Computer) 3 pawns · Yellow (You) 4 pawns · Black (Computer) 4 pawns");
  assert.equal(facts.Teams, "You: Red & Yellow · Computer: Green & Black");
  const seated = Object.fromEntries(rules.facts(state, info.sides, { match: { board: info } }));
  assert.equal(seated.Score, "Red 0 · Green 1 · Yellow 0 · Black 0", "on one device: the seats' own names");
  assert.equal(seated.Teams, "Red & Yellow v Green & Black");
  const plain = Object.fromEntries(rules.facts(taflStart(), ["Attackers", "Defenders"], { config: { board: tafl() } }));
  assert.deepEqual(Object.keys(plain), ["Score"]);
  assert.equal(boardInfo({ match: { board: null }, config: { board: tafl() } }).sides[0], "Attackers");
});

test("others' moves are played back: the piece lifted, then the position after with its captures", async () => {
  const before = alquerqueStart();
  before.board.c3 = [1, "man", 1];
  delete before.board.d4;
  const after = JSON.parse(JSON.stringify(before));
  delete after.board.b2;
  delete after.board.c3;
  after.board.d4 = [0, "man", 1];
  const shown = [];
  const board = { set: (view) => shown.push(view) };
  const pauses = [];
  await rules.playBack({
    board, entry: { side: 0, by: "computer", action: { from: "b2", to: "d4" } }, state: after, before, viewer: 1,
    names, speed: "normal", pause: async (ms) => pauses.push(ms),
  });
  assert.equal(shown.length, 2);
  assert.equal(shown[0].state, before);
  assert.deepEqual(shown[0].highlight, ["b2"]);
  assert.equal(shown[1].state, after);
  assert.deepEqual(shown[1].highlight, ["b2", "d4"]);
  assert.deepEqual(shown[1].captured, ["c3"]);
  assert.equal(shown[1].mover, null);
  assert.equal(pauses.length, 2);
  shown.length = 0;
  await rules.playBack({ board, entry: { side: 0, action: { from: "b2", to: "d4" } }, state: after, before, viewer: 0, names, speed: "off", pause: async () => {} });
  assert.equal(shown.length, 1, "no lifting with motion off");
});

test("each board info fixture is complete in the contract's shape", () => {
  for (const info of [alquerque(), oware(), tafl(), pachisi()]) {
    assert.ok(["grid", "lines", "mancala", "track"].includes(info.geometry.style));
    assert.equal(info.sides.length, info.players);
    const names = new Set(info.geometry.sites.map((s) => s.name));
    assert.equal(names.size, info.geometry.sites.length, "site names are unique");
    for (const [a, b] of info.geometry.edges) assert.ok(names.has(a) && names.has(b));
    for (const s of info.geometry.sites) assert.ok(Number.isFinite(s.x) && Number.isFinite(s.y), s.name);
  }
});

test("seats are named by the host's sides, with the variant's names where teams play", () => {
  const info = pachisi();
  assert.deepEqual(seatLabels(["You", "Computer"], info), ["Red (You)", "Green (Computer)", "Yellow (You)", "Black (Computer)"]);
  assert.deepEqual(seatLabels(info.sides, info), info.sides);
  assert.deepEqual(seatLabels(DEFAULT_SIDES, oware()), ["South", "North"]);
  assert.deepEqual(seatLabels(["You", "Computer"], oware()), ["You", "Computer"]);
  assert.deepEqual(seatLabels(null, tafl()), ["Attackers", "Defenders"]);
  // "board" in the text mode: the viewer's side's first seat is "yours".
  const state = { board: { "5": [2, "pawn", 1] }, hands: [{}, {}, {}, {}] };
  const said = rules.text.questions.board.answer({ state, viewer: 0, names: ["You", "Computer"], match: { board: info } });
  assert.match(said, /^Red \(You\): no pieces on the board\. Green \(Computer\): no pieces on the board\. Yellow \(You\): a pawn on 5\./);
});

test("where a side plays a team's seats, the move list and the lines name the seat that acted", () => {
  const info = pachisi();
  const names = ["You", "Computer"];
  // South (seat 0) throws and moves, then West (seat 1), then North (seat 2): sides 0, 1, 0.
  const log = [
    { side: 0, by: "chance", action: { throw: [1, 0, 1] }, notation: "throw 1 0 1" },
    { side: 0, by: "human", action: { from: "hand", to: "a1" }, notation: "in-a1" },
    { side: 1, by: "chance", action: { throw: [1, 1, 0] }, notation: "throw 1 1 0" },
    { side: 1, by: "computer", action: { pass: true }, notation: "pass" },
    { side: 0, by: "chance", action: { throw: [0, 1, 1] }, notation: "throw 0 1 1" },
    { side: 0, by: "human", action: { from: "hand", to: "a2" }, notation: "in-a2" },
  ];
  const before = [0, 0, 1, 1, 2, 2].map((to_move) => ({ to_move }));
  const annotate = (entry, i) => rules.annotate(entry, before[i - 1], null, names, info);
  const turns = groupTurns(log, rules.startsTurn, annotate);
  assert.deepEqual(turns.map((t) => t.seat), [0, 1, 2]);
  const labels = seatLabels(names, info);
  assert.deepEqual(turns.map((t) => t.who), [labels[0], labels[1], labels[2]]);
  assert.notEqual(labels[2], labels[0]);  // North is not South, though both play for side 0
  const line = entryLine({ ...log[4], ...annotate(log[4], 5) }, names, null, rules, before[4]);
  assert.match(line, new RegExp(`^${labels[2].replace(/[()]/g, "\\$&")} throws`));
  // A two-seat game has no seats to name: nothing is added.
  assert.deepEqual(rules.annotate(log[0], { to_move: 0 }, null, names, alquerque()), {});
});

test("a match of several games (race.tavli) names the game being played, the last result and the match score", () => {
  const geometry = (first) => ({ style: "track", sites: [{ name: first, x: 0, y: 0 }], tracks: [[first], [first]] });
  const info = { players: 2, sides: ["White", "Black"], pieces: {}, geometry: { ...geometry("m1"), games: [geometry("m1"), geometry("m1"), geometry("a1")] } };
  const state = {
    phase: "throw", to_move: 1, board: {}, hands: [{}, {}], scores: [1, 2], off: [0, 0],
    match: { games: ["Portes", "Plakoto", "Fevga"], game: 2, number: 3, to: 5, starter: 1,
             last: { game: 1, number: 2, winner: 1, points: 2, how: "pinned-start" } },
  };
  const facts = Object.fromEntries(rules.facts(state, ["You", "Computer"], { match: { board: info } }));
  assert.equal(facts.Game, "Fevga (game 3 of the match; Portes, Plakoto, Fevga in turn)");
  assert.equal(facts["Last game"], "Plakoto: Computer won double, 2 points");
  assert.equal(facts.Score, "You 1 · Computer 2 (match to 5)");
  // The board and the text readers take the game being played's tracks.
  assert.deepEqual(boardInfo({ match: { board: info }, state }).geometry.tracks, [["a1"], ["a1"]]);
  assert.deepEqual(boardInfo({ match: { board: info }, state: { ...state, match: { ...state.match, game: 0 } } }).geometry.tracks, [["m1"], ["m1"]]);
  assert.equal(boardInfo({ match: { board: info } }), info);
  const drawn = Object.fromEntries(rules.facts({ ...state, match: { ...state.match, last: { game: 1, number: 2, winner: null, points: 0 } } }, ["You", "Computer"], { match: { board: info } }));
  assert.equal(drawn["Last game"], "Plakoto: a draw, no point");
});

test("two dice that each name a kind are shown as the dice, never as the pair's code (Chaturaji)", async () => {
  const { throwValue, throwWords } = await import("../../static/js/board/rules-geometry.js");
  const pair = { faces: [5, 3], value: 53, pair: true };
  assert.equal(throwValue(pair), "5 and 3");
  assert.equal(throwWords(pair), "5 and 3");
  assert.equal(throwValue({ faces: [1, 0, 1, 1], value: 3 }), 3);
  const state = { ...alquerqueStart(), to_move: 0, throw: pair };
  const match = { to_move: 0, outcome: null, legal_actions: [{ from: "c2", to: "c3" }] };
  assert.equal(statusLine({ family: rules, state, match, names, mine: true }), "Your turn: threw 5 and 3. Move a piece.");
  assert.equal(rules.chanceLine({ action: { throw: [5, 3] }, who: "You" }, names, state, state), "You throw 5 and 3.");
});
