// A timeline of evidence: each record a bar from its start to its end year, packed into rows so
// bars never overlap; each bar links to its record. Data comes from the JSON script named by
// data-timeline (archive.selectors.evidence_timeline): positions on an astronomical year axis, the
// axis's bounds and ticks, and every label already written; this script formats no year.
const SVG = "http://www.w3.org/2000/svg";
const ROW = 16;
const PAD = 28;

const OPEN_TAIL = 18; // px: how far a range open at one end reaches past the year it gives

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
  const data = JSON.parse(document.getElementById(container.dataset.timeline).textContent);
  const items = data.items;
  if (!items.length) {
    container.textContent = "No dated records.";
    return;
  }
  const { from, to } = data;
  const width = Math.max(container.clientWidth, 280);
  const x = (year) => PAD + ((year - from) / (to - from)) * (width - 2 * PAD);
  const rows = packRows(items);
  const height = (Math.max(...rows) + 1) * ROW + 40;
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", height, class: "timeline-svg" });
  for (const tick of data.ticks) {
    svg.append(el("line", { x1: x(tick.at), x2: x(tick.at), y1: 0, y2: height - 22, class: "tick" }));
    svg.append(el("text", { x: x(tick.at), y: height - 6, "text-anchor": "middle", class: "tick-label" }, tick.label));
  }
  items.forEach((item, i) => {
    const classes = ["timeline-item", item.open ? `open-${item.open}` : "", item.reversed ? "reversed" : ""];
    const link = el("a", { href: item.url, class: classes.filter(Boolean).join(" ") });
    let x1 = x(item.start);
    let w = Math.max(x(item.end + 1) - x1, 6);
    // An open range reaches past the year it gives, towards the side the source leaves open, drawn lighter.
    if (item.open === "end") w += OPEN_TAIL;
    if (item.open === "start") { x1 -= OPEN_TAIL; w += OPEN_TAIL; }
    const label = item.label;
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
