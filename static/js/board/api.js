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

  read(id, token, etag) {
    const extra = etag ? { "If-None-Match": etag } : {};
    return this.send(`${this.base}${id}/`, { headers: this.headers(token, extra) });
  }

  act(id, token, body) {
    return this.send(`${this.base}${id}/actions/`, {
      method: "POST", headers: this.headers(token, { "Content-Type": "application/json" }), body: JSON.stringify(body),
    });
  }

  record(id, from = 0) {
    return this.send(`${this.base}${id}/record/${from ? `?from=${from}` : ""}`, { headers: this.headers(null) });
  }

  recordUrl(id) {
    return `${this.base}${id}/record/?download=1`;
  }
}
