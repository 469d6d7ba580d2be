"""Hooks of Alquerque after Covarrubias (``war/alquerque-covarrubias.toml``; pieces mechanic,
``move = { kind = "hook", hook = NAME }``: the protocol is in ``hooks_race3.py``'s docstring).
Tested in tests/games/test_rules_huff.py.

- ``two-capture-chain`` (the file's option ``ludii_chain``, Ludii's reading of "multiple
  captures", played to replay its traces): after a piece's first capture, where the mechanic
  leaves the piece to go on (``pending``: the hop rule's ``continue`` with another capture open),
  the piece must take again, with no stop, and the turn ends with that second capture, even
  where a third would be open. The first capture is the hop rule's own; this hook gives only the
  second, ``(HOOKED, from, to, taken, -1, -1)``, and plays it.
"""
from __future__ import annotations

from typing import Any

from games.engine.core import Action
from games.engine.rules.hooks import hook

HOOKED = 4  # pieces.HOOKED


@hook("two-capture-chain")
def two_capture_chain(sim: Any, what: str, move: Any, check_ends: bool = True) -> Any:
    g = sim.game
    if what in ("moves", "stuck"):
        if sim.pending < 0:
            return []  # the turn's first part: the file's own moves
        return [(HOOKED, m[1], m[2], m[3], -1, -1)
                for m in sim._piece_moves(sim.pending, hops_only=True) if m[3] >= 0]
    _, a, b, taken, _, _ = move
    names = g.board.names
    if what == "action":
        return Action({"from": names[a], "to": names[b]})
    cells = sim.cells
    sim._moves = None
    sim.last_to = b
    cells[b], cells[a] = cells[a], 0
    cells[taken] = 0
    sim.scores[sim.mover] += 1
    sim.quiet = 0
    if sim.seen:
        sim.seen.clear()
    sim.pending = -1
    sim._next_turn(check_ends)  # the second capture ends the turn
    return None
