// What the board says: side names, the status line, and the text mode's answers. Pure: no DOM
// (tests/js/words.test.js).

import { toView, BAR, OFF } from "./tables-geometry.js";
import { plural } from "./notation.js";

// Names for the two sides as this viewer should read them.
export function sideNames({ family, opponent, you, sides }) {
  const base = family === "tables" ? ["White", "Black"] : ["South", "North"];
  if (you.length === 1) {
    const me = you[0];
    const names = [...base];
    names[me] = "You";
    names[1 - me] = sides[1 - me]?.player === "computer" ? "Computer" : opponent === "remote" ? "Your friend" : base[1 - me];
    return names;
  }
  return base;
}

function verb(name, singular, plural_) {
  return name === "You" ? plural_ : singular;
}

// One line for a log entry; `after` is the state the entry led to (for who rolled).
export function entryLine(entry, names, after) {
  if (entry.by === "chance") {
    if ("opening" in entry.action) {
      const [a, b] = entry.action.opening;
      const starts = after && after.to_move !== null && after.to_move !== undefined ? `; ${names[after.to_move]} ${verb(names[after.to_move], "starts", "start")}` : "";
      return `Opening throw: ${names[0]} ${a}, ${names[1]} ${b}${starts}.`;
    }
    if ("roll" in entry.action) {
      const who = after && after.to_move !== null && after.to_move !== undefined ? names[after.to_move] : null;
      return who ? `${who} ${verb(who, "rolls", "roll")} ${entry.notation}.` : `Dice: ${entry.notation}.`;
    }
    return `${entry.notation}.`;
  }
  const name = names[entry.side] ?? "Someone";
  if ("leave_empty" in entry.action || "double" in entry.action || "take" in entry.action || "drop" in entry.action) {
    return `${name}: ${entry.notation}.`;
  }
  return `${name} ${verb(name, "plays", "play")} ${entry.notation}.`;
}

// Turns of a log for the move list: a new turn starts at each throw of the dice, or with each
// action in games without dice.
export function groupTurns(log, family) {
  const turns = [];
  log.forEach((entry, i) => {
    const last = turns[turns.length - 1];
    const startsTurn = family !== "tables" || entry.by === "chance" || !last ||
      ("double" in entry.action) || ("take" in entry.action) || ("drop" in entry.action) ||
      (last.side !== null && last.side !== entry.side);
    if (startsTurn) turns.push({ side: entry.side, entries: [] });
    const turn = turns[turns.length - 1];
    if (turn.side === null && entry.side !== null) turn.side = entry.side;
    turn.entries.push({ ...entry, index: i + 1 });
  });
  return turns;
}

export function outcomeLine(outcome, names, family) {
  if (!outcome) return "";
  const who = names[outcome.winner];
  const how = outcome.how && outcome.how !== "single" ? ` (${outcome.how})` : "";
  if (family === "tables") {
    return `${who} ${verb(who, "wins", "win")} the match${how}, ${outcome.score[0]}–${outcome.score[1]}.`;
  }
  return `${who} ${verb(who, "wins", "win")}${how}: ${outcome.score[0]}–${outcome.score[1]} counters.`;
}

// The status line: whose turn and what they have to do.
export function statusLine({ family, state, match, names, mine, awaiting }) {
  if (match.outcome) return `Game over. ${outcomeLine(match.outcome, names, family)}`;
  const side = match.to_move;
  if (side === null || side === undefined) return "…";
  const who = names[side];
  const yours = mine ? "Your turn" : `${who} to play`;
  if (awaiting) return mine ? "Turn played: confirm it, or take back a step." : `${who} is finishing the turn…`;
  if (family === "tables") {
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
  }
  if (state.phase === "leave_empty") {
    return `${yours}: choose the holes to leave empty this round (not enough counters to fill them all).`;
  }
  return `${yours}: sow from a hole with two or more counters.`;
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
