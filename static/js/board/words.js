// What the board says, whatever the game: side names, log entries, the move list's turns and the
// status line. Each family brings its own words for its positions (families.js). Pure: no DOM
// (tests/js/words.test.js).

// Names for the two sides as this viewer should read them; `base` is the family's ("White",
// "Black").
export function sideNames({ base, opponent, you, sides }) {
  if (you.length === 1) {
    const me = you[0];
    const names = [...base];
    names[me] = "You";
    names[1 - me] = sides[1 - me]?.player === "computer" ? "Computer" : opponent === "remote" ? "Your friend" : base[1 - me];
    return names;
  }
  return [...base];
}

export function verb(name, singular, plural_) {
  return name === "You" || name === "you" ? plural_ : singular;
}

// A side's name inside a sentence: "you", "your friend"; others as they are (Computer, White).
export function midName(name) {
  return name === "You" || name === "Your friend" ? name.toLowerCase() : name;
}

// An outcome without a winner (Béchi's rounds repeating at equal counters).
export function isDraw(outcome) {
  return outcome.winner === null || outcome.winner === undefined;
}

// One line for a log entry; `before` and `after` are the states around it (who threw is the side
// to move before the throw: after it, a throw with no legal move has already passed the turn).
// The family words its chance entries (family.chanceLine) and its decisions (family.actionLine),
// and says which actions are moves on the board.
export function entryLine(entry, names, after, family = {}, before = null) {
  if (entry.by === "chance") {
    return family.chanceLine?.(entry, names, after, before) || `${entry.notation}.`;
  }
  const name = names[entry.side] ?? "Someone";
  const own = family.actionLine?.(entry, names);
  if (own) return own;
  const notation = family.notation?.(entry, names) ?? entry.notation;
  if (!family.isMove?.(entry.action)) return `${name}: ${notation}.`;
  // Another side's move written in the reader's numbering (readBy) also says it as that side
  // counts, so neither numbering is a puzzle.
  const theirs = notation !== entry.notation ? ` (${entry.notation} in ${name === "Your friend" ? "their" : "its"} own numbering)` : "";
  return `${name} ${verb(name, "plays", "play")} ${notation}${theirs}.`;
}

// The family as one reader sees it: its notation gets a third argument, `reader()`
// ({viewer, hotseat, match, config}), so another side's moves are written in the numbering the
// board shows this viewer (each side counts its own route, and the board prints only the
// viewer's numbers). The family's other words are its own.
export function readBy(family, reader) {
  const bound = Object.create(family);
  if (family.notation) bound.notation = (entry, names) => family.notation(entry, names, reader());
  // A resignation is worded here for every family ("Result: You win, 0–0" was a race's).
  bound.outcome = (outcome, names) => outcomeLine(family, outcome, names);
  return bound;
}

// Whose numbering a move by `side` is shown in: the viewer's, unless two share the device (each
// then sees the board from the side to move, in its own numbering) or the move is the viewer's.
export function readerNumbering(reader, side) {
  if (!reader || reader.hotseat || reader.viewer === null || reader.viewer === undefined) return null;
  return side === reader.viewer || side === null || side === undefined ? null : reader.viewer;
}

// Turns of a log for the move list; the family says where a new one starts
// (startsTurn(entry, lastTurn)). `annotate(entry, index)` may add what the log alone does not
// say: who threw (side), a throw with no legal move (noPlay), a game's end (gameOver: words), and,
// where a side plays several seats, the seat that acted (seat) and its name (who).
export function groupTurns(log, startsTurn, annotate = null) {
  const turns = [];
  log.forEach((plain, i) => {
    const entry = { ...plain, ...(annotate?.(plain, i + 1) || {}) };
    const last = turns[turns.length - 1];
    if (!last || startsTurn(entry, last)) turns.push({ side: entry.side, seat: entry.seat, who: entry.who, entries: [] });
    const turn = turns[turns.length - 1];
    if (turn.side === null && entry.side !== null) turn.side = entry.side;
    if (!turn.who && entry.who) turn.who = entry.who;
    turn.entries.push({ ...entry, index: i + 1 });
  });
  return turns;
}

// A match given up: who resigned and who takes it. Where the family plays matches to points
// (family.playsMatches) the match and its score; else the game, with no score (a race game's
// "score" is its pieces borne off, and "You win, 0–0" read as a tie).
export function resignLine(outcome, names, { matches = false } = {}) {
  const quitter = names[outcome.resigned] ?? "A player";
  const winner = midName(names[outcome.winner] ?? "the other side");
  if (!matches) return `${quitter} ${verb(quitter, "resigns", "resign")}: ${winner} ${verb(winner, "wins", "win")} the game.`;
  const score = Array.isArray(outcome.score) && outcome.score.some((n) => n) ? `, ${outcome.score[0]}–${outcome.score[1]}` : "";
  return `${quitter} ${verb(quitter, "resigns", "resign")}: ${winner} ${verb(winner, "wins", "win")} the match${score}.`;
}

// The result in words: a resignation as such, else the family's own words.
export function outcomeLine(family, outcome, names) {
  if (outcome?.how === "resign") return resignLine(outcome, names, { matches: Boolean(family.playsMatches) });
  return family.outcome(outcome, names);
}

// The rule terms a player meets on the board, each explained in a sentence; `pattern` finds the
// term in what the board says. The board config's `terms` (games/templatetags/play.py) gives, per
// ruleset, the clause that states each term and its address on the game's page.
export const TERMS = [
  { term: "mars", pattern: /(?<!turkish |black )\bmars\b/i, means: "a win worth 2 points: the loser had not borne off a single piece." },
  { term: "Turkish mars", pattern: /\bturkish mars\b/i, means: "a win worth 3 points: the loser had borne off none and still had a checker on the bar." },
  { term: "black mars", pattern: /\bblack mars\b/i, means: "a win worth 3 points: the loser had borne off none and still had a piece in the winner's home quarter." },
  { term: "gammon", pattern: /\bgammon\b/i, means: "a win worth 2 points (times the cube): the loser had not borne off a single checker." },
  { term: "backgammon", pattern: /\(backgammon\)/i, means: "a win worth 3 points (times the cube): the loser had borne off none and still had a checker on the bar or in the winner's home quarter." },
  { term: "cascade", pattern: /\bcascade\b/i, means: "after a double, each higher double is played in turn, four moves of each, up to 6-6; what the roller cannot play, the opponent plays." },
  { term: "shu", pattern: /\bshu\b/i, means: "a counter sown by mistake into a hole its owner left empty is forfeit unless taken back before the owner says “shu”." },
  { term: "cannot fill a single hole", pattern: /cannot fill a single hole/i, means: "Béchi ends when a player has fewer counters than a hole needs at the start of a round: the other player wins." },
  { term: "huff", pattern: /\bhuff(ed)?\b/i, means: "a piece that could have captured and did not may be taken off by the opponent, first thing in the opponent's turn." },
  { term: "finished first", pattern: /finished first/i, means: "the tie-break: with as many pieces borne off on each side, the side whose pieces were all off the board first wins." },
];

// The terms a text uses, in TERMS order: [{term, means, clause, href}] (clause and href where the
// ruleset's clauses state the term).
export function termsIn(text, known = {}) {
  return TERMS.filter(({ pattern }) => pattern.test(text)).map(({ term, means }) => ({ term, means, ...(known?.[term] || {}) }));
}

// The status line: whose turn and what they have to do (the family says what, mid-game).
// Two players on one device (hotseat) are each named: "White to move", never "Your turn".
export function statusLine({ family, state, match, names, mine, awaiting, hotseat = false }) {
  if (match.outcome) return `Game over. ${outcomeLine(family, match.outcome, names)}`;
  const side = match.to_move;
  if (side === null || side === undefined) return "…";
  const who = names[side];
  const personal = mine && !hotseat;
  const yours = personal ? "Your turn" : `${who} to ${hotseat ? "move" : "play"}`;
  const after = family.afterTurn?.({ state, match, names, side }) || "";
  if (awaiting) {
    const text = personal ? "Turn played: confirm it, or take back a step." : mine ? `${who}: turn played, confirm it or take back a step.` : `${who} is finishing the turn…`;
    return `${text}${after ? ` ${after}` : ""}`;
  }
  return family.status({ state, match, names, mine: personal, who, yours });
}
