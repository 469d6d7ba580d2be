"""Hooks for the sowing games of the miscA batch (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_miscA.py).

- ``facing-next`` (``capture = { hook = "facing-next" }``; Kanji Guti, DLP ruleset 432, with
  ``sow.relay = "next"``): when the hole after the one the last seed fell into is empty, the
  mover takes the seeds of the hole facing that empty hole (in the other row, same column),
  whoever's they are; nothing when it is empty too, or when the next hole holds seeds (a
  relay cut short by the relay cap).
- ``next-after-empty`` (``capture = { hook = "next-after-empty" }``; Pallankuli, DLP ruleset
  215, with relay sowing): when the last seed fell into an empty hole (it now holds that seed
  alone), the mover takes the seeds of the next hole on the board, whoever's, if it holds any.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["facing_next", "next_after_empty"]


@hook("facing-next")
def facing_next(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    g, b = sim.game, sim.b
    if last >= g.N:
        return []
    nxt = g.track(seat, direction, sim.r.stores, sim._skip(seat))[last]
    if nxt >= g.N or b[nxt]:
        return []
    f = g.facing[nxt]
    if f < 0 or not b[f]:
        return []
    return [(f, b[f])]


@hook("next-after-empty")
def next_after_empty(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    g, b = sim.game, sim.b
    if last >= g.N or b[last] != 1:
        return []
    nxt = g.plain[seat][direction][last]
    if nxt >= g.N or not b[nxt]:
        return []
    return [(nxt, b[nxt])]
