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
// Turns are numbered in the text itself (a list marker is cut off from 100 on); a throw with no
// play says so, and a game's end inside a match is a line of its own.
export function fillMoves(list, { log, startsTurn, names, current, annotate = null, words = null }) {
  const turns = groupTurns(log, startsTurn, annotate);
  const items = [];
  turns.forEach((turn, t) => {
    const li = document.createElement("li");
    const no = document.createElement("span");
    no.className = "no";
    no.textContent = `${t + 1}.`;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = turn.side === null || turn.side === undefined ? "" : `${names[turn.side]}: `;
    li.append(no, " ", who);
    const ends = [];
    for (const entry of turn.entries) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.index = entry.index;
      b.className = `entry ${entry.by}${current === entry.index ? " current" : ""}`;
      b.textContent = words?.(entry) ?? entry.notation;
      li.append(b, " ");
      if (entry.noPlay) {
        const none = document.createElement("span");
        none.className = "no-play";
        none.textContent = "(no play)";
        li.append(none, " ");
      }
      if (entry.gameOver) ends.push(entry.gameOver);
    }
    items.push(li);
    for (const text of ends) {
      const sep = document.createElement("li");
      sep.className = "game-end";
      sep.setAttribute("role", "separator");
      sep.textContent = text;
      items.push(sep);
    }
  });
  list.replaceChildren(...items);
  if (current === null) list.scrollTop = list.scrollHeight;
}
