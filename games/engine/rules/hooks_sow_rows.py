"""Hooks for single four-row sowing games (see ``hooks.py``; tested in
tests/games/test_rules_sow_rows.py).

- ``katra-boaoaka-draw`` (``sow.relay_hook``, Katra Boaoaka, DLP ruleset 275): a lap of the
  mover's that ends in his inner row draws in the counters of the opponent's two holes facing
  it, the inner-row hole and the outer-row hole behind it, whichever hold counters, and the
  sowing goes on from that hole; except where the last hole was empty and the two facing holes
  hold a single counter each, when nothing is drawn.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook


@hook("katra-boaoaka-draw")
def katra_boaoaka_draw(sim: Any, seat: int, last: int) -> list[int]:
    g, b = sim.game, sim.b
    f = g.facing[last]
    if g.owner[last] != seat or f < 0 or g.owner[f] == seat:
        return []  # not the mover's inner row
    behind = g.behind[last]
    if b[last] == 1 and b[f] == 1 and b[behind] == 1:
        return []  # the last hole was empty and the facing holes hold one counter each
    return [q for q in (f, behind) if q >= 0 and b[q]]
