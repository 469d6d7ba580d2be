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
  return name === "You" ? plural_ : singular;
}

// An outcome without a winner (Béchi's rounds repeating at equal counters).
export function isDraw(outcome) {
  return outcome.winner === null || outcome.winner === undefined;
}

// One line for a log entry; `after` is the state the entry led to (for who threw). The family
// words its chance entries (family.chanceLine) and says which actions are moves on the board.
export function entryLine(entry, names, after, family = {}) {
  if (entry.by === "chance") {
    return family.chanceLine?.(entry, names, after) || `${entry.notation}.`;
  }
  const name = names[entry.side] ?? "Someone";
  if (!family.isMove?.(entry.action)) return `${name}: ${entry.notation}.`;
  return `${name} ${verb(name, "plays", "play")} ${entry.notation}.`;
}

// Turns of a log for the move list; the family says where a new one starts
// (startsTurn(entry, lastTurn)).
export function groupTurns(log, startsTurn) {
  const turns = [];
  log.forEach((entry, i) => {
    const last = turns[turns.length - 1];
    if (!last || startsTurn(entry, last)) turns.push({ side: entry.side, entries: [] });
    const turn = turns[turns.length - 1];
    if (turn.side === null && entry.side !== null) turn.side = entry.side;
    turn.entries.push({ ...entry, index: i + 1 });
  });
  return turns;
}

// The status line: whose turn and what they have to do (the family says what, mid-game).
export function statusLine({ family, state, match, names, mine, awaiting }) {
  if (match.outcome) return `Game over. ${family.outcome(match.outcome, names)}`;
  const side = match.to_move;
  if (side === null || side === undefined) return "…";
  const who = names[side];
  const yours = mine ? "Your turn" : `${who} to play`;
  if (awaiting) return mine ? "Turn played: confirm it, or take back a step." : `${who} is finishing the turn…`;
  return family.status({ state, match, names, mine, who, yours });
}
