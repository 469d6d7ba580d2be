// The rules-file games (games/engine/rules/CONTRACT.md: sowing, line, hop-capture, tafl,
// chess-like and race games, every one of engine family "rules") as the board host sees them:
// one generic board, its facts, its words and its text-mode readers. Everything but createBoard
// is pure (tests/js/rules-family.test.js).

import { RulesBoard } from "./rules-board.js";
import {
  DEFAULT_SIDES, classify, isPlacement, isStep, actionSites, actionWords, capturedSites, parseRulesInput,
  resolveInput, readPosition, readSite, throwWords, throwValue, phaseWords, seatName, seatLabels, countOf, pendingSite, pendingRemovals, actionLabel,
} from "./rules-geometry.js";
import { verb, isDraw } from "./words.js";

const STEP_MS = { off: 0, fast: 180, normal: 420, slow: 800 };
const LIFT_MS = { off: 0, fast: 120, normal: 260, slow: 500 };

// The variant's board info (Variant.board_info), as the match or the page's config carries it.
export function boardInfo(ctx) {
  const info = ctx?.match?.board ?? ctx?.match?.board_info ?? ctx?.config?.board ?? ctx?.config?.board_info ?? null;
  return gameInfo(info, ctx?.state);
}

// A match of several games on one board (race.tavli: games/engine/rules/match.py): the board info
// of the game being played, whose tracks and marks are its own (geometry.games, state.match.game).
export function gameInfo(info, state) {
  const k = state?.match?.game;
  const games = info?.geometry?.games;
  if (!Number.isInteger(k) || !Array.isArray(games) || !games[k]) return info;
  return { ...info, geometry: games[k] };
}

// The match's lines of the facts: the game being played and the last game's result.
function matchFacts(state, n, info) {
  const m = state?.match;
  if (!m || !Array.isArray(m.games)) return [];
  const title = m.games[m.game] ?? `Game ${m.game + 1}`;
  const out = [["Game", `${title} (game ${m.number} of the match; ${m.games.join(", ")} in turn)`]];
  const last = m.last;
  if (last) {
    const what = m.games[last.game] ?? "the last game";
    out.push(["Last game", last.winner === null || last.winner === undefined ? `${what}: a draw, no point`
      : `${what}: ${named(n, info, last.winner)} ${last.points === 2 ? "won double, 2 points" : "won, 1 point"}`]);
  }
  return out;
}

function seats(info, names) {
  const n = info?.players ?? info?.sides?.length ?? names?.length ?? 2;
  return Array.from({ length: n }, (_, i) => i);
}

const named = (names, info, seat) => seatLabels(names, info)[seat] ?? seatName(names, info?.sides, seat);

function handWords(hand, pieces) {
  const kinds = Object.entries(hand || {}).filter(([, n]) => n > 0);
  return kinds.length ? kinds.map(([k, n]) => countOf(n, pieces, k)).join(" + ") : "none";
}

// The seat the words take as "yours": the viewer's side is a seat, except where seats play in
// teams (then the side's first seat).
function viewerSeat(ctx) {
  const info = boardInfo(ctx);
  const teams = Array.isArray(info?.teams) && (info?.players ?? 2) > 2 ? info.teams : null;
  const side = ctx?.viewer ?? 0;
  return teams ? teams[side]?.[0] ?? side : side;
}

export function isMove(action) {
  return Boolean(action) && (isStep(action) || isPlacement(action) || "remove" in action || "sow" in action);
}

// What the player has to do now, from the legal actions: "Move a piece.", "Place a piece or move
// a piece.", "Go on jumping with the piece on d4.", "No move: pass."
export function todo(state, legal) {
  const c = classify(legal);
  const pending = pendingSite(state);
  if (pending && c.moves.has(pending)) return `Go on with the piece on ${pending}.`;
  const what = [];
  const removing = pendingRemovals(state);
  // The huff (capture kind huff): the pieces of the last mover that could have captured and did not.
  const huff = Array.isArray(state?.huff) ? state.huff.filter((h) => c.removals.has(h)) : [];
  if (huff.length) what.push(`huff the piece on ${huff.join(" or ")} (it could have captured and did not)`);
  else if (c.removals.size) what.push(removing > 1 ? `remove ${removing} pieces` : "remove a piece");
  if (c.sows.size) what.push("sow from a hole");
  if (c.placements.length) what.push(c.placements.every((a) => a.from === "hand") ? "enter a piece" : "place a piece");
  if (c.moves.size) what.push("move a piece");
  const extras = c.other.filter((a) => !a.pass && !a.undo && !a.confirm);
  if (extras.length) what.push(`choose: ${[...new Set(extras.map(actionLabel))].slice(0, 4).join(", ")}${extras.length > 4 ? ", ..." : ""}`);
  if (what.length) {
    const text = what.join(" or ");
    return `${text[0].toUpperCase()}${text.slice(1)}${c.other.some((a) => a.pass) ? ", or pass" : ""}.`;
  }
  return (legal || []).some((a) => a.pass) ? "No move: pass." : "";
}

// The log's last move (and the hops before it in the same turn) as site names to highlight.
export function lastMoveSites(log) {
  let i = log.length - 1;
  while (i >= 0 && (log[i].by === "chance" || !isMove(log[i].action))) i--;
  if (i < 0) return [];
  const side = log[i].side;
  const sites = [];
  for (; i >= 0; i--) {
    const entry = log[i];
    if (entry.by === "chance" || entry.side !== side || !isMove(entry.action)) break;
    sites.unshift(...actionSites(entry.action));
  }
  return [...new Set(sites)];
}

// The notation adds something to the words (a capture mark, a promotion) when it says more than
// the action's own sites.
function notationAdds(notation, action) {
  let rest = String(notation ?? "");
  for (const site of actionSites(action)) rest = rest.split(site).join("");
  if ("remove" in action) rest = rest.replace(/x/gi, ""); // the removal's own mark
  return /[^\s\-–→:/@]/.test(rest.replace(/\bsow\b|\bplace\b|\bremove\b|\bpass\b|\bhand\b/gi, ""));
}

export const rules = {
  name: "rules",
  sides: DEFAULT_SIDES,
  autoConfirm: true,
  decisions: [{ name: "pass", label: "Pass", action: { pass: true }, words: ["pass", "p"] }],

  createBoard(host, { onMove, label, config }) {
    return new RulesBoard(host, { onMove, label, info: boardInfo({ config }) });
  },

  isMove,

  // A turn starts at each throw, or when another seat plays (a multi-jump's hops are one turn).
  startsTurn(entry, last) {
    return entry.by === "chance" || (last.side !== null && last.side !== entry.side) ||
      (entry.seat !== undefined && last.seat !== undefined && entry.seat !== last.seat);
  },

  // Where a side plays a team's seats (Pachisi), the log's side is the team: the seat that
  // acted is the one to move before the entry, named as the board names it ("North (You)").
  annotate(entry, before, after, names, info) {
    const teams = Array.isArray(info?.teams) && (info?.players ?? 2) > 2;
    const seat = before?.to_move;
    if (!teams || seat === null || seat === undefined) return {};
    return { seat, who: named(names, info, seat) };
  },

  // The side that threw is the side to move before the throw.
  chanceLine(entry, names, after, before) {
    if (!Array.isArray(entry.action?.throw)) return null;
    const side = before?.to_move ?? after?.to_move;
    const who = entry.who ?? (side === null || side === undefined ? null : names[side] ?? `Seat ${side + 1}`); // a two-seat game's side
    const value = after?.throw?.pair ? null : after?.throw?.value;
    const faces = entry.action.throw.join(after?.throw?.pair ? " and " : " ");
    const worth = value === undefined || value === null ? "" : ` = ${value}`;
    return who ? `${who} ${verb(who, "throws", "throw")} ${faces}${worth}.` : `Throw: ${faces}${worth}.`;
  },

  actionLine(entry, names) {
    if (!isMove(entry.action) && !entry.action?.pass) return null;
    const who = entry.who ?? names[entry.side] ?? (entry.side === null || entry.side === undefined ? "Someone" : `Seat ${entry.side + 1}`);
    const words = actionWords(entry.action, { person: who === "You" ? "you" : "they" });
    const extra = entry.notation && !entry.action.pass && notationAdds(entry.notation, entry.action) ? ` (${entry.notation})` : "";
    return `${who} ${words}${extra}.`;
  },

  highlight: (log) => lastMoveSites(log),

  // Others' moves are shown one at a time: the piece or hole lifted, then the position after it
  // with what it took crossed out.
  playsBackOwnMoves: false,
  async playBack({ board, entry, state, before, viewer, names, speed, pause }) {
    const sites = isMove(entry.action) ? actionSites(entry.action) : [];
    if (sites.length && before?.board && (LIFT_MS[speed] ?? 0)) {
      board.set({ state: before, viewer, mover: null, legal: [], highlight: sites.slice(0, 1), names });
      await pause(LIFT_MS[speed] ?? 260);
    }
    const captured = before?.board && state?.board ? capturedSites(before, state, entry.action) : [];
    board.set({ state, viewer, mover: null, legal: [], highlight: sites, captured, names });
    await pause(STEP_MS[speed] ?? 420);
  },

  facts(state, n, ctx) {
    const info = boardInfo(ctx);
    const pieces = info?.pieces || {};
    const all = seats(info, n);
    const each = (f) => all.map((s) => `${named(n, info, s)} ${f(s)}`).join(" · ");
    const facts = [];
    if (state.phase && state.phase !== "play") facts.push(["Phase", phaseWords(state.phase)]);
    if (state.throw) facts.push(["Throw", throwWords(state.throw)]);
    if (pendingSite(state)) facts.push(["Goes on", `the piece on ${pendingSite(state)}`]);
    if (pendingRemovals(state)) facts.push(["To remove", String(pendingRemovals(state))]);
    facts.push(...matchFacts(state, n, info));
    if (Array.isArray(state.scores)) facts.push(["Score", `${each((s) => state.scores[s] ?? 0)}${state.match?.to ? ` (match to ${state.match.to})` : ""}`]);
    const hands = Array.isArray(state.hands) ? state.hands : [];
    if (info?.geometry?.hands || hands.some((h) => h && Object.values(h).some((x) => x > 0))) {
      facts.push(["In hand", each((s) => handWords(hands[s], pieces))]);
    }
    if (Array.isArray(state.off)) facts.push(["Borne off", each((s) => state.off[s] ?? 0)]);
    if (Array.isArray(info?.teams) && info.teams.length) {
      // The play layer's sides are the teams: "You: Red & Yellow · Computer: Green & Black".
      const sides = info.sides || [];
      const team = (t) => t.map((s) => sides[s] ?? `Seat ${s + 1}`).join(" & ");
      const personal = info.teams.some((t, i) => n?.[i] && n !== DEFAULT_SIDES && n[i] !== sides[i]);
      facts.push(["Teams", personal ? info.teams.map((t, i) => `${n[i]}: ${team(t)}`).join(" · ") : info.teams.map(team).join(" v ")]);
    }
    return facts;
  },

  outcome(outcome, names) {
    const score = Array.isArray(outcome.score) && outcome.score.length ? `, ${outcome.score.join("–")}` : "";
    const how = outcome.how && !["single", "resign"].includes(outcome.how) ? ` (${String(outcome.how).replace(/[-_]+/g, " ")})` : "";
    if (isDraw(outcome)) return `A draw${how}${score}.`;
    const who = names[outcome.winner] ?? `Seat ${outcome.winner + 1}`;
    return `${who} ${verb(who, "wins", "win")}${how}${score}.`;
  },

  status({ state, match, names, mine, who, yours }) {
    // Where seats play in teams the side to move is a team: the seat that moves is named.
    const info = boardInfo({ match });
    const seat = state?.to_move;
    if (Array.isArray(info?.teams) && (info.players ?? 2) > 2 && Number.isInteger(seat)) {
      const label = seatLabels(names, info)[seat];
      const own = info.sides?.[seat];
      if (mine && own) yours = `${yours} (${own})`;
      else if (label && who) yours = yours.replace(who, label);
    }
    const value = throwValue(state?.throw);
    const thrown = value === undefined || value === null ? "" : `: threw ${value}`;
    const what = mine ? todo(state, match.legal_actions || []) : "";
    return `${yours}${thrown}.${what ? ` ${what}` : ""}`;
  },

  text: {
    help: "Type a move by its sites: a1 b2 (or a1-b2, a1xb2; a1-c3-e5 for several jumps) to move, c3 or place c3 to place (place king c3 for a kind), x d4 or remove d4 to remove, 3 or sow 3 (3 cw) to sow, in c3 to enter a piece, c3 off to bear one off; or a command: read a1 (what is on a1), board, hands, score, throw, moves, last, pass, undo, help.",
    questions: {
      board: {
        words: ["board", "position", "look"],
        answer: (ctx) => readPosition(boardInfo(ctx), ctx.state, { viewer: viewerSeat(ctx), names: seatLabels(ctx.names, boardInfo(ctx)) }),
      },
      score: {
        words: ["score", "s"],
        answer: (ctx) => {
          const info = boardInfo(ctx);
          const { state, names: n } = ctx;
          if (!Array.isArray(state.scores)) return "No score in this game.";
          return `Score: ${seats(info, n).map((s) => `${named(n, info, s)} ${state.scores[s] ?? 0}`).join(", ")}.`;
        },
      },
      hands: {
        words: ["hands", "hand", "reserve"],
        answer: (ctx) => {
          const info = boardInfo(ctx);
          const { state, names: n } = ctx;
          const hands = Array.isArray(state.hands) ? state.hands : [];
          return `In hand: ${seats(info, n).map((s) => `${named(n, info, s)} ${handWords(hands[s], info?.pieces)}`).join(", ")}.`;
        },
      },
      throw: {
        words: ["throw", "dice", "roll"],
        answer: ({ state }) => `Throw: ${throwWords(state.throw)}.`,
      },
      site: {
        words: [],
        answer: (ctx) => readSite(boardInfo(ctx), ctx.state, ctx.arg, { viewer: viewerSeat(ctx), names: seatLabels(ctx.names, boardInfo(ctx)) }),
      },
    },
    // "read a1", "sq e5", "hole 3": what is on a site.
    question(t) {
      const m = t.match(/^(?:read|look|sq|square|site|point|what)\s+(\S+)$/);
      return m ? { what: "site", arg: m[1] } : null;
    },
    move(t, legalActions, ctx) {
      const info = boardInfo(ctx);
      const sites = (info?.geometry?.sites || []).map((s) => s.name);
      const intent = parseRulesInput(t, { sites, kinds: Object.keys(info?.pieces || {}) });
      if (!intent) return null;
      return resolveInput(intent, legalActions, { pieces: info?.pieces || {} });
    },
  },
};
