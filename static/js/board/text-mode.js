// The text mode (for screen readers, in the manner of lichess's blind mode): a transcript of
// what happened and a line to type moves and questions into. The family reads its own moves and
// answers its own questions (families.js); this only routes them.

import { parseCommand } from "./notation.js";
import { entryLine } from "./words.js";

const KEEP = 200;

export class TextMode {
  constructor(app) {
    this.app = app;
    this.list = app.q("transcript");
    this.count = 0;
  }

  // Each line keeps its number when the oldest are dropped past KEEP (the markers sit inside
  // the list's box, board.css, so three digits and more are never cut off).
  transcript(line, answer = false) {
    const li = document.createElement("li");
    this.count += 1;
    li.value = this.count;
    li.textContent = line;
    if (answer) li.className = "answer";
    this.list.append(li);
    while (this.list.children.length > KEEP) this.list.firstElementChild.remove();
    this.list.scrollTop = this.list.scrollHeight;
  }

  command(text) {
    const app = this.app;
    const m = app.match;
    if (!m) return;
    this.transcript(`> ${text}`);
    const mine = app.myTurn();
    const family = app.family;
    const result = parseCommand(text, {
      family, legalActions: mine ? m.legal_actions : [], legalNotation: mine ? m.legal_notation : [],
      context: { match: m, config: app.config },
    });
    const answer = (words) => { app.say(words, false); this.transcript(words, true); };
    if (result.kind === "action") { app.act(result.action); return; }
    if (result.kind === "match") {
      // The same buttons' actions (app.resign asks to confirm); said why when they cannot be.
      if (!m.you.length) answer("You are watching this match: only its players can resign or ask for a rematch.");
      else if (result.what === "resign" && m.outcome) answer("The match is over: there is nothing to resign.");
      else if (result.what === "rematch" && !m.outcome) answer("A rematch follows the end of the match: finish or resign it first.");
      else if (result.what === "resign") app.resign();
      else app.rematch();
      return;
    }
    if (result.kind === "path") { app.actPath(result.paths); return; }
    if (result.kind === "error") {
      const legal = mine ? m.legal_notation.join(", ") : "";
      answer(`${result.message}${legal ? ` Legal now: ${legal}.` : mine ? "" : " It is not your turn."}`);
      return;
    }
    const n = app.names;
    switch (result.what) {
      case "moves": answer(mine ? `Legal now: ${m.legal_notation.join(", ")}.` : "It is not your turn."); return;
      case "last": {
        // Who threw is read from the states around each entry (the log does not name a roller).
        const from = Math.max(0, m.log.length - 4);
        const lines = m.log.slice(from).map((e, i) => entryLine(e, n, app.states[from + i + 1], family, app.states[from + i]));
        answer(lines.join(" ") || "Nothing has been played yet.");
        return;
      }
      case "turn": answer(app.status(m)); return;
      default: break;
    }
    const question = family.text?.questions?.[result.what];
    if (question) {
      answer(question.answer({ ...result, state: m.state, viewer: app.viewer, names: n, match: m, mine, config: app.config }));
    } else {
      answer(family.text?.help || app.root.querySelector(".play-help").textContent);
    }
  }
}
