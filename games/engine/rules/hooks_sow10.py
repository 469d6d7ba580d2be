"""Hooks for the sowing games of helper sow10 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow10.py):

- ``andada-end`` (``capture = { hook = "andada-end" }``, two rows, one direction): once every
  hole holds one seed or none, a sowing whose last seed falls into the last hole of the mover's
  own row (the hole his sowing leaves his row from) takes that seed: it is not sown on into
  the opponent's row (Andada, DLP ruleset 346).
- ``lib-even`` (``capture = { hook = "lib-even" }``, two rows): a last seed making an even
  number in its hole takes that hole and the hole facing it; then, while the hole before it
  (against the sowing) holds an even number, that hole and the one facing it too (Li'b
  al-'Aqil, DLP ruleset 412; Li'b al-Ghashim, 213).
- ``lib-rightmost`` (``sow = { moves_hook = "lib-rightmost" }``): the mover sows from the
  rightmost hole of his row, as he sees it, that he may sow from (Li'b al-Ghashim).
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["andada_end", "lib_even", "lib_rightmost"]


@hook("andada-end")
def andada_end(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    g, b = sim.game, sim.b
    if last >= g.N or sim.own[last] != seat or b[last] != 1:
        return []
    if sim.own[g.plain[seat][direction][last]] == seat:
        return []  # not the end of his row
    if any(c > 1 for c in b[: g.N]):
        return []
    return [(last, 1)]


@hook("lib-even")
def lib_even(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    g, b = sim.game, sim.b
    if last >= g.N or not b[last] or b[last] % 2:
        return []
    back = g.plain[seat][1 - direction]
    taken: dict[int, int] = {}
    p = last
    while True:
        taken[p] = b[p]
        f = g.facing[p]
        if f >= 0 and f not in taken and b[f]:
            taken[f] = b[f]
        p = back[p]
        if p == last or p in taken or not b[p] or b[p] % 2:
            return list(taken.items())


@hook("lib-rightmost")
def lib_rightmost(sim: Any, seat: int, moves: list) -> list:
    place = {h: k for k, h in enumerate(sim.holes[seat])}  # from his left
    sows = [m for m in moves if type(m) is int]
    if not sows:
        return moves
    return [max(sows, key=lambda m: place.get(m & 0xFF, -1))]
