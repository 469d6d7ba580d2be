"""Hooks for the sowing games of helper sow15 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow15.py). Both are Gifia's (DLP ruleset 237, after Murray), on two
rows of four whose players own halves of the board (``board.owners = "halves"``):

- ``gifia-pairs`` (``capture = { hook = "gifia-pairs" }``): when the last seed makes its hole,
  in either row, hold two or four, the mover takes them, and with them the seeds of each hole
  beside it in the same row (left and right, as the board lies; a row's end hole has one)
  that holds two or four.
- ``gifia-one-each`` (``sow = { moves_hook = "gifia-one-each" }``): once each player's holes
  hold one seed or none in all, no sowing is left to either player, so that the round ends
  as a stalled one (``end.stalled = "owner"``): each player takes what lies in his holes.
  Otherwise every sowing stays allowed.
- ``gifia-choice`` (``sow = { prelude_hook = "gifia-choice" }``, with ``gifia-pairs`` and
  ``gifia-one-each``; the DLP's choice of one neighbour): where one of the mover's sowings
  would end with its last hole holding neither two nor four beside a hole of its row holding
  two or four, the mover's moves are the rule's: each sowing as the ordinary move it is
  (``hole + 256 * direction``, taking nothing by this rule), and each such sowing with one of
  those neighbours taken (``("hook", hole, direction, taken)``, the action's ``"take"``),
  played by the rule: a plain sowing (one lap, the origin not passed over), then the
  neighbour taken. Where no sowing of his would offer the choice, the ordinary moves (None).
  (A declined choice is thus an ordinary move, counted for repetition as any other.)
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["gifia_choice", "gifia_one_each", "gifia_pairs", "row_neighbours"]

PAIRS = (2, 4)


def row_neighbours(game: Any, hole: int) -> list[int]:
    """The holes beside ``hole`` in its own row (the one to its left, then to its right, as
    the board lies), where there are such holes."""
    at = {(game.col_of[i], game.row_of[i]): i for i in range(game.N)}
    c, r = game.col_of[hole], game.row_of[hole]
    return [at[(x, r)] for x in (c - 1, c + 1) if (x, r) in at]


@hook("gifia-pairs")
def gifia_pairs(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    g, b = sim.game, sim.b
    if last >= g.N or b[last] not in PAIRS:
        return []
    taken = [(last, b[last])]
    for h in row_neighbours(g, last):
        if b[h] in PAIRS:
            taken.append((h, b[h]))
    return taken


@hook("gifia-one-each")
def gifia_one_each(sim: Any, seat: int, moves: list) -> list:
    g, b = sim.game, sim.b
    if all(sum(b[i] for i in g.holes_of[s]) <= 1 for s in (0, 1)):
        return []
    return moves


def _sow_plain(sim: Any, seat: int, hole: int, d: int) -> int:
    """Every seed of ``hole`` sown one a hole along the seat's track ``d``; the last hole."""
    b, nxt = sim.b, sim.game.plain[seat][d]
    c, b[hole], p = b[hole], 0, hole
    while c:
        p = nxt[p]
        b[p] += 1
        c -= 1
    return p


def _choices(sim: Any, seat: int, hole: int, d: int) -> list[int]:
    """The neighbours the mover may take one of after sowing ``hole`` along ``d``: those of the
    last hole's row holding two or four, where the last hole holds neither (none otherwise)."""
    g, saved = sim.game, sim.b
    sim.b = saved[:]
    try:
        last = _sow_plain(sim, seat, hole, d)
        if sim.b[last] in PAIRS:
            return []
        return [h for h in row_neighbours(g, last) if sim.b[h] in PAIRS]
    finally:
        sim.b = saved


@hook("gifia-choice")
def gifia_choice(sim: Any, seat: int, what: str, move: Any) -> Any:
    g = sim.game
    if what == "action":
        _, h, d, t = move
        act = {"sow": g.names[h], "direction": "cw" if d else "ccw"}
        if t >= 0:
            act["take"] = g.names[t]
        return act
    if what == "play":
        _, h, d, t = move
        last = _sow_plain(sim, seat, h, d)
        taken = gifia_pairs(sim, seat, h, last, d) or ([(t, sim.b[t])] if t >= 0 else [])
        for p, c in taken:
            sim.b[p] -= c
            sim.sc[seat] += c
        if sim.log:
            sim.last_text = f"{g.names[h]} {'cw' if d else 'ccw'}" + "".join(f" x{g.names[p]}" for p, _ in taken)
        return None
    b = sim.b
    if gifia_one_each(sim, seat, [None]) == []:
        return []
    moves, choice = [], False
    for h in g.holes_of[seat]:
        if not b[h]:
            continue
        for d in (0, 1):
            moves.append(h | d << 8)
            for t in _choices(sim, seat, h, d):
                moves.append(("hook", h, d, t))
                choice = True
    return moves if choice else None
