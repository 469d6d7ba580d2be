"""Hooks for the sowing games of helper sow8 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow8.py):

- ``first-from-end`` (``sow = { moves_hook = "first-from-end" }``, two rows): each player's
  first sowing of the game is from one of his two end holes (Kotu Baendum, DLP ruleset
  218: "The first turn must occur from one of the player's end holes").
- ``dakon-round-start`` (``sow = { moves_hook = "dakon-round-start" }``, two rows): in a
  round after the first, its first sowing is from a hole facing one of the opponent's holes
  left empty (Papan Dakon, DLP ruleset 289).
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["dakon_round_start", "first_from_end"]


@hook("first-from-end")
def first_from_end(sim: Any, seat: int, moves: list) -> list:
    if sim.round > 1 or sim.sown & sim.omask[seat]:  # each player's first sowing of the game only
        return moves
    row = sim.game.holes_of[seat]
    ends = (row[0], row[-1])
    return [m for m in moves if m & 0xFF in ends]


@hook("dakon-round-start")
def dakon_round_start(sim: Any, seat: int, moves: list) -> list:
    """Papan Dakon (DLP ruleset 289): in a round after the first, the round's first sowing, by
    the player who kept all his holes, is from a hole facing one of the opponent's holes left
    empty (out of play), where there is such a hole holding seeds."""
    if sim.round == 1 or sim.sown or not sim.closed:
        return moves
    facing = sim.game.facing
    keep = [m for m in moves if sim.closed >> facing[m & 0xFF] & 1]
    return keep or moves
