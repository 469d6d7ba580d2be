"""Hooks for the four-row games of the sow11 batch (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow11.py). Places are counted from the player's own left, as he sees his
rows (South's left is column 0, North's the last column).

- ``mweiso-opening`` (``sow.moves_hook``, Mweiso, DLP ruleset 263; with ``sow.first_from =
  "outer"``): a player's first sowing may not be from the fourth or fifth hole of his outer row.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["choro_acholi_ludii", "ludii_cw_across", "mweiso_opening", "outer_place"]


def outer_place(sim: Any, seat: int, h: int) -> int:
    """The place of hole ``h`` in its row from ``seat``'s left (1 = his leftmost)."""
    g = sim.game
    c = g.col_of[h]
    return c + 1 if seat == 0 else g.per_row - c


def _first(sim: Any, seat: int) -> bool:
    """Whether ``seat`` has not yet sown: his first sowing (his opening)."""
    return not sim.sown & sim.omask[seat]


@hook("mweiso-opening")
def mweiso_opening(sim: Any, seat: int, moves: list) -> list:
    if not _first(sim, seat):
        return moves
    return [m for m in moves if outer_place(sim, seat, m & 0xFF) not in (4, 5)]


def _hole_at(g: Any, col: int, row: int) -> int:
    for i in range(g.N):
        if g.col_of[i] == col and g.row_of[i] == row:
            return i
    return -1


@hook("choro-acholi-ludii")
def choro_acholi_ludii(sim: Any, seat: int, last: int) -> list[int]:
    """``sow.relay_hook`` (Choro of the Acholi, DLP ruleset 260, as Ludii 1.3.13 plays it; with
    ``relay_hook_sows = "lap-after"``): a lap ending in an occupied hole of the mover's inner row
    takes the opponent's two holes of its column when both hold counters; in his opening (his
    first sowing), until a lap of it has ended in his inner row, a lap ending in an occupied hole
    of his outer row takes the opponent's outer-row hole of its column, if it holds counters, and
    the first lap to end in his inner row takes nothing. Whether a lap has so ended is kept in
    ``sim.hook_mem``."""
    g, b = sim.game, sim.b
    if g.rows != 4 or g.owner[last] != seat:
        return []
    inner = g.facing[last] >= 0
    if _first(sim, seat) and not sim.hook_mem:  # his opening, no lap ended in his inner row yet
        if inner:  # this one does: it is still judged by the opening's rule, taking nothing
            sim.hook_mem = True
            return []
        q = _hole_at(g, g.col_of[last], 3 if seat == 0 else 0)
        return [q] if b[last] >= 2 and b[q] else []
    if not inner or b[last] < 2:
        return []
    f, fb = g.facing[last], g.behind[last]
    return [f, fb] if b[f] and b[fb] else []


@hook("ludii-cw-across")
def ludii_cw_across(sim: Any, seat: int, last: int) -> bool:
    """``sow.cw_capture_test`` (Ludii 1.3.13's test of a clockwise sowing in the Great Lakes
    games): the lap ends in the mover's inner row, the opponent's two holes across from it both
    holding counters, whether or not the last hole held counters before."""
    g, b = sim.game, sim.b
    f = g.facing[last]
    return g.owner[last] == seat and f >= 0 and bool(b[f]) and bool(b[g.behind[last]])
