"""Hooks of the race12 batch: race mechanic, ``move = { hook = NAME }`` (the hook point is
described in ``race.py``'s docstring: ``fn(sim, "moves", seat, moves) -> moves`` and
``fn(sim, "played", seat, move)``; a move is ``(from, to, value)`` in track positions, 0 the
hand, ``n + 1`` off).

``romavoa`` (Romaya, Ludii's Romavoa, DLP.Games.152, after Ludii's reading). Marks it reads by name:
``last0`` and ``last1``, the cells of each seat's last side of the square.

- A throw worth 14 may instead move a piece (or bring one in) a single square; from the last
  square of the track that single square takes the piece off.
- A piece standing on its seat's last side moves only by a throw worth 1, 2 or 3 (a 14 there
  moves nothing, not even as a single square).

``tourne-case`` (Tourne-Case, DLP.Games.174, after Ludii's reading). Marks it reads by name:
``final0`` and ``final1`` (each seat's final point) and the board's ``opposite`` pairs, given
as the marks ``row0`` and ``row1``: two lists of cells of equal length, the k-th of one facing
the k-th of the other across the board.

- One piece moves, by the throw's lower die only (``worth.each``: the two dice are the values
  left); the move spends the whole throw.
- A piece may not pass a piece of its own nor land on one: no square it crosses, between where
  it starts and where it lands, holds one (the file lets pieces share its bar, ``stack.own``).
  It lands on an opposing piece nowhere (the file's ``capture.opponent = "block"``), nor on the
  opponent's final point while the opponent has pieces borne off (they stand there). Its own
  final point is the end of its track, a jump off: pieces there are borne off.
- A piece landing on a point whose facing point holds a single opposing piece sends that piece
  back to its seat's first track square (the bar, ``capture.to = 1``); facing the opponent's
  final point, a single piece borne off is so sent back.

``either-way`` (Tugi-epfe, DLP.Games.119), ``tawula`` (Tawula, DLP.Games.156) and ``tsun-ki``
(Tsun k'i, DLP.Games.181): see their docstrings below.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook



def _bear_off(sim: Any, seat: int, q: int) -> None:
    """The mover's piece at track square ``q`` leaves the board; its last one off wins."""
    r = sim.r
    sim.pos[seat].remove(q)
    sim.occ[r.cells[seat][q] * r.players + seat] -= 1
    sim.off[seat] += 1
    if sim.off[seat] == r.count:
        sim.over = (seat, "all-off")
        sim.phase = 2
        sim.left = []

def _marked(sim: Any, name: str) -> frozenset[int]:
    cache = sim.game.__dict__.setdefault("_race12", {})
    got = cache.get(name)
    if got is None:
        if name not in sim.game.marks:
            raise ValueError(f"hook: the file needs the board mark {name!r}")
        got = cache[name] = frozenset(sim.game.marks[name])
    return got


@hook("romavoa")
def romavoa(sim: Any, what: str, seat: int, moves: Any) -> Any:
    if what != "moves":
        return None
    r = sim.r
    cells = r.cells[seat]
    last = _marked(sim, f"last{seat}")
    out = [m for m in moves if not (m[0] and cells[m[0]] in last and m[2] not in (1, 2, 3))]
    if 14 in sim.left:
        have = set(out)
        starts = sorted(set(sim.pos[seat]))
        if sim.hand[seat]:
            starts = [0] + starts
        for p in starts:
            if p and cells[p] in last:
                continue
            m = (p, p + 1, 14)
            if m not in have:
                have.add(m)
                out.append(m)
    return out


def _tc_tables(sim: Any) -> dict:
    """Tourne-Case's tables, built once a game: per seat its final cell, and the facing cell of
    each cell of the two rows."""
    game = sim.game
    got = game.__dict__.get("_tourne_case")
    if got is None:
        rows = [game.marks.get("row0"), game.marks.get("row1")]
        finals = [game.marks.get("final0"), game.marks.get("final1")]
        if None in rows or None in finals or len(rows[0]) != len(rows[1]) or any(len(f) != 1 for f in finals):
            raise ValueError("hook tourne-case: the file needs the marks row0 and row1 (of equal length), final0 and final1 (one cell each)")
        facing = {}
        for a, b in zip(rows[0], rows[1]):
            facing[a], facing[b] = b, a
        got = game._tourne_case = {"facing": facing, "final": [finals[0][0], finals[1][0]]}
    return got


@hook("tourne-case")
def tourne_case(sim: Any, what: str, seat: int, moves: Any) -> Any:
    """Moves: only the throw's lower die, no piece passing its own, no landing on the opponent's
    final point while pieces stand there (borne off, here). Played: the facing capture, and the
    throw is spent by the one move."""
    r = sim.r
    t = _tc_tables(sim)
    cells = r.cells[seat]
    n = r.n[seat]
    P = r.players
    opp = 1 - seat
    if what == "moves":
        if not sim.left:
            return moves
        low = min(sim.left)
        own = set(sim.pos[seat])
        out = []
        for p, q, v in moves:
            if v != low:
                continue
            land = p + v
            if land > n:
                continue
            if any(x in own for x in range(p + 1, land + 1)):
                continue  # it would pass a piece of its own, or land on one
            if cells[land] == t["final"][opp] and sim.off[opp]:
                continue  # the opponent's pieces home stand there
            out.append((p, q, v))
        return out
    # played: the piece landed on track square p + v
    p, q, v = moves
    land = min(p + v, n)
    c = cells[land]
    f = t["facing"].get(c)
    if f is not None:
        if f == t["final"][opp]:
            if sim.off[opp] == 1:  # a single opposing piece home: back to its bar
                sim.off[opp] -= 1
                sim.pos[opp].insert(0, 1)
                sim.occ[r.cells[opp][1] * P + opp] += 1
        elif sim.occ[f * P + opp] == 1:
            sim._send_back(opp, f)
    sim.left = []
    return None


@hook("either-way")
def either_way(sim: Any, what: str, seat: int, moves: Any) -> Any:
    """A piece that may run the circuit either way (Tugi-Epfe). The seat's track is the start
    cell, the circuit one way round back to the start cell (square ``m``), then the circuit the
    other way back to it again (square ``n``, the last). A piece on square 1 has not chosen: it
    may go either way (to squares 2.., or ``m + 1``..); a piece on the first way round keeps to
    it. A piece goes off only by the exact throw onto the start cell at the end of its way
    (squares ``m`` and ``n``): it lands there and is taken off, the game won when it was the
    seat's last. A piece lands on an opposing one (sending it back to square 1, ``capture.to``)
    only where it has not yet chosen its way or both go the same way round."""
    r = sim.r
    cells = r.cells[seat]
    n = r.n[seat]
    m = cells.index(cells[1], 2)
    P = r.players
    if what == "played":
        p, q, v = moves
        if q in (m, n):  # home: off the board
            _bear_off(sim, seat, q)
        return None

    def way(x: int) -> int:
        return 0 if x == 1 else 1 if x <= m else 2

    out = []
    cands = list(moves)
    if 1 in sim.pos[seat]:
        for v in sorted(set(sim.left)):
            if m + v <= n:
                cands.append((1, m + v, v))
    for p, q, v in cands:
        if p != 1 and p < m < q:
            continue  # the first way round ends at square m, exactly
        mine = way(q) if p == 1 else way(p)
        ok = True
        c = cells[q]
        for o in r.opps[seat]:
            if sim.occ[c * P + o]:
                theirs = {way(x) for x in sim.pos[o] if r.cells[o][x] == c}
                if p != 1 and theirs != {mine}:
                    ok = False  # going the other way round (or it has not chosen): no capture
        if ok:
            out.append((p, q, v))
    return out


@hook("tawula")
def tawula(sim: Any, what: str, seat: int, moves: Any) -> Any:
    """Tawula's moves, in place of the mechanic's (``worth.each``: each die a move). Track
    square 1 is the seat's bar, where its pieces sent back wait (``capture.to = 1``); square 2
    its starting point; the file's marks ``max0`` and ``max1`` each seat's points that hold one
    piece at most. For each die not yet played:

    - a piece in the hand enters on the square the die counts from the starting point (square
      2 + die), if it is empty or holds a single opposing piece (taken);
    - while the seat has pieces on its bar, only they move (besides the entering pieces), by the
      die counted from the bar; else any piece moves on by the die, but those on the starting
      point only once the hand is empty, and a die carrying a piece past the last square bears
      it off;
    - a piece so moved lands on a single opposing piece (taking it), on an empty point, or on its
      own pieces but on the points of ``max`` of its seat.
    """
    if what != "moves":
        return None
    r = sim.r
    P = r.players
    cells = r.cells[seat]
    n = r.n[seat]
    occ = sim.occ
    opps = r.opps[seat]
    one = _marked(sim, f"max{seat}")
    pos = sorted(set(sim.pos[seat]))
    on_bar = 1 in pos
    hand = sim.hand[seat]
    out = []

    def enemies(c: int) -> int:
        return sum(occ[c * P + o] for o in opps)

    for v in sorted(set(sim.left)):
        if hand and 2 + v <= n:
            c = cells[2 + v]
            e = enemies(c)
            if e <= 1 and not occ[c * P + seat]:
                out.append((0, 2 + v, v))
        for p in ([1] if on_bar else pos):
            if p == 2 and hand:
                continue  # the starting point's pieces wait for the hand to empty
            q = p + v
            if q > n:
                out.append((p, n + 1, v))
                continue
            c = cells[q]
            e = enemies(c)
            own = occ[c * P + seat]
            if e:
                ok = e == 1 and not own
            else:
                ok = not own or c not in one
            if ok:
                out.append((p, q, v))
    return out


@hook("tsun-ki")
def tsun_ki(sim: Any, what: str, seat: int, moves: Any) -> Any:
    """Tsun K'i's moves, in place of the mechanic's (two dice, ``worth.each``: the dice are the
    values left, larger first; ``stack.own``, no captures). The moves by the throw:

    - two 1s: one of the seat's pieces is taken off the board (a move to ``off``), the whole turn;
    - a double d: one piece moves d and the turn ends, or one piece moves 2d and then a piece
      (the same or another) moves 2d again;
    - two dice in a row, L and L + 1: one piece moves the total (2L + 1) and one moves L or 2L,
      in either order;
    - other dice: one piece moves each die, in either order.

    A move past the track's end is not allowed. A piece lands and is then counted from the first
    square of the track on its cell (where the track passes a cell twice, the earlier), as Ludii
    reads its position from its cell. A piece landing on the cells of the seat's mark ``exit0`` /
    ``exit1`` from outside them leaves the board; the seat with none left wins.
    """
    r = sim.r
    n = r.n[seat]
    cells = r.cells[seat]
    a, b = r.outcomes[sim.last][0], r.outcomes[sim.last][1]
    P = r.players
    if what == "played":
        p, q, v = moves
        if a == b == 1 or q > n:
            sim.left = []
            return None
        if a == b and q - p == a:
            sim.left = []  # the half throw: one piece, and the turn ends
        c = cells[q]
        if c in _marked(sim, f"exit{seat}") and cells[p] not in _marked(sim, f"exit{seat}"):
            _bear_off(sim, seat, q)
            return None
        first = cells.index(c, 1)
        if first != q:
            sim.pos[seat].remove(q)
            sim.pos[seat].append(first)
            sim.pos[seat].sort()
        return None
    left = sim.left
    pos = sorted(set(sim.pos[seat]))
    if a == b == 1:
        return [(p, n + 1, 1) for p in pos] if len(left) == 2 else []
    if a == b:
        dists = [(a, a), (2 * a, a)] if len(left) == 2 else [(2 * a, a)]
    elif abs(a - b) == 1:
        low, high = min(a, b), max(a, b)
        if len(left) == 2:
            dists = [(low, low), (2 * low, low), (low + high, high)]
        elif left == [high]:
            dists = [(low + high, high)]
        else:
            dists = [(low, low), (2 * low, low)]
    else:
        dists = [(v, v) for v in sorted(set(left))]
    return [(p, p + d, v) for p in pos for d, v in dists if p + d <= n]
