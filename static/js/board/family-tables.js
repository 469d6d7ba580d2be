// The tables family (backgammon, nard) as the board host sees it: its board, its facts, its words
// and its text-mode readers. Everything but createBoard is pure (tests/js/family-tables.test.js).

import { TablesBoard } from "./tables-board.js";
import { toView, pipCounts, sumPaths, otherNumbering, BAR, OFF } from "./tables-geometry.js";
import { normalise, findStep, plural, parsePointPath } from "./notation.js";
import { verb, isDraw, readerNumbering } from "./words.js";

const STEP_MS = { off: 0, fast: 120, normal: 320, slow: 650 };

// A tables point as typed: 1..24, "bar" (25) or "off" (0).
function tablesPoint(word) {
  if (word === "bar" || word === "b") return BAR;
  if (word === "off" || word === "o") return OFF;
  if (/^\d{1,2}$/.test(word)) {
    const n = Number(word);
    if (n >= 1 && n <= 24) return n;
  }
  return null;
}

// "24/18", "24-18", "24 18", "bar/20*", "6/off": one step for the tables games.
export function parseTablesStep(text) {
  const m = normalise(text).replace(/\*/g, "").match(/^([a-z0-9]+)\s*(?:\/|-|\s|to)\s*([a-z0-9]+)$/);
  if (!m) return null;
  const from = tablesPoint(m[1]);
  const to = tablesPoint(m[2]);
  if (from === null || to === null) return null;
  return { from, to };
}

// A typed move: one step (24/18), or a combined move over several dice, given whole (24/13)
// or with its stops (24/18/13). A step is matched against the legal ones; a combined move
// becomes the ways to play it ({paths}), which the board host plays step by step.
// `listed`: the server's combined moves (match.legal_paths), when it sent them: a combined move
// is then one of those, so nothing is tried that no complete legal play allows.
export function readTablesMove(text, legalActions, state, listed = null) {
  const points = parsePointPath(text, tablesPoint);
  if (!points) return null;
  const known = Array.isArray(listed) && legalActions.length > 0;
  const stops = (path) => [path[0].from, ...path.map((s) => s.to)];
  if (points.length === 2) {
    const step = { from: points[0], to: points[1] };
    // The legal action may carry more than its ends (the die it uses): take it whole.
    const found = findStep(legalActions, step);
    if (found || !state) return { found, action: step };
    if (known) {
      const ways = listed.filter((p) => p.length >= 2 && p[0].from === step.from && p[p.length - 1].to === step.to);
      return { paths: ways.sort((a, b) => a.length - b.length) };
    }
    return { paths: sumPaths(step.from, step.to, state.dice, legalActions, { cascade: Boolean(state.cascade) }) };
  }
  const path = points.slice(1).map((to, i) => ({ from: points[i], to }));
  if (known) return { paths: listed.filter((p) => JSON.stringify(stops(p)) === JSON.stringify(points)) };
  if (!findStep(legalActions, path[0])) return { paths: [] };
  return { paths: [path] };
}

// A move written in one side's numbering ("24/18*/13", "bar/22", "8/5(2)") in the other's: each
// point is renumbered, the bar, off, hits and counts are kept.
export function otherTablesNotation(notation, geometry) {
  return String(notation).replace(/(^|\/|\s)(\d{1,2})(?=\*|\/|\(|\s|$)/g, (all, before, n) => `${before}${otherNumbering(geometry, Number(n))}`);
}

// The kinds of win in words (the engine's names are identifiers).
const HOW = { mars: "mars", gammon: "gammon", backgammon: "backgammon", "turkish-mars": "Turkish mars", "black-mars": "black mars", resign: "by resignation", drop: "double declined" };
export const howWords = (how) => HOW[how] ?? String(how).replace(/-/g, " ");

function gameLine(game, names) {
  return `${names[game.winner]} won ${game.points} point${game.points === 1 ? "" : "s"}${game.how && game.how !== "single" ? ` (${howWords(game.how)})` : ""}`;
}

// The side that threw: the side to move before the throw (the state keeps it through the roll
// phase); failing that, a throw with no play is told by the last turn it ended.
export function rollerOf(entry, before, after) {
  if (before && before.to_move !== null && before.to_move !== undefined && before.phase !== "opening") return before.to_move;
  const last = after?.last_turn;
  if (last?.passed && JSON.stringify(last.roll) === JSON.stringify(entry.action.roll)) return last.side;
  return null;
}

// A throw after which its roller had no legal move at all: the turn ended at once.
export function noPlay(entry, roller, after) {
  const last = after?.last_turn;
  return Boolean(last?.passed && last.side === roller && JSON.stringify(last.roll) === JSON.stringify(entry.action.roll));
}

// The text mode's answers to questions about the position.
export function readPoint(state, viewer, p) {
  const g = state.geometry;
  if (p === BAR || p === OFF) {
    const what = p === BAR ? "On the bar" : "Borne off";
    return `${what}: yours ${state.checkers[viewer][p]}, opponent's ${state.checkers[1 - viewer][p]}.`;
  }
  const mine = state.checkers[viewer][p];
  const theirP = toView(g, viewer, 1 - viewer, p);
  const theirs = state.checkers[1 - viewer][theirP];
  if (mine) return `Point ${p}: ${plural(mine, "checker")} of yours.`;
  if (theirs) return `Point ${p}: ${plural(theirs, "checker")} of the opponent's (their ${theirP}).`;
  return `Point ${p}: empty.`;
}

export function readBoard(state, viewer) {
  const g = state.geometry;
  const mine = [];
  const theirs = [];
  for (let p = 24; p >= 1; p--) {
    if (state.checkers[viewer][p]) mine.push(`${p}: ${state.checkers[viewer][p]}`);
    const q = toView(g, viewer, 1 - viewer, p);
    if (state.checkers[1 - viewer][q]) theirs.push(`${p}: ${state.checkers[1 - viewer][q]}`);
  }
  const extra = [BAR, OFF].map((p) => `${p === BAR ? "bar" : "off"} ${state.checkers[viewer][p]}/${state.checkers[1 - viewer][p]}`);
  return `Yours on ${mine.join(", ") || "no point"}. Opponent's (your numbering) on ${theirs.join(", ") || "no point"}. Yours/theirs: ${extra.join(", ")}.`;
}

export const tables = {
  name: "tables",
  playsMatches: true,
  sides: ["White", "Black"],
  // A tables turn is several steps: the player looks at it before confirming.
  autoConfirm: false,
  // Decisions that are not moves on the board: a button each, and words for the text mode.
  decisions: [
    { name: "roll", label: "Roll", action: { double: false }, words: ["roll", "r"] },
    { name: "double", label: "Double", action: { double: true }, words: ["double", "d"] },
    { name: "take", label: "Take", action: { take: true }, words: ["take", "accept", "t"] },
    { name: "drop", label: "Drop", action: { drop: true }, words: ["drop", "pass", "refuse"] },
  ],

  createBoard(host, { onMove, label, onDice }) {
    return new TablesBoard(host, { onMove, label, onDice });
  },

  isMove: (action) => "from" in action,

  // A new turn starts at each throw of the dice, a cube decision or a change of side.
  startsTurn(entry, last) {
    // The throw that follows a side's own "roll" (the cube declined) belongs to that turn.
    const prev = last.entries[last.entries.length - 1];
    if (entry.by === "chance" && "roll" in entry.action && prev?.action?.double === false && prev.side === entry.side) return false;
    return entry.by === "chance" || ("double" in entry.action) || ("take" in entry.action) ||
      ("drop" in entry.action) || (last.side !== null && last.side !== entry.side);
  },

  // Who threw is the side to move before the throw; after a throw with no legal move the turn has
  // already passed to the other side (the state's last_turn says so).
  chanceLine(entry, names, after, before) {
    const next = after && after.to_move !== null && after.to_move !== undefined ? names[after.to_move] : null;
    if ("opening" in entry.action) {
      const [a, b] = entry.action.opening;
      const starts = next ? `; ${next} ${verb(next, "starts", "start")}` : "";
      return `Opening throw: ${names[0]} ${a}, ${names[1]} ${b}${starts}.`;
    }
    if ("roll" in entry.action) {
      const roller = rollerOf(entry, before, after);
      const who = roller === null ? null : names[roller];
      if (!who) return `Dice: ${entry.notation}.`;
      const none = noPlay(entry, roller, after) ? ": no move" : "";
      return `${who} ${verb(who, "rolls", "roll")} ${entry.notation}${none}.`;
    }
    return null;
  },

  // The cube decisions in words ("You double to 4", not "You: doubles to 4").
  actionLine(entry, names) {
    const a = entry.action;
    const name = names[entry.side] ?? "Someone";
    if (a.double === false) return `${name} ${verb(name, "rolls", "roll")}.`;
    if (a.double === true) {
      const to = String(entry.notation).match(/\d+/);
      return `${name} ${verb(name, "doubles", "double")}${to ? ` to ${to[0]}` : ""}.`;
    }
    if (a.take) return `${name} ${verb(name, "takes", "take")} the cube.`;
    if (a.drop) return `${name} ${verb(name, "drops", "drop")} the cube.`;
    return null;
  },

  // The move list's words for an entry; another side's move in the reader's numbering (readBy),
  // the one the board prints.
  notation(entry, names, reader) {
    const a = entry.action;
    if ("from" in a && readerNumbering(reader, entry.side) !== null) {
      const geometry = reader.match?.state?.geometry;
      if (geometry) return otherTablesNotation(entry.notation, geometry);
    }
    if (a.double === false) return "roll";
    if (a.double === true) return String(entry.notation).replace(/^doubles/, "double");
    if (a.take) return "take";
    if (a.drop) return "drop";
    return null;
  },

  // What the log alone does not say: who threw, a throw with no play, a game's end.
  annotate(entry, before, after, names) {
    const out = {};
    if (entry.by === "chance" && "roll" in entry.action) {
      const roller = rollerOf(entry, before, after);
      if (roller !== null) out.side = roller;
      if (roller !== null && noPlay(entry, roller, after)) out.noPlay = true;
    }
    const game = after?.last_game;
    if (game && before && JSON.stringify(game) !== JSON.stringify(before.last_game ?? null)) {
      out.gameOver = `Game ${before.game ?? ""} over: ${gameLine(game, names)}. Score ${after.score[0]}–${after.score[1]}.`.replace("Game  over", "Game over");
    }
    return out;
  },

  // The position a game ended in: the state before its last step, with that step made (the
  // state after it already holds the next game's set-up).
  finalPosition(before, entry) {
    const { from, to } = entry.action;
    if (typeof from !== "number" || typeof to !== "number" || !before?.checkers) return before;
    const checkers = before.checkers.map((row) => [...row]);
    checkers[entry.side][from] -= 1;
    checkers[entry.side][to] += 1;
    return { ...before, checkers, dice: [], roll: null, cascade: null };
  },

  // Gul Bara: a cascade the roller could not finish is played by the opponent (GB-5); while the
  // roller confirms, the dice left on the board are the opponent's to play.
  afterTurn({ state, names, side }) {
    const c = state.cascade;
    if (!c || state.to_move === side || state.to_move === null || state.to_move === undefined) return "";
    const dice = (state.dice || []).join(", ");
    if (!c.remainder || !dice) return "";
    const who = names[state.to_move];
    return `${who} will then play the rest of the cascade: ${dice}.`;
  },

  // Lines to add when news arrive: a game of the match has ended (the next one may already be
  // under way), said plainly.
  news(before, state, names) {
    const game = state.last_game;
    if (!game || JSON.stringify(game) === JSON.stringify(before?.last_game ?? null)) return [];
    const s = state.score;
    return [`${gameLine(game, names).replace(" won ", " won the game: ")}. Score ${s[0]}–${s[1]}.`];
  },

  // The last turn's steps stay marked once the playback ends (both ends of each step).
  highlight(log) {
    const out = [];
    let side = null;
    for (let i = log.length - 1; i >= 0; i--) {
      const { action, side: by, by: who } = log[i];
      const step = typeof action.from === "number" && typeof action.to === "number";
      if (!step) {
        if (out.length && (who === "chance" || by !== side)) break;
        continue;
      }
      if (side !== null && by !== side) break;
      side = by;
      out.push([by, action.from], [by, action.to]);
    }
    return out;
  },

  // Only what others did is played back, one position per step, the throw shown with the step
  // that follows it.
  playsBackOwnMoves: false,
  async playBack({ board, entry, state, next, viewer, speed, pause }) {
    if (entry.by === "chance" && next) return;
    const highlight = entry.by === "chance" || typeof entry.action.from !== "number"
      ? [] : [[entry.side, entry.action.from], [entry.side, entry.action.to]];
    board.set({ state, viewer, mover: null, legal: [], highlight });
    await pause(STEP_MS[speed] ?? 320);
  },

  facts(state, n) {
    const facts = [];
    const pips = pipCounts(state);
    facts.push(["Pips", `${n[0]} ${pips[0]} · ${n[1]} ${pips[1]}`]);
    facts.push(["Score", `${n[0]} ${state.score[0]} · ${n[1]} ${state.score[1]}${state.match_to > 1 ? ` (to ${state.match_to})` : ""}`]);
    if (state.cube) {
      const owner = state.cube.owner === null || state.cube.owner === undefined ? "in the middle" : `owned by ${n[state.cube.owner]}`;
      facts.push(["Cube", `${state.cube.value}, ${owner}`]);
    }
    if (state.game > 1 || state.match_to > 1) facts.push(["Game", String(state.game)]);
    if (state.last_game) facts.push(["Last game", gameLine(state.last_game, n)]);
    if (state.opening && state.game !== undefined) facts.push(["Opening throw", `${n[0]} ${state.opening[0]} · ${n[1]} ${state.opening[1]}`]);
    return facts;
  },

  outcome(outcome, names) {
    if (isDraw(outcome)) return `A draw, ${outcome.score[0]}–${outcome.score[1]}.`;
    const who = names[outcome.winner];
    const how = outcome.how && outcome.how !== "single" ? ` (${howWords(outcome.how)})` : "";
    return `${who} ${verb(who, "wins", "win")} the match${how}, ${outcome.score[0]}–${outcome.score[1]}.`;
  },

  status({ state, mine, who, yours }) {
    if (state.phase === "cube") return `${yours}: roll, or double to ${(state.cube?.value || 1) * 2}.`;
    if (state.phase === "take") return `${mine ? "You are" : `${who} is`} offered the cube at ${(state.cube?.value || 1) * 2}: take or drop?`;
    const dice = (state.dice || []).join(", ");
    let text = `${yours}: ${state.roll ? `rolled ${state.roll.join("-")}` : ""}${dice ? `, to play ${dice}` : ""}.`;
    if (state.cascade) {
      const c = state.cascade;
      text += c.remainder
        ? ` Playing the opponent's remainder: ${c.number}s.`
        : ` Cascade: playing ${c.number}s${c.then?.length ? `, then ${c.then.join(", ")}` : ""}.`;
      if (c.for_opponent?.length) text += ` The opponent will play ${c.for_opponent.join(", ")}.`;
    }
    return text;
  },

  text: {
    help: "Type a move as shown in the move list (24/18, bar/20, 6/off) or a command: p 13 (read point 13), p bar, roll, double, take, drop, board, pips, score, dice, moves, last, undo, confirm, help.",
    questions: {
      pips: {
        words: ["pips", "pip"],
        answer({ state, names: n, viewer: v }) {
          const pips = pipCounts(state);
          return `Pips: ${n[v]} ${pips[v]}, ${n[1 - v]} ${pips[1 - v]}.`;
        },
      },
      score: {
        words: ["score", "s"],
        answer: ({ state, names: n }) => `Score: ${n[0]} ${state.score[0]}, ${n[1]} ${state.score[1]}${state.match_to > 1 ? `, match to ${state.match_to}` : ""}.`,
      },
      dice: {
        words: ["dice"],
        answer: ({ state }) => (state.roll ? `Rolled ${state.roll.join("-")}; still to play: ${(state.dice || []).join(", ") || "nothing"}.` : "No dice on the board."),
      },
      board: { words: ["board", "position", "look"], answer: ({ state, viewer }) => readBoard(state, viewer) },
      point: { words: [], answer: ({ state, viewer, arg }) => readPoint(state, viewer, arg) },
    },
    // "p 13", "point bar": read a point.
    question(t) {
      const m = t.match(/^(?:p|point)\s*(\d{1,2}|bar|off)$/);
      const p = m ? tablesPoint(m[1]) : null;
      return p === null ? null : { what: "point", arg: p };
    },
    move(t, legalActions, context = {}) {
      return readTablesMove(t, legalActions, context.match?.state, context.match?.legal_paths ?? null);
    },
  },
};
