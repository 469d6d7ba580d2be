"""Hooks for Chisolo's opening captures (helper sib22; see ``hooks.py`` for the protocol;
tested in tests/games/test_rules_sib22.py).

Chisolo of the Ba-Ila (DLP game 235), as "One counter" (ruleset 608, ``sow.chisolo-one-counter``)
and "Nambidi" (ruleset 610, ``sow.chisolo-nambidi``): before the first sowing, the starting
player takes counters from the opponent's holes, then the opponent does the same. Four rows,
each seat owning its outer and inner row; the opponent's two holes "opposite" one of the
player's are, in one column, the opponent's inner-row hole facing the player's inner-row hole
and the opponent's outer-row hole behind it (as in the game's capture, ``take = "opposite"``
with ``both``).

- ``chisolo-opening`` (``sow = { prelude_hook = "chisolo-opening" }``): the game's first four
  moves. The first player takes the contents of the opponent's two holes of one column of his
  choice (``{"remove": "15"}``, naming the opponent's inner-row hole; the outer one behind it
  goes with it) and moves again; he then takes the contents of any one hole of the opponent's
  that holds counters (``{"remove": "24"}``), and the turn passes; the opponent then does the
  same. A column is offered where either of the opponent's two holes holds counters.
- ``chisolo-opening-occupied``: the same, but the column must be one where the player's own
  inner-row hole (the one the opponent's two holes lie across from) holds counters
  ("opposite one of the player's occupied holes": Nambidi).
- ``chisolo-opening-ludii``: Ludii's reading, the game's first six moves: each player in turn
  takes the contents of any three holes of the opponent's that hold counters, one hole a move,
  with no tie between them (``{"remove": h}`` three times, the mover moving again after the
  first two).

Each function carries ``ludii_steps`` (``SowGame.ludii_steps``): a column taken is Ludii's two
removals, in either order; a single hole is one step.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["chisolo_opening", "chisolo_opening_ludii", "chisolo_opening_occupied"]


def _inner_row(seat: int) -> int:
    """The row index of the seat's inner row on four rows (South's is row 1, North's row 2)."""
    return 1 if seat == 0 else 2


def _columns(sim: Any, seat: int, occupied: bool) -> list[tuple]:
    """The column captures open to ``seat``: one per inner-row hole of his (occupied, where
    ``occupied``) across from which the opponent's two holes hold counters."""
    g, b = sim.game, sim.b
    row = _inner_row(seat)
    out = []
    for p in g.holes_of[seat]:
        if g.row_of[p] != row or (occupied and not b[p]):
            continue
        f, q = g.facing[p], g.behind[p]
        if b[f] or b[q]:
            out.append(("hook", "col", f, q))
    return out


def _singles(sim: Any, seat: int) -> list[tuple]:
    """One hole of the opponent's, any that holds counters."""
    b = sim.b
    return [("hook", "take", p) for p in sim.game.holes_of[1 - seat] if b[p]]


def _action(sim: Any, move: tuple) -> dict[str, Any]:
    return {"remove": sim.game.names[move[2]]}


def _take(sim: Any, seat: int, move: tuple) -> None:
    """Play a capture of the opening: the holes' counters go to the mover's captures."""
    g, b = sim.game, sim.b
    holes = move[2:] if move[1] == "col" else (move[2],)
    got = 0
    for p in holes:
        got += b[p]
        b[p] = 0
    sim.sc[seat] += got
    if sim.log:
        sim.last_text = "takes " + " and ".join(g.names[p] for p in holes) + f" ×{got}"


def _column_rule(sim: Any, seat: int, what: str, move: Any, occupied: bool) -> Any:
    if what == "action":
        return _action(sim, move)
    if what == "play":
        _take(sim, seat, move)
        return move[1] == "col"  # the column first: the mover goes on to take one hole more
    k = sim.plies
    if k >= 4:
        return None
    return (_columns(sim, seat, occupied) if k % 2 == 0 else _singles(sim, seat)) or None


def _steps(sim: Any, move: Any, last: int | None) -> list[tuple[int, dict[str, Any], bool]] | None:
    """Ludii's steps for an opening move: a column is two removals, in any order."""
    if move[1] != "col":
        return None
    seat, names = sim.turn, sim.game.names
    return [(seat, {"remove": names[move[2]]}, True), (seat, {"remove": names[move[3]]}, True)]


@hook("chisolo-opening")
def chisolo_opening(sim: Any, seat: int, what: str, move: Any) -> Any:
    return _column_rule(sim, seat, what, move, False)


@hook("chisolo-opening-occupied")
def chisolo_opening_occupied(sim: Any, seat: int, what: str, move: Any) -> Any:
    return _column_rule(sim, seat, what, move, True)


@hook("chisolo-opening-ludii")
def chisolo_opening_ludii(sim: Any, seat: int, what: str, move: Any) -> Any:
    if what == "action":
        return _action(sim, move)
    if what == "play":
        _take(sim, seat, move)
        return sim.plies % 3 != 0  # plies already counts this move: the third of each ends the turn
    if sim.plies >= 6:
        return None
    return _singles(sim, seat) or None


chisolo_opening.ludii_steps = _steps  # type: ignore[attr-defined]
chisolo_opening_occupied.ludii_steps = _steps  # type: ignore[attr-defined]
chisolo_opening_ludii.ludii_steps = _steps  # type: ignore[attr-defined]
