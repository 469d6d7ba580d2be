"""Hooks for four-row sowing games whose captures are sown on (see ``hooks.py``; tested in
tests/games/test_rules_sowa.py). Both are ``sow.relay_hook``s meant for
``relay_hook_sows = "drawn"``: the counters they name are lifted and sown on from the hole after
the last, which keeps its own counters.

- ``hus-both-facing`` (Hus, Damara, DLP rulesets 375 and 613): a lap of the mover's that ends
  in an occupied hole of his inner row (it held counters before the last fell in), while the
  opponent's two holes facing it, the inner-row hole and the outer-row hole behind it, both
  hold counters, takes those two holes.
- ``owela-facing`` (Owela, Benguela, DLP ruleset 266; Muvalavala, Quioco, 267): a lap that
  ends in an occupied hole of the mover's inner row, while the opponent's inner-row hole facing
  it holds counters, takes it, and the outer-row hole behind it too if that holds counters.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["hus_both_facing", "owela_facing"]


def _facing(sim: Any, seat: int, last: int) -> tuple[int, int]:
    """The opponent's inner and outer holes facing ``last`` (-1, -1 if it is not an occupied
    hole of the mover's inner row)."""
    g, b = sim.game, sim.b
    f = g.facing[last]
    if g.owner[last] != seat or f < 0 or g.owner[f] == seat or b[last] < 2:
        return -1, -1
    return f, g.behind[last]


@hook("hus-both-facing")
def hus_both_facing(sim: Any, seat: int, last: int) -> list[int]:
    f, behind = _facing(sim, seat, last)
    b = sim.b
    if f < 0 or behind < 0 or not b[f] or not b[behind]:
        return []
    return [f, behind]


@hook("owela-facing")
def owela_facing(sim: Any, seat: int, last: int) -> list[int]:
    f, behind = _facing(sim, seat, last)
    b = sim.b
    if f < 0 or not b[f]:
        return []
    return [f] + ([behind] if behind >= 0 and b[behind] else [])
