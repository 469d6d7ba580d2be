// A few lines of SVG building, and batched redraws (one per animation frame).

const NS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, children = []) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

// The point in the SVG's own coordinates under a pointer event.
export function svgPoint(svg, event) {
  const matrix = svg.getScreenCTM();
  if (!matrix) return { x: 0, y: 0 };
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  return { x: p.x, y: p.y };
}

// Calls draw() at most once per animation frame however often it is asked for.
export function redrawer(draw) {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      draw();
    });
  };
}

// Pips on a die face, as (x, y) in a 0..1 square.
export const DIE_PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
};

export function die(x, y, size, value, attrs = {}) {
  const g = el("g", { class: "die", transform: `translate(${x} ${y})`, ...attrs });
  g.append(el("rect", { width: size, height: size, rx: size * 0.18, class: "die-face" }));
  for (const [px, py] of DIE_PIPS[value] || []) {
    g.append(el("circle", { cx: px * size, cy: py * size, r: size * 0.09, class: "die-pip" }));
  }
  g.append(el("title", {}, [`die ${value}`]));
  return g;
}
