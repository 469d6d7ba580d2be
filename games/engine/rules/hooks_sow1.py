"""Hooks for the sowing games of helper sow1 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow1.py). All three are Intotoi's (DLP ruleset 247), on two rows:

- ``intotoi-moves`` (``sow = { moves_hook = "intotoi-moves" }``): the game's first sowing is
  two of the counters of the first player's second hole from his right; the second is two of
  those of the other player's second or fourth hole from his right (each offered while it holds
  two or more). Every later sowing must reach the opponent's row or end in an empty hole of the
  mover's own row: a sowing whose counters all fall in the mover's row and whose last falls
  into an occupied hole there is not allowed. Only the first lap is judged.
- ``intotoi-stop`` (``sow = { relay_hook = "intotoi-stop" }``, with relay sowing): a lap whose
  last counter falls into an occupied hole of the mover's own row, facing an occupied hole,
  ends the sowing there (for ``intotoi-take``); any other occupied last hole is sown on.
- ``intotoi-take`` (``capture = { hook = "intotoi-take" }``): when the last counter falls into
  an occupied hole of the mover's own row, the counters of the opponent's hole facing it are
  taken.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["intotoi_moves", "intotoi_stop", "intotoi_take"]


def _from_right(sim: Any, seat: int, k: int) -> int:
    """The index of the seat's k-th hole from his right (1 = the rightmost)."""
    row = sim.game.holes_of[seat]  # from the seat's left
    return row[len(row) - k]


@hook("intotoi-moves")
def intotoi_moves(sim: Any, seat: int, moves: list) -> list:
    b = sim.b
    if sim.plies < 2:  # the opening: two counters, from the set holes
        places = (2,) if sim.plies == 0 else (2, 4)
        return [h | (2 << 9) for h in (_from_right(sim, seat, k) for k in places) if b[h] >= 2]
    g, own = sim.game, sim.own
    keep = []
    for m in moves:
        h, d = m & 0xFF, (m >> 8) & 1
        nxt = g.plain[seat][d]
        p, c, enters = h, b[h], False
        while c:
            p = nxt[p]
            c -= 1
            if own[p] != seat:
                enters = True
                break
        if enters or not b[p]:
            keep.append(m)
    return keep


@hook("intotoi-stop")
def intotoi_stop(sim: Any, seat: int, last: int) -> list[int] | None:
    f = sim.game.facing[last]
    if sim.own[last] == seat and sim.b[last] > 1 and f >= 0 and sim.b[f]:
        return None
    return []


@hook("intotoi-take")
def intotoi_take(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    g, b = sim.game, sim.b
    if last >= g.N or sim.own[last] != seat or b[last] < 2:
        return []
    f = g.facing[last]
    if f < 0 or not b[f]:
        return []
    return [(f, b[f])]
