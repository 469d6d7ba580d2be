"""Hooks for the sowing game of helper sow19 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow19.py): Kiuthi of the Kikuyu (DLP game 224, ruleset 245).

The board (``games/rulesets/sow/kiuthi.toml``) is two rows of six holes and two stores; each
player sows from his own row, either way round the ring of twelve holes (the stores are not on
it), from a hole of two counters or more.

- ``kiuthi-sow`` (``sow = { sow_hook = "kiuthi-sow" }``): the whole sowing. A lap whose last
  counter falls into an occupied hole lifts that hole's counters and sows them on the other way
  (each such lap's hole added to ``sim.laps``, Ludii's steps); a last counter falling into an
  empty hole ends the sowing. Holes out of play this round (``sim.closed``) are passed over.
  The player's own sowing (not a relay lap) that fails to reach the opponent's row ends at once,
  nothing relayed or taken, and the mover sows again (``kiuthi-sow.again``, an attribute of the
  rule that sow.py asks after each sowing), the other way from this one: ``sim.memo`` (sow18's
  field, kept in the state) is then ``1 + 3 * seat + way``, ``way`` 0 anticlockwise, 1
  clockwise (2: either way), and 0 otherwise. A sowing fails so when none of its counters fell
  into the opponent's row; with the option ``second_move = "ludii"`` (Ludii's reading) when its
  last counter falls into the mover's own row, the next sowing going either way.
  ``sim.hook_mem`` keeps ``(way of the last lap, ended in an empty hole)`` for the capture rule.
- ``kiuthi-moves`` (``sow = { moves_hook = "kiuthi-moves" }``): the sowings of a player who sows
  again go the way ``sim.memo`` says; between rounds (phase ``place``) the counters are put
  only into holes in play, and the last of them into a hole holding one where no hole of the
  player's holds two yet (so that the round can begin).
- ``kiuthi-take`` (``capture = { hook = "kiuthi-take" }``): a sowing ending in an empty hole of
  the mover's row takes the counters of the opponent's hole facing it; and where the next hole
  along the last lap's way is in the mover's row (and in play) and empty, those of the hole
  facing that one too. With the option ``second_take = "after-first"`` (Ludii's reading) the
  second hole is taken only where the first held counters.
- ``kiuthi-sow.round_start`` (an attribute of the sowing rule, called by ``rounds.holes =
  "placed"`` as a round is set out, ``fn(sim, totals, starter) -> over or None``): equal counts
  draw the game, and a poorer player with a single counter has lost (it can never be sown);
  else the board is cut by one, two or three columns (at the first seat's right end) where the
  poorer player holds fewer than a half, a quarter or an eighth of the counters (all the
  counters of the game, or with the option ``shrink_share = "own"`` a player's share at the
  start), the holes cut being ``sim.closed`` for the round.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["kiuthi_again", "kiuthi_moves", "kiuthi_round_start", "kiuthi_sow", "kiuthi_take"]

RELAY_CAP = 64  # laps per seed on the board, at most (as sow.py's relay)


@hook("kiuthi-sow")
def kiuthi_sow(sim: Any, seat: int, h: int, d: int) -> int:
    g, b, own, closed = sim.game, sim.b, sim.own, sim.closed
    ludii = sim.options.get("second_move") == "ludii"
    sim.memo = 0
    budget = RELAY_CAP * (g.total + 1)
    lap, first = h, True
    while True:
        nxt = g.plain[seat][d]
        c, b[lap], p = b[lap], 0, lap
        across = False
        while c:
            p = nxt[p]
            while closed >> p & 1:
                p = nxt[p]
            b[p] += 1
            c -= 1
            if own[p] != seat:
                across = True
        if first:
            first = False
            if (own[p] == seat) if ludii else not across:  # it failed to reach the opponent's row
                sim.memo = 1 + 3 * seat + (2 if ludii else 1 - d)
                sim.hook_mem = (d, False)
                return p
        if b[p] == 1:  # an empty hole: the sowing ends
            sim.hook_mem = (d, True)
            return p
        budget -= 1
        if budget <= 0:  # (never in practice: a cap on laps, as the mechanic's relay)
            sim.hook_mem = (d, False)
            return p
        if sim.laps is not None:
            sim.laps.append(p)
        lap, d = p, 1 - d  # relay: lifted and sown on the other way


@hook("kiuthi-moves")
def kiuthi_moves(sim: Any, seat: int, moves: list) -> list:
    if moves and type(moves[0]) is tuple:  # phase "place": only holes in play, and
        b = sim.b
        puts = [m for m in moves if not (m[0] == "put" and sim.closed >> m[1] & 1)]
        if sim.hand[seat] == 1 and not any(b[i] > 1 for i in sim.holes[seat]):
            puts = [m for m in puts if b[m[1]] == 1]  # the last counter makes a hole of two
        return puts
    memo = sim.memo
    if memo and (memo - 1) // 3 == seat and (memo - 1) % 3 < 2:
        want = (memo - 1) % 3
        return [m for m in moves if type(m) is int and (m >> 8) & 1 == want]
    return moves


@hook("kiuthi-take")
def kiuthi_take(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    mem = sim.hook_mem
    g, b = sim.game, sim.b
    if not mem or not mem[1] or last >= g.N or sim.own[last] != seat or b[last] != 1:
        return []
    out = []
    f = g.facing[last]
    if b[f]:
        out.append((f, b[f]))
    nxt = g.plain[seat][mem[0]]
    q = nxt[last]
    while sim.closed >> q & 1:
        q = nxt[q]
    if sim.own[q] == seat and not b[q] and (out or sim.options.get("second_take") != "after-first"):
        f2 = g.facing[q]
        if b[f2]:
            out.append((f2, b[f2]))
    return out


def kiuthi_round_start(sim: Any, totals: list[int], starter: int) -> tuple[int | None, str] | None:
    """The next round's board: equal counts draw the game (returned as the outcome); else the
    columns cut for the poorer player's share are closed (``sim.closed``), and None."""
    sim.memo = 0
    a, z = totals
    if a == z:
        return (None, "draw")
    if min(a, z) == 1:  # a single counter is never sown: the poorer player can win nothing back
        return (0 if a > z else 1, "single-counter")
    g = sim.game
    base = g.total_seeds() // (2 if sim.options.get("shrink_share") == "own" else 1)
    poor = min(a, z)
    cut = 3 if poor * 8 < base else 2 if poor * 4 < base else 1 if poor * 2 < base else 0
    n = g.per_row
    mask = 0
    for i in g.holes_of[0][n - cut:]:  # the first seat's rightmost holes and those facing them
        mask |= 1 << i | 1 << g.facing[i]
    sim.closed = mask
    return None


def kiuthi_again(sim: Any, seat: int) -> bool:
    """Whether the sowing just made leaves the mover to sow again (it failed to reach across)."""
    return bool(sim.memo) and (sim.memo - 1) // 3 == seat


kiuthi_sow.round_start = kiuthi_round_start  # type: ignore[attr-defined]
kiuthi_sow.again = kiuthi_again  # type: ignore[attr-defined]
