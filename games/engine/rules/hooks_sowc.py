"""Hooks for the sowing games of the sowc batch (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sowc.py).

- ``pair-at-three`` (``capture = { hook = "pair-at-three", claim = true }``; Leyla Gobale as
  played in Somaliland, DLP ruleset 242): when the last seed falls into an empty hole of the
  mover's own row and the opponent's hole facing it holds three, the mover takes the two holes
  (the last seed and the three), and with ``claim`` they become his tuz; otherwise nothing.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["pair_at_three"]


@hook("pair-at-three")
def pair_at_three(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    g, b = sim.game, sim.b
    if last >= g.N or sim.own[last] != seat or b[last] != 1:
        return []
    f = g.facing[last]
    if f < 0 or sim.own[f] == seat or b[f] != 3:
        return []
    return [(last, 1), (f, 3)]
