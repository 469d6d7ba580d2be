"""Hooks for the sowing games of helper sow9 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow9.py). Both are Iyogh's (DLP ruleset 233), on two rows:

- ``iyogh-take`` (``capture = { hook = "iyogh-take" }``): when the last counter falls into a
  hole (either row) facing a hole that holds one or three counters, those are taken; then, while
  the hole facing the next hole along the sowing holds one or three, those too.
- ``iyogh-moves`` (``sow = { moves_hook = "iyogh-moves" }``, with ``direction = "choose"``):
  every sowing may go anticlockwise; a sowing may go clockwise only when it takes (by
  ``iyogh-take``), its own holes' or its seeds taken (``sow.from_store``) alike.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["iyogh_moves", "iyogh_take"]

TAKES = (1, 3)  # the counts a facing hole must hold to be taken
CW = 1


@hook("iyogh-take")
def iyogh_take(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    g, b = sim.game, sim.b
    nxt = g.plain[seat][direction]
    taken: list[tuple[int, int]] = []
    gone: set[int] = set()
    p = last
    while p < g.N:
        f = g.facing[p]
        if f < 0 or f in gone or b[f] not in TAKES:
            break
        taken.append((f, b[f]))
        gone.add(f)
        p = nxt[p]
        if p == last:
            break
    return taken


def _takes(sim: Any, seat: int, m: int) -> bool:
    """Whether sowing ``m`` (a hole's seeds, or ``k`` of those taken from the store) would take."""
    g = sim.game
    h, d, k = m & 0xFF, (m >> 8) & 1, m >> 9
    b = list(sim.b)
    nxt = g.plain[seat][d]
    if h >= g.N:  # sow.from_store: as from his leftmost hole
        p = sim.holes[seat][0]
    else:
        p, k = h, b[h]
        b[h] = 0
    for _ in range(k):
        p = nxt[p]
        b[p] += 1
    saved = sim.b
    sim.b = b
    try:
        return bool(iyogh_take(sim, seat, h, p, d))
    finally:
        sim.b = saved


@hook("iyogh-moves")
def iyogh_moves(sim: Any, seat: int, moves: list) -> list:
    return [m for m in moves if (m >> 8) & 1 != CW or _takes(sim, seat, m)]
