"""The race boards as data: cells on a grid, their marks, each side's route, the drawn lines.

A board is a :class:`Board`; its :meth:`Board.geometry` is the JSON the board script draws from
(DESIGN.md, "Race (track games)"): ``cells`` (a cell's id is its index), ``routes`` (cell ids for
route positions 1..N, one list per side, cells may be shared and, in Murray's Ur, revisited),
``lines`` and ``shape``. y = 0 is the top row; side 0 sits at the bottom.

    >>> b = senet()
    >>> len(b.cells), len(b.routes[0]), b.routes[0] == b.routes[1]
    (30, 30, True)
    >>> b.cells[b.routes[0][26]].mark      # square 27, the House of Water
    'water'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Board", "Cell", "fifty_eight_holes", "senet", "twenty_squares", "ur", "xii_scripta"]


@dataclass(frozen=True)
class Cell:
    x: int
    y: int
    mark: str | None = None
    label: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"x": self.x, "y": self.y, "mark": self.mark}
        if self.label is not None:
            out["label"] = self.label
        return out


@dataclass(frozen=True)
class Board:
    columns: int
    rows: int
    cells: tuple[Cell, ...]
    routes: tuple[tuple[int, ...], tuple[int, ...]]
    lines: tuple[tuple[int, int], ...] = ()
    shape: str = "squares"

    def cells_marked(self, *marks: str) -> frozenset[int]:
        return frozenset(i for i, c in enumerate(self.cells) if c.mark in marks)

    def geometry(self) -> dict[str, Any]:
        return {
            "columns": self.columns,
            "rows": self.rows,
            "cells": [c.to_json() for c in self.cells],
            "routes": [list(r) for r in self.routes],
            "lines": [list(pair) for pair in self.lines],
            "shape": self.shape,
        }


class _Grid:
    """Collects cells by coordinate so routes can be written as coordinates."""

    def __init__(self) -> None:
        self.cells: list[Cell] = []
        self.index: dict[tuple[int, int], int] = {}

    def add(self, x: int, y: int, mark: str | None = None, label: str | None = None) -> int:
        self.index[(x, y)] = len(self.cells)
        self.cells.append(Cell(x, y, mark, label))
        return self.index[(x, y)]

    def route(self, coords: list[tuple[int, int]]) -> tuple[int, ...]:
        return tuple(self.index[c] for c in coords)


# Senet: squares 15 (ankh, the House of Rebirth), 26 (nefer, the House of Beauty), 27 (water),
# 28 (three), 29 (two) and 30 (Horus), as on New Kingdom boards.
SENET_MARKS = {15: "ankh", 26: "beauty", 27: "water", 28: "three", 29: "two", 30: "horus"}


def senet() -> Board:
    """3 x 10; one route over all thirty squares in a boustrophedon, the same for both sides."""
    g = _Grid()
    order: list[tuple[int, int]] = (
        [(x, 0) for x in range(10)] + [(x, 1) for x in range(9, -1, -1)] + [(x, 2) for x in range(10)]
    )
    number = {c: n for n, c in enumerate(order, start=1)}
    for y in range(3):
        for x in range(10):
            n = number[(x, y)]
            g.add(x, y, SENET_MARKS.get(n), str(n))
    route = g.route(order)
    return Board(10, 3, tuple(g.cells), (route, route))


def _ur_grid() -> _Grid:
    # A block of 3 x 4 (x 0-3), a bridge of two squares in the middle row (x 4-5), a block of
    # 3 x 2 (x 6-7). Rosettes on the four corner squares of the far ends and the middle row's
    # fourth square.
    g = _Grid()
    rosettes = {(0, 0), (0, 2), (6, 0), (6, 2), (3, 1)}
    for x in range(8):
        for y in range(3):
            if 4 <= x <= 5 and y != 1:
                continue
            g.add(x, y, "rosette" if (x, y) in rosettes else None)
    return g


def ur(route: str = "finkel") -> Board:
    """The Royal Game of Ur. ``finkel``: each side's own row from the bridge end to the corner
    (4), up the middle row (8), back along its own row in the small block (2): 14 squares.
    ``murray``: Murray's loop as Ludii draws it (a cross-check of the DLP's sentence): own row
    (4), up the middle row to the small block (7), round the small block through its own row,
    the end of the middle row and the far row (6), back down the whole middle row (6) and home
    along its own row (4): 27 squares, revisiting the middle and own rows."""
    g = _ur_grid()
    routes = []
    for own in (2, 0):
        far = 2 - own
        if route == "finkel":
            coords = [(x, own) for x in (3, 2, 1, 0)] + [(x, 1) for x in range(8)] + [(7, own), (6, own)]
        elif route == "murray":
            coords = (
                [(x, own) for x in (3, 2, 1, 0)]
                + [(x, 1) for x in range(7)]
                + [(6, own), (7, own), (7, 1), (7, far), (6, far), (6, 1)]
                + [(x, 1) for x in range(5, -1, -1)]
                + [(x, own) for x in range(4)]
            )
        else:
            raise ValueError(f"unknown Ur route {route!r}")
        routes.append(g.route(coords))
    return Board(8, 3, tuple(g.cells), (routes[0], routes[1]))


def twenty_squares() -> Board:
    """20 Squares: a block of 3 x 4 and eight more squares continuing its middle row. Each side
    enters at the right-hand corner of its own row, runs left to the far corner, then right along
    the whole middle row (Finkel's Seleucid reading): 16 squares. Rosettes at the two far corners
    and at every fourth square of the middle row (4th, 8th, 12th)."""
    g = _Grid()
    rosettes = {(0, 0), (0, 2), (3, 1), (7, 1), (11, 1)}
    for x in range(12):
        for y in range(3):
            if x >= 4 and y != 1:
                continue
            g.add(x, y, "rosette" if (x, y) in rosettes else None)
    routes = []
    for own in (2, 0):
        routes.append(g.route([(x, own) for x in (3, 2, 1, 0)] + [(x, 1) for x in range(12)]))
    return Board(12, 3, tuple(g.cells), (routes[0], routes[1]))


#: 58 Holes: each side's lines, as (hole, hole) in its own numbering (DLP's "Axe-blade" board:
#: 6 joined to 20 and 8 to 10).
FH_LINES = {"6-20,8-10": ((6, 20), (8, 10)), "6-20": ((6, 20),), "none": ()}
FH_MARKED = (5, 15, 25)  # drawn marked; 15 and 25 give another throw (Carnarvon and Carter)


def fifty_eight_holes(lines: str = "6-20,8-10") -> Board:
    """58 Holes: each side's 29 holes run down its line of ten in the middle, along the bottom,
    up its side of the arc and across the top to the shared goal hole (cell "goal", reached as
    route position 30 = borne off). Side 0 has the left half, side 1 the mirror image."""
    g = _Grid()
    routes = []
    half: list[tuple[int, int]] = (
        [(4, y) for y in range(1, 11)] + [(x, 11) for x in (3, 2, 1, 0)]
        + [(0, y) for y in range(10, 0, -1)] + [(x, 0) for x in range(5)]
    )
    for side in (0, 1):
        coords = [(x if side == 0 else 10 - x, y) for x, y in half]
        for n, (x, y) in enumerate(coords, start=1):
            g.add(x, y, "marked" if n in FH_MARKED else None, str(n))
        routes.append(g.route(coords))
    g.add(5, 0, "goal", "30")
    drawn = tuple((routes[s][a - 1], routes[s][b - 1]) for s in (0, 1) for a, b in FH_LINES[lines])
    return Board(11, 12, tuple(g.cells), (routes[0], routes[1]), drawn, "holes")


def xii_scripta() -> Board:
    """XII Scripta: three rows of twelve, each row in two halves of six (x 0-5 and 7-12). Both
    sides run the middle row left to right, then the row farther from them right to left, then
    the row nearer them left to right: side 0 (at the bottom) the top row then the bottom row,
    side 1 the bottom row then the top row, so each side's far row is the other's near row."""
    g = _Grid()
    xs = list(range(6)) + list(range(7, 13))
    for y in range(3):
        for x in xs:
            g.add(x, y)
    r0 = [(x, 1) for x in xs] + [(x, 0) for x in reversed(xs)] + [(x, 2) for x in xs]
    r1 = [(x, 1) for x in xs] + [(x, 2) for x in reversed(xs)] + [(x, 0) for x in xs]
    return Board(13, 3, tuple(g.cells), (g.route(r0), g.route(r1)))
