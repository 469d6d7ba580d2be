// The race family (Senet, Ur, 20 Squares, 58 Holes, XII Scripta) as the board host sees it: its
// board, its facts, its words and its text-mode readers. Everything but createBoard is pure
// (tests/js/race-family.test.js). Positions are route positions in a side's own numbering:
// 0 waiting to enter, 1..N on the track, N + 1 borne off.

import { RaceBoard } from "./race-board.js";
import {
  offPosition, occupancy, placeOf, routePositions, parseRaceMove, throwFaces, moveFrames, START,
} from "./race-geometry.js";
import { findStep, plural } from "./notation.js";
import { verb, isDraw, readerNumbering, midName } from "./words.js";

const STEP_MS = { off: 0, fast: 150, normal: 380, slow: 750 };
const SQUARE_MS = { off: 0, fast: 35, normal: 70, slow: 140 };

// The variant's board data (Variant.board_info), as the match or the page's config carries it.
export function boardInfo(holder) {
  return holder?.board ?? holder?.board_info ?? null;
}

function geometryOf(ctx) {
  return boardInfo(ctx?.match)?.geometry || boardInfo(ctx?.config)?.geometry || null;
}

// A throw in words: "3 (sticks 1 0 1 1)"; 20 Squares' pair of astragals says what each showed
// and how the ox astragal's answer counts ("7 (sheep astragal 3, ox astragal yes: 3 counts 7)").
export function throwWords(thrown) {
  if (!thrown) return "none yet";
  if (thrown.device === "sheep-ox" && Array.isArray(thrown.dice) && thrown.dice.length === 2) {
    const [sheep, ox] = thrown.dice;
    const counts = ox ? `yes: ${sheep} counts ${thrown.value}` : "no: the sheep's number counts";
    return `${thrown.value} (sheep astragal ${sheep}, ox astragal ${counts})`;
  }
  const { kind, faces } = throwFaces(thrown, null);
  const what = { sticks: "sticks", tetrahedral: "dice", astragals: "astragals", dice: "dice" }[kind] || "thrown";
  return `${thrown.value} (${what} ${faces.map((f) => f.label ?? f.value).join(" ")})`;
}

// What stands on the viewer's route position p, in words.
export function readSquare(geometry, state, viewer, p) {
  const off = offPosition(geometry, viewer);
  const occ = occupancy(geometry, state.pieces);
  if (p === START) return `Waiting to enter: yours ${occ.waiting[viewer]}, opponent's ${occ.waiting[1 - viewer]}.`;
  if (p === off) return `Borne off: yours ${occ.off[viewer]}, opponent's ${occ.off[1 - viewer]}.`;
  if (!(p > 0 && p < off)) return `There is no square ${p} on your route (1 to ${off - 1}).`;
  const { cell } = placeOf(geometry, viewer, p);
  const mark = geometry.cells[cell]?.mark;
  const here = occ.cells.get(cell) || [0, 0];
  const theirs = routePositions(geometry)[1 - viewer].get(cell);
  const what = here[viewer] ? `${plural(here[viewer], "piece")} of yours`
    : here[1 - viewer] ? `${plural(here[1 - viewer], "piece")} of the opponent's${theirs ? ` (their ${theirs.join("/")})` : ""}`
      : "empty";
  return `Square ${p}${mark ? ` (${mark})` : ""}: ${what}.`;
}

// The whole position in words, in the viewer's numbering where the routes share a square.
export function readRace(geometry, state, viewer) {
  const occ = occupancy(geometry, state.pieces);
  const mine = state.pieces[viewer].filter((p) => p !== START && p !== offPosition(geometry, viewer));
  const at = routePositions(geometry)[viewer];
  const theirs = state.pieces[1 - viewer].filter((p) => p !== START && p !== offPosition(geometry, 1 - viewer)).map((p) => {
    const { cell } = placeOf(geometry, 1 - viewer, p);
    return at.has(cell) ? `${at.get(cell).join("/")}` : `their ${p}`;
  });
  return `Yours on ${mine.join(", ") || "no square"}; opponent's on ${theirs.join(", ") || "no square"}. ` +
    `To enter: you ${occ.waiting[viewer]}, opponent ${occ.waiting[1 - viewer]}. Off: you ${occ.off[viewer]}, opponent ${occ.off[1 - viewer]}.`;
}

// The side that threw: the side to move before the throw, else (no state before it) the side to
// move after it, when the throw left a move to make.
export function throwerOf(before, after) {
  if (before && before.to_move !== null && before.to_move !== undefined) return before.to_move;
  if (after && (after.phase === "move" || after.phase === undefined) && after.to_move !== null && after.to_move !== undefined) return after.to_move;
  return null;
}

// A throw that gave its side nothing to move: the game went on to the next throw at once.
// (An opening throw, who starts, is not a throw for a move.)
export function noMove(entry, before, after) {
  if (entry.by !== "chance" || !before || !after || before.phase !== "throw") return false;
  return after.phase === "throw" || after.phase === "over";
}

// A route position of `side` as the viewer's board labels it: the viewer's own number where the
// viewer's route uses the square, else the side's own number marked "their" (the board prints
// those squares' numbers in the other side's colour); "in" and "off" as they are.
export function placeWords(geometry, side, viewer, p) {
  if (p === START) return "in";
  if (p === offPosition(geometry, side)) return "off";
  const cell = geometry.routes[side][p - 1];
  if (cell === undefined) return String(p);
  const mine = routePositions(geometry)[viewer].get(cell);
  return mine ? mine.join("/") : `their ${p}`;
}

// A move of `side` ({from, to}, the engine's notation for its marks: a capture *, where it landed)
// in the viewer's numbering.
export function moveWords(geometry, side, viewer, action, notation = "") {
  const m = String(notation).match(/^\S+→[^*\s]+(\*)?(?: \((\d+)\))?$/);
  const a = placeWords(geometry, side, viewer, action.from);
  const b = placeWords(geometry, side, viewer, action.to);
  const both = a.startsWith("their ") && b.startsWith("their ");
  let text = both ? `${a}→${b.slice(6)}` : `${a}→${b}`;
  if (m?.[1]) text += "*";
  if (m?.[2]) text += ` (${placeWords(geometry, side, viewer, Number(m[2]))})`;
  return text;
}

export const race = {
  name: "race",
  sides: ["Light", "Dark"],
  autoConfirm: true,
  decisions: [{ name: "pass", label: "Pass", action: { pass: true }, words: ["pass", "p"] }],

  createBoard(host, { onMove, label, config }) {
    return new RaceBoard(host, { onMove, label, info: boardInfo(config) });
  },

  isMove: (action) => "from" in action,

  // Another side's move in the numbering the reader's board shows (readBy); the reader's own, and
  // any on a shared device, as the engine writes them.
  notation(entry, names, reader) {
    const a = entry.action;
    const viewer = readerNumbering(reader, entry.side);
    const geometry = viewer === null ? null : geometryOf(reader);
    if (!geometry || typeof a.from !== "number" || typeof a.to !== "number") return null;
    return moveWords(geometry, entry.side, viewer, a, entry.notation);
  },

  // A turn starts at each throw, or when the other side moves.
  startsTurn(entry, last) {
    return entry.by === "chance" || (last.side !== null && last.side !== entry.side);
  },

  // Who threw is the side to move before the throw: a throw with no move has already passed the
  // turn, so the side after it is the other one. Such a throw says "no move".
  chanceLine(entry, names, after, before) {
    const side = throwerOf(before, after);
    const who = side === null ? null : names[side];
    const value = after?.throw?.value;
    const thrown = String(entry.notation).replace(/^throw\s+/i, "");
    const worth = value === undefined || value === null || thrown.includes(`= ${value}`) ? "" : ` = ${value}`;
    const none = noMove(entry, before, after) ? ": no move" : "";
    return who ? `${who} ${verb(who, "throws", "throw")} ${thrown}${worth}${none}.` : `Throw: ${thrown}${worth}${none}.`;
  },

  // What the log alone does not say: who threw, and a throw that gave no move.
  annotate(entry, before, after) {
    if (entry.by !== "chance" || !("throw" in (entry.action || {}))) return {};
    const out = {};
    const side = throwerOf(before, after);
    if (side !== null) out.side = side;
    if (noMove(entry, before, after)) out.noPlay = true;
    return out;
  },

  // The last move of the log shown, so a player sees what the other side just did.
  highlight(log) {
    for (let i = log.length - 1; i >= 0; i--) {
      const { action, side } = log[i];
      if (typeof action.from === "number" && typeof action.to === "number") return [[side, action.from], [side, action.to]];
    }
    return [];
  },

  // Others' throws and moves are played back one at a time, the throw shown before its move.
  playsBackOwnMoves: false,
  async playBack({ board, entry, state, before, viewer, names, speed, pause }) {
    const { from, to } = entry.action;
    const moving = typeof from === "number" && typeof to === "number";
    const highlight = moving ? [[entry.side, from], [entry.side, to]] : [];
    if (moving && before?.pieces) {
      // The piece walks its squares (the last one is the state after the move, drawn below).
      const frames = moveFrames(before.pieces, entry.side, from, to).slice(0, -1);
      for (const pieces of frames) {
        board.set({ state: { ...before, pieces }, viewer, mover: null, legal: [], highlight: [], names });
        await pause(SQUARE_MS[speed] ?? 70);
      }
    }
    board.set({ state, viewer, mover: null, legal: [], highlight, names });
    await pause(STEP_MS[speed] ?? 380);
  },

  facts(state, n, ctx) {
    const facts = [["Throw", throwWords(state.throw)]];
    if (Array.isArray(state.moves_left) && state.moves_left.length) facts.push(["To play", state.moves_left.join(", ")]);
    const geometry = geometryOf(ctx);
    if (geometry && state.pieces) {
      const occ = occupancy(geometry, state.pieces);
      facts.push(["To enter", `${n[0]} ${occ.waiting[0]} · ${n[1]} ${occ.waiting[1]}`]);
      facts.push(["Borne off", `${n[0]} ${occ.off[0]} · ${n[1]} ${occ.off[1]}`]);
    }
    if (Array.isArray(state.lost) && (state.lost[0] || state.lost[1])) {
      facts.push(["Out of the game", `${n[0]} ${state.lost[0]} · ${n[1]} ${state.lost[1]}`]);
    }
    if (Array.isArray(state.score)) facts.push(["Score", `${n[0]} ${state.score[0]} · ${n[1]} ${state.score[1]}`]);
    return facts;
  },

  outcome(outcome, names) {
    const score = Array.isArray(outcome.score) ? `, ${outcome.score[0]}–${outcome.score[1]}` : "";
    if (isDraw(outcome)) return `A draw${score}.`;
    const who = names[outcome.winner];
    const wins = `${who} ${verb(who, "wins", "win")}`;
    // Most pieces off wins (Bell's Senet); at equal counts the side that finished first (SN-14).
    if (outcome.how === "most-off" && Array.isArray(outcome.score) && outcome.score[0] === outcome.score[1]) {
      return `${wins}${score}: as many pieces borne off each, and ${midName(who)} finished first.`;
    }
    if (outcome.how === "limit") return `${wins}${score}: the game reached the site's limit of throws, and ${midName(who)} ${verb(who, "was", "were")} ahead.`;
    return `${wins}${score}.`;
  },

  status({ state, match, yours, mine }) {
    const value = state.throw?.value;
    const left = Array.isArray(state.moves_left) && state.moves_left.length ? `, to play ${state.moves_left.join(", ")}` : "";
    const thrown = value === undefined || value === null ? "" : `threw ${value}${left}`;
    const moves = (match.legal_actions || []).filter((a) => "from" in a);
    let what = "";
    if (mine) what = moves.length ? " Move a piece." : (match.legal_actions || []).some((a) => a.pass) ? " No move: pass." : "";
    return `${yours}${thrown ? `: ${thrown}` : ""}.${what}`;
  },

  text: {
    help: "Type a move by its squares, as numbered on your side of the board (14 17 or 14-17; 0 or in for a piece still to enter, off to bear off; a lone 14 when that piece has one move), or a command: sq 15 (read square 15), board, throw, score, moves, last, pass, undo, confirm, help.",
    questions: {
      board: {
        words: ["board", "position", "look"],
        answer: (ctx) => (geometryOf(ctx) ? readRace(geometryOf(ctx), ctx.state, ctx.viewer) : "The board is not known yet."),
      },
      throw: {
        words: ["throw", "dice", "sticks", "roll"],
        answer: ({ state }) => `Throw: ${throwWords(state.throw)}${Array.isArray(state.moves_left) && state.moves_left.length ? `; to play ${state.moves_left.join(", ")}` : ""}.`,
      },
      score: {
        words: ["score", "s"],
        answer: (ctx) => {
          const { state, names: n } = ctx;
          if (Array.isArray(state.score)) return `Score: ${n[0]} ${state.score[0]}, ${n[1]} ${state.score[1]}.`;
          const geometry = geometryOf(ctx);
          if (!geometry) return "No score yet.";
          const occ = occupancy(geometry, state.pieces);
          return `Borne off: ${n[0]} ${occ.off[0]}, ${n[1]} ${occ.off[1]}.`;
        },
      },
      square: {
        words: [],
        answer: (ctx) => (geometryOf(ctx) ? readSquare(geometryOf(ctx), ctx.state, ctx.viewer, ctx.arg) : "The board is not known yet."),
      },
    },
    // "sq 15", "square 15", "read 15": what stands on a square of one's route.
    question(t) {
      const m = t.match(/^(?:sq|square|read|look)\s*(\d{1,3})$/);
      return m ? { what: "square", arg: Number(m[1]) } : null;
    },
    move(t, legalActions, ctx) {
      const mover = ctx?.match?.to_move;
      const geometry = geometryOf(ctx);
      const off = geometry && mover !== null && mover !== undefined ? offPosition(geometry, mover) : null;
      const step = parseRaceMove(t, off);
      if (!step) return null;
      if (step.to === undefined) {
        const options = legalActions.filter((a) => a.from === step.from);
        if (options.length === 1) return { found: options[0] };
        if (options.length > 1) return { error: `The piece on ${step.from} has ${options.length} moves: say which (${options.map((a) => `${a.from} ${a.to}`).join(", ")}).` };
        return { error: `No piece on ${step.from} can move now.` };
      }
      return { found: findStep(legalActions, step), action: step };
    },
  },
};
