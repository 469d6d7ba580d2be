"""Boards from a few builders: sites with names and coordinates, their neighbours by direction,
the lines drawn between them, and named regions.

A board is compiled once per rules file into flat lists (``step[d][i]`` is the site one step
from ``i`` in direction ``d``, or -1), so move generation is list look-ups. Coordinates are in
site units with y growing upwards; the first seat sits at the bottom (y = 0).

Builders (the ``board`` element's ``shape``):

- ``grid``: ``size = [files, ranks]`` squares named ``a1`` .. (file letter, rank number);
  every square has its eight neighbours (moves choose which directions they use);
  ``keep = "b2:k11 a1 l1"`` (squares and rectangles): only these squares are the board, the
  others of the lattice are left out (Shatranj al-Husun's ten by ten with a citadel off each
  corner), each kept square joined to its kept neighbours;
- ``alquerque``: ``size = [n, n]`` points on lines, with diagonals through the points whose
  coordinates sum to an even number (the alquerque pattern);
- ``morris``: ``squares = 3`` concentric squares, points at the corners and mid-sides, joined
  along the sides and by the lines through the mid-sides (``midlines``), optionally the corners
  (``diagonals``); named on the ``2 * squares + 1`` grid they stand on (``a1``, ``d1``, ``g1``...);
- ``mancala``: ``rows`` rows of ``holes`` holes numbered 1.. anticlockwise from the first seat's
  left, and ``stores`` (0, 1 or 2) named ``s1``, ``s2``;
- ``circle``: ``rings = 4``, ``sectors = 16`` cells in concentric rings round an empty centre
  of ``inner`` ring widths (3 by default), named by sector letter and ring number (``a1`` ..
  ``p4``, ring 1 the innermost); the directions are those of a grid rolled into a ring: ``e``
  and ``w`` along the ring (anticlockwise and clockwise, going round), ``n`` and ``s`` outwards
  and inwards, the diagonals between (Shatranj ar-Rumiya). The engine's coordinates are the
  lattice (sector, ring), which wraps round for leaps (``Board.wrap``); the board is drawn in
  the round, the first sector at ``start`` degrees (-168.75 by default). Opt-in ``citadels =
  N`` (N dividing the sectors; Shatranj ar-Rumiya after al-Amuli: 4) fills the empty centre with
  N citadels, its slices, each touching ``sectors / N`` cells of the inner ring; each is named
  by the first sector it spans and ring 0 (``a0``, ``e0``, ``i0``, ``m0``), listed after the
  cells, in the region ``citadels``. They are a ring 0 whose cells each span several sectors:
  from a cell of the inner ring ``s`` leads into the citadel it touches, ``se`` and ``sw`` into
  the citadel of the next sector that way round (its own, or across the slices' dividing line,
  the next one); round the centre, ``e`` and ``w``, each citadel joins the next. No line leads
  out of a citadel to the rings (a citadel touches several cells, and no one of them is the way out):
  the joins into them are one way, for a game where entering one ends the game (the file keeps
  every other piece out). Their lattice place lies below the rings, out of reach of any leap;
  they are drawn in the centre, joined by lines to the cells they touch and to each other;
- ``graph``: ``sites = [[name, x, y], ...]`` and ``edges = [[name, name], ...]``; optional
  ``lines = [[name, name, name, ...], ...]``, the board's drawn lines, straight or curved (a
  ring repeats its first site at the end): their neighbouring sites are joined, and a hop on
  a board with lines goes on along the line it came by (``ahead``), never across to another.
  Where two of a site's neighbours lie in one compass direction, the second takes the nearest
  free direction, so that no line is lost.
- ``hex``: ``size = 5`` hexagonal cells a side (2 to 13), a hexagon of cells in rows across the
  board, each cell touching up to six others: ``e`` and ``w`` along its row, ``ne``, ``nw``,
  ``se`` and ``sw`` to the rows above and below (``n`` and ``s`` lead nowhere). Rows are
  numbered from the bottom; a cell's letter is its diagonal, the line of cells rising to the
  upper left, lettered from the left (``a1`` the bottom row's left cell, ``e5`` the centre of
  five a side: Ludii's labels). Regions ``corners``, ``centre``, ``edge``, ``row1``... and
  ``colour0``, ``colour1``, ``colour2``: the board's three colours, no two neighbours alike, a
  cell's colour its letter's place (a = 0) plus its row's (row 1 = 0), modulo three (the
  centre's colour is ``(size - 1) * 2`` modulo three). ``owners = [REGION per seat]``: the
  cells each seat owns, drawn in its colour (Triad's tricoloured board).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Board", "DIRECTIONS", "build", "BoardSpecError"]

#: Compass directions, anticlockwise from east; index d and (d + 4) % 8 are opposite.
DIRECTIONS = ("e", "ne", "n", "nw", "w", "sw", "s", "se")
VECTORS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
ORTHOGONAL = (0, 2, 4, 6)
DIAGONAL = (1, 3, 5, 7)
FILES = "abcdefghijklmnopqrstuvwxyz"


class BoardSpecError(ValueError):
    """A board element that cannot be built; the message names the field."""


def direction_of(dx: float, dy: float) -> int:
    """The compass direction (index into DIRECTIONS) nearest the vector (dx, dy)."""
    angle = math.atan2(dy, dx)
    return int(round(angle / (math.pi / 4))) % 8


@dataclass
class Board:
    shape: str
    names: list[str]
    xy: list[tuple[float, float]]
    kind: str  # "square", "point" or "hole": what a site is drawn as
    step: list[list[int]] = field(default_factory=list)  # step[d][i]
    edges: list[tuple[int, int]] = field(default_factory=list)
    regions: dict[str, frozenset[int]] = field(default_factory=dict)
    files: int = 0
    ranks: int = 0
    kinds: list[str] = field(default_factory=list)  # per-site shape where they differ (stores)
    ahead: dict[tuple[int, int], int] = field(default_factory=dict)  # (from, over) -> beyond, along a line
    wrap: int = 0  # files of a lattice that closes round on itself (circle): x wraps modulo this
    draw: list[tuple[float, float]] | None = None  # where the sites are drawn, where not at xy (circle)
    owners: list[int | None] | None = None  # the seat owning each site, where a builder says (hex owners)

    def __post_init__(self) -> None:
        self.index = {n: i for i, n in enumerate(self.names)}
        if not self.step:
            self.step = [[-1] * len(self.names) for _ in DIRECTIONS]
        if not self.kinds:
            self.kinds = [self.kind] * len(self.names)

    @property
    def size(self) -> int:
        return len(self.names)

    def neighbours(self, i: int, dirs: tuple[int, ...] = tuple(range(8))) -> list[int]:
        return [j for d in dirs if (j := self.step[d][i]) >= 0]

    def connect(self, i: int, j: int) -> None:
        """Join sites i and j by a line (both ways, in the direction of their vector)."""
        (xi, yi), (xj, yj) = self.xy[i], self.xy[j]
        d = self._free(i, j, xj - xi, yj - yi)
        self.step[d][i] = j
        e = self._free(j, i, xi - xj, yi - yj)
        self.step[e][j] = i
        self.edges.append((min(i, j), max(i, j)))

    def _free(self, i: int, j: int, dx: float, dy: float) -> int:
        """The direction from ``i`` to ``j``: the nearest to their vector, or where another
        neighbour holds it, the nearest free one (by angle)."""
        d = direction_of(dx, dy)
        if self.step[d][i] in (-1, j):
            return d
        angle = math.atan2(dy, dx)
        free = [k for k in range(8) if self.step[k][i] in (-1, j)]
        if not free:
            return d
        return min(free, key=lambda k: abs((angle - k * math.pi / 4 + math.pi) % (2 * math.pi) - math.pi))

    def geometry(self, marks: dict[int, str] | None = None) -> dict[str, Any]:
        """The board as the browser draws it (CONTRACT.md, board info ``geometry``)."""
        at = self.draw or self.xy
        xs = [x for x, _ in at] or [0]
        ys = [y for _, y in at] or [0]
        marks = marks or {}
        style = {"grid": "grid", "mancala": "mancala"}.get(self.shape, "lines")
        return {
            "style": style,
            "width": max(xs) - min(xs) + 1,
            "height": max(ys) - min(ys) + 1,
            "sites": [
                {"name": n, "x": x, "y": y, "shape": self.kinds[i], "mark": marks.get(i)}
                | ({"owner": self.owners[i]} if self.owners is not None else {})
                for i, (n, (x, y)) in enumerate(zip(self.names, at))
            ],
            "edges": [[self.names[a], self.names[b]] for a, b in sorted(set(self.edges))],
            "checkered": False,
            "regions": {k: sorted(self.names[i] for i in v) for k, v in self.regions.items()},
        }


def _size(spec: dict, key: str = "size") -> tuple[int, int]:
    size = spec.get(key)
    if not (isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) and not isinstance(v, bool) and 2 <= v <= 26 for v in size)):
        raise BoardSpecError(f"{key}: must be [files, ranks], each 2 to 26, got {size!r}")
    return size[0], size[1]


def _lattice(shape: str, kind: str, spec: dict) -> Board:
    """A files x ranks lattice of sites named a1.. by file letter and rank, not yet joined."""
    files, ranks = _size(spec)
    names = [f"{FILES[f]}{r + 1}" for r in range(ranks) for f in range(files)]
    xy = [(f, r) for r in range(ranks) for f in range(files)]
    return Board(shape, names, xy, kind, files=files, ranks=ranks)


def grid(spec: dict) -> Board:
    board = _lattice("grid", "square", spec)
    files, ranks, xy = board.files, board.ranks, board.xy
    for i, (x, y) in enumerate(xy):
        for d, (dx, dy) in enumerate(VECTORS):
            nx, ny = x + dx, y + dy
            if 0 <= nx < files and 0 <= ny < ranks:
                board.step[d][i] = ny * files + nx
    _grid_regions(board)
    if "keep" in spec:
        return _keep(board, spec["keep"])
    return board


def _keep(full: Board, keep: Any) -> Board:
    """The grid ``full`` cut down to the squares ``keep`` names (``a1``, rectangles ``b2:k11``)."""
    if not isinstance(keep, str) or not keep.split():
        raise BoardSpecError("keep: must name the squares kept, e.g. \"b2:k11 a1 l1\"")
    kept: set[int] = set()
    for word in keep.split():
        ends = word.split(":")
        if len(ends) > 2 or any(e not in full.index for e in ends):
            raise BoardSpecError(f"keep: {word!r} is not a square or a rectangle a1:h2 of the grid")
        (x0, y0), (x1, y1) = full.xy[full.index[ends[0]]], full.xy[full.index[ends[-1]]]
        kept |= {i for i, (x, y) in enumerate(full.xy)
                 if min(x0, x1) <= x <= max(x0, x1) and min(y0, y1) <= y <= max(y0, y1)}
    order = sorted(kept)
    new = {old: j for j, old in enumerate(order)}
    board = Board("grid", [full.names[i] for i in order], [full.xy[i] for i in order], "square",
                  files=full.files, ranks=full.ranks)
    for d in range(len(DIRECTIONS)):
        board.step[d] = [new.get(full.step[d][i], -1) for i in order]
    # The lattice's regions (ranks, files), each cut to the squares kept; the corners and the
    # edge are the kept board's own.
    board.regions = {k: frozenset(new[i] for i in v if i in new) for k, v in full.regions.items()}
    xs = [x for x, _ in board.xy]
    ys = [y for _, y in board.xy]
    board.regions["corners"] = frozenset(j for j, (x, y) in enumerate(board.xy)
                                         if x in (min(xs), max(xs)) and y in (min(ys), max(ys)))
    board.regions["edge"] = frozenset(j for j in range(board.size) if any(board.step[d][j] < 0 for d in (0, 2, 4, 6)))
    return board


def _grid_regions(board: Board) -> None:
    files, ranks = board.files, board.ranks
    at = lambda x, y: y * files + x  # noqa: E731
    board.regions["corners"] = frozenset({at(0, 0), at(files - 1, 0), at(0, ranks - 1), at(files - 1, ranks - 1)})
    if files % 2 and ranks % 2:
        board.regions["centre"] = frozenset({at(files // 2, ranks // 2)})
    board.regions["edge"] = frozenset(at(x, y) for x in range(files) for y in range(ranks)
                                      if x in (0, files - 1) or y in (0, ranks - 1))
    for r in range(ranks):
        board.regions[f"rank{r + 1}"] = frozenset(at(x, r) for x in range(files))
    for f in range(files):
        board.regions[f"file{FILES[f]}"] = frozenset(at(f, y) for y in range(ranks))


def alquerque(spec: dict) -> Board:
    board = _lattice("alquerque", "point", spec)
    files, ranks, xy = board.files, board.ranks, board.xy
    for i, (x, y) in enumerate(xy):
        for d in (0, 2):  # east, north: each orthogonal line once
            dx, dy = VECTORS[d]
            if x + dx < files and y + dy < ranks:
                board.connect(i, (y + dy) * files + x + dx)
        if (x + y) % 2 == 0:
            for d in (1, 3):  # north-east, north-west
                dx, dy = VECTORS[d]
                if 0 <= x + dx < files and y + dy < ranks:
                    board.connect(i, (y + dy) * files + x + dx)
    _grid_regions(board)
    return board


def morris(spec: dict) -> Board:
    squares = spec.get("squares", 3)
    if isinstance(squares, bool) or not isinstance(squares, int) or not 1 <= squares <= 6:
        raise BoardSpecError(f"squares: must be 1 to 6, got {squares!r}")
    midlines = spec.get("midlines", True)
    diagonals = spec.get("diagonals", False)
    if not isinstance(midlines, bool) or not isinstance(diagonals, bool):
        raise BoardSpecError("midlines and diagonals: must be true or false")
    n = 2 * squares + 1
    points: list[tuple[int, int]] = []
    rings: list[list[int]] = []
    for k in range(squares):  # k = 0 outermost
        lo, hi, mid = k, n - 1 - k, n // 2
        ring = [(lo, lo), (mid, lo), (hi, lo), (hi, mid), (hi, hi), (mid, hi), (lo, hi), (lo, mid)]
        rings.append([])
        for p in ring:
            rings[-1].append(len(points))
            points.append(p)
    centre = spec.get("centre", False)
    if centre:
        points.append((n // 2, n // 2))
    order = sorted(range(len(points)), key=lambda i: (points[i][1], points[i][0]))
    remap = {old: new for new, old in enumerate(order)}
    xy = [points[i] for i in order]
    names = [f"{FILES[x]}{y + 1}" for x, y in xy]
    board = Board("morris", names, [(float(x), float(y)) for x, y in xy], "point", files=n, ranks=n)
    for ring in rings:
        for a in range(8):
            board.connect(remap[ring[a]], remap[ring[(a + 1) % 8]])
    for k in range(squares - 1):
        for a in range(8):
            if (a % 2 == 1 and midlines) or (a % 2 == 0 and diagonals):
                board.connect(remap[rings[k][a]], remap[rings[k + 1][a]])
    if centre:
        c = remap[len(points) - 1]
        for a in range(8):
            if (a % 2 == 1 and midlines) or (a % 2 == 0 and diagonals):
                board.connect(remap[rings[-1][a]], c)
    return board


def mancala(spec: dict) -> Board:
    rows, holes, stores = spec.get("rows", 2), spec.get("holes", 6), spec.get("stores", 0)
    for name, value, lo, hi in (("rows", rows, 2, 4), ("holes", holes, 2, 50), ("stores", stores, 0, 2)):
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise BoardSpecError(f"{name}: must be {lo} to {hi}, got {value!r}")
    names: list[str] = []
    xy: list[tuple[float, float]] = []
    # Rows from the bottom; the sowing track runs anticlockwise: left to right along even rows
    # counted from the bottom of each player's half, right to left along the others.
    number = 0
    if rows == 3:
        # Three rows (the Gabata family of the Horn of Africa): each seat owns the row nearest
        # him and the half of the central row on his right. Numbered along the first seat's
        # sowing track: his row left to right, his half of the centre right to left, the far
        # row right to left, the far seat's half of the centre left to right, and on into
        # the first row: the first half of the numbers is his, the rest the other's.
        if holes % 2:
            raise BoardSpecError(f"holes: three rows split the central row in halves, so an even number, got {holes!r}")
        half = holes // 2
        cells = ([(c, 0) for c in range(holes)] + [(c, 1) for c in range(holes - 1, half - 1, -1)]
                 + [(c, 2) for c in range(holes - 1, -1, -1)] + [(c, 1) for c in range(half)])
    else:
        # Two-row boards: row 0 left to right (seat 0), row 1 right to left (seat 1).
        cells = [(c, r) for r in range(rows) for c in (range(holes) if r % 2 == 0 else range(holes - 1, -1, -1))]
    for c, r in cells:
        number += 1
        names.append(str(number))
        xy.append((float(c), float(r)))
    kinds = ["hole"] * len(names)
    if stores:
        # s1, the first seat's store, on his right (or, first_store = "left", on his left).
        s1x, s2x = ((-0.85, holes - 0.15) if spec.get("first_store") == "left" else (holes - 0.15, -0.85))
        names.append("s1")
        xy.append((s1x, (rows - 1) / 2))
        kinds.append("store")
        if stores == 2:
            names.append("s2")
            xy.append((s2x, (rows - 1) / 2))
            kinds.append("store")
    board = Board("mancala", names, xy, "hole", kinds=kinds, files=holes, ranks=rows)
    board.regions["track"] = frozenset(range(rows * holes))
    half = rows * holes // 2  # each seat's holes (three rows: his row and half the centre)
    board.regions["row0"] = frozenset(range(0, half))
    board.regions["row1"] = frozenset(range(half, rows * holes))
    return board


def circle(spec: dict) -> Board:
    rings, sectors, inner = spec.get("rings", 4), spec.get("sectors", 16), spec.get("inner", 3)
    start = spec.get("start", -168.75)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (rings, sectors)) or not (
            1 <= rings <= 26 and 4 <= sectors <= 26):
        raise BoardSpecError(f"rings, sectors: must be 1 to 26 rings of 4 to 26 sectors, got {rings!r}, {sectors!r}")
    if isinstance(inner, bool) or not isinstance(inner, (int, float)) or inner < 0:
        raise BoardSpecError(f"inner: must be the empty centre's radius in ring widths, got {inner!r}")
    if isinstance(start, bool) or not isinstance(start, (int, float)):
        raise BoardSpecError(f"start: must be an angle in degrees, got {start!r}")
    names = [f"{FILES[s]}{r + 1}" for r in range(rings) for s in range(sectors)]
    xy = [(float(s), float(r)) for r in range(rings) for s in range(sectors)]
    draw = []
    for s_, r in xy:
        angle = math.radians(start + 360.0 * s_ / sectors)
        radius = inner + r
        draw.append((round(radius * math.cos(angle), 6), round(radius * math.sin(angle), 6)))
    citadels = spec.get("citadels", 0)
    if isinstance(citadels, bool) or not isinstance(citadels, int) or citadels < 0 or (
            citadels and (citadels < 2 or sectors % citadels)):
        raise BoardSpecError(f"citadels: must be a number of citadels (2 or more) dividing the {sectors} sectors, got {citadels!r}")
    span = sectors // citadels if citadels else 0
    centre = inner - 0.5  # the empty centre's radius: the inner ring's cells are a ring width wide
    for c in range(citadels):
        # Each citadel, a slice of the centre, at its middle sector, out of the rings' lattice
        # (no leap reaches it), drawn at the middle of its slice.
        names.append(f"{FILES[c * span]}0")
        xy.append((c * span + (span - 1) / 2, float(-rings - 2)))
        angle = math.radians(start + 360.0 * (c * span + (span - 1) / 2) / sectors)
        radius = 0.72 * centre
        draw.append((round(radius * math.cos(angle), 6), round(radius * math.sin(angle), 6)))
    cells = rings * sectors
    board = Board("circle", names, xy, "square", files=sectors, ranks=rings, wrap=sectors, draw=draw)
    for i, (x, y) in enumerate(xy[:cells]):
        for d, (dx, dy) in enumerate(VECTORS):
            ny = int(y) + dy
            if 0 <= ny < rings:
                board.step[d][i] = ny * sectors + (int(x) + dx) % sectors
            elif ny < 0 and citadels:
                # Inwards from the inner ring: the citadel of the sector the step goes to.
                board.step[d][i] = cells + ((int(x) + dx) % sectors) // span
    for c in range(citadels):
        board.step[0][cells + c] = cells + (c + 1) % citadels  # round the centre, anticlockwise
        board.step[4][cells + c] = cells + (c - 1) % citadels
    for i in range(cells):
        for d in (0, 2):  # the lines drawn: round the rings and across them
            j = board.step[d][i]
            if j >= 0:
                board.edges.append((min(i, j), max(i, j)))
    for r in range(rings):
        board.regions[f"ring{r + 1}"] = frozenset(range(r * sectors, (r + 1) * sectors))
    for s in range(sectors):
        board.regions[f"sector{FILES[s]}"] = frozenset(r * sectors + s for r in range(rings))
    if citadels:
        for c in range(citadels):
            for s in range(c * span, (c + 1) * span):
                board.edges.append((s, cells + c))  # the inner cells it touches
            if citadels > 2 or c == 0:
                board.edges.append(tuple(sorted((cells + c, cells + (c + 1) % citadels))))
        board.regions["citadels"] = frozenset(range(cells, cells + citadels))
    return board


def graph(spec: dict) -> Board:
    sites, edges = spec.get("sites"), spec.get("edges", [])
    if not isinstance(sites, list) or not sites:
        raise BoardSpecError("sites: must list [name, x, y] for each site")
    names, xy = [], []
    for s in sites:
        if not (isinstance(s, list) and len(s) == 3 and isinstance(s[0], str) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in s[1:])):
            raise BoardSpecError(f"sites: each site is [name, x, y], got {s!r}")
        names.append(s[0])
        xy.append((float(s[1]), float(s[2])))
    if len(set(names)) != len(names):
        raise BoardSpecError("sites: a name is used twice")
    board = Board("graph", names, xy, spec.get("site_shape", "point"))
    for e in edges:
        if not (isinstance(e, list) and len(e) == 2 and all(v in board.index for v in e)):
            raise BoardSpecError(f"edges: each edge joins two site names, got {e!r}")
        board.connect(board.index[e[0]], board.index[e[1]])
    lines = spec.get("lines", [])
    if not isinstance(lines, list):
        raise BoardSpecError("lines: must list lines, each [name, name, ...]")
    for ln in lines:
        if not (isinstance(ln, list) and len(ln) >= 2 and all(v in board.index for v in ln)):
            raise BoardSpecError(f"lines: each line lists two or more site names, got {ln!r}")
        ids = [board.index[v] for v in ln]
        if ids[0] == ids[-1] and len(ids) > 2:
            ids.append(ids[1])  # a ring: the hop over its first site goes on round
        for a, b in zip(ids, ids[1:]):
            if (min(a, b), max(a, b)) not in board.edges:
                board.connect(a, b)
        for a, b, c in zip(ids, ids[1:], ids[2:]):
            board.ahead[(a, b)] = c
            board.ahead[(c, b)] = a
    return board


def hex_board(spec: dict) -> Board:
    """``shape = "hex"``: a hexagon of ``size`` hexagonal cells a side (see the module's notes)."""
    n = spec.get("size", 5)
    if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 13:
        raise BoardSpecError(f"size: must be the cells on a side, 2 to 13, got {n!r}")
    # Cell (q, r): diagonal q (the letter), row r, both from 0; a row r holds the diagonals
    # max(0, r - n + 1) .. min(2n - 2, r + n - 1). Neighbours differ by (1, 0), (0, 1), (1, 1).
    cells = [(q, r) for r in range(2 * n - 1) for q in range(max(0, r - n + 1), min(2 * n - 2, r + n - 1) + 1)]
    at = {c: i for i, c in enumerate(cells)}
    names = [f"{FILES[q]}{r + 1}" for q, r in cells]
    half = math.sqrt(3) / 2
    xy = [(round(q - r / 2, 6), round(r * half, 6)) for q, r in cells]
    board = Board("hex", names, xy, "hex", files=2 * n - 1, ranks=2 * n - 1)
    ways = {0: (1, 0), 1: (1, 1), 3: (0, 1), 4: (-1, 0), 5: (-1, -1), 7: (0, -1)}  # e ne nw w sw se
    for i, (q, r) in enumerate(cells):
        for d, (dq, dr) in ways.items():
            board.step[d][i] = at.get((q + dq, r + dr), -1)
    last = 2 * n - 2
    board.regions["corners"] = frozenset(at[c] for c in ((0, 0), (n - 1, 0), (0, n - 1), (last, n - 1), (n - 1, last), (last, last)))
    board.regions["centre"] = frozenset({at[(n - 1, n - 1)]})
    board.regions["edge"] = frozenset(i for i in range(len(cells)) if any(board.step[d][i] < 0 for d in ways))
    for r in range(2 * n - 1):
        board.regions[f"row{r + 1}"] = frozenset(i for i, (_, y) in enumerate(cells) if y == r)
    for k in range(3):
        board.regions[f"colour{k}"] = frozenset(i for i, (q, r) in enumerate(cells) if (q + r) % 3 == k)
    owners = spec.get("owners")
    if owners is not None:
        if not (isinstance(owners, list) and 2 <= len(owners) <= 4 and all(o in board.regions for o in owners)):
            raise BoardSpecError(f"owners: must name a region per seat, got {owners!r}")
        board.owners = [None] * len(cells)
        for seat, region in enumerate(owners):
            for i in board.regions[region]:
                if board.owners[i] is not None:
                    raise BoardSpecError(f"owners: {region!r} shares a cell with another seat's region")
                board.owners[i] = seat
    return board


BUILDERS = {"grid": grid, "alquerque": alquerque, "morris": morris, "mancala": mancala, "graph": graph, "circle": circle, "hex": hex_board}


def build(spec: dict) -> Board:
    shape = spec.get("shape")
    if shape not in BUILDERS:
        raise BoardSpecError(f"shape: must be one of {', '.join(BUILDERS)}, got {shape!r}")
    return BUILDERS[shape](spec)
