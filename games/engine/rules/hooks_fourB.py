"""Hooks for the fourB batch of four-row sowing games (see ``hooks.py`` for the protocol; tested
in tests/games/test_rules_fourB.py).

- ``mwambulula-facing`` (``sow.relay_hook``, Mwambulula, DLP ruleset 278; meant for
  ``relay_hook_sows = "origin"`` or ``"lap-origin"``): a lap of the mover's that ends in an
  occupied hole (it held counters before the last fell in), of either of his rows, while the
  opponent's inner-row hole in the same column holds counters, takes it, and the opponent's
  outer-row hole behind it too if that holds counters. Otherwise nothing (the ordinary relay).
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["mwambulula_facing"]

#: Per compiled game: for each hole, the opponent's inner-row hole in its column (-1: none).
_ACROSS: dict[int, tuple[Any, list[int]]] = {}


def _across(g: Any) -> list[int]:
    kept = _ACROSS.get(id(g))
    if kept is not None and kept[0] is g:
        return kept[1]
    across = list(g.facing)  # an inner-row hole: the facing one
    for j, o in enumerate(g.behind):  # an outer-row hole: the inner hole that has it behind
        if o >= 0:
            across[o] = j
    _ACROSS[id(g)] = (g, across)
    return across


@hook("mwambulula-facing")
def mwambulula_facing(sim: Any, seat: int, last: int) -> list[int]:
    g, b = sim.game, sim.b
    if g.rows != 4 or g.owner[last] != seat or b[last] < 2:
        return []
    f = _across(g)[last]
    if f < 0 or g.owner[f] == seat or not b[f]:
        return []
    behind = g.behind[g.facing[f]]
    return [f] + ([behind] if behind >= 0 and b[behind] else [])
