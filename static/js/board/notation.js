// Typed moves and commands for the text mode (in the manner of lichess's blind mode). Pure: no
// DOM (tests/js/notation.test.js).
//
// The board knows no rules: a typed move is turned into an action by the family's own reader and
// matched against the legal actions the server sent; anything else is refused with the legal
// moves listed. What is generic lives here; each family (families.js) brings its words.

const SAME = (a, b) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));

function sortKeys(obj) {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function sameAction(a, b) {
  return SAME(a, b);
}

export function normalise(text) {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}

export const UNDO = Object.freeze({ undo: true });
export const CONFIRM = Object.freeze({ confirm: true });

// Take-back and confirm belong to the match, not to a game: they are never moves on the board.
export function isMeta(action) {
  return sameAction(action, UNDO) || sameAction(action, CONFIRM);
}

// The words every family understands. A family's own decisions (family.decisions) and questions
// (family.text.questions) come first, so a family may give a word another meaning.
const ACTIONS = {
  undo: { action: UNDO, words: ["undo", "back", "take back", "takeback", "u"] },
  confirm: { action: CONFIRM, words: ["confirm", "done", "ok", "c"] },
};
// What ends or follows the match, asked of the match rather than of a game.
export const MATCH_COMMANDS = {
  resign: ["resign", "give up"],
  rematch: ["rematch", "play again"],
};
export const QUESTIONS = {
  moves: ["moves", "legal", "m", "l"],
  last: ["last", "what"],
  turn: ["turn", "whose turn", "who"],
  help: ["help", "?", "h"],
};

// What a line typed in the text mode asks for: {kind: "action", action} for a move or a
// decision (matched against the legal actions), {kind: "read", what, ...} for a question,
// {kind: "match", what: "resign" | "rematch"} for the match, or {kind: "error", message}. `family` is a plug-in from families.js; `context` ({match,
// config}) is handed to its move reader.
export function parseCommand(text, { family, legalActions, legalNotation = [], context = {} }) {
  const t = normalise(text);
  if (!t) return { kind: "error", message: "Type a move, or help." };
  const reader = family.text || {};
  for (const [name, question] of Object.entries(reader.questions || {})) {
    if ((question.words || []).includes(t)) return { kind: "read", what: name };
  }
  for (const [name, words] of Object.entries(MATCH_COMMANDS)) {
    if (words.includes(t)) return { kind: "match", what: name };
  }
  for (const decision of [...(family.decisions || []), ...Object.values(ACTIONS)]) {
    if (decision.words.includes(t)) return pick(decision.action, legalActions, t);
  }
  for (const [name, words] of Object.entries(QUESTIONS)) {
    if (words.includes(t)) return { kind: "read", what: name };
  }
  const asked = reader.question?.(t);
  if (asked) return { kind: "read", ...asked };
  // The engine's own notation for a legal action, typed as shown, always works.
  const i = legalNotation.findIndex((n) => n && normalise(n) === t);
  if (i >= 0) return { kind: "action", action: legalActions[i] };
  const read = reader.move?.(t, legalActions, context);
  if (!read) return { kind: "error", message: `Not understood: "${text.trim()}". Type help.` };
  if (read.error) return { kind: "error", message: read.error };
  // A combined move (24/13, 24/18/13): the ways to play it, step by step.
  if (read.paths) {
    if (!read.paths.length) return { kind: "error", message: `"${text.trim()}" cannot be played with the dice to play.` };
    return { kind: "path", paths: read.paths };
  }
  if (read.found) return { kind: "action", action: read.found };
  return pick(read.action, legalActions, t);
}

function pick(wanted, legalActions, text) {
  const found = legalActions.find((a) => SAME(a, wanted));
  if (found) return { kind: "action", action: found };
  return { kind: "error", message: `"${text}" is not possible now.` };
}

// The points of a typed move in order: "24/18/13", "24-13", "bar/20*", "6 off", "13 to 7"
// (read each with `point`, which returns a number or null). Null when any part is not a point
// or fewer than two are given.
export function parsePointPath(text, point) {
  const parts = normalise(text).replace(/\*/g, "").split(/\s*(?:\/|-|\bto\b|\s)\s*/).filter(Boolean);
  if (parts.length < 2) return null;
  const points = parts.map(point);
  return points.some((p) => p === null || p === undefined) ? null : points;
}

// A legal step {from, to, ...} with these ends, whatever else the engine puts in it.
export function findStep(legalActions, { from, to }) {
  return legalActions.find((a) => a.from === from && a.to === to) || null;
}

// Words for a count of checkers or counters.
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}
