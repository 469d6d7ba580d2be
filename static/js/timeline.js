// A timeline of evidence: each record a bar from its start to its end year, packed into rows so
// bars never overlap; each bar links to its record. Data comes from the JSON script named by
// data-timeline (archive.selectors.evidence_timeline).
const SVG = "http://www.w3.org/2000/svg";
const ROW = 16;
const PAD = 28;

function formatYear(year) {
  return year < 0 ? `${-year} BCE` : String(year);
}

function niceStep(span) {
  const steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000];
  return steps.find((s) => span / s <= 8) ?? 10000;
}

function el(name, attrs = {}, text = "") {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

export function packRows(items) {
  // Greedy interval packing: sorted by start, each item goes to the first row that is free.
  const ends = [];
  return items.map((item) => {
    let row = ends.findIndex((end) => end < item.start);
    if (row === -1) { row = ends.length; ends.push(item.end); } else { ends[row] = item.end; }
    return row;
  });
}

export function drawTimeline(container) {
  const items = JSON.parse(document.getElementById(container.dataset.timeline).textContent);
  if (!items.length) {
    container.textContent = "No dated records.";
    return;
  }
  const min = Math.min(...items.map((i) => i.start));
  const max = Math.max(...items.map((i) => i.end));
  // Pad the range so that one record, or a few close together, sit mid-axis rather than at an edge.
  const pad = Math.max((max - min) * 0.05, 5);
  const from = min - pad;
  const to = max + 1 + pad;
  const width = Math.max(container.clientWidth, 280);
  const x = (year) => PAD + ((year - from) / (to - from)) * (width - 2 * PAD);
  const rows = packRows(items);
  const height = (Math.max(...rows) + 1) * ROW + 40;
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", height, class: "timeline-svg" });
  const step = niceStep(to - from);
  for (let year = Math.ceil(from / step) * step; year <= to; year += step) {
    if (year === 0) continue; // there is no year 0
    svg.append(el("line", { x1: x(year), x2: x(year), y1: 0, y2: height - 22, class: "tick" }));
    svg.append(el("text", { x: x(year), y: height - 6, "text-anchor": "middle", class: "tick-label" }, formatYear(year)));
  }
  items.forEach((item, i) => {
    const link = el("a", { href: item.url, class: "timeline-item" });
    const x1 = x(item.start);
    const w = Math.max(x(item.end + 1) - x1, 6);
    const label = `${item.id}: ${item.type}, ${item.start === item.end ? formatYear(item.start) : `${formatYear(item.start)} to ${formatYear(item.end)}`}`;
    link.setAttribute("aria-label", label);
    link.append(el("title", {}, label));
    link.append(el("rect", { x: x1, y: rows[i] * ROW + 6, width: w, height: ROW - 6, rx: 3 }));
    svg.append(link);
  });
  container.replaceChildren(svg);
}

function init() {
  document.querySelectorAll("[data-timeline]").forEach((c) => drawTimeline(c));
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
}
