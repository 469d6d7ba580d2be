"""Hooks for the second batch of two-row sowing games (see ``hooks.py`` for the protocol).

- ``every_hole_2_4_6`` (``capture = { hook = "every_hole_2_4_6" }``; Oure Ngat, DLP.GameRulesets.427):
  once the sowing is over, the mover takes the seeds of every hole on the board, either row,
  that then holds two, four or six seeds.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["every_hole_2_4_6"]

_TWO_FOUR_SIX = frozenset((2, 4, 6))


@hook("every_hole_2_4_6")
def every_hole_2_4_6(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    b = sim.b
    return [(i, b[i]) for i in range(sim.game.N) if b[i] in _TWO_FOUR_SIX]
