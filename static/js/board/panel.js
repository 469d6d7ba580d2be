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

// The rule terms the board's words use (words.js: termsIn), each explained in a sentence, with a
// link to the clause of the rules that states it where the ruleset has one.
export function fillTerms(box, terms) {
  if (!box) return;
  box.replaceChildren(...terms.map(({ term, means, clause, href }) => {
    const p = document.createElement("p");
    const b = document.createElement("b");
    b.textContent = term;
    p.append(b, `: ${means}`);
    if (href) {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = clause;
      a.title = `The rule that says so: clause ${clause}`;
      p.append(" (", a, ")");
    }
    return p;
  }));
  box.hidden = !terms.length;
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
    who.textContent = turn.who ? `${turn.who}: ` : turn.side === null || turn.side === undefined ? "" : `${names[turn.side]}: `;
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
        none.textContent = "(no move)";
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

// -- the match around the game: its length, resigning, the rematch, presence and exports --------

const EXPORT_NAMES = { json: "JSON record", mat: "gnubg/Jellyfish .mat", sgf: "SGF" };

function make(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

// The start form's "Match to" choice (drawn with the page where the variant is played to
// points: templatetags/play.py, match_length_choices). Returns a function reading the options.
export function matchLengthChoice(form) {
  const select = form?.querySelector("select[name=match_to]");
  return select ? () => ({ match_to: Number(select.value) }) : () => ({});
}

// Resign and rematch buttons beside the turn's buttons; whether a friend has joined, the rematch
// on offer and the exports beside the share link. The host (app.js) calls update(match) when it
// draws, and passes what to do on a click.
export class MatchBar {
  constructor(root, { onResign, onRematch }) {
    const q = (role) => root.querySelector(`[data-role="${role}"]`);
    this.controls = q("controls");
    this.resign = make("button", { type: "button", "data-match": "resign" }, "Resign");
    this.rematch = make("button", { type: "button", "data-match": "rematch", class: "primary" }, "Rematch");
    this.resign.hidden = true;
    this.rematch.hidden = true;
    this.resign.addEventListener("click", () => onResign());
    this.rematch.addEventListener("click", () => onRematch());
    this.controls.append(this.rematch, this.resign);
    const share = q("share");
    this.presence = make("p", { class: "play-presence", "data-role": "presence", "aria-live": "polite" });
    this.presence.hidden = true;
    this.exports = make("p", { class: "play-exports", "data-role": "exports" });
    share.prepend(this.presence);
    share.append(this.exports);
  }

  update(match, { playing = false } = {}) {
    const player = match.you.length > 0;
    const remote = match.opponent === "remote" && match.you.length === 1;
    this.resign.hidden = !player || Boolean(match.outcome) || playing;
    this.rematch.hidden = !player || !match.outcome;
    this.rematch.textContent = match.rematch ? (remote ? "Play the rematch (offered)" : "Go to the rematch") : "Rematch";
    // Presence: whether the friend has opened the link, and a rematch on offer.
    let presence = "";
    if (remote) {
      const other = 1 - match.you[0];
      if (match.rematch) presence = "A rematch is on offer: the sides are swapped.";
      else presence = match.joined?.[other] ? "Your friend has joined." : "Waiting for your friend to open the link…";
    }
    this.presence.textContent = presence;
    this.presence.hidden = !presence;
    this.presence.dataset.joined = remote && match.joined?.[1 - match.you[0]] ? "yes" : "no";
    const links = Object.entries(match.exports || {}).filter(([fmt]) => fmt !== "json").map(([fmt, href]) => {
      const a = make("a", { href, download: "", "data-export": fmt }, EXPORT_NAMES[fmt] || fmt);
      return a;
    });
    const items = links.flatMap((a, i) => (i ? [" · ", a] : [a]));
    this.exports.replaceChildren(...(items.length ? ["Also as: ", ...items] : []));
  }
}
