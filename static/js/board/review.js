// The review after a game and the estimate during one (issue 37): a "Review the game" button once
// the match is over, listing every decision with its mark (in words and a sign, never colour
// alone), the loss against the strongest computer player's choice and that choice; and an
// optional bar with the computer's estimate of the position (off until the player turns it on).
// The host (app.js) makes one ReviewPanel and calls update(match) whenever it draws.

const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const PLURAL = { inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };
const ESTIMATE_KEY = "play:estimate";

function make(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

function storage() {
  try { return window.localStorage; } catch (e) { return null; }
}

const percent = (p) => `${Math.round(p * 100)}%`;

// "You ahead by 3.5 squares": a lead in the evaluator's own unit (race games, Béchi).
function leadText(value, unit, names) {
  if (Math.abs(value) < 0.05) return `Level (0 ${unit})`;
  const side = value > 0 ? 0 : 1;
  return `${names[side]} ahead by ${Math.abs(value).toFixed(1)} ${unit}`;
}

export class ReviewPanel {
  constructor(app) {
    this.app = app;
    this.matchId = null;
    this.review = null;
    this.estimateVersion = null;
    const host = app.root.querySelector(".play-match-only") || app.root;
    const replay = host.querySelector(".play-replay");
    this.root = make("section", { class: "play-review", "data-role": "review", "aria-label": "Review and estimate" });
    // The estimate: a switch, then the bar and its words.
    const label = make("label", { class: "play-estimate-switch" });
    this.toggle = make("input", { type: "checkbox", "data-review": "estimate" });
    this.toggle.checked = storage()?.getItem(ESTIMATE_KEY) === "on";
    label.append(this.toggle, " Show the computer's estimate of the position");
    this.estimate = make("div", { class: "play-estimate", "data-role": "estimate", "aria-live": "polite" });
    this.meter = make("meter", { min: "0", max: "1", "aria-hidden": "true" });
    this.estimateText = make("p", { class: "play-estimate-text" });
    this.estimate.append(this.meter, this.estimateText);
    this.estimate.hidden = true;
    this.toggle.addEventListener("change", () => {
      storage()?.setItem(ESTIMATE_KEY, this.toggle.checked ? "on" : "off");
      this.estimateVersion = null;
      this.update(this.app.match);
    });
    // The review: a button, what it is judged by, the summary, the list.
    this.button = make("button", { type: "button", "data-review": "open", class: "primary" }, "Review the game");
    this.button.hidden = true;
    this.button.addEventListener("click", () => this.open());
    this.status = make("p", { class: "play-review-status", "data-role": "review-status", role: "status" });
    this.body = make("div", { class: "play-review-body", "data-role": "review-body" });
    this.root.append(label, this.estimate, this.button, this.status, this.body);
    if (replay) replay.after(this.root); else host.append(this.root);
  }

  update(match) {
    if (!match) return;
    if (match.id !== this.matchId) {
      this.matchId = match.id;
      this.review = null;
      this.estimateVersion = null;
      this.status.textContent = "";
      this.body.replaceChildren();
    }
    const over = Boolean(match.outcome);
    this.button.hidden = !over || Boolean(this.review);
    this.estimate.hidden = !this.toggle.checked || over;
    // Asked at the start of a turn (or while the other side plays), not after each step of one.
    const midTurn = Boolean(match.turn?.steps);
    if (this.toggle.checked && !over && !midTurn && this.estimateVersion !== match.version) this.fetchEstimate(match);
  }

  url(match, what) {
    return `${this.app.api.base}${match.id}/${what}/`;
  }

  async fetchEstimate(match) {
    this.estimateVersion = match.version;
    const { status, body } = await this.app.api.send(this.url(match, "estimate"), { headers: this.app.api.headers(null) });
    if (this.app.match?.id !== match.id || this.estimateVersion !== match.version) return;  // moved on meanwhile
    const names = this.app.names || ["First side", "Second side"];
    if (status !== 200) {
      this.showEstimate(null, `No estimate: ${body?.reason || `error ${status}`}.`);
    } else if (!body.available) {
      this.showEstimate(null, `No estimate: ${body.reason}.`);
    } else if (body.win_chance) {
      const [p0, p1] = body.win_chance;
      // The bar fills with the chance of the side this board is played from (the first side's
      // for a watcher); the words give both.
      const mine = match.you?.length === 1 ? match.you[0] : 0;
      this.showEstimate(body.win_chance[mine], `Win chance: ${names[0]} ${percent(p0)} · ${names[1]} ${percent(p1)}`);
    } else {
      this.showEstimate(null, `Estimate: ${leadText(body.value, body.evaluator.unit, names)} (the computer's own count, not a win chance).`);
    }
  }

  showEstimate(value, text) {
    this.meter.hidden = value === null;
    if (value !== null) this.meter.value = value;
    this.estimateText.textContent = text;
    this.estimate.dataset.value = value === null ? "" : String(value);
  }

  async open() {
    const match = this.app.match;
    if (!match?.outcome) return;
    this.button.disabled = true;
    this.status.textContent = "Reviewing the game: the computer looks at every move (this can take some seconds)…";
    const { status, body } = await this.app.api.send(this.url(match, "review"), { headers: this.app.api.headers(null) });
    this.button.disabled = false;
    if (this.app.match?.id !== match.id) return;
    if (status !== 200) {
      this.status.textContent = `No review: ${body?.reason || `error ${status}`}.`;
      return;
    }
    this.review = body;
    this.button.hidden = true;
    this.render(body);
  }

  render(review) {
    const names = this.app.names || ["First side", "Second side"];
    const parts = [];
    if (!review.available) {
      this.status.textContent = `No review: ${review.reason}.`;
      this.body.replaceChildren();
      return;
    }
    const ev = review.evaluator;
    const t = ev.thresholds;
    const unit = ev.unit === "win chance" ? "win chance" : ev.unit;
    const limit = (x) => (ev.unit === "win chance" ? percent(x) : `${x}`);
    const n = review.moves.length;
    this.status.textContent = `Review done: ${n} ${n === 1 ? "move" : "moves"}.`;
    parts.push(make("p", { class: "play-review-how" },
      `Judged by ${ev.name}. Marks by what a move lost against the best: inaccuracy (?!) from ${limit(t.inaccuracy)}, ` +
      `mistake (?) from ${limit(t.mistake)}, blunder (??) from ${limit(t.blunder)} ${unit}.`));
    if (!review.complete) {
      parts.push(make("p", { class: "play-review-note" }, "The review ran out of time: the last moves are listed without a judgement."));
    }
    const summary = make("ul", { class: "play-review-summary", "data-role": "review-summary" });
    for (const row of review.summary) {
      if (!row.moves) continue;
      const counts = Object.keys(PLURAL).map((m) => `${row[PLURAL[m]]} ${row[PLURAL[m]] === 1 ? m : PLURAL[m]}`).join(", ");
      const average = row.average_loss === null ? "" : `; average loss ${ev.unit === "win chance" ? percent(row.average_loss) : row.average_loss.toFixed(3)} ${unit}`;
      summary.append(make("li", {}, `${names[row.side]}: ${counts}${average}.`));
    }
    parts.push(summary);
    const only = make("label", { class: "play-review-filter" });
    const box = make("input", { type: "checkbox", "data-review": "marked-only" });
    only.append(box, " Only the marked moves");
    parts.push(only);
    const list = make("ol", { class: "play-review-moves", "data-role": "review-moves", "aria-label": "Reviewed moves" });
    for (const move of review.moves) list.append(this.item(move, names));
    box.addEventListener("change", () => {
      for (const li of list.children) li.hidden = box.checked && !li.dataset.mark;
    });
    list.addEventListener("click", (e) => {
      const button = e.target.closest("[data-position]");
      if (button) this.app.showReplay(Number(button.dataset.position));
    });
    parts.push(list);
    this.body.replaceChildren(...parts);
  }

  item(move, names) {
    const li = make("li", { "data-mark": move.mark || "", "data-n": String(move.n) });
    // The position before the move: where the player can see what else there was.
    const show = make("button", { type: "button", class: "entry", "data-position": String(move.entries[0] - 1),
      title: "Show the position before this move" }, `${names[move.side]}: ${move.played}`);
    li.append(show);
    if (move.mark) {
      li.append(" ", make("span", { class: `play-review-mark ${move.mark}` }, `${SIGNS[move.mark]} ${move.mark}`));
    }
    let words = "the best move";
    if (!move.judged) words = move.note || "not judged";
    else if (move.best) words = `lost ${move.loss_text}; best ${move.best}`;
    li.append(" ", make("span", { class: "play-review-words" }, `(${words})`));
    return li;
  }
}
