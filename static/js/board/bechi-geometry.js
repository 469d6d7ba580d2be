// Where the holes of a Béchi board are, and the frames of a sowing. Pure: no DOM
// (tests/js/bechi-geometry.test.js).
//
// The viewer's row is drawn at the bottom, left to right from the viewer's left; the opponent's
// row at the top runs right to left (the opponent's left is the viewer's right).

export const SIZE = Object.freeze({ margin: 12, hole: 92, store: 96, rowGap: 18, label: 18 });

export function boardSize(holes, size = SIZE) {
  return {
    width: size.margin * 2 + size.store * 2 + size.hole * holes,
    height: size.margin * 2 + size.hole * 2 + size.rowGap + size.label * 2,
  };
}

// The centre of hole `index` of `row` (row r belongs to side r) seen from `viewer`.
export function holeCentre(row, index, holes, viewer, size = SIZE) {
  const bottom = row === viewer;
  const col = bottom ? index : holes - 1 - index;
  const x = size.margin + size.store + col * size.hole + size.hole / 2;
  const topY = size.margin + size.label + size.hole / 2;
  const y = bottom ? topY + size.hole + size.rowGap : topY;
  return { x, y, r: size.hole / 2 - 6 };
}

export function storeRect(side, holes, viewer, size = SIZE) {
  const { width, height } = boardSize(holes, size);
  const mine = side === viewer;
  // Each side's store sits at its own right hand: the viewer's at the right, the opponent's left.
  const x = mine ? width - size.margin - size.store : size.margin;
  return { x, y: size.margin + size.label, width: size.store, height: height - 2 * (size.margin + size.label) };
}

export function hitTest(x, y, holes, viewer, size = SIZE) {
  for (const row of [0, 1]) {
    for (let i = 0; i < holes; i++) {
      const c = holeCentre(row, i, holes, viewer, size);
      if (Math.abs(x - c.x) <= size.hole / 2 && Math.abs(y - c.y) <= size.hole / 2) return { row, index: i };
    }
  }
  return null;
}

// Positions for `count` counters inside a hole of radius r: rings from the centre out; more than
// fit are not drawn (the number beside the hole always says how many there are).
export function counterOffsets(count, r) {
  const out = [];
  const rings = [[1, 0], [6, 0.36], [12, 0.68]];
  for (const [n, radius] of rings) {
    for (let k = 0; k < n && out.length < count; k++) {
      const angle = (2 * Math.PI * k) / n + (radius > 0.5 ? Math.PI / 12 : 0);
      out.push({ dx: Math.cos(angle) * radius * r, dy: Math.sin(angle) * radius * r });
    }
  }
  return out;
}

// The frames of a sowing, from the rows before it and the engine's account of it
// (state.last_move: path in sowing order, captures [[row, index, count]]): first the hole is
// lifted, then one counter drops per frame, then the captures are taken, one frame each.
export function sowingFrames(rowsBefore, lastMove) {
  const rows = rowsBefore.map((r) => [...r]);
  const frames = [];
  if (!lastMove || !lastMove.path || !lastMove.path.length) return frames;
  const [sr, si] = lastMove.path[0];
  let inHand = rows[sr][si];
  rows[sr][si] = 0;
  frames.push({ rows: rows.map((r) => [...r]), hand: inHand, at: [sr, si], kind: "lift" });
  for (const [r, i] of lastMove.path) {
    rows[r][i] += 1;
    inHand -= 1;
    frames.push({ rows: rows.map((x) => [...x]), hand: inHand, at: [r, i], kind: "drop" });
  }
  for (const [r, i] of lastMove.captures || []) {
    rows[r][i] = 0;
    frames.push({ rows: rows.map((x) => [...x]), hand: 0, at: [r, i], kind: "capture" });
  }
  return frames;
}

// Milliseconds per frame for a speed setting; 0 means no animation.
export function frameDelay(speed) {
  return { off: 0, fast: 90, normal: 220, slow: 450 }[speed] ?? 220;
}
