// The panel beside a board: the facts the family lists (pips, throw, pieces off...) and the move
// list, grouped in turns by the family's rule. The family says what; this lays it out.

import { groupTurns } from "./words.js";

// "You 167 · Computer 167" breaks only at the dot, never between a name and its number.
const keep = (text) => text.replace(/ (?=\d)/g, "\u00a0");

export function fillFacts(dl, facts) {
  dl.replaceChildren(...facts.flatMap(([k, v]) => {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.textContent = keep(v);
    return [dt, dd];
  }));
}

// Each entry a button that shows the position after it; `current` is the one shown, or null.
export function fillMoves(list, { log, startsTurn, names, current }) {
  const turns = groupTurns(log, startsTurn);
  list.replaceChildren(...turns.map((turn) => {
    const li = document.createElement("li");
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = turn.side === null || turn.side === undefined ? "" : `${names[turn.side]}: `;
    li.append(who);
    for (const entry of turn.entries) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.index = entry.index;
      b.className = `entry ${entry.by}${current === entry.index ? " current" : ""}`;
      b.textContent = entry.notation;
      li.append(b, " ");
    }
    return li;
  }));
  if (current === null) list.scrollTop = list.scrollHeight;
}
