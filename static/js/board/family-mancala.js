// The mancala family (Béchi) as the board host sees it: its board, its facts, its words and its
// text-mode readers. Everything but createBoard is pure (tests/js/family-mancala.test.js).

import { BechiBoard } from "./bechi-board.js";
import { normalise, plural } from "./notation.js";
import { verb, isDraw, midName } from "./words.js";

// "3", "3 cw", "3↻", "3 anticlockwise", "hole 3": a sowing from the mover's hole 3 (1-based as
// shown and in the notation; the action counts from 0).
export function parseBechiMove(text) {
  const t = normalise(text).replace(/^(sow|hole|h)\s*/, "");
  const m = t.match(/^(\d)\s*(↻|↺|cw|acw|ccw|clockwise|anticlockwise|counterclockwise|left|right)?$/);
  if (!m) return null;
  const action = { hole: Number(m[1]) - 1 };
  if (m[2]) {
    action.direction = ["↻", "cw", "clockwise", "left"].includes(m[2]) ? "clockwise" : "anticlockwise";
  }
  return action;
}

// "leave 1,3", "leave 1 3 empty", "empty 2": the holes (1-based) to leave empty.
export function parseLeaveEmpty(text) {
  const m = normalise(text).match(/^(?:leave|empty)\s+([\d,\s]+?)(?:\s+empty)?$/);
  if (!m) return null;
  const holes = m[1].split(/[,\s]+/).filter(Boolean).map((d) => Number(d) - 1);
  return { leave_empty: [...new Set(holes)].sort((a, b) => a - b) };
}

export function readHoles(state, viewer) {
  const mine = state.rows[viewer].map((n, i) => `${i + 1}: ${n}${state.closed?.[viewer]?.[i] ? " (empty by choice)" : ""}`);
  const theirs = state.rows[1 - viewer].map((n, i) => `${i + 1}: ${n}${state.closed?.[1 - viewer]?.[i] ? " (empty by choice)" : ""}`);
  return `Your holes from your left: ${mine.join(", ")}. Opponent's holes from their left: ${theirs.join(", ")}. Taken this round: you ${state.captured[viewer]}, opponent ${state.captured[1 - viewer]}. Set aside: you ${state.aside[viewer]}, opponent ${state.aside[1 - viewer]}.`;
}

export function readHole(state, viewer, index, other = false) {
  const side = other ? 1 - viewer : viewer;
  const n = state.rows[side]?.[index];
  if (n === undefined) return `There is no hole ${index + 1}.`;
  const whose = other ? "Opponent's" : "Your";
  return `${whose} hole ${index + 1}: ${plural(n, "counter")}${state.closed?.[side]?.[index] ? ", left empty this round" : ""}${state.sown?.[side]?.[index] ? ", sown from this round" : ""}.`;
}

export const mancala = {
  name: "mancala",
  sides: ["South", "North"],
  autoConfirm: true,
  decisions: [],

  createBoard(host, { onMove, label, say }) {
    return new BechiBoard(host, {
      onMove, label,
      onChoice: ({ picked, need }) => say(`Picked ${picked.map((i) => i + 1).join(", ") || "none"}; ${need ? `${need} more to choose` : "choose Leave empty to commit, or Undo pick"}.`, false),
    });
  },

  isMove: (action) => "hole" in action,

  // Round one's starter, drawn by lot.
  chanceLine(entry, names) {
    if (!("first" in entry.action)) return null;
    const who = names[entry.action.first];
    return who ? `${who} ${verb(who, "starts", "start")} (drawn by lot).` : null;
  },
  startsTurn: () => true,

  // The engine's notation names sides by number ("; side 1 passes"): the move list and the
  // narration name them as the player reads them.
  notation(entry, names) {
    return String(entry.notation)
      .replace(/side (\d) passes/g, (_, n) => `${names[n]} ${verb(names[n], "passes", "pass")}`)
      .replace(/side (\d) starts/g, (_, n) => `${names[n]} ${verb(names[n], "starts", "start")}`)
      .replace(/round over (\d+)-(\d+)/g, "round over, $1–$2");
  },

  // Every sowing is played back counter by counter, the player's own too.
  playsBackOwnMoves: true,
  async playBack({ board, entry, state, before, viewer, names, speed }) {
    if (!("hole" in entry.action) || !before?.rows) return;
    board.set({ state, viewer, mover: null, legal: [], names });
    await board.animate(before.rows, state.last_move, speed);
  },

  facts(state, n) {
    return [
      ["Round", String(state.round ?? 1)],
      ["Taken this round", `${n[0]} ${state.captured[0]} · ${n[1]} ${state.captured[1]}`],
      ["Set aside", `${n[0]} ${state.aside[0]} · ${n[1]} ${state.aside[1]}`],
    ];
  },

  outcome(outcome, names) {
    if (isDraw(outcome)) return `A draw: ${outcome.score[0]}–${outcome.score[1]} counters.`;
    const who = names[outcome.winner];
    const loser = names[1 - outcome.winner];
    // BE-8 and the repeated rounds, in words rather than the engine's identifiers.
    const words = {
      "houses-burnt": `${midName(loser)} cannot fill a single hole`,
      "rounds-repeated": "the rounds repeat: the most counters wins",
    };
    const how = outcome.how && outcome.how !== "single" ? ` (${words[outcome.how] ?? String(outcome.how).replace(/-/g, " ")})` : "";
    return `${who} ${verb(who, "wins", "win")}${how}: ${outcome.score[0]}–${outcome.score[1]} counters.`;
  },

  status({ state, yours }) {
    if (state.phase === "leave_empty") {
      return `${yours}: choose the holes to leave empty this round (not enough counters to fill them all).`;
    }
    return `${yours}: sow from a hole with two or more counters.`;
  },

  text: {
    help: "Type a move as shown in the move list (3, 2 cw, leave 1,3) or a command: read 2 (read hole 2), read o2 (the opponent's), board, score, moves, last, undo, confirm, help.",
    questions: {
      board: { words: ["board", "position", "look"], answer: ({ state, viewer }) => readHoles(state, viewer) },
      score: {
        words: ["score", "s"],
        answer: ({ state, names: n }) => `Round ${state.round}. Taken: ${n[0]} ${state.captured[0]}, ${n[1]} ${state.captured[1]}. Aside: ${n[0]} ${state.aside[0]}, ${n[1]} ${state.aside[1]}.`,
      },
      pips: { words: ["pips", "pip"], answer: () => "No pips in this game: type board." },
      dice: { words: ["dice"], answer: () => "No dice in this game." },
      hole: { words: [], answer: ({ state, viewer, arg, other }) => readHole(state, viewer, arg, other) },
    },
    // "read 2", "read o3": a hole of one's own or of the opponent's.
    question(t) {
      const m = t.match(/^(?:read|look)\s*(o|their\s*)?(\d)$/);
      return m ? { what: "hole", arg: Number(m[2]) - 1, other: Boolean(m[1]) } : null;
    },
    move(t, legalActions) {
      const action = parseLeaveEmpty(t) || parseBechiMove(t);
      if (!action) return null;
      if ("hole" in action && !("direction" in action)) {
        // A centre hole needs a direction; anywhere else the direction is the rules' own.
        const options = legalActions.filter((a) => a.hole === action.hole);
        if (options.length === 1) return { found: options[0] };
        if (options.length > 1) return { error: `Hole ${action.hole + 1}: say cw or acw (e.g. ${action.hole + 1} cw).` };
      }
      return { action };
    },
  },
};
