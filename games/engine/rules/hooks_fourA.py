"""Hooks for four-row sowing games of East and Central Africa (see ``hooks.py``; tested in
tests/games/test_rules_fourA.py).

- ``kisolo-take`` (``sow.take_hook``, Kisolo, DLP rulesets 248, 622, 623): each occupied hole
  of the mover's inner row (at the start of his turn, ``hole = -1``: every such hole; before a
  lap of the relay, only the hole about to be lifted) takes the counters of the opponent's
  inner-row hole facing it, if that holds any, and of the outer-row hole behind it too, if
  that holds any; they go into the mover's outer-row hole behind his own (the same column).
- ``kisolo-take-ludii`` (the same, as Ludii 1.3.13 plays it): each such capture moves a
  single counter from the facing inner-row hole and one from the outer-row hole behind it
  (if it holds any); at the start of a turn captures are made one at a time while any is
  open, so a facing hole is emptied counter by counter, the hole behind it giving one counter
  with each.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["kisolo_take", "kisolo_take_ludii"]


def _open(sim: Any, seat: int, hole: int) -> list[tuple[int, int, int]]:
    """(facing hole, the hole behind it, the mover's outer-row hole) of each capture open."""
    g, b = sim.game, sim.b
    out = []
    for i in (g.holes_of[seat] if hole < 0 else (hole,)):
        f = g.facing[i]
        if f < 0 or g.owner[i] != seat or g.owner[f] == seat or not b[i] or not b[f]:
            continue  # not an occupied hole of the mover's inner row facing counters
        out.append((f, g.behind[i], g.behind[f]))  # behind the facing hole: the mover's own outer
    return out


@hook("kisolo-take")
def kisolo_take(sim: Any, seat: int, hole: int) -> list[tuple[int, ...]]:
    b = sim.b
    moves: list[tuple[int, ...]] = []
    for f, behind, home in _open(sim, seat, hole):
        moves.append((f, home))
        if b[behind]:
            moves.append((behind, home))
    return moves


@hook("kisolo-take-ludii")
def kisolo_take_ludii(sim: Any, seat: int, hole: int) -> list[tuple[int, ...]]:
    b = sim.b
    moves: list[tuple[int, ...]] = []
    for f, behind, home in _open(sim, seat, hole):
        for k in range(b[f] if hole < 0 else 1):
            moves.append((f, home, 1))
            if b[behind] > k:
                moves.append((behind, home, 1))
    return moves
