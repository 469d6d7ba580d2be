// The play API, as the board uses it (DESIGN.md, "Playing in the browser").

// An answer to an action carries the log from `log_from` on; the entries before it are the ones
// the board held at the version it acted from (the server's log at that version, exactly).
export function withLog(held, data) {
  if (data.log_from === undefined || data.log_from === null) return data;
  const { log_from: from, ...rest } = data;
  return { ...rest, log: held.log.slice(0, from).concat(data.log) };
}

export class PlayApi {
  constructor(base = "/api/v1/matches/") {
    this.base = base;
  }

  headers(token, extra = {}) {
    const h = { Accept: "application/json", ...extra };
    if (token) h.Authorization = `Bearer ${token}`;
    return h;
  }

  async send(url, options) {
    let response;
    try {
      response = await fetch(url, { credentials: "omit", cache: "no-store", ...options });
    } catch (error) {
      return { status: 0, body: { reason: "the server could not be reached; check the connection" } };
    }
    if (response.status === 304) return { status: 304, body: null, etag: response.headers.get("ETag") };
    let body = null;
    try {
      body = await response.json();
    } catch (error) {
      body = { reason: `the server answered ${response.status}` };
    }
    return { status: response.status, body, etag: response.headers.get("ETag") };
  }

  create(body) {
    return this.send(this.base, {
      method: "POST", headers: this.headers(null, { "Content-Type": "application/json" }), body: JSON.stringify(body),
    });
  }

  // `logFrom`: how many log entries the board holds; the answer then carries only the rest
  // (put back together with withLog).
  read(id, token, etag, logFrom = null) {
    const extra = etag ? { "If-None-Match": etag } : {};
    const query = logFrom === null || logFrom === undefined ? "" : `?log_from=${logFrom}`;
    return this.send(`${this.base}${id}/${query}`, { headers: this.headers(token, extra) });
  }

  act(id, token, body) {
    return this.send(`${this.base}${id}/actions/`, {
      method: "POST", headers: this.headers(token, { "Content-Type": "application/json" }), body: JSON.stringify(body),
    });
  }

  record(id, from = 0) {
    return this.send(`${this.base}${id}/record/${from ? `?from=${from}` : ""}`, { headers: this.headers(null) });
  }

  resign(id, token, version) {
    return this.send(`${this.base}${id}/resign/`, {
      method: "POST", headers: this.headers(token, { "Content-Type": "application/json" }), body: JSON.stringify({ version }),
    });
  }

  rematch(id, token) {
    return this.send(`${this.base}${id}/rematch/`, { method: "POST", headers: this.headers(token) });
  }

  // Server-sent events: `onChange` is called when the match's tag (its version, who has joined,
  // the rematch) is no longer `tag`. The server ends each stream promptly and the browser comes
  // back on its own; null where the browser has no EventSource (polling then carries on alone).
  listen(id, tag, onChange) {
    if (typeof EventSource === "undefined") return null;
    // "play:events" = "off" in the browser's storage: polling alone (bench/remote.py compares).
    try { if (window.localStorage.getItem("play:events") === "off") return null; } catch (error) { /* no storage */ }
    const source = new EventSource(`${this.base}${id}/events/?since=${encodeURIComponent(tag || "")}`);
    const listener = { source, healthy: false, close: () => source.close() };
    source.addEventListener("open", () => { listener.healthy = true; });
    source.addEventListener("change", (e) => {
      let data = {};
      try { data = JSON.parse(e.data); } catch (error) { /* a change all the same */ }
      onChange(data);
    });
    source.addEventListener("error", () => {
      // Closed by the server (it answers promptly) or lost: the browser retries; a closed source
      // (the server refused it) leaves the waiting to polling.
      if (source.readyState === EventSource.CLOSED) listener.healthy = false;
    });
    return listener;
  }

  recordUrl(id) {
    return `${this.base}${id}/record/?download=1`;
  }
}
