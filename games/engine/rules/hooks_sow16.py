"""Hooks for the sowing games of helper sow16 (see ``hooks.py`` for the protocol; tested in
tests/games/test_rules_sow16.py): Quela of the Quibala (DLP ruleset 270) and Quiela of the
Jinga (DLP ruleset 271), two four-row games of Angola after Silva. Each player sows
anticlockwise round his own two rows; his *track* runs from the leftmost hole of his outer row
(as he sees it) along that row, then back along his inner row from its right to its left, so
that the inner row's leftmost hole is the track's last (its *final* hole) and the one before it
the *penultimate*.

- ``quela-arrange``, ``quiela-arrange`` (``sow = { place = true, moves_hook = ... }``): the
  rearrangement before play, made as counters put back one at a time from the hand: a counter
  may go into a hole only where the player's counters can still end in an arrangement the rules
  allow. Quela: every inner-row hole exactly one counter, the outer row's leftmost hole more than
  any other hole. Quiela: the outer row's leftmost hole more than any other hole; in each row no
  hole more than the hole on its left (as the player sees it); at most two inner-row holes of one.
- ``sow16-relay`` (``sow = { sow_hook = "sow16-relay" }``): relay sowing round the mover's
  track: a last counter falling into an occupied hole lifts it, and the sowing goes on until a
  last counter falls into an empty hole (each relay lap's hole added to ``sim.laps``).
- ``quela-moves`` (``sow = { prelude_hook = "quela-moves" }``): Quela's phases. While the
  opponent has taken fewer than two counters, the player sows only from holes of one or two
  counters (from any, where he has none such): these sowings are the rule's own moves, played
  by it (relay, then the capture of the facing holes), so they leave no mark in ``sown``. The
  turn after, he sows from a hole holding the most counters (an ordinary sowing, whose mark in
  ``sown`` ends this turn); then from any hole. The skip (below) is offered but in that turn.
- ``quiela-moves`` (``sow = { prelude_hook = "quiela-moves" }``): Quiela's phases. While a
  hole of his holds two or more, any hole; the first time he sows from his outer row's leftmost
  hole (no mark of it in ``sown``) he may drop the first counter into that hole itself
  (``{"sow": "1", "first_into": "1"}``, played by the rule, which marks the hole sown). Once
  no hole of his holds more than one, only a single counter whose next hole is empty. And the
  skip.
- The skip (both games): a single counter in the penultimate hole, with the final hole empty,
  that the opponent could take on his next turn (some sowing of his, as his phase allows, would
  end in his empty inner-row hole facing it) may be moved instead, as the player's move, into
  the first or the second hole of his outer row, whichever is empty (``{"from": "11", "to":
  "1"}``); nothing is taken.
"""
from __future__ import annotations

from typing import Any

from games.engine.rules.hooks import hook

__all__ = ["quela_arrange", "quela_moves", "quela_ok", "quiela_arrange", "quiela_moves", "quiela_ok",
           "relay", "threatened", "track"]

CCW = 0
RELAY_CAP = 64  # laps per counter on the board, at most (as sow.py's relay)
_TRACKS: dict[tuple[int, int, int], list[int]] = {}


def track(g: Any, seat: int) -> list[int]:
    """The seat's holes in sowing order, from the leftmost hole of his outer row (as he sees it):
    his outer row left to right, then his inner row right to left."""
    key = (g.N, g.per_row, seat)
    t = _TRACKS.get(key)
    if t is None:
        outer = 0 if seat == 0 else max(g.row_of[: g.N])
        left = 0 if seat == 0 else g.per_row - 1
        start = next(h for h in g.holes_of[seat] if g.row_of[h] == outer and g.col_of[h] == left)
        t, p, nxt = [start], g.plain[seat][CCW][start], g.plain[seat][CCW]
        while p != start:
            t.append(p)
            p = nxt[p]
        _TRACKS[key] = t
    return t


def _sow(b: list[int], nxt: list[int], h: int, first_in: bool, budget: int, laps: list | None) -> int:
    """Relay sowing of hole ``h`` on the counts ``b`` along ``nxt`` (``first_in``: the first
    counter back into ``h``); the hole the last counter fell in, empty before."""
    lap = h
    while True:
        c, b[lap], p = b[lap], 0, lap
        if first_in:
            b[p] += 1
            c -= 1
            first_in = False
        while c:
            p = nxt[p]
            b[p] += 1
            c -= 1
        budget -= 1
        if b[p] == 1 or budget <= 0:
            return p
        if laps is not None:
            laps.append(p)
        lap = p


@hook("sow16-relay")
def relay(sim: Any, seat: int, hole: int, direction: int) -> int:
    g = sim.game
    return _sow(sim.b, g.plain[seat][CCW], hole, False, RELAY_CAP * (g.total + 1), sim.laps)


def _take(sim: Any, seat: int, last: int) -> int:
    """The capture of QE-4 / QJ-4 for the rule's own sowings: a last counter alone in an inner-row
    hole of the mover's takes the opponent's facing hole, and the hole behind it with it."""
    g, b = sim.game, sim.b
    f = g.facing[last]
    if f < 0 or g.owner[last] != seat or b[last] != 1 or not b[f]:
        return 0
    got, b[f] = b[f], 0
    behind = g.behind[last]
    if behind >= 0 and b[behind]:
        got += b[behind]
        b[behind] = 0
    sim.sc[seat] += got
    return got


# -- the arrangement ------------------------------------------------------------------------------
def quela_ok(counts: list[int], n: int, left: int) -> bool:
    """Whether counts along a Quela track (outer row then inner row, ``n`` a row), with ``left``
    counters still to put, can end with one counter in every inner hole and more in the outer
    row's leftmost hole than in any other."""
    inner = counts[n:]
    if max(inner) > 1:
        return False
    need = inner.count(0)
    if left < need:
        return False
    return counts[0] + left - need > max(max(counts[1:n], default=0), 1)


def quiela_ok(counts: list[int], n: int, left: int) -> bool:
    """Whether counts along a Quiela track can end, with ``left`` more counters, with the outer
    row's leftmost hole holding more than any other hole, no hole more than the one on its left
    in its row, and at most two inner-row holes of one counter."""
    outer = counts[:n]
    inner = counts[n:][::-1]  # the inner row from its left
    f_out, m = [0] * n, 0
    for i in range(n - 1, 0, -1):  # the least each outer hole but the first can end with
        m = max(m, outer[i])
        f_out[i] = m
    f_in, m = [0] * n, 0
    for i in range(n - 1, -1, -1):
        m = max(m, inner[i])
        f_in[i] = m
    ones = f_in.count(1)
    extra = max(0, ones - 2)  # the leftmost ones made two
    if extra:
        k = 0
        for i in range(n):
            if f_in[i] == 1 and k < extra:
                f_in[i] = 2
                k += 1
    top = max(max(f_out[1:], default=0), max(f_in))
    first = max(outer[0], top + 1)
    return first + sum(f_out[1:]) + sum(f_in) <= sum(counts) + left


def _arrange(sim: Any, seat: int, moves: list, ok: Any) -> list:
    g, b = sim.game, sim.b
    t = track(g, seat)
    n = len(t) // 2
    counts = [b[h] for h in t]
    left = sim.hand[seat] - 1
    where = {h: k for k, h in enumerate(t)}
    kept = []
    for m in moves:
        if type(m) is tuple and m[0] == "put":
            k = where[m[1]]
            counts[k] += 1
            if ok(counts, n, left):
                kept.append(m)
            counts[k] -= 1
        else:
            kept.append(m)
    return kept


@hook("quela-arrange")
def quela_arrange(sim: Any, seat: int, moves: list) -> list:
    return _arrange(sim, seat, moves, quela_ok)


@hook("quiela-arrange")
def quiela_arrange(sim: Any, seat: int, moves: list) -> list:
    return _arrange(sim, seat, moves, quiela_ok)


# -- the phases -------------------------------------------------------------------------------------
def _quela_sowings(sim: Any, seat: int) -> tuple[str, list[int]]:
    """Quela: the seat's phase (``initial``, ``largest``, ``free``) and the holes it may sow."""
    b, own = sim.b, sim.game.holes_of[seat]
    full = [h for h in own if b[h]]
    if sim.sc[1 - seat] < 2:
        return "initial", [h for h in full if b[h] <= 2] or full
    if not sim.sown & sim.omask[seat]:
        most = max((b[h] for h in own), default=0)
        return "largest", [h for h in full if b[h] == most]
    return "free", full


def _quiela_sowings(sim: Any, seat: int) -> tuple[str, list[int], int]:
    """Quiela: the seat's phase (``initial``, ``main``), the holes it may sow, and the hole whose
    first counter may go into itself (-1: none)."""
    g, b = sim.game, sim.b
    own = g.holes_of[seat]
    if any(b[h] >= 2 for h in own):
        t0 = track(g, seat)[0]
        first = t0 if b[t0] >= 2 and not sim.sown >> t0 & 1 else -1
        return "initial", [h for h in own if b[h]], first
    nxt = g.plain[seat][CCW]
    return "main", [h for h in own if b[h] == 1 and not b[nxt[h]]], -1


def threatened(sim: Any, seat: int, hole: int, game: str) -> bool:
    """Whether the opponent could take ``hole`` (the seat's) on his next turn: some sowing his
    phase allows would end in his empty inner-row hole facing it."""
    g = sim.game
    o = 1 - seat
    f = g.facing[hole]
    if f < 0 or sim.b[f]:
        return False
    if game == "quela":
        starts = [(h, False) for h in _quela_sowings(sim, o)[1]]
    else:
        _, hs, first = _quiela_sowings(sim, o)
        starts = [(h, False) for h in hs] + ([(first, True)] if first >= 0 else [])
    nxt, budget = g.plain[o][CCW], RELAY_CAP * (g.total + 1)
    for h, first_in in starts:
        b = sim.b[:]
        if _sow(b, nxt, h, first_in, budget, None) == f:
            return True
    return False


def _skips(sim: Any, seat: int, game: str) -> list[tuple]:
    g, b = sim.game, sim.b
    t = track(g, seat)
    p = t[-2]
    if b[p] != 1 or b[t[-1]]:
        return []
    to = [q for q in t[:2] if not b[q]]
    if not to or not threatened(sim, seat, p, game):
        return []
    return [("hook", "skip", p, q) for q in to]


def _prelude(sim: Any, seat: int, what: str, move: Any) -> Any:
    g, b = sim.game, sim.b
    if what == "action":
        if move[1] == "skip":
            return {"from": g.names[move[2]], "to": g.names[move[3]]}
        if move[1] == "first":
            return {"sow": g.names[move[2]], "first_into": g.names[move[2]]}
        return {"sow": g.names[move[2]]}
    # what == "play"
    if move[1] == "skip":
        b[move[2]] -= 1
        b[move[3]] += 1
        if sim.log:
            sim.last_text = f"{g.names[move[2]]}-{g.names[move[3]]} (skip)"
        return None
    h = move[2]
    last = _sow(b, g.plain[seat][CCW], h, move[1] == "first", RELAY_CAP * (g.total + 1), None)
    got = _take(sim, seat, last)
    if move[1] == "first":
        sim.sown |= 1 << h
    if sim.log:
        sim.last_text = g.names[h] + ("/" + g.names[h] if move[1] == "first" else "") + (f" ×{got}" if got else "")
    return None


@hook("quela-moves")
def quela_moves(sim: Any, seat: int, what: str, move: Any) -> Any:
    if what != "moves":
        return _prelude(sim, seat, what, move)
    phase, hs = _quela_sowings(sim, seat)
    if phase == "initial":  # the rule's own sowings: no mark in sown
        return [("hook", "sow", h) for h in hs] + _skips(sim, seat, "quela")
    if phase == "largest":  # ordinary sowings, marked in sown
        return list(hs)
    return list(hs) + _skips(sim, seat, "quela")


@hook("quiela-moves")
def quiela_moves(sim: Any, seat: int, what: str, move: Any) -> Any:
    if what != "moves":
        return _prelude(sim, seat, what, move)
    _, hs, first = _quiela_sowings(sim, seat)
    return list(hs) + ([("hook", "first", first)] if first >= 0 else []) + _skips(sim, seat, "quiela")
