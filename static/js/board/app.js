// One playable board on a page: starts or opens a match, shows it, sends the player's actions,
// and keeps up with the opponent. The rules live on the server; this only shows what it says.

import { PlayApi, withLog } from "./api.js";
import { TablesBoard } from "./tables-board.js";
import { BechiBoard } from "./bechi-board.js";
import { parseCommand, sameAction } from "./notation.js";
import { pipCounts } from "./tables-geometry.js";
import {
  sideNames, entryLine, groupTurns, statusLine, outcomeLine, readPoint, readBoard, readHoles, readHole,
} from "./words.js";

const POLL_MS = 1000;
const STEP_MS = { off: 0, fast: 120, normal: 320, slow: 650 };
const UNDO = { undo: true };
const CONFIRM = { confirm: true };

function isMeta(action) {
  return sameAction(action, UNDO) || sameAction(action, CONFIRM);
}

function storage() {
  try { return window.localStorage; } catch (e) { return null; }
}

export class PlayApp {
  constructor(root) {
    this.root = root;
    this.config = JSON.parse(root.querySelector("script[type='application/json']").textContent);
    this.family = this.config.family;
    this.api = new PlayApi(this.config.api);
    this.q = (role) => root.querySelector(`[data-role="${role}"]`);
    this.match = null;
    this.token = null;
    this.etag = null;
    this.replay = null; // index into the record being shown, or null for the live position
    this.record = null; // {initial, moves: [{...entry, state}]}, filled on demand
    this.busy = false;
    this.justUndid = false;
    this.settingsKey = `play:settings:${this.family}`;
    this.settings = {
      autoForced: false, autoConfirm: this.family !== "tables", speed: "normal", textMode: false,
      ...JSON.parse(storage()?.getItem(this.settingsKey) || "{}"),
    };
    const boardHost = this.q("board");
    const onMove = (action) => this.act(action);
    this.board = this.family === "tables"
      ? new TablesBoard(boardHost, { onMove, label: `${this.config.title} board` })
      : new BechiBoard(boardHost, {
        onMove, label: `${this.config.title} board`,
        onChoice: ({ picked, need }) => this.say(`Picked ${picked.map((i) => i + 1).join(", ") || "none"}; ${need} to leave empty.`, false),
      });
    this.wire();
    if (this.config.match) this.open(this.config.match);
  }

  // -- wiring -------------------------------------------------------------------------------

  wire() {
    const form = this.q("start");
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const data = new FormData(form);
      this.start({
        opponent: data.get("opponent"), level: data.get("level") || undefined, side: Number(data.get("side") || 0),
      });
    });
    this.root.querySelectorAll("[data-do]").forEach((button) => {
      button.addEventListener("click", () => this.control(button.dataset.do));
    });
    this.root.querySelectorAll("[data-replay]").forEach((button) => {
      button.addEventListener("click", () => this.step(button.dataset.replay));
    });
    this.root.querySelectorAll("[data-setting]").forEach((input) => {
      const name = input.dataset.setting;
      if (input.type === "checkbox") input.checked = Boolean(this.settings[name]);
      else input.value = this.settings[name];
      input.addEventListener("change", () => {
        this.settings[name] = input.type === "checkbox" ? input.checked : input.value;
        storage()?.setItem(this.settingsKey, JSON.stringify(this.settings));
        this.render();
      });
    });
    this.q("command").addEventListener("submit", (e) => {
      e.preventDefault();
      const input = this.q("command-input");
      const text = input.value;
      input.value = "";
      this.command(text);
    });
    this.q("moves").addEventListener("click", (e) => {
      const button = e.target.closest("[data-index]");
      if (button) this.showReplay(Number(button.dataset.index));
    });
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) this.poll(true);
    });
  }

  control(what) {
    const wanted = {
      roll: { double: false }, double: { double: true }, take: { take: true }, drop: { drop: true },
      undo: UNDO, confirm: CONFIRM,
    }[what];
    if (wanted) {
      const found = (this.match?.legal_actions || []).find((a) => sameAction(a, wanted));
      if (found) this.act(found);
    } else if (what === "new") {
      this.stopPolling();
      this.match = null;
      this.q("main").hidden = true;
      this.q("start").hidden = false;
    } else if (what === "copy") {
      const input = this.q("share-url");
      input.select();
      navigator.clipboard?.writeText(input.value).then(() => this.say("Link copied.", false), () => {});
    }
  }

  // -- the match ------------------------------------------------------------------------------

  async start({ opponent, level, side }) {
    const body = { variant: this.config.variant, options: this.config.options, opponent, side };
    if (opponent === "computer") body.level = level;
    this.setBusy(true, "Starting…");
    const { status, body: data } = await this.api.create(body);
    this.setBusy(false);
    if (status !== 201) {
      this.say(`Could not start: ${data?.reason || status}`);
      return;
    }
    this.token = data.token;
    storage()?.setItem(`play:token:${data.id}`, data.token);
    if (data.invite_url) storage()?.setItem(`play:invite:${data.id}`, data.invite_url);
    if (location.pathname.startsWith("/play/")) history.replaceState(null, "", data.url);
    this.record = null;
    this.replay = null;
    this.show(data, { announce: true, previous: { log: [], state: null } });
  }

  async open(id) {
    const fromLink = location.hash.match(/^#t=([\w-]+)$/);
    if (fromLink) {
      storage()?.setItem(`play:token:${id}`, fromLink[1]);
      history.replaceState(null, "", location.pathname + location.search);
    }
    this.token = fromLink ? fromLink[1] : storage()?.getItem(`play:token:${id}`);
    const { status, body } = await this.api.read(id, this.token);
    if (status !== 200) {
      this.q("start").hidden = true;
      this.q("main").hidden = false;
      this.q("status").textContent = `This match could not be opened: ${body?.reason || status}.`;
      return;
    }
    this.etag = null;
    this.show(body, { announce: false, previous: null });
    this.say(`${this.config.title}. ${this.q("status").textContent}`);
  }

  show(match, { announce, previous }) {
    this.match = match;
    this.root.dataset.settled = "no";
    this.q("start").hidden = true;
    this.q("main").hidden = false;
    this.root.dataset.matchId = match.id;
    this.root.dataset.version = match.version;
    this.names = sideNames({ family: this.family, opponent: match.opponent, you: match.you, sides: match.sides });
    this.viewer = match.you.length === 1 ? match.you[0] : 0;
    if (this.record && (this.record.moves.length > match.log.length ||
        this.record.moves.some((m, i) => JSON.stringify(m.action) !== JSON.stringify(match.log[i]?.action)))) {
      this.record = null; // a step was taken back: the cached replay no longer holds
    }
    this.updateShare();
    this.arrive(previous, announce);
    this.schedulePoll();
  }

  // New log entries: announce them, and play them back (the computer's steps, a sowing) before
  // handing the board to the player.
  async arrive(previous, announce) {
    const match = this.match;
    let start = match.log.length;
    if (previous) {
      const same = (a, b) => a && b && a.by === b.by && JSON.stringify(a.action) === JSON.stringify(b.action);
      start = 0;
      while (start < previous.log.length && same(previous.log[start], match.log[start])) start += 1;
    }
    const fresh = match.log.slice(start);
    const speed = this.settings.speed;
    if (previous && match.log.length < previous.log.length) this.say("Step taken back.");
    if (!fresh.length || !announce) { this.settle(); return; }
    let states = null;
    let rowsBefore = previous?.state?.rows;
    if (fresh.length === 1 && previous?.state) states = [match.state];
    else {
      const { status, body } = await this.api.record(match.id, start);
      if (status === 200) {
        states = body.moves.map((m) => m.state);
        if (start === 0) rowsBefore = body.initial_state.rows;
      }
    }
    const lines = fresh.map((entry, i) => entryLine(entry, this.names, states?.[i]));
    const game = match.state.last_game;
    if (this.family === "tables" && game && JSON.stringify(game) !== JSON.stringify(previous?.state?.last_game ?? null)) {
      // A game of the match has ended (the next one may already be under way): say so plainly.
      const s = match.state.score;
      lines.push(`${this.names[game.winner]} won the game: ${game.points} point${game.points === 1 ? "" : "s"}${game.how && game.how !== "single" ? ` (${game.how})` : ""}. Score ${s[0]}–${s[1]}.`);
    }
    // Only what others did is played back; the player's own move is already on the board.
    const others = fresh.some((e) => !(e.by === "human" && this.match.you.includes(e.side)));
    if (states && speed !== "off" && (others || this.family !== "tables")) {
      this.playing = true;
      this.root.dataset.myTurn = "no";
      for (let i = 0; i < fresh.length; i++) {
        if (this.match !== match) break;
        const state = states[i];
        if (this.family === "tables") {
          if (fresh[i].by === "chance" && i + 1 < fresh.length) continue;
          this.board.set({ state, viewer: this.viewer, mover: null, legal: [], highlight: this.highlight(fresh[i]) });
          await new Promise((r) => setTimeout(r, STEP_MS[speed] ?? 320));
        } else if ("hole" in fresh[i].action && rowsBefore) {
          this.board.set({ state, viewer: this.viewer, mover: null, legal: [], names: this.names });
          await this.board.animate(rowsBefore, state.last_move, speed);
        }
        rowsBefore = state.rows;
      }
      this.playing = false;
    }
    if (this.match === match) {
      this.settle();
      const extra = this.status(match);
      this.say([...lines, extra].join(" "));
      lines.forEach((line) => this.transcript(line));
      if (extra) this.transcript(extra);
    }
  }

  // The board shows the latest position and waits for the player (tests wait for this too).
  settle() {
    this.render();
    this.root.dataset.settled = "yes";
  }

  highlight(entry) {
    if (entry.by === "chance" || typeof entry.action.from !== "number") return [];
    return [[entry.side, entry.action.from], [entry.side, entry.action.to]];
  }

  async act(action) {
    const match = this.match;
    if (!match || this.busy || this.playing || this.replay !== null) return;
    this.justUndid = sameAction(action, UNDO);
    this.setBusy(true, match.sides.some((s) => s.player === "computer") ? "Thinking…" : "Sending…");
    // log_from: the server sends only the log entries this board does not hold yet.
    const body = { action, version: match.version, log_from: match.log.length };
    if (this.settings.autoConfirm && !isMeta(action)) body.confirm = true;
    const { status, body: data } = await this.api.act(match.id, this.token, body);
    this.setBusy(false);
    if (status === 200) {
      this.show(withLog(match, data), { announce: true, previous: match });
    } else if (status === 409) {
      this.say("The match had moved on; the board is up to date now.");
      await this.refresh();
    } else {
      this.say(`Not played: ${data?.reason || `error ${status}`}`);
      this.render();
    }
  }

  async refresh() {
    const { status, body } = await this.api.read(this.match.id, this.token);
    if (status === 200) this.show(body, { announce: true, previous: this.match });
  }

  // -- keeping up with the other player: conditional polling, 304 while nothing changes ---------

  needsPolling() {
    const m = this.match;
    if (!m || m.outcome) return false;
    if (m.you.length === 2) return false;
    const myTurn = m.to_move !== null && m.you.includes(m.to_move);
    return !myTurn || !m.you.length;
  }

  schedulePoll() {
    this.stopPolling();
    if (this.needsPolling()) this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  stopPolling() {
    clearTimeout(this.timer);
    this.timer = null;
  }

  async poll(now = false) {
    if (!this.needsPolling() || (document.hidden && !now) || this.busy) { this.schedulePoll(); return; }
    const m = this.match;
    const { status, body, etag } = await this.api.read(m.id, this.token, this.etag);
    if (this.match !== m) return;
    if (status === 200) {
      this.etag = etag;
      if (body.version !== m.version) this.show(body, { announce: true, previous: m });
      else this.schedulePoll();
    } else {
      if (status === 304) this.etag = etag || this.etag;
      this.schedulePoll();
    }
  }

  // -- showing ----------------------------------------------------------------------------------

  myTurn() {
    const m = this.match;
    return Boolean(m && !m.outcome && m.to_move !== null && m.you.includes(m.to_move));
  }

  status(match) {
    const awaiting = Boolean(match.turn?.complete);
    return statusLine({
      family: this.family, state: match.state, match, names: this.names, mine: this.myTurn(), awaiting,
    });
  }

  render() {
    const m = this.match;
    if (!m) return;
    const live = this.replay === null;
    const shown = live ? m.state : this.replayState(this.replay);
    const mine = live && this.myTurn() && !this.busy;
    const legal = mine ? m.legal_actions.filter((a) => !isMeta(a)) : [];
    this.board.set({
      state: shown, viewer: this.viewer, mover: mine ? m.to_move : null, legal,
      names: this.names, highlight: [],
    });
    this.root.dataset.myTurn = mine ? "yes" : "no";
    this.root.dataset.over = m.outcome ? "yes" : "no";
    this.root.dataset.phase = m.state.phase || "";
    this.q("status").textContent = live ? this.status(m) : `Replay: position ${this.replay} of ${m.log.length}. ▶ or » to return.`;
    // Buttons for the decisions that are not moves on the board.
    const has = (a) => mine && m.legal_actions.some((x) => sameAction(x, a));
    const buttons = {
      roll: has({ double: false }), double: has({ double: true }), take: has({ take: true }),
      drop: has({ drop: true }), undo: has(UNDO), confirm: has(CONFIRM), new: true,
    };
    for (const [name, visible] of Object.entries(buttons)) {
      this.root.querySelector(`[data-do="${name}"]`).hidden = !visible;
    }
    this.renderFacts(shown);
    this.renderMoves();
    this.q("text").hidden = !this.settings.textMode;
    this.q("board").setAttribute("aria-hidden", this.settings.textMode ? "true" : "false");
    this.q("replay-pos").textContent = live ? `${m.log.length}` : `${this.replay}/${m.log.length}`;
    this.autoPlay(mine, legal);
  }

  autoPlay(mine, legal) {
    if (!mine || !this.settings.autoForced || this.justUndid || this.playing) return;
    const steps = legal.filter((a) => "from" in a || "hole" in a);
    if (legal.length === 1 && steps.length === 1) {
      const version = this.match.version;
      setTimeout(() => {
        if (this.match?.version === version) this.act(steps[0]);
      }, 400);
    }
  }

  renderFacts(state) {
    const facts = [];
    const n = this.names;
    if (this.family === "tables") {
      const pips = pipCounts(state);
      facts.push(["Pips", `${n[0]} ${pips[0]} · ${n[1]} ${pips[1]}`]);
      facts.push(["Score", `${n[0]} ${state.score[0]} · ${n[1]} ${state.score[1]}${state.match_to > 1 ? ` (to ${state.match_to})` : ""}`]);
      if (state.cube) {
        const owner = state.cube.owner === null || state.cube.owner === undefined ? "in the middle" : `owned by ${n[state.cube.owner]}`;
        facts.push(["Cube", `${state.cube.value}, ${owner}`]);
      }
      if (state.game > 1 || state.match_to > 1) facts.push(["Game", String(state.game)]);
      if (state.last_game) {
        const g = state.last_game;
        facts.push(["Last game", `${n[g.winner]} won ${g.points} point${g.points === 1 ? "" : "s"}${g.how && g.how !== "single" ? ` (${g.how})` : ""}`]);
      }
      if (state.opening && state.game !== undefined) facts.push(["Opening throw", `${n[0]} ${state.opening[0]} · ${n[1]} ${state.opening[1]}`]);
    } else {
      facts.push(["Round", String(state.round)]);
      facts.push(["Taken this round", `${n[0]} ${state.captured[0]} · ${n[1]} ${state.captured[1]}`]);
      facts.push(["Set aside", `${n[0]} ${state.aside[0]} · ${n[1]} ${state.aside[1]}`]);
    }
    if (this.match.outcome) facts.push(["Result", outcomeLine(this.match.outcome, n, this.family)]);
    const dl = this.q("facts");
    // "You 167 · Computer 167" breaks only at the dot, never between a name and its number.
    const keep = (text) => text.replace(/ (?=\d)/g, "\u00a0");
    dl.replaceChildren(...facts.flatMap(([k, v]) => {
      const dt = document.createElement("dt");
      dt.textContent = k;
      const dd = document.createElement("dd");
      dd.textContent = keep(v);
      return [dt, dd];
    }));
  }

  renderMoves() {
    const m = this.match;
    const list = this.q("moves");
    const turns = groupTurns(m.log, this.family);
    list.replaceChildren(...turns.map((turn) => {
      const li = document.createElement("li");
      const who = document.createElement("span");
      who.className = "who";
      who.textContent = turn.side === null || turn.side === undefined ? "" : `${this.names[turn.side]}: `;
      li.append(who);
      for (const entry of turn.entries) {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.index = entry.index;
        b.className = `entry ${entry.by}${this.replay === entry.index ? " current" : ""}`;
        b.textContent = entry.notation;
        li.append(b, " ");
      }
      return li;
    }));
    if (this.replay === null) list.scrollTop = list.scrollHeight;
  }

  updateShare() {
    const m = this.match;
    const share = this.q("share");
    share.hidden = false;
    const invite = m.opponent === "remote" && m.you.length ? storage()?.getItem(`play:invite:${m.id}`) : null;
    this.q("share-label").textContent = invite ? "Send this link to your friend (it plays the other side)" : "Link to watch this match";
    this.q("share-url").value = invite || new URL(m.url, location.href).href;
    this.q("download").href = this.api.recordUrl(m.id);
  }

  // -- replay: stepping through the positions of the match --------------------------------------

  replayState(index) {
    if (!this.record) return this.match.state;
    if (index === 0) return this.record.initial;
    return this.record.moves[index - 1]?.state || this.match.state;
  }

  async loadRecord() {
    if (this.record && this.record.moves.length === this.match.log.length) return true;
    const { status, body } = await this.api.record(this.match.id);
    if (status !== 200) return false;
    this.record = { initial: body.initial_state, moves: body.moves };
    return true;
  }

  async showReplay(index) {
    const total = this.match.log.length;
    if (index >= total) { this.replay = null; this.render(); this.say("Back to the current position."); return; }
    if (!(await this.loadRecord())) return;
    this.replay = Math.max(0, index);
    this.render();
    const entry = this.match.log[this.replay - 1];
    this.say(this.replay === 0 ? "The starting position." : `After ${entry.notation} (${this.replay} of ${total}).`, false);
  }

  step(where) {
    const total = this.match?.log.length ?? 0;
    const now = this.replay === null ? total : this.replay;
    const target = { first: 0, prev: now - 1, next: now + 1, last: total }[where];
    this.showReplay(Math.min(Math.max(target, 0), total));
  }

  // -- words --------------------------------------------------------------------------------------

  setBusy(busy, text) {
    this.busy = busy;
    this.root.dataset.busy = busy ? "yes" : "no";
    if (busy) this.root.dataset.myTurn = "no";
    if (busy && text) this.q("status").textContent = text;
  }

  say(text, record = true) {
    const live = this.q("live");
    live.textContent = "";
    // A fresh text node each time, so the same words twice are still announced.
    setTimeout(() => { live.textContent = text; }, 30);
    if (record && this.settings.textMode && text) this.transcript(text, true);
  }

  transcript(line, answer = false) {
    const list = this.q("transcript");
    const li = document.createElement("li");
    li.textContent = line;
    if (answer) li.className = "answer";
    list.append(li);
    while (list.children.length > 200) list.firstElementChild.remove();
    list.scrollTop = list.scrollHeight;
  }

  command(text) {
    const m = this.match;
    if (!m) return;
    this.transcript(`> ${text}`);
    const mine = this.myTurn();
    const result = parseCommand(text, {
      family: this.family, legalActions: mine ? m.legal_actions : [], legalNotation: mine ? m.legal_notation : [],
    });
    const state = m.state;
    const answer = (words) => { this.say(words, false); this.transcript(words, true); };
    if (result.kind === "action") { this.act(result.action); return; }
    if (result.kind === "error") {
      const legal = mine ? m.legal_notation.join(", ") : "";
      answer(`${result.message}${legal ? ` Legal now: ${legal}.` : mine ? "" : " It is not your turn."}`);
      return;
    }
    const n = this.names;
    const v = this.viewer;
    switch (result.what) {
      case "point": answer(this.family === "tables" ? readPoint(state, v, result.arg) : "No points in this game."); break;
      case "hole": answer(this.family === "mancala" ? readHole(state, v, result.arg, result.other) : "No holes in this game."); break;
      case "board": answer(this.family === "tables" ? readBoard(state, v) : readHoles(state, v)); break;
      case "pips": {
        if (this.family !== "tables") { answer("No pips in this game: type board."); break; }
        const pips = pipCounts(state);
        answer(`Pips: ${n[v]} ${pips[v]}, ${n[1 - v]} ${pips[1 - v]}.`);
        break;
      }
      case "score":
        if (this.family === "tables") answer(`Score: ${n[0]} ${state.score[0]}, ${n[1]} ${state.score[1]}${state.match_to > 1 ? `, match to ${state.match_to}` : ""}.`);
        else answer(`Round ${state.round}. Taken: ${n[0]} ${state.captured[0]}, ${n[1]} ${state.captured[1]}. Aside: ${n[0]} ${state.aside[0]}, ${n[1]} ${state.aside[1]}.`);
        break;
      case "dice": answer(state.roll ? `Rolled ${state.roll.join("-")}; still to play: ${(state.dice || []).join(", ") || "nothing"}.` : "No dice on the board."); break;
      case "moves": answer(mine ? `Legal now: ${m.legal_notation.join(", ")}.` : "It is not your turn."); break;
      case "last": answer(m.log.slice(-4).map((e) => entryLine(e, n)).join(" ") || "Nothing has been played yet."); break;
      case "turn": answer(this.status(m)); break;
      default:
        answer(this.root.querySelector(".play-help").textContent);
    }
  }
}
