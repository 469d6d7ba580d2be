"""Hooks for the sowing games of helper sow14 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow14.py). These are readings of Ludii's encodings, for DLP games whose
ruleset has no rules text:

- ``waache-ways`` (``sow = { moves_hook = "waache-ways" }``, with ``direction = "choose"`` on
  two rows): Wa'ache Waledat as Ludii plays it (DLP.Games.328): the holes of the left half of
  the board, as the first seat sees it, are sown clockwise, those of the right half
  anticlockwise, for both players alike (so the second seat sows his own left half, as he sees
  it, anticlockwise).
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["concentration_next", "concentration_sow", "concentration_sow_ludii", "concentration_take", "waache_ways"]

CCW, CW = 0, 1


@hook("waache-ways")
def waache_ways(sim: Any, seat: int, moves: list) -> list:
    row = sim.game.holes_of[seat]  # from the seat's left
    half = len(row) // 2
    keep = []
    for m in moves:
        if type(m) is not int:
            keep.append(m)
            continue
        h, d = m & 0xFF, (m >> 8) & 1
        k = row.index(h)
        board_left = k < half if seat == 0 else k >= half
        if d == (CW if board_left else CCW):
            keep.append(m)
    return keep


# -- The Concentration Game (DLP.Games.213), as Ludii plays its ruleset 234 -------------------------
#: The seeds a capture takes (the last hole's count with the last seed), in order: seven of three
#: (a hole that held two), then one, three, five held (two, four, six taken) over and over.
CONCENTRATION_FIRST = (3,) * 7
CONCENTRATION_CYCLE = (2, 4, 6)


def concentration_next(taken: int) -> int:
    """The seeds a player's next capture must take, told from the seeds he has taken so far
    (every capture takes exactly its number, so the running totals name the captures made)."""
    total, k = 0, 0
    while True:
        need = CONCENTRATION_FIRST[k] if k < len(CONCENTRATION_FIRST) else \
            CONCENTRATION_CYCLE[(k - len(CONCENTRATION_FIRST)) % len(CONCENTRATION_CYCLE)]
        if total >= taken:
            return need
        total += need
        k += 1


@hook("concentration-take")
def concentration_take(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    """The last hole, any player's, when it holds (with the last seed) the number the mover's next
    capture must take."""
    if last >= sim.game.N:
        return []
    c = sim.b[last]
    return [(last, c)] if c and c == concentration_next(sim.sc[seat]) else []


#: Ludii's track for The Concentration Game, in our hole indices: its ring of ten holes begins and
#: ends with South's leftmost row hole (our hole 2), which so takes a seed at each end of a lap.
CONCENTRATION_LUDII_TRACK = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1)


CONCENTRATION_TRACK = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)


def _ring_sow(sim: Any, hole: int, track: tuple[int, ...]) -> int:
    b = sim.b
    n, b[hole] = b[hole], 0
    i = track.index(hole)
    p = hole
    for k in range(n):
        if k:
            i = (i + 1) % len(track)
            p = track[i]
        b[p] += 1
    return p


@hook("concentration-sow")
def concentration_sow(sim: Any, seat: int, hole: int, direction: int) -> int:
    """The Concentration Game's sowing: the first seed back into the hole lifted, the rest one a
    hole anticlockwise round the ring of ten."""
    return _ring_sow(sim, hole, CONCENTRATION_TRACK)


@hook("concentration-sow-ludii")
def concentration_sow_ludii(sim: Any, seat: int, hole: int, direction: int) -> int:
    """Ludii's sowing of The Concentration Game: so, but along ``CONCENTRATION_LUDII_TRACK``
    (hole 2 twice a lap, at its two ends)."""
    return _ring_sow(sim, hole, CONCENTRATION_LUDII_TRACK)
