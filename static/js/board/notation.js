// Typed moves and commands for the text mode (in the manner of lichess's blind mode), and the
// words it reads back. Pure: no DOM (tests/js/notation.test.js).
//
// The board knows no rules: a typed move is turned into an action and matched against the legal
// actions the server sent; anything else is refused with the legal moves listed.

const SAME = (a, b) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));

function sortKeys(obj) {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function sameAction(a, b) {
  return SAME(a, b);
}

function normalise(text) {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}

// A tables point as typed: 1..24, "bar" (25) or "off" (0).
function tablesPoint(word) {
  if (word === "bar" || word === "b") return 25;
  if (word === "off" || word === "o") return 0;
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

const COMMANDS = {
  undo: ["undo", "back", "take back", "takeback", "u"],
  confirm: ["confirm", "done", "ok", "c"],
  roll: ["roll", "r"],
  double: ["double", "d"],
  take: ["take", "accept", "t"],
  drop: ["drop", "pass", "refuse"],
  pips: ["pips", "pip"],
  score: ["score", "s"],
  dice: ["dice"],
  board: ["board", "position", "look"],
  moves: ["moves", "legal", "m", "l"],
  last: ["last", "what"],
  turn: ["turn", "whose turn", "who"],
  help: ["help", "?", "h"],
};

// What a line typed in the text mode asks for: {kind: "action", action} for a move or a
// decision (matched against the legal actions), {kind: "read", what, arg} for a question,
// or {kind: "error", message}.
export function parseCommand(text, { family, legalActions, legalNotation = [] }) {
  const t = normalise(text);
  if (!t) return { kind: "error", message: "Type a move, or help." };
  for (const [name, words] of Object.entries(COMMANDS)) {
    if (words.includes(t)) {
      if (["pips", "score", "dice", "board", "moves", "last", "turn", "help"].includes(name)) {
        return { kind: "read", what: name };
      }
      const wanted = {
        undo: { undo: true }, confirm: { confirm: true }, roll: { double: false },
        double: { double: true }, take: { take: true }, drop: { drop: true },
      }[name];
      return pick(wanted, legalActions, t);
    }
  }
  const point = t.match(/^(?:p|point)\s*(\d{1,2}|bar|off)$/);
  if (point && family === "tables") return { kind: "read", what: "point", arg: tablesPoint(point[1]) };
  const hole = t.match(/^(?:read|look)\s*(o|their\s*)?(\d)$/);
  if (hole) return { kind: "read", what: "hole", arg: Number(hole[2]) - 1, other: Boolean(hole[1]) };
  // The engine's own notation for a legal action, typed as shown, always works.
  const i = legalNotation.findIndex((n) => normalise(n) === t);
  if (i >= 0) return { kind: "action", action: legalActions[i] };
  let action = null;
  if (family === "tables") action = parseTablesStep(t);
  else if (family === "mancala") action = parseLeaveEmpty(t) || parseBechiMove(t);
  if (!action) return { kind: "error", message: `Not understood: "${text.trim()}". Type help.` };
  if (family === "mancala" && "hole" in action && !("direction" in action)) {
    // A centre hole needs a direction; anywhere else the direction is the rules' own.
    const options = legalActions.filter((a) => a.hole === action.hole);
    if (options.length === 1) return { kind: "action", action: options[0] };
    if (options.length > 1) return { kind: "error", message: `Hole ${action.hole + 1}: say cw or acw (e.g. ${action.hole + 1} cw).` };
  }
  if (family === "tables") {
    const found = legalActions.find((a) => a.from === action.from && a.to === action.to);
    if (found) return { kind: "action", action: found };
  }
  return pick(action, legalActions, t);
}

function pick(wanted, legalActions, text) {
  const found = legalActions.find((a) => SAME(a, wanted));
  if (found) return { kind: "action", action: found };
  return { kind: "error", message: `"${text}" is not possible now.` };
}

// Words for a count of checkers or counters.
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}
