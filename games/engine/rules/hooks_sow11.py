"""Hooks for the four-row games of the sow11 batch (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow11.py). Places are counted from the player's own left, as he sees his
rows (South's left is column 0, North's the last column).

- ``mweiso-opening`` (``sow.moves_hook``, Mweiso, DLP ruleset 263; with ``sow.first_from =
  "outer"``): a player's first sowing may not be from the fourth or fifth hole of his outer row.
- ``choro-acholi-ludii`` (``sow.relay_hook``): Ludii's reading of Choro of the Acholi's captures.
- ``ludii-cw-across`` (``sow.cw_capture_test``): Ludii's test of a clockwise sowing.
- ``lango-opposition`` (``sow.relay_hook``) and ``lango-moves`` (``sow.moves_hook``): Choro of
  the Lango's capture, its opening holes and its compulsory capture.
- ``ikibuguzo-arrays`` (``sow.moves_hook`` with ``sow.place``): Ikibuguzo's two arrays.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["IKIBUGUZO_ARRAYS", "choro_acholi_ludii", "ikibuguzo_arrays", "lango_moves", "lango_opposition", "ludii_cw_across", "mweiso_opening", "outer_place"]


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


@hook("lango-opposition")
def lango_opposition(sim: Any, seat: int, last: int) -> list[int]:
    """``sow.relay_hook`` (Choro of the Lango, DLP ruleset 265; with ``relay_hook_sows =
    "behind"``): a lap ending in an occupied hole of the mover's inner row takes the opponent's
    inner-row hole across when it holds counters, and the outer-row hole behind that too when it
    holds any; where that is a single counter, the mover's own outer-row hole behind the last is
    drawn too, its counters sown on with the one taken."""
    g, b = sim.game, sim.b
    f = g.facing[last]
    if g.rows != 4 or g.owner[last] != seat or f < 0 or b[last] < 2 or not b[f]:
        return []
    fb, home = g.behind[last], g.behind[f]
    take = [f] + ([fb] if b[fb] else [])
    if sum(b[q] for q in take) == 1 and b[home]:
        take.append(home)
    return take


def _first_lap_takes(sim: Any, seat: int, m: int) -> bool:
    """Whether sowing move ``m`` (hole + 256 * direction) has its first lap end in a capture by
    the file's ``relay_hook``, as the board stands. Changes nothing."""
    g, saved = sim.game, sim.b
    h, d = m & 0xFF, (m >> 8) & 1
    b = saved[:]
    c, b[h], p, nxt = b[h], 0, h, g.plain[seat][d]
    for _ in range(c):
        p = nxt[p]
        b[p] += 1
    sim.b, run, mem = b, sim.hook_run, sim.hook_mem
    try:
        sim.hook_run, sim.hook_mem = (h, c), None
        return any(g.owner[q] != seat for q in sim.r.relay_hook(sim, seat, p) or ())
    finally:
        sim.b, sim.hook_run, sim.hook_mem = saved, run, mem


@hook("lango-moves")
def lango_moves(sim: Any, seat: int, moves: list) -> list:
    """``sow.moves_hook`` (Choro of the Lango, DLP ruleset 265): a player's first sowing is from
    one of the two rightmost holes of his outer row (with ``sow.first_from = "outer"``); and
    where an anticlockwise sowing's first lap captures, the player must make such a capture
    (an anticlockwise one, or a clockwise one, which is never compulsory but always captures)."""
    if _first(sim, seat):
        moves = [m for m in moves if outer_place(sim, seat, m & 0xFF) in (7, 8)]
    takes = [m for m in moves if not (m >> 8) & 1 and _first_lap_takes(sim, seat, m)]
    if takes:
        return takes + [m for m in moves if (m >> 8) & 1]
    return moves


#: Ikibuguzo's two arrays (DLP ruleset 261) as they stand once their set opening sowings are
#: made, each player's sixteen holes from his outer row's left, anticlockwise (the DLP's order).
IKIBUGUZO_ARRAYS = (
    (0, 6, 0, 0, 0, 0, 0, 17, 0, 0, 2, 1, 2, 1, 2, 1),
    (0, 2, 3, 4, 4, 4, 4, 4, 4, 2, 1, 0, 0, 0, 0, 0),
)


def _order(sim: Any, seat: int) -> list[int]:
    """``seat``'s holes from his outer row's left, anticlockwise round his rows."""
    g = sim.game
    start = next(h for h in g.holes_of[seat] if g.facing[h] < 0 and outer_place(sim, seat, h) == 1)
    out, p, nxt = [], start, g.plain[seat][0]
    for _ in range(len(g.holes_of[seat])):
        out.append(p)
        p = nxt[p]
    return out


@hook("ikibuguzo-arrays")
def ikibuguzo_arrays(sim: Any, seat: int, moves: list) -> list:
    """``sow.moves_hook`` with ``sow.place`` (Ikibuguzo, DLP ruleset 261): the counters placed
    must make one of the two arrays (``IKIBUGUZO_ARRAYS``), the same for both players: a drop is
    allowed into a hole that still lacks counters in an array that both players' holes, as they
    stand, can still become. Sowings are left as they are."""
    if not moves or type(moves[0]) is int:
        return moves
    b = sim.b
    mine = [b[h] for h in _order(sim, seat)]
    theirs = [b[h] for h in _order(sim, 1 - seat)]
    open_ = [a for a in IKIBUGUZO_ARRAYS
             if all(x <= y for x, y in zip(mine, a)) and all(x <= y for x, y in zip(theirs, a))]
    order = _order(sim, seat)
    want = {order[i] for a in open_ for i in range(len(a)) if mine[i] < a[i]}
    return [m for m in moves if m[1] in want]
