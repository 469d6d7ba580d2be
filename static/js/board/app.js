// One playable board on a page: starts or opens a match, shows it, sends the player's actions,
// and keeps up with the opponent. The rules live on the server; this only shows what it says.
// It knows no game family: the family's plug-in (families.js) draws the board, fills the facts
// panel, words the position and reads typed moves.

import { PlayApi, withLog } from "./api.js";
import { loadFamily } from "./families.js";
import { sameAction, isMeta, UNDO, CONFIRM } from "./notation.js";
import { sideNames, entryLine, statusLine, readBy, termsIn } from "./words.js";
import { TextMode } from "./text-mode.js";
import { fillFacts, fillMoves, fillTerms, matchLengthChoice, MatchBar } from "./panel.js";
import { ReviewPanel } from "./review.js";

const POLL_MS = 1000;
const POLL_WITH_EVENTS_MS = 5000; // a safety net while the events stream carries the news

function storage() {
  try { return window.localStorage; } catch (e) { return null; }
}

// A refusal in words: the server's reason, unless it quotes the action as data (an engine's
// message for API clients), which a player is not shown.
export function refusalWords(reason, status) {
  let text = typeof reason === "string" && reason.trim() ? reason.trim() : `error ${status}`;
  // The data an API client would send, given in brackets beside the words, is left out.
  text = text.replace(/\s*\([^()]*[{[][^()]*\)/g, "");
  if (/[{}[\]]/.test(text)) return "that move cannot be played in the position now on the board.";
  return `${text}.`.replace(/\.\.$/, ".");
}

export class PlayApp {
  constructor(root) {
    this.root = root;
    this.config = JSON.parse(root.querySelector("script[type='application/json']").textContent);
    this.familyName = this.config.family;
    this.api = new PlayApi(this.config.api);
    this.q = (role) => root.querySelector(`[data-role="${role}"]`);
    this.match = null;
    this.token = null;
    this.etag = null;
    this.replay = null; // index into the record being shown, or null for the live position
    // The state after each log entry (states[0]: before the first), as far as known: what the
    // log alone does not say (who threw, a throw with no play, a game's end) is read from them.
    this.states = [];
    // Where "New game" returns to when the address became the match's own (/play/m/<id>/).
    this.home = location.pathname.startsWith("/play/m/") ? null : location.pathname + location.search;
    this.busy = false;
    this.justUndid = false;
    this.settingsKey = `play:settings:${this.familyName}`;
    // The start form works from the first moment: a Start pressed while the family's board is
    // still on its way starts the match once it has come.
    const form = this.q("start");
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const data = new FormData(form);
      this.ready.then(() => this.start({
        opponent: data.get("opponent"), level: data.get("level") || undefined, side: Number(data.get("side") || 0),
      }));
    });
    // The family's plug-in (its board, words and readers) is fetched for this board only.
    this.ready = loadFamily(this.familyName).then((family) => this.init(family), (error) => {
      this.q("status").textContent = `The board could not be loaded: ${error.message}.`;
      throw error;
    });
  }

  init(family) {
    // Another side's moves are written in the numbering this viewer's board shows.
    this.family = readBy(family, () => ({ viewer: this.viewer, hotseat: this.hotseat, match: this.match, config: this.config }));
    this.settings = {
      autoForced: false, autoConfirm: this.family.autoConfirm, speed: "normal", textMode: false,
      ...JSON.parse(storage()?.getItem(this.settingsKey) || "{}"),
    };
    this.board = this.family.createBoard(this.q("board"), {
      onMove: (action) => (Array.isArray(action) ? this.actPath(action) : this.act(action)),
      // A click on the dice rolls them, or confirms a turn played (as in gnubg).
      onDice: () => this.diceClicked(),
      say: (text, record) => this.say(text, record),
      label: `${this.config.title} board (a text mode for screen readers is in the Text mode switch beside it)`,
      config: this.config,
    });
    this.text = new TextMode(this);
    this.matchOptions = matchLengthChoice(this.q("start"));
    this.matchBar = new MatchBar(this.root, { onResign: () => this.resign(), onRematch: () => this.rematch() });
    this.reviewPanel = new ReviewPanel(this);
    this.decisionButtons();
    const help = this.root.querySelector(".play-help");
    if (help && this.family.text?.help) help.textContent = this.family.text.help;
    this.wire();
    this.root.dataset.loaded = "yes";
    if (this.config.match) this.open(this.config.match);
    else this.preview();
  }

  // Before any match: the starting position, so the board is there, ready, beside the choices.
  preview() {
    const initial = this.config.initial;
    if (!initial || this.match) return;
    if (this.config.board) this.board.set({ info: this.config.board });
    this.board.set({ state: initial, viewer: 0, numbering: 0, mover: null, legal: [], highlight: [],
      names: this.family.sides });
    this.applyTextMode();
  }

  // -- wiring -------------------------------------------------------------------------------

  wire() {
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
        this.applyTextMode();
        this.render();
      });
    });
    this.root.querySelectorAll("[data-toggle='textMode']").forEach((toggle) => {
      toggle.addEventListener("click", () => {
        this.settings.textMode = !this.settings.textMode;
        storage()?.setItem(this.settingsKey, JSON.stringify(this.settings));
        this.applyTextMode();
        if (this.settings.textMode) this.q("command-input").focus();
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
    // Arrow keys step through the replay (Home, End: the first and the latest position), unless
    // a field is being typed in.
    const boardHost = this.q("board");
    boardHost.tabIndex = 0;
    this.root.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, select, textarea")) return;
      const where = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
      if (!where || !this.match) return;
      e.preventDefault();
      this.step(where);
    });
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) this.poll(true);
    });
  }

  // A button for each of the family's decisions that are not moves on the board (the page may
  // already hold it).
  decisionButtons() {
    const controls = this.q("controls");
    const before = controls.querySelector("[data-do='undo']");
    for (const { name, label } of this.family.decisions || []) {
      if (controls.querySelector(`[data-do="${name}"]`)) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.do = name;
      button.hidden = true;
      button.textContent = label;
      controls.insertBefore(button, before);
    }
  }

  decision(name) {
    if (name === "undo") return UNDO;
    if (name === "confirm") return CONFIRM;
    return (this.family.decisions || []).find((d) => d.name === name)?.action || null;
  }

  diceClicked() {
    const legal = this.match?.legal_actions || [];
    for (const name of ["confirm", "roll"]) {
      const found = legal.find((a) => sameAction(a, this.decision(name) || {}));
      if (found && this.myTurn()) { this.act(found); return; }
    }
  }

  control(what) {
    if (what === "skip") { this.skipping = true; return; }
    const wanted = this.decision(what);
    if (wanted) {
      const found = (this.match?.legal_actions || []).find((a) => sameAction(a, wanted));
      if (found) this.act(found);
    } else if (what === "new") {
      const m = this.match;
      const inProgress = m && !m.outcome && m.you.length > 0;
      if (inProgress && !window.confirm("Leave this match for a new game? It stays at its link, unfinished.")) return;
      this.stopPolling();
      this.match = null;
      this.states = [];
      this.clearNotice();
      this.root.dataset.started = "no";
      this.q("start").hidden = false;
      this.q("status").textContent = "";
      this.q("facts").replaceChildren();
      this.q("moves").replaceChildren();
      this.preview();
      // The address no longer names the match left (it stays reachable at its link).
      const home = this.home ?? `/play/${this.config.variant}/`;
      if (location.pathname + location.search !== home) history.pushState(null, "", home);
    } else if (what === "copy") {
      const input = this.q("share-url");
      input.select();
      navigator.clipboard?.writeText(input.value).then(() => this.say("Link copied.", false), () => {});
    }
  }

  // -- the match ------------------------------------------------------------------------------

  async start({ opponent, level, side }) {
    const body = { variant: this.config.variant, options: { ...this.config.options, ...this.matchOptions() }, opponent, side };
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
    if (side === 1) storage()?.setItem(`play:bottom:${data.id}`, "0");
    // The address is the match's own, so a reload comes back to it; on a game page the game
    // page stays one step back in the history.
    if (location.pathname.startsWith("/play/")) history.replaceState(null, "", data.url);
    else history.pushState(null, "", data.url);
    this.states = [];
    this.clearNotice();
    this.replay = null;
    await this.show(data, { announce: true, previous: { log: [], state: null } });
    // The start form is gone: the player's place is the status line, and the board below it is
    // brought into view (on a phone the form stood below the board, scrolled far down).
    this.focusStatus({ force: true });
    this.bringIntoView();
  }

  // Keyboard and screen-reader players keep their place: the status line says what is due, and
  // the board and Text mode come a Tab or two after it. Focus is not taken from a field the
  // player is typing in (the text mode's command line).
  focusStatus({ force = false } = {}) {
    const status = this.q("status");
    if (!status) return;
    const active = document.activeElement;
    if (!force && active && active !== document.body && (active.closest("input, select, textarea") || !this.root.contains(active))) return;
    if (!status.hasAttribute("tabindex")) status.tabIndex = -1;
    status.focus({ preventScroll: true });
  }

  // The status line and the board in view, unless they already are.
  bringIntoView() {
    const status = this.q("status");
    const board = this.q("board");
    if (!status || !board || typeof status.scrollIntoView !== "function") return;
    const top = status.getBoundingClientRect().top;
    const box = board.getBoundingClientRect();
    const height = window.innerHeight || document.documentElement.clientHeight;
    if (top < 0 || box.top > height * 0.6 || box.bottom < 0) status.scrollIntoView({ block: "start" });
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
    this.states = [];
    this.show(body, { announce: false, previous: null });
    if (await this.loadRecord()) this.render();
    this.say(`${this.config.title}. ${this.q("status").textContent}`);
  }

  show(match, { announce, previous }) {
    this.match = match;
    this.root.dataset.settled = "no";
    this.q("start").hidden = true;
    this.q("main").hidden = false;
    this.root.dataset.started = "yes";
    this.root.dataset.matchId = match.id;
    this.root.dataset.version = match.version;
    const base = (match.board ?? this.config.board)?.sides || this.family.sides;
    this.names = sideNames({ base, opponent: match.opponent, you: match.you, sides: match.sides });
    this.hotseat = match.you.length === 2;
    // Whose side the words take, and which side is drawn nearest: the player's own; on one
    // device the side to move, so the board turns for each player; the second side when the
    // player chose it as "(top)" on the start form.
    if (this.hotseat) this.viewer = match.to_move ?? this.viewer ?? 0;
    else this.viewer = match.you.length === 1 ? match.you[0] : 0;
    const chosen = storage()?.getItem(`play:bottom:${match.id}`);
    this.bottom = !this.hotseat && chosen !== null && chosen !== undefined ? Number(chosen) : this.viewer;
    // What the board needs to draw this variant (a race board's geometry), when the match says.
    const info = match.board ?? match.board_info;
    if (info) this.board.set({ info });
    if (this.states.length > match.log.length + 1) this.states.length = match.log.length + 1; // a step taken back
    this.states[match.log.length] = match.state;
    this.updateShare();
    const arrived = this.arrive(previous, announce);
    this.schedulePoll();
    return arrived;
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
    let before = previous?.state ?? this.states[start] ?? null;
    if (fresh.length === 1 && previous?.state) states = [match.state];
    else {
      const { status, body } = await this.api.record(match.id, start);
      if (status === 200) {
        states = body.moves.map((m) => m.state);
        if (start === 0) before = body.initial_state;
      }
    }
    if (this.match !== match) return;
    if (before) this.states[start] = before;
    states?.forEach((state, i) => { this.states[start + 1 + i] = state; });
    const family = this.family;
    // A family may name who acted where the side alone does not (a seat of a team).
    const named = (entry, i) => {
      const who = this.annotate(entry, start + i + 1).who;
      return who ? { ...entry, who } : entry;
    };
    const lines = fresh.map((entry, i) => entryLine(named(entry, i), this.names, states?.[i], family, i ? states?.[i - 1] : before));
    lines.push(...(family.news?.(previous?.state, match.state, this.names) || []));
    // What happened that the position alone does not show stays written under the status line
    // until the player acts: a throw with no play, a game of the match ended.
    const notes = [];
    fresh.forEach((entry, i) => {
      const note = this.annotate(entry, start + i + 1);
      if (note.noPlay) notes.push(entryLine(entry, this.names, states?.[i], family, i ? states?.[i - 1] : before));
      if (note.gameOver) notes.push(note.gameOver);
    });
    // What others did is played back; the player's own move is already on the board (unless the
    // family shows its moves happening, as a sowing).
    // The player's own steps and own throws are not replayed back at them.
    const mine = (entry, i) => {
      if (family.playsBackOwnMoves) return false;
      if (entry.by === "human" && match.you.includes(entry.side)) return true;
      const note = entry.by === "chance" ? this.annotate(entry, start + i + 1) : {};
      return entry.by === "chance" && match.you.includes(note.side) && !note.noPlay;
    };
    const others = fresh.some((e, i) => !mine(e, i));
    if (states && speed !== "off" && (others || family.playsBackOwnMoves)) {
      this.playing = true;
      this.skipping = false;
      this.root.dataset.myTurn = "no";
      const skip = this.root.querySelector("[data-do='skip']");
      if (skip) skip.hidden = false;
      // A pause the player may cut short (Skip): the rest is then drawn at once.
      const pause = (ms) => new Promise((r) => {
        if (this.skipping) { r(); return; }
        const t = setTimeout(r, ms);
        const check = setInterval(() => { if (this.skipping) { clearTimeout(t); clearInterval(check); r(); } }, 50);
        setTimeout(() => clearInterval(check), ms + 10);
      });
      const factor = { fast: 0.5, normal: 1, slow: 2 }[speed] ?? 1;
      for (let i = 0; i < fresh.length; i++) {
        if (this.match !== match || this.skipping) break;
        if (mine(fresh[i], i)) { before = states[i]; continue; }
        this.q("status").textContent = lines[i] || "";
        const note = this.annotate(fresh[i], start + i + 1);
        if (note.noPlay) {
          // The throw is drawn where it fell, with nothing to play, before the turn passes.
          this.board.set({ state: before, viewer: this.bottom, numbering: this.viewer, mover: null, legal: [],
            highlight: [], passed: { side: note.side, roll: fresh[i].action.roll }, note: entryLine(fresh[i], this.names, states[i], family, before) });
          await pause(1400 * factor);
          this.board.set({ passed: null, note: null });
        }
        await family.playBack({
          board: this.board, entry: fresh[i], state: states[i], before, next: fresh[i + 1],
          viewer: this.bottom, names: this.names, speed, pause,
        });
        if (note.gameOver) {
          // The game's last position, and its result, before the next game is set up.
          this.board.set({ state: before, viewer: this.bottom, numbering: this.viewer, mover: null, legal: [], note: note.gameOver });
          await pause(2200 * factor);
          this.board.set({ note: null });
        }
        before = states[i];
      }
      this.playing = false;
      if (skip) skip.hidden = true;
    }
    if (this.match === match) {
      if (notes.length) this.notify(notes.join(" "), "news");
      this.settle();
      const extra = this.status(match);
      // Said once: the transcript takes the lines, the live region the whole.
      this.say([...lines, extra].join(" "), false);
      lines.forEach((line) => this.text.transcript(line));
      if (extra) this.text.transcript(extra);
      // After the other side's moves (the computer's, a friend's), the player's place is the
      // status line that says what they did and what is due.
      if (others) this.focusStatus();
    }
  }

  // What the family reads from the states around log entry `index` (1-based).
  annotate(entry, index) {
    const info = this.match?.board ?? this.config.board;
    return this.family.annotate?.(entry, this.states[index - 1], this.states[index], this.names, info) || {};
  }

  // The board shows the latest position and waits for the player (tests wait for this too).
  settle() {
    if (this.busy) this.setBusy(false);
    this.render();
    this.root.dataset.settled = "yes";
  }

  async act(action) {
    const match = this.match;
    if (!match || this.busy || this.playing || this.replay !== null) return;
    this.clearNotice();
    this.justUndid = sameAction(action, UNDO);
    this.setBusy(true, match.sides.some((s) => s.player === "computer") ? "Thinking…" : "Sending…");
    // log_from: the server sends only the log entries this board does not hold yet.
    const body = { action, version: match.version, log_from: match.log.length };
    // resume: the server's signed copy of the match at this version, so whichever server
    // process takes the action need not read the match first.
    if (match.resume) body.resume = match.resume;
    if (this.settings.autoConfirm && !isMeta(action)) body.confirm = true;
    // The board takes no input from here until the answer's position (and the throw after it) is
    // drawn: settle() lets go. A click meanwhile would act on a position the player has not seen.
    this.board.lock?.();
    const { status, body: data } = await this.api.act(match.id, this.token, body);
    if (status === 200) {
      await this.show(withLog(match, data), { announce: true, previous: match });
    } else if (status === 409) {
      // Written where the player looks, and kept there: the refresh below redraws the status.
      const text = "Not played: the match had moved on (the other side played, or another window). The board shows the position now.";
      this.notify(text, "error");
      this.say(text);
      await this.refresh();
    } else {
      const text = `Not played: ${refusalWords(data?.reason, status)}`;
      this.notify(text, "error");
      this.say(text);
    }
    // Whatever happened (a refusal, an answer overtaken by another), the board is the player's
    // again once the position it shows is the latest.
    if (this.busy) { this.setBusy(false); this.render(); }
  }

  // A combined move (a checker dragged, or typed, over several dice: 24/13 with 6-5): `paths`
  // are the ways to play it, each a list of steps {from, to}. The steps go one by one; when a
  // way's next step turns out not to be legal, the steps it made are taken back and the next
  // way is tried.
  async actPath(paths) {
    if (!this.match || this.busy || this.playing || this.replay !== null || !paths.length) return false;
    for (const path of paths) {
      if (await this.tryPath(path)) return true;
    }
    const first = paths[0];
    const words = [first[0].from, ...first.map((step) => step.to)].map((p) => (p === 25 ? "bar" : p === 0 ? "off" : p));
    const text = `Not played: ${words[0]}/${words[words.length - 1]} cannot be played with these dice in one go.`;
    this.notify(text, "error");
    this.say(text);
    return false;
  }

  async tryPath(path) {
    let taken = 0;
    for (const step of path) {
      const m = this.match;
      // A step the server listed with its die is played with that die (a bearing-off step may
      // be made with more than one, and the turn goes on differently).
      const found = this.myTurn() ? (m.legal_actions || []).find((a) => a.from === step.from && a.to === step.to &&
        (step.die === undefined || a.die === step.die)) : null;
      if (!found) break;
      await this.act(found);
      if (this.match.version === m.version) return false; // refused: act has said why
      taken += 1;
    }
    if (taken === path.length) return true;
    for (let i = 0; i < taken; i++) {
      const version = this.match.version;
      await this.act(UNDO);
      if (this.match.version === version) break;
    }
    return false;
  }

  async refresh() {
    const { status, body } = await this.api.read(this.match.id, this.token);
    if (status === 200) await this.show(body, { announce: true, previous: this.match });
  }

  // -- keeping up with the other player: conditional polling, 304 while nothing changes ---------

  needsPolling() {
    const m = this.match;
    if (!m) return false;
    // By link the friend may act on the player's turn too (join, resign) and, after the end,
    // offer a rematch: listen until the rematch is known.
    const remote = m.opponent === "remote" && m.you.length === 1;
    if (remote) return !(m.outcome && m.rematch);
    if (m.outcome) return false;
    if (m.you.length === 2) return false;
    const myTurn = m.to_move !== null && m.you.includes(m.to_move);
    return !myTurn || !m.you.length;
  }

  schedulePoll() {
    this.stopPolling();
    if (!this.needsPolling()) { this.events?.close(); this.events = null; return; }
    const m = this.match;
    if (!this.events || this.eventsTag !== m.tag || this.eventsId !== m.id) {
      this.events?.close();
      this.eventsTag = m.tag;
      this.eventsId = m.id;
      this.events = this.api.listen(m.id, m.tag, () => this.poll(true));
    }
    this.timer = setTimeout(() => this.poll(), this.events?.healthy ? POLL_WITH_EVENTS_MS : POLL_MS);
  }

  stopPolling() {
    clearTimeout(this.timer);
    this.timer = null;
  }

  // -- the match around the game: resigning, the rematch -----------------------------------------

  async resign() {
    const m = this.match;
    if (!m || m.outcome || !m.you.length || this.busy) return;
    if (!window.confirm("Resign this match? Your opponent wins it.")) return;
    this.setBusy(true, "Resigning…");
    const { status, body } = await this.api.resign(m.id, this.token, m.version);
    this.setBusy(false);
    if (status === 200) this.show(body, { announce: true, previous: m });
    else {
      this.notify(`Not resigned: ${body?.reason || `error ${status}`}.`, "error");
      await this.refresh();
    }
  }

  async rematch() {
    const m = this.match;
    if (!m || !m.outcome || !m.you.length || this.busy) return;
    this.setBusy(true, "Setting up the rematch…");
    const { status, body } = await this.api.rematch(m.id, this.token);
    this.setBusy(false);
    if (status !== 200 && status !== 201) {
      this.notify(`No rematch: ${body?.reason || `error ${status}`}.`, "error");
      return;
    }
    // The same token plays the other side of the rematch.
    storage()?.setItem(`play:token:${body.id}`, this.token);
    location.assign(body.url);
  }

  async poll(now = false) {
    if (!this.needsPolling() || (document.hidden && !now) || this.busy) { this.schedulePoll(); return; }
    const m = this.match;
    const { status, body: answer, etag } = await this.api.read(m.id, this.token, this.etag, m.log.length);
    if (this.match !== m) return;
    if (status === 200) {
      const body = withLog(m, answer);
      this.etag = etag;
      if (body.version > m.version) this.show(body, { announce: true, previous: m });
      else {
        // Only who has joined (or the rematch) changed.
        Object.assign(m, { joined: body.joined, rematch: body.rematch, tag: body.tag });
        this.render();
        this.schedulePoll();
      }
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
      hotseat: this.hotseat,
    });
  }

  render() {
    const m = this.match;
    if (!m) return;
    const live = this.replay === null;
    const shown = live ? m.state : this.replayState(this.replay);
    const mine = live && this.myTurn() && !this.busy;
    const legal = mine ? m.legal_actions.filter((a) => !isMeta(a)) : [];
    const paths = mine ? (m.legal_paths || []) : [];
    const ending = live ? this.gameEnding() : null;
    this.board.set({
      state: ending ? ending.state : shown, viewer: this.bottom, numbering: this.viewer, mover: mine ? m.to_move : null, legal, paths,
      names: this.names, highlight: this.family.highlight?.(live ? m.log : m.log.slice(0, this.replay)) || [],
      passed: live && !ending ? this.lastPass() : null, note: ending ? ending.text : null,
      handoff: live && Boolean(m.turn?.complete) && m.state.to_move !== m.to_move ? m.state.to_move : null,
      rollable: mine && m.legal_actions.some((a) => a.double === false),
      motion: this.settings.speed !== "off",
      confirmable: mine && m.legal_actions.some((a) => sameAction(a, CONFIRM)),
    });
    this.root.dataset.myTurn = mine ? "yes" : "no";
    this.root.dataset.over = m.outcome ? "yes" : "no";
    this.root.dataset.phase = m.state.phase || "";
    this.q("status").textContent = live ? this.status(m) : `Replay: position ${this.replay} of ${m.log.length}. ▶ or » to return.`;
    // Buttons for the decisions that are not moves on the board.
    const has = (a) => Boolean(a) && mine && m.legal_actions.some((x) => sameAction(x, a));
    for (const button of this.q("controls").querySelectorAll("[data-do]")) {
      if (!["new", "skip"].includes(button.dataset.do)) button.hidden = !has(this.decision(button.dataset.do));
    }
    // "New game" sits in the side panel while the match is played, away from the turn's
    // buttons; once the match is over, where those buttons were.
    for (const fresh of this.root.querySelectorAll("[data-do='new']")) {
      fresh.hidden = (fresh.dataset.when === "over") !== Boolean(m.outcome);
    }
    this.renderFacts(shown);
    this.renderMoves();
    this.applyTextMode();
    this.q("replay-pos").textContent = live ? `${m.log.length}` : `${this.replay}/${m.log.length}`;
    this.matchBar.update(m, { playing: this.playing || this.busy });
    this.reviewPanel.update(m);
    this.autoPlay(mine, legal);
  }

  // The text mode on or off: the transcript and command line shown, the board hidden from
  // screen readers, and both switches (beside the board, and in Settings) in step.
  applyTextMode() {
    const on = Boolean(this.settings.textMode);
    this.q("text").hidden = !on;
    this.q("board").setAttribute("aria-hidden", on ? "true" : "false");
    for (const toggle of this.root.querySelectorAll("[data-toggle='textMode']")) toggle.setAttribute("aria-pressed", on ? "true" : "false");
    const box = this.root.querySelector("[data-setting='textMode']");
    if (box) box.checked = on;
  }

  autoPlay(mine, legal) {
    if (!mine || !this.settings.autoForced || this.justUndid || this.playing) return;
    const steps = legal.filter((a) => this.family.isMove(a));
    if (legal.length === 1 && steps.length === 1) {
      const version = this.match.version;
      setTimeout(() => {
        if (this.match?.version === version) this.act(steps[0]);
      }, 400);
    }
  }

  renderFacts(state) {
    const n = this.names;
    // A match ended by resigning credits the score in its outcome, not in the last position.
    const score = this.match?.outcome?.score;
    if (score && Array.isArray(state?.score)) state = { ...state, score };
    const facts = this.family.facts(state, n, { match: this.match, config: this.config, viewer: this.viewer });
    if (this.match.outcome) facts.push(["Result", this.family.outcome(this.match.outcome, n)]);
    fillFacts(this.q("facts"), facts);
    // The rule terms said beside the board (mars, cascade...), each explained and linked to its clause.
    const said = [this.q("status").textContent, ...facts.map(([, v]) => v), ...this.match.log.slice(-200).map((e) => e.notation)];
    fillTerms(this.q("terms"), termsIn(said.join(" "), this.config.terms));
  }

  renderMoves() {
    fillMoves(this.q("moves"), {
      log: this.match.log, startsTurn: this.family.startsTurn, names: this.names, current: this.replay,
      annotate: (entry, index) => this.annotate(entry, index),
      words: (entry) => this.family.notation?.(entry, this.names) ?? null,
    });
  }

  // A game of the match has just ended by the player's own step, the turn not yet confirmed:
  // the game's last position and its result stay on the board (the state already holds the
  // next game's set-up).
  gameEnding() {
    const m = this.match;
    const n = m.log.length;
    if (!n || !m.turn?.complete) return null;
    const note = this.annotate(m.log[n - 1], n);
    if (!note.gameOver || !this.states[n - 1]) return null;
    const state = this.family.finalPosition?.(this.states[n - 1], m.log[n - 1]) ?? this.states[n - 1];
    return { state, text: note.gameOver };
  }

  // The latest throw, when it had no play and nothing has moved since: drawn on the board.
  lastPass() {
    const log = this.match.log;
    for (let i = log.length - 1; i >= 0; i--) {
      const entry = log[i];
      if (this.family.isMove(entry.action)) return null;
      if (entry.by === "chance" && entry.action.roll) {
        const note = this.annotate(entry, i + 1);
        return note.noPlay ? { side: note.side, roll: entry.action.roll } : null;
      }
    }
    return null;
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
    return this.states[index] || this.match.state;
  }

  async loadRecord() {
    const n = this.match.log.length;
    let complete = true;
    for (let i = 0; i <= n; i++) if (!this.states[i]) { complete = false; break; }
    if (complete) return true;
    const match = this.match;
    let { status, body } = await this.api.record(match.id);
    if (status !== 200 || this.match !== match) return false;
    const states = [body.initial_state, ...body.moves.map((m) => m.state)];
    // A long match's record comes in parts: next_from is where the next one starts.
    while (body.next_from != null) {
      ({ status, body } = await this.api.record(match.id, body.next_from));
      if (status !== 200 || this.match !== match) return false;
      states.push(...body.moves.map((m) => m.state));
    }
    this.states = states;
    this.states[match.log.length] = match.state;
    return true;
  }

  async showReplay(index) {
    const total = this.match.log.length;
    if (index >= total) { this.replay = null; this.render(); this.say("Back to the current position."); return; }
    if (!(await this.loadRecord())) return;
    this.replay = Math.max(0, index);
    this.render();
    const entry = this.match.log[this.replay - 1];
    this.say(this.replay === 0 ? "The starting position." : `After ${this.family.notation?.(entry, this.names) ?? entry.notation} (${this.replay} of ${total}).`, false);
  }

  step(where) {
    const total = this.match?.log.length ?? 0;
    const now = this.replay === null ? total : this.replay;
    const target = { first: 0, prev: now - 1, next: now + 1, last: total }[where];
    this.showReplay(Math.min(Math.max(target, 0), total));
  }

  // -- words --------------------------------------------------------------------------------------

  // A message under the status line that stays until the player acts (a move refused, a throw
  // with no play, a game ended): the status line itself is redrawn with every change.
  notify(text, kind = "error") {
    const notice = this.q("notice");
    if (!notice) return;
    notice.textContent = text;
    notice.dataset.kind = kind;
    notice.hidden = false;
  }

  clearNotice() {
    const notice = this.q("notice");
    if (notice) { notice.hidden = true; notice.textContent = ""; }
  }

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
    if (record && this.settings.textMode && text) this.text.transcript(text, true);
  }

  command(text) {
    this.text.command(text);
  }
}
