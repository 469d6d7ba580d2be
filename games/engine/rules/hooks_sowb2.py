"""Hooks for sowing games of the sowb2 batch (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sowb2.py).

- ``fours-after-last`` (``capture = { hook = "fours-after-last" }``; Wouri, DLP ruleset 281, under
  Ludii's reading): when the last seed makes four in one of the opponent's holes, the mover
  takes it, and with it every other hole of the opponent's then holding four; otherwise
  nothing.
- ``sakalava-draw`` (``sow.relay_hook``; Katra as the Sakalava play it, DLP ruleset 435): see
  its docstring.
- ``kay-relay`` (``sow.relay_hook``; Kay, DLP game 268): a lap ending in an occupied hole is
  sown on only when the next hole holds seeds.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["fours_after_last", "kay_relay", "sakalava_draw"]


@hook("fours-after-last")
def fours_after_last(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    g, b = sim.game, sim.b
    if last >= g.N or g.owner[last] == seat or b[last] != 4:
        return []
    return [(i, 4) for i in g.holes_of[1 - seat] if b[i] == 4]


@hook("sakalava-draw")
def sakalava_draw(sim: Any, seat: int, last: int) -> list[int] | None:
    """``sow.relay_hook`` for Katra as the Sakalava play it (DLP ruleset 435): a lap ending in an
    occupied hole of the mover's outer row is sown on as usual (``[]``); one ending in an
    occupied hole of his inner row draws in the counters of the opponent's inner hole facing it,
    if it holds more than one, and the sowing goes on from there; failing that, those of the
    opponent's outer hole behind it, if it holds more than one and (option ``outer``, default
    ``"inner-empty"``) the opponent's inner row is empty, or (``"any"``, Ludii's reading)
    whatever his inner row holds. Otherwise the sowing ends (``None``), as it does in an empty
    hole."""
    g, b = sim.game, sim.b
    if b[last] < 2 or g.row_of[last] == (0, 3)[seat]:
        return []  # an empty hole (the relay rule ends it) or the outer row (sown on)
    f = g.facing[last]
    if b[f] > 1:
        return [f]
    behind = g.behind[last]
    if b[behind] > 1:
        rule = sim.options.get("outer", "inner-empty")
        if rule == "any" or not any(b[i] for i in g.holes_of[1 - seat] if g.facing[i] >= 0):
            return [behind]
    return None


@hook("kay-relay")
def kay_relay(sim: Any, seat: int, last: int) -> list[int] | None:
    """``sow.relay_hook`` for Kay (DLP game 268): a lap whose last seed falls into an occupied
    hole is sown on only when the hole after it (anticlockwise, the game's one direction) holds
    seeds; when that hole is empty the sowing ends there (``None``). Otherwise the ordinary
    relay rule decides (``[]``)."""
    g, b = sim.game, sim.b
    if b[last] > 1 and not b[g.plain[seat][0][last]]:
        return None
    return []
