// The browse page's timeline: how many of the matching records fall in each period, as bars; each
// bar is a link that filters the page by the period's dates (from/to). Data comes from the
// endpoint data-periods-url names (/api/v1/evidence/periods/ with the page's filters): counts,
// the historical years to filter by and every label already written; this script formats no year.
const SVG = "http://www.w3.org/2000/svg";
const HEIGHT = 120;
const AXIS = 22;
const PAD = 8;

function el(name, attrs = {}, text = "") {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

// The page's URL with a period's dates as the date filter (any other name for it dropped).
export function periodHref(search, period) {
  const params = new URLSearchParams(search);
  for (const name of ["page", "from", "to", "date_from", "date_to"]) params.delete(name);
  params.set("from", String(period.date_from));
  params.set("to", String(period.date_to));
  return `?${params.toString()}`;
}

// Which bars get a label under the axis: the first, the last and about six between.
export function labelled(n) {
  const every = Math.max(1, Math.ceil(n / 7));
  return (i) => i === 0 || i === n - 1 || (i % every === 0 && n - 1 - i >= every / 2);
}

export function drawPeriods(container, body, search = window.location.search) {
  const periods = body.periods;
  container.dataset.total = String(body.total);
  container.dataset.dated = String(body.dated);
  const note = document.querySelector(`[data-periods-note="${container.id}"]`);
  if (note) note.textContent = `${body.dated} of ${body.total} matching record${body.total === 1 ? " is" : "s are"} dated.`;
  if (!periods.length) {
    container.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: "No dated record matches." }));
    container.dataset.ready = "true";
    return;
  }
  const width = Math.max(container.clientWidth, 280);
  const most = Math.max(...periods.map((p) => p.count), 1);
  const slot = (width - 2 * PAD) / periods.length;
  const svg = el("svg", { viewBox: `0 0 ${width} ${HEIGHT + AXIS}`, width: "100%", height: HEIGHT + AXIS, class: "periods-svg" });
  svg.append(el("line", { x1: PAD, x2: width - PAD, y1: HEIGHT, y2: HEIGHT, class: "axis" }));
  const showLabel = labelled(periods.length);
  const ticks = [];
  periods.forEach((p, i) => {
    const x = PAD + i * slot;
    const h = p.count ? Math.max(2, (p.count / most) * (HEIGHT - 6)) : 0;
    const text = `${p.label}: ${p.count} record${p.count === 1 ? "" : "s"}`;
    const bar = p.count ? el("a", { href: periodHref(search, p), class: "period-bar" }) : el("g", { class: "period-bar empty" });
    bar.setAttribute("aria-label", text);
    bar.dataset.from = String(p.date_from);
    bar.dataset.to = String(p.date_to);
    bar.dataset.count = String(p.count);
    bar.append(el("title", {}, text));
    // The whole column is the target (a short bar is hard to hit); the visible bar sits in it.
    bar.append(el("rect", { x, y: 0, width: slot, height: HEIGHT, class: "period-hit" }));
    if (h) bar.append(el("rect", { x: x + slot * 0.1, y: HEIGHT - h, width: Math.max(slot * 0.8, 1), height: h, class: "period-fill" }));
    svg.append(bar);
    if (showLabel(i)) ticks.push([i, x, p.label]);
  });
  container.replaceChildren(svg);
  // Labels under the axis, measured once drawn: the first and the last always, those between
  // only where they clear their neighbours (long names would run into each other).
  const placed = [];
  const last = periods.length - 1;
  for (const [i, x, label] of [ticks[0], ticks.at(-1), ...ticks.slice(1, -1)]) {
    if (i === undefined || placed.some((p) => p.i === i)) continue;
    const anchor = i === 0 ? "start" : i === last ? "end" : "middle";
    const at = i === 0 ? x : i === last ? x + slot : x + slot / 2;
    const text = el("text", { x: at, y: HEIGHT + 15, "text-anchor": anchor, class: "tick-label" }, label);
    svg.append(text);
    const box = text.getBBox();
    if (placed.some((p) => box.x < p.right + 8 && p.left < box.x + box.width + 8)) { text.remove(); continue; }
    placed.push({ i, left: box.x, right: box.x + box.width });
  }
  container.dataset.ready = "true";
}

function init() {
  document.querySelectorAll("[data-periods-url]").forEach((container) => {
    fetch(container.dataset.periodsUrl, { headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${container.dataset.periodsUrl}: ${r.status}`))))
      .then((body) => drawPeriods(container, body))
      .catch(() => {
        container.textContent = "The timeline could not be loaded.";
        container.dataset.ready = "error";
      });
  });
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
}
