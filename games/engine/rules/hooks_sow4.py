"""Hooks for the sow4 batch of four-row sowing games (see ``hooks.py`` for the protocol; tested
in tests/games/test_rules_sow4.py).

- ``pereauni-opposition`` (``sow.relay_hook``, Pereauni of the Didinga, DLP ruleset 259; meant
  for ``relay_hook_sows = "lap-after"``): a lap of the mover's that ends in an occupied hole
  (it held counters before the last fell in) of his inner row, while the opponent's two holes
  across from it in the same column, inner and outer, both hold counters, takes both. In the
  player's first turn (his opening: he has not yet sown from a hole, ``sow.first_from``), while
  no counter of that sowing has yet been dropped into his inner row, a lap ending in an
  occupied hole of his outer row takes so too, the opponent's two holes of its column. It
  reads ``sim.hook_run`` to follow the sowing's path and keeps whether it has reached the
  inner row in ``sim.hook_mem``. Sowing is anticlockwise.
- ``pereauni-opposition-ludii`` (the same, as Ludii 1.3.13 plays it): a lap ending in an
  occupied hole of the mover's inner row takes the opponent's inner-row hole across from it
  when that holds counters, and the outer-row hole behind it too when that holds any; no
  capture from the outer row. Meant for ``relay_hook_sows = "behind"``: where the mover's own
  outer-row hole behind the capturing one holds a single counter, it is drawn too and sown on
  with the captured ones (Ludii counts it in when that hole holds one, as the Lango ruleset
  of Choro says of a capture of one counter).
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["pereauni_opposition", "pereauni_opposition_ludii"]

CCW = 0

#: Per compiled game: for each hole, the opponent's inner-row hole in its column (-1: none).
_ACROSS: dict[int, tuple[Any, list[int]]] = {}


def _across(g: Any) -> list[int]:
    kept = _ACROSS.get(id(g))
    if kept is not None and kept[0] is g:
        return kept[1]
    at = {(g.col_of[i], g.row_of[i]): i for i in range(g.N)}
    across = list(g.facing)  # an inner-row hole: the facing one
    for i in range(g.N):  # an outer-row hole (rows 0 and 3): the opponent's inner one (rows 2, 1)
        if g.row_of[i] in (0, 3):
            across[i] = at[(g.col_of[i], 2 if g.row_of[i] == 0 else 1)]
    _ACROSS[id(g)] = (g, across)
    return across


def _reaches_inner(g: Any, seat: int, lap: int, n: int) -> bool:
    """Whether a lap of ``n`` counters lifted from ``lap`` drops one into ``seat``'s inner row."""
    if g.facing[lap] >= 0:
        return True
    step, p = g.plain[seat][CCW], lap
    for _ in range(min(n, len(g.holes_of[seat]))):
        p = step[p]
        if g.facing[p] >= 0:
            return True
    return False


def _both(g: Any, b: list[int], f: int) -> list[int]:
    """The opponent's hole ``f`` (inner row) and the one behind it, if both hold counters."""
    if f < 0 or not b[f]:
        return []
    fb = g.behind[g.facing[f]]  # (``behind[i]``: the hole behind the one facing i)
    return [f, fb] if b[fb] else []


@hook("pereauni-opposition")
def pereauni_opposition(sim: Any, seat: int, last: int) -> list[int]:
    g, b = sim.game, sim.b
    if g.rows != 4 or g.owner[last] != seat:
        return []
    outer_open = False
    if not sim.sown & sim.omask[seat]:  # his opening: the outer row captures till the inner is reached
        lap, dropped = sim.hook_run
        prev, reached = sim.hook_mem or (0, False)
        reached = reached or _reaches_inner(g, seat, lap, dropped - prev)
        sim.hook_mem = (dropped, reached)
        outer_open = not reached
    if b[last] < 2:
        return []
    if g.facing[last] >= 0:  # his inner row
        return _both(g, b, g.facing[last])
    if outer_open:
        return _both(g, b, _across(g)[last])
    return []


@hook("pereauni-opposition-ludii")
def pereauni_opposition_ludii(sim: Any, seat: int, last: int) -> list[int]:
    g, b = sim.game, sim.b
    if g.rows != 4 or g.owner[last] != seat or b[last] < 2:
        return []
    f = g.facing[last]
    if f < 0 or not b[f]:
        return []
    fb = g.behind[last]  # the opponent's outer-row hole behind f
    home = g.behind[f]  # the mover's outer-row hole behind ``last``: a single counter there goes too
    return [f] + ([fb] if b[fb] else []) + ([home] if b[home] == 1 else [])
