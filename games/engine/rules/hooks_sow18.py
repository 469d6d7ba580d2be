"""Hooks for the sowing game of helper sow18 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow18.py): Mbelele of the Mba (DLP game 359, ruleset 378).

The board (``games/rulesets/sow/mbelele.toml``) is two rows of eighteen holes, each player's
eighteen a circuit of his own: from his left, a hole of the block of two rows of two at his left
end, the other hole of that block in his row, his inner single hole (``3`` and ``21``), his twelve
holes of the central part, the two holes of the block at the right end in his row, and his outer
single hole (``18`` and ``36``). Every hole has one across from it: the block holes and the
central holes the hole in the other player's row of the same column, the inner single holes
each other, the outer single holes each other (``OPPOSITE``).

- ``mbelele-sow`` (``sow = { sow_hook = "mbelele-sow" }``): the whole sowing, along the mover's
  own circuit either way; a last counter falling into an occupied hole lifts its counters and
  sows on the same way (each such lap's hole added to ``sim.laps``); one falling into an empty
  hole ends the sowing and takes the counters of the hole across from it, only one of them if
  the move began by lifting a single counter; a lap of two counters or fewer whose last counter
  falls into the (empty) hole the move began from takes nothing.
  With the option ``ludii_reading`` (Ludii 1.3.13's play, for replaying its games): every
  capture takes the whole hole across, even after a single counter was lifted (its encoding asks
  for one counter then, but the whole hole is taken); the origin's rule is not applied; and
  after a move begun clockwise with more than one counter the next move, whoever's, must be
  from a hole holding a single counter (``sim.memo`` bit 0: Ludii's variable ``NumCapture``
  left at 1), a player with none passing.
- ``mbelele-moves`` (``sow = { moves_hook = "mbelele-moves" }``): that restriction.
- ``mbelele-outer`` (``sow = { prelude_hook = "mbelele-outer" }``): the outer single hole's
  counter. Where a sowing has dropped a counter into the mover's empty outer single hole and,
  when it ends, that hole holds that one counter, the mover may instead take it and drop it
  into the hole after the one the last counter fell in (the ``"outer": true`` action,
  ``{"sow": "5", "direction": "cw", "outer": true}``), which must be empty, must not be the hole
  the move began from, and must have counters across from it: those are taken (one only after a
  single counter was lifted), not those across from the last hole. Offered beside the ordinary
  sowings only where it is possible; never with ``ludii_reading``.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["OPPOSITE", "mbelele_moves", "mbelele_outer", "mbelele_sow"]

RELAY_CAP = 64  # laps per seed on the board, at most (as sow.py's relay)
ROW = 18  # each player's holes
INNER = (2, 20)  # each seat's inner single hole (0-based: holes 3 and 21)
OUTER = (17, 35)  # each seat's outer single hole (holes 18 and 36)


def _opposite() -> list[int]:
    opp = [-1] * (2 * ROW)
    pairs = [(0, 34), (1, 33), (2, 20), (15, 19), (16, 18), (17, 35)]
    pairs += [(3 + k, 32 - k) for k in range(12)]  # the central part, column by column
    for a, z in pairs:
        opp[a], opp[z] = z, a
    return opp


#: The hole across from each hole (0-based indices).
OPPOSITE = _opposite()


def _next(seat: int, d: int) -> list[int]:
    """The next hole along the seat's own circuit, anticlockwise (d = 0: rightwards along his
    row as he sees it) or clockwise (d = 1)."""
    base, step = seat * ROW, (1 if d == 0 else -1)
    table = list(range(2 * ROW))
    for k in range(ROW):
        table[base + k] = base + (k + step) % ROW
    return table


NEXT = [[_next(s, d) for d in (0, 1)] for s in (0, 1)]


def _ludii(sim: Any) -> bool:
    return bool(sim.options.get("ludii_reading"))


def _run(b: list[int], seat: int, h: int, d: int, budget: int, laps: list | None) -> tuple[int, int, bool, bool]:
    """Sow hole ``h`` along the seat's circuit, relaying from occupied last holes. Returns the
    last hole, the counters of the last lap, whether a counter fell into the seat's empty outer
    hole on the way, and whether the relay was cut short (the cap)."""
    nxt, outer = NEXT[seat][d], OUTER[seat]
    lap, hit = h, False
    while True:
        c, b[lap], p = b[lap], 0, lap
        n = c
        while c:
            p = nxt[p]
            if p == outer and not b[p]:
                hit = True
            b[p] += 1
            c -= 1
        if b[p] == 1:
            return p, n, hit, False
        budget -= 1
        if budget <= 0:
            return p, n, hit, True
        if laps is not None:
            laps.append(p)
        lap = p


def _take(sim: Any, seat: int, p: int, single: bool, ludii: bool) -> int:
    """The counters across from hole ``p`` taken for ``seat`` (one only, where so limited)."""
    b, f = sim.b, OPPOSITE[p]
    t = min(b[f], 1 if single and not ludii else b[f])
    b[f] -= t
    sim.sc[seat] += t
    return t


@hook("mbelele-sow")
def mbelele_sow(sim: Any, seat: int, h: int, d: int) -> int:
    b, ludii = sim.b, _ludii(sim)
    single = b[h] == 1
    last, n, _, cut = _run(b, seat, h, d, RELAY_CAP * (sim.game.total + 1), sim.laps)
    got = 0
    if not cut and not (last == h and n <= 2 and not ludii):
        got = _take(sim, seat, last, single, ludii)
    if ludii:  # Ludii's NumCapture: left at 1 by a clockwise move begun with several counters
        sim.memo = 1 if (d == 1 and not single and not cut) else 0
    if sim.log and got:
        sim.took += got
    return last


@hook("mbelele-moves")
def mbelele_moves(sim: Any, seat: int, moves: list) -> list:
    if _ludii(sim) and sim.memo & 1:
        b = sim.b
        return [m for m in moves if b[m & 0xFF] == 1]
    return moves


def _outer_target(b: list[int], seat: int, h: int, d: int, total: int) -> int:
    """Where the outer hole's counter may go after the sowing of ``h`` (on a copy of the
    counts ``b``), or -1."""
    b = b[:]
    last, n, hit, cut = _run(b, seat, h, d, RELAY_CAP * (total + 1), None)
    outer = OUTER[seat]
    if cut or not hit or b[outer] != 1:
        return -1
    q = NEXT[seat][d][last]
    if q == outer or q == h or b[q] or not b[OPPOSITE[q]]:
        return -1
    return q


@hook("mbelele-outer")
def mbelele_outer(sim: Any, seat: int, what: str, move: Any) -> Any:
    g = sim.game
    if what == "moves":
        if _ludii(sim):
            return None
        b = sim.b
        plain = [h | (d << 8) for h, d in sim.r.dirs[seat] if b[h]]
        extra = [("hook", m & 0xFF, m >> 8) for m in plain if _outer_target(b, seat, m & 0xFF, m >> 8, g.total) >= 0]
        return plain + extra if extra else None
    _, h, d = move
    if what == "action":
        return {"sow": g.names[h], "direction": ("ccw", "cw")[d], "outer": True}
    # "play": the sowing, then the outer hole's counter into the hole after the last, which takes
    b = sim.b
    single = b[h] == 1
    last, _, _, _ = _run(b, seat, h, d, RELAY_CAP * (g.total + 1), None)
    q = NEXT[seat][d][last]
    b[OUTER[seat]] -= 1
    b[q] += 1
    got = _take(sim, seat, q, single, False)
    if sim.log:
        sim.last_text = f"{g.names[h]}{'↺↻'[d]}, {g.names[OUTER[seat]]}>{g.names[q]}" + (f" ×{got}" if got else "")
    return None
