"""Hooks for the sowing games of helper sow14 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow14.py). These are readings of Ludii's encodings, for DLP games whose
ruleset has no rules text:

- ``waache-ways`` (``sow = { moves_hook = "waache-ways" }``, with ``direction = "choose"`` on
  two rows): Wa'ache Waledat as Ludii plays it (DLP.Games.328): the holes of the left half of
  the board, as the first seat sees it, are sown clockwise, those of the right half
  anticlockwise, for both players alike (so the second seat sows his own left half, as he sees
  it, anticlockwise).
- ``concentration-take`` (``capture = { hook = ... }``), ``concentration-sow`` and
  ``concentration-sow-ludii`` (``sow = { sow_hook = ... }``, an option's choice): The Concentration
  Game (DLP.Games.213, ruleset 234, Ludii's "Two Counters"): its ring of ten holes sown with the
  first seed back into the hole lifted (Ludii's track dropping two seeds a lap into South's
  leftmost row hole), and its capture series, seven captures of a hole made three, then holes
  made two, four and six over and over, told from the seeds the player has taken.
- ``azigo-prelude`` (``sow = { prelude_hook = ... }``): Azigo (DLP.Games.211): every move of the
  game, the opening (each player empties his ninth to twelfth holes into his store, a hole a
  turn), the sowing of a hole (int moves, judged by the file's capture rule) and the sowing of
  the store from the leftmost hole, along the board with its captures or round the own row.
- ``oanquan-moves`` (``sow = { moves_hook = ... }``) and ``oanquan-sow`` (``sow = { sow_hook =
  ... }``): O an quan (DLP.Games.418) as Ludii plays it: the end spaces are never sown from; the
  sowing goes on with the next square's counters, an empty square giving the mover the space
  after it, an end space next (or a lap of ten counters or more) ending the turn, and a player
  whose squares are empty refilling them from his takings after each lap.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = [
    "azigo_prelude", "concentration_next", "concentration_sow", "concentration_sow_ludii",
    "concentration_take", "oanquan_moves", "oanquan_sow", "waache_ways",
]

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


# -- Azigo (DLP.Games.211), as Ludii plays it ----------------------------------------------------------
#: The places, from a player's left, of the holes he empties into his store before play.
AZIGO_OPENING = (9, 10, 11, 12)
AZIGO_TAKES = (2, 4)


def _azigo_opening(sim: Any, seat: int) -> list[int]:
    row = sim.game.holes_of[seat]
    return [row[k - 1] for k in AZIGO_OPENING if sim.b[row[k - 1]]]


@hook("azigo-prelude")
def azigo_prelude(sim: Any, seat: int, what: str, move: Any) -> Any:
    """Azigo's moves, all of them (``sow.prelude_hook``; the moves list is always the rule's):

    - while the game's first eight moves are not made, each player in turn empties one of his
      opening holes (places 9 to 12 from his left) that holds counters into his store,
      ``{"remove": "9"}``;
    - then a player sows one of his holes (an ordinary sowing, the int move, judged by the file's
      capture rule), or, holding counters in his store, sows them all from his leftmost hole, the
      first into it: along the whole board, ``{"enter": "store", "to": "1", "way": "board"}``,
      a last counter in a hole of the opponent's that then holds two or four taking it and the
      holes after it while each so holds two or four; or round his own row only, coming round
      from its right end to its left, taking nothing, ``{..., "way": "row"}``.
    """
    g, b = sim.game, sim.b
    row = g.holes_of[seat]
    if what == "action":
        if move[1] == "open":
            return {"remove": g.names[move[2]]}
        return {"enter": "store", "to": g.names[row[0]], "way": move[1]}
    if what == "play":
        if move[1] == "open":
            sim.sc[seat] += b[move[2]]
            b[move[2]] = 0
            if sim.log:
                sim.last_text = f"{g.names[move[2]]} into the store"
            return None
        n, sim.sc[seat] = sim.sc[seat], 0
        if move[1] == "row":
            k = 0
            for _ in range(n):
                b[row[k]] += 1
                k = (k + 1) % len(row)
            if sim.log:
                sim.last_text = f"store {n} round the row"
            return None
        nxt = g.plain[seat][0]
        p = row[0]
        b[p] += 1
        for _ in range(n - 1):
            p = nxt[p]
            b[p] += 1
        taken = 0
        seen = 0
        while sim.own[p] != seat and b[p] in AZIGO_TAKES and not seen >> p & 1:
            seen |= 1 << p
            taken += b[p]
            b[p] = 0
            p = nxt[p]
        sim.sc[seat] += taken
        if sim.log:
            sim.last_text = f"store {n} along the board" + (f", takes {taken}" if taken else "")
        return None
    if sim.plies < 2 * len(AZIGO_OPENING):
        return [("hook", "open", p) for p in _azigo_opening(sim, seat)]
    moves: list = [p for p in row if b[p]]
    if sim.sc[seat]:
        moves += [("hook", "board"), ("hook", "row")]
    return moves


# -- O an quan (DLP.Games.418), as Ludii plays it -------------------------------------------------------
#: The end spaces, by their places in the ring (hole 1 and hole 7 on two rows of six): nobody sows
#: from them.
def _oaq_ends(g: Any) -> tuple[int, int]:
    return (g.holes_of[0][0], g.holes_of[1][0])


@hook("oanquan-moves")
def oanquan_moves(sim: Any, seat: int, moves: list) -> list:
    """O an quan: the end spaces (each row's first hole) are never sown from."""
    ends = _oaq_ends(sim.game)
    return [m for m in moves if type(m) is not int or (m & 0xFF) not in ends]


def _oaq_refill(sim: Any) -> None:
    """A player whose squares (his row but its end space) are all empty puts one of his captured
    counters into each, when he has enough."""
    b = sim.b
    for s in (0, 1):
        squares = sim.game.holes_of[s][1:]
        if not any(b[p] for p in squares) and sim.sc[s] >= len(squares):
            for p in squares:
                b[p] += 1
            sim.sc[s] -= len(squares)


@hook("oanquan-sow")
def oanquan_sow(sim: Any, seat: int, hole: int, direction: int) -> int:
    """O an quan's sowing, as Ludii plays it: the counters of the square one by one round the ring
    (end spaces included) the way the player chose; then, unless the lap sowed ten counters or
    more, or the next space is an end space (the turn ends), the next square's counters, if any,
    are lifted and sown on the same way; if it is empty, the contents of the space after it, if
    any, are captured (end spaces too) and the turn ends. After each lap a player whose squares
    are all empty refills them from his captures (``_oaq_refill``)."""
    g, b = sim.game, sim.b
    nxt = g.plain[seat][direction]
    ends = _oaq_ends(g)
    h = hole
    while True:
        n, b[h] = b[h], 0
        p = h
        for _ in range(n):
            p = nxt[p]
            b[p] += 1
        q = nxt[p]
        if q in ends or n >= 10:
            _oaq_refill(sim)
            return p
        if b[q]:
            _oaq_refill(sim)
            if sim.laps is not None:
                sim.laps.append(q)
            h = q
            continue
        r = nxt[q]
        if b[r]:
            sim.sc[seat] += b[r]
            b[r] = 0
        _oaq_refill(sim)
        return p
