"""Hooks for the sowing game of helper sow20 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow20.py): Fergen Gobale of Gabradarre, Ethiopia (DLP game 347, ruleset
367, after Pankhurst 1971), ``games/rulesets/sow/fergen-gobale.toml``.

The board is two halves of two rows of three holes, joined by a single row of two holes
between them. The file plays it as two rows of seven (``board.draw`` puts the centre ones
between the rows), holes numbered anticlockwise as South sees them::

    North   14 13 12  .  .  10  9  8
    centre            4 11
    South    1  2  3  .  .   5  6  7

South's six holes from his left are 1 2 3 5 6 7, North's from his left 8 9 10 12 13 14; the
centre holes are 4 (on South's left, Ludii's D1) and 11 (Ludii's E1), nobody's: the engine
counts 4 in South's row and 11 in North's, so these hooks keep them out of both (``CENTRE``).
Hole ``h`` of a row faces the hole of the other row in its column (1-14, 2-13, 3-12, 5-10,
6-9, 7-8). Indices below are 0-based (hole 1 is index 0).

- ``fergen-sow`` (``sow = { sow_hook = "fergen-sow" }``): the whole sowing, anticlockwise along
  ``TRACK``: South's row left to right, through both centre holes, on along his row, up into
  North's row and along it, through both centre holes again the other way, and on along
  North's row into South's: a lap of sixteen places, each centre hole passed twice. Holes out
  of play this round (``memo``, below) are passed over. A lap whose last counter falls into an
  occupied hole of either row that nobody owns lifts it and sows on (each such hole added to
  ``sim.laps``, Ludii's steps); one falling into a centre hole or an owned hole ends the
  sowing, as does one falling into an empty hole. ``sim.hook_mem`` keeps ``(last hole, the
  holes owned before the move)`` for ``again``.
- ``fergen-pair`` (``capture = { hook = "fergen-pair", claim = true }``): a sowing ending in an
  empty hole of the mover's row whose facing hole holds three takes the last counter and the
  three (two a hole, the file's reading) and both holes become the mover's (the engine's claim:
  a tuz, whose counters go to its holder as they fall).
- ``fergen-take`` (``capture = { hook = "fergen-take" }``): otherwise (the facing hole not
  holding three) a sowing ending in an empty hole of the mover's row takes the facing hole's
  counters and the last counter.
- ``fergen-moves`` (``sow = { moves_hook = "fergen-moves" }``): nobody sows from a centre hole
  (nor from an owned or closed one: those are empty).
- ``fergen-sow.again`` (asked by sow.py after each sowing) and ``fergen-turn``
  (``sow = { prelude_hook = "fergen-turn" }``): the rest of the turn and what follows it.
  After a pair is claimed, while a centre hole is unclaimed, the mover also claims one, a move
  of his own, ``{"sow": "4"}`` (``memo`` bit ``PENDING``); its counters go to him, and so do
  those sown into it later. Then, once either player has no hole he may sow from, the round is
  over: each takes the counters of his own row (the claimed holes' are his already), the
  centre holes nobody claimed keep theirs, the claims lapse, and the player with fewer counters
  (equal: North) refills, one move ``{"to": "1", "piece": "seed"}`` for each hole he fills and
  each leftover counter he places (``memo``: ``REFILL``, his total, the moves made, the centre holes then empty); after his
  last, the other matches, and moves first. A player who cannot fill a hole has no move, and
  so has lost (the file's ``end.no_moves = "loses"``).

  The refill (the DLP's reading): the loser fills his holes from his left with the starting
  numbers (5, 5, 3, 3, 5, 5) as far as his counters go, stopping at the first he cannot fill;
  with all six filled and four or more left, an empty centre hole too, with four (the one on
  his left first); the counters still left go one at a time into his filled holes from his
  left, round again if need be. The opponent puts the starting number into each hole facing a
  hole the loser filled, keeping the rest of his counters aside (his ``scores``); the holes the
  loser could not fill, and those facing them, are out of play for the round (``memo`` bits 1 to
  14: nobody sows into them or from them). A loser with fewer than five counters cannot fill a
  hole and has lost.

  With the option ``ludii_reading`` (Ludii 1.3.13's play, for replaying its games): a loser
  with fewer than five counters puts them one into each hole from his left; otherwise he fills
  holes with the starting numbers from his left and puts what is left into the next hole, or,
  his six holes full, into the centre hole 4 if it is empty, else 11; the opponent puts as
  many into each hole of his at the same place from his own left as the loser's hole at that
  place holds; only a player left with no counter at all has lost.

For the replay of Ludii's traces no run of steps is needed: each of ``fergen-turn``'s moves is
one of Ludii's steps (a claim Ludii's select of the centre hole, a filling Ludii's move from the
hand), and a sowing's relay laps are sow.py's usual steps (``sim.laps``).
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["CENTRE", "FACING", "PATTERN", "ROWS", "TRACK", "fergen_again", "fergen_moves", "fergen_pair",
           "fergen_sow", "fergen_take", "fergen_turn", "refill_plan"]

RELAY_CAP = 64  # laps per counter on the board, at most (as sow.py's relay; never reached in practice)
CENTRE = (3, 10)  # holes 4 and 11: the single row between the halves (Ludii's D1, E1)
ROWS = ((0, 1, 2, 4, 5, 6), (7, 8, 9, 11, 12, 13))  # each seat's holes from his left
PATTERN = (5, 5, 3, 3, 5, 5)  # the starting counts from each player's left
CENTRE_START = 4  # a centre hole's starting count
#: The anticlockwise lap: A1 B1 C1 D E F1 G1 H1 H2 G2 F2 E D C2 B2 A2 (each centre hole twice).
TRACK = (0, 1, 2, 3, 10, 4, 5, 6, 7, 8, 9, 10, 3, 11, 12, 13)
POS = {h: k for k, h in enumerate(TRACK) if h not in CENTRE}  # a row hole's place in the lap


def _facing() -> list[int]:
    face = [-1] * 14
    for k in range(6):
        a, z = ROWS[0][k], ROWS[1][5 - k]
        face[a], face[z] = z, a
    return face


#: The hole across from each row hole (the same column), -1 for the centre holes.
FACING = _facing()
#: The hole at the same place from the other player's left (Ludii's corresponding hole).
SAME_PLACE = {ROWS[s][k]: ROWS[1 - s][k] for s in (0, 1) for k in range(6)}

# sim.memo: bit 0 REFILL; in play, bits 1..14 the holes out of play (by index) and PENDING; in a
# refill, the loser's total, the moves made and the centre holes empty when it began.
REFILL = 1
PENDING = 1 << 15
_STEP, _TOTAL, _EMPTY = 1, 7, 13


def _ludii(sim: Any) -> bool:
    return bool(sim.options.get("ludii_reading"))


def closed_mask(sim: Any) -> int:
    """The holes out of play this round (a mask by index)."""
    m = sim.memo
    return 0 if m & REFILL else (m >> 1) & 0x3FFF


def _owned(sim: Any) -> int:
    return sim.tuz[0] | sim.tuz[1]


@hook("fergen-sow")
def fergen_sow(sim: Any, seat: int, h: int, d: int) -> int:
    b = sim.b
    closed = closed_mask(sim)
    owned = _owned(sim)
    sim.hook_mem = None
    budget = RELAY_CAP * (sim.game.total + 1)
    lap = h
    while True:
        c, b[lap] = b[lap], 0
        k = POS[lap]
        p = lap
        while c:
            k = (k + 1) % 16
            p = TRACK[k]
            if closed >> p & 1:
                continue
            b[p] += 1
            c -= 1
        if p in CENTRE or owned >> p & 1 or b[p] == 1:  # the sowing ends here
            break
        budget -= 1
        if budget <= 0:  # (a cap as sow.py's relay; a lap always moves counters on, so never met)
            break
        if sim.laps is not None:
            sim.laps.append(p)
        lap = p
    sim.hook_mem = (p, owned)
    return p


def _empty_own(sim: Any, seat: int, last: int) -> bool:
    """The sowing ended in a hole of the mover's row (not a centre hole) that was empty."""
    return last < 14 and last not in CENTRE and sim.own[last] == seat and sim.b[last] == 1


@hook("fergen-pair")
def fergen_pair(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    if not _empty_own(sim, seat, last):
        return []
    f = FACING[last]
    if sim.b[f] != 3 or _owned(sim) >> f & 1:
        return []
    return [(last, 1), (f, 3)]


@hook("fergen-take")
def fergen_take(sim: Any, seat: int, origin: int, last: int, direction: int) -> list[tuple[int, int]]:
    if not _empty_own(sim, seat, last):
        return []
    f = FACING[last]
    if sim.b[f] == 3 and not _owned(sim) >> f & 1:
        return []  # three across: the pair is claimed instead (fergen-pair)
    out = [(f, sim.b[f])] if sim.b[f] and not _owned(sim) >> f & 1 else []
    return out + [(last, 1)]


@hook("fergen-moves")
def fergen_moves(sim: Any, seat: int, moves: list) -> list:
    shut = closed_mask(sim) | _owned(sim)
    return [m for m in moves if type(m) is not int or ((m & 0xFF) not in CENTRE and not shut >> (m & 0xFF) & 1)]


def _can_sow(sim: Any, seat: int) -> bool:
    shut = closed_mask(sim) | _owned(sim)
    return any(sim.b[h] and not shut >> h & 1 for h in ROWS[seat])


def _unclaimed(sim: Any) -> list[int]:
    owned = _owned(sim)
    return [c for c in CENTRE if not owned >> c & 1]


def _turn_over(sim: Any, seat: int) -> bool:
    """The mover's turn is over: if either player has no hole to sow from, the round ends (each
    takes his row's counters, the claims lapse) and the refill begins, the player with fewer
    counters (equal: North) to move. Returns whether ``seat`` moves next."""
    if _can_sow(sim, 0) and _can_sow(sim, 1):
        sim.memo &= ~PENDING
        return False
    b, sc = sim.b, sim.sc
    for s in (0, 1):
        for h in ROWS[s]:
            sc[s] += b[h]  # (an owned hole is empty: its counters went to its holder as they fell)
            b[h] = 0
    sim.tuz = [0, 0]
    loser = 0 if sc[0] < sc[1] else 1
    empty = (1 if not b[CENTRE[0]] else 0) | (2 if not b[CENTRE[1]] else 0)
    sim.memo = REFILL | (sc[loser] << _TOTAL) | (empty << _EMPTY)
    if sim.log:
        sim.last_text += f"; round over {sc[0]}-{sc[1]}"
    return loser == seat


def refill_plan(total: int, loser: int, empty: int, ludii: bool) -> list[tuple[int, int]]:
    """The loser's refill: ``(hole, counters)`` for each of his moves, in order; [] when he
    cannot fill a hole. ``empty``: the centre holes empty as it begins (bit 0 hole 4, bit 1 hole 11)."""
    row = ROWS[loser]
    steps: list[tuple[int, int]] = []
    left = total
    if ludii:
        if left < 5:  # Ludii's "PlaceOne": one into each hole from his left
            return [(row[k], 1) for k in range(left)]
        k = 0
        while k < 6 and PATTERN[k] <= left:
            steps.append((row[k], PATTERN[k]))
            left -= PATTERN[k]
            k += 1
        if left:  # the rest into the next hole, or (all six full) a centre hole
            steps.append((row[k], left) if k < 6 else (CENTRE[0] if empty & 1 else CENTRE[1], left))
        return steps
    k = 0
    while k < 6 and PATTERN[k] <= left:
        steps.append((row[k], PATTERN[k]))
        left -= PATTERN[k]
        k += 1
    if not k:
        return []
    if k == 6 and left >= CENTRE_START and empty:  # one of the centre holes, the one on his left first
        order = (0, 1) if loser == 0 else (1, 0)
        c = next(CENTRE[i] for i in order if empty >> i & 1)
        steps.append((c, CENTRE_START))
        left -= CENTRE_START
    j = 0
    while left:  # the rest one at a time into his filled holes, from his left
        steps.append((row[j % k], 1))
        left -= 1
        j += 1
    return steps


def _refill_state(sim: Any) -> tuple[list[tuple[int, int]], int]:
    m = sim.memo
    total, empty, step = (m >> _TOTAL) & 0x3F, (m >> _EMPTY) & 3, (m >> _STEP) & 0x3F
    return refill_plan(total, sim.turn, empty, _ludii(sim)), step


def _match(sim: Any, loser: int) -> None:
    """The opponent matches the loser's holes; the holes left out are out of play (memo)."""
    b, sc = sim.b, sim.sc
    other = 1 - loser
    closed = 0
    if _ludii(sim):  # the same place from his own left, as many as the loser's hole holds
        for k, h in enumerate(ROWS[loser]):
            q = ROWS[other][k]
            if b[h]:
                b[q] += b[h]
                sc[other] -= b[h]
            else:
                closed |= 1 << h | 1 << q
    else:  # the facing hole, with the starting number
        for k, h in enumerate(ROWS[loser]):
            f = FACING[h]
            if b[h]:
                b[f] += PATTERN[k]
                sc[other] -= PATTERN[k]
            else:
                closed |= 1 << h | 1 << f
    sim.memo = closed << 1


@hook("fergen-turn")
def fergen_turn(sim: Any, seat: int, what: str, move: Any) -> Any:
    g = sim.game
    m = sim.memo
    if what == "moves":
        if m & REFILL:
            plan, step = _refill_state(sim)
            return [("hook", "fill", *plan[step])] if step < len(plan) else []
        if m & PENDING:
            return [("hook", "claim", c) for c in _unclaimed(sim)]
        return None
    if what == "action":
        if move[1] == "fill":
            return {"to": g.names[move[2]], "piece": "seed"}
        return {"sow": g.names[move[2]]}
    # "play"
    b, sc = sim.b, sim.sc
    if move[1] == "claim":
        c = move[2]
        sim.tuz[seat] |= 1 << c
        sc[seat] += b[c]
        if sim.log:
            sim.last_text = f"claims {g.names[c]} ({b[c]})"
        b[c] = 0
        sim.memo &= ~PENDING
        return _turn_over(sim, seat)
    _, _, h, n = move
    b[h] += n
    sc[seat] -= n
    if sim.log:
        sim.last_text = f"{n} into {g.names[h]}"
    plan, step = _refill_state(sim)
    step += 1
    if step < len(plan):
        sim.memo = (m & ~(0x3F << _STEP)) | (step << _STEP)
        return True
    _match(sim, seat)
    if sim.log:
        sim.last_text += "; matched"
    return False


def fergen_again(sim: Any, seat: int) -> bool:
    """After a sowing: a pair just claimed leaves the mover to claim a centre hole (while one is
    unclaimed); else the turn is over (and perhaps the round). Whether ``seat`` moves next."""
    mem = sim.hook_mem
    if mem is not None:
        last, before = mem
        if sim.tuz[seat] >> last & 1 and not before >> last & 1 and _unclaimed(sim):
            sim.memo |= PENDING
            return True
    return _turn_over(sim, seat)


fergen_sow.again = fergen_again  # type: ignore[attr-defined]
fergen_sow.closed_holes = closed_mask  # type: ignore[attr-defined]  # the board crosses them out
